/**
 * The console's defences, in Debian's Chromium against a control plane
 * process on PostgreSQL: a session cookie planted before login is never the
 * session after it; a page on another origin that posts to the console with
 * the victim's cookie present (a form that submits itself, and fetch) is
 * refused and changes nothing; two-factor login is set up on the account
 * page (QR code, secret, recovery codes) and then needed at login, with the
 * codes computed here by otpauth as an authenticator app would. Every page
 * of it passes axe-core.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../control-plane/src/db/client.js';
import { hasPostgres } from '../control-plane/src/testing/db.js';
import { acceptInvite, type ConsoleWorld, createAdminInvite, eventually, expectAccessible, expectFitsWidth, logIn, PHONE, startConsoleWorld } from './support/console-browser.js';

const EMAIL = 'security-admin@example.test';
const PASSWORD = 'correct horse battery staple';

/** What follows a password check: scrypt (128 MiB, a few hundred milliseconds, longer on a busy machine) before the page moves on. */
const HASHING = { timeout: 60_000 };

let world: ConsoleWorld;
let attacker: { server: Server; url: string };
let victim: BrowserContext;
let victimPage: Page;

/** The code an authenticator shows `stepsAhead` steps from now (the server accepts one step either side). */
const codeOf = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

const consoleCookie = async (context: BrowserContext) => (await context.cookies(world.cp.url)).find((c) => c.name === 'plume_console')?.value;

/** GET /auth/me with this cookie, outside any browser: 200 while its session lives. */
const meWith = async (token: string) => (await fetch(`${world.cp.url}/api/console/auth/me`, { headers: { cookie: `plume_console=${token}` } })).status;

/** Another origin (another port: same site, so SameSite=Strict still sends the cookie) serving the pages given per path. */
async function startAttacker(pages: Record<string, string>): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const page = pages[req.url ?? ''];
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page ?? 'not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

// Each test checks several passwords in the page (scrypt), hence more time than a page walk needs.
describe.skipIf(!hasPostgres())('console security in a browser', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    world = await startConsoleWorld('console-security');
    const target = world.cp.url;
    attacker = await startAttacker({
      // A form posting JSON-looking text/plain (no preflight) to a console route that would end every session.
      '/form': `<!doctype html><html lang="en"><title>Win a prize</title><body>
        <form id="f" method="POST" action="${target}/api/console/auth/sessions/revoke-all" enctype="text/plain">
          <input type="hidden" name='{"x":"' value='"}'>
        </form>
        <script>document.getElementById('f').submit()</script></body></html>`,
      // fetch with the cookie: a simple request (text/plain, no preflight) and a JSON one (preflighted, no CORS).
      '/fetch': `<!doctype html><html lang="en"><title>Cats</title><body><script>
        const invite = JSON.stringify({ email: 'intruder@example.test', role: 'admin' });
        window.done = Promise.allSettled([
          fetch('${target}/api/console/invites', { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: invite }),
          fetch('${target}/api/console/invites', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: invite }),
          fetch('${target}/api/console/auth/logout', { method: 'POST', mode: 'no-cors', credentials: 'include' }),
        ]).then((results) => results.map((r) => r.status));
      </script></body></html>`,
    });
    victim = await world.browser.newContext({ viewport: { width: 1280, height: 900 } });
    victimPage = await world.newPage(victim, 'victim');
    await acceptInvite(victimPage, `${target}${await createAdminInvite(world, EMAIL, 'Vera Victim')}`, 'Vera Victim', PASSWORD);
    await victimPage.waitForURL(`${target}/`, HASHING);
  }, 120_000);

  afterAll(async () => {
    await victim?.close();
    attacker?.server.closeAllConnections();
    await new Promise((resolve) => attacker?.server.close(resolve));
    await world?.close();
  }, 120_000);

  it('session fixation: a cookie planted before login, real or made up, is not the session after it, and the planted session ends', async () => {
    // A session someone else obtained (here: a login of the same person elsewhere), and a value the server never issued.
    const login = await fetch(`${world.cp.url}/api/console/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
    const planted = /plume_console=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
    expect(await meWith(planted)).toBe(200);
    for (const value of [planted, `pcs_${'A'.repeat(43)}`]) {
      const context = await world.browser.newContext();
      await context.addCookies([{ name: 'plume_console', value, url: world.cp.url, httpOnly: true, sameSite: 'Strict' }]);
      const page = await world.newPage(context, 'fixation');
      await logIn(page, world.cp.url, EMAIL, PASSWORD);
      await page.waitForURL(`${world.cp.url}/`, HASHING);
      const after = (await consoleCookie(context))!;
      expect(after).toMatch(/^pcs_/);
      expect(after).not.toBe(value);
      expect(await meWith(after)).toBe(200);
      await context.close();
    }
    expect(await meWith(planted)).toBe(401);
  });

  it('CSRF: another origin\'s self-submitting form and fetches reach the console with the cookie, are refused 403, and change nothing', async () => {
    const before = (await consoleCookie(victim))!;
    // The attacker's pages are not the console's: their console errors (the blocked preflight) are theirs.
    const page = await victim.newPage();
    await page.goto(`${attacker.url}/form`);
    // The form navigated to the console's answer: the cookie went along (else 401), the missing CSRF token refused it.
    await page.waitForURL(`${world.cp.url}/api/console/auth/sessions/revoke-all`);
    expect(JSON.parse((await page.locator('body').textContent())!)).toEqual({ error: { code: 'csrf_failed', message: expect.any(String) } });

    const fetching = await victim.newPage();
    await fetching.goto(`${attacker.url}/fetch`);
    const outcomes = await fetching.evaluate(() => (window as unknown as { done: Promise<string[]> }).done);
    // The no-cors posts were sent (opaque answers); the JSON one was stopped by its preflight.
    expect(outcomes).toEqual(['fulfilled', 'rejected', 'fulfilled']);

    expect(await rows(world.db.database.db, sql`select 1 from console_invites where email = 'intruder@example.test'`)).toHaveLength(0);
    expect(await consoleCookie(victim)).toBe(before);
    expect(await meWith(before)).toBe(200);
    await victimPage.goto(`${world.cp.url}/users`);
    await eventually(() => victimPage.getByRole('table', { name: 'Console users' }).count()).toBe(1);
    await page.close();
    await fetching.close();
  });

  it('two-factor login: set up on the account page with the QR code\'s secret and a code, recovery codes shown once, then needed at login', async () => {
    const page = victimPage;
    await page.goto(`${world.cp.url}/account`);
    await page.getByLabel(/^Your password\W*$/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Set up two-factor login' }).click();
    const qr = page.getByRole('img', { name: /QR code of your two-factor secret/ });
    await eventually(() => qr.count(), HASHING.timeout).toBe(1);
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const secret = await page.getByLabel('Secret key').inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page, 'two-factor setup');

    // A wrong code is refused with the API's message, and leaves it off.
    const right = codeOf(secret);
    await page.getByLabel(/^Code from the app/).fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await eventually(() => page.getByRole('alert').textContent()).toMatch(/Wrong code/);
    await page.getByLabel(/^Code from the app/).fill(codeOf(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByLabel('Recovery codes', { exact: true });
    await eventually(() => codes.count()).toBe(1);
    const recovery = (await codes.textContent())!.split('\n');
    expect(recovery).toHaveLength(10);
    await expectAccessible(page, 'recovery codes');
    await page.getByRole('button', { name: 'Done' }).click();
    await eventually(() => page.getByText(/^On since .*Recovery codes left: 10\.$/).count()).toBe(1);
    await expectAccessible(page, 'two-factor on');

    // Logging in on a phone now needs the code after the password.
    const phone = await world.browser.newContext(PHONE);
    const p = await world.newPage(phone, 'two-factor login');
    await logIn(p, world.cp.url, EMAIL, PASSWORD);
    await eventually(() => p.getByRole('heading', { name: 'Two-factor login' }).count(), HASHING.timeout).toBe(1);
    expect(await consoleCookie(phone)).toBeUndefined();
    await expectAccessible(p, 'two-factor code');
    await expectFitsWidth(p, PHONE.viewport.width);
    await p.getByLabel(/^Code\W*$/).fill('12345x');
    await p.getByRole('button', { name: 'Verify' }).click();
    await eventually(() => p.getByRole('alert').textContent()).toMatch(/Wrong code/);
    await expectAccessible(p, 'two-factor wrong code');
    // The step after the one the setup used: a code not accepted before.
    await p.getByLabel(/^Code\W*$/).fill(codeOf(secret, 1));
    await p.getByRole('button', { name: 'Verify' }).click();
    await p.waitForURL(`${world.cp.url}/`, HASHING);
    expect(await consoleCookie(phone)).toMatch(/^pcs_/);

    await phone.close();

    // A recovery code works in the same form, once.
    for (const expected of ['signed in', 'refused'] as const) {
      const context = await world.browser.newContext();
      const r = await world.newPage(context, 'recovery code login');
      await logIn(r, world.cp.url, EMAIL, PASSWORD);
      await r.getByLabel(/^Code\W*$/).waitFor(HASHING);
      await r.getByLabel(/^Code\W*$/).fill(recovery[0]!);
      await r.getByRole('button', { name: 'Verify' }).click();
      if (expected === 'signed in') await r.waitForURL(`${world.cp.url}/`, HASHING);
      else await eventually(() => r.getByRole('alert').textContent()).toMatch(/Wrong code/);
      await context.close();
    }
  });

  it('no page showed a console error it did not expect', () => {
    expect(world.problems).toEqual([]);
  });
});
