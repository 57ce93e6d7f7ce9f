/**
 * Is this account's browser profile logged in, and as whom? The adapter's
 * read-only login check, in the account's own profile. The answer is written
 * to the registry (the node is the source of truth for login state); a
 * profile logged in as another account counts as logged out. The caller
 * holds the account (account-lock.ts, and the runner's turn in the daemon).
 */
import type { BrowserContext } from 'playwright-core';
import type { AccountRecord, AccountRegistry } from '../accounts/accounts.js';
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
