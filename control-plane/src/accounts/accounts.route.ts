/**
 * GET /accounts: the caller's accounts and CMS sites, with the executor
 * resolved for a content type. The answer is serialized once per account
 * snapshot and content type (accounts-cache.ts drops the snapshot on any
 * change) and sent as that JSON text; it is checked against the response
 * schema when built, exactly as the type provider's serializer would.
 */
import { CHALLENGE_KINDS, CONTENT_TYPES, type ContentType, EXECUTORS, LOGIN_STATES, nodeChallenges, platformById } from '@plume/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failedSiteCheck, loginStateOf, resolveAccount, UNPUBLISHABLE_REASONS } from './account-resolution.js';
import { type AccountRecord, accountsRepository, closeAccountsCache } from './accounts.repository.js';
import type { Db } from '../db/client.js';
import { HEALTH_STATES } from './health/health.schema.js';
import { callerOf, type OpenApiDeps } from '../integrators/openapi-context.js';
import { errorResponses } from '../http/openapi-error-responses.js';

export const accountView = z.object({
  id: z.number().int().describe('Account id: the integer to put in accountIds'),
  platform: z.string().describe('Platform code from GET /meta (CMS sites: wordpress or metaweblog)'),
  platform_name: z.string(),
  category: z.enum(['content', 'cms']),
  display_name: z.string(),
  publishable: z
    .boolean()
    .describe(
      "Paired, logged in (CMS sites: paired) and, with contentType, able to publish that type: the catalog routes it to the account's executor and the account's node reports an adapter for that platform and type (CMS sites: articles, always). For executor web (content platforms), also: the web node holding the account is online and serves you. Without contentType, able to publish at least one type.",
    ),
  unpublishable_reasons: z
    .array(z.enum(UNPUBLISHABLE_REASONS))
    .describe(
      "Empty when publishable. platform_unsupported_by_node, content_type_unsupported_by_node: the account's node does not run that platform or content type; node_adapters_unreported: the node predates that report, update and restart it; web_node_unavailable (executor web): the web node holding the account is offline or draining, and the service moves the account to another one. Desktop executors activated with a license code: license_exhausted (a COUNT code with no uses left), license_expired (a TIME code past its end, or the application away longer than its license session may be renewed), license_revoked (its device or code revoked or disabled, or its application version banned).",
    ),
  site_check: z
    .object({
      checked_at: z.string().describe('When the node ran the check (ISO 8601)'),
      step: z.string().describe('The first step whose page no longer matched'),
      code: z.string().describe('The adapter error code, e.g. editor_changed'),
      message: z.string(),
    })
    .nullable()
    .describe('With contentType: the failed site check behind `site_check_failed` (the node checked the live site and it changed), else null'),
  executor: z
    .enum(EXECUTORS)
    .nullable()
    .describe('The executor that publishes for this account (fixed routing: a publish naming another executor is refused). With contentType, null when that type cannot be routed.'),
  executor_online: z.boolean().describe('CMS sites: always true (they run in the service). Others: the account\'s node is connected and heartbeating.'),
  node_id: z.string().nullable(),
  login_state: z
    .enum(LOGIN_STATES)
    .describe(
      "As the account's node last reported it. logged_out: the platform session ended (an expired one is also announced by the account.session_expired webhook); unknown: not checked yet, or the last check could not tell; unsupported_platform: the node has no adapter for the platform, so it can neither check the login nor publish there.",
    ),
  content_types: z.array(z.enum(CONTENT_TYPES)).describe("Content types this account can publish with its executor: those the catalog routes there and the account's node runs"),
  may_ask: z
    .array(z.enum(CHALLENGE_KINDS))
    .describe(
      "What the platform is known to ask in the middle of a publish (sms, slider, captcha, identity, dialog), as the account's node records it. A job meeting one waits as awaiting_input for a person (onChallenge: wait) or fails challenge_required (onChallenge: fail). Empty: none recorded, which is not a promise that none comes.",
    ),
  health: z
    .object({
      state: z
        .enum(HEALTH_STATES)
        .describe(
          "ok: nothing seen lately. watch: signals of trouble (a challenge met, a lost login, a publish refused or failed on a challenge) in the rules' window; jobs still start. cooling: too many signals lately: no job of the account starts until cool_until (they wait queued, `pacing.reason` cooling), then watch. restricted: set by an operator or by a restriction the platform showed; no job starts until an operator clears it.",
        ),
      since: z.string().nullable().describe('When the account entered this state (ISO 8601); null: never evaluated (ok)'),
      cool_until: z.string().nullable().describe('cooling: when its jobs may start again; else null'),
      signals: z
        .array(z.object({ kind: z.string().describe('challenge, session_expired, publish_rejected, challenge_required, input_timeout, or a kind a node reports (restriction_banner)'), source: z.string().describe('control_plane or node'), at: z.string() }))
        .describe('Its newest signals (up to 3, newest first), counted or not'),
    })
    .describe('How the account is doing with its platform; every change is also announced by the account.health_changed webhook'),
});

export const accountsResponse = z.object({
  content_type: z.enum(CONTENT_TYPES).nullable(),
  accounts: z.array(accountView),
}).describe('The caller\'s accounts and CMS sites');

function accountsAnswer(list: readonly AccountRecord[], contentType: ContentType | undefined): z.infer<typeof accountsResponse> {
  return {
    content_type: contentType ?? null,
    accounts: list.map((account) => {
      const resolved = resolveAccount(account, contentType);
      const check = contentType ? failedSiteCheck(account, contentType) : undefined;
      const entry = platformById(account.platform);
      return {
        id: account.id,
        platform: account.platform,
        platform_name: entry?.name ?? account.platform,
        category: resolved.cms ? ('cms' as const) : ('content' as const),
        display_name: account.displayName,
        publishable: resolved.publishable,
        unpublishable_reasons: resolved.reasons,
        site_check: check ? { checked_at: check.checkedAt, step: check.step ?? '', code: check.code ?? '', message: check.message ?? '' } : null,
        executor: resolved.executor,
        executor_online: resolved.executorOnline,
        node_id: account.nodeId,
        login_state: loginStateOf(account),
        content_types: resolved.contentTypes,
        may_ask: account.node ? nodeChallenges(account.node.capabilities, account.platform) : [],
        health: account.health ?? { state: 'ok' as const, since: null, cool_until: null, signals: [] },
      };
    }),
  };
}

/** The caller's accounts as the JSON text GET /accounts sends (the MCP tool list_accounts parses it): built once per account snapshot and content type. */
export function accountsJson(db: Db, userId: number, contentType: ContentType | undefined): Promise<string> {
  return accountsRepository.derived(db, userId, `GET /accounts ${contentType ?? ''}`, (list) => JSON.stringify(z.encode(accountsResponse, accountsAnswer(list, contentType))));
}

export function accountsRoutes(deps: OpenApiDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.addHook('onClose', () => closeAccountsCache(deps.db));
    app.withTypeProvider<ZodTypeProvider>().get(
      '/accounts',
      {
        config: { permission: 'accounts:read' },
        schema: {
          operationId: 'listAccounts',
          tags: ['accounts'],
          summary: 'Accounts of the caller, with the executor for a content type',
          description:
            "Lists the caller's platform accounts and CMS sites (CMS sites are accounts too). With `contentType`, `executor` is the executor that will publish that type for the account, or null (and `publishable: false`) when the type cannot be routed there; routing is fixed by where the account lives and cannot be bypassed. Accounts are read-only through this interface: login, binding and removal happen in the web or desktop application. Needs `accounts:read`.",
          querystring: z.object({ contentType: z.enum(CONTENT_TYPES).optional().describe('article, dynamic or video') }),
          response: { 200: accountsResponse, ...errorResponses(400, 403) },
        },
      },
      async (request, reply) => {
        const json = await accountsJson(deps.db, callerOf(request).userId, request.query.contentType);
        // Already JSON: Fastify sends a string with a JSON content type as it is.
        return reply.type('application/json; charset=utf-8').send(json);
      },
    );
  };
}
