/**
 * The relay of answers between people and the nodes holding paused jobs, one
 * per replica (as the login relay is): it LISTENs on INPUTS_CHANNEL, sends
 * the answers waiting in PostgreSQL (job_inputs) and cancels to the nodes
 * whose sockets this replica holds, tells this replica's viewers of
 * challenges, frames and ends, and sweeps the jobs whose time to answer ran
 * out (challenges.repository.ts expire). An answer given while its node is
 * reconnecting waits in job_inputs: the node's hello on whichever replica
 * (sessionReady) sends it, and each sweep round retries any whose notice
 * was missed.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { logRoundFailure } from '../../db/unavailable.js';
import type { NodeHub } from '../../nodes/hub.js';
import { listen } from '../../db/listen.js';
import { challengesRepository, type InputNotice, INPUTS_CHANNEL } from './challenges.repository.js';

export type ChallengeViewer = (notice: Extract<InputNotice, { t: 'asked' | 'ended' | 'frame' }>) => void;

// Why 2 s: a deadline is minutes long; a job failed two seconds after it is not noticeably late.
const DEFAULT_SWEEP_MS = 2_000;

export class InputRelay {
  private hub: NodeHub | null = null;
  private readonly viewers = new Map<string, Set<ChallengeViewer>>();
  private unlisten: (() => Promise<void>) | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private starting: Promise<void> | null = null;
  /** Per node: the delivery in flight, and whether another was asked for meanwhile (answers go in order, one delivery at a time). */
  private readonly delivering = new Map<string, { again: boolean }>();

  constructor(private readonly o: { database: Database; log: FastifyBaseLogger; sweepMs?: number }) {}

  /** The hub whose node sockets this replica holds (nodes.routes.ts). */
  useHub(hub: NodeHub | null): void {
    this.hub = hub;
  }

  start(): Promise<void> {
    this.starting ??= (async () => {
      this.unlisten = await listen(this.o.database.db, INPUTS_CHANNEL, (payload) => {
        try {
          this.onNotice(JSON.parse(payload) as InputNotice);
        } catch (err) {
          this.o.log.warn({ err }, `unreadable ${INPUTS_CHANNEL} notification`);
        }
      });
      this.sweeper = setInterval(() => void this.sweep(), this.o.sweepMs ?? DEFAULT_SWEEP_MS);
      this.sweeper.unref();
    })();
    return this.starting;
  }

  /** One round of the deadline sweep (also what a test calls to not wait for the timer). */
  async sweep(): Promise<string[]> {
    try {
      const failed = await challengesRepository.expire(this.o.database.db);
      if (failed.length) this.o.log.info({ jobs: failed }, 'jobs awaiting input timed out');
      // The backstop of a missed notice (the LISTEN connection was being re-established): answers still waiting for a node held here.
      await Promise.all((await challengesRepository.nodesWithInputs(this.o.database.db)).map((nodeId) => this.deliver(nodeId)));
      return failed;
    } catch (err) {
      logRoundFailure(this.o.log, err, 'input deadline sweep');
      return [];
    }
  }

  /**
   * Sends `nodeId` the answers waiting for it, if this replica holds its
   * session past hello; otherwise does nothing (they wait in PostgreSQL for
   * the replica that will). Called on a notice, at the node's hello, and by
   * the sweep. Resolves when this call's delivery is done.
   */
  deliver(nodeId: string): Promise<void> {
    const running = this.delivering.get(nodeId);
    if (running) {
      running.again = true;
      return Promise.resolve();
    }
    const state = { again: true };
    this.delivering.set(nodeId, state);
    return (async () => {
      try {
        while (state.again) {
          state.again = false;
          const session = this.hub?.session(nodeId);
          if (!session?.ready) return;
          const sent = await challengesRepository.deliverInputs(this.o.database.db, session.fence, (p) =>
            session.send({ type: 'job_input', jobId: p.jobId, attemptId: p.attemptId, input: p.input }),
          );
          if (sent) this.o.log.info({ nodeId, epoch: session.epoch, sent }, 'answers sent to the node');
        }
      } catch (err) {
        // Not lost: the answers stay in job_inputs for the next sweep round or hello.
        logRoundFailure(this.o.log, err, 'answer delivery');
      } finally {
        this.delivering.delete(nodeId);
      }
    })();
  }

  async stop(): Promise<void> {
    await this.starting?.catch(() => {});
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    await this.unlisten?.();
    this.unlisten = null;
    this.starting = null;
  }

  /** Hears a job's challenges, frames and ends on this replica; returns the stop. */
  watch(jobId: string, viewer: ChallengeViewer): () => void {
    let set = this.viewers.get(jobId);
    if (!set) this.viewers.set(jobId, (set = new Set()));
    set.add(viewer);
    return () => {
      set.delete(viewer);
      if (set.size === 0 && this.viewers.get(jobId) === set) this.viewers.delete(jobId);
    };
  }

  private onNotice(n: InputNotice): void {
    if (n.t === 'asked' || n.t === 'ended' || n.t === 'frame') {
      for (const viewer of this.viewers.get(n.jobId) ?? []) viewer(n);
      return;
    }
    if (n.t === 'input') {
      void this.deliver(n.nodeId);
      return;
    }
    this.hub?.session(n.nodeId)?.send({ type: 'cancel', jobId: n.jobId, attemptId: n.attemptId, reason: n.reason });
  }
}
