/**
 * The Open API's back office under /api/admin: users, keys, and (registered
 * by their own modules) accounts, CMS sites, presets and webhook deliveries.
 * Same admin auth, audit and error model as the license back office; a
 * sibling plugin, so it leaves the prefix's not-found handler to that one.
 */
import type { FastifyInstance } from 'fastify';
import { installAdminAuth } from '../../admin/admin.auth.js';
import { adminSurface } from '../../admin/admin.errors.js';
import type { OpenApiDeps } from '../context.js';
import { installErrorHandling } from '../../http/errors.js';
import { useRawJsonParser } from '../../http/raw-json.js';
import { usersAdminRoutes } from './users.admin.routes.js';
import { accountsAdminRoutes } from './accounts.admin.routes.js';
import { nodesAdminRoutes } from './nodes.admin.routes.js';
import { webhookDeliveriesAdminRoutes } from '../webhooks/webhook-deliveries.admin.routes.js';

export interface OpenApiAdminOptions extends OpenApiDeps {
  bootstrapToken: string | undefined;
}

export function openapiAdminRoutes(options: OpenApiAdminOptions) {
  return async function register(app: FastifyInstance): Promise<void> {
    useRawJsonParser(app, 1024 * 1024);
    installErrorHandling(app, adminSurface, { notFound: false });
    installAdminAuth(app, options.db, options.bootstrapToken);
    await app.register(usersAdminRoutes(options.db));
    await app.register(accountsAdminRoutes(options));
    await app.register(nodesAdminRoutes(options));
    await app.register(webhookDeliveriesAdminRoutes(options));
  };
}
