/**
 * /api/admin: the back office's shell. In this order: the JSON parser, the
 * error model, auth and audit (every route here), the OpenAPI generator (it
 * only sees routes registered after it, all of them in this scope), then each
 * domain's admin routes (extensions: license, integrators, accounts,
 * publishing, nodes, each beside its domain), then the admin tokens this
 * surface owns. Every /api/admin route belongs in this scope: one that
 * registers beside it escapes the document (admin-document.int.test.ts
 * walks the registered routes to prove none does).
 */
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../db/client.js';
import { installErrorHandling } from '../http/errors.js';
import { useRawJsonParser } from '../http/raw-json.js';
import { CONSOLE_COOKIE, installConsoleCookies } from '../console-api/cookie.js';
import { ADMIN_DOCUMENT_DESCRIPTION, ADMIN_DOCUMENT_TAGS, ADMIN_SECURITY_SCHEME, adminDocumentObjectTransform, adminRouteTransform, CONSOLE_SESSION_SCHEME } from './admin-document.js';
import { installAdminAuth } from './admin.auth.js';
import { adminSurface } from '../http/admin-errors.js';
import { registerTokenRoutes } from './tokens.routes.js';
import { TokensService } from './tokens.service.js';

/** 100,000 generated codes are asked for in a few hundred bytes; nothing an admin sends is near this. */
const ADMIN_BODY_LIMIT = 1024 * 1024;

export interface AdminRoutesOptions {
  db: Db;
  bootstrapToken: string | undefined;
  /** Clock for every admin service; defaults to the system clock. */
  now?: () => Date;
  /**
   * Each domain's admin routes, registered inside this scope after the OpenAPI
   * generator: they share auth, audit, the error model and the document. They
   * must not install admin auth themselves (that would audit every write twice).
   */
  extensions?: FastifyPluginAsync[];
}

export function adminRoutes({ db, bootstrapToken, now = () => new Date(), extensions = [] }: AdminRoutesOptions) {
  return async function register(app: FastifyInstance): Promise<void> {
    useRawJsonParser(app, ADMIN_BODY_LIMIT);
    installErrorHandling(app, adminSurface);
    // The console's session cookie is an admin credential too (admin.auth.ts).
    await installConsoleCookies(app);
    installAdminAuth(app, db, bootstrapToken, now);
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Plume admin API', version: '1.0.0', description: ADMIN_DOCUMENT_DESCRIPTION },
        servers: [{ url: '/' }],
        tags: ADMIN_DOCUMENT_TAGS,
        components: {
          securitySchemes: {
            [ADMIN_SECURITY_SCHEME]: {
              type: 'http',
              scheme: 'bearer',
              description: 'Authorization: Bearer <admin token>: PLUME_ADMIN_TOKEN, or a token (plma_…) from POST /api/admin/tokens, shown once.',
            },
            [CONSOLE_SESSION_SCHEME]: {
              type: 'apiKey',
              in: 'cookie',
              name: CONSOLE_COOKIE,
              description: 'The console session cookie of an admin (every method; X-CSRF-Token on unsafe ones) or a viewer (GET only). Sent without an Authorization header.',
            },
          },
        },
        security: [{ [ADMIN_SECURITY_SCHEME]: [] }, { [CONSOLE_SESSION_SCHEME]: [] }],
      },
      transform: adminRouteTransform,
      transformObject: adminDocumentObjectTransform,
    });

    const r = app.withTypeProvider<ZodTypeProvider>();
    for (const extension of extensions) await app.register(extension);
    registerTokenRoutes(r, new TokensService(db, now));
    r.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  };
}
