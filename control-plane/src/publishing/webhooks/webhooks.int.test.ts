import { verifyWebhookSignature } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { createUser, type TestUser } from '../../testing/openapi.js';
import { WebhookReceiver } from '../../testing/webhook-receiver.js';
import { WEBHOOK_MAX_ATTEMPTS, WebhookDeliverer, type WebhookDelivererOptions, webhookRetryDelayMs } from './webhook.deliverer.js';
import { enqueueWebhook } from './webhooks.js';
import { listen } from '../../db/listen.js';

let t: TestApp;
let receiver: WebhookReceiver;

const now = () => new Date(Date.now() + t.clock.offsetMs);
const db = () => t.db.database.db;
const deliverer = (o: Partial<WebhookDelivererOptions> = {}) => new WebhookDeliverer({ db: db(), now, random: () => 0.5, ...o });

interface Row {
  id: string;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: Date | null;
}
const row = async (id: string) =>
  (await rows<Row>(db(), sql`select id, status, attempts, next_attempt_at, last_status_code, last_error, delivered_at from webhook_deliveries where id = ${id}`))[0]!;

async function hooked(path = '/hook'): Promise<TestUser & { secret: string }> {
  const u = await createUser(t.app, t.adminHeaders);
  const res = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${u.id}/webhook`, headers: t.adminHeaders, payload: { url: `${receiver.url}${path}` } });
  return { ...u, secret: res.json().webhook.secret };
}

const enqueue = (userId: number, title = 'Hello') =>
  enqueueWebhook(db(), {
    userId,
    type: 'article.generation.succeeded',
    data: { task_id: 'gen_1', status: 'done', article_id: 'art_1', title },
    now: now(),
  });

/** Drains everything due now, so one test's rows never reach another test's deliverer. */
async function drain(): Promise<void> {
  await db().execute(sql`update webhook_deliveries set status = 'failed' where status = 'pending'`);
}

beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});
beforeEach(async () => {
  receiver.reset();
  await drain();
});

describe('happy path', () => {
  it('enqueues only for users with a webhook URL', async () => {
    const plain = await createUser(t.app, t.adminHeaders);
    expect(await enqueue(plain.id)).toBeNull();
    const u = await hooked();
    const id = await enqueue(u.id);
    expect(id).toMatch(/^evt_[A-Za-z0-9_-]{22}$/);
    expect(await row(id!)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('POSTs the signed envelope; the shared verifier accepts it; the row is delivered', async () => {
    const u = await hooked('/plume/events');
    const id = (await enqueue(u.id, 'Signed title'))!;
    expect(await deliverer().runOnce()).toBe(1);
    const [got] = await receiver.waitFor(1);
    expect(got!.path).toBe('/plume/events');
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['plume-webhook-id']).toBe(id);
    expect(Math.abs(Number(got!.headers['plume-webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(5);
    expect(got!.headers['plume-webhook-signature']).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(got!.body).toEqual({
      id,
      type: 'article.generation.succeeded',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: { task_id: 'gen_1', status: 'done', article_id: 'art_1', title: 'Signed title' },
    });
    expect(verifyWebhookSignature(u.secret, got!.headers, got!.rawBody)).toMatchObject({ valid: true, id });
    expect(verifyWebhookSignature('whsec_wrong_secret_value', got!.headers, got!.rawBody).valid).toBe(false);
    expect(verifyWebhookSignature(u.secret, got!.headers, got!.rawBody.replace('Signed', 'Forged')).valid).toBe(false);
    expect(await row(id)).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 200, last_error: null, delivered_at: expect.anything() });
    expect(await deliverer().runOnce()).toBe(0);
  });

  it('start() delivers in the background; stop() is idempotent', async () => {
    const u = await hooked();
    const d = deliverer({ pollMs: 20 });
    d.start();
    await enqueue(u.id);
    await receiver.waitFor(1);
    await Promise.all([d.stop(), d.stop()]);
    await d.stop();
  });

  it('an event written while the deliverer idles is sent at once: the outbox wakes it, not its poll', async () => {
    const u = await hooked();
    // A poll far beyond the test: only the wake-up (LISTEN plume_webhooks, the outbox's trigger) can send these in time.
    const d = deliverer({ pollMs: 600_000, listen: (channel, fn) => listen(t.db.database.db, channel, () => fn()) });
    d.start();
    await enqueue(u.id, 'first');
    await receiver.waitFor(1, 25_000);
    await enqueue(u.id, 'second');
    const got = await receiver.waitFor(2, 25_000);
    expect(got.map((r) => (r.body as { data: { title: string } }).data.title)).toEqual(['first', 'second']);
    await d.stop();
  });

  it('two deliverers at once send each event exactly once', async () => {
    const u = await hooked();
    const ids = new Set<string>();
    for (let i = 0; i < 12; i++) ids.add((await enqueue(u.id, `n${i}`))!);
    const a = deliverer({ batchSize: 5 });
    const b = deliverer({ batchSize: 5 });
    while ((await Promise.all([a.runOnce(), b.runOnce()])).some((n) => n > 0));
    expect(receiver.received.map((r) => r.headers['plume-webhook-id']).sort()).toEqual([...ids].sort());
  });
});

describe('retries', () => {
  it('a non-2xx answer is retried after a jittered backoff, then delivered', async () => {
    const u = await hooked();
    const id = (await enqueue(u.id))!;
    receiver.answer({ status: 500 });
    const before = now().getTime();
    await deliverer().runOnce();
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500, last_error: 'HTTP 500' });
    // attempts 1 → cap 20 s; random 0.5 → 10 s
    expect(new Date(failed.next_attempt_at).getTime() - before).toBeGreaterThanOrEqual(9_000);
    expect(new Date(failed.next_attempt_at).getTime() - before).toBeLessThan(12_000);
    expect(await deliverer().runOnce()).toBe(0);
    t.clock.offsetMs += 11_000;
    expect(await deliverer().runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'delivered', attempts: 2, last_status_code: 200 });
    const sent = receiver.received.map((r) => r.headers['plume-webhook-id']);
    expect(sent).toEqual([id, id]);
  });

  it('backoff is min(2^attempts × 10 s, 6 h) with full jitter, never under 1 s', () => {
    expect(webhookRetryDelayMs(1, () => 0.999)).toBeLessThanOrEqual(20_000);
    expect(webhookRetryDelayMs(3, () => 0.5)).toBe(40_000);
    expect(webhookRetryDelayMs(11, () => 0.999)).toBeLessThanOrEqual(6 * 3600_000);
    expect(webhookRetryDelayMs(20, () => 0.999)).toBeGreaterThan(5.9 * 3600_000);
    expect(webhookRetryDelayMs(5, () => 0)).toBe(1000);
  });

  it(`fails for good after ${WEBHOOK_MAX_ATTEMPTS} attempts`, async () => {
    const u = await hooked();
    const id = (await enqueue(u.id))!;
    await db().execute(sql`update webhook_deliveries set attempts = ${WEBHOOK_MAX_ATTEMPTS - 1} where id = ${id}`);
    receiver.answer({ status: 503 });
    await deliverer().runOnce();
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS, last_status_code: 503 });
    t.clock.offsetMs += 7 * 3600_000;
    expect(await deliverer().runOnce()).toBe(0);
  });

  it('never follows a redirect', async () => {
    const u = await hooked('/moved');
    const id = (await enqueue(u.id))!;
    receiver.answer({ status: 302, location: `${receiver.url}/elsewhere` });
    await deliverer().runOnce();
    expect(receiver.received.map((r) => r.path)).toEqual(['/moved']);
    expect(await row(id)).toMatchObject({ status: 'pending', last_status_code: 302, last_error: expect.stringMatching(/redirect .* not followed/) });
  });

  it('a receiver that does not answer in time is a failed attempt', async () => {
    const u = await hooked();
    const id = (await enqueue(u.id))!;
    receiver.answer({ delayMs: 2_000 });
    await deliverer({ timeoutMs: 150 }).runOnce();
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null, last_error: 'No answer within 150 ms' });
  });

  it('an unreachable receiver is a failed attempt; a removed webhook fails the delivery', async () => {
    const u = await createUser(t.app, t.adminHeaders);
    await t.app.inject({ method: 'PUT', url: `/api/admin/users/${u.id}/webhook`, headers: t.adminHeaders, payload: { url: 'http://127.0.0.1:9/hook' } });
    const id = (await enqueue(u.id))!;
    await deliverer().runOnce();
    expect(await row(id)).toMatchObject({ status: 'pending', last_error: expect.stringMatching(/^Request failed/) });
    await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${u.id}/webhook`, headers: t.adminHeaders });
    t.clock.offsetMs += 30_000;
    await deliverer().runOnce();
    expect(await row(id)).toMatchObject({ status: 'failed', last_error: expect.stringMatching(/no webhook URL/) });
  });
});

describe('admin', () => {
  const admin = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = t.adminHeaders) => t.app.inject({ method, url: `/api/admin${url}`, headers });

  it('lists deliveries filtered by user and status, newest first, paged', async () => {
    const u = await hooked();
    const first = (await enqueue(u.id, 'one'))!;
    await new Promise((r) => setTimeout(r, 5));
    const second = (await enqueue(u.id, 'two'))!;
    receiver.answer({ status: 500 });
    await deliverer({ batchSize: 1 }).runOnce();
    const res = await admin('GET', `/webhook-deliveries?userId=${u.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, total: 2, page: 1, pageSize: 50 });
    expect(body.items.map((i: { id: string }) => i.id)).toEqual([second, first]);
    expect(body.items[1]).toMatchObject({
      id: first,
      userId: u.id,
      eventType: 'article.generation.succeeded',
      status: 'pending',
      attempts: 1,
      lastStatusCode: 500,
      lastError: 'HTTP 500',
      deliveredAt: null,
      payload: { title: 'one' },
    });
    const pending = (await admin('GET', `/webhook-deliveries?userId=${u.id}&status=pending&pageSize=1&page=2`)).json();
    expect(pending).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ id: first }] });
    expect((await admin('GET', `/webhook-deliveries?userId=${u.id}&status=delivered`)).json().total).toBe(0);
  });

  it('retry gives a failed delivery a fresh budget now; delivered is 409; unknown is 404', async () => {
    const u = await hooked();
    const id = (await enqueue(u.id))!;
    await db().execute(sql`update webhook_deliveries set status = 'failed', attempts = 12 where id = ${id}`);
    const retried = await admin('POST', `/webhook-deliveries/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ success: true, delivery: { id, status: 'pending', attempts: 0 } });
    expect(await deliverer().runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'delivered', attempts: 1 });
    const again = await admin('POST', `/webhook-deliveries/${id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, code: 'WEBHOOK_ALREADY_DELIVERED', message: expect.any(String) });
    const missing = await admin('POST', '/webhook-deliveries/evt_nope/retry');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 'WEBHOOK_DELIVERY_NOT_FOUND' });
  });

  it('retry of a pending delivery brings its next attempt forward', async () => {
    const u = await hooked();
    const id = (await enqueue(u.id))!;
    receiver.answer({ status: 500 });
    await deliverer().runOnce();
    expect(await deliverer().runOnce()).toBe(0);
    expect((await admin('POST', `/webhook-deliveries/${id}/retry`)).json().delivery).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await deliverer().runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('needs an admin token; validates its query', async () => {
    expect((await admin('GET', '/webhook-deliveries', {})).statusCode).toBe(401);
    expect((await admin('POST', '/webhook-deliveries/evt_x/retry', { authorization: 'Bearer nope' })).statusCode).toBe(401);
    const bad = await admin('GET', '/webhook-deliveries?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'INVALID_REQUEST' });
    expect((await admin('GET', '/webhook-deliveries?pageSize=501')).statusCode).toBe(400);
  });
});
