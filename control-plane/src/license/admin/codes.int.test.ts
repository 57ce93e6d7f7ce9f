import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { type AdminClient, adminClient, countRows, createProject, enrolledDevice, parseCsv } from '../../testing/admin-client.js';
import { TestDevice } from '../../testing/license-device.js';
import { codesRepository } from './codes.repository.js';
import { CODE_EXPORT_COLUMNS, CodesService } from './codes.service.js';

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
    expect(count.body.codes[0]).toEqual({ code: expect.stringMatching(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/), projectKey: p.projectKey, licenseMode: 'COUNT', remainingCount: 25, expiresAt: null, userId: null });
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

describe('happy path: CSV export', () => {
  it('exports the filtered codes, oldest first, with state and bound device, as an attachment', async () => {
    const p = await createProject(admin);
    const { device, code: bound } = await enrolledDevice(t, p.projectKey, { remainingCount: 4 });
    const unused = (await generate({ projectKey: p.projectKey, licenseMode: 'COUNT', quantity: 2, remainingCount: 7 })).body.codes.map((c: { code: string }) => c.code);
    await admin.post('/api/admin/codes/disable', { projectKey: p.projectKey, code: unused[1] });
    const res = await admin.get('/api/admin/codes/export.csv', { projectKey: p.projectKey });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="activation-codes-${p.projectKey}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    expect(res.headers['x-request-id']).toBeTruthy();
    const table = parseCsv(res.text);
    expect(table[0]).toEqual([...CODE_EXPORT_COLUMNS]);
    const col = (row: string[], name: (typeof CODE_EXPORT_COLUMNS)[number]) => row[CODE_EXPORT_COLUMNS.indexOf(name)];
    expect(table.slice(1).map((r) => col(r, 'code'))).toEqual([bound, ...unused]);
    const [first, second, third] = table.slice(1);
    expect([col(first!, 'state'), col(first!, 'deviceId'), col(first!, 'machineId'), col(first!, 'remainingCount')]).toEqual(['active', String(device.deviceId), device.machineId, '4']);
    expect([col(second!, 'state'), col(second!, 'deviceId'), col(second!, 'activatedAt'), col(second!, 'remainingCount')]).toEqual(['unused', '', '', '7']);
    expect(col(third!, 'state')).toBe('disabled');
    expect(col(third!, 'disabledAt')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const onlyDisabled = parseCsv((await admin.get('/api/admin/codes/export.csv', { projectKey: p.projectKey, state: 'disabled' })).text);
    expect(onlyDisabled.slice(1).map((r) => col(r, 'code'))).toEqual([unused[1]]);
    const byMachine = parseCsv((await admin.get('/api/admin/codes/export.csv', { keyword: device.machineId })).text);
    expect(byMachine.slice(1).map((r) => col(r, 'code'))).toEqual([bound]);
    expect(parseCsv((await admin.get('/api/admin/codes/export.csv', { projectKey: p.projectKey, licenseMode: 'TIME' })).text)).toEqual([[...CODE_EXPORT_COLUMNS]]);
  });

  it('exports every code exactly once across batches', async () => {
    const p = await createProject(admin);
    const made = (await generate({ projectKey: p.projectKey, licenseMode: 'COUNT', quantity: 25, remainingCount: 1 })).body.codes.map((c: { code: string }) => c.code);
    const service = new CodesService(t.db.database.db, () => new Date(), 7);
    let text = '';
    for await (const chunk of service.exportCsv(await service.filter({ projectKey: p.projectKey }))) text += chunk.toString();
    const codes = parseCsv(text).slice(1).map((r) => r[0]);
    expect(codes).toHaveLength(25);
    expect(new Set(codes)).toEqual(new Set(made));
  });
});

describe('errors', () => {
  it('the export refuses hostile filters with 400 and an unknown project with 404, before sending any CSV', async () => {
    for (const query of [
      { state: 'lost' },
      { licenseMode: 'time' },
      { keyword: '' },
      { keyword: 'x'.repeat(201) },
      { keyword: 'a\u0000b' },
      { projectKey: '../etc' },
      { projectKey: 'a"b' },
      { projectKey: `p${'x'.repeat(64)}` },
    ]) {
      const res = await admin.get('/api/admin/codes/export.csv', query);
      expect(res, JSON.stringify(query)).toMatchObject({ status: 400, body: { success: false, code: 'INVALID_REQUEST' } });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-request-id']).toBeTruthy();
    }
    expect(await admin.get('/api/admin/codes/export.csv', { projectKey: 'nope-nope' })).toMatchObject({ status: 404, body: { code: 'PROJECT_NOT_FOUND' } });
  });

  it('a NUL byte in any list keyword is 400, not a database failure', async () => {
    const lastDay = { from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date().toISOString() };
    for (const [url, extra] of [
      ['/api/admin/codes', {}],
      ['/api/admin/devices', {}],
      ['/api/admin/projects', {}],
      ['/api/admin/logs', lastDay],
      ['/api/admin/logs/export.csv', lastDay],
    ] as const) {
      const res = await admin.get(url, { ...extra, keyword: 'a\u0000b' });
      expect(res, url).toMatchObject({ status: 400, body: { success: false, code: 'INVALID_REQUEST' } });
      expect(res.body.message, url).toMatch(/U\+0000/);
    }
  });

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
