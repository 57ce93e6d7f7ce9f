/**
 * The relay of logins between admins and nodes, one per replica. Nothing of a
 * login lives only in memory: its row and newest frame are in PostgreSQL
 * (logins.repository.ts) and every change is a NOTIFY on LOGINS_CHANNEL, which
 * every replica LISTENs to. The replica holding the node's socket forwards
 * open, input and cancel to the node; any replica serving an admin's event
 * stream forwards steps and frames to it. Each replica's sweep ends idle and
 * expired logins (one update: a login ends once, whichever replica sees it).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { logRoundFailure } from '../db/unavailable.js';
import type { NodeHub } from './hub.js';
import { type LoginNotice, LOGINS_CHANNEL, loginsRepository } from './logins.repository.js';
import { listen } from '../db/listen.js';
import type { DispatchTimers } from './timers.js';

export type LoginViewer = (notice: Extract<LoginNotice, { t: 'event' | 'frame' }>) => void;

export class LoginRelay {
  private hub: NodeHub | null = null;
  private readonly viewers = new Map<string, Set<LoginViewer>>();
  private unlisten: (() => Promise<void>) | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private starting: Promise<void> | null = null;

  constructor(private readonly o: { database: Database; timers: Pick<DispatchTimers, 'loginIdleMs' | 'loginMaxMs' | 'loginSweepMs'>; log: FastifyBaseLogger }) {}

  get timers() {
    return this.o.timers;
  }

  /** The hub whose node sockets this replica holds (nodes.routes.ts). */
  useHub(hub: NodeHub | null): void {
    this.hub = hub;
  }

  start(): Promise<void> {
    this.starting ??= (async () => {
      this.unlisten = await listen(this.o.database.db, LOGINS_CHANNEL, (payload) => {
        try {
          this.onNotice(JSON.parse(payload) as LoginNotice);
        } catch (err) {
          this.o.log.warn({ err }, 'unreadable plume_logins notification');
        }
      });
      this.sweeper = setInterval(() => {
        loginsRepository.sweep(this.o.database.db, this.o.timers.loginIdleMs).then(
          (ended) => {
            if (ended.length) this.o.log.info({ logins: ended }, 'relayed logins timed out');
          },
          (err: unknown) => logRoundFailure(this.o.log, err, 'login sweep'),
        );
      }, this.o.timers.loginSweepMs);
      this.sweeper.unref();
    })();
    return this.starting;
  }

  async stop(): Promise<void> {
    await this.starting?.catch(() => {});
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    await this.unlisten?.();
    this.unlisten = null;
  }

  /** Hears a login's steps and frames on this replica; returns the stop. */
  watch(id: string, viewer: LoginViewer): () => void {
    let set = this.viewers.get(id);
    if (!set) this.viewers.set(id, (set = new Set()));
    set.add(viewer);
    return () => {
      set.delete(viewer);
      if (set.size === 0 && this.viewers.get(id) === set) this.viewers.delete(id);
    };
  }

  private onNotice(n: LoginNotice): void {
    if (n.t === 'event' || n.t === 'frame') {
      for (const viewer of this.viewers.get(n.id) ?? []) viewer(n);
      return;
    }
    const session = this.hub?.session(n.nodeId);
    if (!session?.ready) return;
    switch (n.t) {
      case 'open':
        void loginsRepository.get(this.o.database.db, n.id).then(
          (l) => {
            if (!l || l.endedAt) return;
            const timeoutMs = Math.max(1000, Math.min(3_600_000, l.expiresAt.getTime() - Date.now()));
            session.send({ type: 'login_open', loginId: l.id, platform: l.platform, userId: l.userId, ...(l.accountRef ? { accountRef: l.accountRef } : {}), timeoutMs });
          },
          (err: unknown) => this.o.log.warn({ err, loginId: n.id }, 'opening a relayed login failed'),
        );
        return;
      case 'input':
        session.send({ type: 'login_input', loginId: n.id, input: n.input as never });
        return;
      case 'cancel':
        session.send({ type: 'login_cancel', loginId: n.id, reason: n.reason });
    }
  }
}
