/**
 * The console's home page in Debian's Chromium, against a control plane
 * process on PostgreSQL. Two integrators' jobs of the last hours, nodes,
 * accounts, webhook deliveries and quota are written as the Open API and the
 * nodes would leave them. An admin lands on the home page after accepting an
 * invite and reads every integrator's figures in the tiles, the charts'
 * summaries and their tables, and follows a tile and the failures' link to
 * their pages; an integrator (phone width) lands there too and sees only their
 * own. Every view passes axe-core, fits its width and logs no console error.
 */
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPostgres } from '../control-plane/src/testing/db.js';
import { seedAccount, seedNode } from '../control-plane/src/testing/node-seeds.js';
import { seedDelivery, seedHealth, seedJobs } from '../control-plane/src/testing/overview-seeds.js';
import { FULL_CAPABILITIES } from '../control-plane/src/testing/publish.js';
import { acceptInvite, type ConsoleWorld, eventually, expectAccessible, expectFitsWidth, PHONE, rowsOf, startConsoleWorld } from './support/console-browser.js';

const PLAN = { name: 'standard', permissions: ['publish', 'accounts:read'], perMinuteLimit: 600, dailyLimit: 100_000, cmsEnabled: false };
const DESKTOP = { viewport: { width: 1280, height: 900 } } as const;

let world: ConsoleWorld;
let url: string;
let contexts: BrowserContext[] = [];
let acme: number;

/**
 * Seeded nodes count as online while their heartbeat is under a minute old. No node heartbeats here, so the
 * connected ones are given a heartbeat ten minutes ahead: a slow machine reading the page late still sees them online.
 */
const heartbeat = () => world.db.database.db.execute(sql`update execution_nodes set last_heartbeat_at = now() + interval '10 minutes' where connected_replica is not null`);

async function land(role: 'admin' | 'user', email: string, options: typeof DESKTOP | typeof PHONE, integratorUserId?: number): Promise<Page> {
  const { invite } = await world.admin<{ invite: { url: string } }>('POST', '/console-invites', { email, role, ...(integratorUserId ? { integratorUserId } : {}) });
  const context = await world.browser.newContext(options);
  contexts.push(context);
  const page = await world.newPage(context, role);
  await heartbeat();
  await acceptInvite(page, `${url}${invite.url}`, role === 'admin' ? 'Ada' : 'Ivo', 'home page password 1234');
  await page.waitForURL(`${url}/`);
  await page.getByRole('heading', { name: 'Home', level: 2 }).waitFor();
  return page;
}

const tile = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const cells = async (page: Page, table: string) => (await rowsOf(page, table).allInnerTexts()).map((r) => r.split('\t').map((c) => c.trim()));

describe.skipIf(!hasPostgres())('the console home page', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    world = await startConsoleWorld('console-home');
    url = world.cp.url;
    const db = world.db.database.db;
    acme = (await world.admin<{ user: { id: number } }>('POST', '/users', { name: 'Acme Media', plan: PLAN, quotas: { edge: 10 } })).user.id;
    const other = (await world.admin<{ user: { id: number } }>('POST', '/users', { name: 'Other Media', plan: PLAN, quotas: { edge: 20 } })).user.id;
    const { nodeId: acmeNode } = await seedNode(db, { userIds: [acme], name: 'edge-acme', capabilities: { ...FULL_CAPABILITIES, concurrency: 2 }, replica: 'replica-elsewhere' });
    await seedNode(db, { userIds: [acme], name: 'edge-acme-spare', capabilities: FULL_CAPABILITIES, online: false });
    const { nodeId: otherNode } = await seedNode(db, { userIds: [other], name: 'edge-other', capabilities: FULL_CAPABILITIES, replica: 'replica-elsewhere' });
    const zhihu = await seedAccount(db, { userId: acme, platform: 'zhihu', nodeId: acmeNode });
    const csdn = await seedAccount(db, { userId: acme, platform: 'csdn', nodeId: acmeNode, loginState: 'logged_out' });
    const bilibili = await seedAccount(db, { userId: acme, platform: 'bilibili', nodeId: acmeNode });
    await seedHealth(db, bilibili, 'cooling');
    const weibo = await seedAccount(db, { userId: other, platform: 'weibo', nodeId: otherNode, loginState: 'logged_out' });
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    await seedJobs(db, acme, [
      ...[5, 65, 125].map((m) => ({ accountId: zhihu, platform: 'zhihu', state: 'succeeded' as const, createdAt: minutesAgo(m) })),
      { accountId: zhihu, platform: 'zhihu', state: 'failed', errorCode: 'login_expired', createdAt: minutesAgo(30) },
      { accountId: csdn, platform: 'csdn', state: 'failed', errorCode: 'editor_changed', createdAt: minutesAgo(90) },
      { accountId: csdn, platform: 'csdn', state: 'failed', errorCode: 'editor_changed', createdAt: minutesAgo(200) },
      { accountId: bilibili, platform: 'bilibili', state: 'needs_attention', createdAt: minutesAgo(300) },
      { accountId: bilibili, platform: 'bilibili', state: 'queued', createdAt: minutesAgo(2) },
    ]);
    await seedJobs(db, other, [1, 2, 3, 4].map((m) => ({ accountId: weibo, platform: 'weibo', state: 'succeeded' as const, createdAt: minutesAgo(m * 10) })));
    await seedDelivery(db, acme, 'pending', minutesAgo(3));
    await seedDelivery(db, acme, 'pending', minutesAgo(1));
    await seedDelivery(db, other, 'failed', minutesAgo(60));
    await db.execute(sql`update quota_buckets set used = case when user_id = ${acme} then 9 else 4 end where bucket = 'edge'`);
  }, 120_000);

  afterAll(async () => {
    expect(world?.problems ?? []).toEqual([]);
    for (const c of contexts) await c.close();
    await world?.close();
  }, 120_000);

  it("an admin lands on the home page with every integrator's figures, and each links to its detail", async () => {
    const page = await land('admin', 'admin@home.example', DESKTOP);
    const jobs = tile(page, 'Jobs, last 24 hours');
    await eventually(() => jobs.textContent()).toContain('12');
    expect(await jobs.textContent()).toContain('7 succeeded, 3 failed, 1 needs a person, 1 in progress');
    expect(await tile(page, 'Waiting for a person').textContent()).toContain('11 job queued, 0 jobs on a node now');
    expect(await tile(page, 'Nodes online').textContent()).toContain('2 of 3');
    expect(await tile(page, 'Nodes online').textContent()).toContain('0 of 3 slots busy');
    expect(await tile(page, 'Accounts needing a person').textContent()).toContain('2 need a login, 1 cooling down, 0 restricted, of 4 accounts');
    // The oldest was made 3 minutes before the page was read, or a little more on a slow machine.
    expect(await tile(page, 'Webhook backlog').textContent()).toMatch(/backlog2oldest waiting [3-9] min, 1 given up in 24 hours/);
    expect(await tile(page, 'Quota used').textContent()).toContain('13 of 30');
    expect(await tile(page, 'Quota used').textContent()).toContain('1 integrator at 90 % or more of a bucket');

    expect(await page.getByText(/^12 jobs asked for in the last 24 hours: 7 succeeded, 3 failed, 1 needs a person, 1 in progress\./).count()).toBe(1);
    expect(await cells(page, 'Jobs by platform')).toEqual([
      ['weibo', '4', '4', '0', '0', '0', '0'],
      ['zhihu', '4', '3', '1', '0', '0', '0'],
      ['bilibili', '2', '0', '0', '1', '1', '0'],
      ['csdn', '2', '0', '2', '0', '0', '0'],
    ]);
    expect(await cells(page, 'Failures by error code')).toEqual([
      ['editor_changed', '2'],
      ['login_expired', '1'],
    ]);
    expect(await page.getByText('3 jobs failed; the most common error code is editor_changed (2).').count()).toBe(1);
    // The hourly table sums to the same 12.
    await page.getByText('The 24 hours as a table').click();
    const hours = await cells(page, 'Jobs per hour');
    expect(hours).toHaveLength(24);
    expect(hours.reduce((n, r) => n + Number(r[1]), 0)).toBe(12);
    // The charts are drawn (SVG bars) inside figures captioned by their summary.
    expect(await page.locator('figure .recharts-bar-rectangle').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'home, admin');
    await expectFitsWidth(page, 1280);

    await page.getByRole('link', { name: 'Failed publish jobs' }).click();
    await page.waitForURL(`${url}/jobs?state=failed`);
    await eventually(() => rowsOf(page, 'Publish jobs').count()).toBe(3);
    await page.getByRole('link', { name: 'Home' }).click();
    await tile(page, 'Webhook backlog').getByRole('link', { name: 'Pending webhook deliveries' }).click();
    await page.waitForURL(`${url}/webhook-deliveries?status=pending`);
    // Existing pages keep their addresses.
    await page.goto(`${url}/users`);
    await page.getByRole('heading', { name: 'Console users' }).waitFor();
  });

  it('an integrator lands there too, at phone width, and sees only their own', async () => {
    const page = await land('user', 'ivo@acme.example', PHONE, acme);
    const jobs = tile(page, 'Jobs, last 24 hours');
    await eventually(() => jobs.textContent()).toContain('8');
    expect(await jobs.textContent()).toContain('3 succeeded, 3 failed, 1 needs a person, 1 in progress');
    expect(await tile(page, 'Nodes online').textContent()).toContain('1 of 2');
    expect(await tile(page, 'Nodes online').textContent()).toContain('0 of 2 slots busy with your jobs');
    expect(await tile(page, 'Accounts needing a person').textContent()).toContain('1 need a login, 1 cooling down, 0 restricted, of 3 accounts');
    expect(await tile(page, 'Webhook backlog').textContent()).toContain('0 given up in 24 hours');
    expect(await tile(page, 'Quota used').textContent()).toContain('9 of 10');
    expect((await cells(page, 'Jobs by platform')).map((r) => r[0])).toEqual(['zhihu', 'bilibili', 'csdn']);
    await expectAccessible(page, 'home, integrator at phone width');
    await expectFitsWidth(page, PHONE.viewport.width);
    await tile(page, 'Accounts needing a person').getByRole('link', { name: 'Platform accounts' }).click();
    await page.waitForURL(`${url}/accounts`);
  });
});
