import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { type AdminClient, adminClient, createProject, enrolledDevice, insertLogs, parseCsv } from '../../testing/admin-client.js';
import { csvField, csvRow } from '../../http/csv.js';
import { csvLineSql, csvTextSql } from './logs.repository.js';
import { EXPORT_COLUMNS, LogsService } from './logs.service.js';

let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = adminClient(t);
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const todayStart = () => new Date(Math.floor(Date.now() / DAY) * DAY);
const daysAgo = (n: number, plusMs = 3_600_000) => new Date(todayStart().getTime() - n * DAY + plusMs);
const range = (from: Date, to: Date) => ({ from: from.toISOString(), to: to.toISOString() });
const lastWeek = () => range(new Date(Date.now() - 7 * DAY), new Date(Date.now() + 60_000));

describe('happy path: query', () => {
  it('lists logs of a project newest first, filtered by keyword and time range', async () => {
    const p = await createProject(admin);
    const { device, code } = await enrolledDevice(t, p.projectKey);
    await device.consume('order-17');
    await device.consume('order-18');
    await device.consume('order-17');
    await insertLogs(t, { projectKey: p.projectKey, deviceId: device.deviceId, count: 2, at: daysAgo(3), requestId: 'old-order' });

    const all = await admin.get('/api/admin/logs', { projectKey: p.projectKey, ...lastWeek() });
    expect(all.body).toMatchObject({ success: true, total: 5, page: 1, pageSize: 50 });
    expect(all.body.items[0]).toMatchObject({ projectKey: p.projectKey, code, deviceId: device.deviceId, machineId: device.machineId, requestId: 'order-17', outcome: 'idempotent', remainingAfter: 9 });
    const times = all.body.items.map((l: { createdAt: string }) => Date.parse(l.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const keyword = await admin.get('/api/admin/logs', { projectKey: p.projectKey, keyword: 'ORDER-17', ...lastWeek() });
    expect(keyword.body.total).toBe(2);
    const byOutcome = await admin.get('/api/admin/logs', { projectKey: p.projectKey, keyword: 'idempotent', ...lastWeek() });
    expect(byOutcome.body.total).toBe(1);
    const recent = await admin.get('/api/admin/logs', { projectKey: p.projectKey, ...range(new Date(Date.now() - DAY), new Date(Date.now() + 60_000)) });
    expect(recent.body.total).toBe(3);
    const paged = await admin.get('/api/admin/logs', { projectKey: p.projectKey, pageSize: 2, page: 3, ...lastWeek() });
    expect(paged.body).toMatchObject({ total: 5, page: 3, pageSize: 2 });
    expect(paged.body.items).toHaveLength(1);
  });

  it('answers an empty page for a range with no logs', async () => {
    const p = await createProject(admin);
    const res = await admin.get('/api/admin/logs', { projectKey: p.projectKey, ...range(new Date('2001-01-01T00:00:00Z'), new Date('2001-02-01T00:00:00Z')) });
    expect(res).toMatchObject({ status: 200, body: { success: true, items: [], total: 0 } });
  });
});

describe('happy path: CSV export', () => {
  it('streams the same filter as RFC 4180 CSV with a header, escaping and formula neutralizing', async () => {
    const p = await createProject(admin);
    const { device } = await enrolledDevice(t, p.projectKey, { machineId: '=HYPERLINK("http://evil","x")' });
    expect((await device.consume('a,"quoted"')).body.success).toBe(true);
    await device.consume('+1');
    await device.consume('@SUM(A1)');
    const res = await admin.get('/api/admin/logs/export.csv', { projectKey: p.projectKey, ...lastWeek() });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="consumption-logs-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.text.endsWith('\r\n')).toBe(true);
    const table = parseCsv(res.text);
    expect(table[0]).toEqual([...EXPORT_COLUMNS]);
    expect(table).toHaveLength(4);
    const [first, second, third] = table.slice(1);
    expect(first![EXPORT_COLUMNS.indexOf('machineId')]).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(first![EXPORT_COLUMNS.indexOf('requestId')]).toBe('a,"quoted"');
    expect(second![EXPORT_COLUMNS.indexOf('requestId')]).toBe("'+1");
    expect(third![EXPORT_COLUMNS.indexOf('requestId')]).toBe("'@SUM(A1)");
    expect(first![EXPORT_COLUMNS.indexOf('remainingAfter')]).toBe('9');
    expect(first![EXPORT_COLUMNS.indexOf('createdAt')]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(res.text).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
  });

  it('exports every row exactly once, oldest first, across batches and identical timestamps', async () => {
    const p = await createProject(admin);
    const { device } = await enrolledDevice(t, p.projectKey);
    const at = daysAgo(1);
    // 12,001 rows share one timestamp: the keyset must break ties by id, across batch edges.
    await insertLogs(t, { projectKey: p.projectKey, deviceId: device.deviceId, count: 12_001, at });
    await insertLogs(t, { projectKey: p.projectKey, deviceId: device.deviceId, count: 500, at: daysAgo(2), stepMs: 1 });
    // Small batches, so that many batch edges fall inside the run of identical timestamps.
    const service = new LogsService(t.db.database.db, 1000);
    const filter = await service.filter({ projectKey: p.projectKey, ...lastWeek() });
    let text = '';
    for await (const chunk of service.exportCsv(filter)) text += chunk.toString();
    const rows = parseCsv(text).slice(1);
    expect(rows).toHaveLength(12_501);
    const ids = rows.map((r) => Number(r[0]));
    expect(new Set(ids).size).toBe(12_501);
    const keys = rows.map((r) => [r[1]!, Number(r[0])] as const);
    const sorted = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    expect(keys).toEqual(sorted);
    const list = await admin.get('/api/admin/logs', { projectKey: p.projectKey, pageSize: 1, ...lastWeek() });
    expect(list.body.total).toBe(12_501);
    const viaHttp = await admin.get('/api/admin/logs/export.csv', { projectKey: p.projectKey, ...lastWeek() });
    expect(viaHttp.text).toBe(text);
  });

  it('exports only the rows a keyword matches, whether it names the device, the code or the request', async () => {
    const p = await createProject(admin);
    const { device: a, code: codeA } = await enrolledDevice(t, p.projectKey);
    const { device: b } = await enrolledDevice(t, p.projectKey);
    await a.consume('alpha-1');
    await a.consume('alpha-2');
    await b.consume('beta-1');
    const requestIds = async (keyword: string) =>
      parseCsv((await admin.get('/api/admin/logs/export.csv', { projectKey: p.projectKey, keyword, ...lastWeek() })).text)
        .slice(1)
        .map((r) => r[EXPORT_COLUMNS.indexOf('requestId')]);
    expect(await requestIds(a.machineId.slice(-8))).toEqual(['alpha-1', 'alpha-2']);
    expect(await requestIds(codeA.toLowerCase())).toEqual(['alpha-1', 'alpha-2']);
    expect(await requestIds('BETA')).toEqual(['beta-1']);
    const listed = await admin.get('/api/admin/logs', { projectKey: p.projectKey, keyword: a.machineId.slice(-8), ...lastWeek() });
    expect(listed.body.total).toBe(2);
  });

  it('PostgreSQL writes each field exactly as csv.ts would', async () => {
    const samples = ['plain', '', 'a,b', 'say "hi"', 'two\nlines', 'cr\rhere', '=1+1', '+1', '-1', '@SUM(A1)', '\tTAB', '\rCR', '=HYPERLINK("x","y")', '-a,b', 'x=1', 'ünïcødé'];
    for (const value of samples) {
      const [row] = await rows<{ f: string }>(t.db.database.db, sql`select ${csvTextSql(sql`${value}::text`)} as f`);
      expect(row!.f, JSON.stringify(value)).toBe(csvField(value));
    }
    const [nullRow] = await rows<{ f: string }>(t.db.database.db, sql`select ${csvTextSql(sql`null::text`)} as f`);
    expect(nullRow!.f).toBe('');
    // Whole lines: the one-regex fast path and the per-field path agree with csvRow.
    for (const value of samples) {
      const line = csvLineSql([
        { sql: sql`'7'::text`, text: false },
        { sql: sql`'ok'::text`, text: true },
        { sql: sql`${value}::text`, text: true },
        { sql: sql`null::text`, text: true },
        { sql: sql`null::text`, text: false },
      ]);
      const [row] = await rows<{ f: string }>(t.db.database.db, sql`select ${line} as f`);
      expect(row!.f, JSON.stringify(value)).toBe(csvRow(['7', 'ok', value, null, null]));
    }
  });

  it('a filter that matches nothing exports the header only', async () => {
    const p = await createProject(admin);
    const { device } = await enrolledDevice(t, p.projectKey);
    await device.consume('x-1');
    const res = await admin.get('/api/admin/logs/export.csv', { projectKey: p.projectKey, keyword: 'no-such-thing', ...lastWeek() });
    expect(res.status).toBe(200);
    expect(res.text).toBe(`${EXPORT_COLUMNS.join(',')}\r\n`);
  });
});

describe('happy path: trend and statistics', () => {
  it('aggregates by day over the last N days with zero-filled gaps', async () => {
    const p = await createProject(admin);
    const { device } = await enrolledDevice(t, p.projectKey);
    const base = { projectKey: p.projectKey, deviceId: device.deviceId };
    await insertLogs(t, { ...base, count: 3, at: new Date(todayStart().getTime() + 1) });
    await insertLogs(t, { ...base, count: 2, at: daysAgo(2) });
    await insertLogs(t, { ...base, count: 1, at: daysAgo(6), outcome: 'idempotent' });
    await insertLogs(t, { ...base, count: 1, at: daysAgo(6), outcome: 'exhausted' });
    await insertLogs(t, { ...base, count: 4, at: daysAgo(7) });

    const res = await admin.get('/api/admin/stats/trend', { days: 7, granularity: 'day', projectKey: p.projectKey });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, days: 7, granularity: 'day', projectKey: p.projectKey });
    expect(Date.parse(res.body.from)).toBe(todayStart().getTime() - 6 * DAY);
    const buckets = res.body.buckets as Array<{ start: string; total: number; deducted: number; idempotent: number; refused: number }>;
    expect(buckets.map((b) => b.start)).toEqual(Array.from({ length: 7 }, (_, i) => new Date(todayStart().getTime() - (6 - i) * DAY).toISOString().slice(0, 10)));
    expect(buckets.map((b) => b.total)).toEqual([2, 0, 0, 0, 2, 0, 3]);
    expect(buckets[0]).toMatchObject({ deducted: 0, idempotent: 1, refused: 1 });
    expect(res.body.totals).toMatchObject({ total: 7, deducted: 5, idempotent: 1, refused: 1 });

    const one = await admin.get('/api/admin/stats/trend', { days: 1, projectKey: p.projectKey });
    expect(one.body.buckets).toEqual([expect.objectContaining({ total: 3 })]);
    const ninety = await admin.get('/api/admin/stats/trend', { days: 90, projectKey: p.projectKey });
    expect(ninety.body.buckets).toHaveLength(90);
    expect(ninety.body.totals.total).toBe(11);
  });

  it('aggregates by ISO week and by month, counting only inside the range', async () => {
    const p = await createProject(admin);
    const { device } = await enrolledDevice(t, p.projectKey);
    await insertLogs(t, { projectKey: p.projectKey, deviceId: device.deviceId, count: 5, at: daysAgo(20) });
    await insertLogs(t, { projectKey: p.projectKey, deviceId: device.deviceId, count: 2, at: daysAgo(40) });
    const weeks = await admin.get('/api/admin/stats/trend', { days: 30, granularity: 'week', projectKey: p.projectKey });
    expect(weeks.body.totals.total).toBe(5);
    for (const b of weeks.body.buckets) expect(new Date(`${b.start}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(weeks.body.buckets.length).toBeGreaterThanOrEqual(5);
    expect(weeks.body.buckets.length).toBeLessThanOrEqual(6);
    const months = await admin.get('/api/admin/stats/trend', { days: 90, granularity: 'month', projectKey: p.projectKey });
    expect(months.body.totals.total).toBe(7);
    for (const b of months.body.buckets) expect(b.start.endsWith('-01')).toBe(true);
    expect(months.body.buckets.length).toBeGreaterThanOrEqual(3);
  });

  it('the global trend counts every project', async () => {
    const before = (await admin.get('/api/admin/stats/trend', { days: 2 })).body.totals.total;
    const p = await createProject(admin);
    const { device } = await enrolledDevice(t, p.projectKey);
    await device.consume('g-1');
    expect((await admin.get('/api/admin/stats/trend', { days: 2 })).body.totals.total).toBe(before + 1);
  });

  it('answers per-project statistics: codes by state, devices, consumptions, security events by kind', async () => {
    const p = await createProject(admin);
    const { device: a } = await enrolledDevice(t, p.projectKey, { remainingCount: 1 });
    const { device: b } = await enrolledDevice(t, p.projectKey);
    await admin.post('/api/admin/codes/generate', { projectKey: p.projectKey, licenseMode: 'COUNT', quantity: 2, remainingCount: 1 });
    await a.consume('only-use');
    await b.consume('b-1');
    await b.status({ nonce: 'n_replayed_nonce_1' });
    await b.status({ nonce: 'n_replayed_nonce_1' });
    await admin.post(`/api/admin/devices/${b.deviceId}/revoke`);

    const res = await admin.get('/api/admin/stats', { projectKey: p.projectKey });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      scope: 'project',
      projectKey: p.projectKey,
      projects: { total: 1, enabled: 1, disabled: 0 },
      codes: { total: 4, unused: 2, active: 1, exhausted: 1, expired: 0, disabled: 0 },
      devices: { total: 2, active: 1, revoked: 1 },
      sessions: { total: 2, active: 1, revoked: 1 },
      consumptions: { total: 2, last24h: 2, last30d: 2, deducted: 2 },
      securityEvents: { total: 2, nonce_replay: 1, device_revocation: 1, signature_failure: 0, version_ban: 0, fingerprint_drift: 0 },
    });
    const global = await admin.get('/api/admin/stats');
    expect(global.body).toMatchObject({ scope: 'global', projectKey: null });
    expect(global.body.projects.total).toBeGreaterThanOrEqual(2);
    expect(global.body.codes.total).toBeGreaterThanOrEqual(4);
  });
});

describe('errors', () => {
  it('refuses open-ended, inverted, missing and over-long ranges with 400 INVALID_RANGE', async () => {
    const now = new Date();
    const cases: Array<Record<string, string>> = [
      {},
      { from: now.toISOString() },
      { to: now.toISOString() },
      range(now, new Date(now.getTime() - 1000)),
      range(now, now),
      range(new Date(now.getTime() - 367 * DAY), now),
    ];
    for (const url of ['/api/admin/logs', '/api/admin/logs/export.csv']) {
      for (const query of cases) {
        const res = await admin.get(url, query);
        expect(res, `${url} ${JSON.stringify(query)}`).toMatchObject({ status: 400, body: { success: false, code: 'INVALID_RANGE' } });
      }
    }
  });

  it('refuses malformed instants, page sizes of 0 and 100,000 with 400', async () => {
    for (const query of [
      { from: 'yesterday', to: new Date().toISOString() },
      { from: '2024-13-01T00:00:00Z', to: '2024-12-01T00:00:00Z' },
      { ...lastWeek(), pageSize: '0' },
      { ...lastWeek(), pageSize: '100000' },
    ]) {
      expect(await admin.get('/api/admin/logs', query)).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    }
  });

  it('refuses trend days 0 and 91, fractional days and unknown granularities with 400', async () => {
    for (const query of [{ days: 0 }, { days: 91 }, { days: 1.5 }, { days: 'many' }, { granularity: 'year' }]) {
      const res = await admin.get('/api/admin/stats/trend', query);
      expect(res).toMatchObject({ status: 400, body: { success: false, code: 'INVALID_REQUEST' } });
    }
    expect((await admin.get('/api/admin/stats/trend', { days: 91 })).body.message).toMatch(/days must be 1 to 90/);
  });

  it('an unknown project is 404 for logs, export, trend and statistics', async () => {
    for (const [url, query] of [
      ['/api/admin/logs', { projectKey: 'nope-nope', ...lastWeek() }],
      ['/api/admin/logs/export.csv', { projectKey: 'nope-nope', ...lastWeek() }],
      ['/api/admin/stats/trend', { projectKey: 'nope-nope' }],
      ['/api/admin/stats', { projectKey: 'nope-nope' }],
    ] as const) {
      const res = await admin.get(url, query);
      expect(res, url).toMatchObject({ status: 404, body: { success: false, code: 'PROJECT_NOT_FOUND' } });
    }
  });
});
