/**
 * The console's widest admin lists at a 1280-pixel desktop: /users, /devices,
 * /jobs and /nodes, each filled with what makes a column wide (long emails
 * and names, a long error message, ids). The page never scrolls sideways,
 * and the last column of every row is seen whole as the page opens: inside
 * the window and inside the table's own scroll region, without scrolling it
 * (a region scrolled sideways is for phones; at a desktop width its last
 * column cut at the edge looked like a column that is not there). Debian's
 * Chromium against a control plane process on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPostgres } from '../control-plane/src/testing/db.js';
import { TestDevice } from '../control-plane/src/testing/license-device.js';
import { seedAccount, seedNode } from '../control-plane/src/testing/node-seeds.js';
import { FULL_CAPABILITIES } from '../control-plane/src/testing/publish.js';
import { acceptInvite, type ConsoleWorld, createAdminInvite, eventually, expectFitsWidth, overHttp, rowsOf, startConsoleWorld } from './support/console-browser.js';

const DESKTOP = { width: 1280, height: 900 };
const PLAN = { name: 'standard', permissions: ['publish', 'accounts:read', 'articles:write', 'cms'], perMinuteLimit: 600, dailyLimit: 100_000, cmsEnabled: true };

let world: ConsoleWorld;
let context: BrowserContext;
let page: Page;
let url: string;

interface LastColumn {
  /** The page's own width: more than the window means the page scrolls sideways. */
  documentWidth: number;
  /** The table's scroll region, as the page opened it. */
  region: { clientWidth: number; scrollWidth: number; left: number; right: number } | null;
  /** The last header cell and the last cell of each row. */
  cells: Array<{ left: number; right: number; width: number }>;
}

/** The last column of the table and its scroll region, measured as the page shows them (nothing scrolled). */
async function lastColumn(p: Page, table: string): Promise<LastColumn> {
  return p.getByRole('table', { name: table, exact: true }).evaluate((t) => {
    const region = t.closest<HTMLElement>('[role="region"]');
    const rect = (e: Element) => e.getBoundingClientRect();
    const lastCells = [...t.querySelectorAll('tr')].map((row) => row.lastElementChild).filter((c): c is Element => c !== null);
    return {
      documentWidth: document.documentElement.scrollWidth,
      region: region ? { clientWidth: region.clientWidth, scrollWidth: region.scrollWidth, left: rect(region).left, right: rect(region).right } : null,
      cells: lastCells.map((c) => ({ left: rect(c).left, right: rect(c).right, width: rect(c).width })),
    };
  });
}

async function expectLastColumnVisible(p: Page, table: string): Promise<void> {
  await expectFitsWidth(p, DESKTOP.width);
  const m = await lastColumn(p, table);
  expect(m.cells.length, table).toBeGreaterThan(1);
  // Half a pixel either way: sub-pixel layout rounds.
  const right = Math.min(DESKTOP.width, m.region?.right ?? DESKTOP.width) + 0.5;
  for (const [i, c] of m.cells.entries()) {
    expect(c.width, `${table}: last cell of row ${i} has no width`).toBeGreaterThan(0);
    expect(c.right, `${table}: last cell of row ${i} ends at ${c.right}, beyond ${right} (region ${JSON.stringify(m.region)})`).toBeLessThanOrEqual(right);
  }
  if (m.region) expect(m.region.scrollWidth, `${table}: the region scrolls sideways at ${DESKTOP.width} px`).toBeLessThanOrEqual(m.region.clientWidth);
}

describe.skipIf(!hasPostgres())('wide admin tables at 1280 px', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    world = await startConsoleWorld('console-wide-tables');
    url = world.cp.url;
    const db = world.db.database.db;

    // People with long emails and names, one linked to an integrator with a long name.
    const { user } = await world.admin<{ user: { id: number } }>('POST', '/users', { name: 'Northwind Traders International Publishing Group', plan: PLAN, quotas: { edge: 10 } });
    const { apiKey } = await world.admin<{ apiKey: { key: string } }>('POST', `/users/${user.id}/api-keys`, { name: 'wide tables' });
    for (const [email, role] of [
      ['a.very.long.address.for.the.operations.team@publishing.example.test', 'viewer'],
      ['integrator.operations.person@northwind-traders.example.test', 'user'],
    ] as const) {
      const { invite } = await world.admin<{ invite: { url: string } }>('POST', '/console-invites', { email, role, ...(role === 'user' ? { integratorUserId: user.id } : {}) });
      const res = await fetch(`${url}/api/console/invites/${invite.url.split('/').pop()}/accept`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Maximilian Alexander Featherstonehaugh-Worthington', password: 'a long enough password 1' }),
      });
      expect(res.status).toBe(200);
    }

    // Nodes: edge and web, one serving the integrator with an account.
    const { nodeId } = await seedNode(db, { userIds: [user.id], name: 'edge-node-in-the-shanghai-office-third-floor-rack-2', capabilities: FULL_CAPABILITIES, replica: 'replica-elsewhere' });
    await seedNode(db, { kind: 'web', userIds: [], allUsers: true, name: 'web-pool-node-frankfurt-availability-zone-b', online: false });
    const accountId = await seedAccount(db, { userId: user.id, platform: 'zhihu', nodeId, displayName: 'Zhihu main account of the publishing group' });

    // A job that failed with a long error.
    const open = async (path: string, body: unknown) => {
      const res = await fetch(`${url}/api/openapi/v1${path}`, { method: 'POST', headers: { authorization: `Bearer ${apiKey.key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const json = (await res.json()) as Record<string, any>;
      if (!res.ok) throw new Error(`${path} → ${res.status}: ${JSON.stringify(json)}`);
      return json;
    };
    const article = await open('/articles', { title: 'Quarterly report', content: '# Report\n\nNumbers.', contentProvenance: 'human' });
    const batch = await open('/publish', { articleId: article.article_id, executor: 'edge', accountIds: [accountId] });
    await db.execute(sql`update publish_jobs set state = 'failed', error_code = 'editor_changed',
      error_message = 'The editor no longer has a title field where the adapter expects it; the platform changed its page layout' where id = ${batch.jobs[0].job_id}`);

    // Devices enrolled with a license code.
    await world.admin('POST', '/projects', { projectKey: 'wide-tables-desktop-app', name: 'Desktop app' });
    const { codes } = await world.admin<{ codes: Array<{ code: string }> }>('POST', '/codes/generate', { projectKey: 'wide-tables-desktop-app', licenseMode: 'COUNT', quantity: 2, remainingCount: 5 });
    for (const { code } of codes) {
      const device = new TestDevice(overHttp(url));
      device.projectKey = 'wide-tables-desktop-app';
      device.appVersion = '12.34.567-beta.8';
      const res = await device.enroll(code);
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    }

    context = await world.browser.newContext({ viewport: DESKTOP });
    page = await world.newPage(context, 'admin');
    const invitePath = await createAdminInvite(world, 'wide-tables-admin@example.test', 'Wide tables admin');
    await acceptInvite(page, `${url}${invitePath}`, 'Wide tables admin', 'wide tables admin password');
    await page.waitForURL(`${url}/`);
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await world?.close();
  }, 120_000);

  for (const [path, table, rows] of [
    ['/users', 'Console users', 3],
    ['/devices', 'Devices', 2],
    ['/jobs', 'Publish jobs', 1],
    ['/nodes', 'Nodes', 2],
  ] as const) {
    it(`${path}: the last column of every row is seen whole, without scrolling`, async () => {
      await page.goto(`${url}${path}`);
      await eventually(() => rowsOf(page, table).count()).toBeGreaterThanOrEqual(rows);
      await expectLastColumnVisible(page, table);
    });
  }

  it('no page logged a console error or threw', () => {
    expect(world.problems).toEqual([]);
  });
});
