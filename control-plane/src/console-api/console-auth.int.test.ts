/**
 * Logging in to the console against PostgreSQL: the cookie and its
 * attributes, the CSRF token, session fixation, idle and absolute expiry
 * (time moved by rewriting rows), revoke-all, password change, and the
 * login throttle shared through the database.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { committedMigrationCount } from '../db/bootstrap.js';
import { rows } from '../db/client.js';
import { createTestApp, TEST_ADMIN_TOKEN, TEST_PASSWORDS, type TestApp } from '../testing/app.js';
import { defaultPasswordHasher } from './passwords.js';
import { ConsoleClient, PASSWORD, type Person, person, uniqueEmail } from '../testing/console.js';
import { EMAIL_FREE_FAILURES, MAX_BLOCK_SECONDS } from './throttle.js';

let t: TestApp;
const db = () => t.db.database.db;
/** Raw rows carry timestamps as text. */
const ms = (at: string | Date) => new Date(at).getTime();

/** Apps a test made for itself, closed with the file's. */
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all([t?.close(), ...cleanups.map((c) => c())]);
});

const sessionRow = async (email: string) =>
  rows<{ id: string; last_seen_at: string; created_at: string; expires_at: string }>(
    db(),
    sql`select s.id, s.last_seen_at, s.created_at, s.expires_at from console_sessions s join console_users u on u.id = s.user_id where lower(u.email) = lower(${email}) order by s.created_at`,
  );

describe('happy path', () => {
  let admin: Person;
  beforeAll(async () => {
    admin = await person(t, 'admin', { name: 'Ada' });
  });

  it('logs in: sets plume_console HttpOnly, SameSite=Strict, Path=/ (no Secure over plain HTTP) and answers the user and a CSRF token', async () => {
    const c = new ConsoleClient(t.app);
    const res = await c.login(admin.email.toUpperCase(), PASSWORD);
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.body.user).toMatchObject({ email: admin.email, name: 'Ada', role: 'admin', integratorUserId: null });
    expect(res.body.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = c.lastSetCookie.find((s) => s.startsWith('plume_console='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    // Only the token's SHA-256 is stored.
    const stored = await rows<{ token_hash: string }>(db(), sql`select token_hash from console_sessions where token_hash = encode(sha256(${c.cookie!}::bytea), 'hex')`);
    expect(stored).toHaveLength(1);
    expect(await rows(db(), sql`select 1 from console_sessions where token_hash = ${c.cookie!}`)).toHaveLength(0);

    const me = await c.get('/api/console/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ user: res.body.user, csrfToken: res.body.csrfToken });
  });

  it('marks the cookie Secure when the request came over TLS: behind a trusted proxy, per X-Forwarded-Proto', async () => {
    const proxied = await buildApp({
      config: { adminToken: TEST_ADMIN_TOKEN, trustProxy: true, logLevel: 'silent', secretKey: undefined, generation: null },
      database: t.db.database,
      expectedMigrations: committedMigrationCount(),
      logger: false,
    });
    try {
      const login = (proto: string) =>
        proxied.inject({
          method: 'POST',
          url: '/api/console/auth/login',
          headers: { 'content-type': 'application/json', 'x-forwarded-proto': proto, 'x-forwarded-for': '203.0.113.7' },
          payload: JSON.stringify({ email: admin.email, password: PASSWORD }),
        });
      const tls = await login('https');
      expect(tls.statusCode).toBe(200);
      expect(String(tls.headers['set-cookie'])).toMatch(/; Secure/);
      const plain = await login('http');
      expect(String(plain.headers['set-cookie'])).not.toMatch(/Secure/);
      // Without trustProxy (the test app) the header is not believed.
      const untrusted = await t.app.inject({
        method: 'POST',
        url: '/api/console/auth/login',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
        payload: JSON.stringify({ email: admin.email, password: PASSWORD }),
        remoteAddress: '10.250.0.1',
      });
      expect(String(untrusted.headers['set-cookie'])).not.toMatch(/Secure/);
    } finally {
      await proxied.close();
    }
  });

  it('logs out: the login ends, the cookie is cleared, the old cookie is refused', async () => {
    const c = new ConsoleClient(t.app);
    await c.login(admin.email, PASSWORD);
    const old = c.cookie!;
    const out = await c.post('/api/console/auth/logout');
    expect(out.status).toBe(204);
    expect(out.text).toBe('');
    expect(c.lastSetCookie.join()).toMatch(/plume_console=;.*Max-Age=0/);
    c.cookie = old;
    const me = await c.get('/api/console/auth/me');
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ error: { code: 'not_authenticated', message: expect.any(String) } });
  });

  it('gives a new session on every login: the cookie before login is not the one after, and the old one is ended', async () => {
    const c = new ConsoleClient(t.app);
    await c.login(admin.email, PASSWORD);
    const before = c.cookie!;
    await c.login(admin.email, PASSWORD);
    expect(c.cookie).not.toBe(before);
    const stale = new ConsoleClient(t.app);
    stale.cookie = before;
    expect((await stale.get('/api/console/auth/me')).status).toBe(401);
    // A cookie planted by someone else (a value the server never issued) is replaced, never adopted.
    const planted = new ConsoleClient(t.app);
    planted.cookie = `pcs_${'A'.repeat(43)}`;
    await planted.login(admin.email, PASSWORD);
    expect(planted.cookie).not.toBe(`pcs_${'A'.repeat(43)}`);
    expect((await planted.get('/api/console/auth/me')).status).toBe(200);
  });

  it('lists the person\'s live sessions and marks the current one', async () => {
    const p = await person(t, 'viewer');
    const other = new ConsoleClient(t.app);
    await other.login(p.email, PASSWORD);
    const res = await p.client.get('/api/console/auth/sessions');
    expect(res.status).toBe(200);
    expect(res.body.sessions).toHaveLength(2);
    expect(res.body.sessions.filter((s: any) => s.current)).toHaveLength(1);
    expect(res.body.sessions[0]).toMatchObject({ id: expect.stringMatching(/^csn_/), createdAt: expect.any(String), lastSeenAt: expect.any(String) });
  });
});

describe('CSRF', () => {
  it('refuses an unsafe request without the header, or with a wrong or another session\'s token (403 csrf_failed); GET needs none', async () => {
    const p = await person(t, 'admin');
    const other = await person(t, 'admin');
    const body = { email: uniqueEmail(), role: 'viewer' };
    const missing = await p.client.post('/api/console/invites', body, { csrf: false });
    expect(missing.status).toBe(403);
    expect(missing.body.error.code).toBe('csrf_failed');
    expect(missing.headers['x-request-id']).toBeTruthy();
    const wrong = await p.client.post('/api/console/invites', body, { csrf: false, headers: { 'x-csrf-token': 'x'.repeat(43) } });
    expect(wrong.body.error.code).toBe('csrf_failed');
    const borrowed = await p.client.post('/api/console/invites', body, { csrf: false, headers: { 'x-csrf-token': other.client.csrf! } });
    expect(borrowed.body.error.code).toBe('csrf_failed');
    expect(await rows(db(), sql`select 1 from console_invites where email = ${body.email}`)).toHaveLength(0);
    expect((await p.client.get('/api/console/users')).status).toBe(200);
    expect((await p.client.post('/api/console/invites', body)).status).toBe(201);
  });

  it('logout without the token is refused too: a cross-site page cannot end a session', async () => {
    const p = await person(t, 'viewer');
    expect((await p.client.post('/api/console/auth/logout', undefined, { csrf: false })).body.error.code).toBe('csrf_failed');
    expect((await p.client.get('/api/console/auth/me')).status).toBe(200);
  });
});

describe('expiry', () => {
  it('ends a session idle for 30 minutes, and keeps one idle for 29', async () => {
    const p = await person(t, 'viewer');
    const [s] = await sessionRow(p.email);
    await db().execute(sql`update console_sessions set last_seen_at = now() - interval '29 minutes' where id = ${s!.id}`);
    expect((await p.client.get('/api/console/auth/me')).status).toBe(200);
    // That request moved last_seen_at forward (it was older than a minute).
    const [touched] = await sessionRow(p.email);
    expect(Date.now() - ms(touched!.last_seen_at)).toBeLessThan(60_000);
    await db().execute(sql`update console_sessions set last_seen_at = now() - interval '30 minutes 1 second' where id = ${s!.id}`);
    const res = await p.client.get('/api/console/auth/me');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('not_authenticated');
    expect(await sessionRow(p.email)).toHaveLength(0);
  });

  it('ends a session at its absolute end, 12 hours after login, however active it is', async () => {
    const p = await person(t, 'viewer');
    const [s] = await sessionRow(p.email);
    expect(ms(s!.expires_at) - ms(s!.created_at)).toBe(12 * 3600_000);
    await db().execute(sql`update console_sessions set created_at = now() - interval '12 hours', expires_at = now() - interval '1 second' where id = ${s!.id}`);
    expect((await p.client.get('/api/console/auth/me')).status).toBe(401);
  });

  it('writes last_seen_at at most once a minute', async () => {
    const p = await person(t, 'viewer');
    const [s] = await sessionRow(p.email);
    const pinned = new Date(Date.now() - 30_000);
    await db().execute(sql`update console_sessions set last_seen_at = ${pinned.toISOString()}::timestamptz where id = ${s!.id}`);
    await p.client.get('/api/console/auth/me');
    await p.client.get('/api/console/auth/me');
    expect(ms((await sessionRow(p.email))[0]!.last_seen_at)).toBe(pinned.getTime());
  });
});

describe('revoke-all, password change, disabling', () => {
  it('revoke-all ends every session of the person, the current one too', async () => {
    const p = await person(t, 'viewer');
    const second = new ConsoleClient(t.app);
    await second.login(p.email, PASSWORD);
    const res = await p.client.post('/api/console/auth/sessions/revoke-all');
    expect(res.status).toBe(204);
    expect((await p.client.get('/api/console/auth/me')).status).toBe(401);
    expect((await second.get('/api/console/auth/me')).status).toBe(401);
    expect(await sessionRow(p.email)).toHaveLength(0);
  });

  it('a password change keeps the current login, ends the others, and only the new password logs in', async () => {
    const p = await person(t, 'viewer');
    const second = new ConsoleClient(t.app);
    await second.login(p.email, PASSWORD);
    const weak = await p.client.post('/api/console/auth/password', { currentPassword: PASSWORD, newPassword: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.error.code).toBe('password_too_weak');
    const long = await p.client.post('/api/console/auth/password', { currentPassword: PASSWORD, newPassword: 'x'.repeat(201) });
    expect(long.body.error.code).toBe('password_too_weak');
    const wrong = await p.client.post('/api/console/auth/password', { currentPassword: 'not the password at all', newPassword: 'a brand new passphrase' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('invalid_credentials');
    expect((await p.client.get('/api/console/auth/me')).status).toBe(200);

    const changed = await p.client.post('/api/console/auth/password', { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' });
    expect(changed.status).toBe(204);
    expect((await p.client.get('/api/console/auth/me')).status).toBe(200);
    expect((await second.get('/api/console/auth/me')).status).toBe(401);
    expect((await new ConsoleClient(t.app).login(p.email, PASSWORD)).status).toBe(401);
    expect((await new ConsoleClient(t.app).login(p.email, 'a brand new passphrase')).status).toBe(200);
    const [hash] = await rows<{ password_hash: string }>(db(), sql`select password_hash from console_users where email = ${p.email}`);
    // Stored as a PHC string at the app's cost (today's is checked in passwords.test.ts).
    const { ln, r, p: par } = TEST_PASSWORDS.params;
    expect(hash!.password_hash).toMatch(new RegExp(`^\\$scrypt\\$ln=${ln},r=${r},p=${par}\\$[A-Za-z0-9+/]{22}\\$[A-Za-z0-9+/]{43}$`));
  });

  it('disabling a person ends their sessions and refuses their login like a wrong password', async () => {
    const admin = await person(t, 'admin');
    const p = await person(t, 'viewer');
    const res = await admin.client.post(`/api/console/users/${p.user.id}/disable`);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: p.user.id, disabledAt: expect.any(String) });
    expect((await p.client.get('/api/console/auth/me')).status).toBe(401);
    const again = await new ConsoleClient(t.app).login(p.email, PASSWORD);
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('invalid_credentials');
    const self = await admin.client.post(`/api/console/users/${admin.user.id}/disable`);
    expect(self.status).toBe(403);
    expect(self.body.error.code).toBe('forbidden');
    const unknown = await admin.client.post('/api/console/users/cu_nobody/disable');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
  });
});

describe('wrong password and unknown email', () => {
  it('answer the same 401 invalid_credentials, in similar time', async () => {
    // At today's scrypt cost, as the control plane runs (the other tests use the cheaper test cost).
    const real = await createTestApp({ passwords: defaultPasswordHasher });
    cleanups.push(() => real.close());
    const p = await person(real, 'viewer');
    // Warm the decoy hash (made once per process) so neither side pays for it below.
    await new ConsoleClient(real.app).login(uniqueEmail('warm'), PASSWORD);
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await new ConsoleClient(real.app).login(email, 'a wrong password here');
      return { res, ms: performance.now() - started };
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      const a = await timed(p.email);
      const b = await timed(uniqueEmail('nobody'));
      expect(a.res.status).toBe(401);
      expect(b.res.status).toBe(401);
      expect(b.res.body).toEqual(a.res.body);
      expect(a.res.body).toEqual({ error: { code: 'invalid_credentials', message: 'Wrong email or password' } });
      wrong.push(a.ms);
      unknown.push(b.ms);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[1]!;
    // Both are one scrypt (hundreds of milliseconds); the medians are within a factor of 3 on a loaded machine.
    expect(median(unknown) / median(wrong)).toBeGreaterThan(1 / 3);
    expect(median(unknown) / median(wrong)).toBeLessThan(3);
  }, 60_000);
});

describe('throttling', () => {
  const throttleRow = async (key: string) =>
    (await rows<{ failures: number; blocked_until: string | null }>(db(), sql`select failures, blocked_until from console_login_throttle where key = ${key}`))[0];

  it(`refuses an email after ${EMAIL_FREE_FAILURES} failures with 429 login_throttled and Retry-After, even with the right password, and counts nothing while refused`, async () => {
    const p = await person(t, 'viewer');
    for (let i = 0; i < EMAIL_FREE_FAILURES; i++) {
      // A new address each time: this is the per-account limit.
      expect((await new ConsoleClient(t.app).login(p.email, 'not the password, no')).status).toBe(401);
    }
    const refused = await new ConsoleClient(t.app).login(p.email, PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('login_throttled');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(2);
    expect((await throttleRow(`email:${p.email}`))!.failures).toBe(EMAIL_FREE_FAILURES);

    // The wait runs out (moved by rewriting the row): the right password logs in and the count starts over.
    await db().execute(sql`update console_login_throttle set blocked_until = now() - interval '1 second' where key = ${`email:${p.email}`}`);
    expect((await new ConsoleClient(t.app).login(p.email, PASSWORD)).status).toBe(200);
    expect(await throttleRow(`email:${p.email}`)).toBeUndefined();
  });

  it('an unknown email is throttled exactly like a known one', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < EMAIL_FREE_FAILURES; i++) await new ConsoleClient(t.app).login(email, 'whatever password');
    const refused = await new ConsoleClient(t.app).login(email, 'whatever password');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('login_throttled');
  });

  it(`doubles the wait with each failure and never waits more than ${MAX_BLOCK_SECONDS / 60} minutes`, async () => {
    const p = await person(t, 'viewer');
    const key = `email:${p.email}`;
    // Forty failures already, the last wait over.
    await db().execute(sql`insert into console_login_throttle (key, failures, last_failure_at, blocked_until)
      values (${key}, 40, now() - interval '1 minute', now() - interval '1 second')`);
    expect((await new ConsoleClient(t.app).login(p.email, 'still not the password')).status).toBe(401);
    const refused = await new ConsoleClient(t.app).login(p.email, PASSWORD);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(MAX_BLOCK_SECONDS - 10);
    expect(wait).toBeLessThanOrEqual(MAX_BLOCK_SECONDS);
    const row = await throttleRow(key);
    expect(ms(row!.blocked_until!) - Date.now()).toBeLessThanOrEqual(MAX_BLOCK_SECONDS * 1000);

    // The next failure after that wait: still the cap, not more.
    await db().execute(sql`update console_login_throttle set blocked_until = now() - interval '1 second' where key = ${key}`);
    await new ConsoleClient(t.app).login(p.email, 'still not the password');
    expect(Number((await new ConsoleClient(t.app).login(p.email, PASSWORD)).headers['retry-after'])).toBeLessThanOrEqual(MAX_BLOCK_SECONDS);

    // A failure after an hour of quiet starts the count over: no wait at all.
    await db().execute(sql`update console_login_throttle set blocked_until = null, last_failure_at = now() - interval '61 minutes' where key = ${key}`);
    expect((await new ConsoleClient(t.app).login(p.email, 'still not the password')).status).toBe(401);
    expect((await throttleRow(key))!.failures).toBe(1);
    expect((await new ConsoleClient(t.app).login(p.email, PASSWORD)).status).toBe(200);
  });

  it('per address: many emails from one address are refused once it passes its own limit', async () => {
    const c = new ConsoleClient(t.app);
    let last = await c.login(uniqueEmail('spray'), 'a wrong password');
    for (let i = 0; i < 25 && last.status !== 429; i++) last = await c.login(uniqueEmail('spray'), 'a wrong password');
    expect(last.status).toBe(429);
    expect(last.body.error.code).toBe('login_throttled');
    // Another address is not affected.
    expect((await new ConsoleClient(t.app).login(uniqueEmail('spray'), 'a wrong password')).status).toBe(401);
  }, 120_000);

  it('parallel attempts cannot slip past the limit: each is counted before its password is checked', async () => {
    const email = uniqueEmail('burst');
    const answers = await Promise.all(Array.from({ length: EMAIL_FREE_FAILURES + 3 }, () => new ConsoleClient(t.app).login(email, 'a wrong password')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(EMAIL_FREE_FAILURES);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(3);
  }, 60_000);
});
