/**
 * Request limits, key revocation and the account cache across two
 * control-plane processes sharing one PostgreSQL. Each replica serves
 * requests from leases on the shared counters and caches API keys and
 * account lists; these prove that the two together never admit more than the
 * limit, that the headers stay right, and that a revoke, disable, plan or
 * account change made through one replica (or behind both, in SQL) takes
 * effect on the other through its NOTIFY (LISTEN/NOTIFY), well before the
 * caches' expiry would have shown it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../control-plane/src/db/client.js';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../control-plane/src/testing/db.js';
import { seedAccount, seedNode } from '../control-plane/src/testing/node-seeds.js';
import { FULL_CAPABILITIES } from '../control-plane/src/testing/publish.js';
import { type ControlPlaneProcess, startControlPlane } from './support/control-plane-process.js';

const ADMIN = 'openapi-limits-test-admin-token-0123456789';
const admin = { authorization: `Bearer ${ADMIN}` };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * The backstop expiry of a replica's cached account list (accounts-cache.ts MAX_TTL_MS) and API
 * key (key-cache.ts TTL_MS): without its NOTIFY, a change shows on the other replica only once the
 * copy loaded before it expires, this long after the read that loaded it.
 */
const CACHE_TTL_MS = 10_000;

/**
 * Reads until `done` holds, with the test's timeout as the only bound, and answers when the read
 * that saw it began. A change seen by a read that began less than CACHE_TTL_MS after the last read
 * before the change came through the NOTIFY, not the expiry, however slow the machine.
 */
async function seen<T>(read: () => Promise<T>, done: (x: T) => boolean): Promise<{ at: number; last: T }> {
  for (;;) {
    const at = Date.now();
    const last = await read();
    if (done(last)) return { at, last };
    await sleep(10);
  }
}

interface Answer {
  status: number;
  body: Record<string, any>;
  headers: Headers;
}

async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any>, headers: res.headers };
}

/** A test that needs one minute window waits out the last seconds of the current one. */
async function awayFromMinuteEdge(needSeconds = 10): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needSeconds * 1000) await sleep(left + 200);
}

describe.skipIf(!hasPostgres())('request limits and key changes across two control-plane replicas', () => {
  let db: TestDatabase;
  let a: ControlPlaneProcess;
  let b: ControlPlaneProcess;

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { DATABASE_URL: db.url!, PLUME_ADMIN_TOKEN: ADMIN, PLUME_DB_POOL_MAX: '10' };
    [a, b] = await Promise.all([startControlPlane(env), startControlPlane(env)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((r) => r.stop()));
    await db?.close();
  });

  async function createUser(plan: { perMinuteLimit: number; dailyLimit: number }): Promise<{ id: number; key: string; auth: Record<string, string> }> {
    const user = await call(a.url, 'POST', '/api/admin/users', {
      name: 'Limits test',
      plan: { name: 'limits', permissions: ['publish', 'accounts:read'], cmsEnabled: false, ...plan },
    }, admin);
    expect(user.status).toBe(201);
    const id = user.body.user.id as number;
    const key = (await call(b.url, 'POST', `/api/admin/users/${id}/api-keys`, { name: 'limits' }, admin)).body.apiKey.key as string;
    return { id, key, auth: { authorization: `Bearer ${key}` } };
  }

  async function dayCounter(userId: number): Promise<number> {
    const [row] = await rows<{ count: number }>(db.database.db, sql`select coalesce(sum(count), 0)::int as count from rate_counters where key = ${`oa:d:${userId}`}`);
    return row?.count ?? 0;
  }

  const statuses = (answers: Answer[]) => {
    const by: Record<number, number> = {};
    for (const x of answers) by[x.status] = (by[x.status] ?? 0) + 1;
    return by;
  };

  describe('limits', () => {
    it('per-minute limit N, 3N concurrent requests over both replicas: exactly N pass', async () => {
      const N = 200;
      const user = await createUser({ perMinuteLimit: N, dailyLimit: 1_000_000 });
      await awayFromMinuteEdge();
      const answers = await Promise.all(Array.from({ length: 3 * N }, (_, i) => call(i % 2 ? a.url : b.url, 'GET', '/api/openapi/v1/me', undefined, user.auth)));
      // One window unless a very slow run crossed a minute boundary; either way no window passes N
      // and the counters hold exactly what was served (leases never overdraw, nothing stranded).
      const windows = await rows<{ count: number }>(db.database.db, sql`select count from rate_counters where key = ${`oa:m:${user.id}`}`);
      for (const w of windows) expect(w.count).toBeLessThanOrEqual(N);
      if (windows.length === 1) {
        expect(statuses(answers)).toEqual({ 200: N, 429: 2 * N });
        expect(windows[0]!.count).toBe(N);
      } else {
        expect(windows.reduce((sum, w) => sum + w.count, 0)).toBeGreaterThanOrEqual(statuses(answers)[200]!);
      }
      for (const x of answers.filter((y) => y.status === 429)) {
        expect(x.body.error.code).toBe('rate_limited');
        expect(x.headers.get('ratelimit-remaining')).toBe('0');
        expect(x.headers.get('ratelimit-limit')).toBe(String(N));
        const retry = Number(x.headers.get('retry-after'));
        expect(retry).toBeGreaterThan(0);
        expect(retry).toBeLessThanOrEqual(60);
      }
      for (const x of answers.filter((y) => y.status === 200)) {
        const remaining = Number(x.headers.get('ratelimit-remaining'));
        expect(remaining).toBeGreaterThanOrEqual(0);
        expect(remaining).toBeLessThan(N);
      }
    }, 60_000);

    it('daily limit N, 3N concurrent requests over both replicas: exactly N pass, the rest daily_limit_exceeded', async () => {
      const N = 100;
      const user = await createUser({ perMinuteLimit: 1_000_000, dailyLimit: N });
      const answers = await Promise.all(Array.from({ length: 3 * N }, (_, i) => call(i % 2 ? a.url : b.url, 'GET', '/api/openapi/v1/me', undefined, user.auth)));
      expect(statuses(answers)).toEqual({ 200: N, 429: 2 * N });
      for (const x of answers.filter((y) => y.status === 429)) {
        expect(x.body.error.code).toBe('daily_limit_exceeded');
        expect(x.headers.get('x-dailyremaining')).toBe('0');
        expect(x.headers.get('x-dailylimit')).toBe(String(N));
        expect(Number(x.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(await dayCounter(user.id)).toBe(N);
    }, 60_000);
  });

  describe('happy path', () => {
    it('a slow user alternating replicas sees exact limit headers', async () => {
      const user = await createUser({ perMinuteLimit: 100, dailyLimit: 1000 });
      await awayFromMinuteEdge(15);
      const seen: Array<[string | null, string | null]> = [];
      for (const base of [a.url, a.url, b.url, b.url, a.url, b.url]) {
        const sentAt = Date.now();
        const res = await call(base, 'GET', '/api/openapi/v1/me', undefined, user.auth);
        const answeredAt = Date.now();
        expect(res.status).toBe(200);
        expect(res.headers.get('ratelimit-limit')).toBe('100');
        expect(res.headers.get('x-dailylimit')).toBe('1000');
        // The replica read its clock between the request going out and its answer coming back, however long that took.
        const secondsLeft = (at: number) => 60 - Math.floor((at % 60_000) / 1000);
        const reset = Number(res.headers.get('ratelimit-reset'));
        expect(reset).toBeLessThanOrEqual(secondsLeft(sentAt) + 1);
        expect(reset).toBeGreaterThanOrEqual(secondsLeft(answeredAt) - 1);
        seen.push([res.headers.get('ratelimit-remaining'), res.headers.get('x-dailyremaining')]);
        // A slow user (a pause the product sees, not a wait): slower than the rate at which a replica starts leasing ahead.
        await sleep(60);
      }
      expect(seen).toEqual([
        ['99', '999'],
        ['98', '998'],
        ['97', '997'],
        ['96', '996'],
        ['95', '995'],
        ['94', '994'],
      ]);
    }, 30_000);
  });

  describe('account cache', () => {
    it('account and preset changes made through replica A or in SQL show on replica B through the NOTIFY, before the cache expires', async () => {
      const user = await createUser({ perMinuteLimit: 100_000, dailyLimit: 1_000_000 });
      const { nodeId } = await seedNode(db.database.db, { userIds: [user.id], capabilities: FULL_CAPABILITIES, replica: 'cache-test' });
      // Accounts come from their node's report, a writer behind both replicas (as the dispatch hub is): a trigger notifies.
      const addAccount = (platform: string) => seedAccount(db.database.db, { userId: user.id, platform, nodeId });
      const first = await addAccount('zhihu');
      const list = async () => (await call(b.url, 'GET', '/api/openapi/v1/accounts', undefined, user.auth)).body.accounts as Array<{ id: number; login_state: string }>;
      const primed = Date.now();
      expect((await list()).map((x) => x.id)).toEqual([first]);
      // B has the list cached; the node reports another account.
      const second = await addAccount('csdn');
      const added = await seen(list, (l) => l.length === 2);
      expect(added.at - primed).toBeLessThan(CACHE_TTL_MS);
      // Each read that saw a change loaded the copy the next change must get past.
      await db.database.db.execute(sql`update accounts set login_state = 'logged_out' where id = ${second}`);
      const loggedOut = await seen(list, (l) => l.find((x) => x.id === second)?.login_state === 'logged_out');
      expect(loggedOut.at - added.at).toBeLessThan(CACHE_TTL_MS);
      // An admin removes it through A.
      const removed = await fetch(`${a.url}/api/admin/accounts/${second}`, { method: 'DELETE', headers: admin });
      expect(removed.status).toBe(200);
      expect((await seen(list, (l) => l.length === 1)).at - loggedOut.at).toBeLessThan(CACHE_TTL_MS);
      // Presets, read through B's cache by GET /publish/settings (and preflight).
      const presets = async () =>
        (await call(b.url, 'GET', `/api/openapi/v1/publish/settings?contentType=article&accountIds=${first}`, undefined, user.auth)).body.presets?.[0]?.settings ?? null;
      const presetsPrimed = Date.now();
      expect(await presets()).toEqual({});
      const put = await fetch(`${a.url}/api/admin/accounts/${first}/presets/article`, {
        method: 'PUT',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ settings: { column: 'Cached' } }),
      });
      expect(put.status).toBe(200);
      expect((await seen(presets, (p) => p?.column === 'Cached')).at - presetsPrimed).toBeLessThan(CACHE_TTL_MS);
    });
  });

  describe('auth', () => {
    /** GET /me on `base` until `done(answer)` (see seen()). */
    const until = (base: string, auth: Record<string, string>, done: (x: Answer) => boolean) => seen(() => call(base, 'GET', '/api/openapi/v1/me', undefined, auth), done);

    it('a key revoked through replica A stops working on replica B through the NOTIFY, before the cache expires', async () => {
      const user = await createUser({ perMinuteLimit: 100_000, dailyLimit: 1_000_000 });
      // B has the key cached.
      let primed = 0;
      for (let i = 0; i < 3; i++) {
        primed = Date.now();
        expect((await call(b.url, 'GET', '/api/openapi/v1/me', undefined, user.auth)).status).toBe(200);
      }
      const keyId = (await call(a.url, 'GET', `/api/admin/users/${user.id}/api-keys`, undefined, admin)).body.items[0].id as string;
      expect((await call(a.url, 'POST', `/api/admin/api-keys/${keyId}/revoke`, undefined, admin)).status).toBe(200);
      const { at, last } = await until(b.url, user.auth, (x) => x.status === 401);
      expect(last).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } });
      expect(at - primed).toBeLessThan(CACHE_TTL_MS);
      expect((await call(a.url, 'GET', '/api/openapi/v1/me', undefined, user.auth)).status).toBe(401);
    });

    it('a user disabled through replica A is refused on replica B through the NOTIFY, and re-enabled likewise', async () => {
      const user = await createUser({ perMinuteLimit: 100_000, dailyLimit: 1_000_000 });
      const primed = Date.now();
      expect((await call(b.url, 'GET', '/api/openapi/v1/me', undefined, user.auth)).status).toBe(200);
      expect((await call(a.url, 'PATCH', `/api/admin/users/${user.id}`, { disabled: true }, admin)).status).toBe(200);
      const off = await until(b.url, user.auth, (x) => x.status === 403);
      expect(off.last.body.error.code).toBe('user_disabled');
      expect(off.at - primed).toBeLessThan(CACHE_TTL_MS);
      expect((await call(a.url, 'PATCH', `/api/admin/users/${user.id}`, { disabled: false }, admin)).status).toBe(200);
      const on = await until(b.url, user.auth, (x) => x.status === 200);
      expect(on.at - off.at).toBeLessThan(CACHE_TTL_MS);
    });

    it('a plan change through replica A shows in replica B\'s limits through the NOTIFY', async () => {
      const user = await createUser({ perMinuteLimit: 100_000, dailyLimit: 1_000_000 });
      const primed = Date.now();
      expect((await call(b.url, 'GET', '/api/openapi/v1/me', undefined, user.auth)).headers.get('ratelimit-limit')).toBe('100000');
      const plan = { name: 'small', permissions: ['accounts:read'], perMinuteLimit: 7, dailyLimit: 70, cmsEnabled: false };
      expect((await call(a.url, 'PATCH', `/api/admin/users/${user.id}`, { plan }, admin)).status).toBe(200);
      const changed = await until(b.url, user.auth, (x) => x.headers.get('ratelimit-limit') === '7');
      expect(changed.at - primed).toBeLessThan(CACHE_TTL_MS);
      expect(changed.last.headers.get('x-dailylimit')).toBe('70');
      expect(changed.last.body.permissions).toEqual(['accounts:read']);
    });
  });
});
