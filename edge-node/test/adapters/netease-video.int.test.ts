/**
 * netease (网易号) videos in real Chromium against the netease replica's
 * video view: the title and the description into their boxes, the file into
 * the page's video input, and 发布. The cases it shares with other video
 * pages are in test/support/video-page-cases.ts.
 */
import { expect, it } from 'vitest';
import type { VideoJob } from '../../src/adapters/contract.js';
import { neteaseAdapter as adapter } from '../../src/adapters/netease/adapter.js';
import { expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, FLOW_TIMEOUT_MS } from '../../../test/support/adapter-contract.js';
import { useVideoJobs, videoPageCases } from '../../../test/support/video-page-cases.js';

const P = 'netease';
const ACCOUNT = 'W7400000000002';

const { fx, media, makeJob } = useVideoJobs(P, ACCOUNT, { tag: 'ntv', title: '网易号视频' });

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
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/www.163.com/v/video/${result.postId}.html`);
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'upload', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: { job: () => makeJob(), check: (posts) => expect(posts[0]!.media.map((m) => m.kind)).toEqual(['video']) },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'video-title-input', step: 'fill', control: 'title input' },
};

videoPageCases({ contract, makeJob, descriptionBox: 'description-box' });

it('verify reads the content manager’s row form: the video by articleId, timed by showTime', async () => {
  fx.sim.configure(P, { forms: { 'list-row': 'showTime' } });
  const page = await fx.open(ACCOUNT);
  const ctx = fx.ctx();
  const job = makeJob();
  const prepared = await adapter.prepare(page, job, ctx);
  const result = await adapter.publish(page, job, ctx, prepared);
  expect(await adapter.verify(page, job, ctx)).toEqual({ found: true, ...result, candidates: 1 });
}, FLOW_TIMEOUT_MS);

it('an accepted publish answer naming no docId is read back from the content list by title', async () => {
  fx.sim.configure(P, { forms: { 'video-answer': 'none' } });
  const page = await fx.open(ACCOUNT);
  const ctx = fx.ctx();
  const job = makeJob();
  const prepared = await adapter.prepare(page, job, ctx);
  const result = await adapter.publish(page, job, ctx, prepared);
  const post = fx.sim.publishes(P)[0]!;
  expect(result).toEqual({ postId: post.postId, url: `${fx.sim.baseUrl(P)}/www.163.com/v/video/${post.postId}.html` });
}, FLOW_TIMEOUT_MS);

it('an accepted answer naming no docId, with no such video listed, is readback_failed', async () => {
  fx.sim.configure(P, { forms: { 'video-answer': 'none' } });
  const page = await fx.open(ACCOUNT);
  const ctx = fx.ctx();
  const job = makeJob();
  const prepared = await adapter.prepare(page, job, ctx);
  // The list is read for the job's own title only: another title is not the video.
  await expectAdapterError(adapter.publish(page, { ...job, payload: { ...job.payload, title: `${job.payload.title}另一条` } }, ctx, prepared), 'readback_failed', 'read_back');
  expect(fx.sim.publishes(P)).toHaveLength(1);
}, FLOW_TIMEOUT_MS);

for (const [name, forms] of [
  ['an answer naming the docId and the vid gives the video’s page by its vid', { 'video-id': 'vid', 'video-answer': 'vid' }],
  ['an answer naming only the docId is completed from the content list, whose row gives the vid and url', { 'video-id': 'vid' }],
] as const) {
  it(`${name} (V + 8, as public 163 video addresses carry), not the docId`, async () => {
    fx.sim.configure(P, { forms });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const post = fx.sim.publishes(P)[0]!;
    expect(result).toEqual({ postId: post.postId, url: post.url });
    expect(result.url).toMatch(/\/www\.163\.com\/v\/video\/V[0-9A-Z]{8}\.html$/);
    expect((await page.goto(result.url))?.status()).toBe(200);
  }, FLOW_TIMEOUT_MS);
}
