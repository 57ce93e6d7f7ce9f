/**
 * sohu (搜狐号) videos in real Chromium against the sohu replica's video page:
 * the file into its video input, the title and the description, and 发布,
 * as the job's 搜狐号 account. The cases it shares with other video pages
 * are in test/support/video-page-cases.ts.
 */
import { expect, it } from 'vitest';
import type { VideoJob } from '../../src/adapters/contract.js';
import { sohuAdapter as adapter } from '../../src/adapters/sohu/adapter.js';
import { expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, FLOW_TIMEOUT_MS } from '../../../test/support/adapter-contract.js';
import { useVideoJobs, videoPageCases } from '../../../test/support/video-page-cases.js';

const P = 'sohu';
const ACCOUNT = '120186977';

const { fx, media, makeJob } = useVideoJobs(P, ACCOUNT, { tag: 'shv', title: '搜狐号视频' });

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
      expect(post.settings).toMatchObject({ type: 'video' });
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/www.sohu.com/a/${result.postId}_${ACCOUNT}`);
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'upload', 'fill', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: { job: () => makeJob(), check: (posts) => expect(posts[0]!.media.map((m) => m.kind)).toEqual(['video']) },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'title-input', step: 'fill', control: 'title input' },
};

videoPageCases({ contract, makeJob, descriptionBox: 'brief-box' });

it('a job for another 搜狐号 account than the login holds is login_required; publish on a page prepare did not leave is editor_changed', async () => {
  const page = await fx.open(ACCOUNT);
  const ctx = fx.ctx();
  const other = await expectAdapterError(adapter.prepare(page, makeJob({ account: '120186978' }), ctx), 'login_required', 'open_editor');
  expect(other.message).toContain('120186978');
  await expectAdapterError(adapter.prepare(page, makeJob({ account: 'acct-1' }), ctx), 'login_required', 'open_editor');
  const job = makeJob();
  const prepared = await adapter.prepare(page, job, ctx);
  await expectAdapterError(adapter.publish(await fx.open(ACCOUNT), job, ctx, prepared), 'editor_changed', 'publish');
  expect(ctx.gate.calls).toBe(0);
  expect(fx.sim.publishes(P)).toHaveLength(0);
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

it('the page’s recorded publish control (li.publish-report-btn in the button list) and the upload end read 处理完成 are taken as a button and 上传成功 are', async () => {
  fx.sim.configure(P, { forms: { 'publish-control': 'li', 'upload-mark': '处理完成' } });
  const page = await fx.open(ACCOUNT);
  const ctx = fx.ctx();
  const job = makeJob();
  const prepared = await adapter.prepare(page, job, ctx);
  const result = await adapter.publish(page, job, ctx, prepared);
  const [post] = fx.sim.publishes(P);
  expect(result).toEqual({ postId: post!.postId, url: `${fx.sim.baseUrl(P)}/www.sohu.com/a/${post!.postId}_${ACCOUNT}` });
}, FLOW_TIMEOUT_MS);

it('an upload end read 上传完成 is the end too', async () => {
  fx.sim.configure(P, { forms: { 'upload-mark': '上传完成' } });
  const page = await fx.open(ACCOUNT);
  const ctx = fx.ctx();
  const job = makeJob();
  const prepared = await adapter.prepare(page, job, ctx);
  await adapter.publish(page, job, ctx, prepared);
  expect(fx.sim.publishes(P)).toHaveLength(1);
}, FLOW_TIMEOUT_MS);

it('the page’s own refusal as an Element UI toast is publish_rejected before anything is sent', async () => {
  fx.sim.configure(P, { forms: { message: 'el' } });
  const page = await fx.open(ACCOUNT);
  const ctx = fx.ctx();
  const job = makeJob();
  const prepared = await adapter.prepare(page, job, ctx);
  // The page refuses to send a video without a title.
  await page.locator('input[placeholder*="标题"]').fill('');
  const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
  expect(err.message).toContain('请输入标题');
  expect(fx.sim.publishes(P)).toHaveLength(0);
}, FLOW_TIMEOUT_MS);
