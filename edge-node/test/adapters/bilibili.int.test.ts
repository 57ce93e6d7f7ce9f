/**
 * bilibili adapter end to end: real Chromium against the bilibili replica
 * (the upload page's upos multipart upload with the chunks sent by the daemon,
 * partition by name from archive/pre, cover upload, add/v3 submission).
 * The cases every adapter shares are in test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import { bilibiliAdapter as adapter } from '../../src/adapters/bilibili/adapter.js';
import type { VideoJob } from '../../src/adapters/contract.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';

const P = 'bilibili';
const ACCOUNT = '30010001';
const SETTINGS = { partitionName: '知识', tags: ['科普', 'Plume'], aiLabel: true, copyright: 'original' };
/** Requests to the upos upload host. */
const UPOS = '.bilivideo.com/';
/** Preuploads so far (the simulator counts requests over the whole file). */
const preuploads = () => fx.sim.hits('/member.bilibili.com/preupload');

let video: string;
let cover: string;
let seq = 0;
/** Scheduled publishing: a whole second (add/v3's dtime is in seconds), a day ahead. */
const SCHEDULED = new Date(Math.floor(Date.now() / 1000 + 86_400) * 1000).toISOString();
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    video = await media.file('clip.mp4', 400 * 1024);
    cover = await media.file('cover.jpg', 48 * 1024);
  },
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
    title: 'uploads through upos and publishes once: partition by name, custom cover, AI label, tags, plain-text description',
    simOptions: { chunkDelayMs: 50 }, // 5 chunks over ≥ 250 ms: mid-transfer progress is observable
    async check({ post, result, job, ctx }) {
      expect(post).toMatchObject({ title: job.payload.title, body: '第一行简介\n第二行 简介\n\n更多：https://example.com' });
      expect(post.settings).toMatchObject({ partitionName: '知识', partitionId: 36, tags: ['科普', 'Plume'], aiLabel: true, copyright: 'original', visibility: 'public', coverSource: 'custom' });
      expect(post.settings.scheduledAt).toBeUndefined();
      expect(post.media).toEqual([
        { kind: 'video', ...(await fileDigest(video)) },
        { kind: 'cover', ...(await fileDigest(cover)) },
      ]);
      expect(result).toEqual({ postId: expect.stringMatching(/^BV1\w{9}$/), url: `${fx.sim.baseUrl(P)}/www.bilibili.com/video/${result.postId}` });

      const size = (await fileDigest(video)).size;
      const transfer = ctx.events.filter((e) => e.step === 'upload' && e.detail?.phase === 'transfer').map((e) => e.detail!);
      expect(transfer.every((d) => d.bytesTotal === size)).toBe(true);
      expect(transfer.at(-1)).toMatchObject({ bytesSent: size, percent: 100 });
      expect(transfer.some((d) => d.bytesSent! > 0 && d.bytesSent! < size)).toBe(true); // progress seen mid-transfer
      // upos's protocol: the chunk PUTs carried their bytes from the daemon, not through Chromium (upload-offload.ts);
      // the page's own calls (preupload, the multipart init and completion) stayed the browser's.
      expect(fx.sim.hits(UPOS, 'daemon')).toBe(Math.ceil(size / (96 * 1024)));
      expect(fx.sim.hits(UPOS, 'browser')).toBe(2);
      expect(fx.sim.hits('/member.bilibili.com/preupload', 'browser')).toBe(1);
    },
  },
  repeatedPrepare: {
    job: () =>
      makeJob({
        coverImagePath: undefined,
        settings: {
          ...SETTINGS,
          partitionName: '计算机技术',
          copyright: 'repost',
          sourceUrl: 'https://example.com/original',
          aiLabel: false,
          visibility: 'private',
          scheduledAt: SCHEDULED,
          description: '来自 **设置** 的简介',
        },
      }),
    check(posts) {
      expect(posts[0]!.settings).toMatchObject({
        partitionName: '计算机技术',
        partitionId: 231,
        copyright: 'repost',
        sourceUrl: 'https://example.com/original',
        aiLabel: false,
        visibility: 'private',
        scheduledAt: SCHEDULED,
        coverSource: 'auto',
      });
      expect(posts[0]!.body).toBe('来自 设置 的简介');
      expect(posts[0]!.media.map((m) => m.kind)).toEqual(['video']);
    },
  },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'video-input', step: 'upload', control: 'video file input' },
};

describe('happy path', () => {
  happyPathContract(contract);
});

it('a member page shown without a session (no redirect to the passport) is still login_required: the nav answer decides', async () => {
  fx.sim.configure(P, { forms: { 'logged-out': 'page' } });
  const page = await fx.open(ACCOUNT, false);
  const ctx = fx.ctx();
  await expectAdapterError(adapter.checkLogin(page, ctx), 'login_required', 'check_login');
  expect(new URL(page.url()).pathname).toContain('/member.bilibili.com/');
  await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'login_required', 'open_editor');
  expect(ctx.gate.calls).toBe(0);
});

describe('the add/v3 answer', () => {
  // bilibili-API-collect records data {aid, bvid}; biliup reads only `code`. Without a bvid the archive list names the video.
  const listReads = () => fx.sim.hits('/member.bilibili.com/x/web/archives');
  for (const [form, readsList] of [
    ['aid+bvid', false],
    ['aid', true],
    ['none', true],
  ] as const) {
    it(`answer naming ${form === 'none' ? 'no id' : form}: the video by its bvid${readsList ? ', read back from the archive list' : ''}`, async () => {
      fx.sim.configure(P, { forms: { 'add-answer': form } });
      const page = await open();
      const ctx = fx.ctx();
      const job = makeJob({ coverImagePath: undefined });
      const prepared = await adapter.prepare(page, job, ctx);
      const before = listReads();
      const result = await adapter.publish(page, job, ctx, prepared);
      const [post] = fx.sim.publishes(P);
      expect(result).toEqual({ postId: post!.postId, url: `${fx.sim.baseUrl(P)}/www.bilibili.com/video/${post!.postId}` });
      expect(listReads() - before).toBe(readsList ? 1 : 0);
      expect(ctx.gate.calls).toBe(1);
    });
  }
});

describe('errors', () => {
  errorContract(contract);

  it('cover_rejected stops the job before the video uploads (no automatic cover instead)', async () => {
    fx.sim.configure(P, { rejectCover: '封面分辨率过低' });
    const page = await open();
    const ctx = fx.ctx();
    const before = preuploads();
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'cover_rejected', 'upload');
    expect(err.message).toContain('封面分辨率过低');
    expect(preuploads()).toBe(before);
    expect(ctx.gate.calls).toBe(0);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });

  it('a partition list without typelist is editor_changed; publish of a job prepare did not submit sends nothing', async () => {
    fx.sim.configure(P, { omit: ['typelist'] });
    const page = await open();
    const ctx = fx.ctx(brief('selectorMs'));
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'editor_changed', 'apply_settings');
    expect(err.message).toContain('typelist');
    fx.sim.configure(P, { omit: [] });
    const prepared = await adapter.prepare(page, makeJob(), ctx);
    await expectAdapterError(adapter.publish(page, makeJob(), ctx, prepared), 'editor_changed', 'publish');
    expect(ctx.gate.calls).toBe(0);
  });

  it('a page without bili_jct cannot submit: login_required before anything is sent', async () => {
    const page = await fx.open(ACCOUNT, true, { isolated: true });
    const ctx = fx.ctx();
    await page.context().addInitScript(() => {
      // Hides the CSRF cookie from the page, as a half-logged-in profile would.
      Object.defineProperty(document, 'cookie', { get: () => '', set: () => {}, configurable: true });
    });
    const before = preuploads();
    await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'login_required', 'open_editor');
    expect(preuploads()).toBe(before);
  });

  it('upload_failed when bilibili refuses the video', async () => {
    fx.sim.configure(P, { rejectVideo: '视频格式不支持' });
    const page = await open();
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'upload_failed', 'upload');
    expect(err.message).toContain('视频格式不支持');
  });

  it('settings: unknown partition name, deprecated numeric id, repost without sourceUrl, past schedule are setting_unavailable', async () => {
    const page = await open();
    const ctx = fx.ctx();
    const before = preuploads();
    // Checked: no upload happens for these.
    const deprecated = await expectAdapterError(adapter.prepare(page, makeJob({ settings: { ...SETTINGS, tid: 36 } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(deprecated.message).toContain('partitionName');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { ...SETTINGS, copyright: 'repost' } }), ctx), 'setting_unavailable', 'apply_settings');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { ...SETTINGS, scheduledAt: '2020-01-01T00:00:00Z' } }), ctx), 'setting_unavailable', 'apply_settings');
    // The tags the settings contract states: at least one, each of at most 20 characters.
    const untagged = await expectAdapterError(adapter.prepare(page, makeJob({ settings: { ...SETTINGS, tags: [] } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(untagged.message).toContain('at least 1');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { ...SETTINGS, tags: ['长'.repeat(21)] } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(page.url()).toBe('about:blank');
    // Known only once the upload form lists its partitions; nothing is uploaded for it.
    const unknown = await expectAdapterError(adapter.prepare(page, makeJob({ settings: { ...SETTINGS, partitionName: '不存在的分区' } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(unknown.details.offered).toContain('知识');
    expect(preuploads()).toBe(before);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });
});
