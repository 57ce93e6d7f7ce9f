/**
 * xiaohongshu end to end with nothing stubbed: the control-plane app, the
 * compiled `plume-edge` daemon with the real xiaohongshu adapter in Debian's
 * Chromium, and the replica. A VIDEO through POST /publish/video and a note
 * (DYNAMIC) through POST /publish/dynamic each end succeeded with exactly one
 * post carrying the files' bytes and the frozen settings as xiaohongshu stores them.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEdgeE2e } from '../../../test/support/edge-e2e.js';

const ACCOUNT = '5f3e0c2a00000000010e2e01';

const e = useEdgeE2e({
  name: 'e2e-xhs',
  files: { 'clip.mp4': 300 * 1024, 'cover.png': 40 * 1024, 'p1.jpg': 30 * 1024, 'p2.png': 20 * 1024 },
  accounts: [{ platform: 'xiaohongshu', ref: ACCOUNT, name: 'Lab xhs' }],
  configure: (sim) => sim.configure('xiaohongshu', { chunkDelayMs: 0 }),
});

describe('xiaohongshu through the edge node', () => {
  it('the account is online and publishable', async () => {
    await expect.poll(async () => (await e.account('xiaohongshu'))?.publishable, { timeout: 60_000, message: e.node.output() }).toBe(true);
  }, 90_000);

  it('xiaohongshu video: reaches xiaohongshu once, with its bytes, cover, topics, location and visibility', async () => {
    const acc = (await e.account('xiaohongshu'))!;
    const res = await e.api('POST', '/publish/video', {
      executor: 'edge',
      accountIds: [acc.id],
      title: 'Plume 小红书视频',
      localVideoPath: join(e.node.userDir, 'clip.mp4'),
      coverImagePath: join(e.node.userDir, 'cover.png'),
      platformSettings: { xiaohongshu: { tags: ['Plume'], description: '端到端的视频说明', visibility: 'private', location: '上海市', coverMode: 'custom' } },
    });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
    const batch = await e.batchDone(res.body.batch_id);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');
    const posts = e.sim.publishes('xiaohongshu');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: ACCOUNT, title: 'Plume 小红书视频', body: '端到端的视频说明' });
    expect(posts[0]!.settings).toMatchObject({ type: 'video', topics: ['Plume'], location: '上海市', visibility: '仅自己可见', postTime: null });
    expect(posts[0]!.media).toEqual([
      { kind: 'video', size: 300 * 1024, sha256: e.sha256(join(e.node.userDir, 'clip.mp4')) },
      { kind: 'cover', size: 40 * 1024, sha256: e.sha256(join(e.node.userDir, 'cover.png')) },
    ]);
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  }, 180_000);

  it('xiaohongshu dynamic: a note reaches xiaohongshu once, with both pictures, its title and topic', async () => {
    e.sim.reset();
    const acc = (await e.account('xiaohongshu'))!;
    const images = [join(e.node.userDir, 'p1.jpg'), join(e.node.userDir, 'p2.png')];
    const res = await e.api('POST', '/publish/dynamic', {
      executor: 'edge',
      accountIds: [acc.id],
      content: '今天的图文笔记\n第二行',
      images,
      platformSettings: { xiaohongshu: { title: 'Plume 图文', tags: ['Plume'] } },
    });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(202);
    const batch = await e.batchDone(res.body.batch_id);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');
    const posts = e.sim.publishes('xiaohongshu');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: ACCOUNT, title: 'Plume 图文', body: '今天的图文笔记\n第二行' });
    expect(posts[0]!.settings).toMatchObject({ type: 'normal', topics: ['Plume'], visibility: '公开可见' });
    expect(posts[0]!.media.map((m) => m.sha256)).toEqual(images.map(e.sha256));
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  }, 180_000);
});
