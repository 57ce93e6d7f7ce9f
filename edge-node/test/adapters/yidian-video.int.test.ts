/**
 * 一点号 videos in real Chromium against the yidian replica's video editor
 * (the desk's #/Writing/videoEditor): the account from window.mpuser, the
 * title and the description into their boxes, the file into the page's video
 * input, and 发布, its answer naming the video or (when it names none) the
 * video list. The cases it shares with other video pages are in
 * test/support/video-page-cases.ts.
 */
import { describe, expect, it } from 'vitest';
import type { VideoJob } from '../../src/adapters/contract.js';
import { yidianAdapter as adapter } from '../../src/adapters/yidian/adapter.js';
import { expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, FLOW_TIMEOUT_MS } from '../../../test/support/adapter-contract.js';
import { useVideoJobs, videoPageCases } from '../../../test/support/video-page-cases.js';

const P = 'yidian';
const ACCOUNT = '173650021';

const { fx, media, makeJob } = useVideoJobs(P, ACCOUNT, { tag: 'ydv', title: '一点号视频' });

const contract: AdapterContract<VideoJob> = {
  fixture: fx,
  adapter,
  account: ACCOUNT,
  makeJob: () => makeJob(),
  publishesOnce: {
    title: 'publishes once: the video bytes, the title, the description as plain text',
    async check({ post, result, job, ctx }) {
      expect(post.title).toBe(job.payload.title);
      expect(post.body).toBe(`Plume 发布的第 ${job.payload.title.split(' ')[1]} 条视频\n\n第二段简介`);
      expect(post.media).toEqual([{ kind: 'video', ...(await fileDigest(media.video)) }]);
      expect(post.settings).toEqual({ type: 'video' });
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/www.yidianzixun.com/article/${result.postId}`);
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'upload', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: { job: () => makeJob(), check: (posts) => expect(posts[0]!.media.map((m) => m.kind)).toEqual(['video']) },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'title-input', step: 'fill', control: 'title input' },
};

videoPageCases({ contract, makeJob, descriptionBox: 'description-box' });

describe('publish answers', () => {
  // The recorded forms: the article editor's control, the article publish's address.
  for (const forms of [{ 'video-publish-control': 'div' }, { 'video-publish-call': 'post' }, { 'video-publish-call': 'post', 'video-answer': 'none' }]) {
    it(`publishes once and names the video: ${JSON.stringify(forms)}`, async () => {
      fx.sim.configure(P, { forms });
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = makeJob();
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      const posts = fx.sim.publishes(P);
      expect(posts).toHaveLength(1);
      expect(result).toEqual({ postId: posts[0]!.postId, url: posts[0]!.url });
      expect(ctx.gate.calls).toBe(1);
    }, FLOW_TIMEOUT_MS);
  }

  it('an answer naming a V_ id (the form public video addresses carry) is the post, at its article address', async () => {
    fx.sim.configure(P, { forms: { 'video-id': 'v' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const [post] = fx.sim.publishes(P);
    expect(result).toEqual({ postId: post!.postId, url: `${fx.sim.baseUrl(P)}/www.yidianzixun.com/article/${post!.postId}` });
    expect(post!.postId).toMatch(/^V_\d+$/);
  }, FLOW_TIMEOUT_MS);

  it('an id of another shape names no address on record: the list row’s own address is the post’s', async () => {
    fx.sim.configure(P, { forms: { 'video-url': 'listed' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const [post] = fx.sim.publishes(P);
    expect(result).toEqual({ postId: post!.postId, url: `${fx.sim.baseUrl(P)}/www.yidianzixun.com/m/article/${post!.postId}` });
    expect((await page.goto(result.url))?.status()).toBe(200);
  }, FLOW_TIMEOUT_MS);

  it('an answer naming no id: the video list names the video', async () => {
    fx.sim.configure(P, { forms: { 'video-answer': 'none' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const post = fx.sim.publishes(P)[0]!;
    expect(result).toEqual({ postId: post.postId, url: post.url });
    expect(ctx.gate.calls).toBe(1);
  }, FLOW_TIMEOUT_MS);

  it('an answer naming no id, with no such video listed, is readback_failed', async () => {
    fx.sim.configure(P, { forms: { 'video-answer': 'none' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    await expectAdapterError(adapter.publish(page, { ...job, payload: { ...job.payload, title: `${job.payload.title}另` } }, ctx, prepared), 'readback_failed', 'read_back');
    expect(fx.sim.publishes(P)).toHaveLength(1);
  }, FLOW_TIMEOUT_MS);
});

describe('errors', () => {
  it('the video list and the article list keep apart: an article of the same title is not the video', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const article = { ...job, contentType: 'article' as const, payload: { title: job.payload.title, content: '正文' } };
    const preparedArticle = await adapter.prepare(page, article, ctx);
    await adapter.publish(page, article, ctx, preparedArticle);
    expect(fx.sim.publishes(P)).toHaveLength(1);
    expect(await adapter.verify(page, job, ctx)).toEqual({ found: false });
  }, FLOW_TIMEOUT_MS);

});
