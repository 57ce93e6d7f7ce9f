/**
 * The license back office under /api/admin: projects and their keys, codes,
 * devices, version bans, consumption logs, statistics and security events.
 * Registered inside the admin scope (adminRoutes' extensions), so it shares
 * its auth, audit, error model and OpenAPI document.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
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
import { registerVersionBanRoutes } from './version-bans.routes.js';
import { VersionBansService } from './version-bans.service.js';

export function licenseAdminRoutes({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    registerProjectRoutes(r, new ProjectsService(db, now));
    registerCodeRoutes(r, new CodesService(db, now));
    registerDeviceRoutes(r, new DevicesService(db, now));
    registerVersionBanRoutes(r, new VersionBansService(db));
    registerLogRoutes(r, new LogsService(db));
    registerStatsRoutes(r, new StatsService(db, now));
    registerSecurityEventRoutes(r, new SecurityEventsService(db));
  };
}
