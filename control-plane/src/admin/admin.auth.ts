/**
 * Admin authentication: the bootstrap PLUME_ADMIN_TOKEN (full access), or an
 * admin token created through the API (stored as a SHA-256 hash, scope `read`
 * or `write`, revocable). Every route under /api/admin needs one, the OpenAPI
 * document included. Every write is recorded in the audit log with the token
 * that made it, whatever its outcome.
 *
 * A request without an Authorization header may instead carry the console's
 * session cookie (console-api/sessions.ts): an admin's session may do everything
 * (unsafe methods with the session's X-CSRF-Token), a viewer's may only GET
 * and HEAD, an integrator's (role user) nothing. The audit log then names the
 * person by email, as it names a session refused for its CSRF token. A
 * request with an Authorization header is judged on it alone, exactly as
 * before: a cookie never rescues a bad token.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { consoleToken } from '../console-api/cookie.js';
import { ConsoleSessions, csrfMatches } from '../console-api/sessions.js';
import type { Db } from '../db/client.js';
import { adminError } from '../http/admin-errors.js';
import { markCsrfRefusal, recordCsrfRefusal, recordWrite } from './audit.js';
import { tokensRepository } from './tokens.repository.js';

export interface AdminPrincipal {
  /** `bootstrap`, an admin token id, or a console person's email. */
  actor: string;
  scope: 'read' | 'write';
  /** How the request authenticated: an admin token, or a console session cookie. */
  via: 'token' | 'console';
}

declare module 'fastify' {
  interface FastifyRequest {
    admin?: AdminPrincipal;
    /** Set by a route that wrote its own audit row inside its transaction (with what it did): not written again. */
    auditRecorded?: boolean;
  }
  interface FastifyContextConfig {
    /** An admin route that only an admin token may call (bootstrapping the console's first admin): a console session gets 403. */
    adminTokenOnly?: boolean;
    /**
     * An admin route that only the admin role may call through the console, reads included: a viewer's
     * session gets 403, as the console page the route serves shows viewers a forbidden state (the admin
     * tokens: their names and who made them are for admins).
     */
    consoleAdminOnly?: boolean;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const READ_METHODS = new Set(['GET', 'HEAD']);
const digest = (text: string) => createHash('sha256').update(text).digest();

export function installAdminAuth(app: FastifyInstance, db: Db, bootstrapToken: string | undefined, now: () => Date = () => new Date()): void {
  const bootstrapDigest = bootstrapToken ? digest(bootstrapToken) : null;
  const sessions = new ConsoleSessions(db, now);

  async function authenticatePerson(request: FastifyRequest, token: string): Promise<AdminPrincipal> {
    const person = await sessions.authenticate(token);
    if (!person) throw adminError('ADMIN_UNAUTHORIZED', 'The console session has ended (logged out, inactive, expired or revoked); log in again');
    const { role, email } = person.user;
    if (role === 'user') throw adminError('ADMIN_FORBIDDEN', 'An integrator\'s console account has no access to the admin API');
    if (!READ_METHODS.has(request.method)) {
      if (role !== 'admin') throw adminError('ADMIN_FORBIDDEN', 'A viewer may only read (GET); ask an admin');
      if (!csrfMatches(person, request.headers['x-csrf-token'])) {
        markCsrfRefusal(request, email);
        throw adminError('CSRF_FAILED', 'Missing or wrong X-CSRF-Token header: send the csrfToken of your console session');
      }
    }
    return { actor: email, scope: role === 'admin' ? 'write' : 'read', via: 'console' };
  }

  async function authenticate(request: FastifyRequest): Promise<AdminPrincipal> {
    if (request.headers.authorization === undefined) {
      const token = consoleToken(request);
      if (token !== undefined) return authenticatePerson(request, token);
    }
    const match = /^Bearer\s+(\S{1,512})$/i.exec(request.headers.authorization?.trim() ?? '');
    if (!match) throw adminError('ADMIN_UNAUTHORIZED', 'Send an admin token as Authorization: Bearer <token>, or log in to the console');
    const sent = digest(match[1]!);
    if (bootstrapDigest && timingSafeEqual(sent, bootstrapDigest)) return { actor: 'bootstrap', scope: 'write', via: 'token' };
    const row = await tokensRepository.activeByHash(db, sent.toString('hex'));
    if (!row) throw adminError('ADMIN_UNAUTHORIZED', 'Unknown or revoked admin token');
    tokensRepository.touch(db, row.id, now()).catch((err: unknown) => request.log.warn({ err }, 'admin token last-use update failed'));
    return { actor: row.id, scope: row.scope, via: 'token' };
  }

  app.addHook('onRequest', async (request) => {
    request.admin = await authenticate(request);
    if (WRITE_METHODS.has(request.method) && request.admin.scope !== 'write') {
      throw adminError('ADMIN_FORBIDDEN', 'This admin token is read-only');
    }
    if (request.routeOptions.config.adminTokenOnly && request.admin.via !== 'token') {
      throw adminError('ADMIN_FORBIDDEN', 'Only an admin token may do this; a console session may not');
    }
    if (request.routeOptions.config.consoleAdminOnly && request.admin.via === 'console' && request.admin.scope !== 'write') {
      throw adminError('ADMIN_FORBIDDEN', 'Only an admin may see this; a viewer may not');
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    if (await recordCsrfRefusal(db, request, reply)) return;
    if (!WRITE_METHODS.has(request.method) || !request.admin || request.auditRecorded) return;
    await recordWrite(db, request, reply, request.admin.actor);
  });
}
