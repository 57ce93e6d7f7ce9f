/**
 * Who may call each /api/console route. A route names its `access` in its
 * config; a route that names none needs a session (a new route is closed
 * until it says otherwise). Only the session cookie counts here: an
 * Authorization header (an API key, an admin token) is never looked at, so a
 * program's credential cannot act as a person. Checked in onRequest, before
 * the body is read: a refused request learns nothing about its body's shape.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { markCsrfRefusal } from '../admin/audit.js';
import { consoleError } from './console.errors.js';
import { consoleToken } from './cookie.js';
import { type ConsolePrincipal, type ConsoleSessions, csrfMatches } from './sessions.js';

/**
 * public: no session (login, invites); signedIn: any person; admin: role
 * admin; adminRead: admin or viewer (an admin page's reads); integrator:
 * role user (their own data).
 */
export type ConsoleAccess = 'public' | 'signedIn' | 'admin' | 'adminRead' | 'integrator';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person of an /api/console request. */
    person?: ConsolePrincipal;
  }
  interface FastifyContextConfig {
    /** Who may call an /api/console route; none given: signedIn. */
    access?: ConsoleAccess;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const ROLE_CHECK: Record<Exclude<ConsoleAccess, 'public'>, { roles: ReadonlyArray<string>; message: string }> = {
  signedIn: { roles: ['admin', 'viewer', 'user'], message: '' },
  admin: { roles: ['admin'], message: 'Only an admin may do this' },
  adminRead: { roles: ['admin', 'viewer'], message: 'Only admins and viewers may see this' },
  integrator: { roles: ['user'], message: 'This is for integrator accounts (role user) only' },
};

/** The signed-in person of a route behind the auth hook. */
export function principal(request: FastifyRequest): ConsolePrincipal {
  if (!request.person) throw consoleError('not_authenticated', 'Log in first');
  return request.person;
}

/** The integrator user id of the signed-in person of an `integrator` route (role user always has one). */
export const integratorOf = (request: FastifyRequest): number => principal(request).user.integratorUserId!;

export function installConsoleAuth(app: FastifyInstance, sessions: ConsoleSessions): void {
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access ?? 'signedIn';
    if (access === 'public') return;
    const token = consoleToken(request);
    if (!token) {
      throw consoleError(
        'not_authenticated',
        request.headers.authorization === undefined
          ? 'Log in first'
          : 'Log in first: the console accepts only its session cookie, never an API key or an admin token',
      );
    }
    const found = await sessions.authenticate(token);
    if (!found) throw consoleError('not_authenticated', 'Your session has ended (logged out, inactive for 30 minutes, older than 12 hours, or revoked); log in again');
    if (!SAFE_METHODS.has(request.method) && !csrfMatches(found, request.headers['x-csrf-token'])) {
      markCsrfRefusal(request, found.user.email);
      throw consoleError('csrf_failed', 'Missing or wrong X-CSRF-Token header: send the csrfToken of your session (from the login answer or GET /api/console/auth/me)');
    }
    const rule = ROLE_CHECK[access];
    if (!rule.roles.includes(found.user.role)) throw consoleError('forbidden', rule.message);
    request.person = found;
  });
}
