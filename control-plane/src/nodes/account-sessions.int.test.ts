/**
 * What a node's account report does to the accounts and to integrators: an
 * account reported logged_in → logged_out gets one `account.session_expired`
 * webhook row, written by the statement that records the report — once per
 * transition however often the node repeats it, and once when two replicas
 * record the same report at the same time. An account the node stopped
 * reporting (removed there) is logged out without it; a stale session's
 * report changes nothing. An account on a platform the node has no adapter
 * for shows `login_state: unsupported_platform`, not "not reported yet".
 */
import type { AdapterReport, NodeAccount } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rows } from '../db/client.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { createUser, type TestUser, v1 } from '../testing/openapi.js';
import { createNode, type Fixtures } from '../testing/publish.js';
import { nodeRegistry } from './node-registry.repository.js';

let t: TestApp;
let f: Fixtures;
let user: TestUser;
let nodeId: string;
let epoch: number;

const db = () => t.db.database.db;
const account = (loginState: NodeAccount['loginState'], ref = 'wb-1', platform = 'weibo'): NodeAccount => ({ externalRef: ref, platform, displayName: `name ${ref}`, loginState });
const sync = (accounts: NodeAccount[], e = epoch) => nodeRegistry.syncAccounts(db(), nodeId, e, accounts);
const hooks = () =>
  rows<{ type: string; payload: Record<string, unknown>; createdAt: Date }>(
    db(),
    sql`select event_type as type, payload, created_at as "createdAt" from webhook_deliveries where user_id = ${user.id} and event_type = 'account.session_expired' order by created_at, id`,
  );
const accountId = async (ref = 'wb-1') => (await rows<{ id: number }>(db(), sql`select id from accounts where node_id = ${nodeId} and external_ref = ${ref}`))[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  f = { app: t.app, db: db(), adminHeaders: t.adminHeaders };
}, 60_000);
afterAll(async () => t?.close());

beforeEach(async () => {
  user = await createUser(t.app, t.adminHeaders);
  const weibo: AdapterReport = { platform: 'weibo', contentTypes: ['article', 'dynamic', 'video'], settings: [] };
  nodeId = await createNode(f, { userIds: [user.id], capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, concurrency: 2, platforms: ['weibo'], adapters: [weibo] } });
  epoch = (await rows<{ e: number }>(db(), sql`select session_epoch::int as e from execution_nodes where id = ${nodeId}`))[0]!.e;
  const hook = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${user.id}/webhook`, headers: t.adminHeaders, payload: { url: 'http://127.0.0.1:9/hook' } });
  expect(hook.statusCode, hook.body).toBe(200);
});

describe('account.session_expired', () => {
  it('logged_in → logged_out writes one event with the account, platform, node and time; repeats and other changes write none', async () => {
    await sync([account('logged_in')]);
    expect(await hooks()).toEqual([]);
    const before = Date.now();
    const { expired } = await sync([account('logged_out')]);
    const id = await accountId();
    expect(expired).toEqual([{ accountId: id, userId: user.id, platform: 'weibo' }]);
    const [event, ...more] = await hooks();
    expect(more).toEqual([]);
    expect(event!.payload).toEqual({ account_id: id, platform: 'weibo', node_id: nodeId, detected_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), request_id: null });
    expect(Date.parse(event!.payload.detected_at as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(event!.payload.detected_at).toBe(new Date(event!.createdAt).toISOString());

    // The node says it again (every accounts report carries every account): nothing new.
    await sync([account('logged_out')]);
    await sync([account('logged_out')]);
    expect(await hooks()).toHaveLength(1);
    // Back in, and out again: a second transition, a second event.
    await sync([account('logged_in')]);
    await sync([account('unknown')]);
    expect(await hooks()).toHaveLength(1);
    await sync([account('logged_in')]);
    await sync([account('logged_out')]);
    expect(await hooks()).toHaveLength(2);
  });

  it('two replicas recording the same logout at once write one event', async () => {
    for (let round = 0; round < 10; round++) {
      await sync([account('logged_in'), account('logged_in', 'wb-2')]);
      const [a, b] = await Promise.all([sync([account('logged_out'), account('logged_in', 'wb-2')]), sync([account('logged_out'), account('logged_in', 'wb-2')])]);
      expect(a.expired.length + b.expired.length, `round ${round}`).toBe(1);
    }
    const events = await hooks();
    expect(events).toHaveLength(10);
    expect(new Set(events.map((e) => e.payload.account_id))).toEqual(new Set([await accountId()]));
  });

  it('an account the node no longer reports is logged out without the event; a new account reported logged out has none', async () => {
    await sync([account('logged_in'), account('logged_in', 'wb-2')]);
    await sync([account('logged_in')]);
    const [gone] = await rows<{ s: string }>(db(), sql`select login_state as s from accounts where id = ${await accountId('wb-2')}`);
    expect(gone!.s).toBe('logged_out');
    await sync([account('logged_in'), account('logged_out', 'wb-3')]);
    expect(await hooks()).toEqual([]);
  });

  it('a report on a stale session changes nothing and writes no event', async () => {
    await sync([account('logged_in')]);
    const { expired } = await sync([account('logged_out')], epoch - 1);
    expect(expired).toEqual([]);
    const [row] = await rows<{ s: string }>(db(), sql`select login_state as s from accounts where id = ${await accountId()}`);
    expect(row!.s).toBe('logged_in');
    expect(await hooks()).toEqual([]);
  });

  it('a user without a webhook URL gets no row, and the account is still logged out', async () => {
    await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${user.id}/webhook`, headers: t.adminHeaders });
    await sync([account('logged_in')]);
    const { expired } = await sync([account('logged_out')]);
    expect(expired).toHaveLength(1);
    expect(await hooks()).toEqual([]);
  });

  it('GET /accounts shows the expired account unpublishable, saying why', async () => {
    await sync([account('logged_in')]);
    await sync([account('logged_out')]);
    const list = (await v1(t.app, user, 'GET', '/accounts?contentType=dynamic')).body.accounts as Array<Record<string, any>>;
    expect(list).toEqual([expect.objectContaining({ platform: 'weibo', login_state: 'logged_out', publishable: false, unpublishable_reasons: ['logged_out'] })]);
  });
});

describe('unsupported_platform', () => {
  it('an account on a platform the node has no adapter for shows that login state, not login_unknown', async () => {
    await sync([account('logged_in'), account('unsupported_platform', 'zh-1', 'zhihu')]);
    const list = (await v1(t.app, user, 'GET', '/accounts?contentType=article')).body.accounts as Array<Record<string, any>>;
    const zhihu = list.find((a) => a.platform === 'zhihu');
    expect(zhihu).toMatchObject({ login_state: 'unsupported_platform', publishable: false, unpublishable_reasons: ['platform_unsupported_by_node'] });
    const all = (await v1(t.app, user, 'GET', '/accounts')).body.accounts as Array<Record<string, any>>;
    expect(all.find((a) => a.platform === 'zhihu')).toMatchObject({ login_state: 'unsupported_platform', unpublishable_reasons: ['platform_unsupported_by_node'] });
  });

  it('a node that predates the state reports unknown; its capabilities say the platform is unsupported, and the list says so', async () => {
    await sync([account('logged_in'), account('unknown', 'zh-1', 'zhihu')]);
    const list = (await v1(t.app, user, 'GET', '/accounts?contentType=article')).body.accounts as Array<Record<string, any>>;
    expect(list.find((a) => a.platform === 'zhihu')).toMatchObject({ login_state: 'unsupported_platform', unpublishable_reasons: ['platform_unsupported_by_node'] });
    // A platform the node runs, not checked yet: still "not reported yet".
    await sync([account('unknown'), account('unknown', 'zh-1', 'zhihu')]);
    const again = (await v1(t.app, user, 'GET', '/accounts?contentType=dynamic')).body.accounts as Array<Record<string, any>>;
    expect(again.find((a) => a.platform === 'weibo')).toMatchObject({ login_state: 'unknown', unpublishable_reasons: ['login_unknown'] });
  });
});
