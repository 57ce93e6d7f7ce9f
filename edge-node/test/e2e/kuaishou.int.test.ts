/**
 * kuaishou end to end, nothing stubbed but the site: the control-plane app,
 * the compiled `plume-edge` daemon with the kuaishou adapter in Debian's
 * Chromium, and the replica of kuaishou's creator centre. A VIDEO through
 * `POST /publish/video` (with its cover, topics, collection and a scheduled
 * time) and a 图文 through `POST /publish/dynamic` each end succeeded with
 * exactly one post holding the file's bytes and the frozen settings as
 * kuaishou stores them.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEdgeE2e } from '../../../test/support/edge-e2e.js';

const KS = '3355779911';

const e = useEdgeE2e({
  name: 'e2e-kuaishou',
  files: { 'clip.mp4': 400 * 1024, 'cover.jpg': 30 * 1024, 'one.jpg': 20 * 1024 },
  accounts: [{ platform: 'kuaishou', ref: KS, name: 'Lab kuaishou' }],
  setupTimeoutMs: 240_000,
});

describe('kuaishou through the edge executor', () => {
  it('the account is online and publishable on the node', async () => {
    await expect.poll(async () => (await e.account('kuaishou'))?.publishable, { timeout: 150_000, message: e.node.output() }).toBe(true);
  }, 200_000);

  it('kuaishou video: reaches kuaishou once: caption, video and cover bytes, collection, scheduled time', async () => {
    const at = new Date(Date.now() + 26 * 3600_000);
    at.setUTCSeconds(0, 0);
    const res = await e.api('POST', '/publish/video', {
      executor: 'edge',
      accountIds: [(await e.account('kuaishou'))!.id],
      title: 'Plume 快手端到端',
      localVideoPath: join(e.node.userDir, 'clip.mp4'),
      coverImagePath: join(e.node.userDir, 'cover.jpg'),
      platformSettings: { kuaishou: { description: '经由 **Open API** 发布', tags: ['Plume'], collectionName: '日常记录', scheduledAt: at.toISOString() } },
    });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
    const batch = await e.batchDone(res.body.batch_id, 240_000);
    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
    const posts = e.sim.publishes('kuaishou');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      account: KS,
      body: 'Plume 快手端到端\n经由 Open API 发布\n#Plume',
      settings: { collection: '日常记录', publishTime: new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ') },
    });
    expect(posts[0]!.media).toEqual([
      expect.objectContaining({ kind: 'video', sha256: e.sha256(join(e.node.userDir, 'clip.mp4')) }),
      expect.objectContaining({ kind: 'cover', sha256: e.sha256(join(e.node.userDir, 'cover.jpg')) }),
    ]);
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  }, 300_000);

  it('kuaishou dynamic: a 图文 reaches kuaishou once with its picture', async () => {
    e.sim.reset();
    const res = await e.api('POST', '/publish/dynamic', {
      executor: 'edge',
      accountIds: [(await e.account('kuaishou'))!.id],
      content: 'Plume 快手图文',
      images: [join(e.node.userDir, 'one.jpg')],
      platformSettings: { kuaishou: { tags: ['图文'] } },
    });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(202);
    const batch = await e.batchDone(res.body.batch_id, 240_000);
    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
    const posts = e.sim.publishes('kuaishou');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: KS, body: 'Plume 快手图文\n#图文', media: [expect.objectContaining({ kind: 'image', sha256: e.sha256(join(e.node.userDir, 'one.jpg')) })] });
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  }, 300_000);
});
