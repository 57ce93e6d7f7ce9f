/**
 * The web executor for CMS sites end to end: POST /publish → the worker
 * claims the job → the CMS simulator (a real local HTTP server speaking
 * WordPress REST and XML-RPC MetaWeblog) → GET /publish/{batch_id}.
 * Covers have their own file (cms-covers.int.test.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CmsSimulator } from '../../../../test/cms-simulator/index.js';
import { openPostgres, rows } from '../../db/client.js';
import { type ComponentLog, silentLog } from '../../db/polling-loops.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { eventually, until } from '../../testing/eventually.js';
import { hasPostgres } from '../../testing/db.js';
import { createUser, type TestUser, v1 } from '../../testing/openapi.js';
import { createArticle, createCmsSite, fixturesOf, persistedState } from '../../testing/publish.js';
import { markUnknown } from '../../nodes/job-reports.repository.js';
import { cmsJobs } from './cms-jobs.repository.js';
import { markerOf } from './cms-plugin.js';
import { CmsWorker, type CmsTimers, type CmsWorkerOptions } from './cms.worker.js';

const TIMERS: Partial<CmsTimers> = {
  requestTimeoutMs: 2_000,
  leaseMs: 3_000,
  pollMs: 25,
  retryBackoffMs: [100],
  maxAttempts: 3,
  verifyDelayMs: 200,
  verifyIntervalMs: 100,
  verifyLookups: 2,
};

let t: TestApp;
let sim: CmsSimulator;
const workers: CmsWorker[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
beforeEach(async () => {
  sim = await new CmsSimulator().start();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await sim.close();
});

const db = () => t.db.database.db;

function startWorker(o: Partial<CmsWorkerOptions> = {}): CmsWorker {
  const w = new CmsWorker({ db: db(), secretKey: undefined, concurrency: 2, ...o, timers: { ...TIMERS, ...o.timers } });
  w.start();
  workers.push(w);
  return w;
}

interface World {
  user: TestUser;
  site: number;
  article: string;
}

async function world(spec: { type: 'wordpress' | 'metaweblog'; password?: string; title?: string; content?: string }): Promise<World> {
  const f = fixturesOf(t);
  const user = await createUser(t.app, t.adminHeaders, { quotas: { cms: 50, web: 0 } });
  const site = await createCmsSite(f, user.id, {
    type: spec.type,
    siteUrl: spec.type === 'wordpress' ? sim.url : sim.xmlrpcUrl,
    ...(spec.password ? { password: spec.password } : {}),
  });
  const article = await createArticle(f, user.id, {
    title: spec.title ?? 'Hello from Plume',
    content: spec.content ?? '# Heading\n\nBody with **bold** text.\n\n- one\n- two',
  });
  return { user, site, article };
}

async function publish(w: World, extra: Record<string, unknown> = {}, accountIds = [w.site]): Promise<string> {
  const res = await v1(t.app, w.user, 'POST', '/publish', { articleId: w.article, executor: 'web', accountIds, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.batch_id as string;
}

const TERMINAL = new Set(['succeeded', 'failed', 'partial']);

/** Polls the batch until it settles; no deadline of its own (a slow machine settles it later): the test's timeout bounds it. */
async function settled(user: TestUser, batchId: string): Promise<Record<string, any>> {
  for (;;) {
    const res = await v1(t.app, user, 'GET', `/publish/${batchId}`);
    if (TERMINAL.has(res.body.state) || res.body.jobs?.some((j: { state: string }) => j.state === 'needs_attention')) return res.body;
    await new Promise((r) => setTimeout(r, 40));
  }
}

const jobRow = async (jobId: string) =>
  (await rows<{ state: string; attempt: number; verified_at: Date | null; feedback: Record<string, unknown> }>(db(), sql`select state, attempt, verified_at, feedback from publish_jobs where id = ${jobId}`))[0]!;

describe('happy path', () => {
  it('WordPress: published through the REST API with HTML, terms and the post URL in the batch', async () => {
    const w = await world({ type: 'wordpress' });
    await t.app.inject({ method: 'PUT', url: `/api/admin/users/${w.user.id}/webhook`, headers: t.adminHeaders, payload: { url: 'https://hooks.example.test/in' } });
    startWorker();
    const batchId = await publish(w, { platformSettings: { wordpress: { categories: ['News', 'Uncategorized'], tags: ['ts', 'cms'], summary: 'Short', slug: 'hello-plume' } } });
    const batch = await settled(w.user, batchId);

    expect(batch.state).toBe('succeeded');
    const [post] = sim.posts;
    expect(sim.posts).toHaveLength(1);
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_status: 'published', platform_post_id: String(post!.id), platform_url: post!.link, error: null });
    expect(post).toMatchObject({ via: 'rest', title: 'Hello from Plume', status: 'publish', excerpt: 'Short', slug: 'hello-plume' });
    expect(post!.content).toContain('<h1>Heading</h1>');
    expect(post!.content).toContain('<strong>bold</strong>');
    expect(post!.content).toContain(`<!-- ${markerOf(batch.jobs[0].job_id)} -->`);
    const news = sim.categories.find((c) => c.name === 'News')!;
    expect(post!.categories).toEqual([news.id, 1]);
    expect(post!.tags).toEqual(sim.tags.map((x) => x.id));
    expect((await persistedState(db(), w.user.id)).used).toMatchObject({ cms: 1 });

    const events = await rows<{ type: string; payload: Record<string, unknown> }>(
      db(),
      sql`select event_type as type, payload from webhook_deliveries where user_id = ${w.user.id} order by created_at, id`,
    );
    expect(events).toContainEqual({
      type: 'publish.job.updated',
      payload: expect.objectContaining({ batch_id: batchId, state: 'succeeded', platform_post_id: String(post!.id), platform_url: post!.link }),
    });
    expect(events).toContainEqual({ type: 'publish.batch.updated', payload: expect.objectContaining({ batch_id: batchId, state: 'succeeded' }) });
  });

  it('MetaWeblog: newPost over XML-RPC, categories and keywords, link read back', async () => {
    const w = await world({ type: 'metaweblog' });
    startWorker();
    const batchId = await publish(w, { platformSettings: { metaweblog: { categories: ['Tech'], tags: ['a', 'b'] } } });
    const batch = await settled(w.user, batchId);

    expect(batch.state).toBe('succeeded');
    expect(sim.posts).toHaveLength(1);
    const [post] = sim.posts;
    expect(post).toMatchObject({ via: 'xmlrpc', title: 'Hello from Plume', status: 'publish', categories: ['Tech'], tags: ['a', 'b'] });
    expect(post!.content).toContain('<li>one</li>');
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: String(post!.id), platform_url: post!.link });
    expect(sim.requests.map((r) => r.rpc)).toEqual(['blogger.getUsersBlogs', 'metaWeblog.newPost', 'metaWeblog.getPost']);
  });

  it('a draft stays a draft (wordpress status, metaweblog publish=false)', async () => {
    const wp = await world({ type: 'wordpress' });
    const mw = await world({ type: 'metaweblog' });
    startWorker();
    const [a, b] = [await publish(wp, { platformSettings: { wordpress: { status: 'draft' } } }), await publish(mw, { platformSettings: { metaweblog: { publish: false } } })];
    expect((await settled(wp.user, a)).jobs[0].platform_status).toBe('draft');
    expect((await settled(mw.user, b)).jobs[0].platform_status).toBe('draft');
    expect(sim.posts.map((p) => p.status)).toEqual(['draft', 'draft']);
  });
});

describe('errors', () => {
  it.each(['wordpress', 'metaweblog'] as const)('%s: a wrong password fails the job with cms_auth_failed and gives the quota unit back', async (type) => {
    const w = await world({ type, password: 'wrong password' });
    startWorker();
    const batchId = await publish(w);
    expect((await persistedState(db(), w.user.id)).used).toMatchObject({ cms: 1 });
    const batch = await settled(w.user, batchId);

    expect(batch.state).toBe('failed');
    expect(batch.jobs[0]).toMatchObject({ state: 'failed', error: { code: 'cms_auth_failed', message: expect.stringContaining('refused the credentials') } });
    expect(batch.jobs[0].error.message).not.toContain('wrong password');
    expect(sim.posts).toHaveLength(0);
    expect(sim.createCalls()).toHaveLength(0);
    expect((await persistedState(db(), w.user.id)).used).toMatchObject({ cms: 0 });
    // Refunded once, recorded against the job.
    expect(await rows(db(), sql`select bucket from quota_refunds where job_id = ${batch.jobs[0].job_id}`)).toEqual([{ bucket: 'cms' }]);
  });

  it('a 500 on the publish call is looked up first, then retried, and publishes once', async () => {
    const w = await world({ type: 'wordpress' });
    sim.failNextCreate({ kind: 'status', status: 500 });
    startWorker();
    const batch = await settled(w.user, await publish(w));

    expect(batch.state).toBe('succeeded');
    expect(sim.createCalls()).toHaveLength(2);
    expect(sim.posts).toHaveLength(1);
    expect(batch.jobs[0].platform_url).toBe(sim.posts[0]!.link);
    expect((await jobRow(batch.jobs[0].job_id)).attempt).toBe(2);
    // The lookup happened between the two create calls.
    const lookups = sim.requests.filter((r) => r.method === 'GET' && r.path === '/wp-json/wp/v2/posts');
    expect(lookups.length).toBeGreaterThanOrEqual(1);
    expect(lookups[0]!.at).toBeGreaterThanOrEqual(sim.createCalls()[0]!.at);
    expect(lookups[0]!.at).toBeLessThanOrEqual(sim.createCalls()[1]!.at);
  });

  it('a site that keeps answering 500 fails the job after the attempts are spent, quota refunded', async () => {
    const w = await world({ type: 'metaweblog' });
    sim.failNextCreate({ kind: 'status', status: 503 }, 10);
    startWorker();
    const batch = await settled(w.user, await publish(w));

    expect(batch.jobs[0]).toMatchObject({ state: 'failed', error: { code: 'cms_unavailable', message: expect.stringContaining('gave up after 3 attempts') } });
    expect(sim.createCalls()).toHaveLength(3);
    expect(sim.posts).toHaveLength(0);
    expect((await persistedState(db(), w.user.id)).used).toMatchObject({ cms: 0 });
  });

  it.each(['wordpress', 'metaweblog'] as const)('%s: a timeout after the post was stored is resolved by a lookup, never a second post', async (type) => {
    const w = await world({ type });
    sim.failNextCreate({ kind: 'hang', afterCreate: true });
    startWorker({ timers: { requestTimeoutMs: 500 } });
    const batch = await settled(w.user, await publish(w));

    expect(batch.state).toBe('succeeded');
    expect(sim.createCalls()).toHaveLength(1);
    expect(sim.posts).toHaveLength(1);
    expect(batch.jobs[0]).toMatchObject({ platform_post_id: String(sim.posts[0]!.id), platform_url: sim.posts[0]!.link, verified_at: expect.any(String) });
  });

  it('a timeout before anything was stored is looked up, found absent, and published once', async () => {
    const w = await world({ type: 'wordpress' });
    sim.failNextCreate({ kind: 'hang', afterCreate: false });
    startWorker({ timers: { requestTimeoutMs: 500 } });
    const batchId = await publish(w);
    const batch = await settled(w.user, batchId);

    expect(batch.state).toBe('succeeded');
    expect(sim.createCalls()).toHaveLength(2);
    expect(sim.posts).toHaveLength(1);
    const lookups = sim.requests.filter((r) => r.method === 'GET' && r.path === '/wp-json/wp/v2/posts');
    expect(lookups.length).toBeGreaterThanOrEqual(2); // verifyLookups; more only if a lookup itself timed out
  });

  it('an unreachable site is retried without lookups and fails as cms_unreachable', async () => {
    const w = await world({ type: 'wordpress' });
    await sim.close(); // nothing listens on the site's port any more
    startWorker();
    const batch = await settled(w.user, await publish(w));
    expect(batch.jobs[0]).toMatchObject({ state: 'failed', error: { code: 'cms_unreachable' }, retry: null });
    expect((await jobRow(batch.jobs[0].job_id)).attempt).toBe(3);
    expect((await persistedState(db(), w.user.id)).used).toMatchObject({ cms: 0 });
    sim = await new CmsSimulator().start();
  });

  it('a job waiting to retry shows the failed attempt\'s code and its next attempt time, and none once it succeeds', async () => {
    const w = await world({ type: 'wordpress' });
    await t.app.inject({ method: 'PUT', url: `/api/admin/users/${w.user.id}/webhook`, headers: t.adminHeaders, payload: { url: 'https://hooks.example.test/in' } });
    const port = Number(new URL(sim.url).port);
    await sim.close(); // the site is down: its port refuses
    startWorker({ timers: { retryBackoffMs: [30_000] } });
    const before = Date.now();
    const batchId = await publish(w);
    const read = async () => (await v1(t.app, w.user, 'GET', `/publish/${batchId}`)).body;
    const waiting = await until(read, (b) => b.jobs[0].retry !== null);
    const after = Date.now();

    expect(waiting.state).toBe('queued');
    expect(waiting.jobs[0]).toMatchObject({
      state: 'queued',
      error: null,
      retry: { attempt: 1, error: { code: 'cms_unreachable', message: expect.stringContaining('could not be reached') }, next_attempt_at: expect.any(String) },
    });
    const next = Date.parse(waiting.jobs[0].retry.next_attempt_at);
    expect(next).toBeGreaterThan(after); // in the future
    expect(next).toBeGreaterThanOrEqual(before + 30_000); // the backoff after the first attempt
    expect(next).toBeLessThanOrEqual(after + 30_000);
    expect(sim.createCalls()).toHaveLength(0);
    const jobEvents = async () =>
      (await rows<{ payload: Record<string, any> }>(db(), sql`select payload from webhook_deliveries where user_id = ${w.user.id} and event_type = 'publish.job.updated' order by created_at, id`)).map((e) => e.payload);
    expect(await jobEvents()).toContainEqual(
      expect.objectContaining({ state: 'queued', retry: { attempt: 1, error_code: 'cms_unreachable', next_attempt_at: waiting.jobs[0].retry.next_attempt_at } }),
    );

    sim = await new CmsSimulator().start(port); // the site is back
    await db().execute(sql`update publish_jobs set lease_until = now() where id = ${waiting.jobs[0].job_id}`); // the backoff has run out
    const batch = await settled(w.user, batchId);
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', error: null, retry: null, platform_post_id: String(sim.posts[0]?.id) });
    expect((await jobRow(batch.jobs[0].job_id)).attempt).toBe(2);
    const events = await jobEvents();
    expect(events.filter((e) => e.retry)).toHaveLength(1); // only the wait carries it
    expect(events.at(-1)).toMatchObject({ state: 'succeeded' });
  });
});

describe('concurrency', () => {
  it('a job failed by racing callers (two workers, a retry) gives its unit back exactly once', async () => {
    const w = await world({ type: 'wordpress' });
    const batchId = await publish(w);
    expect((await persistedState(db(), w.user.id)).used).toMatchObject({ cms: 1 });
    // As a worker's claim leaves it (no worker runs here, so nothing else touches the job).
    const [job] = await rows<{ id: string }>(
      db(),
      sql`update publish_jobs set state = 'running', attempt = 1, attempt_id = 'att_race', attempt_started_at = now(), lease_until = now() + interval '1 minute'
          where batch_id = ${batchId} returning id`,
    );
    const ref = { jobId: job!.id, attemptId: 'att_race' };
    const other = hasPostgres() ? openPostgres(t.db.url!, 3) : null;
    try {
      const dbs = other ? [db(), other.db] : [db()];
      const failures = await Promise.all(
        Array.from({ length: 6 }, (_, i) => cmsJobs.fail(dbs[i % dbs.length]!, ref, { code: 'cms_auth_failed', message: 'refused', step: 'publish' })),
      );
      expect(failures.filter(Boolean)).toHaveLength(1);
    } finally {
      await other?.close();
    }
    expect((await persistedState(db(), w.user.id)).used).toMatchObject({ cms: 0 });
    expect(await rows(db(), sql`select count(*)::int as n from quota_refunds where job_id = ${ref.jobId}`)).toEqual([{ n: 1 }]);
  });

  it.skipIf(!hasPostgres())('two workers on two connections (two replicas) never publish a job twice', async () => {
    const f = fixturesOf(t);
    const user = await createUser(t.app, t.adminHeaders, { quotas: { cms: 50 } });
    const sites: number[] = [];
    for (let i = 0; i < 12; i++) sites.push(await createCmsSite(f, user.id, { type: i % 2 ? 'metaweblog' : 'wordpress', siteUrl: i % 2 ? sim.xmlrpcUrl : sim.url }));
    const article = await createArticle(f, user.id, { title: 'Raced' });
    sim.latencyMs = 15;
    const other = openPostgres(t.db.url!, 5);
    try {
      const published = [0, 0];
      const counting = (i: number): ComponentLog => ({
        ...silentLog,
        info: (_o, msg) => void (msg === 'CMS post published' && published[i]!++),
        child: () => counting(i),
      });
      startWorker({ concurrency: 4, log: counting(0) });
      startWorker({ db: other.db, concurrency: 4, log: counting(1) });
      const batchId = await publish({ user, site: sites[0]!, article }, {}, sites);
      const batch = await settled(user, batchId);

      expect(batch.state).toBe('succeeded');
      expect(sim.createCalls()).toHaveLength(12);
      expect(sim.posts).toHaveLength(12);
      for (const job of batch.jobs as Array<{ job_id: string; platform_post_id: string }>) {
        const mine = sim.postsWith(markerOf(job.job_id));
        expect(mine).toHaveLength(1);
        expect(String(mine[0]!.id)).toBe(job.platform_post_id);
        expect((await jobRow(job.job_id)).attempt).toBe(1);
      }
      // Both replicas took part (otherwise this proves nothing about the race).
      expect(published[0]! + published[1]!).toBe(12);
      expect(Math.min(...published)).toBeGreaterThan(0);
    } finally {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await other.close();
    }
  });
});

describe('replica loss', () => {
  it("a committed job whose replica died (dispatch's sweep made it unknown) is settled by a lookup", async () => {
    const w = await world({ type: 'metaweblog' });
    const batchId = await publish(w);
    // What a replica that died mid-publish leaves: claimed, committed, the post on the site, no result.
    const claimed = (await cmsJobs.claim(db(), ['wordpress', 'metaweblog'], 60_000))!;
    expect(claimed).toMatchObject({ platform: 'metaweblog', attempt: 1 });
    expect(await cmsJobs.commit(db(), claimed, 60_000)).toBe(true);
    sim.posts.push({ id: 7, via: 'xmlrpc', title: 'x', content: `<p>x</p><!-- ${markerOf(claimed.jobId)} -->`, status: 'publish', excerpt: '', slug: '', categories: [], tags: [], link: `${sim.url}/?p=7`, createdAt: new Date(), featuredMedia: 0 });
    await db().transaction((tx) => markUnknown(tx, claimed.jobId, claimed.attemptId));

    startWorker();
    const batch = await settled(w.user, batchId);
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: '7', platform_url: `${sim.url}/?p=7`, verified_at: expect.any(String) });
    expect(sim.createCalls()).toHaveLength(0);
  });
});

describe('shutdown', () => {
  it('a job interrupted before its publish call goes back to the queue, its attempt uncounted', async () => {
    const w = await world({ type: 'wordpress' });
    // The site holds every request: the job's first one keeps it short of its publish call, however slow the machine.
    let release!: () => void;
    sim.holdUntil = new Promise((r) => (release = r));
    const worker = startWorker();
    const batchId = await publish(w);
    const [job] = await rows<{ id: string }>(db(), sql`select id from publish_jobs where batch_id = ${batchId}`);
    await eventually(() => sim.held).toBeGreaterThan(0);
    expect((await jobRow(job!.id)).state).toBe('running');
    await Promise.all([worker.stop(), worker.stop()]);
    expect(await jobRow(job!.id)).toMatchObject({ state: 'queued', attempt: 0 });
    expect(sim.createCalls()).toHaveLength(0);
    sim.holdUntil = null;
    release();

    startWorker();
    expect((await settled(w.user, batchId)).state).toBe('succeeded');
    expect(sim.posts).toHaveLength(1);
  });
});

describe('security', () => {
  const HOSTILE = `</string></value></param><script>alert("x")</script> & &amp; ]]> <![CDATA[ 'q' \u0001 Ω`;

  it('MetaWeblog: a hostile title and body arrive exactly as written (XML escaping)', async () => {
    const w = await world({ type: 'metaweblog', title: HOSTILE, content: 'Body & <b>html</b> ]]> &lt;' });
    startWorker();
    const batch = await settled(w.user, await publish(w));

    expect(batch.state).toBe('succeeded');
    expect(sim.posts[0]!.title).toBe(HOSTILE.replace('\u0001', ''));
    expect(sim.posts[0]!.content).toContain('<p>Body &amp; &lt;b&gt;html&lt;/b&gt; ]]&gt; &amp;lt;</p>');
    const sent = sim.requests.find((r) => r.rpc === 'metaWeblog.newPost')!.body!;
    expect(sent).not.toContain('<script>');
    expect(sent).toContain('&lt;/string&gt;&lt;/value&gt;');
  });

  it('WordPress: the same title goes through JSON untouched', async () => {
    const w = await world({ type: 'wordpress', title: HOSTILE });
    startWorker();
    const batch = await settled(w.user, await publish(w));
    expect(batch.state).toBe('succeeded');
    expect(sim.posts[0]!.title).toBe(HOSTILE);
  });
});
