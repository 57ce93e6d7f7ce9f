/**
 * Is this account's browser profile logged in, and as whom? The adapter's
 * read-only login check, in the account's own profile. The answer is written
 * to the registry (the node is the source of truth for login state); a
 * profile logged in as another account counts as logged out. The caller
 * holds the account (account-lock.ts, and the runner's turn in the daemon:
 * LoginChecks).
 */
import type { BrowserContext } from 'playwright-core';
import type { Logger } from 'pino';
import { AccountBusy, type AccountTurns } from '../accounts/account-lock.js';
import type { AccountRecord, AccountRegistry } from '../accounts/accounts.js';
import type { AdapterSet } from '../adapters/adapter-set.js';
import { type Adapter, AdapterError } from '../adapters/contract.js';
import { EDGE_TIMERS } from '../timers.js';

export interface LoginCheck {
  state: 'logged_in' | 'logged_out' | 'unknown';
  detail: string;
  /** The registry changed (the control plane should hear about it). */
  changed: boolean;
}

export async function checkLogin(o: {
  account: AccountRecord;
  adapter: Adapter;
  baseUrl: string;
  registry: AccountRegistry;
  launchProfile: (dir: string) => Promise<BrowserContext>;
  timeoutMs?: number;
}): Promise<LoginCheck> {
  const context = await o.launchProfile(o.registry.profileDir(o.account.externalRef));
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const info = await o.adapter.checkLogin(page, {
      baseUrl: o.baseUrl,
      openFile: () => Promise.reject(new Error('no media during a login check')),
      progress: () => {},
      beforePublish: () => Promise.reject(new Error('a login check never publishes')),
      signal: AbortSignal.timeout(o.timeoutMs ?? EDGE_TIMERS.loginCheckTimeoutMs),
      log: { debug() {}, info() {}, warn() {} },
    });
    if (info.externalRef !== o.account.externalRef) {
      const detail = `logged in as ${info.externalRef}, not ${o.account.externalRef}`;
      return { state: 'logged_out', detail, changed: o.registry.setLoginState(o.account.externalRef, 'logged_out', undefined, detail) };
    }
    return { state: 'logged_in', detail: info.displayName, changed: o.registry.setLoginState(o.account.externalRef, 'logged_in', info.displayName, `logged in as ${info.displayName}`) };
  } catch (e) {
    const loggedOut = e instanceof AdapterError && e.code === 'login_required';
    const state = loggedOut ? 'logged_out' : 'unknown';
    const detail = loggedOut ? 'no session' : `check failed: ${(e as Error).message}`;
    return { state, detail, changed: o.registry.setLoginState(o.account.externalRef, state, undefined, detail) };
  } finally {
    await context.close().catch(() => {});
  }
}

export interface LoginChecksOptions {
  /** The accounts' turns in the daemon (the job runner's): a check never runs beside a job on its account. */
  turns: AccountTurns;
  adapters: AdapterSet;
  accounts: AccountRegistry;
  platformUrls: Record<string, string>;
  launchProfile: (dir: string) => Promise<BrowserContext>;
  onAccountsChanged: () => void;
  log: Logger;
}

/** The daemon's login checks: the schedule's (login-schedule.ts), and one in a turn the caller already holds. */
export class LoginChecks {
  constructor(private readonly o: LoginChecksOptions) {}

  /**
   * One login check of the account (the schedule's): `busy`, without waiting, when a job,
   * verification or check of this daemon or a CLI command holds its profile.
   */
  async check(ref: string): Promise<'checked' | 'busy'> {
    const account = this.o.accounts.get(ref);
    if (!account || !this.o.adapters.get(account.platform)) return 'checked';
    if (this.o.turns.draining || this.o.turns.accountBusy(ref)) return 'busy';
    try {
      await this.o.turns.inAccountTurn(ref, () => this.checkHeld(ref), { waitMs: 0 });
      return 'checked';
    } catch (err) {
      if (err instanceof AccountBusy) return 'busy';
      throw err;
    }
  }

  /**
   * One login check of an account whose turn the caller holds (AccountTurns.inAccountTurn): an
   * account moved here is checked in the turn that wrote its browser state, not after a wait for the schedule.
   */
  async checkHeld(ref: string): Promise<void> {
    const account = this.o.accounts.get(ref);
    const adapter = account ? this.o.adapters.get(account.platform) : undefined;
    if (!account || !adapter) return;
    const result = await checkLogin({
      account,
      adapter,
      baseUrl: this.o.platformUrls[account.platform] ?? adapter.defaultBaseUrl,
      registry: this.o.accounts,
      launchProfile: this.o.launchProfile,
    });
    this.o.log.info({ account: ref, platform: account.platform, state: result.state, detail: result.detail }, 'login checked');
    if (result.changed) this.o.onAccountsChanged();
  }
}
