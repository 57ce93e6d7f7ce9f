/**
 * Dispatch over a real WebSocket with a scripted node and test-sized timers:
 * offer → accept → start → commit → result; fencing by session epoch and
 * attempt id; a node vanishing before commit (job re-queued) and after commit
 * (unknown, then resolved by a read-only verification); refusals, drain,
 * nodes without frozen-settings support, and a desktop node with Windows paths.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../control-plane/src/db/client.js';
import { dispatchJobs } from '../control-plane/src/nodes/dispatch-jobs.repository.js';
import { jobReports } from '../control-plane/src/nodes/job-reports.repository.js';
import { createDispatchHarness, type DispatchHarness, type EnrolledNode } from '../control-plane/src/nodes/testing/dispatch-harness.js';
import { FakeNode } from '../control-plane/src/nodes/testing/fake-node.js';
import { createTestDatabase, type TestDatabase } from '../control-plane/src/testing/db.js';
import { eventually } from '../control-plane/src/testing/eventually.js';

let db: TestDatabase;
let h: DispatchHarness;
let userId: number;

const TIMERS = {
  leaseMs: 3000,
  offerDeadlineMs: 1500,
  commitMinLeaseMs: 1000,
  pollMs: 200,
  sweepMs: 200,
  startupGraceMs: 0,
  verifyIntervalMs: 600,
  verifyGiveUpMs: 2500,
  heartbeatMs: 1000,
  rejectBackoffMs: 100,
  maxAttempts: 3,
};

beforeAll(async () => {
  db = await createTestDatabase();
  h = await createDispatchHarness(db, { timers: TIMERS });
  userId = await h.createUser();
  // Integrators hear about job and batch changes through the webhook outbox.
  await db.database.db.execute(sql`update users set webhook_url = 'http://127.0.0.1:9/hook' where id = ${userId}`);
});
afterAll(async () => {
  await h?.close();
  await db?.close();
});

async function nodeWithAccount(o: { kind?: 'edge' | 'desktop'; platform?: string } = {}): Promise<{ node: EnrolledNode; accountId: number }> {
  const node = await h.enroll({ userIds: [userId], kind: o.kind ?? 'edge' });
  const accountId = await h.createAccount({ userId, nodeId: node.nodeId, platform: o.platform ?? 'douyin', externalRef: 'dy-main', executor: o.kind ?? 'edge' });
  return { node, accountId };
}

async function online(node: EnrolledNode, over: Parameters<FakeNode['hello']>[1] = {}): Promise<FakeNode> {
  const fake = await FakeNode.connect(h.url, node);
  await fake.hello(node.nodeId, over);
  return fake;
}

/** A node online with one job it accepted and started (the job is running). */
async function runningJob() {
  const { node, accountId } = await nodeWithAccount();
  const fake = await online(node);
  const jobId = await h.createJob({ userId, accountId, nodeId: node.nodeId });
  const { offer } = await startJob(fake, jobId);
  await h.waitForJob(jobId, (j) => j.state === 'running');
  return { node, accountId, fake, jobId, offer };
}

async function startJob(fake: FakeNode, jobId: string) {
  const offer = await fake.next('offer', (o) => o.jobId === jobId);
  fake.send({ type: 'accept', jobId, attemptId: offer.attemptId });
  const start = await fake.next('start', (s) => s.jobId === jobId);
  return { offer, start };
}

describe('happy path', () => {
  it('a queued job goes offer → accept → start → commit → result and succeeds', async () => {
    const { node, accountId } = await nodeWithAccount();
    const fake = await online(node);
    const queuedAt = Date.now();
    const jobId = await h.createJob({ userId, accountId, nodeId: node.nodeId, payload: { title: 'Hello', localVideoPath: `/srv/videos/${userId}/a.mp4` } });
    const { offer, start } = await startJob(fake, jobId);
    expect(offer).toMatchObject({ platform: 'douyin', contentType: 'video' });
    expect(offer.attemptId).toMatch(/^att_/);
    // The offer deadline lies the offer window after the offer was made (however long ago a slow machine made it).
    expect(offer.deadline).toBeGreaterThan(queuedAt);
    expect(offer.deadline).toBeLessThanOrEqual(Date.now() + TIMERS.offerDeadlineMs);
    expect(start.job).toMatchObject({
      userId,
      platform: 'douyin',
      contentType: 'video',
      account: { id: accountId, externalRef: 'dy-main' },
      payload: { title: 'Hello', localVideoPath: `/srv/videos/${userId}/a.mp4` },
      settings: { tags: ['t'] },
      settingsHash: 'sha-test',
    });
    expect(Number.isNaN(Date.parse(start.job.createdAt))).toBe(false);
    await h.waitForJob(jobId, (j) => j.state === 'running');

    fake.send({ type: 'progress', msgId: 'p-1', jobId, attemptId: offer.attemptId, seq: 1, step: 'upload', bytesSent: 512, bytesTotal: 1024 });
    expect((await fake.next('ack')).msgIds).toEqual(['p-1']);
    expect((await h.job(jobId)).feedback).toMatchObject({ step: 'upload', message: 'upload: 512 of 1024 bytes', progress: { step: 'upload', seq: 1, bytesSent: 512, bytesTotal: 1024 } });

    fake.send({ type: 'commit', jobId, attemptId: offer.attemptId });
    expect(await fake.next('commit_ack')).toMatchObject({ jobId, ok: true });
    expect((await h.job(jobId)).state).toBe('committed');

    fake.send({ type: 'result', msgId: 'r-1', jobId, attemptId: offer.attemptId, outcome: 'succeeded', postId: 'post-1', url: 'https://example.test/p/1' });
    expect((await fake.next('ack')).msgIds).toEqual(['r-1']);
    const done = await h.job(jobId);
    expect(done).toMatchObject({ state: 'succeeded', attempt: 1, platformPostId: 'post-1', platformUrl: 'https://example.test/p/1', batchState: 'succeeded' });
    expect(done.leaseUntil).toBeNull();

    const hooks = await rows<{ type: string; state: string; jobId: string | null }>(
      db.database.db,
      sql`select event_type as type, payload ->> 'state' as state, payload ->> 'job_id' as "jobId" from webhook_deliveries
          where payload ->> 'batch_id' = (select batch_id from publish_jobs where id = ${jobId}) order by created_at, id`,
    );
    expect(hooks.map((w) => `${w.type}:${w.state}`)).toEqual([
      'publish.job.updated:running',
      'publish.batch.updated:running',
      'publish.job.updated:succeeded',
      'publish.batch.updated:succeeded',
    ]);

    // A repeated result (the node's outbox resending after a reconnect) is acknowledged and changes nothing.
    fake.send({ type: 'result', msgId: 'r-1', jobId, attemptId: offer.attemptId, outcome: 'failed', error: { code: 'x', step: 'publish', message: 'late' } });
    expect((await fake.next('ack')).msgIds).toEqual(['r-1']);
    expect((await h.job(jobId)).state).toBe('succeeded');
    await fake.close();
  });

  it('a desktop node (Windows paths) speaks the same protocol', async () => {
    const { node, accountId } = await nodeWithAccount({ kind: 'desktop' });
    const fake = await online(node, {
      capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, concurrency: 1, platforms: ['youtube', 'douyin'], videoDir: 'C:\\Users\\op\\Videos\\Plume' },
      accounts: [{ externalRef: 'dy-main', platform: 'douyin', displayName: 'Desk', loginState: 'logged_in' }],
    });
    const windowsPath = `C:\\Users\\op\\Videos\\Plume\\${userId}\\clip één.mp4`;
    const jobId = await h.createJob({ userId, accountId, nodeId: node.nodeId, payload: { title: 'Desk', localVideoPath: windowsPath, coverImagePath: 'D:\\covers\\c.png' } });
    const { offer, start } = await startJob(fake, jobId);
    expect(start.job.payload).toEqual({ title: 'Desk', localVideoPath: windowsPath, coverImagePath: 'D:\\covers\\c.png' });
    fake.send({ type: 'commit', jobId, attemptId: offer.attemptId });
    expect((await fake.next('commit_ack')).ok).toBe(true);
    fake.send({ type: 'result', msgId: 'd-1', jobId, attemptId: offer.attemptId, outcome: 'succeeded', postId: 'yt-1' });
    await fake.next('ack');
    expect((await h.job(jobId)).state).toBe('succeeded');
    const [caps] = await rows<{ capabilities: Record<string, unknown> }>(db.database.db, sql`select capabilities from execution_nodes where id = ${node.nodeId}`);
    expect(caps!.capabilities).toMatchObject({ videoDir: 'C:\\Users\\op\\Videos\\Plume', platforms: ['youtube', 'douyin'] });
    await fake.close();
  });

  it('heartbeats renew the leases of running jobs', async () => {
    const { fake, jobId, offer } = await runningJob();
    const before = (await h.job(jobId)).leaseUntil!.getTime();
    // Past the original lease (3 s): only the heartbeats keep the job. The pauses are the node's
    // heartbeat interval (time passing for the product), each well inside the lease.
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 800));
      fake.send({ type: 'heartbeat', activeJobs: [{ jobId, attemptId: offer.attemptId, phase: 'running' }] });
    }
    await eventually(async () => (await h.job(jobId)).leaseUntil!.getTime()).toBeGreaterThan(before + 3000);
    expect((await h.job(jobId)).state).toBe('running');
    fake.send({ type: 'result', msgId: 'hb-1', jobId, attemptId: offer.attemptId, outcome: 'failed', error: { code: 'upload_failed', step: 'upload', message: 'disk' }, evidence: { step: 'upload', html: '<p>boom</p>' } });
    await fake.next('ack');
    expect(await h.job(jobId)).toMatchObject({ state: 'failed', errorCode: 'upload_failed', batchState: 'failed' });
    const evidence = await h.app.inject({ method: 'GET', url: `/api/admin/jobs/${jobId}/evidence`, headers: h.adminHeaders });
    expect(evidence.json().items).toMatchObject([{ step: 'upload', html: '<p>boom</p>', errorCode: 'upload_failed' }]);
    await fake.close();
  });
});

describe('faults', () => {
  it('a node that vanishes before commit gets its job back after the lease, on a new attempt', async () => {
    const { node, accountId } = await nodeWithAccount();
    const fake = await online(node);
    const jobId = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    const { offer } = await startJob(fake, jobId);
    // The node started the attempt (its first report): the attempt is charged.
    fake.send({ type: 'progress', msgId: 'p-lost', jobId, attemptId: offer.attemptId, seq: 1, step: 'started' });
    await fake.next('ack');
    fake.kill();
    const requeued = await h.waitForJob(jobId, (j) => j.state === 'queued');
    expect(requeued.attempt).toBe(1);

    const back = await online(node);
    const second = await startJob(back, jobId);
    expect(second.offer.attemptId).not.toBe(offer.attemptId);
    // The first attempt's late report is about a superseded attempt: acknowledged, ignored.
    back.send({ type: 'result', msgId: 'old', jobId, attemptId: offer.attemptId, outcome: 'succeeded', postId: 'ghost' });
    await back.next('ack');
    back.send({ type: 'commit', jobId, attemptId: second.offer.attemptId });
    expect((await back.next('commit_ack')).ok).toBe(true);
    back.send({ type: 'result', msgId: 'new', jobId, attemptId: second.offer.attemptId, outcome: 'succeeded', postId: 'real' });
    await back.next('ack');
    expect(await h.job(jobId)).toMatchObject({ state: 'succeeded', attempt: 2, platformPostId: 'real' });
    await back.close();
  });

  it('a node that reconnects says what it still runs: the rest is re-queued at once', async () => {
    const { node, accountId } = await nodeWithAccount();
    // Two accounts: both jobs run at once (an account runs one job at a time).
    const other = await h.createAccount({ userId, nodeId: node.nodeId, externalRef: 'dy-other' });
    const fake = await online(node);
    const keep = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    const lose = await h.createJob({ userId, accountId: other, nodeId: node.nodeId });
    const a = await startJob(fake, keep);
    await startJob(fake, lose);
    fake.kill();
    const back = await online(node, { activeJobs: [{ jobId: keep, attemptId: a.offer.attemptId, phase: 'running' }] });
    const lost = await h.waitForJob(lose, (j) => j.state !== 'running');
    expect(['queued', 'offered']).toContain(lost.state);
    const kept = await h.job(keep);
    expect(kept).toMatchObject({ state: 'running', attemptId: a.offer.attemptId, nodeEpoch: 2 });
    back.send({ type: 'commit', jobId: keep, attemptId: a.offer.attemptId });
    expect((await back.next('commit_ack')).ok).toBe(true);
    await back.close();
  });

  /** A job committed on a node that then vanished: the job is `unknown`. */
  async function committedThenVanished() {
    const { node, accountId } = await nodeWithAccount();
    const fake = await online(node);
    const jobId = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    const { offer } = await startJob(fake, jobId);
    fake.send({ type: 'commit', jobId, attemptId: offer.attemptId });
    expect((await fake.next('commit_ack')).ok).toBe(true);
    fake.kill();
    const unknown = await h.waitForJob(jobId, (j) => j.state === 'unknown');
    return { node, jobId, offer, unknown };
  }

  it('a node that vanishes after commit: unknown, then a verification finds the post', async () => {
    const { node, jobId, offer, unknown } = await committedThenVanished();
    expect(unknown.batchState).toBe('running');

    const back = await online(node);
    const verify = await back.next('verify', (v) => v.jobId === jobId);
    expect(verify.attemptId).toBe(offer.attemptId);
    expect(verify.job.payload).toMatchObject({ title: 'A video' });
    back.send({ type: 'verify_result', msgId: 'v-1', jobId, attemptId: offer.attemptId, found: true, postId: 'found-1', url: 'https://example.test/found-1' });
    await back.next('ack');
    const done = await h.job(jobId);
    expect(done).toMatchObject({ state: 'succeeded', attempt: 1, platformPostId: 'found-1', batchState: 'succeeded' });
    expect(done.verifiedAt).not.toBeNull();
    // Never offered again: exactly one attempt. (A pause for a wrong offer to show: nothing marks
    // "none came", and a slow machine can only make this pass, never fail.)
    await new Promise((r) => setTimeout(r, 500));
    expect(back.received.filter((m) => m.type === 'offer')).toEqual([]);
    await back.close();
  });

  it('a result resent from the outbox settles an unknown job and closes its verification', async () => {
    const { node, jobId, offer } = await committedThenVanished();

    const back = await online(node);
    back.send({ type: 'result', msgId: 'r-outbox', jobId, attemptId: offer.attemptId, outcome: 'succeeded', postId: 'late-1' });
    await back.next('ack', (a) => a.msgIds.includes('r-outbox'));
    expect(await h.job(jobId)).toMatchObject({ state: 'succeeded', platformPostId: 'late-1' });
    const verifications = await rows<{ resolution: string | null }>(db.database.db, sql`select resolution from job_verifications where job_id = ${jobId}`);
    expect(verifications).toEqual([{ resolution: 'result' }]);
    await back.close();
  });

  it('not found twice, an interval apart: the click did not happen, the job is queued again', async () => {
    const { node, accountId } = await nodeWithAccount();
    const fake = await online(node);
    const jobId = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    const { offer } = await startJob(fake, jobId);
    fake.send({ type: 'commit', jobId, attemptId: offer.attemptId });
    await fake.next('commit_ack');
    // The node reports the click's outcome as unknown (readback failed after commit).
    fake.send({ type: 'result', msgId: 'u-1', jobId, attemptId: offer.attemptId, outcome: 'failed', error: { code: 'readback_failed', step: 'read_back', message: 'no post id' } });
    await fake.next('ack');
    expect((await h.job(jobId)).state).toBe('unknown');
    const first = await fake.next('verify', (v) => v.jobId === jobId);
    const t1 = Date.now();
    fake.send({ type: 'verify_result', msgId: 'nf-1', jobId, attemptId: first.attemptId, found: false });
    await fake.next('ack');
    expect((await h.job(jobId)).state).toBe('unknown');
    await fake.next('verify', (v) => v.jobId === jobId);
    expect(Date.now() - t1).toBeGreaterThanOrEqual(TIMERS.verifyIntervalMs - 50);
    fake.send({ type: 'verify_result', msgId: 'nf-2', jobId, attemptId: first.attemptId, found: false });
    await fake.next('ack');
    const again = await startJob(fake, jobId);
    expect(again.offer.attemptId).not.toBe(offer.attemptId);
    // Offered and started but not begun on the node: not charged until its first report.
    expect((await h.job(jobId)).attempt).toBe(1);
    fake.send({ type: 'progress', msgId: 'nf-3', jobId, attemptId: again.offer.attemptId, seq: 1, step: 'started' });
    await fake.next('ack');
    expect((await h.job(jobId)).attempt).toBe(2);
    await fake.close();
  });

  it('a verification that finds several matching posts needs a person, never a re-publish', async () => {
    const { node, accountId } = await nodeWithAccount();
    const fake = await online(node);
    const jobId = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    const { offer } = await startJob(fake, jobId);
    fake.send({ type: 'commit', jobId, attemptId: offer.attemptId });
    await fake.next('commit_ack');
    fake.send({ type: 'result', msgId: 'a-1', jobId, attemptId: offer.attemptId, outcome: 'failed', error: { code: 'readback_failed', step: 'read_back', message: 'lost' } });
    await fake.next('ack');
    await fake.next('verify', (v) => v.jobId === jobId);
    fake.send({ type: 'verify_result', msgId: 'a-2', jobId, attemptId: offer.attemptId, found: true, postId: 'p-1', candidates: 2 });
    await fake.next('ack');
    expect(await h.job(jobId)).toMatchObject({ state: 'needs_attention', errorCode: 'ambiguous_verification', attempt: 1 });
    await fake.close();
  });

  it('an unknown job whose node stays away needs a person', async () => {
    const { node, accountId } = await nodeWithAccount();
    const fake = await online(node);
    const jobId = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    const { offer } = await startJob(fake, jobId);
    fake.send({ type: 'commit', jobId, attemptId: offer.attemptId });
    await fake.next('commit_ack');
    fake.kill();
    const stuck = await h.waitForJob(jobId, (j) => j.state === 'needs_attention');
    // Not terminal for the batch (GET /publish/{batch_id} keeps it running): a person must decide.
    expect(stuck).toMatchObject({ errorCode: 'outcome_unknown', batchState: 'running' });
  });

  it('offers that keep expiring never fail the job: nothing started, nothing is charged', async () => {
    const { node, accountId } = await nodeWithAccount();
    const fake = await online(node);
    const jobId = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    // The node never answers its offers: past maxAttempts of them, the job is still waiting for a node.
    await eventually(() => fake.received.filter((m) => m.type === 'offer' && m.jobId === jobId).length).toBeGreaterThan(TIMERS.maxAttempts);
    const job = await h.job(jobId);
    expect(['queued', 'offered']).toContain(job.state);
    expect(job).toMatchObject({ attempt: 0, errorCode: null });
    await fake.close();
  });
});

describe('fencing', () => {
  it('writes of a stale session change nothing', async () => {
    const { node, accountId } = await nodeWithAccount();
    const old = await online(node);
    const jobId = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    const { offer } = await startJob(old, jobId);
    const current = await online(node, { activeJobs: [{ jobId, attemptId: offer.attemptId, phase: 'running' }] });
    await old.closed;
    const job = await h.waitForJob(jobId, (j) => j.nodeEpoch === 2);
    const stale = { nodeId: node.nodeId, epoch: 1, jobId, attemptId: offer.attemptId };
    expect(await dispatchJobs.commit(db.database.db, stale, 0)).toEqual({ ok: false, reason: 'stale_session' });
    expect(await jobReports.result(db.database.db, stale, { outcome: 'succeeded', postId: 'stale' })).toBe('stale');
    expect(await dispatchJobs.renewLeases(db.database.db, stale, [{ jobId, attemptId: offer.attemptId }], 60_000)).toBe(0);
    expect(await dispatchJobs.accept(db.database.db, stale, 60_000)).toBeNull();
    await jobReports.progress(db.database.db, stale, { seq: 99, step: 'stale' });
    expect(await h.job(jobId)).toMatchObject({ state: 'running', platformPostId: null, feedback: null, leaseUntil: job.leaseUntil });
    // A wrong attempt id on the current session is refused too.
    current.send({ type: 'commit', jobId, attemptId: 'att_wrong' });
    expect(await current.next('commit_ack')).toMatchObject({ ok: false, reason: 'attempt_superseded' });
    await current.close();
  });

  it('an accept lost in a database crash (it commits asynchronously) cannot lead to a publish', async () => {
    const { fake, jobId, offer } = await runningJob();
    // The crash image: the claim survived, the accept and everything after it did not.
    await db.database.db.execute(sql`update publish_jobs set state = 'offered' where id = ${jobId}`);
    fake.send({ type: 'commit', jobId, attemptId: offer.attemptId });
    expect(await fake.next('commit_ack')).toMatchObject({ jobId, ok: false, reason: 'job_offered' });
    expect((await h.job(jobId)).state).toBe('offered');
    await fake.close();
  });

  it('commit is refused when the lease is nearly spent, and the node must not click', async () => {
    const { fake, jobId, offer } = await runningJob();
    await db.database.db.execute(sql`update publish_jobs set lease_until = now() + interval '500 milliseconds' where id = ${jobId}`);
    fake.send({ type: 'commit', jobId, attemptId: offer.attemptId });
    expect(await fake.next('commit_ack')).toMatchObject({ ok: false, reason: 'lease_nearly_spent' });
    expect((await h.job(jobId)).state).toBe('running');
    await fake.close();
  });

  it('an accept after the offer deadline is answered with cancel', async () => {
    const { node, accountId } = await nodeWithAccount();
    const fake = await online(node);
    const jobId = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    const offer = await fake.next('offer', (o) => o.jobId === jobId);
    await h.waitForJob(jobId, (j) => j.attemptId !== offer.attemptId || j.state === 'queued');
    fake.send({ type: 'accept', jobId, attemptId: offer.attemptId });
    expect(await fake.next('cancel', (c) => c.attemptId === offer.attemptId)).toMatchObject({ reason: 'offer_expired' });
    await fake.close();
  });
});

describe('node state', () => {
  it('a node without frozen-settings support gets no jobs', async () => {
    const { node, accountId } = await nodeWithAccount();
    const fake = await online(node, { capabilities: { localVideoFile: 1, publishSettingsSnapshot: 0, concurrency: 2, platforms: ['douyin'] } });
    expect(await fake.next('error')).toMatchObject({ code: 'settings_executor_upgrade_required' });
    const jobId = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    // A pause for a wrong offer to show (polls run every 200 ms): a slow machine can only make this pass, never fail.
    await new Promise((r) => setTimeout(r, 1000));
    expect(fake.received.filter((m) => m.type === 'offer')).toEqual([]);
    expect((await h.job(jobId)).state).toBe('queued');
    await fake.close();
  });

  it('refusals: a permanent reason fails the job, a transient one re-queues it', async () => {
    const { node, accountId } = await nodeWithAccount();
    const fake = await online(node);
    const permanent = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    const o1 = await fake.next('offer', (o) => o.jobId === permanent);
    fake.send({ type: 'reject', jobId: permanent, attemptId: o1.attemptId, reason: 'unsupported_platform' });
    expect(await h.waitForJob(permanent, (j) => j.state === 'failed')).toMatchObject({ errorCode: 'node_rejected_unsupported_platform' });
    const transient = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    const o2 = await fake.next('offer', (o) => o.jobId === transient);
    fake.send({ type: 'reject', jobId: transient, attemptId: o2.attemptId, reason: 'busy' });
    const o3 = await fake.next('offer', (o) => o.jobId === transient);
    expect(o3.attemptId).not.toBe(o2.attemptId);
    await fake.close();
  });

  it('drain stops new offers and tells the node; resume brings them back', async () => {
    const { node, accountId } = await nodeWithAccount();
    const fake = await online(node);
    const drained = await h.app.inject({ method: 'POST', url: `/api/admin/nodes/${node.nodeId}/drain`, headers: h.adminHeaders });
    expect(drained.json().node.status).toBe('draining');
    await fake.next('drain');
    const jobId = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    // A pause for a wrong offer to show (polls run every 200 ms): a slow machine can only make this pass, never fail.
    await new Promise((r) => setTimeout(r, 800));
    expect(fake.received.filter((m) => m.type === 'offer')).toEqual([]);
    await h.app.inject({ method: 'POST', url: `/api/admin/nodes/${node.nodeId}/resume`, headers: h.adminHeaders });
    await fake.next('offer', (o) => o.jobId === jobId);
    await fake.close();
  });

  it('respects the node\'s concurrency', async () => {
    const { node, accountId } = await nodeWithAccount();
    const fake = await online(node, { capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, concurrency: 1, platforms: ['douyin'] } });
    const j1 = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    const j2 = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    const first = await fake.next('offer');
    fake.send({ type: 'accept', jobId: first.jobId, attemptId: first.attemptId });
    await fake.next('start');
    // The one slot is taken: the pass that offered the first job offered nothing else (its offers
    // came before this start). No pause: one would let the 1.5 s offer deadline lapse on a slow
    // machine, and the expired offer's job be offered again.
    expect(fake.received.filter((m) => m.type === 'offer')).toEqual([]);
    fake.send({ type: 'reject', jobId: first.jobId, attemptId: first.attemptId, reason: 'invalid_job' });
    const second = await fake.next('offer');
    expect([j1, j2]).toContain(second.jobId);
    expect(second.jobId).not.toBe(first.jobId);
    await fake.close();
  });
});
