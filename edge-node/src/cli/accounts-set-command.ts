/**
 * `plume-edge accounts set <ref>`: the account's browser identity (account-identity.ts).
 * Every value is checked before anything is read from standard input or written; a refusal
 * is a usage error (exit 64) whose message starts with its stable code.
 */
import { parseArgs } from 'node:util';
import {
  checkProxyCredentials,
  checkProxyPassword,
  describeIdentity,
  IdentityError,
  type ParsedProxy,
  parseLocale,
  parseProxyUrl,
  parseTimezone,
  parseUserAgentFamily,
  sealProxyPassword,
  type StoredIdentity,
  type UserAgentFamily,
} from '../accounts/account-identity.js';
import type { AccountRegistry } from '../accounts/accounts.js';
import { UsageError } from './usage.js';

export const SET_USAGE = `plume-edge accounts set <ref> [--proxy <url>] [--proxy-password-stdin] [--locale <bcp47>]
    [--timezone <IANA zone>] [--user-agent-family windows|macos|linux] [--clear <part>]…

  The browser identity of one account on this node, applied from its next browser on (jobs,
  login checks, logins, site checks):
  --proxy <url>              http://host:port, https://host:port or socks5://host:port; a user
                             name goes in the URL (http://user@host:port), the password never
  --proxy-password-stdin     reads the proxy password from standard input (one line), kept
                             sealed on this node; socks5 proxies cannot take credentials
                             (Chromium cannot authenticate to SOCKS5)
  --locale <bcp47>           Accept-Language and navigator.language, e.g. zh-CN
  --timezone <IANA zone>     the pages' clock, e.g. Asia/Shanghai
  --user-agent-family <f>    windows, macos or linux: a desktop Chrome user agent with this
                             node's real Chromium version
  --clear <part>             proxy, locale, timezone, user-agent-family or all (repeatable)
`;

const PARTS = ['proxy', 'locale', 'timezone', 'user-agent-family', 'all'] as const;
const REF = /^[A-Za-z0-9_.@-]{1,200}$/;

const refused = (code: string, message: string) => new UsageError(`${code}: ${message}`);

export interface SetDeps {
  registry: AccountRegistry;
  stateDir: string;
  /** Runs `work` holding the account's lock. */
  lock: <T>(ref: string, work: () => Promise<T>) => Promise<T>;
  /** Standard input, read when --proxy-password-stdin is given. */
  readPassword?: () => Promise<string>;
  out?: (line: string) => void;
}

export async function setCommand(args: string[], deps: SetDeps): Promise<number> {
  const out = deps.out ?? ((line: string) => process.stdout.write(line));
  const parse = () =>
    parseArgs({
      args,
      allowPositionals: true,
      options: {
        proxy: { type: 'string' },
        'proxy-password-stdin': { type: 'boolean' },
        locale: { type: 'string' },
        timezone: { type: 'string' },
        'user-agent-family': { type: 'string' },
        clear: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    });
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (e) {
    throw refused('usage', (e as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    out(SET_USAGE);
    return 0;
  }
  const [ref, ...extra] = positionals;
  if (!ref || extra.length) throw refused('usage', 'accounts set needs one account: plume-edge accounts set <ref> [--proxy <url>] …');
  if (!REF.test(ref) || ref === '.' || ref === '..') throw refused('usage', '<ref> is the platform account id: letters, digits, "_", ".", "@" and "-"');
  const clear = new Set(values.clear ?? []);
  for (const part of clear) if (!(PARTS as readonly string[]).includes(part)) throw refused('usage', `--clear takes ${PARTS.join(', ')}; not ${JSON.stringify(part)}`);
  const setting = { proxy: values.proxy, locale: values.locale, timezone: values.timezone, 'user-agent-family': values['user-agent-family'] };
  if (clear.size === 0 && Object.values(setting).every((v) => v === undefined) && !values['proxy-password-stdin']) {
    throw refused('usage', 'accounts set needs something to set or --clear (plume-edge accounts set --help)');
  }
  for (const [part, value] of Object.entries(setting)) {
    if (value !== undefined && (clear.has(part) || clear.has('all'))) throw refused('usage', `--${part} and --clear ${clear.has('all') ? 'all' : part} contradict each other`);
  }

  let proxy: ParsedProxy | undefined;
  let locale: string | undefined;
  let timezone: string | undefined;
  let family: UserAgentFamily | undefined;
  try {
    if (values.proxy !== undefined) proxy = parseProxyUrl(values.proxy);
    if (values.locale !== undefined) locale = parseLocale(values.locale);
    if (values.timezone !== undefined) timezone = parseTimezone(values.timezone);
    if (values['user-agent-family'] !== undefined) family = parseUserAgentFamily(values['user-agent-family']);
    if (values['proxy-password-stdin'] && !proxy) throw refused('proxy_password_without_proxy', '--proxy-password-stdin goes with the --proxy URL it is for (http://user@host:port)');
    // What the password will be checked against, before standard input is read.
    if (proxy) checkProxyCredentials(proxy, values['proxy-password-stdin'] ? '' : undefined);
  } catch (e) {
    if (e instanceof IdentityError) throw refused(e.code, e.message);
    throw e;
  }
  if (!deps.registry.get(ref)) throw refused('account_missing', `no account ${JSON.stringify(ref)} on this node (plume-edge accounts list)`);

  let password: string | undefined;
  if (values['proxy-password-stdin']) {
    try {
      password = checkProxyPassword(await (deps.readPassword ?? readStdinLine)());
    } catch (e) {
      if (e instanceof IdentityError) throw refused(e.code, e.message);
      throw e;
    }
  }

  let identity: StoredIdentity | undefined;
  await deps.lock(ref, async () => {
    deps.registry.setIdentity(ref, (current) => {
      const next: StoredIdentity = clear.has('all') ? {} : { ...current };
      if (clear.has('proxy')) delete next.proxy;
      if (clear.has('locale')) delete next.locale;
      if (clear.has('timezone')) delete next.timezone;
      if (clear.has('user-agent-family')) delete next.userAgentFamily;
      if (proxy) {
        next.proxy = {
          server: proxy.server,
          ...(proxy.username !== undefined ? { username: proxy.username } : {}),
          ...(password !== undefined ? { passwordSealed: sealProxyPassword(deps.stateDir, ref, password) } : {}),
        };
      }
      if (locale) next.locale = locale;
      if (timezone) next.timezone = timezone;
      if (family) next.userAgentFamily = family;
      identity = next;
      return next;
    });
  });
  const described = describeIdentity(identity);
  out(`${ref}: ${described || "no identity set: its browser goes out directly, with Chromium's own locale, time zone and user agent"}; applied from its next browser on\n`);
  return 0;
}

/** One line from standard input (a pipe, a file, or the terminal), at most 4 KiB. */
async function readStdinLine(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('proxy password (one line): ');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (size > 4096 || (process.stdin.isTTY && chunk.includes(0x0a))) break;
  }
  process.stdin.pause();
  return Buffer.concat(chunks).toString('utf8');
}
