/**
 * An account's egress in the console, in Debian's Chromium against a control
 * plane process on PostgreSQL: on a node's page (and from the integrator's
 * account list, which shows each account's network) an admin opens the Egress of
 * an account and sees the network it publishes from, since when, the
 * node, the last change and each change (as the job-start trigger records
 * them); an account no job has started for says its network is not known
 * yet. The dialog passes axe-core and fits a phone; nothing logs a console
 * error.
 */
import { sql } from 'drizzle-orm';
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
let nodeId: string;
let otherNodeId: string;
let userId: number;

describe.skipIf(!hasPostgres())('account egress in the console', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    world = await startConsoleWorld('console-egress');
    url = world.cp.url;
    const { user } = await world.admin<{ user: { id: number } }>('POST', '/users', { name: 'Egress Media', plan: PLAN });
    userId = user.id;
    const db = world.db.database.db;
    ({ nodeId } = await seedNode(db, { userIds: [user.id], name: 'edge-home', capabilities: FULL_CAPABILITIES, replica: 'replica-elsewhere' }));
    ({ nodeId: otherNodeId } = await seedNode(db, { userIds: [user.id], name: 'edge-office', capabilities: FULL_CAPABILITIES, replica: 'replica-elsewhere' }));
    const moved = await seedAccount(db, { userId: user.id, platform: 'douyin', nodeId, displayName: 'Clips main' });
    await seedAccount(db, { userId: user.id, platform: 'bilibili', nodeId, displayName: 'Fresh one' });
    // What the job-start trigger leaves after a start from the office, then one from home.
    await db.execute(sql`insert into account_egress (account_id, network, node_id, since) values (${moved}, '203.0.113.0/24', ${nodeId}, '2030-01-02T08:00:00Z')`);
    await db.execute(sql`insert into account_egress_changes (account_id, at, from_network, to_network, from_node_id, node_id, job_id)
                         values (${moved}, '2030-01-02T08:00:00Z', '2001:db8:a::/48', '203.0.113.0/24', ${otherNodeId}, ${nodeId}, 'job_egress_1')`);
    const { invite } = await world.admin<{ invite: { url: string } }>('POST', '/console-invites', { email: 'ops@egress.example', role: 'admin' });
    context = await world.browser.newContext(PHONE);
    page = await world.newPage(context, 'admin');
    await acceptInvite(page, `${url}${invite.url}`, 'Ada', 'admin password 1234');
    await page.waitForURL((u) => !u.pathname.startsWith('/invite'));
  }, 120_000);

  afterAll(async () => {
    expect(world?.problems ?? []).toEqual([]);
    await context?.close();
    await world?.close();
  }, 120_000);

  it("shows an account's network, since when, its node and its changes from the node's page", async () => {
    await page.goto(`${url}/nodes/${nodeId}`);
    await page.getByRole('button', { name: 'Egress of Clips main (douyin)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Egress of Clips main (douyin)' });
    const facts = dialog.getByRole('table', { name: 'Egress of Clips main (douyin)' });
    await eventually(() => facts.getByRole('row', { name: /^Network/ }).getByRole('cell').textContent()).toBe('203.0.113.0/24');
    expect(await facts.getByRole('row', { name: /^Node/ }).getByRole('cell').textContent()).toBe(nodeId);
    expect(await facts.getByRole('row', { name: /^Last change/ }).getByRole('cell').textContent()).toContain('2001:db8:a::/48 → 203.0.113.0/24');
    const changes = rowsOf(page, 'Egress changes of Clips main (douyin)');
    expect(await changes.count()).toBe(1);
    expect(await changes.first().textContent()).toContain(`2001:db8:a::/48203.0.113.0/24${otherNodeId} → ${nodeId}job_egress_1`);
    await expectAccessible(page, 'the egress dialog');
    await expectFitsWidth(page, PHONE.viewport.width);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Egress of Fresh one (bilibili)' }).click();
    const fresh = page.getByRole('table', { name: 'Egress of Fresh one (bilibili)' });
    await eventually(() => fresh.getByRole('row', { name: /^Network/ }).getByRole('cell').textContent()).toContain('not known yet');
    expect(await fresh.getByRole('row', { name: /^Last change/ }).getByRole('cell').textContent()).toBe('never changed');
  });

  it("shows each account's network in the integrator's account list, and opens the same view from there", async () => {
    await page.goto(`${url}/integrators/${userId}`);
    const rows = rowsOf(page, 'Platform accounts');
    await eventually(() => rows.filter({ hasText: 'Clips main' }).textContent()).toContain('203.0.113.0/24');
    await page.getByRole('button', { name: 'Egress of Clips main (douyin)' }).click();
    const facts = page.getByRole('dialog', { name: 'Egress of Clips main (douyin)' }).getByRole('table', { name: 'Egress of Clips main (douyin)' });
    await eventually(() => facts.getByRole('row', { name: /^Network/ }).getByRole('cell').textContent()).toBe('203.0.113.0/24');
    await expectAccessible(page, "the egress dialog from the integrator's page");
  });
});
