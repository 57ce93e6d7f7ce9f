/**
 * One conformance run: start the plane, wait for the executor under test to
 * enroll, connect and report a publishable account, run the scenarios in a
 * fixed order, print one PASS/FAIL line per check. The revoke comes last:
 * after it the executor is gone.
 */
import { LICENSE_PATHS, NODE_PATHS } from '@plume/shared';
import { CONFORMANCE_TIMERS, type Plane, startPlane } from './plane.js';
import { Ctx, Fail, sleep } from './context.js';
import { drainHonoured, offersItCannotRun, revokeStops } from './node-scenarios.js';
import { ackWithheld, happyJob, reconnectMidJob, staleAttempt } from './scenarios.js';
import { CHECKS, type CheckName, EXIT } from './checks.js';
import { judgeActivation, judgeEnrollment, judgeHandshakes, judgeHeartbeats, judgeMessages, schemaError } from './wire-checks.js';

export { CHECKS, type CheckName, EXIT } from './checks.js';

export interface RunOptions {
  databaseUrl?: string | undefined;
  host: string;
  port: number;
  platform: string;
  account: string;
  kind: 'edge' | 'desktop';
  /** How long to wait for the executor to enroll, connect and report the account publishable. */
  readyTimeoutMs: number;
  logLevel: string;
  out: (line: string) => void;
  /** Called once the plane is up, with what the executor needs (the CLI prints it, tests read it). */
  onReady: (info: ExecutorInstructions) => void;
}

interface CommonInstructions {
  controlUrl: string;
  userId: number;
  platform: string;
  account: string;
  simulatorUrl: string;
  /** Where the executor's adapter for `platform` must point. */
  platformUrl: string;
  sessionCookie: { name: string; value: string; url: string };
  storageStateFile: string;
}

/**
 * What the executor needs to join: an edge node enrolls with a single-use token; a desktop
 * (Plume Desktop) activates with a license v2 activation code generated for the user, in the
 * `default` license project, at the control URL.
 */
export type ExecutorInstructions = CommonInstructions & ({ kind: 'edge'; enrollmentToken: string } | { kind: 'desktop'; activationCode: string; projectKey: 'default' });


export async function runConformance(o: RunOptions): Promise<number> {
  const plane = await startPlane(o);
  try {
    const joins = o.kind === 'edge' ? { kind: 'edge' as const, enrollmentToken: plane.enrollmentToken! } : { kind: 'desktop' as const, activationCode: plane.activationCode!, projectKey: 'default' as const };
    const info: ExecutorInstructions = {
      controlUrl: plane.controlUrl,
      ...joins,
      userId: plane.userId,
      platform: o.platform,
      account: o.account,
      simulatorUrl: plane.sim.url,
      platformUrl: plane.sim.baseUrl(o.platform),
      sessionCookie: plane.sim.sessionCookie(o.platform, o.account),
      storageStateFile: plane.storageStateFile,
    };
    o.onReady(info);
    return await runChecks(plane, o);
  } finally {
    await plane.close();
  }
}

async function runChecks(plane: Plane, o: RunOptions): Promise<number> {
  const ctx = new Ctx(plane, o.platform, o.account, o.kind);
  const verdicts = new Map<CheckName, { ok: boolean; detail: string }>();
  const report = (name: CheckName, ok: boolean, detail: string) => {
    verdicts.set(name, { ok, detail });
    o.out(`${ok ? 'PASS' : 'FAIL'} ${name} — ${detail}`);
  };
  const check = async (name: CheckName, run: () => Promise<string> | string) => {
    try {
      report(name, true, await run());
    } catch (e) {
      report(name, false, e instanceof Fail ? e.message : `error: ${(e as Error).message ?? String(e)}`);
    }
  };

  // Readiness: enrolled, connected, hello'd, the account publishable. Not a check: nothing runs without it.
  const ready = await waitUntilReady(ctx, o.readyTimeoutMs);
  if (typeof ready === 'string') {
    o.out(`NOT READY — ${ready}`);
    return EXIT.notReady;
  }

  await check('enroll.private-key-stays-local', async () => (o.kind === 'desktop' ? judgeActivation(plane.proxy) : (await judgeEnrollment(plane.proxy)).detail));
  await check('connect.handshake-signature', () => judgeHandshakes(plane.proxy, ctx.nodeId, ctx.publicKey));
  let unsupportedType: string | null = null;
  await check('hello.valid', () => {
    const { detail, missingType } = judgeHello(ctx);
    unsupportedType = missingType;
    return detail;
  });
  await check('offer.refuses-what-it-cannot-run', () => offersItCannotRun(ctx, unsupportedType));

  let happy: Awaited<ReturnType<typeof happyJob>> | null = null;
  try {
    happy = await happyJob(ctx);
    report('job.offer-to-commit', true, happy.flow);
  } catch (e) {
    const reason = e instanceof Fail ? e.message : `error: ${(e as Error).message}`;
    report('job.offer-to-commit', false, reason);
  }
  if (happy) {
    const h = happy;
    // The result first: the gate's verdict needs the job's post to exist.
    let resultVerdict: { ok: boolean; detail: string };
    try {
      resultVerdict = { ok: true, detail: await h.result() };
    } catch (e) {
      resultVerdict = { ok: false, detail: e instanceof Fail ? e.message : `error: ${(e as Error).message}` };
    }
    await check('commit-gate.waits-for-ack', () => h.gate());
    report('result.names-its-attempt', resultVerdict.ok, resultVerdict.detail);
  } else {
    report('commit-gate.waits-for-ack', false, 'not judged: the job did not reach its commit');
    report('result.names-its-attempt', false, 'not judged: the job did not reach its commit');
  }

  await check('commit-gate.ack-withheld', () => ackWithheld(ctx));
  await check('fencing.stale-attempt', () => staleAttempt(ctx));
  await check('reconnect.before-commit-ack', () => reconnectMidJob(ctx, 'before_ack'));
  await check('reconnect.after-commit-ack', () => reconnectMidJob(ctx, 'after_ack'));
  await check('drain.honoured', () => drainHonoured(ctx, CONFORMANCE_TIMERS.heartbeatMs!));
  await check('heartbeat.interval', () => judgeHeartbeats(plane.proxy.frames, plane.proxy.sessions, CONFORMANCE_TIMERS.heartbeatMs!, Date.now()));
  await check('revoke.stops', () => revokeStops(ctx));
  // Last: it covers everything sent up to the revoke.
  await check('messages.schema', () => judgeMessages(plane.proxy.frames));

  const failed = [...verdicts.values()].filter((v) => !v.ok).length;
  o.out(`${CHECKS.length - failed} of ${CHECKS.length} checks passed`);
  return failed ? EXIT.failed : EXIT.passed;
}

/** The node id and key from enrollment, the account's id once it is publishable; a reason when time ran out. */
async function waitUntilReady(ctx: Ctx, timeoutMs: number): Promise<true | string> {
  const deadline = Date.now() + timeoutMs;
  const { proxy } = ctx;
  const remaining = () => Math.max(0, deadline - Date.now());
  if (ctx.executor === 'desktop') {
    // A desktop joins by activating: the license v2 enroll's answer names its node, its device key is the node key.
    const activated = await proxy.until(() => proxy.enrollments.find((e) => e.path === LICENSE_PATHS.enroll && e.status === 200), remaining()).catch(() => null);
    if (!activated) return `the desktop did not activate with the code within ${timeoutMs / 1000} s`;
    ctx.nodeId = String((activated.answer as { nodeId?: string } | null)?.nodeId ?? '');
    ctx.publicKey = String((activated.body as { devicePublicKey?: string }).devicePublicKey ?? '');
    if (!ctx.nodeId) return 'the desktop activated, but the answer named no node (a pure license code?)';
  } else {
    const enrolled = await proxy.until(() => proxy.enrollments.find((e) => e.path === NODE_PATHS.enroll && e.status === 201), remaining()).catch(() => null);
    if (!enrolled) return `the executor did not enroll within ${timeoutMs / 1000} s`;
    const body = enrolled.body as { publicKey?: string };
    ctx.nodeId = String((enrolled.answer as { nodeId?: string }).nodeId ?? '');
    ctx.publicKey = String(body.publicKey ?? '');
  }
  const hello = await proxy.waitFor((f) => f.direction === 'to_control_plane' && f.message?.type === 'hello', remaining()).catch(() => null);
  if (!hello) return 'the executor enrolled but never said hello';
  for (;;) {
    const { body: accounts } = await ctx.openapi('GET', '/accounts');
    const items = (accounts.items ?? accounts.accounts ?? []) as Array<{ id: number; platform: string; publishable?: boolean; external_ref?: string }>;
    const mine = items.find((a) => a.platform === ctx.platform && a.publishable === true);
    if (mine) {
      ctx.accountId = mine.id;
      break;
    }
    if (remaining() === 0) return `no publishable ${ctx.platform} account was reported within ${timeoutMs / 1000} s (accounts: ${JSON.stringify(items.map((a) => [a.platform, a.publishable]))})`;
    await sleep(500);
  }
  const adapters = (hello.message?.capabilities as { adapters?: Array<{ platform: string; contentTypes: string[] }> } | undefined)?.adapters ?? [];
  // A platform may be reported in several entries, one per set of settings its content types apply.
  const types = adapters.filter((a) => a.platform === ctx.platform).flatMap((a) => a.contentTypes);
  ctx.contentType = types.includes('article') || !types.includes('dynamic') ? 'article' : 'dynamic';
  return true;
}

/** hello.valid, judged on the first session's hello and the account reports that followed it. */
function judgeHello(ctx: Ctx): { detail: string; missingType: string | null } {
  const frames = ctx.proxy.frames;
  const first = ctx.proxy.sessions[0];
  if (!first) throw new Fail('no session');
  const mine = frames.filter((f) => f.session === first && f.direction === 'to_control_plane');
  const hello = mine[0];
  if (hello?.message?.type !== 'hello') throw new Fail(`the first message was ${String(hello?.message?.type ?? 'nothing')}, not hello`);
  const error = schemaError(hello.message);
  if (error) throw new Fail(`hello does not validate: ${error}`);
  const welcome = frames.find((f) => f.session === first && f.message?.type === 'welcome');
  if (welcome && hello.at - welcome.at > 10_000) throw new Fail(`hello came ${hello.at - welcome.at} ms after the welcome (10 s allowed)`);
  const m = hello.message as { nodeId: string; capabilities: { publishSettingsSnapshot: number; platforms: string[]; os?: string; adapters?: Array<{ platform: string; contentTypes: string[] }> } };
  if (m.nodeId !== ctx.nodeId) throw new Fail(`hello names node ${m.nodeId}, not ${ctx.nodeId}`);
  if (m.capabilities.publishSettingsSnapshot !== 1) throw new Fail(`publishSettingsSnapshot is ${m.capabilities.publishSettingsSnapshot}, not 1`);
  const entries = m.capabilities.adapters?.filter((a) => a.platform === ctx.platform) ?? [];
  if (entries.length === 0) throw new Fail(`capabilities.adapters names no ${ctx.platform} adapter`);
  const adapter = { contentTypes: [...new Set(entries.flatMap((a) => a.contentTypes))] };
  if (!m.capabilities.platforms.includes(ctx.platform)) throw new Fail(`capabilities.platforms lacks ${ctx.platform}, which adapters reports`);
  const reports = mine.filter((f) => f.message?.type === 'hello' || f.message?.type === 'accounts').flatMap((f) => (f.message?.accounts as Array<{ externalRef: string; platform: string; loginState: string }>) ?? []);
  if (!reports.some((a) => a.platform === ctx.platform && a.externalRef === ctx.account && a.loginState === 'logged_in')) {
    throw new Fail(`no report of account ${ctx.account} on ${ctx.platform} as logged_in`);
  }
  const missingType = ['article', 'dynamic', 'video'].find((t) => !adapter.contentTypes.includes(t)) ?? null;
  // A desktop reports its operating system instead of a video tree: the control plane judges local paths by it.
  const os = ctx.executor === 'desktop' ? `; os ${m.capabilities.os ?? 'not reported (local paths are judged as Windows ones)'}` : '';
  return { detail: `valid; ${ctx.platform} adapter (${adapter.contentTypes.join(', ')}); account ${ctx.account} logged_in${os}`, missingType };
}
