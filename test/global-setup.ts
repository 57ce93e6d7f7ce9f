/**
 * Picks the database the whole test run uses (DESIGN: Databases):
 * TEST_DATABASE_URL if set; else a testcontainers PostgreSQL when a Docker
 * engine answers; else PGlite per file. For PostgreSQL it migrates one
 * template database per migration set, which each test file clones (fast,
 * and every file starts from the same clean schema).
 */
import { createHash } from 'node:crypto';
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
  const template = `plume_tpl_${migrationsHash()}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await admin`select pg_advisory_lock(7301994003)`;
    const [exists] = await admin`select 1 from pg_database where datname = ${template}`;
    if (!exists) {
      await admin.unsafe(`create database "${template}"`);
      const target = new URL(url);
      target.pathname = `/${template}`;
      const db = openPostgres(target.toString(), 2);
      try {
        await applyMigrations(db);
      } finally {
        await db.close();
      }
    }
    await admin`select pg_advisory_unlock(7301994003)`;
  } finally {
    await admin.end();
  }
  process.env.PLUME_TEST_TEMPLATE_DB = template;
  process.stdout.write(`[tests] PostgreSQL at ${new URL(url).host}, template ${template}\n`);
  return async () => {
    await stopContainer?.();
  };
}
