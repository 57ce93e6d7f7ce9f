/**
 * Two-factor login (TOTP) against PostgreSQL: setting it up, logging in with
 * a code or a recovery code, replayed and wrong codes, the pending login's
 * expiry, the login throttle, turning it off, an admin's reset, and hostile
 * input on every new body. Codes are computed here with otpauth, as an
 * authenticator app would; the app's clock moves a step (30 s) forward
 * whenever a test needs a code not used yet.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { ConsoleClient, type ConsoleReply, PASSWORD, type Person, person } from '../testing/console.js';
import { EMAIL_FREE_FAILURES } from './throttle.js';

let t: TestApp;
const db = () => t.db.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** The code an authenticator shows now, by the app's clock. */
const codeOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + t.clock.offsetMs });
/** The next 30-second step: a code not used yet. */
const nextStep = () => {
  t.clock.offsetMs += 30_000;
};

function expectError(res: ConsoleReply, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.headers['x-request-id']).toMatch(/^req_/);
  expect(res.body).toEqual({ error: { code, message: expect.any(String) } });
}

interface Enrolled extends Person {
  secret: string;
  recoveryCodes: string[];
}

/** A person who turned two-factor login on (their client stays signed in). */
async function enrolled(role: 'admin' | 'viewer' | 'user' = 'viewer'): Promise<Enrolled> {
  const p = await person(t, role);
  const setup = await p.client.post('/api/console/auth/totp/setup', { password: PASSWORD });
  expect(setup.status).toBe(200);
  const confirm = await p.client.post('/api/console/auth/totp/confirm', { code: codeOf(setup.body.secret) });
  expect(confirm.status).toBe(200);
  nextStep();
  return { ...p, secret: setup.body.secret, recoveryCodes: confirm.body.recoveryCodes };
}

/** Password step of a login: the pending login token. */
async function pendingFor(c: ConsoleClient, email: string): Promise<string> {
  const res = await c.login(email, PASSWORD);
  expect(res.status).toBe(202);
  return res.body.pendingLogin;
}

const loginTotp = (c: ConsoleClient, pendingLogin: unknown, code: unknown) => c.post('/api/console/auth/login/totp', { pendingLogin, code });

const userRow = async (email: string) =>
  (
    await rows<{ id: string; totp_secret: string | null; totp_enabled_at: string | null; totp_last_step: number | null }>(
      db(),
      sql`select id, totp_secret, totp_enabled_at, totp_last_step from console_users where lower(email) = lower(${email})`,
    )
  )[0]!;

describe('happy path', () => {
  it('sets up: a sealed secret, its otpauth URI and QR code; nothing changes until a code confirms it; then 10 recovery codes, stored hashed', async () => {
    const p = await person(t, 'viewer');
    const setup = await p.client.post('/api/console/auth/totp/setup', { password: PASSWORD });
    expect(setup.status).toBe(200);
    const { secret, otpauthUri, qrSvg } = setup.body;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Plume:${p.email}`);
    expect(Object.fromEntries(uri.searchParams)).toEqual({ issuer: 'Plume', secret, algorithm: 'SHA1', digits: '6', period: '30' });
    expect(qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    // Sealed at rest: the row holds no trace of the secret.
    const row = await userRow(p.email);
    expect(row.totp_secret).toMatch(/^v1\./);
    expect(row.totp_secret).not.toContain(secret);
    expect(row.totp_enabled_at).toBeNull();
    expect((await p.client.get('/api/console/auth/totp')).body).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    // Not confirmed yet: the password alone still logs in.
    expect((await new ConsoleClient(t.app).login(p.email, PASSWORD)).status).toBe(200);

    const confirm = await p.client.post('/api/console/auth/totp/confirm', { code: codeOf(secret) });
    expect(confirm.status).toBe(200);
    const codes: string[] = confirm.body.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    const stored = await rows<{ code_hash: string }>(db(), sql`select code_hash from console_recovery_codes where user_id = ${row.id}`);
    expect(stored.map((s) => s.code_hash).sort()).toEqual(codes.map((c) => createHash('sha256').update(c).digest('hex')).sort());
    expect((await p.client.get('/api/console/auth/totp')).body).toEqual({ enabled: true, enabledAt: expect.any(String), recoveryCodesLeft: 10 });
    expect((await p.client.get('/api/console/auth/me')).body.user.totpEnabled).toBe(true);
    nextStep();
  });

  it('logs in with a code: the password answers 202 and a pending login without a cookie; the code sets the session', async () => {
    const p = await enrolled();
    const c = new ConsoleClient(t.app);
    const first = await c.login(p.email, PASSWORD);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ secondFactor: 'totp', pendingLogin: expect.stringMatching(/^pcp_[A-Za-z0-9_-]{43}$/), expiresAt: expect.any(String) });
    expect(new Date(first.body.expiresAt).getTime() - (Date.now() + t.clock.offsetMs)).toBeGreaterThan(4.9 * 60_000);
    expect(c.lastSetCookie).toEqual([]);
    expect(c.cookie).toBeNull();
    // Only the pending token's SHA-256 is stored, in PostgreSQL.
    const pending = await rows(db(), sql`select 1 from console_pending_logins where token_hash = encode(sha256(${first.body.pendingLogin}::bytea), 'hex')`);
    expect(pending).toHaveLength(1);

    const second = await loginTotp(c, first.body.pendingLogin, codeOf(p.secret));
    expect(second.status).toBe(200);
    expect(second.body.user).toMatchObject({ email: p.email, totpEnabled: true });
    expect(c.lastSetCookie.join()).toMatch(/plume_console=pcs_.*HttpOnly.*SameSite=Strict/);
    expect((await c.get('/api/console/auth/me')).status).toBe(200);
    // The pending login is used up.
    expect(await rows(db(), sql`select 1 from console_pending_logins where token_hash = encode(sha256(${first.body.pendingLogin}::bytea), 'hex')`)).toHaveLength(0);
    nextStep();
    expectError(await loginTotp(c, first.body.pendingLogin, codeOf(p.secret)), 401, 'login_expired');
  });

  it('a recovery code logs in once, whatever its case and dashes; the count of those left goes down', async () => {
    const p = await enrolled();
    const c = new ConsoleClient(t.app);
    const typed = p.recoveryCodes[3]!.toUpperCase().replace('-', ' ');
    expect((await loginTotp(c, await pendingFor(c, p.email), typed)).status).toBe(200);
    expect((await c.get('/api/console/auth/totp')).body.recoveryCodesLeft).toBe(9);
    const again = new ConsoleClient(t.app);
    expectError(await loginTotp(again, await pendingFor(again, p.email), p.recoveryCodes[3]), 401, 'invalid_code');
    expect(again.cookie).toBeNull();
  });

  it('new recovery codes for a current code: the old ones stop working', async () => {
    const p = await enrolled();
    const fresh = await p.client.post('/api/console/auth/totp/recovery-codes', { code: codeOf(p.secret) });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    const c = new ConsoleClient(t.app);
    const pending = await pendingFor(c, p.email);
    expectError(await loginTotp(c, pending, p.recoveryCodes[0]), 401, 'invalid_code');
    expect((await loginTotp(c, pending, fresh.body.recoveryCodes[0])).status).toBe(200);
  });

  it('turns off with the password and a current code; then the password alone logs in again', async () => {
    const p = await enrolled();
    expectError(await p.client.post('/api/console/auth/totp/disable', { password: 'not the password at all', code: codeOf(p.secret) }), 401, 'invalid_credentials');
    expectError(await p.client.post('/api/console/auth/totp/disable', { password: PASSWORD, code: '000000' === codeOf(p.secret) ? '111111' : '000000' }), 401, 'invalid_code');
    expect((await userRow(p.email)).totp_enabled_at).not.toBeNull();
    const off = await p.client.post('/api/console/auth/totp/disable', { password: PASSWORD, code: codeOf(p.secret) });
    expect(off.status).toBe(204);
    const row = await userRow(p.email);
    expect(row).toMatchObject({ totp_secret: null, totp_enabled_at: null, totp_last_step: null });
    expect(await rows(db(), sql`select 1 from console_recovery_codes where user_id = ${row.id}`)).toHaveLength(0);
    expect((await new ConsoleClient(t.app).login(p.email, PASSWORD)).status).toBe(200);
    expectError(await p.client.post('/api/console/auth/totp/disable', { password: PASSWORD, code: '123456' }), 409, 'totp_not_enabled');
  });

  it('an admin resets a person\'s two-factor login: their pending logins end, the password alone logs in; viewers may not', async () => {
    const admin = await person(t, 'admin');
    const viewer = await person(t, 'viewer');
    const p = await enrolled();
    const c = new ConsoleClient(t.app);
    const pending = await pendingFor(c, p.email);
    expectError(await viewer.client.post(`/api/console/users/${p.user.id}/totp/reset`), 403, 'forbidden');
    const reset = await admin.client.post(`/api/console/users/${p.user.id}/totp/reset`);
    expect(reset.status).toBe(200);
    expect(reset.body.user).toMatchObject({ id: p.user.id, totpEnabled: false });
    expectError(await loginTotp(c, pending, codeOf(p.secret)), 401, 'login_expired');
    expect((await new ConsoleClient(t.app).login(p.email, PASSWORD)).status).toBe(200);
    // The list an admin sees says who has it on.
    const list = await admin.client.get('/api/console/users?limit=200');
    expect(list.body.users.find((u: any) => u.id === p.user.id).totpEnabled).toBe(false);
    expectError(await admin.client.post('/api/console/users/cu_nobody/totp/reset'), 404, 'not_found');
    expectError(await admin.client.post('/api/console/users/not-an-id/totp/reset'), 400, 'validation_failed');
  });
});

describe('errors', () => {
  it('a wrong code: 401 invalid_code, no cookie, and the pending login still takes the right one', async () => {
    const p = await enrolled();
    const c = new ConsoleClient(t.app);
    const pending = await pendingFor(c, p.email);
    const right = codeOf(p.secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const res = await loginTotp(c, pending, wrong);
    expectError(res, 401, 'invalid_code');
    expect(c.lastSetCookie).toEqual([]);
    expect((await loginTotp(c, pending, right)).status).toBe(200);
  });

  it('a code is accepted once: the same code again (a new pending login, another client) is refused, as is the code that confirmed the setup', async () => {
    const p = await person(t, 'viewer');
    const setup = await p.client.post('/api/console/auth/totp/setup', { password: PASSWORD });
    const confirming = codeOf(setup.body.secret);
    expect((await p.client.post('/api/console/auth/totp/confirm', { code: confirming })).status).toBe(200);
    const a = new ConsoleClient(t.app);
    expectError(await loginTotp(a, await pendingFor(a, p.email), confirming), 401, 'invalid_code');
    nextStep();
    const step = Math.floor((Date.now() + t.clock.offsetMs) / 30_000);
    const code = codeOf(setup.body.secret);
    expect((await loginTotp(a, await pendingFor(a, p.email), code)).status).toBe(200);
    const b = new ConsoleClient(t.app);
    expectError(await loginTotp(b, await pendingFor(b, p.email), code), 401, 'invalid_code');
    // The step is kept on the row, where every replica reads it.
    expect((await userRow(p.email)).totp_last_step).toBe(step);
    nextStep();
  });

  it('a pending login expires after 5 minutes: the right code then answers 401 login_expired', async () => {
    const p = await enrolled();
    const c = new ConsoleClient(t.app);
    const pending = await pendingFor(c, p.email);
    t.clock.offsetMs += 5 * 60_000 + 1_000;
    expectError(await loginTotp(c, pending, codeOf(p.secret)), 401, 'login_expired');
    expectError(await loginTotp(c, `pcp_${'A'.repeat(43)}`, codeOf(p.secret)), 401, 'login_expired');
    expectError(await loginTotp(c, 'not a token', codeOf(p.secret)), 401, 'login_expired');
    // Nothing was used up: a fresh login with the same code works.
    expect((await loginTotp(c, await pendingFor(c, p.email), codeOf(p.secret))).status).toBe(200);
    nextStep();
  });

  it('setting up: 401 for a wrong password, 409 once it is on, 409 confirming before any setup, 401 for a wrong confirming code', async () => {
    const p = await person(t, 'viewer');
    expectError(await p.client.post('/api/console/auth/totp/confirm', { code: '123456' }), 409, 'totp_not_enabled');
    expectError(await p.client.post('/api/console/auth/totp/setup', { password: 'a wrong password here' }), 401, 'invalid_credentials');
    const setup = await p.client.post('/api/console/auth/totp/setup', { password: PASSWORD });
    const right = codeOf(setup.body.secret);
    expectError(await p.client.post('/api/console/auth/totp/confirm', { code: right === '654321' ? '123456' : '654321' }), 401, 'invalid_code');
    expect((await userRow(p.email)).totp_enabled_at).toBeNull();
    // A second setup replaces the unconfirmed secret: a code of the first no longer confirms.
    const again = await p.client.post('/api/console/auth/totp/setup', { password: PASSWORD });
    expect(again.body.secret).not.toBe(setup.body.secret);
    expect((await p.client.post('/api/console/auth/totp/confirm', { code: codeOf(again.body.secret) })).status).toBe(200);
    expectError(await p.client.post('/api/console/auth/totp/setup', { password: PASSWORD }), 409, 'totp_already_enabled');
    expectError(await p.client.post('/api/console/auth/totp/confirm', { code: codeOf(again.body.secret) }), 409, 'totp_already_enabled');
    nextStep();
  });
});

describe('throttle', () => {
  it(`wrong codes count like wrong passwords: after ${EMAIL_FREE_FAILURES} the email is refused 429 with Retry-After, the right code too, and a right password does not start the count over`, async () => {
    const p = await enrolled();
    const c = new ConsoleClient(t.app);
    const pending = await pendingFor(c, p.email);
    for (let i = 0; i < EMAIL_FREE_FAILURES - 1; i++) expectError(await loginTotp(c, pending, 'aaaaa-aaaaa'), 401, 'invalid_code');
    // The password is right, but the count of wrong codes goes on.
    const fresh = await pendingFor(new ConsoleClient(t.app), p.email);
    expectError(await loginTotp(c, fresh, 'aaaaa-aaaaa'), 401, 'invalid_code');
    const refused = await loginTotp(c, fresh, codeOf(p.secret));
    expectError(refused, 429, 'login_throttled');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expectError(await new ConsoleClient(t.app).login(p.email, PASSWORD), 429, 'login_throttled');
    // Once the wait is over, the right code logs in and the count starts over.
    await db().execute(sql`update console_login_throttle set blocked_until = null where key = ${`email:${p.email}`}`);
    expect((await loginTotp(c, fresh, codeOf(p.secret))).status).toBe(200);
    expect(await rows(db(), sql`select 1 from console_login_throttle where key = ${`email:${p.email}`}`)).toHaveLength(0);
    nextStep();
  });
});

describe('hostile input', () => {
  it('wrong types, NUL bytes, overlong codes, unknown fields, bad JSON: the console envelope, never a session', async () => {
    const p = await enrolled();
    const c = new ConsoleClient(t.app);
    const pending = await pendingFor(c, p.email);
    const url = '/api/console/auth/login/totp';
    for (const body of [
      { pendingLogin: pending, code: 123456 },
      { pendingLogin: pending, code: null },
      { pendingLogin: pending, code: ['123456'] },
      { pendingLogin: pending, code: { $ne: '' } },
      { pendingLogin: 42, code: '123456' },
      { pendingLogin: pending },
      { pendingLogin: pending, code: '1'.repeat(33) },
      { pendingLogin: pending, code: 'x'.repeat(10_000) },
      { pendingLogin: 'p'.repeat(201), code: '123456' },
      { pendingLogin: pending, code: '123456', admin: true },
      { pendingLogin: pending, code: '' },
    ]) {
      expectError(await c.post(url, body), 400, 'validation_failed');
    }
    expectError(await c.post(url, '{"pendingLogin":'), 400, 'invalid_json');
    expectError(await c.request('POST', url, 'code=123456', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415, 'unsupported_media_type');
    // U+0000 is text no field accepts, the token's included.
    const right = codeOf(p.secret);
    for (const body of [{ pendingLogin: pending, code: `${right}\u0000` }, { pendingLogin: pending, code: `${right.slice(0, 5)}\u0000` }, { pendingLogin: `${pending}\u0000`, code: right }]) {
      expectError(await c.post(url, body), 400, 'validation_failed');
    }
    // Within the length a field allows, a code that is no code is just wrong.
    const forgetFailures = () => db().execute(sql`delete from console_login_throttle where key = ${`email:${p.email}`} or key = ${`ip:${c.ip}`}`);
    for (const code of ['<script>alert(1)</script>', "' or 1=1 --", '１２３４５６', ' 123456 ', 'aaaaa-aaaaa']) {
      // Each is a wrong code (and counts as one): forgotten, so the throttle does not answer first.
      await forgetFailures();
      expectError(await loginTotp(c, pending, code), 401, 'invalid_code');
    }
    expect(c.cookie).toBeNull();
    // None of that used the code up or broke the pending login.
    await forgetFailures();
    expect((await loginTotp(c, pending, right)).status).toBe(200);
    nextStep();
  });

  it('the signed-in bodies refuse wrong types and overlong values too', async () => {
    const p = await enrolled();
    for (const [path, body] of [
      ['/api/console/auth/totp/setup', { password: 12 }],
      ['/api/console/auth/totp/setup', { password: 'x'.repeat(10_001) }],
      ['/api/console/auth/totp/confirm', { code: 123456 }],
      ['/api/console/auth/totp/confirm', { code: '1'.repeat(33) }],
      ['/api/console/auth/totp/disable', { password: PASSWORD }],
      ['/api/console/auth/totp/disable', { password: PASSWORD, code: '1'.repeat(33) }],
      ['/api/console/auth/totp/recovery-codes', { code: false }],
    ] as const) {
      expectError(await p.client.post(path, body), 400, 'validation_failed');
    }
    expectError(await p.client.post('/api/console/auth/totp/disable', { password: PASSWORD, code: `${codeOf(p.secret)}\u0000` }), 400, 'validation_failed');
    expect((await userRow(p.email)).totp_enabled_at).not.toBeNull();
  });
});

describe('auth', () => {
  it('the signed-in routes need the session (401) and, to change anything, its CSRF token (403)', async () => {
    const anonymous = new ConsoleClient(t.app);
    expectError(await anonymous.get('/api/console/auth/totp'), 401, 'not_authenticated');
    for (const path of ['setup', 'confirm', 'disable', 'recovery-codes']) {
      expectError(await anonymous.post(`/api/console/auth/totp/${path}`, {}), 401, 'not_authenticated');
    }
    const p = await person(t, 'viewer');
    expectError(await p.client.post('/api/console/auth/totp/setup', { password: PASSWORD }, { csrf: false }), 403, 'csrf_failed');
    expect((await userRow(p.email)).totp_secret).toBeNull();
    expectError(await anonymous.post('/api/console/users/cu_x/totp/reset'), 401, 'not_authenticated');
  });
});
