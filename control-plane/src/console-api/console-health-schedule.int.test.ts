/**
 * The console's account health and schedule endpoints on PostgreSQL:
 * /api/console/me/accounts (the health badge), /me/accounts/{id}/health (the
 * evidence, redacted, without the admin's note), /me/schedule (one
 * integrator's scheduled jobs in a range, filtered), /me/batches/{id}/jobs/{id}/cancel
 * and …/reschedule (the Open API's cancel and move), and the admin API's /schedule and account health
 * as an admin's console session uses them. Another integrator's accounts and
 * jobs answer 404 like unknown ones and change nothing; bad input is refused
 * in each surface's envelope.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthRepository } from '../accounts/health/health.repository.js';
import { rows } from '../db/client.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { type Person, person } from '../testing/console.js';
import { hasPostgres } from '../testing/db.js';
import { v1 } from '../testing/openapi.js';
import { publishWorld } from '../testing/publish.js';

const DAY_MS = 86_400_000;

let t: TestApp;
let a: Awaited<ReturnType<typeof publishWorld>>;
let b: Awaited<ReturnType<typeof publishWorld>>;
let me: Person;
let other: Person;
let admin: Person;
let viewer: Person;
/** A scheduled job of each integrator, two days ahead. */
let mine: { batchId: string; jobId: string; publishAt: string };
let theirs: { batchId: string; jobId: string; publishAt: string };

const db = () => t.db.database.db;
const inDays = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString();
const week = () => `from=${encodeURIComponent(inDays(-1))}&to=${encodeURIComponent(inDays(6))}`;

async function schedule(world: typeof a, title: string, publishAt: string) {
  const res = await v1(t.app, world.user, 'POST', '/publish', { articleId: world.article, executor: 'web', accountIds: [world.acc.wordpress], publishAt });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await db().execute(sql`update publish_jobs set payload = jsonb_set(payload, '{title}', to_jsonb(${title}::text)) where id = ${res.body.jobs[0].job_id}`);
  return { batchId: res.body.batch_id as string, jobId: res.body.jobs[0].job_id as string, publishAt };
}

const jobState = async (id: string) => (await rows<{ state: string }>(db(), sql`select state from publish_jobs where id = ${id}`))[0]!.state;

beforeAll(async () => {
  if (!hasPostgres()) return;
  t = await createTestApp();
  a = await publishWorld(t);
  b = await publishWorld(t);
  me = await person(t, 'user', { integratorUserId: a.user.id });
  other = await person(t, 'user', { integratorUserId: b.user.id });
  admin = await person(t, 'admin');
  viewer = await person(t, 'viewer');
  mine = await schedule(a, 'Mine <b>on Wednesday</b>', inDays(2));
  theirs = await schedule(b, 'Theirs', inDays(3));
  // A signal with a secret in what the page said, and one more: watch.
  await healthRepository.record(db(), [
    { accountId: a.acc.zhihu, kind: 'challenge', source: 'control_plane', detail: { job_id: 'job_seen', error_code: 'challenge_required', message: 'verify it is you; token=s3cr3t-value' } },
    { accountId: a.acc.zhihu, kind: 'restriction_hint', source: 'node', detail: { text: '账号存在异常' } },
  ]);
  // Persons' passwords hashed and a database made: on a loaded machine that alone may pass a minute.
}, 180_000);
afterAll(async () => t?.close());

describe('account health', () => {
  it.runIf(hasPostgres())('lists each account with its health state (CMS sites none) and shows the evidence of one, redacted', async () => {
    const list = await me.client.get('/api/console/me/accounts');
    expect(list.status).toBe(200);
    const byId = new Map<number, any>(list.body.accounts.map((x: any) => [x.id, x]));
    expect(byId.get(a.acc.zhihu).health).toEqual({ state: 'watch', since: expect.any(String), coolUntil: null });
    expect(byId.get(a.acc.csdn).health).toEqual({ state: 'ok', since: null, coolUntil: null });
    expect(byId.get(a.acc.wordpress).health).toBeNull();

    const res = await me.client.get(`/api/console/me/accounts/${a.acc.zhihu}/health`);
    expect(res.status).toBe(200);
    expect(res.body.health).toMatchObject({ accountId: a.acc.zhihu, platform: 'zhihu', state: 'watch', coolUntil: null, reason: 'signals' });
    expect(res.body.health.signals).toEqual([
      { kind: 'restriction_hint', source: 'node', at: expect.any(String), jobId: null, errorCode: null, message: '账号存在异常' },
      { kind: 'challenge', source: 'control_plane', at: expect.any(String), jobId: 'job_seen', errorCode: 'challenge_required', message: expect.stringContaining('verify it is you') },
    ]);
    expect(res.text).not.toContain('s3cr3t');
  });

  it.runIf(hasPostgres())("an admin restricts and clears an account with a note; the integrator sees the state, not the note, and the admin's list has the badge", async () => {
    const path = `/api/admin/accounts/${a.acc.zhihu}/health`;
    // A viewer reads it and may not change it.
    expect((await viewer.client.get(path)).status).toBe(200);
    expect((await viewer.client.post(path, { state: 'restricted', note: 'no' })).status).toBe(403);
    const restricted = await admin.client.post(path, { state: 'restricted', note: 'Operator note: the platform flagged it' });
    expect(restricted.status).toBe(200);
    expect(restricted.body).toMatchObject({ changed: true, health: { state: 'restricted', note: 'Operator note: the platform flagged it' } });

    const seen = await me.client.get(`/api/console/me/accounts/${a.acc.zhihu}/health`);
    expect(seen.body.health).toMatchObject({ state: 'restricted', reason: 'admin' });
    expect(seen.text).not.toContain('Operator note');
    expect(seen.text).not.toContain(admin.email);
    const listed = await admin.client.get(`/api/admin/users/${a.user.id}/accounts`);
    expect(listed.body.items.find((x: any) => x.id === a.acc.zhihu).health).toMatchObject({ state: 'restricted' });
    expect(listed.body.items.find((x: any) => x.id === a.acc.wordpress).health).toBeNull();

    expect((await admin.client.post(path, { state: 'ok', note: 'cleared after a look' })).body.health.state).toBe('ok');
    expect((await me.client.get('/api/console/me/accounts')).body.accounts.find((x: any) => x.id === a.acc.zhihu).health.state).toBe('ok');
  });

  it.runIf(hasPostgres())("another integrator's account, a CMS site and an unknown id answer 404 alike; a malformed id 400; an admin 403", async () => {
    for (const id of [b.acc.zhihu, a.acc.wordpress, 2_000_000_000]) {
      const res = await me.client.get(`/api/console/me/accounts/${id}/health`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'not_found', message: expect.stringContaining(String(id)) } });
    }
    for (const id of ['abc', '0', '99999999999', '1%00']) {
      const res = await me.client.get(`/api/console/me/accounts/${id}/health`);
      expect(res.status, id).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect((await admin.client.get(`/api/console/me/accounts/${a.acc.zhihu}/health`)).body.error.code).toBe('forbidden');
  });
});

describe('schedule', () => {
  it.runIf(hasPostgres())("lists the integrator's own scheduled jobs in the range with account, batch and title; filters by platform and account", async () => {
    const res = await me.client.get(`/api/console/me/schedule?${week()}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      truncated: false,
      jobs: [
        {
          jobId: mine.jobId,
          batchId: mine.batchId,
          userId: a.user.id,
          userName: expect.any(String),
          accountId: a.acc.wordpress,
          accountName: 'My blog',
          platform: 'wordpress',
          contentType: 'article',
          executor: 'web',
          publishAt: new Date(mine.publishAt).toISOString(),
          publishDeadline: expect.any(String),
          title: 'Mine <b>on Wednesday</b>',
        },
      ],
    });
    expect((await me.client.get(`/api/console/me/schedule?${week()}&platform=wordpress&accountId=${a.acc.wordpress}`)).body.jobs).toHaveLength(1);
    expect((await me.client.get(`/api/console/me/schedule?${week()}&platform=zhihu`)).body.jobs).toEqual([]);
    // Another integrator's account as a filter finds nothing of theirs.
    expect((await me.client.get(`/api/console/me/schedule?${week()}&accountId=${b.acc.wordpress}`)).body.jobs).toEqual([]);
    // A range that ends before the job.
    expect((await me.client.get(`/api/console/me/schedule?from=${encodeURIComponent(inDays(-1))}&to=${encodeURIComponent(inDays(1))}`)).body.jobs).toEqual([]);
  });

  it.runIf(hasPostgres())("the admin API's schedule has every integrator's, or one's; an integrator's session is refused there", async () => {
    const all = await admin.client.get(`/api/admin/schedule?${week()}`);
    expect(all.status).toBe(200);
    const ids = all.body.jobs.map((j: any) => j.jobId);
    expect(ids).toEqual(expect.arrayContaining([mine.jobId, theirs.jobId]));
    expect(ids.indexOf(mine.jobId)).toBeLessThan(ids.indexOf(theirs.jobId));
    const one = await viewer.client.get(`/api/admin/schedule?${week()}&userId=${b.user.id}`);
    expect(one.body.jobs.map((j: any) => j.jobId)).toEqual([theirs.jobId]);
    expect(one.body.jobs[0]).toMatchObject({ userId: b.user.id, title: 'Theirs', platform: 'wordpress' });
    expect((await me.client.get(`/api/admin/schedule?${week()}`)).status).toBe(403);
  });

  it.runIf(hasPostgres())('refuses a missing, reversed, empty or too long range and malformed filters, in each envelope', async () => {
    const from = encodeURIComponent(inDays(0));
    const bad = [
      '',
      `from=${from}`,
      `from=yesterday&to=${from}`,
      `from=${from}&to=${from}`,
      `from=${encodeURIComponent(inDays(1))}&to=${from}`,
      `from=${from}&to=${encodeURIComponent(inDays(43))}`,
      `${week()}&accountId=abc`,
      `${week()}&accountId=0`,
      `${week()}&platform=${encodeURIComponent('Zhihu; drop')}`,
      `${week()}&platform=${'a'.repeat(65)}`,
      `${week()}&platform=zhihu%00`,
    ];
    for (const q of bad) {
      const res = await me.client.get(`/api/console/me/schedule?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body, q).toEqual({ error: { code: 'validation_failed', message: expect.any(String) } });
      const adm = await admin.client.get(`/api/admin/schedule?${q}`);
      expect(adm.status, q).toBe(400);
      expect(adm.body.success, q).toBe(false);
    }
    expect((await admin.client.get(`/api/admin/schedule?${week()}&userId=-1`)).status).toBe(400);
    // 42 days is the longest range.
    const start = new Date();
    const longest = `from=${encodeURIComponent(start.toISOString())}&to=${encodeURIComponent(new Date(start.getTime() + 42 * DAY_MS).toISOString())}`;
    expect((await me.client.get(`/api/console/me/schedule?${longest}`)).status).toBe(200);
  });

  it.runIf(hasPostgres())("moves one of the integrator's scheduled jobs to another time, keeping its window; refuses a bad time, another's job, and a job not scheduled", async () => {
    const path = (j: { batchId: string; jobId: string }) => `/api/console/me/batches/${j.batchId}/jobs/${j.jobId}/reschedule`;
    const moved = await schedule(a, 'To move', inDays(2));
    const timesOf = async (id: string) =>
      (await rows<{ at: Date; window: number }>(db(), sql`select publish_at as at, extract(epoch from publish_deadline - publish_at)::int as window from publish_jobs where id = ${id}`))[0]!;
    const before = await timesOf(moved.jobId);
    const later = new Date(Date.now() + 4 * DAY_MS);
    later.setUTCMilliseconds(0);
    const res = await me.client.post(path(moved), { publishAt: later.toISOString() });
    expect(res.status, res.text).toBe(200);
    expect(res.body.batch.jobs.find((j: any) => j.job_id === moved.jobId).state).toBe('scheduled');
    const after = await timesOf(moved.jobId);
    expect(new Date(after.at).toISOString()).toBe(later.toISOString());
    expect(after.window).toBe(before.window);
    // The calendar shows it on its new day; again is the batch as it is.
    expect((await me.client.get(`/api/console/me/schedule?${week()}`)).body.jobs.find((j: any) => j.jobId === moved.jobId)?.publishAt).toBe(later.toISOString());
    expect((await me.client.post(path(moved), { publishAt: later.toISOString() })).status).toBe(200);

    // A time without a zone, in the past, too far ahead, or a body with more: the codes the Open API gives, nothing moved.
    for (const [publishAt, status, code] of [
      ['2030-01-01T10:00:00', 400, 'publish_at_invalid'],
      [inDays(-1), 422, 'publish_at_in_past'],
      [inDays(40), 422, 'publish_at_too_far'],
    ] as const) {
      const bad = await me.client.post(path(moved), { publishAt });
      expect([bad.status, bad.body.error.code], publishAt).toEqual([status, code]);
    }
    expect((await me.client.post(path(moved), { publishAt: inDays(3), publishWindow: 60 })).body.error.code).toBe('validation_failed');
    expect((await me.client.post(path(moved), { publishAt: `${inDays(3)}\u0000` })).status).toBe(400);
    expect(new Date((await timesOf(moved.jobId)).at).toISOString()).toBe(later.toISOString());

    // Another integrator's job answers like an unknown one and stays where it was; an admin may not.
    const theirsBefore = await timesOf(theirs.jobId);
    expect((await me.client.post(path(theirs), { publishAt: inDays(5) })).body.error.code).toBe('not_found');
    expect(await timesOf(theirs.jobId)).toEqual(theirsBefore);
    expect((await admin.client.post(path(moved), { publishAt: inDays(5) })).body.error.code).toBe('forbidden');

    // A canceled job is not waiting for a time any more.
    expect((await me.client.post(`/api/console/me/batches/${moved.batchId}/jobs/${moved.jobId}/cancel`)).status).toBe(200);
    const gone = await me.client.post(path(moved), { publishAt: inDays(5) });
    expect([gone.status, gone.body.error.code]).toEqual([409, 'job_not_scheduled']);
    expect(await jobState(moved.jobId)).toBe('canceled');
  });

  it.runIf(hasPostgres())("cancels one of the integrator's scheduled jobs once; another integrator's job is not found and stays scheduled; a started one is a conflict", async () => {
    const path = (j: { batchId: string; jobId: string }) => `/api/console/me/batches/${j.batchId}/jobs/${j.jobId}/cancel`;
    // Another integrator's batch, and their job under one's own batch: 404, nothing canceled.
    for (const url of [path(theirs), `/api/console/me/batches/${mine.batchId}/jobs/${theirs.jobId}/cancel`]) {
      const res = await me.client.post(url);
      expect(res.status, url).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect(await jobState(theirs.jobId)).toBe('scheduled');
    // Without the session's CSRF token, as an admin, or with ids that are none: refused.
    expect((await me.client.post(path(mine), undefined, { csrf: false })).body.error.code).toBe('csrf_failed');
    expect((await admin.client.post(path(mine))).body.error.code).toBe('forbidden');
    for (const url of [`/api/console/me/batches/nope/jobs/${mine.jobId}/cancel`, `/api/console/me/batches/${mine.batchId}/jobs/job_%3Cscript%3E/cancel`]) {
      expect((await me.client.post(url)).body.error.code, url).toBe('validation_failed');
    }
    expect(await jobState(mine.jobId)).toBe('scheduled');

    const done = await me.client.post(path(mine));
    expect(done.status, done.text).toBe(200);
    expect(done.body.batch.jobs.find((j: any) => j.job_id === mine.jobId).state).toBe('canceled');
    expect(await jobState(mine.jobId)).toBe('canceled');
    // Again: the batch as it is.
    expect((await me.client.post(path(mine))).status).toBe(200);
    expect((await me.client.get(`/api/console/me/schedule?${week()}`)).body.jobs).toEqual([]);

    // A job published at once never waited for a time: nothing to cancel.
    const now = await v1(t.app, a.user, 'POST', '/publish', { articleId: a.article, executor: 'web', accountIds: [a.acc.wordpress] });
    expect(now.status, JSON.stringify(now.body)).toBe(200);
    const res = await me.client.post(path({ batchId: now.body.batch_id, jobId: now.body.jobs[0].job_id }));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('job_not_scheduled');
    // The other integrator cancels their own.
    expect((await other.client.post(path(theirs))).status).toBe(200);
  });
});
