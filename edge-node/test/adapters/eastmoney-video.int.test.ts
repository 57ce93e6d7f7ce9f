/**
 * eastmoney (财富号) videos in real Chromium against the eastmoney replica's
 * video page: the file into input#uploadVideo, the title and the description
 * in the one text box that then appears, and 发布. The cases every adapter
 * shares are in test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { VideoJob } from '../../src/adapters/contract.js';
import { eastmoneyAdapter as adapter } from '../../src/adapters/eastmoney/adapter.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { refusalFormCases } from '../../../test/support/refusal-forms.js';
import { type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract } from '../../../test/support/adapter-contract.js';
import { useVideoJobs } from '../../../test/support/video-page-cases.js';

const P = 'eastmoney';
const ACCOUNT = '3286015042159765';

const { fx, media, makeJob } = useVideoJobs(P, ACCOUNT, { tag: 'emv', title: '财富号视频' });

const contract: AdapterContract<VideoJob> = {
  fixture: fx,
  adapter,
  account: ACCOUNT,
  makeJob: () => makeJob(),
  publishesOnce: {
    title: 'publishes once: the video bytes, the title and the description as plain text in the one box',
    async check({ post, result, job, ctx }) {
      expect(post.title).toBe(job.payload.title);
      expect(post.body).toBe(`Plume 发布的第 ${job.payload.title.split(' ')[1]} 条视频\n\n第二段简介`);
      expect(post.media).toEqual([{ kind: 'video', ...(await fileDigest(media.video)) }]);
      expect(post.settings).toEqual({ type: 'video' });
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/caifuhao.eastmoney.com/news/${result.postId}`);
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'upload', 'fill', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: { job: () => makeJob(), check: (posts) => expect(posts[0]!.media.map((m) => m.kind)).toEqual(['video']) },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'text-box', step: 'fill', control: 'title and description box' },
};

describe('happy path', () => {
  happyPathContract(contract);

  it('the description setting replaces the payload\'s; a cover and settings without a control are logged, not applied', async () => {
    const page = await fx.open(ACCOUNT);
    const infos: Array<Record<string, unknown>> = [];
    const ctx = fx.ctx({ log: { debug: () => {}, warn: () => {}, info: (o) => infos.push(o) } });
    const job = makeJob({ cover: true, settings: { description: '设置里的简介', tags: ['理财'], aiLabel: true, visibility: 'public' } });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    const [post] = fx.sim.publishes(P);
    expect(post!.body).toBe('设置里的简介');
    expect(post!.media.map((m) => m.kind)).toEqual(['video']);
    expect(infos).toContainEqual({ platform: P, ignored: ['tags', 'aiLabel'] });
    expect(infos).toContainEqual({ platform: P, notApplied: ['coverImagePath'] });
  }, FLOW_TIMEOUT_MS);
});

describe('errors', () => {
  errorContract(contract);

  it('what the page has no control for, or would refuse, stops the job before the browser moves', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    await expectAdapterError(adapter.prepare(page, makeJob({ cover: true, settings: { coverMode: 'custom' } }), ctx), 'setting_unavailable', 'apply_settings');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { visibility: 'private' } }), ctx), 'setting_unavailable', 'apply_settings');
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '长'.repeat(81) }), ctx), 'publish_rejected', 'fill');
    expect(page.url()).toBe('about:blank');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);

  it('upload_failed when eastmoney refuses the video; a page without its upload input is editor_changed', async () => {
    fx.sim.configure(P, { rejectVideo: '视频格式不支持' });
    const err = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob(), fx.ctx(brief('selectorMs'))), 'upload_failed', 'upload');
    expect(err.message).toContain('视频格式不支持');
    fx.sim.configure(P, { rejectVideo: false, omit: ['video-input'] });
    const gone = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob(), fx.ctx(brief('selectorMs'))), 'editor_changed', 'open_editor');
    expect(gone.message).toContain('video upload input');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('publish_rejected when eastmoney refuses the video at publish', async () => {
    fx.sim.configure(P, { rejectPublish: '视频内容违规' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('视频内容违规');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);
});

describe('refusal forms', () => {
  refusalFormCases({ ...contract, forms: { el: 'an Element UI error message', dialog: 'the page’s own .dialog_content' }, successForm: 'dialog' });
});
