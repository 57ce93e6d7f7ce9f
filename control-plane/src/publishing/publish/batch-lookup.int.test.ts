/**
 * Finding a publish by its X-Request-Id (GET /publish/batches?requestId=…),
 * so an integrator whose answer never arrived can tell "created" from "not
 * created" without publishing twice; and the paths a job carries, which a
 * failure names to its owner instead of hiding them as `[path]`.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { createUser, v1 } from '../../testing/openapi.js';
import { createArticle, publishWorld } from '../../testing/publish.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof publishWorld>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await publishWorld(t);
});
afterAll(async () => t?.close());

const article = () => ({ articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu] });
const lookup = (requestId: string, user = w.user) => v1(t.app, user, 'GET', `/publish/batches?requestId=${encodeURIComponent(requestId)}`);

describe('happy path', () => {
  it('a publish sent with its own X-Request-Id is found by it, as GET /publish/{batch_id} shows it', async () => {
    const published = await v1(t.app, w.user, 'POST', '/publish', article(), { 'x-request-id': 'client-trace.0001' });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.headers['x-request-id']).toBe('client-trace.0001');
    const found = await lookup('client-trace.0001');
    expect(found.status).toBe(200);
    const batch = await v1(t.app, w.user, 'GET', `/publish/${published.body.batch_id}`);
    expect(found.body).toEqual({ items: [batch.body] });
    expect(found.body.items[0]).toMatchObject({ batch_id: published.body.batch_id, request_id: 'client-trace.0001', state: 'queued' });
  });

  it('the id the server gave (the answer\'s X-Request-Id) finds the batch; an idempotent replay keeps pointing at it', async () => {
    const headers = { 'idempotency-key': 'lookup-replay-1' };
    const first = await v1(t.app, w.user, 'POST', '/publish', article(), headers);
    const requestId = String(first.headers['x-request-id']);
    expect(requestId).toMatch(/^req_/);
    const replay = await v1(t.app, w.user, 'POST', '/publish', article(), headers);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await lookup(requestId)).body.items.map((b: { batch_id: string }) => b.batch_id)).toEqual([first.body.batch_id]);
    // The replay created nothing under its own id.
    expect((await lookup(String(replay.headers['x-request-id']))).body).toEqual({ items: [] });
  });

  it('a call that created nothing (refused, or never arrived) finds nothing', async () => {
    const refused = await v1(t.app, w.user, 'POST', '/publish', { ...article(), articleId: 'art_missing' }, { 'x-request-id': 'client-trace.refused' });
    expect(refused.status).toBe(404);
    expect((await lookup('client-trace.refused')).body).toEqual({ items: [] });
    expect((await lookup('never-sent')).body).toEqual({ items: [] });
  });

  it('the served document lists the lookup and states the refund rule', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi/v1/openapi.json' })).json();
    const op = doc.paths['/api/openapi/v1/publish/batches'].get;
    expect(op).toMatchObject({ operationId: 'listPublishBatchesByRequest', security: [{ apiKey: [] }] });
    expect(op.parameters).toEqual([expect.objectContaining({ name: 'requestId', in: 'query', required: true })]);
    expect(op.responses['200'].headers['X-Request-Id']).toBeDefined();
    expect(doc.info.description).toMatch(/ends `failed` gives its unit back, exactly once, in every bucket/);
    expect(doc.info.description).toMatch(/GET \/publish\/batches\?requestId=/);
    expect(doc.components.headers['X-Request-Id'].description).toMatch(/GET \/publish\/batches\?requestId=/);
  });
});

describe('errors', () => {
  it('a malformed or missing request id is 400 invalid_request', async () => {
    for (const bad of ['', 'a b', 'x'.repeat(65), 'semi;colon']) {
      const res = await lookup(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
    }
    expect((await v1(t.app, w.user, 'GET', '/publish/batches')).status).toBe(400);
  });
});

describe('auth', () => {
  it("needs a key with `publish`; another user's request id finds nothing", async () => {
    await v1(t.app, w.user, 'POST', '/publish', article(), { 'x-request-id': 'client-trace.private' });
    expect((await v1(t.app, null, 'GET', '/publish/batches?requestId=client-trace.private')).status).toBe(401);
    const reader = await createUser(t.app, t.adminHeaders, { keyPermissions: ['accounts:read'] });
    expect((await lookup('client-trace.private', reader)).body.error.code).toBe('permission_denied');
    const stranger = await createUser(t.app, t.adminHeaders);
    expect((await lookup('client-trace.private', stranger)).body).toEqual({ items: [] });
  });
});

describe('paths in failures', () => {
  it("a failure naming the job's own cover path shows it; other paths stay hidden", async () => {
    const cover = 'C:\\Users\\op\\Pictures\\cover one.png';
    const articleId = await createArticle(w.f, w.user.id, { coverImage: cover });
    const published = await v1(t.app, w.user, 'POST', '/publish', { articleId, executor: 'desktop', accountIds: [w.acc.zhihuDesktop] });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    // What a node reports when its sandbox refuses the file.
    const message = `refused "${cover}": cannot open (ENOENT); also tried C:\\Windows\\secret.txt`;
    await t.db.database.db.execute(sql`update publish_jobs set state = 'failed', error_code = 'path_refused', error_message = ${message},
      feedback = ${JSON.stringify({ step: 'sandbox', message })}::jsonb where batch_id = ${published.body.batch_id}`);
    const batch = await v1(t.app, w.user, 'GET', `/publish/${published.body.batch_id}`);
    const shown = `refused "${cover}": cannot open (ENOENT); also tried [path]`;
    expect(batch.body.jobs[0]).toMatchObject({ error: { code: 'path_refused', message: shown }, feedback: { message: shown } });
  });
});
