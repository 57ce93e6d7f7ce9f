/**
 * An integrator answers a publish job awaiting input from the console, in
 * Debian's Chromium at phone width, against a control plane process on
 * PostgreSQL. The job is put where a node's SMS challenge leaves it (its
 * challenge naming the running attempt, a deadline, the newest frame of its
 * page, a real JPEG Chromium took). The publish history and the batch page
 * say "Needs you" with the kind and the time left; the Answer view shows the
 * node's frame, and a click on it and the SMS code typed in it reach the
 * relay's channel (plume_job_inputs) in page pixels; once the node reports
 * the challenge gone the view says the job runs again and the history drops
 * it. The pages pass axe-core, fit a phone's width and log no console error.
 */
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../control-plane/src/db/client.js';
import { nodesRepository } from '../control-plane/src/nodes/nodes.repository.js';
import { listen } from '../control-plane/src/db/listen.js';
import { INPUTS_CHANNEL, type InputNotice } from '../control-plane/src/publishing/challenges/challenges.repository.js';
import { hasPostgres } from '../control-plane/src/testing/db.js';
import { testBoundMs } from '../control-plane/src/testing/eventually.js';
import { seedAccount, seedNode } from '../control-plane/src/testing/node-seeds.js';
import { FULL_CAPABILITIES } from '../control-plane/src/testing/publish.js';
import { acceptInvite, createAdminInvite, type ConsoleWorld, eventually, expectAccessible, expectFitsWidth, expectNoXss, PHONE, startConsoleWorld } from './support/console-browser.js';

const PLAN = { name: 'standard', permissions: ['publish', 'accounts:read', 'articles:write'], perMinuteLimit: 600, dailyLimit: 100_000, cmsEnabled: false };
/** The node's page size: what a click on the frame is mapped into. */
const PAGE_W = 1280;
const PAGE_H = 800;
const ATTEMPT = 'att_browser1';

let world: ConsoleWorld;
let context: BrowserContext;
let page: Page;
let url: string;
let key: string;
let jobId: string;
let batchId: string;
let zhihu: number;
let articleId: string;
let frameJpeg: string;
let nodeId: string;
let stopListening: () => Promise<void>;
const heard: InputNotice[] = [];
const db = () => world.db.database.db;

async function openApi<T = Record<string, any>>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}/api/openapi/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** A page as a node would stream it: Chromium's own JPEG of a dialog asking for a code. */
async function pageJpeg(): Promise<string> {
  const shot = await world.browser.newContext({ viewport: { width: PAGE_W, height: PAGE_H } });
  try {
    const p = await shot.newPage();
    await p.setContent('<body style="margin:0;background:#fff;font:24px sans-serif"><div style="margin:200px auto;width:600px;border:2px solid #333;padding:40px">Enter the code sent to 138****0000 <input placeholder="code"> <button>Confirm</button></div></body>');
    return (await p.screenshot({ type: 'jpeg', quality: 70 })).toString('base64');
  } finally {
    await shot.close();
  }
}

/** A published job where a node's challenge leaves it (challenges.repository.ts asked, then frameIn): awaiting input, a frame of its page stored. */
async function pausedJob(attemptId: string, kind: string): Promise<{ jobId: string; batchId: string }> {
  // The seeded node has no socket: it heartbeats here, as a connected node does, or a slow test outlives its online window.
  await nodesRepository.markConnected(db(), nodeId, 'test-replica');
  const batch = await openApi<{ batch_id: string; jobs: Array<{ job_id: string }> }>('POST', '/publish', { articleId, executor: 'edge', accountIds: [zhihu] });
  const id = batch.jobs[0]!.job_id;
  await db().execute(sql`update publish_jobs set state = 'running', attempt_id = ${attemptId}, lease_until = now() + interval '10 minutes',
      challenge = jsonb_build_object('attemptId', ${attemptId}::text, 'kind', ${kind}::text, 'step', 'publish', 'message', 'Enter the code sent to 138****0000',
                                     'askedAt', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
      input_deadline = now() + interval '10 minutes'
    where id = ${id}`);
  await db().execute(sql`insert into job_input_pages (job_id, attempt_id, frame_seq, frame_jpeg, frame_width, frame_height)
      values (${id}, ${attemptId}, 1, ${frameJpeg}, ${PAGE_W}, ${PAGE_H})`);
  return { jobId: id, batchId: batch.batch_id };
}

/** What a node's challenge_cleared does (challenges.repository.ts cleared): the job runs again, viewers told. */
async function challengeCleared(id: string) {
  await db().execute(sql`update publish_jobs set challenge = null, input_deadline = null where id = ${id}`);
  await db().execute(sql`delete from job_input_pages where job_id = ${id}`);
  await db().execute(sql`select pg_notify(${INPUTS_CHANNEL}, ${JSON.stringify({ t: 'ended', jobId: id })})`);
}

describe.skipIf(!hasPostgres())('answering a job awaiting input in the console', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    world = await startConsoleWorld('console-job-inputs');
    url = world.cp.url;
    const { user } = await world.admin<{ user: { id: number } }>('POST', '/users', { name: 'Acme Publishing', plan: PLAN, quotas: { edge: 10 } });
    ({ apiKey: { key } } = await world.admin<{ apiKey: { key: string } }>('POST', `/users/${user.id}/api-keys`, { name: 'browser test' }));
    ({ nodeId } = await seedNode(db(), { kind: 'edge', userIds: [user.id], capabilities: FULL_CAPABILITIES }));
    zhihu = await seedAccount(db(), { userId: user.id, platform: 'zhihu', nodeId, displayName: 'Zhihu main' });
    const article = await openApi<{ article_id: string }>('POST', '/articles', { title: 'Release notes', content: '# Release\n\nWhat changed.', contentProvenance: 'human' });
    articleId = article.article_id;
    frameJpeg = await pageJpeg();
    ({ jobId, batchId } = await pausedJob(ATTEMPT, 'sms'));
    stopListening = await listen(world.db.database.db, INPUTS_CHANNEL, (payload) => heard.push(JSON.parse(payload) as InputNotice));

    context = await world.browser.newContext(PHONE);
    page = await world.newPage(context, 'integrator');
    const { invite } = await world.admin<{ invite: { url: string } }>('POST', '/console-invites', { email: 'ops@acme.example', role: 'user', integratorUserId: user.id });
    await acceptInvite(page, `${url}${invite.url}`, 'Ivo', 'integrator password 1234');
    // Setting the password hashes it: slow on a busy machine.
    await page.waitForURL(`${url}/`, { timeout: 60_000 });
  }, 120_000);

  afterAll(async () => {
    await stopListening?.();
    await context?.close();
    await world?.close();
  }, 120_000);

  it('shows Needs you, streams the page, and relays a click and the SMS code until the job resumes', async () => {
    await page.goto(`${url}/history`);
    const needsYou = page.getByRole('region', { name: 'Needs you', exact: true });
    await needsYou.waitFor();
    const entry = needsYou.locator(`[data-job-id="${jobId}"]`);
    expect(await entry.getByText('Needs you', { exact: true }).count()).toBe(1);
    expect(await entry.getByText('an SMS code').count()).toBe(1);
    await eventually(() => entry.getByText(/^\d+:\d\d left$/).textContent()).toMatch(/^(9|10):\d\d left$/);
    // The batch's row says so too.
    const row = page.getByRole('table', { name: 'Publish batches' }).getByRole('row').filter({ hasText: batchId });
    expect(await row.getByText('Needs you', { exact: true }).count()).toBe(1);
    await expectAccessible(page, 'history: needs you');
    await expectFitsWidth(page, 390);

    // The batch page: the job's row, and its Answer.
    await page.goto(`${url}/history/${batchId}`);
    const jobRow = page.locator(`tr[data-job-id="${jobId}"]`);
    await jobRow.getByText('Needs you', { exact: true }).waitFor();
    await expectAccessible(page, 'batch: needs you');
    await expectFitsWidth(page, 390);
    await jobRow.getByRole('button', { name: `Answer job ${jobId}` }).click();

    const dialog = page.getByRole('dialog', { name: 'Answer what zhihu asks' });
    await dialog.getByRole('status').filter({ hasText: 'SMS code' }).waitFor({ timeout: testBoundMs() });
    const picture = dialog.getByRole('button', { name: "The job's page: a click here clicks the page" });
    await eventually(() => picture.getByRole('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(PAGE_W);
    await expectAccessible(page, 'answer: the live page');
    await expectFitsWidth(page, 390);

    // A click at three quarters across and a quarter down the picture is that point of the page.
    const box = (await picture.getByRole('img').boundingBox())!;
    await picture.getByRole('img').click({ position: { x: box.width * 0.75, y: box.height * 0.25 } });
    const inputs = () => heard.filter((n): n is Extract<InputNotice, { t: 'input' }> => n.t === 'input' && n.jobId === jobId);
    await eventually(() => inputs().length).toBe(1);
    const click = inputs()[0]!;
    expect(click.attemptId).toBe(ATTEMPT);
    expect(click.input.type).toBe('click');
    const { x, y } = click.input as { x: number; y: number };
    expect(Math.abs(x - PAGE_W * 0.75)).toBeLessThanOrEqual(3);
    expect(Math.abs(y - PAGE_H * 0.25)).toBeLessThanOrEqual(3);

    await dialog.getByLabel('SMS code').fill('246810');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await eventually(() => inputs().map((n) => n.input)).toEqual([click.input, { type: 'sms', code: '246810' }]);
    // Sent: the field is empty for a next code.
    await eventually(() => dialog.getByLabel('SMS code').inputValue()).toBe('');

    // The node reports the challenge gone: the view says so and the page reads the job again.
    await challengeCleared(jobId);
    await dialog.getByRole('status').filter({ hasText: 'The job no longer needs you: it is running now.' }).waitFor({ timeout: testBoundMs() });
    expect(await picture.count()).toBe(0);
    await expectAccessible(page, 'answer: resumed');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await eventually(() => page.getByRole('dialog').count()).toBe(0);
    await eventually(() => jobRow.getByText('Needs you', { exact: true }).count()).toBe(0);
    const listed = page.waitForResponse((r) => r.url().endsWith('/api/console/me/jobs/awaiting-input') && r.ok());
    await page.goto(`${url}/history`);
    expect(((await (await listed).json()) as { jobs: unknown[] }).jobs).toEqual([]);
    await page.getByRole('table', { name: 'Publish batches' }).waitFor();
    expect(await page.getByRole('region', { name: 'Needs you', exact: true }).count()).toBe(0);
    const [{ state }] = await rows<{ state: string }>(db(), sql`select state from publish_jobs where id = ${jobId}`);
    expect(state).toBe('running');
    await expectNoXss(page);
    expect(world.problems).toEqual([]);
  }, 120_000);

  it("an admin sees any user's job awaiting input on the jobs pages and answers it from the job's page", async () => {
    const { jobId: sliderJob } = await pausedJob('att_browser2', 'slider');
    const adminContext = await world.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const admin = await world.newPage(adminContext, 'admin');
      await acceptInvite(admin, `${url}${await createAdminInvite(world, 'root@plume.example', 'Ada')}`, 'Ada', 'admin password 12345');
      await admin.waitForURL((u) => !u.pathname.startsWith('/invite'), { timeout: 60_000 });
      await admin.goto(`${url}/jobs`);
      const needsYou = admin.getByRole('region', { name: 'Needs you', exact: true });
      const entry = needsYou.locator(`[data-job-id="${sliderJob}"]`);
      await entry.getByText('a slider').waitFor();
      expect(await entry.getByText('Needs you', { exact: true }).count()).toBe(1);
      const row = admin.getByRole('table', { name: 'Publish jobs' }).getByRole('row').filter({ hasText: sliderJob });
      await row.getByText('Needs you', { exact: true }).waitFor();
      await expectAccessible(admin, 'admin jobs: needs you');

      await entry.getByRole('link', { name: sliderJob }).click();
      // The job's own page, once the list has gone: the list has a Needs you region of its own, whose
      // buttons are named "Answer job …", and a look before the route changed would find that one.
      await admin.getByRole('heading', { name: `Job ${sliderJob}` }).waitFor();
      await eventually(() => admin.getByRole('table', { name: 'Publish jobs' }).count()).toBe(0);
      const panel = admin.getByRole('region', { name: 'Needs you', exact: true });
      await panel.getByText('a slider').waitFor();
      await panel.getByRole('button', { name: 'Answer', exact: true }).click();
      const dialog = admin.getByRole('dialog', { name: 'Answer what zhihu asks' });
      await dialog.getByRole('status').filter({ hasText: 'slider' }).waitFor({ timeout: testBoundMs() });
      const picture = dialog.getByRole('button', { name: "The job's page: a click here clicks the page" });
      await eventually(() => picture.getByRole('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(PAGE_W);
      // No SMS code field for a slider; the keys are there.
      expect(await dialog.getByLabel('SMS code').count()).toBe(0);
      await expectAccessible(admin, 'admin answer: the live page');
      await dialog.getByRole('button', { name: 'Press Enter in the page' }).click();
      await eventually(() => heard.filter((n) => n.t === 'input' && n.jobId === sliderJob).map((n) => (n as { input: unknown }).input)).toEqual([{ type: 'key', key: 'Enter' }]);
      // The slider's handle dragged along the picture (pressed, moved, released) is sent as one drag, in page pixels.
      const area = (await picture.getByRole('img').boundingBox())!;
      await admin.mouse.move(area.x + area.width * 0.1, area.y + area.height * 0.5);
      await admin.mouse.down();
      await admin.mouse.move(area.x + area.width * 0.6, area.y + area.height * 0.5, { steps: 8 });
      await admin.mouse.up();
      const sent = () => heard.filter((n) => n.t === 'input' && n.jobId === sliderJob).map((n) => (n as { input: { type: string } }).input);
      await eventually(() => sent().length).toBe(2);
      const drag = sent()[1] as unknown as { type: string; from: { x: number; y: number }; to: { x: number; y: number } };
      expect(drag.type).toBe('drag');
      expect(Math.abs(drag.from.x - PAGE_W * 0.1)).toBeLessThanOrEqual(PAGE_W * 0.02);
      expect(Math.abs(drag.to.x - PAGE_W * 0.6)).toBeLessThanOrEqual(PAGE_W * 0.02);
      expect(drag.to.y).toBe(drag.from.y);

      await challengeCleared(sliderJob);
      await dialog.getByRole('status').filter({ hasText: 'The job no longer needs you: it is running now.' }).waitFor({ timeout: testBoundMs() });
      await dialog.getByRole('button', { name: 'Done' }).click();
      await eventually(() => admin.getByRole('region', { name: 'Needs you', exact: true }).count()).toBe(0);
      // The click that ends a drag is the drag's: no click was sent beside it.
      expect(sent().map((i) => i.type)).toEqual(['key', 'drag']);
      expect(world.problems).toEqual([]);
    } finally {
      await adminContext.close();
    }
  }, 120_000);
});
