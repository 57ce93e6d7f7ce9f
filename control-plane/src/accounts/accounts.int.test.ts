import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { eventually } from '../testing/eventually.js';
import { createUser, type TestUser, v1 } from '../testing/openapi.js';
import { adminRequest, createAccount, createCmsSite, createNode, type Fixtures, putPreset } from '../testing/publish.js';
import { nodesRepository } from '../nodes/nodes.repository.js';

let t: TestApp;
let f: Fixtures;
beforeAll(async () => {
  t = await createTestApp();
  f = { app: t.app, db: t.db.database.db, adminHeaders: t.adminHeaders };
});
afterAll(async () => t?.close());

describe('happy path', () => {
  it('GET /accounts lists accounts and CMS sites with the executor resolved per content type', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const edge = await createNode(f, { kind: 'edge', userIds: [user.id] });
    const desktop = await createNode(f, { kind: 'desktop', userIds: [user.id], online: false });
    const bili = await createAccount(f, user.id, { platform: 'bilibili', nodeId: edge });
    const yt = await createAccount(f, user.id, { platform: 'youtube', executor: 'desktop', nodeId: desktop });
    const ytOnEdge = await createAccount(f, user.id, { platform: 'youtube', nodeId: edge });
    const site = await createCmsSite(f, user.id);

    const all = await v1(t.app, user, 'GET', '/accounts');
    expect(all.status).toBe(200);
    expect(all.body.content_type).toBeNull();
    expect(all.body.accounts.map((a: { id: number }) => a.id)).toEqual([bili, yt, ytOnEdge, site]);
    expect(all.body.accounts[0]).toEqual({
      id: bili,
      platform: 'bilibili',
      platform_name: 'Bilibili',
      category: 'content',
      display_name: 'bilibili account',
      publishable: true,
      unpublishable_reasons: [],
      site_check: null,
      executor: 'edge',
      executor_online: true,
      node_id: edge,
      login_state: 'logged_in',
      content_types: ['article', 'dynamic', 'video'],
      may_ask: [],
      health: { state: 'ok', since: null, cool_until: null, signals: [] },
    });
    expect(all.body.accounts[3]).toMatchObject({ platform: 'wordpress', category: 'cms', executor: 'web', executor_online: true, publishable: true, content_types: ['article'] });

    const video = await v1(t.app, user, 'GET', '/accounts?contentType=video');
    const byId = new Map(video.body.accounts.map((a: { id: number }) => [a.id, a]));
    expect(byId.get(bili)).toMatchObject({ executor: 'edge', publishable: true });
    expect(byId.get(yt)).toMatchObject({ executor: 'desktop', publishable: true, executor_online: false });
    // youtube video is desktop only: an edge account of it cannot be routed.
    expect(byId.get(ytOnEdge)).toMatchObject({ executor: null, publishable: false, unpublishable_reasons: ['executor_not_supported'] });
    expect(byId.get(site)).toMatchObject({ executor: null, publishable: false, unpublishable_reasons: ['content_type_not_supported'] });

    const dynamic = await v1(t.app, user, 'GET', '/accounts?contentType=dynamic');
    expect(dynamic.body.accounts.find((a: { id: number }) => a.id === bili)).toMatchObject({ executor: 'edge', publishable: true });
  });

  it('reports login state, pairing and node problems as unpublishable with reasons', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const node = await createNode(f, { userIds: [user.id] });
    const out = await createAccount(f, user.id, { platform: 'zhihu', nodeId: node, loginState: 'logged_out' });
    const unknown = await createAccount(f, user.id, { platform: 'zhihu', nodeId: node, loginState: 'unknown' });
    const webNoNode = await createAccount(f, user.id, { platform: 'csdn', executor: 'web' });
    const list = (await v1(t.app, user, 'GET', '/accounts?contentType=article')).body.accounts as Array<Record<string, any>>;
    expect(list.find((a) => a.id === out)).toMatchObject({ publishable: false, unpublishable_reasons: ['logged_out'] });
    expect(list.find((a) => a.id === unknown)).toMatchObject({ publishable: false, unpublishable_reasons: ['login_unknown'] });
    expect(list.find((a) => a.id === webNoNode)).toMatchObject({ executor: 'web', executor_online: false, publishable: false, unpublishable_reasons: ['no_node'] });
  });

  it('a failed site check blocks its (platform, content type) on that node, with the reason, until a check passes', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const failed = { platform: 'weibo', contentType: 'dynamic', status: 'failed', checkedAt: '2026-11-24T03:00:00.000Z', step: 'apply_settings', code: 'editor_changed', message: 'visibility menu not found' } as const;
    const node = await createNode(f, { userIds: [user.id] });
    const account = await createAccount(f, user.id, { platform: 'weibo', nodeId: node });
    const entry = async (type: string) => (await v1(t.app, user, 'GET', `/accounts?contentType=${type}`)).body.accounts.find((a: { id: number }) => a.id === account);
    // What a node's hello or site_checks message stores.
    const report = (checks: unknown[]) => f.db.execute(sql`update execution_nodes set capabilities = jsonb_set(capabilities, '{siteChecks}', ${JSON.stringify(checks)}::jsonb) where id = ${node}`);
    await report([failed]);
    await eventually(async () => (await entry('dynamic')).publishable, { interval: 20 }).toBe(false);

    expect(await entry('dynamic')).toMatchObject({
      publishable: false,
      unpublishable_reasons: ['site_check_failed'],
      site_check: { checked_at: failed.checkedAt, step: 'apply_settings', code: 'editor_changed', message: 'visibility menu not found' },
    });
    // Only the pair the check covered: weibo videos on the same node still go.
    expect(await entry('video')).toMatchObject({ publishable: true, unpublishable_reasons: [], site_check: null });
    const preflight = await v1(t.app, user, 'POST', '/publish/preflight', { contentType: 'dynamic', executor: 'edge', accountIds: [account], content: 'hi' });
    expect(preflight.body.valid).toBe(false);
    expect(preflight.body.problems).toContainEqual(expect.objectContaining({ code: 'account_not_publishable', message: expect.stringContaining('failed at step apply_settings: visibility menu not found') }));
    expect(await v1(t.app, user, 'POST', '/publish/dynamic', { executor: 'edge', accountIds: [account], content: 'hi' })).toMatchObject({
      status: 409,
      body: { error: { code: 'account_not_publishable' } },
    });

    // A later passing check lifts the block.
    await report([{ ...failed, status: 'passed', step: undefined, code: undefined, message: undefined }]);
    await eventually(async () => (await entry('dynamic')).publishable, { interval: 20 }).toBe(true);
  });

  it('a node is online only while connected, heartbeating and active', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const node = await createNode(f, { userIds: [user.id] });
    const account = await createAccount(f, user.id, { platform: 'weibo', nodeId: node });
    const online = async () => (await v1(t.app, user, 'GET', '/accounts')).body.accounts.find((a: { id: number }) => a.id === account).executor_online;
    expect(await online()).toBe(true);
    // Writes behind the API's back reach its account cache by NOTIFY, a moment after commit.
    await f.db.execute(sql`update execution_nodes set last_heartbeat_at = now() - interval '61 seconds' where id = ${node}`);
    await eventually(online, { interval: 10 }).toBe(false);
    await nodesRepository.recordHeartbeat(f.db, node, 'test-replica');
    await eventually(online, { interval: 10 }).toBe(true);
    await nodesRepository.markDisconnected(f.db, node, 'test-replica');
    await eventually(online, { interval: 10 }).toBe(false);
  });

  it('GET /execution-nodes shows the nodes serving the caller with status and capabilities', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const other = await createUser(t.app, t.adminHeaders);
    const edge = await createNode(f, { userIds: [user.id, other.id], capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, videoDir: '/srv/plume/videos', concurrency: 2 } });
    const old = await createNode(f, { kind: 'desktop', userIds: [user.id], capabilities: { localVideoFile: 0, publishSettingsSnapshot: 0 }, online: false });
    await createNode(f, { userIds: [other.id] });
    const res = await v1(t.app, user, 'GET', '/execution-nodes');
    expect(res.status).toBe(200);
    expect(res.body.nodes).toEqual([
      {
        node_id: edge,
        kind: 'edge',
        name: 'test node',
        status: 'online',
        online: true,
        last_heartbeat_at: expect.any(String),
        capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, videoDir: '/srv/plume/videos', concurrency: 2 },
        video_dir: `/srv/plume/videos/${user.id}/`,
      },
      {
        node_id: old,
        kind: 'desktop',
        name: 'test node',
        status: 'offline',
        online: false,
        last_heartbeat_at: null,
        capabilities: { localVideoFile: 0, publishSettingsSnapshot: 0 },
        video_dir: null,
      },
    ]);
  });
});

describe('what the node runs', () => {
  const byId = async (user: TestUser, type?: string) =>
    new Map<number, Record<string, any>>((await v1(t.app, user, 'GET', `/accounts${type ? `?contentType=${type}` : ''}`)).body.accounts.map((a: { id: number }) => [a.id, a]));

  it('an account is publishable only for the (platform × content type) pairs its node reports; CMS sites always for articles', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const node = await createNode(f, {
      userIds: [user.id],
      capabilities: {
        localVideoFile: 1,
        publishSettingsSnapshot: 1,
        platforms: ['bilibili', 'weibo'],
        adapters: [
          { platform: 'bilibili', contentTypes: ['video'], settings: ['partitionName', 'tags'] },
          { platform: 'weibo', contentTypes: ['dynamic'], settings: ['visibility', 'tags'] },
        ],
      },
    });
    const bili = await createAccount(f, user.id, { platform: 'bilibili', nodeId: node });
    const weibo = await createAccount(f, user.id, { platform: 'weibo', nodeId: node });
    const zhihu = await createAccount(f, user.id, { platform: 'zhihu', nodeId: node });
    const site = await createCmsSite(f, user.id);

    const dynamic = await byId(user, 'dynamic');
    // Routing allows bilibili dynamics on edge; the node that holds the account cannot run them.
    expect(dynamic.get(bili)).toMatchObject({ executor: 'edge', publishable: false, unpublishable_reasons: ['content_type_unsupported_by_node'] });
    expect(dynamic.get(weibo)).toMatchObject({ executor: 'edge', publishable: true, unpublishable_reasons: [] });
    expect((await byId(user, 'video')).get(bili)).toMatchObject({ publishable: true, unpublishable_reasons: [] });
    const article = await byId(user, 'article');
    expect(article.get(zhihu)).toMatchObject({ executor: 'edge', publishable: false, unpublishable_reasons: ['platform_unsupported_by_node'] });
    expect(article.get(site)).toMatchObject({ executor: 'web', publishable: true, content_types: ['article'] });

    const all = await byId(user);
    expect(all.get(bili)).toMatchObject({ publishable: true, content_types: ['video'] });
    expect(all.get(weibo)).toMatchObject({ publishable: true, content_types: ['dynamic'] });
    expect(all.get(zhihu)).toMatchObject({ publishable: false, content_types: [], unpublishable_reasons: ['platform_unsupported_by_node'] });

    const nodes = (await v1(t.app, user, 'GET', '/execution-nodes')).body.nodes;
    expect(nodes[0].capabilities.adapters).toEqual([
      { platform: 'bilibili', contentTypes: ['video'], settings: ['partitionName', 'tags'] },
      { platform: 'weibo', contentTypes: ['dynamic'], settings: ['visibility', 'tags'] },
    ]);
  });

  it('a node (edge or desktop) whose report predates the pairs is promised nothing it lists, and nothing it does not', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const older = { localVideoFile: 1 as const, publishSettingsSnapshot: 1 as const, platforms: ['bilibili', 'youtube'] };
    const edge = await createNode(f, { userIds: [user.id], capabilities: older });
    const desktop = await createNode(f, { kind: 'desktop', userIds: [user.id], capabilities: older });
    const bili = await createAccount(f, user.id, { platform: 'bilibili', nodeId: edge });
    const weibo = await createAccount(f, user.id, { platform: 'weibo', nodeId: edge });
    const yt = await createAccount(f, user.id, { platform: 'youtube', executor: 'desktop', nodeId: desktop });
    const video = await byId(user, 'video');
    expect(video.get(bili)).toMatchObject({ publishable: false, unpublishable_reasons: ['node_adapters_unreported'] });
    expect(video.get(weibo)).toMatchObject({ publishable: false, unpublishable_reasons: ['platform_unsupported_by_node'] });
    expect(video.get(yt)).toMatchObject({ executor: 'desktop', publishable: false, unpublishable_reasons: ['node_adapters_unreported'] });

    // The node reconnects updated: its new report is what counts, on every replica (the cache hears the write).
    await f.db.execute(sql`update execution_nodes set capabilities = capabilities || ${JSON.stringify({ adapters: [{ platform: 'youtube', contentTypes: ['video'], settings: [] }] })}::jsonb where id = ${desktop}`);
    await eventually(async () => (await byId(user, 'video')).get(yt)!.publishable, { interval: 20 }).toBe(true);
  });
});

describe('admin', () => {
  it('creates neither platform accounts nor nodes: those paths answer 404 in the admin envelope and write nothing', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const node = await createNode(f, { userIds: [user.id] });
    const nodesBefore = (await rows<{ n: number }>(f.db, sql`select count(*)::int as n from execution_nodes`))[0]!.n;
    for (const [url, payload] of [
      // What made an account publishable without its node ever reporting it.
      [`/api/admin/users/${user.id}/accounts`, { platform: 'zhihu', displayName: 'z', executor: 'edge', nodeId: node, loginState: 'logged_in', externalRef: 'z1' }],
      [`/api/admin/users/${user.id}/accounts`, { platform: 'zhihu', displayName: 'z', executor: 'desktop' }],
      // What made a node with no key, which no daemon can ever connect as.
      ['/api/admin/nodes', { kind: 'edge', name: 'keyless', userIds: [user.id], capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1 } }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: t.adminHeaders, payload });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, code: 'NOT_FOUND', message: expect.any(String) });
      expect(res.headers['x-request-id'], url).toBeTruthy();
    }
    expect((await adminRequest(f, 'GET', `/users/${user.id}/accounts`)).body.items).toEqual([]);
    expect((await rows<{ n: number }>(f.db, sql`select count(*)::int as n from execution_nodes`))[0]!.n).toBe(nodesBefore);
    // Listing nodes and making enrollment tokens stay.
    expect((await adminRequest(f, 'GET', '/nodes')).status).toBe(200);
    expect((await adminRequest(f, 'POST', '/nodes/enrollment-tokens', { kind: 'edge', userIds: [user.id], name: 'edge-1' })).status).toBe(201);
  });

  it('lists, removes and presets accounts (a preset reads back with the fields it may hold); removed accounts leave the API list', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const node = await createNode(f, { userIds: [user.id] });
    const a = await createAccount(f, user.id, { platform: 'bilibili', nodeId: node });
    const preset = await putPreset(f, a, 'video', { partitionName: '知识', tags: ['x'] });
    expect(preset).toMatchObject({ status: 200, body: { success: true, account: { presets: { video: { partitionName: '知识', tags: ['x'] } } } } });
    expect(await putPreset(f, a, 'video', { tid: 36 })).toMatchObject({ status: 400, body: { code: 'DEPRECATED_FIELD' } });
    expect(await putPreset(f, a, 'video', { cookie: 'SESSDATA=1' })).toMatchObject({ status: 400, body: { code: 'INVALID_SETTINGS' } });
    expect(await putPreset(f, a, 'novel', {})).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    expect((await putPreset(f, 999_999, 'video', {})).status).toBe(404);

    // What the console's preset form is built from: the preset beside the fields the contract allows.
    const read = await adminRequest(f, 'GET', `/accounts/${a}/presets/video`);
    expect(read).toMatchObject({ status: 200, body: { success: true, account: { id: a }, settings: { partitionName: '知识', tags: ['x'] }, settingsContractVersion: expect.any(String) } });
    const keys = (read.body.fields as Array<{ key: string; type: string; options?: string[] }>).map((field) => field.key);
    expect(keys).toEqual(expect.arrayContaining(['partitionName', 'tags', 'coverMode']));
    expect(read.body.fields.find((field: { key: string }) => field.key === 'partitionName')).toMatchObject({ type: 'enum', options: expect.arrayContaining(['知识']) });
    expect(keys).not.toContain('tid');
    expect((await adminRequest(f, 'GET', `/accounts/${a}/presets/dynamic`)).body.settings).toEqual({});
    expect(await adminRequest(f, 'GET', `/accounts/${a}/presets/novel`)).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    expect((await adminRequest(f, 'GET', '/accounts/999999/presets/video')).status).toBe(404);
    // Hostile paths: the admin envelope with a stable code, never a 500.
    for (const path of ['/accounts/abc/presets/video', '/accounts/-1/presets/video', '/accounts/99999999999/presets/video', `/accounts/${a}/presets/vid%00eo`, `/accounts/${a}/presets/${'v'.repeat(300)}`]) {
      expect(await adminRequest(f, 'GET', path), path).toMatchObject({ status: 400, body: { success: false, code: 'INVALID_REQUEST' } });
    }
    const site = await createCmsSite(f, (await createUser(t.app, t.adminHeaders)).id);
    expect(await adminRequest(f, 'GET', `/accounts/${site}/presets/article`)).toMatchObject({ status: 200, body: { settings: {}, fields: expect.any(Array) } });
    expect(await adminRequest(f, 'GET', `/accounts/${site}/presets/video`)).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST', message: expect.stringContaining('takes no video settings') } });

    const removed = await adminRequest(f, 'DELETE', `/accounts/${a}`);
    expect(removed).toMatchObject({ status: 200, body: { account: { id: a, removedAt: expect.any(String) } } });
    expect((await adminRequest(f, 'GET', `/users/${user.id}/accounts`)).body.items).toHaveLength(1);
    expect((await v1(t.app, user, 'GET', '/accounts')).body.accounts).toEqual([]);
    expect(await putPreset(f, a, 'video', {})).toMatchObject({ status: 409, body: { code: 'ACCOUNT_REMOVED' } });
    expect((await adminRequest(f, 'DELETE', '/accounts/999999')).status).toBe(404);
  });

  it('CMS credentials are sealed at rest and never returned', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const password = 'very-secret-app-password-4711';
    const siteUrl = 'https://secret-site.example.test/blog';
    const id = await createCmsSite(f, user.id, { password, siteUrl });
    const [row] = await rows<Record<string, unknown>>(f.db, sql`select * from accounts where id = ${id}`);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(password);
    expect(stored).not.toContain('secret-site');
    expect(stored).not.toContain('editor');
    expect(row!.credentials_sealed).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const answers = [
      await adminRequest(f, 'GET', `/users/${user.id}/accounts`),
      await v1(t.app, user, 'GET', '/accounts'),
      await v1(t.app, user, 'GET', `/publish/settings?contentType=article&accountIds=${id}`),
    ];
    for (const a of answers) {
      const text = JSON.stringify(a.body);
      expect(text).not.toContain(password);
      expect(text).not.toContain('secret-site');
    }
  });
});

describe('errors', () => {
  it('contentType must be one of the three types', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    expect(await v1(t.app, user, 'GET', '/accounts?contentType=podcast')).toMatchObject({ status: 400, body: { error: { code: 'invalid_request' } } });
  });

  it('another user never sees your accounts or nodes', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const other = await createUser(t.app, t.adminHeaders);
    const node = await createNode(f, { userIds: [user.id] });
    await createAccount(f, user.id, { platform: 'weibo', nodeId: node });
    expect((await v1(t.app, other, 'GET', '/accounts')).body.accounts).toEqual([]);
    expect((await v1(t.app, other, 'GET', '/execution-nodes')).body.nodes).toEqual([]);
  });
});

describe('auth', () => {
  for (const path of ['/accounts', '/execution-nodes']) {
    it(`${path} needs a key and accounts:read`, async () => {
      expect((await v1(t.app, null, 'GET', path)).status).toBe(401);
      const publisher = await createUser(t.app, t.adminHeaders, { keyPermissions: ['publish'] });
      expect(await v1(t.app, publisher, 'GET', path)).toMatchObject({ status: 403, body: { error: { code: 'permission_denied' } } });
    });
  }

  it('admin routes need the admin token', async () => {
    for (const [method, url] of [
      ['POST', '/api/admin/users/1/cms-sites'],
      ['GET', '/api/admin/users/1/accounts'],
      ['DELETE', '/api/admin/accounts/1'],
      ['GET', '/api/admin/accounts/1/presets/video'],
      ['PUT', '/api/admin/accounts/1/presets/video'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { authorization: 'Bearer wrong-token-wrong-token-wrong' } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
