import { SETTINGS_CONTRACT_VERSION } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { createUser, v1 } from '../../testing/openapi.js';
import { createAccount, createNode, persistedState, publishWorld, putPreset } from '../../testing/publish.js';
import { preflightResponse } from './publish.schemas.js';

/** The route sends JSON.stringify of its answer: each answer must still be exactly what the schema describes (parse drops unknown keys). */
function expectSchemaShape(res: { headers: Record<string, unknown>; body: unknown }): void {
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(preflightResponse.parse(res.body)).toEqual(res.body);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('happy path', () => {
  it('merges preset, platformSettings and accountSettings and reports each target', async () => {
    const w = await publishWorld(t, { quotas: { edge: 5 } });
    await putPreset(w.f, w.acc.bilibili, 'video', { partitionName: '知识', tags: ['preset'], description: 'from preset' });
    const res = await v1(t.app, w.user, 'POST', '/publish/preflight', {
      contentType: 'video',
      executor: 'edge',
      accountIds: [w.acc.bilibili, w.acc.douyin],
      title: 'Clip',
      localVideoPath: w.video,
      coverImagePath: w.cover,
      platformSettings: { bilibili: { tags: ['platform'], visibility: 'private' }, douyin: { aiLabel: true, creationDeclaration: 'ai_generated' } },
      accountSettings: { [w.acc.bilibili]: { tags: ['account'] } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      valid: true,
      content_type: 'video',
      executor: 'edge',
      settings_contract_version: SETTINGS_CONTRACT_VERSION,
      preflight_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      problems: [],
      quota: [{ bucket: 'edge', needed: 2, remaining: 5, ok: true }],
    });
    const [bili, douyin] = res.body.targets;
    expect(bili).toMatchObject({
      account_id: w.acc.bilibili,
      platform: 'bilibili',
      executor: 'edge',
      node_id: w.edge,
      publishable: true,
      executor_online: true,
      quota_bucket: 'edge',
      quota_ok: true,
      settings_mode: 'account',
      settings_source: ['preset', 'platform', 'account'],
      effective_settings: { partitionName: '知识', tags: ['account'], description: 'from preset', visibility: 'private', coverMode: 'custom', copyright: 'original', aiLabel: false },
      problems: [],
    });
    expect(bili.field_sources).toMatchObject({ partitionName: 'preset', tags: 'account', visibility: 'platform', coverMode: 'default', copyright: 'default' });
    expect(douyin).toMatchObject({ settings_source: ['platform'], effective_settings: { aiLabel: true, creationDeclaration: 'ai_generated' } });
    const codes = res.body.awaiting_verification.map((a: { code: string }) => a.code);
    expect(codes).toEqual(expect.arrayContaining(['account_permission', 'control_selection', 'local_file', 'image_format_and_size', 'cover_adoption']));    expectSchemaShape(res);
  });

  it('custom mode ignores account presets', async () => {
    const w = await publishWorld(t);
    await putPreset(w.f, w.acc.zhihu, 'article', { tags: ['preset'], column: 'Preset column' });
    const res = await v1(t.app, w.user, 'POST', '/publish/preflight', {
      contentType: 'article',
      articleId: w.article,
      executor: 'edge',
      accountIds: [w.acc.zhihu],
      settingsMode: 'custom',
      platformSettings: { zhihu: { tags: ['mine'] } },
    });
    expect(res.body.targets[0]).toMatchObject({ settings_mode: 'custom', settings_source: ['platform'], effective_settings: { tags: ['mine'] } });
    expect(res.body.targets[0].effective_settings).not.toHaveProperty('column');
  });

  it('consumes no quota and creates nothing, even when asked to check many times', async () => {
    const w = await publishWorld(t, { quotas: { edge: 1 } });
    const before = await persistedState(t.db.database.db, w.user.id);
    for (let i = 0; i < 3; i++) {
      const res = await v1(t.app, w.user, 'POST', '/publish/preflight', { contentType: 'article', articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu] });
      expect(res.body.valid).toBe(true);
    }
    expect(await persistedState(t.db.database.db, w.user.id)).toEqual(before);
  });

  it('reports unpublishable accounts, offline executors and short quota as valid=false with problems', async () => {
    const w = await publishWorld(t, { quotas: { edge: 1, desktop: 0 } });
    const offlineNode = await createNode(w.f, { userIds: [w.user.id], online: false });
    const offline = await createAccount(w.f, w.user.id, { platform: 'csdn', nodeId: offlineNode });
    const loggedOut = await createAccount(w.f, w.user.id, { platform: 'jianshu', nodeId: w.edge, loginState: 'logged_out' });
    const res = await v1(t.app, w.user, 'POST', '/publish/preflight', {
      contentType: 'article',
      articleId: w.article,
      executor: 'edge',
      accountIds: [w.acc.zhihu, offline, loggedOut],
    });
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(false);
    const codes = res.body.problems.map((p: { code: string; account_id: number | null }) => [p.code, p.account_id]);
    expect(codes).toEqual([
      ['executor_offline', offline],
      ['account_not_publishable', loggedOut],
      ['quota_exceeded', null],
    ]);
    expect(res.body.quota).toEqual([{ bucket: 'edge', needed: 3, remaining: 1, ok: false }]);
    expect(res.body.targets.map((x: { quota_ok: boolean }) => x.quota_ok)).toEqual([false, false, false]);
    expect(res.body.targets[1]).toMatchObject({ executor_online: false, publishable: true });
    expect(res.body.targets[2]).toMatchObject({ executor_online: true, publishable: false });
    expect(res.body.preflight_hash).toMatch(/^[0-9a-f]{64}$/);
    expectSchemaShape(res);

    // The formal publish answers the same conditions with their codes.
    const body = { articleId: w.article, executor: 'edge' };
    expect(await v1(t.app, w.user, 'POST', '/publish', { ...body, accountIds: [offline] })).toMatchObject({ status: 409, body: { error: { code: 'executor_offline' } } });
    expect(await v1(t.app, w.user, 'POST', '/publish', { ...body, accountIds: [loggedOut] })).toMatchObject({ status: 409, body: { error: { code: 'account_not_publishable' } } });
  });
});

describe('executor capabilities', () => {
  it('a node without publishSettingsSnapshot answers 422 settings_executor_upgrade_required, even without custom settings', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const f = { app: t.app, db: t.db.database.db, adminHeaders: t.adminHeaders };
    const old = await createNode(f, { userIds: [user.id], capabilities: { localVideoFile: 1, publishSettingsSnapshot: 0 } });
    const account = await createAccount(f, user.id, { platform: 'weibo', nodeId: old });
    const body = { executor: 'edge', accountIds: [account], content: 'hi' };
    for (const [path, payload] of [
      ['/publish/preflight', { ...body, contentType: 'dynamic' }],
      ['/publish/dynamic', body],
    ] as const) {
      const res = await v1(t.app, user, 'POST', path, payload);
      expect(res, path).toMatchObject({ status: 422, body: { error: { code: 'settings_executor_upgrade_required' } } });
      expect(res.body.error.message).toMatch(/update and restart/i);
    }
    // Offline makes no difference: the capability is what the node last reported.
    await t.db.database.db.execute(sql`update execution_nodes set connected_replica = null where id = ${old}`);
    expect((await v1(t.app, user, 'POST', '/publish/dynamic', body)).body.error.code).toBe('settings_executor_upgrade_required');
    expect((await persistedState(t.db.database.db, user.id)).batches).toBe(0);
  });

  it('video on a node without localVideoFile answers 422 capability_missing', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const f = { app: t.app, db: t.db.database.db, adminHeaders: t.adminHeaders };
    const node = await createNode(f, { userIds: [user.id], capabilities: { localVideoFile: 0, publishSettingsSnapshot: 1 } });
    const account = await createAccount(f, user.id, { platform: 'kuaishou', nodeId: node });
    const res = await v1(t.app, user, 'POST', '/publish/video', { executor: 'edge', accountIds: [account], title: 'x', localVideoPath: `/v/${user.id}/a.mp4` });
    expect(res).toMatchObject({ status: 422, body: { error: { code: 'capability_missing' } } });
  });
});

describe('errors', () => {
  it('contentType is required and selects the body shape', async () => {
    const w = await publishWorld(t);
    expect((await v1(t.app, w.user, 'POST', '/publish/preflight', { articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu] })).status).toBe(400);
    expect((await v1(t.app, w.user, 'POST', '/publish/preflight', { contentType: 'podcast', executor: 'edge', accountIds: [w.acc.zhihu] })).status).toBe(400);
    const video = await v1(t.app, w.user, 'POST', '/publish/preflight', { contentType: 'video', executor: 'web', accountIds: [w.acc.zhihu], title: 'x', localVideoPath: '/a' });
    expect(video).toMatchObject({ status: 422, body: { error: { code: 'executor_not_supported' } } });
  });

  it('an outdated settingsContractVersion answers 409 in preflight too', async () => {
    const w = await publishWorld(t);
    const res = await v1(t.app, w.user, 'POST', '/publish/preflight', {
      contentType: 'article',
      articleId: w.article,
      executor: 'edge',
      accountIds: [w.acc.zhihu],
      settingsContractVersion: '1999-01-01',
    });
    expect(res).toMatchObject({ status: 409, body: { error: { code: 'settings_contract_outdated' } } });
  });
});

describe('auth', () => {
  it('needs a key and the publish permission', async () => {
    expect((await v1(t.app, null, 'POST', '/publish/preflight', {})).status).toBe(401);
    const reader = await createUser(t.app, t.adminHeaders, { keyPermissions: ['accounts:read'] });
    expect(await v1(t.app, reader, 'POST', '/publish/preflight', { contentType: 'article' })).toMatchObject({ status: 403, body: { error: { code: 'permission_denied' } } });
  });
});
