/**
 * Asking a platform to send its SMS code when a job pauses on an SMS challenge. Some platforms
 * send the code only when the person presses the panel's send control (douyin's 获取验证码):
 * a person answering through the API never sees the page, so without a press no code ever
 * reaches the phone. The node presses it, under three limits:
 *   - only a control the public sources record for the job's platform (challenge-facts.ts,
 *     `sendCode`); on a platform with none recorded the node presses nothing;
 *   - only while it still offers to send (获取验证码, 发送验证码), not once it counts down or
 *     says a code went out (已发送, 60s后重新获取, 重新发送): a code the platform sent by itself
 *     is not asked for again;
 *   - at most once per attempt (the caller's bound): a new code is a new SMS, and platforms
 *     limit how many they send.
 */
import type { Page } from 'playwright-core';

/** What became of the request: pressed, already sent (the control no longer offers it), or no recorded control on the page. */
export type CodeRequest = 'pressed' | 'already_sent' | 'no_control';

// A control that still offers to send: its words ask for a code and carry no countdown.
const OFFERS = /获取|发送|send|get/i;
const SENT = /已发送|重新|重发|resend|sent|\d/i;

/** Presses the first visible recorded send control (in the page or a frame) that still offers to send. */
export async function requestSmsCode(page: Page, controls: readonly string[]): Promise<CodeRequest> {
  if (controls.length === 0) return 'no_control';
  for (const frame of page.frames()) {
    for (const sel of controls) {
      const control = frame.locator(sel).first();
      if (!(await control.isVisible().catch(() => false))) continue;
      const words = ((await control.innerText({ timeout: 1000 }).catch(() => '')) || '').replace(/\s+/g, '');
      const disabled = await control.evaluate((el: { getAttribute(n: string): string | null; className: unknown }) => el.getAttribute('aria-disabled') === 'true' || el.getAttribute('disabled') !== null || /(^|[\s_-])disabled?\b/i.test(String(el.className))).catch(() => true);
      if (disabled || SENT.test(words) || !OFFERS.test(words)) return 'already_sent';
      await control.click({ timeout: 2000 });
      return 'pressed';
    }
  }
  return 'no_control';
}
