import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { createUser, v1 } from '../testing/openapi.js';
import { adminRequest, createAccount, createCmsSite, createNode, type Fixtures, putPreset } from '../testing/publish.js';
import { nodesRepository } from './nodes.repository.js';

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
      executor: 'edge',
      executor_online: true,
      node_id: edge,
      login_state: 'logged_in',
      content_types: ['article', 'dynamic', 'video'],
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

  it('a node is online only while connected, heartbeating and active', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const node = await createNode(f, { userIds: [user.id] });
    const account = await createAccount(f, user.id, { platform: 'weibo', nodeId: node });
    const online = async () => (await v1(t.app, user, 'GET', '/accounts')).body.accounts.find((a: { id: number }) => a.id === account).executor_online;
    expect(await online()).toBe(true);
    // Writes behind the API's back reach its account cache by NOTIFY, a moment after commit.
    await f.db.execute(sql`update execution_nodes set last_heartbeat_at = now() - interval '61 seconds' where id = ${node}`);
    await expect.poll(online, { timeout: 1000, interval: 10 }).toBe(false);
    await nodesRepository.recordHeartbeat(f.db, node, 'test-replica');
    await expect.poll(online, { timeout: 1000, interval: 10 }).toBe(true);
    await nodesRepository.markDisconnected(f.db, node, 'test-replica');
    await expect.poll(online, { timeout: 1000, interval: 10 }).toBe(false);
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

describe('admin', () => {
  it('registers accounts with checks on platform, executor and node', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const stranger = await createUser(t.app, t.adminHeaders);
    const node = await createNode(f, { userIds: [user.id] });
    const web = await createNode(f, { kind: 'web', userIds: [] });
    const post = (body: Record<string, unknown>, userId = user.id) => adminRequest(f, 'POST', `/users/${userId}/accounts`, { displayName: 'x', ...body });
    expect(await post({ platform: 'nope', executor: 'edge', nodeId: node })).toMatchObject({ status: 400, body: { success: false, code: 'UNKNOWN_PLATFORM' } });
    expect(await post({ platform: 'wordpress', executor: 'web' })).toMatchObject({ status: 400, body: { code: 'USE_CMS_SITES' } });
    expect(await post({ platform: 'zhihu', executor: 'edge' })).toMatchObject({ status: 400, body: { code: 'NODE_REQUIRED' } });
    expect(await post({ platform: 'zhihu', executor: 'desktop', nodeId: node })).toMatchObject({ status: 400, body: { code: 'NODE_KIND_MISMATCH' } });
    expect(await post({ platform: 'zhihu', executor: 'edge', nodeId: node }, stranger.id)).toMatchObject({ status: 400, body: { code: 'NODE_NOT_AUTHORIZED' } });
    expect(await post({ platform: 'zhihu', executor: 'edge', nodeId: 'node_missing' })).toMatchObject({ status: 404, body: { code: 'NODE_NOT_FOUND' } });
    expect(await post({ platform: 'zhihu', executor: 'edge', nodeId: node }, 999_999)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await post({ platform: 'zhihu', executor: 'edge', nodeId: node, externalRef: 'p1' })).toMatchObject({ status: 201 });
    expect(await post({ platform: 'zhihu', executor: 'edge', nodeId: node, externalRef: 'p1' })).toMatchObject({ status: 409, body: { code: 'ACCOUNT_EXISTS' } });
    expect(await post({ platform: 'csdn', executor: 'web', nodeId: web })).toMatchObject({ status: 201, body: { account: { executor: 'web', nodeId: web } } });
    expect(await post({ platform: 'csdn', executor: 'edge', nodeId: node, cookie: 'x' })).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
  });

  it('lists, removes and presets accounts; removed accounts leave the API list', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const node = await createNode(f, { userIds: [user.id] });
    const a = await createAccount(f, user.id, { platform: 'bilibili', nodeId: node });
    const preset = await putPreset(f, a, 'video', { partitionName: '知识', tags: ['x'] });
    expect(preset).toMatchObject({ status: 200, body: { success: true, account: { presets: { video: { partitionName: '知识', tags: ['x'] } } } } });
    expect(await putPreset(f, a, 'video', { tid: 36 })).toMatchObject({ status: 400, body: { code: 'DEPRECATED_FIELD' } });
    expect(await putPreset(f, a, 'video', { cookie: 'SESSDATA=1' })).toMatchObject({ status: 400, body: { code: 'INVALID_SETTINGS' } });
    expect(await putPreset(f, a, 'novel', {})).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    expect((await putPreset(f, 999_999, 'video', {})).status).toBe(404);

    const removed = await adminRequest(f, 'DELETE', `/accounts/${a}`);
    expect(removed).toMatchObject({ status: 200, body: { account: { id: a, removedAt: expect.any(String) } } });
    expect((await adminRequest(f, 'GET', `/users/${user.id}/accounts`)).body.items).toHaveLength(1);
    expect((await v1(t.app, user, 'GET', '/accounts')).body.accounts).toEqual([]);
    expect(await putPreset(f, a, 'video', {})).toMatchObject({ status: 409, body: { code: 'ACCOUNT_REMOVED' } });
    expect((await adminRequest(f, 'DELETE', '/accounts/999999')).status).toBe(404);
  });

  it('creates node records', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const bad = await adminRequest(f, 'POST', '/nodes', { kind: 'edge', name: 'n', userIds: [999_999] });
    expect(bad).toMatchObject({ status: 404, body: { success: false } });
    expect((await adminRequest(f, 'POST', '/nodes', { kind: 'edge', name: 'n', userIds: [], capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, videoDir: '../x' } })).status).toBe(400);
    const created = await adminRequest(f, 'POST', '/nodes', { kind: 'edge', name: 'n', userIds: [user.id, user.id] });
    expect(created).toMatchObject({ status: 201, body: { node: { kind: 'edge', online: false, userIds: [user.id], capabilities: { localVideoFile: 0, publishSettingsSnapshot: 0 } } } });
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
      ['POST', '/api/admin/users/1/accounts'],
      ['POST', '/api/admin/users/1/cms-sites'],
      ['GET', '/api/admin/users/1/accounts'],
      ['DELETE', '/api/admin/accounts/1'],
      ['PUT', '/api/admin/accounts/1/presets/video'],
      ['POST', '/api/admin/nodes'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { authorization: 'Bearer wrong-token-wrong-token-wrong' } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
