/**
 * A node's result carries what the platform showed about the account's
 * standing (a restriction or a warning it matched against recorded signs):
 * the control plane, on a real socket and PostgreSQL, counts each as a health
 * signal of the job's account, from the node, with the job, the sign and the
 * text read. A restriction restricts the account and holds its next job; a
 * warning puts it on watch; the outbox's repeat of the same result counts
 * nothing twice; a result on a stale session counts nothing; a signal of a
 * kind the protocol does not know is refused with the message.
 */
import { nodeMessageSchema } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthRepository } from '../control-plane/src/accounts/health/health.repository.js';
import { rows } from '../control-plane/src/db/client.js';
import { createDispatchHarness, type DispatchHarness } from '../control-plane/src/nodes/testing/dispatch-harness.js';
import { FakeNode } from '../control-plane/src/nodes/testing/fake-node.js';
import { createTestDatabase, type TestDatabase } from '../control-plane/src/testing/db.js';

let db: TestDatabase;
let h: DispatchHarness;
let userId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  h = await createDispatchHarness(db);
  userId = await h.createUser();
});
afterAll(async () => {
  await h?.close();
  await db?.close();
});

const signalsOf = (accountId: number) =>
  rows<{ kind: string; source: string; detail: Record<string, string> }>(db.database.db, sql`select kind, source, detail from account_health_signals where account_id = ${accountId} order by id`);

/** A node online with one account, and a job of it offered, accepted and started. */
async function startedJob(platform: string) {
  const node = await h.enroll({ userIds: [userId] });
  const accountId = await h.createAccount({ userId, nodeId: node.nodeId, platform, externalRef: `${platform}-standing` });
  const fake = await FakeNode.connect(h.url, node);
  await fake.hello(node.nodeId);
  const jobId = await h.createJob({ userId, accountId, nodeId: node.nodeId, platform });
  const offer = await fake.next('offer', (o) => o.jobId === jobId);
  fake.send({ type: 'accept', jobId, attemptId: offer.attemptId });
  await fake.next('start', (s) => s.jobId === jobId);
  return { node, fake, accountId, jobId, attemptId: offer.attemptId };
}

describe("the account's standing in a node's result", () => {
  it('a restriction shown during a failed publish restricts the account, once, however often the result is resent', async () => {
    const { fake, accountId, jobId, attemptId } = await startedJob('douyin');
    const result = {
      type: 'result' as const,
      msgId: 'r-standing-1',
      jobId,
      attemptId,
      outcome: 'failed' as const,
      error: { code: 'publish_rejected', step: 'publish', message: '发布功能已被限制' },
      signals: [{ kind: 'restriction_banner' as const, where: 'publish' as const, sign: '发布功能已被限制', text: '你的账号因违反社区规范，发布功能已被限制' }],
    };
    fake.send(result);
    expect((await fake.next('ack', (a) => a.msgIds.includes('r-standing-1'))).msgIds).toContain('r-standing-1');
    // The outbox sends it again (an ack lost): moot, nothing counted twice.
    fake.send(result);
    await fake.next('ack', (a) => a.msgIds.includes('r-standing-1'));

    const signals = await signalsOf(accountId);
    // publish_rejected is a signal of its own (the job's failure); the restriction is the node's.
    expect(signals.filter((s) => s.source === 'node')).toEqual([
      { kind: 'restriction_banner', source: 'node', detail: { job_id: jobId, where: 'publish', sign: '发布功能已被限制', text: '你的账号因违反社区规范，发布功能已被限制' } },
    ]);
    expect(signals.map((s) => s.kind).sort()).toEqual(['publish_rejected', 'restriction_banner']);
    await healthRepository.evaluate(db.database.db, [accountId]);
    expect(await healthRepository.get(db.database.db, accountId)).toMatchObject({ state: 'restricted' });
    expect((await healthRepository.holds(db.database.db, [accountId])).has(accountId)).toBe(true);
    await fake.close();
  });

  it('a warning shown beside a successful publish puts the account on watch and holds nothing', async () => {
    const { fake, accountId, jobId, attemptId } = await startedJob('xiaohongshu');
    fake.send({ type: 'commit', jobId, attemptId });
    expect(await fake.next('commit_ack', (m) => m.jobId === jobId)).toMatchObject({ ok: true });
    fake.send({
      type: 'result',
      msgId: 'r-standing-2',
      jobId,
      attemptId,
      outcome: 'succeeded',
      postId: '64f0c0ffee',
      signals: [{ kind: 'warning_banner', where: 'page', sign: '限流', text: '笔记因违规被限流' }],
    });
    await fake.next('ack', (a) => a.msgIds.includes('r-standing-2'));
    expect((await h.job(jobId)).state).toBe('succeeded');
    expect((await signalsOf(accountId)).map((s) => [s.kind, s.source])).toEqual([['warning_banner', 'node']]);
    await healthRepository.evaluate(db.database.db, [accountId]);
    expect(await healthRepository.get(db.database.db, accountId)).toMatchObject({ state: 'watch' });
    expect((await healthRepository.holds(db.database.db, [accountId])).has(accountId)).toBe(false);
    await fake.close();
  });

  it('a result on a session the node has replaced counts no signal', async () => {
    const { node, fake, accountId, jobId, attemptId } = await startedJob('weibo');
    // The node reconnects (a new session epoch); the old socket's report is stale and not acknowledged there.
    const current = await FakeNode.connect(h.url, node);
    await current.hello(node.nodeId, { activeJobs: [{ jobId, attemptId, phase: 'running' }] });
    fake.send({
      type: 'result',
      msgId: 'r-stale',
      jobId,
      attemptId,
      outcome: 'failed',
      error: { code: 'publish_rejected', step: 'publish', message: 'refused' },
      signals: [{ kind: 'restriction_banner', where: 'publish', sign: '禁言', text: '账号已被禁言' }],
    });
    // The current session's own report of the same attempt, without a signal, is the one applied.
    current.send({ type: 'result', msgId: 'r-current', jobId, attemptId, outcome: 'failed', error: { code: 'upload_failed', step: 'upload', message: 'network' } });
    await current.next('ack', (a) => a.msgIds.includes('r-current'));
    expect((await h.job(jobId)).error_code ?? (await h.job(jobId)).errorCode).toBe('upload_failed');
    expect((await signalsOf(accountId)).filter((s) => s.source === 'node')).toEqual([]);
    await Promise.all([fake.close(), current.close()]);
  });

  it('the protocol refuses a signal of an unknown kind, an unknown place, or an oversize text', () => {
    const base = { type: 'result', msgId: 'm', jobId: 'job_x', attemptId: 'att_x', outcome: 'failed' };
    const ok = { kind: 'restriction_banner', where: 'publish', sign: '封禁', text: '账号已封禁' };
    expect(nodeMessageSchema.safeParse({ ...base, signals: [ok] }).success).toBe(true);
    for (const bad of [{ ...ok, kind: 'banned' }, { ...ok, where: 'inbox' }, { ...ok, text: 'x'.repeat(501) }, { ...ok, sign: '' }, { ...ok, text: '' }]) {
      expect(nodeMessageSchema.safeParse({ ...base, signals: [bad] }).success, JSON.stringify(bad).slice(0, 80)).toBe(false);
    }
    expect(nodeMessageSchema.safeParse({ ...base, signals: Array.from({ length: 6 }, () => ok) }).success).toBe(false);
  });
});
