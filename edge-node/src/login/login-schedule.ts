/**
 * When each account's login is checked (PLUME_EDGE_LOGIN_CHECK_MINUTES): a
 * session that expires is noticed within one interval instead of at the next
 * job. Each account is due `interval ± jitter` after its last check, whoever
 * ran that check (this schedule, a job's own login step, `plume-edge accounts
 * check|relogin`), so checks spread out instead of arriving in waves, and the
 * platform sees a person's rhythm rather than a clock's. An account never
 * checked (just imported) is checked at once, even with the schedule off.
 *
 * Exclusions: never two checks of one platform at once (one platform's risk
 * controls see one session check at a time from this host), at most
 * `maxConcurrent` checks in all (each starts a Chromium), and never while the
 * account is busy (a job, a verification, a site check, or a CLI command
 * holding its profile): a busy account is looked at again after `busyRetryMs`.
 */
export interface ScheduledAccount {
  externalRef: string;
  platform: string;
  /** ISO 8601 of the last check; absent: never checked. */
  checkedAt?: string;
}

export interface LoginScheduleOptions {
  /** Mean time between two checks of one account; 0: only accounts never checked are checked. */
  intervalMs: number;
  /** ± this fraction of the interval, uniformly (default 0.2). */
  jitter?: number;
  /** Checks at once across platforms (default 2). */
  maxConcurrent?: number;
  /** When a busy account is looked at again (default: a tenth of the interval, between 5 s and 60 s). */
  busyRetryMs?: number;
  /** The accounts to keep checked (those this node has an adapter for), read afresh at every refresh(). */
  accounts: () => ScheduledAccount[];
  /** Whether the account is in use now. */
  busy: (externalRef: string) => boolean;
  /** Runs one check; `busy` when it found the account taken meanwhile. */
  check: (account: ScheduledAccount) => Promise<'checked' | 'busy'>;
  onError?: (account: ScheduledAccount, err: unknown) => void;
  now?: () => number;
  random?: () => number;
}

interface Entry {
  at: number;
  platform: string;
  /** The checkedAt this due time was computed from: a check elsewhere moves it. */
  basis: string | undefined;
}

/** setTimeout takes at most a signed 32-bit delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class LoginSchedule {
  private readonly entries = new Map<string, Entry>();
  private readonly running = new Map<string, { platform: string; done: Promise<void> }>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly jitter: number;
  private readonly maxConcurrent: number;
  private readonly busyRetryMs: number;

  constructor(private readonly o: LoginScheduleOptions) {
    this.now = o.now ?? Date.now;
    this.random = o.random ?? Math.random;
    this.jitter = Math.min(Math.max(o.jitter ?? 0.2, 0), 0.9);
    this.maxConcurrent = Math.max(1, o.maxConcurrent ?? 2);
    this.busyRetryMs = o.busyRetryMs ?? Math.min(Math.max(o.intervalMs / 10, 5000), 60_000);
  }

  start(): void {
    this.refresh();
  }

  /** The account list or a last-check time changed (an import, a removal, a check elsewhere). */
  refresh(): void {
    if (this.stopped) return;
    const now = this.now();
    const seen = new Set<string>();
    for (const a of this.o.accounts()) {
      seen.add(a.externalRef);
      if (this.running.has(a.externalRef)) continue;
      const entry = this.entries.get(a.externalRef);
      if (entry && entry.basis === a.checkedAt) continue;
      this.entries.set(a.externalRef, { at: this.firstDue(a, now), platform: a.platform, basis: a.checkedAt });
    }
    for (const ref of [...this.entries.keys()]) if (!seen.has(ref)) this.entries.delete(ref);
    this.pump();
  }

  /** When the account is due next (ms since the epoch); undefined when not scheduled. */
  dueAt(externalRef: string): number | undefined {
    const at = this.entries.get(externalRef)?.at;
    return at === undefined || at === Infinity ? undefined : at;
  }

  /** Checks running now, by account. */
  inFlight(): string[] {
    return [...this.running.keys()];
  }

  /** No new checks; resolves once the running ones ended. Idempotent. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.running.values()].map((r) => r.done));
  }

  /** interval ± jitter. */
  private nextInterval(): number {
    return this.o.intervalMs * (1 + this.jitter * (2 * this.random() - 1));
  }

  private firstDue(a: ScheduledAccount, now: number): number {
    const last = a.checkedAt ? Date.parse(a.checkedAt) : NaN;
    if (Number.isNaN(last)) return now;
    if (this.o.intervalMs <= 0) return Infinity;
    const at = last + this.nextInterval();
    // Overdue (the daemon was down): spread the backlog over the jitter window instead of at once.
    return at > now ? at : now + this.random() * this.jitter * this.o.intervalMs;
  }

  private pump(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const now = this.now();
    const due = [...this.entries.entries()].filter(([, e]) => e.at <= now).sort((a, b) => a[1].at - b[1].at);
    for (const [ref, entry] of due) {
      if (this.running.size >= this.maxConcurrent) break;
      if ([...this.running.values()].some((r) => r.platform === entry.platform)) continue;
      if (this.o.busy(ref)) {
        entry.at = now + this.busyRetryMs;
        continue;
      }
      this.run(ref, entry);
    }
    // Only what comes due later sets the timer. An account due now that did not start waits for a
    // running check (of its platform, or the one that fills maxConcurrent), whose end pumps again;
    // timing it would spin this pump on zero-delay timers for as long as that check runs.
    const next = Math.min(...[...this.entries.entries()].filter(([ref, e]) => !this.running.has(ref) && e.at > now).map(([, e]) => e.at));
    if (Number.isFinite(next)) {
      this.timer = setTimeout(() => this.pump(), Math.min(Math.max(next - this.now(), 0), MAX_TIMER_MS));
      this.timer.unref();
    }
  }

  private run(ref: string, entry: Entry): void {
    const account: ScheduledAccount = { externalRef: ref, platform: entry.platform, ...(entry.basis !== undefined ? { checkedAt: entry.basis } : {}) };
    const done = this.o
      .check(account)
      .catch((err: unknown) => {
        this.o.onError?.(account, err);
        return 'checked' as const;
      })
      .then((outcome) => {
        this.running.delete(ref);
        const now = this.now();
        const current = this.o.accounts().find((a) => a.externalRef === ref);
        if (current) {
          // From now, not from the recorded time: a check that failed before recording anything waits its interval too.
          const at = outcome === 'busy' ? now + this.busyRetryMs : this.o.intervalMs > 0 ? now + this.nextInterval() : Infinity;
          this.entries.set(ref, { at, platform: current.platform, basis: current.checkedAt });
        } else {
          this.entries.delete(ref);
        }
        this.pump();
      });
    this.running.set(ref, { platform: entry.platform, done });
  }
}
