/**
 * End to end for articles on 百家号, 搜狐号 and 网易号, with nothing stubbed:
 * the control-plane app, the compiled `plume-edge` daemon with the real
 * adapters in Debian's Chromium, and the platform simulator's replicas. One
 * article — Markdown with a code block, a table, a picture and a cover, all
 * local files in the user's media directory — is preflighted and then
 * published through `POST /publish` to one account on each platform; every
 * job ends succeeded with exactly one post on its replica, holding the
 * article as that editor keeps it and the platform's own copies of the
 * pictures. One daemon and one control plane serve all three.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SETTINGS_CONTRACT_VERSION } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import type { Publish } from '../../../test/platform-simulator/index.js';
import type { Json } from '../../../test/support/control-plane-http.js';
import { useEdgeE2e } from '../../../test/support/edge-e2e.js';

const ACCOUNTS = { baijiahao: '1588000000000077', sohu: '120186977', netease: 'W7400000000077' } as const;
const PLATFORMS = Object.keys(ACCOUNTS) as Array<keyof typeof ACCOUNTS>;
const TITLE = 'Plume 三个平台的端到端';

const digest = (path: string) => {
  const bytes = readFileSync(path);
  return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
};
const article = () =>
  [
    '## 为什么',
    '',
    '一篇经由 **Open API** 与边缘节点发布的文章。',
    '',
    '```ts',
    'const ok = 1 < 2;',
    '```',
    '',
    '| 平台 | 方式 |',
    '|---|---|',
    '| 百家号 | API |',
    '',
    `![示意图](${join(e.node.userDir, 'figure.png')})`,
    '',
  ].join('\n');

const e = useEdgeE2e({
  name: 'e2e-articles-baijiahao-sohu-netease',
  files: { 'figure.png': 24 * 1024, 'cover.jpg': 32 * 1024 },
  accounts: PLATFORMS.map((platform) => ({ platform, ref: ACCOUNTS[platform], name: `Lab ${platform}` })),
});

async function accounts(): Promise<Record<string, any>> {
  return Object.fromEntries(await Promise.all(PLATFORMS.map(async (p) => [p, await e.account(p)])));
}

/** The one publish to all three accounts, and what each platform received. */
let published: { batch: Json; posts: Record<string, Publish[]>; figure: ReturnType<typeof digest>; cover: ReturnType<typeof digest> } | undefined;
const postOn = (p: (typeof PLATFORMS)[number]) => {
  expect(published, 'the publish to all three ran first').toBeDefined();
  expect(published!.posts[p], p).toHaveLength(1);
  return published!.posts[p]![0]!;
};

describe('edge executor, articles on 百家号, 搜狐号 and 网易号', () => {
  it('all three accounts are online and publishable for articles on the node', async () => {
    for (const platform of PLATFORMS) {
      await expect.poll(async () => (await accounts())[platform]?.publishable, { timeout: 45_000, message: `${platform}\n${e.node.output()}` }).toBe(true);
    }
  }, 150_000);

  it('one article through POST /publish ends succeeded with exactly one post on each platform, as each editor keeps it', async () => {
    const content = article();
    const created = await e.api('POST', '/articles', { title: TITLE, content, coverImage: join(e.node.userDir, 'cover.jpg'), contentProvenance: 'human' });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const acc = await accounts();
    const route = {
      articleId: created.body.article_id,
      executor: 'edge',
      accountIds: PLATFORMS.map((p) => acc[p].id),
      platformSettings: {
        baijiahao: { coverMode: 'custom', aiLabel: true, summary: '经由边缘节点发布的测试文章' },
        sohu: { coverMode: 'custom', aiLabel: true },
        netease: { coverMode: 'custom', aiLabel: true, original: true },
      },
    };

    // 网易号 has no AI-content declaration: preflight says so instead of dropping aiLabel unseen.
    const preflight = await e.api('POST', '/publish/preflight', { ...route, contentType: 'article' });
    expect(preflight.status, JSON.stringify(preflight.body)).toBe(200);
    const ignored = Object.fromEntries(
      preflight.body.targets.map((target: { platform: string; ignored_settings: Array<{ setting: string }> }) => [target.platform, target.ignored_settings.map((i) => i.setting)]),
    );
    expect(ignored).toEqual({ baijiahao: [], sohu: [], netease: ['aiLabel'] });

    const res = await e.api('POST', '/publish', { ...route, preflightHash: preflight.body.preflight_hash, settingsContractVersion: SETTINGS_CONTRACT_VERSION });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
    const batch = await e.batchDone(res.body.batch_id, 240_000);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');

    const figure = digest(join(e.node.userDir, 'figure.png'));
    const cover = digest(join(e.node.userDir, 'cover.jpg'));
    const posts = Object.fromEntries(PLATFORMS.map((p) => [p, e.sim.publishes(p)]));
    for (const p of PLATFORMS) {
      expect(posts[p], p).toHaveLength(1);
      const post = posts[p]![0]!;
      expect(post, p).toMatchObject({ account: ACCOUNTS[p], title: TITLE });
      expect(post.body, p).toContain('<strong>Open API</strong>');
      // No picture of the user's disk survives: each platform got its own copy.
      expect(post.body, p).not.toContain(e.node.userDir);
      const job = batch.jobs.find((j: { platform: string }) => j.platform === p);
      expect(job, p).toMatchObject({ state: 'succeeded', platform_post_id: post.postId });
    }
    published = { batch, posts, figure, cover };
  }, 300_000);

  it('baijiahao article: HTML with its code block and table, the picture and cover on 百家号, abstract and AI declaration', () => {
    const bjh = postOn('baijiahao');
    const { figure, cover } = published!;
    expect(bjh.body).toContain('<pre><code>const ok = 1 &lt; 2;</code></pre>');
    expect(bjh.body).toContain('<td>百家号</td>');
    expect(bjh.body).toMatch(/<img src="https:\/\/pic\.rmb\.bdstatic\.com\/bjh\/news\/[0-9a-f]{16}\.(png|jpeg)" alt="示意图" \/>/);
    expect(bjh.settings).toEqual({ aigc: true, abstract: '经由边缘节点发布的测试文章', coverLayout: 'one' });
    expect(bjh.media).toEqual([{ kind: 'cover', ...cover }, { kind: 'image', ...figure }]);
  });

  it('sohu article: the table drawn as a picture, the picture and cover on 搜狐号, the AI creation statement', () => {
    const sohu = postOn('sohu');
    const { figure, cover } = published!;
    expect(sohu.body).toContain('<pre><code>const ok = 1 &lt; 2;</code></pre>');
    expect(sohu.body).not.toContain('<table>');
    expect(sohu.body).toMatch(/<img src="https:\/\/res\.mp\.sohu\.com\/mpimg\/[0-9a-f]{16}\.svg" alt="表格" \/>/);
    expect(sohu.settings).toEqual({ brief: '', creationStatement: 2, channelId: 24 });
    expect(sohu.media).toEqual([{ kind: 'cover', ...cover }, expect.objectContaining({ kind: 'image' }), { kind: 'image', ...figure }]);
  });

  it('netease article: code, headings and the table as the editor keeps them, the picture and cover on 网易号, 原创', () => {
    const netease = postOn('netease');
    const { figure, cover } = published!;
    expect(netease.body).toContain('const ok = 1 &lt; 2;</p>');
    expect(netease.body).toContain('<p><strong>平台 | 方式</strong></p>');
    expect(netease.body).toContain('<p><strong>为什么</strong></p>');
    expect(netease.settings).toEqual({ cover: 'custom', original: true });
    expect(netease.media).toEqual([{ kind: 'cover', ...cover }, { kind: 'image', ...figure }]);
  });
});
