/**
 * kuaishou adapter, videos and 图文, in real Chromium against the replica of
 * the creator centre's publish page. The cases every adapter shares are in
 * test/support/adapter-contract.ts; this file adds what is kuaishou's own: the
 * one description (title, text, #topics), the guide overlays, cover dialog,
 * collection and scheduled publishing, every confirmation the sources record
 * after 发布 (and none), the intro page a logged-out browser may get, the
 * works list's recorded row forms (a caption row; a work still being published
 * without its id), and the limits checked before the browser moves.
 */
import { describe, expect, it, vi } from 'vitest';
import type { DynamicJob, VideoJob } from '../../src/adapters/contract.js';
import { kuaishouAdapter as adapter } from '../../src/adapters/kuaishou/adapter.js';
import { markdownToPlainText } from '../../src/adapters/markdown.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';
import { KUAISHOU_PUBLISH_CONFIRMS } from '../../../test/platform-simulator/kuaishou/publish-page.js';

// Each case uploads through a real page and its guide overlays: on a loaded 2-core machine that takes longer than the default.
vi.setConfig({ testTimeout: 90_000 });

const P = 'kuaishou';
const ACCOUNT = '2244668800';

let video: string;
let cover: string;
let images: string[];
let seq = 0;
/** Paragraphs as kuaishou keeps them: one line each. */
const lines = (text: string) => text.split('\n').filter((l) => l.trim() !== '').join('\n');
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    video = await media.file('clip.mp4', 300 * 1024);
    cover = await media.file('cover.jpg', 40 * 1024);
    images = [await media.file('a.jpg', 50 * 1024), await media.file('b.png', 60 * 1024)];
  },
});

const base = () => {
  seq++;
  return { jobId: `job_ks${seq}`, attemptId: `att_ks${seq}`, platform: P, account: { id: 'acc_ks', externalRef: ACCOUNT }, settingsHash: 'sha256:test', createdAt: new Date().toISOString() };
};

function videoJob(o: { settings?: Record<string, unknown>; cover?: boolean; title?: string } = {}): VideoJob {
  const b = base();
  return {
    ...b,
    contentType: 'video',
    payload: {
      title: o.title ?? `快手视频 ${seq}`,
      localVideoPath: video,
      ...(o.cover === false ? {} : { coverImagePath: cover }),
      description: `**Plume** 发布的第 ${seq} 条视频`,
    },
    settings: o.settings ?? { tags: ['Plume', '测试'], collectionName: 'Plume 合集' },
  };
}

function dynamicJob(o: { settings?: Record<string, unknown>; images?: string[] } = {}): DynamicJob {
  const b = base();
  return { ...b, contentType: 'dynamic', payload: { content: `## 图文 ${seq}\n\n今天的 *图文* 动态`, images: o.images ?? images }, settings: o.settings ?? { tags: ['图文'] } };
}

const videoContract: AdapterContract<VideoJob> = {
  fixture: fx,
  adapter,
  account: ACCOUNT,
  makeJob: () => videoJob(),
  publishesOnce: {
    title: 'a video: one post with the caption kuaishou stores, the video and cover bytes, the collection',
    async check({ post, result, job }) {
      expect(post.body).toBe(`${job.payload.title}\n${lines(markdownToPlainText(job.payload.description!))}\n#Plume #测试`);
      expect(post.body).toContain('Plume 发布的第');
      expect(post.media).toEqual([
        { kind: 'video', ...(await fileDigest(video)) },
        { kind: 'cover', ...(await fileDigest(cover)) },
      ]);
      expect(post.settings).toEqual({ collection: 'Plume 合集', publishTime: null });
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/www.kuaishou.com/short-video/${result.postId}`);
    },
  },
  repeatedPrepare: { job: () => videoJob({ settings: {} }), check: (posts) => expect(posts[0]!.media.map((m) => m.kind)).toEqual(['video', 'cover']) },
  verifyJob: () => videoJob({ settings: {}, cover: false }),
  editorChanged: { omit: 'description-editor', step: 'fill', control: 'description editor' },
};

const dynamicContract: AdapterContract<DynamicJob> = {
  fixture: fx,
  adapter,
  account: ACCOUNT,
  makeJob: () => dynamicJob(),
  publishesOnce: {
    title: 'a 图文: one post with both pictures and the text as plain text with its topic',
    async check({ post, job }) {
      expect(post.body).toBe(`${lines(markdownToPlainText(job.payload.content))}\n#图文`);
      expect(post.body).not.toContain('*');
      expect(post.media).toEqual(await Promise.all(images.map(async (p) => ({ kind: 'image', ...(await fileDigest(p)) }))));
    },
  },
  repeatedPrepare: { job: () => dynamicJob(), check: (posts) => expect(posts[0]!.media).toHaveLength(2) },
  verifyJob: () => dynamicJob({ settings: {} }),
  editorChanged: { omit: 'description-editor', step: 'fill', control: 'description editor' },
};

describe('video', () => {
  describe('happy path', () => {
    happyPathContract(videoContract);

    it('schedules with kuaishou’s own 定时发布, in Beijing time', async () => {
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const at = new Date(Date.now() + 3 * 3600_000);
      at.setUTCSeconds(0, 0);
      const job = videoJob({ settings: { scheduledAt: at.toISOString() }, cover: false });
      const prepared = await adapter.prepare(page, job, ctx);
      await adapter.publish(page, job, ctx, prepared);
      const bj = new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
      expect(fx.sim.publishes(P)[0]!.settings).toEqual({ collection: null, publishTime: bj });
    });

    // Each confirmation a source records after 发布: the adapter confirms it once, and the post is read back.
    for (const confirm of KUAISHOU_PUBLISH_CONFIRMS.filter((c) => c !== 'none')) {
      it(`confirms the dialog kuaishou shows after 发布 (${confirm}): one post, read back`, async () => {
        fx.sim.configure(P, { forms: { 'publish-confirm': confirm } });
        const page = await fx.open(ACCOUNT);
        const ctx = fx.ctx();
        const job = videoJob({ settings: {}, cover: false });
        const prepared = await adapter.prepare(page, job, ctx);
        const result = await adapter.publish(page, job, ctx, prepared);
        const posts = fx.sim.publishes(P);
        expect(posts).toHaveLength(1);
        expect(result).toEqual({ postId: posts[0]!.postId, url: `${fx.sim.baseUrl(P)}/www.kuaishou.com/short-video/${posts[0]!.postId}` });
        expect(ctx.gate.calls).toBe(1);
      });
    }

    it('a works list whose text leaves out the #topics line still reads the video back, and verify finds it', async () => {
      fx.sim.configure(P, { forms: { 'works-text': 'without-topics' } });
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = videoJob({ settings: { tags: ['Plume'] }, cover: false });
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      const posts = fx.sim.publishes(P);
      expect(posts).toHaveLength(1);
      expect(posts[0]!.body).toContain('#Plume');
      expect(result.postId).toBe(posts[0]!.postId);
      expect(await adapter.verify(page, job, ctx)).toEqual({ found: true, postId: result.postId, url: result.url, candidates: 1 });
    });

    it('without a confirmation the click sends the post, and no dialog is looked for afterwards', async () => {
      fx.sim.configure(P, { forms: { 'publish-confirm': 'none' } });
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = videoJob({ settings: {}, cover: false });
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      expect(fx.sim.publishes(P)).toHaveLength(1);
      expect(result.postId).toBe(fx.sim.publishes(P)[0]!.postId);
      expect(await page.locator('.ant-modal-wrap').count()).toBe(0);
    });
  });

  describe('errors', () => {
    errorContract(videoContract);

    it('upload_failed when kuaishou refuses the video; nothing is published', async () => {
      fx.sim.configure(P, { rejectVideo: '视频格式不支持' });
      const page = await fx.open(ACCOUNT);
      const err = await expectAdapterError(adapter.prepare(page, videoJob(), fx.ctx()), 'upload_failed', 'upload');
      expect(err.message).toContain('视频格式不支持');
      expect(fx.sim.publishes(P)).toHaveLength(0);
    });

    it('cover_rejected when the cover is refused, as soon as kuaishou says so: no automatic cover instead', async () => {
      fx.sim.configure(P, { rejectCover: '封面尺寸不符' });
      const page = await fx.open(ACCOUNT);
      // An upload allowance far past the test's limit: the refusal must end the wait, not the allowance.
      const ctx = fx.ctx();
      const patient = fx.ctx({ timeouts: { ...ctx.timeouts!, uploadMs: 30 * 60_000 } });
      const err = await expectAdapterError(adapter.prepare(page, videoJob(), patient), 'cover_rejected', 'apply_settings');
      expect(err.message).toContain('封面尺寸不符');
    });

    it('a 确认 clicked before the cover finished uploading is clicked again once it has: the cover is taken', async () => {
      const page = await fx.open(ACCOUNT, true, { isolated: true });
      // The cover's upload answer is held until the dialog has shown the early click's refusal.
      let early = false;
      await page.route('**/cover/pc/upload**', async (route) => {
        await page.locator('.cover-state', { hasText: '请先上传封面' }).waitFor({ state: 'attached', timeout: FLOW_TIMEOUT_MS });
        early = true;
        await route.continue();
      });
      const ctx = fx.ctx();
      const job = videoJob({ settings: {} });
      const prepared = await adapter.prepare(page, job, ctx);
      expect(early).toBe(true);
      await adapter.publish(page, job, ctx, prepared);
      expect(fx.sim.publishes(P)[0]!.media.map((m) => m.kind)).toEqual(['video', 'cover']);
    });

    it('publish_rejected when kuaishou refuses the post at the click', async () => {
      fx.sim.configure(P, { rejectPublish: '作品涉嫌违规' });
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = videoJob({ settings: {} });
      const prepared = await adapter.prepare(page, job, ctx);
      const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
      expect(err.message).toContain('作品涉嫌违规');
      expect(fx.sim.publishes(P)).toHaveLength(0);
    });

    it('a logged-out browser shown the intro page (立即登录) is login_required, not a changed editor', async () => {
      fx.sim.configure(P, { forms: { 'logged-out': 'intro' } });
      const page = await fx.open(ACCOUNT, false);
      await expectAdapterError(adapter.checkLogin(page, fx.ctx()), 'login_required', 'check_login');
      await expectAdapterError(adapter.prepare(page, videoJob(), fx.ctx()), 'login_required', 'open_editor');
      expect(fx.sim.publishes(P)).toHaveLength(0);
    });

    it('a description longer than kuaishou takes (500 characters) is refused before the browser moves', async () => {
      const page = await fx.open(ACCOUNT);
      const err = await expectAdapterError(adapter.prepare(page, videoJob({ title: '长'.repeat(501), settings: {} }), fx.ctx()), 'publish_rejected', 'fill');
      expect(err.message).toContain('at most 500');
      expect(page.url()).toBe('about:blank');
    });

    it('settings kuaishou cannot take are refused before the browser moves', async () => {
      const page = await fx.open(ACCOUNT);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ tags: ['a', 'b', 'c', 'd'] }, 'at most 3'],
        [{ scheduledAt: new Date(Date.now() + 3600_000).toISOString() }, 'more than 2 hours'],
        [{ scheduledAt: 'tomorrow' }, 'not an ISO 8601 time'],
      ];
      for (const [settings, message] of cases) {
        const err = await expectAdapterError(adapter.prepare(page, videoJob({ settings }), fx.ctx()), 'setting_unavailable', 'apply_settings');
        expect(err.message).toContain(message);
      }
      expect(page.url()).toBe('about:blank');
    });

    it('a collection the account does not have is setting_unavailable, naming the ones it has', async () => {
      const page = await fx.open(ACCOUNT);
      const err = await expectAdapterError(adapter.prepare(page, videoJob({ settings: { collectionName: '不存在' } }), fx.ctx(brief('selectorMs'))), 'setting_unavailable', 'apply_settings');
      expect(err.details).toMatchObject({ offered: ['Plume 合集', '日常记录'] });
    });

    it('a publish control under another label is editor_changed at publish, and nothing is clicked', async () => {
      fx.sim.configure(P, { omit: ['publish-button'] });
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx(brief('selectorMs'));
      const job = videoJob({ settings: {} });
      const prepared = await adapter.prepare(page, job, ctx);
      await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'editor_changed', 'publish');
      expect(ctx.gate.calls).toBe(0);
      expect(fx.sim.publishes(P)).toHaveLength(0);
    });
  });
});

describe('图文 (dynamic)', () => {
  describe('happy path', () => {
    happyPathContract(dynamicContract);

    it('a 图文 goes through the confirmation kuaishou may show, once, and is read back', async () => {
      fx.sim.configure(P, { forms: { 'publish-confirm': '确认' } });
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = dynamicJob({ settings: {} });
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      const posts = fx.sim.publishes(P);
      expect(posts).toHaveLength(1);
      expect(posts[0]!.media.map((m) => m.kind)).toEqual(['image', 'image']);
      expect(result.postId).toBe(posts[0]!.postId);
    });
  });
  describe('errors', () => {
    errorContract(dynamicContract);

    it('a 图文 is read back from the works list in its caption form too (caption, publishTime), and verify finds it there', async () => {
      fx.sim.configure(P, { forms: { 'works-row': 'caption' } });
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = dynamicJob({ settings: {} });
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      const posts = fx.sim.publishes(P);
      expect(posts).toHaveLength(1);
      expect(result.postId).toBe(posts[0]!.postId);
      expect(await adapter.verify(page, job, ctx)).toEqual({ found: true, postId: result.postId, url: result.url, candidates: 1 });
    });

    it('a 图文 kuaishou lists as still being published (no workId yet) is readback_failed, never a wrong id; verify gives no answer until it has its id, then finds it', async () => {
      fx.sim.configure(P, { forms: { 'works-state': 'publishing' } });
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = dynamicJob({ settings: {} });
      const prepared = await adapter.prepare(page, job, ctx);
      const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'readback_failed', 'read_back');
      expect(err.message).toContain('still being published');
      expect(fx.sim.publishes(P)).toHaveLength(1);
      expect(ctx.gate.calls).toBe(1);
      // No "not found" while the row has no id: verify throws, and the control plane asks again.
      await expectAdapterError(adapter.verify(page, job, ctx), 'readback_failed', 'read_back');
      fx.sim.configure(P, { forms: { 'works-state': 'published' } });
      expect(await adapter.verify(page, job, ctx)).toMatchObject({ found: true, postId: fx.sim.publishes(P)[0]!.postId, candidates: 1 });
    });

    it('a 图文 with more pictures than kuaishou takes (31) is refused before anything is opened', async () => {
      const page = await fx.open(ACCOUNT);
      const err = await expectAdapterError(adapter.prepare(page, dynamicJob({ images: Array.from({ length: 32 }, (_, i) => images[i % 2]!) }), fx.ctx()), 'publish_rejected', 'fill');
      expect(err.message).toContain('at most 31');
      expect(page.url()).toBe('about:blank');
    });

    it('a 图文 without pictures is refused before anything is opened', async () => {
      const page = await fx.open(ACCOUNT);
      await expectAdapterError(adapter.prepare(page, dynamicJob({ images: [] }), fx.ctx()), 'publish_rejected', 'fill');
      expect(page.url()).toBe('about:blank');
    });
  });
});
