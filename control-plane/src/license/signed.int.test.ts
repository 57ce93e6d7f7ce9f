import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEd25519 } from '../crypto/ed25519.js';
import { rows } from '../db/client.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { generateCodes, post, TestDevice } from '../testing/license-device.js';
import { activationCodes, consumptionLogs } from './license.schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function enrolled(spec: { licenseMode: 'COUNT'; remainingCount: number } | { licenseMode: 'TIME'; expiresAt: string } = { licenseMode: 'COUNT', remainingCount: 3 }) {
  const [code] = await generateCodes(t.app, t.adminHeaders, spec);
  const device = new TestDevice(t.app);
  const res = await device.enroll(code!);
  expect(res.body.success).toBe(true);
  return { device, code: code! };
}

async function remaining(code: string): Promise<number | null> {
  const [row] = await t.db.database.db.select().from(activationCodes).where(eq(activationCodes.code, code));
  return row!.remainingCount;
}

async function events(kind: string, deviceId: number): Promise<number> {
  const [r] = await rows<{ n: number }>(t.db.database.db, sql`select count(*)::int as n from security_events where kind = ${kind} and device_id = ${deviceId}`);
  return r!.n;
}

describe('happy path', () => {
  it('status answers the license state in both spellings', async () => {
    const { device } = await enrolled();
    const res = await device.status();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      licenseMode: 'COUNT',
      remainingCount: 3,
      remaining_count: 3,
      isActivated: true,
      is_activated: true,
      valid: true,
      sessionId: device.sessionId,
      deviceId: device.deviceId,
    });
    expect(res.body.offlineLicense).toMatch(/^LSV2\./);
    expect(Date.parse(res.body.tokenExpiresAt)).toBeGreaterThan(Date.now());
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('consume deducts once per requestId; a retry is idempotent with the same remaining count', async () => {
    const { device, code } = await enrolled();
    const first = await device.consume('order-1');
    expect(first.body).toMatchObject({ success: true, idempotent: false, remainingCount: 2 });
    const retry = await device.consume('order-1');
    expect(retry.body).toMatchObject({ success: true, idempotent: true, remainingCount: 2 });
    await device.consume('order-2');
    const laterRetry = await device.consume('order-1');
    expect(laterRetry.body).toMatchObject({ idempotent: true, remainingCount: 2 });
    expect(await remaining(code)).toBe(1);
    const logs = await t.db.database.db.select().from(consumptionLogs).where(eq(consumptionLogs.deviceId, device.deviceId));
    expect(logs.map((l) => l.outcome).sort()).toEqual(['deducted', 'deducted', 'idempotent', 'idempotent']);
  });

  it('the same requestId racing itself deducts exactly once', async () => {
    const { device, code } = await enrolled({ licenseMode: 'COUNT', remainingCount: 10 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => device.consume('race-1')));
    expect(answers.every((a) => a.body.success)).toBe(true);
    expect(answers.filter((a) => a.body.idempotent === false)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.remainingCount))).toEqual(new Set([9]));
    expect(await remaining(code)).toBe(9);
  });

  it('an exhausted count refuses with CODE_EXHAUSTED and never goes below zero', async () => {
    const { device, code } = await enrolled({ licenseMode: 'COUNT', remainingCount: 1 });
    expect((await device.consume('a')).body).toMatchObject({ success: true, remainingCount: 0, valid: false });
    const refused = await device.consume('b');
    expect(refused).toMatchObject({ status: 403, body: { success: false, code: 'CODE_EXHAUSTED' } });
    expect(await remaining(code)).toBe(0);
    // The refused requestId was not remembered: it is judged afresh, and refused again.
    expect((await device.consume('b')).body.code).toBe('CODE_EXHAUSTED');
    expect((await device.consume('a')).body).toMatchObject({ success: true, idempotent: true, remainingCount: 0 });
    expect((await device.status()).body).toMatchObject({ success: true, valid: false, remainingCount: 0 });
  });

  it('TIME consume only checks validity and records the check', async () => {
    const { device, code } = await enrolled({ licenseMode: 'TIME', expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    const res = await device.consume('t-1');
    expect(res.body).toMatchObject({ success: true, licenseMode: 'TIME', remainingCount: null, idempotent: false, valid: true });
    expect((await device.consume('t-1')).body.idempotent).toBe(true);
    expect(await remaining(code)).toBeNull();
    await t.db.database.db.update(activationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(activationCodes.code, code));
    expect(await device.consume('t-2')).toMatchObject({ status: 403, body: { code: 'CODE_EXPIRED' } });
  });

  it('accepts the snake_case aliases in signed bodies', async () => {
    const { device } = await enrolled();
    const res = await device.consume(undefined, {}, { fingerprint_hash: device.fingerprintHash, request_id: 'snake-1' });
    expect(res.body).toMatchObject({ success: true, remainingCount: 2 });
  });
});

describe('errors', () => {
  it('a replayed nonce is refused with 409 and a nonce-replay event, and deducts nothing', async () => {
    const { device, code } = await enrolled();
    const first = await device.consume('r-1', { nonce: 'n_fixed-nonce-0001' });
    expect(first.body.success).toBe(true);
    const replay = await post(t.app, '/api/license/v2/consume', JSON.stringify({ fingerprintHash: device.fingerprintHash, requestId: 'r-2' }), device.signedHeaders('/api/license/v2/consume', JSON.stringify({ fingerprintHash: device.fingerprintHash, requestId: 'r-2' }), { nonce: 'n_fixed-nonce-0001' }));
    expect(replay).toMatchObject({ status: 409, body: { success: false, code: 'NONCE_REPLAY' } });
    // Byte-for-byte resend of the first request is refused the same way.
    const resend = await post(t.app, '/api/license/v2/consume', JSON.stringify({ fingerprintHash: device.fingerprintHash, requestId: 'r-1' }), first.sentHeaders);
    expect(resend.body.code).toBe('NONCE_REPLAY');
    expect(await events('nonce_replay', device.deviceId)).toBe(2);
    expect(await remaining(code)).toBe(2);
  });

  it('a stale or future timestamp is refused', async () => {
    const { device } = await enrolled();
    const now = Math.floor(Date.now() / 1000);
    expect(await device.status({ nowSeconds: now - 301 })).toMatchObject({ status: 401, body: { code: 'TIMESTAMP_OUT_OF_WINDOW' } });
    expect(await device.status({ nowSeconds: now + 400 })).toMatchObject({ status: 401, body: { code: 'TIMESTAMP_OUT_OF_WINDOW' } });
    expect(await device.status({ timestamp: '17e8' })).toMatchObject({ status: 401, body: { code: 'TIMESTAMP_OUT_OF_WINDOW' } });
    expect((await device.status({ nowSeconds: now - 250 })).body.success).toBe(true);
  });

  it('a changed or missing fingerprint is refused and recorded as drift', async () => {
    const { device, code } = await enrolled();
    const changed = await device.consume(undefined, {}, { fingerprintHash: 'f'.repeat(64), requestId: 'x' });
    expect(changed).toMatchObject({ status: 403, body: { code: 'FINGERPRINT_MISMATCH' } });
    const missing = await device.status({}, {});
    expect(missing).toMatchObject({ status: 403, body: { code: 'FINGERPRINT_MISMATCH' } });
    expect(await events('fingerprint_drift', device.deviceId)).toBe(2);
    expect(await remaining(code)).toBe(3);
  });

  it('a signature by another key is refused and recorded', async () => {
    const { device, code } = await enrolled();
    const res = await device.consume('k', { key: generateEd25519() });
    expect(res).toMatchObject({ status: 401, body: { code: 'SIGNATURE_INVALID' } });
    expect(await events('signature_failure', device.deviceId)).toBe(1);
    expect(await remaining(code)).toBe(3);
  });

  it('a signature over another path or another body is refused', async () => {
    const { device, code } = await enrolled();
    expect((await device.consume('p', { signedPath: '/api/license/v2/status' })).body.code).toBe('SIGNATURE_INVALID');
    expect((await device.consume('p', { signedBody: JSON.stringify({ fingerprintHash: device.fingerprintHash, requestId: 'other' }) })).body.code).toBe('SIGNATURE_INVALID');
    // Same JSON re-serialised with a space is different bytes: the hash covers bytes as sent.
    const body = JSON.stringify({ fingerprintHash: device.fingerprintHash, requestId: 'sp' });
    const headers = device.signedHeaders('/api/license/v2/consume', body);
    expect((await post(t.app, '/api/license/v2/consume', body.replace(':', ': '), headers)).body.code).toBe('SIGNATURE_INVALID');
    expect(await remaining(code)).toBe(3);
  });

  it('a bare token without proof, or no token, is refused', async () => {
    const { device } = await enrolled();
    const bare = await post(t.app, '/api/license/v2/status', { fingerprintHash: device.fingerprintHash }, { authorization: `Bearer ${device.token}` });
    expect(bare).toMatchObject({ status: 401, body: { success: false, code: 'PROOF_REQUIRED' } });
    expect((await device.status({ omitHeaders: ['x-license-signature'] })).body.code).toBe('PROOF_REQUIRED');
    expect((await device.status({ omitHeaders: ['authorization'] })).body.code).toBe('TOKEN_MISSING');
    expect((await device.status({ token: 'lt_forged' })).body.code).toBe('TOKEN_INVALID');
  });

  it('a token used with another session id is refused', async () => {
    const a = await enrolled();
    const b = await enrolled();
    expect((await a.device.status({ sessionId: b.device.sessionId })).body.code).toBe('SESSION_MISMATCH');
  });

  it('an expired token is refused with TOKEN_EXPIRED', async () => {
    const { device } = await enrolled();
    t.clock.offsetMs = 16 * 60_000;
    try {
      const res = await device.status({ nowSeconds: Math.floor((Date.now() + t.clock.offsetMs) / 1000) });
      expect(res).toMatchObject({ status: 401, body: { code: 'TOKEN_EXPIRED' } });
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('a revoked device is refused, its sessions revoked, and the revocation recorded', async () => {
    const { device, code } = await enrolled();
    const revoke = await post(t.app, `/api/admin/devices/${device.deviceId}/revoke`, {}, t.adminHeaders);
    expect(revoke.body).toMatchObject({ success: true, sessionsRevoked: 1 });
    expect(await device.status()).toMatchObject({ status: 403, body: { code: 'DEVICE_REVOKED' } });
    expect(await device.consume('after-revoke')).toMatchObject({ status: 403, body: { code: 'DEVICE_REVOKED' } });
    expect(await events('device_revocation', device.deviceId)).toBeGreaterThanOrEqual(2);
    expect(await remaining(code)).toBe(3);
    // Re-enrolling the same machine does not bring it back.
    const again = new TestDevice(t.app);
    Object.assign(again, { machineId: device.machineId, fingerprintHash: device.fingerprintHash });
    expect((await again.enroll(code)).body.code).toBe('DEVICE_REVOKED');
  });

  it('a version banned after enroll is refused on status and consume', async () => {
    const { device } = await enrolled();
    device.appVersion = '1.4.2';
    const ban = await post(t.app, '/api/admin/projects/default/version-bans', { appVersion: '1.4.2' }, t.adminHeaders);
    expect(ban.status).toBe(201);
    try {
      expect(await device.status()).toMatchObject({ status: 403, body: { code: 'VERSION_BANNED' } });
      expect(await device.consume('vb')).toMatchObject({ status: 403, body: { code: 'VERSION_BANNED' } });
      expect(await events('version_ban', device.deviceId)).toBe(2);
    } finally {
      await t.app.inject({ method: 'DELETE', url: '/api/admin/projects/default/version-bans/1.4.2', headers: t.adminHeaders });
    }
    expect((await device.status()).body.success).toBe(true);
  });

  it('malformed signed bodies and hostile headers get 4xx, never a changed balance', async () => {
    const { device, code } = await enrolled();
    const bad = await post(t.app, '/api/license/v2/consume', '{"requestId": ', device.signedHeaders('/api/license/v2/consume', '{"requestId": '));
    expect(bad).toMatchObject({ status: 400, body: { code: 'INVALID_JSON' } });
    const wrongType = await device.consume(undefined, {}, { fingerprintHash: device.fingerprintHash, requestId: 12 });
    expect(wrongType).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    expect((await device.status({ nonce: 'x' })).status).toBe(400);
    expect((await device.status({ timestamp: '-5' })).body.code).toBe('TIMESTAMP_OUT_OF_WINDOW');
    expect(await remaining(code)).toBe(3);
  });
});
