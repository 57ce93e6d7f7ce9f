/**
 * The admin's integrator pages and admin tokens page in Debian's Chromium,
 * against a control plane process on PostgreSQL. An admin (from
 * `plume-admin console-users create-admin`) creates an integrator in the
 * page, edits its plan and quotas (an out-of-range value shows the API's own
 * message), creates a key that then calls the Open API under the new plan and
 * is refused once revoked, adds a CMS site whose password never comes back
 * and removes it, sees the webhook and the platform accounts a node reported,
 * and creates an admin token that the admin API accepts until it is revoked.
 * A viewer at phone width sees the same pages without a write control (the
 * API refuses their writes); an integrator's own console account gets a
 * forbidden state and 403. Every page passes axe-core, hostile names stay
 * text, nothing is wider than the screen, and no page logs a console error.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPostgres } from '../control-plane/src/testing/db.js';
import { seedAccount, seedNode } from '../control-plane/src/testing/node-seeds.js';
import {
  acceptInvite,
  choose,
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

/** Shown as text wherever a name appears; any of them running sets window.__xss. */
const XSS = {
  integrator: `Acme <img src=x onerror="window.__xss='integrator'">`,
  key: `ci <script>window.__xss='key'</script>`,
  site: `Blog "><svg onload="window.__xss='site'"></svg>`,
  token: `deploy <img src=x onerror="window.__xss='token'">`,
  account: `Weibo <script>window.__xss='account'</script>`,
};
const SITE_PASSWORD = 'abcd efgh ijkl mnop';
/**
 * Accepting an invite hashes the new password with a deliberately slow KDF; on a
 * busy machine that step alone can pass the pages' usual 10 s, so these pages
 * wait longer (still well inside each test's limit).
 */
const SLOW_STEP = 30_000;
const ADMIN = { email: 'first-admin@example.test', password: 'correct horse battery staple' };

let world: ConsoleWorld;
let url: string;
let adminContext: BrowserContext;
let admin: Page;
let integratorId = 0;
const peopleContexts: BrowserContext[] = [];

async function call(method: string, path: string, authorization: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: await res.json() };
}

/** A person invited through the admin API, logged in on a phone-sized screen of their own. */
async function invitedPerson(name: string, role: 'viewer' | 'user'): Promise<Page> {
  const context = await world.browser.newContext(PHONE);
  peopleContexts.push(context);
  const { invite } = await world.admin<{ invite: { url: string } }>('POST', '/console-invites', {
    email: `${name}@example.test`,
    role,
    ...(role === 'user' ? { integratorUserId: integratorId } : {}),
  });
  const page = await world.newPage(context, name);
  page.setDefaultTimeout(SLOW_STEP);
  await acceptInvite(page, `${url}${invite.url}`, name, `${name} password 123456`);
  await page.waitForURL(`${url}/`);
  return page;
}

const section = (p: Page, heading: string) => p.locator('section').filter({ has: p.getByRole('heading', { name: heading, exact: true }) });

describe.skipIf(!hasPostgres())('the integrator admin pages in a browser', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    world = await startConsoleWorld('console-integrators');
    url = world.cp.url;
    adminContext = await world.browser.newContext({ viewport: { width: 1280, height: 900 } });
    // 400 and 409: the out-of-range plan, the NUL byte, the wrong site URL and a taken email, each shown with the API's message.
    admin = await world.newPage(adminContext, 'admin', [400, 409]);
    admin.setDefaultTimeout(SLOW_STEP);
    await acceptInvite(admin, `${url}${await createAdminInvite(world, ADMIN.email, 'First admin')}`, 'First admin', ADMIN.password);
    await admin.waitForURL(`${url}/`);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(peopleContexts.map((c) => c.close()));
    await adminContext?.close();
    await world?.close();
  }, 120_000);

  it('an admin creates an integrator in the page and lands on it', async () => {
    await admin.goto(`${url}/integrators`);
    await expectAccessible(admin, 'integrators with the create form');
    await admin.getByLabel(/^Integrator name/).fill(XSS.integrator);
    await admin.getByLabel(/^Contact email/).fill('ops@acme.example');
    await admin.getByLabel(/^Granted: web/).fill('5');
    await admin.getByLabel(/^Granted: edge/).fill('3');
    await admin.getByRole('button', { name: 'Create integrator' }).click();
    await admin.waitForURL(/\/integrators\/\d+$/);
    integratorId = Number(/\/integrators\/(\d+)$/.exec(admin.url())![1]);

    await admin.getByRole('heading', { level: 2, name: XSS.integrator, exact: true }).waitFor();
    const { user } = await world.admin<{ user: any }>('GET', `/users/${integratorId}`);
    expect(user).toMatchObject({ name: XSS.integrator, email: 'ops@acme.example', plan: { name: 'standard', perMinuteLimit: 600 }, disabled: false });
    expect(user.quotas).toEqual({ web: { granted: 5, used: 0 }, desktop: { granted: 0, used: 0 }, edge: { granted: 3, used: 0 }, cms: { granted: 0, used: 0 } });
    const web = rowsOf(admin, 'Quota balances').filter({ hasText: /^web/ });
    expect(await web.getByRole('cell').allTextContents()).toEqual([expect.stringMatching(/^web/), '5', '0', '5']);
    await expectAccessible(admin, 'an integrator');

    // The list links to it by its name; the same email again is the API's conflict.
    await admin.getByRole('link', { name: 'Back to the integrators' }).click();
    await admin.getByRole('link', { name: XSS.integrator, exact: true }).waitFor();
    await admin.getByLabel(/^Integrator name/).fill('Acme again');
    await admin.getByLabel(/^Contact email/).fill('ops@acme.example');
    await admin.getByRole('button', { name: 'Create integrator' }).click();
    await eventually(() => admin.getByRole('alert').textContent()).toContain('USER_EXISTS');
    await admin.getByRole('link', { name: XSS.integrator, exact: true }).click();
    await admin.waitForURL(`${url}/integrators/${integratorId}`);
    await expectNoXss(admin);
  });

  it('plan and quotas: an out-of-range value shows the API\'s message, a valid change is saved', async () => {
    await admin.getByRole('button', { name: 'Edit plan and quotas' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(/^Requests per minute/).fill('0');
    await dialog.getByRole('button', { name: 'Save plan and quotas' }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    // Exactly what the API answers to the same plan.
    const refused = await call('PATCH', `/api/admin/users/${integratorId}`, `Bearer ${world.adminToken}`, {
      plan: { name: 'standard', permissions: ['publish', 'accounts:read', 'articles:write', 'cms'], perMinuteLimit: 0, dailyLimit: 100_000, cmsEnabled: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain('perMinuteLimit');
    expect(await alert.textContent()).toContain(refused.json.message);
    expect(await alert.textContent()).toContain('INVALID_REQUEST');
    await expectAccessible(admin, 'plan editor with the API\'s message');

    await dialog.getByLabel(/^Requests per minute/).fill('120');
    await dialog.getByLabel(/^Granted: edge/).fill('7');
    await dialog.getByRole('checkbox', { name: /^articles:write/ }).uncheck();
    await dialog.getByRole('button', { name: 'Save plan and quotas' }).click();
    await eventually(() => dialog.count()).toBe(0);
    await eventually(() => admin.getByRole('row', { name: /Requests per minute/ }).textContent()).toContain('120');
    const { user } = await world.admin<{ user: any }>('GET', `/users/${integratorId}`);
    expect(user.plan).toEqual({ name: 'standard', permissions: ['publish', 'accounts:read', 'cms'], perMinuteLimit: 120, dailyLimit: 100_000, cmsEnabled: true });
    expect(user.quotas.edge.granted).toBe(7);
    expect(user.quotas.web.granted).toBe(5);
  });

  it('a key made in the page calls the Open API under the new plan, is refused while the integrator is disabled, and once revoked', async () => {
    const keys = section(admin, 'API keys');
    // NUL in a name is refused by the API, and the page says so.
    await keys.getByLabel(/^Key name/).fill('nul\u0000key');
    await keys.getByRole('button', { name: 'Create key' }).click();
    await eventually(() => keys.getByRole('alert').textContent()).toContain('U+0000');

    await keys.getByLabel(/^Key name/).fill(XSS.key);
    // The form starts from the plan's permissions; this key gets less.
    expect(await keys.getByRole('checkbox', { name: /^articles:write/ }).isChecked()).toBe(false);
    await keys.getByRole('checkbox', { name: /^cms/ }).uncheck();
    await keys.getByRole('button', { name: 'Create key' }).click();
    const shown = admin.getByRole('textbox', { name: 'New API key', exact: true });
    await shown.waitFor();
    const key = await shown.inputValue();
    expect(key).toMatch(/^plm_/);
    await expectAccessible(admin, 'a new key shown once');

    const me = await call('GET', '/api/openapi/v1/me', `Bearer ${key}`);
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ user_id: integratorId, permissions: ['accounts:read', 'publish'], limits: { per_minute: 120, daily: 100_000 } });
    expect(me.json.quotas.edge).toEqual({ granted: 7, used: 0, remaining: 7 });
    expect((await call('GET', '/api/openapi/v1/accounts', `Bearer ${key}`)).status).toBe(200);

    await admin.getByRole('button', { name: 'Done' }).click();
    await eventually(() => shown.count()).toBe(0);
    const row = rowsOf(admin, 'API keys').filter({ hasText: 'ci <script>' });
    // Last use shows the calls above once it is recorded.
    await eventually(async () => {
      await admin.reload();
      await row.waitFor();
      return row.getByRole('cell').nth(4).textContent();
    }).not.toBe('—');
    expect(await row.getByRole('cell').nth(1).textContent()).toBe(`${key.slice(0, 12)}…`);

    // Disabling the integrator (confirmed) refuses the key at once; enabling lets it in again.
    await admin.getByRole('button', { name: 'Disable integrator' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Disable integrator' }).click();
    await admin.getByRole('button', { name: 'Enable integrator' }).waitFor();
    expect(await admin.getByRole('heading', { level: 2 }).locator('..').getByText('disabled', { exact: true }).count()).toBe(1);
    const disabled = await call('GET', '/api/openapi/v1/me', `Bearer ${key}`);
    expect(disabled.status).toBe(403);
    await admin.getByRole('button', { name: 'Enable integrator' }).click();
    await admin.getByRole('button', { name: 'Disable integrator' }).waitFor();
    expect((await call('GET', '/api/openapi/v1/me', `Bearer ${key}`)).status).toBe(200);

    await row.getByRole('button', { name: `Revoke the key ${XSS.key}` }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.waitFor();
    await expectAccessible(admin, 'key revocation dialog');
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await eventually(() => row.getByText('revoked', { exact: true }).count()).toBe(1);
    const after = await call('GET', '/api/openapi/v1/me', `Bearer ${key}`);
    expect(after.status).toBe(401);
    expect(after.json.error.code).toBe('unauthorized');
    await expectNoXss(admin);
  });

  it('a CMS site is added (its password never comes back) and removed; the webhook and the platform accounts are shown', async () => {
    const sites = section(admin, 'CMS sites');
    await sites.getByLabel(/^Site name/).fill(XSS.site);
    await sites.getByLabel(/^Site URL/).fill('ftp://blog.example.test/');
    await sites.getByLabel(/^Site username/).fill('editor');
    await sites.getByLabel(/^Site password/).fill(SITE_PASSWORD);
    await sites.getByRole('button', { name: 'Add site' }).click();
    await eventually(() => sites.getByRole('alert').textContent()).toContain('siteUrl');
    // The password is not kept in the page after an attempt.
    expect(await sites.getByLabel(/^Site password/).inputValue()).toBe('');

    await choose(admin, 'Site type', 'MetaWeblog (XML-RPC)');
    await sites.getByLabel(/^Site URL/).fill('https://blog.example.test/xmlrpc.php');
    await sites.getByLabel(/^Site password/).fill(SITE_PASSWORD);
    await sites.getByRole('button', { name: 'Add site' }).click();
    const site = rowsOf(admin, 'CMS sites').filter({ hasText: 'Blog "><svg' });
    await site.waitFor();
    expect(await site.getByRole('cell').nth(1).textContent()).toBe('metaweblog');
    const html = await admin.content();
    expect(html).not.toContain(SITE_PASSWORD);
    expect(html).not.toContain('blog.example.test');
    const listed = JSON.stringify(await world.admin('GET', `/users/${integratorId}/accounts`));
    expect(listed).not.toContain(SITE_PASSWORD);
    expect(listed).not.toContain('blog.example.test');
    await expectAccessible(admin, 'a CMS site added');

    await site.getByRole('button', { name: `Remove the CMS site ${XSS.site}` }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Remove site' }).click();
    await eventually(() => site.count()).toBe(0);
    await sites.getByRole('switch', { name: 'Show removed sites' }).check({ force: true });
    await eventually(() => site.getByText('removed', { exact: true }).count()).toBe(1);
    const { items } = await world.admin<{ items: Array<{ displayName: string; removedAt: string | null }> }>('GET', `/users/${integratorId}/accounts`);
    expect(items.find((a) => a.displayName === XSS.site)?.removedAt).not.toBeNull();

    // What the integrator and their node set: the webhook URL, an account the node reports logged out.
    await world.admin('PUT', `/users/${integratorId}/webhook`, { url: 'https://hooks.acme.example/plume' });
    const db = world.db.database.db;
    const { nodeId } = await seedNode(db, { userIds: [integratorId], name: 'edge-shanghai' });
    await seedAccount(db, { userId: integratorId, platform: 'weibo', nodeId, displayName: XSS.account, loginState: 'logged_out' });
    await admin.reload();
    await section(admin, 'Webhook').getByText('https://hooks.acme.example/plume').waitFor();
    const account = rowsOf(admin, 'Platform accounts').filter({ hasText: 'Weibo <script>' });
    await account.waitFor();
    expect(await account.getByRole('cell').allTextContents()).toEqual([XSS.account, 'weibo', 'edge', nodeId, 'logged out', 'okHealth', '—Egress', '—Presets', expect.any(String), 'in use']);
    await expectAccessible(admin, 'an integrator with a site, a webhook and an account');
    await expectNoXss(admin);
  });

  it("an account's preset is edited in a form built from the settings contract; the API's refusal shows, what is saved is what the API holds", async () => {
    const account = rowsOf(admin, 'Platform accounts').filter({ hasText: 'Weibo <script>' });
    await account.getByRole('button', { name: `Edit the presets of ${XSS.account}` }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.locator('label').filter({ hasText: /^dynamic$/ }).click();
    const form = dialog.getByRole('form', { name: `dynamic preset of ${XSS.account}` });
    await form.getByLabel('visibility').waitFor();
    await expectAccessible(admin, 'the preset dialog');
    // A tag of only # names no topic: the API refuses it and says why.
    await form.getByLabel('tags').fill('#');
    await form.getByLabel('tags').press('Enter');
    await form.getByRole('button', { name: 'Save dynamic preset' }).click();
    await eventually(() => form.getByRole('alert').textContent()).toContain('names no topic');
    expect(await form.getByRole('alert').textContent()).toContain('INVALID_SETTINGS');

    await form.getByLabel('tags').press('Backspace');
    await form.getByLabel('tags').fill('news');
    await form.getByLabel('tags').press('Enter');
    await form.getByLabel('visibility').click();
    await admin.getByRole('option', { name: 'fans', exact: true }).click();
    await form.getByRole('button', { name: 'Save dynamic preset' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await eventually(async () => (await account.getByRole('cell').allTextContents())[7]).toBe('dynamicPresets');
    const { items } = await world.admin<{ items: Array<{ displayName: string; presets: Record<string, unknown> }> }>('GET', `/users/${integratorId}/accounts`);
    expect(items.find((a) => a.displayName === XSS.account)?.presets).toEqual({ dynamic: { tags: ['news'], visibility: 'fans' } });

    // Opened again, the form holds what was saved; emptied and saved, the preset sets nothing.
    await account.getByRole('button', { name: `Edit the presets of ${XSS.account}` }).click();
    await dialog.locator('label').filter({ hasText: /^dynamic$/ }).click();
    await eventually(() => form.getByLabel('visibility').inputValue()).toBe('fans');
    await form.getByLabel('tags').press('Backspace');
    await form.getByLabel('visibility').click();
    await admin.getByRole('option', { name: 'public', exact: true }).click();
    await form.getByRole('button', { name: 'Save dynamic preset' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await eventually(async () => (await world.admin<{ items: Array<{ displayName: string; presets: Record<string, unknown> }> }>('GET', `/users/${integratorId}/accounts`)).items.find((a) => a.displayName === XSS.account)?.presets).toEqual({
      dynamic: { visibility: 'public' },
    });
    await expectNoXss(admin);
  });

  it('an admin token made in the page is accepted by the admin API until it is revoked', async () => {
    await admin.getByRole('link', { name: 'Admin tokens' }).click();
    await admin.waitForURL(`${url}/admin-tokens`);
    await admin.getByLabel(/^Token name/).fill(XSS.token);
    await choose(admin, 'Scope', 'read: GET requests only');
    await admin.getByRole('button', { name: 'Create token' }).click();
    const shown = admin.getByRole('textbox', { name: 'New admin token', exact: true });
    await shown.waitFor();
    const token = await shown.inputValue();
    expect(token).toMatch(/^plma_/);
    await expectAccessible(admin, 'a new admin token shown once');

    expect((await call('GET', `/api/admin/users/${integratorId}`, `Bearer ${token}`)).status).toBe(200);
    // A read token may not write.
    const write = await call('PATCH', `/api/admin/users/${integratorId}`, `Bearer ${token}`, { disabled: true });
    expect(write.status).toBe(403);
    expect(write.json.code).toBe('ADMIN_FORBIDDEN');

    await admin.getByRole('button', { name: 'Done' }).click();
    const row = rowsOf(admin, 'Admin tokens').filter({ hasText: 'deploy <img' });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(2, 4)).toEqual(['read', ADMIN.email]);
    await row.getByRole('button', { name: `Revoke the token ${XSS.token}` }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.waitFor();
    await expectAccessible(admin, 'token revocation dialog');
    await dialog.getByRole('button', { name: 'Revoke token' }).click();
    await eventually(() => row.count()).toBe(0);
    const refused = await call('GET', `/api/admin/users/${integratorId}`, `Bearer ${token}`);
    expect(refused.status).toBe(401);
    expect(refused.json.code).toBe('ADMIN_UNAUTHORIZED');

    await admin.getByRole('switch', { name: 'Show revoked tokens' }).check({ force: true });
    await eventually(() => row.getByText('revoked', { exact: true }).count()).toBe(1);
    await expectNoXss(admin);
  });

  it('the pages fit a phone\'s width', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/integrators', `/integrators/${integratorId}`, '/admin-tokens']) {
      await admin.goto(`${url}${path}`);
      await admin.getByRole('heading', { level: 2 }).first().waitFor();
      await admin.waitForLoadState('networkidle');
      await expectFitsWidth(admin, 390);
    }
    await expectAccessible(admin, 'admin tokens at phone width');
  });

  it('a viewer at phone width reads the integrator without a write control, and the API refuses their writes', async () => {
    const viewer = await invitedPerson('vera', 'viewer');
    await viewer.goto(`${url}/integrators`);
    const link = viewer.getByRole('link', { name: XSS.integrator, exact: true });
    await link.waitFor();
    expect(await viewer.getByRole('button', { name: 'Create integrator' }).count()).toBe(0);
    await expectFitsWidth(viewer, 390);
    await link.click();
    await viewer.waitForURL(`${url}/integrators/${integratorId}`);
    await rowsOf(viewer, 'API keys').filter({ hasText: 'ci <script>' }).waitFor();
    await rowsOf(viewer, 'Platform accounts').first().waitFor();
    for (const name of ['Edit plan and quotas', 'Disable integrator', 'Create key', 'Add site', 'Revoke', 'Remove', 'Presets']) {
      expect(await viewer.getByRole('button', { name }).count(), name).toBe(0);
    }
    await expectAccessible(viewer, 'an integrator, read-only');
    await expectFitsWidth(viewer, 390);
    await viewer.getByRole('button', { name: 'Open navigation' }).click();
    await viewer.getByRole('link', { name: 'Admin tokens' }).click();
    await viewer.getByRole('heading', { name: 'Forbidden' }).waitFor();
    await expectAccessible(viewer, 'admin tokens, forbidden to a viewer');

    const refused = await viewer.evaluate(async (id) => {
      const me = (await (await fetch('/api/console/auth/me')).json()) as { csrfToken: string };
      const res = await fetch(`/api/admin/users/${id}/api-keys`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrfToken },
        body: JSON.stringify({ name: 'viewer-made' }),
      });
      return res.status;
    }, integratorId);
    expect(refused).toBe(403);
    await expectNoXss(viewer);
  });

  it('an integrator\'s own console account gets a forbidden state, and the admin API answers 403', async () => {
    const person = await invitedPerson('ivo', 'user');
    for (const path of [`/integrators/${integratorId}`, '/admin-tokens']) {
      await person.goto(`${url}${path}`);
      await person.getByRole('heading', { name: 'Forbidden' }).waitFor();
    }
    await expectAccessible(person, 'forbidden to an integrator');
    const statuses = await person.evaluate(async (id) =>
      Promise.all([`/api/admin/users/${id}`, `/api/admin/users/${id}/api-keys`, '/api/admin/tokens'].map(async (u) => (await fetch(u)).status)),
    integratorId);
    expect(statuses).toEqual([403, 403, 403]);
  });

  it('no page logged a console error or threw', () => {
    expect(world.problems).toEqual([]);
  });
});
