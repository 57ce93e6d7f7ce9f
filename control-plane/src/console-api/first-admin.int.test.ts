/**
 * The first console admin of a new installation: at a start with no admin the
 * control plane prints a one-time setup link and writes it to
 * `console-setup-link` (0600) in its data directory; the link's page asks for
 * the email, name and password and makes an admin; once an admin exists every
 * setup link is spent and a start prints none. Over HTTP (app.inject), and the
 * compiled control plane in a child process for what a start prints (run
 * `npx tsc -b` first).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.js';
import { ConsoleClient, PASSWORD, uniqueEmail } from '../testing/console.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../testing/db.js';
import { consoleBaseUrl, prepareFirstAdminSetup, SETUP_LINK_FILE } from './first-admin.js';

const MAIN_JS = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

let t: TestApp;
const dirs: string[] = [];
const dataDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'plume-first-admin-'));
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const tokenOf = (url: string) => url.slice(url.indexOf('/invite/') + '/invite/'.length);
const db = () => t.db.database.db;

describe('happy path', () => {
  it('a start with no admin writes a 0600 link whose page makes the first admin, who is logged in and can invite; the link is then spent', async () => {
    const dir = dataDir();
    const setup = await prepareFirstAdminSetup(db(), { baseUrl: 'http://127.0.0.1:8080', dataDir: dir });
    expect(setup).not.toBeNull();
    expect(setup!.url).toMatch(/^http:\/\/127\.0\.0\.1:8080\/invite\/pci_[A-Za-z0-9_-]{43}$/);
    const file = join(dir, SETUP_LINK_FILE);
    expect(setup!.file).toBe(file);
    expect(readFileSync(file, 'utf8')).toBe(`${setup!.url}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const token = tokenOf(setup!.url);
    const person = new ConsoleClient(t.app);
    expect((await person.get(`/api/console/invites/${token}`)).body).toEqual({ email: null, role: 'admin', name: null, setup: true });
    const email = uniqueEmail('first-admin');
    const accepted = await person.post(`/api/console/invites/${token}/accept`, { email, name: 'First Admin', password: PASSWORD });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.user).toMatchObject({ email, role: 'admin', name: 'First Admin' });
    expect((await person.post('/api/console/invites', { email: uniqueEmail(), role: 'viewer' })).status).toBe(201);
    expect((await new ConsoleClient(t.app).login(email, PASSWORD)).status).toBe(200);

    // Used: the link answers as any spent invite does.
    const again = await new ConsoleClient(t.app).post(`/api/console/invites/${token}/accept`, { email: uniqueEmail(), name: 'Second', password: PASSWORD });
    expect(again).toMatchObject({ status: 410, body: { error: { code: 'invite_invalid' } } });
    // A start with an admin prints nothing and removes the old file.
    expect(await prepareFirstAdminSetup(db(), { baseUrl: 'http://127.0.0.1:8080', dataDir: dir })).toBeNull();
    expect(existsSync(file)).toBe(false);
  });
});

describe('errors', () => {
  it('the first admin made from one link spends the others; an ordinary invite takes no email and a setup link needs one', async () => {
    await db().execute(sql`update console_users set disabled_at = now() where role = 'admin' and disabled_at is null`);
    const first = await prepareFirstAdminSetup(db(), { baseUrl: 'http://127.0.0.1:8080', dataDir: null });
    const second = await prepareFirstAdminSetup(db(), { baseUrl: 'http://127.0.0.1:8080', dataDir: null });
    expect(first && second).toBeTruthy();
    expect(first!.file).toBeNull();

    const person = new ConsoleClient(t.app);
    const noEmail = await person.post(`/api/console/invites/${tokenOf(first!.url)}/accept`, { name: 'No Email', password: PASSWORD });
    expect(noEmail).toMatchObject({ status: 400, body: { error: { code: 'validation_failed' } } });
    expect(noEmail.body.error.message).toMatch(/give the email you will log in with/);
    const badEmail = await person.post(`/api/console/invites/${tokenOf(first!.url)}/accept`, { email: 'not-an-email', name: 'Bad', password: PASSWORD });
    expect(badEmail.status).toBe(400);

    // Both at once: exactly one becomes the admin, the other link is spent.
    const [a, b] = await Promise.all(
      [first!, second!].map((s, i) => new ConsoleClient(t.app).post(`/api/console/invites/${tokenOf(s.url)}/accept`, { email: uniqueEmail(`race-${i}`), name: `Racer ${i}`, password: PASSWORD })),
    );
    expect([a!.status, b!.status].sort()).toEqual([200, 410]);
    const admins = await rows<{ n: number }>(db(), sql`select count(*)::int as n from console_users where role = 'admin' and disabled_at is null`);
    expect(admins[0]!.n).toBe(1);
    expect((await person.get(`/api/console/invites/${tokenOf(first!.url)}`)).status).toBe(410);
    expect((await person.get(`/api/console/invites/${tokenOf(second!.url)}`)).status).toBe(410);

    // An admin's ordinary invite: its email is fixed, none may be given.
    const admin = new ConsoleClient(t.app);
    const winner = a!.status === 200 ? a! : b!;
    expect((await admin.login(winner.body.user.email, PASSWORD)).status).toBe(200);
    const invite = await admin.post('/api/console/invites', { email: uniqueEmail('viewer'), role: 'viewer' });
    const withEmail = await new ConsoleClient(t.app).post(`/api/console/invites/${invite.body.invite.token}/accept`, { email: uniqueEmail(), name: 'V', password: PASSWORD });
    expect(withEmail).toMatchObject({ status: 400, body: { error: { code: 'validation_failed' } } });
  });

  it('a data directory it cannot write: the link is still made and returned, with why the file is missing', async () => {
    await db().execute(sql`update console_users set disabled_at = now() where role = 'admin' and disabled_at is null`);
    const notADir = join(dataDir(), 'a-file');
    writeFileSync(notADir, 'x');
    const setup = await prepareFirstAdminSetup(db(), { baseUrl: 'http://127.0.0.1:8080', dataDir: notADir });
    expect(setup).toMatchObject({ file: null, fileError: expect.stringMatching(/a-file\/console-setup-link: ENOTDIR$/) });
    expect((await new ConsoleClient(t.app).get(`/api/console/invites/${tokenOf(setup!.url)}`)).body).toMatchObject({ setup: true });
  });

  it('the link names an address a person can open: a wildcard listen address is this host', () => {
    expect(consoleBaseUrl('0.0.0.0', 8080)).toBe('http://127.0.0.1:8080');
    expect(consoleBaseUrl('::', 8080)).toBe('http://127.0.0.1:8080');
    expect(consoleBaseUrl('::1', 9000)).toBe('http://[::1]:9000');
    expect(consoleBaseUrl('plume.internal', 80)).toBe('http://plume.internal:80');
  });
});

describe.skipIf(!hasPostgres())('a start', () => {
  let fresh: TestDatabase;
  beforeAll(async () => {
    fresh = await createTestDatabase();
  });
  afterAll(async () => fresh?.close());

  it('with no admin prints the link once it listens; the page it names is the console\'s', async () => {
    if (!existsSync(MAIN_JS)) throw new Error(`${MAIN_JS} is missing: run \`npx tsc -b\` first`);
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const child = spawn(process.execPath, [MAIN_JS], {
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: fresh.url!, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    const printed = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString();
        const m = /^plume: {3}(http:\/\/\S+\/invite\/pci_\S+)$/m.exec(err);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`the control plane exited (${code}) without a setup link:\n${err}`)));
    });
    child.kill('SIGTERM');
    expect(err).toMatch(/plume: the console has no admin yet\. Create the first one with this one-time link/);
    expect(printed.startsWith(`http://127.0.0.1:${port}/invite/pci_`)).toBe(true);
    const token = tokenOf(printed);
    expect((await new ConsoleClient(t.app).get(`/api/console/invites/${token}`)).status).toBe(410); // another database: unknown here
    const found = await rows<{ n: number }>(fresh.database.db, sql`select count(*)::int as n from console_invites where created_by = 'setup' and used_at is null`);
    expect(found[0]!.n).toBe(1);
  }, 120_000);
});
