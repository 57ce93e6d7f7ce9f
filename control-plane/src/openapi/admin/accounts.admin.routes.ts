/**
 * /api/admin…: platform accounts and CMS sites of integrator users, their
 * presets, and removal. Until edge and desktop nodes report their accounts
 * themselves (node protocol, next layer), operators and tests register them
 * here; CMS sites are registered here for good.
 */
import { CONTENT_TYPES, EXECUTORS } from '@plume/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Sealer } from '../../crypto/seal.js';
import type { OpenApiDeps } from '../context.js';
import { AccountsAdminService } from './accounts.admin.service.js';

const userParams = z.object({ userId: z.coerce.number().int().positive().max(2 ** 31 - 1) });
const accountParams = z.object({ accountId: z.coerce.number().int().positive().max(2 ** 31 - 1) });

const newAccount = z.strictObject({
  platform: z.string().min(1).max(64),
  displayName: z.string().min(1).max(200),
  executor: z.enum(EXECUTORS),
  nodeId: z.string().regex(/^node_[A-Za-z0-9_-]{1,64}$/).optional(),
  loginState: z.enum(['logged_in', 'logged_out', 'unknown']).optional(),
  externalRef: z.string().min(1).max(200).optional(),
});

const newCmsSite = z.strictObject({
  type: z.enum(['wordpress', 'metaweblog']),
  displayName: z.string().min(1).max(200),
  siteUrl: z.url({ protocol: /^https?$/ }).max(2000).describe('WordPress: the site base URL (REST API). MetaWeblog: the XML-RPC endpoint URL.'),
  username: z.string().min(1).max(200),
  password: z.string().min(1).max(500).describe('WordPress: an application password'),
});

export function accountsAdminRoutes(deps: OpenApiDeps) {
  const service = new AccountsAdminService(deps.db, new Sealer(deps.db, deps.secretKey), deps.now);
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post('/users/:userId/accounts', { schema: { params: userParams, body: newAccount } }, async (request, reply) =>
      reply.code(201).send({ success: true, account: await service.createAccount(request.params.userId, request.body) }),
    );
    r.post('/users/:userId/cms-sites', { schema: { params: userParams, body: newCmsSite } }, async (request, reply) =>
      reply.code(201).send({ success: true, account: await service.createCmsSite(request.params.userId, request.body) }),
    );
    r.get('/users/:userId/accounts', { schema: { params: userParams } }, async (request) => ({ success: true, items: await service.list(request.params.userId) }));
    r.delete('/accounts/:accountId', { schema: { params: accountParams } }, async (request) => ({ success: true, account: await service.remove(request.params.accountId) }));
    r.put(
      '/accounts/:accountId/presets/:contentType',
      {
        schema: {
          params: accountParams.extend({ contentType: z.enum(CONTENT_TYPES) }),
          body: z.strictObject({ settings: z.record(z.string(), z.unknown()) }),
        },
      },
      async (request) => ({
        success: true,
        account: await service.putPreset(request.params.accountId, request.params.contentType, request.body.settings),
      }),
    );
  };
}
