/**
 * Account health on the real dispatcher, protocol and PostgreSQL: a publish
 * the platform refuses (a node's `result`) is a signal, written by the
 * database whoever wrote the failure; three signals in the window cool the
 * account down and its next job waits queued in the real claim, saying
 * `cooling` and until when; the cool-down over, the account is back to watch
 * and the job starts; restricted by an admin, nothing starts until cleared.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthRepository } from '../control-plane/src/accounts/health/health.repository.js';
import { rows } from '../control-plane/src/db/client.js';
import { createDispatchHarness, type DispatchHarness } from '../control-plane/src/nodes/testing/dispatch-harness.js';
import { FakeNode } from '../control-plane/src/nodes/testing/fake-node.js';
import { challengesRepository } from '../control-plane/src/publishing/challenges/challenges.repository.js';
import { publishRepository } from '../control-plane/src/publishing/publish/publish.repository.js';
import { until } from '../control-plane/src/testing/eventually.js';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../control-plane/src/testing/db.js';

let db: TestDatabase;
let h: DispatchHarness;

const TIMERS = { leaseMs: 120_000, offerDeadlineMs: 60_000, pollMs: 50, sweepMs: 100, startupGraceMs: 0, heartbeatMs: 500, rejectBackoffMs: 100 };

beforeAll(async () => {
  db = await createTestDatabase();
  h = await createDispatchHarness(db, { timers: TIMERS, replicaId: 'rep_health' });
});
afterAll(async () => {
  await h?.close();
  await db?.close();
});

const d = () => db.database.db;


/** A node that answers every offer with `outcome` (refused: the platform's publish_rejected). */
async function node(enrolled: Awaited<ReturnType<DispatchHarness['enroll']>>, outcome: () => 'succeeded' | 'refused') {
  const fake = await FakeNode.connect(h.url, enrolled);
  await fake.hello(enrolled.nodeId, { capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, concurrency: 4, platforms: ['douyin'] } });
  const offered: string[] = [];
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const offer = await fake.next('offer').catch(() => null);
      if (!offer) return;
      offered.push(offer.jobId);
      fake.send({ type: 'accept', jobId: offer.jobId, attemptId: offer.attemptId });
      await fake.next('start', (s) => s.jobId === offer.jobId);
      fake.send({ type: 'commit', jobId: offer.jobId, attemptId: offer.attemptId });
      await fake.next('commit_ack', (c) => c.jobId === offer.jobId);
      if (outcome() === 'succeeded') {
        fake.send({ type: 'result', msgId: `r-${offer.attemptId}`, jobId: offer.jobId, attemptId: offer.attemptId, outcome: 'succeeded', postId: offer.jobId });
      } else {
        fake.send({
          type: 'result', msgId: `r-${offer.attemptId}`, jobId: offer.jobId, attemptId: offer.attemptId, outcome: 'failed',
          error: { code: 'publish_rejected', step: 'publish', message: '发布失败：账号存在异常' },
        });
      }
    }
  })();
  return { offered, async close() { stopped = true; await fake.close(); } };
}

const state = async (id: string) => (await rows<{ state: string }>(d(), sql`select state from publish_jobs where id = ${id}`))[0]!.state;
const signals = (accountId: number) => rows<{ kind: string; detail: Record<string, unknown> }>(d(), sql`select kind, detail from account_health_signals where account_id = ${accountId} order by id`);

describe.skipIf(!hasPostgres())('account health and the dispatcher', () => {
  it('three refused publishes cool the account down: its next job waits queued (cooling, until when), then starts once the cool-down is over', async () => {
    const userId = await h.createUser();
    const enrolled = await h.enroll({ userIds: [userId] });
    const accountId = await h.createAccount({ userId, nodeId: enrolled.nodeId, platform: 'douyin', externalRef: 'acc-refused' });
    let refuse = true;
    const n = await node(enrolled, () => (refuse ? 'refused' : 'succeeded'));

    const first = await h.createJob({ userId, accountId, nodeId: enrolled.nodeId });
    await until(() => state(first), (s) => s === 'failed');
    // The failure's own statement wrote the signal (a trigger), with the platform's words.
    expect(await signals(accountId)).toEqual([{ kind: 'publish_rejected', detail: expect.objectContaining({ job_id: first, error_code: 'publish_rejected', message: '发布失败：账号存在异常' }) }]);
    expect(await healthRepository.evaluate(d(), [accountId])).toEqual([expect.objectContaining({ accountId, from: 'ok', to: 'watch', reason: 'signals' })]);

    for (let i = 0; i < 2; i++) {
      const job = await h.createJob({ userId, accountId, nodeId: enrolled.nodeId });
      await until(() => state(job), (s) => s === 'failed');
    }
    expect((await signals(accountId)).map((s) => s.kind)).toEqual(['publish_rejected', 'publish_rejected', 'publish_rejected']);
    const [cooled] = await healthRepository.evaluate(d(), [accountId]);
    expect(cooled).toMatchObject({ from: 'watch', to: 'cooling', reason: 'signals' });

    refuse = false;
    const held = await h.createJob({ userId, accountId, nodeId: enrolled.nodeId });
    const before = n.offered.length;
    // Several full passes of the real claim: the job stays queued, never offered.
    for (let i = 0; i < 5; i++) await h.dispatcher.wake(enrolled.nodeId);
    expect(await state(held)).toBe('queued');
    expect(n.offered.length).toBe(before);
    const health = (await healthRepository.get(d(), accountId))!;
    expect(health.state).toBe('cooling');
    const [{ batch_id: batchId }] = await rows<{ batch_id: string }>(d(), sql`select batch_id from publish_jobs where id = ${held}`);
    expect((await publishRepository.getBatch(d(), userId, batchId))!.jobs[0]!.pacing).toEqual({ notBefore: health.coolUntil, reason: 'cooling' });

    // The cool-down runs out (moved into the past: 24 h are not waited for): the claim lets the job start at once,
    // and the evaluation moves the account back to watch, counting from the cool-down's end (the three are spent).
    await d().execute(sql`update account_health set cool_until = now() - interval '1 millisecond' where account_id = ${accountId}`);
    await until(() => state(held), (s) => s === 'succeeded');
    expect(await healthRepository.evaluate(d(), [accountId])).toEqual([expect.objectContaining({ from: 'cooling', to: 'watch', reason: 'cool_down_over' })]);
    expect(await healthRepository.evaluate(d(), [accountId])).toEqual([]);

    // Restricted by an admin: nothing starts, the job says so with no end; cleared: it starts.
    await healthRepository.setByAdmin(d(), accountId, 'restricted', 'banner seen by the operator', 'test');
    const blocked = await h.createJob({ userId, accountId, nodeId: enrolled.nodeId });
    for (let i = 0; i < 3; i++) await h.dispatcher.wake(enrolled.nodeId);
    expect(await state(blocked)).toBe('queued');
    const [{ batch_id: blockedBatch }] = await rows<{ batch_id: string }>(d(), sql`select batch_id from publish_jobs where id = ${blocked}`);
    expect((await publishRepository.getBatch(d(), userId, blockedBatch))!.jobs[0]!.pacing).toEqual({ notBefore: null, reason: 'restricted' });
    await healthRepository.setByAdmin(d(), accountId, 'ok', 'cleared after review', 'test');
    await until(() => state(blocked), (s) => s === 'succeeded');
    await n.close();
  });

  it('a challenge met and a job failing challenge_required are signals, written with the job changes themselves; the challenge timing out adds none', async () => {
    const userId = await h.createUser();
    const enrolled = await h.enroll({ userIds: [userId] });
    const accountId = await h.createAccount({ userId, nodeId: enrolled.nodeId, platform: 'douyin', externalRef: 'acc-asked' });
    const fake = await FakeNode.connect(h.url, enrolled);
    await fake.hello(enrolled.nodeId, { capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, concurrency: 4, platforms: ['douyin'] } });

    const asked = await h.createJob({ userId, accountId, nodeId: enrolled.nodeId });
    await d().execute(sql`update publish_jobs set challenge_rule = '{"mode":"wait","timeoutMs":60000}'::jsonb where id = ${asked}`);
    const offer = await fake.next('offer', (o) => o.jobId === asked);
    fake.send({ type: 'accept', jobId: asked, attemptId: offer.attemptId });
    await fake.next('start', (x) => x.jobId === asked);
    fake.send({ type: 'challenge', msgId: `c-${offer.attemptId}`, jobId: asked, attemptId: offer.attemptId, kind: 'sms', step: 'publish', message: '请输入短信验证码' });
    await until(() => signals(accountId), (l) => l.length === 1);
    expect(await signals(accountId)).toEqual([{ kind: 'challenge', detail: { job_id: asked, challenge_kind: 'sms', step: 'publish', message: '请输入短信验证码' } }]);

    // Nobody answers: the deadline sweep (the test's, or the replica's own timer first) fails the job
    // input_timeout, which is no second signal: the challenge it waited on already counted.
    await d().execute(sql`update publish_jobs set input_deadline = now() - interval '1 millisecond' where id = ${asked}`);
    await challengesRepository.expire(d());
    await until(() => state(asked), (x) => x === 'failed');
    expect((await signals(accountId)).map((x) => x.kind)).toEqual(['challenge']);

    const failed = await h.createJob({ userId, accountId, nodeId: enrolled.nodeId });
    const o2 = await fake.next('offer', (o) => o.jobId === failed);
    fake.send({ type: 'accept', jobId: failed, attemptId: o2.attemptId });
    await fake.next('start', (x) => x.jobId === failed);
    fake.send({ type: 'result', msgId: `r-${o2.attemptId}`, jobId: failed, attemptId: o2.attemptId, outcome: 'failed', error: { code: 'challenge_required', step: 'publish', message: 'slider' } });
    await until(() => state(failed), (x) => x === 'failed');
    expect((await signals(accountId)).map((x) => x.kind)).toEqual(['challenge', 'challenge_required']);
    await healthRepository.evaluate(d(), [accountId]);
    // Two signals in the window: watched, not yet cooling (3 by default).
    expect((await healthRepository.get(d(), accountId))!.state).toBe('watch');
    await fake.close();
  });
});
