/**
 * One process at a time in an account's browser profile. Chromium cannot
 * open one profile twice, and the daemon (jobs, verifications, login and site
 * checks) and the CLI beside it (`accounts import|relogin|remove|check`,
 * `check`) all open profiles. Each holds `locks/<ref>.lock` in the state
 * directory while it uses the account (proper-lockfile: an atomic mkdir whose
 * mtime the holder refreshes; a holder killed with -9 leaves a lock that goes
 * stale and is taken over). `accounts.json` itself is guarded the same way
 * for each read-modify-write, so neither side loses the other's change.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

/** Why: the holder refreshes the lock every STALE_MS / 2; a holder silent for this long is gone. */
const STALE_MS = 20_000;
/** Why: a waiter looks again this often; a login check takes seconds, a job minutes. */
const POLL_MS = 250;

export class AccountBusy extends Error {
  constructor(readonly ref: string) {
    super(`account ${ref} is in use by another process (a job or check of the running daemon, or another plume-edge command)`);
  }
}

export interface AccountLockOptions {
  /** How long to wait for another holder; 0: fail at once with AccountBusy. */
  waitMs?: number;
  /** Stops waiting (AbortError from the signal). */
  signal?: AbortSignal;
  /** Called once when the lock is held elsewhere and this call starts waiting. */
  onWait?: () => void;
  /** The lock was lost while held (the state directory vanished, or the process stalled past STALE_MS). */
  onCompromised?: (err: Error) => void;
}

/**
 * Inside the daemon, each account's work goes one after the other, in turns, each turn holding the
 * account's lock against other processes. The job runner keeps the turns (jobs/job-runner.ts);
 * login checks and site checks take theirs from it.
 */
export interface AccountTurns {
  /** Runs `work` in the account's turn (after this daemon's earlier work on it), waiting up to `waitMs` for another process's lock. */
  inAccountTurn<T>(ref: string, work: () => Promise<T>, o?: { waitMs?: number }): Promise<T>;
  /** Whether the account's profile is in use (or waited for) in this daemon now. */
  accountBusy(ref: string): boolean;
  /** The daemon is stopping: no new check starts. */
  readonly draining: boolean;
}

const lockDir = (stateDir: string) => join(stateDir, 'locks');

function validRef(ref: string): string {
  if (!/^[A-Za-z0-9_.@-]+$/.test(ref) || ref === '.' || ref === '..') throw new Error(`bad account ref ${ref}`);
  return ref;
}

/** Holds the account's lock; resolves with its release. */
export async function lockAccount(stateDir: string, ref: string, o: AccountLockOptions = {}): Promise<() => Promise<void>> {
  mkdirSync(lockDir(stateDir), { recursive: true, mode: 0o700 });
  const target = join(lockDir(stateDir), validRef(ref));
  const deadline = Date.now() + (o.waitMs ?? 0);
  let told = false;
  for (;;) {
    o.signal?.throwIfAborted();
    try {
      return await lockfile.lock(target, {
        realpath: false,
        lockfilePath: `${target}.lock`,
        stale: STALE_MS,
        retries: 0,
        onCompromised: o.onCompromised ?? (() => {}),
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
      if (Date.now() >= deadline) throw new AccountBusy(ref);
      if (!told) {
        told = true;
        o.onWait?.();
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }
}

/** Runs `work` holding the account's lock. */
export async function withAccountLock<T>(stateDir: string, ref: string, work: () => Promise<T>, o: AccountLockOptions = {}): Promise<T> {
  const release = await lockAccount(stateDir, ref, o);
  try {
    return await work();
  } finally {
    await release().catch(() => {});
  }
}

/** Synchronous exclusion for a short read-modify-write of a file (accounts.json). */
export function withFileLockSync<T>(file: string, work: () => T, waitMs = 5000): T {
  const deadline = Date.now() + waitMs;
  for (;;) {
    let release: () => void;
    try {
      release = lockfile.lockSync(file, { realpath: false, lockfilePath: `${file}.lock`, stale: STALE_MS, onCompromised: () => {} });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED' || Date.now() >= deadline) throw err;
      // A write takes milliseconds: wait a little without giving up the thread.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      continue;
    }
    try {
      return work();
    } finally {
      release();
    }
  }
}
