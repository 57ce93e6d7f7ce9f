/**
 * GET /api/admin/overview: the back office's home page in one call (every
 * integrator's jobs of the last 24 hours, nodes, accounts, webhook backlog,
 * quota). Read on every call from PostgreSQL, so any replica answers alike.
 * Registered inside the admin scope: its auth (admins and viewers, or an admin
 * token), error model and OpenAPI document.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { responses } from '../../http/admin-query.js';
import type { Db } from '../../db/client.js';
import { readOverview } from './overview.repository.js';
import { overviewSchema } from './overview.schema.js';

export function overviewAdminRoutes({ db, now }: { db: Db; now: () => Date }) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/overview',
      {
        schema: {
          tags: ['overview'],
          operationId: 'getOverview',
          summary: 'Is everything all right: the last 24 hours of jobs by hour, outcome, platform and error code; nodes and slots; accounts needing a login or cooling; webhook backlog; quota use',
          response: responses(z.object({ success: z.literal(true), overview: overviewSchema })),
        },
      },
      async () => ({ success: true as const, overview: await readOverview(db, { now: now() }) }),
    );
  };
}
