/**
 * `plume-edge accounts list|login|import|relogin|remove|check|set`: the accounts
 * of this node, beside a running daemon or without one. `login` (and
 * `relogin` without a storage state) is the platform's own login page, driven
 * from this terminal (login/login-command.ts). Each command that opens
 * a profile or changes an account holds the account's lock (account-lock.ts),
 * waiting while the daemon runs a job or check on it; the daemon notices the
 * changed accounts.json within seconds, reports it to the control plane and
 * reschedules its login checks.
 */
import { parseArgs } from 'node:util';
import { describeIdentity } from '../accounts/account-identity.js';
import { AccountBusy, withAccountLock } from '../accounts/account-lock.js';
import { importStorageState, readStorageState, writeStorageState } from '../accounts/account-import.js';
import { type AccountRecord, AccountRegistry, localLoginState } from '../accounts/accounts.js';
import { setCommand } from './accounts-set-command.js';
import { profileLauncher } from '../browser/chromium.js';
import type { EdgeConfig } from '../config.js';
import type { AdapterSet } from '../adapters/adapter-set.js';
import { enrolledKind } from '../control/identity.js';
import { checkLogin, type LoginCheck } from '../login/login-check.js';
import { loginCommand } from '../login/login-command.js';
import { siteWarning, warn } from './platform-sites.js';
import { UsageError } from './usage.js';

/** Why: a job holds its account for minutes at most; a command waits that long, then says why it gave up. */
const LOCK_WAIT_MS = 10 * 60_000;

const REF = /^[A-Za-z0-9_.@-]{1,200}$/;

/** `loadAdapters` is called only by the subcommands that need the adapters (`set` and `remove` never load them). */
export async function accountsCommand(config: EdgeConfig, args: string[], loadAdapters: () => Promise<AdapterSet>): Promise<number> {
  const [sub = 'list', ...rest] = args;
  const registry = new AccountRegistry(config.stateDir);
  const launch = profileLauncher({ executablePath: config.chromiumPath, headless: config.headless, stateDir: config.stateDir });
  // An interactive login handles Ctrl-C itself: it closes the browser and records nothing.
  const loginLaunch = profileLauncher({ executablePath: config.chromiumPath, headless: config.headless, handleSignals: false, stateDir: config.stateDir });
  const hasAdapter = async (platform: string) => (await loadAdapters()).get(platform) !== undefined;
  const locked = <T>(ref: string, work: () => Promise<T>, signal?: AbortSignal) =>
    withAccountLock(config.stateDir, ref, work, {
      waitMs: LOCK_WAIT_MS,
      ...(signal ? { signal } : {}),
      onWait: () => process.stdout.write(`${ref} is in use (a job or check of the running daemon); waiting for it…\n`),
    }).catch((err: unknown) => {
      if (err instanceof AccountBusy) throw new Error(`${err.message}; still in use after ${LOCK_WAIT_MS / 60_000} minutes, try again later`);
      throw err;
    });
  const check = async (account: AccountRecord): Promise<LoginCheck | null> => {
    const adapter = (await loadAdapters()).get(account.platform);
    if (!adapter) return null;
    return checkLogin({ account, adapter, baseUrl: config.platformUrls[account.platform] ?? adapter.defaultBaseUrl, registry, launchProfile: launch });
  };

  /** Says so when this platform's accounts go to the live site while PLUME_EDGE_PLATFORM_URLS names others (cli/platform-sites.ts). */
  const warnSite = async (platform: string, cookieDomains?: string[]) => {
    const warning = siteWarning({ platform, platformUrls: config.platformUrls, defaultBaseUrl: (await loadAdapters()).get(platform)?.defaultBaseUrl, ...(cookieDomains ? { cookieDomains } : {}) });
    if (warning) warn(warning);
  };

  switch (sub) {
    case 'list': {
      const list = registry.list();
      const adapters = await loadAdapters();
      if (list.length === 0) process.stdout.write('no accounts on this node; add one with `plume-edge accounts login <platform>` (or `accounts import`)\n');
      for (const a of list) {
        const checked = a.checkedAt ? `checked ${a.checkedAt}${a.checkDetail ? ` (${a.checkDetail})` : ''}` : 'never checked';
        const identity = describeIdentity(a.identity);
        process.stdout.write(`${a.externalRef}\t${a.platform}\t${localLoginState(a, (p) => adapters.get(p) !== undefined)}\t${a.displayName}${a.userId ? `\tuser ${a.userId}` : ''}\t${checked}${identity ? `\t${identity}` : ''}\n`);
      }
      return 0;
    }
    case 'set':
      return setCommand(rest, { registry, stateDir: config.stateDir, lock: locked });
    case 'login':
      return loginCommand(config, rest, await loadAdapters(), { registry, launchProfile: loginLaunch, lock: locked });
    case 'import': {
      const { values } = parseArgs({
        args: rest,
        options: { ref: { type: 'string' }, platform: { type: 'string' }, 'storage-state': { type: 'string' }, name: { type: 'string' }, user: { type: 'string' } },
      });
      if (!values.ref || !values.platform || !values['storage-state']) throw new UsageError('accounts import needs --ref, --platform and --storage-state');
      if (!REF.test(values.ref)) throw new UsageError('--ref is the platform account id: letters, digits, "_", ".", "@" and "-"');
      const user = values.user === undefined ? undefined : Number(values.user);
      if (user !== undefined && !(Number.isInteger(user) && user > 0)) throw new UsageError('--user must be a user id (a positive integer)');
      if (user === undefined && enrolledKind(config.stateDir) === 'web') {
        throw new UsageError("this is a web node, serving several users: name the account's owner with --user <userId>");
      }
      const ref = values.ref;
      await warnSite(values.platform, readStorageState(values['storage-state']).cookies.map((c) => c.domain));
      const counts = await locked(ref, () =>
        importStorageState({
          registry,
          externalRef: ref,
          platform: values.platform!,
          storageStatePath: values['storage-state']!,
          launchProfile: launch,
          ...(values.name ? { displayName: values.name } : {}),
          ...(user !== undefined ? { userId: user } : {}),
        }),
      );
      const next = (await hasAdapter(values.platform))
        ? 'a running daemon checks its login within seconds (or run `plume-edge accounts check`)'
        : `this node has no adapter for ${values.platform}: it is reported as unsupported_platform`;
      process.stdout.write(`imported ${counts.cookies} cookie(s) and ${counts.origins} origin(s) into the profile of ${ref}; ${next}\n`);
      return 0;
    }
    case 'relogin': {
      const { values, positionals, tokens } = parseArgs({
        args: rest,
        allowPositionals: true,
        tokens: true,
        options: { 'storage-state': { type: 'string' }, timeout: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      });
      const [ref, ...extra] = positionals;
      if (values.help) return loginCommand(config, ['--help'], await loadAdapters(), { registry, launchProfile: loginLaunch, lock: locked });
      if (!ref || extra.length) throw new UsageError('accounts relogin needs the account: plume-edge accounts relogin <ref> [--storage-state <file.json>]');
      // Without an exported login, the platform's login page: the same account must scan.
      if (values['storage-state'] === undefined) {
        const at = tokens.find((t) => t.kind === 'positional')!.index;
        return loginCommand(config, rest.filter((_, i) => i !== at), await loadAdapters(), { registry, launchProfile: loginLaunch, lock: locked }, ref);
      }
      if (values.timeout !== undefined) throw new UsageError('--timeout is for an interactive relogin; --storage-state imports at once');
      if (!registry.get(ref)) throw new UsageError(`no account ${JSON.stringify(ref)} on this node (plume-edge accounts list); a new account is added with \`accounts login\` or \`accounts import\``);
      // Read before taking the account: a bad file changes nothing.
      const state = readStorageState(values['storage-state']);
      await warnSite(registry.get(ref)!.platform, state.cookies.map((c) => c.domain));
      const { counts, result } = await locked(ref, async () => {
        const counts = await writeStorageState({ registry, externalRef: ref, state, replace: true, launchProfile: launch });
        const account = registry.get(ref);
        return { counts, result: account ? await check(account) : null };
      });
      process.stdout.write(`replaced the cookies of ${ref} with ${counts.cookies} cookie(s) and ${counts.origins} origin(s)\n`);
      if (!result) {
        process.stdout.write(`${ref}\tunsupported_platform\tthis node has no adapter for ${registry.get(ref)?.platform}\n`);
        return 1;
      }
      process.stdout.write(`${ref}\t${result.state}\t${result.detail}\n`);
      return result.state === 'logged_in' ? 0 : 1;
    }
    case 'remove': {
      const { positionals } = parseArgs({ args: rest, allowPositionals: true, options: {} });
      const [ref, ...extra] = positionals;
      if (!ref || extra.length) throw new UsageError('accounts remove needs one account: plume-edge accounts remove <ref>');
      if (!REF.test(ref) || ref === '.' || ref === '..') throw new UsageError('<ref> is the platform account id: letters, digits, "_", ".", "@" and "-"');
      const removed = await locked(ref, async () => registry.remove(ref));
      if (!removed) {
        process.stderr.write(`plume-edge: no account ${JSON.stringify(ref)} on this node (plume-edge accounts list)\n`);
        return 1;
      }
      process.stdout.write(`removed ${ref}: its record and browser profile are gone; a running daemon tells the control plane within seconds (there it stays, logged out)\n`);
      return 0;
    }
    case 'check': {
      let failures = 0;
      for (const listed of registry.list()) {
        if (!(await hasAdapter(listed.platform))) {
          process.stdout.write(`${listed.externalRef}\t${listed.platform}\tunsupported_platform\tno adapter on this node\n`);
          failures++;
          continue;
        }
        await warnSite(listed.platform);
        const result = await locked(listed.externalRef, async () => {
          const account = registry.get(listed.externalRef);
          return account ? check(account) : null;
        });
        if (!result) continue;
        if (result.state !== 'logged_in') failures++;
        process.stdout.write(`${listed.externalRef}\t${listed.platform}\t${result.state}\t${result.detail}\n`);
      }
      return failures ? 1 : 0;
    }
    default:
      throw new UsageError(`unknown accounts subcommand ${JSON.stringify(sub)}`);
  }
}
