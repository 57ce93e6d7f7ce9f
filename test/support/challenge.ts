/**
 * Raising a replica's mid-publish challenge and answering it as a person would, for tests
 * (test/platform-simulator/challenge.ts draws it).
 *
 *   raiseChallenge(sim, 'douyin', { kind: 'sms', step: 'at_publish' });
 *   … the adapter or the node meets it …
 *   await answerChallenge(page, 'douyin', 'sms', { code: await challengeCode(sim, 'douyin') });
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { challengeForm, type ChallengeRaise, type SimChallengeKind } from '../platform-simulator/challenge.js';
import type { Simulator } from '../platform-simulator/index.js';

/** Raises `raise` on the platform's replica pages until it is answered once (it replaces one raised before). */
export function raiseChallenge(sim: Pick<Simulator, 'configure'>, platform: string, raise: ChallengeRaise): void {
  sim.configure(platform, { challenge: raise });
}

/** The challenge's root element in the page (whatever form the platform's challenge takes). */
export function challengeRoot(page: Page, kind: SimChallengeKind) {
  return page.locator(`[data-sim-challenge="${kind}"]`);
}

/**
 * The newest code a challenge sent to the platform's accounts (to `account` only, when given),
 * waiting for it to arrive as a phone waits for a message (up to `timeoutMs`).
 */
export async function challengeCode(sim: Pick<Simulator, 'smsSent'>, platform: string, account?: string, timeoutMs = 5_000): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        code = sim
          .smsSent(platform)
          .filter((s) => s.purpose === 'challenge' && (account === undefined || s.account === account))
          .at(-1)?.code;
        return code;
      },
      { timeout: timeoutMs, message: `no challenge code reached ${platform}${account ? `/${account}` : ''}'s phone` },
    )
    .toBeDefined();
  return code!;
}

/** Drags the slider's handle `fraction` of the way along its track with the mouse (press, moves, release). */
export async function dragSlider(page: Page, platform: string, fraction = 1): Promise<void> {
  const { sel } = challengeForm(platform, 'slider');
  const root = challengeRoot(page, 'slider');
  const handle = await root.locator(sel.handle!).boundingBox();
  const track = await root.locator(sel.track!).boundingBox();
  if (!handle || !track) throw new Error(`${platform}: the slider is not on screen`);
  const x = handle.x + handle.width / 2;
  const y = handle.y + handle.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + (track.width - handle.width) * fraction, y, { steps: 12 });
  await page.mouse.up();
}

/**
 * Answers the challenge shown on the page the way its form asks: an SMS challenge with `code`
 * (typed, then its confirm pressed), a slider by a drag to the end, a click captcha by its
 * characters in the order it asks then its confirm, an identity check by its confirm, a dialog
 * by its close button.
 */
export async function answerChallenge(page: Page, platform: string, kind: SimChallengeKind, o: { code?: string } = {}): Promise<void> {
  const { sel } = challengeForm(platform, kind);
  const root = challengeRoot(page, kind);
  if (kind === 'sms') {
    if (o.code === undefined) throw new Error('an SMS challenge is answered with a code');
    await root.locator(sel.input!).fill(o.code);
    await root.locator(sel.confirm!).click();
  } else if (kind === 'slider') {
    await dragSlider(page, platform, 1);
  } else if (kind === 'captcha') {
    const asked = (await root.locator(sel.order!).innerText()).split(/\s+/);
    for (const c of asked) await root.locator(sel.item!, { hasText: c }).click();
    await root.locator(sel.confirm!).click();
  } else if (kind === 'identity') {
    await root.locator(sel.confirm!).click();
  } else {
    await root.locator(sel.close!).first().click();
  }
}

/** Presses the SMS challenge's 获取验证码 (the code goes to the account's phone). */
export async function requestChallengeCode(page: Page, platform: string): Promise<void> {
  await challengeRoot(page, 'sms').locator(challengeForm(platform, 'sms').sel.send!).click();
}
