/**
 * /api/admin/nodes/:nodeId/users…: the users an enrolled node serves, read
 * and changed (users added or removed; a web node given or denied every
 * user). Registered by nodesAdminRoutes inside the admin scope; each write
 * records its own audit row with what it changed (node-users.service.ts).
 */
import { idSchema } from '@plume/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { responses } from '../http/admin-query.js';
import type { Db } from '../db/client.js';
import { type AuditRecord, NodeUsersService } from './node-users.service.js';

const KINDS = ['edge', 'desktop', 'web'] as const;
const STATUSES = ['active', 'draining', 'revoked'] as const;
const BODY_LIMIT = 16 * 1024;

const params = z.object({ nodeId: idSchema('node').describe('The node id (node_…)') });

const usersView = z.object({
  id: z.string(),
  kind: z.enum(KINDS),
  status: z.enum(STATUSES),
  allUsers: z.boolean().describe('Serves every user, present and future (web nodes only: the operator\'s web pool), besides those in userIds'),
  userIds: z.array(z.number().int()).describe('The users it serves by name'),
});

const change = z
  .object({
    userIds: z.array(z.number().int().positive().max(2 ** 31 - 1)).max(100).optional(),
    allUsers: z.literal(true).optional(),
  })
  .strict();

function auditOf(request: FastifyRequest): AuditRecord {
  return { actor: request.admin?.actor ?? 'unknown', method: request.method, path: request.url.split('?')[0]!, requestId: request.id, route: request.routeOptions.url ?? null };
}

export function registerNodeUsersRoutes(app: FastifyInstance, db: Db): void {
  const users = new NodeUsersService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['nodes'];

  r.get(
    '/nodes/:nodeId/users',
    {
      schema: {
        tags,
        operationId: 'listNodeUsers',
        summary: 'The users a node serves (and whether it serves all users)',
        params,
        response: responses(z.object({ success: z.literal(true), node: usersView })),
      },
    },
    async (request) => ({ success: true as const, node: await users.get(request.params.nodeId) }),
  );

  r.post(
    '/nodes/:nodeId/users/add',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        operationId: 'addNodeUsers',
        summary: 'Authorize an enrolled node for more users, or (web nodes) for all users',
        description:
          'Users already served are left as they are (`added` lists only the new ones). `allUsers: true` makes a web node serve every user, present and future: the operator\'s web pool for `executor=web`; other kinds answer 409 `NODE_KIND_NOT_WEB`. The node\'s accounts of a newly served user become publishable at once. The audit log records what was added.',
        params,
        body: change,
        response: responses(z.object({ success: z.literal(true), node: usersView, added: z.array(z.number().int()).describe('Users served from now on that were not before') })),
      },
    },
    async (request) => {
      const answer = await users.add(request.params.nodeId, request.body, auditOf(request));
      request.auditRecorded = true;
      return { success: true as const, ...answer };
    },
  );

  r.post(
    '/nodes/:nodeId/users/remove',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        operationId: 'removeNodeUsers',
        summary: 'Stop a node serving some users, or (web nodes) all users but those it names',
        description:
          'Users not served are ignored (`removed` lists only those that were). The node\'s accounts of a user it no longer serves stop being publishable (`node_not_authorized`); on a web node they move to another web node serving that user, with their sealed browser state. `allUsers: true` clears the all-users flag. The audit log records what was removed.',
        params,
        body: change,
        response: responses(z.object({ success: z.literal(true), node: usersView, removed: z.array(z.number().int()).describe('Users no longer served') })),
      },
    },
    async (request) => {
      const answer = await users.remove(request.params.nodeId, request.body, auditOf(request));
      request.auditRecorded = true;
      return { success: true as const, ...answer };
    },
  );
}
