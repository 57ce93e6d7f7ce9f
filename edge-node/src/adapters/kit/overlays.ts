/**
 * Popups and guided tours that creator pages lay over their forms (notices with
 * a "got it" button, react-joyride spotlights that swallow every click). A rule
 * either clicks a control that closes its overlay or removes a node that has no
 * close control; rules run in order, only on what is there and visible.
 */
import type { Page } from 'playwright-core';

export interface OverlayRule {
  selector: string;
  action: 'click' | 'remove';
}

/** Applies each rule once; returns how many overlays were dismissed. */
export async function dismissOverlays(page: Page, rules: readonly OverlayRule[]): Promise<number> {
  let dismissed = 0;
  for (const rule of rules) {
    const matches = page.locator(rule.selector);
    const n = await matches.count();
    for (let i = 0; i < n; i++) {
      const el = matches.nth(i);
      if (rule.action === 'remove') {
        // Removing a node that vanished meanwhile is no error.
        if ((await el.evaluate((node: { remove(): void }) => node.remove()).then(() => true, () => false))) dismissed++;
      } else if (await el.isVisible()) {
        // force: the overlay being closed may itself sit under another one.
        await el.click({ force: true, timeout: 2000 }).then(() => dismissed++, () => {});
      }
    }
  }
  return dismissed;
}
