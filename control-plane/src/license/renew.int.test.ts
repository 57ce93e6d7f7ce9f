import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEd25519, signEd25519 } from '../crypto/ed25519.js';
import { rows } from '../db/client.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { generateCodes, post, TestDevice } from '../testing/license-device.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function enrolled() {
  const [code] = await generateCodes(t.app, t.adminHeaders, { licenseMode: 'COUNT', remainingCount: 3 });
  const device = new TestDevice(t.app);
  expect((await device.enroll(code!)).body.success).toBe(true);
  return device;
}

const challenge = (device: TestDevice, body: Record<string, unknown> = {}, headers: Record<string, string> = { authorization: `Bearer ${device.token}` }) =>
  post(t.app, '/api/license/v2/challenge', { sessionId: device.sessionId, fingerprintHash: device.fingerprintHash, ...body }, headers);

async function eventCount(kind: string, deviceId: number): Promise<number> {
  const [r] = await rows<{ n: number }>(t.db.database.db, sql`select count(*)::int as n from security_events where kind = ${kind} and device_id = ${deviceId}`);
  return r!.n;
}

describe('happy path', () => {
  it('challenge returns a signInput in the documented layout', async () => {
    const device = await enrolled();
    const res = await challenge(device);
    expect(res.body).toMatchObject({ success: true, sessionId: device.sessionId, session_id: device.sessionId });
    expect(res.body.challengeId).toMatch(/^lc_/);
    const lines = res.body.signInput.split('\n');
    const expiresAtSeconds = Math.floor(Date.parse(res.body.expiresAt) / 1000);
    expect(lines).toEqual(['LICENSE-V2-CHALLENGE', 'POST', '/api/license/v2/renew', device.sessionId, res.body.challengeId, res.body.nonce, String(expiresAtSeconds), device.fingerprintHash]);
    expect(expiresAtSeconds - Date.now() / 1000).toBeGreaterThan(50);
    expect(expiresAtSeconds - Date.now() / 1000).toBeLessThanOrEqual(60);
  });

  it('takes the token from the body when no bearer header is sent', async () => {
    const device = await enrolled();
    expect((await challenge(device, { licenseToken: device.token }, {})).body.success).toBe(true);
    expect((await challenge(device, { license_token: device.token }, {})).body.success).toBe(true);
  });

  it('renew issues a new token that works, and retires the old one', async () => {
    const device = await enrolled();
    const oldToken = device.token;
    const { renew } = await device.renew();
    expect(renew.body).toMatchObject({ success: true, tokenType: 'LicenseV2', sessionId: device.sessionId, deviceId: device.deviceId, licenseMode: 'COUNT', remainingCount: 3 });
    expect(renew.body.licenseToken).not.toBe(oldToken);
    expect(renew.body.offlineLicense).toMatch(/^LSV2\./);
    expect((await device.status()).body.success).toBe(true);
    expect((await device.status({ token: oldToken })).body.code).toBe('TOKEN_INVALID');
  });

  it('a session whose token expired can still renew within the grace period', async () => {
    const device = await enrolled();
    t.clock.offsetMs = 20 * 60_000;
    try {
      const { renew } = await device.renew();
      expect(renew.body.success).toBe(true);
    } finally {
      t.clock.offsetMs = 0;
    }
  });
});

describe('errors', () => {
  it('a used challenge cannot renew twice', async () => {
    const device = await enrolled();
    const ch = await challenge(device);
    const body = { sessionId: device.sessionId, challengeId: ch.body.challengeId, nonce: ch.body.nonce, signature: signEd25519(device.key.privateKey, ch.body.signInput), fingerprintHash: device.fingerprintHash };
    const [a, b] = await Promise.all([post(t.app, '/api/license/v2/renew', body), post(t.app, '/api/license/v2/renew', body)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a.body.code, b.body.code]).toContain('CHALLENGE_USED');
  });

  it('an expired challenge is refused', async () => {
    const device = await enrolled();
    const ch = await challenge(device);
    t.clock.offsetMs = 61_000;
    try {
      const res = await post(t.app, '/api/license/v2/renew', { sessionId: device.sessionId, challengeId: ch.body.challengeId, nonce: ch.body.nonce, signature: signEd25519(device.key.privateKey, ch.body.signInput), fingerprintHash: device.fingerprintHash });
      expect(res).toMatchObject({ status: 401, body: { code: 'CHALLENGE_EXPIRED' } });
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('a signature by another key is refused, recorded, and leaves the challenge usable', async () => {
    const device = await enrolled();
    const ch = await challenge(device);
    const base = { sessionId: device.sessionId, challengeId: ch.body.challengeId, nonce: ch.body.nonce, fingerprintHash: device.fingerprintHash };
    const forged = await post(t.app, '/api/license/v2/renew', { ...base, signature: signEd25519(generateEd25519().privateKey, ch.body.signInput) });
    expect(forged).toMatchObject({ status: 401, body: { code: 'SIGNATURE_INVALID' } });
    expect(await eventCount('signature_failure', device.deviceId)).toBe(1);
    const real = await post(t.app, '/api/license/v2/renew', { ...base, signature: signEd25519(device.key.privateKey, ch.body.signInput) });
    expect(real.body.success).toBe(true);
  });

  it('a wrong nonce, another session, or an unknown challenge is CHALLENGE_INVALID', async () => {
    const a = await enrolled();
    const b = await enrolled();
    const ch = await challenge(a);
    const sig = signEd25519(a.key.privateKey, ch.body.signInput);
    expect((await post(t.app, '/api/license/v2/renew', { sessionId: a.sessionId, challengeId: ch.body.challengeId, nonce: 'other', signature: sig, fingerprintHash: a.fingerprintHash })).body.code).toBe('CHALLENGE_INVALID');
    expect((await post(t.app, '/api/license/v2/renew', { sessionId: b.sessionId, challengeId: ch.body.challengeId, nonce: ch.body.nonce, signature: sig, fingerprintHash: b.fingerprintHash })).body.code).toBe('CHALLENGE_INVALID');
    expect((await post(t.app, '/api/license/v2/renew', { sessionId: a.sessionId, challengeId: 'lc_nope', nonce: ch.body.nonce, signature: sig, fingerprintHash: a.fingerprintHash })).status).toBe(401);
  });

  it('fingerprint drift is refused on challenge and on renew, and recorded', async () => {
    const device = await enrolled();
    expect(await challenge(device, { fingerprintHash: 'changed' })).toMatchObject({ status: 403, body: { code: 'FINGERPRINT_MISMATCH' } });
    expect(await challenge(device, { fingerprintHash: undefined })).toMatchObject({ status: 403, body: { code: 'FINGERPRINT_MISMATCH' } });
    const ch = await challenge(device);
    const res = await post(t.app, '/api/license/v2/renew', { sessionId: device.sessionId, challengeId: ch.body.challengeId, nonce: ch.body.nonce, signature: signEd25519(device.key.privateKey, ch.body.signInput), fingerprintHash: 'changed' });
    expect(res).toMatchObject({ status: 403, body: { code: 'FINGERPRINT_MISMATCH' } });
    expect(await eventCount('fingerprint_drift', device.deviceId)).toBe(3);
  });

  it('challenge without a token, or with a token of another session, is refused', async () => {
    const a = await enrolled();
    const b = await enrolled();
    expect((await challenge(a, {}, {})).body.code).toBe('TOKEN_MISSING');
    expect((await challenge(a, {}, { authorization: `Bearer ${b.token}` })).body.code).toBe('SESSION_MISMATCH');
  });

  it('a session long expired must enroll again', async () => {
    const device = await enrolled();
    t.clock.offsetMs = 80 * 3_600_000;
    try {
      expect((await challenge(device)).body.code).toBe('TOKEN_EXPIRED');
    } finally {
      t.clock.offsetMs = 0;
    }
  });
});
