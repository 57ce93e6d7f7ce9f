/**
 * End to end for yiche (易车号) articles with nothing stubbed: the
 * control-plane app, the compiled `plume-edge` daemon with the real adapter in
 * Debian's Chromium, and the yiche replica's article page. Preflight refuses
 * the automatic cover the page cannot honour (its vertical cover is
 * required); `POST /publish` then leaves exactly one article: the Markdown as
 * the Quill editor took it, the picture from the owner's media directory
 * pasted at its place and saved by the page's key, the cover in both slots,
 * and 含AI生成内容.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { SETTINGS_CONTRACT_VERSION } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import { textOf } from '../../src/adapters/kit/article-markup.js';
import { useEdgeE2e } from '../../../test/support/edge-e2e.js';

const YICHE = '50817003';
const letters = (html: string) => textOf(html).replace(/\s+/g, '');

/** A 16×16 transparent PNG: a picture the browser can decode. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(16, 0);
  header.writeUInt32BE(16, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(16 * (1 + 16 * 4)))), chunk('IEND', Buffer.alloc(0))]);
}

const e = useEdgeE2e({
  name: 'e2e-yiche-article',
  files: { 'cover.jpg': 40 * 1024 },
  accounts: [{ platform: 'yiche', ref: YICHE, name: 'Lab yiche' }],
});

describe('edge executor, yiche articles', () => {
  it('yiche article: the account is online and publishable for articles on the node', async () => {
    await expect.poll(async () => (await e.account('yiche'))?.publishable, { timeout: 45_000, message: e.node.output() }).toBe(true);
  }, 120_000);

  it('yiche article: an automatic cover is refused in preflight; published once: the pasted article, its local picture saved by the page, both covers, 含AI生成内容', async () => {
    const figure = join(e.node.userDir, 'figure.png');
    await writeFile(figure, png());
    const content = `## 为什么用粘贴\n\n一篇经由 **Open API** 发布的文章。\n\n![车头](${figure})\n\n- 标题\n- 正文\n- 封面\n`;
    const created = await e.api('POST', '/articles', { title: 'Plume 易车号端到端测试', content, coverImage: join(e.node.userDir, 'cover.jpg'), contentProvenance: 'human' });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const accountIds = [(await e.account('yiche'))!.id];
    const request = (settings: Record<string, unknown>) => ({ articleId: created.body.article_id, executor: 'edge', accountIds, platformSettings: { yiche: settings } });

    const auto = await e.api('POST', '/publish/preflight', { ...request({ coverMode: 'auto' }), contentType: 'article' });
    expect(auto.status, JSON.stringify(auto.body)).toBe(422);
    expect(auto.body.error.code).toBe('invalid_settings');
    expect(auto.body.error.message).toContain('coverMode');

    const pre = await e.api('POST', '/publish/preflight', { ...request({ coverMode: 'custom', aiLabel: true }), contentType: 'article' });
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    expect(pre.body.valid, JSON.stringify(pre.body.problems)).toBe(true);
    expect((pre.body.targets as Array<{ ignored_settings: unknown[] }>)[0]!.ignored_settings).toEqual([]);
    const res = await e.api('POST', '/publish', { ...request({ coverMode: 'custom', aiLabel: true }), preflightHash: pre.body.preflight_hash, settingsContractVersion: SETTINGS_CONTRACT_VERSION });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
    const batch = await e.batchDone(res.body.batch_id, 200_000);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');

    const posts = e.sim.publishes('yiche');
    expect(posts).toHaveLength(1);
    const post = posts[0]!;
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: post.postId });
    expect(post).toMatchObject({ account: YICHE, title: 'Plume 易车号端到端测试', settings: { type: 'article', declaration: '含AI生成内容' } });
    expect(post.body).toContain('<h2>为什么用粘贴</h2>');
    expect(post.body).toMatch(/<img src="mp\/[0-9a-f]{16}\.jpg"[^>]*class="imgborder">/);
    expect(letters(post.body)).toBe(letters('为什么用粘贴一篇经由 Open API 发布的文章。标题正文封面'));
    const cover = { size: 40 * 1024, sha256: e.sha256(join(e.node.userDir, 'cover.jpg')) };
    expect(post.media).toEqual([{ kind: 'cover', ...cover }, { kind: 'cover', ...cover }, { kind: 'image', size: png().length, sha256: e.sha256(figure) }]);
    expect(post.url).toBe(`${e.sim.baseUrl('yiche')}/news.yiche.com/hao/wenzhang/${post.postId}/`);
  }, 260_000);
});
