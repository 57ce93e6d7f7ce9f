/**
 * GET /metrics on the API port, for deployments that can expose only one
 * port: it needs an admin token (read scope is enough) and answers the admin
 * error envelope without one. The recommended way is PLUME_METRICS_ADDR, a
 * listener of its own on a private address (main.ts); both serve the same
 * registry. This plugin also points the cluster-wide gauges at the app's
 * database for as long as the app lives.
 */
import type { FastifyInstance } from 'fastify';
import { installAdminAuth } from './admin.auth.js';
import { adminSurface } from '../http/admin-errors.js';
import type { Db } from '../db/client.js';
import { installErrorHandling } from '../http/errors.js';
import { clusterDatabases } from '../metrics/cluster.js';
import { registry } from '../metrics/instruments.js';

export interface MetricsRoutesOptions {
  db: Db;
  bootstrapToken: string | undefined;
  now?: () => Date;
}

export function metricsRoutes({ db, bootstrapToken, now }: MetricsRoutesOptions) {
  return async function register(app: FastifyInstance): Promise<void> {
    const forget = clusterDatabases.add(db);
    app.addHook('onClose', (_app, done) => {
      forget();
      done();
    });
    // The root app keeps its own not-found handler for this prefix.
    installErrorHandling(app, adminSurface, { notFound: false });
    installAdminAuth(app, db, bootstrapToken, now);
    app.get('/metrics', async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()));
  };
}
