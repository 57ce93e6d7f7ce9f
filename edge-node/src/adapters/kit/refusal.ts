/**
 * Where a page shows its own refusal, read from every message form public code
 * records for the platform rather than one guessed class: a CSS selector list
 * (`.el-message--error, .dialog_content .dialog_text, [role="alert"]`), of which
 * the visible matches count. Several platforms show their successes in the same
 * element (zhihu's `.Notification`, WeChat's `.weui-desktop-toast`, eastmoney's
 * `.dialog_content`), so a message whose text reads as a success is never a
 * refusal.
 */
import type { Locator, Page } from 'playwright-core';

/**
 * Text that reads as a success: 成功 (not 未成功 / 不成功 / 没成功), 已发布, 已发表,
 * 已提交, 审核中 (WeChat's "submitted" word). Evaluated in the page, where
 * lookbehind is supported.
 */
export const SUCCESS_TEXT = /(?<![未不没])成功|已发布|已发表|已提交|审核中/;

/** Whether a message's text reads as a success (the same test the locator applies in the page). */
export function readsAsSuccess(text: string): boolean {
  return SUCCESS_TEXT.test(text);
}

/** The visible messages among `selectors` (a CSS list) whose text does not read as a success. */
export function refusalIn(page: Page, selectors: string): Locator {
  return page.locator(selectors).filter({ visible: true }).filter({ hasNotText: SUCCESS_TEXT });
}

/** The first visible refusal's text, '' when none shows. */
export async function refusalText(refusal: Locator): Promise<string> {
  const shown = refusal.filter({ visible: true }).first();
  if ((await shown.count()) === 0) return '';
  return (await shown.innerText({ timeout: 1000 }).catch(() => '')).trim();
}
