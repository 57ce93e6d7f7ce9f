/**
 * Admin authentication: the bootstrap PLUME_ADMIN_TOKEN (full access), or an
 * admin token created through the API (stored as a SHA-256 hash, scope `read`
 * or `write`, revocable). Every write is recorded in the audit log with the
 * token that made it, whatever its outcome.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { adminError } from './admin.errors.js';
import { adminAuditLog, adminTokens } from './admin.schema.js';

export interface AdminPrincipal {
  actor: string;
  scope: 'read' | 'write';
}

declare module 'fastify' {
  interface FastifyRequest {
    admin?: AdminPrincipal;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const digest = (text: string) => createHash('sha256').update(text).digest();

export function installAdminAuth(app: FastifyInstance, db: Db, bootstrapToken: string | undefined): void {
  const bootstrapDigest = bootstrapToken ? digest(bootstrapToken) : null;

  async function authenticate(request: FastifyRequest): Promise<AdminPrincipal> {
    const match = /^Bearer\s+(\S{1,512})$/i.exec(request.headers.authorization?.trim() ?? '');
    if (!match) throw adminError('ADMIN_UNAUTHORIZED', 'Send an admin token as Authorization: Bearer <token>');
    const token = match[1]!;
    const sent = digest(token);
    if (bootstrapDigest && timingSafeEqual(sent, bootstrapDigest)) return { actor: 'bootstrap', scope: 'write' };
    const [row] = await db
      .select({ id: adminTokens.id, scope: adminTokens.scope })
      .from(adminTokens)
      .where(and(eq(adminTokens.tokenHash, sent.toString('hex')), isNull(adminTokens.revokedAt)));
    if (!row) throw adminError('ADMIN_UNAUTHORIZED', 'Unknown or revoked admin token');
    void db.update(adminTokens).set({ lastUsedAt: new Date() }).where(eq(adminTokens.id, row.id)).catch(() => {});
    return { actor: row.id, scope: row.scope };
  }

  app.addHook('onRequest', async (request) => {
    request.admin = await authenticate(request);
    if (WRITE_METHODS.has(request.method) && request.admin.scope !== 'write') {
      throw adminError('ADMIN_FORBIDDEN', 'This admin token is read-only');
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    if (!WRITE_METHODS.has(request.method) || !request.admin) return;
    try {
      await db.insert(adminAuditLog).values({
        actor: request.admin.actor,
        method: request.method,
        path: request.url.split('?')[0]!,
        statusCode: reply.statusCode,
        requestId: request.id,
        detail: { route: request.routeOptions.url ?? null },
      });
    } catch (err) {
      request.log.error({ err }, 'admin audit write failed');
    }
  });
}
