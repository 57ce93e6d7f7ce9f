/** /api/admin/codes: bulk generation, the filtered list and its CSV export, disable. */
import { LICENSE_MODES, projectKeySchema } from '@plume/shared';
import { z } from 'zod';
import { adminFailureSchema } from '../../http/admin-errors.js';
import type { AdminApp } from '../../http/admin-types.js';
import { CODE_STATES } from './codes.repository.js';
import { type CodesService, MAX_CODES_PER_CALL } from './codes.service.js';
import { isoString, keywordQuery, paged, pagedSchema, pageQuery, projectKeyQuery, responses } from '../../http/admin-query.js';

const tags = ['codes'];

const filterQuery = {
  projectKey: projectKeyQuery,
  licenseMode: z.enum(LICENSE_MODES).optional().describe('Only TIME or only COUNT codes'),
  state: z.enum(CODE_STATES).optional().describe('Only codes in this state'),
  keyword: keywordQuery.describe('Matches the code text or the bound machineId'),
};

const generatedCodeSchema = z.object({
  code: z.string(),
  projectKey: z.string(),
  licenseMode: z.enum(LICENSE_MODES),
  remainingCount: z.number().int().nullable(),
  expiresAt: isoString.nullable(),
  userId: z.number().int().nullable().describe('The integrator user the enrolled device serves as a desktop executor; null: a pure license'),
});

const codeSchema = z.object({
  code: z.string(),
  projectKey: z.string(),
  licenseMode: z.enum(LICENSE_MODES),
  state: z.enum(CODE_STATES),
  valid: z.boolean().describe('unused or active: the code can still enroll or be used'),
  remainingCount: z.number().int().nullable(),
  expiresAt: isoString.nullable(),
  isActivated: z.boolean(),
  activatedAt: isoString.nullable(),
  disabledAt: isoString.nullable(),
  device: z
    .object({ deviceId: z.number().int(), machineId: z.string(), appVersion: z.string(), revoked: z.boolean() })
    .nullable()
    .describe('The bound device'),
  userId: z.number().int().nullable().describe('The integrator user the enrolled device serves as a desktop executor; null: a pure license'),
  nodeId: z.string().nullable().describe('The desktop execution node the bound device is (codes with a userId, once enrolled)'),
  createdAt: isoString,
});

export function registerCodeRoutes(r: AdminApp, service: CodesService): void {
  r.post(
    '/codes/generate',
    {
      schema: {
        tags,
        operationId: 'generateCodes',
        summary: `Generate up to ${MAX_CODES_PER_CALL} TIME or COUNT codes for a project in one call`,
        body: z
          .object({
            projectKey: projectKeySchema.default('default'),
            licenseMode: z.enum(LICENSE_MODES),
            quantity: z.number().int().min(1).max(MAX_CODES_PER_CALL),
            expiresAt: z.iso.datetime({ offset: true }).optional().describe('TIME codes: when the license ends'),
            remainingCount: z.number().int().min(1).max(1_000_000_000).optional().describe('COUNT codes: uses granted'),
            userId: z
              .number()
              .int()
              .positive()
              .max(2 ** 31 - 1)
              .optional()
              .describe(
                'An integrator user: the device that enrolls with the code becomes a desktop execution node serving that user (its device key is the node key). Absent: a pure license. Unknown user: 404 USER_NOT_FOUND',
              ),
          })
          .strict(),
        response: responses(z.object({ success: z.literal(true), codes: z.array(generatedCodeSchema) })),
      },
      // The answer is built right here in a fixed shape; checking 100,000 items against the schema
      // on the way out would cost more than the database insert's margin over a plain INSERT.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => ({ success: true as const, codes: await service.generate(request.body) }),
  );

  r.get(
    '/codes',
    {
      schema: {
        tags,
        operationId: 'listCodes',
        summary: 'List codes with bound device, remaining count and validity',
        querystring: z.object({ ...pageQuery, ...filterQuery }),
        response: responses(pagedSchema(codeSchema)),
      },
    },
    async (request) => {
      const { items, total } = await service.list(request.query);
      return paged(items, total, request.query);
    },
  );

  r.get(
    '/codes/export.csv',
    {
      schema: {
        tags,
        operationId: 'exportCodesCsv',
        summary: 'Export the codes of the same filter as CSV (RFC 4180, oldest first), streamed',
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
      const name = `activation-codes-${request.query.projectKey ?? 'all'}-${filter.now.toISOString().slice(0, 10)}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(service.exportCsv(filter) as unknown as string);
    },
  );

  r.post(
    '/codes/disable',
    {
      schema: {
        tags,
        operationId: 'disableCode',
        summary: 'Disable a code: enroll, status and consume with it are refused from now on',
        body: z.object({ projectKey: projectKeySchema.default('default'), code: z.string().min(1).max(128) }).strict(),
        response: responses(z.object({ success: z.literal(true), code: codeSchema, alreadyDisabled: z.boolean() })),
      },
    },
    async (request) => ({ success: true as const, ...(await service.disable(request.body.projectKey, request.body.code)) }),
  );
}
