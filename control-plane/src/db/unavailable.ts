/**
 * "PostgreSQL cannot be reached right now", told apart from every other
 * failure, and a bound on how long a statement waits while that is so.
 *
 * Every API surface answers such a failure with 503 and Retry-After
 * (http/errors.ts), so a client retries the same request (with the same
 * Idempotency-Key or requestId) instead of reporting a bug; background loops
 * log it and try again on their next round.
 *
 * The postgres driver waits for a connection as long as it takes: a
 * statement queued while every connection attempt fails (refused, or a
 * host that never answers) would wait through one attempt after another.
 * `boundedWait` gives up on a statement that has not reached a connection
 * after `waitMs` during which the pool answered nothing and saw its
 * connections fail, and on a transaction whose BEGIN has not. A pool that is
 * only busy (no connection failing, however long its statements run) is
 * waited for as before: that is load, not an outage.
 */
import type { Sql } from 'postgres';

/** Seconds a client is asked to wait (Retry-After) before retrying a request refused for this. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Socket failures of the connection to PostgreSQL (Node's codes). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
/** The postgres driver's own: its connection closed, was ended or destroyed, or did not open in time. */
const DRIVER_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT']);
/**
 * SQLSTATEs PostgreSQL sends when the server, not the statement, is the
 * problem: administrator or crash shutdown, starting up or in recovery
 * (57P01-57P03), too many connections (53300).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

function hasUnavailableCode(e: { code?: unknown }): boolean {
  const code = e.code;
  if (typeof code !== 'string') return false;
  // Class 08: connection exception (connection failure, rejected establishment, …).
  return SOCKET_CODES.has(code) || DRIVER_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code);
}

/**
 * The error in `error` (itself, or what it wraps: drizzle puts the driver's
 * error in `cause`, a failed connect to several addresses is an
 * AggregateError) that says the database cannot be reached, as opposed to
 * a statement that failed; null when there is none.
 */
function unavailableCause(error: unknown): { message?: unknown } | null {
  const seen = new Set<unknown>();
  const stack: unknown[] = [error];
  while (stack.length) {
    const e = stack.pop();
    if (!e || typeof e !== 'object' || seen.has(e) || seen.size > 16) continue;
    seen.add(e);
    if (e instanceof DatabaseUnavailableError || hasUnavailableCode(e as { code?: unknown })) return e;
    const { cause, errors } = e as { cause?: unknown; errors?: unknown };
    stack.push(cause);
    if (Array.isArray(errors)) stack.push(...errors);
  }
  return null;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailableCause(error) !== null;
}

/**
 * What to log of such a failure: the driver's own words ("connect
 * ECONNREFUSED 127.0.0.1:5432"), not the wrapping error's, which quotes the
 * statement and its parameters.
 */
export function unavailableReason(error: unknown): string {
  const cause = unavailableCause(error);
  return typeof cause?.message === 'string' ? cause.message : 'database unavailable';
}

/**
 * Logs a failed background round. While the database is away every round
 * fails the same way and the next one retries: one short warning each, not
 * an error with a stack trace.
 */
export function logRoundFailure(log: { warn(o: object, msg: string): void; error(o: object, msg: string): void }, err: unknown, what: string): void {
  if (isDatabaseUnavailable(err)) log.warn({ reason: unavailableReason(err) }, `${what} skipped: database unavailable`);
  else log.error({ err }, `${what} failed`);
}

/**
 * The driver's wait before reconnecting after failed attempts: its own
 * growing delay (0.5-1 × 3^n / 100 s) capped at half a second instead of 20 s.
 * A closed connection reconnects only for a statement that needs it, so the
 * attempts stay as few as the statements; the uncapped delay made requests
 * hang 15 s during an outage and kept some waiting 8 s after PostgreSQL was back.
 */
export function reconnectDelaySeconds(retries: number): number {
  return (0.5 + Math.random() / 2) * Math.min(3 ** retries / 100, 0.5);
}

/** The driver's query object, as far as this module reads and drives it. */
interface PendingQuery {
  /** null until a connection takes the statement (postgres/src/connection.js execute()). */
  state: unknown;
  handler: (q: PendingQuery) => void;
  reject: (e: unknown) => void;
  resolve: (x: unknown) => void;
  cancel(): unknown;
}

/**
 * `client` whose statements (`unsafe`, which drizzle uses) and transactions
 * (`begin`) give up with DatabaseUnavailableError when they have waited
 * `waitMs` for a connection while the pool answered nothing and a connection
 * failed. Inside a transaction nothing is bounded: it holds its connection.
 */
export function boundedWait<T extends Sql>(client: T, waitMs: number): T {
  /** When a statement or transaction of this pool last got an answer from PostgreSQL. */
  let answeredAt = performance.now();
  /** When one last failed for want of a connection (refused, reset, connect timeout…). */
  let failedAt = -Infinity;
  const answered = () => {
    answeredAt = performance.now();
  };
  const settled = (error: unknown) => {
    if (isDatabaseUnavailable(error)) failedAt = performance.now();
    else answered();
  };
  const unavailable = () => new DatabaseUnavailableError(`no database connection within ${waitMs} ms`);
  // Why: once the wait is over, a failure may still be on its way (a connect attempt times out
  // after waitMs too); look again this often until it comes or the statement gets its connection.
  const recheckMs = Math.max(10, Math.min(250, waitMs / 10));
  /**
   * Watches a wait that began at `since`: `giveUp()` once `waitMs` has passed
   * both since then and since the pool's last answer, and a connection
   * failed after that answer.
   */
  const watch = (since: number, waiting: () => boolean, giveUp: () => void): { stop(): void } => {
    let timer: NodeJS.Timeout | undefined;
    const check = () => {
      if (!waiting()) return;
      const quietFor = performance.now() - Math.max(since, answeredAt);
      if (quietFor >= waitMs && failedAt > answeredAt) return giveUp();
      timer = setTimeout(check, quietFor < waitMs ? waitMs - quietFor : recheckMs);
      timer.unref();
    };
    timer = setTimeout(check, waitMs);
    timer.unref();
    return { stop: () => clearTimeout(timer) };
  };

  const unsafe = (...args: Parameters<Sql['unsafe']>) => {
    const query = client.unsafe(...args) as unknown as PendingQuery;
    const { resolve, reject, handler } = query;
    let watcher: { stop(): void } | undefined;
    let gaveUp = false;
    query.resolve = (x) => {
      watcher?.stop();
      answered();
      resolve(x);
    };
    query.reject = (e) => {
      watcher?.stop();
      if (gaveUp) return reject(unavailable());
      settled(e);
      reject(e);
    };
    // The clock starts when the statement is handed to the pool (on first await), not when it is built.
    query.handler = (q) => {
      watcher = watch(
        performance.now(),
        // Once on a connection it runs to its answer.
        () => query.state === null,
        () => {
          gaveUp = true;
          // Takes it out of the pool's queue (or off the connection being opened for it) and rejects it.
          query.cancel();
        },
      );
      handler(q);
    };
    return query;
  };

  const begin = (...args: unknown[]) => {
    const fn = args.pop() as (tx: unknown) => unknown;
    let started = false;
    let gaveUp = false;
    const since = performance.now();
    const work = (tx: unknown) => {
      if (gaveUp) throw unavailable(); // BEGIN came too late: roll back at once, the caller has its answer
      started = true;
      answered();
      return fn(tx);
    };
    const transaction = (client.begin as (...a: unknown[]) => Promise<unknown>)(...args, work);
    return new Promise((resolve, reject) => {
      const watcher = watch(
        since,
        () => !started,
        () => {
          gaveUp = true;
          reject(unavailable());
        },
      );
      transaction.then(
        (x) => {
          watcher.stop();
          resolve(x);
        },
        (e: unknown) => {
          watcher.stop();
          if (!gaveUp) settled(e);
          reject(e);
        },
      );
    });
  };

  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') return unsafe;
      if (property === 'begin') return begin;
      return Reflect.get(target, property, receiver);
    },
  });
}
