/**
 * A job that waits for a person resumes once the challenge it paused on is answered, on real
 * replicas: one attempt (runAttempt, as the job runner drives it) with the platform's own
 * adapter in Chromium against the platform simulator, the replica asking for an SMS code
 * mid-publish, and the answer routed to the paused page as the control plane routes a
 * `job_input`.
 * - kuaishou: its guide popover (在这里填写作品描述 · 跳过) is still on the page once the code
 *   is taken; the pause ends with the SMS dialog, the blocked step runs again, the adapter
 *   dismisses the guide, and the post is made once;
 * - douyin: its panel sends the code only when 获取验证码 is pressed (as recorded); the node
 *   presses it once as the job pauses, so the code reaches the phone, and the post is made once.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { ChallengeKind, JobSpec, LoginInput } from '@plume/shared';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { until } from '../../../control-plane/src/testing/eventually.js';
import type { Adapter } from '../../src/adapters/contract.js';
import { douyinAdapter } from '../../src/adapters/douyin/adapter.js';
import { kuaishouAdapter } from '../../src/adapters/kuaishou/adapter.js';
import { type AttemptOutcome, runAttempt } from '../../src/jobs/run-attempt.js';
import { attemptDeps, useAttemptWorld } from '../../../test/support/attempt-world.js';
import { raiseChallenge } from '../../../test/support/challenge.js';

const USER_ID = 7;

const w = useAttemptWorld('challenge-resume');
let clip: string;
let picture: string;
let seq = 0;

beforeAll(async () => {
  const dir = join(w.root, 'videos', String(USER_ID));
  await mkdir(dir, { recursive: true });
  clip = join(dir, 'clip.mp4');
  picture = join(dir, 'a.jpg');
  await writeFile(clip, randomBytes(64 * 1024));
  await writeFile(picture, randomBytes(20 * 1024));
});
beforeEach(() => w.sim.reset());

/** What the attempt told its pause hooks, and the way to answer it. */
interface Paused {
  paused: { kind: ChallengeKind; step: string }[];
  resumed: (string | null)[];
  gates: number;
  answer: (input: LoginInput) => void;
}

function attempt(adapter: Adapter, account: string, spec: JobSpec): { run: Promise<AttemptOutcome>; seen: Paused } {
  let apply: ((input: LoginInput) => void) | null = null;
  const seen: Paused = {
    paused: [],
    resumed: [],
    gates: 0,
    answer: (input) => {
      if (!apply) throw new Error('the job takes no input now');
      apply(input);
    },
  };
  const deps = attemptDeps(w, {
    platform: spec.platform,
    account,
    id: ++seq,
    adapter,
    gate: async () => {
      seen.gates++;
    },
    pause: {
      paused: (c) => seen.paused.push({ kind: c.kind, step: c.step }),
      resumed: (step) => seen.resumed.push(step),
      frame: () => {},
      inputs: (a) => {
        apply = a;
        return () => {
          apply = null;
        };
      },
    },
  });
  return { run: runAttempt(`job_resume_${seq}`, `att_resume_${seq}`, spec, deps), seen };
}

function spec(platform: string, account: string, contentType: 'video' | 'dynamic'): JobSpec {
  return {
    userId: USER_ID,
    platform,
    contentType,
    account: { id: 1, externalRef: account, displayName: 'resume test' },
    payload: contentType === 'video' ? { title: `验证码之后 ${seq}`, localVideoPath: clip } : { content: `验证码之后的图文 ${seq}`, images: [picture] },
    settings: {},
    settingsHash: 'sha256:test',
    settingsContractVersion: 'test',
    createdAt: new Date().toISOString(),
    challenge: { mode: 'wait', timeoutMs: 60_000 },
  };
}

/** The newest challenge code on the platform's phone. */
const codes = (platform: string) => w.sim.smsSent(platform).filter((s) => s.purpose === 'challenge');

describe('kuaishou: the guide popover left after the SMS code does not hold the pause', () => {
  it.each(['video', 'dynamic'] as const)('a %s job answered with the right code resumes and publishes once', async (contentType) => {
    const account = `ks_resume_${contentType}`;
    w.sim.setLoggedIn('kuaishou', account, true);
    raiseChallenge(w.sim, 'kuaishou', { kind: 'sms', step: 'at_publish', sendOnShow: true });
    const { run, seen } = attempt(kuaishouAdapter, account, spec('kuaishou', account, contentType));
    await until(
      () => seen.paused.length,
      (n) => n > 0,
    );
    expect(seen.paused[0]).toMatchObject({ kind: 'sms' });
    const [sent] = await until(
      () => codes('kuaishou'),
      (list) => list.length > 0,
    );
    seen.answer({ type: 'sms', code: sent!.code });
    const outcome = await run;
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ kind: 'result', result: { outcome: 'succeeded' } });
    expect(w.sim.challengeStatus('kuaishou')).toMatchObject({ answered: true, wrongCodes: 0 });
    expect(seen.paused).toHaveLength(1);
    expect(seen.resumed).toEqual([seen.paused[0]!.step]);
    expect(seen.gates).toBe(1);
    expect(w.sim.publishes('kuaishou')).toHaveLength(1);
  }, 120_000);
});

describe('douyin: the node asks for the code the panel sends only on a press', () => {
  it('a video job paused on the panel has 获取验证码 pressed once; the code that reaches the phone publishes it once', async () => {
    const account = 'MS4wLjABAAAAresume_douyin';
    w.sim.setLoggedIn('douyin', account, true);
    raiseChallenge(w.sim, 'douyin', { kind: 'sms', step: 'at_publish' });
    const { run, seen } = attempt(douyinAdapter, account, spec('douyin', account, 'video'));
    const [sent] = await until(
      () => codes('douyin'),
      (list) => list.length > 0,
    );
    expect(seen.paused).toMatchObject([{ kind: 'sms' }]);
    seen.answer({ type: 'sms', code: sent!.code });
    const outcome = await run;
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ kind: 'result', result: { outcome: 'succeeded' } });
    expect(w.sim.challengeStatus('douyin')).toMatchObject({ answered: true, codesSent: 1, wrongCodes: 0 });
    expect(seen.paused).toHaveLength(1);
    expect(seen.gates).toBe(1);
    expect(w.sim.publishes('douyin')).toHaveLength(1);
  }, 120_000);

  it('a panel whose code already went out (its control counts down) is not asked again', async () => {
    const account = 'MS4wLjABAAAAresume_douyin2';
    w.sim.setLoggedIn('douyin', account, true);
    raiseChallenge(w.sim, 'douyin', { kind: 'sms', step: 'at_publish', sendOnShow: true });
    const { run, seen } = attempt(douyinAdapter, account, spec('douyin', account, 'video'));
    await until(
      () => seen.paused.length,
      (n) => n > 0,
    );
    const [sent] = await until(
      () => codes('douyin'),
      (list) => list.length > 0,
    );
    seen.answer({ type: 'sms', code: sent!.code });
    expect(await run).toMatchObject({ kind: 'result', result: { outcome: 'succeeded' } });
    expect(w.sim.challengeStatus('douyin')).toMatchObject({ answered: true, codesSent: 1 });
    expect(w.sim.publishes('douyin')).toHaveLength(1);
  }, 120_000);
});
