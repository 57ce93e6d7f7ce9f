/**
 * Scenarios about the node rather than one job's course: offers it must
 * refuse, drain and resume, revoke. Each answers the detail of a passed check
 * or throws Fail.
 */
import { type Ctx, Fail, sleep } from './context.js';
import { JOB_MS, OFFER_MS } from './scenarios.js';

/** offer.refuses-what-it-cannot-run: offers the kit makes up for what the executor did not report are refused with the catalog reason. */
export async function offersItCannotRun(ctx: Ctx, unsupportedType: string | null): Promise<string> {
  const session = ctx.proxy.current();
  if (!session) throw new Fail('the executor is not connected');
  const cases: Array<{ platform: string; contentType: string; reason: string }> = [{ platform: 'conformance_no_such_platform', contentType: 'article', reason: 'unsupported_platform' }];
  if (unsupportedType) cases.push({ platform: ctx.platform, contentType: unsupportedType, reason: 'unsupported_content_type' });
  const answers: string[] = [];
  for (const [i, c] of cases.entries()) {
    const ref = { jobId: `job_conformance_offer_${i}_${Date.now().toString(36)}`, attemptId: `att_conformance_offer_${i}` };
    // The answer concerns a job the control plane never offered: it is kept from it.
    const stop = ctx.proxy.intercept((f) => (f.direction === 'to_control_plane' && f.message?.jobId === ref.jobId ? 'drop' : undefined));
    try {
      const from = ctx.proxy.frames.length;
      ctx.proxy.inject(session, { type: 'offer', ...ref, platform: c.platform, contentType: c.contentType, deadline: Date.now() + 15_000 });
      const answer = await ctx.fromNode('reject', { jobId: ref.jobId, from, timeoutMs: 15_000, what: `for an offer of ${c.platform}/${c.contentType}` }).catch(async (e: unknown) => {
        const accepted = ctx.proxy.frames.slice(from).some((f) => f.direction === 'to_control_plane' && f.message?.type === 'accept' && f.message.jobId === ref.jobId);
        throw accepted ? new Fail(`accepted an offer of ${c.platform}/${c.contentType}, which it does not report`) : e;
      });
      if (answer.message?.attemptId !== ref.attemptId) throw new Fail(`the reject names attempt ${String(answer.message?.attemptId)}, not the offer's ${ref.attemptId}`);
      if (answer.message?.reason !== c.reason) throw new Fail(`an offer of ${c.platform}/${c.contentType} was rejected with ${JSON.stringify(answer.message?.reason)}, not ${c.reason}`);
      answers.push(`${c.platform}/${c.contentType} → ${c.reason}`);
    } finally {
      stop();
    }
  }
  return answers.join('; ');
}

/**
 * drain.honoured: on drain the session stays up and keeps heartbeating (the control plane stops
 * offering; a drained node is offline to integrators). After the operator resumes the node — no
 * message says so — offers are accepted again and a job runs once.
 */
export async function drainHonoured(ctx: Ctx, heartbeatMs: number): Promise<string> {
  const from = ctx.proxy.frames.length;
  await ctx.admin('POST', `/nodes/${ctx.nodeId}/drain`);
  const drain = await ctx.toNode('drain', { from, timeoutMs: 10_000 });
  await sleep(heartbeatMs * 2 + 500);
  const session = drain.session;
  if (session.closed) throw new Fail(`the session closed (code ${String(session.closeCode)}) after drain`);
  const beats = ctx.proxy.frames.slice(drain.index).filter((f) => f.session === session && f.message?.type === 'heartbeat').length;
  if (beats === 0) throw new Fail('stopped heartbeating after drain');
  await ctx.admin('POST', `/nodes/${ctx.nodeId}/resume`);
  await ctx.settle();
  const marker = ctx.marker('resumed');
  const resumedAt = ctx.proxy.frames.length;
  const { jobId, batchId } = await ctx.publish(marker);
  const offer = await ctx.toNode('offer', { jobId, from: resumedAt, timeoutMs: OFFER_MS, what: 'after resume' });
  const reply = await ctx.proxy
    .waitFor((f) => f.direction === 'to_control_plane' && (f.message?.type === 'accept' || f.message?.type === 'reject') && f.message.jobId === jobId, OFFER_MS, offer.index)
    .catch(() => {
      throw new Fail('no answer to an offer after resume');
    });
  if (reply.message?.type === 'reject') throw new Fail(`after the operator resumed the node, it still rejects offers (${String(reply.message.reason)})`);
  const batch = await ctx.batchDone(batchId, JOB_MS);
  if (batch.state !== 'succeeded') throw new Fail(`the job after resume ended ${String(batch.state)}`);
  ctx.expectOnePost(marker);
  return `kept the session and ${beats} heartbeat(s) while drained; ran a job once after resume`;
}

/** revoke.stops: revoked, the session closes with 4403 and the executor does not connect again. */
export async function revokeStops(ctx: Ctx): Promise<string> {
  const session = ctx.proxy.current();
  if (!session) throw new Fail('the executor is not connected');
  const handshakes = ctx.proxy.handshakes.length;
  await ctx.admin('POST', `/nodes/${ctx.nodeId}/revoke`);
  await ctx.proxy.until(() => (session.closed ? true : undefined), 15_000).catch(() => {
    throw new Fail('the session stayed open after the revoke');
  });
  if (session.closeCode !== 4403) throw new Fail(`the session closed with ${String(session.closeCode)}, not 4403`);
  await sleep(10_000);
  const again = ctx.proxy.handshakes.length - handshakes;
  if (again > 0) throw new Fail(`tried to connect ${again} more time(s) after close code 4403`);
  return 'closed with 4403 and no connect attempt in the 10 s after';
}
