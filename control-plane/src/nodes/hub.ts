/**
 * The WebSocket hub of one replica: the sockets of the nodes connected here.
 * It opens a session (epoch bump) per accepted handshake, says welcome,
 * parses every frame in one place (decodeNodeMessage), runs each session's
 * messages one at a time in arrival order, pings, and closes sockets when
 * told (revoked, superseded by a newer session on any replica, shutdown).
 * Which replica holds which node is in PostgreSQL (connected_replica); this
 * map is only the local socket table.
 */
import {
  type ControlMessage,
  decodeNodeMessage,
  encodeMessage,
  NODE_CLOSE,
  NODE_PROTOCOL_VERSION,
  type NodeMessage,
  closeReason,
  LOGIN_STATES,
} from '@plume/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { randomId } from '../crypto/tokens.js';
import type { Db } from '../db/client.js';
import { unacceptableInJson } from '../http/text-guard.js';
import { hubs, type SocketHolder } from '../metrics/instruments.js';
import { type NodeEvent, type NodeKind, nodeRegistry } from './node-registry.repository.js';
import type { DispatchTimers } from './timers.js';

export class NodeSession {
  /** hello processed: capabilities known, jobs reconciled; only then is the node offered jobs. */
  ready = false;
  helloSeen = false;
  draining = false;
  concurrency = 1;
  platforms: string[] = [];
  settingsSnapshot = 0;
  closed = false;
  /** The hub's stop() marks the rows of the connections it holds disconnected (with all others, in one statement). */
  endRecordedByStop = false;
  private alive = true;
  /** Work every later message waits for (hello, bye); see enqueue. */
  private barrier: Promise<void> = Promise.resolve();
  /** The tail of each lane (a job id, or NODE_LANE); created on first use, dropped when it drains. */
  private lanes: Map<string, Promise<void>> | null = null;

  constructor(
    readonly nodeId: string,
    readonly epoch: number,
    readonly kind: NodeKind,
    readonly socket: WebSocket,
  ) {}

  /** Past hello, not draining, and able to run jobs with frozen settings. */
  mayTakeJobs(): boolean {
    return this.ready && !this.closed && !this.draining && this.settingsSnapshot === 1;
  }

  get fence() {
    return { nodeId: this.nodeId, epoch: this.epoch };
  }

  /** False when the socket is gone; callers rely on PostgreSQL state, never on delivery. */
  send(message: ControlMessage): boolean {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return false;
    this.socket.send(encodeMessage(message));
    return true;
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.socket.close(code, closeReason(reason));
    } catch {
      this.socket.terminate();
    }
    // A peer that does not finish the closing handshake is cut off.
    setTimeout(() => this.socket.terminate(), 1000).unref();
  }

  /**
   * Runs a message's work in order. `lane` null: a barrier (hello, bye) that
   * waits for everything before it, and everything after waits for it. Other
   * messages run in arrival order within their lane (one job's accept →
   * commit → result; the node's own heartbeats and reports), and lanes run
   * concurrently: each transition is its own transaction fenced by epoch and
   * attempt id, so the order across jobs carries no meaning, and a node with
   * 64 jobs is not one transaction at a time. `work` never rejects.
   */
  enqueue(lane: string | null, work: () => Promise<void>): void {
    if (lane === null) {
      const before = this.lanes ? [this.barrier, ...this.lanes.values()] : [this.barrier];
      this.lanes = null;
      this.barrier = Promise.all(before).then(work);
      return;
    }
    const lanes = (this.lanes ??= new Map());
    const tail = (lanes.get(lane) ?? this.barrier).then(work);
    lanes.set(lane, tail);
    void tail.then(() => {
      if (this.lanes?.get(lane) === tail) this.lanes?.delete(lane);
    });
  }

  /** Ping; false when the previous ping went unanswered (the peer is gone). */
  ping(): boolean {
    if (!this.alive) return false;
    this.alive = false;
    this.socket.ping();
    return true;
  }

  pong(): void {
    this.alive = true;
  }
}

/** The lane of the node's own reports (heartbeat, accounts, inventory); job ids never look like this. */
const NODE_LANE = '#node';

/** hello and bye are barriers; a message about a job runs in that job's lane, a relayed login's in its own (its frames never wait behind heartbeats). */
function laneOf(message: NodeMessage): string | null {
  if (message.type === 'hello' || message.type === 'bye') return null;
  if ('loginId' in message) return `#login:${message.loginId}`;
  return 'jobId' in message ? message.jobId : NODE_LANE;
}

export type MessageHandlers = {
  [T in NodeMessage['type']]: (session: NodeSession, message: Extract<NodeMessage, { type: T }>) => Promise<void>;
};

export interface NodeHubOptions {
  db: Db;
  timers: DispatchTimers;
  log: FastifyBaseLogger;
  now: () => Date;
  replicaId?: string;
}

export class NodeHub implements SocketHolder {
  readonly replicaId: string;
  private readonly sessions = new Map<string, NodeSession>();
  private handlers: MessageHandlers | null = null;
  private pinger: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Removes this hub from plume_nodes_connected. */
  private unlisted: (() => void) | null = null;

  constructor(private readonly o: NodeHubOptions) {
    this.replicaId = o.replicaId ?? randomId('rep', 9);
  }

  useHandlers(handlers: MessageHandlers): void {
    this.handlers = handlers;
  }

  /** Open sockets by node kind (plume_nodes_connected). */
  connectedByKind(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const s of this.sessions.values()) if (!s.closed) counts.set(s.kind, (counts.get(s.kind) ?? 0) + 1);
    return counts;
  }

  start(): void {
    this.unlisted ??= hubs.add(this);
    this.pinger ??= setInterval(() => {
      for (const session of this.sessions.values()) {
        if (!session.ping()) {
          this.o.log.warn({ nodeId: session.nodeId }, 'node missed a ping; dropping its socket');
          session.socket.terminate();
        }
      }
    }, this.o.timers.pingMs);
    this.pinger.unref();
  }

  /** Closes every socket with "going away": nodes reconnect, possibly to another replica. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unlisted?.();
    if (this.pinger) clearInterval(this.pinger);
    this.pinger = null;
    const open = [...this.sessions.values()];
    for (const session of open) {
      session.endRecordedByStop = true;
      session.close(NODE_CLOSE.goingAway, 'control plane shutting down');
    }
    // One statement for all of them (10,000 sockets are not 10,000 updates on the way out).
    await nodeRegistry.closeSessions(this.o.db, open.map((s) => s.fence), this.replicaId).catch((err: unknown) => this.o.log.warn({ err }, 'marking nodes disconnected failed'));
  }

  session(nodeId: string): NodeSession | undefined {
    const session = this.sessions.get(nodeId);
    return session && !session.closed ? session : undefined;
  }

  /** Sessions past hello: they can be asked to verify, whatever their dispatch state. */
  helloedSessions(): NodeSession[] {
    return [...this.sessions.values()].filter((s) => s.ready && !s.closed);
  }

  /** A handshake was verified and the socket upgraded; `egressNetwork`: the network of the address it came from (egress-network.ts). */
  async attach(socket: WebSocket, nodeId: string, egressNetwork: string | null = null): Promise<void> {
    if (this.stopped) {
      socket.close(NODE_CLOSE.goingAway, 'control plane shutting down');
      return;
    }
    // Frames that arrive while the session opens are kept, in order.
    const early: Buffer[] = [];
    const keep = (data: Buffer) => early.push(data);
    socket.on('message', keep);
    const opened = await nodeRegistry.openSession(this.o.db, nodeId, this.replicaId, egressNetwork).catch((err: unknown) => {
      this.o.log.error({ err, nodeId }, 'opening a node session failed');
      return undefined;
    });
    socket.off('message', keep);
    if (opened === undefined) {
      socket.close(1011, 'internal error');
      return;
    }
    if (opened === null) {
      socket.close(NODE_CLOSE.revoked, 'node revoked');
      return;
    }
    const session = new NodeSession(nodeId, opened.epoch, opened.kind, socket);
    session.draining = opened.status === 'draining';
    const previous = this.sessions.get(nodeId);
    this.sessions.set(nodeId, session);
    if (previous && previous.epoch < session.epoch) previous.close(NODE_CLOSE.superseded, 'a newer session of this node connected');
    const log = this.o.log.child({ nodeId, epoch: session.epoch });
    log.info('node connected');

    // A socket that says nothing is cut; one whose hello arrived is not, however long processing it
    // takes: after a restart 10,000 hellos queue for the database, and cutting the slow ones made
    // them reconnect, bump their epoch and queue again (a reconnect storm).
    const helloTimer = setTimeout(() => {
      if (!session.helloSeen) session.close(NODE_CLOSE.helloTimeout, 'no hello');
    }, this.o.timers.helloTimeoutMs);
    helloTimer.unref();

    socket.on('pong', () => session.pong());
    socket.on('error', (err) => log.warn({ err }, 'node socket error'));
    socket.on('close', (code, reason) => {
      clearTimeout(helloTimer);
      session.closed = true;
      if (this.sessions.get(nodeId) === session) this.sessions.delete(nodeId);
      log.info({ code, reason: reason.toString() }, 'node disconnected');
      // stop() records the end of the sessions it closed in one statement.
      if (!session.endRecordedByStop) {
        nodeRegistry.closeSession(this.o.db, nodeId, session.epoch, this.replicaId).catch((err: unknown) => log.warn({ err }, 'marking a node disconnected failed'));
      }
    });
    const onFrame = (data: Buffer, isBinary = false) => this.receive(session, data, isBinary, log);
    socket.on('message', onFrame);

    session.send({
      type: 'welcome',
      v: NODE_PROTOCOL_VERSION,
      epoch: session.epoch,
      leaseMs: this.o.timers.leaseMs,
      heartbeatMs: this.o.timers.heartbeatMs,
      pingMs: this.o.timers.pingMs,
      serverTime: this.o.now().getTime(),
      loginStates: [...LOGIN_STATES],
      browserStates: true,
    });
    if (session.draining) session.send({ type: 'drain' });
    for (const frame of early) onFrame(frame);
  }

  /** The one place a node's raw frame becomes a typed message. */
  private receive(session: NodeSession, data: Buffer, isBinary: boolean, log: FastifyBaseLogger): void {
    if (session.closed) return;
    let decoded = isBinary ? ({ ok: false, reason: 'binary frames are not part of the protocol' } as const) : decodeNodeMessage(data);
    if (decoded.ok) {
      // Text the database cannot hold (NUL, a lone surrogate) is refused here, as at the HTTP surfaces.
      const flaw = unacceptableInJson(data.toString('utf8'), decoded.message);
      if (flaw) decoded = { ok: false, reason: flaw.replace(/^body/, decoded.message.type).slice(0, 200) };
    }
    if (!decoded.ok) {
      log.warn({ reason: decoded.reason }, 'closing a node socket: bad message');
      session.close(NODE_CLOSE.badMessage, decoded.reason);
      return;
    }
    const message = decoded.message;
    // Checked on arrival (the hello itself is handled asynchronously): exactly one hello, first.
    if (message.type === 'hello' ? session.helloSeen : !session.helloSeen) {
      session.close(NODE_CLOSE.badMessage, message.type === 'hello' ? 'a second hello' : `${message.type} before hello`);
      return;
    }
    if (message.type === 'hello') session.helloSeen = true;
    if (message.type === 'hello' && message.v !== NODE_PROTOCOL_VERSION) {
      session.send({ type: 'error', code: 'protocol_version', message: `this control plane speaks node protocol v${NODE_PROTOCOL_VERSION}` });
      session.close(NODE_CLOSE.protocolVersion, `protocol v${message.v} not supported`);
      return;
    }
    const handlers = this.handlers;
    if (!handlers) return;
    session.enqueue(laneOf(message), async () => {
      if (session.closed) return;
      try {
        await (handlers[message.type] as (s: NodeSession, m: NodeMessage) => Promise<void>)(session, message);
      } catch (err) {
        log.error({ err, type: message.type }, 'handling a node message failed');
      }
    });
  }

  /** A notice on plume_nodes from any replica (this one included). */
  onNodeEvent(event: NodeEvent): void {
    const session = this.sessions.get(event.nodeId);
    if (!session || session.closed) return;
    switch (event.type) {
      case 'revoked':
        session.send({ type: 'error', code: 'node_revoked', message: 'this node was revoked by an operator' });
        session.close(NODE_CLOSE.revoked, 'node revoked');
        break;
      case 'connected':
        if (event.epoch !== undefined && event.epoch > session.epoch) session.close(NODE_CLOSE.superseded, 'a newer session of this node connected');
        break;
      case 'drain':
        session.draining = true;
        session.send({ type: 'drain' });
        break;
      case 'resume':
        session.draining = false;
        break;
    }
  }
}
