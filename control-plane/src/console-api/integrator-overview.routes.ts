/**
 * GET /api/console/me/overview: an integrator's home page in one call, the
 * back office's overview (publishing/overview/) scoped to their own jobs,
 * accounts, nodes, webhook deliveries and quota. Nothing of another
 * integrator's is counted, not even on a node they share: its busy slots are
 * the integrator's own jobs.
 */
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { readOverview } from '../publishing/overview/overview.repository.js';
import { overviewSchema } from '../publishing/overview/overview.schema.js';
import { integratorOf } from './console-auth.js';
import { ok } from './console-schemas.js';
import type { ConsoleApp } from './console.types.js';

export function registerIntegratorOverviewRoutes(r: ConsoleApp, deps: { db: Db; now: () => Date }): void {
  r.get(
    '/me/overview',
    {
      config: { access: 'integrator' as const },
      schema: {
        tags: ['overview'],
        operationId: 'getMyOverview',
        summary: 'Is everything all right with your publishing: your jobs of the last 24 hours by hour, outcome, platform and error code; your nodes; your accounts needing a login or cooling; your webhook backlog; your quota',
        response: ok(z.object({ overview: overviewSchema })),
      },
    },
    async (request) => ({ overview: await readOverview(deps.db, { now: deps.now(), userId: integratorOf(request) }) }),
  );
}
