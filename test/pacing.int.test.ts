/**
 * Pacing on the real dispatcher, protocol and PostgreSQL: an account's jobs
 * start one at a time no sooner than its rule's gap apart (measured on the
 * claim's own clock: an offer's deadline is the claim time plus the offer
 * window), at most its daily cap a day, never in its quiet hours; an
 * account's override wins over its platform's default field by field; a
 * waiting job says until when and why.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../control-plane/src/db/client.js';
import { createDispatchHarness, type DispatchHarness, type EnrolledNode } from '../control-plane/src/nodes/testing/dispatch-harness.js';
import { FakeNode } from '../control-plane/src/nodes/testing/fake-node.js';
import { pacingRepository, UnknownTimeZone } from '../control-plane/src/publishing/pacing/pacing.repository.js';
import { publishRepository } from '../control-plane/src/publishing/publish/publish.repository.js';
import { until } from '../control-plane/src/testing/eventually.js';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../control-plane/src/testing/db.js';

let db: TestDatabase;
let h: DispatchHarness;

const OFFER_MS = 60_000;
const TIMERS = { leaseMs: 120_000, offerDeadlineMs: OFFER_MS, pollMs: 50, sweepMs: 100, startupGraceMs: 0, heartbeatMs: 500, rejectBackoffMs: 100 };
const NO_RULE = { minGapMs: null, jitterMs: null, dailyCap: null, quietStart: null, quietEnd: null, timeZone: null };

beforeAll(async () => {
  db = await createTestDatabase();
  h = await createDispatchHarness(db, { timers: TIMERS, replicaId: 'rep_pacing' });
});
afterAll(async () => {
  await h?.close();
  await db?.close();
});

const d = () => db.database.db;

/** A node of `concurrency` slots that publishes every job it is offered at once; `starts` are the claims' times. */
async function publishingNode(node: EnrolledNode, concurrency = 8) {
  const fake = await FakeNode.connect(h.url, node);
  await fake.hello(node.nodeId, { capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, concurrency, platforms: ['douyin', 'bilibili'] } });
  const starts = new Map<string, number>();
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const offer = await fake.next('offer').catch(() => null);
      if (!offer) return;
      starts.set(offer.jobId, offer.deadline - OFFER_MS);
      fake.send({ type: 'accept', jobId: offer.jobId, attemptId: offer.attemptId });
      await fake.next('start', (s) => s.jobId === offer.jobId);
      fake.send({ type: 'commit', jobId: offer.jobId, attemptId: offer.attemptId });
      await fake.next('commit_ack', (c) => c.jobId === offer.jobId);
      fake.send({ type: 'result', msgId: `r-${offer.attemptId}`, jobId: offer.jobId, attemptId: offer.attemptId, outcome: 'succeeded', postId: offer.jobId });
    }
  })();
  return {
    starts,
    async close() {
      stopped = true;
      await fake.close();
    },
  };
}


async function setup(platform = 'douyin') {
  const userId = await h.createUser();
  const node = await h.enroll({ userIds: [userId] });
  const accountId = await h.createAccount({ userId, nodeId: node.nodeId, platform, externalRef: `acc-${platform}` });
  return { userId, node, accountId };
}

const states = async (ids: string[]) => rows<{ id: string; state: string }>(d(), sql`select id, state from publish_jobs where id = any(${`{${ids.join(',')}}`}::text[])`);

describe.skipIf(!hasPostgres())('pacing', () => {
  // 200 starts one after another, each a gap and up to one dispatcher poll after the last: seconds idle,
  // a minute or more on a loaded machine, so this test's bound is the work's, not the suite's 30 s.
  it('200 jobs published at once to one account start one at a time, each at least the gap after the last', { timeout: 300_000 }, async () => {
    const s = await setup();
    const GAP_MS = 20;
    await pacingRepository.setAccountRule(d(), { id: s.accountId, platform: 'douyin' }, { ...NO_RULE, minGapMs: GAP_MS }, 'test');
    const node = await publishingNode(s.node);
    const jobs = await Promise.all(Array.from({ length: 200 }, () => h.createJob({ userId: s.userId, accountId: s.accountId, nodeId: s.node.nodeId })));
    await until(() => states(jobs), (list) => list.every((j) => j.state === 'succeeded'));
    const times = jobs.map((id) => node.starts.get(id)!).sort((x, y) => x - y);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    // Milliseconds from the database's clock (an offer deadline is bigint ms): a gap holds to 1 ms.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(GAP_MS - 1);
    // In queue order (created_at, id): the account's jobs never overtake each other.
    const queued = await rows<{ id: string }>(d(), sql`select id from publish_jobs where id = any(${`{${jobs.join(',')}}`}::text[]) order by created_at, id`);
    expect(queued.map((j) => node.starts.get(j.id)!)).toEqual(times);
    expect((await pacingRepository.effective(d(), [{ id: s.accountId, platform: 'douyin' }])).get(s.accountId)).toMatchObject({ paced: true, dayCount: 200 });
    await node.close();
  });

  it('a daily cap holds the rest until the next day in the zone, and says so on the batch', async () => {
    const s = await setup();
    await pacingRepository.setAccountRule(d(), { id: s.accountId, platform: 'douyin' }, { ...NO_RULE, dailyCap: 3, timeZone: 'Asia/Shanghai' }, 'test');
    const node = await publishingNode(s.node);
    const jobs: string[] = [];
    for (let i = 0; i < 5; i++) jobs.push(await h.createJob({ userId: s.userId, accountId: s.accountId, nodeId: s.node.nodeId }));
    await until(() => states(jobs), (list) => list.filter((j) => j.state === 'succeeded').length === 3);
    const [{ batch_id: batchId }] = await rows<{ batch_id: string }>(d(), sql`select batch_id from publish_jobs where id = ${jobs[4]!}`);
    const batch = await publishRepository.getBatch(d(), s.userId, batchId);
    const [{ midnight }] = await rows<{ midnight: Date | string }>(d(), sql`select ((now() at time zone 'Asia/Shanghai')::date + 1)::timestamp at time zone 'Asia/Shanghai' as midnight`);
    expect(batch!.jobs[0]!.pacing).toEqual({ notBefore: new Date(midnight), reason: 'daily_cap' });
    // Still held after more passes of the dispatcher.
    await h.dispatcher.wake(s.node.nodeId);
    expect((await states(jobs)).filter((j) => j.state === 'queued')).toHaveLength(2);
    // Lifting the cap (0 in an override) releases them.
    await pacingRepository.setAccountRule(d(), { id: s.accountId, platform: 'douyin' }, { ...NO_RULE, dailyCap: 0 }, 'test');
    await until(() => states(jobs), (list) => list.every((j) => j.state === 'succeeded'));
    await node.close();
  });

  it("quiet hours hold every job until they end; an override's fields win over the platform's default", async () => {
    const s = await setup('bilibili');
    const [{ start, end }] = await rows<{ start: string; end: string }>(
      d(),
      sql`select to_char((now() at time zone 'Europe/Paris') - interval '1 hour', 'HH24:MI') as start, to_char((now() at time zone 'Europe/Paris') + interval '2 hours', 'HH24:MI') as "end"`,
    );
    await pacingRepository.setPlatformRule(d(), 'bilibili', { ...NO_RULE, quietStart: start, quietEnd: end, timeZone: 'Europe/Paris', minGapMs: 3_600_000 }, 'test');
    const node = await publishingNode(s.node);
    const held = await h.createJob({ userId: s.userId, accountId: s.accountId, nodeId: s.node.nodeId, platform: 'bilibili' });
    const eff = async () => (await pacingRepository.effective(d(), [{ id: s.accountId, platform: 'bilibili' }])).get(s.accountId)!;
    await until(eff, (e) => e.reason === 'quiet_hours');
    const e = await eff();
    const [{ ends }] = await rows<{ ends: Date | string }>(
      d(),
      sql`select (case when ${end}::time > (now() at time zone 'Europe/Paris')::time then (now() at time zone 'Europe/Paris')::date else (now() at time zone 'Europe/Paris')::date + 1 end + ${end}::time) at time zone 'Europe/Paris' as ends`,
    );
    expect(e.notBefore).toEqual(new Date(ends));
    await h.dispatcher.wake(s.node.nodeId);
    expect((await states([held]))[0]!.state).toBe('queued');
    // The account's override lifts the quiet hours (equal ends) and the gap (0); the platform's other accounts stay held.
    await pacingRepository.setAccountRule(d(), { id: s.accountId, platform: 'bilibili' }, { ...NO_RULE, quietStart: '00:00', quietEnd: '00:00', minGapMs: 0 }, 'test');
    await until(() => states([held]), ([j]) => j!.state === 'succeeded');
    expect(await eff()).toMatchObject({ paced: false, reason: null, notBefore: null });
    await pacingRepository.removePlatformRule(d(), 'bilibili');
    await node.close();
  });

  it('refuses a time zone the database does not know, before anything is written', async () => {
    const s = await setup();
    await expect(pacingRepository.setAccountRule(d(), { id: s.accountId, platform: 'douyin' }, { ...NO_RULE, timeZone: 'Mars/Olympus' }, 'test')).rejects.toBeInstanceOf(UnknownTimeZone);
    expect(await pacingRepository.accountRule(d(), s.accountId)).toBeNull();
  });
});
