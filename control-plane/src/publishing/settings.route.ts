/**
 * GET /publish/settings: the current settings contract for a content type,
 * and (with accountIds and the accounts:read permission) the caller's
 * presets for those accounts. Presets are filtered through the contract on
 * the way out, so nothing but contract fields can leave: never cookies,
 * proxies or site connection parameters.
 */
import { CONTENT_TYPES, type ContentType, fieldsFor, PLATFORMS, SETTINGS_CONTRACT_VERSION, SETTINGS_CONTRACTS, SETTINGS_MODES } from '@plume/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountsRepository } from '../accounts/accounts.repository.js';
import type { Db } from '../db/client.js';
import type { ApiCaller } from '../integrators/auth.js';
import { callerOf, type OpenApiDeps } from '../integrators/openapi-context.js';
import { errorResponses } from '../http/openapi-error-responses.js';
import { openapiError } from '../http/openapi-errors.js';
import { coverOf, coverView, deprecatedOf, deprecatedSettingView, fieldView, limitsOf, limitsView, settingFieldView } from './settings-view.js';

export const MAX_ACCOUNT_IDS = 100;
export const MAX_ACCOUNT_ID = 2 ** 31 - 1;

const settingsQuery = z.object({
  contentType: z.enum(CONTENT_TYPES).describe('article, dynamic or video'),
  accountIds: z
    .string()
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, 'accountIds must be comma-separated integer account ids from GET /accounts, e.g. 12,15')
    // Ten digits can pass the integer column's range; such an id is no account id (and must not reach the query).
    .refine((ids) => ids.split(',').every((id) => Number(id) <= MAX_ACCOUNT_ID), `account ids are at most ${MAX_ACCOUNT_ID}`)
    .optional()
    .describe('Comma-separated account ids whose presets to include; needs the accounts:read permission'),
});

export const settingsResponse = z.object({
  content_type: z.enum(CONTENT_TYPES),
  settings_contract_version: z.string().describe('Send it back as settingsContractVersion on publish'),
  settings_modes: z.array(z.enum(SETTINGS_MODES)),
  merge_order: z
    .array(z.string())
    .describe('account mode: the account preset, then platformSettings[platform], then accountSettings[accountId]; a later layer wins per field. custom mode skips the preset.'),
  limits: limitsView,
  common: z.array(settingFieldView).describe('Fields every platform of this content type takes'),
  platforms: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      settings: z.array(settingFieldView).describe('Fields this platform adds; one with the key of a common field replaces it for this platform (juejin takes tags from its own list)'),
      deprecated_settings: z.array(deprecatedSettingView),
      limits: limitsView,
      cover: coverView,
    }),
  ),
  presets: z
    .array(z.object({ account_id: z.number().int(), platform: z.string(), settings: z.record(z.string(), z.unknown()) }))
    .optional()
    .describe('Present when accountIds was sent: the preset of each account for this content type ({} when none)'),
}).describe('The settings contract for the content type');

/**
 * The settings contract for `contentType` and, with `accountIds` (needs
 * accounts:read), the caller's presets for those accounts: what GET
 * /publish/settings answers and the MCP tool get_settings_contract returns.
 */
export async function settingsAnswer(db: Db, caller: ApiCaller, contentType: ContentType, accountIds: readonly number[] | undefined): Promise<z.infer<typeof settingsResponse>> {
  const contract = SETTINGS_CONTRACTS[contentType];
  let presets: z.infer<typeof settingsResponse>['presets'];
  if (accountIds !== undefined) {
    if (!caller.permissions.has('accounts:read')) throw openapiError('permission_denied', "Reading account presets needs the 'accounts:read' permission; leave out accountIds to read the contract only");
    const ids = [...new Set(accountIds)];
    if (ids.length > MAX_ACCOUNT_IDS) throw openapiError('invalid_request', `At most ${MAX_ACCOUNT_IDS} accountIds per request`);
    const found = await accountsRepository.getForUser(db, caller.userId, ids);
    const missing = ids.filter((id) => !found.some((a) => a.id === id));
    if (missing.length) throw openapiError('account_not_found', `No account ${missing.join(', ')} in your account list (GET /accounts)`);
    const stored = await accountsRepository.presets(db, ids, contentType);
    presets = ids.map((id) => {
      const account = found.find((a) => a.id === id)!;
      const allowed = new Set((fieldsFor(contentType, account.platform) ?? []).map((f) => f.key));
      const settings = Object.fromEntries(Object.entries(stored.get(id) ?? {}).filter(([k]) => allowed.has(k)));
      return { account_id: id, platform: account.platform, settings };
    });
  }
  return {
    content_type: contentType,
    settings_contract_version: SETTINGS_CONTRACT_VERSION,
    settings_modes: [...SETTINGS_MODES],
    merge_order: ['preset', 'platformSettings', 'accountSettings'],
    limits: limitsOf(contract.limits),
    common: contract.common.map(fieldView),
    platforms: PLATFORMS.filter((p) => contract.platforms[p.id]).map((p) => {
      const pc = contract.platforms[p.id]!;
      return {
        id: p.id,
        name: p.name,
        settings: pc.fields.map(fieldView),
        deprecated_settings: deprecatedOf(pc.deprecated),
        limits: limitsOf(pc.limits),
        cover: coverOf(pc.cover),
      };
    }),
    ...(presets ? { presets } : {}),
  };
}

export function settingsRoutes(deps: OpenApiDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/publish/settings',
      {
        schema: {
          operationId: 'getPublishSettings',
          tags: ['catalog'],
          summary: 'Current settings contract for a content type',
          description:
            'Fields, options, required and conditional declarations, limits and cover support for `contentType`, common to all platforms and per platform, with `settings_contract_version`. With `accountIds` (needs `accounts:read`), also the account presets. Never returns cookies, proxy or site connection parameters.',
          querystring: settingsQuery,
          response: { 200: settingsResponse, ...errorResponses(400, 403, 404) },
        },
      },
      async (request) => {
        const { contentType, accountIds } = request.query;
        return settingsAnswer(deps.db, callerOf(request), contentType, accountIds === undefined ? undefined : accountIds.split(',').map(Number));
      },
    );
  };
}
