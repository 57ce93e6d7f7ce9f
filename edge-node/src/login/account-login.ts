/**
 * A platform account logged in on this node through the platform's own login
 * page (login/flow.ts), from profile to record:
 *
 * - the account is known (`accounts relogin <ref>`, or `accounts login --ref`):
 *   the login runs in its own profile, under its lock, with the profile's
 *   cookies cleared first (a relogin keeps nothing of the session it
 *   replaces), and must come back as that account;
 * - it is not: the login runs in a scratch profile under `login/` in the state
 *   directory; once the platform names the account, that profile becomes
 *   `profiles/<ref>` (replacing the account's old one when the node had it).
 *
 * Then the account is recorded `logged_in` with the id and name the adapter's
 * `checkLogin` read; a running daemon notices accounts.json change, tells the
 * control plane (the `accounts` message) and checks the login at once.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { keepSessionCookies } from '../accounts/account-import.js';
import type { AccountRecord, AccountRegistry } from '../accounts/accounts.js';
import type { Adapter, AdapterLog, AdapterTimeouts } from '../adapters/contract.js';
import { LoginFailed, LoginFlow, type LoginFlowOptions } from './flow.js';

export const ACCOUNT_REF = /^[A-Za-z0-9_.@-]{1,200}$/;

export interface AccountLoginOptions {
  registry: AccountRegistry;
  adapter: Adapter;
  /** The platform's origin: the real site, or a replica (PLUME_EDGE_PLATFORM_URLS). */
  baseUrl: string;
  stateDir: string;
  launchProfile: (dir: string) => Promise<BrowserContext>;
  /** Runs `work` holding the account's lock (account-lock.ts). */
  lock: <T>(ref: string, work: () => Promise<T>) => Promise<T>;
  /** The account to log in, when known; otherwise the platform names it. */
  ref?: string;
  /** The Plume user the account is for (as `accounts import --user`). */
  userId?: number;
  timeoutMs: number;
  /** Hands the flow to its driver before it starts (the terminal, a relay), with the login page (a relay streams it). */
  onFlow: (flow: LoginFlow, page: Page) => void;
  /** Stops the login: the flow ends `cancelled` (or the reason's code) and the browser closes. */
  signal?: AbortSignal;
  log?: AdapterLog;
  timeouts?: Partial<AdapterTimeouts>;
  /** Page-watching knobs of the flow (tests shorten them). */
  tuning?: Pick<LoginFlowOptions, 'pollMs' | 'firstQrMs' | 'maxRefreshes' | 'maxSmsAttempts'>;
}

export interface AccountLoginResult {
  account: AccountRecord;
  /** The node had the account before (its session and profile were replaced). */
  replaced: boolean;
}

export async function loginAccount(o: AccountLoginOptions): Promise<AccountLoginResult> {
  if (!o.adapter.login) throw new Error(`${o.adapter.platform}: no login page is known for this platform; add the account with \`accounts import\``);
  const known = o.ref;
  if (known !== undefined) {
    if (!ACCOUNT_REF.test(known) || known === '.' || known === '..') throw new Error(`bad account ref ${known}`);
    const existing = o.registry.get(known);
    if (existing && existing.platform !== o.adapter.platform) throw new Error(`account ${known} is a ${existing.platform} account, not ${o.adapter.platform}`);
    return o.lock(known, async () => {
      const dir = o.registry.profileDir(known);
      try {
        const info = await inProfile(o, dir, known);
        return { account: record(o, known, info.displayName, existing), replaced: existing !== undefined };
      } catch (e) {
        if (existing) o.registry.setLoginState(known, 'logged_out', undefined, `login failed: ${e instanceof LoginFailed ? e.code : (e as Error).message}`);
        else {
          o.registry.remove(known);
          await removeProfile(dir);
        }
        throw e;
      }
    });
  }

  const scratchRoot = join(o.stateDir, 'login');
  mkdirSync(scratchRoot, { recursive: true, mode: 0o700 });
  const scratch = join(scratchRoot, `profile-${randomBytes(6).toString('hex')}`);
  mkdirSync(scratch, { mode: 0o700 });
  try {
    const info = await inProfile(o, scratch, undefined);
    const ref = info.externalRef;
    if (!ACCOUNT_REF.test(ref) || ref === '.' || ref === '..') throw new LoginFailed('browser_failed', `the platform named an account id this node cannot keep (${JSON.stringify(ref.slice(0, 50))})`);
    return await o.lock(ref, async () => {
      const existing = o.registry.get(ref);
      if (existing && existing.platform !== o.adapter.platform) throw new LoginFailed('wrong_account', `this node already has an account ${ref} on ${existing.platform}`);
      const target = join(o.registry.profilesDir, ref);
      rmSync(target, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      mkdirSync(o.registry.profilesDir, { recursive: true, mode: 0o700 });
      renameSync(scratch, target);
      return { account: record(o, ref, info.displayName, existing), replaced: existing !== undefined };
    });
  } finally {
    await removeProfile(scratch);
  }
}

/**
 * Removes a profile Chromium has just closed. Its crash handler outlives the browser for a
 * moment and writes under the profile (Crashpad/), so one removal can race it (ENOTEMPTY,
 * or the directory back a moment later): keep removing until it stays gone (seconds at most).
 */
async function removeProfile(dir: string): Promise<void> {
  let gone = 0;
  for (let tries = 0; tries < 60 && gone < 4; tries++) {
    if (existsSync(dir)) {
      gone = 0;
      try {
        rmSync(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 });
      } catch {
        // still being written: look again below
      }
    } else gone++;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Runs the login flow in the profile at `dir`; on success its session cookies are made to last. */
async function inProfile(o: AccountLoginOptions, dir: string, expectedRef: string | undefined) {
  o.signal?.throwIfAborted();
  const context = await o.launchProfile(dir);
  // One close, shared: an abort closes the browser at once and the end of the run waits for that same close.
  let closed: Promise<void> | null = null;
  const close = () => (closed ??= context.close().catch(() => {}));
  let flow: LoginFlow | null = null;
  const onAbort = () => {
    const reason: unknown = o.signal?.reason;
    if (reason instanceof LoginFailed && (reason.code === 'slider_required' || reason.code === 'sms_not_provided')) flow?.cancel(reason.code, reason.message);
    else flow?.cancel('cancelled', 'the login was interrupted');
    // A navigation in flight would hold the flow for its whole timeout: closing the browser ends it now.
    void close();
  };
  o.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await context.clearCookies();
    const page = context.pages()[0] ?? (await context.newPage());
    flow = new LoginFlow({
      page,
      adapter: o.adapter,
      baseUrl: o.baseUrl,
      timeoutMs: o.timeoutMs,
      ...(expectedRef !== undefined ? { expectedRef } : {}),
      ...(o.log ? { log: o.log } : {}),
      ...(o.timeouts ? { timeouts: o.timeouts } : {}),
      ...o.tuning,
    });
    o.onFlow(flow, page);
    if (o.signal?.aborted) onAbort();
    const info = await flow.run();
    await keepSessionCookies(context);
    return info;
  } finally {
    o.signal?.removeEventListener('abort', onAbort);
    await close();
  }
}

function record(o: AccountLoginOptions, ref: string, displayName: string, existing: AccountRecord | undefined): AccountRecord {
  const now = new Date().toISOString();
  const name = displayName.trim() || existing?.displayName || ref;
  const userId = o.userId ?? existing?.userId;
  const account: AccountRecord = {
    ...existing,
    externalRef: ref,
    platform: o.adapter.platform,
    displayName: name,
    loginState: 'logged_in',
    ...(userId !== undefined ? { userId } : {}),
    loggedInAt: now,
    checkedAt: now,
    checkDetail: `logged in as ${name}`,
  };
  o.registry.upsert(account);
  return account;
}
