/**
 * Glue between a route and runIdempotent: what identifies the request, and
 * how a stored answer is sent again (same status, body and headers, plus
 * `idempotent-replayed: true` so the client can tell).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdempotencyInput, StoredAnswer } from './idempotency.js';

/** `path` is the route's logical path (not request.url), so a query string cannot split one request into two. */
export function idempotencyInput(request: FastifyRequest, userId: number, path: string, now: Date): IdempotencyInput {
  const header = request.headers['idempotency-key'];
  return {
    userId,
    key: Array.isArray(header) ? header.join(',') : header,
    method: request.method,
    path,
    rawBody: request.rawBody,
    now,
  };
}

export function sendAnswer<T>(reply: FastifyReply, answer: StoredAnswer & { replayed: boolean }): T {
  void reply.code(answer.status).headers(answer.headers ?? {});
  if (answer.replayed) void reply.header('idempotent-replayed', 'true');
  return answer.body as T;
}
