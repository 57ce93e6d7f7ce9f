/**
 * End to end for 网易号 and 企鹅号 videos with nothing stubbed: the
 * control-plane app, the compiled `plume-edge` daemon with the real adapters
 * in Debian's Chromium, and the platform simulator's replicas. What a
 * platform cannot take is refused before any job exists — a custom cover on
 * 网易号 (no cover control on record), an AI label on 企鹅号 (its one recorded
 * declaration is 无需标注) — then `POST /publish/video` leaves exactly one
 * video post on each platform: the file's bytes, the title, the description
 * as plain text, and on 企鹅号 the tags, the custom cover and the 自主声明.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEdgeE2e } from '../../../test/support/edge-e2e.js';

const NETEASE = 'W7400000000009';
const QIEHAO = '5120000009';

const e = useEdgeE2e({
  name: 'e2e-netease-qiehao-videos',
  files: { 'cover.jpg': 40 * 1024, 'clip.mp4': 300 * 1024 },
  accounts: [
    { platform: 'netease', ref: NETEASE, name: 'Lab netease' },
    { platform: 'qiehao', ref: QIEHAO, name: 'Lab qiehao' },
  ],
});

const POST_URL = {
  netease: (id: string) => `${e.sim.baseUrl('netease')}/www.163.com/v/video/${id}.html`,
  qiehao: (id: string) => `${e.sim.baseUrl('qiehao')}/v.qq.com/x/page/${id}.html`,
};

type Platform = keyof typeof POST_URL;

async function publishOnce(platform: Platform, ref: string, title: string, base: Record<string, unknown>, refusedSettings: Array<[Record<string, unknown>, string]>, cover = false) {
  const accountId = (await e.account(platform))!.id;
  const request = (settings: Record<string, unknown>) => ({
    executor: 'edge',
    accountIds: [accountId],
    title,
    localVideoPath: join(e.node.userDir, 'clip.mp4'),
    ...(cover ? { coverImagePath: join(e.node.userDir, 'cover.jpg') } : {}),
    platformSettings: { [platform]: { description: '经由 **Open API** 发布', ...base, ...settings } },
  });

  for (const [settings, field] of refusedSettings) {
    const refused = await e.api('POST', '/publish/video', request(settings));
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.error.code).toBe('invalid_settings');
    expect(refused.body.error.message).toContain(field);
  }
  expect(e.sim.publishes(platform)).toHaveLength(0);

  const res = await e.api('POST', '/publish/video', request({}));
  expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
  const batch = await e.batchDone(res.body.batch_id, 200_000);
  expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');
  const posts = e.sim.publishes(platform);
  expect(posts).toHaveLength(1);
  expect(posts[0]).toMatchObject({ account: ref, title, body: '经由 Open API 发布', settings: { type: 'video' } });
  expect(posts[0]!.media).toEqual([
    { kind: 'video', size: 300 * 1024, sha256: e.sha256(join(e.node.userDir, 'clip.mp4')) },
    ...(cover ? [{ kind: 'cover', size: 40 * 1024, sha256: e.sha256(join(e.node.userDir, 'cover.jpg')) }] : []),
  ]);
  expect(posts[0]!.url).toBe(POST_URL[platform](posts[0]!.postId));
  expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  return posts[0]!;
}

describe('edge executor, netease and qiehao videos', () => {
  it('netease video: the account is online and publishable for videos on the node', async () => {
    await expect.poll(async () => (await e.account('netease'))?.publishable, { timeout: 45_000, message: e.node.output() }).toBe(true);
  }, 120_000);

  it('qiehao video: the account is online and publishable for videos on the node', async () => {
    await expect.poll(async () => (await e.account('qiehao'))?.publishable, { timeout: 45_000, message: e.node.output() }).toBe(true);
  }, 120_000);

  it('netease video: a custom cover is refused before any job; the video reaches 网易号 once: its bytes, the title and the description', async () => {
    // No declaration is on record for 网易号: aiLabel is ignored there, not refused.
    await publishOnce('netease', NETEASE, 'Plume 网易号视频端到端', { aiLabel: true }, [[{ coverMode: 'custom' }, 'coverMode']]);
  }, 260_000);

  it('qiehao video: an AI label is refused before any job; the video reaches 企鹅号 once with its tags and custom cover, declared 无需标注', async () => {
    const post = await publishOnce('qiehao', QIEHAO, 'Plume 企鹅号视频端到端', { tags: ['新车', '评测'], coverMode: 'custom' }, [[{ aiLabel: true }, 'aiLabel']], true);
    expect(post.settings).toEqual({ type: 'video', tags: ['新车', '评测'], declaration: 'none', original: false });
  }, 260_000);
});
