/**
 * The leased request limits against a real database: two RateLimiter
 * instances on one database stand for two replicas (the two-process version
 * is test/openapi-limits-replicas.int.test.ts).
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.js';
import { eventually } from '../testing/eventually.js';
import { createTestDatabase, type TestDatabase } from '../testing/db.js';
import { type LimitVerdict, RateLimiter } from './rate-limit.js';

let t: TestDatabase;
const limiters: RateLimiter[] = [];
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(limiters.map((l) => l.close()));
  await t?.close();
});

const limiter = () => {
  const l = new RateLimiter(t.database.db);
  limiters.push(l);
  return l;
};
const newUser = () => randomInt(1_000_000, 2_000_000_000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Mid-minute, so a test never straddles a window whatever the wall clock says. */
const midMinute = () => Math.floor(Date.now() / 60_000) * 60_000 + 30_000;

async function counter(kind: 'm' | 'd', userId: number, windowMs: number, ms: number): Promise<number> {
  const start = new Date(Math.floor(ms / windowMs) * windowMs).toISOString();
  const [row] = await rows<{ count: number }>(t.database.db, sql`select count from rate_counters where key = ${`oa:${kind}:${userId}`} and window_start = ${start}::timestamptz`);
  return row?.count ?? 0;
}

const tally = (verdicts: LimitVerdict[]) => {
  const by: Record<string, number> = {};
  for (const v of verdicts) by[v.refused ?? 'ok'] = (by[v.refused ?? 'ok'] ?? 0) + 1;
  return by;
};

describe('happy path', () => {
  it('a slow user leases one request at a time: counters and headers are exact', async () => {
    const l = limiter();
    const user = newUser();
    const ms = midMinute();
    const seen = [];
    for (let i = 0; i < 5; i++) {
      const v = await l.take(user, { perMinute: 100, daily: 1000 }, ms + i);
      seen.push([v.refused, v.minute.remaining, v.day.remaining]);
      await sleep(40);
    }
    expect(seen).toEqual([
      [null, 99, 999],
      [null, 98, 998],
      [null, 97, 997],
      [null, 96, 996],
      [null, 95, 995],
    ]);
    expect(await counter('m', user, 60_000, ms)).toBe(5);
    const v = await l.take(user, { perMinute: 100, daily: 1000 }, ms + 10);
    expect(v.minute.resetSeconds).toBe(30);
    expect(v.minute.limit).toBe(100);
    expect(v.day.limit).toBe(1000);
  });

  it('a busy user leases ahead, and what it did not use goes back once it is idle', async () => {
    const l = limiter();
    const user = newUser();
    const limits = { perMinute: 100_000, daily: 1_000_000 };
    let admitted = 0;
    for (let wave = 0; wave < 4; wave++) {
      const verdicts = await Promise.all(Array.from({ length: 200 }, () => l.take(user, limits, Date.now())));
      admitted += verdicts.filter((v) => v.refused === null).length;
    }
    expect(admitted).toBe(800);
    // Leased ahead: the day counter is past what was served, by at most a bounded lease.
    const leased = await counter('d', user, 86_400_000, Date.now());
    expect(leased).toBeGreaterThan(admitted);
    expect(leased - admitted).toBeLessThanOrEqual(1000);
    await eventually(() => counter('d', user, 86_400_000, Date.now()), { interval: 50 }).toBe(admitted);
  });

  it('close gives the unused lease back', async () => {
    const l = new RateLimiter(t.database.db);
    const user = newUser();
    const verdicts = await Promise.all(Array.from({ length: 300 }, () => l.take(user, { perMinute: 100_000, daily: 1_000_000 }, Date.now())));
    await Promise.all(Array.from({ length: 300 }, () => l.take(user, { perMinute: 100_000, daily: 1_000_000 }, Date.now())));
    expect(tally(verdicts)).toEqual({ ok: 300 });
    await l.close();
    expect(await counter('d', user, 86_400_000, Date.now())).toBe(600);
  });

  it('a new minute is a new window', async () => {
    const l = limiter();
    const user = newUser();
    const ms = midMinute();
    const limits = { perMinute: 2, daily: 1000 };
    expect(tally([await l.take(user, limits, ms), await l.take(user, limits, ms), await l.take(user, limits, ms)])).toEqual({ ok: 2, rate_limited: 1 });
    const next = await l.take(user, limits, ms + 60_000);
    expect(next.refused).toBeNull();
    expect(next.minute.remaining).toBe(1);
    // Back-to-back calls are a busy user: the day lease may run ahead (≤ 5% of the limit), never behind.
    expect(next.day.remaining).toBeLessThanOrEqual(997);
    expect(next.day.remaining).toBeGreaterThanOrEqual(997 - 50);
  });
});

describe('limits', () => {
  it('two replicas never admit more than the limit: 3N concurrent requests, exactly N pass', async () => {
    const [a, b] = [limiter(), limiter()];
    const user = newUser();
    const ms = midMinute();
    const N = 60;
    const verdicts = await Promise.all(Array.from({ length: 3 * N }, (_, i) => (i % 2 ? a : b).take(user, { perMinute: N, daily: 1_000_000 }, ms)));
    expect(tally(verdicts)).toEqual({ ok: N, rate_limited: 2 * N });
    for (const v of verdicts.filter((x) => x.refused)) {
      expect(v.minute.remaining).toBe(0);
      expect(v.minute.resetSeconds).toBe(30);
    }
    expect(await counter('m', user, 60_000, ms)).toBe(N);
    // Still refused from memory a moment later, and by the database after the recheck delay.
    expect((await a.take(user, { perMinute: N, daily: 1_000_000 }, ms)).refused).toBe('rate_limited');
    // Time passing for the limiter (its recheck delay runs on the real clock): later on a slow machine changes nothing.
    await sleep(600);
    expect((await b.take(user, { perMinute: N, daily: 1_000_000 }, ms)).refused).toBe('rate_limited');
    expect(await counter('m', user, 60_000, ms)).toBe(N);
  });

  it('the daily limit is shared the same way and refused as daily_limit_exceeded', async () => {
    const [a, b] = [limiter(), limiter()];
    const user = newUser();
    const ms = midMinute();
    const N = 40;
    const verdicts = await Promise.all(Array.from({ length: 3 * N }, (_, i) => (i % 2 ? a : b).take(user, { perMinute: 100_000, daily: N }, ms)));
    expect(tally(verdicts)).toEqual({ ok: N, daily_limit_exceeded: 2 * N });
    for (const v of verdicts.filter((x) => x.refused)) expect(v.day.remaining).toBe(0);
    expect(await counter('d', user, 86_400_000, ms)).toBe(N);
  });

  it('a lower limit (plan change) stops a user whose counter is already past it', async () => {
    const l = limiter();
    const user = newUser();
    const ms = midMinute();
    for (let i = 0; i < 5; i++) expect((await l.take(user, { perMinute: 100, daily: 1000 }, ms)).refused).toBeNull();
    await l.close();
    const again = limiter();
    const v = await again.take(user, { perMinute: 3, daily: 1000 }, ms);
    expect(v).toMatchObject({ refused: 'rate_limited', minute: { limit: 3, remaining: 0 } });
  });
});
