/**
 * An integrator logs a brand-new platform account in from the console, in
 * Debian's Chromium at phone width: a control plane process on PostgreSQL, a
 * compiled `plume-edge run` daemon enrolled for the integrator (its own
 * Chromium opening the platform simulator's Weibo login page), and the test
 * as the account's phone. On the accounts page the integrator picks the node
 * and the platform among those offered, watches the node's login page in the
 * dialog, the phone scans the QR the page shows, the SMS code the platform
 * sent goes through the dialog, and the new account appears in the list
 * under the node, logged in. Once the node stops, nothing is offered. The
 * chooser and the live dialog pass axe-core and fit a phone's width; no page
 * logs a console error.
 */
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../control-plane/src/db/client.js';
import { hasPostgres } from '../control-plane/src/testing/db.js';
import { startSimulator, type Simulator } from './platform-simulator/index.js';
import { acceptInvite, choose, type ConsoleWorld, eventually, expectAccessible, expectFitsWidth, expectNoXss, PHONE, startConsoleWorld } from './support/console-browser.js';
import { type EdgeWorld, startEdgeWorld } from './support/edge-world.js';

const PLAN = { name: 'standard', permissions: ['publish', 'accounts:read'], perMinuteLimit: 600, dailyLimit: 100_000, cmsEnabled: false };
const NODE = 'edge-new-login';
const WEIBO = '6655443322';
const NAME = '新登录的微博';

let world: ConsoleWorld;
let sim: Simulator;
let node: EdgeWorld;
let context: BrowserContext;
let page: Page;
let url: string;
let userId: number;

/** What the node says about itself in the admin API (online once its daemon said hello). */
async function nodeOnline(): Promise<boolean> {
  const { items } = await world.admin<{ items: Array<{ name: string; online: boolean }> }>('GET', '/nodes');
  return items.some((n) => n.name === NODE && n.online);
}

describe.skipIf(!hasPostgres())('logging a new account in from the console', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    [world, sim] = await Promise.all([startConsoleWorld('console-new-login'), startSimulator()]);
    url = world.cp.url;
    sim.configure('weibo', { loginSms: true });
    ({
      user: { id: userId },
    } = await world.admin<{ user: { id: number } }>('POST', '/users', { name: 'Acme Publishing', plan: PLAN, quotas: { edge: 10 } }));
    const { token } = await world.admin<{ token: string }>('POST', '/nodes/enrollment-tokens', { kind: 'edge', userIds: [userId], name: NODE });
    node = await startEdgeWorld({ sim, controlUrl: url, enrollmentToken: token, userId, files: {}, accounts: [], platforms: ['weibo'], name: 'console-new-login' });
    context = await world.browser.newContext(PHONE);
    page = await world.newPage(context, 'integrator');
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await node?.close();
    await sim?.close();
    await world?.close();
  }, 120_000);

  it('the integrator picks the node and platform offered, logs the account in through the live page, and it appears in the list', async () => {
    const { invite } = await world.admin<{ invite: { url: string } }>('POST', '/console-invites', { email: 'ops@acme.example', role: 'user', integratorUserId: userId });
    await acceptInvite(page, `${url}${invite.url}`, 'Ivo', 'integrator password 1234');
    // Setting the password hashes it: slow on a busy machine.
    await page.waitForURL(`${url}/`, { timeout: 60_000 });
    await eventually(nodeOnline, 60_000).toBe(true);

    await page.goto(`${url}/accounts`);
    await page.getByText('No account yet').waitFor();
    await page.getByRole('button', { name: 'Log in a new account' }).click();
    const chooser = page.getByRole('dialog', { name: 'Log in a new account' });
    // The only node is chosen already; its platforms are the login pages its daemon opens.
    await eventually(() => chooser.getByRole('combobox', { name: 'Node' }).inputValue()).toBe(NODE);
    await chooser.getByRole('combobox', { name: 'Platform' }).click();
    const offered = await page.getByRole('option').allTextContents();
    expect(offered).toContain('Weibo');
    expect(offered).not.toContain('WordPress (REST API)');
    await page.keyboard.press('Escape');
    await expectAccessible(page, 'new login: the choice');
    await expectFitsWidth(page, 390);
    await choose(page, 'Platform', 'Weibo');
    await chooser.getByRole('button', { name: 'Open the login page' }).click();

    const dialog = page.getByRole('dialog', { name: `Log in a new Weibo account on ${NODE}` });
    await dialog.getByRole('status').filter({ hasText: 'Scan the QR code' }).waitFor({ timeout: 60_000 });
    const picture = dialog.getByRole('button', { name: 'The login page: a click here clicks the page' });
    await picture.waitFor();
    await eventually(() => picture.getByRole('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(100);
    await expectAccessible(page, 'new login: the live page');
    await expectFitsWidth(page, 390);
    // Fitted to the dialog the page (and its QR) is small; at actual size it is drawn one page pixel per
    // screen pixel, scrolled inside its frame, and the dialog still fits the phone's width.
    const shown = () => picture.getByRole('img').evaluate((img) => img.getBoundingClientRect().width);
    const fitted = await shown();
    await dialog.getByRole('button', { name: 'Actual size' }).click();
    await eventually(shown).toBeGreaterThan(fitted * 2);
    expect(await dialog.getByRole('button', { name: 'Fit to the dialog' }).getAttribute('aria-pressed')).toBe('true');
    await expectFitsWidth(page, 390);
    await dialog.getByRole('button', { name: 'Fit to the dialog' }).click();
    await eventually(shown).toBe(fitted);

    // The phone: it scans what the QR on the node's page encodes, as the node decoded it.
    let qr: string | undefined;
    await eventually(async () => {
      [{ qr } = { qr: undefined }] = await rows<{ qr: string }>(world.db.database.db, sql`select qr->>'text' as qr from node_logins where user_id = ${userId} and ended_at is null`);
      return qr;
    }, 30_000).toMatch(new RegExp(`^${sim.url}/weibo/`));
    await sim.scan(qr!, { account: WEIBO, displayName: NAME });

    await dialog.getByRole('status').filter({ hasText: 'Enter the SMS code' }).waitFor({ timeout: 30_000 });
    const code = sim.smsSent('weibo').find((s) => s.account === WEIBO)!.code;
    await dialog.getByLabel('SMS code').fill(code);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByRole('status').filter({ hasText: `Logged in as ${NAME}` }).waitFor({ timeout: 60_000 });
    await expectAccessible(page, 'new login: logged in');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await eventually(() => page.getByRole('dialog').count()).toBe(0);

    const section = page.getByRole('region', { name: new RegExp(`^Accounts: Edge nodes .*, ${NODE}$`) });
    const row = section.getByRole('row').filter({ hasText: NAME });
    await eventually(() => row.count(), 30_000).toBe(1);
    expect(await row.getByText('logged in', { exact: true }).count()).toBe(1);
    expect(await row.getByRole('cell', { name: 'Weibo', exact: true }).count()).toBe(1);
    await expectAccessible(page, 'accounts with the new one');
    await expectFitsWidth(page, 390);
    await expectNoXss(page);
  }, 180_000);

  it('a dialog closed before the node answered the start still cancels that login: nothing stays open on the node', async () => {
    const openLogins = async () => (await rows<{ n: number }>(world.db.database.db, sql`select count(*)::int as n from node_logins where user_id = ${userId} and ended_at is null`))[0]!.n;
    expect(await openLogins()).toBe(0);
    // The start request is held in the browser until the person has closed the dialog.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent!: () => void;
    const reached = new Promise<void>((resolve) => (sent = resolve));
    await page.route('**/api/console/me/logins', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      sent();
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Log in a new account' }).click();
    const chooser = page.getByRole('dialog', { name: 'Log in a new account' });
    await eventually(() => chooser.getByRole('combobox', { name: 'Node' }).inputValue()).toBe(NODE);
    await choose(page, 'Platform', 'Weibo');
    await chooser.getByRole('button', { name: 'Open the login page' }).click();
    const dialog = page.getByRole('dialog', { name: `Log in a new Weibo account on ${NODE}` });
    await reached;
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await eventually(() => page.getByRole('dialog').count()).toBe(0);
    release();

    // The start answered after the dialog closed; the console cancels the login it names.
    const newest = async () => (await rows<{ state: string; code: string | null }>(world.db.database.db, sql`select state, outcome->>'code' as code from node_logins where user_id = ${userId} order by created_at desc limit 1`))[0];
    await eventually(newest, 60_000).toEqual({ state: 'failed', code: 'cancelled' });
    expect(await openLogins()).toBe(0);
    await page.unroute('**/api/console/me/logins');
  });

  it('once the node stops, no node is offered, and the chooser says why', async () => {
    await node.stopDaemon('SIGTERM');
    await eventually(nodeOnline, 30_000).toBe(false);
    await page.getByRole('button', { name: 'Log in a new account' }).click();
    const chooser = page.getByRole('dialog', { name: 'Log in a new account' });
    await chooser.getByText('No node can open a login page for you now').waitFor();
    expect(await chooser.getByRole('button', { name: 'Open the login page' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'new login: nothing to choose');
    await chooser.getByRole('button', { name: 'Cancel' }).click();
    await eventually(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('no page logged a console error or threw', () => {
    expect(world.problems).toEqual([]);
  });
});
