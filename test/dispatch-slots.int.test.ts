/**
 * A freed slot wakes the dispatcher only for a node whose last claim left
 * jobs waiting (dispatcher.slotFreed): with the poll and the sweep out of the
 * picture (an hour here, past any test's timeout), the job that waited for the
 * slot is offered at all only if the result that frees it wakes the dispatcher.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatchHarness, type DispatchHarness } from '../control-plane/src/nodes/testing/dispatch-harness.js';
import { FakeNode } from '../control-plane/src/nodes/testing/fake-node.js';
import { createTestDatabase, type TestDatabase } from '../control-plane/src/testing/db.js';

let db: TestDatabase;
let h: DispatchHarness;
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  db = await createTestDatabase();
  // Production timers, but for the poll and the sweep, which must not stand in for the wake under test.
  h = await createDispatchHarness(db, { timers: { pollMs: HOUR_MS, sweepMs: HOUR_MS } });
});
afterAll(async () => {
  await h?.close();
  await db?.close();
});

describe('slots', () => {
  it('a result that frees the only slot gets the waiting job offered at once, without the poll', async () => {
    const userId = await h.createUser();
    const node = await h.enroll({ userIds: [userId], kind: 'edge' });
    const accountId = await h.createAccount({ userId, nodeId: node.nodeId, platform: 'douyin', externalRef: 'dy-main', executor: 'edge' });
    const fake = await FakeNode.connect(h.url, node);
    await fake.hello(node.nodeId, { capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, concurrency: 1, platforms: ['douyin'] } });
    const jobs = [await h.createJob({ userId, accountId, nodeId: node.nodeId }), await h.createJob({ userId, accountId, nodeId: node.nodeId })];
    const first = await fake.next('offer');
    fake.send({ type: 'accept', jobId: first.jobId, attemptId: first.attemptId });
    await fake.next('start');
    fake.send({ type: 'commit', jobId: first.jobId, attemptId: first.attemptId });
    expect((await fake.next('commit_ack')).ok).toBe(true);
    // The one slot is taken: the pass that offered the first job offered nothing else (its offers came before these answers).
    expect(fake.received.filter((m) => m.type === 'offer')).toEqual([]);
    fake.send({ type: 'result', msgId: 'r-1', jobId: first.jobId, attemptId: first.attemptId, outcome: 'succeeded', postId: 'p-1' });
    // Neither poll nor sweep runs within the test: an offer that comes at all came from the freed slot's wake.
    const second = await fake.next('offer');
    expect(second.jobId).toBe(jobs.find((j) => j !== first.jobId));
    await fake.close();
  });
});
