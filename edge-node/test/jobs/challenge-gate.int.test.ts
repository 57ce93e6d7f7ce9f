/**
 * A challenge the platform raises once the form is filled or at its publish control, on every
 * pair an edge node publishes, under the rule `fail`: one attempt as the job runner drives it
 * (runAttempt) with the pair's real adapter in Chromium against its replica, an SMS dialog or a
 * slider raised at `after_fill` or `at_publish` (test/platform-simulator/challenge.ts).
 *
 * Nothing is ever published, and the job fails `challenge_required`:
 * - a challenge the page draws is met before the commit gate (the watch while a step waits,
 *   the still page looked at before the gate): no commit is asked for;
 * - a pair whose adapter publishes through the platform's API never edits the page, so the
 *   replica draws nothing; the publish request after the gate is refused until the account is
 *   verified, and that refusal fails the job `challenge_required` at `publish` (the documented
 *   outcome, docs/integrators.md), without a second request.
 * One browser for the file, a context per case; the replicas answer at once (no publish delay).
 *
 * Each pair runs one of the four cases (sms or slider, after_fill or at_publish), taken in turn
 * along the registry's pairs, so every pair and every case is covered (each case on about a
 * quarter of the pairs) in a quarter of the time; CHALLENGE_GATE_ALL=1 runs all four on every
 * pair (about 170 attempts).
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAttempt } from '../../src/jobs/run-attempt.js';
import { attemptDeps, useAttemptWorld } from '../../../test/support/attempt-world.js';
import { raiseChallenge } from '../../../test/support/challenge.js';
import { accountOf, registryJobPairs, registryJobSpec } from '../../../test/support/registry-jobs.js';

const w = useAttemptWorld('challenge-gate', { media: true });
let n = 0;
const rows: string[] = [];

afterAll(() => {
  if (process.env.CHALLENGE_GATE_TABLE) console.log(rows.join('\n'));
});

const PAIRS = process.env.CHALLENGE_GATE_PAIRS ? process.env.CHALLENGE_GATE_PAIRS.split(',') : registryJobPairs();
const CASES = (['sms', 'slider'] as const).flatMap((kind) => (['after_fill', 'at_publish'] as const).map((step) => ({ kind, step })));
/** The cases a pair runs: all four with CHALLENGE_GATE_ALL=1, else the pair's turn of them. */
const casesOf = (pair: string) => (process.env.CHALLENGE_GATE_ALL === '1' ? CASES : [CASES[PAIRS.indexOf(pair) % CASES.length]!]);

/** One attempt of `pair`'s job with the challenge raised: what came of it. */
async function attempt(pair: string, kind: 'sms' | 'slider', step: 'after_fill' | 'at_publish') {
  const platform = pair.split('/')[0]!;
  // A new raise starts a new run of the challenge (its status from zero), on this platform only.
  raiseChallenge(w.sim, platform, { kind, step });
  let commits = 0;
  const started = performance.now();
  const id = ++n;
  const outcome = await runAttempt(
    `job_gate_${id}`,
    `att_gate_${id}`,
    registryJobSpec(pair, id, (f) => join(w.root, 'videos', '7', f), { challenge: { mode: 'fail', timeoutMs: 60_000 } }),
    attemptDeps(w, {
      platform,
      account: accountOf(platform),
      id,
      gate: async () => {
        commits++;
      },
    }),
  );
  const result = outcome.kind === 'result' ? outcome.result : undefined;
  const drawn = (w.sim.challengeStatus(platform)?.shown ?? 0) > 0;
  rows.push(`${pair} ${kind} ${step}: ${result?.outcome} ${result?.error?.code ?? ''} at ${result?.error?.step ?? '-'} drawn=${drawn} commits=${commits} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { platform, result, drawn, commits };
}

// Platforms run side by side (each replica's state is its own); a platform's pairs and their four cases one after another.
const PLATFORMS = [...new Set(PAIRS.map((p) => p.split('/')[0]!))];
describe.concurrent('a challenge raised after the fill or at the publish control, rule fail: nothing is published', () => {
  it.each(PLATFORMS)('%s: every content type, an sms dialog or a slider after the fill or at the publish control', async (platform) => {
    w.sim.configure(platform, { chunkDelayMs: 0, publishDelayMs: 0, transcodeMs: 0 });
    w.sim.setLoggedIn(platform, accountOf(platform), true);
    for (const pair of PAIRS.filter((p) => p.startsWith(`${platform}/`))) {
      for (const { kind, step } of casesOf(pair)) {
        const at = `${pair}, ${kind} at ${step}`;
        const { result, drawn, commits } = await attempt(pair, kind, step);
        expect(w.sim.publishes(platform), `${at}: nothing is published`).toEqual([]);
        expect(result?.error?.code, `${at}: ${JSON.stringify(result?.error)}`).toBe('challenge_required');
        if (drawn) {
          // Met on the page before the gate: no commit was asked for.
          expect(commits, at).toBe(0);
        } else {
          // The page was never edited, so nothing was drawn: the one publish request after the commit was refused until the account is verified.
          expect({ commits, step: result?.error?.step }, at).toEqual({ commits: 1, step: 'publish' });
          expect(result?.error?.message, at).toMatch(/asks to verify the account.*nothing was published/);
        }
      }
    }
  }, 600_000);
});
