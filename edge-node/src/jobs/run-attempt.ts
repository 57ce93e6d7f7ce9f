/**
 * One attempt of one job, in the account's own browser profile, with only
 * the job's frozen settings: sandbox every media path, check the login,
 * prepare (retried: it is idempotent), then publish through the commit gate.
 * The outcome is one of:
 *   - a result (succeeded / failed with a code, the step and evidence) for the outbox;
 *   - "give back" (nothing was clicked: the gate refused, the job was cancelled
 *     or the daemon is draining), which the runner turns into a `reject`.
 * After the gate granted the commit, a failure is `readback_failed` (outcome
 * unknown, only a verification may resolve it) unless the platform explicitly
 * refused the post.
 *
 * Before the commit, a challenge the platform puts in front of the publish (an
 * SMS code, a slider, an identity check, an unknown modal after a step failed)
 * is looked for at three points: after the login check, in the gate's call
 * before the gate (once the page has been still a moment after the last edit, so
 * a challenge drawn then is met before the gate), and whenever prepare or publish
 * throws. Under the job's rule it fails the job `challenge_required`, or (rule
 * `wait`) pauses it for a person (challenge/await-person.ts) and resumes the
 * blocked step once the challenge is gone. Under the rule `fail` the page is also
 * watched while prepare and publish run, so a challenge covering a control a step
 * waits on fails the job at once, not when the step's wait runs out. Never after
 * the commit: there it is a read-back problem, except a publish request the
 * platform refused until the account is verified (nothing was published): that
 * fails `challenge_required` too, and is never sent again.
 */
import { type AccountSignal, EVIDENCE_LIMITS, type ImageFetcher, ImageFetchError, JobPayloadInvalid, type JobSpec, type NodeMessageOf, typedPayload } from '@plume/shared';
import type { BrowserContext, Page } from 'playwright-core';
import type { Logger } from 'pino';
import { type Adapter, type AdapterContext, AdapterError, type Prepared, type ProgressDetail, type PublishJob, type Step } from '../adapters/contract.js';
import { smsSendControls } from '../adapters/kit/challenge-facts.js';
import { type DetectedChallenge, detectChallenge, settlePage } from '../adapters/kit/challenge.js';
import { standingSignals, visibleText } from '../adapters/kit/standing.js';
import { PathRefused } from '../media/sandbox.js';
import { EDGE_TIMERS } from '../timers.js';
import { awaitPerson, ChallengeUnanswered, type PauseHooks } from './challenge/await-person.js';
import { requestSmsCode } from './challenge/request-code.js';
import { coverUrls, JobMedia, mediaPaths } from './media.js';

export class GiveBack extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** A challenge met under the rule `fail` (or with no way to wait): the job fails `challenge_required`. */
class ChallengeRequired extends Error {
  constructor(
    readonly found: DetectedChallenge,
    readonly step: string,
    why = 'the job does not wait for a person',
  ) {
    super(`the platform asks for a person (${found.kind}): ${found.message} — ${why}`);
  }
}

// Why: a person answers a challenge or two per publish; a page that asks again and again after
// each answer (or a sign that comes and goes by itself) must not hold the account forever.
const MAX_PAUSES = 10;

export type AttemptOutcome =
  | { kind: 'result'; result: Omit<NodeMessageOf<'result'>, 'msgId' | 'type' | 'jobId' | 'attemptId'> }
  | { kind: 'give_back'; reason: string };

export interface AttemptDeps {
  adapter: Adapter;
  baseUrl: string;
  videoDir: string;
  stagingDir: string;
  profileDir: string;
  launchProfile: (dir: string) => Promise<BrowserContext>;
  /** The commit gate: resolves when the control plane acknowledged; throws GiveBack otherwise. */
  gate: () => Promise<void>;
  progress: (step: Step, detail?: ProgressDetail) => void;
  onLogin: (ok: boolean, displayName?: string) => void;
  signal: AbortSignal;
  log: Logger;
  /** Default: EDGE_TIMERS.prepareAttempts. */
  prepareAttempts?: number;
  /** Downloads cover URLs. Default: the shipped rules (https, public addresses); tests inject one that reaches a local server. */
  images?: ImageFetcher;
  /** Each step's duration as it ends (the next step began, or the attempt ended in it). */
  onStep?: (step: Step | 'sandbox' | 'download', seconds: number) => void;
  /** How a pause for a person is reported and answered; absent, a challenge fails the job whatever its rule. */
  pause?: PauseHooks;
}

/**
 * The job as adapters take it: the job's frozen facts and its payload parsed
 * by the content type's schema (shared/src/job-payload.ts). Throws
 * JobPayloadInvalid when the payload cannot be read.
 */
export function toPublishJob(jobId: string, attemptId: string, spec: JobSpec): PublishJob {
  const base = {
    jobId,
    attemptId,
    platform: spec.platform,
    account: { id: String(spec.account.id), externalRef: spec.account.externalRef ?? '' },
    settings: spec.settings,
    settingsHash: spec.settingsHash,
    createdAt: spec.createdAt,
  };
  return { ...base, ...typedPayload(spec.contentType, spec.payload) };
}

export async function runAttempt(jobId: string, attemptId: string, spec: JobSpec, d: AttemptDeps): Promise<AttemptOutcome> {
  let job: PublishJob;
  try {
    job = toPublishJob(jobId, attemptId, spec);
  } catch (e) {
    // Nothing was opened and the browser never started: a job this node cannot read fails at once, saying why.
    if (e instanceof JobPayloadInvalid) return failed(e.code, 'sandbox', e.message);
    throw e;
  }
  const media = new JobMedia(d.videoDir, spec.userId, d.stagingDir, d.images, d.signal);
  let step: Step | 'sandbox' | 'download' = 'sandbox';
  let stepStarted = performance.now();
  /** Moves to `next`, timing the step that ends; the adapter's progress reports move it too. */
  let timing = true;
  const enter = (next: Step | 'sandbox' | 'download') => {
    if (next === step || !timing) return;
    const now = performance.now();
    d.onStep?.(step, (now - stepStarted) / 1000);
    step = next;
    stepStarted = now;
  };
  /** The last step ends with the attempt (before evidence is captured, which is not the step's time). */
  const endSteps = () => {
    if (timing) d.onStep?.(step, (performance.now() - stepStarted) / 1000);
    timing = false;
  };
  let committed = false;
  let context: BrowserContext | null = null;
  let page: Page | null = null;
  const rule = spec.challenge;
  let pauses = 0;
  /** Set when a challenge failed the job: an adapter that wraps what its gate call threw cannot hide it. */
  let required: ChallengeRequired | null = null;
  // A platform that sends its SMS code only on a press of its recorded send control has it
  // pressed at the first pause on an SMS challenge that shows it, and never again in the attempt.
  const sendControls = smsSendControls(spec.platform);
  let codeAsked = false;
  const requestCode = async () => {
    if (codeAsked || !page) return;
    const how = await requestSmsCode(page, sendControls);
    codeAsked = how !== 'no_control';
    d.log.info({ sendCode: how }, 'SMS challenge: the platform’s send-code control looked at');
  };
  /**
   * A check point: whether a challenge was on the page and a person cleared it (the caller
   * resumes the blocked step). False when there is none (the caller goes on as it would have);
   * throws ChallengeRequired under the rule `fail`, the signal's reason when cancelled.
   */
  const challenged = async (at: string, afterFailure: boolean, overlays = true): Promise<boolean> => {
    if (committed || !page || d.signal.aborted) return false;
    // A page that cannot be read now (navigating) is taken as it was before check points existed: no challenge.
    const found = await detectChallenge(page, { afterFailure, overlays }).catch(() => null);
    if (!found) return false;
    d.log.info({ kind: found.kind, step: at, sign: found.sign, rule: rule?.mode ?? 'fail' }, 'challenge met');
    if (rule?.mode !== 'wait' || !d.pause) throw (required = new ChallengeRequired(found, at));
    // A challenge that took the place of the one answered is paused on in turn, each counted.
    for (let next: DetectedChallenge | null = found; next; ) {
      if (pauses >= MAX_PAUSES) throw (required = new ChallengeRequired(next, at, `the platform asked ${pauses} times already`));
      pauses++;
      next = await awaitPerson(page, next, at, afterFailure, overlays, { hooks: d.pause, signal: d.signal, log: d.log, timeoutMs: rule.timeoutMs, requestCode });
    }
    return true;
  };
  /**
   * Rule `fail` (or no way to wait): while prepare and publish run, before the gate, a look at the
   * page every challengeWatchMs; a challenge fails the job at once, whatever the step waits for.
   * The step is left to the closing browser (it can no longer reach the gate: beforePublish
   * refuses once `required` is set). Under `wait` the check points alone meet it (a person
   * answers on the page the step is still using).
   */
  let gating = false;
  let watchEnded = false;
  let watchTimer: NodeJS.Timeout | undefined;
  let watchFailed: (e: ChallengeRequired) => void = () => {};
  const watch = new Promise<never>((_, reject) => (watchFailed = reject));
  watch.catch(() => {}); // a watch nobody raced against has no one to tell
  const look = async () => {
    if (watchEnded || committed || gating || !page || d.signal.aborted) return;
    const found = await detectChallenge(page, { afterFailure: false, overlays: true }).catch(() => null);
    if (watchEnded || committed || gating || required) return;
    if (found) {
      d.log.info({ kind: found.kind, step, sign: found.sign, rule: rule?.mode ?? 'fail' }, 'challenge met while the step waited');
      watchFailed((required = new ChallengeRequired(found, step)));
      return;
    }
    watchTimer = setTimeout(() => void look(), EDGE_TIMERS.challengeWatchMs);
  };
  const watching = rule?.mode !== 'wait' || !d.pause;
  /** The adapter's step, raced against the watch (rule `fail`); a step left behind has nobody to tell it failed. */
  const watched = <T>(work: Promise<T>): Promise<T> => {
    if (!watching) return work;
    work.catch(() => {});
    return Promise.race([work, watch]);
  };
  try {
    try {
      await media.openAll(mediaPaths(job));
    } catch (e) {
      if (e instanceof PathRefused) return failed('path_refused', 'sandbox', e.message);
      throw e;
    }
    enter('download');
    try {
      await media.downloadAll(coverUrls(job));
    } catch (e) {
      // Nothing was opened on the platform yet: the cover's own code says what to fix.
      if (e instanceof ImageFetchError) return failed(e.code, 'download', e.message);
      throw e;
    }
    d.signal.throwIfAborted();
    context = await d.launchProfile(d.profileDir);
    page = context.pages()[0] ?? (await context.newPage());
    const ctx: AdapterContext = {
      baseUrl: d.baseUrl,
      openFile: async (path) => {
        try {
          return await media.open(path);
        } catch (e) {
          if (e instanceof PathRefused) throw new AdapterError('upload_failed', 'upload', `media path refused by the sandbox: ${e.message}`);
          throw e;
        }
      },
      progress: (s, detail) => {
        enter(s);
        d.progress(s, detail);
      },
      beforePublish: async () => {
        // A step the watch already failed (rule `fail`) never asks for the commit.
        if (required) throw required;
        gating = true;
        // (b) The last look before the gate, once the page has been still a moment after the last
        // edit (a challenge the platform draws then is on it): a challenge here is answered before
        // asking for the commit, never met by the publish itself.
        if (page) await settlePage(page, { quietMs: EDGE_TIMERS.gateSettleQuietMs, maxMs: EDGE_TIMERS.gateSettleMaxMs });
        await challenged(step, false);
        await d.gate();
        committed = true;
      },
      signal: d.signal,
      log: d.log,
    };

    enter('check_login');
    try {
      const login = await d.adapter.checkLogin(page, ctx);
      d.onLogin(true, login.displayName);
    } catch (e) {
      if (e instanceof AdapterError && e.code === 'login_required') d.onLogin(false);
      throw e;
    }
    // (a) Logged in, before the editor opens: a platform that asks now asks before anything is
    // filled. Overlays do not count here: the page is the login check's, prepare leaves it.
    await challenged(step, false, false);
    if (watching) watchTimer = setTimeout(() => void look(), EDGE_TIMERS.challengeWatchMs);

    const tries = d.prepareAttempts ?? EDGE_TIMERS.prepareAttempts;
    // What the prepare that succeeded returned: publish takes it, unopened.
    let prepared: Prepared;
    for (let i = 1; ; ) {
      d.signal.throwIfAborted();
      try {
        prepared = await watched(d.adapter.prepare(page, job, ctx));
        break;
      } catch (e) {
        if (required || e instanceof GiveBack || d.signal.aborted) throw e;
        // (c) A step that failed under a challenge runs again once a person cleared it (prepare is idempotent); no try is spent.
        if (await challenged(e instanceof AdapterError ? e.step : step, modalMayBlock(e))) continue;
        // AdapterErrors are the platform's answer; plain errors (network, timeouts) may pass on retry.
        if (e instanceof AdapterError || i >= tries) throw e;
        d.log.warn({ err: (e as Error).message, try: i }, 'prepare failed; retrying');
        i++;
      }
    }
    enter('publish');
    let published: Awaited<ReturnType<Adapter['publish']>>;
    for (;;) {
      try {
        published = await watched(d.adapter.publish(page, job, ctx, prepared));
        break;
      } catch (e) {
        if (required || committed || e instanceof GiveBack || d.signal.aborted) throw e;
        // (c) Before the gate nothing was clicked: the same publish runs again on the same page with the same prepared value.
        if (await challenged(e instanceof AdapterError ? e.step : step, modalMayBlock(e))) continue;
        throw e;
      }
    }
    if (!committed) {
      // An adapter that skipped the gate clicked without the control plane's agreement: never report that as a clean success.
      return failed('readback_failed', 'publish', 'the adapter published without passing the commit gate', await evidence(page, 'publish'));
    }
    return withStanding({ kind: 'result', result: { outcome: 'succeeded', postId: published.postId, url: published.url } }, await standingOf(spec.platform, page));
  } catch (e) {
    endSteps();
    if (e instanceof GiveBack) return { kind: 'give_back', reason: e.reason };
    if (d.signal.aborted && !committed) return { kind: 'give_back', reason: String(d.signal.reason ?? 'aborted') };
    // What the platform showed of the account's standing goes with the failure, whatever its code.
    return withStanding(await failure(e), page ? await standingOf(spec.platform, page, e) : []);
  } finally {
    watchEnded = true;
    clearTimeout(watchTimer);
    endSteps();
    await context?.close().catch(() => {});
    await media.close();
  }

  async function failure(e: unknown): Promise<AttemptOutcome> {
    // Set by the check points (closures): the compiler cannot see it change.
    const asked = required as ChallengeRequired | null;
    if (asked && !committed) return failed('challenge_required', asked.step, asked.message, page ? await evidence(page, asked.step) : undefined);
    if (e instanceof ChallengeUnanswered && !committed) return failed('input_timeout', step, e.message, page ? await evidence(page, step) : undefined);
    const where = e instanceof AdapterError ? e.step : step;
    const message = (e as Error).message ?? String(e);
    const proof = page ? await evidence(page, where) : undefined;
    if (e instanceof AdapterError && e.code === 'publish_rejected' && e.details.verification === true) {
      // The platform refused the publish until the account is verified (kit/api-publish.ts): nothing
      // was published, before or after the gate, and the request is never sent again.
      return failed('challenge_required', where, message, proof);
    }
    if (committed && !(e instanceof AdapterError && e.code === 'publish_rejected')) {
      return failed('readback_failed', where, `after the commit: ${message}`, proof);
    }
    return failed(e instanceof AdapterError ? e.code : 'unexpected_error', where, message, proof);
  }
}

/**
 * The signs of a restricted or warned account (kit/standing.ts) the page shows, or the
 * platform's answer held when it refused the publish (an AdapterError's `answer` detail).
 */
async function standingOf(platform: string, page: Page, e?: unknown): Promise<AccountSignal[]> {
  const answer = e instanceof AdapterError && typeof e.details.answer === 'string' ? e.details.answer : '';
  return standingSignals(platform, { pageText: await visibleText(page), answer });
}

function withStanding(outcome: AttemptOutcome, signals: AccountSignal[]): AttemptOutcome {
  return outcome.kind === 'result' && signals.length ? { kind: 'result', result: { ...outcome.result, signals } } : outcome;
}

/**
 * Whether an unknown modal may be what made the step fail: a timeout or a control not found,
 * yes; an adapter that read the platform's own answer (a refusal, a rejected cover, a setting
 * not offered, no login), no — its code says more than "a dialog covers the page".
 */
function modalMayBlock(e: unknown): boolean {
  return !(e instanceof AdapterError) || e.code === 'editor_changed';
}

function failed(code: string, step: string, message: string, evidence?: { step: string; screenshotPng?: string; html?: string }): AttemptOutcome {
  return { kind: 'result', result: { outcome: 'failed', error: { code, step, message: message.slice(0, 2000) }, ...(evidence ? { evidence } : {}) } };
}

/** What the page looked like when it failed: capped screenshot and HTML, never cookies. */
async function evidence(page: Page, step: string): Promise<{ step: string; screenshotPng?: string; html?: string }> {
  const out: { step: string; screenshotPng?: string; html?: string } = { step };
  try {
    const png = (await page.screenshot({ type: 'png', timeout: 5000 })).toString('base64');
    if (png.length <= EVIDENCE_LIMITS.screenshotBase64Chars) out.screenshotPng = png;
  } catch {
    // page gone
  }
  try {
    out.html = (await page.content()).slice(0, EVIDENCE_LIMITS.htmlChars);
  } catch {
    // page gone
  }
  return out;
}
