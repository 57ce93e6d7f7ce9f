/**
 * douyin end to end, with nothing stubbed: the control-plane app, the
 * compiled `plume-edge` daemon with the real douyin adapter in Debian's
 * Chromium, and the douyin replica. A VIDEO through `POST /publish/video`
 * (topics, the AI declaration, a collection, a landscape cover) and a 图文
 * through `POST /publish/dynamic` (two images, a title) each end succeeded
 * with exactly one work on the replica, carrying the files' bytes.
 */
import { describe, expect, it } from 'vitest';
import { useEdgeE2e } from '../../../test/support/edge-e2e.js';

const DOUYIN = 'MS4wLjABAAAAe2e_douyin_1';

const e = useEdgeE2e({
  name: 'e2e-douyin',
  files: { 'clip.mp4': 600 * 1024, 'cover.jpg': 40 * 1024, 'a.jpg': 30 * 1024, 'b.png': 20 * 1024 },
  accounts: [{ platform: 'douyin', ref: DOUYIN, name: 'Lab douyin' }],
});

describe('douyin through the edge daemon', () => {
  it('the account is online and publishable on the node', async () => {
    await expect.poll(async () => (await e.account('douyin'))?.publishable, { timeout: 90_000, message: e.node.output() }).toBe(true);
  }, 100_000);

  it('douyin video: through POST /publish/video reaches douyin once, with its settings and bytes', async () => {
    e.sim.reset();
    const acc = (await e.account('douyin'))!;
    const res = await e.api('POST', '/publish/video', {
      executor: 'edge',
      accountIds: [acc.id],
      title: 'Plume 抖音端到端',
      localVideoPath: e.file('clip.mp4'),
      coverImagePath: e.file('cover.jpg'),
      platformSettings: { douyin: { description: '经由边缘节点发布', tags: ['Plume'], aiLabel: true, creationDeclaration: 'ai_generated', collectionName: 'Plume 合集', coverOrientation: 'landscape' } },
    });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
    const batch = await e.batchDone(res.body.batch_id, 150_000);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');
    const posts = e.sim.publishes('douyin');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: DOUYIN, title: 'Plume 抖音端到端', body: '经由边缘节点发布 #Plume' });
    expect(posts[0]!.settings).toMatchObject({ creationDeclaration: '内容由AI生成', collection: 'Plume 合集', coverOrientation: 'landscape', coverSource: 'custom' });
    expect(posts[0]!.media.map((m) => [m.kind, m.sha256])).toEqual([
      ['video', e.sha256(e.file('clip.mp4'))],
      ['cover', e.sha256(e.file('cover.jpg'))],
    ]);
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
    // The daemon sent the chunks from the sandbox's descriptor; Chromium sent none (upload-offload.ts).
    expect(e.sim.hits('/tos-d-x-hl.snssdk.com/', 'daemon')).toBeGreaterThan(0);
    expect(e.sim.hits('/tos-d-x-hl.snssdk.com/', 'browser')).toBe(0);
  }, 180_000);

  it('douyin dynamic: a 图文 through POST /publish/dynamic reaches douyin once, with both images', async () => {
    e.sim.reset();
    const acc = (await e.account('douyin'))!;
    const res = await e.api('POST', '/publish/dynamic', {
      executor: 'edge',
      accountIds: [acc.id],
      content: '周末的两张照片\n拍于 **公园**',
      images: [e.file('a.jpg'), e.file('b.png')],
      platformSettings: { douyin: { title: 'Plume 图文', tags: ['日常'] } },
    });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(202);
    const batch = await e.batchDone(res.body.batch_id, 150_000);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');
    const posts = e.sim.publishes('douyin');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: DOUYIN, title: 'Plume 图文', body: '周末的两张照片\n拍于 公园 #日常' });
    expect(posts[0]!.media.map((m) => [m.kind, m.sha256])).toEqual([
      ['image', e.sha256(e.file('a.jpg'))],
      ['image', e.sha256(e.file('b.png'))],
    ]);
    expect(posts[0]!.url).toMatch(/\/www\.douyin\.com\/note\/\d{19}$/);
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  }, 180_000);
});
