/**
 * Site checks end to end: the compiled daemon runs `plume-edge check` on a
 * schedule against the weibo replica, reports each result to the control plane
 * (site_checks), and the control plane stops publishing weibo dynamics from that
 * node while the last check failed — GET /accounts and preflight say why — and
 * resumes once a check passes. Nothing is ever published by a check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../control-plane/src/testing/app.js';
import { type TestUser, v1 } from '../../../control-plane/src/testing/openapi.js';
import { startSimulator, type Simulator } from '../../../test/platform-simulator/index.js';
import { accountOf, type EdgeWorld, startEdgeWorld, waitForBatch } from '../../../test/support/edge-world.js';
import { type ListeningApp, startListeningApp } from '../../../test/support/listening-app.js';

const WEIBO = '6600445566';

let t: TestApp;
let sim: Simulator;
let user: TestUser;
let node: EdgeWorld;

const account = async (): Promise<Record<string, any>> => accountOf((await v1(t.app, user, 'GET', '/accounts?contentType=dynamic')).body, 'weibo')!;

beforeAll(async () => {
  let cp: ListeningApp;
  [cp, sim] = await Promise.all([startListeningApp({ quotas: { edge: 10 } }, 'e2e-check'), startSimulator()]);
  ({ t, user } = cp);
  node = await startEdgeWorld({
    sim,
    controlUrl: cp.url,
    enrollmentToken: cp.enrollmentToken,
    userId: user.id,
    files: {},
    accounts: [{ platform: 'weibo', ref: WEIBO, name: 'Lab weibo' }],
    name: 'e2e-check',
    // Every 3 s: a check starts as soon as the previous one ended.
    env: { PLUME_EDGE_CHECK_INTERVAL_MINUTES: '0.05' },
  });
}, 120_000);

afterAll(async () => {
  await node?.close();
  await Promise.all([t?.close(), sim?.close()]);
});

describe('scheduled site checks', () => {
  it('a passing check keeps the account publishable and publishes nothing', async () => {
    await expect.poll(async () => (await account())?.publishable, { timeout: 60_000, message: node.output() }).toBe(true);
    await expect.poll(() => node.output(), { timeout: 60_000 }).toMatch(/"status":"passed"[^\n]*site checked|site checked[^\n]*"status":"passed"/);
    expect(sim.publishes()).toHaveLength(0);
  }, 130_000);

  it('the replica changes: the next check fails, and weibo dynamics stop on that node with the reason', async () => {
    sim.configure('weibo', { omit: ['visibility-menu'] });
    await expect.poll(async () => (await account()).unpublishable_reasons, { timeout: 90_000, interval: 500, message: node.output() }).toEqual(['site_check_failed']);
    const acc = await account();
    expect(acc).toMatchObject({ publishable: false, site_check: { step: 'apply_settings', code: 'editor_changed', message: expect.stringContaining('visibility menu not found') } });

    const refused = await v1(t.app, user, 'POST', '/publish/dynamic', { executor: 'edge', accountIds: [acc.id], content: 'Plume 检查期间的动态' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'account_not_publishable', message: expect.stringContaining('site check of weibo dynamic') });
    expect(sim.publishes()).toHaveLength(0);
  }, 120_000);

  it('the site is back: a passing check lifts the block and the next publish goes through', async () => {
    sim.configure('weibo', { omit: [] });
    await expect.poll(async () => (await account()).publishable, { timeout: 90_000, interval: 500, message: node.output() }).toBe(true);
    const acc = await account();
    expect(acc.site_check).toBeNull();
    const res = await v1(t.app, user, 'POST', '/publish/dynamic', { executor: 'edge', accountIds: [acc.id], content: 'Plume 检查之后的动态', platformSettings: { weibo: { visibility: 'public' } } });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const batch = await waitForBatch(async (id) => (await v1(t.app, user, 'GET', `/publish/${id}`)).body, res.body.batch_id, 90_000, () => node.output());
    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
    expect(sim.publishes('weibo')).toEqual([expect.objectContaining({ body: 'Plume 检查之后的动态' })]);
  }, 150_000);
});
