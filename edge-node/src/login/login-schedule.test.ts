import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginSchedule, type LoginScheduleOptions, type ScheduledAccount } from './login-schedule.js';

const MIN = 60_000;
const T0 = Date.parse('2030-01-01T00:00:00.000Z');

/** A schedule over `accounts` whose checks end when the test says so, recording each start. */
function world(accounts: ScheduledAccount[], o: Partial<LoginScheduleOptions> = {}) {
  const started: Array<{ ref: string; at: number }> = [];
  const pending = new Map<string, (outcome: 'checked' | 'busy') => void>();
  const busy = new Set<string>();
  const schedule = new LoginSchedule({
    intervalMs: 40 * MIN,
    accounts: () => accounts,
    busy: (ref) => busy.has(ref),
    check: (a) => {
      started.push({ ref: a.externalRef, at: Date.now() });
      return new Promise((resolve) => pending.set(a.externalRef, resolve));
    },
    ...o,
  });
  /** Ends the running check of `ref`, recording it as the registry would. */
  const finish = async (ref: string, outcome: 'checked' | 'busy' = 'checked') => {
    const account = accounts.find((a) => a.externalRef === ref)!;
    if (outcome === 'checked') account.checkedAt = new Date().toISOString();
    pending.get(ref)!(outcome);
    pending.delete(ref);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { schedule, started, pending, busy, finish };
}

const acct = (ref: string, platform: string, checkedAt?: number): ScheduledAccount => ({ externalRef: ref, platform, ...(checkedAt !== undefined ? { checkedAt: new Date(checkedAt).toISOString() } : {}) });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe('jitter', () => {
  it('each next check comes interval ± 20 % after the last, drawn anew each time', async () => {
    const accounts = [acct('a', 'weibo', T0)];
    let draw = 0;
    const draws = [0, 1, 0.5, 0.25];
    const { schedule, started, finish } = world(accounts, { random: () => draws[draw++ % draws.length]! });
    schedule.start();
    // random 0 → interval − 20 %.
    expect(schedule.dueAt('a')).toBe(T0 + 32 * MIN);
    await vi.advanceTimersByTimeAsync(32 * MIN - 1);
    expect(started).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual([{ ref: 'a', at: T0 + 32 * MIN }]);
    await finish('a');
    // random 1 → interval + 20 %, from the end of that check.
    expect(schedule.dueAt('a')).toBe(T0 + 32 * MIN + 48 * MIN);
    await vi.advanceTimersByTimeAsync(48 * MIN);
    await finish('a');
    expect(schedule.dueAt('a')).toBe(T0 + 80 * MIN + 40 * MIN);
    await schedule.stop();
  });

  it('spreads the due times of many accounts over the jitter window (real randomness)', () => {
    const accounts = Array.from({ length: 200 }, (_, i) => acct(`a${i}`, `p${i}`, T0));
    const { schedule } = world(accounts);
    schedule.start();
    const due = accounts.map((a) => schedule.dueAt(a.externalRef)! - T0);
    expect(Math.min(...due)).toBeGreaterThanOrEqual(32 * MIN);
    expect(Math.max(...due)).toBeLessThanOrEqual(48 * MIN);
    // Not one wave: the times cover most of the window.
    expect(Math.max(...due) - Math.min(...due)).toBeGreaterThan(12 * MIN);
    expect(new Set(due).size).toBeGreaterThan(190);
    void schedule.stop();
  });

  it('a backlog after downtime is spread over the jitter window, not run at once', async () => {
    const accounts = [acct('a', 'p1', T0 - 10 * 60 * MIN), acct('b', 'p2', T0 - 10 * 60 * MIN)];
    // Each account draws its interval (0.5: the mean), then its place in the window.
    let n = 0;
    const { schedule, started, finish } = world(accounts, { random: () => [0.5, 0.1, 0.5, 0.9][n++ % 4]!, maxConcurrent: 5 });
    schedule.start();
    expect(schedule.dueAt('a')).toBe(T0 + 0.1 * 0.2 * 40 * MIN);
    expect(schedule.dueAt('b')).toBe(T0 + 0.9 * 0.2 * 40 * MIN);
    await vi.advanceTimersByTimeAsync(8 * MIN);
    expect(started.map((s) => s.ref)).toEqual(['a', 'b']);
    expect(started[0]!.at).toBe(T0 + 0.1 * 0.2 * 40 * MIN);
    await finish('a');
    await finish('b');
    await schedule.stop();
  });

  it('an account never checked (just imported) is checked at once, even with the schedule off', async () => {
    const accounts = [acct('new', 'weibo'), acct('old', 'juejin', T0 - MIN)];
    const { schedule, started, finish } = world(accounts, { intervalMs: 0 });
    schedule.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(started.map((s) => s.ref)).toEqual(['new']);
    await finish('new');
    await vi.advanceTimersByTimeAsync(24 * 60 * MIN);
    expect(started.map((s) => s.ref)).toEqual(['new']);
    expect(schedule.dueAt('old')).toBeUndefined();
    await schedule.stop();
  });

  it('a check made elsewhere (a job, the CLI) moves the next one to an interval after it', async () => {
    const accounts = [acct('a', 'weibo', T0)];
    const { schedule, started, finish } = world(accounts, { random: () => 0.5 });
    schedule.start();
    await vi.advanceTimersByTimeAsync(30 * MIN);
    accounts[0]!.checkedAt = new Date().toISOString();
    schedule.refresh();
    expect(schedule.dueAt('a')).toBe(T0 + 70 * MIN);
    await vi.advanceTimersByTimeAsync(39 * MIN);
    expect(started).toEqual([]);
    await vi.advanceTimersByTimeAsync(MIN);
    expect(started.map((s) => s.at)).toEqual([T0 + 70 * MIN]);
    await finish('a');
    await schedule.stop();
  });
});

describe('exclusion', () => {
  it('never two checks of one platform at once; other platforms go in parallel', async () => {
    const accounts = [acct('w1', 'weibo'), acct('w2', 'weibo'), acct('j1', 'juejin')];
    const { schedule, started, finish } = world(accounts, { maxConcurrent: 3 });
    schedule.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(started.map((s) => s.ref).sort()).toEqual(['j1', 'w1']);
    // Waiting for w1 costs nothing: no timer is due while only a running check holds w2 back.
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5 * MIN);
    expect(started).toHaveLength(2);
    await finish('w1');
    expect(started.map((s) => s.ref)).toContain('w2');
    expect(schedule.inFlight().sort()).toEqual(['j1', 'w2']);
    await finish('j1');
    await finish('w2');
    await schedule.stop();
  });

  it('at most maxConcurrent checks in all', async () => {
    const accounts = [acct('a', 'p1'), acct('b', 'p2'), acct('c', 'p3')];
    const { schedule, started, finish } = world(accounts, { maxConcurrent: 2 });
    schedule.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(started.map((s) => s.ref)).toEqual(['a', 'b']);
    expect(vi.getTimerCount()).toBe(0);
    await finish('b');
    expect(started.map((s) => s.ref)).toEqual(['a', 'b', 'c']);
  });

  it('never while the account runs a job: a busy account is looked at again later', async () => {
    const accounts = [acct('a', 'weibo')];
    const { schedule, started, busy } = world(accounts, { busyRetryMs: 30_000 });
    busy.add('a');
    schedule.start();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(started).toEqual([]);
    expect(schedule.dueAt('a')).toBe(T0 + 30_000);
    busy.delete('a');
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toEqual([{ ref: 'a', at: T0 + 30_000 }]);
  });

  it('a check that found the account taken meanwhile (a CLI command) comes back after busyRetryMs', async () => {
    const accounts = [acct('a', 'weibo')];
    const { schedule, started, finish } = world(accounts, { busyRetryMs: 10_000 });
    schedule.start();
    await vi.advanceTimersByTimeAsync(0);
    await finish('a', 'busy');
    expect(schedule.dueAt('a')).toBe(T0 + 10_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(started).toHaveLength(2);
  });

  it('a check that throws does not come back before its interval; a removed account is dropped', async () => {
    const accounts = [acct('a', 'weibo'), acct('b', 'juejin')];
    const errors: string[] = [];
    const schedule = new LoginSchedule({
      intervalMs: 40 * MIN,
      random: () => 0.5,
      accounts: () => accounts,
      busy: () => false,
      check: (a) => (a.externalRef === 'a' ? Promise.reject(new Error('Chromium did not start')) : Promise.resolve('checked')),
      onError: (a, err) => errors.push(`${a.externalRef}: ${(err as Error).message}`),
    });
    schedule.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual(['a: Chromium did not start']);
    expect(schedule.dueAt('a')).toBe(T0 + 40 * MIN);
    accounts.splice(1, 1);
    schedule.refresh();
    expect(schedule.dueAt('b')).toBeUndefined();
    await schedule.stop();
  });

  it('stop() waits for running checks and starts no more', async () => {
    const accounts = [acct('a', 'weibo'), acct('b', 'weibo')];
    const { schedule, started, finish } = world(accounts);
    schedule.start();
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stopping = schedule.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    await finish('a');
    await stopping;
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(started.map((s) => s.ref)).toEqual(['a']);
  });
});
