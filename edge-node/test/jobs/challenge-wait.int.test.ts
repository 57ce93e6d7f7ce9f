/**
 * A challenge the platform raises once the form is filled or at its publish control, on every
 * pair an edge node publishes, under the rule `wait`: one attempt as the job runner drives it
 * (runAttempt) with the pair's real adapter in Chromium against its replica, an SMS dialog or a
 * slider raised at `after_fill` or `at_publish` (test/platform-simulator/challenge.ts), and a
 * person's answer sent in as the control plane relays a `job_input`.
 *
 * - A challenge the page draws pauses the attempt once, before the commit gate. The answer a
 *   person gives from the page the node streams (the code that reached the account's phone; the
 *   slider's handle dragged to the end of its track, in page pixels) goes in through the pause's
 *   input channel; the attempt resumes at the blocked step, passes the gate once, and the post is
 *   made once.
 * - A pair whose adapter publishes through the platform's API never edits the page, so nothing is
 *   drawn to answer: its publish request is refused until the account is verified, after the
 *   gate, and the job fails `challenge_required` at `publish` under `wait` too (a refused request
 *   published nothing; there is no page for a person to act on).
 *
 * Each pair runs one of the four cases, taken in turn along the registry's pairs, two turns on
 * from the `fail` file's (challenge-gate.int.test.ts), so a pair meets the other kind here: over
 * the two files every pair meets both an SMS dialog and a slider. CHALLENGE_WAIT_ALL=1 runs all
 * four on every pair.
 */
import { join } from 'node:path';
import type { LoginInput } from '@plume/shared';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runAttempt } from '../../src/jobs/run-attempt.js';
import { challengeForm } from '../../../test/platform-simulator/challenge.js';
import { attemptDeps, useAttemptWorld } from '../../../test/support/attempt-world.js';
import { challengeRoot, raiseChallenge } from '../../../test/support/challenge.js';
import { accountOf, registryJobPairs, registryJobSpec } from '../../../test/support/registry-jobs.js';

const w = useAttemptWorld('challenge-wait', { media: true });
let n = 0;

const PAIRS = process.env.CHALLENGE_WAIT_PAIRS ? process.env.CHALLENGE_WAIT_PAIRS.split(',') : registryJobPairs();
const CASES = (['sms', 'slider'] as const).flatMap((kind) => (['after_fill', 'at_publish'] as const).map((step) => ({ kind, step })));
/** The cases a pair runs: all four with CHALLENGE_WAIT_ALL=1, else the pair's turn, two on from challenge-gate's. */
const casesOf = (pair: string) => (process.env.CHALLENGE_WAIT_ALL === '1' ? CASES : [CASES[(PAIRS.indexOf(pair) + 2) % CASES.length]!]);

/**
 * What a person does, looking at the page the node streams, sent in as the console sends it (page
 * pixels), through `send` (the channel of the pause now on): for an SMS dialog, a press on its send
 * control when no code has come yet (the plain dialog sends one only then), then the newest code
 * on the account's phone, and again whenever a newer one comes (a press the node made too sends a
 * second code, and only the newest is good); for a slider, its handle dragged from its centre to
 * the end of its track.
 */
async function answerAsAPerson(platform: string, kind: 'sms' | 'slider', context: BrowserContext, codesBefore: number, send: (input: LoginInput) => void, over: Promise<void>): Promise<void> {
  const page = context.pages().find((p) => !p.isClosed())!;
  const { sel } = challengeForm(platform, kind);
  const root = challengeRoot(page, kind);
  const centre = (b: { x: number; y: number; width: number; height: number }) => ({ x: Math.round(b.x + b.width / 2), y: Math.round(b.y + b.height / 2) });
  if (kind === 'sms') {
    const codes = () => w.sim.smsSent(platform).filter((s) => s.purpose === 'challenge' && s.account === accountOf(platform)).slice(codesBefore);
    if (codes().length === 0) send({ type: 'click', ...centre((await root.locator(sel.send!).boundingBox())!) });
    // As a phone is watched: each code as it arrives, until the attempt is over (its own deadline bounds it).
    let sent: string | undefined;
    for (let done = false; !done; ) {
      const newest = codes().at(-1)?.code;
      if (newest !== undefined && newest !== sent) send({ type: 'sms', code: (sent = newest) });
      done = await Promise.race([w.sim.nextSms().then(() => false), over.then(() => true)]);
    }
    return;
  }
  const handle = (await root.locator(sel.handle!).boundingBox())!;
  const track = (await root.locator(sel.track!).boundingBox())!;
  const from = centre(handle);
  send({ type: 'drag', from, to: { x: Math.round(track.x + track.width - handle.width / 2), y: from.y } });
}

/** One attempt of `pair`'s job with the challenge raised, answered as a person would when it pauses. */
async function attempt(pair: string, kind: 'sms' | 'slider', step: 'after_fill' | 'at_publish') {
  const platform = pair.split('/')[0]!;
  const codesBefore = w.sim.smsSent(platform).filter((s) => s.purpose === 'challenge' && s.account === accountOf(platform)).length;
  raiseChallenge(w.sim, platform, { kind, step });
  const id = ++n;
  const seen = { paused: [] as { kind: string; step: string }[], resumed: [] as (string | null)[], gates: 0, answered: false };
  let context: BrowserContext | undefined;
  let ended!: () => void;
  const over = new Promise<void>((resolve) => (ended = resolve));
  let answerError: unknown;
  let current: (input: LoginInput) => void = () => {};
  const run = runAttempt(
    `job_wait_${id}`,
    `att_wait_${id}`,
    registryJobSpec(pair, id, (f) => join(w.root, 'videos', '7', f), { challenge: { mode: 'wait', timeoutMs: 120_000 } }),
    attemptDeps(w, {
      platform,
      account: accountOf(platform),
      id,
      onLaunch: (c) => (context = c),
      gate: async () => {
        seen.gates++;
      },
      pause: {
        paused: (c) => seen.paused.push({ kind: c.kind, step: c.step }),
        resumed: (s) => seen.resumed.push(s),
        frame: () => {},
        inputs: (apply) => {
          current = apply;
          // The person answers once the page is paused, from what the page shows, through the pause now on.
          if (!seen.answered) {
            seen.answered = true;
            // Outside the test's own flow (the attempt calls this), so no expect here: what goes wrong shows in the outcome.
            void answerAsAPerson(platform, kind, context!, codesBefore, (input) => current(input), over).catch((e: unknown) => (answerError = e));
          }
          return () => {};
        },
      },
    }),
  );
  const outcome = await run.finally(() => ended());
  if (answerError) throw answerError;
  return { platform, result: outcome.kind === 'result' ? outcome.result : undefined, drawn: (w.sim.challengeStatus(platform)?.shown ?? 0) > 0, seen };
}

// Platforms run side by side (each replica's state is its own); a platform's pairs one after another.
const PLATFORMS = [...new Set(PAIRS.map((p) => p.split('/')[0]!))];
describe.concurrent('a challenge raised after the fill or at the publish control, rule wait: a person answers, the post is made once', () => {
  it.each(PLATFORMS)('%s: every content type, an sms dialog or a slider after the fill or at the publish control', async (platform) => {
    w.sim.configure(platform, { chunkDelayMs: 0, publishDelayMs: 0, transcodeMs: 0 });
    w.sim.setLoggedIn(platform, accountOf(platform), true);
    for (const pair of PAIRS.filter((p) => p.startsWith(`${platform}/`))) {
      for (const { kind, step } of casesOf(pair)) {
        const at = `${pair}, ${kind} at ${step}`;
        const before = w.sim.publishes(platform).length;
        const { result, drawn, seen } = await attempt(pair, kind, step);
        if (drawn) {
          expect(result?.outcome, `${at}: ${JSON.stringify(result?.error)}`).toBe('succeeded');
          expect(seen.paused.map((p) => p.kind), at).toEqual([kind]);
          expect(seen.resumed, at).toEqual([seen.paused[0]!.step]);
          expect(w.sim.challengeStatus(platform), at).toMatchObject({ answered: true });
          expect(seen.gates, at).toBe(1);
          expect(w.sim.publishes(platform).length - before, `${at}: one post`).toBe(1);
        } else {
          expect(seen.paused, at).toEqual([]);
          expect({ code: result?.error?.code, step: result?.error?.step, gates: seen.gates }, `${at}: ${JSON.stringify(result?.error)}`).toEqual({ code: 'challenge_required', step: 'publish', gates: 1 });
          expect(w.sim.publishes(platform).length - before, `${at}: nothing published`).toBe(0);
        }
      }
    }
  }, 600_000);
});
