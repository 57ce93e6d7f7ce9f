/**
 * End to end for articles on 大鱼号 and 一点号, with nothing stubbed: the
 * control-plane app, the compiled `plume-edge` daemon with the real adapters
 * in Debian's Chromium, and the two replicas. Each test preflights one
 * article — Markdown with a code block, a link, a picture and a cover, local
 * files in the user's media directory — for one platform (the settings that
 * platform lacks named as ignored) and publishes it through `POST /publish`;
 * the job ends succeeded with exactly one post on the replica, the pictures
 * on the platform's own host. One daemon and one control plane serve both.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SETTINGS_CONTRACT_VERSION } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import { useEdgeE2e } from '../../../test/support/edge-e2e.js';

const ACCOUNTS = { dayu: 'e2e0d1c2b3a4958677685a4b3c2d1e77', yidian: '1736000077' } as const;

const digest = (path: string) => {
  const bytes = readFileSync(path);
  return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
};

const e = useEdgeE2e({
  name: 'e2e-articles-dayu-yidian',
  files: { 'figure.png': 24 * 1024, 'cover.jpg': 32 * 1024 },
  accounts: (Object.keys(ACCOUNTS) as Array<keyof typeof ACCOUNTS>).map((platform) => ({ platform, ref: ACCOUNTS[platform], name: `Lab ${platform}` })),
});

/** Preflights and publishes one article to the platform's account; the batch once done. */
async function publishTo(platform: keyof typeof ACCOUNTS, title: string, settings: Record<string, unknown>, ignored: string[]) {
  await expect.poll(async () => (await e.account(platform))?.publishable, { timeout: 45_000, message: e.node.output() }).toBe(true);
  const content = ['## 为什么', '', '一篇经由 **Open API** 发布的文章，见[说明](https://example.com/why)。', '', '```ts', 'const ok = 1 < 2;', '```', '', `![示意图](${join(e.node.userDir, 'figure.png')})`, ''].join('\n');
  const created = await e.api('POST', '/articles', { title, content, coverImage: join(e.node.userDir, 'cover.jpg'), contentProvenance: 'human' });
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  const route = { articleId: created.body.article_id, executor: 'edge', accountIds: [(await e.account(platform))!.id], platformSettings: { [platform]: settings } };
  const preflight = await e.api('POST', '/publish/preflight', { ...route, contentType: 'article' });
  expect(preflight.status, JSON.stringify(preflight.body)).toBe(200);
  expect(preflight.body.targets.map((t: { ignored_settings: Array<{ setting: string }> }) => t.ignored_settings.map((i) => i.setting).sort())).toEqual([ignored]);
  const res = await e.api('POST', '/publish', { ...route, preflightHash: preflight.body.preflight_hash, settingsContractVersion: SETTINGS_CONTRACT_VERSION });
  expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
  const batch = await e.batchDone(res.body.batch_id, 240_000);
  expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');
  const posts = e.sim.publishes(platform);
  expect(posts).toHaveLength(1);
  expect(posts[0]).toMatchObject({ account: ACCOUNTS[platform], title });
  expect(posts[0]!.body).toContain('<strong>Open API</strong>');
  expect(posts[0]!.body).not.toContain(e.node.userDir);
  expect(batch.jobs.find((j: { platform: string }) => j.platform === platform)).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  return posts[0]!;
}

describe('edge executor, articles on 大鱼号 and 一点号', () => {
  it('dayu article: preflight names aiLabel and original ignored; POST /publish ends succeeded with one post, code as a paragraph, pictures and cover on ns.dayu.com', async () => {
    const post = await publishTo('dayu', 'Plume 大鱼号的端到端', { coverMode: 'custom', aiLabel: true, original: true }, ['aiLabel', 'original']);
    expect(post.body).toContain('const ok = 1 &lt; 2;</p>');
    expect(post.body).toMatch(/<img src="https:\/\/image\.uc\.cn\/s\/wemedia\/s\/upload\/2026\/[0-9a-f]{16}\.jpg" alt="示意图" \/>/);
    expect(post.settings).toEqual({ coverFrom: 'auto_replaced', author: `user_${ACCOUNTS.dayu}` });
    expect(post.media).toEqual([
      { kind: 'cover', ...digest(join(e.node.userDir, 'cover.jpg')) },
      { kind: 'image', ...digest(join(e.node.userDir, 'figure.png')) },
    ]);
  }, 360_000);

  it('yidian article: preflight names aiLabel and summary ignored; POST /publish ends succeeded with one post, links as text, pictures and cover on 一点号, 原创', async () => {
    const post = await publishTo('yidian', 'Plume 一点号的端到端', { coverMode: 'custom', aiLabel: true, original: true, summary: '经由边缘节点发布' }, ['aiLabel', 'summary']);
    expect(post.body).toContain('见说明。');
    expect(post.body).toContain('const ok = 1 &lt; 2;</p>');
    expect(post.body).toMatch(/<img src="https:\/\/i1\.go2yd\.com\/image\.php\?url=[0-9a-f]{16}" alt="示意图" \/>/);
    expect(post.settings).toEqual({ original: true, coverType: 'one' });
    expect(post.media).toEqual([
      { kind: 'cover', ...digest(join(e.node.userDir, 'cover.jpg')) },
      { kind: 'image', ...digest(join(e.node.userDir, 'figure.png')) },
    ]);
  }, 360_000);
});
