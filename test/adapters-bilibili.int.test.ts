/**
 * bilibili adapter end to end: real Chromium against the platform simulator
 * (chunked upload, transcoding, custom cover, partition by name, AI label).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bilibiliAdapter as adapter } from '../edge-node/src/adapters/bilibili.js';
import type { VideoJob } from '../edge-node/src/adapters/contract.js';
import { expectAdapterError, fileDigest, launchTestBrowser, makeCtx, makeMediaDir, openAs, type MediaDir } from './platform-simulator/harness.js';
import { startSimulator, type Simulator } from './platform-simulator/index.js';

const P = 'bilibili';
const ACCOUNT = '30010001';
const SETTINGS = { partitionName: '知识', tags: ['科普', 'Plume'], aiLabel: true, copyright: 'original' };

let browser: Browser;
let sim: Simulator;
let media: MediaDir;
let video: string;
let cover: string;
let context: BrowserContext | undefined;
let seq = 0;

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

async function open(account = ACCOUNT, loggedIn = true): Promise<Page> {
  const opened = await openAs(browser, sim, P, account, loggedIn);
  context = opened.context;
  return opened.page;
}

beforeAll(async () => {
  [browser, sim, media] = await Promise.all([launchTestBrowser(), startSimulator(), makeMediaDir()]);
  video = await media.file('clip.mp4', 400 * 1024);
  cover = await media.file('cover.jpg', 48 * 1024);
});
afterAll(async () => {
  await Promise.all([browser?.close(), sim?.close(), media?.remove()]);
});
beforeEach(() => {
  sim.reset();
  // Transcoding still visibly runs 0 → 100 %, a little faster than the 1 s default.
  sim.configure(P, { transcodeMs: 600 });
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('happy path', () => {
  it('uploads, transcodes and publishes once: partition by name, custom cover, AI label, tags, plain-text description', async () => {
    sim.configure(P, { chunkDelayMs: 50 }); // 5 chunks over ≥ 250 ms: mid-transfer progress is observable
    const page = await open();
    const ctx = makeCtx(sim.baseUrl(P));
    const job = makeJob();

    expect((await adapter.checkLogin(page, ctx)).externalRef).toBe(ACCOUNT);
    await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx);

    const posts = sim.publishes(P);
    expect(posts).toHaveLength(1);
    const post = posts[0]!;
    expect(post).toMatchObject({ account: ACCOUNT, postId: result.postId, url: result.url, title: job.payload.title, body: '第一行简介\n第二行 简介\n\n更多：https://example.com' });
    expect(post.settings).toMatchObject({ partitionName: '知识', partitionId: 36, tags: ['科普', 'Plume'], aiLabel: true, copyright: 'original', visibility: 'public', coverSource: 'custom' });
    expect(post.media).toEqual([
      { kind: 'video', ...(await fileDigest(video)) },
      { kind: 'cover', ...(await fileDigest(cover)) },
    ]);
    expect(result).toEqual({ postId: expect.stringMatching(/^BV1\w{9}$/), url: `${sim.baseUrl(P)}/video/${result.postId}` });

    const size = (await fileDigest(video)).size;
    const transfer = ctx.events.filter((e) => e.step === 'upload' && e.detail?.phase === 'transfer').map((e) => e.detail!);
    const transcode = ctx.events.filter((e) => e.step === 'upload' && e.detail?.phase === 'transcode').map((e) => e.detail!);
    expect(transfer.every((d) => d.bytesTotal === size)).toBe(true);
    expect(transfer.at(-1)).toMatchObject({ bytesSent: size, percent: 100 });
    expect(transfer.some((d) => d.bytesSent! > 0 && d.bytesSent! < size)).toBe(true); // progress seen mid-transfer
    expect(transcode.at(-1)!.percent).toBe(100);
    expect(transcode.some((d) => d.percent! < 100)).toBe(true);
    expect(ctx.gate.calls).toBe(1);
  });

  it('prepare is safe to repeat: twice, then one publish, gives one post', async () => {
    const page = await open();
    const ctx = makeCtx(sim.baseUrl(P));
    const job = makeJob({
      coverImagePath: undefined,
      settings: { ...SETTINGS, copyright: 'repost', sourceUrl: 'https://example.com/original', aiLabel: false, visibility: 'private', description: '来自 **设置** 的简介' },
    });
    await adapter.prepare(page, job, ctx);
    await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx);
    const posts = sim.publishes(P);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.settings).toMatchObject({ copyright: 'repost', sourceUrl: 'https://example.com/original', aiLabel: false, visibility: 'private', coverSource: 'auto' });
    expect(posts[0]!.body).toBe('来自 设置 的简介');
    expect(posts[0]!.media.map((m) => m.kind)).toEqual(['video']);
  });

  it('verify finds a published post and does not find an unpublished one', async () => {
    const page = await open();
    const ctx = makeCtx(sim.baseUrl(P));
    const job = makeJob();
    await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx);
    expect(await adapter.verify(page, job, ctx)).toEqual({ found: true, postId: result.postId, url: result.url, candidates: 1 });
    expect(await adapter.verify(page, makeJob(), ctx)).toEqual({ found: false });
  });
});

describe('errors', () => {
  it('login_required when the session is gone; nothing is published', async () => {
    const page = await open(ACCOUNT, false);
    const ctx = makeCtx(sim.baseUrl(P));
    await expectAdapterError(adapter.checkLogin(page, ctx), 'login_required', 'check_login');
    await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'login_required', 'open_editor');
    expect(sim.publishes(P)).toHaveLength(0);
  });

  it('cover_rejected stops the job before publish (no automatic cover instead)', async () => {
    sim.configure(P, { rejectCover: '封面分辨率过低' });
    const page = await open();
    const ctx = makeCtx(sim.baseUrl(P));
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'cover_rejected', 'apply_settings');
    expect(err.message).toContain('封面分辨率过低');
    expect(ctx.gate.calls).toBe(0);
    expect(sim.publishes(P)).toHaveLength(0);
  });

  it('upload_failed when bilibili refuses the video', async () => {
    sim.configure(P, { rejectVideo: '视频格式不支持' });
    const page = await open();
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), makeCtx(sim.baseUrl(P))), 'upload_failed', 'upload');
    expect(err.message).toContain('视频格式不支持');
  });

  it('a refusing commit gate prevents the click', async () => {
    const page = await open();
    const ctx = makeCtx(sim.baseUrl(P));
    const job = makeJob();
    await adapter.prepare(page, job, ctx);
    ctx.gate.refuse = true;
    await expect(adapter.publish(page, job, ctx)).rejects.toThrow('commit refused');
    await page.waitForTimeout(300);
    expect(sim.publishes(P)).toHaveLength(0);
  });

  it('a missing control is editor_changed, naming the step', async () => {
    sim.configure(P, { omitTestIds: ['partition-select'] });
    const page = await open();
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), makeCtx(sim.baseUrl(P))), 'editor_changed', 'apply_settings');
    expect(err.message).toContain('partition menu');
  });

  it('settings: unknown partition name, deprecated numeric id, repost without sourceUrl are setting_unavailable', async () => {
    const page = await open();
    const ctx = makeCtx(sim.baseUrl(P));
    // Checked before the browser moves: no upload happens for these.
    const deprecated = await expectAdapterError(adapter.prepare(page, makeJob({ settings: { ...SETTINGS, tid: 36 } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(deprecated.message).toContain('partitionName');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { ...SETTINGS, copyright: 'repost' } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(page.url()).toBe('about:blank');
    // Known only once the editor lists its partitions.
    const unknown = await expectAdapterError(adapter.prepare(page, makeJob({ settings: { ...SETTINGS, partitionName: '不存在的分区' } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(unknown.details.offered).toContain('知识');
    expect(sim.publishes(P)).toHaveLength(0);
  });

  it('a lost answer is readback_failed (outcome unknown), and verify then finds the post', async () => {
    sim.configure(P, { dropPublishResponse: true, transcodeMs: 300 });
    const page = await open();
    const ctx = makeCtx(sim.baseUrl(P));
    const job = makeJob();
    await adapter.prepare(page, job, ctx);
    await expectAdapterError(adapter.publish(page, job, ctx), 'readback_failed', 'read_back');
    expect(await adapter.verify(page, job, ctx)).toMatchObject({ found: true, postId: sim.publishes(P)[0]!.postId, candidates: 1 });
  });
});
