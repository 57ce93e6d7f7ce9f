/**
 * An integrator's self-service in the console (role user): API keys that
 * work on the Open API until revoked, the webhook with its secret shown once
 * and rotated, a test delivery sent and signed by the real deliverer, the
 * delivery log, and their publish batches. Always their own data only.
 */
import { verifyWebhookSignature } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomId } from '../crypto/tokens.js';
import { rows } from '../db/client.js';
import { WebhookDeliverer } from '../publishing/webhooks/webhook.deliverer.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { type Person, person } from '../testing/console.js';
import { createUser, type TestUser, v1 } from '../testing/openapi.js';
import { WebhookReceiver } from '../testing/webhook-receiver.js';

let t: TestApp;
let receiver: WebhookReceiver;
let integrator: TestUser;
let me: Person;
const db = () => t.db.database.db;

beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  t = await createTestApp();
  integrator = await createUser(t.app, t.adminHeaders, { permissions: ['publish', 'accounts:read'] });
  me = await person(t, 'user', { integratorUserId: integrator.id });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('API keys', () => {
  it('creates a key shown once that works on the Open API, lists it with last use, and revokes it', async () => {
    const made = await me.client.post('/api/console/me/api-keys', { name: 'CI <b>pipeline</b>' });
    expect(made.status).toBe(201);
    const { apiKey } = made.body;
    expect(apiKey).toMatchObject({ id: expect.stringMatching(/^key_/), name: 'CI <b>pipeline</b>', permissions: ['publish', 'accounts:read'], revokedAt: null, lastUsedAt: null });
    expect(apiKey.key).toMatch(/^plm_/);
    expect(apiKey.keyPrefix).toBe(apiKey.key.slice(0, 12));

    const used = await v1(t.app, { id: integrator.id, key: apiKey.key, headers: { authorization: `Bearer ${apiKey.key}` } }, 'GET', '/me');
    expect(used.status).toBe(200);
    const listed = await me.client.get('/api/console/me/api-keys');
    // What a new key may get, for the page to preselect: the plan's permissions.
    expect(listed.body.planPermissions).toEqual(['publish', 'accounts:read']);
    const row = listed.body.apiKeys.find((k: any) => k.id === apiKey.id);
    expect(row).toMatchObject({ name: 'CI <b>pipeline</b>', keyPrefix: apiKey.keyPrefix, revokedAt: null });
    expect(row.lastUsedAt).not.toBeNull();
    expect(row).not.toHaveProperty('key');

    const revoked = await me.client.post(`/api/console/me/api-keys/${apiKey.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.apiKey.revokedAt).toEqual(expect.any(String));
    expect((await v1(t.app, { id: integrator.id, key: apiKey.key, headers: { authorization: `Bearer ${apiKey.key}` } }, 'GET', '/me')).status).toBe(401);
    // Again: same answer, no change.
    const again = await me.client.post(`/api/console/me/api-keys/${apiKey.id}/revoke`);
    expect(again.body.apiKey.revokedAt).toBe(revoked.body.apiKey.revokedAt);
  });

  it('a key narrower than the plan is fine; one outside the plan is refused', async () => {
    const narrow = await me.client.post('/api/console/me/api-keys', { name: 'read only', permissions: ['accounts:read'] });
    expect(narrow.status).toBe(201);
    expect(narrow.body.apiKey.permissions).toEqual(['accounts:read']);
    const wide = await me.client.post('/api/console/me/api-keys', { name: 'too much', permissions: ['cms'] });
    expect(wide.status).toBe(400);
    expect(wide.body.error.code).toBe('validation_failed');
    const unknown = await me.client.post('/api/console/me/api-keys', { name: 'bad', permissions: ['root'] });
    expect(unknown.body.error.code).toBe('validation_failed');
    const malformed = await me.client.post('/api/console/me/api-keys/not-a-key/revoke');
    expect(malformed.status).toBe(400);
    expect((await me.client.post('/api/console/me/api-keys/key_unknown/revoke')).status).toBe(404);
  });
});

describe('webhook', () => {
  it('sets the URL with a secret shown once, rotates it, sends a signed webhook.test through the outbox, logs the delivery, and is removed', async () => {
    expect((await me.client.get('/api/console/me/webhook')).body).toEqual({ webhook: null });
    expect((await me.client.post('/api/console/me/webhook/test')).status).toBe(404);
    expect((await me.client.post('/api/console/me/webhook/rotate-secret')).status).toBe(404);

    const set = await me.client.put('/api/console/me/webhook', { url: `${receiver.url}/hook` });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ webhook: { url: `${receiver.url}/hook` }, secret: expect.stringMatching(/^whsec_/) });
    expect((await me.client.get('/api/console/me/webhook')).body).toEqual({ webhook: { url: `${receiver.url}/hook`, secretSet: true } });

    const rotated = await me.client.post('/api/console/me/webhook/rotate-secret');
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(set.body.secret);

    const test = await me.client.post('/api/console/me/webhook/test');
    expect(test.status).toBe(202);
    expect(test.body.deliveryId).toMatch(/^evt_/);
    const pending = await me.client.get('/api/console/me/webhook/deliveries');
    expect(pending.body.deliveries[0]).toMatchObject({ id: test.body.deliveryId, eventType: 'webhook.test', status: 'pending', attempts: 0, deliveredAt: null });

    // The real deliverer sends it (the app's workers run in main.ts, not in tests).
    await new WebhookDeliverer({ db: db() }).runOnce();
    const got = receiver.received.find((d) => d.body?.id === test.body.deliveryId)!;
    expect(got.body).toMatchObject({ type: 'webhook.test', data: { request_id: test.headers['x-request-id'] } });
    expect(verifyWebhookSignature(rotated.body.secret, got.headers, got.rawBody)).toMatchObject({ valid: true });
    expect(verifyWebhookSignature(set.body.secret, got.headers, got.rawBody)).toMatchObject({ valid: false });

    const log = await me.client.get('/api/console/me/webhook/deliveries?limit=1');
    expect(log.body.total).toBe(1);
    expect(log.body.deliveries[0]).toMatchObject({ id: test.body.deliveryId, status: 'delivered', attempts: 1, lastStatusCode: 200, deliveredAt: expect.any(String) });

    // Retry: a delivered one is 409; a failed one is pending again with a fresh budget, and goes out.
    const done = await me.client.post(`/api/console/me/webhook/deliveries/${test.body.deliveryId}/retry`);
    expect(done.status).toBe(409);
    expect(done.body.error.code).toBe('already_delivered');
    const second = await me.client.post('/api/console/me/webhook/test');
    await db().execute(sql`update webhook_deliveries set status = 'failed', attempts = 8, last_status_code = 500 where id = ${second.body.deliveryId}`);
    const retried = await me.client.post(`/api/console/me/webhook/deliveries/${second.body.deliveryId}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.delivery).toMatchObject({ id: second.body.deliveryId, status: 'pending', attempts: 0 });
    await new WebhookDeliverer({ db: db() }).runOnce();
    expect(receiver.received.some((d) => d.body?.id === second.body.deliveryId)).toBe(true);
    // Another integrator's delivery, or an unknown one, is not_found: nothing changes.
    const other = await createUser(t.app, t.adminHeaders);
    await db().execute(sql`insert into webhook_deliveries (id, user_id, event_type, status, attempts, next_attempt_at, payload) values ('evt_other_console', ${other.id}, 'webhook.test', 'failed', 8, now(), '{}'::jsonb)`);
    for (const id of ['evt_other_console', 'evt_missing']) {
      const refused = await me.client.post(`/api/console/me/webhook/deliveries/${id}/retry`);
      expect(refused.status, id).toBe(404);
      expect(refused.body.error.code).toBe('not_found');
    }
    expect(await rows(db(), sql`select status from webhook_deliveries where id = 'evt_other_console'`)).toEqual([{ status: 'failed' }]);
    // A hostile id is refused before any row is read: a NUL byte, one longer than any delivery id.
    for (const id of ['evt_%00x', `evt_${'x'.repeat(70)}`]) {
      const bad = await me.client.post(`/api/console/me/webhook/deliveries/${id}/retry`);
      expect(bad.status, id).toBe(400);
      expect(bad.body.error.code).toBe('validation_failed');
      expect(bad.headers['x-request-id']).toBeTruthy();
    }

    const bad = await me.client.put('/api/console/me/webhook', { url: 'ftp://example.test/hook' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');

    expect((await me.client.delete('/api/console/me/webhook')).status).toBe(204);
    expect((await me.client.get('/api/console/me/webhook')).body).toEqual({ webhook: null });
  });
});

describe('batches', () => {
  it('lists the integrator\'s own batches with job counts, filtered by status, paged', async () => {
    const other = await createUser(t.app, t.adminHeaders);
    const insertBatch = async (userId: number, state: string, jobs: string[]) => {
      const batchId = randomId('bat');
      await db().execute(sql`insert into publish_batches (id, user_id, content_type, executor, state, request_id) values (${batchId}, ${userId}, 'video', 'edge', ${state}, 'req-console')`);
      for (const [n, jobState] of jobs.entries()) {
        await db().execute(sql`insert into publish_jobs (id, batch_id, user_id, account_id, platform, content_type, executor, quota_bucket, state, payload, settings_snapshot, settings_hash, settings_contract_version)
          values (${`job_${batchId.slice(4)}_${n}`}, ${batchId}, ${userId}, 1, 'bilibili', 'video', 'edge', 'edge', ${jobState}, '{}'::jsonb, '{}'::jsonb, 'h', 'v')`);
      }
      return batchId;
    };
    const partial = await insertBatch(integrator.id, 'partial', ['succeeded', 'failed', 'succeeded']);
    const running = await insertBatch(integrator.id, 'running', ['running', 'queued']);
    await insertBatch(other.id, 'partial', ['succeeded', 'failed']);

    const all = await me.client.get('/api/console/me/batches');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(2);
    expect(all.body.batches.map((b: any) => b.batchId).sort()).toEqual([partial, running].sort());
    expect(all.body.batches.find((b: any) => b.batchId === partial)).toMatchObject({ status: 'partial', jobs: 3, succeeded: 2, failed: 1, createdAt: expect.any(String) });
    const filtered = await me.client.get('/api/console/me/batches?status=running');
    expect(filtered.body).toMatchObject({ total: 1, batches: [{ batchId: running, jobs: 2, succeeded: 0, failed: 0 }] });
    expect((await me.client.get('/api/console/me/batches?limit=1&offset=1')).body.batches).toHaveLength(1);
    expect((await me.client.get('/api/console/me/batches?status=bogus')).body.error.code).toBe('validation_failed');
  });
});
