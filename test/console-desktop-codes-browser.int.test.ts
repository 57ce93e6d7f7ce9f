/**
 * The console's code generation for a user's desktop executor, in Debian's
 * Chromium against a control plane process on PostgreSQL: an admin generates
 * codes that serve an integrator user (the download names the user), the
 * list shows the user and, once a device enrolled over HTTP, its desktop
 * node; an unknown user is refused with the API's message and code. The page
 * passes axe-core and logs no console error but the expected 404.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../control-plane/src/testing/admin-client.js';
import { hasPostgres } from '../control-plane/src/testing/db.js';
import { TestDevice } from '../control-plane/src/testing/license-device.js';
import { acceptInvite, choose, type ConsoleWorld, createAdminInvite, downloaded, eventually, expectAccessible, overHttp, rowsOf, startConsoleWorld } from './support/console-browser.js';

let world: ConsoleWorld;
let url: string;
let context: BrowserContext;
let page: Page;
let userId: number;

describe.skipIf(!hasPostgres())('codes for a desktop executor in the console', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    world = await startConsoleWorld('console-desktop-codes', { expectedStatuses: [401, 404] });
    url = world.cp.url;
    await world.admin('POST', '/projects', { projectKey: 'desk', name: 'Desktop app' });
    const plan = { name: 't', permissions: ['publish', 'accounts:read'], perMinuteLimit: 100, dailyLimit: 1000, cmsEnabled: false };
    userId = (await world.admin<{ user: { id: number } }>('POST', '/users', { name: 'Desktop integrator', plan, quotas: { desktop: 5 } })).user.id;
    context = await world.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await world.newPage(context, 'admin');
    const invitePath = await createAdminInvite(world, 'desktop-codes@example.test', 'Codes admin');
    await acceptInvite(page, `${url}${invitePath}`, 'Codes admin', 'codes admin password 1');
    await page.waitForURL(`${url}/`);
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await world?.close();
  }, 120_000);

  it('generates codes for a user: the download and the list name the user, and the node once a device enrolled', async () => {
    await page.goto(`${url}/codes`);
    await choose(page, /^Project for the new codes/, 'Desktop app (desk)');
    await page.getByLabel(/^How many codes/).fill('2');
    await page.getByLabel(/^Uses per code/).fill('3');
    await page.getByLabel(/^Desktop executor for user/).fill(String(userId));
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await eventually(() => page.getByRole('status').filter({ hasText: 'codes generated' }).textContent()).toBe('2 of 2 codes generated');
    const fresh = await downloaded(page, () => page.getByRole('button', { name: 'Download the 2 new codes (CSV)' }).click());
    const table = parseCsv(fresh.text);
    expect(table[0]).toEqual(['code', 'projectKey', 'licenseMode', 'remainingCount', 'expiresAt', 'userId']);
    expect(table.slice(1).map((r) => r[5])).toEqual([String(userId), String(userId)]);

    const device = new TestDevice(overHttp(url));
    device.projectKey = 'desk';
    const { nodeId } = (await device.enroll(table[1]![0]!)).body;
    expect(nodeId).toMatch(/^node_/);
    await page.reload();
    const row = rowsOf(page, 'Activation codes').filter({ hasText: table[1]![0]! });
    await eventually(() => row.textContent()).toContain(`#${userId} (${nodeId})`);
    await expectAccessible(page, 'codes generated for a user');
  });

  it('an unknown user is refused with the API message and its code', async () => {
    // The reload above cleared the form's project.
    await choose(page, /^Project for the new codes/, 'Desktop app (desk)');
    await page.getByLabel(/^Desktop executor for user/).fill('999999');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const alert = page.getByRole('alert');
    await eventually(() => alert.textContent()).toContain('USER_NOT_FOUND');
    expect(await alert.textContent()).toContain('No user 999999');
    expect(world.problems).toEqual([]);
  });
});
