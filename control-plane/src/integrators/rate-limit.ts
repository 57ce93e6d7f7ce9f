/**
 * Per-user request limits (per minute and per UTC day, all of a user's keys
 * together) served from leases on the PostgreSQL counters.
 *
 * The counters stay in `rate_counters` (`oa:m:<user>` and `oa:d:<user>`, one
 * row per window), so every replica agrees on them. A replica no longer adds 1
 * per request: it reserves a block ("lease") of the user's allowance in one
 * statement that adds `n` only if the counter stays within the limit
 * (all-or-nothing, so the replicas together can never hand out more than the
 * limit), then answers requests from that block in memory. Every request of a
 * user used to take the same row lock and commit; now a busy user costs a few
 * dozen statements a second per replica, whatever its request rate.
 *
 * Lease size adapts per user and replica: what is waiting right now, plus
 * about LEASE_SPAN_MS of the user's recent rate when the user is busy (at or
 * above SLOW_RATE; a slow user leases 1 and its headers are exact), bounded by
 * MAX_LEASE, by MAX_LEASE_SHARE of the limit and by an eighth of what is
 * still unreserved, so one replica cannot take what another needs; close to
 * the limit a lease is only what is waiting. Tokens a replica leased but did
 * not use go back to the counter after IDLE_RETURN_MS without requests, and on
 * shutdown; minute tokens otherwise die with their window.
 *
 * Trade-offs (documented in docs/architecture.md, "Rate limits and caches"):
 * - Unused tokens held by one replica are invisible to the others until they
 *   are used or returned (≤ IDLE_RETURN_MS): near the limit, a request on
 *   replica B may get 429 while replica A still holds a few tokens. The limit
 *   itself is never exceeded.
 * - A replica that dies without shutdown keeps its unused lease counted: at
 *   most one lease per user (≤ MAX_LEASE_SHARE of the limit) is lost until
 *   the window ends (for the daily counter, until 00:00 UTC).
 * - After a window is found exhausted, this replica answers 429 from memory
 *   for up to EXHAUSTED_RECHECK_MS before asking the database again, so tokens
 *   returned meanwhile by another replica are seen that much later.
 * - RateLimit-Remaining / X-DailyRemaining are `limit − counter`, the
 *   counter as of this replica's last reservation: every leased token, this
 *   replica's unused ones included, counts as used, so a busy user sees
 *   Remaining fall in steps of a lease (under, never over, what this replica
 *   knows); with a slow user (leases of 1) they are exact. Reservations other
 *   replicas made since this one's last are not seen until its next.
 * - Requests refused with 429 take no token (the old per-request counter
 *   counted them too).
 */
import { type Db, preparedRows } from '../db/client.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** A busy user leases about this much of its recent rate at a time (~10 statements/s/user/replica). */
const LEASE_SPAN_MS = 100;
/** Below this many requests per second (at this replica) a user leases only what waits: exact counters and headers. */
const SLOW_RATE = 50;
/** Hard bound on one lease, whatever the rate. */
const MAX_LEASE = 1_000;
/** A lease is at most this share of the limit (bounds what a crashed replica strands). */
const MAX_LEASE_SHARE = 0.05;
/** Unused tokens go back to the counter after this long without a request of the user. */
const IDLE_RETURN_MS = 1_000;
/** An exhausted window is answered from memory this long before the database is asked again. */
const EXHAUSTED_RECHECK_MS = 500;
/** Per-user state is dropped after this long without requests (no tokens held by then). */
const FORGET_AFTER_MS = 5 * MINUTE_MS;
const SWEEP_EVERY_MS = 250;

export interface WindowStatus {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

export interface LimitVerdict {
  /** null when admitted. */
  refused: null | 'rate_limited' | 'daily_limit_exceeded';
  minute: WindowStatus;
  day: WindowStatus;
}

export interface Limits {
  perMinute: number;
  daily: number;
}

interface Lease {
  readonly prefix: 'oa:m:' | 'oa:d:';
  readonly windowMs: number;
  windowStart: number;
  /** Reserved by this replica in this window and not handed out yet. */
  tokens: number;
  /** The counter as this replica last saw it (its own reservations included). */
  counted: number;
  /** Monotonic time until which an exhausted window is answered without asking. */
  exhaustedUntil: number;
}

interface Waiter {
  ms: number;
  limits: Limits;
  resolve(verdict: LimitVerdict): void;
  reject(error: unknown): void;
}

interface UserState {
  userId: number;
  minute: Lease;
  day: Lease;
  waiters: Waiter[];
  refilling: boolean;
  /** Requests since the last reservation, and when that was (monotonic ms). */
  arrivals: number;
  lastRefillAt: number;
  createdAt: number;
  /** Recent request rate at this replica, requests per second. */
  rate: number;
  lastUsedAt: number;
}

/**
 * Reserves `n` (0 = nothing) from the minute and the day counter, each
 * all-or-nothing. Also answers each counter's value as of the statement's
 * snapshot, for sizing a smaller retry. Parameters: minute key, window start,
 * n, expiry, limit; the same five for the day.
 */
const RESERVE = `with m as (
    insert into rate_counters (key, window_start, count, expires_at)
    select $1::text, $2::timestamptz, $3::int, $4::timestamptz where $3::int > 0
    on conflict (key, window_start) do update set count = rate_counters.count + excluded.count
    where rate_counters.count + excluded.count <= $5::int
    returning count
  ), d as (
    insert into rate_counters (key, window_start, count, expires_at)
    select $6::text, $7::timestamptz, $8::int, $9::timestamptz where $8::int > 0
    on conflict (key, window_start) do update set count = rate_counters.count + excluded.count
    where rate_counters.count + excluded.count <= $10::int
    returning count
  )
  select (select count from m)::int as m_count, (select count from d)::int as d_count,
         (select count from rate_counters where key = $1::text and window_start = $2::timestamptz)::int as m_seen,
         (select count from rate_counters where key = $6::text and window_start = $7::timestamptz)::int as d_seen`;

const GIVE_BACK = `update rate_counters set count = greatest(0, count - $3::int) where key = $1::text and window_start = $2::timestamptz`;

interface ReserveRow {
  m_count: number | null;
  d_count: number | null;
  m_seen: number | null;
  d_seen: number | null;
}

const monotonic = () => performance.now();
const windowStartOf = (ms: number, windowMs: number) => Math.floor(ms / windowMs) * windowMs;

export class RateLimiter {
  private readonly users = new Map<number, UserState>();
  private sweeper: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly db: Db) {}

  /**
   * Takes one request from the user's minute and day allowance. Answers from
   * the local lease without any await when it can; otherwise queues behind
   * one reservation in flight for this user.
   */
  take(userId: number, limits: Limits, ms: number): LimitVerdict | Promise<LimitVerdict> {
    const user = this.userState(userId);
    user.arrivals++;
    user.lastUsedAt = monotonic();
    if (user.waiters.length === 0) {
      const verdict = this.tryLocal(user, limits, ms);
      if (verdict) return verdict;
    }
    return new Promise<LimitVerdict>((resolve, reject) => {
      user.waiters.push({ ms, limits, resolve, reject });
      void this.pump(user);
    });
  }

  /** Gives every unused token back and stops the sweeper; later calls still work, without leases kept. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    await Promise.all([...this.users.values()].map((u) => this.giveBack(u)));
  }

  private userState(userId: number): UserState {
    let user = this.users.get(userId);
    if (!user) {
      const lease = (prefix: Lease['prefix'], windowMs: number): Lease => ({ prefix, windowMs, windowStart: 0, tokens: 0, counted: 0, exhaustedUntil: 0 });
      const created = monotonic();
      user = {
        userId,
        createdAt: created,
        minute: lease('oa:m:', MINUTE_MS),
        day: lease('oa:d:', DAY_MS),
        waiters: [],
        refilling: false,
        arrivals: 0,
        lastRefillAt: created,
        rate: 0,
        lastUsedAt: created,
      };
      this.users.set(userId, user);
      if (!this.sweeper && !this.closed) {
        this.sweeper = setInterval(() => this.sweep(), SWEEP_EVERY_MS);
        this.sweeper.unref();
      }
    }
    return user;
  }

  /** Moves a lease to the window of `ms` when that is a later one: tokens of a past window are worthless. */
  private roll(lease: Lease, ms: number): void {
    const start = windowStartOf(ms, lease.windowMs);
    if (start > lease.windowStart) {
      lease.windowStart = start;
      lease.tokens = 0;
      lease.counted = 0;
      lease.exhaustedUntil = 0;
    }
  }

  /** A verdict from memory alone, or null when a reservation is needed. */
  private tryLocal(user: UserState, limits: Limits, ms: number): LimitVerdict | null {
    const { minute, day } = user;
    this.roll(minute, ms);
    this.roll(day, ms);
    if (minute.tokens > 0 && day.tokens > 0) {
      minute.tokens--;
      day.tokens--;
      return this.verdict(user, limits, ms, null);
    }
    const now = monotonic();
    if (day.tokens === 0 && day.exhaustedUntil > now) return this.verdict(user, limits, ms, 'daily_limit_exceeded');
    if (minute.tokens === 0 && minute.exhaustedUntil > now) return this.verdict(user, limits, ms, 'rate_limited');
    return null;
  }

  private verdict(user: UserState, limits: Limits, ms: number, refused: LimitVerdict['refused']): LimitVerdict {
    const status = (lease: Lease, limit: number, zero: boolean): WindowStatus => ({
      limit,
      remaining: zero ? 0 : Math.max(0, Math.min(limit, limit - lease.counted)),
      resetSeconds: Math.max(1, Math.ceil((lease.windowStart + lease.windowMs - ms) / 1000)),
    });
    return {
      refused,
      minute: status(user.minute, limits.perMinute, refused === 'rate_limited'),
      day: status(user.day, limits.daily, refused === 'daily_limit_exceeded'),
    };
  }

  /** Serves the queue in order: from the lease, or by reserving more; one reservation at a time per user. */
  private async pump(user: UserState): Promise<void> {
    if (user.refilling) return;
    user.refilling = true;
    try {
      while (user.waiters.length > 0) {
        // Whatever the lease (or a known-exhausted window) can answer now.
        while (user.waiters.length > 0) {
          const head = user.waiters[0]!;
          const verdict = this.tryLocal(user, head.limits, head.ms);
          if (!verdict) break;
          user.waiters.shift();
          head.resolve(verdict);
        }
        if (user.waiters.length === 0) break;
        await this.reserve(user, user.waiters[0]!);
      }
    } catch (error) {
      for (const waiter of user.waiters.splice(0)) waiter.reject(error);
    } finally {
      user.refilling = false;
    }
  }

  /** How many tokens to ask for: what waits, plus a rate-based margin far from the limit. */
  private leaseSize(user: UserState, lease: Lease, limit: number, waiting: number): number {
    const unreserved = limit - lease.counted;
    const fromRate = user.rate < SLOW_RATE ? 0 : Math.ceil((user.rate * LEASE_SPAN_MS) / 1000);
    const margin = Math.min(fromRate, MAX_LEASE, Math.floor(limit * MAX_LEASE_SHARE), Math.floor(unreserved / 8));
    const wanted = Math.max(waiting, margin, 1);
    // Never more than the limit (a fresh row is inserted with n) nor, as far as we know, than is left.
    return Math.max(1, Math.min(wanted, limit, unreserved > 0 ? unreserved : wanted));
  }

  /**
   * Reserves tokens for the waiting requests of the head's windows. A refused
   * all-or-nothing reservation is retried with what the snapshot says is
   * left; each retry asks strictly less, and none left means exhausted.
   */
  private async reserve(user: UserState, head: Waiter): Promise<void> {
    const now = monotonic();
    // A user's first reservation has no history: assume a slow user (lease 1).
    const elapsed = user.rate === 0 && user.lastRefillAt === user.createdAt ? Math.max(1000, now - user.lastRefillAt) : Math.max(1, now - user.lastRefillAt);
    const instant = (user.arrivals * 1000) / elapsed;
    // Grows at once with the load, decays by half per reservation when it drops.
    user.rate = Math.max(instant, (user.rate + instant) / 2);
    user.arrivals = 0;
    user.lastRefillAt = now;

    const { minute, day } = user;
    const waiting = user.waiters.length;
    let wantMinute = minute.tokens >= waiting ? 0 : this.leaseSize(user, minute, head.limits.perMinute, waiting - minute.tokens);
    let wantDay = day.tokens >= waiting ? 0 : this.leaseSize(user, day, head.limits.daily, waiting - day.tokens);
    const minuteStart = minute.windowStart;
    const dayStart = day.windowStart;
    while (wantMinute > 0 || wantDay > 0) {
      const [row] = await preparedRows<ReserveRow>(this.db, RESERVE, [
        `oa:m:${user.userId}`,
        new Date(minuteStart).toISOString(),
        wantMinute,
        new Date(minuteStart + 2 * MINUTE_MS).toISOString(),
        head.limits.perMinute,
        `oa:d:${user.userId}`,
        new Date(dayStart).toISOString(),
        wantDay,
        new Date(dayStart + 2 * DAY_MS).toISOString(),
        head.limits.daily,
      ]);
      wantMinute = this.settle(minute, minuteStart, wantMinute, row!.m_count, row!.m_seen, head.limits.perMinute);
      wantDay = this.settle(day, dayStart, wantDay, row!.d_count, row!.d_seen, head.limits.daily);
    }
  }

  /** Applies one reservation's outcome to a lease; answers what to ask for next (0: done). */
  private settle(lease: Lease, windowStart: number, asked: number, count: number | null, seen: number | null, limit: number): number {
    if (asked === 0) return 0;
    // The window moved on while the statement ran: what it reserved belongs to a past window.
    if (lease.windowStart !== windowStart) return 0;
    if (count !== null) {
      lease.tokens += asked;
      lease.counted = Math.max(lease.counted, count);
      lease.exhaustedUntil = 0;
      return 0;
    }
    const left = limit - (seen ?? 0);
    lease.counted = Math.max(lease.counted, seen ?? 0);
    if (left <= 0 || asked === 1) {
      lease.exhaustedUntil = monotonic() + EXHAUSTED_RECHECK_MS;
      return 0;
    }
    return Math.min(asked - 1, left);
  }

  /** Returns the unused tokens of a user to the counters (idle user, or shutdown). */
  private async giveBack(user: UserState): Promise<void> {
    const returns: Array<Promise<unknown>> = [];
    for (const lease of [user.minute, user.day]) {
      if (lease.tokens === 0) continue;
      const n = lease.tokens;
      lease.tokens = 0;
      lease.counted = Math.max(0, lease.counted - n);
      returns.push(preparedRows(this.db, GIVE_BACK, [`${lease.prefix}${user.userId}`, new Date(lease.windowStart).toISOString(), n]));
    }
    await Promise.all(returns);
  }

  private sweep(): void {
    const now = monotonic();
    const wall = Date.now();
    for (const user of this.users.values()) {
      if (user.refilling || user.waiters.length > 0) continue;
      const idle = now - user.lastUsedAt;
      if (idle >= IDLE_RETURN_MS) {
        // Minute tokens of a past window are worth nothing: drop them without a statement.
        if (user.minute.windowStart + MINUTE_MS <= wall) user.minute.tokens = 0;
        if (user.day.windowStart + DAY_MS <= wall) user.day.tokens = 0;
        if (user.minute.tokens > 0 || user.day.tokens > 0) {
          this.giveBack(user).catch(() => {
            // The tokens stay counted until their window ends: the limit is still never exceeded.
          });
        }
      }
      if (idle >= FORGET_AFTER_MS && user.minute.tokens === 0 && user.day.tokens === 0) this.users.delete(user.userId);
    }
  }
}

export interface RequestWindow {
  /** Requests counted in the current window, every replica's leased tokens included. */
  counted: number;
  resetsAt: Date;
}

const COUNTERS = `select key, count from rate_counters where (key = $1::text and window_start = $2::timestamptz) or (key = $3::text and window_start = $4::timestamptz)`;

/**
 * The user's current minute and day counters, as the limiter keeps them. A
 * replica's leased but unused tokens already count (see the trade-offs at the
 * top), so this is at or a little above the requests actually answered.
 */
export async function requestWindows(db: Db, userId: number, nowMs: number): Promise<{ minute: RequestWindow; day: RequestWindow }> {
  const minuteStart = windowStartOf(nowMs, MINUTE_MS);
  const dayStart = windowStartOf(nowMs, DAY_MS);
  const found = await preparedRows<{ key: string; count: number }>(db, COUNTERS, [
    `oa:m:${userId}`,
    new Date(minuteStart).toISOString(),
    `oa:d:${userId}`,
    new Date(dayStart).toISOString(),
  ]);
  const counted = (key: string) => Number(found.find((r) => r.key === key)?.count ?? 0);
  return {
    minute: { counted: counted(`oa:m:${userId}`), resetsAt: new Date(minuteStart + MINUTE_MS) },
    day: { counted: counted(`oa:d:${userId}`), resetsAt: new Date(dayStart + DAY_MS) },
  };
}
