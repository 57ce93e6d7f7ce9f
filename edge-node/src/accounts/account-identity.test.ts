import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkProxyCredentials,
  checkProxyPassword,
  describeIdentity,
  IdentityError,
  openProxyPassword,
  parseLocale,
  parseProxyUrl,
  parseTimezone,
  parseUserAgentFamily,
  profileIdentity,
  sealProxyPassword,
  userAgentFor,
} from './account-identity.js';
import { AccountRegistry } from './accounts.js';
import { accountOfProfile } from '../browser/chromium.js';
import { open, SealError, seal, secretsKey, secretsKeyPath } from './secret-seal.js';

const dirs: string[] = [];
const stateDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'plume-identity-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const codeOf = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    if (e instanceof IdentityError || e instanceof SealError) return e.code;
    throw e;
  }
  return 'accepted';
};

describe('proxy URLs', () => {
  it.each([
    ['http://proxy.example:3128', { server: 'http://proxy.example:3128' }],
    ['HTTPS://Proxy.Example:8443/', { server: 'https://proxy.example:8443' }],
    ['http://alice@10.0.0.7:3128', { server: 'http://10.0.0.7:3128', username: 'alice' }],
    ['http://al%20ice@proxy.example', { server: 'http://proxy.example:80', username: 'al ice' }],
    ['http://proxy.example:80', { server: 'http://proxy.example:80' }],
    ['socks5://[2001:db8::1]:1080', { server: 'socks5://[2001:db8::1]:1080' }],
    ['socks5://gw.example', { server: 'socks5://gw.example:1080' }],
  ])('%s → %j', (url, parsed) => {
    expect(parseProxyUrl(url)).toEqual(parsed);
  });

  it.each([
    ['', 'invalid_proxy_url'],
    ['proxy.example:3128', 'invalid_proxy_url'],
    ['ftp://proxy.example:21', 'proxy_scheme_unsupported'],
    ['socks4://proxy.example:1080', 'proxy_scheme_unsupported'],
    ['http://proxy.example:0', 'invalid_proxy_url'],
    ['http://proxy.example:65536', 'invalid_proxy_url'],
    ['http://proxy.example:3128/path', 'invalid_proxy_url'],
    ['http://proxy.example:3128?x=1', 'invalid_proxy_url'],
    ['http://:3128', 'invalid_proxy_url'],
    ['http://proxy\u0000.example:3128', 'invalid_proxy_url'],
    ['http://alice:secret@proxy.example:3128', 'proxy_password_in_url'],
    ['socks5://alice@proxy.example:1080', 'socks5_auth_unsupported'],
    [`http://${'a'.repeat(300)}:1`, 'invalid_proxy_url'],
  ])('%j is refused: %s', (url, code) => {
    expect(codeOf(() => parseProxyUrl(url))).toBe(code);
  });

  it('credentials: user and password together, never for socks5', () => {
    expect(codeOf(() => checkProxyCredentials(parseProxyUrl('socks5://gw.example:1080'), 'pw'))).toBe('socks5_auth_unsupported');
    expect(codeOf(() => checkProxyCredentials(parseProxyUrl('http://alice@gw.example:3128'), undefined))).toBe('proxy_password_missing');
    expect(codeOf(() => checkProxyCredentials(parseProxyUrl('http://gw.example:3128'), 'pw'))).toBe('proxy_username_missing');
    expect(codeOf(() => checkProxyCredentials(parseProxyUrl('http://alice@gw.example:3128'), 'pw'))).toBe('accepted');
    expect(codeOf(() => checkProxyCredentials(parseProxyUrl('socks5://gw.example:1080'), undefined))).toBe('accepted');
  });

  it('the password is one line: its line ending dropped, empty, NUL, inner newline or oversize refused', () => {
    expect(checkProxyPassword('s3cret\n')).toBe('s3cret');
    expect(checkProxyPassword('s3 cret\r\n')).toBe('s3 cret');
    for (const bad of ['', '\n', 'a\u0000b', 'a\nb', 'x'.repeat(1025)]) expect(codeOf(() => checkProxyPassword(bad))).toBe('invalid_proxy_password');
  });
});

describe('locale, time zone, user-agent family', () => {
  it('canonicalizes valid values', () => {
    expect(parseLocale('zh-cn')).toBe('zh-CN');
    expect(parseLocale('en-US')).toBe('en-US');
    expect(parseTimezone('asia/shanghai')).toBe('Asia/Shanghai');
    expect(parseTimezone('UTC')).toBe('UTC');
    expect(parseUserAgentFamily('macos')).toBe('macos');
  });

  it.each([
    [() => parseLocale('en_US'), 'invalid_locale'],
    [() => parseLocale(''), 'invalid_locale'],
    [() => parseLocale('zh-CN,en'), 'invalid_locale'],
    [() => parseLocale('x'.repeat(65)), 'invalid_locale'],
    [() => parseTimezone('Mars/Olympus_Mons'), 'invalid_timezone'],
    [() => parseTimezone('+05:00'), 'invalid_timezone'],
    [() => parseTimezone('Asia/Shanghai\u0000'), 'invalid_timezone'],
    [() => parseTimezone('../../etc/passwd'), 'invalid_timezone'],
    [() => parseUserAgentFamily('android'), 'invalid_user_agent_family'],
  ])('refuses a bad value (%#): %s', (f, code) => {
    expect(codeOf(f)).toBe(code);
  });

  it('builds the user agent from the real major version, frozen minor as Chrome sends it', () => {
    expect(userAgentFor('windows', '131.0.6778.85')).toBe('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36');
    expect(userAgentFor('macos', '131.0.6778.85')).toContain('(Macintosh; Intel Mac OS X 10_15_7)');
    expect(userAgentFor('linux', '140.1.2.3')).toContain('(X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0');
    expect(codeOf(() => userAgentFor('linux', null))).toBe('chromium_version_unknown');
    expect(codeOf(() => userAgentFor('linux', 'Chromium'))).toBe('chromium_version_unknown');
  });
});

describe('sealing', () => {
  it('the key is made once, mode 0600, and only when asked to', () => {
    const dir = stateDir();
    expect(codeOf(() => secretsKey(dir))).toBe('seal_key_unreadable');
    const key = secretsKey(dir, { create: true });
    expect(key).toHaveLength(32);
    expect(statSync(secretsKeyPath(dir)).mode & 0o777).toBe(0o600);
    expect(secretsKey(dir, { create: true }).equals(key)).toBe(true);
    // No temporary file is left beside it.
    expect(readdirSync(dir)).toEqual(['secrets.key']);
  });

  it('a key others can read, or one that is not 32 bytes, is refused', () => {
    const dir = stateDir();
    secretsKey(dir, { create: true });
    chmodSync(secretsKeyPath(dir), 0o644);
    expect(() => secretsKey(dir)).toThrow(/readable by others.*chmod 600/);
    writeFileSync(secretsKeyPath(dir), 'c2hvcnQ\n', { mode: 0o600 });
    chmodSync(secretsKeyPath(dir), 0o600);
    expect(() => secretsKey(dir)).toThrow(/not a base64url 32-byte key/);
  });

  it('opens what it sealed; a wrong key, another binding or a tampered value fails clearly', () => {
    const dir = stateDir();
    const key = secretsKey(dir, { create: true });
    const sealed = seal(key, 'pässword', 'a1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('pässword');
    expect(seal(key, 'pässword', 'a1')).not.toBe(sealed);
    expect(open(key, sealed, 'a1')).toBe('pässword');
    expect(codeOf(() => open(Buffer.alloc(32, 7), sealed, 'a1'))).toBe('sealed_unopenable');
    expect(codeOf(() => open(key, sealed, 'a2'))).toBe('sealed_unopenable');
    const [v, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(codeOf(() => open(key, [v, iv, tag, flipped.toString('base64url')].join('.'), 'a1'))).toBe('sealed_unopenable');
    expect(codeOf(() => open(key, 'v2.x.y.z', 'a1'))).toBe('sealed_malformed');
    expect(codeOf(() => open(key, `${v}.${iv}.${tag}`, 'a1'))).toBe('sealed_malformed');
    expect(() => open(Buffer.alloc(32, 7), sealed, 'a1')).toThrow(/does not open with this node's key/);
  });

  it("an account's proxy password is bound to it: copied onto another account it does not open", () => {
    const dir = stateDir();
    const sealed = sealProxyPassword(dir, 'acct-1', 'hunter2');
    expect(openProxyPassword(dir, 'acct-1', sealed)).toBe('hunter2');
    expect(codeOf(() => openProxyPassword(dir, 'acct-2', sealed))).toBe('sealed_unopenable');
    // The key replaced (a restored backup of another node): the value no longer opens.
    rmSync(secretsKeyPath(dir));
    secretsKey(dir, { create: true });
    expect(codeOf(() => openProxyPassword(dir, 'acct-1', sealed))).toBe('sealed_unopenable');
  });
});

describe('the identity kept with the account', () => {
  it('is stored sealed, kept by a new import or login record, never reported, and listed without the password', async () => {
    const dir = stateDir();
    const accounts = new AccountRegistry(dir);
    accounts.upsert({ externalRef: 'a1', platform: 'douyin', displayName: 'A', loginState: 'logged_in' });
    expect(accounts.setIdentity('nobody', () => ({}))).toBe(false);
    const passwordSealed = sealProxyPassword(dir, 'a1', 'hunter2');
    accounts.setIdentity('a1', () => ({ proxy: { server: 'http://gw.example:3128', username: 'alice', passwordSealed }, locale: 'zh-CN', timezone: 'Asia/Shanghai', userAgentFamily: 'windows' }));
    accounts.upsert({ externalRef: 'a1', platform: 'douyin', displayName: 'A again', loginState: 'unknown' });
    expect(accounts.get('a1')!.identity).toMatchObject({ locale: 'zh-CN', proxy: { username: 'alice' } });
    expect(readFileSync(join(dir, 'accounts.json'), 'utf8')).not.toContain('hunter2');
    expect(JSON.stringify(accounts.report())).not.toMatch(/identity|gw\.example|zh-CN/);
    const listed = describeIdentity(accounts.get('a1')!.identity);
    expect(listed).toBe('proxy http://alice@gw.example:3128 (password sealed), locale zh-CN, timezone Asia/Shanghai, user agent windows');
    await expect(profileIdentity(dir, 'a1', accounts.get('a1')!.identity!, async () => '131.0.6778.85')).resolves.toEqual({
      proxy: { server: 'http://gw.example:3128', username: 'alice', password: 'hunter2' },
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      userAgent: userAgentFor('windows', '131.0.6778.85'),
    });
    accounts.setIdentity('a1', () => ({}));
    expect(accounts.get('a1')).not.toHaveProperty('identity');
  });

  it('a profile is an account\'s only when it is profiles/<ref> itself', () => {
    expect(accountOfProfile('/s/profiles', '/s/profiles/a1')).toBe('a1');
    expect(accountOfProfile('/s/profiles', '/s/profiles/a1/')).toBe('a1');
    expect(accountOfProfile('/s/profiles', '/s/login/profile-12')).toBeUndefined();
    expect(accountOfProfile('/s/profiles', '/s/profiles/a1/sub')).toBeUndefined();
    expect(accountOfProfile('/s/profiles', '/s/profiles')).toBeUndefined();
  });
});
