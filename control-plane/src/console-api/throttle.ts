/**
 * Login throttling, shared by every replica through PostgreSQL. Two keys per
 * attempt: the email (whether or not it has an account, so the answer does
 * not tell) and the client address (request.ip: the proxy's client when
 * PLUME_TRUST_PROXY is set). A key's first few failures cost nothing; from
 * then on each failure refuses the key for 2 s, 4 s, 8 s… capped at 15
 * minutes, so nobody can be locked out for longer than that however many
 * times someone else tries their email. The count starts over after an hour
 * without a failure. Attempts made while a key is refused are answered 429
 * without being counted, so waiting is always enough.
 *
 * An attempt is counted as a failure before the password is checked, in one
 * atomic statement per key, and given back when the password was right:
 * requests sent in parallel cannot all slip through before the first failure
 * is recorded. When the password was wrong, the wait is stamped again from
 * the moment of the answer, so the time the check took is not taken off it.
 */
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.js';
import { consoleError } from './console.errors.js';

export interface ThrottleKey {
  key: string;
  /** Failures before the back-off starts. */
  free: number;
}

/** Five failures of one email before the back-off; an office behind one address gets more. */
export const EMAIL_FREE_FAILURES = 5;
export const IP_FREE_FAILURES = 20;
export const MAX_BLOCK_SECONDS = 15 * 60;
/** The count starts over after this long without a failure. */
const QUIET_RESET = '1 hour';
/** Beyond this the wait is the cap anyway; it keeps power(2, n) in range. */
const MAX_COUNTED = 64;

export const emailKey = (email: string): ThrottleKey => ({ key: `email:${email.toLowerCase()}`, free: EMAIL_FREE_FAILURES });
export const ipKey = (ip: string): ThrottleKey => ({ key: `ip:${ip}`, free: IP_FREE_FAILURES });

/** The wait after `failures` failures, as SQL: null while within the free ones, else 2^(n-free+1) s capped. */
function blockAfter(failures: ReturnType<typeof sql>, free: number, from: ReturnType<typeof sql>) {
  return sql`case when ${failures} >= ${free}
    then ${from} + least(power(2, ${failures} - ${free} + 1), ${MAX_BLOCK_SECONDS}) * interval '1 second'
    else null end`;
}

/** The 429 of a refused key, with Retry-After. */
export const throttledError = (retryAfterSeconds: number) =>
  consoleError('login_throttled', `Too many failed logins; try again in ${retryAfterSeconds} seconds`, { 'retry-after': String(retryAfterSeconds) });

export type Admission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async refusal(keys: ThrottleKey[], now: Date): Promise<Admission | null> {
    const [row] = await rows<{ until: Date | string | null }>(
      this.db,
      sql`select max(blocked_until) as until from console_login_throttle
          where key in ${keys.map((k) => k.key)} and blocked_until > ${now.toISOString()}::timestamptz`,
    );
    if (!row?.until) return null;
    const ms = new Date(row.until).getTime() - now.getTime();
    return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
  }

  /**
   * Counts one attempt against each key, unless a key is refused now: then
   * nothing is counted and the answer says how long to wait.
   */
  async admit(keys: ThrottleKey[]): Promise<Admission> {
    const now = this.now();
    const refused = await this.refusal(keys, now);
    if (refused) return refused;
    const at = now.toISOString();
    for (const { key, free } of keys) {
      const next = sql`case when t.last_failure_at < ${at}::timestamptz - interval '${sql.raw(QUIET_RESET)}' then 1 else least(t.failures + 1, ${MAX_COUNTED}) end`;
      const counted = await rows<{ key: string }>(
        this.db,
        sql`insert into console_login_throttle as t (key, failures, last_failure_at, blocked_until)
            values (${key}, 1, ${at}::timestamptz, ${blockAfter(sql`1`, free, sql`${at}::timestamptz`)})
            on conflict (key) do update set
              failures = ${next},
              last_failure_at = ${at}::timestamptz,
              blocked_until = ${blockAfter(next, free, sql`${at}::timestamptz`)}
            where t.blocked_until is null or t.blocked_until <= ${at}::timestamptz
            returning key`,
      );
      // A parallel attempt got the key refused between the check above and here.
      if (counted.length === 0) return (await this.refusal(keys, now)) ?? { admitted: false, retryAfterSeconds: 1 };
    }
    return { admitted: true };
  }

  /** The password was wrong: the wait (if the count has reached one) runs from now. */
  async failed(keys: ThrottleKey[]): Promise<void> {
    const at = this.now().toISOString();
    for (const { key, free } of keys) {
      await this.db.execute(sql`update console_login_throttle t set
          last_failure_at = ${at}::timestamptz,
          blocked_until = ${blockAfter(sql`t.failures`, free, sql`${at}::timestamptz`)}
        where t.key = ${key}`);
    }
  }

  /**
   * The password was right: the email starts over; the address gets this
   * attempt back (the people behind it who log in fine do not add up to a
   * block).
   */
  async succeeded(account: ThrottleKey, address: ThrottleKey): Promise<void> {
    await this.db.execute(sql`delete from console_login_throttle where key = ${account.key}`);
    await this.givenBack([address]);
  }

  /** The attempt is not a failure, but the count goes on (a right password whose code is still to come): each key gets it back. */
  async givenBack(keys: ThrottleKey[]): Promise<void> {
    const previous = sql`greatest(t.failures - 1, 0)`;
    for (const { key, free } of keys) {
      await this.db.execute(sql`update console_login_throttle t set
          failures = ${previous},
          blocked_until = ${blockAfter(previous, free, sql`t.last_failure_at`)}
        where t.key = ${key}`);
    }
  }

  /** Rows whose count has started over anyway and that refuse nothing: only space. */
  async prune(): Promise<void> {
    await this.db.execute(sql`delete from console_login_throttle
      where last_failure_at < ${this.now().toISOString()}::timestamptz - interval '${sql.raw(QUIET_RESET)}'
        and (blocked_until is null or blocked_until <= ${this.now().toISOString()}::timestamptz)`);
  }
}
