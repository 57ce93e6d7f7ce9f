/**
 * Two compiled control-plane replicas on one PostgreSQL: a node holds its
 * socket on replica B; a job created while talking to replica A reaches it
 * (NOTIFY plume_jobs wakes B's dispatcher); one published through B itself
 * is handed to B's dispatcher without a NOTIFY, with or without an
 * Idempotency-Key; and a revoke sent to A closes the socket on B (NOTIFY
 * plume_nodes, the only way B hears of it).
 */
import { randomBytes } from 'node:crypto';
import { nodeEnrollMessage, sha256Hex } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEd25519, signEd25519 } from '../control-plane/src/crypto/ed25519.js';
import { rows } from '../control-plane/src/db/client.js';
import { FAKE_ADAPTERS, FakeNode } from '../control-plane/src/nodes/testing/fake-node.js';
import { DEFAULT_TIMERS } from '../control-plane/src/nodes/timers.js';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../control-plane/src/testing/db.js';
import { eventually } from '../control-plane/src/testing/eventually.js';
import { type ControlPlaneProcess, startControlPlane } from './support/control-plane-process.js';

const ADMIN = 'dispatch-replicas-admin-token-0123456789';

describe.skipIf(!hasPostgres())('two control-plane replicas dispatching over one PostgreSQL', () => {
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

  const admin = async (base: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}/api/admin${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };

  async function enrollVia(base: string, userId: number) {
    const token = await admin(base, '/nodes/enrollment-tokens', { kind: 'edge', userIds: [userId], name: 'replica-node' });
    expect(token.status).toBe(201);
    const key = generateEd25519();
    const machineId = `m-${randomBytes(4).toString('hex')}`;
    const proof = signEd25519(key.privateKey, nodeEnrollMessage({ tokenSha256: sha256Hex(token.body.token), publicKey: key.publicKey, machineId }));
    const res = await fetch(`${base}/api/nodes/v1/enroll`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: token.body.token, publicKey: key.publicKey, machineId, fingerprint: 'fp', proof }),
    });
    expect(res.status).toBe(201);
    return { nodeId: ((await res.json()) as { nodeId: string }).nodeId, secretKey: key.privateKey };
  }

  it('a video published through replica A reaches the node connected to replica B; a revoke through A closes it on B', async () => {
    const d = db.database.db;
    const plan = { name: 't', permissions: ['publish', 'accounts:read'], perMinuteLimit: 1000, dailyLimit: 10_000, cmsEnabled: false };
    const created = await admin(a.url, '/users', { name: 'replicas', plan, quotas: { edge: 5 } });
    expect(created.status).toBe(201);
    const userId = created.body.user.id as number;
    const key = (await admin(a.url, `/users/${userId}/api-keys`, { name: 'k' })).body.apiKey.key as string;

    const node = await enrollVia(a.url, userId);
    const fake = await FakeNode.connect(b.url, node);
    const videoDir = '/srv/plume/videos';
    await fake.hello(node.nodeId, {
      capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, concurrency: 2, platforms: ['bilibili'], adapters: FAKE_ADAPTERS, videoDir },
      // Two accounts: an account runs one job at a time, and the later publishes below come while the
      // first account's job is still offered.
      accounts: [
        { externalRef: '30010001', platform: 'bilibili', displayName: 'R', loginState: 'logged_in' },
        { externalRef: '30010002', platform: 'bilibili', displayName: 'S', loginState: 'logged_in' },
      ],
    });
    // The hello is processed asynchronously: wait for the accounts it reported.
    await eventually(async () => (await rows(d, sql`select id from accounts where node_id = ${node.nodeId}`)).length).toBe(2);
    const [account, other] = await rows<{ id: number }>(d, sql`select id from accounts where node_id = ${node.nodeId} order by external_ref`);
    const [holder] = await rows<{ replica: string }>(d, sql`select connected_replica as replica from execution_nodes where id = ${node.nodeId}`);
    expect(holder!.replica).toMatch(/^rep_/);

    // The integrator talks to replica A only.
    const published = await fetch(`${a.url}/api/openapi/v1/publish/video`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        executor: 'edge',
        accountIds: [account!.id],
        title: 'Across replicas',
        localVideoPath: `${videoDir}/${userId}/clip.mp4`,
        platformSettings: { bilibili: { partitionName: '知识', tags: ['知识'] } },
      }),
    });
    const batch = (await published.json()) as { batch_id: string; jobs: Array<{ job_id: string }> };
    expect(published.status, JSON.stringify(batch)).toBe(200);
    const jobId = batch.jobs[0]!.job_id;
    const offer = await fake.next('offer', (o) => o.jobId === jobId);
    fake.send({ type: 'accept', jobId, attemptId: offer.attemptId });
    const start = await fake.next('start');
    expect(start.job.payload).toMatchObject({ title: 'Across replicas', localVideoPath: `${videoDir}/${userId}/clip.mp4` });
    expect(start.job.settings).toMatchObject({ partitionName: '知识' });
    fake.send({ type: 'commit', jobId, attemptId: offer.attemptId });
    expect((await fake.next('commit_ack')).ok).toBe(true);
    fake.send({ type: 'result', msgId: 'm-1', jobId, attemptId: offer.attemptId, outcome: 'succeeded', postId: 'BV1replica' });
    await fake.next('ack');
    const view = await fetch(`${a.url}/api/openapi/v1/publish/${batch.batch_id}`, { headers: { authorization: `Bearer ${key}` } });
    expect(await view.json()).toMatchObject({ state: 'succeeded', jobs: [{ state: 'succeeded', platform_post_id: 'BV1replica' }] });

    // A job announced on plume_jobs (as the dispatcher's own re-queues are) wakes B at once, not at its 2 s poll.
    const [job] = await rows<{ batchId: string }>(d, sql`select batch_id as "batchId" from publish_jobs where id = ${jobId}`);
    const second = `job_${randomBytes(6).toString('hex')}`;
    const announced = Date.now();
    await d.transaction(async (tx) => {
      await tx.execute(sql`insert into publish_jobs (id, batch_id, user_id, account_id, platform, content_type, executor, node_id, quota_bucket,
                             payload, settings_snapshot, settings_hash, settings_contract_version)
                           select ${second}, batch_id, user_id, account_id, platform, content_type, executor, node_id, quota_bucket,
                             payload, settings_snapshot, settings_hash, settings_contract_version from publish_jobs where id = ${jobId}`);
      await tx.execute(sql`select pg_notify('plume_jobs', ${node.nodeId})`);
    });
    expect(job).toBeDefined();
    await fake.next('offer', (o) => o.jobId === second);
    // The poll is the only other way the offer comes; its interval bounds "at once".
    expect(Date.now() - announced).toBeLessThan(DEFAULT_TIMERS.pollMs);

    // Published through B, the replica holding the node: B hands the job to its own dispatcher
    // after the commit instead of a NOTIFY round trip (nodes/local-handoff.ts), so no
    // plume_jobs notification is sent, and the offer still comes at once, not at the 2 s poll.
    const heard: string[] = [];
    const client = (d as unknown as { $client: { listen(c: string, fn: (p: string) => void): Promise<{ unlisten(): Promise<void> }> } }).$client;
    const listening = await client.listen('plume_jobs', (p) => heard.push(p));
    const viaB = await fetch(`${b.url}/api/openapi/v1/publish/video`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ executor: 'edge', accountIds: [other!.id], title: 'Through the holder', localVideoPath: `${videoDir}/${userId}/clip.mp4`, platformSettings: { bilibili: { partitionName: '知识', tags: ['知识'] } } }),
    });
    const postedAt = Date.now();
    const third = ((await viaB.json()) as { jobs: Array<{ job_id: string }> }).jobs[0]!.job_id;
    expect(viaB.status).toBe(200);
    const thirdOffer = await fake.next('offer', (o) => o.jobId === third);
    expect(Date.now() - postedAt).toBeLessThan(DEFAULT_TIMERS.pollMs);
    // Done with it, so the node (concurrency 2, `second` still offered) has a free slot again.
    fake.send({ type: 'accept', jobId: third, attemptId: thirdOffer.attemptId });
    await fake.next('start', (m) => m.jobId === third);
    fake.send({ type: 'commit', jobId: third, attemptId: thirdOffer.attemptId });
    expect((await fake.next('commit_ack', (m) => m.jobId === third)).ok).toBe(true);
    fake.send({ type: 'result', msgId: 'm-3', jobId: third, attemptId: thirdOffer.attemptId, outcome: 'succeeded', postId: 'BV3' });
    await fake.next('ack', (m) => m.msgIds.includes('m-3'));
    // With an Idempotency-Key the batch commits with the stored answer (a transaction): the
    // hand-off waits for that commit, and a replay hands nothing over again.
    const keyed = () =>
      fetch(`${b.url}/api/openapi/v1/publish/video`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': 'replicas-handoff-1' },
        body: JSON.stringify({ executor: 'edge', accountIds: [other!.id], title: 'Keyed', localVideoPath: `${videoDir}/${userId}/clip.mp4`, platformSettings: { bilibili: { partitionName: '知识', tags: ['知识'] } } }),
      });
    const viaKey = await keyed();
    const fourth = ((await viaKey.json()) as { jobs: Array<{ job_id: string }> }).jobs[0]!.job_id;
    expect(viaKey.status).toBe(200);
    const keyedOffer = await fake.next('offer', (o) => o.jobId === fourth);
    const replay = await keyed();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    // PostgreSQL delivers notifications in commit order: once a marker sent after the commits (the
    // offers came after them) is heard, a notification of theirs would have been heard before it.
    await d.execute(sql`select pg_notify('plume_jobs', 'marker-after-the-commits')`);
    await eventually(() => heard.includes('marker-after-the-commits')).toBe(true);
    expect(heard).toEqual(['marker-after-the-commits']);
    // The replay offered nothing more.
    expect(fake.received.filter((m) => m.type === 'offer' && m.jobId === fourth)).toEqual([]);
    expect(keyedOffer.attemptId).toMatch(/^att_/);
    await listening.unlisten();

    const list = await fetch(`${a.url}/api/admin/nodes`, { headers: { authorization: `Bearer ${ADMIN}` } });
    expect(((await list.json()) as { items: Array<{ id: string; online: boolean }> }).items.find((n) => n.id === node.nodeId)?.online).toBe(true);

    // B closes a revoked node's socket only when A's notice reaches it: the close itself shows it did.
    expect((await admin(a.url, `/nodes/${node.nodeId}/revoke`)).status).toBe(200);
    const closed = await fake.closed;
    expect(closed.code).toBe(4403);
    await expect(FakeNode.connect(b.url, node)).rejects.toMatchObject({ status: 403 });
    // The revoked node's unfinished job cannot run anywhere: it fails with a reason.
    const [left] = await rows<{ state: string; errorCode: string }>(d, sql`select state, error_code as "errorCode" from publish_jobs where id = ${second}`);
    expect(left).toEqual({ state: 'failed', errorCode: 'node_revoked' });
  });
});
