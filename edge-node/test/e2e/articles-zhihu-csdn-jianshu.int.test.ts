/**
 * End to end for the zhihu, CSDN and jianshu article adapters, with nothing
 * stubbed: the control-plane app, the compiled `plume-edge` daemon with one
 * account on each platform, Debian's Chromium and the platform simulator.
 * One article goes through `POST /publish/preflight` (which names what each
 * target's adapter does not apply) and `POST /publish` to all three
 * accounts; the batch ends succeeded with exactly one post on each replica,
 * in the form that platform takes (zhihu HTML, CSDN Markdown, jianshu HTML
 * for its rich-text editor) with the frozen settings applied.
 */
import { join } from 'node:path';
import { markdownToHtml } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import { zhihuHtml } from '../../src/adapters/zhihu/html.js';
import type { Publish } from '../../../test/platform-simulator/index.js';
import { useEdgeE2e } from '../../../test/support/edge-e2e.js';

const ZHIHU = '3f7c2a9e0b1d4c5e8f6a7b2c9d0e1f23';
const CSDN = 'plume_e2e';
const JIANSHU = '30457112';
const TITLE = 'Plume 三平台端到端';
const ARTICLE = '# Plume 端到端\n\n一篇经由 **Open API** 发布的文章。\n\n```ts\nconst x = 1;\n```\n\n| 平台 | 形式 |\n|---|---|\n| 知乎 | HTML |\n';
const PLATFORMS = ['zhihu', 'csdn', 'jianshu'] as const;

const e = useEdgeE2e({
  name: 'e2e-articles-zhihu-csdn-jianshu',
  files: { 'cover.png': 24 * 1024 },
  accounts: [
    { platform: 'zhihu', ref: ZHIHU, name: 'Lab zhihu' },
    { platform: 'csdn', ref: CSDN, name: 'Lab CSDN' },
    { platform: 'jianshu', ref: JIANSHU, name: 'Lab jianshu' },
  ],
});

/** What the one publish to all three accounts left on each platform. */
let published: { posts: Record<string, Publish[]>; coverMedia: Array<Record<string, unknown>> } | undefined;
const postOn = (p: (typeof PLATFORMS)[number]) => {
  expect(published, 'the publish to all three ran first').toBeDefined();
  return published!.posts[p]![0]!;
};

describe('edge executor, zhihu / CSDN / jianshu articles', () => {
  it('the three accounts are online and publishable for articles on the node', async () => {
    for (const platform of PLATFORMS) {
      await expect.poll(async () => (await e.account(platform))?.publishable, { timeout: 45_000, message: e.node.output() }).toBe(true);
    }
  }, 100_000);

  it('one article through preflight and POST /publish reaches each platform once, in its own form', async () => {
    const cover = join(e.node.userDir, 'cover.png');
    const created = await e.api('POST', '/articles', { title: TITLE, content: ARTICLE, coverImage: cover, contentProvenance: 'human' });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const ids = Object.fromEntries(await Promise.all(PLATFORMS.map(async (p) => [p, (await e.account(p))!.id] as const)));
    const request = {
      articleId: created.body.article_id,
      executor: 'edge',
      accountIds: PLATFORMS.map((p) => ids[p]),
      platformSettings: {
        zhihu: { tags: ['TypeScript'], column: 'Plume 实验室', coverMode: 'custom', aiLabel: true },
        csdn: { tags: ['typescript'], summary: '经由 Open API 与边缘节点发布', coverMode: 'custom', aiLabel: true },
        jianshu: { notebook: '随笔', aiLabel: true },
      },
    };

    const pre = await e.api('POST', '/publish/preflight', { ...request, contentType: 'article' });
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    expect(pre.body.valid, JSON.stringify(pre.body.problems)).toBe(true);
    const ignored = Object.fromEntries(pre.body.targets.map((x: { platform: string; ignored_settings: Array<{ setting: string }> }) => [x.platform, x.ignored_settings.map((i) => i.setting)]));
    // zhihu applies the AI statement; CSDN and jianshu have no AI label, which preflight says rather than drops.
    expect(ignored).toEqual({ zhihu: [], csdn: ['aiLabel'], jianshu: ['aiLabel'] });

    const res = await e.api('POST', '/publish', { ...request, preflightHash: pre.body.preflight_hash, settingsContractVersion: pre.body.settings_contract_version });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
    const batch = await e.batchDone(res.body.batch_id, 150_000);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');

    const posts = Object.fromEntries(PLATFORMS.map((p) => [p, e.sim.publishes(p)]));
    for (const p of PLATFORMS) expect(posts[p], p).toHaveLength(1);
    const coverMedia = [{ kind: 'cover', size: 24 * 1024, sha256: e.sha256(cover) }];
    for (const p of PLATFORMS) {
      expect(batch.jobs.find((j: { platform: string }) => j.platform === p)).toMatchObject({ state: 'succeeded', platform_post_id: posts[p]![0]!.postId });
    }
    published = { posts, coverMedia };
  }, 200_000);

  it('zhihu article: zhihu HTML, the cover, topic, column and the AI-creation statement', () => {
    const post = postOn('zhihu');
    expect(post).toMatchObject({ account: ZHIHU, title: TITLE, body: zhihuHtml(ARTICLE), media: published!.coverMedia });
    expect(post.settings).toMatchObject({ topics: ['TypeScript'], column: 'Plume 实验室', declaration: '包含 AI 辅助创作' });
  });

  it('csdn article: the Markdown as written beside its HTML, the cover, tags, summary, original', () => {
    const post = postOn('csdn');
    expect(post).toMatchObject({ account: CSDN, title: TITLE, body: ARTICLE, media: published!.coverMedia });
    expect(post.settings).toMatchObject({ tags: ['typescript'], type: 'original', description: '经由 Open API 与边缘节点发布', html: markdownToHtml(ARTICLE) });
  });

  it('jianshu article: HTML for the rich-text editor, in the chosen notebook', () => {
    expect(postOn('jianshu')).toMatchObject({ account: JIANSHU, title: TITLE, body: markdownToHtml(ARTICLE), media: [], settings: { notebook: '随笔', noteType: 'rich' } });
  });
});
