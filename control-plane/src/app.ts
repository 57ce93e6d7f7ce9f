/**
 * Builds the control plane's Fastify app; never listens (main.ts does, tests
 * use inject or listen on port 0). Plugins load in a fixed order: framework
 * settings (with the answers given before any surface's own handler, which
 * pick their envelope by URL prefix), then one line per API surface.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { adminSurface } from './http/admin-errors.js';
import { accountsAdminRoutes } from './accounts/accounts.admin.routes.js';
import { adminRoutes } from './admin/admin.routes.js';
import { consoleInvitesAdminRoutes } from './console-api/console-invites.admin.routes.js';
import { consoleSurface } from './console-api/console.errors.js';
import { consoleRoutes } from './console-api/console.routes.js';
import type { PasswordHasher } from './console-api/passwords.js';
import { nodesAdminRoutes } from './nodes/nodes.admin.routes.js';
import { LocalHandoff } from './nodes/local-handoff.js';
import { LoginRelay } from './nodes/login-relay.js';
import { InputRelay } from './publishing/challenges/input-relay.js';
import { pacingAdminRoutes } from './publishing/pacing/pacing.admin.routes.js';
import { egressAdminRoutes } from './accounts/egress.admin.routes.js';
import { healthAdminRoutes } from './accounts/health/health.admin.routes.js';
import { HealthWatcher } from './accounts/health/health-watcher.js';
import { loginsAdminRoutes } from './nodes/logins.admin.routes.js';
import { nodeSurface } from './nodes/nodes.errors.js';
import { nodeRoutes } from './nodes/nodes.routes.js';
import { DEFAULT_TIMERS, type DispatchTimers } from './nodes/timers.js';
import { consoleSpa } from './console-api/spa.js';
import { healthRoutes } from './health.routes.js';
import { MAX_PARAM_LENGTH } from './http/limits.js';
import { genRequestId } from './http/request-id.js';
import { clientErrorHandler, frameworkErrorHandler, notFoundHandler, rootErrorHandler, SurfaceMap } from './http/surface-routing.js';
import { UnacceptableTextError, unacceptableInUrl } from './http/text-guard.js';
import { licenseSurface } from './license/license.errors.js';
import { licenseRoutes } from './license/license.routes.js';
import { LicenseService } from './license/license.service.js';
import { licenseAdminRoutes } from './license/admin/license-admin.routes.js';
import { usersAdminRoutes } from './integrators/users.admin.routes.js';
import { jobInputsAdminRoutes } from './publishing/job-inputs/job-inputs.admin.routes.js';
import { publishingAdminRoutes } from './publishing/publishing.admin.routes.js';
import { installHttpMetrics } from './metrics/http.js';
import { metricsRoutes } from './admin/metrics.routes.js';
import { openapiSurface } from './http/openapi-errors.js';
import { registerCompression } from './http/compression.js';
import { endConnectionsWhenClosing } from './http/closing.js';
import { openapiRoutes } from './openapi/openapi.routes.js';

/** Where each API surface lives; answers given before routing pick their envelope by these prefixes. */
const PREFIX = { openapi: '/api/openapi/v1', license: '/api/license/v2', admin: '/api/admin', console: '/api/console', nodes: '/api/nodes/v1', metrics: '/metrics' } as const;
const SURFACES = new SurfaceMap([
  [PREFIX.openapi, openapiSurface],
  [PREFIX.license, licenseSurface],
  [PREFIX.admin, adminSurface],
  [PREFIX.console, consoleSurface],
  [PREFIX.nodes, nodeSurface],
  // GET /metrics needs an admin token and answers the admin envelope.
  [PREFIX.metrics, adminSurface],
]);

export interface AppOptions {
  config: Pick<Config, 'adminToken' | 'trustProxy' | 'logLevel' | 'secretKey' | 'generation'>;
  database: Database;
  expectedMigrations: number;
  /** Clock for every service; tests move it. */
  now?: () => Date;
  /** Logger override: false silences (tests), otherwise pino options. */
  logger?: boolean | object;
  /** Dispatch timers other than the defaults (nodes/timers.ts): the conformance kit runs with shorter ones. */
  dispatchTimers?: Partial<DispatchTimers>;
  /** The console's built files; default control-plane/console/dist (console-api/spa.ts). */
  consoleDist?: string;
  /** How console passwords are hashed; default today's scrypt cost (console-api/passwords.ts). */
  passwords?: PasswordHasher;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, redact: ['req.headers.authorization'] },
    genReqId: genRequestId,
    trustProxy: config.trustProxy,
    // Each surface sets its own tighter limit; this bounds anything else.
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler(SURFACES),
    clientErrorHandler: clientErrorHandler(SURFACES),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before any route: each route gets its own request counter and latency hook as it is declared.
  installHttpMetrics(app);
  // Before any route too: its hooks apply to the routes declared after it.
  await registerCompression(app);
  // Callback style: an async hook costs a promise and a microtask turn on every request.
  // The URL check runs here, before any surface's auth: a refused URL touches nothing.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    const problem = unacceptableInUrl(request.url);
    done(problem === null ? undefined : new UnacceptableTextError(problem));
  });

  endConnectionsWhenClosing(app);

  app.setNotFoundHandler(notFoundHandler(SURFACES));
  app.setErrorHandler(rootErrorHandler(SURFACES));

  const now = options.now ?? (() => new Date());
  // Publishes for nodes whose socket this replica holds go to its dispatcher without a NOTIFY round trip.
  const handoff = new LocalHandoff();
  // Relayed logins: the admin and console routes start and watch them, the node routes' hub carries them to the nodes.
  const logins = new LoginRelay({ database, timers: { ...DEFAULT_TIMERS, ...options.dispatchTimers }, log: app.log.child({ component: 'logins' }) });
  // Answers to jobs paused on a platform's challenge: the Open API and console routes send them, the node routes' hub carries them.
  const inputs = new InputRelay({ database, log: app.log.child({ component: 'inputs' }) });
  // Account health: each replica evaluates the accounts whose signals it hears of, and sweeps for cool-downs that ran out.
  const accountHealth = new HealthWatcher({ database, log: app.log.child({ component: 'account-health' }), sweepMs: options.dispatchTimers?.sweepMs });
  app.addHook('onReady', () => accountHealth.start());
  app.addHook('onClose', () => accountHealth.stop());
  await app.register(healthRoutes(database, options.expectedMigrations));
  await app.register(metricsRoutes({ db: database.db, bootstrapToken: config.adminToken, now }));
  await app.register(licenseRoutes(new LicenseService({ db: database.db, signedRequests: database.signedRequests, admissionLanes: database.signedRequestConnections, now })), { prefix: PREFIX.license });
  // Every /api/admin route, whichever domain it administers, registers inside this one scope: one
  // auth and audit, one error model, one OpenAPI document.
  await app.register(
    adminRoutes({
      db: database.db,
      bootstrapToken: config.adminToken,
      now,
      extensions: [
        licenseAdminRoutes({ db: database.db, now }),
        usersAdminRoutes(database.db),
        accountsAdminRoutes({ db: database.db, now, secretKey: config.secretKey, generation: config.generation }),
        publishingAdminRoutes({ db: database.db, now }),
        pacingAdminRoutes({ db: database.db }),
        healthAdminRoutes({ db: database.db }),
        egressAdminRoutes({ db: database.db }),
        nodesAdminRoutes({ db: database.db, now }),
        loginsAdminRoutes({ db: database.db, logins }),
        jobInputsAdminRoutes({ db: database.db, inputs }),
        consoleInvitesAdminRoutes({ db: database.db, now, ...(options.passwords ? { passwords: options.passwords } : {}) }),
      ],
    }),
    { prefix: PREFIX.admin },
  );
  // People in the console: its own session cookie, never an API key or admin token.
  await app.register(consoleRoutes({ db: database.db, now, logins, inputs, secretKey: config.secretKey, ...(options.passwords ? { passwords: options.passwords } : {}) }), { prefix: PREFIX.console });
  await app.register(openapiRoutes({ db: database.db, now, secretKey: config.secretKey, generation: config.generation, handoff }), {
    prefix: PREFIX.openapi,
  });
  await app.register(
    nodeRoutes({ database, now, handoff, logins, inputs, secretKey: config.secretKey, ...(options.dispatchTimers ? { timers: options.dispatchTimers } : {}) }),
    { prefix: PREFIX.nodes },
  );
  // The console's pages at / (its client routes, /assets/*); every /api path stays the surfaces' own.
  await app.register(consoleSpa({ dist: options.consoleDist }));
  return app;
}
