/**
 * Logging an account in from Plume Desktop's own page, as a person does it:
 * the compiled `plume-desktop run` on a virtual X display (Xvfb), its local UI
 * driven in real Chromium, the platform's login page opened in a window the
 * person sees (never headless), and the simulator's phone page (`/_phone`)
 * scanning the QR that window shows and reading the SMS code the platform
 * sends, which the person types into Plume Desktop's page.
 *
 * Then the account is logged in again from its row ("Log in again"): a scan
 * by another account is refused `wrong_account`, one by the same account
 * records it again. Without a display, a login is refused with what to do
 * before any browser starts.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../edge-node/src/adapters/browser.js';
import { eventually } from '../control-plane/src/testing/eventually.js';
import { startSimulator, type Simulator } from './platform-simulator/index.js';
import { type DesktopWorld, desktopWorld } from './support/desktop-world.js';
import { startXvfb, type VirtualDisplay } from './support/xvfb.js';

const WEIBO = '6600112233';
const NAME = '桌面扫码的微博';

let sim: Simulator;
let xvfb: VirtualDisplay;
let desk: DesktopWorld;
let browser: Browser;
let ui: Page;
let phone: Page;

/** The desktop page after a reload (it is server-rendered: it shows a login's progress when reloaded). */
async function reloaded(): Promise<Page> {
  await ui.reload();
  return ui;
}

/** The newest login box's state and text on the desktop page. */
async function newestLogin(): Promise<{ state: string | null; text: string }> {
  const box = (await reloaded()).locator('.login').first();
  return { state: await box.getAttribute('data-state'), text: await box.innerText() };
}

/** The phone: waits for the QR login the desktop window shows, scans it as `account` and confirms. */
async function scanAndConfirm(account: string, displayName: string): Promise<void> {
  await phone.goto(`${sim.url}/_phone`);
  await eventually(async () => {
    await phone.goto(`${sim.url}/_phone`);
    return phone.locator('section.login[data-state="waiting"]').count();
  }).toBe(1);
  const waiting = phone.locator('section.login[data-state="waiting"]');
  await eventually(() => waiting.locator('h2').innerText()).toContain('weibo');
  await waiting.getByRole('textbox', { name: 'Account id' }).fill(account);
  await waiting.getByRole('textbox', { name: 'Display name' }).fill(displayName);
  await waiting.getByRole('button', { name: 'Scan as this account' }).click();
  await phone.getByRole('button', { name: `Confirm login as ${account}` }).click();
}

/** The person reads the code the phone received and types it into the desktop page. */
async function typeSmsCode(account: string): Promise<void> {
  await eventually(async () => (await newestLogin()).text).toContain('the platform sent an SMS code');
  const newest = () => sim.smsSent('weibo').filter((s) => s.account === account).at(-1)?.code;
  await eventually(newest).toMatch(/^\d+$/);
  const code = newest()!;
  await ui.getByRole('textbox', { name: 'SMS code' }).fill(code);
  await ui.getByRole('button', { name: 'Send' }).click();
}

/** Command lines of the Chromium processes using a profile under this desktop's state directory. */
function loginBrowsers(): string[] {
  const ps = execFileSync('ps', ['-eo', 'args', '--no-headers'], { encoding: 'utf8' });
  return ps.split('\n').filter((line) => /chrom/i.test(line) && line.includes(`--user-data-dir=${desk.stateDir}`));
}

beforeAll(async () => {
  [sim, xvfb, browser] = await Promise.all([startSimulator(), startXvfb(), launchChromium()]);
  sim.configure('weibo', { loginSms: true });
  desk = desktopWorld({ name: 'desktop-login', sim, platforms: ['weibo'], env: { DISPLAY: xvfb.display } });
  const context = await browser.newContext();
  [ui, phone] = await Promise.all([context.newPage(), context.newPage()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await desk?.close();
  await Promise.all([sim?.close(), xvfb?.close()]);
});

describe('an account logged in from the desktop page', () => {
  it('the login page opens in a visible window; the phone scans its QR, the person types the SMS code in the page: the account is recorded', async () => {
    await ui.goto(await desk.start());
    await ui.getByLabel('Platform').selectOption('weibo');
    await ui.getByRole('button', { name: 'Log an account in' }).click();
    await eventually(() => ui.locator('#note').innerText()).toContain('A weibo login window is opening');

    await eventually(async () => (await newestLogin()).text).toContain('scan the QR shown in the login window');
    // The window is a shown browser on the display: no Chromium of this login runs headless.
    const windows = loginBrowsers();
    expect(windows.length).toBeGreaterThan(0);
    expect(windows.filter((line) => line.includes('--headless'))).toEqual([]);

    await scanAndConfirm(WEIBO, NAME);
    await typeSmsCode(WEIBO);

    await eventually(async () => (await newestLogin()).state).toBe('succeeded');
    expect((await newestLogin()).text).toContain(`logged in as ${NAME}`);
    const row = (await reloaded()).locator('#accounts tr', { hasText: WEIBO });
    await eventually(() => row.innerText()).toContain('logged_in');
    await eventually(() => row.innerText()).toContain(NAME);
    const recorded = JSON.parse(readFileSync(join(desk.stateDir, 'node', 'accounts.json'), 'utf8')) as Array<{ externalRef: string; platform: string; loginState: string }>;
    expect(recorded).toEqual([expect.objectContaining({ externalRef: WEIBO, platform: 'weibo', loginState: 'logged_in' })]);
    // The window closed with the login.
    await eventually(() => loginBrowsers().length).toBe(0);
  }, 180_000);

  it('"Log in again" must come back as the same account: another account is refused, the same one is recorded again', async () => {
    const row = () => ui.locator('#accounts tr', { hasText: WEIBO });
    await reloaded();
    await row().getByRole('button', { name: 'Log in again' }).click();
    await eventually(() => ui.locator('#note').innerText()).toContain(`to log ${WEIBO} in again`);
    await eventually(async () => (await newestLogin()).text).toContain('scan the QR shown in the login window');
    await scanAndConfirm('6600999999', '别人的微博');
    await typeSmsCode('6600999999');
    await eventually(async () => (await newestLogin()).state).toBe('failed');
    expect((await newestLogin()).text).toContain(`failed (wrong_account): logged in as 6600999999, not ${WEIBO}`);
    // The relogin cleared the old session first: the account now needs a login, and no other account was recorded.
    expect(await row().innerText()).toContain('logged_out');
    expect(await ui.locator('#accounts tr', { hasText: '6600999999' }).count()).toBe(0);

    await row().getByRole('button', { name: 'Log in again' }).click();
    await eventually(async () => (await newestLogin()).text).toContain('scan the QR shown in the login window');
    await scanAndConfirm(WEIBO, NAME);
    await typeSmsCode(WEIBO);
    await eventually(async () => (await newestLogin()).state).toBe('succeeded');
    expect((await newestLogin()).text).toContain(`recorded weibo account ${NAME} (${WEIBO})`);
    expect(await row().innerText()).toContain('logged_in');
  }, 240_000);

  it('without a display a login is refused with what to do, and no browser starts', async () => {
    const headless = desktopWorld({ name: 'desktop-nodisplay', sim, platforms: ['weibo'] });
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(await headless.start());
      await page.getByLabel('Platform').selectOption('weibo');
      await page.getByRole('button', { name: 'Log an account in' }).click();
      await eventually(() => page.locator('#note').innerText()).toContain('Refused (no_display): a login opens a window, and Plume Desktop was started without a display');
      expect(await page.locator('.login').count()).toBe(0);
      // "Log in again" for an account this computer does not have (a hand-made form with this start's
      // token): refused with its code, no login started, nothing recorded.
      await page.evaluate(() => {
        const token = (document.querySelector('input[name=token]') as HTMLInputElement).value;
        const form = Object.assign(document.createElement('form'), { method: 'post', action: '/accounts/relogin' });
        for (const [name, value] of [['token', token], ['ref', '../../etc/passwd']]) form.append(Object.assign(document.createElement('input'), { type: 'hidden', name, value }));
        document.body.append(form);
        form.submit();
      });
      await eventually(() => page.locator('#note').innerText()).toContain('Refused (account_not_found): no account ../../etc/passwd on this computer');
      expect(await page.locator('.login').count()).toBe(0);
      const cli = await headless.cli(['accounts', 'login', 'weibo']);
      expect(cli.code).toBe(1);
      expect(cli.out).toContain('Plume Desktop was started without a display');
    } finally {
      await context.close();
      await headless.close();
    }
  }, 120_000);
});
