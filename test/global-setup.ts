/**
 * Picks the database the whole test run uses:
 * TEST_DATABASE_URL if set; else a testcontainers PostgreSQL when a Docker
 * engine answers; else PGlite per file. For PostgreSQL it migrates one
 * template database per run, which each test file clones (fast,
 * and every file starts from the same clean schema).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { openPostgres } from '../control-plane/src/db/client.js';
import { applyMigrations, MIGRATIONS_DIR } from '../control-plane/src/db/migrate.js';

function migrationsHash(): string {
  const h = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort()) h.update(readFileSync(join(MIGRATIONS_DIR, f)));
  return h.digest('hex').slice(0, 12);
}

async function dockerAnswers(): Promise<boolean> {
  const socket = process.env.DOCKER_HOST?.replace(/^unix:\/\//, '') ?? '/var/run/docker.sock';
  if (!existsSync(socket)) return false;
  try {
    const http = await import('node:http');
    return await new Promise<boolean>((resolve) => {
      const req = http.request({ socketPath: socket, path: '/_ping', timeout: 2000 }, (res) => resolve(res.statusCode === 200));
      req.on('error', () => resolve(false));
      req.on('timeout', () => resolve(false));
      req.end();
    });
  } catch {
    return false;
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  let stopContainer: (() => Promise<unknown>) | null = null;
  if (!process.env.TEST_DATABASE_URL && (await dockerAnswers())) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:16-alpine').start();
    process.env.TEST_DATABASE_URL = container.getConnectionUri();
    stopContainer = () => container.stop();
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    // The multi-process tests (several replicas, daemons) need a shared PostgreSQL and skip on PGlite; CI must run them.
    if (process.env.CI === 'true') throw new Error('CI needs TEST_DATABASE_URL (or a Docker engine): the replica and fault tests must not skip');
    process.stdout.write('[tests] no TEST_DATABASE_URL and no Docker engine: each test file uses PGlite; tests needing several processes on one PostgreSQL are skipped\n');
    return async () => {};
  }
  // One template per run, named after the run, migrated here and dropped at the end. The run holds an
  // advisory lock keyed by its id for as long as it lives, so a later run can tell the leftovers of a
  // run that died (lock free) from those of a run still going (lock held) and drops only the former.
  const runId = randomBytes(4).toString('hex');
  const template = `plume_tpl_${migrationsHash()}_${runId}`;
  // The lock is held by this one session for the whole run: the driver's default recycles a connection
  // after 30–60 minutes, which would free the lock and let another run take this run's databases for leftovers.
  const owner = postgres(url, { max: 1, max_lifetime: 0, onnotice: () => {} });
  await owner`select pg_advisory_lock(${RUN_LOCK_CLASS}, hashtext(${runId}))`;
  await dropLeftovers(owner);
  await owner.unsafe(`create database "${template}"`);
  const target = new URL(url);
  target.pathname = `/${template}`;
  const db = openPostgres(target.toString(), 2, 1, 30_000);
  try {
    await applyMigrations(db);
  } finally {
    await db.close();
  }
  process.env.PLUME_TEST_TEMPLATE_DB = template;
  process.env.PLUME_TEST_RUN_ID = runId;
  process.stdout.write(`[tests] PostgreSQL at ${new URL(url).host}, template ${template}\n`);
  return async () => {
    try {
      if (process.env.PLUME_KEEP_TEST_DB !== '1') await owner.unsafe(`drop database if exists "${template}" with (force)`);
    } finally {
      await owner.end();
      await stopContainer?.();
    }
  };
}

/** Advisory-lock class of test runs (the second key is the run id's hash). */
const RUN_LOCK_CLASS = 7301994;

/**
 * Drops templates and per-file clones left by runs that ended without
 * cleaning up (killed, crashed): their run's lock is free. Names carry the run
 * id: `plume_tpl_<migrations>_<run>` and `plume_t_<run>_<random>`.
 */
async function dropLeftovers(sql: postgres.Sql): Promise<void> {
  const rows = await sql<{ datname: string }[]>`
    select datname from pg_database where datname ~ '^plume_(tpl_[0-9a-f]{12}|t)_[0-9a-f]{8}(_[0-9a-f]+)?$'`;
  for (const { datname } of rows) {
    const run = datname.startsWith('plume_tpl_') ? datname.slice(-8) : datname.slice('plume_t_'.length, 'plume_t_'.length + 8);
    const [{ free }] = await sql<{ free: boolean }[]>`select pg_try_advisory_lock(${RUN_LOCK_CLASS}, hashtext(${run})) as free`;
    if (!free) continue;
    try {
      await sql.unsafe(`drop database if exists "${datname}" with (force)`);
    } finally {
      await sql`select pg_advisory_unlock(${RUN_LOCK_CLASS}, hashtext(${run}))`;
    }
  }
}

