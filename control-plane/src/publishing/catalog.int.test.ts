import { BILIBILI_PARTITIONS, JUEJIN_CATEGORIES, JUEJIN_TAGS, PLATFORMS, SETTINGS_CONTRACT_VERSION, TOUTIAO_DECLARATIONS, WEIBO_VISIBILITIES } from '@plume/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';
import { createUser, type TestUser, v1 } from '../testing/openapi.js';
import { createAccount, createCmsSite, createNode, type Fixtures, putPreset } from '../testing/publish.js';

let t: TestApp;
let f: Fixtures;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  f = { app: t.app, db: t.db.database.db, adminHeaders: t.adminHeaders };
  user = await createUser(t.app, t.adminHeaders);
});
afterAll(async () => t?.close());

describe('happy path', () => {
  it('GET /meta lists the 24 catalog items with the named fields', async () => {
    const res = await v1(t.app, user, 'GET', '/meta');
    expect(res.status).toBe(200);
    const platforms = res.body.publish.platforms as Array<Record<string, unknown>>;
    expect(platforms).toHaveLength(24);
    expect(platforms.map((p) => p.id)).toEqual(PLATFORMS.map((p) => p.id));
    for (const p of platforms) expect(Object.keys(p).sort()).toEqual(['article_executors', 'category', 'content_types', 'id', 'name', 'video_executors', 'video_sources']);
    expect(platforms.find((p) => p.id === 'youtube')).toMatchObject({ content_types: ['video'], video_executors: ['desktop'], video_sources: ['local_file'] });
    expect(platforms.find((p) => p.id === 'wordpress')).toMatchObject({ category: 'cms', article_executors: ['web'] });
    expect(res.body.publish.settings_contract_version).toBe(SETTINGS_CONTRACT_VERSION);
  });

  it('GET /video/meta lists the 19 video platforms and their specific parameters', async () => {
    const res = await v1(t.app, user, 'GET', '/video/meta');
    expect(res.status).toBe(200);
    const platforms = res.body.platforms as Array<Record<string, any>>;
    expect(platforms).toHaveLength(19);
    const bili = platforms.find((p) => p.id === 'bilibili')!;
    expect(bili.settings.find((s: { key: string }) => s.key === 'partitionName')).toMatchObject({ type: 'enum', required: true, options: expect.arrayContaining(['知识', '科技']) });
    expect(bili.deprecated_settings.map((d: { key: string }) => d.key)).toEqual(['tid', 'partitionId']);
    const douyin = platforms.find((p) => p.id === 'douyin')!;
    expect(douyin.settings.find((s: { key: string }) => s.key === 'creationDeclaration')).toMatchObject({
      type: 'enum',
      required: false,
      required_when: { field: 'aiLabel', in: [true] },
      options: expect.arrayContaining(['ai_generated']),
    });
    expect(platforms.find((p) => p.id === 'youtube')!.video_executors).toEqual(['desktop']);
    expect(res.body).toMatchObject({ video_sources: ['local_file'], executors: ['edge', 'desktop'], deprecated_request_fields: ['videoUrl', 'coverImageUrl'] });
  });

  it('GET /publish/settings returns the contract for a content type', async () => {
    const res = await v1(t.app, user, 'GET', '/publish/settings?contentType=video');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      content_type: 'video',
      settings_contract_version: SETTINGS_CONTRACT_VERSION,
      settings_modes: ['account', 'custom'],
      merge_order: ['preset', 'platformSettings', 'accountSettings'],
    });
    expect(res.body.common.map((c: { key: string }) => c.key)).toContain('coverMode');
    expect(res.body.platforms).toHaveLength(19);
    expect(res.body.platforms.find((p: { id: string }) => p.id === 'bilibili')).toMatchObject({ limits: { title_max_length: 80 }, cover: { custom: true } });
    expect(res.body).not.toHaveProperty('presets');

    const dynamic = await v1(t.app, user, 'GET', '/publish/settings?contentType=dynamic');
    expect(dynamic.body.platforms.map((p: { id: string }) => p.id).sort()).toEqual(['bilibili', 'douyin', 'kuaishou', 'toutiao', 'weibo', 'xiaohongshu']);
    expect(dynamic.body.limits).toEqual({ content_max_length: 2000, max_images: 9 });
    const article = await v1(t.app, user, 'GET', '/publish/settings?contentType=article');
    expect(article.body.platforms).toHaveLength(22);
    expect(article.body.platforms.find((p: { id: string }) => p.id === 'toutiao')).toMatchObject({ limits: { title_min_length: 2, title_max_length: 30 } });
    expect(article.body.platforms.find((p: { id: string }) => p.id === 'csdn').settings.find((s: { key: string }) => s.key === 'originalUrl')).toMatchObject({
      required_when: { field: 'articleType', in: ['repost', 'translated'] },
    });
  });

  it("GET /publish/settings offers the values of each platform's fixed lists as options", async () => {
    const setting = async (type: string, platform: string, key: string) => {
      const res = await v1(t.app, user, 'GET', `/publish/settings?contentType=${type}`);
      return res.body.platforms.find((p: { id: string }) => p.id === platform).settings.find((s: { key: string }) => s.key === key);
    };
    expect(await setting('article', 'juejin', 'tags')).toMatchObject({ type: 'string_list', required: true, options: [...JUEJIN_TAGS], limits: { min_items: 1, max_items: 3 } });
    expect((await setting('article', 'juejin', 'category')).options).toEqual(JUEJIN_CATEGORIES.map((c) => c.value));
    expect((await setting('video', 'bilibili', 'partitionName')).options).toEqual([...BILIBILI_PARTITIONS]);
    expect((await setting('dynamic', 'weibo', 'visibility')).options).toEqual(WEIBO_VISIBILITIES.map((c) => c.value));
    for (const type of ['article', 'dynamic']) {
      expect(await setting(type, 'toutiao', 'declarations')).toMatchObject({ type: 'string_list', options: TOUTIAO_DECLARATIONS.map((c) => c.value) });
    }
  });

  it('with accountIds, returns the presets of those accounts (contract fields only)', async () => {
    const node = await createNode(f, { userIds: [user.id] });
    const bili = await createAccount(f, user.id, { platform: 'bilibili', nodeId: node });
    const douyin = await createAccount(f, user.id, { platform: 'douyin', nodeId: node });
    const site = await createCmsSite(f, user.id);
    await putPreset(f, bili, 'video', { partitionName: '科技', tags: ['a'] });
    // A preset stored before a contract change keeps only what the contract still names.
    await f.db.execute(
      (await import('drizzle-orm')).sql`update account_presets set settings = settings || '{"cookie":"SESSDATA=x","proxy":"socks5://p"}'::jsonb where account_id = ${bili}`,
    );
    const res = await v1(t.app, user, 'GET', `/publish/settings?contentType=video&accountIds=${bili},${douyin}`);
    expect(res.status).toBe(200);
    expect(res.body.presets).toEqual([
      { account_id: bili, platform: 'bilibili', settings: { partitionName: '科技', tags: ['a'] } },
      { account_id: douyin, platform: 'douyin', settings: {} },
    ]);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('SESSDATA');
    expect(text).not.toContain('socks5');
    const cms = await v1(t.app, user, 'GET', `/publish/settings?contentType=article&accountIds=${site}`);
    expect(cms.body.presets).toEqual([{ account_id: site, platform: 'wordpress', settings: {} }]);
  });
});

describe('errors', () => {
  it('contentType is required and must be known', async () => {
    expect(await v1(t.app, user, 'GET', '/publish/settings')).toMatchObject({ status: 400, body: { error: { code: 'invalid_request' } } });
    expect((await v1(t.app, user, 'GET', '/publish/settings?contentType=audio')).status).toBe(400);
  });

  it('accountIds must be integer ids of the caller', async () => {
    const bad = await v1(t.app, user, 'GET', '/publish/settings?contentType=video&accountIds=art_123');
    expect(bad).toMatchObject({ status: 400, body: { error: { code: 'invalid_request', message: expect.stringContaining('accountIds') } } });
    expect((await v1(t.app, user, 'GET', '/publish/settings?contentType=video&accountIds=1.5')).status).toBe(400);
    const other = await createUser(t.app, t.adminHeaders);
    const node = await createNode(f, { userIds: [other.id] });
    const theirs = await createAccount(f, other.id, { platform: 'bilibili', nodeId: node });
    expect(await v1(t.app, user, 'GET', `/publish/settings?contentType=video&accountIds=${theirs}`)).toMatchObject({
      status: 404,
      body: { error: { code: 'account_not_found' } },
    });
  });
});

describe('auth', () => {
  for (const path of ['/meta', '/video/meta', '/publish/settings?contentType=article']) {
    it(`${path} needs a valid key, and nothing more`, async () => {
      expect((await v1(t.app, null, 'GET', path)).status).toBe(401);
      const minimal = await createUser(t.app, t.adminHeaders, { permissions: [] });
      expect((await v1(t.app, minimal, 'GET', path)).status).toBe(200);
    });
  }

  it('presets in GET /publish/settings need accounts:read', async () => {
    const publisher = await createUser(t.app, t.adminHeaders, { keyPermissions: ['publish'] });
    expect(await v1(t.app, publisher, 'GET', '/publish/settings?contentType=article&accountIds=1')).toMatchObject({
      status: 403,
      body: { error: { code: 'permission_denied' } },
    });
  });
});
