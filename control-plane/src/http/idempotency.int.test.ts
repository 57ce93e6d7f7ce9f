/**
 * Idempotency-Key when the database fails under a request: the client's
 * retry (same key) does the work exactly once, whether the failure came
 * before the work committed or after.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpCutProxy } from '../../../test/support/tcp-cut-proxy.js';
import { type Db, openPostgres, rows } from '../db/client.js';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../db/unavailable.js';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../testing/db.js';
import { ApiError } from './errors.js';
import { type IdempotencyInput, runIdempotent, type StoredAnswer } from './idempotency.js';

let test: TestDatabase;
let db: Db;
beforeAll(async () => {
  test = await createTestDatabase();
  db = test.database.db;
  await db.execute(sql`create table idempotency_probe (key text not null, n serial primary key)`);
});
afterAll(async () => test?.close());

let users = 0;
const input = (key: string): IdempotencyInput => ({ userId: 9000 + ++users, key, method: 'POST', path: '/publish', rawBody: Buffer.from('{"a":1}'), now: new Date() });

/** The work a publish does: one row per execution, answered with its id. */
const work = (key: string) => async (tx: Db): Promise<StoredAnswer> => {
  const [row] = await rows<{ n: number }>(tx, sql`insert into idempotency_probe (key) values (${key}) returning n`);
  return { status: 200, body: { n: row!.n } };
};
const executions = async (key: string) => (await rows<{ c: number }>(db, sql`select count(*)::int as c from idempotency_probe where key = ${key}`))[0]!.c;

/**
 * Retries the way a client does after a 503 or an in-flight 409. No deadline of its own: a key left
 * claimed would refuse retries for its whole lease (60 s), past the test's timeout, which is what
 * fails the test then; a slow machine only makes the retries come later.
 */
async function retry(i: IdempotencyInput, key: string, on: Db = db) {
  for (;;) {
    try {
      return await runIdempotent(on, { ...i, now: new Date() }, work(key));
    } catch (error) {
      const retryable = (error instanceof ApiError && error.code === 'idempotency_key_in_flight') || isDatabaseUnavailable(error);
      if (!retryable) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

describe('errors: the database fails under a request', () => {
  it('before the work committed: the retry takes the key over at once and does the work once', async () => {
    const i = input('before-commit');
    const failing = async () => {
      throw new DatabaseUnavailableError('no database connection within 3000 ms');
    };
    await expect(runIdempotent(db, i, failing)).rejects.toBeInstanceOf(DatabaseUnavailableError);
    // The lease (60 s) is given up in the background: the retry is not refused for a minute.
    const answer = await retry(i, 'before-commit');
    expect(answer).toMatchObject({ status: 200, replayed: false });
    expect(await executions('before-commit')).toBe(1);
  });

  it.runIf(hasPostgres())('while the database stays away: once it is back, the retry takes the key over at once and does the work once', async () => {
    const target = new URL(test.url!);
    const proxy = await startTcpCutProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const cut = openPostgres(proxy.via(test.url!), 2, 1, 1000);
    try {
      const i = input('outage');
      // The key is claimed, then the connection goes in the middle of the work and stays gone a while.
      const failing = async (tx: Db) => {
        await proxy.cut('refuse');
        return work('outage')(tx);
      };
      const first = await runIdempotent(cut.db, i, failing).catch((e: unknown) => e);
      expect(isDatabaseUnavailable(first), String(first)).toBe(true);
      // The outage lasting a while (the release's attempts fail meanwhile); longer on a slow machine changes nothing.
      await new Promise((r) => setTimeout(r, 1500));
      await proxy.restore();
      // Not refused until the minute's lease ends: the lease is given up as soon as the database answers.
      const answer = await retry(i, 'outage', cut.db);
      expect(answer).toMatchObject({ status: 200, replayed: false });
      expect(await executions('outage')).toBe(1);
    } finally {
      await cut.close();
      await proxy.close();
    }
  });

  it.runIf(hasPostgres())('right after the database is back, a retry reaching the same replica takes the key over without waiting for the release', async () => {
    const target = new URL(test.url!);
    const proxy = await startTcpCutProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const cut = openPostgres(proxy.via(test.url!), 2, 1, 1000);
    try {
      const i = input('same-replica');
      const failing = async (tx: Db) => {
        await proxy.cut('refuse');
        return work('same-replica')(tx);
      };
      expect(isDatabaseUnavailable(await runIdempotent(cut.db, i, failing).catch((e: unknown) => e))).toBe(true);
      // Away long enough for the release's first attempt to fail; its next is a second away. (A slow
      // machine can only make this pass without the takeover being needed, never fail.)
      await new Promise((r) => setTimeout(r, 300));
      await proxy.restore();
      // The retry does not get 409 meanwhile.
      const answer = await runIdempotent(cut.db, { ...i, now: new Date() }, work('same-replica'));
      expect(answer).toMatchObject({ status: 200, replayed: false });
      expect(await executions('same-replica')).toBe(1);
    } finally {
      await cut.close();
      await proxy.close();
    }
  });

  it.runIf(hasPostgres())('retries that fail while the database is away do not hide the claim that was written: the first retry after it is back takes the key over', async () => {
    const target = new URL(test.url!);
    const proxy = await startTcpCutProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const cut = openPostgres(proxy.via(test.url!), 2, 1, 1000);
    try {
      const i = input('retried-in-outage');
      const failing = async (tx: Db) => {
        await proxy.cut('refuse');
        return work('retried-in-outage')(tx);
      };
      expect(isDatabaseUnavailable(await runIdempotent(cut.db, i, failing).catch((e: unknown) => e))).toBe(true);
      // The client retries while the database is still away: each retry's own claim fails too.
      for (let n = 0; n < 2; n++) {
        const again = await runIdempotent(cut.db, { ...i, now: new Date() }, work('retried-in-outage')).catch((e: unknown) => e);
        expect(isDatabaseUnavailable(again), String(again)).toBe(true);
      }
      await proxy.restore();
      const answer = await runIdempotent(cut.db, { ...i, now: new Date() }, work('retried-in-outage'));
      expect(answer).toMatchObject({ status: 200, replayed: false });
      expect(await executions('retried-in-outage')).toBe(1);
    } finally {
      await cut.close();
      await proxy.close();
    }
  });

  it.runIf(hasPostgres())('a retry that finds its own abandoned claim takes it over even when the claim\'s release lands between its read and its takeover', async () => {
    const target = new URL(test.url!);
    const proxy = await startTcpCutProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const cut = openPostgres(proxy.via(test.url!), 2, 1, 1000);
    try {
      const i = input('release-meanwhile');
      const failing = async (tx: Db) => {
        await proxy.cut('refuse');
        return work('release-meanwhile')(tx);
      };
      // The claim is written through the proxy, then the connection goes: the claim is abandoned, and
      // its release keeps failing behind the cut proxy while the retry comes through another connection.
      expect(isDatabaseUnavailable(await runIdempotent(cut.db, i, failing).catch((e: unknown) => e))).toBe(true);
      // The release landing at the worst moment: after the retry read the claim, before it takes it
      // over (what a release retry, due every second, does on a loaded machine). It sets the lease to
      // the claim's start, as releaseWhenReachable does.
      const release = () =>
        db.execute(sql`update idempotency_keys set locked_until = ${i.now.toISOString()}::timestamptz
                       where user_id = ${i.userId} and key = ${i.key!} and state = 'in_flight'`);
      let landed = false;
      const releasedMeanwhile = Object.assign(Object.create(db) as Db, {
        update: (table: Parameters<Db['update']>[0]) => {
          const real = db.update(table);
          if (landed) return real;
          landed = true;
          return {
            set: (values: Parameters<typeof real.set>[0]) => {
              const set = real.set(values);
              return {
                where: (where: Parameters<typeof set.where>[0]) => {
                  const query = set.where(where);
                  return { returning: async (fields: Parameters<typeof query.returning>[0]) => (await release(), query.returning(fields)) };
                },
              };
            },
          };
        },
      });
      const answer = await runIdempotent(releasedMeanwhile, { ...i, now: new Date() }, work('release-meanwhile'));
      expect(landed).toBe(true);
      expect(answer).toMatchObject({ status: 200, replayed: false });
      expect(await executions('release-meanwhile')).toBe(1);
    } finally {
      await cut.close();
      await proxy.close();
    }
  });

  it('after the work committed (the answer lost with the connection): the retry gets the stored answer, the work ran once', async () => {
    const i = input('after-commit');
    // A transaction that commits, then loses its connection before the answer comes back.
    const lostAnswer = Object.assign(Object.create(db) as Db, {
      transaction: async (fn: (tx: Db) => Promise<unknown>) => {
        await db.transaction(fn);
        throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
      },
    });
    await expect(runIdempotent(lostAnswer, i, work('after-commit'))).rejects.toMatchObject({ code: 'ECONNRESET' });
    const answer = await retry(i, 'after-commit');
    expect(answer).toMatchObject({ status: 200, replayed: true });
    expect(await executions('after-commit')).toBe(1);
  });

  it('a failure that is not the database still frees the key for a fresh run', async () => {
    const i = input('bug');
    await expect(
      runIdempotent(db, i, async () => {
        throw new TypeError('boom');
      }),
    ).rejects.toBeInstanceOf(TypeError);
    expect(await runIdempotent(db, { ...i, now: new Date() }, work('bug'))).toMatchObject({ status: 200, replayed: false });
  });
});
