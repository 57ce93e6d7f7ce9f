/**
 * End to end with nothing stubbed: the full control-plane app, the compiled
 * `plume-edge` daemon with the real platform adapters, Debian's Chromium, and
 * the platform simulator. An operator enrolls the node and imports an
 * account's storage state; an integrator publishes a video through the Open
 * API; the simulator receives exactly one post with the file's bytes. Then
 * the platform's answer to the click is lost: the job becomes unknown and the
 * adapter's read-only lookup resolves it, still with one post.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../control-plane/src/testing/app.js';
import { type TestUser, v1 } from '../control-plane/src/testing/openapi.js';
import { startSimulator, type Simulator } from './platform-simulator/index.js';
import { accountOf, type EdgeWorld, startEdgeWorld, waitForBatch } from './support/edge-world.js';
import { type ListeningApp, startListeningApp } from './support/listening-app.js';

const ACCOUNT = '30010077';
const SETTINGS = { bilibili: { partitionName: '知识', tags: ['Plume'], aiLabel: true, copyright: 'original' } };

let t: TestApp;
let sim: Simulator;
let user: TestUser;
let node: EdgeWorld;

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

const batchDone = (batchId: string, timeoutMs = 60_000) => waitForBatch(async (id) => (await v1(t.app, user, 'GET', `/publish/${id}`)).body, batchId, timeoutMs, () => node.output());

async function bilibiliAccount(): Promise<Record<string, any> | undefined> {
  return accountOf((await v1(t.app, user, 'GET', '/accounts')).body, 'bilibili');
}

beforeAll(async () => {
  let cp: ListeningApp;
  [cp, sim] = await Promise.all([startListeningApp({ quotas: { edge: 10 } }, 'e2e'), startSimulator()]);
  ({ t, user } = cp);
  sim.configure('bilibili', { transcodeMs: 300, chunkDelayMs: 0 });
  // The operator: a token for this user, enroll, import the account's browser session.
  node = await startEdgeWorld({
    sim,
    controlUrl: cp.url,
    enrollmentToken: cp.enrollmentToken,
    userId: user.id,
    files: { 'clip.mp4': 300 * 1024, 'cover.jpg': 40 * 1024 },
    accounts: [{ platform: 'bilibili', ref: ACCOUNT, name: 'Lab', displayName: 'Plume Lab' }],
    name: 'e2e',
  });
}, 90_000);

afterAll(async () => {
  await node?.close();
  await Promise.all([t?.close(), sim?.close()]);
});

describe('happy path', () => {
  it('the node and its account show up online; doctor passes', async () => {
    await expect.poll(async () => (await bilibiliAccount())?.executor_online, { timeout: 20_000, message: node.output() }).toBe(true);
    // The node checks the imported profile's login itself (the node is the source of truth for it).
    await expect.poll(async () => (await bilibiliAccount())?.publishable, { timeout: 30_000, message: node.output() }).toBe(true);
    const nodes = await v1(t.app, user, 'GET', '/execution-nodes');
    expect(nodes.body.nodes).toHaveLength(1);
    expect(nodes.body.nodes[0]).toMatchObject({ online: true, status: 'online', capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1 } });
    expect(nodes.body.nodes[0].video_dir).toBe(`${join(node.work, 'videos')}/${user.id}/`);
    const doctor = await node.cli(['doctor']);
    expect(doctor.code, doctor.out).toBe(0);
    expect(doctor.out).toMatch(/ok\s+node identity\s+accepted by the control plane/);
    expect(doctor.out).toMatch(/ok\s+clock skew/);
  });

  it('a video published through the Open API reaches the platform once, with the file\'s bytes', async () => {
    const account = (await bilibiliAccount())!;
    const res = await v1(t.app, user, 'POST', '/publish/video', {
      executor: 'edge',
      accountIds: [account.id],
      title: 'Plume 端到端',
      localVideoPath: join(node.userDir, 'clip.mp4'),
      coverImagePath: join(node.userDir, 'cover.jpg'),
      platformSettings: SETTINGS,
    });
    expect(res.status, `${JSON.stringify(res.body)}\n${node.output()}`).toBe(200);
    const batch = await batchDone(res.body.batch_id);
    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
    const posts = sim.publishes('bilibili');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: ACCOUNT, title: 'Plume 端到端' });
    expect(posts[0]!.media.find((m) => m.kind === 'video')?.sha256).toBe(sha256(join(node.userDir, 'clip.mp4')));
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
    // The daemon sent the chunks itself from the sandbox's descriptor; Chromium sent none (upload-offload.ts).
    expect(sim.hits('/upos/', 'daemon')).toBeGreaterThan(0);
    expect(sim.hits('/upos/', 'browser')).toBe(1); // only the page's completion call
  });
});

describe('faults', () => {
  it('the answer to the click is lost: unknown, then the read-only lookup finds the one post', async () => {
    sim.reset();
    sim.configure('bilibili', { transcodeMs: 300, chunkDelayMs: 0, dropPublishResponse: true });
    const account = (await bilibiliAccount())!;
    const res = await v1(t.app, user, 'POST', '/publish/video', {
      executor: 'edge',
      accountIds: [account.id],
      title: 'Lost answer',
      localVideoPath: join(node.userDir, 'clip.mp4'),
      platformSettings: SETTINGS,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const batch = await batchDone(res.body.batch_id, 90_000);
    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
    expect(batch.jobs[0].verified_at).toEqual(expect.any(String));
    expect(sim.publishes('bilibili')).toHaveLength(1);
  });

  it('SIGTERM: the node leaves cleanly and its account is offline', async () => {
    expect(await node.stopDaemon('SIGTERM')).toBe(0);
    await expect.poll(async () => (await bilibiliAccount())?.executor_online, { timeout: 10_000 }).toBe(false);
  });
});
