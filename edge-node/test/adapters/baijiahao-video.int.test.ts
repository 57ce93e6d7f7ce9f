/**
 * baijiahao (百家号) videos in real Chromium against the baijiahao replica's
 * video page: the file into its video input, the title into the
 * contenteditable title box, the description, the cover through 选择封面's
 * dialog, the 创作声明 for the AI label, and 发布. The cases it shares with
 * other video pages are in test/support/video-page-cases.ts.
 */
import { describe, expect, it } from 'vitest';
import type { VideoJob } from '../../src/adapters/contract.js';
import { baijiahaoAdapter as adapter } from '../../src/adapters/baijiahao/adapter.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, FLOW_TIMEOUT_MS } from '../../../test/support/adapter-contract.js';
import { useVideoJobs, videoPageCases } from '../../../test/support/video-page-cases.js';

const P = 'baijiahao';
const ACCOUNT = '1588000000000077';

const { fx, media, makeJob } = useVideoJobs(P, ACCOUNT, { tag: 'bjv', title: '百家号视频发布测试' });

const contract: AdapterContract<VideoJob> = {
  fixture: fx,
  adapter,
  account: ACCOUNT,
  makeJob: () => makeJob(),
  publishesOnce: {
    title: 'publishes once: the video bytes, the title (not the file name), the description as plain text; no declaration unasked',
    async check({ post, result, job, ctx }) {
      expect(post.title).toBe(job.payload.title);
      expect(post.body).toBe(`Plume 发布的第 ${job.payload.title.split(' ')[1]} 条视频\n\n第二段简介`);
      expect(post.media).toEqual([{ kind: 'video', ...(await fileDigest(media.video)) }]);
      expect(post.settings).toEqual({ type: 'video', aigc: false, cover: 'auto' });
      expect(result.url).toBe(post.url);
      expect(result.url).toMatch(/\/baijiahao\.baidu\.com\/s\?id=\d{16}$/);
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'upload', 'fill', 'apply_settings', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: { job: () => makeJob({ cover: true }), check: (posts) => expect(posts[0]!.media.map((m) => m.kind)).toEqual(['video', 'cover']) },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'title-input', step: 'fill', control: 'title input' },
};

videoPageCases({ contract, makeJob, descriptionBox: 'description-box', controls: { cover: { step: 'upload' }, aiLabel: true } });

describe('happy path', () => {
  it('the custom cover is the picture sent; aiLabel declares 含AI生成内容', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ cover: true, settings: { aiLabel: true } });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    const [post] = fx.sim.publishes(P);
    expect(post!.settings).toEqual({ type: 'video', aigc: true, cover: 'custom' });
    expect(post!.media).toEqual([
      { kind: 'video', ...(await fileDigest(media.video)) },
      { kind: 'cover', ...(await fileDigest(media.cover)) },
    ]);
  }, FLOW_TIMEOUT_MS);

  it('coverMode auto leaves the cover to 百家号 even when the job has one', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ cover: true, settings: { coverMode: 'auto' } });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    expect(fx.sim.publishes(P)[0]!.media.map((m) => m.kind)).toEqual(['video']);
  }, FLOW_TIMEOUT_MS);
});

describe('the title box', () => {
  it('the older recorded title box (a textarea with placeholder 请输入标题) takes the title as the contenteditable one does', async () => {
    fx.sim.configure(P, { forms: { 'title-box': 'textarea' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    expect(fx.sim.publishes(P)[0]!.title).toBe(job.payload.title);
  }, FLOW_TIMEOUT_MS);
});

describe('publish answers and the video list', () => {
  for (const list of ['nid', 'article_id']) {
    it(`an accepted answer naming no nid is read back from the video list (rows by ${list})`, async () => {
      fx.sim.configure(P, { forms: { 'video-answer': 'none', 'video-list': list } });
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = makeJob();
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      const post = fx.sim.publishes(P)[0]!;
      expect(result).toEqual({ postId: post.postId, url: post.url });
      expect(await adapter.verify(page, job, ctx)).toEqual({ found: true, ...result, candidates: 1 });
    }, FLOW_TIMEOUT_MS);
  }

  it('a video published at s?id=<nid> whose answer gives its url: that url is the address, not one built from the article_id', async () => {
    fx.sim.configure(P, { forms: { 'video-answer': 'url', 'video-address': 'nid' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const post = fx.sim.publishes(P)[0]!;
    expect(result).toEqual({ postId: post.postId, url: `${fx.sim.baseUrl(P)}/baijiahao.baidu.com/s?id=${post.postId}` });
    expect((await page.goto(result.url))?.status()).toBe(200);
  }, FLOW_TIMEOUT_MS);

  it('an accepted answer naming no nid, with no such video listed, is readback_failed', async () => {
    fx.sim.configure(P, { forms: { 'video-answer': 'none' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    // The list is read for the job's own title only: another title is not the video.
    await expectAdapterError(adapter.publish(page, { ...job, payload: { ...job.payload, title: `${job.payload.title}另一条` } }, ctx, prepared), 'readback_failed', 'read_back');
    expect(fx.sim.publishes(P)).toHaveLength(1);
  }, FLOW_TIMEOUT_MS);

  it('verify passes over a refused video of the same title', async () => {
    fx.sim.configure(P, { forms: { 'video-list': 'rejected' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    expect(await adapter.verify(page, job, ctx)).toEqual({ found: true, ...result, candidates: 1 });
  }, FLOW_TIMEOUT_MS);
});

describe('errors', () => {
  it('titles under 9 or over 30 characters and descriptions over 100 are refused before the browser moves', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '八个字的短标题啊' }), ctx), 'publish_rejected', 'fill');
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '长'.repeat(31) }), ctx), 'publish_rejected', 'fill');
    await expectAdapterError(adapter.prepare(page, makeJob({ description: '简'.repeat(101) }), ctx), 'publish_rejected', 'fill');
    expect(page.url()).toBe('about:blank');
  }, FLOW_TIMEOUT_MS);

  it('cover_rejected when 百家号 refuses the cover or the cover file cannot be read; a page without 选择封面 is editor_changed', async () => {
    fx.sim.configure(P, { rejectCover: '封面尺寸不符合要求' });
    const ctx = fx.ctx(brief('selectorMs'));
    const err = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob({ cover: true }), ctx), 'cover_rejected', 'upload');
    expect(err.message).toContain('封面尺寸不符合要求');
    const missing = { ...makeJob(), payload: { ...makeJob().payload, coverImagePath: `${fx.media.dir}/missing.jpg` } };
    await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), missing, ctx), 'cover_rejected', 'upload');
    fx.sim.configure(P, { rejectCover: false, omit: ['cover-entry'] });
    const gone = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob({ cover: true }), ctx), 'editor_changed', 'upload');
    expect(gone.message).toContain('选择封面');
    expect(ctx.gate.calls).toBe(0);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('a 创作声明 dialog without 含AI生成内容 is editor_changed when the video carries the AI label, and never reached without it', async () => {
    fx.sim.configure(P, { omit: ['ai-choice'] });
    const ctx = fx.ctx(brief('selectorMs'));
    const err = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob({ settings: { aiLabel: true } }), ctx), 'editor_changed', 'apply_settings');
    expect(err.message).toContain('含AI生成内容');
    const page = await fx.open(ACCOUNT);
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    expect(fx.sim.publishes(P).map((p) => p.settings.aigc)).toEqual([false]);
  }, FLOW_TIMEOUT_MS);

  it('verify reads the video list only: an article of the same title is not the video', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const article = { ...job, contentType: 'article' as const, payload: { title: job.payload.title, content: '同名文章正文' }, settings: { coverMode: 'auto' } };
    const preparedArticle = await adapter.prepare(page, article, ctx);
    await adapter.publish(page, article, ctx, preparedArticle);
    expect(await adapter.verify(page, job, ctx)).toEqual({ found: false });
  }, FLOW_TIMEOUT_MS);
});
