/**
 * Invites and people: single use under concurrent accepts, expiry, emails
 * unique whatever their case, what each role may do, and text (XSS payloads
 * included) stored as sent and answered as JSON.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { ConsoleClient, invite, PASSWORD, type Person, person, uniqueEmail } from '../testing/console.js';
import { createUser } from '../testing/openapi.js';

let t: TestApp;
let admin: Person;
const db = () => t.db.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, 'admin');
});
afterAll(async () => t?.close());

describe('invites', () => {
  it('an admin invites; the link shows email and role; accepting creates the person and logs them in', async () => {
    const email = uniqueEmail('new');
    const made = await admin.client.post('/api/console/invites', { email, role: 'viewer', name: 'Vera' });
    expect(made.status).toBe(201);
    const { invite: inv } = made.body;
    expect(inv).toMatchObject({ id: expect.stringMatching(/^cinv_/), email, role: 'viewer', token: expect.stringMatching(/^pci_/) });
    expect(inv.url).toBe(`/invite/${inv.token}`);
    expect(new Date(inv.expiresAt).getTime() - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    // Only the token's SHA-256 is stored.
    expect(await rows(db(), sql`select 1 from console_invites where token_hash = ${inv.token}`)).toHaveLength(0);
    expect(await rows(db(), sql`select 1 from console_invites where token_hash = encode(sha256(${inv.token}::bytea), 'hex')`)).toHaveLength(1);

    const anon = new ConsoleClient(t.app);
    const shown = await anon.get(`/api/console/invites/${inv.token}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ email, role: 'viewer', name: 'Vera', setup: false });
    const weak = await anon.post(`/api/console/invites/${inv.token}/accept`, { name: 'Vera', password: 'too short' });
    expect(weak.status).toBe(400);
    expect(weak.body.error.code).toBe('password_too_weak');
    const accepted = await anon.post(`/api/console/invites/${inv.token}/accept`, { name: 'Vera V.', password: PASSWORD });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({ email, name: 'Vera V.', role: 'viewer', integratorUserId: null, disabledAt: null });
    expect((await anon.get('/api/console/auth/me')).body.user.email).toBe(email);
    const gone = await new ConsoleClient(t.app).get(`/api/console/invites/${inv.token}`);
    expect(gone.status).toBe(410);
    expect(gone.body.error.code).toBe('invite_invalid');
  });

  it('is single use: of two accepts at once exactly one succeeds, the other answers 410', async () => {
    const inv = await invite(t, { role: 'viewer' });
    const [a, b] = await Promise.all([
      new ConsoleClient(t.app).post(`/api/console/invites/${inv.token}/accept`, { name: 'One', password: PASSWORD }),
      new ConsoleClient(t.app).post(`/api/console/invites/${inv.token}/accept`, { name: 'Two', password: PASSWORD }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 410]);
    expect([a, b].find((r) => r.status === 410)!.body.error.code).toBe('invite_invalid');
    expect(await rows(db(), sql`select 1 from console_users where email = ${inv.email}`)).toHaveLength(1);
    const [used] = await rows<{ used_by: string }>(db(), sql`select used_by from console_invites where id = ${inv.id}`);
    expect(used!.used_by).toBe([a, b].find((r) => r.status === 200)!.body.user.id);
  }, 60_000);

  it('expires after 7 days: an expired invite answers 410 to both reading and accepting, also when two try at once', async () => {
    const inv = await invite(t, { role: 'viewer' });
    await db().execute(sql`update console_invites set expires_at = now() - interval '1 second' where id = ${inv.id}`);
    expect((await new ConsoleClient(t.app).get(`/api/console/invites/${inv.token}`)).status).toBe(410);
    const answers = await Promise.all([1, 2].map(() => new ConsoleClient(t.app).post(`/api/console/invites/${inv.token}/accept`, { name: 'Late', password: PASSWORD })));
    expect(answers.map((r) => r.status)).toEqual([410, 410]);
    expect(await rows(db(), sql`select 1 from console_users where email = ${inv.email}`)).toHaveLength(0);
    const unknown = await new ConsoleClient(t.app).get(`/api/console/invites/pci_${'x'.repeat(43)}`);
    expect(unknown.status).toBe(410);
    expect((await new ConsoleClient(t.app).get('/api/console/invites/not-a-token')).status).toBe(410);
  });

  it('emails are unique whatever their case: inviting a taken one answers 409 email_taken', async () => {
    const res = await admin.client.post('/api/console/invites', { email: admin.email.toUpperCase(), role: 'viewer' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('email_taken');
    // An invite whose email got taken meanwhile stays open: accepting it answers 409 and consumes nothing.
    const email = uniqueEmail('twice');
    const first = await invite(t, { role: 'viewer', email });
    const second = await invite(t, { role: 'viewer', email: email.toUpperCase() });
    expect((await new ConsoleClient(t.app).post(`/api/console/invites/${first.token}/accept`, { name: 'A', password: PASSWORD })).status).toBe(200);
    const clash = await new ConsoleClient(t.app).post(`/api/console/invites/${second.token}/accept`, { name: 'B', password: PASSWORD });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('email_taken');
    expect(await rows(db(), sql`select 1 from console_invites where id = ${second.id} and used_at is null`)).toHaveLength(1);
  });

  it('role user needs an existing integrator user id; the other roles refuse one', async () => {
    const integrator = await createUser(t.app, t.adminHeaders);
    const missing = await admin.client.post('/api/console/invites', { email: uniqueEmail(), role: 'user' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('validation_failed');
    const extra = await admin.client.post('/api/console/invites', { email: uniqueEmail(), role: 'viewer', integratorUserId: integrator.id });
    expect(extra.body.error.code).toBe('validation_failed');
    const nobody = await admin.client.post('/api/console/invites', { email: uniqueEmail(), role: 'user', integratorUserId: 2_000_000_000 });
    expect(nobody.body.error.code).toBe('validation_failed');
    const ok = await admin.client.post('/api/console/invites', { email: uniqueEmail(), role: 'user', integratorUserId: integrator.id });
    expect(ok.status).toBe(201);
  });
});

describe('integrators by name', () => {
  const plan = { name: 'basic', permissions: ['publish'], perMinuteLimit: 60, dailyLimit: 1000, cmsEnabled: false };
  const made = async (name: string, email?: string) => {
    const res = await admin.client.post('/api/admin/users', { name, ...(email ? { email } : {}), plan });
    expect(res.status).toBe(201);
    return res.body.user as { id: number; name: string };
  };

  it('the list of people names the integrator each user acts as', async () => {
    const integrator = await made('Northwind <b>Traders</b>');
    const linked = await person(t, 'user', { integratorUserId: integrator.id });
    const viewer = await person(t, 'viewer');
    const all = (await admin.client.get('/api/console/users?limit=200')).body.users as Array<{ id: string; integratorUserId: number | null; integratorName: string | null }>;
    expect(all.find((u) => u.id === linked.user.id)).toMatchObject({ integratorUserId: integrator.id, integratorName: 'Northwind <b>Traders</b>' });
    expect(all.find((u) => u.id === viewer.user.id)).toMatchObject({ integratorUserId: null, integratorName: null });
  });

  it('the admin API finds integrators by part of their name or email (any case) or by id, for the invite form\'s picker', async () => {
    const tag = uniqueEmail('kw').split('@')[0]!;
    const a = await made(`Alpha ${tag} Media`);
    const b = await made('Beta Media', `${tag}@beta.example`);
    const percent = await made(`Gamma 50% ${tag}`);
    const ids = async (keyword: string) => {
      const res = await admin.client.get(`/api/admin/users?keyword=${encodeURIComponent(keyword)}&pageSize=50`);
      expect(res.status, keyword).toBe(200);
      return (res.body.items as Array<{ id: number }>).map((u) => u.id);
    };
    expect(await ids(tag.toUpperCase())).toEqual([a.id, b.id, percent.id]);
    expect(await ids(`alpha ${tag}`)).toEqual([a.id]);
    // LIKE's wildcards are text: "50%" matches only the name holding "50%".
    expect(await ids(`50% ${tag}`)).toEqual([percent.id]);
    expect(await ids(`5_% ${tag}`)).toEqual([]);
    expect(await ids(String(b.id))).toContain(b.id);
    const counted = await admin.client.get(`/api/admin/users?keyword=${encodeURIComponent(tag)}&pageSize=1`);
    expect(counted.body).toMatchObject({ total: 3, pageSize: 1 });
    expect(counted.body.items).toHaveLength(1);
    // A viewer's picker reads it too.
    expect((await (await person(t, 'viewer')).client.get(`/api/admin/users?keyword=${encodeURIComponent(tag)}`)).body.total).toBe(3);
  });

  it('an empty, too long or NUL keyword is refused (400 INVALID_REQUEST)', async () => {
    for (const keyword of ['', '   ', 'x'.repeat(201), 'a\u0000b']) {
      const res = await admin.client.get(`/api/admin/users?keyword=${encodeURIComponent(keyword)}`);
      expect(res.status, JSON.stringify(keyword)).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'INVALID_REQUEST' });
    }
  });
});

describe('roles', () => {
  it('a viewer lists people but may not invite or disable (403 forbidden)', async () => {
    const viewer = await person(t, 'viewer');
    const list = await viewer.client.get('/api/console/users?limit=500');
    expect(list.status).toBe(400);
    expect(list.body.error.code).toBe('validation_failed');
    const page = await viewer.client.get('/api/console/users?limit=2&offset=0');
    expect(page.status).toBe(200);
    expect(page.body.users).toHaveLength(2);
    expect(page.body.total).toBeGreaterThanOrEqual(2);
    expect(page.body.users[0]).not.toHaveProperty('passwordHash');
    const inviteRes = await viewer.client.post('/api/console/invites', { email: uniqueEmail(), role: 'viewer' });
    expect(inviteRes.status).toBe(403);
    expect(inviteRes.body.error.code).toBe('forbidden');
    expect((await viewer.client.post(`/api/console/users/${admin.user.id}/disable`)).body.error.code).toBe('forbidden');
  });

  it('an integrator (role user) sees neither people nor invites, and a viewer or admin has no integrator pages', async () => {
    const integrator = await createUser(t.app, t.adminHeaders);
    const user = await person(t, 'user', { integratorUserId: integrator.id });
    expect(user.user.integratorUserId).toBe(integrator.id);
    expect((await user.client.get('/api/console/users')).status).toBe(403);
    expect((await user.client.post('/api/console/invites', { email: uniqueEmail(), role: 'admin' })).status).toBe(403);
    expect((await admin.client.get('/api/console/me/api-keys')).body.error.code).toBe('forbidden');
  });

  it('a route with no session answers 401 not_authenticated', async () => {
    const res = await new ConsoleClient(t.app).get('/api/console/users');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('not_authenticated');
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

describe('hostile text', () => {
  const payloads = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "javascript:alert('x')", '{{constructor.constructor("alert(1)")()}}', '\u202Eevil'];

  it('names are stored verbatim and answered as JSON, never as HTML', async () => {
    for (const name of payloads) {
      const inv = await invite(t, { role: 'viewer', name });
      const shown = await new ConsoleClient(t.app).get(`/api/console/invites/${inv.token}`);
      expect(shown.headers['content-type']).toMatch(/^application\/json/);
      expect(shown.body.name).toBe(name);
      const c = new ConsoleClient(t.app);
      const accepted = await c.post(`/api/console/invites/${inv.token}/accept`, { name, password: PASSWORD });
      expect(accepted.headers['content-type']).toMatch(/^application\/json/);
      expect(accepted.body.user.name).toBe(name);
      expect(accepted.text).not.toContain('<html');
      const [stored] = await rows<{ name: string }>(db(), sql`select name from console_users where email = ${inv.email}`);
      expect(stored!.name).toBe(name);
    }
    const listed = await admin.client.get('/api/console/users?limit=200');
    expect(listed.headers['content-type']).toMatch(/^application\/json/);
    expect(listed.body.users.map((u: any) => u.name)).toEqual(expect.arrayContaining(payloads));
  }, 120_000);
});
