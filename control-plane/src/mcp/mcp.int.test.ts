/**
 * The remote MCP server as an agent meets it: the official SDK's Client over
 * StreamableHTTPClientTransport against a listening control plane on a real
 * PostgreSQL. The answers are compared with the Open API's own for the same
 * question, so a tool and its route cannot drift apart.
 */
import { sql } from 'drizzle-orm';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readFileSync } from 'node:fs';
import { SETTINGS_CONTRACT_VERSION } from '@plume/shared';
import { listen } from '../db/listen.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../testing/eventually.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { createUser, type TestUser, v1 } from '../testing/openapi.js';
import { persistedState, publishWorld } from '../testing/publish.js';
import { TOOLS } from './mcp-server.js';

let t: TestApp;
let base: string;
const clients: Client[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  base = `http://127.0.0.1:${address.port}`;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => t?.close());

/** The refusal docs/integrators.md shows in "Using Plume from an AI agent (MCP)". */
function documentedRefusal(): unknown {
  const doc = readFileSync(new URL('../../../docs/integrators.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## Using Plume from an AI agent (MCP)'));
  const block = /```json\n(\{ "error"[\s\S]*?)```/.exec(section);
  if (!block) throw new Error('no refusal example in the MCP section of docs/integrators.md');
  return JSON.parse(block[1]!);
}

const mcpUrl = () => new URL('/api/openapi/v1/mcp', base);

async function connect(authorization: string | null): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(mcpUrl(), {
    requestInit: { headers: authorization === null ? {} : { authorization } },
  });
  const client = new Client({ name: 'plume-test-agent', version: '1.0.0' });
  clients.push(client);
  await client.connect(transport);
  return client;
}

const agentOf = (user: TestUser) => connect(user.headers.authorization!);

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A successful call's structured content (the test fails with the tool's text otherwise). */
async function ok(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const result = await call(client, name, args);
  if (result.isError) throw new Error(`${name} refused: ${JSON.stringify(result.content)}`);
  expect(result.content[0]).toMatchObject({ type: 'text', text: expect.any(String) });
  return result.structuredContent as Record<string, any>;
}

/** A refused call: its code (from the text's start and from the JSON envelope, which must agree) and the envelope. */
async function refused(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await call(client, name, args);
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  const [line, json] = result.content as Array<{ type: 'text'; text: string }>;
  const envelope = JSON.parse(json!.text) as { error: { code: string; message: string }; [k: string]: unknown };
  expect(line!.text).toBe(`${envelope.error.code}: ${envelope.error.message}`);
  return envelope;
}

const EVERY_TOOL = [
  'list_accounts',
  'get_catalog',
  'get_video_catalog',
  'get_settings_contract',
  'import_article',
  'generate_article',
  'get_generation_task',
  'preflight_article',
  'preflight_dynamic',
  'preflight_video',
  'publish_article',
  'publish_dynamic',
  'publish_video',
  'get_batch',
  'answer_job_challenge',
];

describe('happy path', () => {
  it('lists every tool with an object input schema, an output schema and a description', async () => {
    const w = await publishWorld(t);
    const agent = await agentOf(w.user);
    const { tools } = await agent.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...EVERY_TOOL].sort());
    expect(TOOLS.map((tool) => tool.name).sort()).toEqual([...EVERY_TOOL].sort());
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.description?.length).toBeGreaterThan(40);
    }
    const publish = tools.find((tool) => tool.name === 'publish_article')!;
    expect(publish.description).toContain('Needs the `publish` permission');
    expect(publish.annotations).toMatchObject({ readOnlyHint: false, openWorldHint: true });
    expect(Object.keys(publish.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['articleId', 'executor', 'accountIds', 'idempotencyKey']));
    expect(tools.find((tool) => tool.name === 'get_batch')!.annotations).toMatchObject({ readOnlyHint: true });
    expect(agent.getServerVersion()).toMatchObject({ name: 'plume' });
    expect(agent.getInstructions()).toContain('publish_<type>');
  });

  it('reads accounts, the catalogs and the settings contract as the Open API answers them', async () => {
    const w = await publishWorld(t);
    const agent = await agentOf(w.user);

    const accounts = await ok(agent, 'list_accounts', { contentType: 'article' });
    expect(accounts).toEqual((await v1(t.app, w.user, 'GET', '/accounts?contentType=article')).body);
    expect(accounts.accounts.find((a: { id: number }) => a.id === w.acc.zhihu)).toMatchObject({ publishable: true, executor: 'edge' });

    expect(await ok(agent, 'get_catalog')).toEqual((await v1(t.app, w.user, 'GET', '/meta')).body);
    expect(await ok(agent, 'get_video_catalog')).toEqual((await v1(t.app, w.user, 'GET', '/video/meta')).body);

    const contract = await ok(agent, 'get_settings_contract', { contentType: 'article', accountIds: [w.acc.zhihu] });
    expect(contract.settings_contract_version).toBe(SETTINGS_CONTRACT_VERSION);
    expect(contract).toEqual((await v1(t.app, w.user, 'GET', `/publish/settings?contentType=article&accountIds=${w.acc.zhihu}`)).body);
  });

  it('imports an article, which the Open API then serves', async () => {
    const w = await publishWorld(t);
    const agent = await agentOf(w.user);
    const article = await ok(agent, 'import_article', {
      title: 'Written by an agent',
      content: '# Agents\n\nThey publish through Plume.',
      contentProvenance: 'ai_generated',
      aiProvider: 'api.example.test',
      aiModel: 'model-1',
    });
    expect(article).toMatchObject({ article_id: expect.stringMatching(/^art_/), title: 'Written by an agent', aigc: { label_required: true } });
    const detail = await v1(t.app, w.user, 'GET', `/articles/${article.article_id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ title: 'Written by an agent', content: '# Agents\n\nThey publish through Plume.', content_provenance: 'ai_generated' });

    // With a key, a repeat is the first article, not a second one.
    const args = { title: 'Once', content: 'Only once.', contentProvenance: 'human', idempotencyKey: 'import-once-1' };
    const first = await ok(agent, 'import_article', args);
    expect(await ok(agent, 'import_article', args)).toEqual(first);
    const list = await v1(t.app, w.user, 'GET', '/articles');
    expect(list.body.items.filter((a: { title: string }) => a.title === 'Once')).toHaveLength(1);
  });

  it('starts a generation and polls it (no provider configured here: failed at once with its code)', async () => {
    const w = await publishWorld(t);
    const agent = await agentOf(w.user);
    const task = await ok(agent, 'generate_article', { customTopic: 'Why agents poll every few seconds' });
    expect(task).toMatchObject({ task_id: expect.stringMatching(/^gen_/), status: 'failed', error: { code: 'generation_unconfigured' } });
    expect(await ok(agent, 'get_generation_task', { taskId: task.task_id })).toEqual((await v1(t.app, w.user, 'GET', `/articles/generate/${task.task_id}`)).body);
  });

  it('preflights as POST /publish/preflight does, then publishes once: the repeated call returns the same batch', async () => {
    const w = await publishWorld(t, { quotas: { edge: 10 } });
    const agent = await agentOf(w.user);
    const args = { articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu, w.acc.csdn] };

    const preflight = await ok(agent, 'preflight_article', args);
    const rest = await v1(t.app, w.user, 'POST', '/publish/preflight', { ...args, contentType: 'article' });
    expect(preflight).toEqual(rest.body);
    expect(preflight).toMatchObject({ valid: true, problems: [] });
    expect((await persistedState(t.db.database.db, w.user.id)).batches).toBe(0);

    const batch = await ok(agent, 'publish_article', args);
    expect(batch).toMatchObject({
      batch_id: expect.stringMatching(/^bat_/),
      state: 'queued',
      replayed: false,
      idempotency_key: expect.stringMatching(/^mcp-publish_article-[0-9a-f]{64}$/),
    });
    expect(batch.jobs.map((j: { platform: string }) => j.platform).sort()).toEqual(['csdn', 'zhihu']);

    const again = await ok(agent, 'publish_article', args);
    expect(again).toEqual({ ...batch, replayed: true });
    expect(await persistedState(t.db.database.db, w.user.id)).toMatchObject({ batches: 1, jobs: 2, used: { edge: 2 } });

    // Another client (another HTTP conversation, as after a reconnect) gets the same answer.
    const other = await agentOf(w.user);
    expect((await ok(other, 'publish_article', args)).batch_id).toBe(batch.batch_id);

    const status = await ok(agent, 'get_batch', { batchId: batch.batch_id });
    expect(status).toEqual((await v1(t.app, w.user, 'GET', `/publish/${batch.batch_id}`)).body);
    expect(status).toMatchObject({ batch_id: batch.batch_id, state: 'queued', article_id: w.article });
  });

  it('answers a job awaiting input with the SMS code: it reaches the node holding the page; a job waiting on no one is refused', async () => {
    const w = await publishWorld(t, { quotas: { edge: 10 } });
    const agent = await agentOf(w.user);
    const batch = await ok(agent, 'publish_article', { articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu], idempotencyKey: 'mcp-challenge-1' });
    const jobId = batch.jobs[0].job_id as string;
    const args = { batchId: batch.batch_id, jobId, answer: { type: 'sms', code: '246810' } };
    expect((await refused(agent, 'answer_job_challenge', args)).error.code).toBe('job_not_awaiting_input');

    // As the node's challenge report leaves it (challenges.repository.ts asked): running, its challenge naming the attempt.
    const db = t.db.database.db;
    await db.execute(sql`update publish_jobs set state = 'running', attempt_id = 'att_mcp1',
      challenge = jsonb_build_object('attemptId', 'att_mcp1', 'kind', 'sms', 'step', 'publish', 'message', '请输入短信验证码', 'askedAt', '2030-01-01T00:00:00.000Z'),
      input_deadline = now() + interval '10 minutes' where id = ${jobId}`);
    const status = await call(agent, 'get_batch', { batchId: batch.batch_id });
    expect((status.content[0] as { text: string }).text).toContain('asks sms');
    const heard: string[] = [];
    const unlisten = await listen(t.db.database.db, 'plume_job_inputs', (payload) => heard.push(payload));
    try {
      const answered = await ok(agent, 'answer_job_challenge', args);
      expect(answered.jobs[0]).toMatchObject({ job_id: jobId, state: 'awaiting_input', challenge: { kind: 'sms' } });
      await until(() => heard.length, (n) => n > 0);
      expect(JSON.parse(heard[0]!)).toMatchObject({ t: 'input', jobId, attemptId: 'att_mcp1', input: { type: 'sms', code: '246810' } });
    } finally {
      await unlisten();
    }
    // Clicks are the console's: the tool takes an SMS code or text only.
    expect((await call(agent, 'answer_job_challenge', { ...args, answer: { type: 'click', x: 1, y: 2 } })).isError).toBe(true);
  });

  it('a repeat is answered from the stored batch even when the first publish took the last quota unit', async () => {
    const w = await publishWorld(t, { quotas: { edge: 1 } });
    const agent = await agentOf(w.user);
    const args = { articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu], idempotencyKey: 'agent-key-1' };
    const batch = await ok(agent, 'publish_article', args);
    expect(batch).toMatchObject({ idempotency_key: 'agent-key-1', replayed: false });
    expect(await ok(agent, 'publish_article', args)).toEqual({ ...batch, replayed: true });
    // Without the key it is a new publish, and the preflight says why it cannot be.
    const { idempotencyKey: _, ...withoutKey } = args;
    expect((await refused(agent, 'publish_article', withoutKey)).error.code).toBe('quota_exceeded');
  });

  it('publishes a dynamic and a video', async () => {
    const w = await publishWorld(t, { quotas: { edge: 10 } });
    const agent = await agentOf(w.user);
    const dynamic = await ok(agent, 'publish_dynamic', { executor: 'edge', accountIds: [w.acc.weibo], content: 'A short dynamic from an agent' });
    expect(dynamic).toMatchObject({ content_type: 'dynamic', state: 'queued', jobs: [{ platform: 'weibo', executor: 'edge' }] });
    const video = await ok(agent, 'publish_video', {
      executor: 'edge',
      accountIds: [w.acc.bilibili],
      title: 'A clip',
      localVideoPath: w.video,
      platformSettings: { bilibili: { partitionName: '知识', tags: ['知识'] } },
    });
    expect(video).toMatchObject({ content_type: 'video', state: 'queued', jobs: [{ platform: 'bilibili', executor: 'edge' }] });
    expect((await ok(agent, 'get_batch', { batchId: video.batch_id })).content_type).toBe('video');
    expect(await persistedState(t.db.database.db, w.user.id)).toMatchObject({ batches: 2, jobs: 2, used: { edge: 2 } });
  });
});

describe('errors', () => {
  it('refuses a publish the preflight refuses (quota exhausted), with its code and problems as the docs show, and publishes nothing', async () => {
    const w = await publishWorld(t, { quotas: { edge: 0 } });
    const agent = await agentOf(w.user);
    const envelope = await refused(agent, 'publish_article', { articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu] });
    expect(envelope.error.code).toBe('quota_exceeded');
    expect(envelope.problems).toEqual([expect.objectContaining({ code: 'quota_exceeded' })]);
    expect(envelope).toEqual(documentedRefusal());
    expect(await persistedState(t.db.database.db, w.user.id)).toMatchObject({ batches: 0, jobs: 0 });
  });

  it('answers a service refusal with the Open API code', async () => {
    const w = await publishWorld(t);
    const agent = await agentOf(w.user);
    expect((await refused(agent, 'get_batch', { batchId: 'bat_doesnotexist' })).error.code).toBe('batch_not_found');
    expect((await refused(agent, 'preflight_article', { articleId: 'art_missing', executor: 'edge', accountIds: [w.acc.zhihu] })).error.code).toBe('article_not_found');
    // An account routed to edge, published with executor desktop: the plan's own code.
    const mismatch = await refused(agent, 'publish_article', { articleId: w.article, executor: 'desktop', accountIds: [w.acc.zhihu] });
    expect(mismatch.error.code).toBe('executor_mismatch');
    // A key reused with other arguments.
    await ok(agent, 'publish_article', { articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu], idempotencyKey: 'reused-key' });
    expect((await refused(agent, 'publish_article', { articleId: w.article, executor: 'edge', accountIds: [w.acc.csdn], idempotencyKey: 'reused-key' })).error.code).toBe(
      'idempotency_key_reused',
    );
    // Another user's batch does not exist for this one.
    const stranger = await agentOf(await createUser(t.app, t.adminHeaders));
    const { batch_id } = await ok(agent, 'publish_article', { articleId: w.article, executor: 'edge', accountIds: [w.acc.csdn] });
    expect((await refused(stranger, 'get_batch', { batchId: batch_id })).error.code).toBe('batch_not_found');
  });

  it('refuses malformed arguments by the tool schema, before anything runs', async () => {
    const w = await publishWorld(t);
    const agent = await agentOf(w.user);
    for (const args of [
      { articleId: w.article, executor: 'edge', accountIds: 'all' },
      { articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu], accountId: w.acc.zhihu },
      { articleId: w.article, executor: 'moon', accountIds: [w.acc.zhihu] },
    ]) {
      const result = await call(agent, 'publish_article', args);
      expect(result.isError).toBe(true);
      expect((result.content[0] as { text: string }).text).toMatch(/Input validation error/);
    }
    const blank = await call(agent, 'import_article', { title: 'T', content: '   ', contentProvenance: 'human' });
    expect((blank.content[0] as { text: string }).text).toMatch(/Input validation error.*content must not be blank/s);
    expect(await persistedState(t.db.database.db, w.user.id)).toMatchObject({ batches: 0 });
  });
});

describe('auth', () => {
  it('refuses a tool the key lacks the permission for, with permission_denied', async () => {
    const w = await publishWorld(t);
    const reader = await createUser(t.app, t.adminHeaders, { keyPermissions: ['accounts:read'] });
    const agent = await agentOf(reader);
    expect((await ok(agent, 'list_accounts')).accounts).toEqual([]);
    const publish = await refused(agent, 'publish_article', { articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu] });
    expect(publish.error).toEqual({ code: 'permission_denied', message: "This API key lacks the 'publish' permission" });
    expect((await refused(agent, 'import_article', { title: 'T', content: 'Body', contentProvenance: 'human' })).error.code).toBe('permission_denied');
    const noAccounts = await agentOf(await createUser(t.app, t.adminHeaders, { keyPermissions: ['publish'] }));
    expect((await refused(noAccounts, 'list_accounts')).error.code).toBe('permission_denied');
    // The contract alone needs no permission; the presets in it need accounts:read, as on GET /publish/settings.
    expect((await ok(noAccounts, 'get_settings_contract', { contentType: 'article' })).presets).toBeUndefined();
    expect((await refused(noAccounts, 'get_settings_contract', { contentType: 'article', accountIds: [w.acc.zhihu] })).error.code).toBe('permission_denied');
  });

  it('refuses a bad or missing key before MCP, in the Open API envelope', async () => {
    for (const [authorization, code] of [
      ['Bearer plm_thiskeydoesnotexist0123456789', 'unauthorized'],
      ['Bearer not-a-key', 'unauthorized'],
      [null, 'unauthorized'],
    ] as const) {
      const error = await connect(authorization).then(
        () => null,
        (e: unknown) => e as { code?: number; message: string },
      );
      expect(error?.code).toBe(401);
      expect(error?.message).toContain(`"code":"${code}"`);
    }
    const raw = await fetch(mcpUrl(), { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  });

  it('counts every MCP request against the key\'s per-minute limit and refuses past it before MCP', async () => {
    const user = await createUser(t.app, t.adminHeaders, { perMinuteLimit: 1 });
    const post = () =>
      fetch(mcpUrl(), {
        method: 'POST',
        headers: { ...user.headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
      });
    const first = await post();
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-remaining')).toBe('0');
    expect(first.headers.get('mcp-session-id')).toBeNull();
    expect(await first.json()).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'plume' } } });
    const second = await post();
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await second.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
  });

  it('answers GET and DELETE with 405 (stateless: no stream, no session) and keeps /mcp out of the OpenAPI document', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(mcpUrl(), { method, headers: { ...user.headers, accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
    const document = await v1(t.app, null, 'GET', '/openapi.json');
    expect(Object.keys(document.body.paths).filter((p) => p.includes('mcp'))).toEqual([]);
  });
});
