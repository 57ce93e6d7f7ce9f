/**
 * CMS covers end to end: POST /publish with an article whose coverImage is
 * an https URL → the worker downloads it (from a local HTTPS host, through a
 * downloader the test allows to reach it) → the CMS simulator gets the
 * upload and the post with its featured image (WordPress REST and XML-RPC)
 * or the image first in the post (Typecho, Z-Blog).
 */
import { sql } from 'drizzle-orm';
import { ImageFetcher } from '@plume/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CmsSimulator } from '../../../../test/cms-simulator/index.js';
import { type CoverServer, GIF_HEAD, PNG_1X1, redirect, serve, sha256, startCoverServer } from '../../../../test/support/cover-server.js';
import { rows } from '../../db/client.js';
import { type ComponentLog, silentLog } from '../../db/polling-loops.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { createUser, type TestUser, v1 } from '../../testing/openapi.js';
import { createArticle, createCmsSite, fixturesOf, persistedState } from '../../testing/publish.js';
import { CmsWorker, type CmsWorkerOptions } from './cms.worker.js';

const HOST = 'covers.test';
let t: TestApp;
let sim: CmsSimulator;
let covers: CoverServer;
const workers: CmsWorker[] = [];

beforeAll(async () => {
  [t, covers] = await Promise.all([createTestApp(), startCoverServer({ tlsHostname: HOST })]);
  covers.route('/cover.png', serve(PNG_1X1, 'image/png'));
  covers.route('/moved', redirect('/cover.gif', 301));
  covers.route('/cover.gif', serve(GIF_HEAD, 'application/octet-stream'));
  covers.route('/busy', (_req, res) => {
    res.writeHead(503);
    res.end();
  });
});
afterAll(async () => Promise.all([t?.close(), covers?.close()]));
beforeEach(async () => {
  sim = await new CmsSimulator().start();
  covers.hits.length = 0;
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await sim.close();
});

const db = () => t.db.database.db;
/** The shipped rules, plus what reaches the local host: its name resolves to loopback, its certificate is trusted. */
const testImages = () => new ImageFetcher({ resolve: async () => [{ address: '127.0.0.1', family: 4 }], testOnly: { allowLoopback: true, ca: covers.ca! } });

function startWorker(o: Partial<CmsWorkerOptions> = {}): CmsWorker {
  const w = new CmsWorker({
    db: db(),
    secretKey: undefined,
    concurrency: 2,
    images: testImages(),
    ...o,
    timers: { requestTimeoutMs: 2_000, leaseMs: 3_000, pollMs: 25, retryBackoffMs: [50], maxAttempts: 3, verifyDelayMs: 200, verifyIntervalMs: 100, verifyLookups: 2, ...o.timers },
  });
  w.start();
  workers.push(w);
  return w;
}

interface World {
  user: TestUser;
  site: number;
  article: string;
}

async function world(type: 'wordpress' | 'metaweblog', coverImage: string | null = `${covers.origin}/cover.png`): Promise<World> {
  const f = fixturesOf(t);
  const user = await createUser(t.app, t.adminHeaders, { quotas: { cms: 50, web: 0 } });
  const site = await createCmsSite(f, user.id, { type, siteUrl: type === 'wordpress' ? sim.url : sim.xmlrpcUrl });
  const article = await createArticle(f, user.id, { title: 'Hello from Plume', content: 'Body with **bold** text.', coverImage });
  return { user, site, article };
}

async function publish(w: World, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await v1(t.app, w.user, 'POST', '/publish', { articleId: w.article, executor: 'web', accountIds: [w.site], ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.batch_id as string;
}

/** Polls the batch until it settles; no deadline of its own (a slow machine settles it later): the test's timeout bounds it. */
async function settled(user: TestUser, batchId: string): Promise<Record<string, any>> {
  for (;;) {
    const res = await v1(t.app, user, 'GET', `/publish/${batchId}`);
    if (['succeeded', 'failed', 'partial'].includes(res.body.state)) return res.body;
    await new Promise((r) => setTimeout(r, 40));
  }
}

/** Rewrites the frozen payload of the batch's job, as a job created before today's checks could carry. */
async function setCoverOfJob(batchId: string, coverImage: string): Promise<void> {
  await db().execute(sql`update publish_jobs set payload = jsonb_set(payload, '{coverImage}', to_jsonb(${coverImage}::text)) where batch_id = ${batchId}`);
}

describe('happy path', () => {
  it('WordPress REST: the cover goes to the media library and becomes the featured image', async () => {
    const w = await world('wordpress');
    startWorker();
    const batch = await settled(w.user, await publish(w));

    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
    const [media] = sim.media;
    expect(sim.media).toHaveLength(1);
    expect(media).toMatchObject({ via: 'rest', mimeType: 'image/png', size: PNG_1X1.length, sha256: sha256(PNG_1X1), fileName: `${batch.jobs[0].job_id}-cover.png` });
    expect(sim.posts).toHaveLength(1);
    expect(sim.posts[0]).toMatchObject({ featuredMedia: media!.id });
    expect(sim.posts[0]!.content).not.toContain('<img');
    const calls = sim.requests.filter((r) => r.method === 'POST').map((r) => r.path);
    expect(calls).toEqual(['/wp-json/wp/v2/media', '/wp-json/wp/v2/posts']);
    expect(covers.hits).toEqual(['/cover.png']);
  });

  it('MetaWeblog on WordPress: newMediaObject, then the attachment id as wp_post_thumbnail', async () => {
    const w = await world('metaweblog');
    startWorker();
    const batch = await settled(w.user, await publish(w));

    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
    expect(sim.requests.map((r) => r.rpc)).toEqual(['blogger.getUsersBlogs', 'metaWeblog.newMediaObject', 'metaWeblog.newPost', 'metaWeblog.getPost']);
    const [media] = sim.media;
    expect(media).toMatchObject({ via: 'xmlrpc', mimeType: 'image/png', sha256: sha256(PNG_1X1) });
    expect(sim.posts[0]).toMatchObject({ featuredMedia: media!.id });
    expect(sim.posts[0]!.content).not.toContain('<img');
  });

  it.each(['typecho', 'zblog'] as const)('MetaWeblog on %s (no featured image over XML-RPC): the uploaded image goes first in the post', async (flavor) => {
    sim.xmlrpcFlavor = flavor;
    const w = await world('metaweblog', `${covers.origin}/moved`);
    startWorker();
    const batch = await settled(w.user, await publish(w));

    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
    const [media] = sim.media;
    expect(media).toMatchObject({ mimeType: 'image/gif', sha256: sha256(GIF_HEAD), fileName: `${batch.jobs[0].job_id}-cover.gif` });
    expect(sim.posts[0]!.featuredMedia).toBe(0);
    expect(sim.posts[0]!.content.startsWith(`<p><img src="${media!.url}" alt="Hello from Plume"></p>\n<p>Body with <strong>bold</strong> text.</p>`)).toBe(true);
    // The image in the post is the uploaded file, served by the site.
    const served = Buffer.from(await (await fetch(media!.url)).arrayBuffer());
    expect(sha256(served)).toBe(sha256(GIF_HEAD));
    expect(covers.hits).toEqual(['/moved', '/cover.gif']);
  });

  it('a required AI label stays the first thing in the post, the image right after it', async () => {
    sim.xmlrpcFlavor = 'typecho';
    const w = await world('metaweblog');
    await db().execute(sql`update articles set aigc = ${JSON.stringify({ label_required: true, display_label: 'AI-generated', applies_to: { text: true, images: false } })}::jsonb where id = ${w.article}`);
    startWorker();
    expect((await settled(w.user, await publish(w))).state).toBe('succeeded');
    expect(sim.posts[0]!.content).toMatch(/^<p class="plume-aigc-label"><strong>AI-generated<\/strong><\/p>\n<p><img src="[^"]+" alt="Hello from Plume"><\/p>\n<p>Body/);
  });

  it("coverMode auto leaves the cover alone: nothing downloaded, nothing uploaded", async () => {
    const w = await world('wordpress');
    startWorker();
    const batch = await settled(w.user, await publish(w, { platformSettings: { wordpress: { coverMode: 'auto' } } }));
    expect(batch.state).toBe('succeeded');
    expect(sim.media).toEqual([]);
    expect(sim.posts[0]!.featuredMedia).toBe(0);
    expect(covers.hits).toEqual([]);
  });
});

describe('errors', () => {
  it('a local cover path (a job from before preflight refused it) fails with cover_source_unsupported before the site is asked', async () => {
    const w = await world('wordpress');
    const batchId = await publish(w);
    await setCoverOfJob(batchId, '/srv/media/cover.png');
    startWorker();
    const batch = await settled(w.user, batchId);

    expect(batch.jobs[0]).toMatchObject({ state: 'failed', error: { code: 'cover_source_unsupported', message: expect.stringContaining('https cover URL') } });
    expect(sim.requests).toEqual([]);
    expect(sim.posts).toEqual([]);
    expect((await persistedState(db(), w.user.id)).used).toMatchObject({ cms: 0 });
  });

  it('the shipped downloader refuses a loopback cover: cover_address_refused, the host never asked', async () => {
    const w = await world('metaweblog');
    const batchId = await publish(w);
    await setCoverOfJob(batchId, `https://127.0.0.1:${covers.port}/cover.png`);
    startWorker({ images: undefined });
    const batch = await settled(w.user, batchId);

    expect(batch.jobs[0]).toMatchObject({ state: 'failed', error: { code: 'cover_address_refused' } });
    expect(covers.hits).toEqual([]);
    expect(sim.createCalls()).toEqual([]);
    expect(sim.media).toEqual([]);
  });

  it('a cover URL that answers 404 fails the job at once; a busy host is retried, then fails, the post never sent', async () => {
    const missing = await world('wordpress', `${covers.origin}/gone.png`);
    const busy = await world('wordpress', `${covers.origin}/busy`);
    startWorker();
    const [a, b] = await Promise.all([settled(missing.user, await publish(missing)), settled(busy.user, await publish(busy))]);

    expect(a.jobs[0]).toMatchObject({ state: 'failed', error: { code: 'cover_http_error', message: expect.stringContaining('404') } });
    expect(b.jobs[0]).toMatchObject({ state: 'failed', error: { code: 'cover_http_error', message: expect.stringContaining('gave up after 3 attempts') } });
    expect(covers.hits.filter((p) => p === '/gone.png')).toHaveLength(1);
    expect(covers.hits.filter((p) => p === '/busy')).toHaveLength(3);
    expect(sim.createCalls()).toEqual([]);
    expect(sim.media).toEqual([]);
  });

  it('a cover host whose certificate is not trusted fails the job at once (cover_unreachable, not retried), the post never sent', async () => {
    const w = await world('wordpress');
    // The shipped trust store: the host's self-signed certificate is not in it.
    startWorker({ images: new ImageFetcher({ resolve: async () => [{ address: '127.0.0.1', family: 4 }], testOnly: { allowLoopback: true } }) });
    const batch = await settled(w.user, await publish(w));

    expect(batch.jobs[0]).toMatchObject({ state: 'failed', retry: null, error: { code: 'cover_unreachable', message: expect.not.stringContaining('gave up') } });
    const [job] = await rows<{ attempt: number }>(db(), sql`select attempt from publish_jobs where id = ${batch.jobs[0].job_id}`);
    expect(job!.attempt).toBe(1);
    expect(covers.hits).toEqual([]); // refused in the handshake, before any request
    expect(sim.createCalls()).toEqual([]);
    expect(sim.media).toEqual([]);
    expect((await persistedState(db(), w.user.id)).used).toMatchObject({ cms: 0 });
  });

  it('WordPress that drops the featured image still publishes the post; the worker says so', async () => {
    const w = await world('wordpress');
    const batchId = await publish(w);
    // What a theme without post-thumbnail support does: the post is created, featured_media stays 0.
    const warnings: string[] = [];
    const log: ComponentLog = { ...silentLog, warn: (o, msg) => void (msg?.includes('not quite as asked') && warnings.push(String((o as { warning?: string }).warning))), child: () => log };
    sim.themeSupportsThumbnails = false;
    startWorker({ log });
    const batch = await settled(w.user, batchId);

    expect(batch.state).toBe('succeeded');
    expect(sim.posts[0]!.featuredMedia).toBe(0);
    expect(warnings).toEqual([expect.stringContaining('did not set media')]);
    const [row] = await rows<{ state: string }>(db(), sql`select state from publish_jobs where batch_id = ${batchId}`);
    expect(row!.state).toBe('succeeded');
  });
});
