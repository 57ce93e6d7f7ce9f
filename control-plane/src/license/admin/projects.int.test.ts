import { fromBase64Url, verifyOfflineSnapshot } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { type AdminClient, adminClient, createProject, enrolledDevice, uniqueKey } from '../../testing/admin-client.js';
import { generateCodes, TestDevice } from '../../testing/license-device.js';

let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = adminClient(t);
});
afterAll(async () => t?.close());

const snapshotKid = (snapshot: string) => JSON.parse(Buffer.from(snapshot.split('.')[1]!, 'base64url').toString('utf8')).kid as string;

describe('happy path', () => {
  it('creates a project with its own offline key, shown with its key id', async () => {
    const projectKey = uniqueKey();
    const res = await admin.post('/api/admin/projects', { projectKey, name: 'Editor', description: 'desktop editor', policy: { tokenTtlSeconds: 600 } });
    expect(res.status).toBe(201);
    const p = res.body.project;
    expect(p).toMatchObject({ projectKey, name: 'Editor', description: 'desktop editor', enabled: true, policy: { tokenTtlSeconds: 600 } });
    expect(p.effectivePolicy).toMatchObject({ tokenTtlSeconds: 600, offlineTtlSeconds: 72 * 3600, clockSkewSeconds: 300 });
    expect(p.offlineKeyId).toMatch(/^k_[0-9a-f]{16}$/);
    expect(fromBase64Url(p.offlinePublicKey)?.length).toBe(32);
    expect(p.keys).toEqual([expect.objectContaining({ kid: p.offlineKeyId, publicKey: p.offlinePublicKey, status: 'active', verifyUntil: null })]);
  });

  it('lists projects paged with a total, filtered by keyword and enabled state', async () => {
    const tag = uniqueKey('zz');
    for (let i = 0; i < 3; i++) await createProject(admin, { projectKey: `${tag}-${i}`, enabled: i !== 1 });
    const page1 = await admin.get('/api/admin/projects', { keyword: tag, pageSize: 2 });
    expect(page1.body).toMatchObject({ success: true, total: 3, page: 1, pageSize: 2 });
    expect(page1.body.items.map((p: { projectKey: string }) => p.projectKey)).toEqual([`${tag}-0`, `${tag}-1`]);
    const page2 = await admin.get('/api/admin/projects', { keyword: tag, pageSize: 2, page: 2 });
    expect(page2.body.items).toHaveLength(1);
    expect(page2.body.items[0].offlineKeyId).toMatch(/^k_/);
    const disabled = await admin.get('/api/admin/projects', { keyword: tag, enabled: false });
    expect(disabled.body.items.map((p: { projectKey: string }) => p.projectKey)).toEqual([`${tag}-1`]);
    const beyond = await admin.get('/api/admin/projects', { keyword: tag, page: 9 });
    expect(beyond.body).toMatchObject({ items: [], total: 3, page: 9 });
  });

  it('updates name, description and policy; policy fields merge and null resets one', async () => {
    const p = await createProject(admin, { policy: { tokenTtlSeconds: 600, clockSkewSeconds: 120 } });
    const res = await admin.patch(`/api/admin/projects/${p.projectKey}`, {
      name: 'Renamed',
      description: 'new text',
      policy: { offlineTtlSeconds: 3600, clockSkewSeconds: null, sessionRequestsPerMinute: 50 },
    });
    expect(res.status).toBe(200);
    expect(res.body.project).toMatchObject({
      name: 'Renamed',
      description: 'new text',
      policy: { tokenTtlSeconds: 600, offlineTtlSeconds: 3600, sessionRequestsPerMinute: 50 },
      effectivePolicy: { tokenTtlSeconds: 600, offlineTtlSeconds: 3600, clockSkewSeconds: 300, sessionRequestsPerMinute: 50 },
    });
    expect(res.body.project.policy).not.toHaveProperty('clockSkewSeconds');
    expect((await admin.get(`/api/admin/projects/${p.projectKey}`)).body.project.name).toBe('Renamed');
  });

  it('the policy it stores governs the license service (token lifetime)', async () => {
    const p = await createProject(admin, { policy: { tokenTtlSeconds: 120 } });
    const { device } = await enrolledDevice(t, p.projectKey);
    const status = await device.status();
    const ttl = Date.parse(status.body.tokenExpiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(100_000);
    expect(ttl).toBeLessThanOrEqual(121_000);
  });

  it('a disabled project refuses enroll, status and consume with PROJECT_DISABLED; enabling it again restores them', async () => {
    const p = await createProject(admin);
    const { device } = await enrolledDevice(t, p.projectKey);
    const [spare] = await generateCodes(t.app, t.adminHeaders, { projectKey: p.projectKey, licenseMode: 'COUNT', remainingCount: 3 });
    expect((await admin.patch(`/api/admin/projects/${p.projectKey}`, { enabled: false })).body.project.enabled).toBe(false);

    const newcomer = new TestDevice(t.app);
    newcomer.projectKey = p.projectKey;
    expect(await newcomer.enroll(spare!)).toMatchObject({ status: 403, body: { success: false, code: 'PROJECT_DISABLED' } });
    expect(await device.status()).toMatchObject({ status: 403, body: { success: false, code: 'PROJECT_DISABLED' } });
    expect(await device.consume('r-1')).toMatchObject({ status: 403, body: { success: false, code: 'PROJECT_DISABLED' } });

    await admin.patch(`/api/admin/projects/${p.projectKey}`, { enabled: true });
    expect((await device.status()).body.success).toBe(true);
    expect((await device.consume('r-1')).body).toMatchObject({ success: true, remainingCount: 9 });
  });

  it('rotating the offline key keeps the old public key listed and its snapshots verifiable; new snapshots carry the new kid', async () => {
    const p = await createProject(admin, { policy: { offlineTtlSeconds: 7200 } });
    const { device } = await enrolledDevice(t, p.projectKey);
    const before = await device.status();
    expect(snapshotKid(before.body.offlineLicense)).toBe(p.offlineKeyId);
    const oldKey = fromBase64Url(p.offlinePublicKey)!;

    const rotated = await admin.post(`/api/admin/projects/${p.projectKey}/keys/rotate`);
    expect(rotated.status).toBe(200);
    const { project, activeKeyId, retiredKeyId, retiredVerifyUntil } = rotated.body;
    expect(retiredKeyId).toBe(p.offlineKeyId);
    expect(activeKeyId).not.toBe(p.offlineKeyId);
    expect(project.offlineKeyId).toBe(activeKeyId);
    expect(Date.parse(retiredVerifyUntil) - Date.now()).toBeGreaterThan(7_100_000);
    expect(Date.parse(retiredVerifyUntil) - Date.now()).toBeLessThanOrEqual(7_200_000);
    expect(project.keys.map((k: { kid: string; status: string }) => [k.kid, k.status])).toEqual([
      [activeKeyId, 'active'],
      [retiredKeyId, 'retired'],
    ]);
    expect(project.keys[1].publicKey).toBe(p.offlinePublicKey);

    const identity = { projectKey: p.projectKey, machineId: device.machineId, fingerprintHash: device.fingerprintHash };
    expect((await verifyOfflineSnapshot(before.body.offlineLicense, oldKey, identity)).ok).toBe(true);
    const after = await device.status();
    expect(snapshotKid(after.body.offlineLicense)).toBe(activeKeyId);
    const newKey = fromBase64Url(project.offlinePublicKey)!;
    expect((await verifyOfflineSnapshot(after.body.offlineLicense, newKey, identity)).ok).toBe(true);
    expect((await verifyOfflineSnapshot(after.body.offlineLicense, oldKey, identity)).ok).toBe(false);
    // A client pinning both keys accepts either snapshot during the overlap.
    expect((await verifyOfflineSnapshot(before.body.offlineLicense, [newKey, oldKey], identity)).ok).toBe(true);

    // Past verify_until the retired key is no longer listed.
    await t.db.database.db.execute(sql`update project_keys set verify_until = now() - interval '1 second' where kid = ${retiredKeyId}`);
    const later = await admin.get(`/api/admin/projects/${p.projectKey}`);
    expect(later.body.project.keys.map((k: { kid: string }) => k.kid)).toEqual([activeKeyId]);
  });

  it('a retired key keeps no private half', async () => {
    const p = await createProject(admin);
    await admin.post(`/api/admin/projects/${p.projectKey}/keys/rotate`);
    const res = await t.db.database.db.execute(sql`select private_key from project_keys where kid = ${p.offlineKeyId}`);
    const row = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows)[0] as { private_key: string };
    expect(row.private_key).toBe('');
  });
});

describe('errors', () => {
  it('an unknown project is 404 PROJECT_NOT_FOUND on get, update and rotate', async () => {
    for (const res of [
      await admin.get('/api/admin/projects/no-such-project'),
      await admin.patch('/api/admin/projects/no-such-project', { name: 'x' }),
      await admin.post('/api/admin/projects/no-such-project/keys/rotate'),
    ]) {
      expect(res).toMatchObject({ status: 404, body: { success: false, code: 'PROJECT_NOT_FOUND' } });
    }
  });

  it('a second project with the same key is 409', async () => {
    const p = await createProject(admin);
    expect(await admin.post('/api/admin/projects', { projectKey: p.projectKey, name: 'again' })).toMatchObject({ status: 409, body: { code: 'PROJECT_EXISTS' } });
  });

  it('refuses malformed creates and updates with 400', async () => {
    expect((await admin.post('/api/admin/projects', { projectKey: 'bad key!', name: 'x' })).status).toBe(400);
    expect((await admin.post('/api/admin/projects', { projectKey: uniqueKey(), name: 'x', extra: 1 })).status).toBe(400);
    const p = await createProject(admin);
    for (const body of [{}, { policy: { tokenTtlSeconds: 5 } }, { policy: { unknownKnob: 1 } }, { enabled: 'yes' }, { name: '' }]) {
      expect(await admin.patch(`/api/admin/projects/${p.projectKey}`, body)).toMatchObject({ status: 400, body: { success: false, code: 'INVALID_REQUEST' } });
    }
    expect(await admin.post('/api/admin/projects', '{"projectKey":')).toMatchObject({ status: 400, body: { code: 'INVALID_JSON' } });
  });

  it('refuses a page size of 0 or 100,000 and a page of 0', async () => {
    for (const query of [{ pageSize: 0 }, { pageSize: 100_000 }, { page: 0 }, { pageSize: 'ten' }]) {
      const res = await admin.get('/api/admin/projects', query);
      expect(res).toMatchObject({ status: 400, body: { success: false, code: 'INVALID_REQUEST' } });
      expect(res.body.message).toMatch(/page/);
    }
  });
});
