/** /api/console/users… and POST /api/console/invites: the console's people, as admins manage them (viewers may read). */
import { ID_PATTERNS } from '@plume/shared';
import { z } from 'zod';
import { principal } from './console-auth.js';
import { CONSOLE_ROLES } from '../db/console.schema.js';
import { consoleUserSchema, created, listedConsoleUserSchema, emailSchema, isoString, nameSchema, ok, pagingQuery, pathId } from './console-schemas.js';
import type { ConsoleApp } from './console.types.js';
import type { PeopleService } from './people.service.js';
import type { TwoFactorService } from './two-factor.service.js';

const tags = ['people'];

export const inviteCreatedSchema = z.object({
  id: z.string().describe('cinv_…'),
  email: z.string(),
  role: z.enum(CONSOLE_ROLES),
  expiresAt: isoString.describe('7 days after creation'),
  token: z.string().describe('Shown once: only its SHA-256 is kept'),
  url: z.string().describe('The relative path to hand over: /invite/<token>'),
});

export const inviteBody = {
  email: emailSchema,
  role: z.enum(CONSOLE_ROLES),
  integratorUserId: z.number().int().positive().max(2 ** 31 - 1).optional().describe('Required for role user (the integrator user the person acts as); refused for the other roles'),
};

const userId = z.object({ id: pathId('The console user id (cu_…)', ID_PATTERNS.consoleUser) });

export function registerPeopleRoutes(r: ConsoleApp, people: PeopleService, twoFactor: TwoFactorService): void {
  r.get(
    '/users',
    {
      config: { access: 'adminRead' },
      schema: {
        tags,
        operationId: 'listConsoleUsers',
        summary: 'The console\'s people, oldest first',
        querystring: z.object(pagingQuery),
        response: ok(z.object({ users: z.array(listedConsoleUserSchema), total: z.number().int() })),
      },
    },
    async (request) => people.list(request.query.limit, request.query.offset),
  );

  r.post(
    '/invites',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['invites'],
        operationId: 'createInvite',
        summary: 'Invite a person: a single-use link, valid 7 days, shown once',
        body: z.object({ ...inviteBody, name: nameSchema.optional().describe('A name to suggest; the person chooses theirs') }).strict(),
        response: created(z.object({ invite: inviteCreatedSchema })),
      },
    },
    async (request, reply) => {
      request.auditDetail = { target: request.body.email, role: request.body.role };
      return reply.code(201).send({ invite: await people.createInvite(request.body, principal(request).user.email) });
    },
  );

  r.post(
    '/users/:id/disable',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        operationId: 'disableConsoleUser',
        summary: 'Disable a person: they cannot log in and their sessions end (not oneself)',
        params: userId,
        response: ok(z.object({ user: consoleUserSchema })),
      },
    },
    async (request) => {
      const user = await people.disable(principal(request), request.params.id);
      request.auditDetail = { target: user.email };
      return { user };
    },
  );

  r.post(
    '/users/:id/totp/reset',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        operationId: 'resetConsoleUserTotp',
        summary: 'Turn a person\'s two-factor login off (a lost authenticator): they log in with their password alone until they set it up again',
        description: 'Their secret, recovery codes and pending logins are deleted; their sessions go on.',
        params: userId,
        response: ok(z.object({ user: consoleUserSchema })),
      },
    },
    async (request) => {
      const user = await twoFactor.reset(request.params.id);
      request.auditDetail = { target: user.email };
      return { user };
    },
  );
}
