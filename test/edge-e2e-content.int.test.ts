/**
 * End to end for the two other content types, with nothing stubbed: the
 * control-plane app, the compiled `plume-edge` daemon with the real juejin
 * and weibo adapters in Debian's Chromium, and the platform simulator. An
 * ARTICLE published through `POST /publish` to a juejin account and a DYNAMIC
 * through `POST /publish/dynamic` to a weibo account each end succeeded with
 * exactly one post on the simulator. One daemon and one control plane serve
 * both cases.
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

const JUEJIN = 'jj_e2e_1';
const WEIBO = '6600112233';
const ARTICLE = '# Plume 端到端\n\n一篇经由 **Open API** 发布的文章。\n\n```ts\nconst x = 1;\n```\n';

let t: TestApp;
let sim: Simulator;
let user: TestUser;
let node: EdgeWorld;

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

const batchDone = (batchId: string, timeoutMs: number) => waitForBatch(async (id) => (await v1(t.app, user, 'GET', `/publish/${id}`)).body, batchId, timeoutMs, () => node.output());

async function account(platform: string): Promise<Record<string, any> | undefined> {
  return accountOf((await v1(t.app, user, 'GET', '/accounts')).body, platform);
}

beforeAll(async () => {
  let cp: ListeningApp;
  [cp, sim] = await Promise.all([startListeningApp({ quotas: { edge: 10 } }, 'e2e-content'), startSimulator()]);
  ({ t, user } = cp);
  node = await startEdgeWorld({
    sim,
    controlUrl: cp.url,
    enrollmentToken: cp.enrollmentToken,
    userId: user.id,
    files: { 'photo.png': 30 * 1024 },
    accounts: [
      { platform: 'juejin', ref: JUEJIN, name: 'Lab juejin' },
      { platform: 'weibo', ref: WEIBO, name: 'Lab weibo' },
    ],
    name: 'e2e-content',
  });
}, 120_000);

afterAll(async () => {
  await node?.close();
  await Promise.all([t?.close(), sim?.close()]);
});

describe('edge executor, other content types', () => {
  it('both accounts are online and publishable on the node', async () => {
    for (const platform of ['juejin', 'weibo']) {
      await expect.poll(async () => (await account(platform))?.publishable, { timeout: 45_000, message: node.output() }).toBe(true);
    }
  }, 100_000);

  it('an ARTICLE through POST /publish reaches juejin once', async () => {
    const created = await v1(t.app, user, 'POST', '/articles', { title: 'Plume 掘金端到端', content: ARTICLE, contentProvenance: 'human' });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const acc = (await account('juejin'))!;
    const res = await v1(t.app, user, 'POST', '/publish', {
      articleId: created.body.article_id,
      executor: 'edge',
      accountIds: [acc.id],
      platformSettings: { juejin: { category: 'backend', tags: ['TypeScript'], summary: '经由 Open API 与边缘节点发布的一篇测试文章' } },
    });
    expect(res.status, `${JSON.stringify(res.body)}\n${node.output()}`).toBe(200);
    const batch = await batchDone(res.body.batch_id, 90_000);
    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
    const posts = sim.publishes('juejin');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: JUEJIN, title: 'Plume 掘金端到端', body: ARTICLE });
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  }, 120_000);

  it('a DYNAMIC through POST /publish/dynamic reaches weibo once, with the image', async () => {
    const acc = (await account('weibo'))!;
    const res = await v1(t.app, user, 'POST', '/publish/dynamic', {
      executor: 'edge',
      accountIds: [acc.id],
      content: 'Plume 端到端动态 #Plume#',
      images: [join(node.userDir, 'photo.png')],
      platformSettings: { weibo: { visibility: 'public' } },
    });
    expect(res.status, `${JSON.stringify(res.body)}\n${node.output()}`).toBe(202);
    const batch = await batchDone(res.body.batch_id, 90_000);
    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
    const posts = sim.publishes('weibo');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: WEIBO });
    expect(posts[0]!.body).toContain('Plume 端到端动态');
    expect(posts[0]!.media.find((m) => m.kind === 'image')?.sha256).toBe(sha256(join(node.userDir, 'photo.png')));
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  }, 120_000);
});
