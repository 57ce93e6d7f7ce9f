/**
 * A person in the loop, end to end through the daemon with nothing stubbed
 * but the site: the control-plane app, the compiled `plume-edge` daemon with
 * the real douyin adapter in Debian's Chromium, and the douyin replica asking
 * for an SMS code (its recorded 接收短信验证码 panel) over the publish button.
 * A job that waits is answered through the Open API — a wrong code first,
 * then the right one — and publishes once; where the panel sends its code
 * only when 获取验证码 is pressed (as douyin's is recorded), the node presses
 * it once and the code from the phone, answered through the API, publishes; one left unanswered fails
 * input_timeout and gives its unit back; one whose node is killed while
 * paused goes back to the queue and publishes once after the node returns;
 * one paused while the control-plane replica its node is connected to
 * restarts (the node reaches the control plane through one address, a new
 * replica on the same PostgreSQL behind it) stays awaiting_input under the
 * same attempt, its node reconnects with the page still open, and the answer
 * through the new replica publishes it once; one that asked to fail fast
 * fails challenge_required; nothing is published twice.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rows } from '../../../control-plane/src/db/client.js';
import { until } from '../../../control-plane/src/testing/eventually.js';
import { raiseChallenge } from '../../../test/support/challenge.js';
import type { Json } from '../../../test/support/control-plane-http.js';
import { useEdgeE2e } from '../../../test/support/edge-e2e.js';

const DOUYIN = 'MS4wLjABAAAAe2e_douyin_challenge';

const e = useEdgeE2e({
  name: 'e2e-challenges',
  files: { 'clip.mp4': 300 * 1024 },
  accounts: [{ platform: 'douyin', ref: DOUYIN, name: 'Lab douyin' }],
  user: { quotas: { edge: 20 } },
  // One address for the node, as a load balancer gives: the replica behind it can restart.
  front: true,
});

/** GET /publish/{id} until `done` holds for its job (a job that ended otherwise fails the test at once). */
function jobUntil(batchId: string, done: (job: Json) => boolean): Promise<Json> {
  return until(
    async () => {
      const job = (await e.api('GET', `/publish/${batchId}`)).body.jobs[0];
      if (!done(job) && ['succeeded', 'failed', 'canceled'].includes(job.state)) {
        throw new Error(`job ended ${job.state} (${JSON.stringify(job.error)})\n${e.node.output().slice(-4000)}`);
      }
      return job;
    },
    done,
  );
}

/** The newest challenge code sent to the account's phone after `after` codes, waiting as a phone does. */
async function newCode(after: number): Promise<string> {
  const codes = await until(() => e.sim.smsSent('douyin').filter((s) => s.purpose === 'challenge'), (list) => list.length > after);
  return codes.at(-1)!.code;
}

/** The job as the database holds it: which attempt, on which node session. */
async function jobRow(jobId: string) {
  const [job] = await rows<{ state: string; nodeId: string; attempt: number; attemptId: string; nodeEpoch: number; inputDeadline: string | null }>(
    e.t.db.database.db,
    sql`select state, node_id as "nodeId", attempt, attempt_id as "attemptId", node_epoch::int as "nodeEpoch", input_deadline as "inputDeadline" from publish_jobs where id = ${jobId}`,
  );
  return job!;
}

/** The node as operators see it (GET /api/admin/nodes/{id}): its session and the replica holding it. */
async function nodeOf(nodeId: string): Promise<Json> {
  const res = await e.t.app.inject({ method: 'GET', url: `/api/admin/nodes/${nodeId}`, headers: e.t.adminHeaders });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().node;
}

const codesSoFar = () => e.sim.smsSent('douyin').filter((s) => s.purpose === 'challenge').length;

async function publish(extra: Record<string, unknown>) {
  const acc = (await e.account('douyin'))!;
  const res = await e.api('POST', '/publish/video', { executor: 'edge', accountIds: [acc.id], title: 'Plume 验证码', localVideoPath: e.file('clip.mp4'), ...extra });
  expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
  return res.body.batch_id as string;
}

async function edgeUsed(): Promise<number> {
  const [q] = await rows<{ used: number }>(e.t.db.database.db, sql`select used from quota_buckets where user_id = ${e.user.id} and bucket = 'edge'`);
  return Number(q?.used ?? 0);
}

// A test that failed while its job waited would leave the account held for the next: end any wait.
afterEach(async () => {
  await e.t.db.database.db.execute(sql`update publish_jobs set input_deadline = now() where input_deadline is not null`);
});

describe('a platform asks for an SMS code in the middle of a publish', () => {
  it('the account is online, publishable, and says douyin may ask', async () => {
    await expect.poll(async () => (await e.account('douyin'))?.publishable, { timeout: 90_000, message: e.node.output() }).toBe(true);
    expect((await e.account('douyin'))!.may_ask).toEqual(expect.arrayContaining(['sms']));
    // This file meets a challenge on one account again and again on purpose: the account's health may watch
    // it, but must not cool it down (3 signals by default) and hold the next test's job for a day.
    const rules = await e.t.app.inject({ method: 'PUT', url: '/api/admin/health-rules', headers: e.t.adminHeaders, payload: { default: {}, platforms: { douyin: { coolingAt: 1000 } } } });
    expect(rules.statusCode, rules.body).toBe(200);
  }, 100_000);

  it('waits for a person: a wrong code keeps it waiting, the right one through the API publishes it once', async () => {
    e.sim.reset();
    raiseChallenge(e.sim, 'douyin', { kind: 'sms', step: 'at_publish', sendOnShow: true });
    const before = codesSoFar();
    const batchId = await publish({ onChallenge: 'wait' });
    const waiting = await jobUntil(batchId, (j) => j.state === 'awaiting_input');
    expect(waiting.challenge).toMatchObject({ kind: 'sms', deadline: expect.any(String), screenshot_url: `/api/openapi/v1/publish/${batchId}/jobs/${waiting.job_id}/challenge/screenshot` });
    const shot = await e.api('GET', waiting.challenge.screenshot_url.replace('/api/openapi/v1', ''));
    expect(shot.status).toBe(200);
    expect(Buffer.from(shot.body.data, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(e.sim.publishes('douyin')).toHaveLength(0);

    const code = await newCode(before);
    const wrong = code === '000000' ? '111111' : '000000';
    const path = `/publish/${batchId}/jobs/${waiting.job_id}/input`;
    expect((await e.api('POST', path, { type: 'sms', code: wrong })).status).toBe(202);
    // The replica shows its error and keeps the panel: still waiting, nothing published.
    await until(() => e.sim.challengeStatus('douyin')?.wrongCodes ?? 0, (n) => n >= 1);
    expect((await jobUntil(batchId, () => true)).state).toBe('awaiting_input');

    const right = await e.api('POST', path, { type: 'sms', code });
    expect(right.status).toBe(202);
    const batch = await e.batchDone(batchId, 150_000);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output().slice(-4000)}`).toBe('succeeded');
    expect(e.sim.publishes('douyin')).toHaveLength(1);
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', challenge: null, platform_post_id: e.sim.publishes('douyin')[0]!.postId });
    // Once it waits on no one, an answer is refused.
    expect(await e.api('POST', path, { type: 'sms', code })).toMatchObject({ status: 409, body: { error: { code: 'job_not_awaiting_input' } } });
    // The challenge is a sign of trouble for the account: its health watches it.
    const health = await until(async () => (await e.account('douyin'))!.health, (h) => h.state === 'watch');
    expect(health.signals[0]).toMatchObject({ kind: 'challenge' });
  }, 240_000);

  it('douyin sends the code only when 获取验证码 is pressed: the node presses it once, and the code from the phone answered through the API publishes once', async () => {
    e.sim.reset();
    // As recorded: the panel shows with no code sent; its 获取验证码 control sends one.
    raiseChallenge(e.sim, 'douyin', { kind: 'sms', step: 'at_publish' });
    const before = codesSoFar();
    const batchId = await publish({ onChallenge: 'wait' });
    const waiting = await jobUntil(batchId, (j) => j.state === 'awaiting_input');
    expect(waiting.challenge).toMatchObject({ kind: 'sms' });
    const code = await newCode(before);
    const right = await e.api('POST', `/publish/${batchId}/jobs/${waiting.job_id}/input`, { type: 'sms', code });
    expect(right.status).toBe(202);
    const batch = await e.batchDone(batchId, 150_000);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output().slice(-4000)}`).toBe('succeeded');
    expect(e.sim.publishes('douyin')).toHaveLength(1);
    // One press, one code: never asked again.
    expect(e.sim.challengeStatus('douyin')).toMatchObject({ answered: true, codesSent: 1, wrongCodes: 0 });
    expect(codesSoFar()).toBe(before + 1);
  }, 240_000);

  it('nobody answers: it fails input_timeout, its unit comes back, nothing is published', async () => {
    e.sim.reset();
    raiseChallenge(e.sim, 'douyin', { kind: 'sms', step: 'at_publish', sendOnShow: true });
    const usedBefore = await edgeUsed();
    const batchId = await publish({ onChallenge: 'wait', inputTimeout: 30 });
    const waiting = await jobUntil(batchId, (j) => j.state === 'awaiting_input');
    expect(await edgeUsed()).toBe(usedBefore + 1);
    // The deadline (30 s from the challenge) is what the sweep reads: bring it to now rather than wait it out.
    await e.t.db.database.db.execute(sql`update publish_jobs set input_deadline = now() where id = ${waiting.job_id}`);
    const failed = await jobUntil(batchId, (j) => j.state === 'failed');
    expect(failed.error).toMatchObject({ code: 'input_timeout' });
    expect(await edgeUsed()).toBe(usedBefore);
    expect(e.sim.publishes('douyin')).toHaveLength(0);
  }, 240_000);

  it('its node is killed while it waits: the job goes back to the queue and publishes once when the node returns', async () => {
    e.sim.reset();
    raiseChallenge(e.sim, 'douyin', { kind: 'sms', step: 'at_publish', sendOnShow: true });
    const batchId = await publish({ onChallenge: 'wait' });
    await jobUntil(batchId, (j) => j.state === 'awaiting_input');
    await e.node.killDaemon();
    e.node.startDaemon();
    // The node's hello names no job in flight: the attempt is over (nothing was clicked) and the job is offered again.
    const again = await jobUntil(batchId, (j) => j.state === 'awaiting_input' && codesSoFar() >= 2);
    const path = `/publish/${batchId}/jobs/${again.job_id}/input`;
    expect((await e.api('POST', path, { type: 'sms', code: await newCode(1) })).status).toBe(202);
    const batch = await e.batchDone(batchId, 150_000);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output().slice(-4000)}`).toBe('succeeded');
    expect(e.sim.publishes('douyin')).toHaveLength(1);
  }, 300_000);

  it('the control-plane replica its node is connected to restarts while it waits: the node reconnects with its page, and the answer through the new replica publishes it once', async () => {
    e.sim.reset();
    raiseChallenge(e.sim, 'douyin', { kind: 'sms', step: 'at_publish', sendOnShow: true });
    const before = codesSoFar();
    const batchId = await publish({ onChallenge: 'wait' });
    const waiting = await jobUntil(batchId, (j) => j.state === 'awaiting_input');
    const code = await newCode(before);
    const paused = await jobRow(waiting.job_id);
    const node = await nodeOf(paused.nodeId);
    expect(node.connectedReplica).toEqual(expect.any(String));

    await e.restartControlPlane();
    // The node reconnects to the new replica (a new session of it)…
    const again = await until(
      () => nodeOf(paused.nodeId),
      (n) => n.sessionEpoch > node.sessionEpoch && n.connectedReplica !== null && n.connectedReplica !== node.connectedReplica,
    );
    // …whose hello names the paused attempt: the new session adopts it, not a new attempt.
    const adopted = await until(() => jobRow(waiting.job_id), (j) => j.nodeEpoch >= again.sessionEpoch);
    expect(adopted).toMatchObject({ state: 'running', nodeId: paused.nodeId, attempt: paused.attempt, attemptId: paused.attemptId, inputDeadline: paused.inputDeadline });
    const still = await jobUntil(batchId, () => true);
    expect(still).toMatchObject({ state: 'awaiting_input', job_id: waiting.job_id, challenge: { kind: 'sms', deadline: waiting.challenge.deadline } });
    // The page was kept: the challenge was shown once and sent one code; nothing was published.
    expect(e.sim.challengeStatus('douyin')).toMatchObject({ shown: 1, codesSent: 1, answered: false });
    expect(codesSoFar()).toBe(before + 1);
    expect(e.sim.publishes('douyin')).toHaveLength(0);

    // The answer through the new replica reaches the page the node kept.
    expect((await e.api('POST', `/publish/${batchId}/jobs/${waiting.job_id}/input`, { type: 'sms', code })).status).toBe(202);
    const batch = await e.batchDone(batchId, 150_000);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output().slice(-4000)}`).toBe('succeeded');
    expect(e.sim.publishes('douyin')).toHaveLength(1);
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', challenge: null, platform_post_id: e.sim.publishes('douyin')[0]!.postId });
    expect(e.sim.challengeStatus('douyin')).toMatchObject({ shown: 1, codesSent: 1, wrongCodes: 0, answered: true });
    expect((await jobRow(waiting.job_id)).attemptId).toBe(paused.attemptId);
  }, 300_000);

  it('onChallenge fail: the job fails challenge_required at once, nothing is published', async () => {
    e.sim.reset();
    raiseChallenge(e.sim, 'douyin', { kind: 'sms', step: 'at_publish', sendOnShow: true });
    const batchId = await publish({ onChallenge: 'fail' });
    const batch = await e.batchDone(batchId, 150_000);
    expect(batch.jobs[0]).toMatchObject({ state: 'failed', error: { code: 'challenge_required' } });
    expect(e.sim.publishes('douyin')).toHaveLength(0);
  }, 240_000);
});
