/**
 * toutiao end to end, with nothing stubbed: the control-plane app, the
 * compiled `plume-edge` daemon with the real toutiao adapter in Debian's
 * Chromium, and the toutiao replica. An ARTICLE through `POST /publish` (the
 * AI label as 引用AI beside another 作品声明, a cover, 头条首发), a
 * 微头条 through `POST /publish/dynamic` (two pictures, topics, a declaration)
 * and a VIDEO through `POST /publish/video` (cover, topics) each end
 * succeeded with exactly one post on the replica, carrying the files' bytes
 * and the frozen settings as toutiao stored them.
 */
import { describe, expect, it } from 'vitest';
import { articleHtml } from '../../src/adapters/toutiao/article.js';
import { accountOf } from '../../../test/support/edge-world.js';
import { useEdgeE2e } from '../../../test/support/edge-e2e.js';

const TOUTIAO = '1700000000000042';
const ARTICLE = '## 端到端\n\n一篇经由 **Open API** 与边缘节点发布的头条文章，含 [链接](https://example.com)。\n';

const e = useEdgeE2e({
  name: 'e2e-toutiao',
  files: { 'clip.mp4': 600 * 1024, 'cover.jpg': 40 * 1024, 'poster.jpg': 35 * 1024, 'a.jpg': 30 * 1024, 'b.png': 20 * 1024 },
  accounts: [{ platform: 'toutiao', ref: TOUTIAO, name: 'Lab toutiao' }],
});

describe('toutiao through the edge daemon', () => {
  it('the account is online and publishable on the node for all three content types', async () => {
    await expect.poll(async () => (await e.account('toutiao'))?.publishable, { timeout: 90_000, message: e.node.output() }).toBe(true);
    for (const contentType of ['article', 'dynamic', 'video']) {
      const listed = accountOf((await e.api('GET', `/accounts?contentType=${contentType}`)).body, 'toutiao');
      expect(listed, contentType).toMatchObject({ publishable: true });
    }
  }, 100_000);

  it("toutiao article: through POST /publish reaches toutiao once: HTML, cover, 作品声明 with 引用AI from the article's AI facts, 头条首发", async () => {
    e.sim.reset();
    const created = await e.api('POST', '/articles', {
      title: 'Plume 头条端到端',
      content: ARTICLE,
      contentProvenance: 'ai_assisted',
      aiProvider: 'api.example.com',
      aiModel: 'writer-1',
      coverImage: e.file('cover.jpg'),
    });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const acc = (await e.account('toutiao'))!;
    const res = await e.api('POST', '/publish', {
      articleId: created.body.article_id,
      executor: 'edge',
      accountIds: [acc.id],
      platformSettings: { toutiao: { exclusive: true, declarations: ['personal_opinion'], coverMode: 'custom' } },
    });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
    const batch = await e.batchDone(res.body.batch_id, 150_000);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');
    const posts = e.sim.publishes('toutiao');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: TOUTIAO, title: 'Plume 头条端到端', body: articleHtml(ARTICLE) });
    expect(posts[0]!.settings).toEqual({ exclusive: true, declarations: ['个人观点，仅供参考', '引用AI'], coverType: 1 });
    expect(posts[0]!.media.map((m) => [m.kind, m.sha256])).toEqual([['cover', e.sha256(e.file('cover.jpg'))]]);
    expect(posts[0]!.url).toMatch(/\/www\.toutiao\.com\/article\/\d{19}\/$/);
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  }, 180_000);

  it('toutiao dynamic: a 微头条 through POST /publish/dynamic reaches toutiao once, with both pictures', async () => {
    e.sim.reset();
    const acc = (await e.account('toutiao'))!;
    const res = await e.api('POST', '/publish/dynamic', {
      executor: 'edge',
      accountIds: [acc.id],
      content: '周末的两张照片\n拍于 **公园**',
      images: [e.file('a.jpg'), e.file('b.png')],
      platformSettings: { toutiao: { tags: ['日常'], declarations: ['from_internet'] } },
    });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(202);
    const batch = await e.batchDone(res.body.batch_id, 150_000);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');
    const posts = e.sim.publishes('toutiao');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: TOUTIAO, body: '周末的两张照片\n拍于 公园 #日常#' });
    // exclusive was frozen at its contract default (false).
    expect(posts[0]!.settings).toEqual({ exclusive: false, declarations: ['取材网络'] });
    expect(posts[0]!.media.map((m) => [m.kind, m.sha256])).toEqual([
      ['image', e.sha256(e.file('a.jpg'))],
      ['image', e.sha256(e.file('b.png'))],
    ]);
    expect(posts[0]!.url).toMatch(/\/www\.toutiao\.com\/w\/\d{19}\/$/);
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  }, 180_000);

  it('toutiao video: through POST /publish/video reaches toutiao once, with its bytes and cover', async () => {
    e.sim.reset();
    const acc = (await e.account('toutiao'))!;
    const res = await e.api('POST', '/publish/video', {
      executor: 'edge',
      accountIds: [acc.id],
      title: 'Plume 头条视频端到端',
      localVideoPath: e.file('clip.mp4'),
      coverImagePath: e.file('poster.jpg'),
      platformSettings: { toutiao: { description: '经由边缘节点发布', tags: ['Plume'] } },
    });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
    const batch = await e.batchDone(res.body.batch_id, 150_000);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');
    const posts = e.sim.publishes('toutiao');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: TOUTIAO, title: 'Plume 头条视频端到端', body: '经由边缘节点发布 #Plume' });
    expect(posts[0]!.settings).toEqual({ tags: ['Plume'], coverSource: 'custom' });
    expect(posts[0]!.media.map((m) => [m.kind, m.sha256])).toEqual([
      ['video', e.sha256(e.file('clip.mp4'))],
      ['cover', e.sha256(e.file('poster.jpg'))],
    ]);
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
    // The daemon sent the chunks from the sandbox's descriptor; Chromium sent none (upload-offload.ts).
    expect(e.sim.hits('/tos-d-x-lf.snssdk.com/', 'daemon')).toBeGreaterThan(0);
    expect(e.sim.hits('/tos-d-x-lf.snssdk.com/', 'browser')).toBe(0);
  }, 180_000);
});
