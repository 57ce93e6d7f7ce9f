/**
 * End to end for 大鱼号 and 一点号 videos with nothing stubbed: the
 * control-plane app, the compiled `plume-edge` daemon with the real adapters
 * in Debian's Chromium, and the platform simulator's replicas. What a page
 * cannot take — an AI label on 大鱼号 (its 信息来源 has only 无需标注 on record),
 * a custom cover on 一点号 (no cover control on record) — is refused before any
 * job exists; then `POST /publish/video` leaves exactly one video post on each
 * platform: the file's bytes, the title, the description as plain text, and on
 * 大鱼号 the cover in both slots and the tags.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEdgeE2e } from '../../../test/support/edge-e2e.js';

const DAYU = 'b7c6d5e4f3a2918070605040302010a0';
const YIDIAN = '173650001';

const e = useEdgeE2e({
  name: 'e2e-dayu-yidian-videos',
  files: { 'cover.jpg': 40 * 1024, 'clip.mp4': 300 * 1024 },
  accounts: [
    { platform: 'dayu', ref: DAYU, name: 'Lab dayu' },
    { platform: 'yidian', ref: YIDIAN, name: 'Lab yidian' },
  ],
});

const clip = () => join(e.node.userDir, 'clip.mp4');
const cover = () => join(e.node.userDir, 'cover.jpg');

async function publishVideo(platform: 'dayu' | 'yidian', title: string, refused: Record<string, unknown>, settings: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const accountId = (await e.account(platform))!.id;
  const request = (s: Record<string, unknown>) => ({
    executor: 'edge',
    accountIds: [accountId],
    title,
    localVideoPath: clip(),
    ...extra,
    platformSettings: { [platform]: { description: '经由 **Open API** 发布', ...s } },
  });

  const no = await e.api('POST', '/publish/video', request({ ...settings, ...refused }));
  expect(no.status, JSON.stringify(no.body)).toBe(422);
  expect(no.body.error.code).toBe('invalid_settings');
  for (const key of Object.keys(refused)) expect(no.body.error.message).toContain(key);
  expect(e.sim.publishes(platform)).toHaveLength(0);

  const res = await e.api('POST', '/publish/video', request(settings));
  expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
  const batch = await e.batchDone(res.body.batch_id, 200_000);
  expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');
  const posts = e.sim.publishes(platform);
  expect(posts).toHaveLength(1);
  const post = posts[0]!;
  expect(post).toMatchObject({ title, body: '经由 Open API 发布' });
  expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: post.postId });
  return post;
}

describe('edge executor, 大鱼号 and 一点号 videos', () => {
  it('dayu video: the account is online and publishable for videos on the node', async () => {
    await expect.poll(async () => (await e.account('dayu'))?.publishable, { timeout: 45_000, message: e.node.output() }).toBe(true);
  }, 120_000);

  it('yidian video: the account is online and publishable for videos on the node', async () => {
    await expect.poll(async () => (await e.account('yidian'))?.publishable, { timeout: 45_000, message: e.node.output() }).toBe(true);
  }, 120_000);

  it('dayu video: an AI label is refused before any job; the video reaches dayu once: its bytes, the title, the description, the cover in both slots, the tags', async () => {
    const post = await publishVideo('dayu', 'Plume 大鱼号视频端到端', { aiLabel: true }, { coverMode: 'custom', tags: ['科普', 'Plume'], aiLabel: false }, { coverImagePath: cover() });
    expect(post.account).toBe(DAYU);
    expect(post.settings).toEqual({ type: 'video', tags: ['科普', 'Plume'], source: '无需标注', cover: 'custom' });
    const coverDigest = { size: 40 * 1024, sha256: e.sha256(cover()) };
    expect(post.media).toEqual([{ kind: 'video', size: 300 * 1024, sha256: e.sha256(clip()) }, { kind: 'cover', ...coverDigest }, { kind: 'cover', ...coverDigest }]);
    // The address carries the video's public id (origin_id), not the dashboard's _id.
    expect(post.url).toMatch(new RegExp(`^${e.sim.baseUrl('dayu')}/mparticle\\.uc\\.cn/article\\.html\\?wm_id=${DAYU}&wm_aid=[0-9a-f]{32}$`));
    expect(post.url).not.toContain(`wm_aid=${post.postId}`);
  }, 260_000);

  it('yidian video: a custom cover is refused before any job; the video reaches yidian once: its bytes, the title and the description', async () => {
    const post = await publishVideo('yidian', 'Plume 一点号视频端到端', { coverMode: 'custom' }, { aiLabel: true });
    expect(post.account).toBe(YIDIAN);
    expect(post.settings).toEqual({ type: 'video' });
    expect(post.media).toEqual([{ kind: 'video', size: 300 * 1024, sha256: e.sha256(clip()) }]);
    expect(post.url).toBe(`${e.sim.baseUrl('yidian')}/www.yidianzixun.com/article/${post.postId}`);
  }, 260_000);
});
