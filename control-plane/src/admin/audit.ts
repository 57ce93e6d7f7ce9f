/**
 * One write in the admin audit log (admin_audit_log): who made it, the request,
 * its answer. The admin API records every write of a token or console session
 * (admin.auth.ts); the console's own admin routes (inviting, disabling,
 * resetting someone's two-factor login) record theirs the same way
 * (console-api/console-audit.ts), so the audit-log page shows both. A console
 * session's unsafe request refused for its CSRF token is recorded too, on
 * either surface (markCsrfRefusal).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { tokensRepository } from './tokens.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** What a route adds to its audit row: who or what it acted on, beyond the path parameters. */
    auditDetail?: Record<string, unknown>;
    /** Set when a console session's unsafe request was refused for its CSRF token: whose session it was. */
    csrfRefusedFor?: string;
  }
}

/**
 * A console session's unsafe request whose X-CSRF-Token was missing or wrong, on the admin API or
 * /api/console: marked here before the refusal is thrown, written to the audit log once it is answered
 * (recordCsrfRefusal). Another site's page making a person's browser send their cookie looks like
 * this, so the attempt is kept: whose session, the request, the page's origin. Nothing sent is kept
 * beyond that (not the header, not the body).
 */
export function markCsrfRefusal(request: FastifyRequest, actor: string): void {
  request.csrfRefusedFor = actor;
  const origin = request.headers.origin ?? request.headers.referer;
  request.auditDetail = { ...request.auditDetail, refused: 'csrf_failed', origin: typeof origin === 'string' ? origin.slice(0, 200) : null };
}

/** Writes the row of a request markCsrfRefusal marked; false (nothing written) for any other. */
export async function recordCsrfRefusal(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  if (request.csrfRefusedFor === undefined) return false;
  await recordWrite(db, request, reply, request.csrfRefusedFor);
  return true;
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
