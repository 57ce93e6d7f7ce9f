/** /api/admin/stats: the consumption trend and the global or per-project statistics. */
import { z } from 'zod';
import { SECURITY_EVENT_KINDS } from '../license.schema.js';
import type { AdminApp } from '../../http/admin-types.js';
import { CODE_STATES } from './codes.repository.js';
import { isoString, projectKeyQuery, responses } from '../../http/admin-query.js';
import { GRANULARITIES } from './stats.repository.js';
import { MAX_TREND_DAYS, type StatsService } from './stats.service.js';

const tags = ['stats'];
const count = z.number().int();
const counts = <K extends string>(keys: readonly K[]) => z.object(Object.fromEntries(keys.map((k) => [k, count])) as Record<K, typeof count>);
const trendCounts = { total: count, deducted: count, timeChecked: count, idempotent: count, refused: count };

export function registerStatsRoutes(r: AdminApp, service: StatsService): void {
  r.get(
    '/stats/trend',
    {
      schema: {
        tags,
        operationId: 'getStatsTrend',
        summary: `Consumptions over the last 1 to ${MAX_TREND_DAYS} days by day, ISO week or month (UTC), empty buckets included`,
        querystring: z.object({
          days: z.coerce
            .number()
            .int(`days must be a whole number from 1 to ${MAX_TREND_DAYS}`)
            .min(1, `days must be 1 to ${MAX_TREND_DAYS}`)
            .max(MAX_TREND_DAYS, `days must be 1 to ${MAX_TREND_DAYS}`)
            .default(30)
            .describe(`How many days back from now, 1 to ${MAX_TREND_DAYS}`),
          granularity: z.enum(GRANULARITIES).default('day').describe('Bucket size (UTC): day, ISO week or month'),
          projectKey: projectKeyQuery,
        }),
        response: responses(
          z.object({
            success: z.literal(true),
            days: count,
            granularity: z.enum(GRANULARITIES),
            projectKey: z.string().nullable(),
            from: isoString,
            to: isoString,
            buckets: z.array(z.object({ start: z.string().describe('YYYY-MM-DD, UTC'), ...trendCounts })),
            totals: z.object(trendCounts),
          }),
        ),
      },
    },
    async (request) => ({ success: true as const, ...(await service.trend(request.query)) }),
  );

  r.get(
    '/stats',
    {
      schema: {
        tags,
        operationId: 'getStats',
        summary: 'Statistics, global or for one project: codes by state, devices, sessions, consumptions, security events by kind',
        querystring: z.object({ projectKey: projectKeyQuery }),
        response: responses(
          z.object({
            success: z.literal(true),
            scope: z.enum(['global', 'project']),
            projectKey: z.string().nullable(),
            projects: counts(['total', 'enabled', 'disabled']),
            codes: counts(['total', ...CODE_STATES]),
            devices: counts(['total', 'active', 'revoked', 'seen24h']),
            sessions: counts(['total', 'active', 'revoked']),
            consumptions: counts(['total', 'last24h', 'last30d', 'deducted']),
            securityEvents: counts(['total', ...SECURITY_EVENT_KINDS]),
          }),
        ),
      },
    },
    async (request) => ({ success: true as const, ...(await service.summary(request.query.projectKey)) }),
  );
}
