/**
 * A web node's browser states: which ones go to the control plane (logged in,
 * changed, to a control plane that keeps them) and which moved accounts it
 * refuses (a ref it holds for another user or platform). The browser side is
 * played by a context whose storageState() the test chooses.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NodeMessage, nodeMessageSchema, type StorageState } from '@plume/shared';
import pino from 'pino';
import type { BrowserContext } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountRegistry } from './accounts.js';
import { BrowserStateSync } from './browser-state-sync.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const state = (value: string): StorageState => ({
  cookies: [{ name: 'sid', value, domain: '127.0.0.1', path: '/', expires: 1_900_000_000, httpOnly: true, secure: false, sameSite: 'Lax' }],
  origins: [],
});

function world(o: { accepted?: boolean } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'plume-states-'));
  dirs.push(dir);
  const accounts = new AccountRegistry(dir);
  const sent: NodeMessage[] = [];
  const link = { connected: true };
  const sync = new BrowserStateSync({
    accounts,
    send: (m) => {
      if (!link.connected) return false;
      sent.push(m);
      return true;
    },
    accepted: () => o.accepted ?? true,
    log: pino({ level: 'silent' }),
  });
  /** What the next browser of a profile holds when it closes. */
  let holds = state('one');
  let closed = 0;
  const launch = sync.wrap(async () => ({ storageState: async () => holds, close: async () => void closed++ }) as unknown as BrowserContext);
  const useProfile = async (ref: string, now: StorageState) => {
    holds = now;
    await (await launch(accounts.profileDir(ref))).close();
  };
  return { accounts, sent, sync, link, useProfile, closed: () => closed };
}

describe('sending', () => {
  it('sends a logged-in account\'s state as its browser closes, with its owner, and not again while unchanged', async () => {
    const w = world();
    w.accounts.upsert({ externalRef: 'jj_1', platform: 'juejin', displayName: 'J', loginState: 'logged_in', userId: 7 });
    await w.useProfile('jj_1', state('one'));
    await w.useProfile('jj_1', { ...state('one'), cookies: [...state('one').cookies] });
    expect(w.closed()).toBe(2);
    expect(w.sent).toEqual([{ type: 'storage_state', externalRef: 'jj_1', userId: 7, state: state('one') }]);
    expect(nodeMessageSchema.safeParse(w.sent[0]).success).toBe(true);
    await w.useProfile('jj_1', state('two'));
    expect(w.sent.map((m) => (m as { state: StorageState }).state.cookies[0]!.value)).toEqual(['one', 'two']);
  });

  it('sends nothing for an account not logged in, nor to a control plane that does not keep states, and retries what it could not send', async () => {
    const loggedOut = world();
    loggedOut.accounts.upsert({ externalRef: 'jj_1', platform: 'juejin', displayName: 'J', loginState: 'logged_out', userId: 7 });
    await loggedOut.useProfile('jj_1', state('one'));
    expect(loggedOut.sent).toEqual([]);

    const older = world({ accepted: false });
    older.accounts.upsert({ externalRef: 'jj_1', platform: 'juejin', displayName: 'J', loginState: 'logged_in', userId: 7 });
    await older.useProfile('jj_1', state('one'));
    expect(older.sent).toEqual([]);

    const cut = world();
    cut.link.connected = false;
    cut.accounts.upsert({ externalRef: 'jj_1', platform: 'juejin', displayName: 'J', loginState: 'logged_in', userId: 7 });
    await cut.useProfile('jj_1', state('one'));
    // Not recorded as sent: the same state goes out on the next use once connected.
    cut.link.connected = true;
    await cut.useProfile('jj_1', state('one'));
    expect(cut.sent).toHaveLength(1);
  });
});

describe('logins made beside the daemon', () => {
  it('names each account that turned logged in since the last look, once, unless its state was read meanwhile', async () => {
    const w = world();
    w.accounts.upsert({ externalRef: 'a', platform: 'juejin', displayName: 'A', loginState: 'logged_out', userId: 7 });
    const sync = new BrowserStateSync({ accounts: w.accounts, send: () => true, accepted: () => true, log: pino({ level: 'silent' }) });
    w.accounts.upsert({ externalRef: 'b', platform: 'weibo', displayName: 'B', loginState: 'logged_in', userId: 7 });
    w.accounts.setLoginState('a', 'logged_in');
    expect(sync.newlyLoggedIn(w.accounts.list())).toEqual(['a', 'b']);
    expect(sync.newlyLoggedIn(w.accounts.list())).toEqual([]);
    // Logged out and in again (a relogin): named again; read by a browser closing meanwhile: not.
    w.accounts.setLoginState('a', 'logged_out');
    expect(sync.newlyLoggedIn(w.accounts.list())).toEqual([]);
    w.accounts.setLoginState('a', 'logged_in');
    expect(sync.newlyLoggedIn(w.accounts.list())).toEqual(['a']);
    w.accounts.setLoginState('b', 'logged_out');
    sync.newlyLoggedIn(w.accounts.list());
    w.accounts.setLoginState('b', 'logged_in');
    sync.capture('b', state('b'));
    expect(sync.newlyLoggedIn(w.accounts.list())).toEqual([]);
  });
});

describe('receiving', () => {
  it('refuses an account moved here under a ref it holds for another user or platform, touching nothing', async () => {
    const w = world();
    w.accounts.upsert({ externalRef: 'jj_1', platform: 'juejin', displayName: 'Alice', loginState: 'logged_in', userId: 7 });
    const turns: string[] = [];
    const deps = {
      launchProfile: async () => {
        throw new Error('no profile may be opened');
      },
      inAccountTurn: async <T>(ref: string, work: () => Promise<T>) => {
        turns.push(ref);
        return work();
      },
      check: async () => {},
      onAccountsChanged: () => {},
    };
    const moved = (userId: number, platform = 'juejin') => ({ type: 'account_state' as const, account: { externalRef: 'jj_1', platform, displayName: 'X', userId }, state: state('bob') });
    await w.sync.receive(moved(8), deps);
    await w.sync.receive(moved(7, 'weibo'), deps);
    expect(turns).toEqual([]);
    expect(w.accounts.get('jj_1')).toMatchObject({ userId: 7, platform: 'juejin', displayName: 'Alice', loginState: 'logged_in' });
  });
});
