/**
 * /api/console: the API of the console's pages. In this order: the JSON
 * parser, the error model, the session check (console-auth.ts), the audit of
 * admin writes (console-audit.ts), the OpenAPI
 * generator (it sees the routes registered after it), then the routes: auth
 * and invites, two-factor login, people (admins), an integrator's self-service (keys and
 * webhook; publish history; accounts, articles and usage; logging an
 * account in again, and a new one; answering a job awaiting input; an
 * account's pacing; the home page's overview).
 */
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Sealer } from '../crypto/seal.js';
import type { Db } from '../db/client.js';
import { installErrorHandling } from '../http/errors.js';
import { useRawJsonParser } from '../http/raw-json.js';
import { UsersService } from '../integrators/users.service.js';
import type { LoginRelay } from '../nodes/login-relay.js';
import { registerAuthRoutes } from './auth.routes.js';
import { installConsoleAudit } from './console-audit.js';
import { installConsoleAuth } from './console-auth.js';
import { CONSOLE_DOCUMENT_DESCRIPTION, CONSOLE_DOCUMENT_TAGS, consoleDocumentObjectTransform, consoleRouteTransform, CSRF_SCHEME, SESSION_SCHEME } from './console-document.js';
import { consoleSurface } from './console.errors.js';
import { CONSOLE_COOKIE, installConsoleCookies } from './cookie.js';
import { registerIntegratorContentRoutes } from './integrator-content.routes.js';
import { registerIntegratorJobInputRoutes } from './integrator-job-inputs.routes.js';
import { registerIntegratorLoginRoutes } from './integrator-logins.routes.js';
import type { InputRelay } from '../publishing/challenges/input-relay.js';
import { registerIntegratorNewLoginRoutes } from './integrator-new-logins.routes.js';
import { registerIntegratorHealthRoutes } from './integrator-health.routes.js';
import { registerIntegratorOverviewRoutes } from './integrator-overview.routes.js';
import { registerIntegratorPacingRoutes } from './integrator-pacing.routes.js';
import { registerIntegratorScheduleRoutes } from './integrator-schedule.routes.js';
import { registerIntegratorPublishingRoutes } from './integrator-publishing.routes.js';
import { registerIntegratorRoutes } from './integrator.routes.js';
import { registerPeopleRoutes } from './people.routes.js';
import type { PasswordHasher } from './passwords.js';
import { PeopleService } from './people.service.js';
import { ConsoleSessions } from './sessions.js';
import { LoginThrottle } from './throttle.js';
import { registerTotpRoutes } from './totp.routes.js';
import { TwoFactorService } from './two-factor.service.js';

/** Nothing a page sends comes near this: a name, a URL, a password. */
export const CONSOLE_BODY_LIMIT = 64 * 1024;

export interface ConsoleRoutesOptions {
  db: Db;
  now: () => Date;
  /** The replica's login relay: an integrator logs their accounts in (again, or new ones) through it. */
  logins: LoginRelay;
  /** The replica's relay of answers to jobs awaiting input (publishing/challenges/). */
  inputs: InputRelay;
  /** PLUME_SECRET_KEY: seals TOTP secrets (crypto/seal.ts). */
  secretKey: string | undefined;
  /** How passwords are hashed (default: today's scrypt cost). */
  passwords?: PasswordHasher;
}

export function consoleRoutes({ db, now, logins, inputs, secretKey, passwords }: ConsoleRoutesOptions) {
  return async function register(app: FastifyInstance): Promise<void> {
    const sessions = new ConsoleSessions(db, now);
    const throttle = new LoginThrottle(db, now);
    const people = new PeopleService(db, sessions, throttle, now, passwords);
    const twoFactor = new TwoFactorService(db, new Sealer(db, secretKey), sessions, throttle, people, now);

    useRawJsonParser(app, CONSOLE_BODY_LIMIT);
    installErrorHandling(app, consoleSurface);
    await installConsoleCookies(app);
    installConsoleAuth(app, sessions);
    installConsoleAudit(app, db);
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Plume console API', version: '1.0.0', description: CONSOLE_DOCUMENT_DESCRIPTION },
        servers: [{ url: '/' }],
        tags: CONSOLE_DOCUMENT_TAGS,
        components: {
          securitySchemes: {
            [SESSION_SCHEME]: { type: 'apiKey', in: 'cookie', name: CONSOLE_COOKIE, description: 'The session cookie set by POST /api/console/auth/login (HttpOnly, SameSite=Strict).' },
            [CSRF_SCHEME]: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token', description: 'The csrfToken of the session, on every POST, PUT, PATCH and DELETE.' },
          },
        },
      },
      transform: consoleRouteTransform,
      transformObject: consoleDocumentObjectTransform,
    });

    const r = app.withTypeProvider<ZodTypeProvider>();
    registerAuthRoutes(r, people, sessions);
    registerTotpRoutes(r, twoFactor);
    registerPeopleRoutes(r, people, twoFactor);
    const users = new UsersService(db);
    registerIntegratorRoutes(r, { db, users, now });
    registerIntegratorPublishingRoutes(r, { db });
    registerIntegratorContentRoutes(r, { db, users, now });
    registerIntegratorLoginRoutes(r, { db, logins });
    registerIntegratorNewLoginRoutes(r, { db, logins });
    registerIntegratorJobInputRoutes(r, { db, inputs });
    registerIntegratorPacingRoutes(r, { db });
    registerIntegratorHealthRoutes(r, { db });
    registerIntegratorScheduleRoutes(r, { db });
    registerIntegratorOverviewRoutes(r, { db, now });
    r.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  };
}
