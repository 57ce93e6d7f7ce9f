/**
 * weibo videos end to end: real Chromium against the weibo replica's
 * upload/channel page (上传视频's file chooser, the file platform's chunked
 * upload with the chunks sent by the daemon, 类型, 内容声明, the 编辑封面 layer,
 * the post API's video branch). The cases every adapter shares are in
 * test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { VideoJob } from '../../src/adapters/contract.js';
import { weiboAdapter as adapter } from '../../src/adapters/weibo/adapter.js';
import { weiboVideoText } from '../../src/adapters/weibo/video.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';

const P = 'weibo';
const ACCOUNT = '5566770011';
const SETTINGS = { creationType: 'derivative', aiLabel: true, tags: ['Plume', '视频'], description: '**第一行**说明\n第二行', coverMode: 'custom', visibility: 'public' };
/** Requests to the file platform's chunk host. */
const CHUNKS = '/up-cn1.video.weibocdn.com/';

let video: string;
let cover: string;
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    video = await media.file('clip.mp4', 300 * 1024);
    cover = await media.file('cover.jpg', 40 * 1024);
  },
});
const open = () => fx.open(ACCOUNT);

function makeJob(overrides: { settings?: Record<string, unknown>; coverImagePath?: string | undefined } = {}): VideoJob {
  seq++;
  return {
    jobId: `job_wv${seq}`,
    attemptId: `att_wv${seq}`,
    platform: P,
    contentType: 'video',
    account: { id: 'acc_wv', externalRef: ACCOUNT },
    payload: {
      title: `微博视频测试 ${seq}`,
      localVideoPath: video,
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
    title: 'uploads through the file platform and publishes once: title, 二创, AI declaration, cover, description with #topics#',
    async check({ post, result, job, ctx }) {
      expect(post).toMatchObject({ title: job.payload.title, body: weiboVideoText(SETTINGS.description, SETTINGS.tags) });
      expect(post.body).toBe('第一行说明\n第二行\n#Plume# #视频#');
      expect(post.settings).toEqual({ kind: 'video', visibility: '公开', type: '二创', declaration: '含AI生成内容' });
      expect(post.media).toEqual([
        { kind: 'video', ...(await fileDigest(video)) },
        { kind: 'cover', ...(await fileDigest(cover)) },
      ]);
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/weibo.com/${ACCOUNT}/${result.postId}`);
      const size = (await fileDigest(video)).size;
      // The chunks carried their bytes from the daemon, not through Chromium (upload-offload.ts).
      expect(fx.sim.hits(CHUNKS, 'daemon')).toBe(Math.ceil(size / (96 * 1024)));
      expect(fx.sim.hits(CHUNKS, 'browser')).toBe(0);
      const transfer = ctx.events.filter((e) => e.step === 'upload' && e.detail?.phase === 'transfer').map((e) => e.detail!);
      expect(transfer.at(-1)).toMatchObject({ bytesSent: size, bytesTotal: size, percent: 100 });
      expect(ctx.events).toContainEqual({ step: 'upload', detail: { phase: 'cover', bytesSent: 40 * 1024, bytesTotal: 40 * 1024, percent: 100 } });
    },
  },
  repeatedPrepare: {
    job: () => makeJob({ settings: { creationType: 'original' } }),
    check(posts) {
      expect(posts[0]!.settings).toMatchObject({ type: '原创', declaration: null });
      expect(posts[0]!.media.map((m) => m.kind)).toEqual(['video', 'cover']);
    },
  },
  verifyJob: () => makeJob({ settings: {} }),
  editorChanged: { omit: 'video-type', step: 'apply_settings', control: '类型' },
};

describe('happy path', () => {
  happyPathContract(contract);

  for (const form of ['idstr', 'none']) {
    it(`an accepted answer naming the video ${form === 'idstr' ? 'only by its numeric id' : 'not at all'}: its short id comes from the author’s posts, never a second post`, async () => {
      fx.sim.configure(P, { forms: { updateAnswer: form } });
      const page = await open();
      const ctx = fx.ctx();
      const job = makeJob({ settings: {} });
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      const posts = fx.sim.publishes(P);
      expect(posts).toHaveLength(1);
      expect(result).toEqual({ postId: posts[0]!.postId, url: `${fx.sim.baseUrl(P)}/weibo.com/${ACCOUNT}/${posts[0]!.postId}` });
    }, FLOW_TIMEOUT_MS);
  }
});

describe('errors', () => {
  errorContract(contract);

  it('upload_failed when weibo refuses the video; nothing is published', async () => {
    fx.sim.configure(P, { rejectVideo: '视频格式不支持' });
    const page = await open();
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'upload_failed', 'upload');
    expect(err.message).toContain('视频格式不支持');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('cover_rejected when weibo refuses the cover: the job stops rather than publish without it', async () => {
    fx.sim.configure(P, { rejectCover: '图片尺寸不符' });
    const page = await open();
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'cover_rejected', 'upload');
    expect(err.message).toContain('图片尺寸不符');
    expect(ctx.gate.calls).toBe(0);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('publish_rejected when weibo refuses the video in its answer; nothing is published', async () => {
    fx.sim.configure(P, { rejectPublish: '内容涉嫌违规' });
    const page = await open();
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('内容涉嫌违规');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('no cover, a private video or a title over 30 characters is refused before the browser moves', async () => {
    const page = await open();
    await expectAdapterError(adapter.prepare(page, makeJob({ coverImagePath: undefined }), fx.ctx()), 'cover_rejected', 'apply_settings');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { visibility: 'private' } }), fx.ctx()), 'setting_unavailable', 'apply_settings');
    const long = makeJob();
    long.payload.title = '题'.repeat(31);
    await expectAdapterError(adapter.prepare(page, long, fx.ctx()), 'publish_rejected', 'fill');
    expect(page.url()).toBe('about:blank');
  }, FLOW_TIMEOUT_MS);

  it('an AI label with no 内容声明 menu is editor_changed, and nothing is published', async () => {
    fx.sim.configure(P, { omit: ['video-declare'] });
    const page = await open();
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx(brief('selectorMs'))), 'editor_changed', 'apply_settings');
    expect(err.message).toContain('内容声明');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);
});
