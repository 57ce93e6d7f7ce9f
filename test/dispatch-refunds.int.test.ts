/**
 * Quota refunds of jobs run by nodes, on the real PostgreSQL: a job that ends
 * failed with nothing published gives its unit back to its bucket (edge,
 * desktop, web) exactly once, whatever failed it (the node's report, a
 * refusal, a revoke, spent attempts, a lookup that found nothing), and a
 * success or a job waiting for a person keeps it. Two dispatch replicas (two
 * hubs, two connection pools, one database) race to fail the same jobs.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, rows } from '../control-plane/src/db/client.js';
import { createDispatchHarness, type DispatchHarness, type EnrolledNode } from '../control-plane/src/nodes/testing/dispatch-harness.js';
import { FakeNode } from '../control-plane/src/nodes/testing/fake-node.js';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../control-plane/src/testing/db.js';

let db: TestDatabase;
let h: DispatchHarness;

const TIMERS = {
  leaseMs: 1500,
  offerDeadlineMs: 1000,
  commitMinLeaseMs: 300,
  pollMs: 100,
  sweepMs: 100,
  startupGraceMs: 0,
  verifyIntervalMs: 200,
  verifyGiveUpMs: 60_000,
  heartbeatMs: 500,
  rejectBackoffMs: 100,
  maxAttempts: 2,
};

beforeAll(async () => {
  db = await createTestDatabase();
  h = await createDispatchHarness(db, { timers: TIMERS, replicaId: 'rep_refund_a' });
});
afterAll(async () => {
  await h?.close();
  await db?.close();
});

type Kind = 'edge' | 'desktop' | 'web';

async function nodeFor(userId: number, kind: Kind = 'edge', harness = h): Promise<{ node: EnrolledNode; accountId: number }> {
  const node = await harness.enroll({ userIds: [userId], kind });
  const accountId = await harness.createAccount({ userId, nodeId: node.nodeId, externalRef: `acc-${kind}`, executor: kind });
  return { node, accountId };
}

async function online(node: EnrolledNode, url = h.url, concurrency = 4): Promise<FakeNode> {
  const fake = await FakeNode.connect(url, node);
  await fake.hello(node.nodeId, { capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, concurrency, platforms: ['douyin'] } });
  return fake;
}

/** offer → accept → start → the node's first report: the attempt is running on the node. */
async function running(fake: FakeNode, jobId: string): Promise<string> {
  const offer = await fake.next('offer', (o) => o.jobId === jobId);
  fake.send({ type: 'accept', jobId, attemptId: offer.attemptId });
  await fake.next('start', (s) => s.jobId === jobId);
  fake.send({ type: 'progress', msgId: `s-${offer.attemptId}`, jobId, attemptId: offer.attemptId, seq: 1, step: 'started' });
  await fake.next('ack', (a) => a.msgIds.includes(`s-${offer.attemptId}`));
  return offer.attemptId;
}

function fail(fake: FakeNode, jobId: string, attemptId: string, msgId = `f-${attemptId}`) {
  fake.send({ type: 'result', msgId, jobId, attemptId, outcome: 'failed', error: { code: 'upload_failed', step: 'upload', message: 'the platform refused the file' } });
  return fake.next('ack', (a) => a.msgIds.includes(msgId));
}

async function succeed(fake: FakeNode, jobId: string, attemptId: string) {
  fake.send({ type: 'commit', jobId, attemptId });
  expect((await fake.next('commit_ack', (c) => c.jobId === jobId)).ok).toBe(true);
  fake.send({ type: 'result', msgId: `ok-${attemptId}`, jobId, attemptId, outcome: 'succeeded', postId: `post-${jobId}` });
  await fake.next('ack', (a) => a.msgIds.includes(`ok-${attemptId}`));
}

const refunds = async (jobId: string) => (await rows<{ n: number }>(db.database.db, sql`select count(*)::int as n from quota_refunds where job_id = ${jobId}`))[0]!.n;

describe('happy path', () => {
  it.each<Kind>(['edge', 'desktop', 'web'])('%s bucket: a failed job gives its unit back, a published one keeps it', async (kind) => {
    const userId = await h.createUser();
    const { node, accountId } = await nodeFor(userId, kind);
    const fake = await online(node);
    const lost = await h.createJob({ userId, accountId, nodeId: node.nodeId, executor: kind });
    const won = await h.createJob({ userId, accountId, nodeId: node.nodeId, executor: kind });
    expect(await h.quota(userId, kind)).toEqual({ granted: 2, used: 2 });
    await fail(fake, lost, await running(fake, lost));
    await succeed(fake, won, await running(fake, won));
    expect(await h.job(lost)).toMatchObject({ state: 'failed', errorCode: 'upload_failed' });
    expect(await h.quota(userId, kind)).toEqual({ granted: 2, used: 1 });
    expect([await refunds(lost), await refunds(won)]).toEqual([1, 0]);
    await fake.close();
  });
});

describe('every way to fail', () => {
  it('a permanent refusal, a revoked node and attempts spent on a lost node each give the unit back once', async () => {
    const userId = await h.createUser();
    const { node, accountId } = await nodeFor(userId);
    const fake = await online(node);
    const refused = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    const offer = await fake.next('offer', (o) => o.jobId === refused);
    fake.send({ type: 'reject', jobId: refused, attemptId: offer.attemptId, reason: 'unsupported_content_type' });
    expect(await h.waitForJob(refused, (j) => j.state === 'failed')).toMatchObject({ errorCode: 'node_rejected_unsupported_content_type' });

    // Started twice (maxAttempts 2), lost twice: node_lost.
    const lost = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    let current = fake;
    for (let i = 0; i < TIMERS.maxAttempts; i++) {
      await running(current, lost);
      current.kill();
      current = await online(node);
    }
    expect(await h.waitForJob(lost, (j) => j.state === 'failed')).toMatchObject({ errorCode: 'node_lost', attempt: TIMERS.maxAttempts });

    const revokedNode = await nodeFor(userId);
    const orphan = await h.createJob({ userId, accountId: revokedNode.accountId, nodeId: revokedNode.node.nodeId });
    const revoke = await h.app.inject({ method: 'POST', url: `/api/admin/nodes/${revokedNode.node.nodeId}/revoke`, headers: h.adminHeaders });
    expect(revoke.statusCode).toBe(200);
    expect(await h.job(orphan)).toMatchObject({ state: 'failed', errorCode: 'node_revoked' });

    expect(await h.quota(userId, 'edge')).toEqual({ granted: 3, used: 0 });
    for (const id of [refused, lost, orphan]) expect(await refunds(id)).toBe(1);
    await current.close();
  });

  it('unknown, verified absent, re-run, unknown and absent again: it fails and gives its unit back once', async () => {
    const userId = await h.createUser();
    const { node, accountId } = await nodeFor(userId);
    const fake = await online(node);
    const jobId = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    for (let attempt = 1; attempt <= TIMERS.maxAttempts; attempt++) {
      const attemptId = await running(fake, jobId);
      fake.send({ type: 'commit', jobId, attemptId });
      await fake.next('commit_ack', (c) => c.attemptId === attemptId);
      fake.send({ type: 'result', msgId: `u-${attemptId}`, jobId, attemptId, outcome: 'failed', error: { code: 'readback_failed', step: 'read_back', message: 'no post id' } });
      await fake.next('ack', (a) => a.msgIds.includes(`u-${attemptId}`));
      expect(await h.job(jobId)).toMatchObject({ state: 'unknown', batchState: 'running' });
      // Still verifying: the unit stays taken.
      expect((await h.quota(userId, 'edge')).used).toBe(1);
      for (let check = 1; check <= 2; check++) {
        const verify = await fake.next('verify', (v) => v.attemptId === attemptId);
        fake.send({ type: 'verify_result', msgId: `v-${attemptId}-${check}`, jobId, attemptId: verify.attemptId, found: false });
        await fake.next('ack', (a) => a.msgIds.includes(`v-${attemptId}-${check}`));
      }
    }
    expect(await h.job(jobId)).toMatchObject({ state: 'failed', errorCode: 'not_published', batchState: 'failed' });
    expect(await h.quota(userId, 'edge')).toEqual({ granted: 1, used: 0 });
    expect(await refunds(jobId)).toBe(1);
    await fake.close();
  });

  it('a job waiting for a person keeps its unit', async () => {
    const userId = await h.createUser();
    const { node, accountId } = await nodeFor(userId);
    const fake = await online(node);
    const jobId = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    const attemptId = await running(fake, jobId);
    fake.send({ type: 'commit', jobId, attemptId });
    await fake.next('commit_ack');
    fake.send({ type: 'result', msgId: 'a-1', jobId, attemptId, outcome: 'failed', error: { code: 'readback_failed', step: 'read_back', message: 'lost' } });
    await fake.next('ack', (a) => a.msgIds.includes('a-1'));
    await fake.next('verify', (v) => v.jobId === jobId);
    fake.send({ type: 'verify_result', msgId: 'a-2', jobId, attemptId, found: true, postId: 'p-1', candidates: 2 });
    await fake.next('ack', (a) => a.msgIds.includes('a-2'));
    expect(await h.job(jobId)).toMatchObject({ state: 'needs_attention' });
    expect(await h.quota(userId, 'edge')).toEqual({ granted: 1, used: 1 });
    await fake.close();
  });
});

describe.skipIf(!hasPostgres())('two replicas', () => {
  let b: DispatchHarness;
  let second: ReturnType<typeof openPostgres>;

  beforeAll(async () => {
    second = openPostgres(db.url!, 5);
    b = await createDispatchHarness({ database: second, url: db.url, close: () => second.close() }, { timers: TIMERS, replicaId: 'rep_refund_b' });
  });
  afterAll(async () => {
    await b?.close();
    await second?.close();
  });

  it('a failure resent from the outbox to the other replica refunds nothing more', async () => {
    const userId = await h.createUser();
    const { node, accountId } = await nodeFor(userId);
    const onA = await online(node, h.url);
    const jobId = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    const attemptId = await running(onA, jobId);
    await fail(onA, jobId, attemptId, 'outbox-1');
    onA.kill();
    const onB = await online(node, b.url);
    await fail(onB, jobId, attemptId, 'outbox-1');
    expect(await h.quota(userId, 'edge')).toEqual({ granted: 1, used: 0 });
    expect(await refunds(jobId)).toBe(1);
    await onB.close();
  });

  it('results on one replica and lease sweeps on both racing to fail the same jobs: each unit comes back exactly once', async () => {
    const JOBS = 24;
    const userId = await h.createUser();
    const { node } = await nodeFor(userId);
    const fake = await online(node, b.url, JOBS);
    // One account per job: an account runs one job at a time, and all of them must run at once here.
    const accounts = await Promise.all(Array.from({ length: JOBS }, (_, i) => b.createAccount({ userId, nodeId: node.nodeId, externalRef: `race-${i}` })));
    const jobIds = await Promise.all(accounts.map((accountId) => b.createJob({ userId, accountId, nodeId: node.nodeId })));
    // Each on its last attempt: one charged before, this one charged when it starts.
    await db.database.db.execute(sql`update publish_jobs set attempt = ${TIMERS.maxAttempts - 1} where id = any(${`{${jobIds.join(',')}}`}::text[])`);
    const attempts = await Promise.all(jobIds.map((id) => running(fake, id)));
    expect(await h.quota(userId, 'edge')).toEqual({ granted: JOBS, used: JOBS });
    // Every lease runs out as the node reports every failure: a sweep on either replica
    // (node_lost) and the node's result (upload_failed) race for each job.
    await Promise.all([
      db.database.db.execute(sql`update publish_jobs set lease_until = now() - interval '1 second' where id = any(${`{${jobIds.join(',')}}`}::text[])`),
      ...jobIds.map((id, i) => fail(fake, id, attempts[i]!)),
      h.dispatcher.sweepNow(),
      b.dispatcher.sweepNow(),
    ]);
    for (const id of jobIds) await h.waitForJob(id, (j) => j.state === 'failed');
    const outcomes = await rows<{ code: string; n: number }>(
      db.database.db,
      sql`select error_code as code, count(*)::int as n from publish_jobs where id = any(${`{${jobIds.join(',')}}`}::text[]) group by error_code`,
    );
    expect(outcomes.reduce((sum, o) => sum + o.n, 0)).toBe(JOBS);
    expect(await h.quota(userId, 'edge')).toEqual({ granted: JOBS, used: 0 });
    const [ledger] = await rows<{ n: number }>(db.database.db, sql`select count(*)::int as n from quota_refunds where job_id = any(${`{${jobIds.join(',')}}`}::text[])`);
    expect(ledger!.n).toBe(JOBS);
    await fake.close();
  });
});
