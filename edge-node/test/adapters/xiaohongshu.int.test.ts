/**
 * xiaohongshu adapter, videos and notes (图文), in real Chromium against the
 * replica. The cases every adapter shares are in test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { DynamicJob, VideoJob } from '../../src/adapters/contract.js';
import { markdownToPlainText } from '../../src/adapters/markdown.js';
import { xiaohongshuAdapter as adapter, noteTitle } from '../../src/adapters/xiaohongshu/adapter.js';
import { expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';

const P = 'xiaohongshu';
const ACCOUNT = '5f3e0c2a000000000101b2c3';
const DESCRIPTION = '第一行 **Plume** 视频说明\n第二行，含[链接](https://example.com)';

let video: string;
let cover: string;
let images: string[];
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    video = await media.file('clip.mp4', 400 * 1024);
    cover = await media.file('cover.png', 50 * 1024);
    images = [await media.file('a.jpg', 70 * 1024), await media.file('b.png', 90 * 1024)];
  },
});

function base(seqNo: number, settings: Record<string, unknown>) {
  return {
    jobId: `job_xhs${seqNo}`,
    attemptId: `att_xhs${seqNo}`,
    platform: P,
    account: { id: 'acc_x', externalRef: ACCOUNT },
    settings,
    settingsHash: 'sha256:test',
    createdAt: new Date().toISOString(),
  };
}

function videoJob(o: { settings?: Record<string, unknown>; cover?: string | null } = {}): VideoJob {
  seq++;
  return {
    ...base(seq, o.settings ?? { tags: ['Plume', '发布测试'], visibility: 'private', location: '青岛市' }),
    contentType: 'video',
    payload: { title: `小红书视频 ${seq}`, localVideoPath: video, description: DESCRIPTION, ...(o.cover === null ? {} : { coverImagePath: o.cover ?? cover }) },
  };
}

function noteJob(o: { settings?: Record<string, unknown>; content?: string } = {}): DynamicJob {
  seq++;
  return {
    ...base(seq, o.settings ?? { title: `图文笔记 ${seq}`, tags: ['Plume'] }),
    contentType: 'dynamic',
    payload: { content: o.content ?? `## 笔记 ${seq}\n\n今天用 **Plume** 发了一条图文。\n- 第一点\n- 第二点`, images },
  };
}

const videoContract: AdapterContract<VideoJob> = {
  fixture: fx,
  adapter,
  account: ACCOUNT,
  makeJob: () => videoJob(),
  publishesOnce: {
    title: 'video: publishes once with title, description, topics, cover, location and visibility as xiaohongshu stores them',
    async check({ post, result, job, ctx }) {
      expect(post).toMatchObject({ title: job.payload.title, body: markdownToPlainText(DESCRIPTION) });
      expect(post.body).toBe('第一行 Plume 视频说明\n第二行，含链接 https://example.com');
      expect(post.settings).toEqual({ type: 'video', topics: ['Plume', '发布测试'], location: '青岛市', visibility: '仅自己可见', postTime: null });
      expect(post.media).toEqual([
        { kind: 'video', ...(await fileDigest(video)) },
        { kind: 'cover', ...(await fileDigest(cover)) },
      ]);
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/www.xiaohongshu.com/explore/${result.postId}`);
      expect(ctx.events).toContainEqual({ step: 'upload', detail: { phase: 'transfer', percent: 100, bytesSent: 400 * 1024, bytesTotal: 400 * 1024 } });
    },
  },
  repeatedPrepare: {
    job: () => videoJob({ settings: { tags: [] }, cover: null }),
    check(posts) {
      expect(posts[0]!.media.map((m) => m.kind)).toEqual(['video']);
      expect(posts[0]!.settings).toMatchObject({ topics: [], visibility: '公开可见', location: null });
    },
  },
  verifyJob: () => videoJob({ settings: {}, cover: null }),
  editorChanged: { omit: 'title-input', step: 'fill', control: 'title input' },
};

const noteContract: AdapterContract<DynamicJob> = {
  fixture: fx,
  adapter,
  account: ACCOUNT,
  makeJob: () => noteJob(),
  publishesOnce: {
    title: 'note: publishes once with its pictures, title, text with its line breaks and topic',
    async check({ post, job }) {
      expect(post).toMatchObject({ title: job.settings.title, body: markdownToPlainText(job.payload.content) });
      expect(post.body).toContain('\n• 第一点\n• 第二点');
      expect(post.settings).toMatchObject({ type: 'normal', topics: ['Plume'], visibility: '公开可见' });
      expect(post.media).toEqual(await Promise.all(images.map(async (p) => ({ kind: 'image', ...(await fileDigest(p)) }))));
    },
  },
  repeatedPrepare: {
    title: 'note: prepare is safe to repeat; without a title setting the first line is the title',
    job: () => noteJob({ settings: {} }),
    check(posts) {
      expect(posts[0]!.title).toMatch(/^笔记 \d+$/);
      expect(posts[0]!.media).toHaveLength(2);
    },
  },
  verifyJob: () => noteJob({ settings: { visibility: 'private' } }),
  editorChanged: { omit: 'visibility', step: 'apply_settings', control: 'visibility dropdown' },
};

describe('video', () => {
  happyPathContract(videoContract);
  errorContract(videoContract);

  it('upload_failed when xiaohongshu refuses the video; nothing is published', async () => {
    fx.sim.configure(P, { rejectVideo: '视频格式不支持' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, videoJob(), ctx), 'upload_failed', 'upload');
    expect(err.message).toContain('视频格式不支持');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });

  it('cover_rejected when the cover dialog refuses the image', async () => {
    fx.sim.configure(P, { rejectCover: '封面尺寸过小' });
    const page = await fx.open(ACCOUNT);
    const err = await expectAdapterError(adapter.prepare(page, videoJob(), fx.ctx()), 'cover_rejected', 'upload');
    expect(err.message).toContain('封面尺寸过小');
  });

  for (const schedule of ['switch-card', 'post-time']) {
    it(`scheduled publishing uses xiaohongshu's own: the time it stores, the 定时发布 button (${schedule} form)`, async () => {
      fx.sim.configure(P, { forms: { schedule } });
      const when = new Date(Date.now() + 3 * 3600_000);
      when.setUTCSeconds(0, 0);
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = videoJob({ settings: { scheduledAt: when.toISOString() }, cover: null });
      const prepared = await adapter.prepare(page, job, ctx);
      expect((await page.locator('#publish').innerText()).trim()).toBe('定时发布');
      await adapter.publish(page, job, ctx, prepared);
      expect(fx.sim.publishes(P)[0]!.settings.postTime).toBe(when.toISOString());
    });
  }

  it('settings xiaohongshu cannot honour fail before the browser moves: a past time, one over 14 days ahead, an unknown location', async () => {
    const page = await fx.open(ACCOUNT);
    await expectAdapterError(adapter.prepare(page, videoJob({ settings: { scheduledAt: '2020-01-01T00:00:00Z' } }), fx.ctx()), 'setting_unavailable', 'apply_settings');
    const tooFar = new Date(Date.now() + 15 * 86_400_000).toISOString();
    await expectAdapterError(adapter.prepare(page, videoJob({ settings: { scheduledAt: tooFar } }), fx.ctx()), 'setting_unavailable', 'apply_settings');
    expect(page.url()).toBe('about:blank');
    await expectAdapterError(adapter.prepare(page, videoJob({ settings: { location: '不存在的地方' }, cover: null }), fx.ctx()), 'setting_unavailable', 'apply_settings');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });
});

describe('note (图文)', () => {
  happyPathContract(noteContract);
  errorContract(noteContract);

  it('a note without pictures is refused before the browser moves', async () => {
    const page = await fx.open(ACCOUNT);
    const job = { ...noteJob(), payload: { content: '只有文字' } };
    await expectAdapterError(adapter.prepare(page, job, fx.ctx()), 'publish_rejected', 'fill');
    expect(page.url()).toBe('about:blank');
  });

  it('a note of more pictures than the settings contract allows (18), or more topics (10), is refused before the browser moves', async () => {
    const page = await fx.open(ACCOUNT);
    const base = noteJob();
    const pictures = Array.from({ length: 19 }, () => base.payload.images![0]!);
    const err = await expectAdapterError(adapter.prepare(page, { ...base, payload: { ...base.payload, images: pictures } }, fx.ctx()), 'publish_rejected', 'fill');
    expect(err.message).toContain('at most 18 pictures (got 19)');
    const topics = Array.from({ length: 11 }, (_, i) => `话题${i}`);
    await expectAdapterError(adapter.prepare(page, noteJob({ settings: { tags: topics } }), fx.ctx()), 'setting_unavailable', 'apply_settings');
    expect(page.url()).toBe('about:blank');
  });

  it('upload_failed when xiaohongshu refuses a picture', async () => {
    fx.sim.configure(P, { rejectImages: '图片格式不支持' });
    const page = await fx.open(ACCOUNT);
    const err = await expectAdapterError(adapter.prepare(page, noteJob(), fx.ctx()), 'upload_failed', 'upload');
    expect(err.message).toContain('图片格式不支持');
  });

  it('the title is the first line of the text, cut to 20 characters, when none is given', () => {
    expect(noteTitle(noteJob({ settings: {}, content: '# 一个非常非常非常非常非常非常长的标题行啊\n正文' }))).toBe('一个非常非常非常非常非常非常长的标题行啊'.slice(0, 20));
  });
});

describe('the answers xiaohongshu records in more than one form', () => {
  it('an accepted note named in data.note_id is that note', async () => {
    fx.sim.configure(P, { forms: { 'publish-id': 'note_id' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = noteJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    expect(result.postId).toBe(fx.sim.publishes(P)[0]!.postId);
  });

  it('an accepted note named in data.note.id is that note, without a read-back', async () => {
    fx.sim.configure(P, { forms: { 'publish-id': 'note.id' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = noteJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const reads = fx.sim.hits('/note/user/posted');
    const result = await adapter.publish(page, job, ctx, prepared);
    expect(result.postId).toBe(fx.sim.publishes(P)[0]!.postId);
    expect(fx.sim.hits('/note/user/posted') - reads).toBe(0);
  });

  it('an accepted note the answer does not name is read back from the note manager, once', async () => {
    fx.sim.configure(P, { forms: { 'publish-id': 'none' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = noteJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const posts = fx.sim.publishes(P);
    expect(posts).toHaveLength(1);
    expect(result).toEqual({ postId: posts[0]!.postId, url: posts[0]!.url });
    expect(ctx.gate.calls).toBe(1);
  });

  it('an accepted note that is neither named nor listed is readback_failed (outcome unknown)', async () => {
    fx.sim.configure(P, { forms: { 'publish-id': 'none' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = noteJob();
    const prepared = await adapter.prepare(page, job, ctx);
    // The note manager's list can lag behind a publish: here the read-back looks for a title no listed note has.
    const unlisted = { ...job, settings: { ...job.settings, title: '还没列出的笔记' } };
    const err = await expectAdapterError(adapter.publish(page, unlisted, ctx, prepared), 'readback_failed', 'read_back');
    expect(err.outcomeUnknown).toBe(true);
    expect(fx.sim.publishes(P)).toHaveLength(1);
  });

  const listForms: Array<Record<string, string>> = [
    { 'notes-path': 'v2', 'notes-list': 'notes', 'notes-time': 'text' },
    { 'notes-path': 'v2', 'notes-list': 'notes', 'notes-time': 's' },
    { 'notes-path': 'v2', 'notes-list': 'notes', 'notes-time': 'ms' },
    { 'notes-path': 'v1', 'notes-list': 'note_list', 'notes-time': 'text' },
    { 'notes-path': 'v2', 'notes-list': 'note_infos' },
  ];
  for (const forms of listForms) {
    it(`verify reads the list the note manager loads itself: ${JSON.stringify(forms)}`, async () => {
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = noteJob();
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      fx.sim.configure(P, { forms });
      expect(await adapter.verify(page, job, ctx)).toEqual({ found: true, postId: result.postId, url: result.url, candidates: 1 });
      expect(await adapter.verify(page, noteJob(), ctx)).toEqual({ found: false });
    });
  }

  it("the note list refuses a plain request from the page (unsigned): so verify reads what the note manager loads itself", async () => {
    const page = await fx.open(ACCOUNT);
    await page.goto(`${fx.sim.baseUrl(P)}/creator.xiaohongshu.com/new/note-manager`);
    const plain = await page.evaluate(async (url) => (await fetch(url, { credentials: 'include' })).json(), `${fx.sim.baseUrl(P)}/creator.xiaohongshu.com/api/galaxy/v2/creator/note/user/posted?tab=0&page=0`);
    expect(plain).toMatchObject({ success: false, code: 300015 });
  });
});
