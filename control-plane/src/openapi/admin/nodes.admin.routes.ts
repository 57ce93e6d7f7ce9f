/**
 * POST /api/admin/nodes: creates an execution node record and authorizes it
 * for users, without enrollment. For operators and tests before (or beside)
 * the enrollment flow: such a node has no public key, so no daemon can connect
 * as it and it stays offline unless something marks it connected. Listing
 * nodes (GET /api/admin/nodes, with live state) belongs to the dispatch
 * admin routes.
 */
import { posix } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../http/errors.js';
import type { OpenApiDeps } from '../context.js';
import { type NodeView, nodesRepository } from '../nodes.repository.js';
import { missingUserIds } from './admin-lookups.repository.js';

const flag = z.union([z.literal(0), z.literal(1)]);
const capabilities = z.strictObject({
  localVideoFile: flag,
  publishSettingsSnapshot: flag,
  chromiumVersion: z.string().min(1).max(100).optional(),
  concurrency: z.number().int().min(1).max(64).optional(),
  platforms: z.array(z.string().min(1).max(64)).max(64).optional(),
  videoDir: z
    .string()
    .max(1024)
    .refine((p) => p.startsWith('/') && posix.normalize(p) === p && p !== '/', 'videoDir must be an absolute, normalized Linux path other than /')
    .optional(),
});

const newNode = z.strictObject({
  kind: z.enum(['edge', 'desktop', 'web']),
  name: z.string().min(1).max(200),
  userIds: z.array(z.number().int().positive().max(2 ** 31 - 1)).max(1000),
  capabilities: capabilities.optional(),
});

const view = (n: NodeView & { userIds: number[] }) => ({
  id: n.id,
  kind: n.kind,
  name: n.name,
  status: n.status,
  online: n.online,
  capabilities: n.capabilities,
  lastHeartbeatAt: n.lastHeartbeatAt?.toISOString() ?? null,
  userIds: n.userIds,
  createdAt: n.createdAt.toISOString(),
});

export function nodesAdminRoutes(deps: OpenApiDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post('/nodes', { schema: { body: newNode } }, async (request, reply) => {
      const body = request.body;
      const userIds = [...new Set(body.userIds)];
      const missing = await missingUserIds(deps.db, userIds);
      if (missing.length) throw new ApiError('NOT_FOUND', `No user ${missing.join(', ')}`, 404);
      const id = await nodesRepository.create(deps.db, {
        kind: body.kind,
        name: body.name,
        userIds,
        capabilities: body.capabilities ?? { localVideoFile: 0, publishSettingsSnapshot: 0 },
      });
      const [node] = await nodesRepository.listAll(deps.db, id);
      return reply.code(201).send({ success: true, node: view(node!) });
    });
  };
}
