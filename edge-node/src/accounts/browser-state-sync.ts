/**
 * Web nodes only (enrolled as kind `web`: the operator's web pool). Each
 * account's browser state — its cookies and localStorage, as Playwright
 * exports them — goes to the control plane after a login or a job changed it,
 * where it is kept sealed; an account moved here from another web node
 * arrives with the state that node last sent (`account_state`) and is written
 * into its profile, so it publishes here without a new login.
 *
 * When: every use of an account's profile ends by closing its browser (a job,
 * a login check, a verification, a site check); the profile launcher is
 * wrapped so the state is read just before. A login made beside the daemon
 * (`plume-edge accounts login|relogin`, a relayed login) is noticed as an
 * account turning logged in (newlyLoggedIn), and the daemon opens its profile
 * once to read it. It is sent only for an account logged in at that moment,
 * only when it differs from the last one sent, and only to a control plane
 * whose welcome offers `browserStates`.
 */
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { type ControlMessageOf, NODE_MAX_MESSAGE_BYTES, type NodeMessage, type StorageState, storageStateSchema } from '@plume/shared';
import type { BrowserContext } from 'playwright-core';
import type { Logger } from 'pino';
import { writeStorageState } from './account-import.js';
import type { AccountRegistry } from './accounts.js';

type Launch = (dir: string) => Promise<BrowserContext>;

export interface BrowserStateSyncOptions {
  accounts: AccountRegistry;
  send: (message: NodeMessage) => boolean;
  /** The connected control plane keeps browser states (its welcome's `browserStates`). */
  accepted: () => boolean;
  log: Logger;
}

/** Why 5 s: reading cookies and a few origins' localStorage from a live browser takes milliseconds; a hung one is not waited for. */
const EXPORT_TIMEOUT_MS = 5000;
/** Room left in a message for the fields around the state. */
const MESSAGE_MARGIN = 1024;

/** The same state gives the same digest, whatever the order Chromium lists its cookies in. */
function digest(state: StorageState): string {
  const cookies = [...state.cookies].sort((a, b) => `${a.domain} ${a.path} ${a.name}`.localeCompare(`${b.domain} ${b.path} ${b.name}`));
  const origins = [...state.origins].sort((a, b) => a.origin.localeCompare(b.origin));
  return createHash('sha256').update(JSON.stringify({ cookies, origins })).digest('hex');
}

export class BrowserStateSync {
  /** Account ref → digest of the state last sent (or received): an unchanged one is not sent again. */
  private readonly sent = new Map<string, string>();
  /** Account ref → the login state last seen here (newlyLoggedIn); a state read while logged in counts. */
  private readonly seen = new Map<string, string>();

  constructor(private readonly o: BrowserStateSyncOptions) {
    for (const a of o.accounts.list()) this.seen.set(a.externalRef, a.loginState);
  }

  /**
   * The accounts of `list` that turned logged in since the last look and whose state was not read
   * since: a login made outside this daemon's own browsers, whose state the daemon should read once.
   */
  newlyLoggedIn(list: ReadonlyArray<{ externalRef: string; loginState: string }>): string[] {
    const turned: string[] = [];
    const present = new Set<string>();
    for (const a of list) {
      present.add(a.externalRef);
      if (a.loginState === 'logged_in' && this.seen.get(a.externalRef) !== 'logged_in') turned.push(a.externalRef);
      this.seen.set(a.externalRef, a.loginState);
    }
    for (const ref of [...this.seen.keys()]) if (!present.has(ref)) this.seen.delete(ref);
    return turned;
  }

  /** The profile launcher whose contexts report the account's state as they close. */
  wrap(launch: Launch): Launch {
    return async (dir) => {
      const context = await launch(dir);
      // Profiles live in profiles/<externalRef> (accounts.ts), so the directory names the account.
      const ref = basename(dir);
      const close = context.close.bind(context);
      context.close = async (options) => {
        const state = await Promise.race([
          context.storageState().catch(() => null),
          new Promise<null>((r) => setTimeout(() => r(null), EXPORT_TIMEOUT_MS).unref()),
        ]);
        await close(options);
        if (state) this.capture(ref, state as StorageState);
      };
      return context;
    };
  }

  /** The state of `ref` as its browser closed: sent when the account is logged in and the state changed. */
  capture(ref: string, exported: StorageState): void {
    if (!this.o.accepted()) return;
    const account = this.o.accounts.get(ref);
    if (!account || account.loginState !== 'logged_in') return;
    this.seen.set(ref, 'logged_in');
    const parsed = storageStateSchema.safeParse(exported);
    if (!parsed.success) {
      this.o.log.warn({ account: ref, issue: parsed.error.issues[0]?.message }, 'browser state not sent: not a storage state the protocol carries');
      return;
    }
    const state = parsed.data;
    const hash = digest(state);
    if (this.sent.get(ref) === hash) return;
    const message: NodeMessage = { type: 'storage_state', externalRef: ref, ...(account.userId !== undefined ? { userId: account.userId } : {}), state };
    if (Buffer.byteLength(JSON.stringify(message)) > NODE_MAX_MESSAGE_BYTES - MESSAGE_MARGIN) {
      this.o.log.warn({ account: ref, cookies: state.cookies.length, origins: state.origins.length }, 'browser state not sent: larger than a protocol message');
      return;
    }
    if (this.o.send(message)) {
      this.sent.set(ref, hash);
      this.o.log.info({ account: ref, cookies: state.cookies.length, origins: state.origins.length }, 'browser state sent to the control plane');
    }
  }

  /**
   * An account moved here: its state goes into the account's profile (what a
   * profile of that ref held is replaced), the account is recorded for its
   * user, and its login is checked in the same turn (`check`), so it is
   * reported logged in as soon as it is. A ref this node holds for another user or
   * platform is refused: one profile per ref, and another user's login is
   * never overwritten nor handed over.
   */
  async receive(
    m: ControlMessageOf<'account_state'>,
    d: {
      launchProfile: Launch;
      inAccountTurn: <T>(ref: string, work: () => Promise<T>) => Promise<T>;
      /** A login check of the account, whose turn is held. */
      check: (ref: string) => Promise<void>;
      onAccountsChanged: () => void;
    },
  ): Promise<void> {
    const { externalRef: ref, platform, displayName, userId } = m.account;
    const held = this.o.accounts.get(ref);
    if (held && (held.platform !== platform || (held.userId !== undefined && held.userId !== userId))) {
      this.o.log.error({ account: ref, platform, userId, heldFor: { platform: held.platform, userId: held.userId } }, 'account moved here refused: this node holds that ref for another user or platform');
      return;
    }
    await d.inAccountTurn(ref, async () => {
      await writeStorageState({ registry: this.o.accounts, externalRef: ref, state: m.state, replace: true, launchProfile: d.launchProfile });
      this.o.accounts.upsert({ externalRef: ref, platform, displayName: displayName || ref, userId, loginState: 'unknown', importedAt: new Date().toISOString() });
      // What the control plane holds already: not sent back unless the login check changes it.
      this.sent.set(ref, digest(m.state));
      this.o.log.info({ account: ref, platform, userId, cookies: m.state.cookies.length }, 'account moved here from another web node, with its browser state');
      await d.check(ref);
    });
    d.onAccountsChanged();
  }
}
