/**
 * Account health end to end: the compiled `plume-edge run` checks each
 * account's login on its jittered schedule (PLUME_EDGE_LOGIN_CHECK_MINUTES)
 * against the weibo replica. The platform ends the session: the next
 * scheduled check finds it, GET /accounts flips to publishable false with
 * the reason, and the user's webhook receiver gets `account.session_expired`
 * once, signed. `plume-edge accounts relogin` beside the running daemon
 * replaces the profile's cookies (a wrong login stays logged out even once
 * the platform would take the old cookie again) and a right one brings the
 * account back. An account on a platform without an adapter is reported
 * `unsupported_platform`; `accounts remove` deletes an account and its
 * profile and the control plane hears of it.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { verifyWebhookSignature } from '@plume/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../control-plane/src/testing/app.js';
import { eventually } from '../control-plane/src/testing/eventually.js';
import { type TestUser, v1 } from '../control-plane/src/testing/openapi.js';
import { WebhookReceiver } from '../control-plane/src/testing/webhook-receiver.js';
import { WebhookDeliverer } from '../control-plane/src/publishing/webhooks/webhook.deliverer.js';
import { startSimulator, type Simulator } from './platform-simulator/index.js';
import { accountOf, type EdgeWorld, startEdgeWorld } from './support/edge-world.js';
import { type ListeningApp, startListeningApp } from './support/listening-app.js';

const WEIBO = '6600445577';
const SECRET = 'whsec_account_health_e2e_0123456789';

let t: TestApp;
let sim: Simulator;
let user: TestUser;
let node: EdgeWorld;
let receiver: WebhookReceiver;
let deliverer: WebhookDeliverer;

const accounts = async (): Promise<Array<Record<string, any>>> => (await v1(t.app, user, 'GET', '/accounts')).body.accounts;
const weibo = async (): Promise<Record<string, any>> => accountOf({ accounts: await accounts() }, 'weibo')!;
const expiredEvents = () => receiver.received.filter((d) => d.body?.type === 'account.session_expired');
/** How many login checks the daemon has logged so far. */
const checks = () => node.output().split('\n').filter((l) => l.includes('"login checked"') && l.includes(WEIBO)).length;
/** Waits until the daemon has run `n` more scheduled checks of the weibo account. */
const moreChecks = async (n: number) => {
  const target = checks() + n;
  await eventually(checks, { interval: 250, message: node.output() }).toBeGreaterThanOrEqual(target);
};
/** A Playwright storage state holding the simulator's weibo session cookie for `account`. */
const storageState = (account: string): string => {
  const cookie = sim.sessionCookie('weibo', account);
  const file = join(node.work, `relogin-${account}.json`);
  writeFileSync(file, JSON.stringify({ cookies: [{ name: cookie.name, value: cookie.value, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }], origins: [] }));
  return file;
};

beforeAll(async () => {
  let cp: ListeningApp;
  [cp, sim, receiver] = await Promise.all([startListeningApp({ quotas: { edge: 10 } }, 'e2e-health'), startSimulator(), new WebhookReceiver().start()]);
  ({ t, user } = cp);
  const hook = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${user.id}/webhook`, headers: t.adminHeaders, payload: { url: `${receiver.url}/plume`, secret: SECRET } });
  expect(hook.statusCode, hook.body).toBe(200);
  // What the control plane's main runs beside the app (startOpenApiWorkers): the outbox's sender.
  deliverer = new WebhookDeliverer({ db: t.db.database.db, pollMs: 200 });
  deliverer.start();
  node = await startEdgeWorld({
    sim,
    controlUrl: cp.url,
    enrollmentToken: cp.enrollmentToken,
    userId: user.id,
    files: {},
    accounts: [{ platform: 'weibo', ref: WEIBO, name: 'Lab weibo' }],
    name: 'e2e-health',
    // Every 3 s ± 20 %: several checks within a test.
    env: { PLUME_EDGE_LOGIN_CHECK_MINUTES: '0.05' },
  });
}, 120_000);

afterAll(async () => {
  await node?.close();
  await deliverer?.stop();
  await Promise.all([t?.close(), sim?.close(), receiver?.close()]);
});

describe('scheduled login checks', () => {
  it('checks the account on its schedule while it stays logged in: publishable, no event', async () => {
    await eventually(async () => (await weibo())?.publishable, { message: node.output() }).toBe(true);
    await moreChecks(3);
    expect(await weibo()).toMatchObject({ login_state: 'logged_in', publishable: true, unpublishable_reasons: [] });
    expect(expiredEvents()).toEqual([]);
    expect(sim.publishes()).toHaveLength(0);
  }, 90_000);

  it('the platform ends the session: the next check finds it, /accounts says why, and the webhook arrives once, signed', async () => {
    sim.setLoggedIn('weibo', WEIBO, false);
    await eventually(async () => (await weibo()).publishable, { interval: 250, message: node.output() }).toBe(false);
    const account = await weibo();
    expect(account).toMatchObject({ login_state: 'logged_out', unpublishable_reasons: ['logged_out'] });

    await eventually(() => expiredEvents().length).toBe(1);
    const [delivery] = expiredEvents();
    expect(verifyWebhookSignature(SECRET, delivery!.headers, delivery!.rawBody)).toMatchObject({ valid: true, id: delivery!.body.id });
    expect(delivery!.body).toMatchObject({ type: 'account.session_expired', id: expect.stringMatching(/^evt_/) });
    expect(delivery!.body.data).toEqual({ account_id: account.id, platform: 'weibo', node_id: account.node_id, detected_at: delivery!.body.created_at, request_id: null });

    // The node keeps checking and reporting logged_out: still one event.
    await moreChecks(3);
    // A pause for a wrong second event's delivery: no event marks "none came", and a slow machine can only make this pass, never fail.
    await new Promise((r) => setTimeout(r, 2500));
    expect(expiredEvents()).toHaveLength(1);

    const refused = await v1(t.app, user, 'POST', '/publish/dynamic', { executor: 'edge', accountIds: [account.id], content: '会话过期后的动态' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.error.code).toBe('account_not_publishable');
  }, 120_000);
});

describe('plume-edge accounts beside the running daemon', () => {
  it('relogin replaces the cookies: a login of someone else stays logged out even when the old cookie would work again', async () => {
    const wrong = await node.cli(['accounts', 'relogin', WEIBO, '--storage-state', storageState('1234567890')]);
    expect(wrong.code, wrong.out).toBe(1);
    expect(wrong.out).toContain(`replaced the cookies of ${WEIBO} with 1 cookie(s)`);
    expect(wrong.out).toMatch(new RegExp(`${WEIBO}\\tlogged_out\\t`));
    // The platform would take the account's old cookie again, but the profile no longer holds it.
    sim.setLoggedIn('weibo', WEIBO, true);
    await moreChecks(2);
    expect(await weibo()).toMatchObject({ login_state: 'logged_out', publishable: false });
  }, 120_000);

  it('relogin with the account\'s new login checks it at once and brings it back, without another event', async () => {
    const right = await node.cli(['accounts', 'relogin', WEIBO, '--storage-state', storageState(WEIBO)]);
    expect(right.code, right.out).toBe(0);
    expect(right.out).toMatch(new RegExp(`${WEIBO}\\tlogged_in\\t`));
    await eventually(async () => (await weibo()).publishable, { interval: 250, message: node.output() }).toBe(true);
    expect(await weibo()).toMatchObject({ login_state: 'logged_in', unpublishable_reasons: [] });
    // As above: time for a wrong event to arrive; a slow machine can only make this pass, never fail.
    await new Promise((r) => setTimeout(r, 2500));
    expect(expiredEvents()).toHaveLength(1);

    const usage = await node.cli(['accounts', 'relogin', 'nobody', '--storage-state', storageState(WEIBO)]);
    expect(usage.code).toBe(64);
    expect(usage.out).toContain('no account "nobody" on this node');
  }, 90_000);

  it('a second expiry is a second transition: a second event', async () => {
    sim.setLoggedIn('weibo', WEIBO, false);
    await eventually(() => expiredEvents().length, { interval: 250, message: node.output() }).toBe(2);
    sim.setLoggedIn('weibo', WEIBO, true);
    const back = await node.cli(['accounts', 'relogin', WEIBO, '--storage-state', storageState(WEIBO)]);
    expect(back.code, back.out).toBe(0);
  }, 90_000);

  it('an account on a platform without an adapter is reported unsupported_platform, not "not reported yet"', async () => {
    const imported = await node.cli(['accounts', 'import', '--ref', 'yt-lab', '--platform', 'youtube', '--name', 'Lab YouTube', '--storage-state', storageState(WEIBO)]);
    expect(imported.code, imported.out).toBe(0);
    expect(imported.out).toContain('no adapter for youtube');
    const youtube = async () => (await accounts()).find((a) => a.platform === 'youtube');
    await eventually(async () => (await youtube())?.login_state, { interval: 250, message: node.output() }).toBe('unsupported_platform');
    const listed = await youtube();
    expect(listed!.publishable).toBe(false);
    expect(listed!.unpublishable_reasons).toContain('platform_unsupported_by_node');
    expect(listed!.unpublishable_reasons).not.toContain('login_unknown');
  }, 60_000);

  it('accounts list shows each account\'s state and when its login was last checked', async () => {
    const list = await node.cli(['accounts', 'list']);
    expect(list.code).toBe(0);
    expect(list.out).toMatch(new RegExp(`^${WEIBO}\\tweibo\\tlogged_in\\t[^\\n]*\\tchecked \\d{4}-\\d\\d-\\d\\dT[^\\n]*\\(logged in as [^\\n]*\\)$`, 'm'));
    expect(list.out).toMatch(/^yt-lab\tyoutube\tunsupported_platform\tLab YouTube\tnever checked$/m);
  });

  it('accounts remove deletes the record and the profile; the control plane hears of it', async () => {
    const removed = await node.cli(['accounts', 'remove', 'yt-lab']);
    expect(removed.code, removed.out).toBe(0);
    expect(existsSync(join(node.work, 'state', 'profiles', 'yt-lab'))).toBe(false);
    expect((await node.cli(['accounts', 'list'])).out).not.toContain('yt-lab');
    await eventually(async () => (await accounts()).find((a) => a.platform === 'youtube')?.login_state, { interval: 250 }).toBe('logged_out');
    // Removed, not expired: no event for it.
    expect(expiredEvents().map((d) => d.body.data.platform)).toEqual(['weibo', 'weibo']);
    const again = await node.cli(['accounts', 'remove', 'yt-lab']);
    expect(again.code).toBe(1);
    expect(again.out).toContain('no account "yt-lab" on this node');
    // The daemon ran throughout.
    expect(node.output()).not.toMatch(/"level":(50|60)/);
  }, 60_000);
});
