/**
 * The one-round-trip path of status and consume: once a replica has judged a
 * token it checks timestamp and signature against what it remembers and lets
 * the admitting statement confirm those facts. These tests change the facts
 * behind a replica's back (policy, device key, revocation, another replica's
 * nonce, the clock) and prove that memory is never trusted over the database.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { generateEd25519 } from '../crypto/ed25519.js';
import { committedMigrationCount } from '../db/bootstrap.js';
import { rows, SIGNED_REQUESTS_APPLICATION_NAME } from '../db/client.js';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/app.js';
import { hasPostgres } from '../testing/db.js';
import { createProject, generateCodes, post, TestDevice } from '../testing/license-device.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const project = (policy: Record<string, number> = {}) => createProject(t, 'fast', policy);

async function enrolled(projectKey: string, spec: { licenseMode: 'COUNT'; remainingCount: number } | { licenseMode: 'TIME'; expiresAt: string } = { licenseMode: 'COUNT', remainingCount: 5 }, app = t.app) {
  const [code] = await generateCodes(t.app, t.adminHeaders, { projectKey, ...spec });
  const device = new TestDevice(app);
  device.projectKey = projectKey;
  expect((await device.enroll(code!)).body.success).toBe(true);
  // Judged once: every later request of this device takes the one-round-trip path.
  expect((await device.status()).body.success).toBe(true);
  return { device, code: code! };
}

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rows<T>(t.db.database.db, query);
  return row!;
}

const remaining = (code: string) => one<{ n: number | null }>(sql`select remaining_count as n from activation_codes where code = ${code}`).then((r) => r.n);
const nonceStored = (nonce: string) => one<{ n: number }>(sql`select count(*)::int as n from license_nonces where nonce = ${nonce}`).then((r) => r.n);

describe('happy path', () => {
  it('status and consume keep answering and deducting once per requestId', async () => {
    const { device, code } = await enrolled(await project());
    expect((await device.consume('a')).body).toMatchObject({ success: true, idempotent: false, remainingCount: 4 });
    expect((await device.consume('a')).body).toMatchObject({ success: true, idempotent: true, remainingCount: 4 });
    expect((await device.consume('b')).body).toMatchObject({ success: true, idempotent: false, remainingCount: 3 });
    expect((await device.status()).body).toMatchObject({ success: true, remainingCount: 3, remaining_count: 3 });
    expect(await remaining(code)).toBe(3);
  });

  it('a policy change on the project governs the very next request', async () => {
    const projectKey = await project();
    const { device } = await enrolled(projectKey);
    const now = Math.floor(Date.now() / 1000);
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/admin/projects/${projectKey}`, headers: t.adminHeaders, payload: { policy: { clockSkewSeconds: 30 } } });
    expect(patch.statusCode).toBe(200);
    expect(await device.status({ nowSeconds: now - 100, nonce: 'n_skew-after-policy' })).toMatchObject({ status: 401, body: { code: 'TIMESTAMP_OUT_OF_WINDOW' } });
    expect(await nonceStored('n_skew-after-policy')).toBe(0);
    expect((await device.status()).body.success).toBe(true);
  });

  it.skipIf(!hasPostgres())('status and consume are admitted on the signed-requests pool, not the main pool', async () => {
    const signedConnections = () =>
      one<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = ${SIGNED_REQUESTS_APPLICATION_NAME}`).then((r) => r.n);
    const { device } = await enrolled(await project());
    expect((await device.consume('pool')).body.success).toBe(true);
    // The pool's connections stay open once used; the main pool's are named plume-control-plane.
    expect(await signedConnections()).toBeGreaterThan(0);
    expect(await signedConnections()).toBeLessThanOrEqual(2);
  });

  it('a key rotation shows in the next snapshot', async () => {
    const projectKey = await project();
    const { device } = await enrolled(projectKey);
    const before = (await device.status()).body.offlineLicenseKeyId;
    const rotate = await post(t.app, `/api/admin/projects/${projectKey}/keys/rotate`, {}, t.adminHeaders);
    expect(rotate.status).toBeLessThan(300);
    const after = (await device.status()).body.offlineLicenseKeyId;
    expect(after).not.toBe(before);
  });
});

describe('security', () => {
  it('a device key replaced in the database is not trusted from memory', async () => {
    const { device, code } = await enrolled(await project());
    const newKey = generateEd25519();
    await rows(t.db.database.db, sql`update devices set public_key = ${newKey.publicKey} where id = ${device.deviceId}`);
    const stale = await device.consume('k1', { nonce: 'n_old-key-after-rekey' });
    expect(stale).toMatchObject({ status: 401, body: { code: 'SIGNATURE_INVALID' } });
    expect(await nonceStored('n_old-key-after-rekey')).toBe(0);
    expect(await remaining(code)).toBe(5);
    const fresh = await device.consume('k2', { key: newKey });
    expect(fresh.body).toMatchObject({ success: true, remainingCount: 4 });
  });

  it('a revocation after judging refuses without recording the nonce or deducting', async () => {
    const { device, code } = await enrolled(await project());
    expect((await post(t.app, `/api/admin/devices/${device.deviceId}/revoke`, {}, t.adminHeaders)).body.success).toBe(true);
    expect(await device.consume('r1', { nonce: 'n_after-revocation' })).toMatchObject({ status: 403, body: { code: 'DEVICE_REVOKED' } });
    expect(await nonceStored('n_after-revocation')).toBe(0);
    expect(await remaining(code)).toBe(5);
  });

  it('a nonce recorded through one replica is refused by another that judged the session too', async () => {
    const other = await buildApp({
      config: { adminToken: TEST_ADMIN_TOKEN, trustProxy: false, logLevel: 'silent', secretKey: undefined, generation: null },
      database: t.db.database,
      expectedMigrations: committedMigrationCount(),
      logger: false,
    });
    try {
      const { device, code } = await enrolled(await project());
      const onOther = new TestDevice(other);
      const { key, machineId, fingerprintHash, projectKey, sessionId, token, deviceId } = device;
      Object.assign(onOther, { key, machineId, fingerprintHash, projectKey, sessionId, token, deviceId });
      expect((await onOther.status()).body.success).toBe(true);
      const first = await device.consume('x1', { nonce: 'n_shared-between-replicas' });
      expect(first.body.success).toBe(true);
      const body = JSON.stringify({ fingerprintHash: device.fingerprintHash, requestId: 'x1' });
      const replay = await post(other, '/api/license/v2/consume', body, first.sentHeaders);
      expect(replay).toMatchObject({ status: 409, body: { code: 'NONCE_REPLAY' } });
      expect(await remaining(code)).toBe(4);
    } finally {
      await other.close();
    }
  });

  it('fingerprint drift and the rate limit stop a consume in the same statement', async () => {
    const { device, code } = await enrolled(await project({ sessionRequestsPerMinute: 3 }));
    const drift = await device.consume(undefined, {}, { fingerprintHash: 'e'.repeat(64), requestId: 'd1' });
    expect(drift).toMatchObject({ status: 403, body: { code: 'FINGERPRINT_MISMATCH' } });
    expect(await remaining(code)).toBe(5);
    // Three requests a minute: within a few more the limit refuses, and a refused consume deducts nothing.
    let admitted = 0;
    let limited: Awaited<ReturnType<typeof device.consume>> | undefined;
    for (let i = 0; i < 8 && !limited; i++) {
      const res = await device.consume(`q-${i}`);
      if (res.status === 429) limited = res;
      else {
        expect(res.body.success).toBe(true);
        admitted++;
      }
    }
    expect(limited).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect(limited!.headers['retry-after']).toBeTruthy();
    expect(await remaining(code)).toBe(5 - admitted);
  });

  it('a TIME code that expired since judging is refused and logged, and an exhausted count stays at zero', async () => {
    const projectKey = await project();
    const time = await enrolled(projectKey, { licenseMode: 'TIME', expiresAt: new Date(Date.now() + 120_000).toISOString() });
    t.clock.offsetMs = 180_000;
    try {
      const res = await time.device.consume('t1', { nowSeconds: Math.floor((Date.now() + t.clock.offsetMs) / 1000) });
      expect(res).toMatchObject({ status: 403, body: { code: 'CODE_EXPIRED' } });
    } finally {
      t.clock.offsetMs = 0;
    }
    const refused = await one<{ n: number }>(sql`select count(*)::int as n from consumption_logs where device_id = ${time.device.deviceId} and outcome = 'refused'`);
    expect(refused.n).toBe(1);

    const count = await enrolled(projectKey, { licenseMode: 'COUNT', remainingCount: 1 });
    expect((await count.device.consume('c1')).body).toMatchObject({ success: true, remainingCount: 0, valid: false });
    expect(await count.device.consume('c2')).toMatchObject({ status: 403, body: { code: 'CODE_EXHAUSTED' } });
    expect(await remaining(count.code)).toBe(0);
  });
});
