/**
 * The node's side of the socket: connects with the signed, timestamped,
 * nonce'd handshake, parses every frame in one place (decodeControlMessage),
 * reconnects with full-jitter exponential backoff (1 s doubling to 64 s), and
 * notices a silent control plane (no frame or ping for three heartbeats).
 * It carries messages only: what they mean is the daemon's business.
 */
import {
  type ControlMessage,
  type ControlMessageOf,
  decodeControlMessage,
  encodeMessage,
  NODE_CLOSE,
  NODE_MAX_MESSAGE_BYTES,
  NODE_PATHS,
  type NodeMessage,
  signedNodeHeaders,
} from '@plume/shared';
import type { Logger } from 'pino';
import { WebSocket } from 'ws';
import { EDGE_TIMERS } from '../timers.js';

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: EDGE_TIMERS.reconnectBaseMs, maxMs: EDGE_TIMERS.reconnectMaxMs };

/** Full jitter (AWS architecture blog): uniform in [0, min(max, base·2^attempt)]. */
export function backoffDelay(attempt: number, o: BackoffOptions = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const cap = Math.min(o.maxMs, o.baseMs * 2 ** Math.min(attempt, 30));
  return Math.floor(random() * cap);
}

/** Refusals that retrying cannot fix: the daemon stops and says what to do. */
export class FatalConnectionError extends Error {}

export interface ConnectionOptions {
  controlUrl: string;
  nodeId: string;
  secretKey: Uint8Array;
  log: Logger;
  /** Called with the welcome of each new session (send hello here). */
  onSession: (welcome: ControlMessageOf<'welcome'>) => void;
  onMessage: (message: ControlMessage) => void;
  onFatal: (error: FatalConnectionError) => void;
  /** Which program this is, for what a refusal tells its person to do. Default: an edge node. */
  kind?: 'edge' | 'desktop';
  backoff?: BackoffOptions;
  random?: () => number;
}

export class NodeConnection {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private silenceTimer: NodeJS.Timeout | null = null;
  private silenceMs = 60_000;
  private stopped = false;
  private sessionOpen = false;
  private sessionStartedAt = 0;

  constructor(private readonly o: ConnectionOptions) {}

  get connected(): boolean {
    return this.sessionOpen && this.socket?.readyState === WebSocket.OPEN;
  }

  start(): void {
    this.stopped = false;
    void this.connect();
  }

  send(message: NodeMessage): boolean {
    if (!this.connected) return false;
    this.socket!.send(encodeMessage(message));
    return true;
  }

  /** Closes the socket (after `bye` was sent) and stops reconnecting. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        socket.terminate();
        resolve();
      }, 2000);
      socket.once('close', () => {
        clearTimeout(t);
        resolve();
      });
      socket.close(1000, 'node stopping');
    });
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const url = `${this.o.controlUrl.replace(/^http/, 'ws')}${NODE_PATHS.connect}`;
    const headers = await signedNodeHeaders({ nodeId: this.o.nodeId, secretKey: this.o.secretKey });
    const socket = new WebSocket(url, { headers, maxPayload: NODE_MAX_MESSAGE_BYTES, handshakeTimeout: EDGE_TIMERS.handshakeTimeoutMs });
    this.socket = socket;
    this.sessionOpen = false;

    socket.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        this.o.log.warn({ status, body: body.slice(0, 500) }, 'control plane refused the handshake');
        if (status === 403) {
          this.fatal(new FatalConnectionError(`the control plane refused this node (HTTP 403: ${body.slice(0, 200)}); it was revoked: enroll again with a new token`));
        }
        socket.terminate();
      });
    });
    socket.on('open', () => this.watchSilence());
    socket.on('ping', () => this.watchSilence());
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      this.watchSilence();
      const decoded = isBinary ? ({ ok: false, reason: 'binary frame' } as const) : decodeControlMessage(data);
      if (!decoded.ok) {
        this.o.log.error({ reason: decoded.reason }, 'control plane sent a bad message; reconnecting');
        socket.close(NODE_CLOSE.badMessage, decoded.reason);
        return;
      }
      const message = decoded.message;
      if (message.type === 'welcome') {
        this.sessionOpen = true;
        this.sessionStartedAt = Date.now();
        this.silenceMs = Math.max(message.heartbeatMs * 3, (message.pingMs ?? 20_000) * EDGE_TIMERS.silencePings);
        this.o.log.info({ epoch: message.epoch, skewMs: message.serverTime - Date.now() }, 'connected');
        this.o.onSession(message);
        return;
      }
      if (!this.sessionOpen) return;
      this.o.onMessage(message);
    });
    socket.on('error', (err) => this.o.log.debug({ err: err.message }, 'socket error'));
    socket.on('close', (code, reason) => {
      // Only a session that lasted resets the backoff: a server closing right after welcome must not cause a tight loop.
      if (this.sessionOpen && Date.now() - this.sessionStartedAt > EDGE_TIMERS.stableSessionMs) this.attempt = 0;
      this.sessionOpen = false;
      if (this.silenceTimer) clearTimeout(this.silenceTimer);
      if (this.socket === socket) this.socket = null;
      if (code === NODE_CLOSE.revoked) {
        this.fatal(
          new FatalConnectionError(
            this.o.kind === 'desktop'
              ? 'the operator revoked this computer: it no longer takes publish jobs; ask your operator for a new activation code and activate again'
              : 'this node was revoked by an operator: enroll it again with a new token',
          ),
        );
        return;
      }
      if (code === NODE_CLOSE.protocolVersion) {
        this.fatal(new FatalConnectionError(`the control plane does not speak this node protocol version (${reason.toString()}): upgrade ${this.o.kind === 'desktop' ? 'Plume Desktop' : 'plume-edge'}`));
        return;
      }
      this.scheduleReconnect(code, reason.toString());
    });
  }

  private scheduleReconnect(code: number, reason: string): void {
    if (this.stopped) return;
    const delay = backoffDelay(this.attempt++, this.o.backoff, this.o.random);
    this.o.log.info({ code, reason, retryInMs: delay }, 'disconnected; reconnecting');
    this.retryTimer = setTimeout(() => void this.connect().catch((err: unknown) => {
      this.o.log.warn({ err }, 'connect failed');
      this.scheduleReconnect(0, 'connect failed');
    }), delay);
  }

  private watchSilence(): void {
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    // EDGE_TIMERS.silencePings: a silent path is dead even if TCP has not noticed (a NAT box dropped it).
    this.silenceTimer = setTimeout(() => {
      this.o.log.warn('control plane silent; reconnecting');
      this.socket?.terminate();
    }, this.silenceMs);
    this.silenceTimer.unref();
  }

  private fatal(error: FatalConnectionError): void {
    if (this.stopped) return;
    this.stopped = true;
    this.o.onFatal(error);
  }
}
