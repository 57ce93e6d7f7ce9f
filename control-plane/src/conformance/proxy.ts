/**
 * The conformance kit's window on the wire: an HTTP and WebSocket proxy the
 * executor under test talks to instead of the control plane. It forwards
 * everything unchanged, and records what the checks judge — the enroll
 * request (a node's, or a desktop's license activation), every connect handshake's headers, every frame in both directions
 * with its session and time. Scenarios steer it: a filter may drop (withhold)
 * a frame, `inject` sends the executor a frame the control plane never sent,
 * `cut` drops a connection mid-job. These hooks live only here; the control
 * plane behind the proxy is the shipped app, unchanged.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { type ControlMessage, LICENSE_PATHS, NODE_HEADERS, NODE_MAX_MESSAGE_BYTES, NODE_PATHS, type NodeMessage } from '@plume/shared';
import { WebSocket, WebSocketServer } from 'ws';

export type Direction = 'to_node' | 'to_control_plane';

export interface Frame {
  /** Position in `frames`: scenarios wait for frames after a known index. */
  index: number;
  session: ProxiedSession;
  direction: Direction;
  at: number;
  raw: string;
  /** The parsed JSON (null when the frame is not JSON). */
  message: (Partial<NodeMessage> & Partial<ControlMessage> & Record<string, unknown>) | null;
  /** `peer`: sent by the other side; `kit`: made up by a scenario; `released`: a withheld frame delivered late. */
  origin: 'peer' | 'kit' | 'released';
  /** Withheld by a scenario: the other side never got it. */
  dropped: boolean;
}

export interface EnrollRecord {
  /** NODE_PATHS.enroll (an enrollment token) or LICENSE_PATHS.enroll (a desktop's activation code). */
  path: string;
  body: unknown;
  status: number;
  answer: unknown;
}

export interface HandshakeRecord {
  at: number;
  headers: Record<string, string | undefined>;
  /** HTTP status the control plane answered instead of upgrading; null when it upgraded. */
  refusedWith: number | null;
}

export class ProxiedSession {
  /** From the control plane's welcome on this connection. */
  epoch: number | null = null;
  closed = false;
  closeCode: number | null = null;
  constructor(
    readonly id: number,
    readonly nodeId: string,
    readonly node: WebSocket,
    readonly upstream: WebSocket,
  ) {}
}

/** `'drop'` withholds the frame from its recipient; anything else forwards it. */
export type FrameFilter = (frame: Frame) => 'drop' | void;

export class ConformanceProxy {
  readonly frames: Frame[] = [];
  readonly enrollments: EnrollRecord[] = [];
  readonly handshakes: HandshakeRecord[] = [];
  readonly sessions: ProxiedSession[] = [];
  private readonly filters = new Set<FrameFilter>();
  private readonly listeners = new Set<() => void>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: NODE_MAX_MESSAGE_BYTES });
  private server: Server | null = null;

  constructor(private readonly upstreamUrl: string) {}

  async listen(port: number, host: string): Promise<string> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const headers = { ...req.headers, host: new URL(this.upstreamUrl).host };
        const out = httpRequest(`${this.upstreamUrl}${req.url ?? '/'}`, { method: req.method, headers }, (answer) => {
          const answerChunks: Buffer[] = [];
          answer.on('data', (c: Buffer) => answerChunks.push(c));
          answer.on('end', () => {
            const answerBody = Buffer.concat(answerChunks);
            const path = req.url?.split('?')[0] ?? '';
            if (req.method === 'POST' && (path === NODE_PATHS.enroll || path === LICENSE_PATHS.enroll)) {
              this.enrollments.push({ path, body: parseJson(body.toString('utf8')), status: answer.statusCode ?? 0, answer: parseJson(decoded(answerBody, answer.headers['content-encoding'])) });
              this.changed();
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(answerBody);
          });
        });
        out.on('error', (err) => {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`conformance proxy: control plane unreachable (${err.message})`);
        });
        out.end(body);
      });
    });
    server.on('upgrade', (req, socket, head) => this.upgrade(req, socket, head));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(port, host, resolve));
    const address = server.address() as AddressInfo;
    return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  }

  async close(): Promise<void> {
    for (const s of this.sessions) if (!s.closed) this.cut(s);
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Frames from now on pass through `filter`; the returned function removes it. */
  intercept(filter: FrameFilter): () => void {
    this.filters.add(filter);
    return () => this.filters.delete(filter);
  }

  /** The newest open session (the executor's current connection), if any. */
  current(): ProxiedSession | undefined {
    return [...this.sessions].reverse().find((s) => !s.closed);
  }

  /** Sends the executor a frame in `session`'s name of the control plane. */
  inject(session: ProxiedSession, message: ControlMessage | Record<string, unknown>): void {
    const raw = JSON.stringify(message);
    this.record(session, 'to_node', raw, 'kit', false);
    if (session.node.readyState === WebSocket.OPEN) session.node.send(raw);
    this.changed();
  }

  /** Releases a withheld frame to its recipient (on the same session only: a cut session delivers nothing). */
  release(frame: Frame): void {
    const target = frame.direction === 'to_node' ? frame.session.node : frame.session.upstream;
    this.record(frame.session, frame.direction, frame.raw, 'released', false);
    if (target.readyState === WebSocket.OPEN) target.send(frame.raw);
    this.changed();
  }

  /** Drops the connection on both sides without a closing handshake (a network cut). */
  cut(session: ProxiedSession): void {
    session.node.terminate();
    session.upstream.terminate();
  }

  /** Resolves with the first frame at or after `from` that matches; rejects after `timeoutMs`. */
  waitFor(match: (f: Frame) => boolean, timeoutMs: number, from = 0): Promise<Frame> {
    return this.until(() => this.frames.slice(from).find(match), timeoutMs);
  }

  /** Resolves with `probe()` once it is not undefined (checked on every recorded event and every 200 ms). */
  until<T>(probe: () => T | undefined, timeoutMs: number): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = probe();
        if (value === undefined) return false;
        done();
        resolve(value);
        return true;
      };
      const timer = setTimeout(() => {
        done();
        reject(new TimeoutError(timeoutMs));
      }, timeoutMs);
      const poll = setInterval(check, 200);
      const done = () => {
        clearTimeout(timer);
        clearInterval(poll);
        this.listeners.delete(check);
      };
      if (!check()) this.listeners.add(check);
    });
  }

  private changed(): void {
    for (const l of [...this.listeners]) l();
  }

  private record(session: ProxiedSession, direction: Direction, raw: string, origin: Frame['origin'], dropped: boolean): Frame {
    const frame: Frame = { index: this.frames.length, session, direction, at: Date.now(), raw, message: parseJson(raw) as Frame['message'], origin, dropped };
    this.frames.push(frame);
    return frame;
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const headers = Object.fromEntries(Object.values(NODE_HEADERS).map((h) => [h, firstHeader(req.headers[h])]));
    const handshake: HandshakeRecord = { at: Date.now(), headers, refusedWith: null };
    this.handshakes.push(handshake);
    this.changed();
    if (req.url?.split('?')[0] !== NODE_PATHS.connect) {
      socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    const forwarded = Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined));
    const upstream = new WebSocket(`${this.upstreamUrl.replace(/^http/, 'ws')}${NODE_PATHS.connect}`, { headers: forwarded, maxPayload: NODE_MAX_MESSAGE_BYTES });
    // The welcome follows the upgrade at once: keep what comes before the executor's side is linked.
    const early: string[] = [];
    const keep = (data: Buffer) => early.push(data.toString('utf8'));
    upstream.on('message', keep);
    upstream.once('unexpected-response', (_r, res) => {
      handshake.refusedWith = res.statusCode ?? 502;
      this.changed();
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        socket.end(
          `HTTP/1.1 ${res.statusCode} ${res.statusMessage ?? ''}\r\ncontent-type: ${res.headers['content-type'] ?? 'text/plain'}\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body.toString('utf8')}`,
        );
      });
    });
    upstream.once('error', () => socket.destroy());
    upstream.once('open', () => {
      this.wss.handleUpgrade(req, socket, head, (node) => {
        upstream.off('message', keep);
        const session = new ProxiedSession(this.sessions.length + 1, headers[NODE_HEADERS.nodeId] ?? '', node, upstream);
        this.sessions.push(session);
        const pass = (direction: Direction, raw: string) => {
          const frame = this.record(session, direction, raw, 'peer', false);
          if (direction === 'to_node' && frame.message?.type === 'welcome' && typeof frame.message.epoch === 'number') session.epoch = frame.message.epoch;
          for (const filter of [...this.filters]) if (filter(frame) === 'drop') frame.dropped = true;
          if (!frame.dropped) {
            const target = direction === 'to_node' ? node : upstream;
            if (target.readyState === WebSocket.OPEN) target.send(raw);
          }
          this.changed();
        };
        upstream.on('message', (data: Buffer) => pass('to_node', data.toString('utf8')));
        node.on('message', (data: Buffer, isBinary: boolean) => {
          // A binary frame is a protocol error the control plane answers itself (4400): pass it as is.
          if (isBinary) return void upstream.send(data);
          pass('to_control_plane', data.toString('utf8'));
        });
        upstream.on('ping', () => node.readyState === WebSocket.OPEN && node.ping());
        const ended = (code: number) => {
          if (session.closed) return;
          session.closed = true;
          session.closeCode = code;
          this.changed();
        };
        upstream.on('close', (code, reason) => {
          ended(code);
          if (node.readyState === WebSocket.OPEN) sendableClose(code) ? node.close(code, reason) : node.terminate();
        });
        node.on('close', (code, reason) => {
          ended(code);
          if (upstream.readyState === WebSocket.OPEN) sendableClose(code) ? upstream.close(code, reason) : upstream.terminate();
        });
        node.on('error', () => node.terminate());
        upstream.on('error', () => upstream.terminate());
        for (const raw of early) pass('to_node', raw);
        this.changed();
      });
    });
  }
}

export class TimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`nothing within ${ms} ms`);
  }
}

/** 1005/1006/1015 are reported, never sent. */
const sendableClose = (code: number) => code === 1000 || (code >= 1001 && code <= 1014 && code !== 1005 && code !== 1006) || (code >= 3000 && code <= 4999);

const firstHeader = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** An answer's text as recorded (it is forwarded as it came): the control plane compresses larger answers. */
function decoded(body: Buffer, encoding: string | undefined): string {
  try {
    const plain = encoding === 'gzip' ? gunzipSync(body) : encoding === 'br' ? brotliDecompressSync(body) : encoding === 'deflate' ? inflateSync(body) : body;
    return plain.toString('utf8');
  } catch {
    return '';
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
