/** /api/admin/logs: the consumption-log query and its CSV export. */
import { z } from 'zod';
import { adminFailureSchema } from '../../http/admin-errors.js';
import type { AdminApp } from '../../http/admin-types.js';
import type { LogsService } from './logs.service.js';
import { isoString, keywordQuery, paged, pagedSchema, pageQuery, projectKeyQuery, rangeQuery, responses } from '../../http/admin-query.js';

const tags = ['logs'];

const filterQuery = {
  projectKey: projectKeyQuery,
  keyword: keywordQuery.describe('Matches the code, machineId, requestId, sessionId or outcome'),
  from: rangeQuery.from.describe('Required, ISO 8601, inclusive'),
  to: rangeQuery.to.describe('Required, ISO 8601, exclusive; at most 366 days after from'),
};

const logSchema = z.object({
  id: z.number().int(),
  createdAt: isoString,
  projectKey: z.string().nullable(),
  code: z.string().nullable(),
  deviceId: z.number().int(),
  machineId: z.string().nullable(),
  sessionId: z.string(),
  requestId: z.string().nullable(),
  outcome: z.string().describe('deducted | idempotent | time_checked | exhausted | refused'),
  remainingAfter: z.number().int().nullable(),
});

export function registerLogRoutes(r: AdminApp, service: LogsService): void {
  r.get(
    '/logs',
    {
      schema: {
        tags,
        operationId: 'listLogs',
        summary: 'Query consumption logs by project, keyword and time range (newest first)',
        querystring: z.object({ ...pageQuery, ...filterQuery }),
        response: responses(pagedSchema(logSchema)),
      },
    },
    async (request) => {
      const { items, total } = await service.list(request.query);
      return paged(items, total, request.query);
    },
  );

  r.get(
    '/logs/export.csv',
    {
      schema: {
        tags,
        operationId: 'exportLogsCsv',
        summary: 'Export the same filter as CSV (RFC 4180, oldest first), streamed',
        querystring: z.object(filterQuery),
        response: {
          200: { description: 'CSV with a header line', content: { 'text/csv': { schema: z.string() } } },
          '4xx': adminFailureSchema,
          '5xx': adminFailureSchema,
        },
      },
    },
    async (request, reply) => {
      const filter = await service.filter(request.query);
      const name = `consumption-logs-${filter.range.from.toISOString().slice(0, 10)}-${filter.range.to.toISOString().slice(0, 10)}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(service.exportCsv(filter) as unknown as string);
    },
  );
}
