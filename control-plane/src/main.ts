/**
 * The control plane process: parse config once, open and prepare the
 * database, listen, prune expired shared state and keep the job queue's
 * statistics current on timers, and shut down cleanly on SIGTERM/SIGINT.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inspect } from 'node:util';
import { startMetricsListener, SystemdNotifier } from '@plume/shared';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { consoleBaseUrl, prepareFirstAdminSetup } from './console-api/first-admin.js';
import { ConsoleSessions } from './console-api/sessions.js';
import { LoginThrottle } from './console-api/throttle.js';
import { prunePendingLogins } from './console-api/pending-logins.js';
import { openDatabase } from './db/client.js';
import { committedMigrationCount, prepareDatabase } from './db/bootstrap.js';
import { analyzeQueueIfGrown, QUEUE_ANALYZE_INTERVAL_MS } from './db/queue-analyze.js';
import { pruneExpired } from './db/rate-counter.js';
import { logRoundFailure } from './db/unavailable.js';
import { registry } from './metrics/instruments.js';
import { startOpenApiWorkers } from './openapi/workers.js';
import { listen } from './db/listen.js';

// Expired nonces, counters and challenges only cost space; once a minute is plenty.
const PRUNE_INTERVAL_MS = 60_000;
/**
 * On SIGTERM the server stops taking connections and requests in flight get this long to end;
 * then the connections still open are cut. A client that holds one open (a request whose body
 * never comes, a stream nobody reads) would otherwise hold the process for as long as it likes.
 */
const SHUTDOWN_GRACE_MS = 10_000;
/**
 * The whole shutdown's bound, under the unit's TimeoutStopSec (30 s): past it the process exits 1
 * and logs the step it was waiting on, instead of being killed with nothing said.
 */
const SHUTDOWN_DEADLINE_MS = 25_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  // Before the logger exists (buildApp makes it), plain lines on stderr: a first start spends a
  // minute or two creating the embedded database, and a person watching should know why.
  const opening = Date.now();
  process.stderr.write(`${databaseOpeningLine(config.database)}\n`);
  const database = await openDatabase(config.database);
  const prepared = await prepareDatabase(database, config.licenseFallbackOfflineKey);
  process.stderr.write(`plume: database ready in ${Math.round((Date.now() - opening) / 1000)} s; starting the HTTP server on ${config.host}:${config.port}\n`);
  const app = await buildApp({ config, database, expectedMigrations: committedMigrationCount() });
  app.log.info(
    { database: database.kind, backfilledKeys: prepared.backfilledKeys, adminApi: config.adminToken ? 'bootstrap token set' : 'admin tokens only' },
    'control plane prepared',
  );

  // Generation, webhook delivery and idempotency pruning: every replica runs them; PostgreSQL hands each task to one.
  const workers = startOpenApiWorkers({
    db: database.db,
    generation: config.generation,
    log: app.log,
    cms: { secretKey: config.secretKey, ...config.cms },
    listen: (channel, fn) => listen(database.db, channel, () => fn()),
  });

  // Ended console sessions, expired pending logins and settled login-throttle rows are refused or ignored anyway; pruning only frees space.
  const consoleSessions = new ConsoleSessions(database.db);
  const loginThrottle = new LoginThrottle(database.db);
  const prune = setInterval(() => {
    Promise.all([pruneExpired(database.db, new Date()), consoleSessions.prune(), loginThrottle.prune(), prunePendingLogins(database.db, new Date())]).catch((err: unknown) => logRoundFailure(app.log, err, 'prune'));
  }, PRUNE_INTERVAL_MS);
  prune.unref();
  // Fresh plans for the queue's prepared statements while its tables grow (db/queue-analyze.ts).
  let analyzing = false;
  const analyze = setInterval(() => {
    if (analyzing) return;
    analyzing = true;
    analyzeQueueIfGrown(database.db)
      .catch((err: unknown) => logRoundFailure(app.log, err, 'queue analyze'))
      .finally(() => (analyzing = false));
  }, QUEUE_ANALYZE_INTERVAL_MS);
  analyze.unref();

  const notifier = new SystemdNotifier(config.notify, app.log);
  // Prometheus on an address of its own (PLUME_METRICS_ADDR): unauthenticated, so private by where it listens.
  const metrics = config.metricsAddress ? await startMetricsListener(config.metricsAddress, registry) : null;
  if (metrics) app.log.info({ address: `${metrics.address.host}:${metrics.address.port}` }, 'serving metrics');

  let stopping: Promise<void> | null = null;
  const stop = (signal: string) => {
    if (stopping) {
      // A second signal while draining: the person or the supervisor wants it gone now.
      app.log.warn({ signal }, 'second signal while shutting down: exiting now');
      process.exit(1);
    }
    let step = 'metrics listener';
    const deadline = setTimeout(() => {
      app.log.error({ signal, step, deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown did not finish in time: exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    const cut = setTimeout(() => {
      app.log.warn({ graceMs: SHUTDOWN_GRACE_MS }, 'requests still open after the grace period: closing their connections');
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    cut.unref();
    stopping = (async () => {
      app.log.info({ signal }, 'shutting down');
      notifier.stopping();
      clearInterval(prune);
      clearInterval(analyze);
      await metrics?.close();
      step = 'background workers';
      await workers.stop();
      step = 'open connections';
      await app.close();
      clearTimeout(cut);
      step = 'database';
      await database.close();
    })()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err, step }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  notifier.ready(`serving on ${config.host}:${config.port}`);
  // A console nobody can log in to: the one-time link that makes its first admin (console-api/first-admin.ts).
  // Serving goes on without it: a database hiccup here must not stop the process (the next start prints one).
  const setup = await prepareFirstAdminSetup(database.db, {
    baseUrl: consoleBaseUrl(config.host, config.port),
    dataDir: config.database.kind === 'pglite' ? resolve(config.database.dataDir) : null,
  }).catch((err: unknown) => {
    app.log.error({ err }, 'console setup link not made');
    return null;
  });
  if (setup) {
    process.stderr.write(
      `plume: the console has no admin yet. Create the first one with this one-time link (spent once an admin exists; valid until ${setup.expiresAt.toISOString()}):\n` +
        `plume:   ${setup.url}\n` +
        (setup.file ? `plume: the link is also in ${setup.file} (readable only by this user)\n` : '') +
        (setup.fileError ? `plume: the link could not be written to a file (${setup.fileError})\n` : ''),
    );
    app.log.warn({ file: setup.file, fileError: setup.fileError }, 'console has no admin: a one-time setup link was printed');
  }
  // The ping only needs the event loop to turn: a database outage is not fixed by a restart.
  notifier.startWatchdog(() => true);
}

function databaseOpeningLine(database: Config['database']): string {
  if (database.kind === 'postgres') return 'plume: connecting to PostgreSQL (DATABASE_URL) and applying migrations…';
  const dir = resolve(database.dataDir);
  return existsSync(join(dir, 'PG_VERSION'))
    ? `plume: opening the embedded database in ${dir}…`
    : `plume: creating the embedded database in ${dir} (first start only: about a minute, several on a busy machine)…`;
}

main().catch((error: unknown) => {
  // Not every library throws an Error (PGlite's WebAssembly runtime can throw a plain object): inspect what came.
  process.stderr.write(`control plane failed to start: ${error instanceof Error ? (error.stack ?? error.message) : inspect(error, { depth: 4 })}\n`);
  process.exit(1);
});
