/**
 * A client generated from the served document works. An integrator's walk-through against a listening control
 * plane, every Open API call made ONLY through openapi-fetch's
 * createClient<paths>() with the committed generated types
 * (client/src/openapi-v1.ts, the client package's): key → catalog → accounts → import →
 * preflight → publish (idempotent) → poll, then a dynamic, a video and a
 * generated article. The operator side (user, key, CMS site) uses the admin
 * API with plain fetch; the node and the accounts it reports are seeded in the
 * database (control-plane/src/testing/node-seeds.ts).
 *
 * This file must type-check against the generated types (tsc -p
 * tsconfig.test.json), and test/client-package.int.test.ts holds them equal to
 * a fresh generation from the served document, so a document that drifts from
 * what the walk-through does fails.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GenerationWorker } from '../control-plane/src/publishing/generation/generation.worker.js';
import { seedAccount, seedNode } from '../control-plane/src/testing/node-seeds.js';
import { FULL_CAPABILITIES } from '../control-plane/src/testing/publish.js';
import { createTestApp, type TestApp } from '../control-plane/src/testing/app.js';
import { FakeChatCompletions } from '../control-plane/src/testing/fake-chat-completions.js';
import type { paths } from '../client/src/openapi-v1.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const VIDEO_ROOT = '/srv/plume-videos';

let t: TestApp;
let fake: FakeChatCompletions;
let base: string;

/** The operator's side: the admin API over HTTP with the bootstrap token. */
async function admin<T = Record<string, any>>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api/admin${path}`, {
    method,
    headers: { ...t.adminHeaders, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} /api/admin${path} → ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

beforeAll(async () => {
  fake = await new FakeChatCompletions().start();
  t = await createTestApp({ generation: { baseUrl: fake.url, model: 'test-model', apiKey: null, timeoutMs: 5000 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('generated client', () => {
  it('this walk-through type-checks against the generated types (tsc -p tsconfig.test.json)', async () => {
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const result = await promisify(execFile)(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.test.json')], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 }).then(
      () => ({ ok: true, output: '' }),
      (error: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
    );
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  }, 120_000);
});

describe('integrator walk-through with createClient<paths>()', () => {
  it('key → catalog → accounts → import → preflight → publish → poll, then dynamic, video and generation', async () => {
    // ---- operator: a user with a key and a CMS site; an online edge node with its accounts
    const { user } = await admin<{ user: { id: number } }>('POST', '/users', {
      name: 'Integrator',
      plan: { name: 'pro', permissions: ['publish', 'accounts:read', 'articles:write', 'cms'], perMinuteLimit: 600, dailyLimit: 100_000, cmsEnabled: true },
      quotas: { web: 10, desktop: 10, edge: 10, cms: 10 },
    });
    const { apiKey } = await admin<{ apiKey: { key: string } }>('POST', `/users/${user.id}/api-keys`, { name: 'walk-through' });
    // The node's side, seeded: an enrolled edge node, connected, that reported these accounts logged in.
    const { nodeId } = await seedNode(t.db.database.db, { userIds: [user.id], name: 'edge-1', capabilities: { ...FULL_CAPABILITIES, videoDir: VIDEO_ROOT }, replica: 'walk-through-replica' });
    const accountOn = (platform: string) => seedAccount(t.db.database.db, { userId: user.id, platform, nodeId, displayName: `${platform} main` });
    const zhihu = await accountOn('zhihu');
    const csdn = await accountOn('csdn');
    const weibo = await accountOn('weibo');
    const bilibili = await accountOn('bilibili');
    const site = (
      await admin<{ account: { id: number } }>('POST', `/users/${user.id}/cms-sites`, {
        type: 'wordpress',
        displayName: 'Company blog',
        siteUrl: 'https://blog.example.test',
        username: 'editor',
        password: 'abcd efgh ijkl mnop',
      })
    ).account.id;

    // ---- integrator: everything below goes through the typed client
    const client = createClient<paths>({ baseUrl: base, headers: { authorization: `Bearer ${apiKey.key}` } });

    const me = await client.GET('/api/openapi/v1/me');
    expect(me.response.status).toBe(200);
    expect(me.response.headers.get('x-request-id')).toBeTruthy();
    expect(me.response.headers.get('ratelimit-limit')).toBe('600');
    expect(me.data?.permissions).toEqual(['accounts:read', 'articles:write', 'cms', 'publish']);
    expect(me.data?.quotas.edge).toEqual({ granted: 10, used: 0, remaining: 10 });

    const meta = await client.GET('/api/openapi/v1/meta');
    expect(meta.data?.publish.platforms).toHaveLength(24);
    const contractVersion = meta.data!.publish.settings_contract_version;

    const nodes = await client.GET('/api/openapi/v1/execution-nodes');
    const edge = nodes.data!.nodes.find((n) => n.node_id === nodeId)!;
    expect(edge).toMatchObject({ online: true, capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1 } });
    expect(edge.video_dir).toBe(`${VIDEO_ROOT}/${user.id}/`);

    const accounts = await client.GET('/api/openapi/v1/accounts', { params: { query: { contentType: 'article' } } });
    expect(accounts.response.status).toBe(200);
    const byId = new Map(accounts.data!.accounts.map((a) => [a.id, a]));
    expect(byId.get(zhihu)).toMatchObject({ platform: 'zhihu', publishable: true, executor: 'edge', executor_online: true, node_id: nodeId });
    expect(byId.get(site)).toMatchObject({ platform: 'wordpress', category: 'cms', publishable: true, executor: 'web' });

    // Import an AI-assisted article: the answer is 201 with a Location and the aigc label.
    const imported = await client.POST('/api/openapi/v1/articles', {
      body: {
        title: 'Shipping a content pipeline',
        content: '# Shipping a content pipeline\n\nWritten with help.\n\n![diagram](https://cdn.example.test/d.png)',
        contentProvenance: 'ai_assisted',
        aiProvider: 'api.openai.com',
        aiModel: 'gpt-4o',
        aiImageCount: 0,
      },
    });
    expect(imported.response.status).toBe(201);
    const articleId = imported.data!.article_id;
    expect(imported.response.headers.get('location')).toBe(`/api/openapi/v1/articles/${articleId}`);
    expect(imported.data!.aigc).toMatchObject({ label_required: true, applies_to: { text: true, images: false } });

    // Preflight: read-only, answers the hash to carry into the formal publish.
    const request = { articleId, executor: 'edge' as const, accountIds: [zhihu, csdn], accountSettings: { [String(zhihu)]: { column: 'Engineering' } } };
    const preflight = await client.POST('/api/openapi/v1/publish/preflight', { body: { contentType: 'article', ...request } });
    expect(preflight.response.status).toBe(200);
    expect(preflight.data).toMatchObject({ valid: true, executor: 'edge', settings_contract_version: contractVersion, problems: [] });
    expect(preflight.data!.targets.find((x) => x.account_id === zhihu)?.effective_settings).toMatchObject({ column: 'Engineering' });
    const preflightHash = preflight.data!.preflight_hash;

    const idempotencyKey = randomUUID();
    const publishOnce = () =>
      client.POST('/api/openapi/v1/publish', {
        params: { header: { 'Idempotency-Key': idempotencyKey } },
        body: { ...request, preflightHash, settingsContractVersion: contractVersion },
      });
    const published = await publishOnce();
    expect(published.response.status).toBe(200);
    const batchId = published.data!.batch_id;
    expect(published.data!.jobs.map((j) => j.account_id).sort()).toEqual([zhihu, csdn].sort());
    // A retry with the same key is the stored answer, not a second batch.
    const replayed = await publishOnce();
    expect(replayed.data!.batch_id).toBe(batchId);
    expect(replayed.response.headers.get('idempotent-replayed')).toBe('true');
    // The same key with other parameters is refused; the typed error carries the stable code.
    const reused = await client.POST('/api/openapi/v1/publish', {
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      body: { ...request, accountIds: [zhihu] },
    });
    expect(reused.response.status).toBe(409);
    expect(reused.error?.error.code).toBe('idempotency_key_reused');

    const batch = await client.GET('/api/openapi/v1/publish/{batch_id}', { params: { path: { batch_id: batchId } } });
    expect(batch.response.status).toBe(200);
    expect(batch.data).toMatchObject({ batch_id: batchId, content_type: 'article', executor: 'edge', article_id: articleId, state: 'queued' });
    for (const job of batch.data!.jobs) {
      expect(job.state).toBe('queued');
      expect(job.settings_hash).toBe(published.data!.jobs.find((j) => j.job_id === job.job_id)?.settings_hash);
      expect(job.settings_hash).toMatch(/^[0-9a-f]{64}$/);
    }

    // A stale hash (the settings changed since the preflight) is a typed 409.
    const stale = await client.POST('/api/openapi/v1/publish', {
      body: { ...request, accountSettings: { [String(zhihu)]: { column: 'Other' } }, preflightHash, settingsContractVersion: contractVersion },
    });
    expect(stale.response.status).toBe(409);
    expect(stale.error?.error.code).toBe('preflight_mismatch');

    // CMS sites publish through the same endpoint with executor web (cms quota).
    const cms = await client.POST('/api/openapi/v1/publish', { body: { articleId, executor: 'web', accountIds: [site], platformSettings: { wordpress: { status: 'draft' } } } });
    expect(cms.response.status).toBe(200);
    expect(cms.data!.jobs[0]).toMatchObject({ account_id: site, executor: 'web', platform: 'wordpress' });

    // A dynamic answers 202 with the batch to poll in Location.
    const dynamic = await client.POST('/api/openapi/v1/publish/dynamic', {
      params: { header: { 'Idempotency-Key': randomUUID() } },
      body: { executor: 'edge', accountIds: [weibo], content: 'Short post from the walk-through' },
    });
    expect(dynamic.response.status).toBe(202);
    expect(dynamic.response.headers.get('location')).toBe(`/api/openapi/v1/publish/${dynamic.data!.batch_id}`);
    const dynamicBatch = await client.GET('/api/openapi/v1/publish/{batch_id}', { params: { path: { batch_id: dynamic.data!.batch_id } } });
    expect(dynamicBatch.data).toMatchObject({ content_type: 'dynamic', state: 'queued' });

    // A video from the node's video directory for this user.
    const video = await client.POST('/api/openapi/v1/publish/video', {
      body: {
        executor: 'edge',
        accountIds: [bilibili],
        title: 'Walk-through clip',
        localVideoPath: `${edge.video_dir}clip.mp4`,
        coverImagePath: `${edge.video_dir}cover.jpg`,
        platformSettings: { bilibili: { partitionName: '知识', tags: ['知识'] } },
      },
    });
    expect(video.response.status).toBe(200);
    expect(video.data).toMatchObject({ content_type: 'video', executor: 'edge', state: 'queued', jobs: [{ account_id: bilibili, platform: 'bilibili' }] });

    const me2 = await client.GET('/api/openapi/v1/me');
    expect(me2.data?.quotas.edge.used).toBe(4);
    expect(me2.data?.quotas.cms.used).toBe(1);

    // Generation: queued, run by the worker against the OpenAI-compatible stand-in, polled until done.
    const started = await client.POST('/api/openapi/v1/articles/generate', { body: { customTopic: 'Edge nodes explained', style: 'technical', wordCount: 300 } });
    expect(started.response.status).toBe(202);
    const taskId = started.data!.task_id;
    expect(started.response.headers.get('location')).toBe(`/api/openapi/v1/articles/generate/${taskId}`);
    const worker = new GenerationWorker({ db: t.db.database.db, generation: { baseUrl: fake.url, model: 'test-model', apiKey: null, timeoutMs: 5000 } });
    let task = started.data!;
    for (let i = 0; i < 20 && task.status !== 'done' && task.status !== 'failed'; i++) {
      await worker.runOnce();
      const polled = await client.GET('/api/openapi/v1/articles/generate/{task_id}', { params: { path: { task_id: taskId } } });
      task = polled.data!;
    }
    expect(task).toMatchObject({ status: 'done', article_id: expect.stringMatching(/^art_/), title: 'Generated Title' });
    const generated = await client.GET('/api/openapi/v1/articles/{article_id}', { params: { path: { article_id: task.article_id! } } });
    expect(generated.data).toMatchObject({ source: 'generation', content_provenance: 'ai_generated', aigc: { label_required: true } });
    const list = await client.GET('/api/openapi/v1/articles', { params: { query: { page: 1, page_size: 10 } } });
    expect(list.data?.items.map((a) => a.article_id)).toEqual([task.article_id, articleId]);
  });

  it('a missing key is a typed 401 error body with a request id', async () => {
    const anonymous = createClient<paths>({ baseUrl: base });
    const res = await anonymous.GET('/api/openapi/v1/me');
    expect(res.response.status).toBe(401);
    expect(res.error?.error.code).toBe('unauthorized');
    expect(res.response.headers.get('x-request-id')).toBeTruthy();
  });
});
