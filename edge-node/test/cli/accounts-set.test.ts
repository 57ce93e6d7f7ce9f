/**
 * `plume-edge accounts set` through the shipped CLI (edge-node/dist/cli.js):
 * what it stores, what `accounts list` shows (never the password), and each
 * refusal with its stable code and exit 64, changing nothing; and a later
 * command's browser (accounts check) applies what it set.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openProxyPassword } from '../../src/accounts/account-identity.js';
import { AccountRegistry } from '../../src/accounts/accounts.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
let work: string;
let stateDir: string;
let registry: AccountRegistry;

function cli(args: string[], stdin = '', env: Record<string, string> = {}): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: work, PLUME_EDGE_STATE_DIR: stateDir, LOG_LEVEL: 'warn', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdin.end(stdin);
    child.once('exit', (code) => resolve({ code, out, err }));
  });
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'plume-accounts-set-'));
  stateDir = join(work, 'state');
  registry = new AccountRegistry(stateDir);
  registry.upsert({ externalRef: 'dy-1', platform: 'douyin', displayName: 'One', loginState: 'logged_in' });
  registry.upsert({ externalRef: 'dy-2', platform: 'douyin', displayName: 'Two', loginState: 'logged_in' });
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Hang guard: a test runs up to three CLI processes, one of them launching Chromium.
describe('accounts set', { timeout: 90_000 }, () => {
  it('sets proxy (password from stdin, sealed), locale, time zone and user-agent family; list shows them without the password', async () => {
    const set = await cli(['accounts', 'set', 'dy-1', '--proxy', 'http://alice@gw.example:3128', '--proxy-password-stdin', '--locale', 'zh-cn', '--timezone', 'asia/shanghai', '--user-agent-family', 'windows'], 'top secret pw\n');
    expect(set.err).toBe('');
    expect(set.code).toBe(0);
    expect(set.out).toBe('dy-1: proxy http://alice@gw.example:3128 (password sealed), locale zh-CN, timezone Asia/Shanghai, user agent windows; applied from its next browser on\n');
    const identity = registry.get('dy-1')!.identity!;
    expect(identity).toMatchObject({ proxy: { server: 'http://gw.example:3128', username: 'alice' }, locale: 'zh-CN', timezone: 'Asia/Shanghai', userAgentFamily: 'windows' });
    expect(openProxyPassword(stateDir, 'dy-1', identity.proxy!.passwordSealed!)).toBe('top secret pw');
    expect(readFileSync(join(stateDir, 'accounts.json'), 'utf8')).not.toContain('top secret');
    expect(statSync(join(stateDir, 'secrets.key')).mode & 0o777).toBe(0o600);

    const list = await cli(['accounts', 'list']);
    expect(list.out).toMatch(/^dy-1\tdouyin\tlogged_in\tOne\tnever checked\tproxy http:\/\/alice@gw\.example:3128 \(password sealed\), locale zh-CN, timezone Asia\/Shanghai, user agent windows$/m);
    expect(list.out).toMatch(/^dy-2\tdouyin\tlogged_in\tTwo\tnever checked$/m);
    expect(list.out).not.toContain('top secret');
  });

  it('a socks5 proxy without credentials, then --clear parts one by one', async () => {
    expect((await cli(['accounts', 'set', 'dy-1', '--proxy', 'socks5://10.1.2.3:1080'])).code).toBe(0);
    expect(registry.get('dy-1')!.identity!.proxy).toEqual({ server: 'socks5://10.1.2.3:1080' });
    const cleared = await cli(['accounts', 'set', 'dy-1', '--clear', 'proxy', '--clear', 'locale']);
    expect(cleared.code).toBe(0);
    expect(registry.get('dy-1')!.identity).toEqual({ timezone: 'Asia/Shanghai', userAgentFamily: 'windows' });
    const all = await cli(['accounts', 'set', 'dy-1', '--clear', 'all']);
    expect(all.out).toContain("dy-1: no identity set: its browser goes out directly");
    expect(registry.get('dy-1')).not.toHaveProperty('identity');
  });

  it.each([
    [['--proxy', 'socks5://bob@10.1.2.3:1080', '--proxy-password-stdin'], 'pw\n', 'socks5_auth_unsupported', /Chromium cannot authenticate to a SOCKS5 proxy/],
    [['--proxy', 'socks5://10.1.2.3:1080', '--proxy-password-stdin'], 'pw\n', 'socks5_auth_unsupported', /SOCKS5/],
    [['--proxy', 'http://bob:pw@gw.example:3128'], '', 'proxy_password_in_url', /--proxy-password-stdin, not in the URL/],
    [['--proxy', 'ftp://gw.example:21'], '', 'proxy_scheme_unsupported', /use http, https or socks5/],
    [['--proxy', 'http://gw.example:70000'], '', 'invalid_proxy_url', /port/],
    [['--proxy', 'http://bob@gw.example:3128'], '', 'proxy_password_missing', /--proxy-password-stdin/],
    [['--proxy', 'http://bob@gw.example:3128', '--proxy-password-stdin'], '\n', 'invalid_proxy_password', /empty/],
    [['--proxy', 'http://bob@gw.example:3128', '--proxy-password-stdin'], 'a\u0000b\n', 'invalid_proxy_password', /printable/],
    [['--proxy-password-stdin'], 'pw\n', 'proxy_password_without_proxy', /goes with the --proxy URL/],
    [['--locale', 'en_US'], '', 'invalid_locale', /BCP 47/],
    [['--timezone', 'Mars/Base'], '', 'invalid_timezone', /IANA time zone/],
    [['--user-agent-family', 'android'], '', 'invalid_user_agent_family', /windows, macos, linux/],
    [['--locale', 'de-DE', '--clear', 'locale'], '', 'usage', /contradict/],
    [['--clear', 'cookies'], '', 'usage', /--clear takes/],
    [[], '', 'usage', /needs something to set/],
    [['--proxyy', 'http://gw.example:1'], '', 'usage', /Unknown option/],
    // One at a time: run together, sixteen node processes share the cores and each test's
    // time is the whole table's.
  ])('%j with stdin %j is refused: %s, exit 64, nothing changes', async (flags, stdin, code, message) => {
    const before = readFileSync(join(stateDir, 'accounts.json'), 'utf8');
    const r = await cli(['accounts', 'set', 'dy-2', ...flags], stdin);
    expect(r.code, r.err).toBe(64);
    expect(r.err).toMatch(new RegExp(`^plume-edge: ${code}: `));
    expect(r.err).toMatch(message);
    expect(r.err).not.toContain('pw\n');
    expect(readFileSync(join(stateDir, 'accounts.json'), 'utf8')).toBe(before);
  });

  it('refuses an account the node does not have, and a bad ref, before reading the password', async () => {
    const missing = await cli(['accounts', 'set', 'nobody', '--locale', 'en-US']);
    expect(missing.code).toBe(64);
    expect(missing.err).toMatch(/^plume-edge: account_missing: no account "nobody"/);
    const bad = await cli(['accounts', 'set', '../x', '--locale', 'en-US']);
    expect(bad.err).toMatch(/^plume-edge: usage: <ref> is the platform account id/);
    expect(readdirSync(stateDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it("another command's browser (accounts check) goes out through the proxy set, with the password sealed by accounts set", async () => {
    const own = join(work, 'check-state');
    new AccountRegistry(own).upsert({ externalRef: 'dy-9', platform: 'douyin', displayName: 'Nine', loginState: 'logged_in' });
    const seen: { line: string; auth: string | undefined; lang: string | undefined; ua: string | undefined }[] = [];
    const proxy = createServer((req, res) => {
      seen.push({ line: `${req.method} ${req.url}`, auth: req.headers['proxy-authorization'], lang: req.headers['accept-language'], ua: req.headers['user-agent'] });
      if (!req.headers['proxy-authorization']) res.writeHead(407, { 'Proxy-Authenticate': 'Basic realm="p"', 'Content-Length': '0' }).end();
      else res.writeHead(404, { 'Content-Length': '0' }).end();
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    try {
      const env = { PLUME_EDGE_STATE_DIR: own, PLUME_EDGE_PLATFORM_URLS: JSON.stringify({ douyin: 'http://identity-check.test/douyin' }) };
      const port = (proxy.address() as AddressInfo).port;
      const set = await cli(['accounts', 'set', 'dy-9', '--proxy', `http://nine@127.0.0.1:${port}`, '--proxy-password-stdin', '--locale', 'ja-JP', '--user-agent-family', 'macos'], 'pw of nine\n', env);
      expect(set.code, set.err).toBe(0);
      const check = await cli(['accounts', 'check'], '', env);
      expect(check.out).toMatch(/^dy-9\tdouyin\t/m);
      const sent = seen.find((r) => r.line.startsWith('GET http://identity-check.test/douyin') && r.auth !== undefined);
      expect(sent, JSON.stringify(seen)).toMatchObject({ auth: `Basic ${Buffer.from('nine:pw of nine').toString('base64')}`, lang: 'ja-JP' });
      expect(sent!.ua).toMatch(/^Mozilla\/5\.0 \(Macintosh; Intel Mac OS X 10_15_7\) .* Chrome\/\d+\.0\.0\.0 Safari\/537\.36$/);
    } finally {
      proxy.close();
    }
  });

  it('--help describes each option and the socks5 limit', async () => {
    const help = await cli(['accounts', 'set', '--help']);
    expect(help.code).toBe(0);
    for (const flag of ['--proxy <url>', '--proxy-password-stdin', '--locale', '--timezone', '--user-agent-family', '--clear']) expect(help.out).toContain(flag);
    expect(help.out).toContain('Chromium cannot authenticate to SOCKS5');
    expect((await cli(['--help'])).out).toContain('plume-edge accounts set <ref>');
  });
});
