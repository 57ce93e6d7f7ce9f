/**
 * The settings contract's `inlinePictures: 'web_addresses_only'` at the API:
 * for the platforms whose node adapters take a body's pictures by web address
 * only (and refuse a local one with upload_failed before the browser moves),
 * preflight and publish refuse such an article with 422
 * local_picture_unsupported, naming the pictures, and take no quota. Where
 * the edge adapter uploads the body's local pictures from the node's disk,
 * each must have the form the node's media sandbox opens (image_path_invalid
 * otherwise); a Windows path, which the renderer shows as alt text, is
 * refused for the web and edge executors. An answer of `valid: true` is then
 * true of what the executors can do.
 */
import { fieldsFor, SETTINGS_CONTRACT_VERSION } from '@plume/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { createUser, v1 } from '../../testing/openapi.js';
import { createAccount, createArticle, createNode, fixturesOf, persistedState } from '../../testing/publish.js';

/** Platforms whose article adapters refuse a local picture (grep upload_failed … web addresses in edge-node/src/adapters). */
const WEB_ONLY = ['douyin', 'autohome', 'dongchedi', 'toutiao', 'xiaohongshu', 'zhihu', 'csdn', 'jianshu', 'weibo'] as const;
const COVER = 'https://img.test/cover.jpg';
const LOCAL = '# 标题\n\n正文一段。\n\n![本地](figure.png)\n\n![也是本地](/home/u/b.jpg)\n\n![网上](https://img.test/a.png)\n';
/** Platforms whose article adapters upload a local picture from the node's disk, through its media sandbox. */
const UPLOADS_LOCAL = ['bilibili', 'baijiahao', 'sohu', 'netease', 'qiehao', 'dayu', 'yidian', 'wechat_mp', 'yiche', 'juejin'] as const;

/** The platform's required article settings, each with the first value it offers. */
function requiredSettings(platform: string): Record<string, unknown> {
  const required = (fieldsFor('article', platform) ?? []).filter((f) => f.required && f.options);
  return Object.fromEntries(required.map((f) => [f.key, f.type === 'string_list' ? [f.options![0]] : f.options![0]]));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function world() {
  const user = await createUser(t.app, t.adminHeaders, { quotas: { edge: 50, web: 50, desktop: 50 } });
  const f = fixturesOf(t);
  const node = await createNode(f, { kind: 'edge', userIds: [user.id] });
  const desktop = await createNode(f, { kind: 'desktop', userIds: [user.id] });
  const account = (platform: string) => createAccount(f, user.id, { platform, nodeId: node });
  const article = (content: string) => createArticle(f, user.id, { title: '一篇测试文章的标题', content, coverImage: COVER });
  /** A body whose local pictures sit inside the user's own media directory on the node. */
  const mine = `# 标题\n\n正文一段。\n\n![本地](/srv/media/${user.id}/figure.png)\n\n![网上](https://img.test/a.png)\n`;
  return { f, user, desktop, account, article, mine };
}

describe('happy path', () => {
  it('pictures by web address are valid on every such platform; the contract says so per platform', async () => {
    const w = await world();
    const articleId = await w.article('# 标题\n\n正文一段。\n\n![网上](https://img.test/a.png)\n');
    for (const platform of WEB_ONLY) {
      const id = await w.account(platform);
      const res = await v1(t.app, w.user, 'POST', '/publish/preflight', { contentType: 'article', articleId, executor: 'edge', accountIds: [id], platformSettings: { [platform]: requiredSettings(platform) } });
      expect(res.status, `${platform} ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.valid, platform).toBe(true);
    }
    const settings = await v1(t.app, w.user, 'GET', '/publish/settings?contentType=article');
    expect(settings.status).toBe(200);
    const limits = (id: string) => (settings.body.platforms as Array<{ id: string; limits: Record<string, unknown> }>).find((p) => p.id === id)!.limits;
    for (const platform of WEB_ONLY) expect(limits(platform).inline_pictures, platform).toBe('web_addresses_only');
    // Where the adapter uploads local pictures itself there is no such limit.
    for (const platform of UPLOADS_LOCAL) expect(limits(platform).inline_pictures, platform).toBeUndefined();
  });

  it('a platform whose executor uploads local pictures takes the article when each is a path the node opens', async () => {
    const w = await world();
    const articleId = await w.article(w.mine);
    for (const platform of UPLOADS_LOCAL) {
      const accountIds = [await w.account(platform)];
      const res = await v1(t.app, w.user, 'POST', '/publish/preflight', { contentType: 'article', articleId, executor: 'edge', accountIds, platformSettings: { [platform]: requiredSettings(platform) } });
      expect(res, `${platform} ${JSON.stringify(res.body)}`).toMatchObject({ status: 200, body: { valid: true } });
    }
  });

  it('pictures an editor never takes (eastmoney with inlineImages drop) are not checked as paths', async () => {
    const w = await world();
    const res = await v1(t.app, w.user, 'POST', '/publish/preflight', {
      contentType: 'article', articleId: await w.article(LOCAL), executor: 'edge', accountIds: [await w.account('eastmoney')], platformSettings: { eastmoney: { inlineImages: 'drop' } },
    });
    expect(res, JSON.stringify(res.body)).toMatchObject({ status: 200, body: { valid: true } });
  });

  it('the desktop executor reads its own Windows computer: a Windows picture path is left to it', async () => {
    const w = await world();
    const accountIds = [await createAccount(w.f, w.user.id, { platform: 'baijiahao', executor: 'desktop', nodeId: w.desktop })];
    const res = await v1(t.app, w.user, 'POST', '/publish/preflight', { contentType: 'article', articleId: await w.article('正文。\n\n![图](C:\\pics\\a.png)\n'), executor: 'desktop', accountIds });
    expect(res, JSON.stringify(res.body)).toMatchObject({ status: 200, body: { valid: true } });
  });
});

describe('errors', () => {
  it('a local picture is refused by preflight and publish with local_picture_unsupported naming each one, per platform, taking no quota', async () => {
    const w = await world();
    const articleId = await w.article(LOCAL);
    const before = await persistedState(t.db.database.db, w.user.id);
    for (const platform of WEB_ONLY) {
      const accountIds = [await w.account(platform)];
      const pre = await v1(t.app, w.user, 'POST', '/publish/preflight', { contentType: 'article', articleId, executor: 'edge', accountIds });
      expect(pre, platform).toMatchObject({ status: 422, body: { error: { code: 'local_picture_unsupported' } } });
      expect(pre.headers['x-request-id'], platform).toBeTruthy();
      expect(pre.body.error.message).toContain(`(${platform}): ${platform} takes the pictures in an article's body by web address (http, https) only`);
      expect(pre.body.error.message).toContain('2 that are not: "figure.png", "/home/u/b.jpg"');
      expect(pre.body.error.message).not.toContain('https://img.test/a.png');
      const pub = await v1(t.app, w.user, 'POST', '/publish', { articleId, executor: 'edge', accountIds, settingsContractVersion: SETTINGS_CONTRACT_VERSION });
      expect(pub, platform).toMatchObject({ status: 422, body: { error: { code: 'local_picture_unsupported', message: pre.body.error.message } } });
    }
    expect(await persistedState(t.db.database.db, w.user.id)).toEqual(before);
  });

  it('one such target refuses the whole request, as any other limit does', async () => {
    const w = await world();
    const accountIds = [await w.account('baijiahao'), await w.account('dongchedi')];
    const res = await v1(t.app, w.user, 'POST', '/publish', { articleId: await w.article(w.mine), executor: 'edge', accountIds });
    expect(res).toMatchObject({ status: 422, body: { error: { code: 'local_picture_unsupported' } } });
    expect(res.body.error.message).toContain(`account ${accountIds[1]} (dongchedi)`);
  });

  it('pictures in tables, relative addresses and hostile names are found and shown escaped; many are counted', async () => {
    const w = await world();
    const autohome = [await w.account('autohome')];
    const table = await v1(t.app, w.user, 'POST', '/publish/preflight', {
      contentType: 'article', articleId: await w.article('正文。\n\n| 图 |\n|---|\n| ![a](./in-table.png) |\n'), executor: 'edge', accountIds: autohome,
    });
    expect(table).toMatchObject({ status: 422, body: { error: { code: 'local_picture_unsupported' } } });
    expect(table.body.error.message).toContain('one that is not: "./in-table.png". Put it on the web');

    const hostile = await v1(t.app, w.user, 'POST', '/publish/preflight', {
      contentType: 'article', articleId: await w.article('正文。\n\n![x](a\u0007b"c<d>.png) ![y](javascript:alert(1))\n'), executor: 'edge', accountIds: autohome,
    });
    expect(hostile).toMatchObject({ status: 422, body: { error: { code: 'local_picture_unsupported' } } });
    expect(hostile.body.error.message).toContain('"a\\u0007b\\"c<d>.png"');
    // javascript: is no picture at all (the renderer shows its alt text): only the first is one.
    expect(hostile.body.error.message).toContain('one that is not: "a');
    expect(hostile.body.error.message).not.toContain('javascript');

    const long = `${'x'.repeat(400)}.png`;
    const many = Array.from({ length: 7 }, (_, i) => `![p${i}](${i === 0 ? long : `p${i}.png`})`).join('\n\n');
    const counted = await v1(t.app, w.user, 'POST', '/publish/preflight', { contentType: 'article', articleId: await w.article(`正文。\n\n${many}\n`), executor: 'edge', accountIds: autohome });
    expect(counted.body.error.message).toContain('7 that are not:');
    expect(counted.body.error.message).toContain('"p4.png" and 2 more');
    expect(counted.body.error.message).not.toContain('p5.png');
    expect(counted.body.error.message).toContain(`"${'x'.repeat(300)}…"`);
  });

  it('javascript: and data: addresses are no pictures at all (the renderer shows them as text): nothing to refuse', async () => {
    const w = await world();
    const res = await v1(t.app, w.user, 'POST', '/publish/preflight', {
      contentType: 'article', articleId: await w.article('正文。\n\n![x](javascript:alert(1)) ![y](data:image/png;base64,AAAA)\n'), executor: 'edge', accountIds: [await w.account('dongchedi')],
    });
    expect(res).toMatchObject({ status: 200, body: { valid: true } });
  });

  it('on edge, a local picture the node would not open is refused with image_path_invalid naming it, wherever the adapter uploads local pictures', async () => {
    const w = await world();
    const articleId = await w.article(`正文。\n\n![a](figure.png) ![b](/srv/media/999/other.png) ![c](/srv/media/${w.user.id}/../x.png) ![d](https://img.test/ok.png)\n`);
    const before = await persistedState(t.db.database.db, w.user.id);
    for (const platform of UPLOADS_LOCAL) {
      const accountIds = [await w.account(platform)];
      const pre = await v1(t.app, w.user, 'POST', '/publish/preflight', { contentType: 'article', articleId, executor: 'edge', accountIds });
      expect(pre, platform).toMatchObject({ status: 422, body: { error: { code: 'image_path_invalid' } } });
      expect(pre.headers['x-request-id'], platform).toBeTruthy();
      const message: string = pre.body.error.message;
      expect(message).toContain(`The picture "figure.png" in the article's body must be an absolute Linux path under PLUME_EDGE_VIDEO_DIR/${w.user.id}/ on the node (account ${accountIds[0]} (${platform}), executor edge)`);
      expect(message).toContain(`2 more are refused too: "/srv/media/999/other.png", "/srv/media/${w.user.id}/../x.png"`);
      expect(message).not.toContain('ok.png');
      const pub = await v1(t.app, w.user, 'POST', '/publish', { articleId, executor: 'edge', accountIds, settingsContractVersion: SETTINGS_CONTRACT_VERSION });
      expect(pub, platform).toMatchObject({ status: 422, body: { error: { code: 'image_path_invalid', message } } });
    }
    expect(await persistedState(t.db.database.db, w.user.id)).toEqual(before);
  });

  it('a picture given as a Windows path is refused for the edge and web executors, on every platform, taking no quota', async () => {
    const w = await world();
    const articleId = await w.article('正文。\n\n![a](C:\\pics\\a.png)\n\n| 图 |\n|---|\n| ![b](d:/x"<b>.png) |\n\n`![code](C:\\not.png)`\n');
    const before = await persistedState(t.db.database.db, w.user.id);
    for (const platform of ['baijiahao', 'autohome', 'eastmoney']) {
      const accountIds = [await w.account(platform)];
      const pre = await v1(t.app, w.user, 'POST', '/publish/preflight', { contentType: 'article', articleId, executor: 'edge', accountIds });
      expect(pre, platform).toMatchObject({ status: 422, body: { error: { code: 'image_path_invalid' } } });
      expect(pre.body.error.message).toContain(`The article's body has 2 pictures given as a Windows path: "C:\\\\pics\\\\a.png", "d:/x\\"<b>.png" (account ${accountIds[0]} (${platform}), executor edge)`);
      expect(pre.body.error.message).toContain('The edge executor runs on Linux and cannot read them, and the article would go out with their alt text instead');
      expect(pre.body.error.message).not.toContain('not.png');
      const pub = await v1(t.app, w.user, 'POST', '/publish', { articleId, executor: 'edge', accountIds });
      expect(pub, platform).toMatchObject({ status: 422, body: { error: { code: 'image_path_invalid' } } });
    }
    const web = [await createAccount(w.f, w.user.id, { platform: 'baijiahao', executor: 'web' })];
    const res = await v1(t.app, w.user, 'POST', '/publish/preflight', { contentType: 'article', articleId: await w.article('![a](C:\\a.png)'), executor: 'web', accountIds: web });
    expect(res).toMatchObject({ status: 422, body: { error: { code: 'image_path_invalid', message: expect.stringContaining('a picture given as a Windows path: "C:\\\\a.png"') } } });
    expect(res.body.error.message).toContain('The web executor runs on Linux and cannot read it');
    expect(await persistedState(t.db.database.db, w.user.id)).toEqual(before);
  });

  it('on the web executor, a local picture is refused with image_path_invalid wherever the adapter would upload it, taking no quota', async () => {
    const w = await world();
    const articleId = await w.article(`正文。\n\n![a](/srv/media/${w.user.id}/a.png) ![b](figure.png) ![c](https://img.test/ok.png)\n`);
    const before = await persistedState(t.db.database.db, w.user.id);
    for (const platform of ['baijiahao', 'wechat_mp']) {
      const accountIds = [await createAccount(w.f, w.user.id, { platform, executor: 'web' })];
      const pre = await v1(t.app, w.user, 'POST', '/publish/preflight', { contentType: 'article', articleId, executor: 'web', accountIds, platformSettings: { [platform]: requiredSettings(platform) } });
      expect(pre, platform).toMatchObject({ status: 422, body: { error: { code: 'image_path_invalid' } } });
      expect(pre.body.error.message).toContain(`The article's body has 2 pictures given as a local path: "/srv/media/${w.user.id}/a.png", "figure.png" (account ${accountIds[0]} (${platform}), executor web). Local files exist only on edge and desktop executors`);
      expect(pre.body.error.message).not.toContain('ok.png');
      const pub = await v1(t.app, w.user, 'POST', '/publish', { articleId, executor: 'web', accountIds, platformSettings: { [platform]: requiredSettings(platform) } });
      expect(pub, platform).toMatchObject({ status: 422, body: { error: { code: 'image_path_invalid' } } });
    }
    // Web pictures alone are fine there.
    const accountIds = [await createAccount(w.f, w.user.id, { platform: 'baijiahao', executor: 'web' })];
    const web = await v1(t.app, w.user, 'POST', '/publish/preflight', { contentType: 'article', articleId: await w.article('正文。\n\n![c](https://img.test/ok.png)\n'), executor: 'web', accountIds });
    expect(web.body.problems ?? [], JSON.stringify(web.body)).not.toContainEqual(expect.objectContaining({ code: 'image_path_invalid' }));
    expect(await persistedState(t.db.database.db, w.user.id)).toEqual(before);
  });
});
