/**
 * The integrator pages' API (role user): publish history with each job's
 * feedback and failure evidence, accounts by executor and node, articles with
 * their AI labels and generation tasks, quota and request usage. The data is
 * made through the Open API with the integrator's key; what only a node can
 * report (a job's outcome, its evidence) is written as the node's report
 * leaves it. Always the session's integrator only: another integrator's
 * objects answer 404, other roles and other credentials are refused.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.js';
import { batchState } from '../publishing/publish/batch-view.js';
import type { JobState } from '../publishing/publishing.schema.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { ConsoleClient, type Person, person } from '../testing/console.js';
import { createUser, v1 } from '../testing/openapi.js';
import { createAccount, createNode, fixturesOf, publishWorld } from '../testing/publish.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof publishWorld>>;
let me: Person;
let other: Awaited<ReturnType<typeof publishWorld>>;
let otherPerson: Person;
const db = () => t.db.database.db;

/** A 1×1 PNG, as a node's screenshot would be stored (base64). */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

async function publish(user: typeof w, accountIds: number[], requestId: string) {
  const res = await v1(t.app, user.user, 'POST', '/publish', { articleId: user.article, executor: 'edge', accountIds }, { 'x-request-id': requestId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { batch_id: string; jobs: Array<{ job_id: string; account_id: number }> };
}

/** A job as its node's result leaves it. */
async function finish(jobId: string, state: JobState, o: { feedback?: Record<string, unknown>; error?: [string, string]; url?: string } = {}) {
  await db().execute(sql`update publish_jobs set state = ${state}, feedback = ${o.feedback ? JSON.stringify(o.feedback) : null}::jsonb,
    error_code = ${o.error?.[0] ?? null}, error_message = ${o.error?.[1] ?? null}, platform_url = ${o.url ?? null} where id = ${jobId}`);
}

beforeAll(async () => {
  t = await createTestApp();
  w = await publishWorld(t);
  me = await person(t, 'user', { integratorUserId: w.user.id, name: 'Ivo' });
  other = await publishWorld(t);
  otherPerson = await person(t, 'user', { integratorUserId: other.user.id });
});
afterAll(async () => t?.close());

describe('happy path', () => {
  it('publish history: batches with their derived state, filtered by state, time and request id; a batch with per-account feedback and evidence', async () => {
    const done = await publish(w, [w.acc.zhihu, w.acc.csdn], 'console-history-1');
    const waiting = await publish(w, [w.acc.toutiao], 'console-history-2');
    const [zhihuJob, csdnJob] = [done.jobs.find((j) => j.account_id === w.acc.zhihu)!, done.jobs.find((j) => j.account_id === w.acc.csdn)!];
    await finish(zhihuJob.job_id, 'succeeded', { feedback: { message: 'Published', step: 'submit', cookie: 'sid=secret' }, url: 'https://zhuanlan.zhihu.com/p/1' });
    await finish(csdnJob.job_id, 'failed', { feedback: { message: 'token=abc123 rejected by /home/other/file', step: 'fill_title' }, error: ['editor_changed', 'The editor changed'] });
    await db().execute(sql`insert into job_evidence (job_id, attempt_id, node_id, step, error_code, screenshot_png, html)
      values (${csdnJob.job_id}, 'att_1', ${w.edge}, 'fill_title', 'editor_changed', ${PNG}, '<html>session=secret</html>')`);

    const all = await me.client.get('/api/console/me/batches');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(2);
    expect(all.body.batches[0]).toMatchObject({ batchId: waiting.batch_id, status: 'queued', jobs: 1, requestId: 'console-history-2', contentType: 'article', executor: 'edge' });
    expect(all.body.batches[1]).toMatchObject({ batchId: done.batch_id, status: 'partial', jobs: 2, succeeded: 1, failed: 1 });

    expect((await me.client.get('/api/console/me/batches?status=partial')).body).toMatchObject({ total: 1, batches: [{ batchId: done.batch_id }] });
    expect((await me.client.get('/api/console/me/batches?requestId=console-history-2')).body).toMatchObject({ total: 1, batches: [{ batchId: waiting.batch_id }] });
    expect((await me.client.get('/api/console/me/batches?requestId=never-used')).body).toEqual({ batches: [], total: 0 });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await me.client.get(`/api/console/me/batches?from=2000-01-01&to=${tomorrow}`)).body.total).toBe(2);
    expect((await me.client.get(`/api/console/me/batches?from=${tomorrow}`)).body.total).toBe(0);
    expect((await me.client.get('/api/console/me/batches?to=2000-01-01T00:00:00Z')).body.total).toBe(0);

    const detail = await me.client.get(`/api/console/me/batches/${done.batch_id}`);
    expect(detail.status).toBe(200);
    // Exactly what the Open API answers the same integrator for the same batch.
    expect(detail.body.batch).toEqual((await v1(t.app, w.user, 'GET', `/publish/${done.batch_id}`)).body);
    expect(detail.body.batch.jobs.find((j: any) => j.job_id === csdnJob.job_id)).toMatchObject({
      state: 'failed',
      feedback: { message: 'token=[redacted] rejected by [path]', step: 'fill_title' },
      error: { code: 'editor_changed' },
    });
    expect(detail.body.evidence).toEqual({ [csdnJob.job_id]: 1 });
    expect(JSON.stringify(detail.body)).not.toContain('secret');

    const evidence = await me.client.get(`/api/console/me/jobs/${csdnJob.job_id}/evidence`);
    expect(evidence.status).toBe(200);
    expect(evidence.body.evidence).toEqual([{ id: expect.any(String), attemptId: 'att_1', step: 'fill_title', errorCode: 'editor_changed', screenshotPng: PNG, createdAt: expect.any(String) }]);
    expect(evidence.text).not.toContain('<html>');
    expect((await me.client.get(`/api/console/me/jobs/${zhihuJob.job_id}/evidence`)).body).toEqual({ evidence: [] });
  });

  it('the listed state is the one batchState derives from the jobs, for every mix', async () => {
    const mixes: JobState[][] = [['queued'], ['offered', 'running'], ['unknown'], ['needs_attention', 'succeeded'], ['succeeded', 'succeeded'], ['failed', 'canceled'], ['succeeded', 'canceled'], ['committed']];
    const user = await publishWorld(t);
    const p = await person(t, 'user', { integratorUserId: user.user.id });
    const expected = new Map<string, string>();
    for (const [n, mix] of mixes.entries()) {
      const ids = [user.acc.zhihu, user.acc.csdn].slice(0, mix.length);
      const made = await publish(user, ids, `mix-${n}`);
      for (const [i, job] of made.jobs.entries()) await finish(job.job_id, mix[i]!);
      expected.set(made.batch_id, batchState(mix));
    }
    const listed = await p.client.get('/api/console/me/batches?limit=200');
    expect(new Map(listed.body.batches.map((b: any) => [b.batchId, b.status]))).toEqual(expected);
    for (const state of ['queued', 'running', 'succeeded', 'failed', 'partial']) {
      const only = await p.client.get(`/api/console/me/batches?status=${state}`);
      expect(only.body.total, state).toBe([...expected.values()].filter((s) => s === state).length);
    }
  });

  it('accounts with executor, node and login state; CMS sites without a node', async () => {
    const f = fixturesOf(t);
    const offline = await createNode(f, { kind: 'edge', userIds: [w.user.id], online: false, name: 'edge-basement' });
    const loggedOut = await createAccount(f, w.user.id, { platform: 'weibo', nodeId: offline, loginState: 'logged_out', displayName: 'Weibo <b>old</b>' });
    const res = await me.client.get('/api/console/me/accounts');
    expect(res.status).toBe(200);
    const byId = new Map(res.body.accounts.map((a: any) => [a.id, a]));
    expect(byId.get(w.acc.zhihu)).toMatchObject({ platform: 'zhihu', category: 'content', executor: 'edge', loginState: 'logged_in', publishable: true, reasons: [], node: { id: w.edge, kind: 'edge', online: true } });
    expect(byId.get(w.acc.youtube)).toMatchObject({ executor: 'desktop', node: { id: w.desktop, kind: 'desktop' } });
    expect(byId.get(w.acc.wordpress)).toMatchObject({ category: 'cms', node: null, publishable: true });
    const old = byId.get(loggedOut) as any;
    expect(old).toMatchObject({ displayName: 'Weibo <b>old</b>', loginState: 'logged_out', publishable: false, node: { id: offline, name: 'edge-basement', online: false } });
    expect(old.reasons.map((r: any) => r.code)).toContain('logged_out');
    // Only the integrator's own.
    expect(res.body.accounts.some((a: any) => a.id === other.acc.zhihu)).toBe(false);
  });

  it('articles with their AI labels, and generation tasks with their state', async () => {
    const imported = await v1(t.app, w.user, 'POST', '/articles', { title: 'Written with help', content: 'Body ![x](https://img.example/a.png)', contentProvenance: 'ai_assisted', aiProvider: 'api.example', aiModel: 'm1', aiImageCount: 1 });
    expect(imported.status).toBe(201);
    // No generation provider is configured in tests: the task fails at once, as the Open API says.
    const task = await v1(t.app, w.user, 'POST', '/articles/generate', { customTopic: 'Edge nodes', style: 'technical', wordCount: 300 });
    expect(task.status).toBe(202);

    const articles = await me.client.get('/api/console/me/articles?limit=1');
    expect(articles.status).toBe(200);
    expect(articles.body.total).toBe(2);
    expect(articles.body.articles).toEqual([
      {
        articleId: imported.body.article_id,
        title: 'Written with help',
        source: 'import',
        contentProvenance: 'ai_assisted',
        aigc: { labelRequired: true, displayLabel: 'AI-assisted text, AI-generated images', text: true, images: true },
        createdAt: expect.any(String),
      },
    ]);
    expect((await me.client.get('/api/console/me/articles?offset=1')).body.articles[0].articleId).toBe(w.article);

    // A done task, as the worker leaves it, carries its article and label.
    const done = await v1(t.app, w.user, 'POST', '/articles/generate', { customTopic: 'Second topic' });
    await db().execute(sql`update generation_tasks set status = 'done', article_id = ${imported.body.article_id}, error_code = null, error_message = null where id = ${done.body.task_id}`);
    const tasks = await me.client.get('/api/console/me/generation-tasks');
    expect(tasks.body.total).toBe(2);
    expect(tasks.body.tasks).toEqual([
      {
        taskId: done.body.task_id,
        status: 'done',
        topic: 'Second topic',
        style: 'informative',
        wordCount: 800,
        createdAt: expect.any(String),
        article: { articleId: imported.body.article_id, title: 'Written with help', aigc: expect.objectContaining({ displayLabel: 'AI-assisted text, AI-generated images' }) },
        error: null,
      },
      expect.objectContaining({ taskId: task.body.task_id, status: 'failed', article: null, error: { code: 'generation_unconfigured', message: expect.any(String) } }),
    ]);
    expect((await me.client.get('/api/console/me/generation-tasks?status=failed')).body).toMatchObject({ total: 1, tasks: [{ taskId: task.body.task_id }] });
  });

  it('usage: quota per bucket with the jobs holding units, and the request windows', async () => {
    const usage = await me.client.get('/api/console/me/usage');
    expect(usage.status).toBe(200);
    const me1 = await v1(t.app, w.user, 'GET', '/me');
    const inFlight = await rows<{ n: number }>(db(), sql`select count(*)::int as n from publish_jobs where user_id = ${w.user.id} and quota_bucket = 'edge' and state not in ('succeeded', 'failed', 'canceled')`);
    expect(usage.body.plan).toBe('test');
    expect(usage.body.buckets.map((b: any) => b.bucket)).toEqual(['web', 'desktop', 'edge', 'cms']);
    for (const b of usage.body.buckets) expect(b, b.bucket).toMatchObject({ ...me1.body.quotas[b.bucket] });
    expect(usage.body.buckets.find((b: any) => b.bucket === 'edge').inFlight).toBe(inFlight[0]!.n);
    expect(usage.body.requests.perMinute).toMatchObject({ limit: 10_000, resetsAt: expect.any(String) });
    // The Open API calls above were counted (a slow user leases one token per request).
    expect(usage.body.requests.daily.counted).toBeGreaterThan(0);
    expect(usage.body.requests.daily.limit).toBe(1_000_000);
  });
});

describe('errors', () => {
  it('another integrator\'s batch and job answer 404 like unknown ones', async () => {
    const theirs = await publish(other, [other.acc.zhihu], 'other-integrator');
    for (const path of [`/api/console/me/batches/${theirs.batch_id}`, `/api/console/me/jobs/${theirs.jobs[0]!.job_id}/evidence`, '/api/console/me/batches/bat_unknown', '/api/console/me/jobs/job_unknown/evidence']) {
      const res = await me.client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('not_found');
      expect(res.headers['x-request-id']).toBeTruthy();
    }
    expect((await me.client.get('/api/console/me/batches?requestId=other-integrator')).body.total).toBe(0);
    // Their owner sees them.
    expect((await otherPerson.client.get(`/api/console/me/batches/${theirs.batch_id}`)).status).toBe(200);
  });

  it('hostile ids, NUL bytes, oversize and wrong-typed filters: 400 validation_failed with the console envelope', async () => {
    const bad = [
      '/api/console/me/batches/not-a-batch',
      '/api/console/me/batches/bat_%00x',
      `/api/console/me/batches/bat_${'x'.repeat(300)}`,
      '/api/console/me/batches/job_abc',
      '/api/console/me/jobs/bat_abc/evidence',
      '/api/console/me/jobs/job_..%2F..%2Fetc/evidence',
      '/api/console/me/batches?status=%00',
      '/api/console/me/batches?status=done',
      '/api/console/me/batches?from=yesterday',
      '/api/console/me/batches?from=2026-02-30',
      '/api/console/me/batches?from=2026-05-01&to=2026-04-01',
      `/api/console/me/batches?requestId=${'r'.repeat(65)}`,
      '/api/console/me/batches?requestId=a%00b',
      '/api/console/me/batches?requestId=a%20b',
      '/api/console/me/batches?limit=201',
      '/api/console/me/batches?limit=abc',
      '/api/console/me/batches?offset=-1',
      '/api/console/me/articles?limit=0',
      '/api/console/me/articles?offset=1e9',
      '/api/console/me/generation-tasks?status=paused',
      '/api/console/me/generation-tasks?limit=%00',
    ];
    for (const path of bad) {
      const res = await me.client.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toEqual({ error: { code: 'validation_failed', message: expect.any(String) } });
      expect(res.headers['x-request-id']).toBeTruthy();
    }
    const long = await me.client.get(`/api/console/me/batches?from=${'2026-01-01'.repeat(2000)}`);
    expect(long.status).toBe(400);
  });
});

describe('auth', () => {
  const paths = ['/api/console/me/batches', '/api/console/me/batches/bat_any', '/api/console/me/jobs/job_any/evidence', '/api/console/me/accounts', '/api/console/me/articles', '/api/console/me/generation-tasks', '/api/console/me/usage'];

  it('an admin or a viewer is forbidden: these are an integrator\'s own pages', async () => {
    for (const role of ['admin', 'viewer'] as const) {
      const p = await person(t, role);
      for (const path of paths) {
        const res = await p.client.get(path);
        expect(res.status, `${role} ${path}`).toBe(403);
        expect(res.body.error.code).toBe('forbidden');
      }
    }
  });

  it('an API key, an admin token or no session at all is not a person: 401', async () => {
    const anonymous = new ConsoleClient(t.app);
    const key = await createUser(t.app, t.adminHeaders);
    for (const path of paths) {
      for (const headers of [{}, key.headers, t.adminHeaders]) {
        const res = await anonymous.request('GET', path, undefined, { headers });
        expect(res.status, path).toBe(401);
        expect(res.body.error.code).toBe('not_authenticated');
      }
    }
  });
});
