/**
 * Liveness and readiness for process supervisors and load balancers. Both
 * answers carry `service`, so a script waiting for the control plane can tell
 * it from another server on the port (scripts/wait-for-control-plane.mjs).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client.js';
import { migrationsApplied } from './db/migrate.js';

export const SERVICE_NAME = 'plume-control-plane';

export function healthRoutes(database: Database, expectedMigrations: number) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/healthz', async () => ({ status: 'ok', service: SERVICE_NAME }));
    app.get('/readyz', async (_request, reply) => {
      try {
        await database.db.execute(sql`select 1`);
        if (!(await migrationsApplied(database, expectedMigrations))) {
          return reply.code(503).send({ status: 'unready', service: SERVICE_NAME, reason: 'migrations not applied' });
        }
        return { status: 'ready', service: SERVICE_NAME };
      } catch {
        return reply.code(503).send({ status: 'unready', service: SERVICE_NAME, reason: 'database unreachable' });
      }
    });
  };
}
