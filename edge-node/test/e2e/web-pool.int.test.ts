/**
 * End to end for `executor=web` on content platforms, with nothing stubbed:
 * the control-plane app, two compiled `plume-edge` daemons enrolled as web
 * nodes serving all users (the operator's web pool), the real juejin and
 * weibo adapters in Debian's Chromium, and the platform simulator.
 *
 * A juejin ARTICLE through `POST /publish` and a weibo DYNAMIC through
 * `POST /publish/dynamic`, both with executor=web, end succeeded with exactly
 * one post each, published by the first web node, which held the accounts.
 * That node reported each account's browser state after its login check; the
 * control plane sealed it. Then the first node is drained: the accounts move to
 * the second node, which never imported an account nor logged in anywhere, and
 * is sent their states; a second article through executor=web is published
 * by the second node, once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../control-plane/src/db/client.js';
import { createTestApp, type TestApp } from '../../../control-plane/src/testing/app.js';
import { createUser, type TestUser, v1 } from '../../../control-plane/src/testing/openapi.js';
import { startSimulator, type Simulator } from '../../../test/platform-simulator/index.js';
import { accountOf, type EdgeWorld, startEdgeWorld, waitForBatch } from '../../../test/support/edge-world.js';

const JUEJIN = 'jj_webpool_1';
const WEIBO = '6600445566';
const ARTICLE = '# 网页执行器\n\n一篇经由 **web** 执行器发布的文章。\n';
const JUEJIN_SETTINGS = { juejin: { category: 'backend', tags: ['TypeScript'], summary: '经由 Plume 网页执行器发布的一篇测试文章' } };

let t: TestApp;
let sim: Simulator;
let user: TestUser;
let one: EdgeWorld;
let two: EdgeWorld;
let oneId: string;
let twoId: string;

const admin = async (method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url: `/api/admin${url}`, headers: t.adminHeaders, ...(payload ? { payload } : {}) });
  return res.json() as Record<string, any>;
};
const output = () => `--- first web node ---\n${one?.output() ?? ''}\n--- second web node ---\n${two?.output() ?? ''}`;
const batchDone = (batchId: string) => waitForBatch(async (id) => (await v1(t.app, user, 'GET', `/publish/${id}`)).body, batchId, 90_000, output);
const account = async (platform: string, contentType: string) => accountOf((await v1(t.app, user, 'GET', `/accounts?contentType=${contentType}`)).body, platform);

async function webToken(name: string): Promise<string> {
  const made = await admin('POST', '/nodes/enrollment-tokens', { kind: 'web', allUsers: true, name });
  if (!made.token) throw new Error(`enrollment token: ${JSON.stringify(made)}`);
  return made.token as string;
}

beforeAll(async () => {
  // The pool's sweep runs every second, from the start (no grace after this fresh control plane's start).
  [t, sim] = await Promise.all([createTestApp({ dispatchTimers: { sweepMs: 1000, startupGraceMs: 0 } }), startSimulator()]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  user = await createUser(t.app, t.adminHeaders, { quotas: { web: 10 } });
  one = await startEdgeWorld({
    sim,
    controlUrl: url,
    enrollmentToken: await webToken('web-pool-1'),
    userId: user.id,
    files: {},
    accounts: [
      { platform: 'juejin', ref: JUEJIN, name: 'Pool juejin', userId: user.id },
      { platform: 'weibo', ref: WEIBO, name: 'Pool weibo', userId: user.id },
    ],
    name: 'web-pool-1',
  });
  two = await startEdgeWorld({ sim, controlUrl: url, enrollmentToken: await webToken('web-pool-2'), userId: user.id, files: {}, accounts: [], platforms: ['juejin', 'weibo'], name: 'web-pool-2' });
  const nodes = (await admin('GET', '/nodes')).items as Array<{ id: string; name: string }>;
  oneId = nodes.find((n) => n.name === 'web-pool-1')!.id;
  twoId = nodes.find((n) => n.name === 'web-pool-2')!.id;
}, 180_000);

afterAll(async () => {
  await Promise.all([one?.close(), two?.close()]);
  await Promise.all([t?.close(), sim?.close()]);
});

describe('web executor through the operator\'s web nodes', () => {
  it('both accounts are publishable with executor web on the first web node, their browser states sealed', async () => {
    for (const [platform, contentType] of [['juejin', 'article'], ['weibo', 'dynamic']] as const) {
      await expect.poll(async () => (await account(platform, contentType))?.publishable, { timeout: 60_000, interval: 500, message: output() }).toBe(true);
      expect(await account(platform, contentType)).toMatchObject({ executor: 'web', executor_online: true, node_id: oneId, login_state: 'logged_in' });
    }
    await expect
      .poll(async () => (await rows<{ n: number }>(t.db.database.db, sql`select count(*)::int as n from account_browser_states where reported_by = ${oneId}`))[0]!.n, {
        timeout: 30_000,
        message: output(),
      })
      .toBe(2);
  }, 120_000);

  it('juejin article: POST /publish with executor web reaches juejin once', async () => {
    const created = await v1(t.app, user, 'POST', '/articles', { title: 'Plume 网页执行器', content: ARTICLE, contentProvenance: 'human' });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const acc = (await account('juejin', 'article'))!;
    const res = await v1(t.app, user, 'POST', '/publish', { articleId: created.body.article_id, executor: 'web', accountIds: [acc.id], platformSettings: JUEJIN_SETTINGS });
    expect(res.status, `${JSON.stringify(res.body)}\n${output()}`).toBe(200);
    const batch = await batchDone(res.body.batch_id);
    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
    const posts = sim.publishes('juejin');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: JUEJIN, title: 'Plume 网页执行器', body: ARTICLE });
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
    expect((await admin('GET', `/jobs/${batch.jobs[0].job_id}`)).job).toMatchObject({ executor: 'web', nodeId: oneId });
  }, 120_000);

  it('weibo dynamic: POST /publish/dynamic with executor web reaches weibo once', async () => {
    const acc = (await account('weibo', 'dynamic'))!;
    const res = await v1(t.app, user, 'POST', '/publish/dynamic', { executor: 'web', accountIds: [acc.id], content: 'Plume 网页执行器动态 #Plume#' });
    expect(res.status, `${JSON.stringify(res.body)}\n${output()}`).toBe(202);
    const batch = await batchDone(res.body.batch_id);
    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
    const posts = sim.publishes('weibo');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: WEIBO });
    expect(posts[0]!.body).toContain('Plume 网页执行器动态');
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  }, 120_000);

  it('drained, the first node hands the accounts to the second with their state: it publishes there without a new login', async () => {
    expect((await two.cli(['accounts', 'list'])).out).toContain('no accounts on this node');
    // A web node serves several users: an account imported there must name its owner.
    const ownerless = await two.cli(['accounts', 'import', '--ref', 'jj_ownerless', '--platform', 'juejin', '--storage-state', '/nonexistent.json']);
    expect(ownerless).toMatchObject({ code: 64, out: expect.stringContaining("name the account's owner with --user") });
    expect((await admin('POST', `/nodes/${oneId}/drain`)).success).toBe(true);
    for (const [platform, contentType] of [['juejin', 'article'], ['weibo', 'dynamic']] as const) {
      await expect
        .poll(async () => {
          const a = await account(platform, contentType);
          return { node: a?.node_id, publishable: a?.publishable };
        }, { timeout: 90_000, interval: 500, message: output() })
        .toEqual({ node: twoId, publishable: true });
    }
    // The second node holds them now, for this user, imported from the states it was sent.
    const listed = (await two.cli(['accounts', 'list'])).out;
    expect(listed).toMatch(new RegExp(`${JUEJIN}\\s+juejin\\s+logged_in\\s+\\S.*user ${user.id}`));
    expect(listed).toMatch(new RegExp(`${WEIBO}\\s+weibo\\s+logged_in\\s+\\S.*user ${user.id}`));
    expect(two.output()).toContain('account moved here from another web node');

    const created = await v1(t.app, user, 'POST', '/articles', { title: 'Plume 换节点之后', content: ARTICLE, contentProvenance: 'human' });
    const acc = (await account('juejin', 'article'))!;
    const res = await v1(t.app, user, 'POST', '/publish', { articleId: created.body.article_id, executor: 'web', accountIds: [acc.id], platformSettings: JUEJIN_SETTINGS });
    expect(res.status, `${JSON.stringify(res.body)}\n${output()}`).toBe(200);
    const batch = await batchDone(res.body.batch_id);
    expect(batch.state, `${JSON.stringify(batch)}\n${output()}`).toBe('succeeded');
    const posts = sim.publishes('juejin').filter((p) => p.title === 'Plume 换节点之后');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: JUEJIN });
    expect((await admin('GET', `/jobs/${batch.jobs[0].job_id}`)).job).toMatchObject({ executor: 'web', nodeId: twoId });
    expect(sim.publishes('juejin')).toHaveLength(2);
  }, 180_000);
});
