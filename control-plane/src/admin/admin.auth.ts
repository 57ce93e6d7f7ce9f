/**
 * Admin authentication: the bootstrap PLUME_ADMIN_TOKEN (full access), or an
 * admin token created through the API (stored as a SHA-256 hash, scope `read`
 * or `write`, revocable). Every route under /api/admin needs one, the OpenAPI
 * document included. Every write is recorded in the audit log with the token
 * that made it, whatever its outcome.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { adminError } from './admin.errors.js';
import { tokensRepository } from './tokens.repository.js';

export interface AdminPrincipal {
  actor: string;
  scope: 'read' | 'write';
}

declare module 'fastify' {
  interface FastifyRequest {
    admin?: AdminPrincipal;
    /** Set by a route that wrote its own audit row inside its transaction (with what it did): not written again. */
    auditRecorded?: boolean;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const digest = (text: string) => createHash('sha256').update(text).digest();

export function installAdminAuth(app: FastifyInstance, db: Db, bootstrapToken: string | undefined, now: () => Date = () => new Date()): void {
  const bootstrapDigest = bootstrapToken ? digest(bootstrapToken) : null;

  async function authenticate(request: FastifyRequest): Promise<AdminPrincipal> {
    const match = /^Bearer\s+(\S{1,512})$/i.exec(request.headers.authorization?.trim() ?? '');
    if (!match) throw adminError('ADMIN_UNAUTHORIZED', 'Send an admin token as Authorization: Bearer <token>');
    const sent = digest(match[1]!);
    if (bootstrapDigest && timingSafeEqual(sent, bootstrapDigest)) return { actor: 'bootstrap', scope: 'write' };
    const row = await tokensRepository.activeByHash(db, sent.toString('hex'));
    if (!row) throw adminError('ADMIN_UNAUTHORIZED', 'Unknown or revoked admin token');
    tokensRepository.touch(db, row.id, now()).catch((err: unknown) => request.log.warn({ err }, 'admin token last-use update failed'));
    return { actor: row.id, scope: row.scope };
  }

  app.addHook('onRequest', async (request) => {
    request.admin = await authenticate(request);
    if (WRITE_METHODS.has(request.method) && request.admin.scope !== 'write') {
      throw adminError('ADMIN_FORBIDDEN', 'This admin token is read-only');
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    if (!WRITE_METHODS.has(request.method) || !request.admin || request.auditRecorded) return;
    try {
      await tokensRepository.audit(db, {
        actor: request.admin.actor,
        method: request.method,
        path: request.url.split('?')[0]!,
        statusCode: reply.statusCode,
        requestId: request.id,
        // Path parameters say what was acted on; bodies are not kept (a token answer holds a secret).
        detail: { route: request.routeOptions.url ?? null, params: (request.params ?? {}) as Record<string, unknown> },
      });
    } catch (err) {
      request.log.error({ err }, 'admin audit write failed');
    }
  });
}
