/**
 * The home page's two answers: GET /api/admin/overview (admins, viewers, admin
 * tokens: every integrator) and GET /api/console/me/overview (an integrator:
 * their own jobs, accounts, nodes, webhook backlog and quota only). Two
 * integrators with jobs in and out of the last 24 hours, accounts logged out,
 * cooling and restricted, webhook deliveries pending and failed. The app's
 * clock stands at half past an hour, so no hour turns during a test.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { ConsoleClient, type Person, person } from '../../testing/console.js';
import { createUser } from '../../testing/openapi.js';
import { seedDelivery, seedHealth, seedJobs } from '../../testing/overview-seeds.js';
import { publishWorld } from '../../testing/publish.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof publishWorld>>;
let b: Awaited<ReturnType<typeof publishWorld>>;
let aPerson: Person;
let bPerson: Person;
let at: Date;
const HOUR = 3_600_000;
const db = () => t.db.database.db;
const ago = (hours: number, minutes = 1) => new Date(at.getTime() - hours * HOUR - minutes * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  const real = Date.now();
  t.clock.offsetMs = Math.floor(real / HOUR) * HOUR + 30 * 60_000 - real;
  at = new Date(real + t.clock.offsetMs);
  a = await publishWorld(t, { quotas: { web: 10, desktop: 10, edge: 10, cms: 10 } });
  b = await publishWorld(t, { quotas: { web: 10, desktop: 10, edge: 20, cms: 10 } });
  aPerson = await person(t, 'user', { integratorUserId: a.user.id });
  bPerson = await person(t, 'user', { integratorUserId: b.user.id });

  await seedJobs(db(), a.user.id, [
    { accountId: a.acc.zhihu, platform: 'zhihu', state: 'succeeded', createdAt: ago(0) },
    { accountId: a.acc.zhihu, platform: 'zhihu', state: 'succeeded', createdAt: ago(0) },
    { accountId: a.acc.zhihu, platform: 'zhihu', state: 'failed', errorCode: 'editor_changed', createdAt: ago(0, 20) },
    { accountId: a.acc.csdn, platform: 'csdn', state: 'failed', errorCode: 'login_expired', createdAt: ago(3) },
    { accountId: a.acc.bilibili, platform: 'bilibili', state: 'queued', createdAt: ago(3) },
    { accountId: a.acc.douyin, platform: 'douyin', state: 'needs_attention', createdAt: ago(23, 29) },
    // Before the window: counted nowhere in the hours, only in what waits now.
    { accountId: a.acc.csdn, platform: 'csdn', state: 'failed', errorCode: 'old_failure', createdAt: ago(24) },
  ]);
  await seedJobs(db(), b.user.id, [
    { accountId: b.acc.weibo, platform: 'weibo', state: 'succeeded', createdAt: ago(1) },
    { accountId: b.acc.weibo, platform: 'weibo', state: 'failed', errorCode: 'editor_changed', createdAt: ago(1) },
    { accountId: b.acc.weibo, platform: 'weibo', state: 'running', nodeId: b.edge, createdAt: ago(0) },
  ]);
  await db().execute(sql`update accounts set login_state = 'logged_out' where id in (${a.acc.csdn}, ${b.acc.csdn})`);
  await seedHealth(db(), a.acc.toutiao, 'cooling');
  await seedHealth(db(), b.acc.douyin, 'restricted');
  await seedDelivery(db(), a.user.id, 'pending', ago(0, 10));
  await seedDelivery(db(), a.user.id, 'pending', ago(0, 2));
  await seedDelivery(db(), b.user.id, 'pending', ago(0, 40));
  await seedDelivery(db(), b.user.id, 'failed', ago(2));
  await seedDelivery(db(), a.user.id, 'delivered', ago(1));
  await db().execute(sql`update quota_buckets set used = 9 where user_id = ${a.user.id} and bucket = 'edge'`);
  await db().execute(sql`update quota_buckets set used = 5 where user_id = ${b.user.id} and bucket = 'edge'`);
});
afterAll(async () => t?.close());

const adminOverview = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/overview', headers: { ...t.adminHeaders, 'x-request-id': 'overview-admin-1' } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['x-request-id']).toBe('overview-admin-1');
  return res.json().overview;
};

describe('the back office sees every integrator', () => {
  it('jobs of the last 24 hours by hour, outcome, platform and error code; what waits now', async () => {
    const o = await adminOverview();
    expect(o.window).toEqual({ from: new Date(Math.floor(at.getTime() / HOUR) * HOUR - 23 * HOUR).toISOString(), to: expect.any(String) });
    expect(o.jobs.totals).toEqual({ succeeded: 3, failed: 3, canceled: 0, attention: 1, pending: 2, total: 9 });
    expect(o.jobs.hours).toHaveLength(24);
    expect(o.jobs.hours[23]).toMatchObject({ succeeded: 2, failed: 1, pending: 1, total: 4 });
    expect(o.jobs.hours[22]).toMatchObject({ succeeded: 1, failed: 1, total: 2 });
    expect(o.jobs.hours[20]).toMatchObject({ failed: 1, pending: 1, total: 2 });
    expect(o.jobs.hours[0]).toMatchObject({ attention: 1, total: 1 });
    expect(o.jobs.hours.reduce((n: number, h: { total: number }) => n + h.total, 0)).toBe(9);
    expect(o.jobs.platforms.map((p: { platform: string; total: number }) => [p.platform, p.total])).toEqual([
      ['weibo', 3],
      ['zhihu', 3],
      ['bilibili', 1],
      ['csdn', 1],
      ['douyin', 1],
    ]);
    expect(o.jobs.errorCodes).toEqual([
      { code: 'editor_changed', count: 2 },
      { code: 'login_expired', count: 1 },
    ]);
    expect(o.jobs).toMatchObject({ inFlight: 1, queued: 1, needsAttention: 1 });
  });

  it('nodes and slots, accounts needing a login or waiting, webhook backlog, quota', async () => {
    const o = await adminOverview();
    expect(o.nodes).toEqual({ total: 4, online: 4, draining: 0, slots: 4, busySlots: 1 });
    // Nine platform accounts each (the CMS site is not one).
    expect(o.accounts).toEqual({ total: 18, needsLogin: 2, cooling: 1, restricted: 1 });
    expect(o.webhooks).toMatchObject({ pending: 3, failed24h: 1 });
    // The app's clock runs on from half past: the oldest delivery is 40 minutes and the test's seconds old.
    expect(o.webhooks.oldestPendingSeconds).toBeGreaterThanOrEqual(40 * 60);
    expect(o.webhooks.oldestPendingSeconds).toBeLessThan(50 * 60);
    expect(o.quota.buckets).toContainEqual({ bucket: 'edge', granted: 30, used: 14 });
    expect(o.quota.buckets).toContainEqual({ bucket: 'web', granted: 20, used: 0 });
    expect(o.quota.integratorsNearlyOut).toBe(1);
  });

  it('a viewer reads it with the console cookie; an integrator is refused with the admin envelope', async () => {
    const viewer = await person(t, 'viewer');
    const seen = await viewer.client.get('/api/admin/overview');
    expect(seen.status).toBe(200);
    expect(seen.body.overview.jobs.totals.total).toBe(9);
    const refused = await aPerson.client.request('GET', '/api/admin/overview', undefined, { headers: { 'x-request-id': 'overview-refused' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'ADMIN_FORBIDDEN' });
    expect(refused.headers['x-request-id']).toBe('overview-refused');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/overview' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('an integrator sees only their own', () => {
  it("one integrator's jobs, accounts, nodes, webhook backlog and quota; nothing of the other's", async () => {
    const res = await aPerson.client.request('GET', '/api/console/me/overview', undefined, { headers: { 'x-request-id': 'overview-me-1' } });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('overview-me-1');
    const o = res.body.overview;
    expect(o.jobs.totals).toEqual({ succeeded: 2, failed: 2, canceled: 0, attention: 1, pending: 1, total: 6 });
    expect(o.jobs.hours[23]).toMatchObject({ succeeded: 2, failed: 1, total: 3 });
    expect(o.jobs.hours[22].total).toBe(0);
    expect(o.jobs.platforms.map((p: { platform: string }) => p.platform)).toEqual(['zhihu', 'bilibili', 'csdn', 'douyin']);
    expect(o.jobs.errorCodes).toEqual([
      { code: 'editor_changed', count: 1 },
      { code: 'login_expired', count: 1 },
    ]);
    expect(o.jobs).toMatchObject({ inFlight: 0, queued: 1, needsAttention: 1 });
    expect(o.nodes).toEqual({ total: 2, online: 2, draining: 0, slots: 2, busySlots: 0 });
    expect(o.accounts).toEqual({ total: 9, needsLogin: 1, cooling: 1, restricted: 0 });
    expect(o.webhooks).toMatchObject({ pending: 2, failed24h: 0 });
    expect(o.webhooks.oldestPendingSeconds).toBeGreaterThanOrEqual(10 * 60);
    expect(o.webhooks.oldestPendingSeconds).toBeLessThan(20 * 60);
    expect(o.quota.buckets).toContainEqual({ bucket: 'edge', granted: 10, used: 9 });
    expect(o.quota.integratorsNearlyOut).toBe(1);

    const theirs = (await bPerson.client.get('/api/console/me/overview')).body.overview;
    expect(theirs.jobs.totals.total).toBe(3);
    expect(theirs.jobs.platforms.map((p: { platform: string }) => p.platform)).toEqual(['weibo']);
    expect(theirs.nodes.busySlots).toBe(1);
    expect(theirs.accounts).toEqual({ total: 9, needsLogin: 1, cooling: 0, restricted: 1 });
    expect(theirs.webhooks).toMatchObject({ pending: 1, failed24h: 1 });
    expect(theirs.quota.integratorsNearlyOut).toBe(0);
  });

  it('admins and viewers are refused the integrator answer, and no session is 401, in the console envelope', async () => {
    for (const role of ['admin', 'viewer'] as const) {
      const p = await person(t, role);
      const res = await p.client.get('/api/console/me/overview');
      expect(res.status, role).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      expect(res.headers['x-request-id']).toBeTruthy();
    }
    const key = await createUser(t.app, t.adminHeaders);
    for (const headers of [{}, key.headers, t.adminHeaders]) {
      const res = await new ConsoleClient(t.app).request('GET', '/api/console/me/overview', undefined, { headers });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('not_authenticated');
    }
  });
});

describe('bounded reads', () => {
  it("the 24-hour jobs read is a range on publish_jobs_created among a few thousand jobs", async () => {
    // 4,000 older jobs: the window holds a few, the table many.
    await db().execute(sql`insert into publish_jobs (id, batch_id, user_id, account_id, platform, content_type, executor, quota_bucket, state, payload,
                             settings_snapshot, settings_hash, settings_contract_version, created_at)
                           select 'job_old_' || g, (select batch_id from publish_jobs limit 1), ${a.user.id}, ${a.acc.zhihu}, 'zhihu', 'article', 'edge', 'edge', 'succeeded',
                             '{}'::jsonb, '{}'::jsonb, 'h', 'v', now() - interval '3 days' - g * interval '1 minute'
                           from generate_series(1, 4000) g`);
    await db().execute(sql`analyze publish_jobs`);
    const from = new Date(Math.floor(at.getTime() / HOUR) * HOUR - 23 * HOUR).toISOString();
    const plan = await rows<{ 'QUERY PLAN': string }>(
      db(),
      sql`explain select extract(epoch from date_trunc('hour', created_at))::bigint as hour, platform, state, error_code, count(*)::int
          from publish_jobs where created_at >= ${from}::timestamptz and true group by 1, 2, 3, 4`,
    );
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text, text).toContain('publish_jobs_created');
    expect((await adminOverview()).jobs.totals.total).toBe(9);
  });
});
