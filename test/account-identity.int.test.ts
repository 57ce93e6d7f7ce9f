/**
 * Per-account browser identity in the real Chromium: profiles launched the
 * way every part of the node launches them (chromium.ts profileLauncher)
 * go out through their own account's proxy with its own credentials, an
 * account without one goes direct, and locale, time zone and user agent are
 * those set; a SOCKS5 proxy is sent host names and offered no authentication.
 * The HTTP proxies are small forward proxies of this file that answer
 * http://identity-check.test/ themselves: a name that only a proxy can
 * serve, so an account going direct cannot reach it.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealProxyPassword, userAgentFor } from '../edge-node/src/accounts/account-identity.js';
import { AccountRegistry } from '../edge-node/src/accounts/accounts.js';
import { chromiumVersion, profileLauncher } from '../edge-node/src/browser/chromium.js';

const CHROMIUM = process.env.PLUME_CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGE = 'http://identity-check.test/';

interface Seen {
  requestLine: string;
  proxyAuthorization: string | undefined;
  acceptLanguage: string | undefined;
  userAgent: string | undefined;
  clientHintPlatform: string | undefined;
}

/** A forward proxy asking for Basic credentials (407 without them), recording each request it is sent. */
async function testProxy(user: string, password: string): Promise<{ server: Server; url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const expected = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const server = createServer((req: IncomingMessage, res) => {
    seen.push({ requestLine: `${req.method} ${req.url} HTTP/${req.httpVersion}`, proxyAuthorization: req.headers['proxy-authorization'], acceptLanguage: req.headers['accept-language'], userAgent: req.headers['user-agent'], clientHintPlatform: req.headers['sec-ch-ua-platform'] as string | undefined });
    if (req.headers['proxy-authorization'] !== expected) {
      res.writeHead(407, { 'Proxy-Authenticate': 'Basic realm="identity-check"', 'Content-Length': '0' });
      return res.end();
    }
    // The page asked for by name, and a loopback page (Playwright sends loopback through the proxy too).
    if (req.url === PAGE || /^http:\/\/127\.0\.0\.1:\d+\/hints$/.test(req.url ?? '')) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><title>via ${user}</title><p>answered by the proxy of ${user}</p>`);
    }
    res.writeHead(404, { 'Content-Length': '0' });
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://${user}@127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/**
 * A SOCKS5 proxy (RFC 1928, no authentication) recording what it is offered and asked to connect to,
 * and serving every connection itself as the page's web server.
 */
async function socksProxy(): Promise<{ server: TcpServer; port: number; seen: string[] }> {
  const seen: string[] = [];
  const web = createServer((req, res) => {
    seen.push(`${req.method} ${req.headers.host}${req.url}`);
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>via socks5</title>');
  });
  const server = createTcpServer((sock: Socket) => {
    let buf = Buffer.alloc(0);
    let greeted = false;
    const onData = (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      if (!greeted) {
        if (buf.length < 2 || buf.length < 2 + buf[1]!) return;
        seen.push(`methods ${[...buf.subarray(2, 2 + buf[1]!)].join(',')}`);
        buf = buf.subarray(2 + buf[1]!);
        greeted = true;
        sock.write(Buffer.from([5, 0]));
      }
      if (buf.length < 5) return;
      if (buf[3] !== 3) return void sock.destroy(); // a domain name is all this test expects
      const len = buf[4]!;
      if (buf.length < 7 + len) return;
      seen.push(`CONNECT ${buf.subarray(5, 5 + len).toString()}:${buf.readUInt16BE(5 + len)}`);
      sock.off('data', onData);
      sock.write(Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]));
      web.emit('connection', sock);
    };
    sock.on('data', onData);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

let stateDir: string;
let version: string | null;
let proxyA: Awaited<ReturnType<typeof testProxy>>;
let proxyB: Awaited<ReturnType<typeof testProxy>>;
let socks: Awaited<ReturnType<typeof socksProxy>>;
let direct: Server;
let directSeen: string[] = [];
let directHeaders: Record<string, string | string[] | undefined> = {};
const directUrl = (path: string) => `http://127.0.0.1:${(direct.address() as AddressInfo).port}${path}`;
let launch: (dir: string) => Promise<BrowserContext>;
let registry: AccountRegistry;
const opened: BrowserContext[] = [];

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'plume-identity-it-'));
  version = await chromiumVersion(CHROMIUM);
  proxyA = await testProxy('alice', 'pw-of-alice');
  proxyB = await testProxy('bob', 'pw-of-bob');
  socks = await socksProxy();
  direct = createServer((req, res) => {
    directSeen.push(`${req.method} ${req.url}`);
    directHeaders = req.headers;
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>direct</title>');
  });
  await new Promise<void>((r) => direct.listen(0, '127.0.0.1', r));
  registry = new AccountRegistry(stateDir);
  for (const ref of ['acct-a', 'acct-b', 'acct-c', 'acct-s']) registry.upsert({ externalRef: ref, platform: 'douyin', displayName: ref, loginState: 'logged_in' });
  const proxyOf = (url: string, ref: string, password: string) => {
    const u = new URL(url);
    return { server: `http://${u.host}`, username: u.username, passwordSealed: sealProxyPassword(stateDir, ref, password) };
  };
  registry.setIdentity('acct-a', () => ({ proxy: proxyOf(proxyA.url, 'acct-a', 'pw-of-alice'), locale: 'zh-CN', timezone: 'Asia/Shanghai', userAgentFamily: 'windows' }));
  registry.setIdentity('acct-b', () => ({ proxy: proxyOf(proxyB.url, 'acct-b', 'pw-of-bob'), locale: 'de-DE', timezone: 'Europe/Berlin', userAgentFamily: 'macos' }));
  registry.setIdentity('acct-s', () => ({ proxy: { server: `socks5://127.0.0.1:${socks.port}` } }));
  // acct-c: no identity at all.
  launch = profileLauncher({ executablePath: CHROMIUM, headless: true, stateDir });
}, 30_000);

afterAll(async () => {
  await Promise.all(opened.map((c) => c.close().catch(() => {})));
  for (const s of [proxyA?.server, proxyB?.server, socks?.server, direct]) s?.close();
  rmSync(stateDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});

async function open(ref: string) {
  const context = await launch(registry.profileDir(ref));
  opened.push(context);
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

const inPage = () => ({
  language: navigator.language,
  languages: [...navigator.languages],
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  userAgent: navigator.userAgent,
  platform: navigator.platform,
  uaDataPlatform: (navigator as unknown as { userAgentData?: { platform: string } }).userAgentData?.platform,
});

describe('per-account browser identity', { timeout: 40_000 }, () => {
  it('two accounts go out through their own proxies with their own credentials, each with its own locale, time zone and user agent', async () => {
    const [a, b] = await Promise.all([open('acct-a'), open('acct-b')]);
    await a.page.goto(PAGE);
    await b.page.goto(PAGE);
    expect(await a.page.title()).toBe('via alice');
    expect(await b.page.title()).toBe('via bob');

    const line = `GET ${PAGE} HTTP/1.1`;
    const alice = `Basic ${Buffer.from('alice:pw-of-alice').toString('base64')}`;
    const bob = `Basic ${Buffer.from('bob:pw-of-bob').toString('base64')}`;
    // Asked for credentials (407) the first time, then sent its own, and never the other account's.
    expect(proxyA.seen.filter((s) => s.requestLine === line).map((s) => s.proxyAuthorization)).toEqual([undefined, alice]);
    expect(proxyB.seen.filter((s) => s.requestLine === line).map((s) => s.proxyAuthorization)).toEqual([undefined, bob]);
    expect(proxyA.seen.some((s) => s.proxyAuthorization === bob)).toBe(false);
    expect(proxyB.seen.some((s) => s.proxyAuthorization === alice)).toBe(false);

    const sentByA = proxyA.seen.find((s) => s.requestLine === line && s.proxyAuthorization === alice)!;
    expect(sentByA.acceptLanguage).toBe('zh-CN');
    expect(sentByA.userAgent).toBe(userAgentFor('windows', version));
    expect(sentByA.userAgent).toMatch(new RegExp(`Chrome/${version!.split('.')[0]}\\.0\\.0\\.0 `));
    // Client hints exist only in secure contexts: a loopback page is one, and it too is reached through the proxy.
    await a.page.goto(directUrl('/hints'));
    expect(proxyA.seen.find((s) => s.requestLine === `GET ${directUrl('/hints')} HTTP/1.1` && s.proxyAuthorization === alice)).toMatchObject({ clientHintPlatform: '"Windows"' });
    expect(await a.page.evaluate(inPage)).toEqual({
      language: 'zh-CN',
      languages: ['zh-CN'],
      timeZone: 'Asia/Shanghai',
      userAgent: userAgentFor('windows', version),
      // What the user-agent family leaves alone, and what follows it (docs/operators.md).
      platform: 'Linux x86_64',
      uaDataPlatform: 'Windows',
    });

    const sentByB = proxyB.seen.find((s) => s.requestLine === line && s.proxyAuthorization === bob)!;
    expect(sentByB.acceptLanguage).toBe('de-DE');
    await b.page.goto(directUrl('/hints'));
    expect(proxyB.seen.find((s) => s.requestLine === `GET ${directUrl('/hints')} HTTP/1.1` && s.proxyAuthorization === bob)).toMatchObject({ clientHintPlatform: '"macOS"' });
    expect(await b.page.evaluate(inPage)).toMatchObject({ language: 'de-DE', timeZone: 'Europe/Berlin', userAgent: userAgentFor('macos', version), uaDataPlatform: 'macOS' });
    await Promise.all([a.context.close(), b.context.close()]);
  });

  it('an account without a proxy goes direct: the name only a proxy serves does not resolve, and no proxy hears of it', async () => {
    const before = proxyA.seen.length + proxyB.seen.length;
    const c = await open('acct-c');
    const failed = await c.page.goto(PAGE).then(
      () => 'loaded',
      (e: Error) => e.message,
    );
    expect(failed).toMatch(/net::ERR_NAME_NOT_RESOLVED/);
    directSeen = [];
    const next = await c.context.newPage();
    await next.goto(directUrl('/direct'));
    // A proxy is sent the absolute URL; a server reached directly, the path.
    expect(directSeen[0]).toBe('GET /direct');
    expect(proxyA.seen.length + proxyB.seen.length).toBe(before);
    // Chromium's own: no locale or user agent of another account.
    expect(directHeaders['sec-ch-ua-platform']).toBe('"Linux"');
    expect(await next.evaluate(inPage)).toMatchObject({ platform: 'Linux x86_64', uaDataPlatform: 'Linux' });
    expect(await next.evaluate(() => navigator.userAgent)).not.toContain('Windows');
    await c.context.close();
  });

  it('a socks5 proxy is offered no authentication and is sent the host name to resolve', async () => {
    const s = await open('acct-s');
    await s.page.goto(PAGE);
    expect(await s.page.title()).toBe('via socks5');
    expect(socks.seen).toEqual(expect.arrayContaining(['CONNECT identity-check.test:80', 'GET identity-check.test/']));
    // Every greeting offers "no authentication" (0) alone.
    expect(socks.seen.filter((l) => l.startsWith('methods'))).toEqual(expect.arrayContaining(['methods 0']));
    expect(socks.seen.filter((l) => l.startsWith('methods') && l !== 'methods 0')).toEqual([]);
    await s.context.close();
  });

  it('a proxy password that no longer opens stops the launch with the reason, before any browser starts', async () => {
    registry.setIdentity('acct-c', () => ({ proxy: { server: 'http://127.0.0.1:9', username: 'carol', passwordSealed: sealProxyPassword(stateDir, 'acct-a', 'copied') } }));
    await expect(launch(registry.profileDir('acct-c'))).rejects.toThrow(/proxy password of account acct-c cannot be used \(the sealed value does not open with this node's key.*accounts set acct-c/);
    registry.setIdentity('acct-c', () => ({}));
  });
});
