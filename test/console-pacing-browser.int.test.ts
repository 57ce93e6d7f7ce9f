/**
 * Pacing in the console, in Debian's Chromium against a control plane process
 * on PostgreSQL: an admin set a platform default through the admin API; the
 * integrator opens the Pacing panel of their account on the platform accounts
 * page at phone width, sees the default as the effective rule, sets an
 * override from the panel and sees the effective rule change (the admin API
 * agrees), then removes it; an admin sees the platform default on the Pacing
 * page. Every view passes axe-core (no serious or critical violation) and
 * logs no console error.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPostgres } from '../control-plane/src/testing/db.js';
import { seedAccount, seedNode } from '../control-plane/src/testing/node-seeds.js';
import { FULL_CAPABILITIES } from '../control-plane/src/testing/publish.js';
import { acceptInvite, type ConsoleWorld, eventually, expectAccessible, expectFitsWidth, PHONE, rowsOf, startConsoleWorld } from './support/console-browser.js';

const PLAN = { name: 'standard', permissions: ['publish', 'accounts:read'], perMinuteLimit: 600, dailyLimit: 100_000, cmsEnabled: false };

let world: ConsoleWorld;
let context: BrowserContext;
let page: Page;
let url: string;
let accountId: number;

/** The value cell of a row of the effective-rule table. */
const effective = (label: string) =>
  page.getByRole('table', { name: 'Effective pacing of Notes main (Xiaohongshu)' }).getByRole('row', { name: new RegExp(`^${label}`) }).getByRole('cell');

describe.skipIf(!hasPostgres())('pacing in the console', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    world = await startConsoleWorld('console-pacing');
    url = world.cp.url;
    const { user } = await world.admin<{ user: { id: number } }>('POST', '/users', { name: 'Paced Publishing', plan: PLAN, quotas: { web: 10, desktop: 10, edge: 10, cms: 10 } });
    const db = world.db.database.db;
    const { nodeId } = await seedNode(db, { userIds: [user.id], name: 'edge-hangzhou', capabilities: FULL_CAPABILITIES, replica: 'replica-elsewhere' });
    accountId = await seedAccount(db, { userId: user.id, platform: 'xiaohongshu', nodeId, displayName: 'Notes main' });
    await world.admin('PUT', '/pacing/platforms/xiaohongshu', { minGapSeconds: 1800, jitterSeconds: 300, timeZone: 'Asia/Shanghai' });
    const { invite } = await world.admin<{ invite: { url: string } }>('POST', '/console-invites', { email: 'ops@paced.example', role: 'user', integratorUserId: user.id });
    context = await world.browser.newContext(PHONE);
    // 400: a zone the server does not know, sent on purpose.
    page = await world.newPage(context, 'integrator', [400]);
    await acceptInvite(page, `${url}${invite.url}`, 'Ivo', 'integrator password 1234');
    await page.waitForURL(`${url}/keys`);
  }, 120_000);

  afterAll(async () => {
    expect(world?.problems ?? []).toEqual([]);
    await context?.close();
    await world?.close();
  }, 120_000);

  it('the integrator sets an override from the Pacing panel and sees the effective rule change; then removes it', async () => {
    await page.goto(`${url}/accounts`);
    await page.getByRole('button', { name: 'Pacing of Notes main (Xiaohongshu)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pacing of Notes main (Xiaohongshu)' });
    // The platform's default is what applies.
    await eventually(() => effective('Least gap between starts').textContent()).toBe('30 min + up to 5 min at random');
    expect(await effective('Time zone').textContent()).toBe('Asia/Shanghai');
    expect(await effective('Daily cap').textContent()).toBe('none');
    expect(await effective('Starts today').textContent()).toBe('0');
    await expectAccessible(page, 'the pacing panel');
    await expectFitsWidth(page, PHONE.viewport.width);

    await dialog.getByLabel('Least gap (seconds)').fill('90');
    await dialog.getByLabel('Daily cap').fill('4');
    await dialog.getByLabel('Time zone').fill('Europe/Berlin');
    await dialog.getByRole('button', { name: 'Save override' }).click();
    await eventually(() => effective('Least gap between starts').textContent()).toBe('1.5 min + up to 5 min at random');
    expect(await effective('Daily cap').textContent()).toBe('4 starts a day');
    expect(await effective('Time zone').textContent()).toBe('Europe/Berlin');
    expect(await rowsOf(page, 'Pacing rules of Notes main (Xiaohongshu)').first().textContent()).toContain('Your override1.5 min—4—Europe/Berlin');
    const { pacing } = await world.admin<{ pacing: { override: Record<string, unknown> } }>('GET', `/accounts/${accountId}/pacing`);
    expect(pacing.override).toMatchObject({ minGapSeconds: 90, jitterSeconds: null, dailyCap: 4, timeZone: 'Europe/Berlin', updatedBy: 'console:ops@paced.example' });

    // A zone the server does not know: the API's refusal shows, nothing changes.
    await dialog.getByLabel('Time zone').fill('Mars/Olympus_Mons');
    await dialog.getByRole('button', { name: 'Save override' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('Mars/Olympus_Mons');
    expect(await effective('Time zone').textContent()).toBe('Europe/Berlin');
    await expectAccessible(page, 'the pacing panel with a refusal');

    await dialog.getByRole('button', { name: 'Remove override' }).click();
    await page.getByRole('dialog', { name: 'Remove the pacing override of Notes main (Xiaohongshu)?' }).getByRole('button', { name: 'Remove override' }).click();
    await eventually(() => effective('Least gap between starts').textContent()).toBe('30 min + up to 5 min at random');
    expect((await world.admin<{ pacing: { override: unknown } }>('GET', `/accounts/${accountId}/pacing`)).pacing.override).toBeNull();
  });

  it('an admin sees the platform defaults on the Pacing page', async () => {
    const { invite } = await world.admin<{ invite: { url: string } }>('POST', '/console-invites', { email: 'admin@paced.example', role: 'admin' });
    const adminContext = await world.browser.newContext();
    try {
      const admin = await world.newPage(adminContext, 'admin');
      await acceptInvite(admin, `${url}${invite.url}`, 'Ada', 'admin password 123456');
      await admin.waitForURL(`${url}/users`);
      await admin.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Pacing', exact: true }).click();
      await admin.waitForURL(`${url}/pacing`);
      // Off the link: a hovered link is drawn in other colours than the page's.
      await admin.mouse.move(1, 1);
      await eventually(() => rowsOf(admin, 'Platform pacing defaults').count()).toBe(1);
      expect(await rowsOf(admin, 'Platform pacing defaults').first().textContent()).toContain('xiaohongshu30 min5 min——Asia/Shanghai');
      await expectAccessible(admin, 'the pacing page');
    } finally {
      await adminContext.close();
    }
  });
});
