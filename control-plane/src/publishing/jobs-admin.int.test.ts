/**
 * /api/admin/jobs: the list of publish jobs (filters, paging), one job, and
 * the resolution of a job waiting for a person — published, failed (its
 * quota unit comes back) or queued again — with its batch, webhooks and
 * audit row; errors in the admin envelope; admin auth.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.js';
import { eventually } from '../testing/eventually.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { type AdminClient, adminClient } from '../testing/admin-client.js';
import { createUser } from '../testing/openapi.js';

let t: TestApp;
let admin: AdminClient;
let userId: number;
let nodeId: string;

const db = () => t.db.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = adminClient(t);
  userId = (await createUser(t.app, t.adminHeaders, { quotas: { edge: 50 } })).id;
  await db().execute(sql`update users set webhook_url = 'http://127.0.0.1:9/hook' where id = ${userId}`);
  nodeId = await insertNode();
});
afterAll(async () => t?.close());

async function insertNode(status: 'active' | 'revoked' = 'active'): Promise<string> {
  const id = `node_${randomBytes(6).toString('hex')}`;
  await db().execute(sql`insert into execution_nodes (id, kind, name, status) values (${id}, 'edge', 'attention node', ${status})`);
  return id;
}

/**
 * A batch whose jobs are in the given states, as dispatch leaves them (one
 * quota unit taken per job); a needs_attention job carries what a lookup left.
 */
async function batchWith(states: string[], node = nodeId): Promise<{ batchId: string; jobIds: string[] }> {
  const batchId = `bat_${randomBytes(6).toString('hex')}`;
  const jobIds = states.map(() => `job_${randomBytes(6).toString('hex')}`);
  await db().transaction(async (tx) => {
    await tx.execute(sql`update quota_buckets set used = used + ${states.length} where user_id = ${userId} and bucket = 'edge'`);
    await tx.execute(sql`insert into publish_batches (id, user_id, content_type, executor, state, request_id) values (${batchId}, ${userId}, 'video', 'edge', 'running', 'req-attention')`);
    for (const [i, state] of states.entries()) {
      const attention = state === 'needs_attention';
      await tx.execute(sql`insert into publish_jobs (id, batch_id, user_id, account_id, platform, content_type, executor, node_id, quota_bucket, state,
                             attempt, attempt_id, payload, settings_snapshot, settings_hash, settings_contract_version,
                             error_code, error_message, platform_post_id)
                           values (${jobIds[i]!}, ${batchId}, ${userId}, 1, 'douyin', 'video', 'edge', ${node}, 'edge', ${state},
                             1, 'att_1', '{"title":"Stuck"}'::jsonb, '{}'::jsonb, 'sha', '2026-01',
                             ${attention ? 'ambiguous_verification' : null}, ${attention ? '2 posts match' : null}, ${attention ? 'candidate-1' : null})`);
    }
  });
  return { batchId, jobIds };
}

const used = async () => (await rows<{ used: number }>(db(), sql`select used from quota_buckets where user_id = ${userId} and bucket = 'edge'`))[0]!.used;

async function hooksOf(batchId: string): Promise<string[]> {
  const list = await rows<{ type: string; state: string }>(
    db(),
    sql`select event_type as type, payload ->> 'state' as state from webhook_deliveries where payload ->> 'batch_id' = ${batchId} order by created_at, id`,
  );
  return list.map((w) => `${w.type}:${w.state}`);
}

/** The audit of the job's one resolve request: written in onResponse, just after the answer went out, so polled until it is there. */
async function auditOf(jobId: string): Promise<Array<{ actor: string; statusCode: number; detail: Record<string, unknown> }>> {
  const read = () =>
    rows<{ actor: string; statusCode: number; detail: Record<string, unknown> }>(
      db(),
      sql`select actor, status_code::int as "statusCode", detail from admin_audit_log where path = ${`/api/admin/jobs/${jobId}/resolve`} order by id`,
    );
  await eventually(async () => (await read()).length).toBeGreaterThan(0);
  return read();
}

describe('happy path', () => {
  it('lists jobs by state with server-side paging, oldest first on request, and shows one', async () => {
    const first = await batchWith(['needs_attention']);
    const second = await batchWith(['needs_attention', 'succeeded']);
    const page1 = await admin.get('/api/admin/jobs', { state: 'needs_attention', userId, order: 'asc', pageSize: 1 });
    expect(page1.status).toBe(200);
    expect(page1.headers['x-request-id']).toBeTruthy();
    expect(page1.body).toMatchObject({ success: true, total: 2, page: 1, pageSize: 1 });
    expect(page1.body.items).toEqual([
      expect.objectContaining({
        id: first.jobIds[0],
        batchId: first.batchId,
        batchState: 'running',
        requestId: 'req-attention',
        state: 'needs_attention',
        error: { code: 'ambiguous_verification', message: '2 posts match' },
        platformPostId: 'candidate-1',
      }),
    ]);
    const page2 = await admin.get('/api/admin/jobs', { state: 'needs_attention', userId, order: 'asc', pageSize: 1, page: 2 });
    expect(page2.body.items.map((j: { id: string }) => j.id)).toEqual([second.jobIds[0]]);
    const byBatch = await admin.get('/api/admin/jobs', { batchId: second.batchId });
    expect(byBatch.body.items.map((j: { state: string }) => j.state).sort()).toEqual(['needs_attention', 'succeeded']);

    const one = await admin.get(`/api/admin/jobs/${first.jobIds[0]}`);
    expect(one.body.job).toMatchObject({ id: first.jobIds[0], payload: { title: 'Stuck' }, settings: {}, nodeStatus: 'active' });
  });

  it('resolved as published: the job succeeds with the post a person found, the batch ends, webhooks and audit follow', async () => {
    const { batchId, jobIds } = await batchWith(['needs_attention']);
    const before = await used();
    const res = await admin.post(`/api/admin/jobs/${jobIds[0]}/resolve`, { outcome: 'succeeded', url: 'https://www.douyin.com/video/7', postId: '7', note: 'found by hand' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.job).toMatchObject({ state: 'succeeded', batchState: 'succeeded', platformUrl: 'https://www.douyin.com/video/7', platformPostId: '7', platformStatus: 'published', error: null });
    expect(res.body.job.verifiedAt).not.toBeNull();
    expect(await hooksOf(batchId)).toEqual(['publish.job.updated:succeeded', 'publish.batch.updated:succeeded']);
    expect(await used()).toBe(before);
    expect(await auditOf(jobIds[0]!)).toEqual([
      {
        actor: 'bootstrap',
        statusCode: 200,
        detail: { action: 'job.resolve', jobId: jobIds[0], from: 'needs_attention', to: 'succeeded', outcome: 'succeeded', url: 'https://www.douyin.com/video/7', postId: '7', note: 'found by hand' },
      },
    ]);
    // Integrators see it the same way.
    expect((await admin.get('/api/admin/jobs', { batchId })).body.items[0]).toMatchObject({ state: 'succeeded' });
  });

  it('resolved as failed: nothing was published, the quota unit comes back once, a mixed batch ends partial', async () => {
    const { batchId, jobIds } = await batchWith(['needs_attention', 'succeeded']);
    const before = await used();
    const res = await admin.post(`/api/admin/jobs/${jobIds[0]}/resolve`, { outcome: 'failed', note: 'neither candidate is ours' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.job).toMatchObject({
      state: 'failed',
      batchState: 'partial',
      platformPostId: null,
      error: { code: 'operator_not_published', message: 'an operator found nothing published: neither candidate is ours' },
    });
    expect(await used()).toBe(before - 1);
    expect(await rows(db(), sql`select bucket from quota_refunds where job_id = ${jobIds[0]!}`)).toEqual([{ bucket: 'edge' }]);
    expect(await hooksOf(batchId)).toEqual(['publish.job.updated:failed', 'publish.batch.updated:partial']);
  });

  it('queued again: the job waits for its node with a fresh attempt, the batch runs on', async () => {
    const { batchId, jobIds } = await batchWith(['needs_attention']);
    const heard: string[] = [];
    const client = (db() as unknown as { $client: { listen?(c: string, fn: (p: string) => void): Promise<{ unlisten(): Promise<void> }> } }).$client;
    const listening = client.listen ? await client.listen('plume_jobs', (p) => heard.push(p)) : null;
    const res = await admin.post(`/api/admin/jobs/${jobIds[0]}/resolve`, { outcome: 'requeued' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.job).toMatchObject({ state: 'queued', batchState: 'queued', platformPostId: null, error: null, feedback: { step: 'queued', message: 'queued again by an operator' } });
    const [row] = await rows<{ started: string | null; lease: string | null }>(db(), sql`select attempt_started_at as started, lease_until as lease from publish_jobs where id = ${jobIds[0]!}`);
    expect(row).toEqual({ started: null, lease: null });
    expect(await hooksOf(batchId)).toEqual(['publish.job.updated:queued', 'publish.batch.updated:queued']);
    if (listening) {
      // The replica holding the node's socket hears of it (NOTIFY plume_jobs).
      await eventually(() => heard).toContain(nodeId);
      await listening.unlisten();
    }
  });
});

describe('errors', () => {
  it('a job that is not waiting for a person is not resolved (409 JOB_NOT_RESOLVABLE), and the refusal is audited', async () => {
    const { jobIds } = await batchWith(['running']);
    const res = await admin.post(`/api/admin/jobs/${jobIds[0]}/resolve`, { outcome: 'failed' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, code: 'JOB_NOT_RESOLVABLE', message: expect.stringContaining('is running, not needs_attention') });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect((await auditOf(jobIds[0]!)).map((a) => a.statusCode)).toEqual([409]);
  });

  it('unknown ids, malformed bodies and queries answer in the admin envelope', async () => {
    expect((await admin.post('/api/admin/jobs/job_missing1/resolve', { outcome: 'failed' })).body).toMatchObject({ success: false, code: 'JOB_NOT_FOUND' });
    expect((await admin.get('/api/admin/jobs/job_missing1')).status).toBe(404);
    const { jobIds } = await batchWith(['needs_attention']);
    const url = `/api/admin/jobs/${jobIds[0]}/resolve`;
    for (const body of [{ outcome: 'succeeded' }, { outcome: 'succeeded', url: 'javascript:alert(1)' }, { outcome: 'published' }, { outcome: 'failed', extra: 1 }, { outcome: 'failed', note: 'a\u0000b' }]) {
      const res = await admin.post(url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'INVALID_REQUEST' });
    }
    expect((await admin.post('/api/admin/jobs/not-a-job/resolve', { outcome: 'failed' })).status).toBe(400);
    expect((await admin.get('/api/admin/jobs', { state: 'stuck' })).body).toMatchObject({ code: 'INVALID_REQUEST' });
    expect((await admin.get('/api/admin/jobs', { pageSize: 0 })).status).toBe(400);
    // Nothing changed the job.
    expect((await admin.get(`/api/admin/jobs/${jobIds[0]}`)).body.job.state).toBe('needs_attention');
  });

  it('a job of a revoked node cannot be queued again (409 JOB_NODE_REVOKED), but can be settled', async () => {
    const { jobIds } = await batchWith(['needs_attention'], await insertNode('revoked'));
    const url = `/api/admin/jobs/${jobIds[0]}/resolve`;
    expect((await admin.post(url, { outcome: 'requeued' })).body).toMatchObject({ success: false, code: 'JOB_NODE_REVOKED' });
    expect((await admin.post(url, { outcome: 'failed' })).status).toBe(200);
  });

  it('two people resolving the same job at once: one wins, the other is told, one refund', async () => {
    const { jobIds } = await batchWith(['needs_attention']);
    const before = await used();
    const url = `/api/admin/jobs/${jobIds[0]}/resolve`;
    const answers = await Promise.all([admin.post(url, { outcome: 'failed' }), admin.post(url, { outcome: 'failed' }), admin.post(url, { outcome: 'requeued' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const state = (await admin.get(`/api/admin/jobs/${jobIds[0]}`)).body.job.state;
    expect(await used()).toBe(state === 'failed' ? before - 1 : before);
  });
});

describe('auth', () => {
  it('needs an admin token; a read token lists but cannot resolve', async () => {
    const { jobIds } = await batchWith(['needs_attention']);
    const anonymous = admin.withToken(null);
    expect((await anonymous.get('/api/admin/jobs')).body).toMatchObject({ success: false, code: 'ADMIN_UNAUTHORIZED' });
    expect((await anonymous.post(`/api/admin/jobs/${jobIds[0]}/resolve`, { outcome: 'failed' })).status).toBe(401);
    // An integrator's API key is no admin token.
    const integrator = await createUser(t.app, t.adminHeaders);
    expect((await admin.withToken(integrator.key).get('/api/admin/jobs')).status).toBe(401);
    const reader = admin.withToken((await admin.post('/api/admin/tokens', { name: 'viewer', scope: 'read' })).body.secret);
    expect((await reader.get('/api/admin/jobs', { state: 'needs_attention' })).status).toBe(200);
    expect((await reader.post(`/api/admin/jobs/${jobIds[0]}/resolve`, { outcome: 'failed' })).body).toMatchObject({ success: false, code: 'ADMIN_FORBIDDEN' });
    expect((await admin.get(`/api/admin/jobs/${jobIds[0]}`)).body.job.state).toBe('needs_attention');
  });

  it('the admin OpenAPI document lists the routes with the admin token scheme and failure body', async () => {
    const doc = (await admin.get('/api/admin/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/admin/jobs', '/api/admin/jobs/{jobId}', '/api/admin/jobs/{jobId}/resolve']));
    const resolve = doc.paths['/api/admin/jobs/{jobId}/resolve'].post;
    expect(resolve.responses['4XX'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/AdminFailure' });
    expect(doc.components.schemas.AdminFailure.properties.code.description).toContain('JOB_NOT_RESOLVABLE');
    expect(JSON.stringify(resolve.requestBody)).toContain('requeued');
    expect(doc.paths['/api/admin/jobs'].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['state', 'userId', 'page', 'pageSize']));
  });
});
