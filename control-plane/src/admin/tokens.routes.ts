/** /api/admin/tokens and /api/admin/audit-log. */
import { z } from 'zod';
import type { AdminApp } from '../http/admin-types.js';
import { createdResponses, isoString, pagedSchema, pageQuery, paged, rangeQuery, responses } from '../http/admin-query.js';
import type { TokensService } from './tokens.service.js';

const tokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(['read', 'write']),
  createdBy: z.string().describe('`bootstrap`, the id of the admin token that created it, or the email of the console admin who did'),
  createdAt: isoString,
  lastUsedAt: isoString.nullable(),
  revokedAt: isoString.nullable(),
});

const auditSchema = z.object({
  id: z.number().int(),
  actor: z.string().describe('`bootstrap`, an admin token id, or the email of a console person'),
  method: z.string(),
  path: z.string(),
  statusCode: z.number().int(),
  requestId: z.string(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: isoString,
});

export function registerTokenRoutes(r: AdminApp, service: TokensService): void {
  r.post(
    '/tokens',
    {
      schema: {
        tags: ['tokens'],
        operationId: 'createAdminToken',
        summary: 'Create an admin token; the secret is in this answer only',
        body: z.object({ name: z.string().min(1).max(200), scope: z.enum(['read', 'write']) }).strict(),
        response: createdResponses(z.object({ success: z.literal(true), token: tokenSchema, secret: z.string().describe('Shown once') })),
      },
    },
    async (request, reply) => reply.code(201).send({ success: true, ...(await service.create(request.body, request.admin!.actor)) }),
  );

  r.get(
    '/tokens',
    {
      config: { consoleAdminOnly: true },
      schema: {
        tags: ['tokens'],
        operationId: 'listAdminTokens',
        summary: 'List admin tokens (never their secrets)',
        description: 'An admin token of either scope or an admin\'s console session; a viewer\'s session is refused (403 ADMIN_FORBIDDEN), as the console\'s admin-tokens page is for admins only.',
        querystring: z.object({
          ...pageQuery,
          includeRevoked: z
            .enum(['true', 'false'])
            .default('false')
            .transform((v) => v === 'true')
            .describe('true: revoked tokens too'),
        }),
        response: responses(pagedSchema(tokenSchema)),
      },
    },
    async (request) => {
      const { items, total } = await service.list(request.query);
      return paged(items, total, request.query);
    },
  );

  r.post(
    '/tokens/:tokenId/revoke',
    {
      schema: {
        tags: ['tokens'],
        operationId: 'revokeAdminToken',
        summary: 'Revoke an admin token; it is refused from the next request on',
        params: z.object({ tokenId: z.string().min(1).max(64).describe('The admin token id (adm_…), not its secret') }),
        response: responses(z.object({ success: z.literal(true), tokenId: z.string(), revoked: z.literal(true), alreadyRevoked: z.boolean() })),
      },
    },
    async (request) => ({ success: true as const, ...(await service.revoke(request.params.tokenId)) }),
  );

  r.get(
    '/audit-log',
    {
      schema: {
        tags: ['tokens'],
        operationId: 'listAuditLog',
        summary: 'Every admin write, with the token that made it (newest first)',
        description: 'Also every unsafe request of a console session refused for its X-CSRF-Token, on the admin API or the console API: the session\'s person as the actor, 403, and `detail.refused: "csrf_failed"` with the page\'s origin.',
        querystring: z.object({ ...pageQuery, actor: z.string().min(1).max(320).optional().describe('Only writes by this actor: `bootstrap`, an admin token id, or a console person\'s email'), ...rangeQuery }),
        response: responses(pagedSchema(auditSchema)),
      },
    },
    async (request) => {
      const { items, total } = await service.audit(request.query);
      return paged(items, total, request.query);
    },
  );
}
