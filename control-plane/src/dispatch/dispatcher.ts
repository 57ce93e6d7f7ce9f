/**
 * One per replica. The dispatch pass offers queued jobs to the nodes whose
 * sockets this replica holds (claimed FOR UPDATE SKIP LOCKED, up to each
 * node's free slots); the sweep finds what nobody reported (expired offers and
 * leases, unknown outcomes to look up). Both wake on LISTEN/NOTIFY
 * (`plume_jobs` carries a node id) and poll as the backstop. `start()` and
 * `stop()` are idempotent; stop waits for the pass in flight.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { dispatchJobs } from './dispatch-jobs.repository.js';
import type { NodeHub } from './hub.js';
import type { ChangedJob } from './job-events.js';
import { JOBS_CHANNEL, NODES_CHANNEL, type NodeEvent, nodeRegistry, notifyJobs } from './node-registry.repository.js';
import { listen } from './pg-listen.js';
import { sweeps } from './sweeps.repository.js';
import type { DispatchTimers } from './timers.js';

export interface DispatcherOptions {
  database: Database;
  hub: NodeHub;
  timers: DispatchTimers;
  log: FastifyBaseLogger;
}

/** Runs `work` one at a time; a request while it runs schedules exactly one more run. */
class SingleFlight {
  private running: Promise<void> | null = null;
  private again = false;
  constructor(private readonly work: () => Promise<void>) {}
  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.work();
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }
  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }
}

export class Dispatcher {
  private readonly startedAt = Date.now();
  private readonly dispatchPass: SingleFlight;
  private readonly sweepPass: SingleFlight;
  private readonly verifyPass: SingleFlight;
  private timers: NodeJS.Timeout[] = [];
  private unlisten: Array<() => Promise<void>> = [];
  private starting: Promise<void> | null = null;
  private stopping: Promise<void> | null = null;

  constructor(private readonly o: DispatcherOptions) {
    const guard = (name: string, fn: () => Promise<void>) => async () => {
      try {
        await fn();
      } catch (err) {
        if (!this.stopping) o.log.error({ err }, `${name} failed`);
      }
    };
    this.dispatchPass = new SingleFlight(guard('dispatch pass', () => this.dispatch()));
    this.sweepPass = new SingleFlight(guard('sweep', () => this.sweep()));
    this.verifyPass = new SingleFlight(guard('verification pass', () => this.verifications()));
  }

  start(): Promise<void> {
    this.starting ??= (async () => {
      const { database, hub, log } = this.o;
      this.unlisten.push(
        await listen(database, JOBS_CHANNEL, (nodeId) => {
          if (hub.session(nodeId)) this.wake();
        }),
        await listen(database, NODES_CHANNEL, (payload) => {
          try {
            hub.onNodeEvent(JSON.parse(payload) as NodeEvent);
          } catch (err) {
            log.warn({ err }, 'unreadable plume_nodes notification');
          }
        }),
      );
      hub.start();
      const every = (ms: number, fn: () => void) => {
        const t = setInterval(fn, ms);
        t.unref();
        this.timers.push(t);
      };
      every(this.o.timers.pollMs, () => void this.dispatchPass.run());
      every(this.o.timers.sweepMs, () => void this.sweepPass.run());
      log.info({ replica: hub.replicaId }, 'dispatcher started');
    })();
    return this.starting;
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      await this.starting?.catch(() => {});
      for (const t of this.timers) clearInterval(t);
      this.timers = [];
      await Promise.allSettled([this.dispatchPass.idle(), this.sweepPass.idle(), this.verifyPass.idle()]);
      await this.o.hub.stop();
      await Promise.allSettled(this.unlisten.map((u) => u()));
    })();
    return this.stopping;
  }

  /** Something may be dispatchable (a job queued, a slot freed, a node ready). */
  wake(): void {
    if (!this.stopping) void this.dispatchPass.run();
  }

  wakeVerifications(): void {
    if (!this.stopping) void this.verifyPass.run();
  }

  /** For tests: run one sweep now. */
  sweepNow(): Promise<void> {
    return this.sweepPass.run();
  }

  private async dispatch(): Promise<void> {
    const { database, hub, timers } = this.o;
    const ready = hub.readySessions();
    if (ready.length === 0) return;
    const load = await dispatchJobs.load(database.db, ready.map((s) => s.nodeId));
    for (const session of ready) {
      const l = load.get(session.nodeId);
      if (!l || l.queued === 0) continue;
      const free = session.concurrency - l.inflight;
      if (free <= 0) continue;
      const offers = await dispatchJobs.claim(database.db, { ...session.fence, replica: hub.replicaId, limit: free, offerMs: timers.offerDeadlineMs });
      for (const offer of offers) session.send({ type: 'offer', ...offer });
    }
  }

  private async sweep(): Promise<void> {
    const { database, timers } = this.o;
    const changed: ChangedJob[] = [...(await sweeps.expireOffers(database.db, timers.maxAttempts))];
    // After a restart, nodes get the grace period to reconnect before anything of theirs is declared lost.
    if (Date.now() - this.startedAt >= timers.startupGraceMs) {
      changed.push(...(await sweeps.expireLeases(database.db, timers.maxAttempts)));
      changed.push(...(await sweeps.giveUpVerifications(database.db, timers.verifyGiveUpMs)));
      await nodeRegistry.clearStaleConnections(database.db, timers.staleConnectionMs);
    }
    if (changed.length) this.o.log.info({ jobs: changed.map((c) => ({ id: c.id, state: c.state })) }, 'sweep moved jobs');
    const requeuedFor = new Set(changed.filter((c) => c.state === 'queued' && c.nodeId).map((c) => c.nodeId!));
    for (const nodeId of requeuedFor) await notifyJobs(database.db, nodeId);
    await this.verifications();
  }

  private async verifications(): Promise<void> {
    const { database, hub, timers } = this.o;
    const ready = hub.helloedSessions().map((s) => s.nodeId);
    const due = await sweeps.dueVerifications(database.db, ready, timers.verifyIntervalMs);
    for (const d of due) {
      const session = hub.session(d.nodeId);
      if (session?.ready) session.send({ type: 'verify', jobId: d.jobId, attemptId: d.attemptId, job: d.job });
    }
  }
}
