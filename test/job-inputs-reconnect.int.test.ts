/**
 * An answer to a job awaiting input is never lost to its node reconnecting:
 * answers given while no replica holds the node's socket wait in PostgreSQL
 * (job_inputs) and reach the node, in order, once its session is back past
 * hello, on whichever replica. Real WebSockets (FakeNode) and two replicas on
 * one database; the node's socket really closes. Answers for a challenge that
 * ended meanwhile are not sent.
 */
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
const TIMERS = { leaseMs: 120_000, offerDeadlineMs: 60_000, commitMinLeaseMs: 300, pollMs: 100, sweepMs: 100, startupGraceMs: 0, heartbeatMs: 500, rejectBackoffMs: 100, maxAttempts: 3 };

beforeAll(async () => {
  db = await createTestDatabase();
  // Each input deadline sweep is a round the test runs itself: one of the relay's own (every 2 s) could
  // fail the timed-out job first and leave the test's round nothing to find.
  a = await createDispatchHarness(db, { timers: TIMERS, replicaId: 'rep_answer_a', inputSweepMs: 3_600_000 });
  if (hasPostgres()) b = await createDispatchHarness(db, { timers: TIMERS, replicaId: 'rep_answer_b', inputSweepMs: 3_600_000 });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await db?.close();
});

const d = () => db.database.db;
const CAPS = { localVideoFile: 1 as const, publishSettingsSnapshot: 1 as const, concurrency: 1, platforms: ['douyin'] };

/** A node of one slot, its job offered, started and paused on an SMS code. */
async function paused() {
  const userId = await a.createUser();
  const node = await a.enroll({ userIds: [userId] });
  const accountId = await a.createAccount({ userId, nodeId: node.nodeId, externalRef: 'acc-answer' });
  const jobId = await a.createJob({ userId, accountId, nodeId: node.nodeId });
  await d().execute(sql`update publish_jobs set challenge_rule = ${JSON.stringify({ mode: 'wait', timeoutMs: 60_000 })}::jsonb where id = ${jobId}`);
  const fake = await FakeNode.connect(a.url, node);
  await fake.hello(node.nodeId, { capabilities: CAPS });
  const offer = await fake.next('offer', (o) => o.jobId === jobId);
  const attemptId = offer.attemptId;
  fake.send({ type: 'accept', jobId, attemptId });
  await fake.next('start', (s) => s.jobId === jobId);
  fake.send({ type: 'challenge', msgId: `c-${attemptId}`, jobId, attemptId, kind: 'sms', step: 'publish', message: 'enter the code' });
  await fake.next('ack', (m) => m.msgIds.includes(`c-${attemptId}`));
  return { userId, node, jobId, attemptId, fake };
}

/** The node's socket closes and the replica that held it has recorded the disconnect. */
async function gone(fake: FakeNode, node: EnrolledNode) {
  fake.kill();
  await until(
    () => rows<{ replica: string | null }>(d(), sql`select connected_replica as replica from execution_nodes where id = ${node.nodeId}`),
    (r) => r[0]?.replica === null,
  );
}

const waiting = async (jobId: string) => (await rows<{ n: number }>(d(), sql`select count(*)::int as n from job_inputs where job_id = ${jobId}`))[0]!.n;

describe.skipIf(!hasPostgres())('answers while the node reconnects', () => {
  it('are kept and reach the node, in order, when it is back on another replica', async () => {
    const s = await paused();
    await gone(s.fake, s.node);
    // Accepted as before (the routes answer 202), and kept: no replica holds the node now.
    expect(await challengesRepository.input(d(), s.jobId, s.userId, { type: 'text', text: 'abc' })).toBe('sent');
    expect(await challengesRepository.input(d(), s.jobId, null, { type: 'sms', code: '246810' })).toBe('sent');
    expect(await waiting(s.jobId)).toBe(2);

    const again = await FakeNode.connect(b.url, s.node);
    await again.hello(s.node.nodeId, { capabilities: CAPS, activeJobs: [{ jobId: s.jobId, attemptId: s.attemptId, phase: 'running' }] });
    const first = await again.next('job_input', (m) => m.jobId === s.jobId);
    const second = await again.next('job_input', (m) => m.jobId === s.jobId);
    expect([first, second].map((m) => [m.attemptId, m.input])).toEqual([
      [s.attemptId, { type: 'text', text: 'abc' }],
      [s.attemptId, { type: 'sms', code: '246810' }],
    ]);
    await until(() => waiting(s.jobId), (n) => n === 0);

    // An answer while connected still goes at once, and only once.
    expect(await challengesRepository.input(d(), s.jobId, s.userId, { type: 'key', key: 'Enter' })).toBe('sent');
    expect((await again.next('job_input', (m) => m.jobId === s.jobId)).input).toEqual({ type: 'key', key: 'Enter' });
    await until(() => waiting(s.jobId), (n) => n === 0);
    await a.inputs.sweep();
    await b.inputs.sweep();
    // Whatever the sweeps sent is on the socket before this report's ack.
    again.send({ type: 'progress', msgId: 'p-after', jobId: s.jobId, attemptId: s.attemptId, seq: 2, step: 'publish' });
    await again.next('ack', (m) => m.msgIds.includes('p-after'));
    expect(again.received.filter((m) => m.type === 'job_input')).toEqual([]);
    await again.close();
  });

  it('that waited for a challenge which timed out meanwhile go with it', async () => {
    const s = await paused();
    await gone(s.fake, s.node);
    expect(await challengesRepository.input(d(), s.jobId, s.userId, { type: 'sms', code: '1111' })).toBe('sent');
    expect(await waiting(s.jobId)).toBe(1);
    await d().execute(sql`update publish_jobs set input_deadline = now() - interval '1 second' where id = ${s.jobId}`);
    expect(await a.inputs.sweep()).toEqual([s.jobId]);
    expect(await waiting(s.jobId)).toBe(0);
    expect(await challengesRepository.input(d(), s.jobId, s.userId, { type: 'sms', code: '2222' })).toBe('not_awaiting');
    expect(await waiting(s.jobId)).toBe(0);
  });
});
