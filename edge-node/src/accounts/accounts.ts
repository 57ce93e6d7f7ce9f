/**
 * The accounts logged in on this node (the node is their source of truth):
 * `accounts.json` in the state directory lists them, and each has its own
 * persistent Chromium profile under `profiles/<externalRef>/`. Importing a
 * Playwright storage state writes its cookies and localStorage into that
 * profile (offline: each origin is served a blank page by Playwright itself).
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type LoginState, nodeAccountSchema, type NodeAccount, reportedLoginState } from '@plume/shared';
import { z } from 'zod';
import { type StoredIdentity, storedIdentitySchema } from './account-identity.js';
import { withFileLockSync } from './account-lock.js';
import { writeFileDurable } from '../fs-durable.js';

export interface AccountRecord extends NodeAccount {
  importedAt?: string;
  /** When `plume-edge accounts login` last logged it in on this node. */
  loggedInAt?: string;
  /** When the login was last checked (conclusively or not). */
  checkedAt?: string;
  /** What that check found, for people (`accounts list`): the name logged in, or why it could not tell. */
  checkDetail?: string;
  /** Its browser identity on this node (`accounts set`): proxy, locale, time zone, user-agent family. Never reported. */
  identity?: StoredIdentity;
}

const recordSchema = nodeAccountSchema.extend({ importedAt: z.string().optional(), loggedInAt: z.string().optional(), checkedAt: z.string().optional(), checkDetail: z.string().max(500).optional(), identity: storedIdentitySchema.optional() });

/**
 * The accounts as a control plane is told them: an account on a platform with no adapter here is
 * `unsupported_platform` (the node can neither check nor publish it), and a state the control
 * plane does not accept (`accepted`, its welcome's loginStates) is reported as `unknown`.
 */
export function accountsReport(accounts: readonly NodeAccount[], hasAdapter: (platform: string) => boolean, accepted?: readonly string[]): NodeAccount[] {
  return accounts.map((a) => ({ ...a, loginState: reportedLoginState(localLoginState(a, hasAdapter), accepted) }));
}

/** The state this node knows for the account (`accounts list`): its record's, or unsupported_platform. */
export function localLoginState(account: Pick<NodeAccount, 'platform' | 'loginState'>, hasAdapter: (platform: string) => boolean): LoginState {
  return hasAdapter(account.platform) ? account.loginState : 'unsupported_platform';
}

export { storageStateSchema, type StorageState } from '@plume/shared';

export class AccountRegistry {
  private readonly file: string;
  readonly profilesDir: string;

  constructor(stateDir: string) {
    this.file = join(stateDir, 'accounts.json');
    this.profilesDir = join(stateDir, 'profiles');
  }

  list(): AccountRecord[] {
    if (!existsSync(this.file)) return [];
    const parsed = z.array(recordSchema).safeParse(JSON.parse(readFileSync(this.file, 'utf8')));
    if (!parsed.success) throw new Error(`${this.file} is not a valid account list: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  }

  /** What the control plane is told (the protocol's account shape). */
  report(): NodeAccount[] {
    return this.list().map(({ externalRef, platform, displayName, loginState, userId }) => ({
      externalRef,
      platform,
      // A name read off a platform's page may hold characters the control plane refuses (NUL, a lone
      // surrogate); one such name must not cost the node its connection.
      displayName: displayName.replace(/\u0000|[\uD800-\uDFFF]/gu, '\uFFFD'),
      loginState,
      ...(userId !== undefined ? { userId } : {}),
    }));
  }

  get(externalRef: string): AccountRecord | undefined {
    return this.list().find((a) => a.externalRef === externalRef);
  }

  profileDir(externalRef: string): string {
    // externalRef matches /^[A-Za-z0-9_.@-]+$/ (protocol schema): no separators, no traversal.
    if (!/^[A-Za-z0-9_.@-]+$/.test(externalRef) || externalRef === '.' || externalRef === '..') throw new Error(`bad account ref ${externalRef}`);
    const dir = join(this.profilesDir, externalRef);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return dir;
  }

  /** Records the account; the identity it had stays unless `record` brings one (a re-import or a new login keeps its proxy). */
  upsert(record: AccountRecord): void {
    const checked = recordSchema.parse(record);
    this.mutate((all) => {
      const identity = checked.identity ?? all.find((a) => a.externalRef === checked.externalRef)?.identity;
      const next = { ...checked, ...(identity ? { identity } : {}) };
      return [...all.filter((a) => a.externalRef !== checked.externalRef), next].sort((a, b) => a.externalRef.localeCompare(b.externalRef));
    });
  }

  /** Changes the account's identity (hold its lock); an empty identity is removed. False when there is no such account. */
  setIdentity(externalRef: string, change: (identity: StoredIdentity) => StoredIdentity): boolean {
    let found = false;
    this.mutate((all) => {
      const account = all.find((a) => a.externalRef === externalRef);
      if (!account) return null;
      found = true;
      const next = storedIdentitySchema.parse(change({ ...account.identity }));
      if (Object.values(next).some((v) => v !== undefined)) account.identity = next;
      else delete account.identity;
      return all;
    });
    return found;
  }

  /**
   * Records a login check. `unknown` (the check could not tell: the site did not answer, the
   * page was not what the adapter expects) leaves a conclusive state as it was: one flaky load
   * neither blocks a logged-in account nor hides that a session ended. Returns true when what
   * the control plane is told changed.
   */
  setLoginState(externalRef: string, loginState: 'logged_in' | 'logged_out' | 'unknown', displayName?: string, detail?: string): boolean {
    let changed = false;
    this.mutate((all) => {
      const account = all.find((a) => a.externalRef === externalRef);
      if (!account) return null;
      const next = loginState === 'unknown' && account.loginState !== 'unknown' ? account.loginState : loginState;
      changed = account.loginState !== next || (displayName !== undefined && displayName !== '' && displayName !== account.displayName);
      account.loginState = next;
      if (displayName) account.displayName = displayName;
      account.checkedAt = new Date().toISOString();
      if (detail !== undefined) account.checkDetail = detail.slice(0, 500);
      return all;
    });
    return changed;
  }

  /** Forgets the account and deletes its browser profile (hold the account's lock). False when there was none. */
  remove(externalRef: string): boolean {
    let found = false;
    this.mutate((all) => {
      const left = all.filter((a) => a.externalRef !== externalRef);
      found = left.length !== all.length;
      return found ? left : null;
    });
    const dir = join(this.profilesDir, externalRef);
    if (/^[A-Za-z0-9_.@-]+$/.test(externalRef) && externalRef !== '.' && externalRef !== '..' && existsSync(dir)) {
      rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      found = true;
    }
    return found;
  }

  /** One read-modify-write of accounts.json under its lock (the CLI and the daemon both write it); null: no change. */
  private mutate(change: (all: AccountRecord[]) => AccountRecord[] | null): void {
    mkdirSync(this.profilesDir, { recursive: true, mode: 0o700 });
    withFileLockSync(this.file, () => {
      const next = change(this.list());
      if (next) this.save(next);
    });
  }

  private save(all: AccountRecord[]): void {
    mkdirSync(this.profilesDir, { recursive: true, mode: 0o700 });
    writeFileDurable(this.file, `${JSON.stringify(all, null, 2)}\n`, 0o600);
  }
}
