/**
 * `plume-edge accounts login` end to end: the compiled CLI as a child process
 * beside a running `plume-edge run`, a control plane and the weibo replica.
 * The test is the operator and the account's phone: it decodes the QR PNG the
 * command writes in the state directory, scans it with the replica of the
 * phone, types the SMS code the replica sent into the command's standard
 * input, and then finds the account logged in and publishable in the
 * control plane's GET /accounts, reported by the daemon. Ctrl-C stops a
 * login and records nothing; --help documents the command and its exit codes.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../control-plane/src/testing/app.js';
import { type TestUser, v1 } from '../control-plane/src/testing/openapi.js';
import { decodeQrPng } from '../edge-node/src/login/qr.js';
import { startSimulator, type Simulator } from './platform-simulator/index.js';
import { accountOf, type EdgeWorld, startEdgeWorld } from './support/edge-world.js';
import { type ListeningApp, startListeningApp } from './support/listening-app.js';

const WEIBO = '6600778899';
const NAME = '扫码登录的微博';

let t: TestApp;
let sim: Simulator;
let user: TestUser;
let node: EdgeWorld;

const accounts = async (): Promise<Array<Record<string, any>>> => (await v1(t.app, user, 'GET', '/accounts')).body.accounts;

/** A running CLI command whose output the test reads as it comes. */
function watch(child: ChildProcess) {
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    output: () => out,
    exited,
    /** Waits until the output matches; resolves with the match. */
    async waitFor(pattern: RegExp, timeoutMs = 60_000): Promise<RegExpMatchArray> {
      let found: RegExpMatchArray | null = null;
      await expect.poll(() => (found = pattern.exec(out)), { timeout: timeoutMs, interval: 200, message: `waiting for ${pattern} in:\n${out}` }).not.toBeNull();
      return found!;
    },
  };
}

beforeAll(async () => {
  let cp: ListeningApp;
  [cp, sim] = await Promise.all([startListeningApp({ quotas: { edge: 10 } }, 'e2e-login'), startSimulator()]);
  ({ t, user } = cp);
  node = await startEdgeWorld({
    sim,
    controlUrl: cp.url,
    enrollmentToken: cp.enrollmentToken,
    userId: user.id,
    files: {},
    accounts: [],
    name: 'e2e-login',
    env: { PLUME_EDGE_PLATFORM_URLS: JSON.stringify({ weibo: sim.baseUrl('weibo'), douyin: sim.baseUrl('douyin') }) },
  });
}, 120_000);

afterAll(async () => {
  await node?.close();
  await Promise.all([t?.close(), sim?.close()]);
});

describe('plume-edge accounts login beside the running daemon', () => {
  it('the QR is decoded and scanned, the SMS code typed: the account is recorded and the control plane lists it logged in and publishable', async () => {
    sim.configure('weibo', { loginSms: true });
    const proc = node.spawnCli(['accounts', 'login', 'weibo', '--timeout', '120']);
    const child = watch(proc);

    // The operator: the QR the command drew is also a PNG in the state directory.
    const [, pngPath] = await child.waitFor(/The QR is also in (\S+\.png)/);
    expect(pngPath).toContain(`${node.work}/state/login/`);
    const text = decodeQrPng(readFileSync(pngPath!));
    expect(text).toMatch(new RegExp(`^${sim.url}/weibo/`));
    // The terminal drew it too (half-block characters).
    expect(child.output()).toMatch(/[▀▄█]{10}/);
    await sim.scan(text!, { account: WEIBO, displayName: NAME });

    await child.waitFor(/type it and press Enter: $/);
    const code = sim.smsSent('weibo').find((s) => s.account === WEIBO)!.code;
    proc.stdin!.write(`${code}\n`);

    expect(await child.exited, child.output()).toBe(0);
    expect(child.output()).toContain(`logged in: ${WEIBO}\tweibo\t${NAME}`);
    // The QR file is not left behind.
    expect(existsSync(pngPath!)).toBe(false);

    // The running daemon noticed the new account and reported it; its own check agrees.
    await expect
      .poll(async () => accountOf({ accounts: await accounts() }, 'weibo')?.publishable, { timeout: 60_000, interval: 500, message: node.output() })
      .toBe(true);
    expect(accountOf({ accounts: await accounts() }, 'weibo')).toMatchObject({ login_state: 'logged_in', unpublishable_reasons: [] });
    const list = await node.cli(['accounts', 'list']);
    expect(list.out).toMatch(new RegExp(`^${WEIBO}\\tweibo\\tlogged_in\\t${NAME}\\t`, 'm'));
  }, 180_000);

  it('Ctrl-C while the QR waits: exit 130, the browser closed, nothing recorded', async () => {
    const child = node.spawnCli(['accounts', 'login', 'douyin']);
    const login = watch(child);
    const [, pngPath] = await login.waitFor(/The QR is also in (\S+\.png)/);
    child.kill('SIGINT');
    expect(await login.exited, login.output()).toBe(130);
    expect(login.output()).toContain('nothing was recorded');
    expect(existsSync(pngPath!)).toBe(false);
    const list = await node.cli(['accounts', 'list']);
    expect(list.out).not.toContain('douyin');
  }, 120_000);

  it('--help names the steps and exit codes; bad input is a usage error (64)', async () => {
    const help = await node.cli(['accounts', 'login', '--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('plume-edge accounts login <platform>');
    expect(help.out).toMatch(/^ {2}3 {4}a slider captcha/m);
    const unknown = await node.cli(['accounts', 'login', 'myspace']);
    expect(unknown.code).toBe(64);
    expect(unknown.out).toContain('no adapter for "myspace"');
    const noAccount = await node.cli(['accounts', 'relogin', 'nobody']);
    expect(noAccount.code).toBe(64);
    expect(noAccount.out).toContain('no account "nobody" on this node');
  }, 60_000);
});
