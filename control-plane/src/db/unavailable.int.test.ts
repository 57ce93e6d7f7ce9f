/**
 * The database clients during an outage, through a TCP proxy that is cut
 * (never the shared PostgreSQL itself): statements and transactions fail
 * as "database unavailable" within the bound, nothing they were asked to
 * do happens later, and the pool is whole and answering as soon as the
 * path is back.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTcpCutProxy, type TcpCutProxy } from '../../../test/support/tcp-cut-proxy.js';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../testing/db.js';
import { type Database, type Db, openPostgres, rows } from './client.js';
import { boundedWait, DatabaseUnavailableError, isDatabaseUnavailable } from './unavailable.js';

const WAIT_MS = 800;

describe.skipIf(!hasPostgres())('database clients through a cut connection', () => {
  let test: TestDatabase;
  let proxy: TcpCutProxy;
  let database: Database;

  beforeAll(async () => {
    test = await createTestDatabase();
    await test.database.db.execute(sql`create table outage_probe (id int primary key)`);
    const target = new URL(test.url!);
    proxy = await startTcpCutProxy({ host: target.hostname, port: Number(target.port || 5432) });
    database = openPostgres(proxy.via(test.url!), 3, 1, WAIT_MS);
  });
  afterEach(async () => proxy.restore());
  afterAll(async () => {
    await database?.close();
    await proxy?.close();
    await test?.close();
  });

  /** How long `p` takes to settle, and with what. */
  async function timed<T>(p: Promise<T>): Promise<{ ms: number; error?: unknown; value?: T }> {
    const start = performance.now();
    try {
      const value = await p;
      return { ms: performance.now() - start, value };
    } catch (error) {
      return { ms: performance.now() - start, error };
    }
  }

  /**
   * Cuts the path so that a connection attempt is held for good (its connect
   * timeout is 30 s) after the pool saw a connection refused: what a bounded
   * wait needs before it gives up.
   */
  async function refusedThenHeld(db: Db) {
    await proxy.cut('refuse');
    expect(isDatabaseUnavailable(await select(db).catch((e: unknown) => e))).toBe(true);
    await proxy.restore();
    await proxy.cut('blackhole');
  }

  /** A bounded wait's own give-up (drizzle wraps a statement's error, not a transaction's). */
  const gaveUp = (e: unknown) => e instanceof DatabaseUnavailableError || (e as { cause?: unknown })?.cause instanceof DatabaseUnavailableError;
  const select = (db: Db) => rows<{ one: number }>(db, sql`select 1 as one`);

  it.each(['refuse', 'blackhole'] as const)('%s: every statement and transaction fails as unavailable within the bound; the first ones after restore succeed', async (mode) => {
    const db = database.db;
    expect(await select(db)).toEqual([{ one: 1 }]);
    await proxy.cut(mode);
    // More at once than the pool has connections: the queued ones are bounded too.
    const during = await Promise.all([
      ...Array.from({ length: 8 }, () => timed(select(db))),
      ...Array.from({ length: 4 }, () => timed(db.transaction((tx) => rows(tx, sql`select 1`)))),
      timed(select(database.signedRequests)),
    ]);
    for (const r of during) {
      expect(isDatabaseUnavailable(r.error), String(r.error)).toBe(true);
      // The bound, plus the time between its checks and a loaded machine's slack.
      expect(r.ms).toBeLessThan(WAIT_MS + 1500);
    }
    await proxy.restore();
    const after = await Promise.all(Array.from({ length: 6 }, () => timed(select(db))));
    for (const r of after) {
      expect(r.error).toBeUndefined();
      expect(r.ms).toBeLessThan(1500);
    }
  });

  it('a transaction that gave up waiting never runs, even when its connection comes later', async () => {
    // A connect attempt that outlives the wait: after the give-up, the attempt completes and BEGIN runs.
    const raw = postgres(proxy.via(test.url!), { max: 1, connect_timeout: 30, onnotice: () => {} });
    const db = drizzle({ client: boundedWait(raw, 300) }) as unknown as Db;
    try {
      await refusedThenHeld(db);
      const attempt = await timed(db.transaction((tx) => tx.execute(sql`insert into outage_probe values (1)`)));
      expect(gaveUp(attempt.error), String(attempt.error)).toBe(true);
      await proxy.restore();
      // The BEGIN reaches PostgreSQL now; the body it would have run is refused and rolled back.
      // (A loaded machine may take longer than the 300 ms wait to connect: the first try may give up too.)
      await expect.poll(() => select(db).catch(() => null), { timeout: 10_000, interval: 100 }).toEqual([{ one: 1 }]);
      expect(await rows(test.database.db, sql`select id from outage_probe`)).toEqual([]);
    } finally {
      await raw.end({ timeout: 1 });
    }
  });

  it('a statement that gave up while its connection was opening leaves that connection to the pool', async () => {
    // A one-connection pool whose connect attempt outlives the wait: the statement gives up while
    // the attempt is held, then the attempt completes. Without the driver patch
    // (patches/postgres+3.4.9.patch) that connection stayed "connecting" and the pool was empty for good.
    const raw = postgres(proxy.via(test.url!), { max: 1, connect_timeout: 30, onnotice: () => {} });
    const db = drizzle({ client: boundedWait(raw, 300) }) as unknown as Db;
    try {
      await refusedThenHeld(db);
      const first = await timed(select(db));
      expect(gaveUp(first.error), String(first.error)).toBe(true);
      expect(proxy.held()).toBe(1);
      await proxy.restore();
      const next = await timed(select(db));
      expect(next.error).toBeUndefined();
      expect(next.value).toEqual([{ one: 1 }]);
    } finally {
      await raw.end({ timeout: 1 });
    }
  });

  it('a statement sent on a connection between its reset and its close is settled, not left waiting', async () => {
    // The reset's error settles the running statement; its rejection handler sends the next at once,
    // onto the same connection (still in the pool until the close event). Without the driver patch
    // (patches/postgres+3.4.9.patch, closed()) that one was never settled.
    const raw = postgres(proxy.via(test.url!), { max: 1, onnotice: () => {} });
    try {
      await raw`select 1`;
      const next = raw`select pg_sleep(5)`.then(
        () => 'the first statement survived the reset',
        () => timed(raw`select 1`),
      );
      await new Promise((r) => setTimeout(r, 100));
      await proxy.cut('refuse');
      const settled = await Promise.race([next, new Promise((r) => setTimeout(() => r('never settled'), 5000))]);
      expect(settled).toMatchObject({ error: expect.anything() });
      expect(isDatabaseUnavailable((settled as { error: unknown }).error)).toBe(true);
    } finally {
      await raw.end({ timeout: 1 });
    }
  });

  it('a busy pool that keeps answering is waited for, however long the queue', async () => {
    const raw = postgres(test.url!, { max: 1, onnotice: () => {} });
    const db = drizzle({ client: boundedWait(raw, 300) }) as unknown as Db;
    try {
      // Ten statements of 100 ms on one connection: the last waits about 900 ms, three times the bound.
      const all = await timed(Promise.all(Array.from({ length: 10 }, () => db.execute(sql`select pg_sleep(0.1)`))));
      expect(all.error).toBeUndefined();
      expect(all.ms).toBeGreaterThan(900);
    } finally {
      await raw.end({ timeout: 1 });
    }
  });

  it('a pool whose connections are all busy for longer than the bound is waited for: load, not an outage', async () => {
    const raw = postgres(test.url!, { max: 1, onnotice: () => {} });
    const db = drizzle({ client: boundedWait(raw, 300) }) as unknown as Db;
    try {
      const long = timed(db.execute(sql`select pg_sleep(1)`));
      const queued = await timed(select(db));
      expect(queued.error).toBeUndefined();
      expect(queued.ms).toBeGreaterThan(900);
      expect((await long).error).toBeUndefined();
    } finally {
      await raw.end({ timeout: 1 });
    }
  });
});
