/**
 * 大鱼号 videos in real Chromium against the dayu replica's video page: the
 * account from the dashboard's globalConfig, the title and the description
 * into their boxes, the file into the page's video input, the cover into the
 * 横版 and 竖版 slots through the crop dialog, the tags one box each, 信息来源
 * 无需标注, then 发表 and (when the page asks) 确认发表, in every form public
 * code records the publish and its answer; the address from the video's
 * public id. The cases it shares with other video pages are in
 * test/support/video-page-cases.ts.
 */
import { describe, expect, it } from 'vitest';
import type { VideoJob } from '../../src/adapters/contract.js';
import { dayuAdapter as adapter } from '../../src/adapters/dayu/adapter.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, FLOW_TIMEOUT_MS } from '../../../test/support/adapter-contract.js';
import { useVideoJobs, videoPageCases } from '../../../test/support/video-page-cases.js';

const P = 'dayu';
const ACCOUNT = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

const { fx, media, makeJob } = useVideoJobs(P, ACCOUNT, { tag: 'dyv', title: '大鱼号视频' });

const contract: AdapterContract<VideoJob> = {
  fixture: fx,
  adapter,
  account: ACCOUNT,
  makeJob: () => makeJob(),
  publishesOnce: {
    title: 'publishes once: the video bytes, the title, the description as plain text, 信息来源 无需标注, the page picking the cover',
    async check({ post, result, job, ctx }) {
      expect(post.title).toBe(job.payload.title);
      expect(post.body).toBe(`Plume 发布的第 ${job.payload.title.split(' ')[1]} 条视频\n\n第二段简介`);
      expect(post.media).toEqual([{ kind: 'video', ...(await fileDigest(media.video)) }]);
      expect(post.settings).toEqual({ type: 'video', tags: [], source: '无需标注', cover: 'frame' });
      // The address carries the video's public id (the list's origin_id), not the dashboard's _id.
      expect(result.url).toMatch(new RegExp(`^${fx.sim.baseUrl(P)}/mparticle\\.uc\\.cn/article\\.html\\?wm_id=${ACCOUNT}&wm_aid=[0-9a-f]{32}$`));
      expect(result.url).not.toContain(`wm_aid=${result.postId}`);
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'upload', 'apply_settings', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: { job: () => makeJob({ cover: true }), check: (posts) => expect(posts[0]!.media.map((m) => m.kind)).toEqual(['video', 'cover', 'cover']) },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'title-input', step: 'fill', control: 'title input' },
};

// The description case is this file's own: the cover goes into two slots.
videoPageCases({ contract, makeJob, descriptionBox: 'description-box', controls: { cover: { step: 'apply_settings' }, tags: true, aiLabel: true }, descriptionCase: false });

describe('happy path', () => {
  it("the cover goes into both slots through the crop dialog, the tags one box each, the description setting replaces the payload's", async () => {
    const page = await fx.open(ACCOUNT);
    const infos: Array<Record<string, unknown>> = [];
    const ctx = fx.ctx({ log: { debug: () => {}, warn: () => {}, info: (o) => infos.push(o) } });
    const job = makeJob({ cover: true, settings: { description: '设置里的**简介**', tags: ['新车', '评测', '新车'], aiLabel: false, visibility: 'public', original: true } });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    const [post] = fx.sim.publishes(P);
    expect(post!.body).toBe('设置里的简介');
    expect(post!.settings).toEqual({ type: 'video', tags: ['新车', '评测'], source: '无需标注', cover: 'custom' });
    const digest = await fileDigest(media.cover);
    expect(post!.media).toEqual([{ kind: 'video', ...(await fileDigest(media.video)) }, { kind: 'cover', ...digest }, { kind: 'cover', ...digest }]);
    expect(infos).toContainEqual({ platform: P, ignored: ['original'] });
    expect(ctx.gate.calls).toBe(1);
  }, FLOW_TIMEOUT_MS);

  it('a video page without globalConfig: the session comes from the dashboard, and the publish still names the account', async () => {
    fx.sim.configure(P, { omit: ['video-config'] });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx(brief('selectorMs'));
    const job = makeJob();
    const before = fx.sim.hits('/mp.dayu.com/dashboard/index');
    const prepared = await adapter.prepare(page, job, ctx);
    expect(fx.sim.hits('/mp.dayu.com/dashboard/index')).toBe(before + 1);
    const result = await adapter.publish(page, job, ctx, prepared);
    expect(fx.sim.publishes(P)).toHaveLength(1);
    expect(result).toEqual({ postId: fx.sim.publishes(P)[0]!.postId, url: fx.sim.publishes(P)[0]!.url });
  }, FLOW_TIMEOUT_MS);

  it('a coverImagePath alone means a custom cover; coverMode auto leaves the cover to the page', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const withCover = makeJob({ cover: true });
    const preparedWithCover = await adapter.prepare(page, withCover, ctx);
    await adapter.publish(page, withCover, ctx, preparedWithCover);
    const auto = makeJob({ cover: true, settings: { coverMode: 'auto' } });
    const preparedAuto = await adapter.prepare(page, auto, ctx);
    await adapter.publish(page, auto, ctx, preparedAuto);
    expect(fx.sim.publishes(P).map((p) => [p.settings.cover, p.media.map((m) => m.kind)])).toEqual([
      ['custom', ['video', 'cover', 'cover']],
      ['frame', ['video']],
    ]);
  }, FLOW_TIMEOUT_MS);
});

describe('publish forms', () => {
  // Each form public sources record: an answer with or without the public id, 发表 with or without 确认发表, the video sent to submit-article, the title an input or an editable box.
  for (const forms of [{ 'submit-answer': 'wm_aid' }, { 'submit-answer': 'none' }, { 'video-publish': 'direct' }, { 'video-submit': 'submit-article' }, { 'title-field': 'editable' }]) {
    it(`publishes once and names the video and its address (wm_aid = origin_id): ${JSON.stringify(forms)}`, async () => {
      fx.sim.configure(P, { forms });
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = makeJob();
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      const posts = fx.sim.publishes(P);
      expect(posts).toHaveLength(1);
      expect(posts[0]!.title).toBe(job.payload.title);
      expect(result).toEqual({ postId: posts[0]!.postId, url: posts[0]!.url });
      expect(result.url).not.toContain(`wm_aid=${result.postId}`);
      expect(ctx.gate.calls).toBe(1);
      expect(await adapter.verify(page, job, ctx)).toEqual({ found: true, ...result, candidates: 1 });
    }, FLOW_TIMEOUT_MS);
  }

  it('an answer naming no video, with no such video listed, is readback_failed', async () => {
    fx.sim.configure(P, { forms: { 'submit-answer': 'none' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    await expectAdapterError(adapter.publish(page, { ...job, payload: { ...job.payload, title: `${job.payload.title}另` } }, ctx, prepared), 'readback_failed', 'read_back');
    expect(fx.sim.publishes(P)).toHaveLength(1);
  }, FLOW_TIMEOUT_MS);
});

describe('errors', () => {
  it('an AI label, which 信息来源 无需标注 would deny, and settings the page cannot take stop the job before the browser moves', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const ai = await expectAdapterError(adapter.prepare(page, makeJob({ settings: { aiLabel: true } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(ai.message).toContain('无需标注');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { tags: Array.from({ length: 11 }, (_, i) => `标签${i}`) } }), ctx), 'setting_unavailable', 'apply_settings');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { tags: ['长'.repeat(31)] } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(page.url()).toBe('about:blank');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);

  it('cover_rejected when 大鱼号 refuses the cover; a page without its cover slots or tag boxes is editor_changed; nothing is published', async () => {
    fx.sim.configure(P, { rejectCover: '封面尺寸不符合要求' });
    const refused = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob({ cover: true }), fx.ctx(brief('selectorMs'))), 'cover_rejected', 'apply_settings');
    expect(refused.message).toContain('封面尺寸不符合要求');
    fx.sim.configure(P, { rejectCover: false, omit: ['cover-slots'] });
    const slots = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob({ cover: true }), fx.ctx(brief('selectorMs'))), 'editor_changed', 'apply_settings');
    expect(slots.message).toContain('cover picture input');
    fx.sim.configure(P, { omit: ['tag-boxes'] });
    const tags = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob({ settings: { tags: ['新车'] } }), fx.ctx(brief('selectorMs'))), 'editor_changed', 'apply_settings');
    expect(tags.message).toContain('tag boxes');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('publish away from the video page is editor_changed and never passes the gate', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    await page.goto(`${fx.sim.baseUrl(P)}/mp.dayu.com/dashboard/index`);
    await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'editor_changed', 'publish');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);
});
