/**
 * End to end for eastmoney (东方财富 财富号), with nothing stubbed: the
 * control-plane app, the compiled `plume-edge` daemon with the real adapter in
 * Debian's Chromium, and the platform simulator's replica. An article with a
 * picture in its body is refused by preflight (the editor takes none) until
 * the request says to drop it; then `POST /publish` leaves exactly one post:
 * the article pasted into the editor without the picture, the cover uploaded
 * through the editor's cover dialog. A video through `POST /publish/video`
 * leaves one video post: the file's bytes, the title and the description as
 * the video page's one text box holds them.
 */
import { join } from 'node:path';
import { SETTINGS_CONTRACT_VERSION } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import { textOf } from '../../src/adapters/kit/article-markup.js';
import { useEdgeE2e } from '../../../test/support/edge-e2e.js';

const REF = '3286015042150001';
const TITLE = 'Plume 财富号端到端';
const ARTICLE = '## 为什么用粘贴\n\n一篇经由 **Open API** 发布的文章。\n\n![走势图](https://images.example.com/trend.png)\n\n- 标题\n- 正文\n- 封面\n';
const letters = (html: string) => textOf(html).replace(/\s+/g, '');

const e = useEdgeE2e({
  name: 'e2e-eastmoney',
  files: { 'cover.jpg': 40 * 1024, 'clip.mp4': 300 * 1024 },
  accounts: [{ platform: 'eastmoney', ref: REF, name: 'Lab eastmoney' }],
});

describe('edge executor, eastmoney', () => {
  it('eastmoney article: the account is online and publishable for articles on the node', async () => {
    await expect.poll(async () => (await e.account('eastmoney'))?.publishable, { timeout: 45_000, message: e.node.output() }).toBe(true);
  }, 120_000);

  it('eastmoney article: preflight refuses the inline picture the editor would lose; with inlineImages drop it is published once, without it, with the cover', async () => {
    const created = await e.api('POST', '/articles', { title: TITLE, content: ARTICLE, coverImage: join(e.node.userDir, 'cover.jpg'), contentProvenance: 'human' });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const accountId = (await e.account('eastmoney'))!.id;
    const request = (settings: Record<string, unknown>) => ({
      articleId: created.body.article_id,
      executor: 'edge',
      accountIds: [accountId],
      platformSettings: { eastmoney: { coverMode: 'custom', aiLabel: true, ...settings } },
    });

    const refused = await e.api('POST', '/publish/preflight', { ...request({}), contentType: 'article' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.error.code).toBe('invalid_settings');
    expect(refused.body.error.message).toContain('inlineImages');

    const pre = await e.api('POST', '/publish/preflight', { ...request({ inlineImages: 'drop' }), contentType: 'article' });
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    expect(pre.body.valid, JSON.stringify(pre.body.problems)).toBe(true);
    const [target] = pre.body.targets as Array<{ ignored_settings: Array<{ setting: string }>; effective_settings: Record<string, unknown> }>;
    expect(target!.effective_settings).toMatchObject({ coverMode: 'custom', inlineImages: 'drop' });
    // The editor records no AI declaration: preflight says so.
    expect(target!.ignored_settings.map((i) => i.setting)).toEqual(['aiLabel']);

    const res = await e.api('POST', '/publish', { ...request({ inlineImages: 'drop' }), preflightHash: pre.body.preflight_hash, settingsContractVersion: SETTINGS_CONTRACT_VERSION });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
    const batch = await e.batchDone(res.body.batch_id, 200_000);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');

    const posts = e.sim.publishes('eastmoney');
    expect(posts).toHaveLength(1);
    const post = posts[0]!;
    expect(post).toMatchObject({ account: REF, title: TITLE });
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: post.postId });
    expect(post.body).toContain('<h2>为什么用粘贴</h2>');
    expect(post.body).toContain('<strong>Open API</strong>');
    expect(post.body).not.toContain('<img');
    expect(letters(post.body)).toBe(letters('为什么用粘贴一篇经由 Open API 发布的文章。标题正文封面'));
    expect(post.media).toEqual([{ kind: 'cover', size: 40 * 1024, sha256: e.sha256(join(e.node.userDir, 'cover.jpg')) }]);
    expect(post.url).toBe(`${e.sim.baseUrl('eastmoney')}/caifuhao.eastmoney.com/news/${post.postId}`);
  }, 260_000);

  it('eastmoney video: reaches eastmoney once: the video bytes, the title and the description in the page\'s one box', async () => {
    const res = await e.api('POST', '/publish/video', {
      executor: 'edge',
      accountIds: [(await e.account('eastmoney'))!.id],
      title: 'Plume 财富号视频端到端',
      localVideoPath: join(e.node.userDir, 'clip.mp4'),
      platformSettings: { eastmoney: { description: '经由 **Open API** 发布' } },
    });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
    const batch = await e.batchDone(res.body.batch_id, 200_000);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');
    const posts = e.sim.publishes('eastmoney').filter((p) => p.settings.type === 'video');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: REF, title: 'Plume 财富号视频端到端', body: '经由 Open API 发布' });
    expect(posts[0]!.media).toEqual([{ kind: 'video', size: 300 * 1024, sha256: e.sha256(join(e.node.userDir, 'clip.mp4')) }]);
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  }, 260_000);
});
