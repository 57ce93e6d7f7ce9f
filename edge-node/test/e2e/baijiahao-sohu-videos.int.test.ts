/**
 * End to end for 百家号 and 搜狐号 videos, with nothing stubbed: the
 * control-plane app, the compiled `plume-edge` daemon with the real adapters
 * in Debian's Chromium, and the platform simulator's replicas. On 搜狐号, a
 * custom cover (no cover control on record) is refused before any job
 * exists; on 百家号, whose video page has one, a title under its 9-character
 * floor is. Then `POST /publish/video` leaves exactly one video post on each
 * platform: the file's bytes, the title and the description as plain text —
 * and on 百家号 the custom cover and the 含AI生成内容 declaration.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEdgeE2e } from '../../../test/support/edge-e2e.js';

const BAIJIAHAO = '1588000000000301';
const SOHU = '120186301';

const e = useEdgeE2e({
  name: 'e2e-baijiahao-sohu-videos',
  files: { 'cover.jpg': 40 * 1024, 'clip.mp4': 300 * 1024 },
  accounts: [
    { platform: 'baijiahao', ref: BAIJIAHAO, name: 'Lab baijiahao' },
    { platform: 'sohu', ref: SOHU, name: 'Lab sohu' },
  ],
});

type Platform = 'baijiahao' | 'sohu';
/** The public page of a post: 百家号 addresses a video by its article_id (not the nid that is its post id), 搜狐号 by its id and the account. */
const POST_URL: Record<Platform, (id: string) => RegExp> = {
  baijiahao: () => new RegExp(`^${e.sim.baseUrl('baijiahao').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/baijiahao\\.baidu\\.com/s\\?id=\\d+$`),
  sohu: (id) => new RegExp(`^${`${e.sim.baseUrl('sohu')}/www.sohu.com/a/${id}_${SOHU}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
};

function request(platform: Platform, title: string, extra: Record<string, unknown>, settings: Record<string, unknown> = {}) {
  return async () => ({
    executor: 'edge',
    accountIds: [(await e.account(platform))!.id],
    title,
    localVideoPath: join(e.node.userDir, 'clip.mp4'),
    ...extra,
    platformSettings: { [platform]: { description: '经由 **Open API** 发布', aiLabel: true, ...settings } },
  });
}

async function refusedBeforeAnyJob(platform: Platform, body: Record<string, unknown>, code: string, field: string) {
  const refused = await e.api('POST', '/publish/video', body);
  expect(refused.status, JSON.stringify(refused.body)).toBe(422);
  expect(refused.body.error.code).toBe(code);
  expect(refused.body.error.message).toContain(field);
  expect(e.sim.publishes(platform)).toHaveLength(0);
}

async function publishOnce(platform: Platform, ref: string, title: string, body: Record<string, unknown>) {
  const res = await e.api('POST', '/publish/video', body);
  expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
  const batch = await e.batchDone(res.body.batch_id, 200_000);
  expect(batch.state, `${JSON.stringify(batch)}\n${e.node.output()}`).toBe('succeeded');
  const posts = e.sim.publishes(platform);
  expect(posts).toHaveLength(1);
  expect(posts[0]).toMatchObject({ account: ref, title, body: '经由 Open API 发布', settings: { type: 'video' } });
  expect(posts[0]!.media[0]).toEqual({ kind: 'video', size: 300 * 1024, sha256: e.sha256(join(e.node.userDir, 'clip.mp4')) });
  expect(posts[0]!.url).toMatch(POST_URL[platform](posts[0]!.postId));
  // What the integrator receives is the platform's own address of the post.
  expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId, platform_url: posts[0]!.url });
  return posts[0]!;
}

describe('edge executor, baijiahao and sohu videos', () => {
  it('baijiahao video: the account is online and publishable for videos on the node', async () => {
    await expect.poll(async () => (await e.account('baijiahao'))?.publishable, { timeout: 45_000, message: e.node.output() }).toBe(true);
  }, 120_000);

  it('sohu video: the account is online and publishable for videos on the node', async () => {
    await expect.poll(async () => (await e.account('sohu'))?.publishable, { timeout: 45_000, message: e.node.output() }).toBe(true);
  }, 120_000);

  it('baijiahao video: a too-short title is refused before any job; the video reaches 百家号 once: its bytes, the title, the description, the cover and the AI declaration', async () => {
    const cover = { coverImagePath: join(e.node.userDir, 'cover.jpg') };
    await refusedBeforeAnyJob('baijiahao', await request('baijiahao', '短标题', cover)(), 'content_limit_exceeded', 'title');
    const title = 'Plume 百家号视频端到端';
    const post = await publishOnce('baijiahao', BAIJIAHAO, title, await request('baijiahao', title, cover)());
    expect(post.settings).toEqual({ type: 'video', aigc: true, cover: 'custom' });
    expect(post.media[1]).toEqual({ kind: 'cover', size: 40 * 1024, sha256: e.sha256(join(e.node.userDir, 'cover.jpg')) });
  }, 260_000);

  it('sohu video: a custom cover is refused before any job; the video reaches 搜狐号 once: its bytes, the title and the description', async () => {
    await refusedBeforeAnyJob('sohu', await request('sohu', 'Plume 搜狐号视频端到端', {}, { coverMode: 'custom' })(), 'invalid_settings', 'coverMode');
    const post = await publishOnce('sohu', SOHU, 'Plume 搜狐号视频端到端', await request('sohu', 'Plume 搜狐号视频端到端', {})());
    expect(post.media).toHaveLength(1);
  }, 260_000);
});
