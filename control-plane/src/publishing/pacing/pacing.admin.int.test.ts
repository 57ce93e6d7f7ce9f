/**
 * /api/admin/pacing…: platform defaults and account overrides through the
 * admin API — set, read with the effective rule, replaced, removed — and the
 * refusals in the admin envelope: an unknown platform, a zone the database
 * does not know, quiet hours that are not times, a CMS site, an unknown
 * account, a missing rule. Each write is in the audit log.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { createAccount, createCmsSite, createNode, fixturesOf } from '../../testing/publish.js';
import { createUser } from '../../testing/openapi.js';

let t: TestApp;
let account: number;
let site: number;

beforeAll(async () => {
  t = await createTestApp();
  const f = fixturesOf(t);
  const user = await createUser(t.app, t.adminHeaders);
  const node = await createNode(f, { userIds: [user.id] });
  account = await createAccount(f, user.id, { platform: 'xiaohongshu', nodeId: node });
  site = await createCmsSite(f, user.id);
});
afterAll(async () => t?.close());

const call = async (method: 'GET' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const res = await t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: { ...t.adminHeaders, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  expect(res.headers['x-request-id']).toBeTruthy();
  return { status: res.statusCode, body: res.json() };
};

describe('pacing rules', () => {
  it('a platform default, an account override over it field by field, and where the account stands', async () => {
    const set = await call('PUT', '/pacing/platforms/xiaohongshu', { minGapSeconds: 1800, jitterSeconds: 300, dailyCap: 5, quietHours: { start: '23:00', end: '07:00' }, timeZone: 'Asia/Shanghai' });
    expect(set).toMatchObject({ status: 200, body: { success: true, rule: { platform: 'xiaohongshu', accountId: null, minGapSeconds: 1800, jitterSeconds: 300, dailyCap: 5, quietHours: { start: '23:00', end: '07:00' }, timeZone: 'Asia/Shanghai' } } });
    expect((await call('GET', '/pacing/platforms')).body.rules).toEqual([expect.objectContaining({ platform: 'xiaohongshu', minGapSeconds: 1800 })]);

    const over = await call('PUT', `/accounts/${account}/pacing`, { minGapSeconds: 0.5, dailyCap: 0 });
    expect(over.status).toBe(200);
    expect(over.body.pacing).toMatchObject({
      accountId: account,
      platform: 'xiaohongshu',
      override: { minGapSeconds: 0.5, dailyCap: 0, quietHours: null, timeZone: null },
      platformDefault: { minGapSeconds: 1800 },
      // The override's gap and (lifted) cap; the platform's jitter, quiet hours and zone.
      effective: { paced: true, minGapSeconds: 0.5, jitterSeconds: 300, dailyCap: null, quietHours: { start: '23:00', end: '07:00' }, timeZone: 'Asia/Shanghai', startsToday: 0 },
    });
    // Nothing started yet: the next job may start now unless it is the quiet hours there.
    const [{ quiet }] = await rows<{ quiet: boolean }>(
      t.db.database.db,
      sql`select ((now() at time zone 'Asia/Shanghai')::time >= '23:00' or (now() at time zone 'Asia/Shanghai')::time < '07:00') as quiet`,
    );
    expect(over.body.pacing.effective.reason).toBe(quiet ? 'quiet_hours' : null);

    const removed = await call('DELETE', `/accounts/${account}/pacing`);
    expect(removed.body.pacing).toMatchObject({ override: null, effective: { minGapSeconds: 1800, dailyCap: 5 } });
    expect(await call('DELETE', `/accounts/${account}/pacing`)).toMatchObject({ status: 404, body: { success: false, code: 'PACING_RULE_NOT_FOUND' } });
    expect((await call('DELETE', '/pacing/platforms/xiaohongshu')).status).toBe(200);
    expect((await call('GET', `/accounts/${account}/pacing`)).body.pacing.effective).toMatchObject({ paced: false, notBefore: null, reason: null });

    const audited = await rows<{ n: number }>(t.db.database.db, sql`select count(*)::int as n from admin_audit_log where path like '%pacing%'`);
    expect(audited[0]!.n).toBeGreaterThanOrEqual(4);
  });

  it('refuses what it cannot apply, in the admin envelope, and writes nothing', async () => {
    expect(await call('PUT', '/pacing/platforms/myspace', { minGapSeconds: 60 })).toMatchObject({ status: 400, body: { success: false, code: 'INVALID_REQUEST' } });
    expect(await call('PUT', '/pacing/platforms/wordpress', { minGapSeconds: 60 })).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    const zone = await call('PUT', '/pacing/platforms/douyin', { minGapSeconds: 60, timeZone: 'Mars/Olympus' });
    expect(zone).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST', message: expect.stringContaining('Mars/Olympus') } });
    expect(await call('PUT', '/pacing/platforms/douyin', { quietHours: { start: '24:00', end: '07:00' } })).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    expect(await call('PUT', '/pacing/platforms/douyin', { minGapSeconds: -1 })).toMatchObject({ status: 400 });
    expect(await call('PUT', '/pacing/platforms/douyin', { minGapSeconds: 60, extra: true })).toMatchObject({ status: 400 });
    expect((await call('GET', '/pacing/platforms')).body.rules).toEqual([]);
    expect(await call('GET', `/accounts/${site}/pacing`)).toMatchObject({ status: 404, body: { code: 'ACCOUNT_NOT_FOUND' } });
    expect(await call('PUT', '/accounts/2147483647/pacing', { minGapSeconds: 1 })).toMatchObject({ status: 404, body: { code: 'ACCOUNT_NOT_FOUND' } });
  });
});
