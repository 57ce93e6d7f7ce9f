/**
 * The simulator's phone page (test/platform-simulator/phone.ts), as a person
 * uses it in Debian's Chromium: the juejin replica's login page shows a QR;
 * its address, opened in another browser (what a phone's camera offers),
 * lands on the phone page for that QR, where the person scans it as an
 * account and confirms; the login page logs in with that account's session.
 * The phone page also lists every waiting login, and refuses a bad account id
 * or an expired QR with a message.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../edge-node/src/adapters/browser.js';
import { decodeQrPng } from '../edge-node/src/login/qr.js';
import { type Simulator, startSimulator } from './platform-simulator/index.js';

let sim: Simulator;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  sim = await startSimulator();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await sim?.close();
});

async function context(): Promise<BrowserContext> {
  const c = await browser.newContext();
  contexts.push(c);
  return c;
}

/** The juejin replica's login page with its QR shown; resolves the page and the text its QR encodes. */
async function juejinLoginQr(): Promise<{ login: Page; qrText: string }> {
  const login = await (await context()).newPage();
  await login.goto(`${sim.url}/juejin/juejin.cn/login`);
  await login.click('.tab-scan');
  const img = login.locator('.qrcode-img img');
  await expect.poll(async () => (await img.getAttribute('src')) ?? '', { timeout: 30_000 }).toMatch(/^data:image\/png;base64,/);
  const src = (await img.getAttribute('src'))!;
  const qrText = decodeQrPng(Buffer.from(src.split(',')[1]!, 'base64'));
  expect(qrText).not.toBeNull();
  return { login, qrText: qrText! };
}

describe('happy path', () => {
  it("the QR's address, opened in a browser, scans and confirms as the account the person names; the login page logs in as it", async () => {
    const { login, qrText } = await juejinLoginQr();
    expect(qrText.startsWith(`${sim.url}/juejin/`)).toBe(true);
    const phone = await (await context()).newPage();
    await phone.goto(qrText);
    expect(new URL(phone.url()).pathname).toBe('/_phone');
    const section = phone.locator('section.login');
    await expect.poll(() => section.count()).toBe(1);
    expect(await section.getAttribute('data-state')).toBe('waiting');
    await phone.fill('input[name=account]', '7000000042');
    await phone.fill('input[name=displayName]', 'Phone person');
    await phone.click('text=Scan as this account');
    expect(await phone.locator('section.login').getAttribute('data-state')).toBe('scanned');
    await phone.click('text=Confirm login as 7000000042');
    expect(await phone.locator('section.login').getAttribute('data-state')).toBe('confirmed');
    // The login page's next poll answers done: it moves on with the account's session cookie.
    await login.waitForURL(/\/juejin\/juejin\.cn\/creator\/home$/, { timeout: 30_000 });
    const cookies = await login.context().cookies(sim.url);
    expect(cookies.find((c) => c.name === 'sessionid')?.value).toBe('7000000042');
    // Once done, the QR is no longer offered.
    await phone.goto(qrText);
    expect(await phone.locator('section.login').count()).toBe(0);
    expect(await phone.textContent('body')).toContain('This QR is no longer waiting');
  }, 120_000);

  it('/_phone lists every waiting login, newest first', async () => {
    const { qrText } = await juejinLoginQr();
    const key = new URL(qrText).searchParams.get('key');
    const phone = await (await context()).newPage();
    await phone.goto(`${sim.url}/_phone`);
    const keys = await phone.locator('section.login').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
    expect(keys[0]).toBe(key);
    expect(await phone.locator('section.login h2').first().textContent()).toMatch(/^juejin \(QR shown \d+ s ago\)$/);
  }, 60_000);

  it('the trial docs link the phone page', () => {
    for (const doc of ['operators.md', 'getting-started.md']) {
      expect(readFileSync(new URL(`../docs/${doc}`, import.meta.url), 'utf8'), doc).toMatch(/\/_phone`/);
    }
  });
});

describe('errors', () => {
  it('a bad account id and an expired QR are refused with a message; the scan URL still answers a phone app without a session as before', async () => {
    const { qrText } = await juejinLoginQr();
    const key = new URL(qrText).searchParams.get('key')!;
    const post = (action: string, body: Record<string, string>) =>
      fetch(`${sim.url}/_phone/${action}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body), redirect: 'manual' });
    const bad = await post('scan', { key, account: 'not an id!' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('The account id is the platform account');
    const early = await post('confirm', { key, account: '7000000043' });
    expect(early.status).toBe(409);
    expect(await early.text()).toContain('scan it first');
    expect(sim.expireLoginQrs('juejin')).toBeGreaterThan(0);
    const expired = await post('scan', { key, account: '7000000043' });
    expect(expired.status).toBe(409);
    expect(await expired.text()).toContain('this QR expired or is unknown');
    // A client that does not ask for a page (an app's request without its session) gets the replica's JSON refusal.
    const app = await fetch(qrText, { headers: { accept: 'application/json' } });
    expect(app.status).toBe(401);
  }, 60_000);
});
