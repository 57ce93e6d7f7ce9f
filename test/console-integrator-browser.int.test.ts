/**
 * The integrator pages in Debian's Chromium at phone width, against a control
 * plane process on PostgreSQL. The integrator's data comes in through the
 * Open API with their own key: articles imported (one AI-generated, its title
 * an XSS payload), a generation task (no provider is configured, so it fails
 * as the Open API says), publishes to an edge account and to two CMS sites
 * that the process's CMS executor really publishes to (a local WordPress
 * stand-in; one site's password is wrong). What only a node reports (its
 * accounts and their login state, the edge job's failure with a screenshot
 * Chromium took) is written as the node's report leaves it. Then the pages:
 * the publish history filtered by state, date and request id, a batch with
 * each account's outcome and the failure screenshot, the accounts by
 * executor and node, the articles with their AI labels and the generation
 * task, the quota and request usage, and an account logged in again live
 * (a scripted node on a real socket streams its login page; a click on the
 * picture and typed text reach it). Every page passes axe-core (no serious
 * or critical violation), fits a phone's width, shows hostile names as text,
 * and logs no console error; another integrator's batch is not found, and an
 * admin sees a forbidden state.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPostgres } from '../control-plane/src/testing/db.js';
import { seedAccount, seedNode } from '../control-plane/src/testing/node-seeds.js';
import { connectEnrolledNode } from '../control-plane/src/nodes/testing/fake-node.js';
import { FULL_CAPABILITIES } from '../control-plane/src/testing/publish.js';
import { CmsSimulator } from './cms-simulator/index.js';
import { acceptInvite, type ConsoleWorld, eventually, expectAccessible, expectFitsWidth, expectNoXss, PHONE, startConsoleWorld } from './support/console-browser.js';

const XSS = {
  account: `Weibo <img src=x onerror="window.__xss='account'">`,
  article: `Launch notes <script>window.__xss='article'</script>`,
};
const PASSWORD = 'integrator password 1234';
const PLAN = { name: 'standard', permissions: ['publish', 'accounts:read', 'articles:write', 'cms'], perMinuteLimit: 600, dailyLimit: 100_000, cmsEnabled: true };

let world: ConsoleWorld;
let cms: CmsSimulator;
let context: BrowserContext;
let page: Page;
let url: string;
let integrator: { id: number; key: string };
let otherBatch: string;
const ids = { edge: '', blog: '', oldBlog: '', aiArticle: '', task: '', edgeJob: '' };
const account = { zhihu: 0, weibo: 0, csdn: 0 };

/** The Open API with the integrator's key; the answer's JSON, or a throw naming the call. */
async function openApi<T = Record<string, any>>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, key = integrator.key): Promise<T> {
  const res = await fetch(`${url}/api/openapi/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

async function newIntegrator(name: string) {
  const { user } = await world.admin<{ user: { id: number } }>('POST', '/users', { name, plan: PLAN, quotas: { web: 10, desktop: 10, edge: 10, cms: 10 } });
  const { apiKey } = await world.admin<{ apiKey: { key: string } }>('POST', `/users/${user.id}/api-keys`, { name: 'browser test' });
  return { id: user.id, key: apiKey.key };
}

const sqlDb = () => world.db.database.db;

describe.skipIf(!hasPostgres())('the integrator pages in a browser', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    world = await startConsoleWorld('console-integrator');
    url = world.cp.url;
    cms = await new CmsSimulator().start();
    integrator = await newIntegrator('Acme Publishing');
    context = await world.browser.newContext(PHONE);
    // 404: another integrator's batch, looked up on purpose.
    page = await world.newPage(context, 'integrator', [404]);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await cms?.close();
    await world?.close();
  }, 120_000);

  it('the integrator\'s data comes in through the Open API, and the node reports what only it knows', async () => {
    // The node's side: an edge node online with two accounts, one logged out; an offline one with an unchecked account.
    const db = sqlDb();
    const { nodeId } = await seedNode(db, { userIds: [integrator.id], name: 'edge-shanghai', capabilities: FULL_CAPABILITIES, replica: 'replica-elsewhere' });
    const { nodeId: basement } = await seedNode(db, { userIds: [integrator.id], name: 'edge-basement', capabilities: FULL_CAPABILITIES, online: false });
    account.zhihu = await seedAccount(db, { userId: integrator.id, platform: 'zhihu', nodeId, displayName: 'Zhihu main' });
    account.weibo = await seedAccount(db, { userId: integrator.id, platform: 'weibo', nodeId, displayName: XSS.account, loginState: 'logged_out' });
    account.csdn = await seedAccount(db, { userId: integrator.id, platform: 'csdn', nodeId: basement, displayName: 'CSDN spare', loginState: 'unknown' });
    const site = (displayName: string, password: string) =>
      world.admin<{ account: { id: number } }>('POST', `/users/${integrator.id}/cms-sites`, { type: 'wordpress', displayName, siteUrl: cms.url, username: 'editor', password });
    const blog = (await site('Company blog', 'abcd efgh ijkl mnop')).account.id;
    const oldBlog = (await site('Old blog', 'not the password')).account.id;

    const human = await openApi('POST', '/articles', { title: 'Release notes', content: '# Release\n\nWhat changed.', contentProvenance: 'human' });
    const ai = await openApi('POST', '/articles', {
      title: XSS.article,
      content: 'Written by a model.\n\n![chart](https://img.example/chart.png)',
      contentProvenance: 'ai_generated',
      aiProvider: 'api.example',
      aiModel: 'writer-1',
      aiImageCount: 1,
    });
    ids.aiArticle = ai.article_id;
    ids.task = (await openApi('POST', '/articles/generate', { customTopic: 'Edge nodes explained', style: 'technical', wordCount: 300 })).task_id;

    const edge = await openApi('POST', '/publish', { articleId: ai.article_id, executor: 'edge', accountIds: [account.zhihu] }, { 'x-request-id': 'walk-edge-1' });
    ids.edge = edge.batch_id;
    ids.edgeJob = edge.jobs[0].job_id;
    ids.blog = (await openApi('POST', '/publish', { articleId: human.article_id, executor: 'web', accountIds: [blog] }, { 'x-request-id': 'walk-cms-1', 'idempotency-key': randomUUID() })).batch_id;
    ids.oldBlog = (await openApi('POST', '/publish', { articleId: human.article_id, executor: 'web', accountIds: [oldBlog] }, { 'x-request-id': 'walk-cms-2' })).batch_id;

    // The process's CMS executor publishes both: one post arrives, the other site refuses the password.
    await eventually(async () => (await openApi('GET', `/publish/${ids.blog}`)).state, 30_000).toBe('succeeded');
    await eventually(async () => (await openApi('GET', `/publish/${ids.oldBlog}`)).state, 30_000).toBe('failed');
    expect(cms.posts.map((p) => p.title)).toEqual(['Release notes']);

    // The edge node's result: failed at a step, with the screenshot it took (a real one, from Chromium).
    const shotPage = await context.newPage();
    await shotPage.setContent('<main style="font: 24px sans-serif; padding: 24px"><h1>发布文章</h1><p>标题 ___</p></main>');
    const screenshot = (await shotPage.screenshot()).toString('base64');
    await shotPage.close();
    await db.execute(sql`update publish_jobs set state = 'failed', feedback = ${JSON.stringify({ message: 'The title field did not take the text', step: 'fill_title' })}::jsonb,
      error_code = 'editor_changed', error_message = 'The editor no longer has a title field' where id = ${ids.edgeJob}`);
    await db.execute(sql`insert into job_evidence (job_id, attempt_id, node_id, step, error_code, screenshot_png, html)
      values (${ids.edgeJob}, 'att_walk', ${nodeId}, 'fill_title', 'editor_changed', ${screenshot}, '<html></html>')`);

    const other = await newIntegrator('Someone else');
    const { nodeId: theirNode } = await seedNode(db, { userIds: [other.id], name: 'their edge', capabilities: FULL_CAPABILITIES, replica: 'replica-elsewhere' });
    const theirAccount = await seedAccount(db, { userId: other.id, platform: 'zhihu', nodeId: theirNode });
    const theirArticle = await openApi('POST', '/articles', { title: 'Theirs', content: 'Body', contentProvenance: 'human' }, {}, other.key);
    otherBatch = (await openApi('POST', '/publish', { articleId: theirArticle.article_id, executor: 'edge', accountIds: [theirAccount] }, {}, other.key)).batch_id;
  });

  it('the integrator accepts their invite on a phone and sees their publish history, filtered by state, date and request id', async () => {
    const { invite } = await world.admin<{ invite: { url: string } }>('POST', '/console-invites', { email: 'ops@acme.example', role: 'user', integratorUserId: integrator.id });
    await acceptInvite(page, `${url}${invite.url}`, 'Ivo', PASSWORD);
    await page.waitForURL(`${url}/`);

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Publish history' }).click();
    await page.waitForURL(`${url}/history`);
    const table = page.getByRole('table', { name: 'Publish batches' });
    await eventually(() => table.getByRole('row').count()).toBe(4);
    const row = (batchId: string) => table.getByRole('row').filter({ hasText: batchId });
    await eventually(() => row(ids.blog).getByText('succeeded', { exact: true }).count()).toBe(1);
    expect(await row(ids.oldBlog).getByText('failed', { exact: true }).count()).toBe(1);
    expect(await row(ids.edge).getByText('walk-edge-1').count()).toBe(1);
    expect(await table.getByText(otherBatch).count()).toBe(0);
    await expectAccessible(page, 'publish history');
    await expectFitsWidth(page, 390);

    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'failed' }).click();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/status=failed/);
    await eventually(() => table.getByRole('row').count()).toBe(3);
    expect(await row(ids.blog).count()).toBe(0);

    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByLabel('Request id').fill('walk-cms-2');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await eventually(() => table.getByRole('row').count()).toBe(2);
    expect(await row(ids.oldBlog).count()).toBe(1);

    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByLabel('Created until').fill('2020-01-31');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('No batch matches.').waitFor();
    // The filters live in the URL: a reload shows the same.
    await page.reload();
    await page.getByText('No batch matches.').waitFor();
    expect(await page.getByLabel('Created until').inputValue()).toBe('2020-01-31');
    await expectAccessible(page, 'publish history, filtered');
  });

  it('a batch shows each account\'s outcome: the post on the CMS site, the edge job\'s feedback, error and the node\'s screenshot', async () => {
    await page.goto(`${url}/history/${ids.blog}`);
    const jobs = page.getByRole('table', { name: 'Jobs of the batch' });
    await jobs.getByText('Company blog').waitFor();
    const post = jobs.getByRole('link');
    expect(await post.getAttribute('href')).toMatch(new RegExp(`^${cms.url}/`));
    await expectAccessible(page, 'a succeeded batch');

    await page.goto(`${url}/history/${ids.edge}`);
    await jobs.getByText('The title field did not take the text').waitFor();
    expect(await jobs.getByText('editor_changed').count()).toBe(1);
    // The accounts' names come from a query of their own, which may answer after the batch's.
    await jobs.getByText('Zhihu main').waitFor();
    expect(await jobs.getByText('Zhihu main').count()).toBe(1);
    await expectAccessible(page, 'a failed batch');
    await expectFitsWidth(page, 390);

    await page.getByRole('button', { name: `Show the evidence of job ${ids.edgeJob}` }).click();
    const dialog = page.getByRole('dialog', { name: 'What the node saw' });
    const image = dialog.getByRole('img', { name: /^The page at step fill_title/ });
    await image.waitFor();
    await eventually(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(100);
    expect(await dialog.getByText(/failed at step fill_title \(editor_changed\)/).count()).toBe(1);
    await expectAccessible(page, 'failure evidence');
    await page.keyboard.press('Escape');
    await eventually(() => dialog.count()).toBe(0);

    // Another integrator's batch is not found, like one that never existed.
    await page.goto(`${url}/history/${otherBatch}`);
    await eventually(() => page.getByRole('alert').textContent()).toContain('not_found');
    await expectNoXss(page);
  });

  it('the accounts are grouped by executor and node, with their login state', async () => {
    await page.goto(`${url}/accounts`);
    const shanghai = page.getByRole('region', { name: /^Accounts: Edge nodes .*, edge-shanghai$/ }).first();
    await shanghai.getByText('Zhihu main').waitFor();
    expect(await shanghai.getByRole('cell', { name: XSS.account, exact: true }).count()).toBe(1);
    expect(await shanghai.getByText('logged out', { exact: true }).count()).toBe(1);
    expect(await shanghai.getByText('online', { exact: true }).count()).toBe(1);
    const basement = page.getByRole('region', { name: /^Accounts: Edge nodes .*, edge-basement$/ }).first();
    expect(await basement.getByText('offline', { exact: true }).count()).toBe(1);
    expect(await basement.getByText('CSDN spare').count()).toBe(1);
    const sites = page.getByRole('region', { name: /CMS sites$/ }).first();
    expect(await sites.getByText('Company blog').count()).toBe(1);
    await expectAccessible(page, 'platform accounts');
    await expectFitsWidth(page, 390);
    await expectNoXss(page);
  });

  it('an account is logged in again live: the node\'s page shows in a dialog, a click on it and typed text reach the node', async () => {
    const node = await connectEnrolledNode(url, { authorization: `Bearer ${world.adminToken}` }, {
      name: 'edge-office',
      userIds: [integrator.id],
      logins: ['douyin'],
      accounts: [{ externalRef: 'dy_7788', platform: 'douyin', displayName: 'Douyin main', loginState: 'logged_out', userId: integrator.id }],
    });
    try {
      await page.goto(`${url}/accounts`);
      const start = page.getByRole('button', { name: /^Log in Douyin main .* again$/ });
      await eventually(() => start.count()).toBe(1);
      await start.click();
      const open = await node.fake.next('login_open');
      expect(open).toMatchObject({ platform: 'douyin', userId: integrator.id, accountRef: 'dy_7788' });

      // The node's page: a real JPEG from Chromium, 600 × 400 page pixels.
      const shotPage = await context.newPage();
      await shotPage.setViewportSize({ width: 600, height: 400 });
      await shotPage.setContent('<main style="font: 24px sans-serif; padding: 24px"><h1>扫码登录</h1><input aria-label="手机号"></main>');
      const jpeg = (await shotPage.screenshot({ type: 'jpeg', quality: 60 })).toString('base64');
      await shotPage.close();
      node.fake.send({ type: 'login_frame', loginId: open.loginId, seq: 1, jpeg, width: 600, height: 400 });
      node.fake.send({ type: 'login_event', loginId: open.loginId, event: { type: 'qr', text: 'https://qr.example/t=1', purpose: 'login', shown: 1 } });
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('status').filter({ hasText: 'Scan the QR code' }).waitFor();
      const picture = dialog.getByRole('button', { name: 'The login page: a click here clicks the page' });
      await picture.waitFor();
      await expectAccessible(page, 'live login');
      await expectFitsWidth(page, 390);

      const box = (await picture.boundingBox())!;
      await picture.click({ position: { x: box.width / 2, y: box.height / 2 } });
      const click = await node.fake.next('login_input');
      expect(click.input).toMatchObject({ type: 'click' });
      const { x, y } = click.input as { x: number; y: number };
      expect(Math.abs(x - 300)).toBeLessThanOrEqual(10);
      expect(Math.abs(y - 200)).toBeLessThanOrEqual(10);
      await dialog.getByLabel('Type into the page').fill('13800000000');
      await dialog.getByRole('button', { name: 'Type', exact: true }).click();
      expect((await node.fake.next('login_input')).input).toEqual({ type: 'text', text: '13800000000' });

      node.fake.send({ type: 'login_event', loginId: open.loginId, event: { type: 'succeeded', externalRef: 'dy_7788', displayName: 'Douyin main' } });
      await dialog.getByRole('status').filter({ hasText: 'Logged in as Douyin main' }).waitFor();
      await dialog.getByRole('button', { name: 'Done' }).click();
      await eventually(() => page.getByRole('dialog').count()).toBe(0);
      // Done on an ended login cancels nothing.
      expect(node.fake.received.filter((m) => m.type === 'login_cancel')).toEqual([]);
    } finally {
      await node.stop();
    }
  });

  it('the articles show their AI labels, and the generation task its state; the task filter lives in the URL', async () => {
    await page.goto(`${url}/articles`);
    const articles = page.getByRole('table', { name: 'Articles' });
    const ai = articles.getByRole('row').filter({ hasText: ids.aiArticle });
    await ai.waitFor();
    expect(await ai.getByText(XSS.article, { exact: true }).count()).toBe(1);
    expect(await ai.getByText('AI-generated text and images').count()).toBe(1);
    expect(await articles.getByRole('row').filter({ hasText: 'Release notes' }).getByText('none').count()).toBe(1);
    const task = page.getByRole('table', { name: 'Generation tasks' }).getByRole('row').filter({ hasText: ids.task });
    expect(await task.getByText('generation_unconfigured').count()).toBe(1);
    expect(await task.getByText('failed', { exact: true }).count()).toBe(1);
    // The task filter is in the URL: a reload keeps it, and Back returns to the unfiltered list.
    await page.getByRole('combobox', { name: 'Task state' }).click();
    await page.getByRole('option', { name: 'done', exact: true }).click();
    await page.getByText('No generation task done.').waitFor();
    expect(new URL(page.url()).searchParams.get('taskState')).toBe('done');
    await page.reload();
    await page.getByText('No generation task done.').waitFor();
    await page.goBack();
    await task.waitFor();
    await expectAccessible(page, 'articles');
    await expectFitsWidth(page, 390);
    await expectNoXss(page);
  });

  it('the usage page shows each bucket as the Open API counts it, and the request windows', async () => {
    const me = await openApi<{ quotas: Record<string, { granted: number; used: number; remaining: number }> }>('GET', '/me');
    await page.goto(`${url}/usage`);
    for (const bucket of ['web', 'desktop', 'edge', 'cms']) {
      const q = me.quotas[bucket]!;
      const section = page.getByRole('region', { name: `Quota bucket ${bucket}` });
      await eventually(() => section.getByText(`${q.used} of ${q.granted} used, ${q.remaining} left`).count()).toBe(1);
    }
    // Every job has ended: no unit is held by a job in progress.
    expect(await page.getByRole('region', { name: 'Quota bucket edge' }).getByText('0 jobs in progress').count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Requests: Today (UTC)' }).getByText(/^\d+ of 100000 requests$/).count()).toBe(1);
    await expectAccessible(page, 'usage');
    await expectFitsWidth(page, 390);
  });

  it('an admin sees a forbidden state on the integrator pages, and their API answers 403', async () => {
    const { invite } = await world.admin<{ invite: { url: string } }>('POST', '/console-invites', { email: 'admin@acme.example', role: 'admin' });
    const adminContext = await world.browser.newContext();
    const admin = await world.newPage(adminContext, 'admin');
    await acceptInvite(admin, `${url}${invite.url}`, 'Ada', 'admin password 123456');
    await admin.waitForURL(`${url}/`);
    for (const path of ['/history', '/accounts', '/articles', '/usage']) {
      await admin.goto(`${url}${path}`);
      await admin.getByRole('heading', { name: 'Forbidden' }).waitFor();
    }
    const statuses = await admin.evaluate(async () => Promise.all(['/api/console/me/batches', '/api/console/me/usage'].map(async (u) => (await fetch(u)).status)));
    expect(statuses).toEqual([403, 403]);
    await adminContext.close();
  });

  it('no page logged a console error or threw', () => {
    expect(world.problems).toEqual([]);
  });
});
