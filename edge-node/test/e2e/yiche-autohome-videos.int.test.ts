/**
 * End to end for the car platforms' videos — yiche (易车号) and autohome
 * (汽车之家 车家号) — with nothing stubbed: the control-plane app, the compiled
 * `plume-edge` daemon with the real adapters in Debian's Chromium, and the
 * platform simulator's replicas. A custom cover, for which neither node
 * adapter drives a control, is refused before any job exists; then
 * `POST /publish/video` leaves exactly one video post on each platform: the
 * file's bytes, the title and the description as plain text.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEdgeE2e } from '../../../test/support/edge-e2e.js';

const YICHE = '50817001';
const AUTOHOME = '7713001';

const e = useEdgeE2e({
  name: 'e2e-car-videos',
  files: { 'cover.jpg': 40 * 1024, 'clip.mp4': 300 * 1024 },
  accounts: [
    { platform: 'yiche', ref: YICHE, name: 'Lab yiche' },
    { platform: 'autohome', ref: AUTOHOME, name: 'Lab autohome' },
  ],
});

const POST_URL = {
  yiche: (id: string) => `${e.sim.baseUrl('yiche')}/vc.yiche.com/vplay/${id}.html`,
  autohome: (id: string) => `${e.sim.baseUrl('autohome')}/chejiahao.autohome.com.cn/info/${id}`,
};

async function publishOnce(platform: 'yiche' | 'autohome', ref: string, title: string) {
  const accountId = (await e.account(platform))!.id;
  const request = (settings: Record<string, unknown>) => ({
    executor: 'edge',
    accountIds: [accountId],
    title,
    localVideoPath: join(e.node.userDir, 'clip.mp4'),
    platformSettings: { [platform]: { description: '经由 **Open API** 发布', aiLabel: true, ...settings } },
  });

  const refused = await e.api('POST', '/publish/video', request({ coverMode: 'custom' }));
  expect(refused.status, JSON.stringify(refused.body)).toBe(422);
  expect(refused.body.error.code).toBe('invalid_settings');
  expect(refused.body.error.message).toContain('coverMode');
  expect(e.sim.publishes(platform)).toHaveLength(0);

  const res = await e.api('POST', '/publish/video', request({}));
  expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
  const batch = await e.batchDone(res.body.batch_id, 200_000);
  expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');
  const posts = e.sim.publishes(platform);
  expect(posts).toHaveLength(1);
  expect(posts[0]).toMatchObject({ account: ref, title, body: '经由 Open API 发布', settings: { type: 'video' } });
  expect(posts[0]!.media).toEqual([{ kind: 'video', size: 300 * 1024, sha256: e.sha256(join(e.node.userDir, 'clip.mp4')) }]);
  expect(posts[0]!.url).toBe(POST_URL[platform](posts[0]!.postId));
  expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
}

describe('edge executor, yiche and autohome videos', () => {
  it('yiche video: the account is online and publishable for videos on the node', async () => {
    await expect.poll(async () => (await e.account('yiche'))?.publishable, { timeout: 45_000, message: e.node.output() }).toBe(true);
  }, 120_000);

  it('autohome video: the account is online and publishable for videos on the node', async () => {
    await expect.poll(async () => (await e.account('autohome'))?.publishable, { timeout: 45_000, message: e.node.output() }).toBe(true);
  }, 120_000);

  it('yiche video: a custom cover is refused before any job; the video reaches yiche once: its bytes, the title and the description', async () => {
    await publishOnce('yiche', YICHE, 'Plume 易车号视频端到端');
  }, 260_000);

  it('autohome video: a custom cover is refused before any job; the video reaches autohome once: its bytes, the title and the description', async () => {
    await publishOnce('autohome', AUTOHOME, 'Plume 车家号视频端到端');
    // 原创 and 首发 are left as the page has them.
    expect(e.sim.publishes('autohome')[0]!.settings).toMatchObject({ isOriginal: false, isFirst: false });
  }, 260_000);
});
