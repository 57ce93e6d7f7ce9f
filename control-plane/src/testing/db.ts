/**
 * One database per test file: a clone of the migrated template on PostgreSQL
 * (see test/global-setup.ts), or an in-memory PGlite. Dropped at the end
 * unless PLUME_KEEP_TEST_DB=1 (then its name is printed for inspection).
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { applyMigrations } from '../db/migrate.js';

export interface TestDatabase {
  database: Database;
  /** Connection URL for child processes; null on PGlite. */
  url: string | null;
  close(): Promise<void>;
}

export const hasPostgres = (): boolean => Boolean(process.env.TEST_DATABASE_URL);

const TEST_CONNECT_TIMEOUT_MS = 30_000;

export async function createTestDatabase(): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const database = await openPglite(null);
    await applyMigrations(database);
    return { database, url: null, close: () => database.close() };
  }
  const template = process.env.PLUME_TEST_TEMPLATE_DB;
  if (!template) throw new Error('PLUME_TEST_TEMPLATE_DB unset: run tests through vitest so test/global-setup.ts runs');
  // Named after the run (test/global-setup.ts), so a run that died leaves clones the next run can find and drop.
  const name = `plume_t_${process.env.PLUME_TEST_RUN_ID ?? '00000000'}_${randomBytes(6).toString('hex')}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  // The driver's own 30 s connect timeout, not the 3 s a server uses: on a loaded test machine a
  // connection to a healthy PostgreSQL can take seconds, and these tests are not about outages.
  const database = openPostgres(url.toString(), 10, 2, TEST_CONNECT_TIMEOUT_MS);
  return {
    database,
    url: url.toString(),
    async close() {
      await database.close();
      if (process.env.PLUME_KEEP_TEST_DB === '1') {
        process.stdout.write(`[tests] kept database ${name}\n`);
        return;
      }
      const drop = postgres(base, { max: 1, onnotice: () => {} });
      try {
        await drop.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await drop.end();
      }
    },
  };
}
