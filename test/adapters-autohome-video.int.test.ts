/**
 * autohome (车家号) videos in real Chromium against the autohome replica's video
 * page: the file into its uploader (#browser_0), the title (#title) and the
 * description (#summary), and 发布. The cases every adapter shares are in
 * test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { VideoJob } from '../edge-node/src/adapters/contract.js';
import { autohomeAdapter as adapter } from '../edge-node/src/adapters/autohome.js';
import { expectAdapterError, fileDigest } from './platform-simulator/harness.js';
import { type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from './support/adapter-contract.js';

const P = 'autohome';
const ACCOUNT = '7713520';

let video: string;
let cover: string;
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    video = await media.file('clip.mp4', 300 * 1024);
    cover = await media.file('cover.jpg', 30 * 1024);
  },
});

function makeJob(o: { title?: string; settings?: Record<string, unknown>; cover?: boolean; description?: string } = {}): VideoJob {
  seq++;
  return {
    jobId: `job_ahv${seq}`,
    attemptId: `att_ahv${seq}`,
    platform: P,
    contentType: 'video',
    account: { id: 'acc_ahv', externalRef: ACCOUNT },
    payload: { title: o.title ?? `车家号视频 ${seq}`, localVideoPath: video, description: o.description ?? `**Plume** 发布的第 ${seq} 条视频\n\n第二段简介`, ...(o.cover ? { coverImagePath: cover } : {}) },
    settings: o.settings ?? {},
    settingsHash: 'sha256:test',
    createdAt: new Date().toISOString(),
  };
}

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
      expect(post.media).toEqual([{ kind: 'video', ...(await fileDigest(video)) }]);
      // 原创 and 首发 are left as the page has them.
      expect(post.settings).toEqual({ type: 'video', isOriginal: false, isFirst: false });
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/chejiahao.autohome.com.cn/info/${result.postId}`);
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'upload', 'fill', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: { job: () => makeJob(), check: (posts) => expect(posts[0]!.media.map((m) => m.kind)).toEqual(['video']) },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'title-input', step: 'fill', control: 'title input' },
};

describe('happy path', () => {
  happyPathContract(contract);

  it('the description setting replaces the payload\'s; a cover and settings without a control are logged, not applied', async () => {
    const page = await fx.open(ACCOUNT);
    const infos: Array<Record<string, unknown>> = [];
    const ctx = fx.ctx({ log: { debug: () => {}, warn: () => {}, info: (o) => infos.push(o) } });
    const job = makeJob({ cover: true, settings: { description: '设置里的简介', tags: ['新车'], aiLabel: true, visibility: 'public' } });
    await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx);
    const [post] = fx.sim.publishes(P);
    expect(post!.body).toBe('设置里的简介');
    expect(post!.media.map((m) => m.kind)).toEqual(['video']);
    expect(infos).toContainEqual({ platform: P, ignored: ['tags', 'aiLabel'] });
    expect(infos).toContainEqual({ platform: P, notApplied: ['coverImagePath'] });
  }, FLOW_TIMEOUT_MS);

  it('a video without a description never touches the description box', async () => {
    fx.sim.configure(P, { omit: ['summary-box'] });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ description: '' });
    await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx);
    expect(fx.sim.publishes(P).map((p) => [p.title, p.body])).toEqual([[job.payload.title, '']]);
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
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '  ' }), ctx), 'publish_rejected', 'fill');
    expect(page.url()).toBe('about:blank');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);

  it('upload_failed when autohome refuses the video; a page without its video input is editor_changed', async () => {
    fx.sim.configure(P, { rejectVideo: '视频格式不支持' });
    const err = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob(), fx.ctx()), 'upload_failed', 'upload');
    expect(err.message).toContain('视频格式不支持');
    fx.sim.configure(P, { rejectVideo: false, omit: ['video-input'] });
    const gone = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob(), fx.ctx()), 'editor_changed', 'open_editor');
    expect(gone.message).toContain('video upload input');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('publish_rejected when autohome refuses the video at publish', async () => {
    fx.sim.configure(P, { rejectPublish: '视频内容违规' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx), 'publish_rejected', 'publish');
    expect(err.message).toContain('视频内容违规');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);
});
