/**
 * What the background workers (generation, the CMS executor, the webhook
 * deliverer) share: the logger they take, an abortable sleep, and the loops
 * that poll PostgreSQL for their work.
 */
import { logRoundFailure } from './unavailable.js';

/** The logger a background component needs; pino and Fastify's app.log satisfy it. */
export interface ComponentLog {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  child(bindings: Record<string, unknown>): ComponentLog;
}

/** For tests and callers that want silence. */
export const silentLog: ComponentLog = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child: () => silentLog,
};

/** Resolves after `ms`, or at once when `signal` aborts (so stop() never waits out a poll interval). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * `concurrency` loops, each running `round` until stopped and sleeping
 * `pollMs` after a round that found nothing (returned null) or threw (logged
 * as `what` round failed). The background workers (generation, the CMS
 * executor) claim their work from PostgreSQL, so a loop is all they need.
 */
export class PollingLoops {
  private readonly controller = new AbortController();
  private loops: Promise<void>[] = [];
  private stopping: Promise<void> | null = null;

  constructor(
    private readonly o: { concurrency: number; pollMs: number; log: ComponentLog; what: string; round: () => Promise<unknown> },
  ) {}

  /** Aborted when stop() is called: pass it to work that should end early. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  start(): void {
    if (this.loops.length || this.stopping) return;
    for (let i = 0; i < this.o.concurrency; i++) {
      this.loops.push(
        (async () => {
          while (!this.signal.aborted) {
            let ran: unknown = null;
            try {
              ran = await this.o.round();
            } catch (err) {
              logRoundFailure(this.o.log, err, `${this.o.what} round`);
            }
            if (ran === null) await sleep(this.o.pollMs, this.signal);
          }
        })(),
      );
    }
  }

  /** Idempotent: aborts the signal and waits for every loop's current round to end. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.controller.abort();
      await Promise.all(this.loops);
    })();
    return this.stopping;
  }
}
