/**
 * qiehao (企鹅号) videos in real Chromium against the qiehao replica's video
 * page: the file into its uploader, then the title, the description, the
 * tags, the cover through its dialog, the 自主声明 (无需标注) and 发布. The
 * cases it shares with other video pages are in
 * test/support/video-page-cases.ts; its tags, cover and declaration are its
 * own.
 */
import { describe, expect, it } from 'vitest';
import type { VideoJob } from '../../src/adapters/contract.js';
import { qiehaoAdapter as adapter } from '../../src/adapters/qiehao/adapter.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, FLOW_TIMEOUT_MS } from '../../../test/support/adapter-contract.js';
import { useVideoJobs, videoPageCases } from '../../../test/support/video-page-cases.js';

const P = 'qiehao';
const ACCOUNT = '5120000002';

const { fx, media, makeJob } = useVideoJobs(P, ACCOUNT, { tag: 'qev', title: '企鹅号视频' });

const contract: AdapterContract<VideoJob> = {
  fixture: fx,
  adapter,
  account: ACCOUNT,
  makeJob: () => makeJob(),
  publishesOnce: {
    title: 'publishes once: the video bytes, the title, the description as plain text, declared 无需标注',
    async check({ post, result, job, ctx }) {
      expect(post.title).toBe(job.payload.title);
      expect(post.body).toBe(`Plume 发布的第 ${job.payload.title.split(' ')[1]} 条视频\n\n第二段简介`);
      expect(post.media).toEqual([{ kind: 'video', ...(await fileDigest(media.video)) }]);
      // 原创 is left as the page has it.
      expect(post.settings).toEqual({ type: 'video', tags: [], declaration: 'none', original: false });
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/v.qq.com/x/page/${result.postId}.html`);
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'upload', 'apply_settings', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: { job: () => makeJob(), check: (posts) => expect(posts[0]!.media.map((m) => m.kind)).toEqual(['video']) },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'video-title-input', step: 'fill', control: 'title input' },
};

videoPageCases({
  contract,
  makeJob,
  descriptionBox: 'description-box',
  controls: { cover: { step: 'apply_settings' }, tags: true, aiLabel: true },
  // 企鹅号 refuses a video that must carry the AI label: the case declares none.
  descriptionCase: {
    settings: { tags: ['新车', '试驾'], aiLabel: false, visibility: 'public' },
    async check(post) {
      expect(post.media).toEqual([{ kind: 'video', ...(await fileDigest(media.video)) }, { kind: 'cover', ...(await fileDigest(media.cover)) }]);
      expect(post.settings).toMatchObject({ tags: ['新车', '试驾'], declaration: 'none' });
    },
  },
});

describe('publish answers', () => {
  for (const [name, forms] of [
    ['the /api/video/publish call answering code 0 and data.id', { 'video-publish': 'api-video' }],
    ['an accepted answer naming no video, read back from the video list', { 'video-answer': 'none' }],
    ['the /api/video/publish call answering no id, read back from the video list', { 'video-publish': 'api-video', 'video-answer': 'none' }],
    ['an answer naming the video by om’s own number (no vid, no address), read back from the video list', { 'video-publish': 'api-video', 'video-answer': 'numeric' }],
  ] as const) {
    it(`${name} gives the video`, async () => {
      fx.sim.configure(P, { forms });
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = makeJob();
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      const post = fx.sim.publishes(P)[0]!;
      expect(result).toEqual({ postId: post.postId, url: `${fx.sim.baseUrl(P)}/v.qq.com/x/page/${post.postId}.html` });
    }, FLOW_TIMEOUT_MS);
  }

  for (const [name, forms] of [
    ['an answer giving the video’s own address', { 'video-url': 'cover' }],
    ['an answer naming no video, read back from a list row giving its address', { 'video-url': 'cover', 'video-answer': 'none' }],
  ] as const) {
    it(`${name}: that address is the post’s, not one built from the vid`, async () => {
      fx.sim.configure(P, { forms });
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = makeJob();
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      const post = fx.sim.publishes(P)[0]!;
      expect(result.postId).toBe(post.postId);
      expect(result.url).toMatch(new RegExp(`^${fx.sim.baseUrl(P)}/v\\.qq\\.com/x/cover/\\w+/${post.postId}\\.html$`));
      expect((await page.goto(result.url))?.status()).toBe(200);
    }, FLOW_TIMEOUT_MS);
  }

  it('an accepted answer naming no video, with no such video listed, is readback_failed', async () => {
    fx.sim.configure(P, { forms: { 'video-answer': 'none' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    // The list is read for the job's own title only: another title is not the video.
    await expectAdapterError(adapter.publish(page, { ...job, payload: { ...job.payload, title: `${job.payload.title}另一条` } }, ctx, prepared), 'readback_failed', 'read_back');
    expect(fx.sim.publishes(P)).toHaveLength(1);
  }, FLOW_TIMEOUT_MS);
});

describe('errors', () => {
  it('a video that must carry the AI label, ten tags or a title under five characters stop the job before the browser moves', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const ai = await expectAdapterError(adapter.prepare(page, makeJob({ settings: { aiLabel: true } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(ai.message).toContain('无需标注');
    const tags = Array.from({ length: 10 }, (_, i) => `标签${i}`);
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { tags } }), ctx), 'setting_unavailable', 'apply_settings');
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '四个字的' }), ctx), 'publish_rejected', 'fill');
    expect(page.url()).toBe('about:blank');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);

  it('a cover 企鹅号 refuses is cover_rejected, with its message; nothing is published and no automatic cover is used instead', async () => {
    fx.sim.configure(P, { rejectCover: '封面尺寸不符合要求' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, makeJob({ cover: true }), ctx), 'cover_rejected', 'upload');
    expect(err.message).toContain('封面尺寸不符合要求');
    expect(ctx.gate.calls).toBe(0);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('a page without its cover control is editor_changed at upload when the job has a cover; without one the page is published as it is', async () => {
    fx.sim.configure(P, { omit: ['cover-control'] });
    const err = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob({ cover: true }), fx.ctx(brief('selectorMs'))), 'editor_changed', 'upload');
    expect(err.message).toContain('cover control');
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx(brief('selectorMs'));
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    expect(fx.sim.publishes(P).map((p) => p.media.map((m) => m.kind))).toEqual([['video']]);
  }, FLOW_TIMEOUT_MS);

  it('a 自主声明 dialog without 无需标注 stops the job: nothing is declared or published', async () => {
    fx.sim.configure(P, { omit: ['no-label-choice'] });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx(brief('selectorMs'));
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'setting_unavailable', 'apply_settings');
    expect(err.message).toContain('无需标注');
    expect(await page.locator('.declaration-value').innerText()).toBe('未声明');
    expect(ctx.gate.calls).toBe(0);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);
});
