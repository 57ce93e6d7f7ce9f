/**
 * Every refusal of the publish endpoints: a stable code, a message that names
 * what to fix, and nothing persisted (no batch, no job, no quota taken).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { createUser, v1 } from '../../testing/openapi.js';
import { adminRequest, createAccount, createArticle, createNode, FULL_CAPABILITIES, persistedState, publishWorld } from '../../testing/publish.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof publishWorld>>;
let before: Awaited<ReturnType<typeof persistedState>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await publishWorld(t, { quotas: { edge: 50, desktop: 50, web: 50, cms: 50 } });
  before = await persistedState(t.db.database.db, w.user.id);
});
afterAll(async () => t?.close());
afterEach(async () => {
  expect(await persistedState(t.db.database.db, w.user.id)).toEqual(before);
});

const article = () => ({ articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu] });
const video = () => ({ executor: 'edge', accountIds: [w.acc.bilibili], title: 'Clip', localVideoPath: w.video, platformSettings: { bilibili: { partitionName: '知识', tags: ['知识'] } } });
const dynamic = () => ({ executor: 'edge', accountIds: [w.acc.weibo], content: 'hello' });

async function expectError(path: string, body: unknown, status: number, code: string, message?: RegExp) {
  const res = await v1(t.app, w.user, 'POST', path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.code).toBe(code);
  if (message) expect(res.body.error.message).toMatch(message);
  expect(res.headers['x-request-id']).toBeTruthy();
}

describe('malformed requests', () => {
  it('malformed JSON, empty bodies, other media types and oversize bodies', async () => {
    await expectError('/publish', '{"articleId":', 400, 'invalid_json');
    const empty = await t.app.inject({ method: 'POST', url: '/api/openapi/v1/publish', headers: { ...w.user.headers, 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(400);
    const text = await t.app.inject({ method: 'POST', url: '/api/openapi/v1/publish', headers: { ...w.user.headers, 'content-type': 'text/plain' }, payload: 'x' });
    expect(text.statusCode).toBe(415);
    const huge = { ...dynamic(), padding: 'x'.repeat(300 * 1024) };
    await expectError('/publish/dynamic', huge, 413, 'payload_too_large');
  });

  it('wrong types, unknown fields and repeated or non-integer account ids', async () => {
    await expectError('/publish', { ...article(), accountIds: [String(w.acc.zhihu)] }, 400, 'invalid_request', /accountIds/);
    await expectError('/publish', { ...article(), accountIds: [1.5] }, 400, 'invalid_request', /accountIds/);
    await expectError('/publish', { ...article(), accountIds: [] }, 400, 'invalid_request');
    await expectError('/publish', { ...article(), accountIds: [w.acc.zhihu, w.acc.zhihu] }, 400, 'invalid_request', /repeat/);
    await expectError('/publish', { ...article(), accountId: 1 }, 400, 'invalid_request', /accountId/);
    await expectError('/publish', { ...article(), contentType: 'article' }, 400, 'invalid_request', /contentType/);
    await expectError('/publish', { ...article(), executor: 'cloud' }, 400, 'invalid_request', /executor/);
    await expectError('/publish', { ...article(), accountSettings: { abc: {} } }, 400, 'invalid_request', /account ids/);
    await expectError('/publish', { ...article(), platformSettings: { zhihu: 'x' } }, 400, 'invalid_request');
    await expectError('/publish', { ...article(), preflightHash: 'nope' }, 400, 'invalid_request', /preflightHash/);
    await expectError('/publish/dynamic', { ...dynamic(), content: 'x'.repeat(2001) }, 400, 'invalid_request', /content/);
    await expectError('/publish/dynamic', { ...dynamic(), content: '   ' }, 400, 'invalid_request', /blank/);
    await expectError('/publish/video', { ...video(), localVideoPath: undefined }, 400, 'invalid_request', /localVideoPath/);
  });
});

describe('identifiers', () => {
  it('a generation task id, batch id or foreign article id is a clear 404', async () => {
    await expectError('/publish', { ...article(), articleId: 'gen_abc' }, 404, 'identifier_kind_mismatch', /generation task/);
    await expectError('/publish', { ...article(), articleId: 'bat_abc' }, 404, 'identifier_kind_mismatch', /batch id/);
    await expectError('/publish', { ...article(), articleId: 'hello' }, 404, 'article_not_found', /art_/);
    await expectError('/publish', { ...article(), articleId: 'art_missing' }, 404, 'article_not_found');
    const stranger = await createUser(t.app, t.adminHeaders);
    const theirs = await createArticle(w.f, stranger.id);
    await expectError('/publish', { ...article(), articleId: theirs }, 404, 'article_not_found');
  });

  it("another user's account, a removed account or an unknown id is 404 account_not_found", async () => {
    const stranger = await publishWorld(t);
    await expectError('/publish', { ...article(), accountIds: [w.acc.zhihu, stranger.acc.zhihu] }, 404, 'account_not_found', new RegExp(String(stranger.acc.zhihu)));
    await expectError('/publish', { ...article(), accountIds: [2_000_000_000] }, 404, 'account_not_found');
    const gone = await createAccount(w.f, w.user.id, { platform: 'zhihu', nodeId: w.edge });
    await adminRequest(w.f, 'DELETE', `/accounts/${gone}`);
    await expectError('/publish', { ...article(), accountIds: [gone] }, 404, 'account_not_found');
  });
});

describe('routing', () => {
  it('fixed routing: an executor other than the account resolves to is refused', async () => {
    await expectError('/publish', { ...article(), executor: 'desktop' }, 422, 'executor_mismatch', /fixed routing/);
    await expectError('/publish', { ...article(), accountIds: [w.acc.zhihu, w.acc.zhihuDesktop] }, 422, 'executor_mismatch');
    await expectError('/publish', { ...article(), executor: 'web', accountIds: [w.acc.zhihu] }, 422, 'executor_mismatch');
    await expectError('/publish', { ...article(), executor: 'edge', accountIds: [w.acc.wordpress] }, 422, 'executor_mismatch');
  });

  it('content types a platform does not take: no fallback', async () => {
    await expectError('/publish/dynamic', { ...dynamic(), accountIds: [w.acc.zhihu] }, 422, 'content_type_not_supported', /six|never fall back/);
    await expectError('/publish', { ...article(), accountIds: [w.acc.kuaishou] }, 422, 'content_type_not_supported');
    await expectError('/publish/video', { ...video(), accountIds: [w.acc.csdn] }, 422, 'content_type_not_supported');
    await expectError('/publish/dynamic', { ...dynamic(), executor: 'web', accountIds: [w.acc.wordpress] }, 422, 'content_type_not_supported');
  });

  it('youtube video is desktop only; web is not a video executor', async () => {
    const ytOnEdge = await createAccount(w.f, w.user.id, { platform: 'youtube', nodeId: w.edge });
    await expectError('/publish/video', { ...video(), accountIds: [ytOnEdge], platformSettings: { youtube: { madeForKids: false } } }, 422, 'executor_not_supported', /desktop/);
    await expectError('/publish/video', { ...video(), executor: 'web' }, 422, 'executor_not_supported', /web is not supported/);
    await expectError('/publish/video', { ...video(), platforms: ['douyin'] }, 422, 'account_platform_mismatch');
    await expectError('/publish/video', { ...video(), platforms: ['tiktok'] }, 422, 'unknown_platform');
  });

  it('CMS publishing needs the plan CMS permission and the cms key permission', async () => {
    const noCmsKey = await createUser(t.app, t.adminHeaders, { keyPermissions: ['publish', 'accounts:read'] });
    const noCmsPlan = await createUser(t.app, t.adminHeaders, { cmsEnabled: false });
    for (const u of [noCmsKey, noCmsPlan]) {
      const { createCmsSite } = await import('../../testing/publish.js');
      const site = await createCmsSite(w.f, u.id);
      const art = await createArticle(w.f, u.id);
      const res = await v1(t.app, u, 'POST', '/publish', { articleId: art, executor: 'web', accountIds: [site] });
      expect(res).toMatchObject({ status: 403, body: { error: { code: 'cms_not_permitted' } } });
    }
  });
});

describe('settings', () => {
  it('unknown platforms, unknown fields and bad values name the field', async () => {
    await expectError('/publish', { ...article(), platformSettings: { myspace: {} } }, 422, 'unknown_platform', /myspace/);
    await expectError('/publish', { ...article(), platformSettings: { zhihu: { cookie: 'z_c0=1' } } }, 422, 'invalid_settings', /platformSettings\.zhihu\.cookie/);
    await expectError('/publish', { ...article(), accountSettings: { [w.acc.zhihu]: { tags: 'one' } } }, 422, 'invalid_settings', new RegExp(`accountSettings\\.${w.acc.zhihu}\\.tags`));
    await expectError('/publish', { ...article(), accountSettings: { [w.acc.csdn]: {} } }, 422, 'invalid_settings', /not in accountIds/);
    // JSON.parse turns 1e400 into Infinity, which has no canonical JSON: refused, never a 500.
    const infinite = (layer: string) => `{"articleId":"${w.article}","executor":"edge","accountIds":[${w.acc.zhihu}],${layer}}`;
    for (const path of ['/publish', '/publish/preflight']) {
      const extra = path === '/publish/preflight' ? ',"contentType":"article"' : '';
      await expectError(path, infinite(`"platformSettings":{"zhihu":{"tags":["a"],"x":1e400}}${extra}`), 422, 'invalid_settings', /platformSettings\.zhihu/);
      await expectError(path, infinite(`"accountSettings":{"${w.acc.zhihu}":{"tags":[1e400]}}${extra}`), 422, 'invalid_settings', new RegExp(`accountSettings\\.${w.acc.zhihu}`));
    }
    await expectError('/publish', { ...article(), settingsMode: 'mine' }, 400, 'invalid_request', /settingsMode/);
  });

  it('legacy bilibili partition id and douyin AI switch are deprecated_field', async () => {
    await expectError('/publish/video', { ...video(), platformSettings: { bilibili: { tid: 36 } } }, 422, 'deprecated_field', /partitionName/);
    await expectError('/publish/video', { ...video(), platformSettings: { bilibili: { partitionId: 36, partitionName: '知识' } } }, 422, 'deprecated_field');
    await expectError('/publish/video', { ...video(), accountIds: [w.acc.douyin], platformSettings: { douyin: { isAiGenerated: true } } }, 422, 'deprecated_field', /creationDeclaration/);
    await expectError('/publish/video', { ...video(), accountIds: [w.acc.douyin], platformSettings: { douyin: { aiGenerated: true } } }, 422, 'deprecated_field');
  });

  it('required and conditional fields are checked on the merged settings', async () => {
    await expectError('/publish/video', { ...video(), platformSettings: {} }, 422, 'invalid_settings', /partitionName is required/);
    await expectError('/publish/video', { ...video(), accountIds: [w.acc.douyin], platformSettings: { douyin: { aiLabel: true } } }, 422, 'invalid_settings', /creationDeclaration is required when aiLabel/);
    await expectError('/publish', { ...article(), platformSettings: { zhihu: { coverMode: 'custom' } } }, 422, 'invalid_settings', /no coverImage/);
  });

  it('deprecated videoUrl and coverImageUrl are refused even beside local paths', async () => {
    await expectError('/publish/video', { ...video(), videoUrl: 'https://cdn.example.test/a.mp4' }, 422, 'deprecated_field', /videoUrl/);
    await expectError('/publish/video', { ...video(), coverImageUrl: 'https://cdn.example.test/a.jpg' }, 422, 'deprecated_field', /coverImageUrl/);
  });
});

describe('limits and paths', () => {
  it('titles and dynamics beyond a platform limit are content_limit_exceeded', async () => {
    const long = await createArticle(w.f, w.user.id, { title: '长'.repeat(31) });
    await expectError('/publish', { ...article(), articleId: long, accountIds: [w.acc.toutiao] }, 422, 'content_limit_exceeded', /at most 30/);
    // Characters are code points: 30 emoji (60 UTF-16 units) fit a 30-character title, 31 do not.
    const fits = await createArticle(w.f, w.user.id, { title: '😀'.repeat(30) });
    const ok = await v1(t.app, w.user, 'POST', '/publish/preflight', { ...article(), articleId: fits, accountIds: [w.acc.toutiao], contentType: 'article' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const over = await createArticle(w.f, w.user.id, { title: '😀'.repeat(31) });
    await expectError('/publish', { ...article(), articleId: over, accountIds: [w.acc.toutiao] }, 422, 'content_limit_exceeded', /title has 31 characters/);
    // toutiao's editor refuses a title under 2 characters (请输入文章标题（2～30个字）).
    const short = await createArticle(w.f, w.user.id, { title: '短' });
    await expectError('/publish', { ...article(), articleId: short, accountIds: [w.acc.toutiao] }, 422, 'content_limit_exceeded', /title has 1 characters; toutiao needs at least 2/);
    await expectError('/publish/dynamic', { ...dynamic(), accountIds: [w.acc.douyin] }, 422, 'content_limit_exceeded', /at least 1 image/);
  });

  it('a bilibili video without a tag is refused at preflight and publish, as the node refuses it, and takes nothing', async () => {
    const before = await persistedState(t.db.database.db, w.user.id);
    const untagged = { executor: 'edge', accountIds: [w.acc.bilibili], title: 'Clip', localVideoPath: w.video, platformSettings: { bilibili: { partitionName: '知识' } } };
    await expectError('/publish/preflight', { ...untagged, contentType: 'video' }, 422, 'invalid_settings', /tags is required for bilibili video/);
    await expectError('/publish/video', untagged, 422, 'invalid_settings', /tags is required for bilibili video/);
    await expectError('/publish/video', { ...untagged, platformSettings: { bilibili: { partitionName: '知识', tags: ['长'.repeat(21)] } } }, 422, 'invalid_settings', /tags/);
    expect(await persistedState(t.db.database.db, w.user.id)).toEqual(before);
  });

  it("a platform's own picture and topic limits hold at preflight as on the node: a xiaohongshu note takes 18 pictures and 10 topics", async () => {
    const xhs = await createAccount(w.f, w.user.id, { platform: 'xiaohongshu', nodeId: w.edge });
    const pictures = (n: number) => Array.from({ length: n }, (_, i) => `/srv/plume/videos/${w.user.id}/p${i}.jpg`);
    const topics = (n: number) => Array.from({ length: n }, (_, i) => `话题${i}`);
    const note = (images: string[], tags: string[]) => ({ ...dynamic(), accountIds: [xhs], images, platformSettings: { xiaohongshu: { tags } } });
    const fits = await v1(t.app, w.user, 'POST', '/publish/preflight', { ...note(pictures(18), topics(10)), contentType: 'dynamic' });
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
    expect(fits.body.valid, JSON.stringify(fits.body)).toBe(true);
    await expectError('/publish/dynamic', note(pictures(19), topics(1)), 422, 'content_limit_exceeded', /at most 18 images/);
    // More pictures than any platform takes (douyin's 35) is a malformed body: 400 before any account is looked at.
    await expectError('/publish/dynamic', note(pictures(36), topics(1)), 400, 'invalid_request', /images/);
    await expectError('/publish/dynamic', { ...note(pictures(1), topics(1)), images: 'p0.jpg' }, 400, 'invalid_request', /images/);
    await expectError('/publish/dynamic', note(pictures(1), topics(11)), 422, 'invalid_settings', /tags/);
  });

  it('edge paths must be absolute, normalized and inside the video directory of the caller', async () => {
    const root = '/srv/plume/videos';
    const other = `${root}/${w.user.id + 1}/clip.mp4`;
    await expectError('/publish/video', { ...video(), localVideoPath: 'clip.mp4' }, 422, 'video_path_invalid', /absolute/);
    await expectError('/publish/video', { ...video(), localVideoPath: `${root}/${w.user.id}/../x/clip.mp4` }, 422, 'video_path_invalid', /normalized/);
    await expectError('/publish/video', { ...video(), localVideoPath: other }, 422, 'video_path_invalid', new RegExp(`${root}/${w.user.id}/`));
    await expectError('/publish/video', { ...video(), localVideoPath: `/tmp/${w.user.id}/clip.mp4` }, 422, 'video_path_invalid');
    await expectError('/publish/video', { ...video(), localVideoPath: `${root}/${w.user.id}/a\u0001.mp4` }, 422, 'video_path_invalid', /control/);
    // NUL is refused for every field before any check: 400 like any text no field accepts.
    await expectError('/publish/video', { ...video(), localVideoPath: `${root}/${w.user.id}/a\u0000.mp4` }, 400, 'invalid_request', /localVideoPath contains U\+0000/);
    await expectError('/publish/video', { ...video(), coverImagePath: `${root}/x.jpg` }, 422, 'cover_path_invalid', new RegExp(`coverImagePath "${root}/x.jpg"`));
    await expectError('/publish/dynamic', { ...dynamic(), images: ['/etc/passwd'] }, 422, 'image_path_invalid', /images\[0\]/);
  });

  it("an article's cover given as a local path is checked like a video path, and the refusal names it", async () => {
    const root = '/srv/plume/videos';
    const withCover = (coverImage: string) => createArticle(w.f, w.user.id, { coverImage });
    const outside = await withCover('/etc/plume/cover.png');
    await expectError('/publish', { ...article(), articleId: outside }, 422, 'cover_path_invalid', /coverImage "\/etc\/plume\/cover\.png" must be inside/);
    const preflight = await v1(t.app, w.user, 'POST', '/publish/preflight', { ...article(), articleId: outside, contentType: 'article' });
    expect(preflight.body.error).toMatchObject({ code: 'cover_path_invalid' });
    const strangers = await withCover(`${root}/${w.user.id + 1}/cover.png`);
    await expectError('/publish', { ...article(), articleId: strangers }, 422, 'cover_path_invalid', new RegExp(`${root}/${w.user.id}/`));
    const relative = await withCover(`${root}/${w.user.id}/../cover.png`);
    await expectError('/publish', { ...article(), articleId: relative }, 422, 'cover_path_invalid', /normalized/);
    // A desktop executor takes Windows paths only.
    const linux = await withCover(`${root}/${w.user.id}/cover.png`);
    await expectError('/publish', { ...article(), articleId: linux, executor: 'desktop', accountIds: [w.acc.zhihuDesktop] }, 422, 'cover_path_invalid', /Windows/);
  });

  it('desktop paths must be absolute Windows paths', async () => {
    const yt = { executor: 'desktop', accountIds: [w.acc.youtube], title: 'x', platformSettings: { youtube: { madeForKids: false } } };
    await expectError('/publish/video', { ...yt, localVideoPath: w.video }, 422, 'video_path_invalid', /Windows/);
    await expectError('/publish/video', { ...yt, localVideoPath: 'Videos\\a.mp4' }, 422, 'video_path_invalid');
    await expectError('/publish/video', { ...yt, localVideoPath: 'C:\\Videos\\..\\a.mp4' }, 422, 'video_path_invalid');
  });

  it('a desktop that reports Linux (or macOS) is sent paths of its own system, and refuses Windows ones', async () => {
    const linux = await createNode(w.f, { kind: 'desktop', userIds: [w.user.id], capabilities: { ...FULL_CAPABILITIES, os: 'linux' } });
    const youtube = await createAccount(w.f, w.user.id, { platform: 'youtube', executor: 'desktop', nodeId: linux });
    const yt = { executor: 'desktop', accountIds: [youtube], title: 'x', platformSettings: { youtube: { madeForKids: false } } };
    await expectError('/publish/video', { ...yt, localVideoPath: 'C:\\Videos\\a.mp4' }, 422, 'video_path_invalid', /absolute Linux path/);
    await expectError('/publish/video', { ...yt, localVideoPath: '/home/ann/../a.mp4' }, 422, 'video_path_invalid', /normalized/);
    const pre = await v1(t.app, w.user, 'POST', '/publish/preflight', { contentType: 'video', ...yt, localVideoPath: '/home/ann/Videos/a.mp4' });
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    expect(JSON.stringify(pre.body)).not.toMatch(/video_path_invalid/);
  });
});

describe('quota', () => {
  it('a batch takes all its units or none', async () => {
    const poor = await publishWorld(t, { quotas: { edge: 1 } });
    const res = await v1(t.app, poor.user, 'POST', '/publish', { articleId: poor.article, executor: 'edge', accountIds: [poor.acc.zhihu, poor.acc.csdn] });
    expect(res).toMatchObject({ status: 403, body: { error: { code: 'quota_exceeded', message: expect.stringMatching(/needs 2, 1 remaining/) } } });
    expect(await persistedState(t.db.database.db, poor.user.id)).toMatchObject({ batches: 0, jobs: 0, used: { edge: 0 } });
    // Preflight said so beforehand.
    const pre = await v1(t.app, poor.user, 'POST', '/publish/preflight', { contentType: 'article', articleId: poor.article, executor: 'edge', accountIds: [poor.acc.zhihu, poor.acc.csdn] });
    expect(pre.body).toMatchObject({ valid: false, quota: [{ bucket: 'edge', needed: 2, remaining: 1, ok: false }] });
  });

  it('a short bucket takes nothing from the other buckets of the batch', async () => {
    const two = await publishWorld(t, { quotas: { web: 5, cms: 0 } });
    const webNode = await createNode(two.f, { kind: 'web', userIds: [two.user.id], capabilities: FULL_CAPABILITIES });
    const zhihuWeb = await createAccount(two.f, two.user.id, { platform: 'zhihu', executor: 'web', nodeId: webNode });
    const res = await v1(t.app, two.user, 'POST', '/publish', { articleId: two.article, executor: 'web', accountIds: [zhihuWeb, two.acc.wordpress] });
    expect(res).toMatchObject({ status: 403, body: { error: { code: 'quota_exceeded', message: expect.stringMatching(/^cms quota: this request needs 1, 0 remaining/) } } });
    expect(await persistedState(t.db.database.db, two.user.id)).toMatchObject({ batches: 0, jobs: 0, used: { web: 0, cms: 0 } });
  });
});

describe('auth', () => {
  for (const [path, body] of [
    ['/publish', () => article()],
    ['/publish/dynamic', () => dynamic()],
    ['/publish/video', () => video()],
  ] as const) {
    it(`${path} needs a key and the publish permission`, async () => {
      expect(await v1(t.app, null, 'POST', path, body())).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } });
      const reader = await createUser(t.app, t.adminHeaders, { keyPermissions: ['accounts:read', 'cms'] });
      expect(await v1(t.app, reader, 'POST', path, body())).toMatchObject({ status: 403, body: { error: { code: 'permission_denied' } } });
    });
  }

  it('GET /publish/{batch_id} needs a key and the publish permission', async () => {
    expect((await v1(t.app, null, 'GET', '/publish/bat_x')).status).toBe(401);
    const reader = await createUser(t.app, t.adminHeaders, { keyPermissions: ['accounts:read'] });
    expect((await v1(t.app, reader, 'GET', '/publish/bat_x')).body.error.code).toBe('permission_denied');
  });
});
