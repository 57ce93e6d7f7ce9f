import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { type AdminClient, adminClient, createProject, enrolledDevice } from '../../testing/admin-client.js';
import { generateCodes, TestDevice } from '../../testing/license-device.js';

let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = adminClient(t);
});
afterAll(async () => t?.close());

const ids = (res: { body: Record<string, any> }, field = 'deviceId') => res.body.items.map((i: Record<string, unknown>) => i[field]);

describe('happy path: devices and sessions', () => {
  it('lists devices paged, filtered by project, status, client version and keyword', async () => {
    const p = await createProject(admin);
    const { device: a, code: codeA } = await enrolledDevice(t, p.projectKey, { appVersion: '2.0.0' });
    const { device: b } = await enrolledDevice(t, p.projectKey, { appVersion: '2.1.0' });
    const { device: c } = await enrolledDevice(t, p.projectKey, { appVersion: '2.1.0' });
    await admin.post(`/api/admin/devices/${c.deviceId}/revoke`);

    const all = await admin.get('/api/admin/devices', { projectKey: p.projectKey });
    expect(all.body).toMatchObject({ success: true, total: 3, page: 1, pageSize: 50 });
    expect(ids(all)).toEqual([c.deviceId, b.deviceId, a.deviceId]);
    expect(all.body.items[2]).toMatchObject({
      deviceId: a.deviceId,
      projectKey: p.projectKey,
      machineId: a.machineId,
      fingerprintHash: a.fingerprintHash,
      appVersion: '2.0.0',
      status: 'active',
      code: codeA,
      licenseMode: 'COUNT',
      activeSessions: 1,
      revokedAt: null,
    });
    expect(ids(await admin.get('/api/admin/devices', { projectKey: p.projectKey, status: 'revoked' }))).toEqual([c.deviceId]);
    expect(ids(await admin.get('/api/admin/devices', { projectKey: p.projectKey, status: 'active' }))).toEqual([b.deviceId, a.deviceId]);
    expect(ids(await admin.get('/api/admin/devices', { projectKey: p.projectKey, appVersion: '2.1.0' }))).toEqual([c.deviceId, b.deviceId]);
    expect(ids(await admin.get('/api/admin/devices', { keyword: a.machineId.toUpperCase() }))).toEqual([a.deviceId]);
    expect(ids(await admin.get('/api/admin/devices', { keyword: codeA }))).toEqual([a.deviceId]);
    expect(ids(await admin.get('/api/admin/devices', { projectKey: p.projectKey, keyword: String(b.deviceId) }))).toContain(b.deviceId);
    const page2 = await admin.get('/api/admin/devices', { projectKey: p.projectKey, pageSize: 2, page: 2 });
    expect(page2.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(ids(page2)).toEqual([a.deviceId]);
    expect((await admin.get(`/api/admin/devices/${a.deviceId}`)).body.device).toMatchObject({ deviceId: a.deviceId, status: 'active' });
  });

  it('revoking a device revokes all its active sessions at once, fails its next status and records the event', async () => {
    const p = await createProject(admin);
    const { device, code } = await enrolledDevice(t, p.projectKey);
    // A reinstall on the same machine gives the device a second session (the first is revoked then).
    const again = new TestDevice(t.app);
    Object.assign(again, { machineId: device.machineId, fingerprintHash: device.fingerprintHash, projectKey: p.projectKey });
    await again.enroll(code);
    await t.db.database.db.execute(sql`update license_sessions set revoked_at = null where device_id = ${device.deviceId}`);
    const before = await admin.get('/api/admin/sessions', { projectKey: p.projectKey, status: 'active' });
    expect(before.body.total).toBe(2);

    const res = await admin.post(`/api/admin/devices/${device.deviceId}/revoke`);
    expect(res).toMatchObject({ status: 200, body: { success: true, deviceId: device.deviceId, revoked: true, sessionsRevoked: 2, alreadyRevoked: false } });
    const sessions = await admin.get('/api/admin/sessions', { deviceId: device.deviceId });
    expect(sessions.body.total).toBe(2);
    for (const s of sessions.body.items) {
      expect(s).toMatchObject({ deviceId: device.deviceId, machineId: device.machineId, projectKey: p.projectKey, status: 'revoked' });
      expect(s.sessionId).toMatch(/^ls_/);
      expect(Date.parse(s.tokenExpiresAt)).toBeGreaterThan(Date.now());
      expect(Date.parse(s.revokedAt)).toBeGreaterThan(0);
    }
    expect(await again.status()).toMatchObject({ status: 403, body: { success: false, code: 'DEVICE_REVOKED' } });
    const events = await admin.get('/api/admin/security-events', { projectKey: p.projectKey, kind: 'device_revocation' });
    expect(events.body.items.at(-1)).toMatchObject({ kind: 'device_revocation', deviceId: device.deviceId, projectKey: p.projectKey, detail: { by: 'bootstrap', sessionsRevoked: 2 } });
    expect((await admin.get(`/api/admin/devices/${device.deviceId}`)).body.device).toMatchObject({ status: 'revoked', activeSessions: 0 });

    const twice = await admin.post(`/api/admin/devices/${device.deviceId}/revoke`);
    expect(twice.body).toMatchObject({ success: true, alreadyRevoked: true, sessionsRevoked: 0 });
  });

  it('lists sessions as active, expired or revoked with expiry and device', async () => {
    const p = await createProject(admin);
    const { device: live } = await enrolledDevice(t, p.projectKey);
    const { device: lapsed } = await enrolledDevice(t, p.projectKey);
    await t.db.database.db.execute(sql`update license_sessions set token_expires_at = now() - interval '1 minute' where device_id = ${lapsed.deviceId}`);
    const res = await admin.get('/api/admin/sessions', { projectKey: p.projectKey });
    expect(res.body.total).toBe(2);
    const byDevice = Object.fromEntries(res.body.items.map((s: { deviceId: number; status: string }) => [s.deviceId, s.status]));
    expect(byDevice).toEqual({ [live.deviceId]: 'active', [lapsed.deviceId]: 'expired' });
    expect(ids(await admin.get('/api/admin/sessions', { projectKey: p.projectKey, status: 'expired' }))).toEqual([lapsed.deviceId]);
    expect(res.body.items[0].sessionId).toBe(lapsed.sessionId);
  });
});

describe('happy path: version bans', () => {
  it('bans a version: enroll, status and consume with it are refused with version-ban events; lifting it restores them', async () => {
    const p = await createProject(admin);
    const { device } = await enrolledDevice(t, p.projectKey, { appVersion: '3.0.0' });
    const ban = await admin.post(`/api/admin/projects/${p.projectKey}/version-bans`, { appVersion: '3.0.0', reason: 'cracked build' });
    expect(ban).toMatchObject({ status: 201, body: { success: true, ban: { projectKey: p.projectKey, appVersion: '3.0.0', reason: 'cracked build' } } });
    await admin.post(`/api/admin/projects/${p.projectKey}/version-bans`, { appVersion: '3.0.1' });
    const list = await admin.get(`/api/admin/projects/${p.projectKey}/version-bans`);
    expect(list.body).toMatchObject({ success: true, total: 2, page: 1, pageSize: 50 });
    expect(ids(list, 'appVersion')).toEqual(['3.0.0', '3.0.1']);

    expect(await device.status()).toMatchObject({ status: 403, body: { code: 'VERSION_BANNED' } });
    expect(await device.consume('banned-use')).toMatchObject({ status: 403, body: { code: 'VERSION_BANNED' } });
    const [code] = await generateCodes(t.app, t.adminHeaders, { projectKey: p.projectKey, licenseMode: 'COUNT', remainingCount: 1 });
    const newcomer = new TestDevice(t.app);
    Object.assign(newcomer, { projectKey: p.projectKey, appVersion: '3.0.1' });
    expect(await newcomer.enroll(code!)).toMatchObject({ status: 403, body: { code: 'VERSION_BANNED' } });
    const events = await admin.get('/api/admin/security-events', { projectKey: p.projectKey, kind: 'version_ban' });
    expect(events.body.total).toBe(3);

    expect(await admin.delete(`/api/admin/projects/${p.projectKey}/version-bans/3.0.0`)).toMatchObject({ status: 200, body: { success: true, removed: true } });
    expect((await device.status()).body.success).toBe(true);
    expect((await admin.get(`/api/admin/projects/${p.projectKey}/version-bans`)).body.total).toBe(1);
  });
});

describe('happy path: security events', () => {
  it('lists events newest first, filtered by project, kind and time range', async () => {
    const p = await createProject(admin);
    const { device } = await enrolledDevice(t, p.projectKey);
    await device.status({}, { fingerprintHash: 'drifted' });
    await device.status({ nonce: 'n_same_nonce_twice' });
    await device.status({ nonce: 'n_same_nonce_twice' });
    const all = await admin.get('/api/admin/security-events', { projectKey: p.projectKey });
    expect(all.body).toMatchObject({ success: true, total: 2 });
    expect(ids(all, 'kind')).toEqual(['nonce_replay', 'fingerprint_drift']);
    expect(all.body.items[0]).toMatchObject({ projectKey: p.projectKey, deviceId: device.deviceId, sessionId: device.sessionId });
    expect((await admin.get('/api/admin/security-events', { projectKey: p.projectKey, kind: 'fingerprint_drift' })).body.total).toBe(1);
    const now = Date.now();
    const recent = { from: new Date(now - 60_000).toISOString(), to: new Date(now + 60_000).toISOString() };
    expect((await admin.get('/api/admin/security-events', { projectKey: p.projectKey, ...recent })).body.total).toBe(2);
    const old = { from: '2020-01-01T00:00:00Z', to: '2020-02-01T00:00:00Z' };
    expect((await admin.get('/api/admin/security-events', { projectKey: p.projectKey, ...old })).body).toMatchObject({ total: 0, items: [] });
  });
});

describe('errors', () => {
  it('unknown devices, projects and bans are 404', async () => {
    expect(await admin.post('/api/admin/devices/999999/revoke')).toMatchObject({ status: 404, body: { code: 'DEVICE_NOT_FOUND' } });
    expect(await admin.get('/api/admin/devices/999999')).toMatchObject({ status: 404, body: { code: 'DEVICE_NOT_FOUND' } });
    expect(await admin.get('/api/admin/devices', { projectKey: 'nope-nope' })).toMatchObject({ status: 404, body: { code: 'PROJECT_NOT_FOUND' } });
    expect(await admin.get('/api/admin/sessions', { projectKey: 'nope-nope' })).toMatchObject({ status: 404, body: { code: 'PROJECT_NOT_FOUND' } });
    expect(await admin.get('/api/admin/security-events', { projectKey: 'nope-nope' })).toMatchObject({ status: 404, body: { code: 'PROJECT_NOT_FOUND' } });
    expect(await admin.get('/api/admin/projects/nope-nope/version-bans')).toMatchObject({ status: 404, body: { code: 'PROJECT_NOT_FOUND' } });
    expect(await admin.post('/api/admin/projects/nope-nope/version-bans', { appVersion: '1' })).toMatchObject({ status: 404, body: { code: 'PROJECT_NOT_FOUND' } });
    const p = await createProject(admin);
    expect(await admin.delete(`/api/admin/projects/${p.projectKey}/version-bans/9.9.9`)).toMatchObject({ status: 404, body: { code: 'VERSION_BAN_NOT_FOUND' } });
  });

  it('a duplicate ban is 409', async () => {
    const p = await createProject(admin);
    await admin.post(`/api/admin/projects/${p.projectKey}/version-bans`, { appVersion: '1.0' });
    expect(await admin.post(`/api/admin/projects/${p.projectKey}/version-bans`, { appVersion: '1.0' })).toMatchObject({ status: 409, body: { code: 'VERSION_BAN_EXISTS' } });
  });

  it('malformed ids, filters, page sizes and ranges are 400', async () => {
    for (const [url, query] of [
      ['/api/admin/devices/abc', {}],
      ['/api/admin/devices/0', {}],
      ['/api/admin/devices', { status: 'lost' }],
      ['/api/admin/devices', { pageSize: 0 }],
      ['/api/admin/devices', { pageSize: 100_000 }],
      ['/api/admin/sessions', { status: 'sleeping' }],
      ['/api/admin/sessions', { pageSize: 501 }],
      ['/api/admin/security-events', { kind: 'alien_probe' }],
    ] as const) {
      expect(await admin.get(url, query), `${url} ${JSON.stringify(query)}`).toMatchObject({ status: 400, body: { success: false, code: 'INVALID_REQUEST' } });
    }
    const now = new Date().toISOString();
    for (const query of [{ from: now }, { to: now }, { from: now, to: '2020-01-01T00:00:00Z' }]) {
      expect(await admin.get('/api/admin/security-events', query)).toMatchObject({ status: 400, body: { code: 'INVALID_RANGE' } });
    }
    expect((await admin.post('/api/admin/projects/default/version-bans', { appVersion: '' })).status).toBe(400);
  });
});
