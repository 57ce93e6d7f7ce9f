/**
 * Two compiled control-plane replicas on one PostgreSQL, the integrator and
 * the operator each talking to both: publishes take edge quota through the
 * Open API; failed jobs give it back; a job that needs a person is resolved
 * by two operators at once through the two replicas (one wins, one refund);
 * the node's failure reports replayed to the other replica refund nothing
 * more; and each publish is found on either replica by its X-Request-Id.
 */
import { randomBytes } from 'node:crypto';
import { nodeEnrollMessage, sha256Hex } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEd25519, signEd25519 } from '../control-plane/src/crypto/ed25519.js';
import { rows } from '../control-plane/src/db/client.js';
import { FAKE_ADAPTERS, FakeNode } from '../control-plane/src/nodes/testing/fake-node.js';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../control-plane/src/testing/db.js';
import { type ControlPlaneProcess, startControlPlane } from './support/control-plane-process.js';

const ADMIN = 'publish-refunds-replicas-admin-token-0123456789';
const VIDEO_DIR = '/srv/plume/videos';

describe.skipIf(!hasPostgres())('quota refunds and job resolution across two replicas', () => {
  let db: TestDatabase;
  let a: ControlPlaneProcess;
  let b: ControlPlaneProcess;

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { DATABASE_URL: db.url!, PLUME_ADMIN_TOKEN: ADMIN, PLUME_DB_POOL_MAX: '5' };
    [a, b] = await Promise.all([startControlPlane(env), startControlPlane(env)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
  });

  const call = async (base: string, method: string, path: string, o: { body?: unknown; headers?: Record<string, string> } = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}), ...o.headers },
      ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any>, requestId: res.headers.get('x-request-id') };
  };
  const admin = (base: string, method: string, path: string, body?: unknown) => call(base, method, `/api/admin${path}`, { body, headers: { authorization: `Bearer ${ADMIN}` } });

  async function enroll(userId: number) {
    const token = await admin(a.url, 'POST', '/nodes/enrollment-tokens', { kind: 'edge', userIds: [userId], name: 'refund-node' });
    const key = generateEd25519();
    const machineId = `m-${randomBytes(4).toString('hex')}`;
    const proof = signEd25519(key.privateKey, nodeEnrollMessage({ tokenSha256: sha256Hex(token.body.token), publicKey: key.publicKey, machineId }));
    const res = await call(b.url, 'POST', '/api/nodes/v1/enroll', { body: { token: token.body.token, publicKey: key.publicKey, machineId, fingerprint: 'fp', proof } });
    expect(res.status).toBe(201);
    return { nodeId: res.body.nodeId as string, secretKey: key.privateKey };
  }

  async function online(base: string, node: { nodeId: string; secretKey: string }) {
    const fake = await FakeNode.connect(base, node);
    await fake.hello(node.nodeId, {
      capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, concurrency: 8, platforms: ['bilibili'], adapters: FAKE_ADAPTERS, videoDir: VIDEO_DIR },
      accounts: [{ externalRef: '30010001', platform: 'bilibili', displayName: 'R', loginState: 'logged_in' }],
    });
    return fake;
  }

  it('failed jobs give their units back once; a resolution raced on both replicas changes the job once', async () => {
    const d = db.database.db;
    const plan = { name: 't', permissions: ['publish', 'accounts:read'], perMinuteLimit: 1000, dailyLimit: 10_000, cmsEnabled: false };
    const created = await admin(a.url, 'POST', '/users', { name: 'refunds', plan, quotas: { edge: 10 } });
    expect(created.status).toBe(201);
    const userId = created.body.user.id as number;
    const key = (await admin(b.url, 'POST', `/users/${userId}/api-keys`, { name: 'k' })).body.apiKey.key as string;
    const api = { authorization: `Bearer ${key}` };
    const node = await enroll(userId);
    let fake = await online(b.url, node);
    // The hello is processed asynchronously (on a loaded machine, seconds): wait for the account it reported.
    await expect.poll(async () => (await rows(d, sql`select id from accounts where node_id = ${node.nodeId}`)).length, { timeout: 20_000 }).toBe(1);
    const [account] = await rows<{ id: number }>(d, sql`select id from accounts where node_id = ${node.nodeId}`);

    // Six publishes, alternately through A and B, each with the integrator's own trace id.
    const jobs: Array<{ jobId: string; batchId: string; trace: string }> = [];
    for (let i = 0; i < 6; i++) {
      const trace = `refund-trace-${randomBytes(3).toString('hex')}-${i}`;
      const res = await call(i % 2 ? b.url : a.url, 'POST', '/api/openapi/v1/publish/video', {
        headers: { ...api, 'x-request-id': trace },
        body: { executor: 'edge', accountIds: [account!.id], title: `Refund ${i}`, localVideoPath: `${VIDEO_DIR}/${userId}/clip.mp4`, platformSettings: { bilibili: { partitionName: '知识', tags: ['知识'] } } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.requestId).toBe(trace);
      jobs.push({ jobId: res.body.jobs[0].job_id, batchId: res.body.batch_id, trace });
    }
    const attempts = new Map<string, string>();
    const report = async (i: number, r: { outcome: 'succeeded' | 'failed'; postId?: string; code?: string }, to = fake) => {
      const { jobId } = jobs[i]!;
      const msgId = `r-${i}`;
      to.send({
        type: 'result',
        msgId,
        jobId,
        attemptId: attempts.get(jobId)!,
        outcome: r.outcome,
        ...(r.postId ? { postId: r.postId } : {}),
        ...(r.code ? { error: { code: r.code, step: 'upload', message: 'refused by the platform' } } : {}),
      });
      await to.next('ack', (m) => m.msgIds.includes(msgId));
    };
    const commit = async (i: number) => {
      const { jobId } = jobs[i]!;
      fake.send({ type: 'commit', jobId, attemptId: attempts.get(jobId)! });
      expect((await fake.next('commit_ack', (m) => m.jobId === jobId)).ok).toBe(true);
    };
    // One account's jobs are offered one at a time, oldest first: each is offered once the one before has ended.
    // Three fail, two publish, and the last clicked, lost its read-back, and a lookup found two posts that could be it.
    for (const [i, { jobId }] of jobs.entries()) {
      const offer = await fake.next('offer', (o) => o.jobId === jobId);
      fake.send({ type: 'accept', jobId, attemptId: offer.attemptId });
      await fake.next('start', (s) => s.jobId === jobId);
      attempts.set(jobId, offer.attemptId);
      if (i < 3) {
        await report(i, { outcome: 'failed', code: 'upload_failed' });
      } else if (i < 5) {
        await commit(i);
        await report(i, { outcome: 'succeeded', postId: `BV${i}` });
      } else {
        await commit(i);
        await report(i, { outcome: 'failed', code: 'readback_failed' });
      }
    }
    const last = jobs[5]!;
    fake.send({ type: 'verify_result', msgId: 'v-5', jobId: last.jobId, attemptId: attempts.get(last.jobId)!, found: true, postId: 'BVmaybe', candidates: 2 });
    await fake.next('ack', (m) => m.msgIds.includes('v-5'));

    const quota = async (base: string) => (await call(base, 'GET', '/api/openapi/v1/me', { headers: api })).body.quotas.edge;
    // Three failed: back. Two published and one waiting for a person: kept.
    for (const base of [a.url, b.url]) expect(await quota(base)).toEqual({ granted: 10, used: 3, remaining: 7 });
    const stuck = await call(a.url, 'GET', `/api/openapi/v1/publish/batches?requestId=${last.trace}`, { headers: api });
    expect(stuck.body.items).toMatchObject([{ batch_id: last.batchId, state: 'running', jobs: [{ state: 'needs_attention' }] }]);
    const queue = await admin(b.url, 'GET', `/jobs?state=needs_attention&userId=${userId}`);
    expect(queue.body.items.map((j: { id: string }) => j.id)).toEqual([last.jobId]);

    // Two operators, one on each replica, settle it at the same moment.
    const answers = await Promise.all([admin(a.url, 'POST', `/jobs/${last.jobId}/resolve`, { outcome: 'failed', note: 'A' }), admin(b.url, 'POST', `/jobs/${last.jobId}/resolve`, { outcome: 'failed', note: 'B' })]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(answers.find((x) => x.status === 409)!.body).toMatchObject({ success: false, code: 'JOB_NOT_RESOLVABLE' });
    for (const base of [a.url, b.url]) expect(await quota(base)).toEqual({ granted: 10, used: 2, remaining: 8 });
    const settled = await call(b.url, 'GET', `/api/openapi/v1/publish/batches?requestId=${last.trace}`, { headers: api });
    expect(settled.body.items).toMatchObject([{ state: 'failed', jobs: [{ state: 'failed', error: { code: 'operator_not_published' } }] }]);

    // The node restarts, reaches the other replica, and its outbox sends the failures again.
    fake.kill();
    fake = await online(a.url, node);
    for (const i of [0, 1, 2]) await report(i, { outcome: 'failed', code: 'upload_failed' });
    for (const base of [a.url, b.url]) expect(await quota(base)).toEqual({ granted: 10, used: 2, remaining: 8 });
    const [ledger] = await rows<{ n: number }>(d, sql`select count(*)::int as n from quota_refunds where user_id = ${userId}`);
    expect(ledger!.n).toBe(4);
    // Every publish is found by its trace id on either replica, in the state it ended in.
    const states = await Promise.all(jobs.map((j, i) => call(i % 2 ? a.url : b.url, 'GET', `/api/openapi/v1/publish/batches?requestId=${j.trace}`, { headers: api })));
    expect(states.map((s) => s.body.items[0].state)).toEqual(['failed', 'failed', 'failed', 'succeeded', 'succeeded', 'failed']);
    await fake.close();
  }, 90_000);
});
