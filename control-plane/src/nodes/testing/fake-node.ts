/**
 * A scripted execution node for tests: real WebSocket, real signed
 * handshake, the shared protocol catalog; the test decides every message.
 * Also how tests stand in for the Windows desktop executor.
 */
import { randomBytes } from 'node:crypto';
import {
  type AdapterReport,
  type ControlMessage,
  type ControlMessageOf,
  decodeControlMessage,
  encodeMessage,
  NODE_MAX_MESSAGE_BYTES,
  NODE_PATHS,
  NODE_PROTOCOL_VERSION,
  type NodeMessage,
  type NodeMessageOf,
  fromBase64Url,
  nodeEnrollMessage,
  sha256Hex,
  signedNodeHeaders,
} from '@plume/shared';
import { WebSocket } from 'ws';
import { generateEd25519, signEd25519 } from '../../crypto/ed25519.js';

/** What the default hello says the node runs: douyin and bilibili, every content type, every setting a test sends. */
export const FAKE_ADAPTERS: AdapterReport[] = ['douyin', 'bilibili'].map((platform) => ({
  platform,
  contentTypes: ['article', 'dynamic', 'video'],
  settings: ['tags', 'aiLabel', 'original', 'summary', 'coverMode', 'description', 'visibility', 'partitionName', 'copyright', 'sourceUrl', 'creationDeclaration'],
}));

export interface FakeNodeIdentity {
  nodeId: string;
  /** base64url Ed25519 seed. */
  secretKey: string;
}

export class HandshakeRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`handshake refused: HTTP ${status} ${body}`);
  }
}

export class FakeNode {
  readonly received: ControlMessage[] = [];
  private waiters: Array<{ match: (m: ControlMessage) => boolean; resolve: (m: ControlMessage) => void }> = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const decoded = decodeControlMessage(data);
      if (!decoded.ok) throw new Error(`control plane sent a bad message: ${decoded.reason}`);
      const waiter = this.waiters.find((w) => w.match(decoded.message));
      if (waiter) {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        waiter.resolve(decoded.message);
      } else {
        this.received.push(decoded.message);
      }
    });
    this.closed = new Promise((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  /** Opens the socket; rejects with HandshakeRefused when the control plane answers HTTP instead of upgrading. */
  static async connect(baseUrl: string, id: FakeNodeIdentity, o: { headers?: Record<string, string>; nowMs?: number } = {}): Promise<FakeNode> {
    const headers = o.headers ?? (await signedNodeHeaders({ nodeId: id.nodeId, secretKey: fromBase64Url(id.secretKey)!, ...(o.nowMs ? { nowMs: o.nowMs } : {}) }));
    const url = `${baseUrl.replace(/^http/, 'ws')}${NODE_PATHS.connect}`;
    const socket = new WebSocket(url, { headers, maxPayload: NODE_MAX_MESSAGE_BYTES });
    const node = new FakeNode(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => reject(new HandshakeRefused(res.statusCode ?? 0, body)));
      });
      socket.once('error', reject);
    });
    return node;
  }

  send(message: NodeMessage): void {
    this.socket.send(encodeMessage(message));
  }

  sendRaw(data: string | Buffer): void {
    this.socket.send(data);
  }

  /**
   * The next message of `type` (already received or still to come). No deadline of its own: a loaded
   * machine sends it later, not differently, so the running test's timeout is the bound. Rejected,
   * with what did come, when the socket closes first.
   */
  next<T extends ControlMessage['type']>(type: T, where: (m: ControlMessageOf<T>) => boolean = () => true): Promise<ControlMessageOf<T>> {
    const match = (m: ControlMessage) => m.type === type && where(m as ControlMessageOf<T>);
    const index = this.received.findIndex(match);
    if (index >= 0) return Promise.resolve(this.received.splice(index, 1)[0] as ControlMessageOf<T>);
    return new Promise((resolve, reject) => {
      let waiting = true;
      const done = (m: ControlMessage) => {
        waiting = false;
        resolve(m as ControlMessageOf<T>);
      };
      this.waiters.push({ match, resolve: done });
      void this.closed.then(({ code, reason }) => {
        if (!waiting) return;
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        reject(new Error(`the socket closed (${code} ${reason}) before a ${type} came; received: ${this.received.map((m) => m.type).join(', ') || 'nothing'}`));
      });
    });
  }

  /** welcome, then hello with sensible defaults the test can override. */
  async hello(nodeId: string, over: Partial<NodeMessageOf<'hello'>> = {}): Promise<ControlMessageOf<'welcome'>> {
    const welcome = await this.next('welcome');
    this.send({
      type: 'hello',
      v: NODE_PROTOCOL_VERSION,
      nodeId,
      capabilities: {
        localVideoFile: 1,
        publishSettingsSnapshot: 1,
        chromiumVersion: 'test',
        concurrency: 2,
        platforms: ['douyin', 'bilibili'],
        adapters: FAKE_ADAPTERS,
        videoDir: '/srv/videos',
      },
      accounts: [],
      activeJobs: [],
      ...over,
    });
    return welcome;
  }

  close(): Promise<{ code: number; reason: string }> {
    this.socket.close(1000, 'test done');
    return this.closed;
  }

  /** Cuts the TCP connection without a closing handshake (a vanished node). */
  kill(): void {
    this.socket.terminate();
  }
}

export interface EnrolledFakeNode {
  id: string;
  fake: FakeNode;
  /** Stops the heartbeat and closes the socket. */
  stop(): Promise<void>;
}

/**
 * A node as `plume-edge enroll` and `run` make it, over HTTP against a
 * listening control plane: an enrollment token from the admin API (with
 * `adminHeaders`), the signed enroll, the socket, a hello that reports
 * `accounts` and the platforms it opens logins for, then a heartbeat every
 * second until stopped.
 */
export async function connectEnrolledNode(
  baseUrl: string,
  adminHeaders: Record<string, string>,
  o: { name: string; userIds: number[]; logins?: string[]; accounts?: NodeMessageOf<'hello'>['accounts'] },
): Promise<EnrolledFakeNode> {
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const json = (await res.json()) as Record<string, any>;
    if (!res.ok) throw new Error(`POST ${path} → ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  const { token } = await post('/api/admin/nodes/enrollment-tokens', { kind: 'edge', name: o.name, userIds: o.userIds }, adminHeaders);
  const key = generateEd25519();
  const machineId = `m-${randomBytes(6).toString('hex')}`;
  const proof = signEd25519(key.privateKey, nodeEnrollMessage({ tokenSha256: sha256Hex(token), publicKey: key.publicKey, machineId }));
  const { nodeId } = await post('/api/nodes/v1/enroll', { token, publicKey: key.publicKey, machineId, fingerprint: 'fp', proof });
  const fake = await FakeNode.connect(baseUrl, { nodeId, secretKey: key.privateKey });
  await fake.hello(nodeId, {
    capabilities: { localVideoFile: 0, publishSettingsSnapshot: 1, concurrency: 1, platforms: FAKE_ADAPTERS.map((a) => a.platform), adapters: FAKE_ADAPTERS, ...(o.logins ? { logins: o.logins } : {}) },
    accounts: o.accounts ?? [],
  });
  const beat = setInterval(() => fake.send({ type: 'heartbeat', activeJobs: [] }), 1000);
  return {
    id: nodeId,
    fake,
    async stop() {
      clearInterval(beat);
      await fake.close();
    },
  };
}
