/**
 * An account's browser identity on this node: the proxy its Chromium goes out
 * through, its locale, time zone and user-agent family (`plume-edge accounts
 * set`). Kept in the account's record in accounts.json; the proxy password
 * only sealed (secret-seal.ts), never logged, never reported to the control
 * plane. Every launch of the account's profile applies it (chromium.ts).
 *
 * What each part changes in the browser (docs/operators.md has the table):
 * - proxy: Chromium's --proxy-server for that account's browser process (each
 *   account has its own); credentials answer the proxy's 407. Chromium cannot
 *   authenticate to a SOCKS5 proxy, so credentials there are refused.
 * - locale: Accept-Language and navigator.language(s), Intl's default locale.
 * - timezone: the page's clock (Date, Intl.DateTimeFormat).
 * - user-agent family: the User-Agent header and navigator.userAgent, with the
 *   node's real Chromium major version; Playwright derives the client hints'
 *   platform (Sec-CH-UA-Platform, navigator.userAgentData.platform) from it.
 *   navigator.platform stays the real one (Linux x86_64).
 */
import { z } from 'zod';
import { open, SealError, seal, secretsKey } from './secret-seal.js';

export const USER_AGENT_FAMILIES = ['windows', 'macos', 'linux'] as const;
export type UserAgentFamily = (typeof USER_AGENT_FAMILIES)[number];

export const PROXY_SCHEMES = ['http', 'https', 'socks5'] as const;

// Not strict: a part a later version adds is dropped here, rather than the whole account list refused at start.
export const storedIdentitySchema = z.object({
  proxy: z
    .object({
      /** scheme://host:port, as Chromium's --proxy-server takes it. */
      server: z.string().max(300),
      username: z.string().max(256).optional(),
      /** secret-seal.ts, bound to the account's ref. */
      passwordSealed: z.string().max(2000).optional(),
    })
    .optional(),
  locale: z.string().max(64).optional(),
  timezone: z.string().max(64).optional(),
  userAgentFamily: z.enum(USER_AGENT_FAMILIES).optional(),
});
export type StoredIdentity = z.infer<typeof storedIdentitySchema>;

/** What a launch of the profile is given (adapters/browser.ts). */
export interface ProfileIdentity {
  proxy?: { server: string; username?: string; password?: string };
  locale?: string;
  timezoneId?: string;
  userAgent?: string;
}

export type IdentityErrorCode =
  | 'invalid_proxy_url'
  | 'proxy_scheme_unsupported'
  | 'proxy_password_in_url'
  | 'proxy_password_missing'
  | 'proxy_username_missing'
  | 'socks5_auth_unsupported'
  | 'invalid_proxy_password'
  | 'invalid_locale'
  | 'invalid_timezone'
  | 'invalid_user_agent_family'
  | 'chromium_version_unknown';

/** A value the identity cannot take; `code` is stable (the CLI prints it first). */
export class IdentityError extends Error {
  constructor(
    readonly code: IdentityErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443', socks5: '1080' };
const CONTROL = /[\u0000-\u001f\u007f]/;

export interface ParsedProxy {
  server: string;
  username?: string;
}

/**
 * `scheme://[user@]host[:port]` with scheme http, https or socks5. The password never comes in the
 * URL (it would show in `ps` and in shell history): `--proxy-password-stdin`.
 */
export function parseProxyUrl(text: string): ParsedProxy {
  if (text.length === 0 || text.length > 300 || CONTROL.test(text)) throw new IdentityError('invalid_proxy_url', 'the proxy URL must be 1–300 printable characters, e.g. http://proxy.example:3128');
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(text)?.[1]?.toLowerCase();
  if (!scheme) throw new IdentityError('invalid_proxy_url', `${JSON.stringify(text)} is not a proxy URL: write scheme://host:port, e.g. http://proxy.example:3128`);
  if (!(PROXY_SCHEMES as readonly string[]).includes(scheme)) throw new IdentityError('proxy_scheme_unsupported', `proxy scheme ${JSON.stringify(scheme)} is not supported: use http, https or socks5`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new IdentityError('invalid_proxy_url', `${JSON.stringify(text)} is not a valid URL (host, or port 1–65535)`);
  }
  if (url.password) throw new IdentityError('proxy_password_in_url', 'put the proxy password on standard input with --proxy-password-stdin, not in the URL (a command line is visible in ps and kept in shell history)');
  if ((url.pathname !== '' && url.pathname !== '/') || url.search || url.hash) throw new IdentityError('invalid_proxy_url', 'a proxy URL has no path, query or fragment: scheme://host:port');
  const host = url.hostname;
  if (!host || !/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)$/.test(host)) throw new IdentityError('invalid_proxy_url', `${JSON.stringify(text)} names no valid proxy host`);
  // URL drops a scheme's default port (http://h:80 has port ''): that port is the default one.
  const port = url.port || DEFAULT_PORTS[scheme]!;
  if (!/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 65535) throw new IdentityError('invalid_proxy_url', 'the proxy port must be 1–65535');
  let username: string | undefined;
  if (url.username) {
    try {
      username = decodeURIComponent(url.username);
    } catch {
      throw new IdentityError('invalid_proxy_url', 'the proxy user name is not valid percent-encoding');
    }
    if (CONTROL.test(username) || username.length > 256) throw new IdentityError('invalid_proxy_url', 'the proxy user name must be at most 256 printable characters');
    if (scheme === 'socks5') throw socks5Auth();
  }
  return { server: `${scheme}://${host}:${port}`, ...(username !== undefined ? { username } : {}) };
}

const socks5Auth = () =>
  new IdentityError('socks5_auth_unsupported', 'Chromium cannot authenticate to a SOCKS5 proxy: give a socks5 proxy without user name and password (one that admits this node by its address), or an http/https proxy with them');

/** The password read from standard input: one line, its line ending dropped. */
export function checkProxyPassword(password: string): string {
  const value = password.replace(/\r?\n$/, '');
  if (value.length === 0) throw new IdentityError('invalid_proxy_password', 'the proxy password on standard input is empty');
  if (value.length > 1024 || CONTROL.test(value)) throw new IdentityError('invalid_proxy_password', 'the proxy password must be one line of at most 1024 printable characters');
  return value;
}

/** A proxy with what authenticates to it: user name and password together, and never for socks5. */
export function checkProxyCredentials(proxy: ParsedProxy, password: string | undefined): void {
  if (proxy.server.startsWith('socks5:') && password !== undefined) throw socks5Auth();
  if (proxy.username !== undefined && password === undefined) throw new IdentityError('proxy_password_missing', `the proxy URL names user ${JSON.stringify(proxy.username)}: give the password on standard input with --proxy-password-stdin`);
  if (proxy.username === undefined && password !== undefined) throw new IdentityError('proxy_username_missing', 'a proxy password needs the user name in the URL: http://user@host:port');
}

/** A BCP 47 language tag, canonicalized (zh-cn → zh-CN). */
export function parseLocale(text: string): string {
  let canonical: string[];
  try {
    canonical = text.length > 0 && text.length <= 64 && !CONTROL.test(text) ? Intl.getCanonicalLocales(text) : [];
  } catch {
    canonical = [];
  }
  if (canonical.length !== 1) throw new IdentityError('invalid_locale', `${JSON.stringify(text.slice(0, 64))} is not a BCP 47 language tag, e.g. zh-CN or en-US`);
  return canonical[0]!;
}

/** An IANA time zone name as ICU knows it (asia/shanghai → Asia/Shanghai); no bare offsets. */
export function parseTimezone(text: string): string {
  let zone: string | undefined;
  if (/^[A-Za-z][A-Za-z0-9_+/-]{0,63}$/.test(text)) {
    try {
      zone = new Intl.DateTimeFormat('en-US', { timeZone: text }).resolvedOptions().timeZone;
    } catch {
      zone = undefined;
    }
  }
  if (!zone) throw new IdentityError('invalid_timezone', `${JSON.stringify(text.slice(0, 64))} is not an IANA time zone, e.g. Asia/Shanghai or Europe/Berlin`);
  return zone;
}

export function parseUserAgentFamily(text: string): UserAgentFamily {
  if (!(USER_AGENT_FAMILIES as readonly string[]).includes(text)) throw new IdentityError('invalid_user_agent_family', `--user-agent-family must be one of ${USER_AGENT_FAMILIES.join(', ')}`);
  return text as UserAgentFamily;
}

const PLATFORM_TOKENS: Record<UserAgentFamily, string> = {
  windows: 'Windows NT 10.0; Win64; x64',
  macos: 'Macintosh; Intel Mac OS X 10_15_7',
  linux: 'X11; Linux x86_64',
};

/**
 * The desktop Chrome user agent of `family` for the node's real Chromium: the major version is the
 * one running, the rest `0.0.0` and the OS tokens frozen, as Chrome itself has sent since its user
 * agent reduction. `version` is `chromium --version`'s number (chromium.ts chromiumVersion).
 */
export function userAgentFor(family: UserAgentFamily, version: string | null): string {
  const major = version ? /^(\d+)\./.exec(version)?.[1] : undefined;
  if (!major) throw new IdentityError('chromium_version_unknown', `a ${family} user agent needs the real Chromium version, and Chromium did not tell it (${JSON.stringify(version)})`);
  return `Mozilla/5.0 (${PLATFORM_TOKENS[family]}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;
}

/** The sealed password is bound to its account: a value copied onto another account does not open. */
const passwordBinding = (ref: string) => `plume-edge proxy password for ${ref}`;

export function sealProxyPassword(stateDir: string, ref: string, password: string): string {
  return seal(secretsKey(stateDir, { create: true }), password, passwordBinding(ref));
}

export function openProxyPassword(stateDir: string, ref: string, sealed: string): string {
  return open(secretsKey(stateDir), sealed, passwordBinding(ref));
}

function openForLaunch(stateDir: string, ref: string, sealed: string): string {
  try {
    return openProxyPassword(stateDir, ref, sealed);
  } catch (e) {
    if (!(e instanceof SealError)) throw e;
    throw new SealError(e.code, `the proxy password of account ${ref} cannot be used (${e.message}); set it again: plume-edge accounts set ${ref} --proxy <url> --proxy-password-stdin`);
  }
}

/** What the launch of `ref`'s profile is given: the password opened, the user agent built. */
export async function profileIdentity(stateDir: string, ref: string, stored: StoredIdentity, version: () => Promise<string | null>): Promise<ProfileIdentity> {
  const out: ProfileIdentity = {};
  if (stored.proxy) {
    out.proxy = {
      server: stored.proxy.server,
      ...(stored.proxy.username !== undefined ? { username: stored.proxy.username } : {}),
      ...(stored.proxy.passwordSealed !== undefined ? { password: openForLaunch(stateDir, ref, stored.proxy.passwordSealed) } : {}),
    };
  }
  if (stored.locale) out.locale = stored.locale;
  if (stored.timezone) out.timezoneId = stored.timezone;
  if (stored.userAgentFamily) out.userAgent = userAgentFor(stored.userAgentFamily, await version());
  return out;
}

/** One line for `accounts list`: never the password, only that one is kept sealed. */
export function describeIdentity(identity: StoredIdentity | undefined): string {
  if (!identity) return '';
  const parts: string[] = [];
  if (identity.proxy) {
    const [scheme, rest] = identity.proxy.server.split('://') as [string, string];
    const user = identity.proxy.username !== undefined ? `${encodeURIComponent(identity.proxy.username)}@` : '';
    parts.push(`proxy ${scheme}://${user}${rest}${identity.proxy.passwordSealed ? ' (password sealed)' : ''}`);
  }
  if (identity.locale) parts.push(`locale ${identity.locale}`);
  if (identity.timezone) parts.push(`timezone ${identity.timezone}`);
  if (identity.userAgentFamily) parts.push(`user agent ${identity.userAgentFamily}`);
  return parts.join(', ');
}
