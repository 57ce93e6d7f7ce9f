/**
 * The world of an end-to-end test through the daemon, set up once per file:
 * the in-process control plane listening on loopback with one user, the
 * platform simulator, and a compiled `plume-edge` daemon enrolled for that
 * user with its accounts imported. `useEdgeE2e` registers the beforeAll and
 * afterAll hooks; the returned handle is usable inside tests. With `front`,
 * the node reaches the control plane through an address of its own (a load
 * balancer's), so a test can restart the replica behind it on the same
 * PostgreSQL (`restartControlPlane`).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../control-plane/src/testing/app.js';
import { createTestDatabase, type TestDatabase } from '../../control-plane/src/testing/db.js';
import { type TestUser, type UserSpec, v1 } from '../../control-plane/src/testing/openapi.js';
import { startSimulator, type Simulator } from '../platform-simulator/index.js';
import type { Json } from './control-plane-http.js';
import { accountOf, type EdgeWorld, type EdgeWorldOptions, startEdgeWorld, waitForBatch } from './edge-world.js';
import { startListeningApp } from './listening-app.js';
import { startTcpCutProxy, type TcpCutProxy } from './tcp-cut-proxy.js';

export interface EdgeE2eOptions extends Pick<EdgeWorldOptions, 'files' | 'accounts'> {
  /** The node's extra environment; a function gets the simulator (its URLs are known once it runs). */
  env?: EdgeWorldOptions['env'] | ((sim: Simulator) => NonNullable<EdgeWorldOptions['env']>);
  /** Names the node, its enrollment token and its temp dir. */
  name: string;
  /** The user's plan and quotas (default: 10 edge units). */
  user?: UserSpec;
  /** Simulator configuration applied before the node starts. */
  configure?: (sim: Simulator) => void;
  /** Options of the in-process control plane (shorter timers). */
  app?: Omit<NonNullable<Parameters<typeof startListeningApp>[2]>, 'database'>;
  /**
   * The node enrolls on, and connects to, a loopback forwarder in front of the
   * control plane (one address, as a load balancer gives a fleet), not the
   * app's own port: what `restartControlPlane` needs.
   */
  front?: boolean;
  /** How long the set-up may take (default 120 s). */
  setupTimeoutMs?: number;
}

export interface EdgeE2e {
  readonly t: TestApp;
  readonly user: TestUser;
  readonly sim: Simulator;
  readonly node: EdgeWorld;
  /** The control plane's loopback URL as the node has it (the front's, with `front`). */
  readonly url: string;
  /**
   * The replica restarts (`front` only): the app is closed as a replica that
   * stops is (its nodes' sockets told "going away"), and a new replica on the
   * same PostgreSQL starts on another port, where the front sends new
   * connections. `t` and `api` are the new replica's afterwards.
   */
  restartControlPlane(): Promise<void>;
  /** An Open API v1 call as the test's user. */
  api(method: Parameters<typeof v1>[2], path: string, body?: unknown): ReturnType<typeof v1>;
  /** The user's account on `platform` in GET /accounts. */
  account(platform: string): Promise<Json | undefined>;
  /** GET /publish/{id} until the batch is terminal (the node's output in the error otherwise). */
  batchDone(batchId: string, timeoutMs?: number): Promise<Json>;
  /** A file the node created in the user's video dir. */
  file(name: string): string;
  sha256(path: string): string;
}

export function useEdgeE2e(o: EdgeE2eOptions): EdgeE2e {
  let world: { t: TestApp; db: TestDatabase; front: TcpCutProxy | null; user: TestUser; sim: Simulator; node: EdgeWorld; url: string } | undefined;
  const ready = () => {
    if (!world) throw new Error('the end-to-end world is not set up yet (used outside a test?)');
    return world;
  };

  beforeAll(async () => {
    // The world's database outlives any one replica of the control plane.
    const db = await createTestDatabase();
    const started = await Promise.allSettled([startListeningApp(o.user ?? { quotas: { edge: 10 } }, o.name, { ...o.app, database: db }), startSimulator()]);
    if (started[0].status === 'rejected' || started[1].status === 'rejected') {
      await Promise.all([started[0].status === 'fulfilled' ? started[0].value.t.close() : undefined, started[1].status === 'fulfilled' ? started[1].value.close() : undefined]);
      await db.close();
      throw started[0].status === 'rejected' ? started[0].reason : (started[1] as PromiseRejectedResult).reason;
    }
    const [cp, sim] = [started[0].value, started[1].value];
    let front: TcpCutProxy | null = null;
    try {
      o.configure?.(sim);
      if (o.front) front = await startTcpCutProxy({ host: '127.0.0.1', port: Number(new URL(cp.url).port) });
      const url = front ? `http://127.0.0.1:${front.port}` : cp.url;
      const node = await startEdgeWorld({
        sim,
        controlUrl: url,
        enrollmentToken: cp.enrollmentToken,
        userId: cp.user.id,
        files: o.files,
        accounts: o.accounts,
        name: o.name,
        ...(o.env ? { env: typeof o.env === 'function' ? o.env(sim) : o.env } : {}),
      });
      world = { t: cp.t, db, front, user: cp.user, sim, node, url };
    } catch (e) {
      await Promise.all([cp.t.close(), sim.close(), front?.close()]);
      await db.close();
      throw e;
    }
  }, o.setupTimeoutMs ?? 120_000);

  afterAll(async () => {
    if (!world) return;
    await world.node.close();
    await Promise.all([world.t.close(), world.sim.close(), world.front?.close()]);
    await world.db.close();
  });

  const e2e: EdgeE2e = {
    get t() {
      return ready().t;
    },
    get user() {
      return ready().user;
    },
    get sim() {
      return ready().sim;
    },
    get node() {
      return ready().node;
    },
    get url() {
      return ready().url;
    },
    async restartControlPlane() {
      const w = ready();
      if (!w.front) throw new Error('restartControlPlane needs a world started with `front`');
      // Closing the app leaves the world's database open (createTestApp's `database`).
      await w.t.close();
      const t = await createTestApp({ ...o.app, database: w.db });
      try {
        await t.app.listen({ port: 0, host: '127.0.0.1' });
      } catch (e) {
        await t.close();
        throw e;
      }
      w.front.retarget({ host: '127.0.0.1', port: (t.app.server.address() as { port: number }).port });
      w.t = t;
    },
    api: (method, path, body) => v1(ready().t.app, ready().user, method, path, body),
    account: async (platform) => accountOf((await e2e.api('GET', '/accounts')).body, platform),
    batchDone: (batchId, timeoutMs = 120_000) => waitForBatch(async (id) => (await e2e.api('GET', `/publish/${id}`)).body, batchId, timeoutMs, () => ready().node.output()),
    file: (name) => join(ready().node.userDir, name),
    sha256: (path) => createHash('sha256').update(readFileSync(path)).digest('hex'),
  };
  return e2e;
}
