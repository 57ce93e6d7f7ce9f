import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { type AdminClient, adminClient, countRows, createProject, enrolledDevice } from '../../testing/admin-client.js';
import { TestDevice } from '../../testing/license-device.js';
import { codesRepository } from './codes.repository.js';

let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = adminClient(t);
});
afterAll(async () => t?.close());

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
const generate = (body: Record<string, unknown>) => admin.post('/api/admin/codes/generate', body);

describe('happy path', () => {
  it('generates COUNT and TIME codes in the documented shape', async () => {
    const p = await createProject(admin);
    const count = await generate({ projectKey: p.projectKey, licenseMode: 'COUNT', quantity: 3, remainingCount: 25 });
    expect(count.status).toBe(200);
    expect(count.body.success).toBe(true);
    expect(count.body.codes).toHaveLength(3);
    expect(count.body.codes[0]).toEqual({ code: expect.stringMatching(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/), projectKey: p.projectKey, licenseMode: 'COUNT', remainingCount: 25, expiresAt: null });
    const expiresAt = inAWeek();
    const time = await generate({ projectKey: p.projectKey, licenseMode: 'TIME', quantity: 2, expiresAt });
    expect(time.body.codes[1]).toMatchObject({ licenseMode: 'TIME', remainingCount: null, expiresAt });
    expect(new Set([...count.body.codes, ...time.body.codes].map((c: { code: string }) => c.code)).size).toBe(5);
  });

  it('generates 5,000 codes in one call, all stored', async () => {
    const p = await createProject(admin);
    const res = await generate({ projectKey: p.projectKey, licenseMode: 'COUNT', quantity: 5000, remainingCount: 1 });
    expect(res.body.codes).toHaveLength(5000);
    expect(await countRows(t, sql`select count(*)::int as n from activation_codes c join projects p on p.id = c.project_id where p.project_key = ${p.projectKey}`)).toBe(5000);
  });

  it('a code that clashes with a stored one is skipped and the rest are stored', async () => {
    const p = await createProject(admin);
    const [existing] = (await generate({ projectKey: p.projectKey, licenseMode: 'COUNT', quantity: 1, remainingCount: 1 })).body.codes;
    const [project] = await rows<{ id: number }>(t.db.database.db, sql`select id from projects where project_key = ${p.projectKey}`);
    const stored = await codesRepository.insertCodes(t.db.database.db, {
      projectId: project!.id,
      codes: [existing.code, 'FRESH-FRESH-FRESH-00001', 'FRESH-FRESH-FRESH-00001'],
      licenseMode: 'COUNT',
      remainingCount: 1,
      expiresAt: null,
    });
    expect(stored).toEqual(['FRESH-FRESH-FRESH-00001']);
  });

  it('lists codes with bound device, remaining count, state and validity, filtered by mode, state and keyword', async () => {
    const p = await createProject(admin);
    const { device, code: bound } = await enrolledDevice(t, p.projectKey, { remainingCount: 4 });
    await device.consume('use-1');
    await generate({ projectKey: p.projectKey, licenseMode: 'COUNT', quantity: 2, remainingCount: 4 });
    const time = await generate({ projectKey: p.projectKey, licenseMode: 'TIME', quantity: 1, expiresAt: inAWeek() });
    await t.db.database.db.execute(sql`update activation_codes set expires_at = now() - interval '1 day' where code = ${time.body.codes[0].code}`);

    const all = await admin.get('/api/admin/codes', { projectKey: p.projectKey });
    expect(all.body).toMatchObject({ success: true, total: 4, page: 1, pageSize: 50 });
    const boundItem = all.body.items.find((c: { code: string }) => c.code === bound);
    expect(boundItem).toMatchObject({
      state: 'active',
      valid: true,
      isActivated: true,
      remainingCount: 3,
      expiresAt: null,
      device: { deviceId: device.deviceId, machineId: device.machineId, appVersion: '1.4.2', revoked: false },
    });
    expect(Date.parse(boundItem.activatedAt)).toBeGreaterThan(0);

    const states = async (query: Record<string, string>) =>
      (await admin.get('/api/admin/codes', { projectKey: p.projectKey, ...query })).body.items.map((c: { state: string }) => c.state).sort();
    expect(await states({ state: 'unused' })).toEqual(['unused', 'unused']);
    expect(await states({ state: 'active' })).toEqual(['active']);
    expect(await states({ state: 'expired' })).toEqual(['expired']);
    expect(await states({ licenseMode: 'TIME' })).toEqual(['expired']);
    expect(await states({ licenseMode: 'COUNT' })).toEqual(['active', 'unused', 'unused']);
    const byMachine = await admin.get('/api/admin/codes', { keyword: device.machineId.slice(-6).toUpperCase() });
    expect(byMachine.body.items.map((c: { code: string }) => c.code)).toEqual([bound]);
    const byCode = await admin.get('/api/admin/codes', { keyword: bound.slice(6, 14).toLowerCase() });
    expect(byCode.body.items.map((c: { code: string }) => c.code)).toContain(bound);
  });

  it('an exhausted COUNT code lists as exhausted and not valid', async () => {
    const p = await createProject(admin);
    const { device, code } = await enrolledDevice(t, p.projectKey, { remainingCount: 1 });
    await device.consume('last');
    const res = await admin.get('/api/admin/codes', { projectKey: p.projectKey, state: 'exhausted' });
    expect(res.body.items).toEqual([expect.objectContaining({ code, state: 'exhausted', valid: false, remainingCount: 0 })]);
  });

  it('disabling a code refuses enroll with it and makes its license invalid; disabling twice is harmless', async () => {
    const p = await createProject(admin);
    const { device, code } = await enrolledDevice(t, p.projectKey);
    const res = await admin.post('/api/admin/codes/disable', { projectKey: p.projectKey, code });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, alreadyDisabled: false, code: { code, state: 'disabled', valid: false } });
    expect((await device.status()).body).toMatchObject({ success: true, valid: false });
    expect(await device.consume('after-disable')).toMatchObject({ status: 403, body: { code: 'CODE_DISABLED' } });

    const [fresh] = (await generate({ projectKey: p.projectKey, licenseMode: 'COUNT', quantity: 1, remainingCount: 1 })).body.codes;
    await admin.post('/api/admin/codes/disable', { projectKey: p.projectKey, code: fresh.code });
    const other = new TestDevice(t.app);
    other.projectKey = p.projectKey;
    expect(await other.enroll(fresh.code)).toMatchObject({ status: 403, body: { code: 'CODE_DISABLED' } });

    const again = await admin.post('/api/admin/codes/disable', { projectKey: p.projectKey, code });
    expect(again.body).toMatchObject({ success: true, alreadyDisabled: true });
    expect((await admin.get('/api/admin/codes', { projectKey: p.projectKey, state: 'disabled' })).body.total).toBe(2);
  });
});

describe('errors', () => {
  it('an unknown project is 404 on generate, list and disable', async () => {
    expect(await generate({ projectKey: 'nope-nope', licenseMode: 'COUNT', quantity: 1, remainingCount: 1 })).toMatchObject({ status: 404, body: { code: 'PROJECT_NOT_FOUND' } });
    expect(await admin.get('/api/admin/codes', { projectKey: 'nope-nope' })).toMatchObject({ status: 404, body: { code: 'PROJECT_NOT_FOUND' } });
    expect(await admin.post('/api/admin/codes/disable', { projectKey: 'nope-nope', code: 'X' })).toMatchObject({ status: 404, body: { code: 'PROJECT_NOT_FOUND' } });
  });

  it('refuses quantities outside 1..100,000 and mode/field mismatches', async () => {
    const p = await createProject(admin);
    for (const body of [
      { licenseMode: 'COUNT', quantity: 0, remainingCount: 1 },
      { licenseMode: 'COUNT', quantity: 100_001, remainingCount: 1 },
      { licenseMode: 'COUNT', quantity: 1 },
      { licenseMode: 'COUNT', quantity: 1, remainingCount: 1, expiresAt: inAWeek() },
      { licenseMode: 'TIME', quantity: 1 },
      { licenseMode: 'TIME', quantity: 1, expiresAt: new Date(Date.now() - 1000).toISOString() },
      { licenseMode: 'TIME', quantity: 1, expiresAt: 'next tuesday' },
      { licenseMode: 'FOREVER', quantity: 1 },
    ]) {
      expect(await generate({ projectKey: p.projectKey, ...body })).toMatchObject({ status: 400, body: { success: false, code: 'INVALID_REQUEST' } });
    }
  });

  it('an unknown code is 404 CODE_NOT_FOUND; bad filters and page sizes are 400', async () => {
    const p = await createProject(admin);
    expect(await admin.post('/api/admin/codes/disable', { projectKey: p.projectKey, code: 'NOPE0-NOPE0-NOPE0-NOPE0' })).toMatchObject({ status: 404, body: { code: 'CODE_NOT_FOUND' } });
    for (const query of [{ state: 'lost' }, { licenseMode: 'time' }, { pageSize: 0 }, { pageSize: 100_000 }, { keyword: '' }]) {
      expect(await admin.get('/api/admin/codes', query)).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    }
  });

  it('treats LIKE wildcards in a keyword as text', async () => {
    const p = await createProject(admin);
    await generate({ projectKey: p.projectKey, licenseMode: 'COUNT', quantity: 3, remainingCount: 1 });
    expect((await admin.get('/api/admin/codes', { projectKey: p.projectKey, keyword: '%' })).body).toMatchObject({ total: 0, items: [] });
    expect((await admin.get('/api/admin/codes', { projectKey: p.projectKey, keyword: '_' })).body.total).toBe(0);
  });
});
