/**
 * End to end for the car platforms' articles — autohome (汽车之家 车家号) and
 * dongchedi (懂车帝 懂车号) — with nothing stubbed: the control-plane app, the compiled `plume-edge`
 * daemon with the real adapters in Debian's Chromium, and the platform
 * simulator's replicas. `POST /publish` leaves exactly one post per platform:
 * the article as the editor took it, its cover uploaded through the editor's
 * own cover control (原创 as asked on 车家号).
 */
import { join } from 'node:path';
import { SETTINGS_CONTRACT_VERSION } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import { textOf } from '../../src/adapters/kit/article-markup.js';
import { useEdgeE2e } from '../../../test/support/edge-e2e.js';

const AUTOHOME = '63581299';
const DONGCHEDI = '1720458836289901';
const ARTICLE = '## 为什么用粘贴\n\n一篇经由 **Open API** 发布的文章。\n\n![车头](https://images.example.com/front.jpg)\n\n- 标题\n- 正文\n- 封面\n';
const letters = (html: string) => textOf(html).replace(/\s+/g, '');

const e = useEdgeE2e({
  name: 'e2e-car-articles',
  files: { 'cover.jpg': 40 * 1024 },
  accounts: [
    { platform: 'autohome', ref: AUTOHOME, name: 'Lab autohome' },
    { platform: 'dongchedi', ref: DONGCHEDI, name: 'Lab dongchedi' },
  ],
});

async function publishOne(platform: string, title: string, settings: Record<string, unknown>) {
  const created = await e.api('POST', '/articles', { title, content: ARTICLE, coverImage: join(e.node.userDir, 'cover.jpg'), contentProvenance: 'human' });
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  const request = {
    articleId: created.body.article_id,
    executor: 'edge',
    accountIds: [(await e.account(platform))!.id],
    platformSettings: { [platform]: settings },
  };
  const pre = await e.api('POST', '/publish/preflight', { ...request, contentType: 'article' });
  expect(pre.status, JSON.stringify(pre.body)).toBe(200);
  expect(pre.body.valid, JSON.stringify(pre.body.problems)).toBe(true);
  const [target] = pre.body.targets as Array<{ ignored_settings: Array<{ setting: string }> }>;
  const res = await e.api('POST', '/publish', { ...request, preflightHash: pre.body.preflight_hash, settingsContractVersion: SETTINGS_CONTRACT_VERSION });
  expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
  const batch = await e.batchDone(res.body.batch_id, 200_000);
  expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');
  const posts = e.sim.publishes(platform);
  expect(posts).toHaveLength(1);
  expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  return { post: posts[0]!, ignored: target!.ignored_settings.map((i) => i.setting) };
}

describe('edge executor, car platforms', () => {
  it('autohome article: the account (and the dongchedi one) is online and publishable for articles on the node', async () => {
    await expect.poll(async () => (await e.account('autohome'))?.publishable, { timeout: 45_000, message: e.node.output() }).toBe(true);
    await expect.poll(async () => (await e.account('dongchedi'))?.publishable, { timeout: 45_000, message: e.node.output() }).toBe(true);
  }, 120_000);

  it('autohome article: published once through the long-article editor: the pasted article with its picture, 原创, the cover in both slots; aiLabel reported ignored', async () => {
    const { post, ignored } = await publishOne('autohome', 'Plume 车家号端到端测试', { coverMode: 'custom', original: true, aiLabel: true });
    // The editor records no AI declaration: preflight says so.
    expect(ignored).toEqual(['aiLabel']);
    expect(post).toMatchObject({ account: AUTOHOME, title: 'Plume 车家号端到端测试', settings: { type: 'article', original: true, first: false } });
    expect(post.body).toContain('<h2>为什么用粘贴</h2>');
    expect(post.body).toContain('<img src="https://images.example.com/front.jpg" alt="车头">');
    expect(letters(post.body)).toBe(letters('为什么用粘贴一篇经由 Open API 发布的文章。标题正文封面'));
    // The one cover in both of the long-article editor's slots.
    const cover = { size: 40 * 1024, sha256: e.sha256(join(e.node.userDir, 'cover.jpg')) };
    expect(post.media).toEqual([
      { kind: 'cover', ...cover },
      { kind: 'cover-vertical', ...cover },
    ]);
    expect(post.url).toBe(`${e.sim.baseUrl('autohome')}/chejiahao.autohome.com.cn/info/${post.postId}`);
  }, 260_000);

  it('dongchedi article: published once through the 懂车号 editor: the article in its UEditor frame with its picture, the cover; aiLabel reported ignored', async () => {
    const { post, ignored } = await publishOne('dongchedi', 'Plume 懂车号端到端测试', { coverMode: 'custom', aiLabel: true });
    expect(ignored).toEqual(['aiLabel']);
    expect(post).toMatchObject({ account: DONGCHEDI, title: 'Plume 懂车号端到端测试' });
    expect(post.body).toContain('<h2>为什么用粘贴</h2>');
    expect(post.body).toContain('<img src="https://images.example.com/front.jpg" alt="车头">');
    expect(letters(post.body)).toBe(letters('为什么用粘贴一篇经由 Open API 发布的文章。标题正文封面'));
    expect(post.media).toEqual([{ kind: 'cover', size: 40 * 1024, sha256: e.sha256(join(e.node.userDir, 'cover.jpg')) }]);
    expect(post.url).toBe(`${e.sim.baseUrl('dongchedi')}/www.dongchedi.com/article/${post.postId}`);
  }, 260_000);
});
