/**
 * Preflight and publish refuse an article cover the target's executor would
 * certainly refuse, with a stable code and before any quota is taken; a
 * cover they accept is one an executor downloads or opens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { v1 } from '../../testing/openapi.js';
import { createAccount, createArticle, persistedState, publishWorld } from '../../testing/publish.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof publishWorld>>;
let jianshu: number;
beforeAll(async () => {
  t = await createTestApp();
  w = await publishWorld(t, { quotas: { edge: 50, desktop: 50, web: 50, cms: 50 } });
  jianshu = await createAccount(w.f, w.user.id, { platform: 'jianshu', nodeId: w.edge });
});
afterAll(async () => t?.close());

const withCover = (coverImage: string) => createArticle(w.f, w.user.id, { title: 'Covered', coverImage });

async function preflight(articleId: string, executor: string, accountIds: number[], extra: Record<string, unknown> = {}) {
  return v1(t.app, w.user, 'POST', '/publish/preflight', { contentType: 'article', articleId, executor, accountIds, ...extra });
}

describe('happy path', () => {
  it('an https cover on a public host is valid for the edge and the web (CMS) executor, its adoption awaited', async () => {
    const article = await withCover('https://cdn.example.com/covers/a.jpg?size=large');
    for (const [executor, account] of [['edge', w.acc.zhihu], ['web', w.acc.wordpress]] as const) {
      const res = await preflight(article, executor, [account]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.valid).toBe(true);
      expect(res.body.targets[0].effective_settings.coverMode).toBe('custom');
      expect(res.body.awaiting_verification.map((a: { code: string }) => a.code)).toContain('cover_adoption');
    }
  });

  it('a local cover path is fine for the CMS site when the cover is not used (coverMode auto)', async () => {
    const article = await withCover('/srv/media/cover.png');
    const res = await preflight(article, 'web', [w.acc.wordpress], { platformSettings: { wordpress: { coverMode: 'auto' } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.valid).toBe(true);
  });
});

describe('errors', () => {
  it('a local cover path for the web (CMS) executor: 422 cover_path_unsupported, on preflight and publish, nothing taken', async () => {
    const article = await withCover('/srv/media/cover.png');
    const before = await persistedState(t.db.database.db, w.user.id);
    const pre = await preflight(article, 'web', [w.acc.wordpress]);
    expect(pre.status, JSON.stringify(pre.body)).toBe(422);
    expect(pre.body.error).toMatchObject({ code: 'cover_path_unsupported', message: expect.stringContaining('"/srv/media/cover.png"') });
    expect(pre.headers['x-request-id']).toBeTruthy();

    const pub = await v1(t.app, w.user, 'POST', '/publish', { articleId: article, executor: 'web', accountIds: [w.acc.wordpress] });
    expect(pub.status).toBe(422);
    expect(pub.body.error.code).toBe('cover_path_unsupported');
    expect(await persistedState(t.db.database.db, w.user.id)).toEqual(before);
  });

  it.each([
    ['http://cdn.example.com/a.jpg', /must be an https URL/],
    ['https://user:secret@cdn.example.com/a.jpg', /user name or password/],
    ['https://127.0.0.1/a.jpg', /loopback/],
    ['https://10.20.30.40/a.jpg', /private/],
    ['https://192.168.1.10/a.jpg', /private/],
    ['https://169.254.169.254/latest/meta-data/', /link-local/],
    ['https://100.64.1.1/a.jpg', /carrier-grade NAT/],
    ['https://[::1]/a.jpg', /loopback/],
    ['https://[fd00::5]/a.jpg', /unique local/],
    ['https://[::ffff:10.0.0.1]/a.jpg', /IPv4-mapped private/],
    ['https://localhost:8443/a.jpg', /localhost/],
    ['https://2130706433/a.jpg', /loopback/],
  ])('cover %s: 422 cover_url_invalid for every executor', async (cover, why) => {
    const article = await withCover(cover);
    for (const [executor, account] of [['edge', w.acc.zhihu], ['web', w.acc.wordpress], ['desktop', w.acc.zhihuDesktop]] as const) {
      const res = await preflight(article, executor, [account]);
      expect(res.status, `${executor}: ${JSON.stringify(res.body)}`).toBe(422);
      expect(res.body.error.code).toBe('cover_url_invalid');
      expect(res.body.error.message).toMatch(why);
    }
  });

  it('a platform that takes no custom cover refuses coverMode custom (its contract offers auto only)', async () => {
    const article = await withCover('https://cdn.example.com/covers/a.jpg');
    const res = await preflight(article, 'edge', [jianshu], { platformSettings: { jianshu: { coverMode: 'custom' } } });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error.code).toBe('invalid_settings');
    expect(res.body.error.message).toMatch(/coverMode/);
  });
});
