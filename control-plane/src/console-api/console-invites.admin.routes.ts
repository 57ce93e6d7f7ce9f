/**
 * POST /api/admin/console-invites: an invite made with an admin token, the
 * way the first admin gets into the console (`plume-admin console-users
 * create-admin`). Token only: a console session, even an admin's, is refused
 * here (admins invite through POST /api/console/invites, which names them
 * as the inviter). Registered inside the admin scope: its auth, audit and
 * document.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminError } from '../http/admin-errors.js';
import { createdResponses } from '../http/admin-query.js';
import type { Db } from '../db/client.js';
import { ApiError } from '../http/errors.js';
import { inviteBody, inviteCreatedSchema } from './people.routes.js';
import type { PasswordHasher } from './passwords.js';
import { PeopleService } from './people.service.js';
import { ConsoleSessions } from './sessions.js';
import { LoginThrottle } from './throttle.js';

export function consoleInvitesAdminRoutes({ db, now, passwords }: { db: Db; now: () => Date; passwords?: PasswordHasher }) {
  const people = new PeopleService(db, new ConsoleSessions(db, now), new LoginThrottle(db, now), now, passwords);
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/console-invites',
      {
        config: { adminTokenOnly: true },
        schema: {
          tags: ['console'],
          operationId: 'createConsoleInvite',
          summary: 'Invite a person to the console (the first admin): a single-use link, valid 7 days, shown once',
          description: 'Needs an admin token with write scope; a console session is refused (403 ADMIN_FORBIDDEN). An email that already has a console account answers 409 USER_EXISTS.',
          body: z
            .object({
              ...inviteBody,
              role: inviteBody.role.default('admin').describe('admin (the default), viewer, or user'),
              name: z.string().trim().min(1).max(200).optional().describe('A name to suggest; the person chooses theirs'),
            })
            .strict(),
          response: createdResponses(z.object({ success: z.literal(true), invite: inviteCreatedSchema })),
        },
      },
      async (request, reply) => {
        try {
          const invite = await people.createInvite(request.body, request.admin!.actor);
          return reply.code(201).send({ success: true as const, invite });
        } catch (error) {
          // The service speaks the console's codes; this is the admin surface.
          if (error instanceof ApiError && error.code === 'email_taken') throw adminError('USER_EXISTS', error.message);
          if (error instanceof ApiError && error.code === 'validation_failed') throw adminError('INVALID_REQUEST', error.message);
          throw error;
        }
      },
    );
  };
}
