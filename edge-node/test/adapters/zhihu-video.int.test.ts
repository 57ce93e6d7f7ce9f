/**
 * zhihu (知乎) videos in real Chromium against the zhihu replica's upload
 * page: the file into its input, the title, the description pasted into its
 * editor, topics typed there as `#name`, the cover through 本地上传, and the
 * div reading 发布. The cases it shares with other video pages are in
 * test/support/video-page-cases.ts; the topics and the cover are zhihu's own.
 */
import { describe, expect, it } from 'vitest';
import type { VideoJob } from '../../src/adapters/contract.js';
import { zhihuAdapter as adapter } from '../../src/adapters/zhihu/adapter.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, FLOW_TIMEOUT_MS } from '../../../test/support/adapter-contract.js';
import { useVideoJobs, videoPageCases } from '../../../test/support/video-page-cases.js';
import { refusalFormCases } from '../../../test/support/refusal-forms.js';

const P = 'zhihu';
const ACCOUNT = '7c1f0e9a2b3d4c5e6f708192a3b4c5d6';

const { fx, media, makeJob } = useVideoJobs(P, ACCOUNT, { tag: 'zhv', title: '知乎视频' });

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
      expect(post.settings).toEqual({ type: 'video', topics: [] });
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/www.zhihu.com/zvideo/${result.postId}`);
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'upload', 'fill', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: { job: () => makeJob({ cover: true, settings: { tags: ['汽车'] } }), check: (posts) => expect(posts[0]!.settings).toEqual({ type: 'video', topics: ['汽车'] }) },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'video-title-input', step: 'fill', control: 'title input' },
};

videoPageCases({ contract, makeJob, descriptionBox: 'description-box', controls: { cover: { step: 'apply_settings' }, tags: true } });

describe('happy path: topics and the cover', () => {
  it('each tag becomes the topic of that exact name, or a new topic where zhihu has none; the description stays as it was', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ settings: { tags: ['汽车', '#科技', 'Plume 试驾'] } });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    const [post] = fx.sim.publishes(P);
    // 汽车 is offered beside 新能源汽车: the exact name is taken, not the first suggestion.
    expect(post!.settings).toEqual({ type: 'video', topics: ['汽车', '科技', 'Plume 试驾'] });
    expect(post!.body).toBe(`Plume 发布的第 ${job.payload.title.split(' ')[1]} 条视频\n\n第二段简介`);
    expect(ctx.events.map((e) => e.step)).toContain('apply_settings');
  }, FLOW_TIMEOUT_MS);

  it('the cover goes in through 本地上传 and 确认选择 and is published with the video', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ cover: true, settings: { coverMode: 'custom' } });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    const [post] = fx.sim.publishes(P);
    expect(post!.media).toEqual([
      { kind: 'video', ...(await fileDigest(media.video)) },
      { kind: 'cover', ...(await fileDigest(media.cover)) },
    ]);
  }, FLOW_TIMEOUT_MS);

  it('coverMode auto leaves the cover to zhihu even when the job has one', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ cover: true, settings: { coverMode: 'auto' } });
    const covers = fx.sim.hits('/www.zhihu.com/api/v4/zvideos/covers');
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    expect(fx.sim.publishes(P)[0]!.media.map((m) => m.kind)).toEqual(['video']);
    expect(fx.sim.hits('/www.zhihu.com/api/v4/zvideos/covers')).toBe(covers);
  }, FLOW_TIMEOUT_MS);
});

describe('the publish click in each recorded form', () => {
  it('a page whose 发布视频 button publishes through the content API (code 0, no id) is read back from the account’s videos, never published twice', async () => {
    fx.sim.configure(P, { forms: { videoPublish: 'content' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const posts = fx.sim.publishes(P);
    expect(posts).toHaveLength(1);
    expect(result).toEqual({ postId: posts[0]!.postId, url: `${fx.sim.baseUrl(P)}/www.zhihu.com/zvideo/${posts[0]!.postId}` });
    expect(ctx.gate.calls).toBe(1);
  }, FLOW_TIMEOUT_MS);

  it('the later upload page a public uploader records (the title as a textarea, the cover taken when its dialog closes, 发布视频 through the content API) publishes once with the cover', async () => {
    fx.sim.configure(P, { forms: { videoPublish: 'content', videoForm: 'later' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ cover: true });
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const posts = fx.sim.publishes(P);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.title).toBe(job.payload.title);
    expect(posts[0]!.media.map((m) => m.kind)).toEqual(['video', 'cover']);
    expect(result.postId).toBe(posts[0]!.postId);
  }, FLOW_TIMEOUT_MS);

  it('a content API answer with another code is publish_rejected with its message; nothing is published', async () => {
    fx.sim.configure(P, { forms: { videoPublish: 'content' }, rejectPublish: '视频内容不符合规范' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('视频内容不符合规范');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);
});

describe('errors: topics and the cover', () => {
  it('more than five tags, or a tag of only #, stops the job before the browser moves', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { tags: ['一', '二', '三', '四', '五', '六'] } }), ctx), 'setting_unavailable', 'apply_settings');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { tags: ['#'] } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(page.url()).toBe('about:blank');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);

  it('cover_rejected when zhihu refuses the cover, or the page has lost its cover control; nothing is published', async () => {
    fx.sim.configure(P, { rejectCover: '封面尺寸过小' });
    const err = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob({ cover: true }), fx.ctx(brief('selectorMs'))), 'cover_rejected', 'upload');
    expect(err.message).toContain('封面尺寸过小');
    fx.sim.configure(P, { rejectCover: false, omit: ['cover-edit'] });
    const gone = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob({ cover: true }), fx.ctx(brief('selectorMs'))), 'editor_changed', 'upload');
    expect(gone.message).toContain('cover control');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('a page without its description editor is editor_changed at fill', async () => {
    fx.sim.configure(P, { omit: ['description-box'] });
    const err = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob(), fx.ctx(brief('selectorMs'))), 'editor_changed', 'fill');
    expect(err.message).toContain('description editor');
  }, FLOW_TIMEOUT_MS);

  it("verify in another account's profile is login_required, never a not-found that would invite a duplicate", async () => {
    const page = await fx.open(ACCOUNT);
    const job = { ...makeJob(), account: { id: 'acc_other', externalRef: 'someone-else' } };
    await expectAdapterError(adapter.verify(page, job, fx.ctx()), 'login_required', 'check_login');
  }, FLOW_TIMEOUT_MS);
});

describe('refusal forms', () => {
  refusalFormCases({ ...contract, forms: { notification: 'a red .Notification' }, successForm: 'notification' });
});
