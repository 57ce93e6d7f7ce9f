/** GET /me: the caller's permissions and the four independent quota buckets. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { quotaRepository } from './quota.repository.js';
import { callerOf, type OpenApiDeps } from './openapi-context.js';
import { errorResponses } from '../http/openapi-error-responses.js';
import { QUOTA_BUCKETS } from './integrators.schema.js';

const bucket = z
  .object({ granted: z.number().int(), used: z.number().int(), remaining: z.number().int() })
  .describe('used: one unit per job published or in progress; a job that ended failed (nothing published) has given its unit back');

export const meResponse = z.object({
  user_id: z.number().int(),
  plan: z.string(),
  permissions: z.array(z.string()),
  cms_enabled: z.boolean(),
  quotas: z.object({ web: bucket, desktop: bucket, edge: bucket, cms: bucket }),
  limits: z.object({ per_minute: z.number().int(), daily: z.number().int() }),
}).describe('The caller\'s permissions, plan, quota buckets and request limits');

export function meRoutes(deps: OpenApiDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/me',
      {
        schema: {
          operationId: 'getMe',
          tags: ['caller'],
          summary: 'Permissions and the independent quotas for web, desktop, edge, cms',
          description:
            'The API key\'s effective permissions (the key\'s within the plan\'s), the plan\'s CMS permission, the four independent publish quota buckets (web, desktop, edge, cms) and the per-minute and daily request limits shared by all keys of the user. Any valid key.',
          response: { 200: meResponse, ...errorResponses() },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const balances = await quotaRepository.balances(deps.db, caller.userId);
        const quotas = Object.fromEntries(
          QUOTA_BUCKETS.map((b) => {
            const q = balances.get(b) ?? { granted: 0, used: 0 };
            return [b, { granted: q.granted, used: q.used, remaining: q.granted - q.used }];
          }),
        ) as z.infer<typeof meResponse>['quotas'];
        return {
          user_id: caller.userId,
          plan: caller.plan.name,
          permissions: [...caller.permissions].sort(),
          cms_enabled: caller.plan.cmsEnabled,
          quotas,
          limits: { per_minute: caller.plan.perMinuteLimit, daily: caller.plan.dailyLimit },
        };
      },
    );
  };
}
