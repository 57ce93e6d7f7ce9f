/**
 * The console in Debian's Chromium against a real control plane process on
 * PostgreSQL (the compiled main.js serving the built console at /). One walk
 * through, in order: the first admin comes from `plume-admin console-users
 * create-admin` and accepts that invite; the admin invites an integrator
 * person who accepts in a second browser context; the integrator creates an
 * API key and uses it against the Open API (200), revokes it (401), sets a
 * webhook and sends a test event that a local receiver verifies by its
 * signature, and sees it in the delivery log. Every page passes axe-core with
 * no serious or critical violation; names carrying XSS payloads are shown as
 * text and never run; a `user` on an admin page sees a forbidden state and
 * the API answers 403; the CSP header is on every page and no console error
 * appears. The first page's JavaScript, as the browser received it (the bytes
 * on the wire, compressed by the control plane), must stay within 250 KB.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '@plume/shared';
import { hasPostgres } from '../control-plane/src/testing/db.js';
import type { ControlPlaneProcess } from './support/control-plane-process.js';
import {
  acceptInvite,
  CONSOLE_INDEX,
  type ConsoleWorld,
  createAdminInvite,
  eventually,
  expectAccessible,
  logIn as logInAt,
  startConsoleWorld,
} from './support/console-browser.js';

/** The first page's JavaScript budget, in bytes received. */
const FIRST_PAGE_JS_BUDGET = 250 * 1024;

/** Shown as text wherever a name appears; any of them running sets window.__xss. */
const XSS = {
  admin: `Ada <img src=x onerror="window.__xss='admin'">`,
  person: `Ivo "><svg onload="window.__xss='person'"></svg>`,
  key: `ci <script>window.__xss='key'</script>`,
  project: `Desktop <img src=x onerror="window.__xss='project'">`,
};
const PASSWORD = { admin: 'correct horse battery staple', person: 'integrator password 1234' };

let world: ConsoleWorld;
let cp: ControlPlaneProcess;
let browser: Browser;
let receiver: Receiver;
let integratorId: number;
let projectKid: string;

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}
interface Receiver {
  url: string;
  server: Server;
  secret: string | null;
  verified: Array<Delivery & { type: string }>;
  refused: Delivery[];
  /** While set, every delivery answers 500 (a receiver that is down). */
  failing: boolean;
}

/** A webhook endpoint that accepts only what verifies with the secret the console showed. */
async function startReceiver(): Promise<Receiver> {
  const r: Receiver = { url: '', server: null as unknown as Server, secret: null, verified: [], refused: [], failing: false };
  r.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (r.failing) {
        res.writeHead(500).end('down');
        return;
      }
      const check = r.secret ? verifyWebhookSignature(r.secret, req.headers as Record<string, string>, body) : { valid: false };
      if (check.valid) {
        r.verified.push({ headers: req.headers, body, type: (JSON.parse(body) as { type: string }).type });
        res.writeHead(200).end('ok');
      } else {
        r.refused.push({ headers: req.headers, body });
        res.writeHead(401).end('bad signature');
      }
    });
  });
  await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}/plume-events`;
  return r;
}

const admin = <T>(method: string, path: string, body?: unknown): Promise<T> => world.admin<T>(method, path, body);
const newPage = (context: BrowserContext, name: string): Promise<Page> => world.newPage(context, name);
const logIn = (page: Page, email: string, password: string): Promise<void> => logInAt(page, cp.url, email, password);

async function expectNoXss(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
}

describe.skipIf(!hasPostgres())('the console in a browser', { timeout: 90_000 }, () => {
  let adminContext: BrowserContext;
  let personContext: BrowserContext;
  let adminPage: Page;
  let personPage: Page;
  const adminEmail = 'first-admin@example.test';
  const personEmail = 'integrator-person@example.test';

  beforeAll(async () => {
    world = await startConsoleWorld('console-browser');
    ({ cp, browser } = world);
    receiver = await startReceiver();
    const created = await admin<{ user: { id: number } }>('POST', '/users', {
      name: 'Acme Publishing',
      email: 'ops@acme.example',
      plan: { name: 'standard', permissions: ['publish', 'accounts:read', 'articles:write', 'cms'], perMinuteLimit: 600, dailyLimit: 100_000, cmsEnabled: true },
    });
    integratorId = created.user.id;
    // A second integrator, for the invite form's search to leave out.
    await admin('POST', '/users', { name: 'Zenith Media', plan: { name: 'basic', permissions: ['publish'], perMinuteLimit: 60, dailyLimit: 1000, cmsEnabled: false } });
    const project = await admin<{ project: { offlineKeyId: string } }>('POST', '/projects', { projectKey: 'console-demo', name: 'Console demo' });
    projectKid = project.project.offlineKeyId;
    adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // The integrator uses a phone-sized screen: the same pages must work there.
    personContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    adminPage = await newPage(adminContext, 'admin');
    personPage = await newPage(personContext, 'integrator');
  }, 120_000);

  afterAll(async () => {
    await Promise.all([adminContext?.close(), personContext?.close()]);
    receiver?.server.closeAllConnections();
    await new Promise((resolve) => receiver?.server.close(resolve));
    await world?.close();
  }, 120_000);

  it('serves index.html with a strict CSP for client routes, hashed assets for a year, /api unchanged', async () => {
    for (const path of ['/', '/login', '/invite/some-token', '/keys']) {
      const res = await fetch(`${cp.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      const html = await res.text();
      expect(html).not.toContain('PLUME_CSP_NONCE');
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    }
    const [a, b] = await Promise.all([fetch(`${cp.url}/login`), fetch(`${cp.url}/login`)]);
    expect(a.headers.get('content-security-policy')).not.toBe(b.headers.get('content-security-policy'));
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(CONSOLE_INDEX, 'utf8'))![1]!;
    const js = await fetch(`${cp.url}${asset}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
    const api = await fetch(`${cp.url}/api/openapi/v1/no-such-thing`);
    expect(api.status).toBe(401);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  });

  it('the first page loads at most 250 KB of JavaScript, as the browser received it', async () => {
    const context = await browser.newContext();
    const page = await newPage(context, 'first page');
    const scripts: Array<Promise<{ received: number; encoding: string | null }>> = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push(
        Promise.all([request.sizes(), request.response()]).then(async ([sizes, response]) => ({ received: sizes.responseBodySize, encoding: (await response?.headerValue('content-encoding')) ?? null })),
      );
    });
    await page.goto(`${cp.url}/login`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all(scripts);
    const total = sizes.reduce((s, n) => s + n.received, 0);
    process.stdout.write(`[console] first page (/login): ${sizes.length} scripts, ${(total / 1024).toFixed(1)} KB of JavaScript on the wire\n`);
    expect(sizes.length).toBeGreaterThan(0);
    // Chromium accepts brotli: every script came as the build's brotli copy.
    expect(sizes.map((s) => s.encoding)).toEqual(sizes.map(() => 'br'));
    expect(total).toBeLessThanOrEqual(FIRST_PAGE_JS_BUDGET);
    await context.close();
  });

  it('the first admin, created by plume-admin, accepts the invite and logs in', async () => {
    const invitePath = await createAdminInvite(world, adminEmail, 'First admin');

    await adminPage.goto(`${cp.url}${invitePath}`);
    await eventually(() => adminPage.getByText(adminEmail).count()).toBeGreaterThan(0);
    await expectAccessible(adminPage, 'invite');
    await adminPage.getByLabel('Your name').fill(XSS.admin);
    await adminPage.getByLabel(/^Password\W*$/).fill(PASSWORD.admin);
    await adminPage.getByLabel('Repeat the password').fill(PASSWORD.admin);
    await adminPage.getByRole('button', { name: 'Set password and log in' }).click();
    // The home page is where everyone lands (pages/home.tsx).
    await adminPage.waitForURL(`${cp.url}/`);

    // A used invite is refused with the API's message.
    const again = await newPage(personContext, 'used invite');
    await again.goto(`${cp.url}${invitePath}`);
    await eventually(() => again.getByRole('alert').count()).toBeGreaterThan(0);
    await again.close();

    await adminPage.getByRole('button', { name: 'Log out' }).click();
    await adminPage.waitForURL(/\/login/);
    await expectAccessible(adminPage, 'login');
    await logIn(adminPage, adminEmail, 'not the password at all');
    await eventually(() => adminPage.getByRole('alert').textContent()).toBeTruthy();
    await logIn(adminPage, adminEmail, PASSWORD.admin);
    await adminPage.waitForURL(`${cp.url}/`);
    await adminPage.goto(`${cp.url}/users`);
    await eventually(() => adminPage.getByRole('cell', { name: XSS.admin, exact: true }).count()).toBe(1);
    await expectAccessible(adminPage, 'console users');
    await expectNoXss(adminPage);
  });

  it('the admin invites an integrator person, who accepts in another browser', async () => {
    await adminPage.getByLabel(/^Email\W*$/).fill(personEmail);
    // The integrator is picked by name, searched on the server as the admin types.
    const picker = adminPage.getByRole('combobox', { name: /^Integrator\W*$/ });
    await picker.click();
    await eventually(() => adminPage.getByRole('option', { name: 'Zenith Media' }).count()).toBeGreaterThan(0);
    await picker.fill('acme');
    await eventually(() => adminPage.getByRole('option').allTextContents()).toEqual([`Acme Publishing (#${integratorId})`]);
    await expectAccessible(adminPage, 'invite with the integrator search open');
    await adminPage.getByRole('option', { name: `Acme Publishing (#${integratorId})` }).click();
    expect(await picker.inputValue()).toBe(`Acme Publishing (#${integratorId})`);
    await adminPage.getByRole('button', { name: 'Create invite link' }).click();
    const link = adminPage.getByRole('textbox', { name: 'Invite link', exact: true });
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(new RegExp(`^${cp.url}/invite/[A-Za-z0-9_-]+$`));

    await acceptInvite(personPage, url, XSS.person, PASSWORD.person);
    await personPage.waitForURL(`${cp.url}/`);
    await personPage.goto(`${cp.url}/keys`);

    await adminPage.reload();
    await eventually(() => adminPage.getByRole('cell', { name: XSS.person, exact: true }).count()).toBe(1);
    // The list names the integrator the person acts for, linked to its page, not a bare number.
    const personRow = adminPage.getByRole('row').filter({ has: adminPage.getByRole('cell', { name: XSS.person, exact: true }) });
    const integratorLink = personRow.getByRole('link', { name: `Acme Publishing (#${integratorId})` });
    expect(await integratorLink.getAttribute('href')).toBe(`/integrators/${integratorId}`);
    await expectNoXss(adminPage);
  });

  it('the integrator creates a key, uses it against the Open API, and revokes it', async () => {
    await expectAccessible(personPage, 'api keys');
    // The first key, made without a look at the boxes, gets what the plan allows: article import included.
    for (const permission of ['publish', 'accounts:read', 'articles:write', 'cms']) {
      await eventually(() => personPage.getByRole('checkbox', { name: new RegExp(`^${permission}:`) }).isChecked()).toBe(true);
    }
    await personPage.getByLabel('Key name').fill(XSS.key);
    await personPage.getByRole('button', { name: 'Create key' }).click();
    const shown = personPage.getByRole('textbox', { name: 'New API key', exact: true });
    await shown.waitFor();
    const key = await shown.inputValue();
    expect(key).toMatch(/^plm_/);
    await expectAccessible(personPage, 'api keys with a new key');
    // At phone width nothing widens the page: wide tables scroll inside their own region.
    expect(await personPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const accounts = () => fetch(`${cp.url}/api/openapi/v1/accounts`, { headers: { authorization: `Bearer ${key}` } });
    expect((await accounts()).status).toBe(200);
    const imported = await fetch(`${cp.url}/api/openapi/v1/articles`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'First import', content: '# First\n\nImported with the first key.', contentProvenance: 'human' }),
    });
    expect(imported.status, await imported.clone().text()).toBe(201);

    await personPage.getByRole('button', { name: 'Done' }).click();
    await eventually(() => personPage.getByRole('textbox', { name: 'New API key', exact: true }).count()).toBe(0);
    const row = personPage.getByRole('row').filter({ hasText: 'ci <script>' });
    // Last use is shown (the call above), not a dash; the key's use is recorded beside the request.
    await eventually(async () => {
      await personPage.reload();
      await row.waitFor();
      return row.getByRole('cell').nth(4).textContent();
    }).not.toBe('—');
    await row.getByRole('button', { name: 'Revoke' }).click();
    const dialog = personPage.getByRole('dialog');
    await dialog.waitFor();
    await expectAccessible(personPage, 'revoke confirmation');
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await eventually(() => row.getByText('revoked').count()).toBe(1);
    expect((await accounts()).status).toBe(401);
    await expectNoXss(personPage);
  });

  it('the integrator sets a webhook and a signed test delivery reaches the receiver and the log', async () => {
    await personPage.goto(`${cp.url}/webhook`);
    await personPage.getByRole('textbox', { name: 'Webhook URL' }).fill(receiver.url);
    await personPage.getByRole('button', { name: 'Save URL' }).click();
    const secretField = personPage.getByRole('textbox', { name: 'Webhook secret', exact: true });
    await secretField.waitFor();
    receiver.secret = await secretField.inputValue();
    expect(receiver.secret.length).toBeGreaterThan(10);
    await expectAccessible(personPage, 'webhook');

    await personPage.getByRole('button', { name: 'Send a test event' }).click();
    await eventually(() => receiver.verified.length, 20_000).toBeGreaterThan(0);
    expect(receiver.refused).toEqual([]);
    expect(receiver.verified[0]!.type).toBe('webhook.test');

    const logRow = personPage.getByRole('table', { name: 'Webhook deliveries' }).getByRole('row').filter({ hasText: 'webhook.test' });
    await eventually(() => logRow.getByText('delivered').count(), 20_000).toBe(1);
    expect(await logRow.getByRole('cell').nth(3).textContent()).toBe('200');
    await expectAccessible(personPage, 'webhook with a delivery');

    // The receiver is down: the next test event fails its first attempt and can be retried from the log.
    receiver.failing = true;
    await personPage.getByRole('button', { name: 'Send a test event' }).click();
    const failedRow = personPage.getByRole('table', { name: 'Webhook deliveries' }).getByRole('row').filter({ hasText: '500' });
    await eventually(() => failedRow.count(), 30_000).toBe(1);
    receiver.failing = false;
    const retried = personPage.waitForResponse((r) => /\/api\/console\/me\/webhook\/deliveries\/evt_[^/]+\/retry$/.test(r.url()) && r.request().method() === 'POST');
    await failedRow.getByRole('button', { name: /^Retry delivery evt_/ }).click();
    expect((await retried).status()).toBe(200);
    await eventually(() => receiver.verified.length, 30_000).toBe(2);
    await eventually(() => personPage.getByRole('table', { name: 'Webhook deliveries' }).getByText('delivered').count(), 20_000).toBe(2);
  });

  it('the integrator sees their sessions and the password form', async () => {
    await personPage.goto(`${cp.url}/account`);
    await eventually(() => personPage.getByText('this one', { exact: true }).count()).toBe(1);
    await expectAccessible(personPage, 'password and sessions');
  });

  it('a user opening an admin page sees a forbidden state, and the admin API answers 403', async () => {
    for (const path of ['/users', '/integrators', '/projects', '/codes', '/devices', '/sessions', '/logs', '/trend', '/statistics', '/version-bans', '/security-events']) {
      await personPage.goto(`${cp.url}${path}`);
      await personPage.getByRole('heading', { name: 'Forbidden' }).waitFor();
    }
    await expectAccessible(personPage, 'forbidden');
    const statuses = await personPage.evaluate(async () =>
      Promise.all(['/api/admin/users', '/api/admin/projects', '/api/console/users'].map(async (u) => (await fetch(u)).status)),
    );
    expect(statuses).toEqual([403, 403, 403]);
  });

  it('the admin sees the integrators and the license projects with their offline key id', async () => {
    await adminPage.goto(`${cp.url}/integrators`);
    await eventually(() => adminPage.getByRole('cell', { name: 'Acme Publishing', exact: true }).count()).toBe(1);
    await expectAccessible(adminPage, 'integrators');
    await adminPage.goto(`${cp.url}/projects`);
    await eventually(() => adminPage.getByText(projectKid, { exact: true }).count()).toBe(1);
    expect(await adminPage.getByLabel('Offline public key of console-demo (base64url Ed25519)').inputValue()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expectAccessible(adminPage, 'projects');
    await expectNoXss(adminPage);
  });

  it('the admin creates a license project in the page and generates its codes there', async () => {
    // 400 and 409: the refusals the form is made to show.
    const page = await world.newPage(adminContext, 'projects', [400, 409]);
    await page.goto(`${cp.url}/projects`);
    const form = page.getByRole('form', { name: 'Create a project' });
    await form.waitFor();
    await expectAccessible(page, 'projects with the create form');

    await form.getByLabel(/^Project key\W*$/).fill('has a space');
    await form.getByLabel(/^Project name\W*$/).fill('Refused');
    await form.getByRole('button', { name: 'Create project' }).click();
    await eventually(() => form.getByRole('alert').textContent()).toMatch(/projectKey/);
    expect(await form.getByRole('alert').textContent()).toContain('INVALID_REQUEST');

    await form.getByLabel(/^Project key\W*$/).fill('desktop-pro');
    await form.getByLabel(/^Project name\W*$/).fill(XSS.project);
    await form.getByLabel('Description').fill('The paid desktop edition');
    await form.getByRole('button', { name: 'Create project' }).click();
    const created = form.getByRole('status');
    await eventually(() => created.textContent()).toMatch(/desktop-pro signs offline snapshots with key id \S+/);
    const detail = await admin<{ project: { name: string; description: string; offlineKeyId: string } }>('GET', '/projects/desktop-pro');
    expect(detail.project).toMatchObject({ name: XSS.project, description: 'The paid desktop edition' });
    expect(await created.textContent()).toContain(detail.project.offlineKeyId);
    const card = page.getByRole('region', { name: 'Project desktop-pro' });
    await eventually(() => card.getByText(detail.project.offlineKeyId, { exact: true }).count()).toBe(1);
    expect(await form.getByLabel(/^Project key\W*$/).inputValue()).toBe('');

    // The same key again: the API's refusal, with its code.
    await form.getByLabel(/^Project key\W*$/).fill('desktop-pro');
    await form.getByLabel(/^Project name\W*$/).fill('Twice');
    await form.getByRole('button', { name: 'Create project' }).click();
    await eventually(() => form.getByRole('alert').textContent()).toContain('PROJECT_EXISTS');
    await expectAccessible(page, 'projects after a refusal');

    // Codes for it, from the console alone.
    await page.goto(`${cp.url}/codes`);
    await page.getByRole('combobox', { name: /^Project for the new codes/ }).click();
    await page.getByRole('option', { name: `${XSS.project} (desktop-pro)`, exact: true }).click();
    await page.getByLabel(/^How many codes/).fill('2');
    await page.getByLabel(/^Uses per code/).fill('1');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await eventually(() => page.getByRole('status').filter({ hasText: 'codes generated' }).textContent()).toBe('2 of 2 codes generated');
    expect((await admin<{ total: number }>('GET', '/codes?projectKey=desktop-pro&pageSize=1')).total).toBe(2);
    await expectNoXss(page);
    await page.close();
  });

  it('a viewer sees the admin pages read-only, and the admin API refuses their writes', async () => {
    await adminPage.goto(`${cp.url}/users`);
    await adminPage.getByLabel(/^Email\W*$/).fill('viewer@example.test');
    await adminPage.getByRole('combobox', { name: 'Role' }).click();
    await adminPage.getByRole('option', { name: /^viewer/ }).click();
    await adminPage.getByRole('button', { name: 'Create invite link' }).click();
    const url = await adminPage.getByRole('textbox', { name: 'Invite link', exact: true }).inputValue();

    const viewerContext = await browser.newContext();
    const viewer = await newPage(viewerContext, 'viewer');
    await acceptInvite(viewer, url, 'Vera Viewer', 'viewer password 123456');
    await viewer.waitForURL(`${cp.url}/`);
    await viewer.goto(`${cp.url}/users`);
    await eventually(() => viewer.getByRole('cell', { name: 'Vera Viewer', exact: true }).count()).toBe(1);
    expect(await viewer.getByRole('button', { name: 'Create invite link' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: /^Disable/ }).count()).toBe(0);
    await expectAccessible(viewer, 'console users, read-only');
    await viewer.goto(`${cp.url}/projects`);
    await eventually(() => viewer.getByText(projectKid, { exact: true }).count()).toBe(1);
    expect(await viewer.getByRole('form', { name: 'Create a project' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Create project' }).count()).toBe(0);
    const refused = await viewer.evaluate(async () => {
      const me = (await (await fetch('/api/console/auth/me')).json()) as { csrfToken: string };
      const res = await fetch('/api/admin/projects', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrfToken },
        body: JSON.stringify({ projectKey: 'viewer-made', name: 'Not allowed' }),
      });
      return res.status;
    });
    expect(refused).toBe(403);
    await viewerContext.close();
  });

  it('no page logged a console error or threw', () => {
    expect(world.problems).toEqual([]);
  });
});
