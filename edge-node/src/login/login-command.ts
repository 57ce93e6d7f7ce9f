/**
 * `plume-edge accounts login <platform> [--ref <id>]` and the interactive
 * `plume-edge accounts relogin <ref>`: the platform's login page in the
 * account's profile, driven from this terminal (login/terminal.ts), the
 * account recorded on success (login/account-login.ts). Exit codes below.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { AccountRegistry } from '../accounts/accounts.js';
import type { BrowserContext } from 'playwright-core';
import type { EdgeConfig } from '../config.js';
import type { AdapterSet } from '../adapters/adapter-set.js';
import { UsageError } from '../cli/usage.js';
import { ACCOUNT_REF, loginAccount } from './account-login.js';
import { LoginFailed, type LoginFailureCode } from './flow.js';
import { driveFromTerminal } from './terminal.js';

export const LOGIN_HELP = `plume-edge accounts login <platform> [--ref <account id>] [--user <userId>] [--timeout <seconds>]
plume-edge accounts relogin <ref> [--timeout <seconds>]

Opens the platform's own login page in the account's browser profile on this
node, shows its QR code here (and writes it as a PNG in the state directory),
and waits for the account's phone to scan it. Some logins then ask for an SMS
code: type it when asked. On success the account is recorded as logged in,
with the id and name the platform shows, and a running daemon reports it to
the control plane within seconds.

  <platform>        bilibili, douyin, kuaishou, xiaohongshu, weibo, toutiao, juejin
  --ref <id>        the platform account id to expect; another account's login is refused
                    (default: whichever account scans)
  --user <userId>   the Plume user the account is for
  --timeout <s>     how long to wait for the scan and any further step (default 300)

relogin logs an account of this node in again the same way (its old cookies are
dropped first) and refuses a login as any other account; with
--storage-state <file.json> it imports an exported login instead.

Exit codes:
  0    logged in and recorded
  1    not logged in: timeout, refused SMS code, another account, browser failure
  2    the login page is not what this node expects (the site changed)
  3    a slider captcha needs a person at a visible browser (PLUME_EDGE_HEADLESS=false)
  64   usage error
  130  interrupted (Ctrl-C); 143 stopped (SIGTERM)
`;

const EXIT: Record<LoginFailureCode, number> = {
  timeout: 1,
  sms_rejected: 1,
  sms_not_provided: 1,
  wrong_account: 1,
  browser_failed: 1,
  cancelled: 1,
  page_changed: 2,
  slider_required: 3,
};

// Why 300 s: a platform QR lives two to three minutes and is renewed; five minutes covers a person fetching a phone.
const DEFAULT_TIMEOUT_S = 300;

export interface LoginCommandDeps {
  registry: AccountRegistry;
  launchProfile: (dir: string) => Promise<BrowserContext>;
  lock: <T>(ref: string, work: () => Promise<T>, signal: AbortSignal) => Promise<T>;
}

/** `accounts login` (relogin: the account to log in again, its platform from the record). */
export async function loginCommand(config: EdgeConfig, args: string[], adapters: AdapterSet, deps: LoginCommandDeps, relogin?: string): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { ref: { type: 'string' }, user: { type: 'string' }, timeout: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    process.stdout.write(LOGIN_HELP);
    return 0;
  }
  let platform: string;
  let ref = values.ref;
  if (relogin !== undefined) {
    if (positionals.length || values.ref !== undefined || values.user !== undefined) throw new UsageError('accounts relogin takes one account: plume-edge accounts relogin <ref> [--timeout <seconds>]');
    const account = deps.registry.get(relogin);
    if (!account) throw new UsageError(`no account ${JSON.stringify(relogin)} on this node (plume-edge accounts list); a new account is added with \`accounts login <platform>\``);
    platform = account.platform;
    ref = relogin;
  } else {
    const [p, ...extra] = positionals;
    if (!p || extra.length) throw new UsageError('accounts login needs one platform: plume-edge accounts login <platform> [--ref <account id>] (--help for more)');
    platform = p;
  }
  if (ref !== undefined && (!ACCOUNT_REF.test(ref) || ref === '.' || ref === '..')) throw new UsageError('--ref is the platform account id: letters, digits, "_", ".", "@" and "-"');
  const user = values.user === undefined ? undefined : Number(values.user);
  if (user !== undefined && !(Number.isInteger(user) && user > 0)) throw new UsageError('--user must be a user id (a positive integer)');
  const timeoutS = values.timeout === undefined ? DEFAULT_TIMEOUT_S : Number(values.timeout);
  if (!(Number.isFinite(timeoutS) && timeoutS >= 10 && timeoutS <= 3600)) throw new UsageError('--timeout is a number of seconds from 10 to 3600');
  const adapter = adapters.get(platform);
  if (!adapter) throw new UsageError(`this node has no adapter for ${JSON.stringify(platform)} (it has: ${adapters.platforms().join(', ')})`);
  if (!adapter.login) throw new UsageError(`no login page is known for ${platform}: log in in a browser and bring the login with \`plume-edge accounts import\``);
  const existing = ref !== undefined ? deps.registry.get(ref) : undefined;
  if (existing && existing.platform !== platform) throw new UsageError(`account ${ref} is a ${existing.platform} account, not ${platform}`);

  const qrFile = join(config.stateDir, 'login', `${platform}-${process.pid}.png`);
  const interrupted = new AbortController();
  let exitOnSignal = 0;
  const onSignal = (signal: 'SIGINT' | 'SIGTERM') => {
    if (exitOnSignal) process.exit(exitOnSignal); // a second signal: do not wait for the cleanup
    exitOnSignal = signal === 'SIGINT' ? 130 : 143;
    process.stdout.write(`\n${signal === 'SIGINT' ? 'interrupted' : 'stopped'}: closing the browser…\n`);
    interrupted.abort(new LoginFailed('cancelled', `the login was ${signal === 'SIGINT' ? 'interrupted' : 'stopped'}`));
  };
  const onInt = () => onSignal('SIGINT');
  const onTerm = () => onSignal('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  let detach = () => {};
  process.stdout.write(`${existing ? `logging ${ref} in again` : `logging in a ${platform} account`}: opening the login page…\n`);
  try {
    const { account, replaced } = await loginAccount({
      registry: deps.registry,
      adapter,
      baseUrl: config.platformUrls[platform] ?? adapter.defaultBaseUrl,
      stateDir: config.stateDir,
      launchProfile: deps.launchProfile,
      lock: (r, work) => deps.lock(r, work, interrupted.signal),
      ...(ref !== undefined ? { ref } : {}),
      ...(user !== undefined ? { userId: user } : {}),
      timeoutMs: timeoutS * 1000,
      signal: interrupted.signal,
      onFlow: (flow) => {
        detach = driveFromTerminal(flow, {
          platform,
          qrFile,
          out: process.stdout,
          input: process.stdin.readable ? process.stdin : null,
          headless: config.headless,
          stop: (reason) => interrupted.abort(reason),
        });
      },
    });
    process.stdout.write(
      `logged in: ${account.externalRef}\t${platform}\t${account.displayName}\n` +
        `${replaced ? 'the account on this node now has the new login' : 'the account is recorded on this node'}; a running daemon reports it to the control plane within seconds\n`,
    );
    return 0;
  } catch (e) {
    if (exitOnSignal) {
      process.stderr.write('plume-edge: the login was stopped; nothing was recorded\n');
      return exitOnSignal;
    }
    if (e instanceof LoginFailed) {
      process.stderr.write(`plume-edge: login failed (${e.code}): ${e.message}\n`);
      return EXIT[e.code];
    }
    throw e;
  } finally {
    detach();
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
    rmSync(qrFile, { force: true });
    process.stdin.pause();
  }
}
