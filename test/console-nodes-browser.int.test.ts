/**
 * The node pages of the console in Debian's Chromium, against a control plane
 * process on PostgreSQL and a real edge node. An admin makes an enrollment
 * token in the page and copies it; the compiled `plume-edge` enrolls with it
 * and runs as a child process, and the node shows online on the Nodes page
 * without a reload. From the node's page the admin adds and removes a user,
 * drains, resumes and revokes it (revoking asks first), each read back from
 * the admin API; a token not used is revoked from the list. A viewer at phone
 * width sees every page with no write control; an integrator gets the
 * forbidden state and 403. Names carry script payloads that must never run;
 * every state passes axe-core and logs no console error.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPostgres } from '../control-plane/src/testing/db.js';
import {
  acceptInvite,
  type ConsoleWorld,
  createAdminInvite,
  eventually,
  expectAccessible,
  expectFitsWidth,
  expectNoXss,
  PHONE,
  rowsOf,
  startConsoleWorld,
} from './support/console-browser.js';
import { type EdgeWorld, startEdgeWorld } from './support/edge-world.js';

/** Shown as text wherever a name appears; any of them running sets window.__xss. */
const XSS = {
  node: `edge <img src=x onerror="window.__xss='node'">`,
  spare: `spare "><svg onload="window.__xss='token'"></svg>`,
};

interface AdminNode {
  id: string;
  name: string;
  status: string;
  online: boolean;
  userIds: number[];
}

let world: ConsoleWorld;
let url: string;
let adminContext: BrowserContext;
let page: Page;
let edge: EdgeWorld | undefined;
let userId: number;
let otherUserId: number;
let nodeId: string;

/**
 * A page of the world with more time for each step than its default: a real
 * edge node, a control plane and Chromium share the machine with the test.
 */
async function openPage(context: BrowserContext, name: string): Promise<Page> {
  const p = await world.newPage(context, name);
  p.setDefaultTimeout(30_000);
  return p;
}

const nodeOf = async (id: string) => (await world.admin<{ node: AdminNode }>('GET', `/nodes/${id}`)).node;

/** A console invite made from the admin's page (the console API, with the session's CSRF token); its path. */
async function invite(body: Record<string, unknown>): Promise<string> {
  return page.evaluate(async (b) => {
    const me = (await (await fetch('/api/console/auth/me')).json()) as { csrfToken: string };
    const res = await fetch('/api/console/invites', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrfToken }, body: JSON.stringify(b) });
    return ((await res.json()) as { invite: { url: string } }).invite.url;
  }, body);
}

describe.skipIf(!hasPostgres())('the node pages in a browser', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    // 400 and 404: the refusals the token form is made to show (a bad name, an unknown user).
    world = await startConsoleWorld('console-nodes', { expectedStatuses: [400, 401, 403, 404] });
    url = world.cp.url;
    const plan = { name: 'standard', permissions: ['publish', 'accounts:read'], perMinuteLimit: 600, dailyLimit: 1_000, cmsEnabled: false };
    userId = (await world.admin<{ user: { id: number } }>('POST', '/users', { name: 'Nodes Inc', email: 'nodes@example.test', plan })).user.id;
    otherUserId = (await world.admin<{ user: { id: number } }>('POST', '/users', { name: 'Other Inc', email: 'other@example.test', plan })).user.id;
    adminContext = await world.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await adminContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    page = await openPage(adminContext, 'admin');
    const invitePath = await createAdminInvite(world, 'nodes-admin@example.test', 'Nodes admin');
    await acceptInvite(page, `${url}${invitePath}`, 'Nodes admin', 'nodes admin password 1');
    await page.waitForURL(`${url}/`);
  }, 120_000);

  afterAll(async () => {
    await edge?.close();
    await adminContext?.close();
    await world?.close();
  }, 120_000);

  it('the token form refuses what the API would, and shows the API’s own message', async () => {
    await page.goto(`${url}/node-tokens`);
    await page.getByRole('heading', { name: 'Enrollment tokens' }).waitFor();
    await expectAccessible(page, 'enrollment tokens, empty');
    await page.getByLabel(/^Node name/).fill('refused');
    await page.getByLabel(/^User ids it will serve/).fill(`${userId}, 7x`);
    await page.getByRole('button', { name: 'Create enrollment token' }).click();
    await page.getByText('“7x” is not a user id').waitFor();
    await page.getByLabel(/^User ids it will serve/).fill('2147483000');
    await page.getByRole('button', { name: 'Create enrollment token' }).click();
    await page.getByRole('alert').filter({ hasText: 'No such user: 2147483000' }).waitFor();
    await page.getByLabel(/^Node name/).fill('tab\there');
    await page.getByLabel(/^User ids it will serve/).fill(String(userId));
    await page.getByRole('button', { name: 'Create enrollment token' }).click();
    await page.getByRole('alert').filter({ hasText: 'control characters' }).waitFor();
    await expectAccessible(page, 'enrollment tokens, refused');
    expect((await world.admin<{ total: number }>('GET', '/nodes/enrollment-tokens')).total).toBe(0);
  });

  it('an admin makes a token and copies it; a real edge node enrolls with it and shows online without a reload', async () => {
    await page.getByLabel(/^Node name/).fill(XSS.node);
    await page.getByLabel(/^User ids it will serve/).fill(String(userId));
    await page.getByRole('button', { name: 'Create enrollment token' }).click();
    const shown = page.getByRole('textbox', { name: 'Enrollment token', exact: true });
    await shown.waitFor();
    const token = await shown.inputValue();
    expect(token).toMatch(/^plmnode_/);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    expect(await page.getByLabel('Enrollment command').textContent()).toBe(`plume-edge enroll --url ${url} --token ${token}`);
    await expectAccessible(page, 'enrollment token shown once');
    await page.getByRole('button', { name: 'Done', exact: true }).click();
    await eventually(() => rowsOf(page, 'Enrollment tokens').filter({ hasText: 'pending' }).count()).toBe(1);
    expect(await page.getByText(token).count()).toBe(0);
    await expectNoXss(page);

    await page.goto(`${url}/nodes`);
    await page.getByText('No node matches.').waitFor();
    const requestsBefore = await page.evaluate(() => performance.getEntriesByType('navigation').length);

    const started = Date.now();
    const sim = { baseUrl: () => 'http://127.0.0.1:9', setLoggedIn: () => {}, sessionCookie: () => ({ name: 'none', value: 'none' }) };
    edge = await startEdgeWorld({ sim, controlUrl: url, enrollmentToken: token, userId, files: {}, accounts: [], name: 'console-nodes' });
    const row = rowsOf(page, 'Nodes').filter({ hasText: 'online' });
    await eventually(() => row.count(), 60_000).toBe(1);
    const onlineAfterMs = Date.now() - started;
    console.info(`console-nodes: the node showed online in the page ${onlineAfterMs} ms after the daemon was started (enroll included)`);
    // The same document all along: the page asked again by itself.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(requestsBefore);
    expect(await row.getByRole('link', { name: XSS.node, exact: true }).count()).toBe(1);
    const [listed] = (await world.admin<{ items: AdminNode[] }>('GET', '/nodes')).items;
    expect(listed).toMatchObject({ name: XSS.node, status: 'active', online: true, userIds: [userId] });
    nodeId = listed!.id;
    expect(await row.textContent()).toContain(nodeId);
    await expectAccessible(page, 'nodes with one online');
    await expectNoXss(page);

    await page.goto(`${url}/node-tokens`);
    await eventually(() => rowsOf(page, 'Enrollment tokens').filter({ hasText: 'used' }).filter({ hasText: nodeId }).count()).toBe(1);
  });

  it('the node’s page: its adapters, the users it serves (added and removed), drain, resume and revoke', async () => {
    await page.goto(`${url}/nodes`);
    await page.getByRole('link', { name: XSS.node, exact: true }).click();
    await page.waitForURL(`${url}/nodes/${nodeId}`);
    await page.getByRole('heading', { name: `Node ${XSS.node}` }).waitFor();
    // What the compiled node reported on connecting: one row per platform × content type it runs.
    await eventually(async () => (await rowsOf(page, 'Adapters').count()) > 0).toBe(true);
    expect(await page.getByRole('table', { name: 'Node facts' }).textContent()).toContain('0 of ');
    await expectAccessible(page, 'node page, online');

    await page.getByLabel(/^User ids to add/).fill(`${otherUserId} nope`);
    await page.getByRole('button', { name: 'Add users' }).click();
    await page.getByText('“nope” is not a user id').waitFor();
    await page.getByLabel(/^User ids to add/).fill(String(otherUserId));
    await page.getByRole('button', { name: 'Add users' }).click();
    await eventually(async () => (await nodeOf(nodeId)).userIds).toEqual([userId, otherUserId].sort((a, b) => a - b));
    await eventually(() => rowsOf(page, 'Users it serves').count()).toBe(2);
    await page.getByRole('button', { name: `Remove user ${otherUserId}` }).click();
    await page.getByRole('dialog', { name: `Stop serving user ${otherUserId}?` }).waitFor();
    await expectAccessible(page, 'remove user dialog');
    await page.getByRole('button', { name: 'Remove user', exact: true }).click();
    await eventually(async () => (await nodeOf(nodeId)).userIds).toEqual([userId]);
    await eventually(() => rowsOf(page, 'Users it serves').count()).toBe(1);

    await page.getByRole('button', { name: 'Drain', exact: true }).click();
    await eventually(async () => (await nodeOf(nodeId)).status).toBe('draining');
    await page.getByRole('button', { name: 'Resume', exact: true }).waitFor();
    await expectAccessible(page, 'node page, draining');
    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await eventually(async () => (await nodeOf(nodeId)).status).toBe('active');
    await page.getByRole('button', { name: 'Drain', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Revoke', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Revoke the node “${XSS.node}”?` });
    await dialog.waitFor();
    await expectAccessible(page, 'revoke dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await nodeOf(nodeId)).status).toBe('active');
    await page.getByRole('button', { name: 'Revoke', exact: true }).click();
    await page.getByRole('button', { name: 'Revoke node', exact: true }).click();
    await eventually(async () => (await nodeOf(nodeId)).status).toBe('revoked');
    await eventually(async () => (await nodeOf(nodeId)).online).toBe(false);
    await page.locator('.mantine-Badge-root', { hasText: 'revoked' }).first().waitFor();
    expect(await page.getByRole('button', { name: /^(Drain|Resume|Revoke|Add users)/ }).count()).toBe(0);
    await expectAccessible(page, 'node page, revoked');
    await expectNoXss(page);
  });

  it('a token not used is revoked from the list, after a confirmation', async () => {
    await page.goto(`${url}/node-tokens`);
    await page.getByLabel(/^Node name/).fill(XSS.spare);
    await page.getByLabel(/^User ids it will serve/).fill(`${userId} ${otherUserId}`);
    await page.getByRole('button', { name: 'Create enrollment token' }).click();
    await page.getByRole('textbox', { name: 'Enrollment token', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Done', exact: true }).click();
    await page.getByRole('button', { name: `Revoke token ${XSS.spare}` }).click();
    await page.getByRole('dialog', { name: `Revoke the token “${XSS.spare}”?` }).waitFor();
    await page.getByRole('button', { name: 'Revoke token', exact: true }).click();
    const tokens = await world.admin<{ items: Array<{ name: string; state: string }> }>('GET', '/nodes/enrollment-tokens');
    await eventually(async () => (await world.admin<{ items: Array<{ name: string; state: string }> }>('GET', '/nodes/enrollment-tokens')).items.find((t) => t.name === XSS.spare)?.state).toBe(
      'revoked',
    );
    expect(tokens.items.length).toBe(2);
    await eventually(() => rowsOf(page, 'Enrollment tokens').filter({ hasText: 'revoked' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Revoke token/ }).count()).toBe(0);
    await expectAccessible(page, 'enrollment tokens, one revoked');
    await expectNoXss(page);
  });

  it('a viewer at phone width sees every node page read-only', async () => {
    const invitePath = await invite({ email: 'nodes-viewer@example.test', role: 'viewer' });
    const context = await world.browser.newContext(PHONE);
    const viewer = await openPage(context, 'viewer');
    await acceptInvite(viewer, `${url}${invitePath}`, 'Vera Viewer', 'viewer password 987654');
    await viewer.waitForURL(`${url}/`);
    const pages: Array<[path: string, ready: (p: Page) => Promise<unknown>]> = [
      ['/nodes', (p) => rowsOf(p, 'Nodes').first().waitFor()],
      [`/nodes/${nodeId}`, (p) => p.getByRole('table', { name: 'Node facts' }).waitFor()],
      ['/node-tokens', (p) => rowsOf(p, 'Enrollment tokens').first().waitFor()],
    ];
    for (const [path, ready] of pages) {
      await viewer.goto(`${url}${path}`);
      await ready(viewer);
      await viewer.getByText('You have read-only access').first().waitFor();
      expect(await viewer.getByRole('button', { name: /^(Create enrollment token|Drain|Resume|Revoke|Add users|Remove|Serve every user|Stop serving)/ }).count(), path).toBe(0);
      expect(await viewer.getByRole('textbox').count(), path).toBe(0);
      await expectFitsWidth(viewer, PHONE.viewport.width);
      await expectAccessible(viewer, `${path}, viewer at phone width`);
      await expectNoXss(viewer);
    }
    const refused = await viewer.evaluate(async (id) => {
      const me = (await (await fetch('/api/console/auth/me')).json()) as { csrfToken: string };
      return (await fetch(`/api/admin/nodes/${id}/resume`, { method: 'POST', headers: { 'x-csrf-token': me.csrfToken } })).status;
    }, nodeId);
    expect(refused).toBe(403);
    await context.close();
  });

  it('an integrator gets the forbidden state on the node pages, and 403 from the admin API', async () => {
    const invitePath = await invite({ email: 'nodes-person@example.test', role: 'user', integratorUserId: userId });
    const context = await world.browser.newContext(PHONE);
    const person = await openPage(context, 'integrator');
    await acceptInvite(person, `${url}${invitePath}`, 'Ivo Integrator', 'integrator password 1234');
    await person.waitForURL(`${url}/`);
    expect(await person.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: /Nodes|Enrollment tokens/ }).count()).toBe(0);
    for (const path of ['/nodes', `/nodes/${nodeId}`, '/node-tokens']) {
      await person.goto(`${url}${path}`);
      await person.getByRole('heading', { name: 'Forbidden' }).waitFor();
      await expectFitsWidth(person, PHONE.viewport.width);
      await expectAccessible(person, `${path}, integrator`);
    }
    const statuses = await person.evaluate(async (id) => Promise.all(['/api/admin/nodes', `/api/admin/nodes/${id}`, '/api/admin/nodes/enrollment-tokens'].map(async (u) => (await fetch(u)).status)), nodeId);
    expect(statuses).toEqual([403, 403, 403]);
    await context.close();
  });

  it('the admin’s node pages fit a phone too', async () => {
    const context = await world.browser.newContext(PHONE);
    const phone = await openPage(context, 'admin phone');
    await context.addCookies(await adminContext.cookies());
    for (const [path, ready] of [
      ['/nodes', (p: Page) => rowsOf(p, 'Nodes').first().waitFor()],
      [`/nodes/${nodeId}`, (p: Page) => p.getByRole('table', { name: 'Node facts' }).waitFor()],
      ['/node-tokens', (p: Page) => p.getByRole('button', { name: 'Create enrollment token' }).waitFor()],
    ] as const) {
      await phone.goto(`${url}${path}`);
      await ready(phone);
      await expectFitsWidth(phone, PHONE.viewport.width);
      await expectAccessible(phone, `${path}, admin at phone width`);
    }
    await context.close();
  });

  it('no page logged a console error or threw', () => {
    expect(world.problems).toEqual([]);
  });
});
