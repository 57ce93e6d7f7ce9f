/**
 * End to end for 微信公众号 articles, with nothing stubbed: the control-plane
 * app, the compiled `plume-edge` daemon with the real adapter in Debian's
 * Chromium, and the Official Account replica. The test preflights one article
 * — Markdown with a code block, a link, a picture and a cover, local files in
 * the user's media directory — and publishes it through `POST /publish`; the
 * job ends succeeded with exactly one post on the replica, the link written
 * out as text, the pictures and the cover on WeChat's picture host. Then one
 * video through `POST /publish/video`: a custom cover (no cover control on
 * record for the video editor) is refused before any job exists, and the
 * video is saved as a draft in the type=15 editor and published from the
 * draft box, leaving one video post with the file's bytes and the title.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SETTINGS_CONTRACT_VERSION } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import { useEdgeE2e } from '../../../test/support/edge-e2e.js';

const P = 'wechat_mp';
const ACCOUNT = 'gh_e2e00000077';

const digest = (path: string) => {
  const bytes = readFileSync(path);
  return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
};

const e = useEdgeE2e({
  name: 'e2e-articles-wechat-mp',
  files: { 'figure.png': 24 * 1024, 'cover.jpg': 32 * 1024, 'clip.mp4': 300 * 1024 },
  accounts: [{ platform: P, ref: ACCOUNT, name: 'Lab 公众号' }],
});

describe('edge executor, articles on 微信公众号', () => {
  it('wechat_mp article: preflight names aiLabel and original ignored; POST /publish ends succeeded with one post, the link as text, pictures and cover on mmbiz.qpic.cn, author and comments applied', async () => {
    await expect.poll(async () => (await e.account(P))?.publishable, { timeout: 45_000, message: e.node.output() }).toBe(true);
    const title = 'Plume 公众号的端到端';
    const content = ['## 为什么', '', '一篇经由 **Open API** 发布的文章，见[说明](https://example.com/why)。', '', '```ts', 'const ok = 1 < 2;', '```', '', `![示意图](${join(e.node.userDir, 'figure.png')})`, ''].join('\n');
    const created = await e.api('POST', '/articles', { title, content, coverImage: join(e.node.userDir, 'cover.jpg'), contentProvenance: 'human' });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const settings = { coverMode: 'custom', author: 'Plume', openComment: true, aiLabel: true, original: true };
    const route = { articleId: created.body.article_id, executor: 'edge', accountIds: [(await e.account(P))!.id], platformSettings: { [P]: settings } };
    const preflight = await e.api('POST', '/publish/preflight', { ...route, contentType: 'article' });
    expect(preflight.status, JSON.stringify(preflight.body)).toBe(200);
    expect(preflight.body.targets.map((t: { ignored_settings: Array<{ setting: string }> }) => t.ignored_settings.map((i) => i.setting).sort())).toEqual([['aiLabel', 'original']]);
    const res = await e.api('POST', '/publish', { ...route, preflightHash: preflight.body.preflight_hash, settingsContractVersion: SETTINGS_CONTRACT_VERSION });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
    const batch = await e.batchDone(res.body.batch_id, 240_000);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');
    const posts = e.sim.publishes(P);
    expect(posts).toHaveLength(1);
    const post = posts[0]!;
    expect(post).toMatchObject({ account: ACCOUNT, title });
    expect(post.body).toContain('<strong>Open API</strong>');
    expect(post.body).toContain('见说明（https://example.com/why）。');
    expect(post.body).not.toContain('<a ');
    expect(post.body).not.toContain(e.node.userDir);
    expect(post.body).toMatch(/<img src="https:\/\/mmbiz\.qpic\.cn\/mmbiz_png\/[0-9a-f]{16}\/0\?wx_fmt=png" alt="示意图" \/>/);
    expect(post.settings).toEqual({ author: 'Plume', sourceUrl: '', openComment: true, digest: '' });
    expect(post.media).toEqual([
      { kind: 'cover', ...digest(join(e.node.userDir, 'cover.jpg')) },
      { kind: 'image', ...digest(join(e.node.userDir, 'figure.png')) },
    ]);
    expect(batch.jobs.find((j: { platform: string }) => j.platform === P)).toMatchObject({ state: 'succeeded', platform_post_id: post.postId });
  }, 360_000);
});

describe('edge executor, videos on 微信公众号', () => {
  it('wechat_mp video: a custom cover is refused before any job; POST /publish/video ends succeeded with one video post, its bytes and the title, saved as a draft and published from the draft box', async () => {
    await expect.poll(async () => (await e.account(P))?.publishable, { timeout: 45_000, message: e.node.output() }).toBe(true);
    const title = 'Plume 公众号的视频';
    const accountId = (await e.account(P))!.id;
    const request = (settings: Record<string, unknown>) => ({ executor: 'edge', accountIds: [accountId], title, localVideoPath: join(e.node.userDir, 'clip.mp4'), platformSettings: { [P]: settings } });
    const before = e.sim.publishes(P).length;
    const no = await e.api('POST', '/publish/video', request({ coverMode: 'custom' }));
    expect(no.status, JSON.stringify(no.body)).toBe(422);
    expect(no.body.error.code).toBe('invalid_settings');
    expect(no.body.error.message).toContain('coverMode');
    const res = await e.api('POST', '/publish/video', request({ description: '经由 Open API 发布' }));
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
    const batch = await e.batchDone(res.body.batch_id, 240_000);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');
    const posts = e.sim.publishes(P).slice(before);
    expect(posts).toHaveLength(1);
    const post = posts[0]!;
    expect(post).toMatchObject({ account: ACCOUNT, title, body: '', settings: { type: 'video' } });
    expect(post.media).toEqual([{ kind: 'video', ...digest(join(e.node.userDir, 'clip.mp4')) }]);
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: post.postId });
  }, 360_000);
});
