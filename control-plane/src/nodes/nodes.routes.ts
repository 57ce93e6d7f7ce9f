/**
 * /api/nodes/v1: what execution nodes call. Enroll (a token + proof of the
 * key), the identity check (`plume-edge doctor`), and the WebSocket connect,
 * whose signed handshake is verified in preValidation, before the upgrade.
 * This plugin also owns the replica's hub and dispatcher: they start when the
 * app is ready and stop (sockets closed with "going away") when it closes.
 */
import websocket from '@fastify/websocket';
import { NODE_MAX_MESSAGE_BYTES, NODE_PATHS } from '@plume/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Sealer } from '../crypto/seal.js';
import type { Database } from '../db/client.js';
import { installErrorHandling } from '../http/errors.js';
import { useRawJsonParser } from '../http/raw-json.js';
import { BrowserStates } from './browser-states.js';
import { Dispatcher } from './dispatcher.js';
import type { LoginRelay } from './login-relay.js';
import type { InputRelay } from '../publishing/challenges/input-relay.js';
import { egressNetwork } from './egress-network.js';
import { EnrollmentService } from './enrollment.service.js';
import type { LocalHandoff } from './local-handoff.js';
import { NodeHub } from './hub.js';
import { verifyNodeRequest } from './node-auth.js';
import { nodeMessageHandlers } from './node-messages.js';
import { nodeSurface } from './nodes.errors.js';
import { DEFAULT_TIMERS, type DispatchTimers } from './timers.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the connect route's preValidation once the handshake verified. */
    executionNodeId?: string;
  }
}

export interface NodeRoutesOptions {
  database: Database;
  now?: () => Date;
  timers?: Partial<DispatchTimers>;
  replicaId?: string;
  /** Where this replica's publishes find its dispatcher (app.ts passes the one the Open API routes use). */
  handoff?: LocalHandoff;
  /** PLUME_SECRET_KEY: seals the web pool's browser states (crypto/seal.ts); unset, the key kept in the database. */
  secretKey?: string | undefined;
  /** Relayed logins: this replica's hub forwards them to the nodes it holds (app.ts passes the one the admin routes use). */
  logins?: LoginRelay;
  /** Answers to paused jobs: this replica's hub forwards them to the nodes it holds. */
  inputs?: InputRelay;
  /** Tests reach the hub and dispatcher through this; production passes nothing. */
  expose?: (parts: { hub: NodeHub; dispatcher: Dispatcher }) => void;
}

const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;
const text = (max: number) => z.string().min(1).max(max).regex(NO_CONTROL, 'must not contain control characters');

const enrollBody = z
  .object({
    token: text(200),
    publicKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'publicKey must be a base64url 32-byte Ed25519 key'),
    machineId: text(256),
    fingerprint: text(256),
    name: text(200).optional(),
    proof: z.string().regex(/^[A-Za-z0-9_-]{86}$/, 'proof must be a base64url 64-byte Ed25519 signature'),
  })
  .strict();

export function nodeRoutes(options: NodeRoutesOptions) {
  return async function register(app: FastifyInstance): Promise<void> {
    const { database } = options;
    const now = options.now ?? (() => new Date());
    const timers: DispatchTimers = { ...DEFAULT_TIMERS, ...options.timers };

    const log = app.log.child({ component: 'dispatch' });
    const hub = new NodeHub({ db: database.db, timers, log, now, ...(options.replicaId ? { replicaId: options.replicaId } : {}) });
    const browserStates = new BrowserStates(database.db, new Sealer(database.db, options.secretKey), log.child({ component: 'web-pool' }));
    const dispatcher = new Dispatcher({ database, hub, timers, log, browserStates });
    // Answers given while a node was away wait in PostgreSQL: its hello here sends them.
    const sessionReady = (nodeId: string) => void options.inputs?.deliver(nodeId);
    hub.useHandlers(nodeMessageHandlers({ db: database.db, timers, dispatcher, log, browserStates, sessionReady }));
    options.expose?.({ hub, dispatcher });

    useRawJsonParser(app, 64 * 1024);
    installErrorHandling(app, nodeSurface, { notFound: false });
    // preClose replaces the plugin's own client closing: the hub says "going away" and records the disconnects first.
    await app.register(websocket, { options: { maxPayload: NODE_MAX_MESSAGE_BYTES }, preClose: () => {
        options.handoff?.attach(null);
        return dispatcher.stop();
      },
    });
    app.addHook('onReady', async () => {
      await dispatcher.start();
      options.logins?.useHub(hub);
      await options.logins?.start();
      options.inputs?.useHub(hub);
      await options.inputs?.start();
      options.handoff?.attach({
        holds: (nodeId) => hub.session(nodeId)?.mayTakeJobs() === true,
        queued: (nodeId) => dispatcher.wake(nodeId),
        scheduled: (at) => dispatcher.scheduledAt(at),
      });
    });
    app.addHook('onClose', async () => {
      options.handoff?.attach(null);
      options.logins?.useHub(null);
      await options.logins?.stop();
      options.inputs?.useHub(null);
      await options.inputs?.stop();
      await dispatcher.stop();
    });

    const enrollment = new EnrollmentService(database.db, now, timers.enrollmentTokenTtlMs);
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/enroll', { schema: { body: enrollBody } }, async (request, reply) => {
      const enrolled = await enrollment.enroll(request.body);
      return reply
        .code(201)
        .send({ nodeId: enrolled.nodeId, kind: enrolled.kind, userIds: enrolled.userIds, allUsers: enrolled.allUsers, controlUrl: `${request.protocol}://${request.host}` });
    });

    r.get('/identity', async (request) => {
      const node = await verifyNodeRequest(database.db, request.headers, NODE_PATHS.identity, now(), timers.skewSeconds);
      return { nodeId: node.id, kind: node.kind, status: node.status, serverTime: now().getTime() };
    });

    r.get(
      '/connect',
      {
        websocket: true,
        preValidation: async (request) => {
          const node = await verifyNodeRequest(database.db, request.headers, NODE_PATHS.connect, now(), timers.skewSeconds);
          request.executionNodeId = node.id;
        },
      },
      (socket, request) => {
        // request.ip: the peer's address, or the one a trusted proxy forwarded (PLUME_TRUST_PROXY).
        void hub.attach(socket, request.executionNodeId!, egressNetwork(request.ip));
      },
    );
  };
}
