/**
 * A job paused on a challenge (rule `wait`): the page stays as it is, is streamed to the
 * control plane, and takes a person's answers until the challenge is gone from it. The pause
 * ends in one of three ways:
 *   - the challenge is gone: `cleared` is reported and the caller resumes the blocked step. Gone
 *     means the challenge the pause began on (its kind and sign) is no longer on the page: an
 *     ordinary dialog the page shows besides (kuaishou's guide popover once its SMS code is
 *     answered) does not hold the pause, the blocked step runs again and meets it as the
 *     adapter does, or as a new challenge if it really blocks; another challenge in its place
 *     (an identity check that leads to an SMS panel) is handed back for a pause of its own;
 *   - the job's signal aborts (the control plane cancelled it — its deadline for an answer
 *     passed, `input_timeout` — or the daemon stops): the abort propagates, nothing was
 *     committed, so the runner gives the job back as for any cancel before the commit;
 *   - nobody ended it long after the control plane's deadline (a control plane cut off from
 *     this node): ChallengeUnanswered, the job fails `input_timeout`.
 */
import { type ChallengeKind, EVIDENCE_LIMITS, type LoginInput } from '@plume/shared';
import type { Page } from 'playwright-core';
import type { Logger } from 'pino';
import { answerSms, ChallengeUnreadable, type DetectedChallenge, detectChallenge } from '../../adapters/kit/challenge.js';
import { applyPageInput, type StreamedFrame, streamFrames } from '../../browser/stream-frames.js';

/** What the runner does for a pause: report it, stream it, route the person's answers to it. */
export interface PauseHooks {
  /** The job stopped at a challenge: report it (outbox) and free the job's concurrency slot. */
  paused(c: { kind: ChallengeKind; step: string; message: string; screenshotPng?: string }): void;
  /** The pause ended: `clearedStep` when the challenge is gone (reported, outbox), null when it was cut short. */
  resumed(clearedStep: string | null): void;
  frame(f: StreamedFrame): void;
  /** Routes the job's inputs to `apply` until the returned function is called. */
  inputs(apply: (input: LoginInput) => void): () => void;
}

export class ChallengeUnanswered extends Error {}

export interface PauseOptions {
  hooks: PauseHooks;
  signal: AbortSignal;
  log: Logger;
  /** The job's rule: how long the control plane waits for an answer before it cancels the job. */
  timeoutMs: number;
  /** Default POLL_MS. */
  pollMs?: number;
  /**
   * Called once the pause on an SMS challenge is reported: asks the platform to send its code
   * when the page waits for a press on its send control (the caller decides whether, and once).
   */
  requestCode?: () => Promise<void>;
}

// Why 1 s: a person's answer is seen gone within a second, and a poll costs a few milliseconds.
const POLL_MS = 1000;
// Why: the control plane cancels the job at its deadline; a node that heard nothing a minute
// later is cut off from it and stops waiting on its own.
const GRACE_MS = 60_000;

/** Whether `now` is the challenge a pause began on: the same kind, found by the same sign. */
export function sameChallenge(began: DetectedChallenge, now: DetectedChallenge): boolean {
  return began.kind === now.kind && began.sign === now.sign;
}

/**
 * Pauses on `found` (at `step`, found with `afterFailure` and `overlays` as detectChallenge
 * takes them) until that challenge is gone; throws the signal's reason when aborted. Resolves
 * with the challenge that took its place, when another one (not an ordinary dialog) did: the
 * caller pauses on it in turn; null when the blocked step may run again.
 */
export async function awaitPerson(page: Page, found: DetectedChallenge, step: string, afterFailure: boolean, overlays: boolean, o: PauseOptions): Promise<DetectedChallenge | null> {
  o.signal.throwIfAborted();
  o.hooks.paused({ kind: found.kind, step, message: found.message, ...(await screenshot(page)) });
  o.log.info({ kind: found.kind, step, sign: found.sign }, 'job paused on a challenge; waiting for a person');
  let wake: () => void = () => {};
  // The code is asked for first in the line the answers take: an answer that comes at once (the
  // pause is reported already) is queued behind it, not dropped for want of a listener.
  let applying: Promise<void> =
    found.kind === 'sms' && o.requestCode ? o.requestCode().catch((err: unknown) => o.log.warn({ err: (err as Error).message }, 'the SMS code could not be requested')) : Promise.resolve();
  // Once the pause ends, an answer still queued reaches nothing: the page is the job's again.
  let over = false;
  const stopInputs = o.hooks.inputs((input) => {
    // Inputs run one at a time, in arrival order; each is followed by a look at the page.
    applying = applying
      .then(() => (over ? undefined : apply(page, input, o.log)))
      .catch((err: unknown) => o.log.warn({ input: input.type, err: (err as Error).message }, 'a challenge input failed'))
      .finally(() => wake());
  });
  const stopFrames = streamFrames(page, (f) => o.hooks.frame(f), o.log);
  // An input that never returns (a page that stopped answering) must not outlast a cancel.
  let aborted!: () => void;
  const abortedP = new Promise<void>((r) => (aborted = r));
  const onAbort = () => {
    aborted();
    wake();
  };
  o.signal.addEventListener('abort', onAbort);
  const deadline = Date.now() + o.timeoutMs + GRACE_MS;
  let cleared = false;
  let next: DetectedChallenge | null = null;
  try {
    for (;;) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, o.pollMs ?? POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      o.signal.throwIfAborted();
      await Promise.race([applying, abortedP]);
      o.signal.throwIfAborted();
      if (page.isClosed()) throw new Error('the page closed while the job waited for a person');
      // Gone by the same look that found it (a modal that counted then counts now); a page that
      // cannot be read this time (navigating after the person's answer) is looked at again.
      const still = await detectChallenge(page, { afterFailure, overlays }).catch((err: unknown) => {
        if (err instanceof ChallengeUnreadable) return 'unread' as const;
        throw err;
      });
      if (!still || (still !== 'unread' && !sameChallenge(found, still))) {
        // An ordinary dialog left behind is the blocked step's to meet; a challenge of another kind or sign is a pause of its own.
        next = still && still.kind !== 'dialog' ? still : null;
        break;
      }
      if (Date.now() > deadline) throw new ChallengeUnanswered(`no answer to the ${found.kind} challenge within ${Math.round((o.timeoutMs + GRACE_MS) / 1000)} s`);
    }
    cleared = true;
  } finally {
    over = true;
    o.signal.removeEventListener('abort', onAbort);
    stopInputs();
    await stopFrames();
    o.hooks.resumed(cleared ? step : null);
  }
  o.log.info({ kind: found.kind, step, ...(next ? { next: next.kind, nextSign: next.sign } : {}) }, next ? 'challenge cleared; another one took its place' : 'challenge cleared; the job resumes');
  return next;
}

async function apply(page: Page, input: LoginInput, log: Logger): Promise<void> {
  if (input.type === 'sms') {
    const how = await answerSms(page, input.code);
    log.info({ how }, 'SMS code applied');
    return;
  }
  await applyPageInput(page, input);
}

/** The page as the person will first see it, capped as evidence is. */
export async function screenshot(page: Page): Promise<{ screenshotPng?: string }> {
  try {
    const png = (await page.screenshot({ type: 'png', timeout: 5000 })).toString('base64');
    return png.length <= EVIDENCE_LIMITS.screenshotBase64Chars ? { screenshotPng: png } : {};
  } catch {
    return {};
  }
}
