/** /api/admin/users…: integrator users, their plans, quota grants, API keys and webhook. */
import { idSchema } from '@plume/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createdResponses, isoString, keywordQuery, pagedSchema, responses } from '../http/admin-query.js';
import type { Db } from '../db/client.js';
import { apiKeyView, issuedKey } from './api-key.view.js';
import { PERMISSIONS, QUOTA_BUCKETS } from './integrators.schema.js';
import { UsersService } from './users.service.js';

const planFields = {
  name: z.string().min(1).max(100),
  permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length).describe('What API keys of the user may do (a key may be narrower)'),
  perMinuteLimit: z.number().int().min(1).max(1_000_000).describe('Requests per minute, all keys of the user together'),
  dailyLimit: z.number().int().min(1).max(100_000_000).describe('Requests per UTC day, all keys together'),
  cmsEnabled: z.boolean().describe('Publishing to CMS sites at all'),
};
const planSchema = z.object(planFields).strict();
const quotasSchema = z
  .partialRecord(z.enum(QUOTA_BUCKETS), z.number().int().min(0).max(1_000_000_000))
  .describe('Units granted per bucket (a job takes one from the bucket of its executor); a grant below what is used is raised to it');
const userParams = z.object({ userId: z.coerce.number().int().positive().max(2 ** 31 - 1).describe('The user id') });
const paging = z.object({
  page: z.coerce.number().int().min(1).default(1).describe('Page number, from 1'),
  pageSize: z.coerce.number().int().min(1).max(500).default(50).describe('Rows per page, 1 to 500'),
});

const balanceSchema = z.object({ granted: z.number().int(), used: z.number().int() });
const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  plan: z.object(planFields),
  quotas: z.object(Object.fromEntries(QUOTA_BUCKETS.map((b) => [b, balanceSchema])) as Record<(typeof QUOTA_BUCKETS)[number], typeof balanceSchema>),
  webhookUrl: z.string().nullable(),
  disabled: z.boolean().describe('A disabled user\'s keys are refused (403)'),
  createdAt: isoString,
});
const userAnswer = z.object({ success: z.literal(true), user: userSchema });

const createdKeySchema = apiKeyView.omit({ lastUsedAt: true, revokedAt: true }).extend({ key: issuedKey });

export function usersAdminRoutes(db: Db) {
  const service = new UsersService(db);
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/users',
      {
        schema: {
          tags: ['users'],
          operationId: 'createUser',
          summary: 'Create an integrator user with a plan and quota grants',
          body: z.object({ name: z.string().min(1).max(200), email: z.email().max(320).optional(), plan: planSchema, quotas: quotasSchema.optional() }).strict(),
          response: createdResponses(userAnswer),
        },
      },
      async (request, reply) => reply.code(201).send({ success: true as const, user: await service.create(request.body) }),
    );
    r.get(
      '/users',
      {
        schema: {
          tags: ['users'],
          operationId: 'listUsers',
          summary: 'List integrator users with plans and quota balances',
          querystring: paging.extend({
            keyword: keywordQuery.describe('Only users whose name or email contains this (any case), or whose id it is'),
          }),
          response: responses(pagedSchema(userSchema)),
        },
      },
      async (request) => ({ success: true as const, ...(await service.list(request.query.page, request.query.pageSize, request.query.keyword)) }),
    );
    r.get(
      '/users/:userId',
      { schema: { tags: ['users'], operationId: 'getUser', summary: 'One user: plan, quota balances, webhook URL', params: userParams, response: responses(userAnswer) } },
      async (request) => ({ success: true as const, user: await service.get(request.params.userId) }),
    );
    r.patch(
      '/users/:userId',
      {
        schema: {
          tags: ['users'],
          operationId: 'updateUser',
          summary: 'Change name, plan (whole), quota grants (per bucket given) or disabled state',
          description: 'A plan or disabled-state change reaches every replica within milliseconds.',
          params: userParams,
          body: z.object({ name: z.string().min(1).max(200).optional(), plan: planSchema.optional(), quotas: quotasSchema.optional(), disabled: z.boolean().optional() }).strict(),
          response: responses(userAnswer),
        },
      },
      async (request) => ({ success: true as const, user: await service.update(request.params.userId, request.body) }),
    );
    r.post(
      '/users/:userId/api-keys',
      {
        schema: {
          tags: ['api-keys'],
          operationId: 'createApiKey',
          summary: 'Create an API key for a user (shown once)',
          params: userParams,
          body: z
            .object({
              name: z.string().min(1).max(100),
              permissions: z.array(z.enum(PERMISSIONS)).optional().describe("Default: the plan's permissions"),
            })
            .strict(),
          response: createdResponses(z.object({ success: z.literal(true), apiKey: createdKeySchema })),
        },
      },
      async (request, reply) =>
        reply.code(201).send({ success: true as const, apiKey: await service.createKey(request.params.userId, request.body.name, request.body.permissions) }),
    );
    r.get(
      '/users/:userId/api-keys',
      {
        schema: {
          tags: ['api-keys'],
          operationId: 'listApiKeys',
          summary: "A user's API keys, revoked ones included (never the keys themselves)",
          params: userParams,
          response: responses(z.object({ success: z.literal(true), items: z.array(apiKeyView) })),
        },
      },
      async (request) => ({ success: true as const, items: await service.listKeys(request.params.userId) }),
    );
    r.post(
      '/api-keys/:keyId/revoke',
      {
        schema: {
          tags: ['api-keys'],
          operationId: 'revokeApiKey',
          summary: 'Revoke an API key; every replica refuses it within milliseconds',
          params: z.object({ keyId: idSchema('apiKeyId').describe('The key id (key_…), not the key') }),
          response: responses(z.object({ success: z.literal(true), id: z.string(), revoked: z.literal(true) })),
        },
      },
      async (request) => ({ success: true as const, ...(await service.revokeKey(request.params.keyId)) }),
    );
    r.put(
      '/users/:userId/webhook',
      {
        schema: {
          tags: ['webhooks'],
          operationId: 'setWebhook',
          summary: "Set the user's webhook URL and signing secret (generated when not given, shown in this answer)",
          params: userParams,
          body: z.object({ url: z.url({ protocol: /^https?$/ }).max(2000), secret: z.string().min(16).max(200).optional() }).strict(),
          response: responses(z.object({ success: z.literal(true), webhook: z.object({ url: z.string(), secret: z.string() }) })),
        },
      },
      async (request) => ({ success: true as const, webhook: await service.setWebhook(request.params.userId, request.body.url, request.body.secret) }),
    );
    r.delete(
      '/users/:userId/webhook',
      {
        schema: {
          tags: ['webhooks'],
          operationId: 'clearWebhook',
          summary: "Remove the user's webhook: no more events are sent",
          params: userParams,
          response: responses(z.object({ success: z.literal(true), webhook: z.object({ url: z.null() }) })),
        },
      },
      async (request) => ({ success: true as const, webhook: await service.clearWebhook(request.params.userId) }),
    );
  };
}
