/**
 * One write in the admin audit log (admin_audit_log): who made it, the request,
 * its answer. The admin API records every write of a token or console session
 * (admin.auth.ts); the console's own admin routes (inviting, disabling,
 * resetting someone's two-factor login) record theirs the same way
 * (console/console-audit.ts), so the audit-log page shows both.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { tokensRepository } from './tokens.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** What a route adds to its audit row: who or what it acted on, beyond the path parameters. */
    auditDetail?: Record<string, unknown>;
  }
}

/** Never throws: a write that happened is not undone by its audit row failing; that is logged instead. */
export async function recordWrite(db: Db, request: FastifyRequest, reply: FastifyReply, actor: string): Promise<void> {
  // Dated when the answer went out, not when the insert lands: the row is written after the
  // answer, so the caller's next write can be inserted first, and the log would show them swapped.
  const createdAt = new Date();
  try {
    await tokensRepository.audit(db, {
      createdAt,
      actor,
      method: request.method,
      path: request.url.split('?')[0]!,
      statusCode: reply.statusCode,
      requestId: request.id,
      // Path parameters and the route's own detail say what was acted on; bodies are not kept (a token answer holds a secret).
      detail: { route: request.routeOptions.url ?? null, params: (request.params ?? {}) as Record<string, unknown>, ...request.auditDetail },
    });
  } catch (err) {
    request.log.error({ err }, 'admin audit write failed');
  }
}
