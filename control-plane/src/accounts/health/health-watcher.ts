/**
 * One per replica: evaluates the accounts whose signals were just written
 * (LISTEN HEALTH_CHANNEL, coalesced into one evaluation at a time) and sweeps
 * for the changes time alone brings (a cool-down over, a watch gone quiet)
 * and signals a lost notification left unevaluated. Every replica may
 * evaluate the same account: the state change is conditioned on the old
 * state, so it happens, and is announced, once.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { logRoundFailure } from '../../db/unavailable.js';
import { listen } from '../../db/listen.js';
import { HEALTH_CHANNEL, type HealthChange, healthRepository } from './health.repository.js';

// Why 10 s: a cool-down is hours long; its end noticed ten seconds late holds nothing noticeably longer
// (the dispatcher's claim already lets the account's jobs start once cool_until has passed).
const DEFAULT_SWEEP_MS = 10_000;

export class HealthWatcher {
  private unlisten: (() => Promise<void>) | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private starting: Promise<void> | null = null;
  private pending = new Set<number>();
  private running: Promise<void> | null = null;

  constructor(private readonly o: { database: Database; log: FastifyBaseLogger; sweepMs?: number; changed?: (c: HealthChange[]) => void }) {}

  start(): Promise<void> {
    this.starting ??= (async () => {
      this.unlisten = await listen(this.o.database.db, HEALTH_CHANNEL, (payload) => {
        const id = Number(payload);
        if (Number.isInteger(id) && id > 0) this.request(id);
      });
      this.sweeper = setInterval(() => void this.sweep(), this.o.sweepMs ?? DEFAULT_SWEEP_MS);
      this.sweeper.unref();
    })();
    return this.starting;
  }

  private request(accountId: number): void {
    this.pending.add(accountId);
    this.running ??= (async () => {
      try {
        while (this.pending.size) {
          const ids = [...this.pending];
          this.pending.clear();
          await this.evaluate(ids);
        }
      } finally {
        this.running = null;
      }
    })();
  }

  private async evaluate(ids: number[]): Promise<void> {
    try {
      const changed = await healthRepository.evaluate(this.o.database.db, ids);
      if (changed.length) {
        this.o.log.info({ changes: changed.map((c) => ({ account: c.accountId, from: c.from, to: c.to, reason: c.reason })) }, 'account health changed');
        this.o.changed?.(changed);
      }
    } catch (err) {
      logRoundFailure(this.o.log, err, 'account health evaluation');
    }
  }

  /** One round of the sweep (also what a test calls to not wait for the timer). */
  async sweep(): Promise<void> {
    try {
      const due = await healthRepository.due(this.o.database.db);
      if (due.length) await this.evaluate(due);
    } catch (err) {
      logRoundFailure(this.o.log, err, 'account health sweep');
    }
  }

  async stop(): Promise<void> {
    await this.starting?.catch(() => {});
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    await this.unlisten?.();
    this.unlisten = null;
    await this.running?.catch(() => {});
    this.starting = null;
  }
}
