/**
 * End to end for zhihu (知乎) videos with nothing stubbed: the control-plane
 * app, the compiled `plume-edge` daemon with the real zhihu adapter in
 * Debian's Chromium, and the zhihu replica's upload page. More topics than
 * the page takes are refused before any job exists; then `POST /publish/video`
 * leaves exactly one video on zhihu: the file's bytes, the custom cover's,
 * the title, the description as plain text and the topics.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEdgeE2e } from '../../../test/support/edge-e2e.js';

const ZHIHU = '3e5a7c9b1d2f4a6c8e0b2d4f6a8c0e2b';

const e = useEdgeE2e({
  name: 'e2e-zhihu-video',
  files: { 'cover.jpg': 40 * 1024, 'clip.mp4': 300 * 1024 },
  accounts: [{ platform: 'zhihu', ref: ZHIHU, name: 'Lab zhihu' }],
});

describe('edge executor, zhihu videos', () => {
  it('zhihu video: the account is online and publishable for videos on the node', async () => {
    await expect.poll(async () => (await e.account('zhihu'))?.publishable, { timeout: 45_000, message: e.node.output() }).toBe(true);
  }, 120_000);

  it('zhihu video: six topics are refused before any job; the video reaches zhihu once with its cover, title, description and topics', async () => {
    const accountId = (await e.account('zhihu'))!.id;
    const title = 'Plume 知乎视频端到端';
    const request = (settings: Record<string, unknown>) => ({
      executor: 'edge',
      accountIds: [accountId],
      title,
      localVideoPath: join(e.node.userDir, 'clip.mp4'),
      coverImagePath: join(e.node.userDir, 'cover.jpg'),
      platformSettings: { zhihu: { description: '经由 **Open API** 发布', coverMode: 'custom', ...settings } },
    });

    const refused = await e.api('POST', '/publish/video', request({ tags: ['一', '二', '三', '四', '五', '六'] }));
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.error.code).toBe('invalid_settings');
    expect(refused.body.error.message).toContain('tags');
    expect(e.sim.publishes('zhihu')).toHaveLength(0);

    const res = await e.api('POST', '/publish/video', request({ tags: ['汽车', 'Plume试驾'] }));
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
    const batch = await e.batchDone(res.body.batch_id, 200_000);
    expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');
    const posts = e.sim.publishes('zhihu');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: ZHIHU, title, body: '经由 Open API 发布', settings: { type: 'video', topics: ['汽车', 'Plume试驾'] } });
    expect(posts[0]!.media).toEqual([
      { kind: 'video', size: 300 * 1024, sha256: e.sha256(join(e.node.userDir, 'clip.mp4')) },
      { kind: 'cover', size: 40 * 1024, sha256: e.sha256(join(e.node.userDir, 'cover.jpg')) },
    ]);
    expect(posts[0]!.url).toBe(`${e.sim.baseUrl('zhihu')}/www.zhihu.com/zvideo/${posts[0]!.postId}`);
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  }, 260_000);
});
