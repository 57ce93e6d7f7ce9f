/**
 * `need` in real Chromium: a control is missing only once the page could be
 * searched for the control's whole timeout. A page busy with its own scripts
 * (or a new document whose selector engine is still being set up) must not
 * spend that time.
 *
 * `openLoggedIn` when the platform's page is still moving itself elsewhere (as
 * pages do after a publish): its navigation interrupts ours, and ours must
 * still arrive.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { need, openLoggedIn } from '../edge-node/src/adapters/support.js';
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

describe('openLoggedIn', () => {
  let server: Server;
  let origin: string;
  const served: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      served.push(req.url ?? '');
      const send = (html: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      // The publish button calls the platform, then moves to the new post: as platform pages do after a publish.
      if (req.url === '/published') send('<!doctype html><button>发布</button><script>document.querySelector("button").onclick = async () => { await fetch("/api/publish"); location.href = "/post/1"; };</script>');
      // The publish call answers once our own navigation is under way; the editor answers after the page's move has begun.
      else if (req.url === '/api/publish') setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'), 150);
      else if (req.url === '/editor') setTimeout(() => send('<!doctype html><title>editor</title>'), 600);
      else send('<!doctype html><title>post</title>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('arrives at its page when the page it leaves navigates itself meanwhile', async () => {
    const page = await browser.newPage();
    try {
      const ctx = makeCtx(origin, { timeouts: { selectorMs: 300, navigationMs: 10_000, uploadMs: 1_000, publishMs: 1_000 } });
      await page.goto(`${origin}/published`, { waitUntil: 'load' });
      served.length = 0;
      // A click is a user gesture: the move it leads to may interrupt a navigation under way.
      await page.click('button');
      await openLoggedIn(page, `${origin}/editor`, 'read_back', ctx, (u) => u.pathname === '/login');
      expect(new URL(page.url()).pathname).toBe('/editor');
      expect(await page.title()).toBe('editor');
      // The page's own move did happen in between: this is the case being tested.
      expect(served).toContain('/post/1');
    } finally {
      await page.close();
    }
  });
});
