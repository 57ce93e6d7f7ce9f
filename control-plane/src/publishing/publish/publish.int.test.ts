import { SETTINGS_CONTRACT_VERSION, settingsHash } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { JOBS_CHANNEL } from '../../nodes/node-registry.repository.js';
import { listen } from '../../db/listen.js';
import { eventually } from '../../testing/eventually.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { v1 } from '../../testing/openapi.js';
import { persistedState, publishWorld, putPreset } from '../../testing/publish.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface JobRow {
  id: string;
  batch_id: string;
  account_id: number;
  platform: string;
  executor: string;
  node_id: string | null;
  quota_bucket: string;
  state: string;
  payload: Record<string, unknown>;
  settings_snapshot: Record<string, unknown>;
  settings_hash: string;
  settings_contract_version: string;
}

const jobsOf = (batchId: string) => rows<JobRow>(t.db.database.db, sql`select * from publish_jobs where batch_id = ${batchId} order by account_id`);

describe('happy path', () => {
  it('POST /publish creates one batch with one job per account, frozen settings and quota taken from the executor bucket', async () => {
    const w = await publishWorld(t, { quotas: { edge: 10, web: 10, desktop: 10, cms: 10 } });
    const res = await v1(t.app, w.user, 'POST', '/publish', {
      articleId: w.article,
      executor: 'edge',
      accountIds: [w.acc.zhihu, w.acc.csdn],
      platformSettings: { csdn: { articleType: 'repost', originalUrl: 'https://example.test/a', tags: ['ts'] } },
      accountSettings: { [w.acc.zhihu]: { column: 'Engineering' } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ batch_id: expect.stringMatching(/^bat_/), content_type: 'article', executor: 'edge', state: 'queued', settings_contract_version: SETTINGS_CONTRACT_VERSION });
    expect(res.body.jobs).toEqual([
      { job_id: expect.stringMatching(/^job_/), account_id: w.acc.zhihu, platform: 'zhihu', executor: 'edge', state: 'queued', settings_hash: expect.stringMatching(/^[0-9a-f]{64}$/), publish_at: null, publish_deadline: null },
      { job_id: expect.stringMatching(/^job_/), account_id: w.acc.csdn, platform: 'csdn', executor: 'edge', state: 'queued', settings_hash: expect.any(String), publish_at: null, publish_deadline: null },
    ]);

    const jobs = await jobsOf(res.body.batch_id);
    expect(jobs).toHaveLength(2);
    const zhihu = jobs.find((j) => j.account_id === w.acc.zhihu)!;
    const csdn = jobs.find((j) => j.account_id === w.acc.csdn)!;
    expect(zhihu).toMatchObject({ node_id: w.edge, quota_bucket: 'edge', state: 'queued', executor: 'edge', settings_contract_version: SETTINGS_CONTRACT_VERSION });
    expect(zhihu.payload).toMatchObject({ articleId: w.article, title: 'A short title', content: expect.stringContaining('Body text') });
    expect(zhihu.settings_snapshot).toMatchObject({ column: 'Engineering', aiLabel: false, coverMode: 'auto' });
    expect(csdn.settings_snapshot).toMatchObject({ articleType: 'repost', originalUrl: 'https://example.test/a', tags: ['ts'] });
    for (const j of jobs) expect(j.settings_hash).toBe(settingsHash(j.settings_snapshot));
    expect(res.body.jobs[1].settings_hash).toBe(csdn.settings_hash);
    expect((await persistedState(t.db.database.db, w.user.id)).used).toMatchObject({ edge: 2, web: 0, desktop: 0, cms: 0 });
  });

  it('announces the new jobs on plume_jobs once per node, in the creating statement', async () => {
    const heard: string[] = [];
    const unlisten = await listen(t.db.database.db, JOBS_CHANNEL, (nodeId) => heard.push(nodeId));
    try {
      const w = await publishWorld(t, { quotas: { edge: 10 } });
      const res = await v1(t.app, w.user, 'POST', '/publish', { articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu, w.acc.csdn] });
      expect(res.status).toBe(200);
      expect(await jobsOf(res.body.batch_id)).toHaveLength(2);
      await eventually(() => heard.includes(w.edge)).toBe(true);
      // Both jobs are on one node: one notification for it. Notifications arrive in commit order: once a
      // marker sent after the publish committed is heard, a second one of the publish would have been too.
      await t.db.database.db.execute(sql`select pg_notify(${JOBS_CHANNEL}, 'marker-after-the-publish')`);
      await eventually(() => heard.includes('marker-after-the-publish')).toBe(true);
      expect(heard.filter((n) => n === w.edge)).toHaveLength(1);
    } finally {
      await unlisten();
    }
  });

  it('frozen settings do not follow later preset changes', async () => {
    const w = await publishWorld(t);
    await putPreset(w.f, w.acc.bilibili, 'video', { partitionName: '知识', tags: ['知识'] });
    const res = await v1(t.app, w.user, 'POST', '/publish/video', { executor: 'edge', accountIds: [w.acc.bilibili], title: 'Clip', localVideoPath: w.video });
    expect(res.status).toBe(200);
    await putPreset(w.f, w.acc.bilibili, 'video', { partitionName: '科技' });
    const [job] = await jobsOf(res.body.batch_id);
    expect(job!.settings_snapshot.partitionName).toBe('知识');
    expect(job!.payload).toEqual({ title: 'Clip', localVideoPath: w.video, coverImagePath: null });
  });

  it('CMS sites publish through executor web and take cms quota', async () => {
    const w = await publishWorld(t, { quotas: { cms: 3, web: 0 } });
    const res = await v1(t.app, w.user, 'POST', '/publish', { articleId: w.article, executor: 'web', accountIds: [w.acc.wordpress], platformSettings: { wordpress: { status: 'draft' } } });
    expect(res.status).toBe(200);
    const [job] = await jobsOf(res.body.batch_id);
    expect(job).toMatchObject({ executor: 'web', node_id: null, quota_bucket: 'cms', platform: 'wordpress' });
    expect(job!.settings_snapshot.status).toBe('draft');
    expect((await persistedState(t.db.database.db, w.user.id)).used).toMatchObject({ cms: 1, web: 0 });
  });

  it('POST /publish/dynamic answers 202 with a Location to poll', async () => {
    const w = await publishWorld(t);
    const res = await v1(t.app, w.user, 'POST', '/publish/dynamic', {
      executor: 'edge',
      accountIds: [w.acc.weibo, w.acc.douyin],
      content: 'Hello from Plume',
      images: [`/srv/plume/videos/${w.user.id}/a.jpg`],
      platformSettings: { weibo: { visibility: 'fans' }, douyin: { aiLabel: true, creationDeclaration: 'ai_generated' } },
    });
    expect(res.status).toBe(202);
    expect(res.headers.location).toBe(`/api/openapi/v1/publish/${res.body.batch_id}`);
    const polled = await v1(t.app, w.user, 'GET', (res.headers.location as string).replace('/api/openapi/v1', ''));
    expect(polled).toMatchObject({ status: 200, body: { batch_id: res.body.batch_id, content_type: 'dynamic', state: 'queued' } });
    const jobs = await jobsOf(res.body.batch_id);
    expect(jobs.map((j) => j.payload)).toEqual([
      { content: 'Hello from Plume', images: [`/srv/plume/videos/${w.user.id}/a.jpg`] },
      { content: 'Hello from Plume', images: [`/srv/plume/videos/${w.user.id}/a.jpg`] },
    ]);
  });

  it('POST /publish/video on edge and on desktop', async () => {
    const w = await publishWorld(t);
    const edge = await v1(t.app, w.user, 'POST', '/publish/video', {
      executor: 'edge',
      accountIds: [w.acc.bilibili, w.acc.douyin],
      title: 'My clip',
      localVideoPath: w.video,
      coverImagePath: w.cover,
      platforms: ['bilibili', 'douyin'],
      videoUrl: '',
      platformSettings: { bilibili: { partitionName: '知识', tags: ['知识'] }, douyin: { creationDeclaration: 'self_shot' } },
    });
    expect(edge.status).toBe(200);
    const jobs = await jobsOf(edge.body.batch_id);
    expect(jobs.map((j) => j.settings_snapshot.coverMode)).toEqual(['custom', 'custom']);
    expect(jobs[0]!.payload).toEqual({ title: 'My clip', localVideoPath: w.video, coverImagePath: w.cover });

    const desktop = await v1(t.app, w.user, 'POST', '/publish/video', {
      executor: 'desktop',
      accountIds: [w.acc.youtube],
      title: 'For YouTube',
      localVideoPath: 'C:\\Users\\me\\Videos\\clip.mp4',
      platformSettings: { youtube: { madeForKids: false, privacyStatus: 'unlisted' } },
    });
    expect(desktop.status).toBe(200);
    const [yt] = await jobsOf(desktop.body.batch_id);
    expect(yt).toMatchObject({ executor: 'desktop', node_id: w.desktop, quota_bucket: 'desktop' });
    expect(yt!.settings_snapshot).toMatchObject({ madeForKids: false, privacyStatus: 'unlisted' });
  });

  it('preflight then publish with its hash and contract version', async () => {
    const w = await publishWorld(t);
    const body = { executor: 'edge', accountIds: [w.acc.bilibili], title: 'Clip', localVideoPath: w.video, platformSettings: { bilibili: { partitionName: '生活', tags: ['生活'] } } };
    const pre = await v1(t.app, w.user, 'POST', '/publish/preflight', { ...body, contentType: 'video' });
    expect(pre.body.valid).toBe(true);
    const ok = await v1(t.app, w.user, 'POST', '/publish/video', { ...body, preflightHash: pre.body.preflight_hash, settingsContractVersion: pre.body.settings_contract_version });
    expect(ok.status).toBe(200);
    expect(ok.body.jobs[0].settings_hash).toBe(pre.body.targets[0].settings_hash);
  });
});

/**
 * Publish plans from the accounts cache and its statement writes only if the
 * database still holds what the plan judged; otherwise it plans again from the
 * database. Each case changes a fact behind the cache's back (replica mode:
 * the NOTIFY triggers do not fire) after a GET /accounts loaded the cache, and
 * the answer must be the one a fresh read gives.
 */
describe('a publish planned from a stale accounts cache', () => {
  type World = Awaited<ReturnType<typeof publishWorld>>;
  const behindTheCache = (write: (w: World) => ReturnType<typeof sql>) => async (w: World) => {
    await t.db.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(write(w));
    });
  };
  const cases: Array<{ name: string; change: (w: World) => Promise<unknown>; status: number; code?: string; partition?: string }> = [
    { name: 'the account logged out', change: behindTheCache((w) => sql`update accounts set login_state = 'logged_out' where id = ${w.acc.bilibili}`), status: 409, code: 'account_not_publishable' },
    { name: 'the node went offline', change: behindTheCache((w) => sql`update execution_nodes set connected_replica = null where id = ${w.edge}`), status: 409, code: 'executor_offline' },
    { name: 'the node no longer serves the user', change: behindTheCache((w) => sql`delete from node_users where node_id = ${w.edge}`), status: 409 },
    {
      name: 'the node lost the frozen-settings capability',
      change: behindTheCache((w) => sql`update execution_nodes set capabilities = capabilities || '{"publishSettingsSnapshot":0}'::jsonb where id = ${w.edge}`),
      status: 422,
      code: 'settings_executor_upgrade_required',
    },
    { name: 'the account was removed', change: behindTheCache((w) => sql`update accounts set removed_at = now() where id = ${w.acc.bilibili}`), status: 404, code: 'account_not_found' },
    { name: 'the preset changed', change: behindTheCache((w) => sql`update account_presets set settings = '{"partitionName":"科技","tags":["科技"]}'::jsonb where account_id = ${w.acc.bilibili}`), status: 200, partition: '科技' },
    { name: 'nothing changed', change: async () => undefined, status: 200, partition: '知识' },
  ];
  it.each(cases)('$name: answers as the database says', async ({ change, status, code, partition }) => {
    const w = await publishWorld(t, { quotas: { edge: 10 } });
    await putPreset(w.f, w.acc.bilibili, 'video', { partitionName: '知识', tags: ['知识'] });
    // The first read starts the cache's LISTEN (nothing is kept before it is up); the set-up's own
    // NOTIFYs land meanwhile. Either late would leave the cache empty, and the publish would read
    // the database without the cache being put to the test (a slow machine can only make this case
    // pass without the cache, never fail it).
    expect((await v1(t.app, w.user, 'GET', '/accounts?contentType=video')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect((await v1(t.app, w.user, 'GET', '/accounts?contentType=video')).status).toBe(200);
    await change(w);
    const res = await v1(t.app, w.user, 'POST', '/publish/video', { executor: 'edge', accountIds: [w.acc.bilibili], title: 'Clip', localVideoPath: w.video });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    const state = await persistedState(t.db.database.db, w.user.id);
    if (status !== 200) {
      if (code) expect(res.body.error.code).toBe(code);
      expect(state).toMatchObject({ batches: 0, jobs: 0, used: { edge: 0 } });
      return;
    }
    expect(state).toMatchObject({ batches: 1, jobs: 1, used: { edge: 1 } });
    const [job] = await jobsOf(res.body.batch_id);
    expect(job!.settings_snapshot.partitionName).toBe(partition);
  });
});

describe('preflight hash and contract version', () => {
  it('answers 409 when content, settings or route changed since the preflight', async () => {
    const w = await publishWorld(t);
    const body = { executor: 'edge', accountIds: [w.acc.bilibili], title: 'Clip', localVideoPath: w.video, platformSettings: { bilibili: { partitionName: '生活', tags: ['生活'] } } };
    const pre = await v1(t.app, w.user, 'POST', '/publish/preflight', { ...body, contentType: 'video' });
    const hash = pre.body.preflight_hash as string;
    const before = await persistedState(t.db.database.db, w.user.id);

    const changedSettings = await v1(t.app, w.user, 'POST', '/publish/video', { ...body, platformSettings: { bilibili: { partitionName: '科技', tags: ['生活'] } }, preflightHash: hash });
    expect(changedSettings).toMatchObject({ status: 409, body: { error: { code: 'preflight_mismatch' } } });
    const changedContent = await v1(t.app, w.user, 'POST', '/publish/video', { ...body, title: 'Other', preflightHash: hash });
    expect(changedContent.body.error.code).toBe('preflight_mismatch');
    // The account preset changes the effective settings even though the request did not change.
    await putPreset(w.f, w.acc.bilibili, 'video', { description: 'new' });
    expect((await v1(t.app, w.user, 'POST', '/publish/video', { ...body, preflightHash: hash })).body.error.code).toBe('preflight_mismatch');
    // …but custom mode ignores presets, so a custom-mode preflight hash survives preset edits.
    const custom = { ...body, settingsMode: 'custom' };
    const pre2 = await v1(t.app, w.user, 'POST', '/publish/preflight', { ...custom, contentType: 'video' });
    await putPreset(w.f, w.acc.bilibili, 'video', { description: 'newer' });

    const outdated = await v1(t.app, w.user, 'POST', '/publish/video', { ...body, settingsContractVersion: '2020-01-01' });
    expect(outdated).toMatchObject({ status: 409, body: { error: { code: 'settings_contract_outdated' } } });
    expect(await persistedState(t.db.database.db, w.user.id)).toEqual(before);
    expect((await v1(t.app, w.user, 'POST', '/publish/video', { ...custom, preflightHash: pre2.body.preflight_hash })).status).toBe(200);
  });

  it('a change of route (the account moved to another node) also answers 409', async () => {
    const w = await publishWorld(t);
    const body = { articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu] };
    const pre = await v1(t.app, w.user, 'POST', '/publish/preflight', { ...body, contentType: 'article' });
    const { createNode } = await import('../../testing/publish.js');
    const other = await createNode(w.f, { userIds: [w.user.id] });
    await t.db.database.db.execute(sql`update accounts set node_id = ${other} where id = ${w.acc.zhihu}`);
    expect((await v1(t.app, w.user, 'POST', '/publish', { ...body, preflightHash: pre.body.preflight_hash })).body.error.code).toBe('preflight_mismatch');
  });
});

describe('idempotency', () => {
  it('a repeat returns the first answer, marked as replayed, and creates nothing more', async () => {
    const w = await publishWorld(t);
    const body = { articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu] };
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const first = await v1(t.app, w.user, 'POST', '/publish', body, headers);
    const again = await v1(t.app, w.user, 'POST', '/publish', body, headers);
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await persistedState(t.db.database.db, w.user.id)).toMatchObject({ batches: 1, jobs: 1 });

    const other = await v1(t.app, w.user, 'POST', '/publish', { ...body, accountIds: [w.acc.csdn] }, headers);
    expect(other).toMatchObject({ status: 409, body: { error: { code: 'idempotency_key_reused' } } });
    const otherEndpoint = await v1(t.app, w.user, 'POST', '/publish/dynamic', { executor: 'edge', accountIds: [w.acc.weibo], content: 'x' }, headers);
    expect(otherEndpoint.body.error.code).toBe('idempotency_key_reused');
  });

  it('a replayed dynamic keeps its 202 and Location', async () => {
    const w = await publishWorld(t);
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const body = { executor: 'edge', accountIds: [w.acc.weibo], content: 'once' };
    const first = await v1(t.app, w.user, 'POST', '/publish/dynamic', body, headers);
    const again = await v1(t.app, w.user, 'POST', '/publish/dynamic', body, headers);
    expect(again).toMatchObject({ status: 202, body: first.body });
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('a definite refusal is the answer too; a key is per user', async () => {
    const w = await publishWorld(t, { quotas: { edge: 0 } });
    const key = { 'idempotency-key': crypto.randomUUID() };
    const body = { articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu] };
    expect((await v1(t.app, w.user, 'POST', '/publish', body, key)).body.error.code).toBe('quota_exceeded');
    const replay = await v1(t.app, w.user, 'POST', '/publish', body, key);
    expect(replay).toMatchObject({ status: 403, body: { error: { code: 'quota_exceeded' } } });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const w2 = await publishWorld(t);
    expect((await v1(t.app, w2.user, 'POST', '/publish', { ...body, articleId: w2.article, accountIds: [w2.acc.zhihu] }, key)).status).toBe(200);
  });

  it('the same key in flight answers 409 with Retry-After', async () => {
    const w = await publishWorld(t);
    const key = crypto.randomUUID();
    const body = JSON.stringify({ articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu] });
    const { requestHash } = await import('../../http/idempotency.js');
    await t.db.database.db.execute(sql`insert into idempotency_keys (user_id, key, request_hash, state, locked_until, expires_at)
      values (${w.user.id}, ${key}, ${requestHash('POST', '/publish', Buffer.from(body))}, 'in_flight', now() + interval '30 seconds', now() + interval '1 day')`);
    const res = await v1(t.app, w.user, 'POST', '/publish', body, { 'idempotency-key': key });
    expect(res).toMatchObject({ status: 409, body: { error: { code: 'idempotency_key_in_flight' } } });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('50 concurrent publishes with one Idempotency-Key create exactly one batch', async () => {
    const w = await publishWorld(t, { quotas: { edge: 100 } });
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const body = { articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu, w.acc.csdn] };
    const answers = await Promise.all(Array.from({ length: 50 }, () => v1(t.app, w.user, 'POST', '/publish', body, headers)));
    const ok = answers.filter((a) => a.status === 200);
    const busy = answers.filter((a) => a.status === 409);
    expect(ok.length + busy.length).toBe(50);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((a) => a.body.batch_id)).size).toBe(1);
    for (const b of busy) {
      expect(b.body.error.code).toBe('idempotency_key_in_flight');
      expect(Number(b.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await persistedState(t.db.database.db, w.user.id)).toMatchObject({ batches: 1, jobs: 2, used: { edge: 2 } });
    // After the storm, the key answers with the one batch.
    const after = await v1(t.app, w.user, 'POST', '/publish', body, headers);
    expect(after.body.batch_id).toBe(ok[0]!.body.batch_id);
  });
});

describe('GET /publish/{batch_id}', () => {
  it('returns jobs with state, redacted feedback, platform status and verification time; the batch state follows its jobs', async () => {
    const w = await publishWorld(t);
    const res = await v1(t.app, w.user, 'POST', '/publish/video', {
      executor: 'edge',
      accountIds: [w.acc.bilibili, w.acc.douyin],
      title: 'Clip',
      localVideoPath: w.video,
      platformSettings: { bilibili: { partitionName: '知识', tags: ['知识'] } },
    });
    const batchId = res.body.batch_id as string;
    const first = await v1(t.app, w.user, 'GET', `/publish/${batchId}`);
    expect(first.body).toMatchObject({ batch_id: batchId, content_type: 'video', executor: 'edge', article_id: null, state: 'queued', request_id: expect.any(String) });
    expect(first.body.jobs[0]).toEqual({
      job_id: expect.stringMatching(/^job_/),
      account_id: w.acc.bilibili,
      platform: 'bilibili',
      state: 'queued',
      feedback: null,
      platform_status: null,
      platform_post_id: null,
      platform_url: null,
      verified_at: null,
      error: null,
      settings_hash: expect.any(String),
      publish_at: null,
      publish_deadline: null,
      challenge: null,
      pacing: null,
      retry: null,
    });

    const db = t.db.database.db;
    await db.execute(sql`update publish_jobs set state = 'succeeded', platform_status = 'published', platform_post_id = 'BV1xx', platform_url = 'https://www.bilibili.com/video/BV1xx',
      verified_at = now(), feedback = ${JSON.stringify({ message: `uploaded ${w.video}`, step: 'publish', cookies: 'SESSDATA=abc', profileDir: '/var/lib/plume/profiles/p1' })}::jsonb
      where batch_id = ${batchId} and account_id = ${w.acc.bilibili}`);
    await db.execute(sql`update publish_jobs set state = 'running', feedback = ${JSON.stringify({ message: 'session cookie=abc123 from /var/lib/plume/profiles/p2/Cookies', step: 'upload' })}::jsonb
      where batch_id = ${batchId} and account_id = ${w.acc.douyin}`);
    const running = await v1(t.app, w.user, 'GET', `/publish/${batchId}`);
    expect(running.body.state).toBe('running');
    const [bili, douyin] = running.body.jobs;
    expect(bili).toMatchObject({ state: 'succeeded', platform_status: 'published', platform_post_id: 'BV1xx', verified_at: expect.any(String), feedback: { message: `uploaded ${w.video}`, step: 'publish' } });
    expect(douyin.feedback).toEqual({ message: 'session cookie=[redacted] from [path]', step: 'upload' });
    expect(JSON.stringify(running.body)).not.toMatch(/SESSDATA|abc123|profiles/);

    await db.execute(sql`update publish_jobs set state = 'failed', error_code = 'login_expired', error_message = 'login expired; cookie=zzz' where batch_id = ${batchId} and account_id = ${w.acc.douyin}`);
    const done = await v1(t.app, w.user, 'GET', `/publish/${batchId}`);
    expect(done.body.state).toBe('partial');
    expect(done.body.jobs[1].error).toEqual({ code: 'login_expired', message: 'login expired; cookie=[redacted]' });
  });

  it('only the owner reads a batch; ids of other kinds get a 404 saying what they are', async () => {
    const w = await publishWorld(t);
    const other = await publishWorld(t);
    const res = await v1(t.app, w.user, 'POST', '/publish', { articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu] });
    expect(await v1(t.app, other.user, 'GET', `/publish/${res.body.batch_id}`)).toMatchObject({ status: 404, body: { error: { code: 'batch_not_found' } } });
    expect(await v1(t.app, w.user, 'GET', '/publish/bat_doesnotexist')).toMatchObject({ status: 404, body: { error: { code: 'batch_not_found' } } });
    const gen = await v1(t.app, w.user, 'GET', '/publish/gen_abc123');
    expect(gen.status).toBe(404);
    expect(gen.body.error.message).toMatch(/generation task/);
    const art = await v1(t.app, w.user, 'GET', `/publish/${w.article}`);
    expect(art.status).toBe(404);
    expect(art.body.error.message).toMatch(/article id/);
    const job = await v1(t.app, w.user, 'GET', `/publish/${res.body.jobs[0].job_id}`);
    expect(job).toMatchObject({ status: 404, body: { error: { code: 'batch_not_found', message: expect.stringMatching(/job id/) } } });
    expect((await v1(t.app, w.user, 'GET', '/publish/12')).body.error.message).toMatch(/account id/);
  });
});
