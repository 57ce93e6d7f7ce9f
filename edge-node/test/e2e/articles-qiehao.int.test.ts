/**
 * End to end for articles on 企鹅号, with nothing stubbed: the control-plane
 * app, the compiled `plume-edge` daemon with the real adapter in Debian's
 * Chromium, and the 企鹅号 replica. One article — Markdown with a code block,
 * a picture and a cover, local files in the user's media directory — is
 * preflighted (the AI label 企鹅号 cannot declare refused) and published through
 * `POST /publish`; the job ends succeeded with exactly one post on the
 * replica, the pictures on 企鹅号's own host.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SETTINGS_CONTRACT_VERSION } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import { useEdgeE2e } from '../../../test/support/edge-e2e.js';

const ACCOUNT = '5120000077';
const TITLE = 'Plume 企鹅号的端到端';

const digest = (path: string) => {
  const bytes = readFileSync(path);
  return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
};

const e = useEdgeE2e({
  name: 'e2e-articles-qiehao',
  files: { 'figure.png': 24 * 1024, 'cover.jpg': 32 * 1024 },
  accounts: [{ platform: 'qiehao', ref: ACCOUNT, name: 'Lab qiehao' }],
});

describe('edge executor, articles on 企鹅号', () => {
  it('qiehao article: preflight refuses the AI label 企鹅号 cannot declare; without it POST /publish ends succeeded with one post, its pictures and cover on 企鹅号, 原创', async () => {
    await expect.poll(async () => (await e.account('qiehao'))?.publishable, { timeout: 45_000, message: e.node.output() }).toBe(true);
    const content = ['## 为什么', '', '一篇经由 **Open API** 发布的文章。', '', '```ts', 'const ok = 1 < 2;', '```', '', `![示意图](${join(e.node.userDir, 'figure.png')})`, ''].join('\n');
    const created = await e.api('POST', '/articles', { title: TITLE, content, coverImage: join(e.node.userDir, 'cover.jpg'), contentProvenance: 'human' });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const account = (await e.account('qiehao'))!;
    const route = (aiLabel: boolean) => ({
      articleId: created.body.article_id,
      executor: 'edge',
      accountIds: [account.id],
      platformSettings: { qiehao: { coverMode: 'custom', aiLabel, original: true, summary: '经由边缘节点发布' } },
    });
    const labelled = await e.api('POST', '/publish/preflight', { ...route(true), contentType: 'article' });
    expect(labelled.status, JSON.stringify(labelled.body)).toBe(422);
    expect(labelled.body.error.code).toBe('invalid_settings');
    expect(JSON.stringify(labelled.body)).toContain('无需标注');
    const preflight = await e.api('POST', '/publish/preflight', { ...route(false), contentType: 'article' });
    expect(preflight.status, JSON.stringify(preflight.body)).toBe(200);
    expect(preflight.body.targets.map((t: { ignored_settings: Array<{ setting: string }> }) => t.ignored_settings.map((i) => i.setting))).toEqual([[]]);

    const res = await e.api('POST', '/publish', { ...route(false), preflightHash: preflight.body.preflight_hash, settingsContractVersion: SETTINGS_CONTRACT_VERSION });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
    const batch = await e.batchDone(res.body.batch_id, 240_000);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');

    const posts = e.sim.publishes('qiehao');
    expect(posts).toHaveLength(1);
    const post = posts[0]!;
    expect(post).toMatchObject({ account: ACCOUNT, title: TITLE });
    expect(post.body).toContain('<strong>Open API</strong>');
    expect(post.body).toContain('<pre><code>const ok = 1 &lt; 2;</code></pre>');
    expect(post.body).toMatch(/<img src="https:\/\/inews\.gtimg\.com\/om_bt\/[0-9a-f]{16}\/0" alt="示意图" \/>/);
    expect(post.body).not.toContain(e.node.userDir);
    expect(post.settings).toMatchObject({ original: true, summary: '经由边缘节点发布' });
    expect(post.media).toEqual([
      { kind: 'cover', ...digest(join(e.node.userDir, 'cover.jpg')) },
      { kind: 'image', ...digest(join(e.node.userDir, 'figure.png')) },
    ]);
    expect(batch.jobs.find((j: { platform: string }) => j.platform === 'qiehao')).toMatchObject({ state: 'succeeded', platform_post_id: post.postId });
  }, 360_000);
});
