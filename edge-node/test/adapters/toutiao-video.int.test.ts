/**
 * toutiao videos in real Chromium against the toutiao replica: the upload
 * page's video input (the chunk bytes sent by the daemon), 作品标题, the
 * description with #topics, the cover dialog and 发布.
 * The cases every adapter shares are in test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { VideoJob } from '../../src/adapters/contract.js';
import { toutiaoAdapter as adapter } from '../../src/adapters/toutiao/adapter.js';
import { videoRefusal } from '../../src/adapters/toutiao/video.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';

const P = 'toutiao';
const ACCOUNT = '1700000000000003';
const UPLOAD_PATH = '/tos-d-x-lf.snssdk.com/';

let video: string;
let cover: string;
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    video = await media.file('clip.mp4', 600 * 1024);
    cover = await media.file('cover.jpg', 40 * 1024);
  },
});

function makeJob(o: { settings?: Record<string, unknown>; coverImagePath?: string | undefined; title?: string } = {}): VideoJob {
  seq++;
  return {
    jobId: `job_ttv${seq}`,
    attemptId: `att_ttv${seq}`,
    platform: P,
    contentType: 'video',
    account: { id: 'acc_ttv', externalRef: ACCOUNT },
    payload: {
      title: o.title ?? `头条视频测试 ${seq}`,
      localVideoPath: video,
      description: '一段 **简介**',
      ...('coverImagePath' in o ? (o.coverImagePath ? { coverImagePath: o.coverImagePath } : {}) : { coverImagePath: cover }),
    },
    settings: o.settings ?? { tags: ['科普', 'Plume'], visibility: 'public', aiLabel: false },
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
    title: 'uploads (bytes from the daemon) and publishes once: title, description with #topics, the custom cover',
    simOptions: { chunkDelayMs: 40 },
    async check({ post, result, job, ctx }) {
      expect(post).toMatchObject({ title: job.payload.title, body: '一段 简介 #科普 #Plume' });
      expect(post.settings).toEqual({ tags: ['科普', 'Plume'], coverSource: 'custom' });
      expect(post.media).toEqual([
        { kind: 'video', ...(await fileDigest(video)) },
        { kind: 'cover', ...(await fileDigest(cover)) },
      ]);
      expect(result).toEqual({ postId: expect.stringMatching(/^\d{19}$/), url: `${fx.sim.baseUrl(P)}/www.toutiao.com/video/${result.postId}/` });
      const size = (await fileDigest(video)).size;
      const transfer = ctx.events.filter((e) => e.step === 'upload' && e.detail?.phase === 'transfer').map((e) => e.detail!);
      expect(transfer.at(-1)).toMatchObject({ bytesSent: size, percent: 100 });
      expect(transfer.some((d) => d.bytesSent! > 0 && d.bytesSent! < size)).toBe(true);
      // The chunk PUTs carried their bytes from the daemon (upload-offload.ts).
      expect(fx.sim.hits(UPLOAD_PATH, 'daemon')).toBe(Math.ceil(size / (128 * 1024)));
      expect(fx.sim.hits(UPLOAD_PATH, 'browser')).toBe(0);
    },
  },
  repeatedPrepare: {
    job: () => makeJob({ coverImagePath: cover, settings: { coverMode: 'auto', description: '设置里的简介' } }),
    check(posts) {
      expect(posts[0]!).toMatchObject({ body: '设置里的简介', settings: { tags: [], coverSource: 'auto' } });
      expect(posts[0]!.media.map((m) => m.kind)).toEqual(['video']);
    },
  },
  verifyJob: () => makeJob({ coverImagePath: undefined }),
  editorChanged: { omit: 'video-input', step: 'upload', control: 'video file input' },
};

describe('happy path', () => {
  happyPathContract(contract);
});

describe('errors', () => {
  errorContract(contract);

  it('cover_rejected when toutiao refuses the cover; nothing is published', async () => {
    fx.sim.configure(P, { rejectCover: '封面尺寸过小' });
    const page = await fx.open(ACCOUNT);
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'cover_rejected', 'apply_settings');
    expect(err.message).toContain('封面尺寸过小');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('upload_failed when toutiao refuses the video', async () => {
    fx.sim.configure(P, { rejectVideo: '视频格式不支持' });
    const page = await fx.open(ACCOUNT);
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'upload_failed', 'upload');
    expect(err.message).toContain('视频格式不支持');
  }, FLOW_TIMEOUT_MS);

  it('what the upload page has no control for is refused, not ignored: private videos, the AI label, a sixth topic', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    for (const settings of [{ visibility: 'private' }, { aiLabel: true }, { tags: ['1', '2', '3', '4', '5', '6'] }]) {
      const err = await expectAdapterError(adapter.prepare(page, makeJob({ settings }), ctx), 'setting_unavailable', 'apply_settings');
      expect(err.details.field).toBe(Object.keys(settings)[0]);
    }
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '长'.repeat(31) }), ctx), 'publish_rejected', 'fill');
    expect(page.url()).toBe('about:blank');
  }, FLOW_TIMEOUT_MS);
});

describe('the PublishVideo answer', () => {
  it('an accepted receipt naming no ItemId: the video is read back from the content list, not published again', async () => {
    fx.sim.configure(P, { omit: ['publish-id'] });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx(brief('selectorMs'));
    const job = makeJob({ coverImagePath: undefined });
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const posts = fx.sim.publishes(P);
    expect(posts).toHaveLength(1);
    expect(result).toEqual({ postId: posts[0]!.postId, url: `${fx.sim.baseUrl(P)}/www.toutiao.com/video/${posts[0]!.postId}/` });
  }, FLOW_TIMEOUT_MS);

  it('publish_rejected with the receipt’s own message when data.Code is not 0', async () => {
    fx.sim.configure(P, { rejectPublish: '视频内容不合规' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ coverImagePath: undefined });
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('视频内容不合规');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('every result code the answer carries must be 0', () => {
    expect(videoRefusal({ status: 0, data: { Code: 0, ItemId: '1' } })).toBeNull();
    expect(videoRefusal({ code: 0, data: { ItemId: '1' } })).toBeNull();
    expect(videoRefusal({ status: -12, data: {} })).toBe('code -12');
    expect(videoRefusal({ status: 0, data: { Code: 3, Message: '标题重复' } })).toBe('标题重复');
    expect(videoRefusal({ data: { ItemId: '1' } })).toBe('no result code in the answer');
  });
});
