/**
 * /api/admin: the back office. In this order: the JSON parser, the error
 * model, auth and audit (every route here), the OpenAPI generator (it only
 * sees routes registered after it, all of them in this scope), then each
 * resource's routes in one line.
 */
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../db/client.js';
import { installErrorHandling } from '../http/errors.js';
import { useRawJsonParser } from '../http/raw-json.js';
import { installAdminAuth } from './admin.auth.js';
import { adminSurface } from './admin.errors.js';
import { registerCodeRoutes } from './codes.routes.js';
import { CodesService } from './codes.service.js';
import { registerDeviceRoutes } from './devices.routes.js';
import { DevicesService } from './devices.service.js';
import { registerLogRoutes } from './logs.routes.js';
import { LogsService } from './logs.service.js';
import { registerProjectRoutes } from './projects.routes.js';
import { ProjectsService } from './projects.service.js';
import { registerSecurityEventRoutes } from './security-events.routes.js';
import { SecurityEventsService } from './security-events.service.js';
import { registerStatsRoutes } from './stats.routes.js';
import { StatsService } from './stats.service.js';
import { registerTokenRoutes } from './tokens.routes.js';
import { TokensService } from './tokens.service.js';
import { registerVersionBanRoutes } from './version-bans.routes.js';
import { VersionBansService } from './version-bans.service.js';

/** 100,000 generated codes are asked for in a few hundred bytes; nothing an admin sends is near this. */
const ADMIN_BODY_LIMIT = 1024 * 1024;

export interface AdminRoutesOptions {
  db: Db;
  bootstrapToken: string | undefined;
  /** Clock for every admin service; defaults to the system clock. */
  now?: () => Date;
  /**
   * Other modules' admin routes, registered inside this scope after the OpenAPI
   * generator: they share auth, audit, the error model and the document. They
   * must not install admin auth themselves (that would audit every write twice).
   */
  extensions?: FastifyPluginAsync[];
}

export function adminRoutes({ db, bootstrapToken, now = () => new Date(), extensions = [] }: AdminRoutesOptions) {
  return async function register(app: FastifyInstance): Promise<void> {
    useRawJsonParser(app, ADMIN_BODY_LIMIT);
    installErrorHandling(app, adminSurface);
    installAdminAuth(app, db, bootstrapToken, now);
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Plume admin API',
          version: '1.0.0',
          description:
            'The license back office. Every route needs `Authorization: Bearer <admin token>` (PLUME_ADMIN_TOKEN or a token from POST /api/admin/tokens); read-scope tokens may only GET. Failures answer `{success:false, message, code}`.',
        },
        components: { securitySchemes: { adminToken: { type: 'http', scheme: 'bearer' } } },
        security: [{ adminToken: [] }],
      },
      transform: jsonSchemaTransform,
    });

    const r = app.withTypeProvider<ZodTypeProvider>();
    registerProjectRoutes(r, new ProjectsService(db, now));
    registerCodeRoutes(r, new CodesService(db, now));
    registerDeviceRoutes(r, new DevicesService(db, now));
    registerVersionBanRoutes(r, new VersionBansService(db));
    registerLogRoutes(r, new LogsService(db));
    registerStatsRoutes(r, new StatsService(db, now));
    registerSecurityEventRoutes(r, new SecurityEventsService(db));
    registerTokenRoutes(r, new TokensService(db, now));
    for (const extension of extensions) await app.register(extension);
    r.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  };
}
