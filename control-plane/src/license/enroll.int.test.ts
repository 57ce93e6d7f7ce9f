import { fromBase64Url, verifyOfflineSnapshot } from '@plume/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEd25519, signEd25519 } from '../crypto/ed25519.js';
import { rows } from '../db/client.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { generateCodes, post, TestDevice } from '../testing/license-device.js';
import { activationCodes, devices, securityEvents } from './license.schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const countCodes = (mode: 'COUNT' | 'TIME' = 'COUNT', extra: Record<string, unknown> = {}) =>
  generateCodes(t.app, t.adminHeaders, mode === 'COUNT' ? { licenseMode: 'COUNT', remainingCount: 5, ...extra } : { licenseMode: 'TIME', expiresAt: new Date(Date.now() + 86_400_000).toISOString(), ...extra });

async function eventsOf(kind: string): Promise<number> {
  const [r] = await rows<{ n: number }>(t.db.database.db, sql`select count(*)::int as n from security_events where kind = ${kind}`);
  return r!.n;
}

describe('happy path', () => {
  it('enrolls, binds the code and returns both spellings and a verifiable snapshot', async () => {
    const [code] = await countCodes();
    const device = new TestDevice(t.app);
    const res = await device.enroll(code!);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, tokenType: 'LicenseV2', licenseMode: 'COUNT', license_mode: 'COUNT', remainingCount: 5, remaining_count: 5 });
    expect(res.body.sessionId).toMatch(/^ls_/);
    expect(typeof res.body.deviceId).toBe('number');
    // In an enroll answer expiresAt accompanies the token; a COUNT license has no expiry of its own.
    expect(res.body.expiresAt).toBe(res.body.tokenExpiresAt);
    expect(res.body.expires_at).toBe(res.body.tokenExpiresAt);
    expect(res.body.licenseExpiresAt).toBeNull();
    expect(Date.parse(res.body.tokenExpiresAt)).toBeGreaterThan(Date.now() + 14 * 60_000);
    const check = await verifyOfflineSnapshot(res.body.offlineLicense, fromBase64Url(res.body.offlineLicensePublicKey)!, {
      projectKey: 'default',
      machineId: device.machineId,
      fingerprintHash: device.fingerprintHash,
    });
    expect(check).toMatchObject({ ok: true, payload: { deviceId: res.body.deviceId, remainingCount: 5, valid: true } });
    expect(res.body.offline_license).toBe(res.body.offlineLicense);
    const [bound] = await t.db.database.db.select().from(activationCodes).where(eq(activationCodes.code, code!));
    expect(bound!.deviceId).toBe(res.body.deviceId);
    const [dev] = await t.db.database.db.select().from(devices).where(eq(devices.id, res.body.deviceId));
    expect(dev).toMatchObject({ machineId: device.machineId, fingerprintHash: device.fingerprintHash, appVersion: '1.4.2' });
  });

  it('accepts the snake_case request aliases', async () => {
    const [code] = await countCodes();
    const device = new TestDevice(t.app);
    const b = device.enrollBody(code!);
    const res = await post(t.app, '/api/license/v2/enroll', {
      project_key: b.projectKey,
      code: b.code,
      machine_id: b.machineId,
      appVersion: b.appVersion,
      fingerprint_hash: b.fingerprintHash,
      devicePublicKey: b.devicePublicKey,
      deviceSignature: b.deviceSignature,
    });
    expect(res.body).toMatchObject({ success: true });
  });

  it('defaults projectKey to default and signs the proof over "default"', async () => {
    const [code] = await countCodes();
    const device = new TestDevice(t.app);
    const { projectKey: _omitted, ...body } = device.enrollBody(code!);
    const res = await post(t.app, '/api/license/v2/enroll', body);
    expect(res.body).toMatchObject({ success: true });
  });

  it('TIME codes report their expiry and no count', async () => {
    const [code] = await countCodes('TIME');
    const res = await new TestDevice(t.app).enroll(code!);
    expect(res.body).toMatchObject({ success: true, licenseMode: 'TIME', remainingCount: null, valid: true });
    expect(Date.parse(res.body.licenseExpiresAt)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(res.body.expiresAt).toBe(res.body.tokenExpiresAt);
  });

  it('a reinstall on the same machine re-keys the device and revokes its old session', async () => {
    const [code] = await countCodes();
    const first = new TestDevice(t.app);
    await first.enroll(code!);
    const oldToken = first.token;
    const again = new TestDevice(t.app);
    Object.assign(again, { machineId: first.machineId, fingerprintHash: first.fingerprintHash });
    const res = await again.enroll(code!);
    expect(res.body).toMatchObject({ success: true, deviceId: first.deviceId });
    const stale = await first.status({ token: oldToken });
    expect(stale.body).toMatchObject({ success: false, code: 'SESSION_REVOKED' });
    expect((await again.status()).body.success).toBe(true);
  });
});

describe('errors', () => {
  it('answers malformed JSON, wrong types and oversize bodies with 4xx codes', async () => {
    expect((await post(t.app, '/api/license/v2/enroll', '{"code":')).body).toEqual({ success: false, message: expect.any(String), code: 'INVALID_JSON' });
    const wrong = await post(t.app, '/api/license/v2/enroll', { code: 42, machineId: [], devicePublicKey: 'x', deviceSignature: 'y' });
    expect(wrong).toMatchObject({ status: 400, body: { success: false, code: 'INVALID_REQUEST' } });
    const big = await post(t.app, '/api/license/v2/enroll', { code: 'x'.repeat(20_000) });
    expect(big).toMatchObject({ status: 413, body: { success: false, code: 'PAYLOAD_TOO_LARGE' } });
    const array = await post(t.app, '/api/license/v2/enroll', '[1,2]');
    expect(array).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    const res = await t.app.inject({ method: 'POST', url: '/api/license/v2/enroll', headers: { 'content-type': 'text/plain' }, payload: 'hi' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const invalidUtf8 = await t.app.inject({ method: 'POST', url: '/api/license/v2/enroll', headers: { 'content-type': 'application/json' }, payload: Buffer.from([0x7b, 0xff, 0x7d]) });
    expect(invalidUtf8.json()).toMatchObject({ code: 'INVALID_JSON' });
  });

  it('refuses an unknown code with 404 CODE_INVALID and an unknown project with 404', async () => {
    const device = new TestDevice(t.app);
    expect(await device.enroll('NOPE0-NOPE0-NOPE0-NOPE0')).toMatchObject({ status: 404, body: { success: false, code: 'CODE_INVALID' } });
    device.projectKey = 'no-such-project';
    expect(await device.enroll('NOPE0-NOPE0-NOPE0-NOPE0')).toMatchObject({ status: 404, body: { code: 'PROJECT_NOT_FOUND' } });
  });

  it('refuses a 31-byte or non-base64url public key', async () => {
    const [code] = await countCodes();
    const device = new TestDevice(t.app);
    const short = Buffer.alloc(31, 7).toString('base64url');
    expect(await device.enroll(code!, { devicePublicKey: short })).toMatchObject({ status: 400, body: { code: 'PUBLIC_KEY_INVALID' } });
    const padded = `${Buffer.alloc(32, 7).toString('base64')}`; // has '=' padding
    expect(await device.enroll(code!, { devicePublicKey: padded })).toMatchObject({ status: 400, body: { code: 'PUBLIC_KEY_INVALID' } });
    expect(await device.enroll(code!, { devicePublicKey: '!!!not-base64url!!!' })).toMatchObject({ status: 400, body: { code: 'PUBLIC_KEY_INVALID' } });
  });

  it('refuses a tampered enroll proof, records a signature failure and binds nothing', async () => {
    const [code] = await countCodes();
    const device = new TestDevice(t.app);
    const before = await eventsOf('signature_failure');
    const other = generateEd25519();
    const forged = signEd25519(other.privateKey, 'LICENSE-V2-ENROLL');
    expect(await device.enroll(code!, { deviceSignature: forged })).toMatchObject({ status: 401, body: { code: 'ENROLL_PROOF_INVALID' } });
    // Proof made for another machine id does not transfer.
    const body = device.enrollBody(code!);
    expect(await post(t.app, '/api/license/v2/enroll', { ...body, machineId: 'someone-else' })).toMatchObject({ status: 401, body: { code: 'ENROLL_PROOF_INVALID' } });
    expect(await eventsOf('signature_failure')).toBe(before + 2);
    const [row] = await t.db.database.db.select().from(activationCodes).where(eq(activationCodes.code, code!));
    expect(row!.deviceId).toBeNull();
  });

  it('refuses line breaks in fields that go into the signed message', async () => {
    const [code] = await countCodes();
    const device = new TestDevice(t.app);
    device.appVersion = '1.0\nLICENSE-V2-ENROLL';
    expect(await device.enroll(code!)).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
  });

  it('requires a fingerprint at enroll', async () => {
    const [code] = await countCodes();
    const res = await new TestDevice(t.app).enroll(code!, { fingerprintHash: undefined });
    expect(res).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
  });

  it('refuses a code bound to another device', async () => {
    const [code] = await countCodes();
    await new TestDevice(t.app).enroll(code!);
    expect(await new TestDevice(t.app).enroll(code!)).toMatchObject({ status: 409, body: { code: 'CODE_ALREADY_BOUND' } });
  });

  it('refuses an expired TIME code', async () => {
    const [code] = await countCodes('TIME');
    await t.db.database.db.update(activationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(activationCodes.code, code!));
    expect(await new TestDevice(t.app).enroll(code!)).toMatchObject({ status: 403, body: { code: 'CODE_EXPIRED' } });
  });

  it('refuses a banned client version and records a version-ban event', async () => {
    const ban = await post(t.app, '/api/admin/projects/default/version-bans', { appVersion: '0.9.0', reason: 'licence bypass' }, t.adminHeaders);
    expect(ban.status).toBe(201);
    const [code] = await countCodes();
    const device = new TestDevice(t.app);
    device.appVersion = '0.9.0';
    const before = await eventsOf('version_ban');
    expect(await device.enroll(code!)).toMatchObject({ status: 403, body: { code: 'VERSION_BANNED' } });
    expect(await eventsOf('version_ban')).toBe(before + 1);
    const [ev] = await t.db.database.db.select().from(securityEvents).where(eq(securityEvents.kind, 'version_ban'));
    expect(ev!.detail).toMatchObject({ appVersion: '0.9.0' });
  });
});
