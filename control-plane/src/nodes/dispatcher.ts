/**
 * One per replica. The dispatch pass offers queued jobs to the nodes whose
 * sockets this replica holds: one statement claims (FOR UPDATE SKIP LOCKED)
 * up to each node's free slots for every node in the pass, and the offers go
 * out together. Passes are coalesced: at most one runs at a time, and what
 * asks for one meanwhile (a NOTIFY naming a node, a hello, a freed slot) is
 * remembered in a set of "dirty" nodes that the next pass covers, so 10,000
 * hellos cost a handful of passes, not 10,000. The poll runs a full pass,
 * driven by the queued jobs (not by the number of connected nodes). The sweep
 * finds what nobody reported (expired offers and leases, unknown outcomes to
 * look up). The scheduler (publishing/schedule/) releases scheduled jobs
 * when due and wakes the passes for their nodes. `start()` and `stop()` are
 * idempotent; stop waits for the pass in flight.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { BrowserStates } from './browser-states.js';
import type { Database } from '../db/client.js';
import { logRoundFailure } from '../db/unavailable.js';
import { dispatchJobs } from './dispatch-jobs.repository.js';
import type { NodeHub, NodeSession } from './hub.js';
import type { ChangedJob } from './job-events.js';
import { JOBS_CHANNEL, NODES_CHANNEL, type NodeEvent, nodeRegistry, notifyJobs, notifyNodes } from './node-registry.repository.js';
import { listen } from '../db/listen.js';
import { Scheduler } from '../publishing/schedule/scheduler.js';
import { sweeps } from './sweeps.repository.js';
import type { DispatchTimers } from './timers.js';
import { webPool } from './web-pool.repository.js';

export interface DispatcherOptions {
  database: Database;
  hub: NodeHub;
  timers: DispatchTimers;
  log: FastifyBaseLogger;
  /** The web pool's sealed browser states, sent to web nodes whose socket this replica holds. */
  browserStates: BrowserStates;
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
  private readonly scheduler: Scheduler;
  /** Nodes the next dispatch pass must look at; `dirtyAll`: every ready node (the poll). */
  private dirty = new Set<string>();
  private dirtyAll = false;
  /** Nodes whose last claim left due queued jobs behind (their slots were full): see slotFreed. */
  private backlog = new Set<string>();
  /** Nodes that said hello since the last verification pass (their due lookups go out at once). */
  private verifyFor = new Set<string>();
  private verifyAll = false;
  private timers: NodeJS.Timeout[] = [];
  private unlisten: Array<() => Promise<void>> = [];
  private starting: Promise<void> | null = null;
  private stopping: Promise<void> | null = null;

  constructor(private readonly o: DispatcherOptions) {
    const guard = (name: string, fn: () => Promise<void>) => async () => {
      try {
        await fn();
      } catch (err) {
        if (!this.stopping) logRoundFailure(o.log, err, name);
      }
    };
    this.dispatchPass = new SingleFlight(guard('dispatch pass', () => this.dispatch()));
    this.sweepPass = new SingleFlight(guard('sweep', () => this.sweep()));
    this.verifyPass = new SingleFlight(guard('verification pass', () => this.verifications()));
    this.scheduler = new Scheduler({
      db: o.database.db,
      log: o.log,
      pollMs: o.timers.pollMs,
      // The release NOTIFYs every replica; the nodes held here are woken without waiting for it.
      released: (nodeIds) => {
        for (const id of nodeIds) if (o.hub.session(id)) this.wake(id);
      },
    });
  }

  start(): Promise<void> {
    this.starting ??= (async () => {
      const { database, hub, log } = this.o;
      this.unlisten.push(
        await listen(database.db, JOBS_CHANNEL, (nodeId) => {
          if (hub.session(nodeId)) this.wake(nodeId);
        }),
        await listen(database.db, NODES_CHANNEL, (payload) => {
          try {
            const event = JSON.parse(payload) as NodeEvent;
            if (event.type === 'accounts_moved') this.deliverStates(event.nodeId);
            else hub.onNodeEvent(event);
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
      every(this.o.timers.pollMs, () => this.wake());
      every(this.o.timers.sweepMs, () => void this.sweepPass.run());
      this.scheduler.start();
      log.info({ replica: hub.replicaId }, 'dispatcher started');
    })();
    return this.starting;
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      await this.starting?.catch(() => {});
      for (const t of this.timers) clearInterval(t);
      this.timers = [];
      await this.scheduler.stop();
      await Promise.allSettled([this.dispatchPass.idle(), this.sweepPass.idle(), this.verifyPass.idle()]);
      await this.o.hub.stop();
      await Promise.allSettled(this.unlisten.map((u) => u()));
    })();
    return this.stopping;
  }

  /**
   * A slot of `nodeId` freed (a result): a pass only if the node's last claim
   * left due jobs waiting for a slot. Otherwise there is nothing to claim, and
   * a job queued later wakes the node itself (hand-off, NOTIFY, the poll).
   */
  slotFreed(nodeId: string): void {
    if (this.backlog.has(nodeId)) this.wake(nodeId);
  }

  /** Something may be dispatchable for `nodeId` (a job queued, a slot freed, the node ready); no id: for any node. */
  wake(nodeId?: string): void {
    if (this.stopping) return;
    if (nodeId === undefined) this.dirtyAll = true;
    else this.dirty.add(nodeId);
    void this.dispatchPass.run();
  }

  /** Scheduled jobs due at `at` were committed (a publish or a move on this replica). */
  scheduledAt(at: Date): void {
    this.scheduler.remind(at);
  }

  /** For tests and benchmarks: one scheduling round now. */
  scheduleNow(): Promise<void> {
    return this.scheduler.run(true);
  }

  /** Unknown outcomes `nodeId` can look up may be due (it just said hello); no id: any node's. */
  wakeVerifications(nodeId?: string): void {
    if (this.stopping) return;
    if (nodeId === undefined) this.verifyAll = true;
    else this.verifyFor.add(nodeId);
    void this.verifyPass.run();
  }

  /**
   * Accounts may have moved to `nodeId` (the web pool): if this replica holds
   * its socket, past hello, it is sent their browser states. Anything missed
   * (a lost notification, a socket that closed) goes at its next hello or the
   * next sweep.
   */
  deliverStates(nodeId: string): void {
    const session = this.o.hub.session(nodeId);
    if (this.stopping || !session?.ready || session.kind !== 'web') return;
    this.o.browserStates.deliver(session).catch((err: unknown) => this.o.log.warn({ err, nodeId }, 'delivering browser states failed; the next sweep tries again'));
  }

  /** For tests: a dispatch pass for `nodeId` (no id: every node) now; resolves once it has claimed. */
  dispatchNow(nodeId?: string): Promise<void> {
    if (nodeId === undefined) this.dirtyAll = true;
    else this.dirty.add(nodeId);
    return this.dispatchPass.run();
  }

  /** For tests: run one sweep now. */
  sweepNow(): Promise<void> {
    return this.sweepPass.run();
  }

  private async dispatch(): Promise<void> {
    const { database, hub, timers } = this.o;
    const all = this.dirtyAll;
    const dirty = this.dirty;
    this.dirtyAll = false;
    this.dirty = new Set();
    let offers;
    try {
      const ids = all ? await dispatchJobs.nodesWithQueuedJobs(database.db, hub.replicaId) : [...dirty];
      const sessions = ids.map((id) => hub.session(id)).filter((s): s is NodeSession => s !== undefined && s.mayTakeJobs());
      if (sessions.length === 0) return;
      const claimed = await dispatchJobs.claimBatch(database.db, {
        sessions: sessions.map((s) => ({ ...s.fence, concurrency: s.concurrency })),
        replica: hub.replicaId,
        offerMs: timers.offerDeadlineMs,
      });
      offers = claimed.offers;
      for (const s of sessions) this.backlog.delete(s.nodeId);
      for (const id of claimed.backlog) this.backlog.add(id);
    } catch (err) {
      // Not lost: the next pass (the next wake, or the poll) covers these nodes again.
      this.dirtyAll ||= all;
      for (const id of dirty) this.dirty.add(id);
      throw err;
    }
    // An offer made to a session that closed meanwhile is not delivered: its deadline brings the job back.
    for (const { nodeId, epoch, offer } of offers) {
      const session = hub.session(nodeId);
      if (session?.epoch === epoch) session.send({ type: 'offer', ...offer });
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
    if (Date.now() - this.startedAt >= timers.startupGraceMs) {
      for (const nodeId of await this.webPoolPass()) requeuedFor.add(nodeId);
    }
    for (const nodeId of requeuedFor) await notifyJobs(database.db, nodeId);
    this.verifyAll = true;
    await this.verifyPass.run();
  }

  /**
   * The web pool's turn of the sweep: accounts leave web nodes that were
   * drained, revoked, stopped serving their user or went silent; the replicas
   * holding the nodes they land on are told (and send their browser states),
   * and so is every web node of this replica (a backstop for a lost notice).
   * Returns the nodes given queued jobs.
   */
  private async webPoolPass(): Promise<string[]> {
    const { database, hub, timers, log } = this.o;
    // A web node silent for failoverMs is gone only if this replica could have heard it all that time: after
    // an outage of every replica, nodes reconnect with a backoff of up to a minute, past the startup grace.
    const heardLongEnough = Date.now() - this.startedAt >= timers.webFailoverMs;
    const { moves, jobsTo } = await webPool.moveStranded(database.db, {
      failoverMs: heardLongEnough ? timers.webFailoverMs : null,
      accountsPerSlot: timers.webAccountsPerSlot,
    });
    if (moves.length) log.info({ moves }, 'web pool: accounts moved to another web node');
    for (const to of new Set(moves.map((m) => m.to))) await notifyNodes(database.db, { type: 'accounts_moved', nodeId: to });
    for (const session of hub.helloedSessions()) if (session.kind === 'web') this.deliverStates(session.nodeId);
    return jobsTo;
  }

  private async verifications(): Promise<void> {
    const { database, hub, timers } = this.o;
    const all = this.verifyAll;
    const some = this.verifyFor;
    this.verifyAll = false;
    this.verifyFor = new Set();
    const sessions = all ? hub.helloedSessions() : [...some].map((id) => hub.session(id)).filter((s): s is NodeSession => s?.ready === true);
    if (sessions.length === 0) return;
    const due = await sweeps.dueVerifications(database.db, sessions.map((s) => s.nodeId), timers.verifyIntervalMs);
    for (const d of due) {
      const session = hub.session(d.nodeId);
      if (session?.ready) session.send({ type: 'verify', jobId: d.jobId, attemptId: d.attemptId, job: d.job });
    }
  }
}
