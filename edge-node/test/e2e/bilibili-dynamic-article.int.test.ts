/**
 * bilibili's text content end to end with nothing stubbed: the control-plane
 * app, the compiled `plume-edge` daemon with the real bilibili adapter in
 * Debian's Chromium, and the replica. A DYNAMIC through POST /publish/dynamic
 * ends succeeded with exactly one dynamic on the replica, carrying the text,
 * the title and topics as the composer sent them, and the pictures' bytes; an
 * ARTICLE through POST /publish ends succeeded with exactly one 专栏 carrying
 * the rendered HTML, its picture and cover moved onto bilibili, and the
 * frozen settings as bilibili stores them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownToHtml } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import { useEdgeE2e } from '../../../test/support/edge-e2e.js';

const ACCOUNT = '30030003';

const e = useEdgeE2e({
  name: 'e2e-bili',
  files: { 'p1.jpg': 30 * 1024, 'p2.png': 20 * 1024, 'cover.jpg': 25 * 1024, 'figure.png': 15 * 1024 },
  accounts: [{ platform: 'bilibili', ref: ACCOUNT, name: 'Lab bilibili' }],
});

describe('bilibili text content through the edge node', () => {
  it('the account is online and publishable', async () => {
    await expect.poll(async () => (await e.account('bilibili'))?.publishable, { timeout: 60_000, message: e.node.output() }).toBe(true);
  }, 90_000);

  it('bilibili dynamic: reaches bilibili once, with its text, title, topic and both pictures', async () => {
    const acc = (await e.account('bilibili'))!;
    const images = [join(e.node.userDir, 'p1.jpg'), join(e.node.userDir, 'p2.png')];
    const res = await e.api('POST', '/publish/dynamic', {
      executor: 'edge',
      accountIds: [acc.id],
      content: '今天的 **B 站**动态\n第二行',
      images,
      platformSettings: { bilibili: { title: 'Plume 动态', tags: ['Plume'] } },
    });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(202);
    const batch = await e.batchDone(res.body.batch_id);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');
    const posts = e.sim.publishes('bilibili');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: ACCOUNT, title: 'Plume 动态', body: '今天的 B 站动态\n第二行 #Plume#' });
    expect(posts[0]!.settings).toEqual({ kind: 'dynamic', title: 'Plume 动态', topics: ['Plume'] });
    expect(posts[0]!.media).toEqual(images.map((p) => ({ kind: 'image', size: readFileSync(p).length, sha256: e.sha256(p) })));
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  }, 180_000);

  it('bilibili article: reaches bilibili once: HTML, its picture and cover on bilibili, category, tags, summary, 原创', async () => {
    e.sim.reset();
    const figure = join(e.node.userDir, 'figure.png');
    const cover = join(e.node.userDir, 'cover.jpg');
    const content = `# Plume 专栏\n\n一篇经由 **Open API** 发布的专栏。\n\n![示意图](${figure})\n\n- 第一点\n- 第二点\n`;
    const created = await e.api('POST', '/articles', { title: 'Plume B站专栏', content, coverImage: cover, contentProvenance: 'human' });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const acc = (await e.account('bilibili'))!;
    const res = await e.api('POST', '/publish', {
      articleId: created.body.article_id,
      executor: 'edge',
      accountIds: [acc.id],
      platformSettings: { bilibili: { category: '学习', tags: ['Plume'], summary: '端到端的专栏', original: true, coverMode: 'custom' } },
    });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
    const batch = await e.batchDone(res.body.batch_id);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');
    const posts = e.sim.publishes('bilibili');
    expect(posts).toHaveLength(1);
    const src = /<img [^>]*src="([^"]+)"/.exec(posts[0]!.body)?.[1];
    expect(src).toMatch(/^http:\/\/i0\.hdslb\.com\/bfs\/new_dyn\//);
    expect(posts[0]).toMatchObject({ account: ACCOUNT, title: 'Plume B站专栏' });
    expect(posts[0]!.body.replace(/\r\n/g, '\n')).toBe(markdownToHtml(content).replace(`src="${figure}"`, `src="${src}"`));
    expect(posts[0]!.settings).toEqual({ kind: 'article', category: '学习', tags: ['Plume'], summary: '端到端的专栏', original: true, reprint: false, cover: 'custom' });
    expect(posts[0]!.media).toEqual([
      { kind: 'cover', size: 25 * 1024, sha256: e.sha256(cover) },
      { kind: 'image', size: 15 * 1024, sha256: e.sha256(figure) },
    ]);
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  }, 180_000);
});
