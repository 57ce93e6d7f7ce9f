/**
 * A job paused on a platform's challenge holds its account, not a slot of its
 * node: on a one-slot node, another account's job takes the slot while it
 * waits, and the paused account's next job is not offered (a node would
 * accept it and hold the slot with it, behind the paused one, for as long as
 * a person takes to answer). The account's next job goes once the paused one
 * ends: by its result, or by its answer deadline running out. The poll and
 * the sweeps (dispatch and input deadlines) are out of the picture (an hour here): every offer that comes
 * came from the wake of the event under test.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatchHarness, type DispatchHarness } from '../control-plane/src/nodes/testing/dispatch-harness.js';
import { FakeNode } from '../control-plane/src/nodes/testing/fake-node.js';
import { createTestDatabase, type TestDatabase } from '../control-plane/src/testing/db.js';

let db: TestDatabase;
let h: DispatchHarness;
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  db = await createTestDatabase();
  // The input deadline sweep too: the test runs its round itself, and a round of the relay's own (every
  // 2 s by default) would fail the paused job first and leave the test's round nothing to find.
  h = await createDispatchHarness(db, { timers: { pollMs: HOUR_MS, sweepMs: HOUR_MS }, inputSweepMs: HOUR_MS });
});
afterAll(async () => {
  await h?.close();
  await db?.close();
});

/** A one-slot node with accounts A and B, jobs A1, A2, B1 queued in that order (rule: wait for a person). */
async function setUp() {
  const userId = await h.createUser();
  const node = await h.enroll({ userIds: [userId], kind: 'edge' });
  const accA = await h.createAccount({ userId, nodeId: node.nodeId, platform: 'douyin', externalRef: 'dy-a' });
  const accB = await h.createAccount({ userId, nodeId: node.nodeId, platform: 'douyin', externalRef: 'dy-b' });
  const job = async (accountId: number) => {
    const id = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    await h.db.database.db.execute(sql`update publish_jobs set challenge_rule = ${JSON.stringify({ mode: 'wait', timeoutMs: 600_000 })}::jsonb where id = ${id}`);
    return id;
  };
  const a1 = await job(accA);
  const a2 = await job(accA);
  const b1 = await job(accB);
  const fake = await FakeNode.connect(h.url, node);
  await fake.hello(node.nodeId, { capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, concurrency: 1, platforms: ['douyin'] } });
  return { node, fake, a1, a2, b1 };
}

/** Offer → accept → start of `jobId`; answers its attempt id. */
async function run(fake: FakeNode, jobId: string): Promise<string> {
  const offer = await fake.next('offer');
  expect(offer.jobId).toBe(jobId);
  fake.send({ type: 'accept', jobId, attemptId: offer.attemptId });
  await fake.next('start', (s) => s.jobId === jobId);
  return offer.attemptId;
}

/** `jobId` meets a challenge and the control plane has recorded it. */
async function pause(fake: FakeNode, jobId: string, attemptId: string) {
  fake.send({ type: 'progress', msgId: `p-${jobId}`, jobId, attemptId, seq: 1, step: 'fill' });
  await fake.next('ack', (m) => m.msgIds.includes(`p-${jobId}`));
  fake.send({ type: 'challenge', msgId: `c-${jobId}`, jobId, attemptId, kind: 'sms', step: 'publish', message: 'enter the code' });
  await fake.next('ack', (m) => m.msgIds.includes(`c-${jobId}`));
}

async function finish(fake: FakeNode, jobId: string, attemptId: string) {
  fake.send({ type: 'commit', jobId, attemptId });
  expect((await fake.next('commit_ack', (m) => m.jobId === jobId)).ok).toBe(true);
  fake.send({ type: 'result', msgId: `r-${jobId}`, jobId, attemptId, outcome: 'succeeded', postId: `post-${jobId}` });
  await fake.next('ack', (m) => m.msgIds.includes(`r-${jobId}`));
}

describe('a paused account', () => {
  it('gives the slot to another account, and its next job goes once the paused one ends by its result', async () => {
    const { node, fake, a1, a2, b1 } = await setUp();
    const a1Attempt = await run(fake, a1);
    await pause(fake, a1, a1Attempt);
    // The paused job gave the slot back: the next offer is B1, although A2 was queued before it.
    const b1Attempt = await run(fake, b1);
    await finish(fake, b1, b1Attempt);
    // The slot is free again, but A is still paused: a pass claims nothing.
    await h.dispatcher.dispatchNow(node.nodeId);
    expect((await h.job(a2)).state).toBe('queued');
    // The person answered; A1 resumes and publishes; its result lets A2 go.
    fake.send({ type: 'challenge_cleared', msgId: `cl-${a1}`, jobId: a1, attemptId: a1Attempt, step: 'publish' });
    await fake.next('ack', (m) => m.msgIds.includes(`cl-${a1}`));
    await finish(fake, a1, a1Attempt);
    await run(fake, a2);
    await fake.close();
  });

  it('lets its next job go as soon as the answer deadline runs out, without waiting for the poll', async () => {
    const { node, fake, a1, a2, b1 } = await setUp();
    const a1Attempt = await run(fake, a1);
    await pause(fake, a1, a1Attempt);
    const b1Attempt = await run(fake, b1);
    await finish(fake, b1, b1Attempt);
    await h.dispatcher.dispatchNow(node.nodeId);
    expect((await h.job(a2)).state).toBe('queued');
    // Nobody answers: the deadline passes and the sweep fails A1 and tells the node.
    await h.db.database.db.execute(sql`update publish_jobs set input_deadline = now() - interval '1 second' where id = ${a1}`);
    expect(await h.inputs.sweep()).toEqual([a1]);
    await fake.next('cancel', (m) => m.jobId === a1);
    expect((await h.job(a1)).errorCode).toBe('input_timeout');
    await run(fake, a2);
    await fake.close();
  });
});
