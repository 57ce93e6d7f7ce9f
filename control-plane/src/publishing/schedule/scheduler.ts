/**
 * One per replica, owned by the dispatcher. Releases scheduled jobs when they
 * are due (schedule.repository.ts) and fails those whose window ran out.
 *
 * Not a timer per job: one timer, for the earliest due time in the
 * database, re-armed after each round; a publish or move on this replica
 * pulls it earlier (remind). The poll (the dispatcher's pollMs) re-reads the
 * schedule (and fails the jobs whose window ended), so a job scheduled
 * through another replica, or left by a replica that died, is released at
 * most one poll late. Any number of replicas may
 * run rounds at once: a row goes to one of them (SKIP LOCKED).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { logRoundFailure } from '../../db/unavailable.js';
import { countOutcomes } from '../../nodes/job-events.js';
import { scheduleRepository } from './schedule.repository.js';

/** Rows per statement: 1,000 due in the same second go in one statement, more in a few. */
const ROUND_ROWS = 1000;
/** setTimeout's ceiling (about 24.8 days); a later due time is re-read before then. */
const MAX_DELAY_MS = 2 ** 31 - 1;
/**
 * When the earliest due job is already due (another replica holds its row, or
 * this replica's clock runs ahead of the database's): look again this soon,
 * not in a tight loop.
 */
const RETRY_DUE_MS = 50;

export interface SchedulerOptions {
  db: Db;
  log: FastifyBaseLogger;
  pollMs: number;
  /** Jobs for these nodes were queued (released): dispatch them. */
  released: (nodeIds: string[]) => void;
}

export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Number.POSITIVE_INFINITY;
  private poll: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private sweepNext = false;
  private stopped = false;

  constructor(private readonly o: SchedulerOptions) {}

  start(): void {
    if (this.poll || this.stopped) return;
    this.poll = setInterval(() => void this.run(true), this.o.pollMs);
    this.poll.unref();
    void this.run(true);
  }

  /** Idempotent; waits for the round in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
    this.disarm();
    await this.running?.catch(() => {});
  }

  /** Jobs due at `at` were written: be awake then (no-op when the timer is already as early). */
  remind(at: Date): void {
    if (this.stopped) return;
    this.arm(at.getTime() - Date.now());
  }

  /**
   * One round now (coalesced: a request while one runs makes exactly one
   * more). `sweep`: also fail the jobs whose window ended (the poll's rounds;
   * a window is at least a minute, so the poll finds it ended within one poll).
   */
  run(sweep = false): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.sweepNext ||= sweep;
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        const sweeping = this.sweepNext;
        this.sweepNext = false;
        try {
          await this.round(sweeping);
        } catch (err) {
          if (!this.stopped) logRoundFailure(this.o.log, err, 'schedule round');
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async round(sweep: boolean): Promise<void> {
    const { db, log } = this.o;
    let releasedAny = false;
    for (;;) {
      const released = await scheduleRepository.releaseDue(db, ROUND_ROWS);
      if (released.length === 0) break;
      releasedAny = true;
      countOutcomes(released);
      const nodes = [...new Set(released.flatMap((j) => (j.state === 'queued' && j.nodeId ? [j.nodeId] : [])))];
      if (nodes.length) this.o.released(nodes);
      log.info({ queued: released.filter((j) => j.state === 'queued').length, missed: released.filter((j) => j.state === 'failed').length }, 'scheduled jobs due');
      if (released.length < ROUND_ROWS) break;
    }
    for (;;) {
      if (!sweep) break;
      const missed = await scheduleRepository.failMissed(db, ROUND_ROWS);
      if (missed.length === 0) break;
      countOutcomes(missed);
      log.info({ jobs: missed.map((j) => j.id) }, 'scheduled jobs missed their window');
      if (missed.length < ROUND_ROWS) break;
    }
    const next = await scheduleRepository.nextDueInMs(db);
    this.disarm();
    if (next === null) return;
    // Due already: more became due while this round ran (go again at once), or a row another
    // replica holds, or this replica's clock ahead of the database's (look again shortly).
    if (next <= 0 && releasedAny) this.again = true;
    else this.arm(next <= 0 ? RETRY_DUE_MS : next);
  }

  private arm(delayMs: number): void {
    const at = Date.now() + Math.max(0, delayMs);
    if (this.stopped || at >= this.timerAt) return;
    this.disarm();
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.timerAt = Number.POSITIVE_INFINITY;
        void this.run();
      },
      Math.min(Math.max(0, delayMs), MAX_DELAY_MS),
    );
    this.timer.unref();
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
  }
}
