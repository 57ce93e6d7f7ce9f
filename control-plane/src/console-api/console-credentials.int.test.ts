/**
 * Which credential is accepted where: the admin API takes an admin's console
 * cookie (CSRF on unsafe methods) and a viewer's for reads, records the
 * person in its audit log, and judges a request with an Authorization header
 * on that header alone; the Open API never takes the cookie; /api/console
 * never takes an API key or an admin token.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.js';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/app.js';
import { adminClient, uniqueKey } from '../testing/admin-client.js';
import { type Person, person, uniqueEmail } from '../testing/console.js';
import { createUser, type TestUser, v1 } from '../testing/openapi.js';

let t: TestApp;
let admin: Person;
let viewer: Person;
let integrator: TestUser;
let user: Person;

beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, 'admin');
  viewer = await person(t, 'viewer');
  integrator = await createUser(t.app, t.adminHeaders);
  user = await person(t, 'user', { integratorUserId: integrator.id });
});
afterAll(async () => t?.close());

async function auditOf(actor: string, atLeast: number) {
  let found: Array<{ method: string; path: string; status_code: number }> = [];
  // The audit row is written in onResponse, just after the answer went out: polled until it is there (the test's timeout bounds it).
  for (let i = 0; found.length < atLeast; i++) {
    if (i) await new Promise((r) => setTimeout(r, 20));
    found = await rows(t.db.database.db, sql`select method, path, status_code::int from admin_audit_log where actor = ${actor} order by id`);
  }
  return found;
}

describe('the admin API with a console cookie', () => {
  it('an admin reads and writes (with the CSRF token); the audit log names the person by email', async () => {
    const list = await admin.client.get('/api/admin/projects');
    expect(list.status).toBe(200);
    expect(list.body.success).toBe(true);
    const projectKey = uniqueKey();
    const made = await admin.client.post('/api/admin/projects', { projectKey, name: 'From the console' });
    expect(made.status).toBe(201);
    const audit = await auditOf(admin.email, 1);
    expect(audit).toEqual([{ method: 'POST', path: '/api/admin/projects', status_code: 201 }]);
    const listed = await adminClient(t).get('/api/admin/audit-log', { actor: admin.email });
    expect(listed.body.items[0]).toMatchObject({ actor: admin.email, method: 'POST' });
  });

  it('an admin\'s unsafe request without the CSRF token is refused (403 CSRF_FAILED) and changes nothing', async () => {
    const projectKey = uniqueKey();
    const res = await admin.client.post('/api/admin/projects', { projectKey, name: 'Forged' }, { csrf: false });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'CSRF_FAILED' });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect((await adminClient(t).get(`/api/admin/projects/${projectKey}`)).status).toBe(404);
  });

  it('a viewer may GET and HEAD; any write is 403 in the admin envelope', async () => {
    expect((await viewer.client.get('/api/admin/projects')).status).toBe(200);
    expect((await viewer.client.request('HEAD', '/api/admin/projects')).status).toBe(200);
    const write = await viewer.client.post('/api/admin/projects', { projectKey: uniqueKey(), name: 'No' });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({ success: false, code: 'ADMIN_FORBIDDEN' });
  });

  it('a viewer may not list admin tokens (403, as the page is forbidden to them); an admin and a read token may', async () => {
    const made = await adminClient(t).post('/api/admin/tokens', { name: 'hidden from viewers', scope: 'read' });
    expect(made.status).toBe(201);
    for (const url of ['/api/admin/tokens', '/api/admin/tokens?includeRevoked=true&page=1&pageSize=20']) {
      const res = await viewer.client.get(url);
      expect(res.status, url).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'ADMIN_FORBIDDEN' });
      expect(JSON.stringify(res.body)).not.toContain('hidden from viewers');
      expect((await viewer.client.request('HEAD', url)).status, url).toBe(403);
    }
    const asAdmin = await admin.client.get('/api/admin/tokens');
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.items.map((x: { name: string }) => x.name)).toContain('hidden from viewers');
    const asReadToken = await t.app.inject({ method: 'GET', url: '/api/admin/tokens', headers: { authorization: `Bearer ${made.body.secret}` } });
    expect(asReadToken.statusCode).toBe(200);
  });

  it('an integrator\'s session (role user) gets 403 on every admin route, reads included', async () => {
    for (const res of [await user.client.get('/api/admin/projects'), await user.client.get('/api/admin/users'), await user.client.post('/api/admin/projects', { projectKey: uniqueKey(), name: 'No' })]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'ADMIN_FORBIDDEN' });
    }
  });

  it('an ended session is 401 ADMIN_UNAUTHORIZED', async () => {
    const p = await person(t, 'admin');
    const cookie = p.client.cookie;
    await p.client.post('/api/console/auth/logout');
    p.client.cookie = cookie;
    const res = await p.client.get('/api/admin/projects');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('ADMIN_UNAUTHORIZED');
  });

  it('with an Authorization header the cookie is not looked at: a bad token stays 401 beside an admin\'s live cookie', async () => {
    const res = await admin.client.request('GET', '/api/admin/projects', undefined, { headers: { authorization: 'Bearer not-a-token' } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('ADMIN_UNAUTHORIZED');
    const empty = await admin.client.request('GET', '/api/admin/projects', undefined, { headers: { authorization: '' } });
    expect(empty.status).toBe(401);
  });

  it('the console-invite bootstrap route takes an admin token only, not even an admin\'s cookie', async () => {
    const res = await admin.client.post('/api/admin/console-invites', { email: uniqueEmail(), role: 'admin' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('ADMIN_FORBIDDEN');
    const token = await adminClient(t).post('/api/admin/console-invites', { email: uniqueEmail(), role: 'admin' });
    expect(token.status).toBe(201);
    expect(token.body.invite.url).toMatch(/^\/invite\/pci_/);
    const taken = await adminClient(t).post('/api/admin/console-invites', { email: admin.email });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('USER_EXISTS');
  });
});

describe('credentials stay on their own surface', () => {
  it('the Open API never accepts the console cookie (401 unauthorized)', async () => {
    for (const p of [admin, user]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/openapi/v1/me', headers: { cookie: `plume_console=${p.client.cookie}` } });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
    // The integrator's own API key does work there.
    expect((await v1(t.app, integrator, 'GET', '/me')).status).toBe(200);
  });

  it('/api/console never accepts an API key or an admin token (401 not_authenticated)', async () => {
    for (const authorization of [`Bearer ${integrator.key}`, `Bearer ${TEST_ADMIN_TOKEN}`]) {
      for (const url of ['/api/console/auth/me', '/api/console/users', '/api/console/me/api-keys']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { authorization } });
        expect(res.statusCode, url).toBe(401);
        expect(res.json().error.code).toBe('not_authenticated');
        expect(res.headers['x-request-id']).toBeTruthy();
      }
      const write = await t.app.inject({ method: 'POST', url: '/api/console/invites', headers: { authorization, 'content-type': 'application/json' }, payload: { email: uniqueEmail(), role: 'admin' } });
      expect(write.statusCode).toBe(401);
    }
  });

  it('an integrator reaches only their own data: another integrator\'s key id is 404 like an unknown one', async () => {
    const other = await createUser(t.app, t.adminHeaders);
    const keys = (await adminClient(t).get(`/api/admin/users/${other.id}/api-keys`)).body.items as Array<{ id: string }>;
    const res = await user.client.post(`/api/console/me/api-keys/${keys[0]!.id}/revoke`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect((await v1(t.app, other, 'GET', '/me')).status).toBe(200);
    const mine = await user.client.get('/api/console/me/api-keys');
    expect(mine.body.apiKeys.map((k: any) => k.id)).not.toContain(keys[0]!.id);
  });

  it('a cookie that is not a session (malformed, unknown) is 401 on both surfaces', async () => {
    for (const cookie of ['plume_console=garbage', `plume_console=pcs_${'B'.repeat(43)}`, 'plume_console="unterminated', 'plume_console=%zz']) {
      const c = await t.app.inject({ method: 'GET', url: '/api/console/auth/me', headers: { cookie } });
      expect(c.statusCode, cookie).toBe(401);
      expect(c.json().error.code).toBe('not_authenticated');
      const a = await t.app.inject({ method: 'GET', url: '/api/admin/projects', headers: { cookie } });
      expect(a.statusCode, cookie).toBe(401);
      expect(a.json().code).toBe('ADMIN_UNAUTHORIZED');
    }
  });
});
