/**
 * `need` in real Chromium: a control is missing only once the page could be
 * searched for the control's whole timeout. A page busy with its own scripts
 * (or a new document whose selector engine is still being set up) must not
 * spend that time.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { need } from '../edge-node/src/adapters/support.js';
import { expectAdapterError, launchTestBrowser, makeCtx } from './platform-simulator/harness.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchTestBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The button is in the document from the start; the page's main thread is then busy for `busyMs`. */
const busyPage = (busyMs: number) =>
  `<!doctype html><button>发布</button><script>setTimeout(() => { const t = Date.now(); while (Date.now() - t < ${busyMs}) {} }, 0);</script>`;

describe('need', () => {
  it('finds a control on a page whose scripts keep it busy for longer than the control timeout', async () => {
    const page = await browser.newPage();
    try {
      const ctx = makeCtx('http://127.0.0.1:9', { timeouts: { selectorMs: 300, navigationMs: 20_000, uploadMs: 1_000, publishMs: 1_000 } });
      await page.setContent(busyPage(2_000), { waitUntil: 'load' });
      const button = await need(page, 'button', 'open_editor', 'publish button', ctx);
      expect(await button.innerText()).toBe('发布');
    } finally {
      await page.close();
    }
  });

  it('still reports a control that is not there as editor_changed', async () => {
    const page = await browser.newPage();
    try {
      const ctx = makeCtx('http://127.0.0.1:9', { timeouts: { selectorMs: 300, navigationMs: 20_000, uploadMs: 1_000, publishMs: 1_000 } });
      await page.setContent(busyPage(500), { waitUntil: 'load' });
      const err = await expectAdapterError(need(page, 'textarea', 'fill', 'body editor', ctx), 'editor_changed', 'fill');
      expect(err.message).toContain('body editor not found');
    } finally {
      await page.close();
    }
  });
});
