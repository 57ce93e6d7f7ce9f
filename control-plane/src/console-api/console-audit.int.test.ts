/**
 * The console's admin writes (an invite, disabling a person, resetting their
 * two-factor login) are in the admin audit log, whatever their outcome, naming
 * the acting person and the target; read back through the audit log the
 * console's page shows. A refused caller and a person's own settings are not,
 * except a session refused for its CSRF token, on either surface: who, the
 * request and the page's origin, nothing of what was sent.
 */
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';
import { ConsoleClient, PASSWORD, type Person, person, uniqueEmail } from '../testing/console.js';
import { createUser } from '../testing/openapi.js';

let t: TestApp;
let admin: Person;

interface AuditItem {
  actor: string;
  method: string;
  path: string;
  statusCode: number;
  requestId: string;
  detail: Record<string, unknown>;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, 'admin');
});
afterAll(async () => t?.close());

/**
 * The audit log as the console's page reads it (GET /api/admin/audit-log with the admin's session), the
 * rows of `actor` that match `where`, once there are `atLeast` of them. The row is written in onResponse,
 * just after the answer went out: polled until it is there (the test's timeout bounds it).
 */
async function auditOf(actor: string, atLeast: number, where: (a: AuditItem) => boolean = () => true): Promise<AuditItem[]> {
  let items: AuditItem[] = [];
  for (let i = 0; i === 0 || items.length < atLeast; i++) {
    if (i) await new Promise((r) => setTimeout(r, 20));
    const res = await admin.client.get(`/api/admin/audit-log?actor=${encodeURIComponent(actor)}&pageSize=100`);
    expect(res.status).toBe(200);
    items = (res.body.items as AuditItem[]).filter(where);
  }
  return items;
}

const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + t.clock.offsetMs });

describe('happy path', () => {
  it('an admin\'s reset of a person\'s two-factor login names the admin and the person', async () => {
    const target = await person(t, 'viewer');
    const setup = await target.client.post('/api/console/auth/totp/setup', { password: PASSWORD });
    expect((await target.client.post('/api/console/auth/totp/confirm', { code: codeOf(setup.body.secret) })).status).toBe(200);

    const reset = await admin.client.post(`/api/console/users/${target.user.id}/totp/reset`);
    expect(reset.status).toBe(200);
    const [row] = await auditOf(admin.email, 1, (a) => a.path.endsWith('/totp/reset'));
    expect(row).toEqual({
      id: expect.any(Number),
      createdAt: expect.any(String),
      actor: admin.email,
      method: 'POST',
      path: `/api/console/users/${target.user.id}/totp/reset`,
      statusCode: 200,
      requestId: reset.headers['x-request-id'],
      detail: { route: '/api/console/users/:id/totp/reset', params: { id: target.user.id }, target: target.email },
    });
    // The person's own setup and confirmation are their settings, not an admin write.
    expect(await auditOf(target.email, 0)).toEqual([]);
  });

  it('an invite and disabling a person are recorded with their target, by another admin too', async () => {
    const other = await person(t, 'admin');
    const email = uniqueEmail('invited');
    expect((await other.client.post('/api/console/invites', { email, role: 'viewer' })).status).toBe(201);
    const target = await person(t, 'viewer');
    expect((await other.client.post(`/api/console/users/${target.user.id}/disable`)).status).toBe(200);

    const rows = await auditOf(other.email, 2);
    expect(rows.map((a) => [a.method, a.path, a.statusCode, a.detail.target])).toEqual([
      ['POST', `/api/console/users/${target.user.id}/disable`, 200, target.email],
      ['POST', '/api/console/invites', 201, email],
    ]);
    expect(rows[1]!.detail.role).toBe('viewer');
  });
});

describe('errors', () => {
  it('a refused write is recorded with its answer and the id it named; an unknown person has no email to name', async () => {
    const lone = await person(t, 'admin');
    expect((await lone.client.post('/api/console/users/cu_nobody/totp/reset')).status).toBe(404);
    expect((await lone.client.post(`/api/console/users/${lone.user.id}/disable`)).status).toBe(403);
    // Both answered within moments: their order in the log is the one thing not asserted here.
    const rows = (await auditOf(lone.email, 2)).sort((a, b) => a.statusCode - b.statusCode);
    expect(rows.map((a) => [a.path, a.statusCode, a.detail])).toEqual([
      [`/api/console/users/${lone.user.id}/disable`, 403, { route: '/api/console/users/:id/disable', params: { id: lone.user.id } }],
      ['/api/console/users/cu_nobody/totp/reset', 404, { route: '/api/console/users/:id/totp/reset', params: { id: 'cu_nobody' } }],
    ]);
  });
});

describe('auth', () => {
  it('a viewer refused the reset, and a caller without a session, are the actor of nothing', async () => {
    const viewer = await person(t, 'viewer');
    const target = await person(t, 'viewer');
    expect((await viewer.client.post(`/api/console/users/${target.user.id}/totp/reset`)).status).toBe(403);
    expect((await new ConsoleClient(t.app).post(`/api/console/users/${target.user.id}/totp/reset`)).status).toBe(401);
    // A write after them, to know the hook had its chance.
    expect((await admin.client.post(`/api/console/users/${target.user.id}/totp/reset`)).status).toBe(200);
    expect(await auditOf(admin.email, 1, (a) => a.path === `/api/console/users/${target.user.id}/totp/reset`)).toHaveLength(1);
    expect(await auditOf(viewer.email, 0)).toEqual([]);
  });
});

describe('CSRF refusals', () => {
  it('an admin\'s admin API write without the token is recorded: the person, the request, 403, the origin; not the body', async () => {
    const res = await admin.client.post('/api/admin/projects', { projectKey: 'forged_project', name: 'Forged' }, { csrf: false, headers: { origin: 'https://attacker.example' } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('CSRF_FAILED');
    const [row] = await auditOf(admin.email, 1, (a) => a.requestId === res.headers['x-request-id']);
    expect(row).toEqual({
      id: expect.any(Number),
      createdAt: expect.any(String),
      actor: admin.email,
      method: 'POST',
      path: '/api/admin/projects',
      statusCode: 403,
      requestId: res.headers['x-request-id'],
      detail: { route: '/api/admin/projects', params: {}, refused: 'csrf_failed', origin: 'https://attacker.example' },
    });
    expect(JSON.stringify(row)).not.toContain('forged_project');
  });

  it('a console write refused for a wrong token is recorded whatever the role and route, without the token sent', async () => {
    const integrator = await createUser(t.app, t.adminHeaders);
    const user = await person(t, 'user', { integratorUserId: integrator.id });
    const viewer = await person(t, 'viewer');
    const sent = 'W'.repeat(43);
    const key = await user.client.post('/api/console/me/api-keys', { name: 'forged key' }, { csrf: false, headers: { 'x-csrf-token': sent } });
    expect(key.status).toBe(403);
    expect(key.body.error.code).toBe('csrf_failed');
    const invite = await viewer.client.post('/api/console/invites', { email: uniqueEmail(), role: 'admin' }, { csrf: false });
    expect(invite.body.error.code).toBe('csrf_failed');

    const [keyRow] = await auditOf(user.email, 1);
    expect(keyRow).toMatchObject({ method: 'POST', path: '/api/console/me/api-keys', statusCode: 403, requestId: key.headers['x-request-id'] });
    expect(keyRow!.detail).toEqual({ route: '/api/console/me/api-keys', params: {}, refused: 'csrf_failed', origin: null });
    expect(JSON.stringify(keyRow)).not.toContain(sent);
    expect(JSON.stringify(keyRow)).not.toContain('forged key');
    const [inviteRow] = await auditOf(viewer.email, 1);
    expect(inviteRow).toMatchObject({ path: '/api/console/invites', statusCode: 403, detail: { refused: 'csrf_failed' } });
  });

  it('a write with the right token and a read are not CSRF refusals', async () => {
    const other = await person(t, 'admin');
    expect((await other.client.get('/api/admin/projects')).status).toBe(200);
    const made = await other.client.post('/api/console/invites', { email: uniqueEmail(), role: 'viewer' });
    expect(made.status).toBe(201);
    const rows = await auditOf(other.email, 1);
    expect(rows.map((a) => [a.path, a.statusCode, a.detail.refused])).toEqual([['/api/console/invites', 201, undefined]]);
  });
});
