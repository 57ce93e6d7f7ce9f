/**
 * End to end for the two other content types, with nothing stubbed: the
 * control-plane app, the compiled `plume-edge` daemon with the real juejin
 * and weibo adapters in Debian's Chromium, and the platform simulator. An
 * ARTICLE published through `POST /publish` to a juejin account and a DYNAMIC
 * through `POST /publish/dynamic` to a weibo account each end succeeded with
 * exactly one post on the simulator; so does a weibo VIDEO through
 * `POST /publish/video`, with the file's and the cover's bytes and its frozen
 * settings as weibo stores them, and a weibo ARTICLE, declared as AI-made
 * because the article says so. One daemon and one control plane serve all
 * cases.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEdgeE2e } from '../../../test/support/edge-e2e.js';

const JUEJIN = 'jj_e2e_1';
const WEIBO = '6600112233';
const ARTICLE = '# Plume 端到端\n\n一篇经由 **Open API** 发布的文章。\n\n```ts\nconst x = 1;\n```\n';

const e = useEdgeE2e({
  name: 'e2e-content',
  files: { 'photo.png': 30 * 1024, 'clip.mp4': 200 * 1024, 'cover.jpg': 30 * 1024 },
  accounts: [
    { platform: 'juejin', ref: JUEJIN, name: 'Lab juejin' },
    { platform: 'weibo', ref: WEIBO, name: 'Lab weibo' },
  ],
  configure: (sim) => sim.configure('weibo', { chunkDelayMs: 0 }),
});

describe('edge executor, other content types', () => {
  it('both accounts are online and publishable on the node', async () => {
    for (const platform of ['juejin', 'weibo']) {
      await expect.poll(async () => (await e.account(platform))?.publishable, { timeout: 45_000, message: e.node.output() }).toBe(true);
    }
  }, 100_000);

  it('juejin article: through POST /publish reaches juejin once', async () => {
    const created = await e.api('POST', '/articles', { title: 'Plume 掘金端到端', content: ARTICLE, contentProvenance: 'human' });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const acc = (await e.account('juejin'))!;
    const res = await e.api('POST', '/publish', {
      articleId: created.body.article_id,
      executor: 'edge',
      accountIds: [acc.id],
      platformSettings: { juejin: { category: 'backend', tags: ['TypeScript'], summary: '经由 Open API 与边缘节点发布的一篇测试文章' } },
    });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
    const batch = await e.batchDone(res.body.batch_id, 90_000);
    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
    const posts = e.sim.publishes('juejin');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: JUEJIN, title: 'Plume 掘金端到端', body: ARTICLE });
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  }, 120_000);

  it('weibo article: through POST /publish reaches weibo once, as HTML with the AI declaration from the article', async () => {
    const created = await e.api('POST', '/articles', {
      title: 'Plume 微博头条文章',
      content: ARTICLE,
      contentProvenance: 'ai_generated',
      aiProvider: 'api.example.com',
      aiModel: 'writer-1',
    });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const acc = (await e.account('weibo'))!;
    const res = await e.api('POST', '/publish', { articleId: created.body.article_id, executor: 'edge', accountIds: [acc.id] });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
    const batch = await e.batchDone(res.body.batch_id, 90_000);
    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
    const posts = e.sim.publishes('weibo').filter((p) => p.settings.kind === 'article');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: WEIBO, title: 'Plume 微博头条文章' });
    expect(posts[0]!.body).toContain('<strong>Open API</strong>');
    expect(posts[0]!.body).toContain('const x = 1;');
    expect(posts[0]!.settings).toMatchObject({ kind: 'article', aiDeclared: true });
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  }, 120_000);

  it('weibo dynamic: through POST /publish/dynamic reaches weibo once, with the image', async () => {
    const acc = (await e.account('weibo'))!;
    const res = await e.api('POST', '/publish/dynamic', {
      executor: 'edge',
      accountIds: [acc.id],
      content: 'Plume 端到端动态 #Plume#',
      images: [join(e.node.userDir, 'photo.png')],
      platformSettings: { weibo: { visibility: 'public' } },
    });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(202);
    const batch = await e.batchDone(res.body.batch_id, 90_000);
    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
    const posts = e.sim.publishes('weibo').filter((p) => p.settings.kind !== 'article');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: WEIBO });
    expect(posts[0]!.body).toContain('Plume 端到端动态');
    expect(posts[0]!.media.find((m) => m.kind === 'image')?.sha256).toBe(e.sha256(join(e.node.userDir, 'photo.png')));
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  }, 120_000);

  it('weibo video: through POST /publish/video reaches weibo once, with its bytes, cover, 类型 and AI declaration', async () => {
    e.sim.reset();
    e.sim.configure('weibo', { chunkDelayMs: 0 });
    const acc = (await e.account('weibo'))!;
    const res = await e.api('POST', '/publish/video', {
      executor: 'edge',
      accountIds: [acc.id],
      title: 'Plume 微博视频',
      localVideoPath: join(e.node.userDir, 'clip.mp4'),
      coverImagePath: join(e.node.userDir, 'cover.jpg'),
      platformSettings: { weibo: { creationType: 'derivative', aiLabel: true, description: '端到端的**视频**说明', tags: ['Plume'] } },
    });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
    const batch = await e.batchDone(res.body.batch_id, 120_000);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');
    const posts = e.sim.publishes('weibo');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: WEIBO, title: 'Plume 微博视频', body: '端到端的视频说明\n#Plume#' });
    expect(posts[0]!.settings).toEqual({ kind: 'video', visibility: '公开', type: '二创', declaration: '含AI生成内容' });
    expect(posts[0]!.media).toEqual([
      { kind: 'video', size: 200 * 1024, sha256: e.sha256(join(e.node.userDir, 'clip.mp4')) },
      { kind: 'cover', size: 30 * 1024, sha256: e.sha256(join(e.node.userDir, 'cover.jpg')) },
    ]);
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  }, 180_000);
});
