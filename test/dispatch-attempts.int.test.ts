/**
 * Which attempts count toward a job's limit, and hand-backs. An attempt is
 * charged only when it actually started on its node (the node's first
 * report, or its commit): offers nobody took, jobs waiting on the node behind
 * the same account's running job, and jobs the node gave back are not. A job
 * the node hands back because its commit was never acknowledged (it never
 * clicked) is queued again at once, even when the control plane had recorded
 * that commit, and even when the database is briefly unreachable as the
 * hand-back arrives. Scripted node over a real WebSocket, test-sized timers.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, rows } from '../control-plane/src/db/client.js';
import { dispatchJobs } from '../control-plane/src/nodes/dispatch-jobs.repository.js';
import { createDispatchHarness, type DispatchHarness, type EnrolledNode } from '../control-plane/src/nodes/testing/dispatch-harness.js';
import { FakeNode } from '../control-plane/src/nodes/testing/fake-node.js';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../control-plane/src/testing/db.js';

let db: TestDatabase;
let h: DispatchHarness;
let userId: number;

const TIMERS = {
  leaseMs: 1500,
  offerDeadlineMs: 800,
  commitMinLeaseMs: 300,
  pollMs: 100,
  sweepMs: 100,
  startupGraceMs: 0,
  verifyIntervalMs: 60_000,
  verifyGiveUpMs: 60_000,
  heartbeatMs: 500,
  // Longer than any test: a job offered again at all after a hand-back was offered without the backoff.
  rejectBackoffMs: 3_600_000,
  maxAttempts: 3,
};

beforeAll(async () => {
  db = await createTestDatabase();
  h = await createDispatchHarness(db, { timers: TIMERS });
  userId = await h.createUser();
});
afterAll(async () => {
  await h?.close();
  await db?.close();
});

async function nodeWithAccount(): Promise<{ node: EnrolledNode; accountId: number }> {
  const node = await h.enroll({ userIds: [userId] });
  const accountId = await h.createAccount({ userId, nodeId: node.nodeId, externalRef: 'dy-main' });
  return { node, accountId };
}

async function online(node: EnrolledNode, concurrency = 2): Promise<FakeNode> {
  const fake = await FakeNode.connect(h.url, node);
  await fake.hello(node.nodeId, { capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, concurrency, platforms: ['douyin'] } });
  return fake;
}

/** offer → accept → start: the control plane has delivered `start`. */
async function started(fake: FakeNode, jobId: string) {
  const offer = await fake.next('offer', (o) => o.jobId === jobId);
  fake.send({ type: 'accept', jobId, attemptId: offer.attemptId });
  await fake.next('start', (s) => s.jobId === jobId);
  return offer.attemptId;
}

/** The node's first report of an attempt: it has begun the work. */
async function begin(fake: FakeNode, jobId: string, attemptId: string) {
  const msgId = `begin-${attemptId}`;
  fake.send({ type: 'progress', msgId, jobId, attemptId, seq: 1, step: 'started' });
  await fake.next('ack', (a) => a.msgIds.includes(msgId));
}

describe('charged attempts', () => {
  it('repeated node kills while the jobs were only offered or waiting leave them queued, not failed', async () => {
    const { node, accountId } = await nodeWithAccount();
    // Two jobs: one starts each time; the other is accepted and never reports, as a job waiting on
    // its node does (of another account: an account's second job is not offered while its first runs).
    const other = await h.createAccount({ userId, nodeId: node.nodeId, externalRef: 'dy-other' });
    const running = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    const waiting = await h.createJob({ userId, accountId: other, nodeId: node.nodeId });
    for (let kill = 0; kill < TIMERS.maxAttempts + 2; kill++) {
      const fake = await online(node);
      const [a, b] = [await started(fake, running), await started(fake, waiting)];
      await begin(fake, running, a);
      expect((await h.job(waiting)).attemptId).toBe(b);
      fake.kill();
      // The next hello reconciles: neither attempt is running any more.
      if (kill === TIMERS.maxAttempts - 1) break;
      await h.waitForJob(running, (j) => j.state === 'queued' || j.state === 'offered');
    }
    const fake = await online(node);
    // The job that started every time spent its attempts and failed; the one that only waited never did.
    expect(await h.waitForJob(running, (j) => j.state === 'failed')).toMatchObject({ errorCode: 'node_lost', attempt: TIMERS.maxAttempts });
    const w = await h.waitForJob(waiting, (j) => j.state === 'offered' || j.state === 'queued');
    expect(w).toMatchObject({ attempt: 0, errorCode: null });
    // And it still runs: offered again, started for real, published.
    const attemptId = await started(fake, waiting);
    await begin(fake, waiting, attemptId);
    fake.send({ type: 'commit', jobId: waiting, attemptId });
    expect((await fake.next('commit_ack')).ok).toBe(true);
    fake.send({ type: 'result', msgId: 'w-done', jobId: waiting, attemptId, outcome: 'succeeded', postId: 'w-1' });
    await fake.next('ack', (a) => a.msgIds.includes('w-done'));
    expect(await h.job(waiting)).toMatchObject({ state: 'succeeded', attempt: 1 });
    await fake.close();
  });

  it('a started attempt is charged once, however many reports it sends', async () => {
    const { node, accountId } = await nodeWithAccount();
    const fake = await online(node);
    const jobId = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    const attemptId = await started(fake, jobId);
    expect((await h.job(jobId)).attempt).toBe(0);
    for (let seq = 1; seq <= 3; seq++) {
      fake.send({ type: 'progress', msgId: `p-${seq}`, jobId, attemptId, seq, step: 'upload', bytesSent: seq, bytesTotal: 3 });
      await fake.next('ack', (a) => a.msgIds.includes(`p-${seq}`));
    }
    fake.send({ type: 'commit', jobId, attemptId });
    expect((await fake.next('commit_ack')).ok).toBe(true);
    expect(await h.job(jobId)).toMatchObject({ state: 'committed', attempt: 1 });
    await fake.close();
  });

  it('a job the node gives back after starting it (a commit refused while cut off, a drain) is not charged', async () => {
    const { node, accountId } = await nodeWithAccount();
    const fake = await online(node);
    const jobId = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    for (let i = 0; i < TIMERS.maxAttempts + 1; i++) {
      const attemptId = await started(fake, jobId);
      await begin(fake, jobId, attemptId);
      expect((await h.job(jobId)).attempt).toBe(1);
      fake.send({ type: 'reject', jobId, attemptId, reason: 'commit_refused' });
      await h.waitForJob(jobId, (j) => j.attemptId !== attemptId || j.state === 'queued');
      expect(await h.job(jobId)).toMatchObject({ attempt: 0 });
    }
    const attemptId = await started(fake, jobId);
    await begin(fake, jobId, attemptId);
    fake.send({ type: 'reject', jobId, attemptId, reason: 'draining' });
    expect(await h.waitForJob(jobId, (j) => j.state === 'queued')).toMatchObject({ attempt: 0, errorCode: null });
    await fake.close();
  });
});

describe('commit hand-back', () => {
  it('commit recorded but its acknowledgement lost: the node gives the job back and it is queued again at once', async () => {
    const { node, accountId } = await nodeWithAccount();
    const fake = await online(node);
    const jobId = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    const attemptId = await started(fake, jobId);
    await begin(fake, jobId, attemptId);
    fake.send({ type: 'commit', jobId, attemptId });
    // The control plane recorded the commit; the node never saw the answer (it dropped it, as a
    // node does whose wait timed out) and, never having clicked, hands the attempt back.
    await fake.next('commit_ack');
    expect((await h.job(jobId)).state).toBe('committed');
    fake.send({ type: 'reject', jobId, attemptId, reason: 'commit_refused' });
    // Offered again at all (the reject backoff is an hour here), so without it; no unknown, no verification.
    const again = await fake.next('offer', (o) => o.jobId === jobId);
    expect(again.attemptId).not.toBe(attemptId);
    const job = await h.job(jobId);
    expect(job).toMatchObject({ attempt: 0 });
    expect(await rows(db.database.db, sql`select 1 from job_verifications where job_id = ${jobId}`)).toEqual([]);
    await fake.close();
  });

  it('a hand-back after a sweep made the job unknown settles its lookup and queues it', async () => {
    const { node, accountId } = await nodeWithAccount();
    const fake = await online(node);
    const jobId = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    const attemptId = await started(fake, jobId);
    fake.send({ type: 'commit', jobId, attemptId });
    await fake.next('commit_ack');
    // No heartbeat: the lease runs out and the sweep makes the committed job unknown.
    await h.waitForJob(jobId, (j) => j.state === 'unknown');
    fake.send({ type: 'reject', jobId, attemptId, reason: 'commit_refused' });
    await h.waitForJob(jobId, (j) => j.state !== 'unknown');
    expect(await rows(db.database.db, sql`select resolution from job_verifications where job_id = ${jobId}`)).toEqual([{ resolution: 'handed_back' }]);
    await fake.next('offer', (o) => o.jobId === jobId);
    await fake.close();
  });

  it('a hand-back is fenced: another attempt id or a stale session changes nothing, other reasons never undo a commit', async () => {
    const { node, accountId } = await nodeWithAccount();
    const fake = await online(node);
    const jobId = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    const attemptId = await started(fake, jobId);
    fake.send({ type: 'commit', jobId, attemptId });
    await fake.next('commit_ack');
    const epoch = (await h.job(jobId)).nodeEpoch!;
    const give = (ref: { epoch: number; attemptId: string }, reason = 'commit_refused') =>
      dispatchJobs.reject(db.database.db, { nodeId: node.nodeId, jobId, ...ref }, { reason, permanent: false, backoffMs: 0 });
    expect(await give({ epoch, attemptId: 'att_other' })).toBe(false);
    expect(await give({ epoch: epoch - 1, attemptId })).toBe(false);
    // Only a refused commit proves no click: a drain or busy reason on a committed job changes nothing.
    expect(await give({ epoch, attemptId }, 'draining')).toBe(false);
    expect((await h.job(jobId)).state).toBe('committed');
    expect(await give({ epoch, attemptId })).toBe(true);
    expect(['queued', 'offered']).toContain((await h.job(jobId)).state);
    await fake.close();
  });
});

/** A TCP proxy in front of PostgreSQL that the test can cut (every connection dropped, new ones refused) and restore. */
async function databaseProxy(target: URL): Promise<{ url: string; cut(): void; restore(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let refusing = false;
  const server: Server = createServer((client) => {
    if (refusing) return void client.destroy();
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.toString(),
    cut() {
      refusing = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      refusing = false;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe.skipIf(!hasPostgres())('database briefly unreachable', () => {
  it('a hand-back that arrives while the database is cut off is recorded once it is back', async () => {
    const proxy = await databaseProxy(new URL(db.url!));
    const through = openPostgres(proxy.url, 4);
    const p = await createDispatchHarness({ database: through, url: proxy.url, close: () => through.close() }, { timers: { ...TIMERS, handBackRetryMs: 300 } });
    try {
      const node = await p.enroll({ userIds: [userId] });
      const accountId = await p.createAccount({ userId, nodeId: node.nodeId, externalRef: 'dy-cut' });
      const fake = await FakeNode.connect(p.url, node);
      await fake.hello(node.nodeId, { capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, concurrency: 1, platforms: ['douyin'] } });
      const jobId = await p.createJob({ userId, accountId, nodeId: node.nodeId });
      const attemptId = await started(fake, jobId);
      fake.send({ type: 'commit', jobId, attemptId });
      await fake.next('commit_ack');
      // The database goes away; the node, its commit unanswered (as far as it knows), hands the job back.
      proxy.cut();
      fake.send({ type: 'reject', jobId, attemptId, reason: 'commit_refused' });
      // The cut lasting a while (its hand-back retries every 300 ms fail meanwhile); a slow machine
      // can only make fewer retries fail, never this check.
      await new Promise((r) => setTimeout(r, 1000));
      expect((await h.job(jobId)).state).toBe('committed');
      proxy.restore();
      const back = await h.waitForJob(jobId, (j) => j.state === 'queued' || j.state === 'offered');
      expect(back.attempt).toBe(0);
      await fake.close();
    } finally {
      await p.close();
      await through.close();
      await proxy.close();
    }
  });
});
