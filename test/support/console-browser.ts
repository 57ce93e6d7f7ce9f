/**
 * What the console's browser tests share: a control plane process on its own
 * PostgreSQL database serving the built console, Debian's Chromium, the admin
 * API by token, pages that record console errors, axe-core, and the first
 * admin made by the compiled `plume-admin console-users create-admin`, the
 * XSS canary, the phone screen, and the few moves every page test makes (a
 * select, a download, a table's rows).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { expect } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../control-plane/src/testing/db.js';
import { testBoundMs } from '../../control-plane/src/testing/eventually.js';
import { launchChromium } from '../../edge-node/src/adapters/browser.js';
import { type ControlPlaneProcess, startControlPlane } from './control-plane-process.js';

const CLI = fileURLToPath(new URL('../../control-plane/bin/plume-admin.js', import.meta.url));
export const CONSOLE_INDEX = fileURLToPath(new URL('../../control-plane/console/dist/index.html', import.meta.url));
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A phone's screen: the console must work there. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

export interface ConsoleWorld {
  db: TestDatabase;
  cp: ControlPlaneProcess;
  browser: Browser;
  adminToken: string;
  /** Console errors and uncaught page errors of every page made by newPage, checked at the end. */
  problems: string[];
  /** The admin API with the admin token; throws on a non-2xx answer. */
  admin<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** A page whose console errors count as problems, but for failed fetches of the statuses the world expects and `expected`. */
  newPage(context: BrowserContext, name: string, expected?: readonly number[]): Promise<Page>;
  close(): Promise<void>;
}

export interface ConsoleWorldOptions {
  /**
   * The 4xx answers the pages under test expect and show (the browser logs each
   * failed fetch as a console error): 401 (GET /auth/me before login, a wrong
   * password), 403 (the forbidden checks) and 410 (a used invite) unless told
   * otherwise. Any other console error is a problem.
   */
  expectedStatuses?: readonly number[];
  /** Extra environment for the control plane process. */
  env?: Record<string, string>;
}

export async function startConsoleWorld(name: string, options: ConsoleWorldOptions = {}): Promise<ConsoleWorld> {
  if (!existsSync(CONSOLE_INDEX)) throw new Error(`${CONSOLE_INDEX} missing: run \`npm run build\` (npm test does) before this test`);
  const expectedStatuses = options.expectedStatuses ?? [401, 403, 410];
  const adminToken = `${name}-${randomBytes(12).toString('hex')}`;
  const db = await createTestDatabase();
  const cp = await startControlPlane({ DATABASE_URL: db.url!, PLUME_ADMIN_TOKEN: adminToken, ...options.env });
  const browser = await launchChromium();
  const problems: string[] = [];
  return {
    db,
    cp,
    browser,
    adminToken,
    problems,
    async admin<T>(method: string, path: string, body?: unknown): Promise<T> {
      const res = await fetch(`${cp.url}/api/admin${path}`, {
        method,
        headers: { authorization: `Bearer ${adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await res.json()) as T;
      if (!res.ok) throw new Error(`${method} /api/admin${path} → ${res.status}: ${JSON.stringify(json)}`);
      return json;
    },
    async newPage(context: BrowserContext, pageName: string, expected: readonly number[] = []): Promise<Page> {
      const expectedFailure = new RegExp(`Failed to load resource: the server responded with a status of (${[...expectedStatuses, ...expected].join('|')})`);
      const page = await context.newPage();
      // Well inside each test's own limit, so a missing element fails with Playwright's account of it.
      page.setDefaultTimeout(10_000);
      // A navigation may wait on the server's slow work (a password hashed, then the next page's data):
      // the product promises no time for it, so its bound is the test's own limit (90 s), not 10 s
      // (at a load of 30 on two cores an invite accepted took longer than 10 s).
      page.setDefaultNavigationTimeout(60_000);
      page.on('pageerror', (error) => problems.push(`${pageName}: page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (expectedFailure.test(text)) return;
        problems.push(`${pageName}: console error: ${text}`);
      });
      return page;
    },
    async close(): Promise<void> {
      await browser.close();
      await cp.stop();
      await db.close();
    },
  };
}

/** axe-core in the page (evaluated, not a script tag: the CSP forbids inline scripts); no serious or critical violation. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // Let transitions end first (a dialog fading in): axe measures colours as they are drawn.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown }> }> }> } }).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => JSON.stringify(n.target)).slice(0, 3) }));
  });
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad, `${what}: ${JSON.stringify(bad, null, 1)}`).toEqual([]);
}

/**
 * vitest's expect.poll until the page shows the state. The state comes from the server's work (a
 * query, a stream's next event), which a loaded machine does later, not differently: by default the
 * bound is the running test's own limit (testBoundMs), not a clock of its own; 15 s was outrun at
 * load 20.
 */
export const eventually = <T>(read: () => T | Promise<T>, timeout = testBoundMs()) => expect.poll(read, { timeout, interval: 100 });

/** Names carrying payloads that set window.__xss if they ever run; none may have. */
export async function expectNoXss(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
}

/** At phone width nothing widens the page: wide tables scroll inside their own region. */
export async function expectFitsWidth(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

export async function logIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(/^Email\W*$/).fill(email);
  await page.getByLabel(/^Password\W*$/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** `plume-admin console-users create-admin`, compiled, against the world's control plane: the invite path it prints. */
export async function createAdminInvite(world: ConsoleWorld, email: string, name: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'console-users', 'create-admin', '--email', email, '--name', name], {
    env: { PATH: process.env.PATH ?? '', PLUME_ADMIN_URL: world.cp.url, PLUME_ADMIN_TOKEN: world.adminToken },
    timeout: 60_000,
  });
  const invitePath = /\/invite\/[A-Za-z0-9_-]+/.exec(stdout)?.[0];
  expect(invitePath, stdout).toBeDefined();
  return invitePath!;
}

/** Accepts an invite in the page: name, password twice, then the person is logged in. */
export async function acceptInvite(page: Page, url: string, name: string, password: string): Promise<void> {
  await page.goto(url);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel(/^Password\W*$/).fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'Set password and log in' }).click();
}

/** A Mantine select: open it by its label, pick the option. */
export async function choose(p: Page, label: string | RegExp, option: string): Promise<void> {
  await p.getByRole('combobox', { name: label }).click();
  await p.getByRole('option', { name: option, exact: true }).click();
}

/** Clicks something that downloads a file; the file's suggested name and its text. */
export async function downloaded(p: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = (await Promise.all([p.waitForEvent('download'), click()])) as [Download, void];
  return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
}

/** The body rows of the table with this accessible name. */
export const rowsOf = (p: Page, table: string) => p.getByRole('table', { name: table, exact: true }).locator('tbody tr');

/** TestDevice speaks through `inject`; this one sends each request over HTTP to the control plane process. */
export function overHttp(base: string): FastifyInstance {
  return {
    async inject(o: { method: string; url: string; headers: Record<string, string>; payload: string }) {
      const res = await fetch(`${base}${o.url}`, { method: o.method, headers: o.headers, body: o.payload });
      const text = await res.text();
      return { statusCode: res.status, json: () => JSON.parse(text) as unknown, headers: Object.fromEntries(res.headers) };
    },
  } as unknown as FastifyInstance;
}

