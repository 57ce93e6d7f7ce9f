/**
 * The world the fault tests (edge-node/test/faults/) share; what differs
 * between them is what they break. On compiled control planes the test starts
 * itself: one user allowed to publish on the edge, one edge node (see
 * edge-world.ts) holding that user's bilibili account and a 2 MiB clip, and an
 * integrator publishing the clip through the Open API over HTTP.
 */
import { join } from 'node:path';
import type { Simulator } from '../platform-simulator/index.js';
import { adminApi, createEdgeUser, type Json, type OpenApi, openApi } from './control-plane-http.js';
import { accountOf, type EdgeWorld, startEdgeWorld, waitForBatch } from './edge-world.js';

const SETTINGS = { partitionName: '知识', tags: ['Plume'], aiLabel: true, copyright: 'original' };

export interface FaultsWorldOptions {
  sim: Simulator;
  /** A control plane's URL and its PLUME_ADMIN_TOKEN: where the user and the enrollment token are made. */
  adminUrl: string;
  adminToken: string;
  /** What the node connects to (PLUME_CONTROL_URL): a replica, or a front before replicas. */
  controlUrl: string;
  /** Where the integrator calls the Open API. */
  openApiUrl: string;
  /** The bilibili account id on the simulator. */
  account: string;
}

export interface FaultsWorld {
  node: EdgeWorld;
  /** The Open API with the user's key, at `openApiUrl`. */
  api: OpenApi;
  /** The user's bilibili account, as GET /accounts shows it. */
  account(): Promise<Json | undefined>;
  /** Publishes the clip to the bilibili account on the edge; resolves with the batch id. */
  publishVideo(title: string): Promise<string>;
  /** The batch once terminal; the error carries the end of the node's output. */
  batchDone(batchId: string, timeoutMs: number): Promise<Json>;
  close(): Promise<void>;
}

export async function startFaultsWorld(o: FaultsWorldOptions): Promise<FaultsWorld> {
  const user = await createEdgeUser(adminApi(o.adminUrl, o.adminToken), 'faults', 20);
  const node = await startEdgeWorld({
    sim: o.sim,
    controlUrl: o.controlUrl,
    pinControlUrl: true,
    enrollmentToken: user.enrollmentToken,
    userId: user.userId,
    // 2 MiB = 22 chunks of 96 KiB: with chunkDelayMs the upload takes seconds, long enough to act during it.
    files: { 'clip.mp4': 2 * 1024 * 1024 },
    accounts: [{ platform: 'bilibili', ref: o.account, name: 'Lab', displayName: 'Faults Lab' }],
    name: 'faults',
  });
  const api = openApi(o.openApiUrl, user.apiKey);
  const world: FaultsWorld = {
    node,
    api,
    account: async () => accountOf((await api('GET', '/accounts')).body, 'bilibili'),
    async publishVideo(title) {
      const acc = (await world.account())!;
      const res = await api('POST', '/publish/video', {
        executor: 'edge',
        accountIds: [acc.id],
        title,
        localVideoPath: join(node.userDir, 'clip.mp4'),
        platformSettings: { bilibili: SETTINGS },
      });
      if (res.status !== 200) throw new Error(`${JSON.stringify(res.body)}\n${node.output().slice(-4000)}`);
      return res.body.batch_id as string;
    },
    batchDone: (batchId, timeoutMs) => waitForBatch(async (id) => (await api('GET', `/publish/${id}`)).body, batchId, timeoutMs, () => node.output().slice(-6000)),
    close: () => node.close(),
  };
  return world;
}
