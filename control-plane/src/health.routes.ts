/** Liveness and readiness for process supervisors and load balancers. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client.js';
import { migrationsApplied } from './db/migrate.js';

export function healthRoutes(database: Database, expectedMigrations: number) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/readyz', async (_request, reply) => {
      try {
        await database.db.execute(sql`select 1`);
        if (!(await migrationsApplied(database, expectedMigrations))) {
          return reply.code(503).send({ status: 'unready', reason: 'migrations not applied' });
        }
        return { status: 'ready' };
      } catch {
        return reply.code(503).send({ status: 'unready', reason: 'database unreachable' });
      }
    });
  };
}
