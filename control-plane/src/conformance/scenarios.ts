/**
 * The scripted job scenarios: each publishes through the Open API, lets the
 * real dispatcher offer the job, and provokes through the proxy what the check
 * is about. Each answers the detail of a passed check or throws Fail.
 */
import { JOB_PHASES } from '@plume/shared';
import { type Ctx, Fail, sleep } from './context.js';
import type { Frame, ProxiedSession } from './proxy.js';

/** A job's browser steps on a loaded machine: generous, the run waits only as long as it must. */
export const JOB_MS = 120_000;
export const OFFER_MS = 30_000;
/** How long a withheld commit_ack is withheld before the kit gives up waiting for a hand-back. */
const WITHHOLD_MS = 30_000;
/** Watching for a publish that must not happen. */
const QUIET_MS = 3000;

/**
 * job.offer-to-commit, commit-gate.waits-for-ack and result.names-its-attempt,
 * on one job: its commit_ack is held 2 s (nothing may be published meanwhile),
 * then delivered. The flow is judged at once; the other two are returned as
 * verdicts to report under their own names.
 */
export async function happyJob(ctx: Ctx): Promise<{ flow: string; gate: () => string; result: () => Promise<string> }> {
  const marker = ctx.marker('happy');
  const job = { jobId: '' };
  let held: Frame | undefined;
  const stop = ctx.proxy.intercept((f) => {
    if (!held && f.direction === 'to_node' && f.message?.type === 'commit_ack' && f.message.jobId === job.jobId) {
      held = f;
      return 'drop';
    }
  });
  try {
    const from = ctx.proxy.frames.length;
    const { jobId, batchId } = await ctx.publish(marker);
    job.jobId = jobId;
    const offer = await ctx.toNode('offer', { jobId, from, timeoutMs: OFFER_MS, what: 'for the published job' });
    const answer = await ctx.proxy
      .waitFor((f) => f.direction === 'to_control_plane' && (f.message?.type === 'accept' || f.message?.type === 'reject') && f.message.jobId === jobId, OFFER_MS, offer.index)
      .catch(() => {
        throw new Fail('no accept or reject for the offer');
      });
    if (answer.message?.type === 'reject') throw new Fail(`rejected an offer it reported it can run (reason ${JSON.stringify(answer.message.reason)})`);
    if (answer.message?.attemptId !== offer.message?.attemptId) throw new Fail('the accept names another attempt than the offer');
    if (answer.at > Number(offer.message?.deadline)) throw new Fail('accepted after the offer deadline');
    const start = await ctx.toNode('start', { jobId, from: answer.index, timeoutMs: OFFER_MS });
    const commit = await ctx.fromNode('commit', { jobId, from, timeoutMs: JOB_MS, what: 'for the job' });
    const early = ctx.proxy.frames
      .slice(from, start.index)
      .find((f) => f.direction === 'to_control_plane' && (f.message?.type === 'progress' || f.message?.type === 'commit') && f.message.jobId === jobId);
    if (early) throw new Fail(`sent ${String(early.message?.type)} before start`);
    const started = ctx.proxy.frames
      .slice(start.index, commit.index)
      .find((f) => f.direction === 'to_control_plane' && f.message?.type === 'progress' && f.message.jobId === jobId && f.message.step === 'started');
    if (!started) throw new Fail('no progress "started" between start and commit');
    if (commit.message?.attemptId !== offer.message?.attemptId) throw new Fail('the commit names another attempt than the offer');
    const flow = `accepted ${answer.at - offer.at} ms after the offer; start → progress "started" → commit`;

    await ctx.proxy.until(() => held, 30_000).catch(() => {
      throw new Fail('the control plane answered no commit_ack');
    });
    await sleep(2000);
    const during = ctx.posts(marker).length;
    ctx.proxy.release(held!);
    const resultFrame = ctx.fromNode('result', { jobId, from: commit.index, timeoutMs: JOB_MS, what: 'after the commit_ack' });
    const done = ctx.batchDone(batchId, JOB_MS);
    resultFrame.catch(() => {});
    done.catch(() => {});
    return {
      flow,
      gate: () => {
        if (during) throw new Fail(`published while its commit_ack was withheld (${during} post(s))`);
        ctx.judgeGate(jobId, marker);
        return 'nothing published while the commit_ack was held 2 s; one post after it';
      },
      result: async () => {
        const result = await resultFrame;
        const m = result.message!;
        if (m.attemptId !== offer.message?.attemptId) throw new Fail(`the result names attempt ${String(m.attemptId)}, not the offer's ${String(offer.message?.attemptId)}`);
        if (result.session !== offer.session) throw new Fail('the result came on another session than the job (no reconnect happened)');
        if (m.outcome !== 'succeeded') throw new Fail(`outcome ${String(m.outcome)}: ${JSON.stringify(m.error ?? null)}`);
        const post = ctx.posts(marker)[0];
        if (!post || m.postId !== post.postId) throw new Fail(`postId ${JSON.stringify(m.postId)} is not the platform's ${JSON.stringify(post?.postId)}`);
        const acked = await ctx.toNode('ack', { acks: String(m.msgId), from: result.index, timeoutMs: JOB_MS }).catch(() => null);
        if (!acked) throw new Fail(`the control plane did not acknowledge the result within ${JOB_MS / 1000} s`);
        const batch = await done;
        if (batch.state !== 'succeeded' || batch.jobs?.[0]?.platform_post_id !== post.postId) throw new Fail(`the job ended ${String(batch.state)} without the post id`);
        return `succeeded for ${jobId}/${String(m.attemptId)} at epoch ${String(result.session.epoch)}, with the platform's post id`;
      },
    };
  } finally {
    stop();
  }
}

/** commit-gate.ack-withheld: no publish without the ack; a hand-back is commit_refused and a late ack for it is ignored. */
export async function ackWithheld(ctx: Ctx): Promise<string> {
  await ctx.settle();
  const marker = ctx.marker('withheld');
  const job = { jobId: '', first: '' };
  const withheld: Frame[] = [];
  const stop = ctx.proxy.intercept((f) => {
    if (f.direction === 'to_node' && f.message?.type === 'commit_ack' && f.message.jobId === job.jobId && f.message.attemptId === job.first) {
      withheld.push(f);
      return 'drop';
    }
  });
  try {
    const from = ctx.proxy.frames.length;
    const { jobId, batchId } = await ctx.publish(marker);
    job.jobId = jobId;
    const offer = await ctx.toNode('offer', { jobId, from, timeoutMs: OFFER_MS });
    job.first = String(offer.message?.attemptId);
    const commit = await ctx.fromNode('commit', { jobId, attemptId: job.first, from, timeoutMs: JOB_MS });
    const handBack = await ctx.fromNode('reject', { jobId, attemptId: job.first, from: commit.index, timeoutMs: WITHHOLD_MS }).catch(() => null);
    if (ctx.posts(marker).length) throw new Fail('published while the commit_ack was withheld');
    let detail: string;
    if (handBack) {
      if (handBack.message?.reason !== 'commit_refused') throw new Fail(`gave the attempt back with ${JSON.stringify(handBack.message?.reason)}, not commit_refused`);
      // The late ack for the given-back attempt: it must change nothing.
      const late = withheld[0];
      if (late && !late.session.closed) ctx.proxy.release(late);
      else if (ctx.proxy.current()) ctx.proxy.inject(ctx.proxy.current()!, { type: 'commit_ack', jobId, attemptId: job.first, ok: true });
      detail = `handed back commit_refused after ${Math.round((handBack.at - commit.at) / 1000)} s`;
    } else {
      // It waits: that is allowed; now deliver the ack and expect the publish.
      if (withheld[0]) ctx.proxy.release(withheld[0]);
      detail = `still waiting after ${WITHHOLD_MS / 1000} s; published once the ack came`;
    }
    const batch = await ctx.batchDone(batchId, JOB_MS * 2);
    await sleep(QUIET_MS);
    if (batch.state !== 'succeeded') throw new Fail(`the job ended ${String(batch.state)} (${JSON.stringify(batch.jobs?.[0]?.error ?? null)})`);
    ctx.judgeGate(jobId, marker);
    return `${detail}; the job was published exactly once`;
  } finally {
    stop();
  }
}

/** fencing.stale-attempt: a cancel and an ok commit_ack naming another attempt of the job change nothing. */
export async function staleAttempt(ctx: Ctx): Promise<string> {
  await ctx.settle();
  const marker = ctx.marker('stale');
  const staleId = `att_conformance_stale_${Date.now().toString(36)}`;
  const job = { jobId: '' };
  let held: Frame | undefined;
  const stop = ctx.proxy.intercept((f) => {
    if (!held && f.direction === 'to_node' && f.message?.type === 'commit_ack' && f.message.jobId === job.jobId) {
      held = f;
      return 'drop';
    }
  });
  try {
    const from = ctx.proxy.frames.length;
    const { jobId, batchId } = await ctx.publish(marker);
    job.jobId = jobId;
    const offer = await ctx.toNode('offer', { jobId, from, timeoutMs: OFFER_MS });
    const current = String(offer.message?.attemptId);
    await ctx.fromNode('commit', { jobId, attemptId: current, from, timeoutMs: JOB_MS });
    await ctx.proxy.until(() => held, 30_000).catch(() => {
      throw new Fail('the control plane answered no commit_ack');
    });
    const session = held!.session;
    const injectedAt = ctx.proxy.frames.length;
    ctx.proxy.inject(session, { type: 'cancel', jobId, attemptId: staleId, reason: 'conformance_stale_attempt' });
    ctx.proxy.inject(session, { type: 'commit_ack', jobId, attemptId: staleId, ok: true });
    await sleep(QUIET_MS);
    if (ctx.posts(marker).length) throw new Fail(`published on a commit_ack for attempt ${staleId} while its own (${current}) was withheld`);
    const gaveUp = ctx.proxy.frames.slice(injectedAt).find((f) => f.direction === 'to_control_plane' && f.message?.type === 'reject' && f.message.jobId === jobId && f.message.attemptId === current);
    if (gaveUp) throw new Fail(`gave attempt ${current} back (${String(gaveUp.message?.reason)}) on a cancel for attempt ${staleId}`);
    ctx.proxy.release(held!);
    const batch = await ctx.batchDone(batchId, JOB_MS);
    if (batch.state !== 'succeeded') throw new Fail(`the job ended ${String(batch.state)} (${JSON.stringify(batch.jobs?.[0]?.error ?? null)})`);
    const result = ctx.proxy.frames.find((f) => f.direction === 'to_control_plane' && f.message?.type === 'result' && f.message.jobId === jobId);
    if (result && result.message?.attemptId !== current) throw new Fail(`the result names attempt ${String(result.message?.attemptId)}, not ${current}`);
    ctx.judgeGate(jobId, marker);
    return `a cancel and a commit_ack for ${staleId} were ignored; published once on the ack for ${current}`;
  } finally {
    stop();
  }
}

/**
 * reconnect.before-commit-ack and reconnect.after-commit-ack: the connection
 * drops at the commit (the control plane never hears it) or right after the
 * commit_ack was delivered. The executor reconnects with a new epoch, reports
 * its jobs truthfully, and the job is published exactly once.
 */
export async function reconnectMidJob(ctx: Ctx, when: 'before_ack' | 'after_ack'): Promise<string> {
  await ctx.settle();
  const marker = ctx.marker(when === 'before_ack' ? 'drop-at-commit' : 'drop-after-ack');
  const job = { jobId: '' };
  let cutSession: ProxiedSession | undefined;
  const stop = ctx.proxy.intercept((f) => {
    if (cutSession || f.message?.jobId !== job.jobId || !job.jobId) return;
    if (when === 'before_ack' && f.direction === 'to_control_plane' && f.message?.type === 'commit') {
      cutSession = f.session;
      setImmediate(() => ctx.proxy.cut(f.session));
      return 'drop';
    }
    if (when === 'after_ack' && f.direction === 'to_node' && f.message?.type === 'commit_ack' && f.message.ok === true) {
      cutSession = f.session;
      // Delivered first: the cut comes once the frame is on its way.
      setTimeout(() => ctx.proxy.cut(f.session), 50);
    }
  });
  try {
    const from = ctx.proxy.frames.length;
    const { jobId, batchId } = await ctx.publish(marker);
    job.jobId = jobId;
    const offer = await ctx.toNode('offer', { jobId, from, timeoutMs: OFFER_MS });
    const attemptId = String(offer.message?.attemptId);
    await ctx.proxy.until(() => (cutSession?.closed ? cutSession : undefined), JOB_MS).catch(() => {
      throw new Fail('the job never reached its commit');
    });
    const old = cutSession!;
    const next = await ctx.proxy.until(() => ctx.proxy.sessions.find((s) => s.id > old.id && s.epoch !== null), 90_000).catch(() => {
      throw new Fail('did not reconnect within 90 s');
    });
    if (!(next.epoch! > (old.epoch ?? -1))) throw new Fail(`the new session's epoch ${String(next.epoch)} is not above the old ${String(old.epoch)}`);
    const hello = await ctx.proxy
      .waitFor((f) => f.session === next && f.direction === 'to_control_plane' && f.message?.type === 'hello', 15_000)
      .catch(() => {
        throw new Fail('no hello after reconnecting');
      });
    const reported = (hello.message?.activeJobs as Array<{ jobId: string; attemptId: string; phase: string }> | undefined)?.find((j) => j.jobId === jobId);
    if (reported && reported.attemptId !== attemptId) throw new Fail(`hello reports attempt ${reported.attemptId}, not ${attemptId}`);
    if (reported && !(JOB_PHASES as readonly string[]).includes(reported.phase)) throw new Fail(`hello reports phase ${reported.phase}`);
    const batch = await ctx.batchDone(batchId, JOB_MS * 2);
    await sleep(QUIET_MS);
    if (batch.state !== 'succeeded') throw new Fail(`the job ended ${String(batch.state)} (${JSON.stringify(batch.jobs?.[0]?.error ?? null)})`);
    // Cut off before the ack, the gate is the point; after it, only the count is (commit-gate.* judge the rest).
    if (when === 'before_ack') ctx.judgeGate(jobId, marker);
    else ctx.expectOnePost(marker);
    if (when === 'after_ack') {
      const result = ctx.proxy.frames.find((f) => f.direction === 'to_control_plane' && f.message?.type === 'result' && f.message.jobId === jobId && f.session.id >= next.id);
      const verified = ctx.proxy.frames.find((f) => f.direction === 'to_control_plane' && f.message?.type === 'verify_result' && f.message.jobId === jobId);
      if (!result && !verified) throw new Fail('neither a result nor a verify_result came on the new session');
      if (result && result.message?.attemptId !== attemptId) throw new Fail(`the result names attempt ${String(result.message?.attemptId)}, not ${attemptId}`);
    }
    const state = reported ? `reported ${reported.phase}` : 'not reported (no longer held)';
    return `reconnected at epoch ${String(next.epoch)} (was ${String(old.epoch)}), the job ${state}; published exactly once`;
  } finally {
    stop();
  }
}
