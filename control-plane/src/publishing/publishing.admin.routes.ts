/**
 * Publishing's back office under /api/admin: webhook deliveries (list, retry),
 * jobs needing attention (list, detail, resolve), the schedule of jobs
 * waiting for their publish time, and the home page's overview. Registered inside the admin scope
 * (adminRoutes' extensions), so it shares its auth, audit, error model and
 * OpenAPI document.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { jobsAdminRoutes } from './jobs.admin.routes.js';
import { overviewAdminRoutes } from './overview/overview.admin.routes.js';
import { scheduleAdminRoutes } from './schedule/schedule.admin.routes.js';
import { webhookDeliveriesAdminRoutes } from './webhooks/webhook-deliveries.admin.routes.js';

export function publishingAdminRoutes(options: { db: Db; now: () => Date }) {
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(webhookDeliveriesAdminRoutes(options));
    await app.register(jobsAdminRoutes(options));
    await app.register(scheduleAdminRoutes(options));
    await app.register(overviewAdminRoutes(options));
  };
}
