/**
 * Group commit for signed-request admissions. While a statement is in flight
 * on each of the signed-request connections, the admissions that arrive wait
 * here; when a connection frees they all go out as ONE statement
 * (session.repository.ts ADMIT_SIGNED), which shares the round trip, the
 * parse/bind, the executor start-up and the commit (one WAL flush) among them.
 * Each caller gets its own row back and every decision (judged facts, nonce,
 * rate counter, license_consume) is still taken by PostgreSQL, row by row:
 * this queue holds nothing another replica would need to see.
 *
 * One statement is in flight at a time while statements are quick: the
 * admissions that queue meanwhile make the next one larger, and a large
 * statement costs PostgreSQL much less per admission than two half-size ones
 * (bench/license-http.mjs: about 70 µs against 90 per status). Another
 * connection is used only when the statement in flight has been running for
 * spillAfterMs: a statement stuck behind a lock, or a database so busy that a
 * second backend helps, does not hold up every signed request of the replica.
 *
 * Two admissions of one session never share a statement nor run in two
 * statements at once (their rate counter row is one row), and neither do two
 * consumes of one activation code; the later one waits for the next statement.
 * Within the process this also keeps concurrent statements off each other's
 * rows, so they never wait on each other's locks.
 *
 * When a statement fails with a database error it was rolled back whole, so
 * every admission in it is sent again alone: one bad row fails only its own
 * caller. Any other failure (the connection lost, perhaps after the commit)
 * goes to every caller of that statement unchanged, as it would have without
 * the queue: sending again could report a committed nonce as replayed.
 */
import type { AdmitSignedAnswer, AdmitSignedInput, AdmitSignedResult } from './session.repository.js';

/** Runs one statement for a batch: one answer per input, in order. */
export type AdmitBatch = (inputs: readonly AdmitSignedInput[]) => Promise<AdmitSignedAnswer[]>;

export interface AdmissionQueueOptions {
  run: AdmitBatch;
  /** Statements in flight at once: the connections the statements run on (Database.signedRequestConnections). */
  lanes?: number;
  /** Admissions per statement at most. */
  maxBatch?: number;
  /** How long the statement in flight may run before another connection takes the next one (ms). */
  spillAfterMs?: number;
}

/** The keys that may appear once per statement and once in flight. */
export interface AdmissionKeys {
  sessionId: string;
  /** For consume: the activation code judged (a hint; the statement defers on the code it actually finds). */
  codeId?: number;
}

interface Pending {
  input: AdmitSignedInput;
  keys: AdmissionKeys;
  resolve: (answer: AdmitSignedResult | null) => void;
  reject: (error: unknown) => void;
  /** Sent alone, after a statement it shared failed. */
  alone: boolean;
}

/** A failure PostgreSQL reported for the statement, which rolled it back (not a lost connection). */
export function isStatementError(error: unknown): boolean {
  const e = error as { severity?: unknown; code?: unknown } | null;
  return typeof e?.severity === 'string' && e.severity === 'ERROR' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code);
}

export class AdmissionQueue {
  private readonly run: AdmitBatch;
  private readonly lanes: number;
  private readonly maxBatch: number;
  private queue: Pending[] = [];
  /** Admissions to send again, put back ahead of the queue once their statement has settled. */
  private retry: Pending[] = [];
  private readonly spillAfterMs: number;
  /** When each statement in flight was sent (performance.now()), in sending order. */
  private readonly sentAt: number[] = [];
  private spillTimer: NodeJS.Timeout | null = null;
  private readonly busySessions = new Set<string>();
  private readonly busyCodes = new Set<number>();
  private scheduled = false;
  /** Statements sent and admissions they carried, for tests and the benchmark's curiosity. */
  readonly stats = { statements: 0, admissions: 0, largest: 0 };

  constructor({ run, lanes = 1, maxBatch = 64, spillAfterMs = 10 }: AdmissionQueueOptions) {
    this.run = run;
    this.lanes = Math.max(1, lanes);
    this.maxBatch = Math.max(1, maxBatch);
    this.spillAfterMs = Math.max(0, spillAfterMs);
  }

  private get inFlight(): number {
    return this.sentAt.length;
  }

  /** A statement may be sent now: none is in flight, or the oldest has run for spillAfterMs and a connection is free. */
  private laneFree(now: number): boolean {
    if (this.inFlight === 0) return true;
    return this.inFlight < this.lanes && now - this.sentAt[0]! >= this.spillAfterMs;
  }

  admit(input: AdmitSignedInput, keys: AdmissionKeys): Promise<AdmitSignedResult | null> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, keys, resolve, reject, alone: false });
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
      // Nothing sendable (every queued admission waits for its session or code): the next settle looks again.
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

  /** The oldest admissions that may share a statement; the rest keep their place. */
  private take(): Pending[] {
    const batch: Pending[] = [];
    const sessions = new Set<string>();
    const codes = new Set<number>();
    const rest: Pending[] = [];
    for (const p of this.queue) {
      const code = p.input.consume ? p.keys.codeId : undefined;
      const fits =
        batch.length < this.maxBatch &&
        !(batch.length > 0 && (p.alone || batch[0]!.alone)) &&
        !this.busySessions.has(p.keys.sessionId) &&
        !sessions.has(p.keys.sessionId) &&
        (code === undefined || (!this.busyCodes.has(code) && !codes.has(code)));
      if (!fits) {
        rest.push(p);
        continue;
      }
      batch.push(p);
      sessions.add(p.keys.sessionId);
      if (code !== undefined) codes.add(code);
    }
    this.queue = rest;
    return batch;
  }

  private send(batch: Pending[]): void {
    const sentAt = performance.now();
    this.sentAt.push(sentAt);
    for (const p of batch) {
      this.busySessions.add(p.keys.sessionId);
      if (p.input.consume && p.keys.codeId !== undefined) this.busyCodes.add(p.keys.codeId);
    }
    this.stats.statements++;
    this.stats.admissions += batch.length;
    this.stats.largest = Math.max(this.stats.largest, batch.length);
    let answers: Promise<AdmitSignedAnswer[]>;
    try {
      answers = this.run(batch.map((p) => p.input));
    } catch (error) {
      answers = Promise.reject(error);
    }
    answers.then(
      (rows) => this.settle(batch, sentAt, (p, i) => this.answer(p, rows[i])),
      (error) =>
        this.settle(batch, sentAt, (p) => {
          if (batch.length > 1 && isStatementError(error)) this.again(p, true);
          else p.reject(error);
        }),
    );
  }

  private answer(p: Pending, row: AdmitSignedAnswer | undefined): void {
    if (row === 'deferred') this.again(p, p.alone);
    else p.resolve(row ?? null);
  }

  /** Back to the head of the queue, ahead of admissions that arrived later. */
  private again(p: Pending, alone: boolean): void {
    p.alone = alone;
    this.retry.push(p);
  }

  private settle(batch: Pending[], sentAt: number, each: (p: Pending, i: number) => void): void {
    this.sentAt.splice(this.sentAt.indexOf(sentAt), 1);
    for (const p of batch) {
      this.busySessions.delete(p.keys.sessionId);
      if (p.input.consume && p.keys.codeId !== undefined) this.busyCodes.delete(p.keys.codeId);
    }
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
