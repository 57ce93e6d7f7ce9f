/**
 * Jobs awaiting input, on the control plane with nodes speaking the real
 * protocol over WebSockets (FakeNode) and the real PostgreSQL: a challenge
 * met before the commit pauses the job (awaiting_input to integrators and
 * their webhook, its node slot given back, its lease and fence unchanged),
 * answers reach the node holding the page whichever replica they come
 * through, a cleared challenge resumes it, the deadline fails it
 * input_timeout with the unit given back once, and a node lost while paused
 * sends the job back to the queue like any attempt that did not commit.
 */
import { INPUT_TIMEOUT_LIMITS } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../control-plane/src/db/client.js';
import { createDispatchHarness, type DispatchHarness, type EnrolledNode } from '../control-plane/src/nodes/testing/dispatch-harness.js';
import { FakeNode } from '../control-plane/src/nodes/testing/fake-node.js';
import { challengesRepository } from '../control-plane/src/publishing/challenges/challenges.repository.js';
import { until } from '../control-plane/src/testing/eventually.js';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../control-plane/src/testing/db.js';

let db: TestDatabase;
let a: DispatchHarness;
let b: DispatchHarness;

// Leases long enough that no step of a test outlives one on a loaded machine (the fake nodes send no
// heartbeats); the test of a lost node ends its lease itself.
const TIMERS = {
  leaseMs: 120_000,
  offerDeadlineMs: 60_000,
  commitMinLeaseMs: 300,
  pollMs: 100,
  sweepMs: 100,
  startupGraceMs: 0,
  heartbeatMs: 500,
  rejectBackoffMs: 100,
  maxAttempts: 3,
};

beforeAll(async () => {
  db = await createTestDatabase();
  a = await createDispatchHarness(db, { timers: TIMERS, replicaId: 'rep_input_a' });
  // A second replica on the same database: answers and cancels reach the node through whichever holds it.
  if (hasPostgres()) b = await createDispatchHarness(db, { timers: TIMERS, replicaId: 'rep_input_b' });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await db?.close();
});

const d = () => db.database.db;


async function online(node: EnrolledNode, url = a.url, concurrency = 1, activeJobs: Array<{ jobId: string; attemptId: string; phase: 'running' }> = []): Promise<FakeNode> {
  const fake = await FakeNode.connect(url, node);
  await fake.hello(node.nodeId, { capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, concurrency, platforms: ['douyin'] }, activeJobs });
  return fake;
}

async function running(fake: FakeNode, jobId: string): Promise<string> {
  const offer = await fake.next('offer', (o) => o.jobId === jobId);
  fake.send({ type: 'accept', jobId, attemptId: offer.attemptId });
  const start = await fake.next('start', (s) => s.jobId === jobId);
  expect(start.job.challenge).toEqual({ mode: 'wait', timeoutMs: 60_000 });
  fake.send({ type: 'progress', msgId: `s-${offer.attemptId}`, jobId, attemptId: offer.attemptId, seq: 1, step: 'fill' });
  await fake.next('ack', (m) => m.msgIds.includes(`s-${offer.attemptId}`));
  return offer.attemptId;
}

async function ask(fake: FakeNode, jobId: string, attemptId: string, msgId = `c-${attemptId}`) {
  fake.send({ type: 'challenge', msgId, jobId, attemptId, kind: 'sms', step: 'publish', message: '请输入短信验证码', screenshotPng: 'iVBORw0KGgo' });
  await fake.next('ack', (m) => m.msgIds.includes(msgId));
}

/** A job whose rule is wait (60 s) for a user with a webhook, on a node of one slot. */
async function setup() {
  const userId = await a.createUser();
  await d().execute(sql`update users set webhook_url = 'http://127.0.0.1:9/hook' where id = ${userId}`);
  const node = await a.enroll({ userIds: [userId] });
  const accountId = await a.createAccount({ userId, nodeId: node.nodeId, externalRef: 'acc-one' });
  const other = await a.createAccount({ userId, nodeId: node.nodeId, externalRef: 'acc-two' });
  const job = async (account = accountId) => {
    const id = await a.createJob({ userId, accountId: account, nodeId: node.nodeId });
    await d().execute(sql`update publish_jobs set challenge_rule = ${JSON.stringify({ mode: 'wait', timeoutMs: 60_000 })}::jsonb where id = ${id}`);
    return id;
  };
  return { userId, node, accountId, other, job };
}

const events = (jobId: string) =>
  rows<{ state: string; challenge: Record<string, unknown> | null }>(
    d(),
    sql`select payload ->> 'state' as state, payload -> 'challenge' as challenge from webhook_deliveries
        where event_type = 'publish.job.updated' and payload ->> 'job_id' = ${jobId} order by created_at`,
  );
const refunds = async (jobId: string) => (await rows<{ n: number }>(d(), sql`select count(*)::int as n from quota_refunds where job_id = ${jobId}`))[0]!.n;

describe.skipIf(!hasPostgres())('a job paused on a challenge', () => {
  it('awaits input, frees its slot, takes an answer, resumes and publishes once', async () => {
    const s = await setup();
    // The first job is created before the node connects: with one slot, the second waits behind it.
    const paused = await s.job();
    const fake = await online(s.node);
    const attemptId = await running(fake, paused);
    const behind = await s.job(s.other);

    await ask(fake, paused, attemptId);
    const job = await challengesRepository.get(d(), paused, s.userId);
    expect(job?.challenge).toMatchObject({ attemptId, kind: 'sms', step: 'publish', message: '请输入短信验证码' });
    const deadline = job!.inputDeadline!.getTime() - Date.parse(job!.challenge!.askedAt);
    expect(deadline).toBeGreaterThan(59_000);
    expect(deadline).toBeLessThan(61_000);
    expect(await events(paused)).toContainEqual({ state: 'awaiting_input', challenge: expect.objectContaining({ kind: 'sms', step: 'publish', deadline: expect.any(String) }) });
    // A resend of the same report (the outbox after a reconnect) changes nothing.
    await ask(fake, paused, attemptId);
    expect((await challengesRepository.get(d(), paused, s.userId))?.inputDeadline).toEqual(job!.inputDeadline);

    // Its slot went back: the other account's job is offered while the first waits.
    const otherAttempt = await running(fake, behind);

    // The page streams; an answer through either replica reaches the node.
    let heard = 0;
    const stop = a.inputs.watch(paused, (n) => n.t === 'frame' && heard++);
    fake.send({ type: 'job_frame', jobId: paused, attemptId, seq: 0, jpeg: '/9j/4AAQ', width: 800, height: 600 });
    expect(await until(() => challengesRepository.frame(d(), paused, attemptId), (f) => f !== null)).toEqual({ seq: 0, jpeg: '/9j/4AAQ', width: 800, height: 600 });
    await until(async () => heard, (n) => n === 1);
    stop();
    expect(await challengesRepository.input(d(), paused, s.userId + 1000, { type: 'sms', code: '123456' })).toBe('not_found');
    expect(await challengesRepository.input(d(), paused, s.userId, { type: 'sms', code: '123456' })).toBe('sent');
    expect((await fake.next('job_input', (m) => m.jobId === paused)).input).toEqual({ type: 'sms', code: '123456' });
    expect(await challengesRepository.input(d(), paused, null, { type: 'click', x: 5, y: 6 })).toBe('sent');
    expect((await fake.next('job_input', (m) => m.jobId === paused)).input).toEqual({ type: 'click', x: 5, y: 6 });

    fake.send({ type: 'challenge_cleared', msgId: `cl-${attemptId}`, jobId: paused, attemptId, step: 'publish' });
    await fake.next('ack', (m) => m.msgIds.includes(`cl-${attemptId}`));
    expect((await challengesRepository.get(d(), paused, s.userId))?.challenge).toBeNull();
    expect(await challengesRepository.input(d(), paused, s.userId, { type: 'sms', code: '1' })).toBe('not_awaiting');
    expect((await events(paused)).map((e) => e.state)).toEqual(['running', 'awaiting_input', 'running']);

    for (const [id, att] of [[paused, attemptId], [behind, otherAttempt]] as const) {
      fake.send({ type: 'commit', jobId: id, attemptId: att });
      expect((await fake.next('commit_ack', (m) => m.jobId === id)).ok).toBe(true);
      fake.send({ type: 'result', msgId: `ok-${att}`, jobId: id, attemptId: att, outcome: 'succeeded', postId: `p-${id}` });
      await fake.next('ack', (m) => m.msgIds.includes(`ok-${att}`));
    }
    expect(await a.job(paused)).toMatchObject({ state: 'succeeded', platformPostId: `p-${paused}` });
    expect(await refunds(paused)).toBe(0);
    await fake.close();
  });

  it('fails input_timeout when nobody answers: the unit comes back once and the node is told to stop', async () => {
    const s = await setup();
    const jobId = await s.job();
    // The node is held by replica b; the sweep that fails the job runs on a.
    const fake = await online(s.node, b.url);
    const attemptId = await running(fake, jobId);
    await ask(fake, jobId, attemptId);
    expect(await a.quota(s.userId, 'edge')).toMatchObject({ used: 1 });
    await d().execute(sql`update publish_jobs set input_deadline = now() - interval '1 second' where id = ${jobId}`);
    // Each replica's own sweep (every 2 s) may get there first; whichever does, the job fails once.
    const swept = [...(await a.inputs.sweep()), ...(await b.inputs.sweep())];
    expect(swept.filter((id) => id === jobId).length).toBeLessThanOrEqual(1);
    await until(() => a.job(jobId), (j) => j.state === 'failed');
    expect([...(await a.inputs.sweep()), ...(await b.inputs.sweep())]).toEqual([]);
    expect(await fake.next('cancel', (m) => m.jobId === jobId)).toMatchObject({ attemptId, reason: 'input_timeout' });
    expect(await a.job(jobId)).toMatchObject({ state: 'failed', errorCode: 'input_timeout', batchState: 'failed' });
    expect(await a.quota(s.userId, 'edge')).toMatchObject({ used: 0 });
    expect(await refunds(jobId)).toBe(1);
    expect((await events(jobId)).map((e) => e.state)).toEqual(['running', 'awaiting_input', 'failed']);
    // The node gives the job back (nothing was clicked): the failure stands.
    fake.send({ type: 'reject', jobId, attemptId, reason: 'cancelled' });
    fake.send({ type: 'heartbeat', activeJobs: [] });
    await fake.close();
    expect(await a.job(jobId)).toMatchObject({ state: 'failed', errorCode: 'input_timeout' });
    expect(await refunds(jobId)).toBe(1);
  });

  it('survives its node reconnecting to another replica, and goes back to the queue when the node is lost', async () => {
    const s = await setup();
    const jobId = await s.job();
    const first = await online(s.node, a.url);
    const attemptId = await running(first, jobId);
    await ask(first, jobId, attemptId);

    // The node reconnects to replica b with the paused job in flight: still awaiting input, answers reach it there.
    first.kill();
    const again = await FakeNode.connect(b.url, s.node);
    const { epoch } = await again.hello(s.node.nodeId, {
      capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, concurrency: 1, platforms: ['douyin'] },
      activeJobs: [{ jobId, attemptId, phase: 'running' }],
    });
    // Adopted by the new session (its hello reconciled the job in flight), still waiting on a person.
    await until(() => a.job(jobId), (j) => j.nodeEpoch === epoch);
    expect((await challengesRepository.get(d(), jobId, s.userId))?.challenge?.attemptId).toBe(attemptId);
    expect(await challengesRepository.input(d(), jobId, s.userId, { type: 'text', text: 'abc' })).toBe('sent');
    expect((await again.next('job_input', (m) => m.jobId === jobId)).input).toEqual({ type: 'text', text: 'abc' });

    // Lost for good: its lease runs out, the job is queued again under a new attempt and is no longer awaiting input.
    again.kill();
    await d().execute(sql`update publish_jobs set lease_until = now() where id = ${jobId}`);
    const requeued = await a.waitForJob(jobId, (j) => j.state === 'queued' || j.state === 'offered');
    expect(requeued.attemptId === attemptId ? requeued.state : 'new attempt').not.toBe('running');
    expect(await challengesRepository.input(d(), jobId, s.userId, { type: 'sms', code: '1' })).toBe('not_awaiting');
    expect(await refunds(jobId)).toBe(0);
  });

  it('a challenge for an attempt that is not running is refused and the node told to stop waiting', async () => {
    const s = await setup();
    const jobId = await s.job();
    const fake = await online(s.node);
    const attemptId = await running(fake, jobId);
    fake.send({ type: 'challenge', msgId: 'stale-1', jobId, attemptId: 'att_stale', kind: 'slider', step: 'upload', message: 'slide' });
    await fake.next('ack', (m) => m.msgIds.includes('stale-1'));
    expect(await fake.next('cancel', (m) => m.attemptId === 'att_stale')).toMatchObject({ reason: 'not_awaiting_input' });
    expect((await challengesRepository.get(d(), jobId, s.userId))?.challenge).toBeNull();
    expect(attemptId).toMatch(/^att_/);
    await fake.close();
  });

  it('a job without a rule (created by an older control plane) carries none: the node fails fast', async () => {
    expect(INPUT_TIMEOUT_LIMITS.defaultMs).toBe(600_000);
    const s = await setup();
    const jobId = await a.createJob({ userId: s.userId, accountId: s.accountId, nodeId: s.node.nodeId });
    const fake = await online(s.node);
    const offer = await fake.next('offer', (o) => o.jobId === jobId);
    fake.send({ type: 'accept', jobId, attemptId: offer.attemptId });
    expect((await fake.next('start', (m) => m.jobId === jobId)).job.challenge).toBeUndefined();
    await fake.close();
  });
});
