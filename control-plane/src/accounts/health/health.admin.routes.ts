/**
 * /api/admin/accounts/{accountId}/health and /api/admin/health-rules:
 * operators see where an account stands and why (its signals), restrict it
 * or clear it with a note, and read or replace the rules. Registered inside
 * the admin scope (adminRoutes' extensions): its auth, audit (every request,
 * with its actor), error model and OpenAPI document.
 */
import { isCmsPlatform, platformById } from '@plume/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminError } from '../../http/admin-errors.js';
import { responses } from '../../http/admin-query.js';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { notifyJobs } from '../../nodes/node-registry.repository.js';
import { healthRepository, type StoredHealthRule } from './health.repository.js';
import { accountHealthAdminView, adminViewOfHealth } from './health.view.js';
import { HEALTH_DEFAULTS } from './health-sql.js';

const tags = ['health'];
const accountParams = z.object({ accountId: z.coerce.number().int().positive().max(2 ** 31 - 1).describe('The account id') });
const KIND = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'a signal kind: lower-case letters, digits and _');

const ruleFields = {
  windowSeconds: z.number().int().min(60).max(30 * 86_400).nullable().describe(`The sliding window signals are counted in (default ${HEALTH_DEFAULTS.windowSeconds})`),
  watchAt: z.number().int().min(1).max(1000).nullable().describe(`This many signals in the window: watch (default ${HEALTH_DEFAULTS.watchAt})`),
  coolingAt: z.number().int().min(1).max(1000).nullable().describe(`This many: cooling, no job of the account starts (default ${HEALTH_DEFAULTS.coolingAt})`),
  coolDownSeconds: z.number().int().min(60).max(30 * 86_400).nullable().describe(`How long cooling lasts before watch again (default ${HEALTH_DEFAULTS.coolDownSeconds})`),
  restrictOn: z.array(KIND).max(32).nullable().describe(`Signal kinds that restrict the account at once, until an admin clears it (default ${HEALTH_DEFAULTS.restrictOn.join(', ')})`),
};
const ruleBody = z.strictObject(Object.fromEntries(Object.entries(ruleFields).map(([k, v]) => [k, v.optional()])) as { [K in keyof typeof ruleFields]: z.ZodOptional<(typeof ruleFields)[K]> });
const rulesBody = z
  .strictObject({
    default: ruleBody.describe('Every platform, field by field where its override sets nothing; absent fields: the built-in values'),
    platforms: z.record(z.string().min(1).max(64), ruleBody).optional().describe('Per platform code: only the fields it overrides'),
  })
  .describe('The whole rule table; PUT replaces it');

const ruleView = z.object({ ...ruleFields, updatedBy: z.string().nullable(), updatedAt: z.string().nullable() });
const rulesAnswer = z.object({
  success: z.literal(true),
  default: ruleView.describe('The global default row (null fields: the built-in value)'),
  platforms: z.record(z.string(), ruleView).describe('Per-platform overrides (null fields: the default\'s)'),
  builtIn: z.object({ windowSeconds: z.number(), watchAt: z.number(), coolingAt: z.number(), coolDownSeconds: z.number(), restrictOn: z.array(z.string()) }),
});

const toView = (r: StoredHealthRule | undefined): z.infer<typeof ruleView> => ({
  windowSeconds: r?.windowSeconds ?? null,
  watchAt: r?.watchAt ?? null,
  coolingAt: r?.coolingAt ?? null,
  coolDownSeconds: r?.coolDownSeconds ?? null,
  restrictOn: r?.restrictOn ?? null,
  updatedBy: r?.updatedBy ?? null,
  updatedAt: r?.updatedAt.toISOString() ?? null,
});

function rulesJson(list: StoredHealthRule[]): z.infer<typeof rulesAnswer> {
  return {
    success: true,
    default: toView(list.find((r) => r.platform === '*')),
    platforms: Object.fromEntries(list.filter((r) => r.platform !== '*').map((r) => [r.platform, toView(r)])),
    builtIn: { ...HEALTH_DEFAULTS, restrictOn: [...HEALTH_DEFAULTS.restrictOn] },
  };
}

export function healthAdminRoutes(deps: { db: Db }) {
  const { db } = deps;
  const health = async (id: number) => {
    const found = await healthRepository.get(db, id);
    if (!found || isCmsPlatform(found.platform)) throw adminError('ACCOUNT_NOT_FOUND', `No platform account ${id} (CMS sites have no platform health)`);
    return found;
  };

  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/accounts/:accountId/health',
      {
        schema: {
          tags,
          operationId: 'getAccountHealth',
          summary: "An account's health: its state, since when, why, and its newest signals",
          params: accountParams,
          response: responses(z.object({ success: z.literal(true), health: accountHealthAdminView })),
        },
      },
      async (request) => ({ success: true as const, health: adminViewOfHealth(await health(request.params.accountId)) }),
    );

    r.post(
      '/accounts/:accountId/health',
      {
        bodyLimit: 4096,
        schema: {
          tags,
          operationId: 'setAccountHealth',
          summary: 'Restrict an account (no job of it starts) or clear it to ok, with a note',
          description:
            'restricted holds every job of the account (they wait queued, pacing.reason restricted) until an admin clears it. ok clears any state: what was counted is forgiven (only signals from now on count). The change is announced by the account.health_changed webhook, once; asking for the state the account is already in changes nothing (changed: false). Audited with its actor.',
          params: accountParams,
          body: z.strictObject({
            state: z.enum(['restricted', 'ok']).describe('watch and cooling are the rules\' to set'),
            note: z.string().trim().min(1).max(1000).describe('Why: kept with the state and shown to operators'),
          }),
          response: responses(z.object({ success: z.literal(true), changed: z.boolean(), health: accountHealthAdminView })),
        },
      },
      async (request) => {
        const { accountId } = request.params;
        await health(accountId);
        const changed = await healthRepository.setByAdmin(db, accountId, request.body.state, request.body.note, request.admin?.actor ?? 'unknown');
        const after = await health(accountId);
        // Jobs held until now may start: wake the dispatcher of the account's node at once (the poll would in a moment).
        if (changed && changed.to === 'ok') {
          const [node] = await rows<{ nodeId: string | null }>(db, sql`select node_id as "nodeId" from accounts where id = ${accountId}`);
          if (node?.nodeId) await notifyJobs(db, node.nodeId);
        }
        return { success: true as const, changed: changed !== null, health: adminViewOfHealth(after) };
      },
    );

    r.get(
      '/health-rules',
      {
        schema: {
          tags,
          operationId: 'getHealthRules',
          summary: 'The account health rules: the global default and per-platform overrides',
          description:
            'An account is watch with watchAt signals in the last windowSeconds, cooling (no job starts) with coolingAt of them for coolDownSeconds (then watch again, counting from the end of the cool-down), and back to ok after a whole window in watch without watchAt signals. A signal of a restrictOn kind restricts it until an admin clears it. Each field: the platform\'s override, else the default row\'s, else the built-in value.',
          response: responses(rulesAnswer),
        },
      },
      async () => rulesJson(await healthRepository.rules(db)),
    );

    r.put(
      '/health-rules',
      {
        bodyLimit: 16 * 1024,
        schema: {
          tags,
          operationId: 'setHealthRules',
          summary: 'Replace the account health rules (the default and every per-platform override)',
          description: 'Applies from the next evaluation (the next signal, or the sweep within seconds). coolingAt must be at least watchAt where both are known.',
          body: rulesBody,
          response: responses(rulesAnswer),
        },
      },
      async (request) => {
        const { default: def, platforms = {} } = request.body;
        const list: Array<Parameters<typeof healthRepository.replaceRules>[1][number]> = [];
        const norm = (platform: string, b: z.infer<typeof ruleBody>) => ({
          platform,
          windowSeconds: b.windowSeconds ?? null,
          watchAt: b.watchAt ?? null,
          coolingAt: b.coolingAt ?? null,
          coolDownSeconds: b.coolDownSeconds ?? null,
          restrictOn: b.restrictOn ?? null,
        });
        list.push(norm('*', def));
        for (const [platform, b] of Object.entries(platforms)) {
          if (!platformById(platform) || isCmsPlatform(platform)) throw adminError('INVALID_REQUEST', `'${platform}' is not a content platform code (GET /api/openapi/v1/meta lists them)`);
          list.push(norm(platform, b));
        }
        for (const row of list) {
          const watchAt = row.watchAt ?? list[0]!.watchAt ?? HEALTH_DEFAULTS.watchAt;
          const coolingAt = row.coolingAt ?? list[0]!.coolingAt ?? HEALTH_DEFAULTS.coolingAt;
          if (coolingAt < watchAt) throw adminError('INVALID_REQUEST', `${row.platform === '*' ? 'default' : row.platform}: coolingAt (${coolingAt}) is below watchAt (${watchAt})`);
        }
        return rulesJson(await healthRepository.replaceRules(db, list, request.admin?.actor ?? 'unknown'));
      },
    );
  };
}
