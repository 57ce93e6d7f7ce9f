/**
 * The control plane's metrics on the real app and PostgreSQL: GET /metrics
 * needs an admin token; HTTP requests are labelled by route pattern; license
 * outcomes and security events; the queue and the webhook outbox read from
 * PostgreSQL (cached, and absent rather than wrong when the read fails);
 * group-commit batch sizes; pool use under real load; webhook attempts.
 * The registry is per process, so each test compares before and after.
 */
import { LICENSE_PATHS } from '@plume/shared';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEd25519 } from '../crypto/ed25519.js';
import { WebhookDeliverer } from '../publishing/webhooks/webhook.deliverer.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { eventually } from '../testing/eventually.js';
import { generateCodes, post, TestDevice } from '../testing/license-device.js';
import { v1 } from '../testing/openapi.js';
import { parseScrape, type Scrape } from '../testing/prometheus.js';
import { publishWorld } from '../testing/publish.js';
import { WebhookReceiver } from '../testing/webhook-receiver.js';
import { resetClusterCache } from './cluster.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const db = () => t.db.database.db;

async function scrape(headers: Record<string, string> = t.adminHeaders): Promise<Scrape> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseScrape(res.body);
}

/** A scrape that reads the cluster-wide gauges afresh. */
async function freshScrape(): Promise<Scrape> {
  resetClusterCache();
  return scrape();
}

describe('auth', () => {
  it('answers 401 in the admin envelope, with a request id, without a token or with a wrong one', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-an-admin-token-0123456789' }, { authorization: 'Basic abc' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'ADMIN_UNAUTHORIZED' });
      expect(res.headers['x-request-id']).toMatch(/^req_/);
      expect(res.body).not.toContain('plume_');
    }
  });

  it('a read-scope admin token may scrape; a revoked one may not', async () => {
    const created = await post(t.app, '/api/admin/tokens', { name: 'prometheus', scope: 'read' }, t.adminHeaders);
    expect(created.status).toBe(201);
    const headers = { authorization: `Bearer ${created.body.secret}` };
    expect((await scrape(headers)).names()).toContain('plume_http_requests_total');
    const revoked = await t.app.inject({ method: 'POST', url: `/api/admin/tokens/${created.body.token.id}/revoke`, headers: t.adminHeaders });
    expect(revoked.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers })).statusCode).toBe(401);
  });
});

describe('HTTP requests', () => {
  it('are labelled by the route pattern, never the URL', async () => {
    const w = await publishWorld(t);
    const route = { method: 'GET', route: '/api/openapi/v1/publish/:batch_id', status: '404' };
    const before = await scrape();
    for (const id of ['bat_metricsprobe1', 'bat_metricsprobe2']) expect((await v1(t.app, w.user, 'GET', `/publish/${id}`)).status).toBe(404);
    // No route: at the root, and under a surface's prefix (its own not-found handler).
    expect((await t.app.inject({ method: 'GET', url: '/no/such/metrics-probe' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/license/v2/metrics-probe' })).statusCode).toBe(404);
    const after = await scrape();
    expect(after.value('plume_http_requests_total', route) - before.value('plume_http_requests_total', route)).toBe(2);
    const histogram = { method: 'GET', route: route.route };
    expect(after.value('plume_http_request_duration_seconds_count', histogram) - before.value('plume_http_request_duration_seconds_count', histogram)).toBe(2);
    expect(after.value('plume_http_request_duration_seconds_sum', histogram)).toBeGreaterThan(before.value('plume_http_request_duration_seconds_sum', histogram));
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    expect(after.value('plume_http_requests_total', unmatched) - before.value('plume_http_requests_total', unmatched)).toBe(2);
    expect(after.samples.some((s) => Object.values(s.labels).some((v) => v.includes('metricsprobe')))).toBe(false);
  });
});

describe('license', () => {
  it('counts each endpoint\'s successes and error codes, and security events by kind', async () => {
    const before = await scrape();
    const [code] = await generateCodes(t.app, t.adminHeaders, { licenseMode: 'COUNT', remainingCount: 5 });
    const device = new TestDevice(t.app);
    expect((await device.enroll('NO-SUCH-CODE')).body.code).toBe('CODE_INVALID');
    expect((await device.enroll(code!)).body.success).toBe(true);
    expect((await device.status()).body.success).toBe(true);
    expect((await device.consume('order-1', { key: generateEd25519() })).body.code).toBe('SIGNATURE_INVALID');
    expect((await post(t.app, LICENSE_PATHS.status, '{"fingerprintHash":', {})).body.code).toBe('INVALID_JSON');
    const after = await scrape();
    const delta = (labels: Record<string, string>) => after.value('plume_license_requests_total', labels) - before.value('plume_license_requests_total', labels);
    expect(delta({ endpoint: 'enroll', outcome: 'CODE_INVALID' })).toBe(1);
    expect(delta({ endpoint: 'enroll', outcome: 'success' })).toBe(1);
    expect(delta({ endpoint: 'status', outcome: 'success' })).toBe(1);
    expect(delta({ endpoint: 'consume', outcome: 'SIGNATURE_INVALID' })).toBe(1);
    expect(delta({ endpoint: 'status', outcome: 'INVALID_JSON' })).toBe(1);
    const events = (kind: string) => after.value('plume_license_security_events_total', { kind }) - before.value('plume_license_security_events_total', { kind });
    expect(events('signature_failure')).toBe(1);
    expect(events('nonce_replay')).toBe(0);
  });
});

describe('queue and group commit', () => {
  it('jobs by state with the oldest one\'s age, read from PostgreSQL and cached for a few seconds', async () => {
    const w = await publishWorld(t);
    const before = await freshScrape();
    const publish = () =>
      v1(t.app, w.user, 'POST', '/publish/video', {
        executor: 'edge',
        accountIds: [w.acc.bilibili],
        title: 'Clip',
        localVideoPath: w.video,
        platformSettings: { bilibili: { partitionName: '知识', tags: ['知识'] } },
      });
    const answers = await Promise.all([publish(), publish(), publish()]);
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const after = await freshScrape();
    expect(after.value('plume_cluster_metrics_up')).toBe(1);
    expect(after.value('plume_queue_jobs', { state: 'queued' }) - before.value('plume_queue_jobs', { state: 'queued' })).toBe(3);
    expect(after.has('plume_queue_jobs', { state: 'needs_attention' })).toBe(true);
    // Make the oldest queued job an hour old: the age is PostgreSQL's now() minus its created_at.
    await db().execute(sql`update publish_jobs set created_at = now() - interval '1 hour' where batch_id = ${answers[0]!.body.batch_id}`);
    const aged = (await freshScrape()).value('plume_queue_oldest_job_age_seconds', { state: 'queued' });
    expect(aged).toBeGreaterThanOrEqual(3600);
    expect(aged).toBeLessThan(3700);
    // Within the cache window a scrape answers the earlier read; the next window reads again.
    const cached = await freshScrape();
    await db().execute(sql`update publish_jobs set state = 'running' where batch_id = ${answers[1]!.body.batch_id}`);
    expect((await scrape()).value('plume_queue_jobs', { state: 'running' })).toBe(cached.value('plume_queue_jobs', { state: 'running' }));
    expect((await freshScrape()).value('plume_queue_jobs', { state: 'running' })).toBe(cached.value('plume_queue_jobs', { state: 'running' }) + 1);
    // Each publish went through the publish queue: statements observed, items counted.
    const items = (s: Scrape) => s.value('plume_db_group_commit_batch_size_sum', { queue: 'publish' });
    expect(items(after) - items(before)).toBe(3);
    expect(after.value('plume_db_group_commit_batch_size_count', { queue: 'publish' })).toBeGreaterThan(before.value('plume_db_group_commit_batch_size_count', { queue: 'publish' }));
  });

  it('a failed read says so with plume_cluster_metrics_up 0 and leaves the job gauges out, not at 0', async () => {
    await db().execute(sql`alter table webhook_deliveries rename to webhook_deliveries_away`);
    try {
      const broken = await freshScrape();
      expect(broken.value('plume_cluster_metrics_up')).toBe(0);
      expect(broken.has('plume_queue_jobs')).toBe(false);
    } finally {
      await db().execute(sql`alter table webhook_deliveries_away rename to webhook_deliveries`);
    }
    expect((await freshScrape()).value('plume_cluster_metrics_up')).toBe(1);
  });

  it('license admissions are group-committed and their batch sizes observed', async () => {
    const before = await scrape();
    const [code] = await generateCodes(t.app, t.adminHeaders, { licenseMode: 'COUNT', remainingCount: 50 });
    const device = new TestDevice(t.app);
    expect((await device.enroll(code!)).body.success).toBe(true);
    const answers = await Promise.all(Array.from({ length: 8 }, () => device.status()));
    for (const a of answers) expect(a.body.success).toBe(true);
    const after = await scrape();
    expect(after.value('plume_db_group_commit_batch_size_sum', { queue: 'license_admission' }) - before.value('plume_db_group_commit_batch_size_sum', { queue: 'license_admission' })).toBe(8);
  });
});

describe('database pool', () => {
  it('shows connections in use and statements waiting while the pool is saturated', async () => {
    const idle = await scrape();
    expect(idle.value('plume_db_pool_max_connections', { pool: 'main' })).toBe(10);
    expect(idle.value('plume_db_pool_max_connections', { pool: 'signed' })).toBe(2);
    // 13 statements on a pool of 10, each waiting for a lock the test holds on a connection of its
    // own: all 10 connections busy and 3 or more statements waiting for one (the app's own timers,
    // such as dispatch polling, may add to them) until the test lets go, however slow the machine.
    // (A wait for a busy pool has no deadline: only failing connections end it.)
    const holder = postgres(t.db.url!, { max: 1, onnotice: () => {} });
    try {
      await holder`select pg_advisory_lock(7301)`;
      const held = Promise.all(Array.from({ length: 13 }, () => db().execute(sql`select pg_advisory_xact_lock_shared(7301)`)));
      const use = async () => {
        const s = await scrape();
        return { inUse: s.value('plume_db_pool_connections_in_use', { pool: 'main' }), waiting: s.value('plume_db_pool_waiting', { pool: 'main' }) };
      };
      await eventually(async () => { const u = await use(); return u.inUse === 10 && u.waiting >= 3; }, { interval: 50 }).toBe(true);
      await holder`select pg_advisory_unlock(7301)`;
      await held;
      await eventually(async () => { const u = await use(); return u.inUse <= 1 && u.waiting === 0; }).toBe(true);
    } finally {
      await holder.end({ timeout: 1 });
    }
  });
});

describe('webhooks', () => {
  it('counts delivered attempts and failed ones, and the outbox depth and age', async () => {
    const receiver = await new WebhookReceiver().start();
    try {
      const w = await publishWorld(t);
      await t.app.inject({ method: 'PUT', url: `/api/admin/users/${w.user.id}/webhook`, headers: t.adminHeaders, payload: { url: `${receiver.url}/hook` } });
      const insert = (id: string) =>
        db().execute(sql`insert into webhook_deliveries (id, user_id, event_type, payload, created_at, next_attempt_at)
                         values (${id}, ${w.user.id}, 'publish.batch.updated', '{"batch_id":"bat_x","state":"failed"}'::jsonb, now() - interval '10 minutes', now())`);
      await db().execute(sql`update webhook_deliveries set status = 'delivered' where status = 'pending'`);
      await insert('evt_metrics_1');
      await insert('evt_metrics_2');
      const queued = await freshScrape();
      expect(queued.value('plume_webhook_outbox_pending')).toBe(2);
      expect(queued.value('plume_webhook_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(600);

      const before = await scrape();
      receiver.answer({ status: 500 }, { status: 200 });
      // One at a time, so the receiver's script answers them in order.
      await new WebhookDeliverer({ db: db(), batchSize: 1 }).runOnce();
      await new WebhookDeliverer({ db: db(), batchSize: 1 }).runOnce();
      const after = await freshScrape();
      const delta = (outcome: string) => after.value('plume_webhook_deliveries_total', { outcome }) - before.value('plume_webhook_deliveries_total', { outcome });
      expect(delta('retry')).toBe(1);
      expect(delta('delivered')).toBe(1);
      expect(delta('failed')).toBe(0);
      expect(after.value('plume_webhook_outbox_pending')).toBe(1);
    } finally {
      await receiver.close();
    }
  });
});
