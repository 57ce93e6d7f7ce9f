/**
 * /api/console/me/accounts/{id}/pacing: an integrator reads, sets and removes
 * the pacing override of their own accounts, over the platform default an
 * admin set; the admin API sees the same override. Another integrator's
 * account, a CMS site and an unknown id answer 404 alike and change nothing;
 * a bad time or zone is a 400; a write without the session's CSRF token is
 * refused; admins use the admin API instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';
import { type Person, person } from '../testing/console.js';
import { createUser } from '../testing/openapi.js';
import { createAccount, createCmsSite, createNode, fixturesOf } from '../testing/publish.js';

let t: TestApp;
let me: Person;
let other: Person;
let mine: number;
let theirs: number;
let site: number;

const path = (id: number | string) => `/api/console/me/accounts/${id}/pacing`;

const admin = async (method: 'GET' | 'PUT', url: string, body?: unknown) => {
  const res = await t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: { ...t.adminHeaders, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: res.statusCode, body: res.json() };
};

beforeAll(async () => {
  t = await createTestApp();
  const f = fixturesOf(t);
  const [a, b] = [await createUser(t.app, t.adminHeaders), await createUser(t.app, t.adminHeaders)];
  const node = await createNode(f, { userIds: [a.id, b.id] });
  mine = await createAccount(f, a.id, { platform: 'xiaohongshu', nodeId: node });
  theirs = await createAccount(f, b.id, { platform: 'xiaohongshu', nodeId: node });
  site = await createCmsSite(f, a.id);
  me = await person(t, 'user', { integratorUserId: a.id });
  other = await person(t, 'user', { integratorUserId: b.id });
  expect((await admin('PUT', '/pacing/platforms/xiaohongshu', { minGapSeconds: 1800, jitterSeconds: 300, timeZone: 'Asia/Shanghai' })).status).toBe(200);
  // Two people's passwords hashed and a database made: on a loaded machine that alone may pass a minute.
}, 120_000);
afterAll(async () => t?.close());

describe('own accounts', () => {
  it('reads the platform default, sets an override that wins field by field, and removes it', async () => {
    const before = await me.client.get(path(mine));
    expect(before.status).toBe(200);
    expect(before.body.pacing).toMatchObject({
      accountId: mine,
      platform: 'xiaohongshu',
      override: null,
      platformDefault: { minGapSeconds: 1800, jitterSeconds: 300, timeZone: 'Asia/Shanghai' },
      effective: { paced: true, minGapSeconds: 1800, jitterSeconds: 300, dailyCap: null, quietHours: null, timeZone: 'Asia/Shanghai', startsToday: 0 },
    });

    const set = await me.client.put(path(mine), { minGapSeconds: 60, dailyCap: 3, quietHours: { start: '22:00', end: '06:00' }, timeZone: 'Europe/Berlin' });
    expect(set.status).toBe(200);
    expect(set.body.pacing).toMatchObject({
      override: { accountId: mine, minGapSeconds: 60, jitterSeconds: null, dailyCap: 3, quietHours: { start: '22:00', end: '06:00' }, timeZone: 'Europe/Berlin', updatedBy: `console:${me.email}` },
      platformDefault: { minGapSeconds: 1800 },
      // The override's gap, cap, quiet hours and zone; the platform's jitter.
      effective: { paced: true, minGapSeconds: 60, jitterSeconds: 300, dailyCap: 3, quietHours: { start: '22:00', end: '06:00' }, timeZone: 'Europe/Berlin' },
    });
    // The admin API sees the same override.
    expect((await admin('GET', `/accounts/${mine}/pacing`)).body.pacing.override).toMatchObject({ minGapSeconds: 60, dailyCap: 3, updatedBy: `console:${me.email}` });
    expect((await me.client.get(path(mine))).body.pacing).toEqual(set.body.pacing);

    const removed = await me.client.delete(path(mine));
    expect(removed.status).toBe(200);
    expect(removed.body.pacing).toMatchObject({ override: null, effective: { minGapSeconds: 1800, dailyCap: null, timeZone: 'Asia/Shanghai' } });
    const again = await me.client.delete(path(mine));
    expect(again).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
  });
});

describe('refusals', () => {
  it("another integrator's account, a CMS site and an unknown id answer 404 alike and change nothing", async () => {
    for (const id of [theirs, site, 2_000_000_000]) {
      for (const res of [await me.client.get(path(id)), await me.client.put(path(id), { minGapSeconds: 1 }), await me.client.delete(path(id))]) {
        expect(res.status).toBe(404);
        expect(res.body.error).toEqual({ code: 'not_found', message: expect.stringContaining(`${id}`) });
      }
    }
    expect((await admin('GET', `/accounts/${theirs}/pacing`)).body.pacing.override).toBeNull();
    // The owner still reads theirs.
    expect((await other.client.get(path(theirs))).status).toBe(200);
    // Not an id at all, or beyond PostgreSQL's integers: a 400 before anything is looked up.
    for (const id of ['abc', '0', '99999999999']) expect((await me.client.get(path(id))).body.error.code).toBe('validation_failed');
  });

  it('a zone the server does not know, a time that is not HH:MM, an unknown field or a negative gap is a 400; a body over 4 KB a 413', async () => {
    const bad = [
      { timeZone: 'Mars/Olympus_Mons' },
      { quietHours: { start: '25:00', end: '06:00' } },
      { quietHours: { start: '7:00', end: '06:00' } },
      { minGapSeconds: -1 },
      { minGap: 60 },
    ];
    for (const body of bad) {
      const res = await me.client.put(path(mine), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect((await me.client.put(path(mine), { timeZone: 'Mars/Olympus_Mons' })).body.error.message).toContain('Mars/Olympus_Mons');
    expect((await me.client.put(path(mine), { timeZone: 'x'.repeat(5000) })).status).toBe(413);
    expect((await me.client.get(path(mine))).body.pacing.override).toBeNull();
  });

  it('a write without the session\'s CSRF token is refused and changes nothing; an admin person is sent to the admin API', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await me.client.request(method, path(mine), method === 'PUT' ? { minGapSeconds: 5 } : undefined, { csrf: false });
      expect(res).toMatchObject({ status: 403, body: { error: { code: 'csrf_failed' } } });
    }
    expect((await me.client.get(path(mine))).body.pacing.override).toBeNull();
    const boss = await person(t, 'admin');
    expect((await boss.client.get(path(mine))).body.error.code).toBe('forbidden');
    // A person made (a password hashed) within the test.
  }, 60_000);

  it('the console document describes the three operations, the writes with the CSRF header', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/console/openapi.json' })).json();
    const ops = doc.paths['/api/console/me/accounts/{accountId}/pacing'];
    expect(Object.keys(ops).sort()).toEqual(['delete', 'get', 'put']);
    expect(ops.get.security).toEqual([{ consoleSession: [] }]);
    expect(ops.put.security).toEqual([{ consoleSession: [], csrfToken: [] }]);
    expect(ops.delete.security).toEqual([{ consoleSession: [], csrfToken: [] }]);
  });
});
