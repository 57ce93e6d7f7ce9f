/**
 * Builds the control plane's Fastify app; never listens (main.ts does, tests
 * use inject or listen on port 0). Plugins load in a fixed order: framework
 * settings, then one line per API surface.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { adminRoutes } from './admin/admin.routes.js';
import { nodesAdminRoutes } from './dispatch/nodes.admin.routes.js';
import { LocalHandoff } from './dispatch/local-handoff.js';
import { nodeRoutes } from './dispatch/nodes.routes.js';
import { healthRoutes } from './health.routes.js';
import { genRequestId } from './http/request-id.js';
import { licenseRoutes } from './license/license.routes.js';
import { LicenseService } from './license/license.service.js';
import { openapiAdminRoutes } from './openapi/admin/openapi-admin.routes.js';
import { openapiRoutes } from './openapi/openapi.routes.js';

export interface AppOptions {
  config: Pick<Config, 'adminToken' | 'trustProxy' | 'logLevel' | 'secretKey' | 'generation'>;
  database: Database;
  expectedMigrations: number;
  /** Clock for every service; tests move it. */
  now?: () => Date;
  /** Logger override: false silences (tests), otherwise pino options. */
  logger?: boolean | object;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, redact: ['req.headers.authorization'] },
    genReqId: genRequestId,
    trustProxy: config.trustProxy,
    // Each surface sets its own tighter limit; this bounds anything else.
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Callback style: an async hook costs a promise and a microtask turn on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send({ error: { code: 'not_found', message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` } });
  });

  const now = options.now ?? (() => new Date());
  // Publishes for nodes whose socket this replica holds go to its dispatcher without a NOTIFY round trip.
  const handoff = new LocalHandoff();
  await app.register(healthRoutes(database, options.expectedMigrations));
  await app.register(licenseRoutes(new LicenseService({ db: database.db, signedRequests: database.signedRequests, admissionLanes: database.signedRequestConnections, now })), { prefix: '/api/license/v2' });
  await app.register(adminRoutes({ db: database.db, bootstrapToken: config.adminToken }), { prefix: '/api/admin' });
  await app.register(
    openapiAdminRoutes({ db: database.db, bootstrapToken: config.adminToken, now, secretKey: config.secretKey, generation: config.generation }),
    { prefix: '/api/admin' },
  );
  await app.register(openapiRoutes({ db: database.db, now, secretKey: config.secretKey, generation: config.generation, handoff }), {
    prefix: '/api/openapi/v1',
  });
  await app.register(nodesAdminRoutes({ db: database.db, bootstrapToken: config.adminToken, now }), { prefix: '/api/admin' });
  await app.register(nodeRoutes({ database, now, handoff }), { prefix: '/api/nodes/v1' });
  return app;
}
