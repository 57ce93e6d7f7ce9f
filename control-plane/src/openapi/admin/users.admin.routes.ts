/** /api/admin/users…: integrator users, their plans, quota grants, API keys and webhook. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { PERMISSIONS, QUOTA_BUCKETS } from '../openapi.schema.js';
import { UsersService } from './users.service.js';

const planSchema = z
  .object({
    name: z.string().min(1).max(100),
    permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length),
    perMinuteLimit: z.number().int().min(1).max(1_000_000),
    dailyLimit: z.number().int().min(1).max(100_000_000),
    cmsEnabled: z.boolean(),
  })
  .strict();
const quotasSchema = z.partialRecord(z.enum(QUOTA_BUCKETS), z.number().int().min(0).max(1_000_000_000));
const userParams = z.object({ userId: z.coerce.number().int().positive().max(2 ** 31 - 1) });
const paging = z.object({ page: z.coerce.number().int().min(1).default(1), pageSize: z.coerce.number().int().min(1).max(500).default(50) });

export function usersAdminRoutes(db: Db) {
  const service = new UsersService(db);
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/users',
      { schema: { body: z.object({ name: z.string().min(1).max(200), email: z.email().max(320).optional(), plan: planSchema, quotas: quotasSchema.optional() }).strict() } },
      async (request, reply) => reply.code(201).send({ success: true, user: await service.create(request.body) }),
    );
    r.get('/users', { schema: { querystring: paging } }, async (request) => ({ success: true, ...(await service.list(request.query.page, request.query.pageSize)) }));
    r.get('/users/:userId', { schema: { params: userParams } }, async (request) => ({ success: true, user: await service.get(request.params.userId) }));
    r.patch(
      '/users/:userId',
      {
        schema: {
          params: userParams,
          body: z.object({ name: z.string().min(1).max(200).optional(), plan: planSchema.optional(), quotas: quotasSchema.optional(), disabled: z.boolean().optional() }).strict(),
        },
      },
      async (request) => ({ success: true, user: await service.update(request.params.userId, request.body) }),
    );
    r.post(
      '/users/:userId/api-keys',
      { schema: { params: userParams, body: z.object({ name: z.string().min(1).max(100), permissions: z.array(z.enum(PERMISSIONS)).optional() }).strict() } },
      async (request, reply) =>
        reply.code(201).send({ success: true, apiKey: await service.createKey(request.params.userId, request.body.name, request.body.permissions) }),
    );
    r.get('/users/:userId/api-keys', { schema: { params: userParams } }, async (request) => ({ success: true, items: await service.listKeys(request.params.userId) }));
    r.post('/api-keys/:keyId/revoke', { schema: { params: z.object({ keyId: z.string().regex(/^key_[A-Za-z0-9_-]{1,64}$/) }) } }, async (request) => ({
      success: true,
      ...(await service.revokeKey(request.params.keyId)),
    }));
    r.put(
      '/users/:userId/webhook',
      {
        schema: {
          params: userParams,
          body: z.object({ url: z.url({ protocol: /^https?$/ }).max(2000), secret: z.string().min(16).max(200).optional() }).strict(),
        },
      },
      async (request) => ({ success: true, webhook: await service.setWebhook(request.params.userId, request.body.url, request.body.secret) }),
    );
    r.delete('/users/:userId/webhook', { schema: { params: userParams } }, async (request) => ({ success: true, webhook: await service.clearWebhook(request.params.userId) }));
  };
}
