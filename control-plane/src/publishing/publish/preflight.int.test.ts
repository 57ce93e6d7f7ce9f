import { SETTINGS_CONTRACT_VERSION } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { createUser, v1 } from '../../testing/openapi.js';
import type { NodeCapabilities } from '../../nodes/nodes.schema.js';
import { createAccount, createArticle, createCmsSite, createNode, fixturesOf, persistedState, publishWorld, putPreset } from '../../testing/publish.js';
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

describe('what the node runs', () => {
  const JUEJIN_ADAPTER = { platform: 'juejin', contentTypes: ['article' as const], settings: ['category', 'tags', 'summary', 'coverMode'] };
  const BILIBILI_VIDEO = { platform: 'bilibili', contentTypes: ['video' as const], settings: ['partitionName', 'tags', 'aiLabel', 'copyright', 'sourceUrl', 'description', 'visibility', 'coverMode'] };

  async function world(capabilities: NodeCapabilities, kind: 'edge' | 'desktop' = 'edge') {
    const user = await createUser(t.app, t.adminHeaders, { quotas: { edge: 5, desktop: 5, cms: 5 } });
    const f = fixturesOf(t);
    const node = await createNode(f, { kind, userIds: [user.id], capabilities });
    const account = (platform: string) => createAccount(f, user.id, { platform, nodeId: node, executor: kind });
    return { user, f, node, account, article: await createArticle(f, user.id) };
  }

  it('a content type or platform the node does not run is refused by preflight and publish with a stable code, taking no quota', async () => {
    const w = await world({ localVideoFile: 1, publishSettingsSnapshot: 1, platforms: ['bilibili', 'juejin'], adapters: [BILIBILI_VIDEO, JUEJIN_ADAPTER] });
    const bili = await w.account('bilibili');
    const weibo = await w.account('weibo');
    const before = await persistedState(t.db.database.db, w.user.id);
    const dynamic = { executor: 'edge', accountIds: [bili], content: 'hello' };
    for (const [path, body] of [
      ['/publish/preflight', { ...dynamic, contentType: 'dynamic' }],
      ['/publish/dynamic', dynamic],
    ] as const) {
      const res = await v1(t.app, w.user, 'POST', path, body);
      expect(res, path).toMatchObject({ status: 422, body: { error: { code: 'content_type_unsupported_by_node' } } });
      expect(res.body.error.message).toContain(`cannot publish bilibili dynamics: on bilibili it runs videos only`);
    }
    const weiboDynamic = await v1(t.app, w.user, 'POST', '/publish/dynamic', { ...dynamic, accountIds: [weibo] });
    expect(weiboDynamic).toMatchObject({ status: 422, body: { error: { code: 'platform_unsupported_by_node' } } });
    expect(await persistedState(t.db.database.db, w.user.id)).toEqual(before);
    // What it does run is still valid.
    const video = await v1(t.app, w.user, 'POST', '/publish/preflight', {
      contentType: 'video', executor: 'edge', accountIds: [bili], title: 'Clip', localVideoPath: `/v/${w.user.id}/a.mp4`, platformSettings: { bilibili: { partitionName: '知识', tags: ['x'] } },
    });
    expect(video).toMatchObject({ status: 200, body: { valid: true } });
  });

  it('an edge or desktop node that predates the report is refused with node_adapters_unreported until it is updated', async () => {
    for (const kind of ['edge', 'desktop'] as const) {
      const w = await world({ localVideoFile: 1, publishSettingsSnapshot: 1, platforms: ['zhihu'] }, kind);
      const zhihu = await w.account('zhihu');
      const body = { articleId: w.article, executor: kind, accountIds: [zhihu] };
      const preflight = await v1(t.app, w.user, 'POST', '/publish/preflight', { ...body, contentType: 'article' });
      expect(preflight, kind).toMatchObject({ status: 422, body: { error: { code: 'node_adapters_unreported' } } });
      expect(preflight.body.error.message).toMatch(/update and restart/i);
      expect(await v1(t.app, w.user, 'POST', '/publish', body)).toMatchObject({ status: 422, body: { error: { code: 'node_adapters_unreported' } } });
      expect((await persistedState(t.db.database.db, w.user.id)).batches).toBe(0);
    }
  });

  it("a setting value outside the platform's fixed list is refused at preflight, not on the node", async () => {
    const w = await world({ localVideoFile: 1, publishSettingsSnapshot: 1, platforms: ['juejin'], adapters: [JUEJIN_ADAPTER] });
    const juejin = await w.account('juejin');
    const body = { articleId: w.article, executor: 'edge', accountIds: [juejin] };
    const res = await v1(t.app, w.user, 'POST', '/publish/preflight', { ...body, contentType: 'article', platformSettings: { juejin: { category: 'backend', tags: ['plume'] } } });
    expect(res).toMatchObject({ status: 422, body: { error: { code: 'invalid_settings' } } });
    expect(res.body.error.message).toContain('platformSettings.juejin.tags.0: "plume" is not one of the values the platform offers for tags');
    const publish = await v1(t.app, w.user, 'POST', '/publish', { ...body, accountSettings: { [juejin]: { category: 'backend', tags: ['plume'] } } });
    expect(publish).toMatchObject({ status: 422, body: { error: { code: 'invalid_settings' } } });
    // juejin needs one to three of its tags; none at all is refused too.
    const none = await v1(t.app, w.user, 'POST', '/publish/preflight', { ...body, contentType: 'article', platformSettings: { juejin: { category: 'backend' } } });
    expect(none.body.error.message).toMatch(/tags is required for juejin article/);
    const ok = await v1(t.app, w.user, 'POST', '/publish/preflight', { ...body, contentType: 'article', platformSettings: { juejin: { category: 'backend', tags: ['Go', 'Linux'] } } });
    expect(ok).toMatchObject({ status: 200, body: { valid: true } });
    expect((await persistedState(t.db.database.db, w.user.id)).batches).toBe(0);
  });

  it("微信公众号's author is measured as WeChat's editor measures it: nine Chinese characters (18 wide) are refused at preflight and publish, a mixed author 16 wide passes", async () => {
    const WECHAT_MP = { platform: 'wechat_mp', contentTypes: ['article' as const], settings: ['author', 'sourceUrl', 'openComment', 'summary', 'coverMode'] };
    const w = await world({ localVideoFile: 1, publishSettingsSnapshot: 1, platforms: ['wechat_mp'], adapters: [WECHAT_MP] });
    const wechat = await w.account('wechat_mp');
    const body = { articleId: w.article, executor: 'edge', accountIds: [wechat] };
    const wide = await v1(t.app, w.user, 'POST', '/publish/preflight', { ...body, contentType: 'article', platformSettings: { wechat_mp: { author: '一二三四五六七八九' } } });
    expect(wide).toMatchObject({ status: 422, body: { error: { code: 'invalid_settings' } } });
    expect(wide.body.error.message).toContain(
      'platformSettings.wechat_mp.author: is 18 wide; the platform takes a width of at most 16, counting a Chinese (full-width) character as 2 and a Latin letter, digit or space as 1 (8 Chinese characters, or 16 Latin ones)',
    );
    const publish = await v1(t.app, w.user, 'POST', '/publish', { ...body, accountSettings: { [wechat]: { author: '一二三四五六七八九' } } });
    expect(publish).toMatchObject({ status: 422, body: { error: { code: 'invalid_settings' } } });
    const fits = await v1(t.app, w.user, 'POST', '/publish/preflight', { ...body, contentType: 'article', platformSettings: { wechat_mp: { author: '公众号作者Plume0' } } });
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
    expect(fits.body.targets[0].effective_settings).toMatchObject({ author: '公众号作者Plume0' });
    expect((await persistedState(t.db.database.db, w.user.id)).batches).toBe(0);
  });

  it('settings the executor has no control for are listed per target in ignored_settings, never dropped unseen', async () => {
    const w = await world({ localVideoFile: 1, publishSettingsSnapshot: 1, platforms: ['juejin'], adapters: [JUEJIN_ADAPTER] });
    const juejin = await w.account('juejin');
    const site = await createCmsSite(w.f, w.user.id);
    await putPreset(w.f, juejin, 'article', { original: true });
    const res = await v1(t.app, w.user, 'POST', '/publish/preflight', {
      contentType: 'article',
      articleId: w.article,
      executor: 'edge',
      accountIds: [juejin],
      platformSettings: { juejin: { category: 'backend', tags: ['Go'], aiLabel: true } },
    });
    expect(res.status).toBe(200);
    expectSchemaShape(res);
    const [target] = res.body.targets;
    // Still frozen into the job as sent (the preflight hash covers them); only applied ones reach the platform.
    expect(target.effective_settings).toMatchObject({ aiLabel: true, original: true, category: 'backend' });
    expect(target.ignored_settings).toEqual([
      { setting: 'original', reason: 'no_control', message: expect.stringContaining(`juejin has no control for original with its edge executor ${w.node}`) },
      { setting: 'aiLabel', reason: 'no_control', message: expect.stringContaining('juejin has no control for aiLabel') },
    ]);
    expect(res.body.valid).toBe(true);

    // Defaults nobody asked for are not listed; the CMS plugins answer for CMS sites.
    const plain = await v1(t.app, w.user, 'POST', '/publish/preflight', {
      contentType: 'article', articleId: w.article, executor: 'edge', accountIds: [juejin], settingsMode: 'custom', platformSettings: { juejin: { category: 'backend', tags: ['Go'] } },
    });
    expect(plain.body.targets[0].effective_settings).toMatchObject({ aiLabel: false, original: false });
    expect(plain.body.targets[0].ignored_settings).toEqual([]);
    const cms = await v1(t.app, w.user, 'POST', '/publish/preflight', {
      contentType: 'article', articleId: w.article, executor: 'web', accountIds: [site], platformSettings: { wordpress: { aiLabel: true, tags: ['a'], status: 'draft' } },
    });
    expect(cms.body.targets[0].ignored_settings).toEqual([{ setting: 'aiLabel', reason: 'no_control', message: expect.stringContaining("the web executor's wordpress plugin") }]);
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

  it('a tag that names no topic (only # and spaces) is refused at preflight and publish, before any quota is taken', async () => {
    const w = await publishWorld(t, { quotas: { edge: 5 } });
    const video = { executor: 'edge', accountIds: [w.acc.zhihu], title: '知乎视频', localVideoPath: w.video };
    for (const tags of [['#'], ['Plume', ' ## '], ['#\t#']]) {
      const pre = await v1(t.app, w.user, 'POST', '/publish/preflight', { ...video, contentType: 'video', platformSettings: { zhihu: { tags } } });
      expect(pre, JSON.stringify(tags)).toMatchObject({ status: 422, body: { error: { code: 'invalid_settings' } } });
      expect(pre.headers['x-request-id']).toBeTruthy();
      expect(pre.body.error.message).toContain(`platformSettings.zhihu.tags.${tags.length - 1}: names no topic: a tag needs a name besides # and spaces`);
    }
    const before = await persistedState(t.db.database.db, w.user.id);
    const publish = await v1(t.app, w.user, 'POST', '/publish/video', {
      ...video,
      accountSettings: { [w.acc.zhihu]: { tags: ['##'] } },
      settingsContractVersion: SETTINGS_CONTRACT_VERSION,
    });
    expect(publish).toMatchObject({ status: 422, body: { error: { code: 'invalid_settings', message: expect.stringContaining(`accountSettings.${w.acc.zhihu}.tags.0: names no topic`) } } });
    // The same rule holds for an article's tags, and a preset holding such a tag is not stored.
    const article = await v1(t.app, w.user, 'POST', '/publish/preflight', { contentType: 'article', articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu], platformSettings: { zhihu: { tags: ['#'] } } });
    expect(article).toMatchObject({ status: 422, body: { error: { code: 'invalid_settings', message: expect.stringContaining('platformSettings.zhihu.tags.0: names no topic') } } });
    const preset = await putPreset(w.f, w.acc.zhihu, 'video', { tags: [' # '] });
    expect(preset.status).toBe(400);
    expect(JSON.stringify(preset.body)).toContain('names no topic');
    expect(await persistedState(t.db.database.db, w.user.id)).toEqual(before);
    const ok = await v1(t.app, w.user, 'POST', '/publish/preflight', { ...video, contentType: 'video', platformSettings: { zhihu: { tags: ['#Plume'] } } });
    expect(ok).toMatchObject({ status: 200, body: { valid: true } });
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
