/**
 * Interactive login against each platform's replica login page, in real
 * Chromium with a real account profile and account store (loginAccount, the
 * core of `plume-edge accounts login`). The test stands in for the people:
 * it reads each QR event, "scans" with the replica of the account's phone
 * (Simulator.scan opens the URL the QR encodes), types the SMS code the
 * replica sent to that phone, and drags a slider as a person at the screen
 * would.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountRegistry } from '../edge-node/src/accounts/accounts.js';
import type { Adapter } from '../edge-node/src/adapters/contract.js';
import { adapterFor } from '../edge-node/src/adapters/registry.js';
import { profileLauncher } from '../edge-node/src/browser/chromium.js';
import { checkLogin } from '../edge-node/src/login/login-check.js';
import { type AccountLoginResult, loginAccount } from '../edge-node/src/login/account-login.js';
import { LoginFailed, type LoginEvent, type LoginFlow } from '../edge-node/src/login/flow.js';
import { decodeQrPng } from '../edge-node/src/login/qr.js';
import { driveFromTerminal } from '../edge-node/src/login/terminal.js';
import { startSimulator, type Simulator } from './platform-simulator/index.js';

const PLATFORMS = ['bilibili', 'douyin', 'kuaishou', 'xiaohongshu', 'weibo', 'toutiao', 'juejin'] as const;

let sim: Simulator;
let stateDir: string;
let registry: AccountRegistry;
const realLaunch = (dir: string) => profileLauncher({ executablePath: process.env.PLUME_CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, stateDir })(dir);
/** Every browser the logins opened: a person at the screen looks at the last one's page. */
const opened: BrowserContext[] = [];
const launchProfile = async (dir: string) => {
  const context = await realLaunch(dir);
  opened.push(context);
  return context;
};
const lock = <T>(_ref: string, work: () => Promise<T>) => work();
// A loaded 2-core machine: a control may take a few seconds to appear.
const timeouts = { selectorMs: 5_000, navigationMs: 20_000 };

beforeAll(async () => {
  sim = await startSimulator();
  stateDir = mkdtempSync(join(tmpdir(), 'plume-login-'));
  registry = new AccountRegistry(stateDir);
});

afterAll(async () => {
  await Promise.all(opened.map((c) => c.close().catch(() => {})));
  await sim?.close();
  rmSync(stateDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});

interface Run {
  events: LoginEvent[];
  result: Promise<AccountLoginResult>;
}

/** Starts a login; `act` is the people around it, answering each event. */
function startLogin(platform: string, act: (e: LoginEvent, flow: LoginFlow) => void | Promise<void>, o: { ref?: string; timeoutMs?: number; terminal?: boolean; adapter?: Adapter } = {}): Run {
  const events: LoginEvent[] = [];
  const adapter = o.adapter ?? adapterFor(platform)!;
  const result = loginAccount({
    registry,
    adapter,
    baseUrl: sim.baseUrl(platform),
    stateDir,
    launchProfile,
    lock,
    ...(o.ref ? { ref: o.ref } : {}),
    timeoutMs: o.timeoutMs ?? 90_000,
    timeouts,
    tuning: { pollMs: 250 },
    onFlow: (flow) => {
      flow.on((e) => {
        events.push(e);
        void Promise.resolve(act(e, flow)).catch((err: unknown) => flow.cancel('cancelled', `the test's phone failed: ${(err as Error).message}`));
      });
    },
  });
  return { events, result };
}

const qrEvents = (events: LoginEvent[]) => events.filter((e): e is Extract<LoginEvent, { type: 'qr' }> => e.type === 'qr');

describe.each(PLATFORMS)('%s', (platform) => {
  const account = `${3_300_000_000 + PLATFORMS.indexOf(platform)}`;
  const name = `${platform} 的运营号`;

  it('QR shown and decoded; it expires and is renewed; the phone scans the new one; the SMS code (a wrong one first) and the account is recorded with the platform\'s id and name', async () => {
    sim.configure(platform, { loginQrTtlMs: 180_000, loginSms: true });
    const run = startLogin(platform, async (e, flow) => {
      // The first QR expires once shown (as its lifetime ending would); the renewed one is scanned.
      if (e.type === 'qr' && e.shown === 1) expect(sim.expireLoginQrs(platform)).toBe(1);
      if (e.type === 'qr' && e.shown === 2) await sim.scan(e.text!, { account, displayName: name });
      if (e.type === 'needs_sms') {
        if (e.attempt === 1) return flow.submitSms('000000');
        const sent = sim.smsSent(platform).filter((s) => s.account === account);
        flow.submitSms(sent.at(-1)!.code);
      }
    });
    const { account: recorded, replaced } = await run.result;

    const qrs = qrEvents(run.events);
    expect(qrs.length, JSON.stringify(run.events.map((e) => e.type))).toBeGreaterThanOrEqual(2);
    const [first, second] = qrs;
    // Each QR encodes the replica's scan URL for this platform, and the PNG shown carries the same text.
    for (const qr of [first!, second!]) {
      expect(qr.purpose).toBe('login');
      expect(qr.text).toMatch(new RegExp(`^${sim.url}/${platform}/`));
      expect(decodeQrPng(qr.png)).toBe(qr.text);
    }
    expect(second!.text).not.toBe(first!.text);
    expect(second!.shown).toBe(2);

    const sms = run.events.filter((e) => e.type === 'needs_sms');
    expect(sms).toEqual([
      { type: 'needs_sms', attempt: 1, refused: false },
      { type: 'needs_sms', attempt: 2, refused: true },
    ]);
    expect(run.events.at(-1)).toEqual({ type: 'succeeded', account: { externalRef: account, displayName: name } });

    expect(replaced).toBe(false);
    expect(recorded).toMatchObject({ externalRef: account, platform, displayName: name, loginState: 'logged_in' });
    expect(registry.get(account)).toMatchObject({ externalRef: account, platform, displayName: name, loginState: 'logged_in', loggedInAt: expect.any(String) });
    // The login lives in the account's own profile (moved from the scratch one, which is gone).
    expect(existsSync(join(stateDir, 'profiles', account))).toBe(true);
    expect(readdirSync(join(stateDir, 'login')).filter((d) => d.startsWith('profile-'))).toEqual([]);

    // A new browser on that profile (what the daemon opens later) is still logged in as the account.
    const check = await checkLogin({ account: registry.get(account)!, adapter: adapterFor(platform)!, baseUrl: sim.baseUrl(platform), registry, launchProfile });
    expect(check, check.detail).toMatchObject({ state: 'logged_in', detail: name });
  }, 150_000);
});

describe('second factors and refusals', () => {
  it('a slider captcha is announced; once a person drags it in the browser, the login goes on (douyin)', async () => {
    sim.configure('douyin', { loginSlider: true, loginSms: false, loginQrTtlMs: 180_000 });
    const account = '3300000101';
    const run = startLogin('douyin', async (e) => {
      if (e.type === 'qr') await sim.scan(e.text!, { account, displayName: '滑块号' });
      if (e.type === 'needs_slider') {
        // The person at the screen: drags the handle to the end of its track.
        const page = opened.at(-1)!.pages()[0]!;
        const handle = page.locator('#captcha_container .handle');
        const box = (await handle.boundingBox())!;
        const track = (await page.locator('#captcha_container .track').boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + track.width, box.y + box.height / 2, { steps: 10 });
        await page.mouse.up();
      }
    });
    const { account: recorded } = await run.result;
    // The phone scans and confirms at once: a look between the two may tell the scan (douyin reports it).
    expect(run.events.map((e) => e.type).filter((t) => t !== 'scanned')).toEqual(['qr', 'needs_slider', 'succeeded']);
    expect(recorded).toMatchObject({ externalRef: account, displayName: '滑块号', loginState: 'logged_in' });
  }, 120_000);

  it('headless, the terminal gives up on a slider with slider_required and says how to proceed; nothing is recorded (bilibili)', async () => {
    sim.configure('bilibili', { loginSlider: true, loginSms: false, loginQrTtlMs: 180_000 });
    const account = '3300000102';
    const out = new PassThrough();
    let printed = '';
    out.on('data', (d: Buffer) => (printed += d.toString()));
    const stop = new AbortController();
    const adapter = adapterFor('bilibili')!;
    const events: string[] = [];
    const failure = await loginAccount({
      registry,
      adapter,
      baseUrl: sim.baseUrl('bilibili'),
      stateDir,
      launchProfile,
      lock,
      timeoutMs: 90_000,
      timeouts,
      tuning: { pollMs: 250 },
      signal: stop.signal,
      onFlow: (flow) => {
        driveFromTerminal(flow, { platform: 'bilibili', qrFile: join(stateDir, 'login', 'bilibili-test.png'), out, input: null, headless: true, stop: (reason) => stop.abort(reason) });
        flow.on((e) => {
          events.push(e.type);
          if (e.type === 'qr') void sim.scan(e.text!, { account, displayName: '无头' });
        });
      },
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(LoginFailed);
    expect((failure as LoginFailed).code).toBe('slider_required');
    expect(events.filter((t) => t !== 'scanned')).toEqual(['qr', 'needs_slider', 'failed']);
    expect(printed).toContain('Scan this QR with the bilibili app');
    expect(printed).toContain(`The QR is also in ${join(stateDir, 'login', 'bilibili-test.png')}`);
    // The command prints the failure's message: what to do instead.
    expect((failure as LoginFailed).message).toContain('PLUME_EDGE_HEADLESS=false');
    expect((failure as LoginFailed).message).toContain('plume-edge accounts import');
    expect(registry.get(account)).toBeUndefined();
    expect(existsSync(join(stateDir, 'profiles', account))).toBe(false);
    expect(readdirSync(join(stateDir, 'login')).filter((d) => d.startsWith('profile-'))).toEqual([]);
  }, 120_000);

  it('with --ref, a login as another account is refused (wrong_account) and leaves no account behind (kuaishou)', async () => {
    sim.configure('kuaishou', { loginSlider: false, loginSms: false, loginQrTtlMs: 180_000 });
    const run = startLogin('kuaishou', async (e) => {
      if (e.type === 'qr') await sim.scan(e.text!, { account: '3300000199', displayName: '别人' });
    }, { ref: '3300000103' });
    const failure = await run.result.then(
      () => null,
      (e: unknown) => e,
    );
    expect((failure as LoginFailed).code).toBe('wrong_account');
    expect(run.events.at(-1)).toMatchObject({ type: 'failed', code: 'wrong_account', message: 'logged in as 3300000199, not 3300000103' });
    expect(registry.get('3300000103')).toBeUndefined();
    expect(existsSync(join(stateDir, 'profiles', '3300000103'))).toBe(false);
  }, 120_000);

  it('a relogin of a known account replaces its session in its own profile, keeping its record (weibo)', async () => {
    sim.configure('weibo', { loginSlider: false, loginSms: false, loginQrTtlMs: 180_000 });
    const account = `${3_300_000_000 + PLATFORMS.indexOf('weibo')}`;
    registry.setLoginState(account, 'logged_out', undefined, 'no session');
    sim.setLoggedIn('weibo', account, false);
    const run = startLogin('weibo', async (e) => {
      if (e.type === 'qr') await sim.scan(e.text!, { account, displayName: '微博新名字' });
    }, { ref: account });
    const { account: recorded, replaced } = await run.result;
    expect(replaced).toBe(true);
    expect(recorded).toMatchObject({ externalRef: account, platform: 'weibo', displayName: '微博新名字', loginState: 'logged_in' });
    expect(registry.list().filter((a) => a.externalRef === account)).toHaveLength(1);
  }, 120_000);

  /**
   * The browser answering the flow with an error of its own (here: whether the page is still the
   * login, once the page has moved on; in life, a read of the QR while the page navigates).
   */
  const withBrokenLook = (platform: string, broken: (leftLogin: boolean) => boolean): Adapter => {
    const adapter = adapterFor(platform)!;
    const login = adapter.login!;
    return {
      ...adapter,
      login: {
        ...login,
        // No cookie sign: the flow must look at the page, and meets the error.
        sessionCookies: [],
        isLoginPage(real: URL) {
          const onLogin = login.isLoginPage(real);
          if (broken(!onLogin)) throw new Error('locator.evaluate: Timeout 30000ms exceeded. <img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUg">');
          return onLogin;
        },
      },
    };
  };

  it('a login the platform completed while the browser failed the flow is still recorded (juejin)', async () => {
    sim.configure('juejin', { loginSlider: false, loginSms: false, loginQrTtlMs: 180_000 });
    const account = '3300000777';
    const run = startLogin('juejin', async (e) => {
      if (e.type === 'qr') await sim.scan(e.text!, { account, displayName: '掘金新号' });
    }, { adapter: withBrokenLook('juejin', (leftLogin) => leftLogin) });
    const { account: recorded } = await run.result;
    expect(recorded).toMatchObject({ externalRef: account, platform: 'juejin', loginState: 'logged_in' });
    expect(run.events.map((e) => e.type)).toEqual(['qr', 'succeeded']);
  }, 120_000);

  it('a browser failure with no login behind it fails browser_failed in the product\'s words, never the browser\'s text (juejin)', async () => {
    sim.configure('juejin', { loginSlider: false, loginSms: false, loginQrTtlMs: 180_000 });
    const before = registry.list().length;
    const run = startLogin('juejin', () => {}, { adapter: withBrokenLook('juejin', () => true) });
    const failure = await run.result.then(
      () => null,
      (e: unknown) => e,
    );
    expect((failure as LoginFailed).code).toBe('browser_failed');
    const failed = run.events.at(-1);
    expect(failed).toMatchObject({ type: 'failed', code: 'browser_failed' });
    expect((failed as { message: string }).message).not.toMatch(/base64|locator|Timeout \d+ms/);
    expect(registry.list()).toHaveLength(before);
  }, 120_000);

  it('cancelled while the QR waits: failed cancelled, nothing recorded, the scratch profile removed (juejin)', async () => {
    sim.configure('juejin', { loginSlider: false, loginSms: false, loginQrTtlMs: 180_000 });
    const before = registry.list().length;
    const run = startLogin('juejin', (e, flow) => {
      if (e.type === 'qr') flow.cancel();
    });
    const failure = await run.result.then(
      () => null,
      (e: unknown) => e,
    );
    expect((failure as LoginFailed).code).toBe('cancelled');
    expect(run.events.map((e) => e.type)).toEqual(['qr', 'failed']);
    expect(registry.list()).toHaveLength(before);
    expect(readdirSync(join(stateDir, 'login')).filter((d) => d.startsWith('profile-'))).toEqual([]);
  }, 120_000);
});
