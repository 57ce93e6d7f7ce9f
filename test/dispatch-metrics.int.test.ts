/**
 * What dispatch contributes to the control plane's metrics and to a job's
 * trail, over a real WebSocket with a scripted node: the sockets a replica
 * holds, job outcomes by platform and executor on each path a job settles
 * by (a plain result, a result with evidence, a permanent refusal), and the
 * publish's X-Request-Id in the `start` message.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatchHarness, type DispatchHarness, type EnrolledNode } from '../control-plane/src/nodes/testing/dispatch-harness.js';
import { FakeNode } from '../control-plane/src/nodes/testing/fake-node.js';
import { registry } from '../control-plane/src/metrics/instruments.js';
import { createTestDatabase, type TestDatabase } from '../control-plane/src/testing/db.js';
import { eventually } from '../control-plane/src/testing/eventually.js';
import { parseScrape, type Scrape } from '../control-plane/src/testing/prometheus.js';

let db: TestDatabase;
let h: DispatchHarness;
let userId: number;
let node: EnrolledNode;
let fake: FakeNode;

const TIMERS = { offerDeadlineMs: 3000, pollMs: 200, sweepMs: 200, startupGraceMs: 0, heartbeatMs: 1000, maxAttempts: 3 };

const scrape = async (): Promise<Scrape> => parseScrape(await registry.metrics());
const finished = (s: Scrape, outcome: string) => s.value('plume_jobs_finished_total', { platform: 'douyin', executor: 'edge', outcome });

beforeAll(async () => {
  db = await createTestDatabase();
  h = await createDispatchHarness(db, { timers: TIMERS });
  userId = await h.createUser();
  node = await h.enroll({ userIds: [userId] });
});
afterAll(async () => {
  await fake?.close().catch(() => {});
  await h?.close();
  await db?.close();
});

/** A job for the node, created by a publish that came with `requestId`; resolves once it was offered, accepted and started. */
async function started(requestId = 'req_metrics_default') {
  // An account of its own: a job handed back earlier (still being offered again) holds its account.
  const accountId = await h.createAccount({ userId, nodeId: node.nodeId, platform: 'douyin' });
  const jobId = await h.createJob({ userId, accountId, nodeId: node.nodeId });
  await db.database.db.execute(sql`update publish_batches set request_id = ${requestId} where id = (select batch_id from publish_jobs where id = ${jobId})`);
  const offer = await fake.next('offer', (o) => o.jobId === jobId);
  fake.send({ type: 'accept', jobId, attemptId: offer.attemptId });
  const start = await fake.next('start', (s) => s.jobId === jobId);
  await h.waitForJob(jobId, (j) => j.state === 'running');
  return { jobId, attemptId: offer.attemptId, start };
}

describe('nodes connected', () => {
  it('counts the sockets this replica holds, by kind', async () => {
    const before = (await scrape()).value('plume_nodes_connected', { kind: 'edge' });
    fake = await FakeNode.connect(h.url, node);
    await fake.hello(node.nodeId);
    expect((await scrape()).value('plume_nodes_connected', { kind: 'edge' })).toBe(before + 1);
  });
});

describe('jobs', () => {
  it('the start message carries the X-Request-Id of the publish that created the job', async () => {
    const { jobId, attemptId, start } = await started('req_metrics_trail_1');
    expect(start.job.requestId).toBe('req_metrics_trail_1');
    fake.send({ type: 'reject', jobId, attemptId, reason: 'busy' });
  });

  it('outcomes are counted by platform and executor on every path a job settles by', async () => {
    const before = await scrape();
    const plain = await started();
    fake.send({ type: 'result', msgId: 'r-metrics-1', jobId: plain.jobId, attemptId: plain.attemptId, outcome: 'succeeded', postId: 'p1', url: 'https://example.test/p1' });
    await fake.next('ack', (a) => a.msgIds.includes('r-metrics-1'));

    const withEvidence = await started();
    fake.send({
      type: 'result',
      msgId: 'r-metrics-2',
      jobId: withEvidence.jobId,
      attemptId: withEvidence.attemptId,
      outcome: 'failed',
      error: { code: 'upload_failed', step: 'upload', message: 'disk' },
      evidence: { step: 'upload', html: '<p>boom</p>' },
    });
    await fake.next('ack', (a) => a.msgIds.includes('r-metrics-2'));

    const refused = await started();
    fake.send({ type: 'reject', jobId: refused.jobId, attemptId: refused.attemptId, reason: 'unsupported_platform' });
    await h.waitForJob(refused.jobId, (j) => j.state === 'failed');

    const after = await scrape();
    expect(finished(after, 'succeeded') - finished(before, 'succeeded')).toBe(1);
    expect(finished(after, 'failed') - finished(before, 'failed')).toBe(2);
    // A repeated report changes nothing and counts nothing.
    fake.send({ type: 'result', msgId: 'r-metrics-1b', jobId: plain.jobId, attemptId: plain.attemptId, outcome: 'succeeded', postId: 'p1', url: 'https://example.test/p1' });
    await fake.next('ack', (a) => a.msgIds.includes('r-metrics-1b'));
    expect(finished(await scrape(), 'succeeded')).toBe(finished(after, 'succeeded'));
  });

  it('a closed socket is no longer counted', async () => {
    const before = (await scrape()).value('plume_nodes_connected', { kind: 'edge' });
    await fake.close();
    await eventually(async () => (await scrape()).value('plume_nodes_connected', { kind: 'edge' })).toBe(before - 1);
  });
});
