/**
 * Group commit: while a statement is in flight, the items that arrive wait
 * here; when a connection frees they all go out as ONE statement, which
 * shares the round trip, the parse/bind, the executor start-up, the row locks
 * and the commit (one WAL flush) among them. Each caller gets its own answer,
 * and every decision is still taken by PostgreSQL, row by row: the queue holds
 * nothing another replica would need to see.
 *
 * Users: license admissions (license/admission-queue.ts) and publish writes
 * (publishing/publish/publish-queue.ts).
 *
 * One statement is in flight at a time while statements are quick: the items
 * that queue meanwhile make the next one larger, and a large statement costs
 * PostgreSQL much less per item than two half-size ones. Another lane
 * (connection) is used only when the statement in flight has been running for
 * spillAfterMs: a statement stuck behind a lock, or a database so busy that a
 * second backend helps, does not hold up every item of the replica.
 *
 * Items that share a key (`keys`) never share a statement nor run in two
 * statements at once; the later one waits for the next statement.
 *
 * The runner answers each item with its result or asks for it to be sent
 * again: DEFERRED (in a later statement, with others) or ALONE (in a
 * statement of its own: the runner could not decide it exactly among
 * others). When a statement fails with a database error it was rolled back
 * whole, so every item in it is sent again alone: one bad row fails only its
 * own caller. Any other failure (the connection lost, perhaps after the
 * commit) goes to every caller of that statement unchanged, as it would have
 * without the queue: sending again could apply something twice.
 */

import { groupCommitBatch } from '../metrics/instruments.js';

/** Answer for an item that must go out again in a later statement. */
export const DEFERRED = Symbol('deferred');
/** Answer for an item that must go out again in a statement of its own. */
export const ALONE = Symbol('alone');
export type Retry = typeof DEFERRED | typeof ALONE;

/** Runs one statement for a batch: one answer per input, in order. */
export type GroupRunner<I, R> = (inputs: readonly I[]) => Promise<ReadonlyArray<R | Retry>>;

export interface GroupCommitOptions<I, R> {
  run: GroupRunner<I, R>;
  /** Keys that may appear once per statement and once in flight (none by default). */
  keys?: (input: I) => readonly string[];
  /** Statements in flight at once: the connections the statements run on. */
  lanes?: number;
  /** Items per statement at most. */
  maxBatch?: number;
  /** How long the statement in flight may run before another lane takes the next one (ms). */
  spillAfterMs?: number;
  /** Names the queue in plume_db_group_commit_batch_size; unnamed queues are not measured. */
  name?: string;
}

interface Pending<I, R> {
  input: I;
  keys: readonly string[];
  resolve: (answer: R) => void;
  reject: (error: unknown) => void;
  /** Sent alone, after a statement it shared could not decide it. */
  alone: boolean;
}

/**
 * A failure PostgreSQL reported for the statement, which rolled it back (not
 * a lost connection); also when wrapped, as drizzle's execute wraps it (cause).
 */
export function isStatementError(error: unknown): boolean {
  const e = error as { severity?: unknown; code?: unknown; cause?: unknown } | null;
  if (typeof e?.severity === 'string' && e.severity === 'ERROR' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return true;
  return e?.cause !== undefined && e.cause !== error && isStatementError(e.cause);
}

const NO_KEYS: readonly string[] = [];

export class GroupCommitQueue<I, R> {
  private readonly run: GroupRunner<I, R>;
  private readonly keysOf: (input: I) => readonly string[];
  private readonly lanes: number;
  private readonly maxBatch: number;
  private readonly spillAfterMs: number;
  private queue: Array<Pending<I, R>> = [];
  /** Items to send again, put back ahead of the queue once their statement has settled. */
  private retry: Array<Pending<I, R>> = [];
  /** When each statement in flight was sent (performance.now()), in sending order. */
  private readonly sentAt: number[] = [];
  private spillTimer: NodeJS.Timeout | null = null;
  private readonly busy = new Set<string>();
  private scheduled = false;
  /** Statements sent and items they carried, for tests and the benchmarks' curiosity. */
  readonly stats = { statements: 0, items: 0, largest: 0 };
  private readonly batchSizes: { observe(size: number): void } | null;

  constructor({ run, keys, lanes = 1, maxBatch = 64, spillAfterMs = 10, name }: GroupCommitOptions<I, R>) {
    this.batchSizes = name ? groupCommitBatch.labels(name) : null;
    this.run = run;
    this.keysOf = keys ?? (() => NO_KEYS);
    this.lanes = Math.max(1, lanes);
    this.maxBatch = Math.max(1, maxBatch);
    this.spillAfterMs = Math.max(0, spillAfterMs);
  }

  private get inFlight(): number {
    return this.sentAt.length;
  }

  /** A statement may be sent now: none is in flight, or the oldest has run for spillAfterMs and a lane is free. */
  private laneFree(now: number): boolean {
    if (this.inFlight === 0) return true;
    return this.inFlight < this.lanes && now - this.sentAt[0]! >= this.spillAfterMs;
  }

  submit(input: I): Promise<R> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, keys: this.keysOf(input), resolve, reject, alone: false });
      this.schedule();
    });
  }

  /**
   * Sends at the end of this turn of the event loop rather than at once: the
   * requests whose bytes arrived in the same turn join the same statement.
   * While a statement is in flight, looks again when it has run spillAfterMs.
   */
  private schedule(): void {
    if (this.queue.length === 0) return;
    if (this.inFlight === 0) {
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.pump();
      });
      return;
    }
    if (this.inFlight >= this.lanes || this.spillTimer) return;
    const wait = Math.max(0, this.sentAt[0]! + this.spillAfterMs - performance.now());
    this.spillTimer = setTimeout(() => {
      this.spillTimer = null;
      // Nothing sendable (every queued item waits for a key): the next settle looks again.
      if (this.pump() > 0 || !this.laneFree(performance.now())) this.schedule();
    }, wait);
    this.spillTimer.unref();
  }

  /** Sends what may be sent; how many statements. */
  private pump(): number {
    let sent = 0;
    while (this.laneFree(performance.now())) {
      const batch = this.take();
      if (batch.length === 0) break;
      this.send(batch);
      sent++;
    }
    return sent;
  }

  /** The oldest items that may share a statement; the rest keep their place. */
  private take(): Array<Pending<I, R>> {
    const batch: Array<Pending<I, R>> = [];
    const taken = new Set<string>();
    const rest: Array<Pending<I, R>> = [];
    for (const p of this.queue) {
      const fits =
        batch.length < this.maxBatch &&
        !(batch.length > 0 && (p.alone || batch[0]!.alone)) &&
        p.keys.every((k) => !this.busy.has(k) && !taken.has(k));
      if (!fits) {
        rest.push(p);
        continue;
      }
      batch.push(p);
      for (const k of p.keys) taken.add(k);
    }
    this.queue = rest;
    return batch;
  }

  private send(batch: Array<Pending<I, R>>): void {
    const sentAt = performance.now();
    this.sentAt.push(sentAt);
    for (const p of batch) for (const k of p.keys) this.busy.add(k);
    this.stats.statements++;
    this.stats.items += batch.length;
    this.stats.largest = Math.max(this.stats.largest, batch.length);
    this.batchSizes?.observe(batch.length);
    let answers: Promise<ReadonlyArray<R | Retry>>;
    try {
      answers = this.run(batch.map((p) => p.input));
    } catch (error) {
      answers = Promise.reject(error);
    }
    answers.then(
      (rows) => this.settle(batch, sentAt, (p, i) => this.answer(p, rows[i] as R | Retry)),
      (error) =>
        this.settle(batch, sentAt, (p) => {
          if (batch.length > 1 && isStatementError(error)) this.again(p, true);
          else p.reject(error);
        }),
    );
  }

  private answer(p: Pending<I, R>, row: R | Retry): void {
    if (row === DEFERRED) this.again(p, p.alone);
    else if (row === ALONE) {
      // Alone already: the runner's answer alone is final, so asking again would loop.
      if (p.alone) p.reject(new Error('group commit: an item sent alone was not decided'));
      else this.again(p, true);
    } else p.resolve(row);
  }

  /** Back to the head of the queue, ahead of items that arrived later. */
  private again(p: Pending<I, R>, alone: boolean): void {
    p.alone = alone;
    this.retry.push(p);
  }

  private settle(batch: Array<Pending<I, R>>, sentAt: number, each: (p: Pending<I, R>, i: number) => void): void {
    this.sentAt.splice(this.sentAt.indexOf(sentAt), 1);
    for (const p of batch) for (const k of p.keys) this.busy.delete(k);
    batch.forEach((p, i) => {
      try {
        each(p, i);
      } catch (error) {
        p.reject(error);
      }
    });
    if (this.retry.length > 0) {
      this.queue = [...this.retry, ...this.queue];
      this.retry = [];
    }
    this.schedule();
  }
}
