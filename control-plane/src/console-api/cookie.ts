/**
 * The console's session cookie, `plume_console`: HttpOnly (no script reads
 * it), SameSite=Strict (no other site's page makes the browser send it),
 * Path=/ (the pages and both APIs they call), Secure when the request came
 * over TLS (directly, or per X-Forwarded-Proto from a trusted proxy:
 * PLUME_TRUST_PROXY). Parsing and writing it is @fastify/cookie's, registered
 * with its parsing hook off in the two scopes that read the cookie
 * (/api/console and /api/admin, installConsoleCookies): no other surface
 * parses cookies it never uses.
 */
import { ID_PATTERNS } from '@plume/shared';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_ABSOLUTE_MS } from './sessions.js';

export const CONSOLE_COOKIE = 'plume_console';
/** What a session token looks like (sessions.ts): anything else in the cookie is not looked up. */
const TOKEN_FORMAT = ID_PATTERNS.consoleSession;

/** In a scope that reads or sets the cookie; parsing happens only where consoleToken is called. */
export async function installConsoleCookies(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCookie, { hook: false });
}

/** The session token the request's Cookie header carries, if it carries a well-formed one. */
export function consoleToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header || !header.includes(CONSOLE_COOKIE)) return undefined;
  let value: string | undefined;
  try {
    value = request.server.parseCookie(header)[CONSOLE_COOKIE];
  } catch {
    return undefined;
  }
  return value !== undefined && TOKEN_FORMAT.test(value) ? value : undefined;
}

function attributes(request: FastifyRequest) {
  return { httpOnly: true, sameSite: 'strict' as const, path: '/', secure: request.protocol === 'https' };
}

export function setConsoleCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  void reply.setCookie(CONSOLE_COOKIE, token, { ...attributes(request), maxAge: SESSION_ABSOLUTE_MS / 1000 });
}

export function clearConsoleCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(CONSOLE_COOKIE, attributes(request));
}
