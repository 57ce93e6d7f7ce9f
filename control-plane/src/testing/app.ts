/** A prepared database and a built (not listening) app for a test file. */
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../app.js';
import type { Config } from '../config.js';
import { PasswordHasher } from '../console-api/passwords.js';
import { committedMigrationCount, prepareDatabase } from '../db/bootstrap.js';
import { createTestDatabase, type TestDatabase } from './db.js';

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

/**
 * Console passwords in tests: scrypt at the lowest cost a stored hash may ask
 * for (16 MiB, tens of milliseconds) instead of today's (128 MiB, over half a
 * second of CPU), so the console's tests spend their time on what they check.
 * Tests about the hashing itself use today's (passwords.test.ts, the timing test).
 */
export const TEST_PASSWORDS = new PasswordHasher({ ln: 14, r: 8, p: 1 });

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  /** Moves the app's clock; starts at the real time. */
  clock: { offsetMs: number };
  adminHeaders: Record<string, string>;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: {
    generation?: Config['generation'];
    secretKey?: string;
    dispatchTimers?: AppOptions['dispatchTimers'];
    consoleDist?: string;
    passwords?: PasswordHasher;
    /**
     * The database to serve, the caller's: another replica's, or one that outlives this app (a
     * replica restarted on it). Prepared as a starting replica prepares it; `close()` leaves it open.
     * Default: a database of its own, dropped by `close()`.
     */
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const owned = !overrides.database;
  const db = overrides.database ?? (await createTestDatabase());
  await prepareDatabase(db.database);
  const clock = { offsetMs: 0 };
  const app = await buildApp({
    config: { adminToken: TEST_ADMIN_TOKEN, trustProxy: false, logLevel: 'silent', secretKey: overrides.secretKey, generation: overrides.generation ?? null },
    database: db.database,
    expectedMigrations: committedMigrationCount(),
    now: () => new Date(Date.now() + clock.offsetMs),
    logger: process.env.PLUME_TEST_LOG ? { level: process.env.PLUME_TEST_LOG } : false,
    ...(overrides.dispatchTimers ? { dispatchTimers: overrides.dispatchTimers } : {}),
    ...(overrides.consoleDist ? { consoleDist: overrides.consoleDist } : {}),
    passwords: overrides.passwords ?? TEST_PASSWORDS,
  });
  await app.ready();
  return {
    app,
    db,
    clock,
    adminHeaders: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    async close() {
      await app.close();
      if (owned) await db.close();
    },
  };
}
