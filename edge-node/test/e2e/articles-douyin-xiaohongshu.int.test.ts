/**
 * End to end for the article editors of douyin (抖音文章) and xiaohongshu
 * (长文), with nothing stubbed: the control-plane app, the compiled
 * `plume-edge` daemon with the real adapters in Debian's Chromium, and the
 * platform simulator's replicas. One article with a cover (a local file in
 * the user's media directory) goes through `POST /publish/preflight`, which
 * names the settings neither editor has a control for, and `POST /publish`
 * to one account on each platform; both jobs end succeeded with exactly one
 * post on each replica: on douyin the article pasted into its editor with
 * the cover as 头图 and 封面, on xiaohongshu the article drawn with the
 * chosen template and its publish form's settings.
 */
import { join } from 'node:path';
import { SETTINGS_CONTRACT_VERSION } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import { textOf } from '../../src/adapters/kit/article-markup.js';
import { markdownToPlainText } from '../../src/adapters/markdown.js';
import type { Publish } from '../../../test/platform-simulator/index.js';
import { useEdgeE2e } from '../../../test/support/edge-e2e.js';

const ACCOUNTS = { douyin: 'MS4wLjABAAAAe2e_douyin_article', xiaohongshu: '5f3e0c2a00000000010e2e0a' } as const;
const PLATFORMS = Object.keys(ACCOUNTS) as Array<keyof typeof ACCOUNTS>;
const TITLE = 'Plume 两个编辑器的端到端';
const PARAGRAPH = '这篇文章经由 Open API 创建，再由边缘节点上的浏览器粘贴进平台自己的编辑器，和一个人复制粘贴时一样。抖音要求文章正文不少于一百个字，所以这里把来龙去脉写得详细一些，也说明为什么不直接改写页面。';
const ARTICLE = `## 为什么用粘贴\n\n一篇经由 **Open API** 发布的文章。\n\n${PARAGRAPH}\n\n- 标题\n- 正文\n- 封面\n`;
const letters = (html: string) => textOf(html).replace(/\s+/g, '');

const e = useEdgeE2e({
  name: 'e2e-articles-douyin-xiaohongshu',
  files: { 'cover.jpg': 40 * 1024 },
  accounts: PLATFORMS.map((platform) => ({ platform, ref: ACCOUNTS[platform], name: `Lab ${platform}` })),
});

/** What the one publish to both accounts left on each platform. */
let published: Record<string, Publish[]> | undefined;
const postOn = (p: (typeof PLATFORMS)[number]) => {
  expect(published, 'the publish to both ran first').toBeDefined();
  expect(published![p], p).toHaveLength(1);
  return published![p]![0]!;
};

describe('edge executor, douyin and xiaohongshu articles', () => {
  it('both accounts are online and publishable for articles on the node', async () => {
    for (const platform of PLATFORMS) {
      await expect.poll(async () => (await e.account(platform))?.publishable, { timeout: 45_000, message: `${platform}\n${e.node.output()}` }).toBe(true);
    }
  }, 120_000);

  it('one article through preflight and POST /publish reaches each platform once', async () => {
    const created = await e.api('POST', '/articles', { title: TITLE, content: ARTICLE, coverImage: join(e.node.userDir, 'cover.jpg'), contentProvenance: 'human' });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const ids = Object.fromEntries(await Promise.all(PLATFORMS.map(async (p) => [p, (await e.account(p))!.id] as const)));
    const request = {
      articleId: created.body.article_id,
      executor: 'edge',
      accountIds: PLATFORMS.map((p) => ids[p]),
      platformSettings: {
        douyin: { aiLabel: true },
        xiaohongshu: { tags: ['Plume'], template: '杂志', location: '上海市', aiLabel: true },
      },
    };

    const pre = await e.api('POST', '/publish/preflight', { ...request, contentType: 'article' });
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    expect(pre.body.valid, JSON.stringify(pre.body.problems)).toBe(true);
    const targets = Object.fromEntries(pre.body.targets.map((t: { platform: string }) => [t.platform, t])) as Record<string, { ignored_settings: Array<{ setting: string }>; effective_settings: Record<string, unknown> }>;
    // Neither article editor records an AI declaration (douyin's 自主声明 is on its other forms): preflight says so.
    expect(Object.fromEntries(PLATFORMS.map((p) => [p, targets[p]!.ignored_settings.map((i) => i.setting)]))).toEqual({ douyin: ['aiLabel'], xiaohongshu: ['aiLabel'] });
    // douyin publishes no article without a cover; xiaohongshu draws its own.
    expect(targets.douyin!.effective_settings.coverMode).toBe('custom');
    expect(targets.xiaohongshu!.effective_settings.coverMode).toBe('auto');

    const res = await e.api('POST', '/publish', { ...request, preflightHash: pre.body.preflight_hash, settingsContractVersion: SETTINGS_CONTRACT_VERSION });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
    const batch = await e.batchDone(res.body.batch_id, 200_000);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');

    const posts = Object.fromEntries(PLATFORMS.map((p) => [p, e.sim.publishes(p)]));
    for (const p of PLATFORMS) {
      expect(posts[p], p).toHaveLength(1);
      expect(posts[p]![0], p).toMatchObject({ account: ACCOUNTS[p], title: TITLE });
      expect(batch.jobs.find((j: { platform: string }) => j.platform === p)).toMatchObject({ state: 'succeeded', platform_post_id: posts[p]![0]!.postId });
    }
    published = posts;
  }, 260_000);

  it('douyin article: the Markdown pasted as HTML into the editor, the cover as 头图 and 封面', () => {
    const post = postOn('douyin');
    expect(post.body).toContain('<h2>为什么用粘贴</h2>');
    expect(post.body).toContain('<strong>Open API</strong>');
    expect(post.body).toContain('<li>封面</li>');
    expect(letters(post.body)).toBe(letters(`为什么用粘贴一篇经由 Open API 发布的文章。${PARAGRAPH}标题正文封面`));
    const cover = { size: 40 * 1024, sha256: e.sha256(join(e.node.userDir, 'cover.jpg')) };
    expect(post.media).toEqual([
      { kind: 'image', ...cover },
      { kind: 'cover', ...cover },
    ]);
    expect(post.url).toBe(`${e.sim.baseUrl('douyin')}/www.douyin.com/article/${post.postId}`);
  });

  it('xiaohongshu article: drawn with the chosen template, its text as 正文描述 with the topic and location, no cover of ours', () => {
    const post = postOn('xiaohongshu');
    expect(post.body).toContain('<strong>Open API</strong>');
    expect(letters(post.body)).toBe(letters(`为什么用粘贴一篇经由 Open API 发布的文章。${PARAGRAPH}标题正文封面`));
    expect(post.settings).toMatchObject({ type: 'article', template: '杂志', description: markdownToPlainText(ARTICLE), topics: ['Plume'], location: '上海市', visibility: '公开可见' });
    expect(post.media).toEqual([]);
  });
});
