/**
 * douyin videos in real Chromium against the douyin replica: the upload page,
 * the publish form (title, description with topics, 自主声明, 合集, cover
 * dialog with 竖/横 tabs, 谁可以看, 定时发布) and the 发布 click, and the login
 * check's user info in each recorded form.
 * The cases every adapter shares are in test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { VideoJob } from '../../src/adapters/contract.js';
import { douyinAdapter as adapter } from '../../src/adapters/douyin/adapter.js';
import { expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';

const P = 'douyin';
const ACCOUNT = 'MS4wLjABAAAAlab_douyin_1';
const SETTINGS = { tags: ['科普', 'Plume'], aiLabel: true, collectionName: 'Plume 合集' };
/** A whole minute a day ahead: the form takes minutes, in China time. */
const SCHEDULED = new Date(Math.floor(Date.now() / 60_000 + 24 * 60) * 60_000).toISOString();

let video: string;
let cover: string;
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    video = await media.file('clip.mp4', 600 * 1024);
    cover = await media.file('cover.jpg', 40 * 1024);
  },
});

function makeJob(overrides: { settings?: Record<string, unknown>; coverImagePath?: string | undefined } = {}): VideoJob {
  seq++;
  return {
    jobId: `job_dy${seq}`,
    attemptId: `att_dy${seq}`,
    platform: P,
    contentType: 'video',
    account: { id: 'acc_dy', externalRef: ACCOUNT },
    payload: {
      title: `抖音视频测试 ${seq}`,
      localVideoPath: video,
      description: '一段 **简介**',
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
    title: 'uploads and publishes once: topics, AI declaration, collection, portrait cover',
    simOptions: { chunkDelayMs: 40 },
    async check({ post, result, job, ctx }) {
      expect(post).toMatchObject({ title: job.payload.title, body: '一段 简介 #科普 #Plume' });
      expect(post.settings).toMatchObject({ tags: ['科普', 'Plume'], creationDeclaration: '内容由AI生成', collection: 'Plume 合集', visibility: '公开', coverOrientation: 'portrait', coverSource: 'custom' });
      expect(post.settings.scheduledAt).toBeUndefined();
      expect(post.media).toEqual([
        { kind: 'video', ...(await fileDigest(video)) },
        { kind: 'cover', ...(await fileDigest(cover)) },
      ]);
      expect(result).toEqual({ postId: expect.stringMatching(/^\d{19}$/), url: `${fx.sim.baseUrl(P)}/www.douyin.com/video/${result.postId}` });
      const size = (await fileDigest(video)).size;
      const transfer = ctx.events.filter((e) => e.step === 'upload' && e.detail?.phase === 'transfer').map((e) => e.detail!);
      expect(transfer.at(-1)).toMatchObject({ bytesSent: size, percent: 100 });
      expect(transfer.some((d) => d.bytesSent! > 0 && d.bytesSent! < size)).toBe(true);
      // The chunk PUTs carried their bytes from the daemon (upload-offload.ts).
      expect(fx.sim.hits('/tos-d-x-hl.snssdk.com/', 'daemon')).toBe(Math.ceil(size / (256 * 1024)));
      expect(fx.sim.hits('/tos-d-x-hl.snssdk.com/', 'browser')).toBe(0);
    },
  },
  repeatedPrepare: {
    job: () =>
      makeJob({
        coverImagePath: cover,
        settings: { creationDeclaration: 'personal_opinion', visibility: 'private', scheduledAt: SCHEDULED, coverOrientation: 'landscape', description: '设置里的简介' },
      }),
    check(posts) {
      expect(posts[0]!.settings).toMatchObject({ creationDeclaration: '内容为个人观点或见解', visibility: '仅自己可见', scheduledAt: SCHEDULED, coverOrientation: 'landscape' });
      expect(posts[0]!.settings.collection).toBeUndefined();
      expect(posts[0]!.body).toBe('设置里的简介');
    },
  },
  verifyJob: () => makeJob({ coverImagePath: undefined }),
  editorChanged: { omit: 'video-input', step: 'upload', control: 'video file input' },
};

describe('happy path', () => {
  happyPathContract(contract);
});

/**
 * create_v2's answer names the new work in the forms public clients record
 * (the default item_id string is the happy path's); an answer that names none
 * is followed by the work list.
 */
describe('the publish answer', () => {
  it.each([
    ['item_id-number', 'item_id as a bare 19-digit number'],
    ['aweme_id', 'aweme_id'],
    ['aweme', 'aweme.aweme_id'],
  ])('%s: the work is %s, read to the last digit', async (form) => {
    fx.sim.configure(P, { forms: { answer: form } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ coverImagePath: undefined, settings: {} });
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const posts = fx.sim.publishes(P);
    expect(posts).toHaveLength(1);
    expect(result).toEqual({ postId: posts[0]!.postId, url: posts[0]!.url });
    expect(result.postId).toMatch(/^\d{19}$/);
  }, FLOW_TIMEOUT_MS);

  it('an answer naming no work: the work list says which it was, in either recorded shape of the list', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    for (const [i, forms] of [{ answer: 'no-id' }, { answer: 'no-id', workList: 'data.work_list' }].entries()) {
      fx.sim.configure(P, { forms });
      const job = makeJob({ coverImagePath: undefined, settings: {} });
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      const post = fx.sim.publishes(P)[i]!;
      expect(post.title).toBe(job.payload.title);
      expect(result).toEqual({ postId: post.postId, url: post.url });
      expect(await adapter.verify(page, job, ctx)).toEqual({ found: true, postId: post.postId, url: post.url, candidates: 1 });
    }
    expect(ctx.gate.calls).toBe(2);
  }, FLOW_TIMEOUT_MS);

  it('an answer naming no work while the list shows two works of that title is readback_failed: no work is guessed', async () => {
    fx.sim.configure(P, { forms: { answer: 'no-id' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ coverImagePath: undefined, settings: {} });
    let prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'readback_failed', 'read_back');
    expect(err.message).toContain('2 works');
    expect(fx.sim.publishes(P)).toHaveLength(2);
    expect(await adapter.verify(page, job, ctx)).toMatchObject({ found: true, candidates: 2 });
  }, FLOW_TIMEOUT_MS);
});

describe('the login check', () => {
  it('takes the user info in both recorded forms: with status_code 0, and without a status_code', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    expect(await adapter.checkLogin(page, ctx)).toEqual({ externalRef: ACCOUNT, displayName: `user_${ACCOUNT}` });
    fx.sim.configure(P, { forms: { userInfo: 'bare' } });
    expect(await adapter.checkLogin(page, ctx)).toEqual({ externalRef: ACCOUNT, displayName: `user_${ACCOUNT}` });
  }, FLOW_TIMEOUT_MS);
});

describe('errors', () => {
  errorContract(contract);

  it('cover_rejected when douyin refuses the cover; nothing is published', async () => {
    fx.sim.configure(P, { rejectCover: '封面尺寸过小' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'cover_rejected', 'apply_settings');
    expect(err.message).toContain('封面尺寸过小');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('upload_failed when douyin refuses the video', async () => {
    fx.sim.configure(P, { rejectVideo: '视频格式不支持' });
    const page = await fx.open(ACCOUNT);
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'upload_failed', 'upload');
    expect(err.message).toContain('视频格式不支持');
  }, FLOW_TIMEOUT_MS);

  it('settings: AI label with another declaration, an unknown collection, the legacy AI switch are setting_unavailable', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { aiLabel: true, creationDeclaration: 'self_shot' } }), ctx), 'setting_unavailable', 'apply_settings');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { aiGenerated: true } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(page.url()).toBe('about:blank');
    const err = await expectAdapterError(adapter.prepare(page, makeJob({ settings: { collectionName: '没有的合集' } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(err.details.offered).toContain('Plume 合集');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);
});
