import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOGIN_STATES, type NodeAccount, nodeMessageSchema } from '@plume/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountBusy, lockAccount } from './account-lock.js';
import { AccountRegistry, accountsReport } from './accounts.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('AccountRegistry.report', () => {
  it('replaces characters the control plane refuses in display names, keeping the rest (emoji included)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'plume-accounts-'));
    dirs.push(dir);
    const accounts = new AccountRegistry(dir);
    accounts.upsert({ externalRef: 'a1', platform: 'douyin', displayName: 'Ann\u0000a \ud83d\ude00 \ud800x', loginState: 'logged_in' });
    expect(accounts.report()).toEqual([{ externalRef: 'a1', platform: 'douyin', displayName: 'Ann\ufffda \ud83d\ude00 \ufffdx', loginState: 'logged_in' }]);
  });
});

const registry = () => {
  const dir = mkdtempSync(join(tmpdir(), 'plume-accounts-'));
  dirs.push(dir);
  return { dir, accounts: new AccountRegistry(dir) };
};

describe('accountsReport', () => {
  const list: NodeAccount[] = [
    { externalRef: 'w1', platform: 'weibo', displayName: 'W', loginState: 'logged_in' },
    { externalRef: 'z1', platform: 'zhihu', displayName: 'Z', loginState: 'unknown' },
  ];
  const weiboOnly = (p: string) => p === 'weibo';

  it('an account on a platform without an adapter here is unsupported_platform to a control plane that accepts it', () => {
    expect(accountsReport(list, weiboOnly, LOGIN_STATES).map((a) => a.loginState)).toEqual(['logged_in', 'unsupported_platform']);
  });

  it('a control plane whose welcome predates loginStates hears unknown for it, and the other states as they are', () => {
    expect(accountsReport(list, weiboOnly, undefined).map((a) => a.loginState)).toEqual(['logged_in', 'unknown']);
    expect(accountsReport(list, weiboOnly, ['logged_in', 'logged_out', 'unknown']).map((a) => a.loginState)).toEqual(['logged_in', 'unknown']);
  });

  it('the hello of such a node still validates against the catalog', () => {
    const accounts = accountsReport(list, weiboOnly, LOGIN_STATES);
    expect(nodeMessageSchema.safeParse({ type: 'accounts', accounts }).success).toBe(true);
  });
});

describe('AccountRegistry.setLoginState', () => {
  it('a check that cannot tell (unknown) keeps a conclusive state, records when and why', () => {
    const { accounts } = registry();
    accounts.upsert({ externalRef: 'a1', platform: 'weibo', displayName: 'A', loginState: 'logged_in' });
    expect(accounts.setLoginState('a1', 'unknown', undefined, 'check failed: net::ERR_CONNECTION_REFUSED')).toBe(false);
    expect(accounts.get('a1')).toMatchObject({ loginState: 'logged_in', checkDetail: 'check failed: net::ERR_CONNECTION_REFUSED', checkedAt: expect.any(String) });
    expect(accounts.setLoginState('a1', 'logged_out', undefined, 'no session')).toBe(true);
    expect(accounts.setLoginState('a1', 'unknown')).toBe(false);
    expect(accounts.get('a1')!.loginState).toBe('logged_out');
  });

  it('an account never checked conclusively stays unknown', () => {
    const { accounts } = registry();
    accounts.upsert({ externalRef: 'a1', platform: 'weibo', displayName: 'A', loginState: 'unknown' });
    expect(accounts.setLoginState('a1', 'unknown')).toBe(false);
    expect(accounts.get('a1')!.loginState).toBe('unknown');
  });
});

describe('AccountRegistry.remove', () => {
  it('forgets the account and deletes its browser profile, leaving the others', () => {
    const { dir, accounts } = registry();
    accounts.upsert({ externalRef: 'a1', platform: 'weibo', displayName: 'A', loginState: 'logged_in' });
    accounts.upsert({ externalRef: 'a2', platform: 'weibo', displayName: 'B', loginState: 'logged_in' });
    writeFileSync(join(accounts.profileDir('a1'), 'Cookies'), 'x');
    accounts.profileDir('a2');
    expect(accounts.remove('a1')).toBe(true);
    expect(accounts.list().map((a) => a.externalRef)).toEqual(['a2']);
    expect(existsSync(join(dir, 'profiles', 'a1'))).toBe(false);
    expect(existsSync(join(dir, 'profiles', 'a2'))).toBe(true);
    expect(accounts.remove('a1')).toBe(false);
  });
});

describe('account locks', () => {
  it('one holder at a time: another fails at once with AccountBusy, or waits until the release', async () => {
    const { dir } = registry();
    const release = await lockAccount(dir, 'a1');
    await expect(lockAccount(dir, 'a1')).rejects.toBeInstanceOf(AccountBusy);
    // Other accounts are free.
    await (await lockAccount(dir, 'a2'))();
    let waited = false;
    const second = lockAccount(dir, 'a1', { waitMs: 5000, onWait: () => (waited = true) });
    setTimeout(() => void release(), 300);
    const releaseSecond = await second;
    expect(waited).toBe(true);
    await releaseSecond();
  });

  it('accounts.json changes from two registries (the CLI and the daemon) both land', () => {
    const { dir } = registry();
    const cli = new AccountRegistry(dir);
    const daemon = new AccountRegistry(dir);
    cli.upsert({ externalRef: 'a1', platform: 'weibo', displayName: 'A', loginState: 'unknown' });
    daemon.setLoginState('a1', 'logged_in', 'Ann');
    cli.upsert({ externalRef: 'a2', platform: 'weibo', displayName: 'B', loginState: 'unknown' });
    expect(daemon.list().map((a) => [a.externalRef, a.loginState])).toEqual([['a1', 'logged_in'], ['a2', 'unknown']]);
    expect(existsSync(join(dir, 'accounts.json.lock'))).toBe(false);
  });
});
