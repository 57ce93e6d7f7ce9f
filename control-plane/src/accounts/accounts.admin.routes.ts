/**
 * /api/admin…: the accounts of integrator users (list, removal, presets) and
 * the registration of CMS sites. Platform accounts are not created here: the
 * node that holds an account's browser profile reports it over its socket
 * (nodes/node-registry.repository.ts syncAccounts) and is the only source
 * of its login state, so nothing in the admin API can make an account
 * publishable.
 */
import { CONTENT_TYPES, EXECUTORS } from '@plume/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createdResponses, isoString, responses } from '../http/admin-query.js';
import { Sealer } from '../crypto/seal.js';
import type { OpenApiDeps } from '../integrators/openapi-context.js';
import { fieldView, settingFieldView } from '../publishing/settings-view.js';
import { AccountsAdminService } from './accounts.admin.service.js';
import { accountView, platformContentTypes } from './account.view.js';

const userParams = z.object({ userId: z.coerce.number().int().positive().max(2 ** 31 - 1).describe('The user id') });
const accountParams = z.object({ accountId: z.coerce.number().int().positive().max(2 ** 31 - 1).describe('The account id') });

const newCmsSite = z.strictObject({
  type: z.enum(['wordpress', 'metaweblog']),
  displayName: z.string().min(1).max(200),
  siteUrl: z.url({ protocol: /^https?$/ }).max(2000).describe('WordPress: the site base URL (REST API). MetaWeblog: the XML-RPC endpoint URL.'),
  username: z.string().min(1).max(200),
  password: z.string().min(1).max(500).describe('WordPress: an application password'),
});

const accountSchema = accountView.extend({
  userId: z.number().int(),
  executor: z.enum(EXECUTORS),
  nodeId: z.string().nullable(),
  paired: z.boolean(),
  contentTypes: platformContentTypes,
  removedAt: isoString.nullable(),
  presets: z.record(z.string(), z.record(z.string(), z.unknown())).describe('Settings preset per content type'),
  egress: z
    .object({
      network: z.string().nullable().describe('The network (IPv4 /24, IPv6 /48) its jobs start from; null until a job of it started from a known address'),
      since: isoString.nullable().describe('Since when its jobs start from that network'),
      lastChange: z.object({ at: isoString, from: z.string(), to: z.string() }).nullable().describe('Its newest change of network; null: never changed'),
    })
    .nullable()
    .describe('Where the account publishes from (GET /accounts/{accountId}/egress has every change); null for CMS sites'),
});
const accountAnswer = z.object({ success: z.literal(true), account: accountSchema });
const presetParams = accountParams.extend({ contentType: z.enum(CONTENT_TYPES).describe('article, dynamic or video') });
const presetAnswer = z.object({
  success: z.literal(true),
  account: accountSchema,
  settings: z.record(z.string(), z.unknown()).describe('The preset for this content type ({} when none)'),
  settingsContractVersion: z.string(),
  fields: z.array(settingFieldView).describe("Every field a preset of this platform and content type may hold (the common ones, then the platform's own), as GET /api/openapi/v1/publish/settings describes them"),
});
const tags = ['accounts'];

export function accountsAdminRoutes(deps: OpenApiDeps) {
  const service = new AccountsAdminService(deps.db, new Sealer(deps.db, deps.secretKey), deps.now);
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/users/:userId/cms-sites',
      {
        schema: {
          tags,
          operationId: 'createCmsSite',
          summary: 'Add a CMS site (WordPress or MetaWeblog) for a user',
          description: 'The site URL and credentials are sealed before they reach the database and are never returned by any API.',
          params: userParams,
          body: newCmsSite,
          response: createdResponses(accountAnswer),
        },
      },
      async (request, reply) => reply.code(201).send({ success: true as const, account: await service.createCmsSite(request.params.userId, request.body) }),
    );
    r.get(
      '/users/:userId/accounts',
      {
        schema: {
          tags,
          operationId: 'listAccounts',
          summary: "A user's platform accounts and CMS sites (category cms), removed ones included",
          params: userParams,
          response: responses(z.object({ success: z.literal(true), items: z.array(accountSchema) })),
        },
      },
      async (request) => ({ success: true as const, items: await service.list(request.params.userId) }),
    );
    r.delete(
      '/accounts/:accountId',
      {
        schema: {
          tags,
          operationId: 'removeAccount',
          summary: 'Remove an account or CMS site: it is no longer listed to the integrator nor published to',
          params: accountParams,
          response: responses(accountAnswer),
        },
      },
      async (request) => ({ success: true as const, account: await service.remove(request.params.accountId) }),
    );
    r.get(
      '/accounts/:accountId/presets/:contentType',
      {
        schema: {
          tags,
          operationId: 'getAccountPreset',
          summary: "An account's settings preset for one content type, with the fields the settings contract allows there",
          description: '400 INVALID_REQUEST when the platform takes no settings for that content type (a CMS site, or a type the platform does not publish).',
          params: presetParams,
          response: responses(presetAnswer),
        },
      },
      async (request) => {
        const { accountId, contentType } = request.params;
        const { account, fields, settingsContractVersion } = await service.getPreset(accountId, contentType);
        return { success: true as const, account, settings: account.presets[contentType] ?? {}, settingsContractVersion, fields: fields.map(fieldView) };
      },
    );
    r.put(
      '/accounts/:accountId/presets/:contentType',
      {
        schema: {
          tags,
          operationId: 'putAccountPreset',
          summary: "Set an account's settings preset for one content type (checked against the settings contract)",
          params: presetParams,
          body: z.strictObject({ settings: z.record(z.string(), z.unknown()) }),
          response: responses(accountAnswer),
        },
      },
      async (request) => ({
        success: true as const,
        account: await service.putPreset(request.params.accountId, request.params.contentType, request.body.settings),
      }),
    );
  };
}
