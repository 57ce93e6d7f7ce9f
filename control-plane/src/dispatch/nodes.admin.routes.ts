/**
 * /api/admin/nodes…: enrollment tokens, the node list with live state,
 * revoke, drain, resume, and a job's failure evidence. Same admin auth, audit
 * and `{success:false, message, code}` failures as the rest of /api/admin; a
 * sibling plugin, so it leaves the prefix's not-found handler alone.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { installAdminAuth } from '../admin/admin.auth.js';
import { adminSurface } from '../admin/admin.errors.js';
import type { Db } from '../db/client.js';
import { installErrorHandling } from '../http/errors.js';
import { useRawJsonParser } from '../http/raw-json.js';
import { EnrollmentService } from './enrollment.service.js';
import { NodesAdminService } from './nodes-admin.service.js';
import { DEFAULT_TIMERS } from './timers.js';

export interface NodesAdminOptions {
  db: Db;
  bootstrapToken: string | undefined;
  now?: () => Date;
  tokenTtlMs?: number;
}

const nodeParams = z.object({ nodeId: z.string().regex(/^node_[A-Za-z0-9_-]{1,64}$/, 'node ids look like node_…') });

export function nodesAdminRoutes({ db, bootstrapToken, now = () => new Date(), tokenTtlMs = DEFAULT_TIMERS.enrollmentTokenTtlMs }: NodesAdminOptions) {
  return async function register(app: FastifyInstance): Promise<void> {
    useRawJsonParser(app, 64 * 1024);
    installErrorHandling(app, adminSurface, { notFound: false });
    installAdminAuth(app, db, bootstrapToken, now);
    const enrollment = new EnrollmentService(db, now, tokenTtlMs);
    const nodes = new NodesAdminService(db);
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/nodes/enrollment-tokens',
      {
        schema: {
          body: z
            .object({
              kind: z.enum(['edge', 'desktop', 'web']),
              userIds: z.array(z.number().int().positive().max(2 ** 31 - 1)).min(1).max(100),
              name: z.string().min(1).max(200).regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters'),
            })
            .strict(),
        },
      },
      async (request, reply) => {
        const created = await enrollment.createToken({ ...request.body, createdBy: request.admin?.actor ?? 'unknown' });
        return reply.code(201).send({ success: true, ...created });
      },
    );
    r.get('/nodes', { schema: { querystring: z.object({ status: z.enum(['active', 'draining', 'revoked']).optional() }) } }, async (request) => ({
      success: true,
      items: await nodes.list({ status: request.query.status }),
    }));
    r.get('/nodes/:nodeId', { schema: { params: nodeParams } }, async (request) => ({ success: true, node: await nodes.get(request.params.nodeId) }));
    r.post('/nodes/:nodeId/revoke', { schema: { params: nodeParams } }, async (request) => ({
      success: true,
      node: await nodes.setStatus(request.params.nodeId, 'revoked'),
    }));
    r.post('/nodes/:nodeId/drain', { schema: { params: nodeParams } }, async (request) => ({
      success: true,
      node: await nodes.setStatus(request.params.nodeId, 'draining'),
    }));
    r.post('/nodes/:nodeId/resume', { schema: { params: nodeParams } }, async (request) => ({
      success: true,
      node: await nodes.setStatus(request.params.nodeId, 'active'),
    }));
    r.get('/jobs/:jobId/evidence', { schema: { params: z.object({ jobId: z.string().min(1).max(128) }) } }, async (request) => ({
      success: true,
      items: await nodes.evidence(request.params.jobId),
    }));
  };
}
