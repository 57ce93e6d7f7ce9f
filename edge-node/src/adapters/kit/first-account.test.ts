import { describe, expect, it } from 'vitest';
import { AdapterError, type AdapterContext } from '../contract.js';
import { firstAccount } from './first-account.js';

const ctx = (signal = new AbortController().signal) => ({ signal }) as unknown as AdapterContext;
const alice = { externalRef: '42', displayName: 'alice' };

describe('firstAccount', () => {
  it('takes the first reader that names an account and reads no further', async () => {
    let later = 0;
    const who = await firstAccount('site', 'check_login', ctx(), [
      { what: 'the account call', read: async () => undefined },
      { what: 'the page', read: async () => alice },
      { what: 'another', read: async () => (later++, alice) },
    ]);
    expect(who).toEqual(alice);
    expect(later).toBe(0);
  });

  it('is login_required only when none names one, saying why each did not', async () => {
    const err = await firstAccount('site', 'open_editor', ctx(), [
      { what: 'the account call', read: async () => undefined },
      { what: 'the page', read: () => Promise.reject(new Error('the page holds no user')) },
    ]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdapterError);
    expect(err).toMatchObject({ code: 'login_required', step: 'open_editor' });
    expect((err as Error).message).toBe('site says the account is not logged in (the account call named no account; the page holds no user)');
  });

  it('stops at once when the job is cancelled', async () => {
    const cancel = new AbortController();
    const stop = new Error('cancelled');
    let second = 0;
    const err = await firstAccount('site', 'check_login', ctx(cancel.signal), [
      { what: 'the account call', read: () => (cancel.abort(), Promise.reject(stop)) },
      { what: 'the page', read: async () => (second++, alice) },
    ]).catch((e: unknown) => e);
    expect(err).toBe(stop);
    expect(second).toBe(0);
  });
});
