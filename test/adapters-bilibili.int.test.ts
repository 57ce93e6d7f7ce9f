/**
 * bilibili adapter end to end: real Chromium against the platform simulator
 * (chunked upload, transcoding, custom cover, partition by name, AI label).
 * The cases every adapter shares are in test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import { bilibiliAdapter as adapter } from '../edge-node/src/adapters/bilibili.js';
import type { VideoJob } from '../edge-node/src/adapters/contract.js';
import { expectAdapterError, fileDigest } from './platform-simulator/harness.js';
import { type AdapterContract, errorContract, happyPathContract, useAdapterFixture } from './support/adapter-contract.js';

const P = 'bilibili';
const ACCOUNT = '30010001';
const SETTINGS = { partitionName: '知识', tags: ['科普', 'Plume'], aiLabel: true, copyright: 'original' };

let video: string;
let cover: string;
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    video = await media.file('clip.mp4', 400 * 1024);
    cover = await media.file('cover.jpg', 48 * 1024);
  },
  // Transcoding still visibly runs 0 → 100 %, a little faster than the 1 s default.
  beforeEach: (sim) => sim.configure(P, { transcodeMs: 600 }),
});
const open = () => fx.open(ACCOUNT);

function makeJob(overrides: { settings?: Record<string, unknown>; coverImagePath?: string | undefined } = {}): VideoJob {
  seq++;
  return {
    jobId: `job_bl${seq}`,
    attemptId: `att_bl${seq}`,
    platform: P,
    contentType: 'video',
    account: { id: 'acc_3', externalRef: ACCOUNT },
    payload: {
      title: `B站投稿测试 ${seq}`,
      localVideoPath: video,
      description: `第一行简介\n**第二行** 简介\n\n更多：https://example.com`,
      ...('coverImagePath' in overrides ? { coverImagePath: overrides.coverImagePath } : { coverImagePath: cover }),
    },
    settings: overrides.settings ?? SETTINGS,
    settingsHash: 'sha256:test',
    createdAt: new Date().toISOString(),
  };
}

const contract: AdapterContract<VideoJob> = {
  fixture: fx,
  adapter,
  account: ACCOUNT,
  makeJob: () => makeJob(),
  publishesOnce: {
    title: 'uploads, transcodes and publishes once: partition by name, custom cover, AI label, tags, plain-text description',
    simOptions: { chunkDelayMs: 50 }, // 5 chunks over ≥ 250 ms: mid-transfer progress is observable
    async check({ post, result, job, ctx }) {
      expect(post).toMatchObject({ title: job.payload.title, body: '第一行简介\n第二行 简介\n\n更多：https://example.com' });
      expect(post.settings).toMatchObject({ partitionName: '知识', partitionId: 36, tags: ['科普', 'Plume'], aiLabel: true, copyright: 'original', visibility: 'public', coverSource: 'custom' });
      expect(post.media).toEqual([
        { kind: 'video', ...(await fileDigest(video)) },
        { kind: 'cover', ...(await fileDigest(cover)) },
      ]);
      expect(result).toEqual({ postId: expect.stringMatching(/^BV1\w{9}$/), url: `${fx.sim.baseUrl(P)}/video/${result.postId}` });

      const size = (await fileDigest(video)).size;
      const transfer = ctx.events.filter((e) => e.step === 'upload' && e.detail?.phase === 'transfer').map((e) => e.detail!);
      const transcode = ctx.events.filter((e) => e.step === 'upload' && e.detail?.phase === 'transcode').map((e) => e.detail!);
      expect(transfer.every((d) => d.bytesTotal === size)).toBe(true);
      expect(transfer.at(-1)).toMatchObject({ bytesSent: size, percent: 100 });
      expect(transfer.some((d) => d.bytesSent! > 0 && d.bytesSent! < size)).toBe(true); // progress seen mid-transfer
      expect(transcode.at(-1)!.percent).toBe(100);
      expect(transcode.some((d) => d.percent! < 100)).toBe(true);
      // The chunk PUTs and the cover carried their bytes from the daemon, not through Chromium (upload-offload.ts);
      // the page's own requests (preupload, completion, transcoding poll) stayed the browser's.
      expect(fx.sim.hits('/upos/', 'browser')).toBe(1); // the completion POST
      expect(fx.sim.hits('/upos/', 'daemon')).toBe(Math.ceil(size / (96 * 1024)));
      expect(fx.sim.hits('/cover/up', 'daemon')).toBe(1);
      expect(fx.sim.hits('/preupload', 'browser')).toBe(1);
    },
  },
  repeatedPrepare: {
    job: () =>
      makeJob({
        coverImagePath: undefined,
        settings: { ...SETTINGS, copyright: 'repost', sourceUrl: 'https://example.com/original', aiLabel: false, visibility: 'private', description: '来自 **设置** 的简介' },
      }),
    check(posts) {
      expect(posts[0]!.settings).toMatchObject({ copyright: 'repost', sourceUrl: 'https://example.com/original', aiLabel: false, visibility: 'private', coverSource: 'auto' });
      expect(posts[0]!.body).toBe('来自 设置 的简介');
      expect(posts[0]!.media.map((m) => m.kind)).toEqual(['video']);
    },
  },
  verifyJob: () => makeJob(),
  editorChanged: { omitTestId: 'partition-select', step: 'apply_settings', control: 'partition menu' },
  lostAnswerOptions: { transcodeMs: 300 },
};

describe('happy path', () => {
  happyPathContract(contract);
});

describe('errors', () => {
  errorContract(contract);

  it('cover_rejected stops the job before publish (no automatic cover instead)', async () => {
    fx.sim.configure(P, { rejectCover: '封面分辨率过低' });
    const page = await open();
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'cover_rejected', 'apply_settings');
    expect(err.message).toContain('封面分辨率过低');
    expect(ctx.gate.calls).toBe(0);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });

  it('upload_failed when bilibili refuses the video', async () => {
    fx.sim.configure(P, { rejectVideo: '视频格式不支持' });
    const page = await open();
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'upload_failed', 'upload');
    expect(err.message).toContain('视频格式不支持');
  });

  it('settings: unknown partition name, deprecated numeric id, repost without sourceUrl are setting_unavailable', async () => {
    const page = await open();
    const ctx = fx.ctx();
    // Checked before the browser moves: no upload happens for these.
    const deprecated = await expectAdapterError(adapter.prepare(page, makeJob({ settings: { ...SETTINGS, tid: 36 } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(deprecated.message).toContain('partitionName');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { ...SETTINGS, copyright: 'repost' } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(page.url()).toBe('about:blank');
    // Known only once the editor lists its partitions.
    const unknown = await expectAdapterError(adapter.prepare(page, makeJob({ settings: { ...SETTINGS, partitionName: '不存在的分区' } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(unknown.details.offered).toContain('知识');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });
});
