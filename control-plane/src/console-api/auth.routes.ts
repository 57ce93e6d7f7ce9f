/** /api/console/auth/… and /api/console/invites/{token}…: logging in and out, sessions, password, accepting an invite. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principal } from './console-auth.js';
import { CONSOLE_ROLES } from '../db/console.schema.js';
import { consoleErrorBody } from './console.errors.js';
import { emailSchema, isoString, nameSchema, noContent, ok, passwordSchema, signedInSchema } from './console-schemas.js';
import type { ConsoleApp } from './console.types.js';
import { clearConsoleCookie, consoleToken, setConsoleCookie } from './cookie.js';
import { type Client, type PeopleService, type UserView, userView } from './people.service.js';
import type { ConsoleSessions, SessionStart } from './sessions.js';

const tags = ['auth'];
const inviteToken = z.object({ token: z.string().max(200).describe('The invite token, from the invite URL /invite/<token>') });

const client = (request: FastifyRequest): Client => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

function signIn(request: FastifyRequest, reply: FastifyReply, result: { user: UserView; session: SessionStart }) {
  setConsoleCookie(request, reply, result.session.token);
  return { user: result.user, csrfToken: result.session.csrfToken };
}

export function registerAuthRoutes(r: ConsoleApp, people: PeopleService, sessions: ConsoleSessions): void {
  r.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        operationId: 'login',
        summary: 'Log in: sets the session cookie (a new session every time) and answers the CSRF token; with two-factor login on, answers 202 and a pending login instead',
        description:
          'Wrong email and wrong password answer the same 401 invalid_credentials. Repeated failures for an email or from an address answer 429 login_throttled with Retry-After (at most 15 minutes). A person with two-factor login on gets 202 and no cookie: send the pendingLogin with a code to POST /api/console/auth/login/totp within 5 minutes.',
        body: z.object({ email: emailSchema, password: z.string().min(1).max(10_000) }).strict(),
        response: {
          200: signedInSchema,
          202: z.object({
            secondFactor: z.literal('totp').describe('What the login still needs: a TOTP code or a recovery code'),
            pendingLogin: z.string().describe('pcp_…: send it back with the code; only its SHA-256 is kept'),
            expiresAt: isoString.describe('5 minutes after the password was checked'),
          }),
          '4xx': consoleErrorBody,
          '5xx': consoleErrorBody,
        },
      },
    },
    async (request, reply) => {
      const outcome = await people.login(request.body, client(request), consoleToken(request));
      if ('pending' in outcome) return reply.code(202).send(outcome.pending);
      return signIn(request, reply, outcome);
    },
  );

  r.post(
    '/auth/logout',
    { schema: { tags, operationId: 'logout', summary: 'Log out: this browser\'s session ends and its cookie is cleared', response: noContent('Logged out') } },
    async (request, reply) => {
      await sessions.end(principal(request).sessionId);
      clearConsoleCookie(request, reply);
      return reply.code(204).send();
    },
  );

  r.get(
    '/auth/me',
    { schema: { tags, operationId: 'me', summary: 'The signed-in person and the session\'s CSRF token', response: ok(signedInSchema) } },
    async (request) => {
      const p = principal(request);
      return { user: userView(p.user), csrfToken: p.csrfToken };
    },
  );

  r.post(
    '/auth/password',
    {
      schema: {
        tags,
        operationId: 'changePassword',
        summary: 'Change the password; every other session of this person ends',
        description: 'A wrong current password answers 401 invalid_credentials and counts as a failed login.',
        body: z.object({ currentPassword: z.string().min(1).max(10_000), newPassword: passwordSchema }).strict(),
        response: noContent('Changed'),
      },
    },
    async (request, reply) => {
      await people.changePassword(principal(request), request.body, client(request));
      return reply.code(204).send();
    },
  );

  r.get(
    '/auth/sessions',
    {
      schema: {
        tags,
        operationId: 'listSessions',
        summary: 'The signed-in person\'s live sessions',
        response: ok(
          z.object({
            sessions: z.array(
              z.object({
                id: z.string().describe('csn_…'),
                createdAt: isoString,
                lastSeenAt: isoString.describe('Written at most once a minute'),
                userAgent: z.string().nullable(),
                current: z.boolean().describe('The session of this request'),
              }),
            ),
          }),
        ),
      },
    },
    async (request) => {
      const p = principal(request);
      return { sessions: await sessions.list(p.user.id, p.sessionId) };
    },
  );

  r.post(
    '/auth/sessions/revoke-all',
    { schema: { tags, operationId: 'revokeAllSessions', summary: 'End every session of the signed-in person, this one too', response: noContent('Every session ended') } },
    async (request, reply) => {
      await sessions.endAllOf(principal(request).user.id);
      clearConsoleCookie(request, reply);
      return reply.code(204).send();
    },
  );

  r.get(
    '/invites/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['invites'],
        operationId: 'getInvite',
        summary: 'What an invite is for, while it is open (410 invite_invalid once used, expired or unknown)',
        params: inviteToken,
        response: ok(
          z.object({
            email: z.string().nullable().describe('The email the person logs in with; null on the setup link, where the person gives it'),
            role: z.enum(CONSOLE_ROLES),
            name: z.string().nullable().describe('The name the inviter suggested, if any'),
            setup: z.boolean().describe('The one-time setup link printed at a start with no console admin: it creates the first admin'),
          }),
        ),
      },
    },
    async (request) => people.inviteInfo(request.params.token),
  );

  r.post(
    '/invites/:token/accept',
    {
      config: { access: 'public' },
      schema: {
        tags: ['invites'],
        operationId: 'acceptInvite',
        summary: 'Accept an invite: the person is created with this password and logged in (cookie set)',
        description: 'Single use: of two accepts at once, one succeeds and the other answers 410 invite_invalid.',
        params: inviteToken,
        body: z
          .object({
            name: nameSchema,
            password: passwordSchema,
            email: emailSchema.optional().describe('Only on the setup link (the invite says setup: true): the first admin\'s email'),
          })
          .strict(),
        response: ok(signedInSchema),
      },
    },
    async (request, reply) => signIn(request, reply, await people.acceptInvite(request.params.token, request.body, client(request), consoleToken(request))),
  );
}
