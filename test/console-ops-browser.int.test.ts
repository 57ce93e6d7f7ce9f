/**
 * The console's operations pages in Debian's Chromium, against a control
 * plane process on PostgreSQL, on real parts: an integrator publishes two
 * videos through the Open API to an account on a scripted edge node on a
 * real socket; the node runs both, commits, loses the read-back (reporting
 * the failure with a screenshot Chromium took and the page's HTML), and the
 * lookup the control plane then asks for finds two matching posts: both jobs
 * wait for a person. The integrator's webhook receiver refuses every event
 * until told otherwise.
 *
 * An admin (desktop width) filters the publish jobs, opens one (its attempt,
 * error, screenshot; the page HTML withheld), resolves it from the queue of
 * jobs needing attention (a non-web address refused in the form first), and
 * the admin API agrees; retries a refused webhook delivery once the receiver
 * accepts, and it arrives; the audit log shows both writes by the admin's
 * email. A viewer (phone width) sees every page without Resolve or Retry and
 * the API refuses their resolve; an integrator sees a forbidden state. Every
 * page passes axe-core, fits its width, shows hostile text as text, and logs
 * no console error.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nodeEnrollMessage, sha256Hex } from '@plume/shared';
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEd25519, signEd25519 } from '../control-plane/src/crypto/ed25519.js';
import { rows } from '../control-plane/src/db/client.js';
import { FAKE_ADAPTERS, FakeNode } from '../control-plane/src/nodes/testing/fake-node.js';
import { hasPostgres } from '../control-plane/src/testing/db.js';
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

const VIDEO_DIR = '/srv/plume/videos';
const DESKTOP = { viewport: { width: 1280, height: 900 } } as const;
const XSS = {
  title: `Launch <img src=x onerror="window.__xss='title'">`,
  error: `Read-back lost <script>window.__xss='error'</script>`,
  step: `read_back<svg onload="window.__xss='step'">`,
  note: `Found it <img src=x onerror="window.__xss='note'">`,
};
/** What a logged-in page's HTML can hold; the console never shows it. */
const PAGE_SECRET = `sessdata-${randomBytes(8).toString('hex')}`;
const ADMIN_EMAIL = 'ops-admin@example.test';
const POST_URL = 'https://www.bilibili.com/video/BV1ops';
/** Above the shared pages' 10 s: a shared two-core machine under load takes that long for one navigation. */
const PAGE_TIMEOUT_MS = 30_000;

interface Job {
  id: string;
  state: string;
  platformUrl: string | null;
  platformPostId: string | null;
  feedback: { message: string | null };
}
interface Delivery {
  id: string;
  status: string;
  attempts: number;
  nextAttemptAt: string;
  lastStatusCode: number | null;
}

/** An integrator's webhook endpoint that answers 503 while `refusing`, then 200; it records the event ids it accepted. */
interface Receiver {
  url: string;
  server: Server;
  refusing: boolean;
  refused: number;
  accepted: string[];
}

async function startReceiver(): Promise<Receiver> {
  const r: Receiver = { url: '', server: null as unknown as Server, refusing: true, refused: 0, accepted: [] };
  r.server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (r.refusing) {
        r.refused++;
        res.writeHead(503).end('down for maintenance');
        return;
      }
      r.accepted.push(String(req.headers['plume-webhook-id']));
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}/plume-events`;
  return r;
}

let world: ConsoleWorld;
let url: string;
let receiver: Receiver;
let node: FakeNode;
let integrator: { id: number; key: string };
let desktop: BrowserContext;
let phone: BrowserContext;
let page: Page;
const jobs: string[] = [];
let retriedDelivery = '';

const admin = <T>(method: string, path: string, body?: unknown) => world.admin<T>(method, path, body);
const jobOf = async (id: string) => (await admin<{ job: Job }>('GET', `/jobs/${id}`)).job;

async function openApi<T = Record<string, any>>(method: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${url}/api/openapi/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${integrator.key}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** Enrolls an edge node through the admin API and the node API, and brings it online with one bilibili account. */
async function onlineNode(userId: number): Promise<{ fake: FakeNode; nodeId: string }> {
  const { token } = await admin<{ token: string }>('POST', '/nodes/enrollment-tokens', { kind: 'edge', userIds: [userId], name: 'edge-ops' });
  const key = generateEd25519();
  const machineId = `m-${randomBytes(4).toString('hex')}`;
  const proof = signEd25519(key.privateKey, nodeEnrollMessage({ tokenSha256: sha256Hex(token), publicKey: key.publicKey, machineId }));
  const res = await fetch(`${url}/api/nodes/v1/enroll`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, publicKey: key.publicKey, machineId, fingerprint: 'fp', proof }),
  });
  expect(res.status).toBe(201);
  const { nodeId } = (await res.json()) as { nodeId: string };
  const fake = await FakeNode.connect(url, { nodeId, secretKey: key.privateKey });
  await fake.hello(nodeId, {
    capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, concurrency: 4, platforms: ['bilibili'], adapters: FAKE_ADAPTERS, videoDir: VIDEO_DIR },
    accounts: [{ externalRef: '30010001', platform: 'bilibili', displayName: 'Bilibili main', loginState: 'logged_in' }],
  });
  return { fake, nodeId };
}

/** Follows a navigation link; the pointer then leaves it, so axe measures the link as it is drawn, not while hovered. */
async function follow(p: Page, link: string, path: string): Promise<void> {
  await p.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: link }).click();
  await p.waitForURL(`${url}${path}`);
  await p.mouse.move(1, 1);
}

/** A new person of `role` through an invite the admin API makes, logged in on a new page. */
async function person(context: BrowserContext, role: 'viewer' | 'user', email: string, landing: string): Promise<Page> {
  const { invite } = await admin<{ invite: { url: string } }>('POST', '/console-invites', { email, role, ...(role === 'user' ? { integratorUserId: integrator.id } : {}) });
  const p = await world.newPage(context, role);
  p.setDefaultTimeout(PAGE_TIMEOUT_MS);
  await acceptInvite(p, `${url}${invite.url}`, role === 'viewer' ? 'Vera Viewer' : 'Ulla User', `${role} password 123456`);
  // Setting the password hashes it: seconds on a busy machine.
  await p.waitForURL(`${url}${landing}`, { timeout: 30_000 });
  return p;
}

// Each step takes seconds on an idle machine; at a load average of 45 on two cores the viewer's five pages (each with axe) took 178 s.
describe.skipIf(!hasPostgres())('the operations pages in a browser', { timeout: 300_000 }, () => {
  beforeAll(async () => {
    world = await startConsoleWorld('console-ops');
    url = world.cp.url;
    receiver = await startReceiver();
    const plan = { name: 'ops', permissions: ['publish', 'accounts:read'], perMinuteLimit: 600, dailyLimit: 10_000, cmsEnabled: false };
    const { user } = await admin<{ user: { id: number } }>('POST', '/users', { name: 'Acme Video', plan, quotas: { edge: 10 } });
    const { apiKey } = await admin<{ apiKey: { key: string } }>('POST', `/users/${user.id}/api-keys`, { name: 'ops test' });
    integrator = { id: user.id, key: apiKey.key };
    await admin('PUT', `/users/${user.id}/webhook`, { url: receiver.url });
    desktop = await world.browser.newContext(DESKTOP);
    phone = await world.browser.newContext(PHONE);
  }, 120_000);

  afterAll(async () => {
    await node?.close().catch(() => undefined);
    await desktop?.close();
    await phone?.close();
    receiver?.server.closeAllConnections();
    await new Promise<void>((resolve) => (receiver ? receiver.server.close(() => resolve()) : resolve()));
    await world?.close();
  }, 120_000);

  it('two published videos lose their read-back and match two posts each: both wait for a person', async () => {
    const online = await onlineNode(integrator.id);
    node = online.fake;
    const db = world.db.database.db;
    await eventually(async () => (await rows(db, sql`select id from accounts where node_id = ${online.nodeId}`)).length, 20_000).toBe(1);
    const [account] = await rows<{ id: number }>(db, sql`select id from accounts where node_id = ${online.nodeId}`);

    // The page the node was on when the read-back failed: a real screenshot from Chromium, and HTML holding a session value.
    const shot = await desktop.newPage();
    await shot.setContent('<main style="font: 24px sans-serif; padding: 24px"><h1>稿件管理</h1><p>投稿成功？</p></main>');
    const screenshotPng = (await shot.screenshot()).toString('base64');
    await shot.close();

    for (const i of [0, 1]) {
      const batch = await openApi(
        'POST',
        '/publish/video',
        { executor: 'edge', accountIds: [account!.id], title: `${XSS.title} ${i}`, localVideoPath: `${VIDEO_DIR}/${integrator.id}/clip-${i}.mp4`, platformSettings: { bilibili: { partitionName: '知识', tags: ['知识'] } } },
        { 'x-request-id': `ops-walk-${i}` },
      );
      const jobId = batch.jobs[0].job_id as string;
      jobs.push(jobId);
      const offer = await node.next('offer', (o) => o.jobId === jobId);
      node.send({ type: 'accept', jobId, attemptId: offer.attemptId });
      await node.next('start', (s) => s.jobId === jobId);
      node.send({ type: 'commit', jobId, attemptId: offer.attemptId });
      expect((await node.next('commit_ack', (m) => m.jobId === jobId)).ok).toBe(true);
      node.send({
        type: 'result',
        msgId: `res-${i}`,
        jobId,
        attemptId: offer.attemptId,
        outcome: 'failed',
        error: { code: 'readback_failed', step: XSS.step, message: XSS.error },
        evidence: { step: XSS.step, screenshotPng, html: `<html><script>window.__xss='html'</script><body data-token="${PAGE_SECRET}">投稿</body></html>` },
      });
      await node.next('ack', (m) => m.msgIds.includes(`res-${i}`));
      await node.next('verify', (v) => v.jobId === jobId);
      node.send({ type: 'verify_result', msgId: `ver-${i}`, jobId, attemptId: offer.attemptId, found: true, postId: `BVmaybe${i}`, candidates: 2 });
      await node.next('ack', (m) => m.msgIds.includes(`ver-${i}`));
      await eventually(async () => (await jobOf(jobId)).state, 15_000).toBe('needs_attention');
    }
    // Every event so far was refused by the integrator's receiver.
    await eventually(() => receiver.refused, 20_000).toBeGreaterThan(0);
  });

  it('an admin filters the publish jobs and reads one: its attempt, error and screenshot, never the page HTML', async () => {
    const invitePath = await createAdminInvite(world, ADMIN_EMAIL, 'Olga Ops');
    // 400: a malformed filter, sent on purpose.
    page = await world.newPage(desktop, 'admin', [400]);
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    await acceptInvite(page, `${url}${invitePath}`, 'Olga Ops', 'ops admin password 1');
    await page.waitForURL(`${url}/`, { timeout: 30_000 });

    await follow(page, 'Publish jobs', '/jobs');
    const table = rowsOf(page, 'Publish jobs');
    await eventually(() => table.count()).toBe(2);
    await choose(page, 'State', 'succeeded');
    await page.getByText('No job matches.').waitFor();
    await choose(page, 'State', 'needs_attention');
    await page.getByLabel('Platform').fill('bilibili');
    await page.getByLabel('User id').fill(String(integrator.id));
    await eventually(() => table.count()).toBe(2);
    await page.getByLabel('Platform').fill('douyin');
    await page.getByText('No job matches.').waitFor();
    await page.getByLabel('Platform').fill('');
    // A refused filter shows the API's own message.
    await page.getByLabel('Node id').fill('not-a-node');
    await eventually(() => page.getByRole('alert').textContent()).toContain('node ids look like node_');
    await page.getByLabel('Node id').fill('');
    await eventually(() => table.count()).toBe(2);
    // The filters live in the URL: a reload keeps them, Back undoes the last one.
    await page.getByLabel('Platform').fill('douyin');
    await page.getByText('No job matches.').waitFor();
    await eventually(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ state: 'needs_attention', userId: String(integrator.id), platform: 'douyin' });
    await page.reload();
    await page.getByText('No job matches.').waitFor();
    expect(await page.getByLabel('Platform').inputValue()).toBe('douyin');
    expect(await page.getByLabel('User id').inputValue()).toBe(String(integrator.id));
    expect(await page.getByRole('combobox', { name: 'State' }).inputValue()).toBe('needs_attention');
    await page.goBack();
    await eventually(() => table.count()).toBe(2);
    expect(await page.getByLabel('Platform').inputValue()).toBe('');
    expect(await page.getByRole('combobox', { name: 'State' }).inputValue()).toBe('needs_attention');
    // A value the page does not know falls back to its default instead of an error.
    await page.goto(`${url}/jobs?state=exploded&userId=abc&pageSize=7&page=-2`);
    await eventually(() => table.count()).toBe(2);
    expect(await page.getByRole('combobox', { name: 'State' }).inputValue()).toBe('');
    expect(await page.getByRole('combobox', { name: 'Rows per page' }).inputValue()).toBe('20');
    expect(await page.getByRole('alert').count()).toBe(0);
    await expectAccessible(page, 'publish jobs');
    await expectFitsWidth(page, 1280);

    await table.getByRole('link', { name: jobs[0] }).click();
    await page.waitForURL(`${url}/jobs/${jobs[0]}`);
    await page.mouse.move(1, 1);
    await page.getByText('ambiguous_verification').first().waitFor();
    const image = page.getByRole('img', { name: /^The page at step read_back/ });
    await eventually(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(100);
    expect(await page.getByText(/failed at step read_back<svg onload=.* \(readback_failed\)/).count()).toBe(1);
    expect(await page.getByText(/It is not shown here: a logged-in page can hold the account’s session tokens/).count()).toBe(1);
    expect(await page.content()).not.toContain(PAGE_SECRET);
    expect(await page.getByText(/"title": "Launch <img src=x onerror=/).count()).toBe(1);
    expect(await page.getByText('Attempts charged').count()).toBe(1);
    await expectAccessible(page, 'a job waiting for a person');
    await expectFitsWidth(page, 1280);
    await expectNoXss(page);
  });

  it('the admin resolves a job from the queue of jobs needing attention, and the admin API agrees', async () => {
    await follow(page, 'Jobs needing attention', '/attention');
    const queue = rowsOf(page, 'Jobs needing attention');
    await eventually(() => queue.count()).toBe(2);
    // Longest waiting first.
    expect(await queue.first().getByRole('link').textContent()).toBe(jobs[0]);
    expect(await queue.first().getByText('Several posts on the platform could be this one').count()).toBe(1);
    await expectAccessible(page, 'jobs needing attention');

    await page.getByRole('button', { name: `Resolve job ${jobs[0]}` }).click();
    const dialog = page.getByRole('dialog', { name: `Resolve job ${jobs[0]}` });
    await dialog.getByRole('radio', { name: 'Published' }).waitFor();
    await expectAccessible(page, 'the resolve dialog');
    // Cancelling changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await eventually(() => dialog.count()).toBe(0);
    expect((await jobOf(jobs[0]!)).state).toBe('needs_attention');

    await page.getByRole('button', { name: `Resolve job ${jobs[0]}` }).click();
    await dialog.getByLabel(/^Post address/).fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Resolve as published' }).click();
    await dialog.getByText('Give the post’s full address, starting with https:// or http://').waitFor();
    expect((await jobOf(jobs[0]!)).state).toBe('needs_attention');
    await dialog.getByLabel(/^Post address/).fill(POST_URL);
    await dialog.getByLabel(/^Platform post id/).fill('BV1ops');
    await dialog.getByLabel(/^Note/).fill(XSS.note);
    await dialog.getByRole('button', { name: 'Resolve as published' }).click();
    await eventually(() => dialog.count()).toBe(0);
    await eventually(() => queue.count()).toBe(1);

    const resolved = await jobOf(jobs[0]!);
    expect(resolved).toMatchObject({ state: 'succeeded', platformUrl: POST_URL, platformPostId: 'BV1ops' });
    expect(resolved.feedback.message).toContain(XSS.note);
    // Its detail now shows the post as a link, and no Resolve.
    await page.goto(`${url}/jobs/${jobs[0]}`);
    const post = page.getByRole('link', { name: 'BV1ops' });
    await post.waitFor();
    expect(await post.getAttribute('href')).toBe(POST_URL);
    expect(await page.getByRole('button', { name: /^Resolve/ }).count()).toBe(0);
    await expectNoXss(page);
  });

  it('the admin retries a refused webhook delivery once the receiver is back, and it arrives', async () => {
    await follow(page, 'Webhook deliveries', '/webhook-deliveries');
    const table = rowsOf(page, 'Webhook deliveries');
    await choose(page, 'Status', 'pending');
    await page.getByLabel('User id').fill(String(integrator.id));
    await eventually(() => table.filter({ hasText: '503' }).count(), 20_000).toBeGreaterThan(0);
    expect(await table.filter({ hasText: 'HTTP 503' }).first().getByRole('button', { name: /^Retry delivery evt_/ }).count()).toBe(1);
    await expectAccessible(page, 'webhook deliveries');
    await expectFitsWidth(page, 1280);

    // A pending delivery whose next attempt of its own is still seconds away: the retry, not the schedule, sends it.
    await eventually(async () => {
      const { items } = await admin<{ items: Delivery[] }>('GET', `/webhook-deliveries?userId=${integrator.id}&status=pending`);
      const later = items.find((d) => d.attempts > 0 && d.lastStatusCode === 503 && Date.parse(d.nextAttemptAt) - Date.now() > 6000);
      retriedDelivery = later?.id ?? '';
      return retriedDelivery;
    }, 60_000).not.toBe('');
    await page.getByRole('button', { name: `Retry delivery ${retriedDelivery}` }).click();
    const confirm = page.getByRole('dialog', { name: `Retry delivery ${retriedDelivery}?` });
    await confirm.getByRole('button', { name: 'Retry now' }).waitFor();
    await expectAccessible(page, 'the retry confirmation');
    receiver.refusing = false;
    const answered = page.waitForResponse((r) => r.url().endsWith(`/api/admin/webhook-deliveries/${retriedDelivery}/retry`));
    await confirm.getByRole('button', { name: 'Retry now' }).click();
    expect((await answered).status()).toBe(200);
    await eventually(() => receiver.accepted.includes(retriedDelivery), 15_000).toBe(true);
    await eventually(async () => (await admin<{ items: Delivery[] }>('GET', `/webhook-deliveries?userId=${integrator.id}&status=delivered`)).items.map((d) => d.id), 15_000).toContain(
      retriedDelivery,
    );
    await choose(page, 'Status', 'delivered');
    await eventually(() => table.filter({ hasText: retriedDelivery }).getByText('delivered').count(), 15_000).toBe(1);
    await expectNoXss(page);
  });

  it('the audit log shows the resolve and the retry, by the admin\'s email', async () => {
    await follow(page, 'Audit log', '/audit-log');
    const table = rowsOf(page, 'Audit log');
    await page.getByLabel(/^Actor/).fill(ADMIN_EMAIL);
    // The typed actor reaches the URL, and the list, once typing pauses.
    await eventually(() => new URL(page.url()).searchParams.get('actor')).toBe(ADMIN_EMAIL);
    const resolve = table.filter({ hasText: `POST /api/admin/jobs/${jobs[0]}/resolve` });
    const retry = table.filter({ hasText: `POST /api/admin/webhook-deliveries/${retriedDelivery}/retry` });
    await eventually(() => resolve.count()).toBe(1);
    await eventually(() => retry.count()).toBe(1);
    expect(await resolve.getByText(ADMIN_EMAIL).count()).toBe(1);
    expect(await resolve.getByText(/"outcome":"succeeded"/).textContent()).toContain(XSS.note.replace(/"/g, '\\"'));
    expect(await retry.getByText('200', { exact: true }).count()).toBe(1);
    // Another actor's writes are not in this filter; the bootstrap token's are under its own name.
    await eventually(() => table.filter({ hasText: 'bootstrap' }).count()).toBe(0);
    await page.getByLabel(/^Actor/).fill('bootstrap');
    await eventually(() => table.filter({ hasText: 'POST /api/admin/users' }).count()).toBeGreaterThan(0);
    await expectAccessible(page, 'audit log');
    await expectFitsWidth(page, 1280);
    await expectNoXss(page);
  });

  it('a viewer at phone width reads every operations page without Resolve or Retry, and the API refuses their resolve', async () => {
    const viewer = await person(phone, 'viewer', 'ops-viewer@example.test', '/');
    for (const path of ['/jobs', `/jobs/${jobs[1]}`, '/attention', '/webhook-deliveries', '/audit-log']) {
      await viewer.goto(`${url}${path}`);
      await viewer.getByRole('heading', { level: 2 }).first().waitFor();
      await viewer.getByRole('table').or(viewer.getByText('Payload and settings, as frozen when the job was created')).first().waitFor();
      expect(await viewer.getByRole('button', { name: /^(Resolve|Retry)/ }).count(), path).toBe(0);
      await expectFitsWidth(viewer, 390);
      await expectAccessible(viewer, `${path}, viewer at phone width`);
      await expectNoXss(viewer);
    }
    await viewer.goto(`${url}/attention`);
    await eventually(() => rowsOf(viewer, 'Jobs needing attention').count()).toBe(1);
    const refused = await viewer.evaluate(async (jobId) => {
      const res = await fetch(`/api/admin/jobs/${jobId}/resolve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ outcome: 'failed' }) });
      return { status: res.status, body: (await res.json()) as { code: string } };
    }, jobs[1]!);
    expect(refused).toMatchObject({ status: 403, body: { code: 'ADMIN_FORBIDDEN' } });
    expect((await jobOf(jobs[1]!)).state).toBe('needs_attention');
  });

  it('an integrator sees a forbidden state on the operations pages, and the admin API answers 403', async () => {
    const user = await person(phone, 'user', 'ops-integrator@example.test', '/');
    for (const path of ['/jobs', `/jobs/${jobs[1]}`, '/attention', '/webhook-deliveries', '/audit-log']) {
      await user.goto(`${url}${path}`);
      await user.getByRole('heading', { name: 'Forbidden' }).waitFor();
    }
    await expectAccessible(user, 'forbidden operations page');
    await expectFitsWidth(user, 390);
    const statuses = await user.evaluate(async () =>
      Promise.all(['/api/admin/jobs', '/api/admin/webhook-deliveries', '/api/admin/audit-log'].map(async (u) => (await fetch(u)).status)),
    );
    expect(statuses).toEqual([403, 403, 403]);
    expect(world.problems).toEqual([]);
  });
});
