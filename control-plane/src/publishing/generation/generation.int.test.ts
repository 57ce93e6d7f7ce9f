import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GenerationConfig } from '../../config.js';
import { rows } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { completion, FakeChatCompletions } from '../../testing/fake-chat-completions.js';
import { createUser, type TestUser, v1 } from '../../testing/openapi.js';
import { GenerationWorker, type GenerationWorkerOptions } from './generation.worker.js';

let t: TestApp;
let bare: TestApp;
let fake: FakeChatCompletions;
let config: GenerationConfig;
let user: TestUser;

const now = () => new Date(Date.now() + t.clock.offsetMs);
const worker = (o: Partial<GenerationWorkerOptions> = {}) => new GenerationWorker({ db: t.db.database.db, generation: config, now, ...o });
const generate = (u: TestUser | null, body: unknown = { customTopic: 'Tide pools of the northern coast', style: 'narrative', wordCount: 600 }, headers = {}) =>
  v1(t.app, u, 'POST', '/articles/generate', body, headers);
const poll = (u: TestUser | null, id: string) => v1(t.app, u, 'GET', `/articles/generate/${id}`);

async function withWebhook(u: TestUser): Promise<void> {
  const res = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${u.id}/webhook`, headers: t.adminHeaders, payload: { url: 'https://hooks.example/plume' } });
  expect(res.statusCode).toBe(200);
}

const events = (userId: number) =>
  rows<{ event_type: string; payload: Record<string, any> }>(
    t.db.database.db,
    sql`select event_type, payload from webhook_deliveries where user_id = ${userId} order by created_at`,
  );
const count = async (table: 'articles' | 'generation_tasks', userId: number) =>
  (await rows<{ n: number }>(t.db.database.db, sql`select count(*)::int as n from ${sql.raw(table)} where user_id = ${userId}`))[0]!.n;

beforeAll(async () => {
  fake = await new FakeChatCompletions().start();
  config = { baseUrl: `${fake.url}/v1`, model: 'test-model-1', apiKey: 'sk-test-secret', timeoutMs: 5000 };
  t = await createTestApp({ generation: config });
  bare = await createTestApp({ generation: null });
  user = await createUser(t.app, t.adminHeaders);
});
afterAll(async () => {
  await Promise.all([t?.close(), bare?.close()]);
  await fake?.close();
});
beforeEach(() => fake.reset());

describe('happy path', () => {
  it('202 queued → worker calls the provider → done with article_id and title; the article is ai_generated', async () => {
    const u = await createUser(t.app, t.adminHeaders);
    await withWebhook(u);
    const started = await generate(u);
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ task_id: expect.stringMatching(/^gen_[A-Za-z0-9_-]{22}$/), status: 'queued' });
    expect(started.headers.location).toBe(`/api/openapi/v1/articles/generate/${started.body.task_id}`);
    expect((await poll(u, started.body.task_id)).body).toEqual({ task_id: started.body.task_id, status: 'queued' });

    fake.answer(completion('# Life Between Tides\n\nAt low tide the pools wake up.\n\n## Anemones\n\nThey close when touched.'));
    expect(await worker().runOnce()).toEqual({ taskId: started.body.task_id, outcome: 'done' });

    const done = await poll(u, started.body.task_id);
    expect(done.status).toBe(200);
    const label = { label_required: true, display_label: 'AI-generated text', applies_to: { text: true, images: false } };
    // Like every answer that names an article, the finished task carries its provenance and AI label.
    expect(done.body).toEqual({
      task_id: started.body.task_id,
      status: 'done',
      article_id: expect.stringMatching(/^art_/),
      title: 'Life Between Tides',
      content_provenance: 'ai_generated',
      aigc: label,
    });

    const article = await v1(t.app, u, 'GET', `/articles/${done.body.article_id}`);
    expect(article.body).toMatchObject({
      title: 'Life Between Tides',
      content: 'At low tide the pools wake up.\n\n## Anemones\n\nThey close when touched.',
      content_provenance: 'ai_generated',
      ai_provider: new URL(fake.url).host,
      ai_model: 'test-model-1',
      ai_image_count: 0,
      source: 'generation',
      aigc: label,
    });

    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/chat/completions' });
    expect(request!.headers.authorization).toBe('Bearer sk-test-secret');
    expect(request!.body.model).toBe('test-model-1');
    expect(request!.body.messages[0].role).toBe('system');
    expect(request!.body.messages[0].content).toMatch(/# Title/);
    expect(request!.body.messages[0].content).toMatch(/about 600 words/);
    expect(request!.body.messages[0].content).toMatch(/narrative/);
    expect(request!.body.messages[1]).toEqual({ role: 'user', content: 'Topic: Tide pools of the northern coast' });

    expect(await events(u.id)).toEqual([
      {
        event_type: 'article.generation.succeeded',
        payload: { task_id: started.body.task_id, status: 'done', article_id: done.body.article_id, title: 'Life Between Tides' },
      },
    ]);
  });

  it('shows running while the provider works; style and wordCount default to informative and 800', async () => {
    const started = await generate(user, { customTopic: 'Bread' });
    fake.answer({ ...completion('# Bread\n\nFlour and water.'), delayMs: 400 });
    const running = worker().runOnce();
    let seen = '';
    for (let i = 0; i < 40 && seen !== 'running'; i++) {
      seen = (await poll(user, started.body.task_id)).body.status;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen).toBe('running');
    expect((await running)?.outcome).toBe('done');
    expect(fake.requests[0]!.body.messages[0].content).toMatch(/about 800 words/);
    expect(fake.requests[0]!.body.messages[0].content).toMatch(/informative/);
  });

  it('sends no Authorization header when no API key is configured (local models)', async () => {
    const started = await generate(user);
    expect((await worker({ generation: { ...config, apiKey: null } }).runOnce())?.taskId).toBe(started.body.task_id);
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('replays an Idempotency-Key with the same task and creates one task', async () => {
    const u = await createUser(t.app, t.adminHeaders);
    const headers = { 'idempotency-key': '5d9a0a4e-1c1f-4b0e-9a55-2c8e0f7a1b21' };
    const first = await generate(u, undefined, headers);
    const again = await generate(u, undefined, headers);
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await count('generation_tasks', u.id)).toBe(1);
    expect((await generate(u, { customTopic: 'Other' }, headers)).body.error.code).toBe('idempotency_key_reused');
    await worker().runOnce();
  });
});

describe('provider failures', () => {
  it('a provider 500 is retried after a backoff, then succeeds', async () => {
    const started = await generate(user);
    fake.answer({ status: 500, body: { error: { message: 'overloaded, key sk-test-secret' } } }, completion('# Second Try\n\nWorked.'));
    const w = worker();
    expect(await w.runOnce()).toEqual({ taskId: started.body.task_id, outcome: 'retry_scheduled' });
    expect((await poll(user, started.body.task_id)).body).toEqual({ task_id: started.body.task_id, status: 'queued' });
    expect(await w.runOnce()).toBeNull(); // not before its backoff
    t.clock.offsetMs += 6_000;
    expect(await w.runOnce()).toEqual({ taskId: started.body.task_id, outcome: 'done' });
    expect((await poll(user, started.body.task_id)).body).toMatchObject({ status: 'done', title: 'Second Try' });
    expect(fake.requests).toHaveLength(2);
  });

  it('after 3 failed attempts the task fails with provider_error and the provider text is not shown', async () => {
    const u = await createUser(t.app, t.adminHeaders);
    await withWebhook(u);
    const started = await generate(u);
    fake.answer(...Array.from({ length: 3 }, () => ({ status: 503, body: { error: { message: 'key sk-test-secret overloaded' } } })));
    const w = worker();
    expect((await w.runOnce())?.outcome).toBe('retry_scheduled');
    t.clock.offsetMs += 6_000;
    expect((await w.runOnce())?.outcome).toBe('retry_scheduled');
    t.clock.offsetMs += 21_000;
    expect((await w.runOnce())?.outcome).toBe('failed');
    const failed = await poll(u, started.body.task_id);
    expect(failed.body).toEqual({
      task_id: started.body.task_id,
      status: 'failed',
      error: { code: 'provider_error', message: 'The generation provider answered HTTP 503 (after 3 attempts)' },
    });
    expect(JSON.stringify(failed.body)).not.toContain('sk-test');
    expect(await count('articles', u.id)).toBe(0);
    expect(await events(u.id)).toEqual([
      { event_type: 'article.generation.failed', payload: { task_id: started.body.task_id, status: 'failed', error: failed.body.error } },
    ]);
  });

  it('a refused API key (401) fails at once, naming the setting to check', async () => {
    const started = await generate(user);
    fake.answer({ status: 401, body: { error: { message: 'Incorrect API key provided: sk-te****cret' } } });
    expect((await worker().runOnce())?.outcome).toBe('failed');
    const res = await poll(user, started.body.task_id);
    expect(res.body.error).toEqual({ code: 'provider_error', message: expect.stringContaining('PLUME_GENERATION_API_KEY') });
    expect(res.body.error.message).not.toContain('Incorrect');
    expect(fake.requests).toHaveLength(1);
  });

  it('a malformed answer is retried, then fails with provider_malformed_response', async () => {
    const started = await generate(user);
    fake.answer({ body: 'not json at all' }, { body: { choices: [] } }, completion('   '));
    const w = worker();
    expect((await w.runOnce())?.outcome).toBe('retry_scheduled');
    t.clock.offsetMs += 6_000;
    expect((await w.runOnce())?.outcome).toBe('retry_scheduled');
    t.clock.offsetMs += 21_000;
    expect((await w.runOnce())?.outcome).toBe('failed');
    expect((await poll(user, started.body.task_id)).body.error).toEqual({
      code: 'provider_malformed_response',
      message: expect.stringContaining('empty article'),
    });
  });

  it('a provider that does not answer in time fails with provider_timeout after 3 attempts', async () => {
    const started = await generate(user);
    fake.answer(...Array.from({ length: 3 }, () => ({ ...completion('# Late\n\nToo late.'), delayMs: 2_000 })));
    const w = worker({ generation: { ...config, timeoutMs: 150 } });
    expect((await w.runOnce())?.outcome).toBe('retry_scheduled');
    t.clock.offsetMs += 6_000;
    expect((await w.runOnce())?.outcome).toBe('retry_scheduled');
    t.clock.offsetMs += 21_000;
    expect((await w.runOnce())?.outcome).toBe('failed');
    expect((await poll(user, started.body.task_id)).body.error).toEqual({ code: 'provider_timeout', message: expect.stringMatching(/did not answer within/) });
  });

  it('an unreachable provider is provider_error', async () => {
    const started = await generate(user);
    const w = worker({ generation: { ...config, baseUrl: 'http://127.0.0.1:9/v1' } });
    expect((await w.runOnce())?.outcome).toBe('retry_scheduled');
    t.clock.offsetMs += 6_000;
    await w.runOnce();
    t.clock.offsetMs += 21_000;
    await w.runOnce();
    expect((await poll(user, started.body.task_id)).body.error).toEqual({ code: 'provider_error', message: expect.stringMatching(/Could not reach/) });
  });
});

describe('unconfigured', () => {
  it('without a provider the task is accepted and failed at once with generation_unconfigured, never a canned article', async () => {
    const u = await createUser(bare.app, bare.adminHeaders);
    await bare.app.inject({ method: 'PUT', url: `/api/admin/users/${u.id}/webhook`, headers: bare.adminHeaders, payload: { url: 'https://hooks.example/x' } });
    const res = await v1(bare.app, u, 'POST', '/articles/generate', { customTopic: 'Anything' });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ task_id: expect.stringMatching(/^gen_/), status: 'failed', error: { code: 'generation_unconfigured' } });
    for (const name of ['PLUME_GENERATION_BASE_URL', 'PLUME_GENERATION_MODEL', 'PLUME_GENERATION_API_KEY']) expect(res.body.error.message).toContain(name);
    const polled = await v1(bare.app, u, 'GET', `/articles/generate/${res.body.task_id}`);
    expect(polled.body).toEqual(res.body);
    const db = bare.db.database.db;
    expect((await rows<{ n: number }>(db, sql`select count(*)::int as n from articles where user_id = ${u.id}`))[0]!.n).toBe(0);
    const evts = await rows<{ event_type: string }>(db, sql`select event_type from webhook_deliveries where user_id = ${u.id}`);
    expect(evts.map((e) => e.event_type)).toEqual(['article.generation.failed']);
  });

  it('a worker without a provider fails queued tasks with generation_unconfigured', async () => {
    const started = await generate(user);
    expect((await worker({ generation: null }).runOnce())?.outcome).toBe('failed');
    expect((await poll(user, started.body.task_id)).body.error.code).toBe('generation_unconfigured');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('replicas and shutdown', () => {
  const taskRow = async (id: string) =>
    (await rows<{ status: string; attempts: number }>(t.db.database.db, sql`select status, attempts from generation_tasks where id = ${id}`))[0]!;

  it("a crashed worker's task is taken over when its lease passes; a third interruption fails it", async () => {
    const started = await generate(user);
    const id = started.body.task_id as string;
    const past = new Date(now().getTime() - 1000).toISOString();
    await t.db.database.db.execute(sql`update generation_tasks set status = 'running', attempts = 1, locked_until = ${past}::timestamptz where id = ${id}`);
    expect(await worker().runOnce()).toEqual({ taskId: id, outcome: 'done' });
    expect(await taskRow(id)).toEqual({ status: 'done', attempts: 2 });

    const second = (await generate(user)).body.task_id as string;
    await t.db.database.db.execute(sql`update generation_tasks set status = 'running', attempts = 3, locked_until = ${past}::timestamptz where id = ${second}`);
    expect(await worker().runOnce()).toEqual({ taskId: second, outcome: 'failed' });
    expect((await poll(user, second)).body.error).toEqual({ code: 'generation_failed', message: expect.stringMatching(/interrupted 3 times/) });
    expect(fake.requests).toHaveLength(1);
  });

  it('a worker whose lease passed cannot complete the task another worker took over', async () => {
    const u = await createUser(t.app, t.adminHeaders);
    const id = (await generate(u)).body.task_id as string;
    fake.answer({ ...completion('# Slow\n\nSlow body.'), delayMs: 600 }, completion('# Fast\n\nFast body.'));
    const slow = worker().runOnce();
    while (fake.requests.length < 1) await new Promise((r) => setTimeout(r, 10));
    t.clock.offsetMs += 10 * 60_000; // the slow worker's lease is over
    expect(await worker().runOnce()).toEqual({ taskId: id, outcome: 'done' });
    expect(await slow).toEqual({ taskId: id, outcome: 'lease_lost' });
    expect(await count('articles', u.id)).toBe(1);
    expect((await poll(u, id)).body.title).toBe('Fast');
  });

  it('stop() aborts the provider call and queues the task again without counting the attempt', async () => {
    const id = (await generate(user)).body.task_id as string;
    fake.answer({ ...completion('# Never\n\nNever.'), delayMs: 5_000 });
    const w = worker({ pollMs: 50 });
    w.start();
    while (fake.requests.length < 1) await new Promise((r) => setTimeout(r, 10));
    await Promise.all([w.stop(), w.stop()]);
    expect(await taskRow(id)).toEqual({ status: 'queued', attempts: 0 });
    expect((await worker().runOnce())?.outcome).toBe('done');
  });
});

describe('errors', () => {
  it('bad bodies are 400 invalid_request naming the field, and nothing is stored', async () => {
    const u = await createUser(t.app, t.adminHeaders);
    const cases: Array<[unknown, RegExp]> = [
      [{ customTopic: 'x', style: 'poetic' }, /style/],
      [{ customTopic: 'x', wordCount: 99 }, /wordCount/],
      [{ customTopic: 'x', wordCount: 10_001 }, /wordCount/],
      [{ customTopic: 'x', wordCount: '800' }, /wordCount/],
      [{ customTopic: 'x', wordCount: 800.5 }, /wordCount/],
      [{ customTopic: '' }, /customTopic/],
      [{ customTopic: '   ' }, /customTopic/],
      [{ customTopic: 'x'.repeat(501) }, /customTopic/],
      [{ style: 'casual' }, /customTopic/],
      [{ customTopic: 'x', topic: 'y' }, /topic/],
      [[], /body/],
    ];
    for (const [body, field] of cases) {
      const res = await generate(u, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
      expect(res.body.error.message).toMatch(field);
    }
    expect(await generate(u, '{"customTopic":')).toMatchObject({ status: 400, body: { error: { code: 'invalid_json' } } });
    expect(await generate(u, { customTopic: 'x', pad: 'y'.repeat(70_000) })).toMatchObject({ status: 413, body: { error: { code: 'payload_too_large' } } });
    expect(await count('generation_tasks', u.id)).toBe(0);
  });

  it('an article id on the task poll is a 404 that says what it is; unknown ids are task_not_found', async () => {
    const res = await poll(user, 'art_AAAAAAAAAAAAAAAAAAAAAA');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('identifier_kind_mismatch');
    expect(res.body.error.message).toContain('article id, not a generation task id');
    expect(res.body.error.message).toContain('GET /api/openapi/v1/articles/art_AAAAAAAAAAAAAAAAAAAAAA');
    expect(await poll(user, 'gen_unknown')).toMatchObject({ status: 404, body: { error: { code: 'task_not_found' } } });
    expect(await poll(user, 'whatever')).toMatchObject({ status: 404, body: { error: { code: 'task_not_found' } } });
  });
});

describe('auth', () => {
  it('both routes refuse a missing or unknown key with 401', async () => {
    expect((await generate(null)).status).toBe(401);
    expect((await generate(null, undefined, { authorization: `Bearer plm_${'q'.repeat(40)}` })).body.error.code).toBe('unauthorized');
    expect((await poll(null, 'gen_x')).status).toBe(401);
  });

  it('starting needs articles:write; polling needs only a valid key', async () => {
    const writer = await createUser(t.app, t.adminHeaders);
    const reader = await createUser(t.app, t.adminHeaders, { keyPermissions: ['publish'] });
    expect(await generate(reader)).toMatchObject({ status: 403, body: { error: { code: 'permission_denied' } } });
    expect(await count('generation_tasks', reader.id)).toBe(0);
    const id = (await generate(writer)).body.task_id;
    // Same user, a second key with fewer permissions: may poll.
    const key = await t.app.inject({ method: 'POST', url: `/api/admin/users/${writer.id}/api-keys`, headers: t.adminHeaders, payload: { name: 'ro', permissions: ['accounts:read'] } });
    const readOnly = { id: writer.id, key: key.json().apiKey.key, headers: { authorization: `Bearer ${key.json().apiKey.key}` } };
    expect((await poll(readOnly, id)).status).toBe(200);
    await worker().runOnce();
  });

  it("another user's task is 404, never 403", async () => {
    const owner = await createUser(t.app, t.adminHeaders);
    const id = (await generate(owner)).body.task_id;
    expect(await poll(user, id)).toMatchObject({ status: 404, body: { error: { code: 'task_not_found' } } });
    await worker().runOnce();
  });

  it('the document lists both routes with summaries', async () => {
    const doc = (await v1(t.app, null, 'GET', '/openapi.json')).body;
    expect(doc.paths['/api/openapi/v1/articles/generate'].post.summary).toBe('Start article generation');
    expect(doc.paths['/api/openapi/v1/articles/generate'].post.responses['202']).toBeTruthy();
    expect(doc.paths['/api/openapi/v1/articles/generate/{task_id}'].get.summary).toBe('Poll article generation');
  });
});
