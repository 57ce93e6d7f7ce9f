/**
 * The cases shared by the adapters that drive a platform's video page as a
 * person does (易车号, 车家号, 网易号, 企鹅号, 搜狐号, 百家号, 知乎, 大鱼号,
 * 一点号): the shared contract's cases, then what such a page does with a
 * description setting and a cover, an empty description, settings it has no
 * control for or would refuse, a refused upload, a missing video input and a
 * refused publish.
 *
 * A page is described by the controls the adapter drives there besides the
 * title, the description and the file (`controls`). A cover control applies
 * the job's cover and refuses only a custom cover with no file; without one a
 * cover is logged as not applied and coverMode custom is refused. Tags and
 * the AI label the page has no control for are logged as ignored.
 */
import { describe, expect, it } from 'vitest';
import type { Step, VideoJob } from '../../edge-node/src/adapters/contract.js';
import { brief, expectAdapterError } from '../platform-simulator/harness.js';
import type { Publish } from '../platform-simulator/index.js';
import { type AdapterContract, type AdapterFixture, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from './adapter-contract.js';

/** What a video job of these files may change from the default: its title, settings, description, account, and whether it carries the cover. */
export interface VideoJobOptions {
  title?: string;
  settings?: Record<string, unknown>;
  cover?: boolean;
  description?: string;
  account?: string;
}

/**
 * One video page's fixture and jobs: a 300 KiB clip and a 30 KiB cover made
 * before the file's tests, and a job maker whose ids carry `tag` and whose
 * default title is `title` and a number (the description has Markdown, which
 * the page must receive as plain text).
 */
export function useVideoJobs(platform: string, account: string, o: { tag: string; title: string }): { fx: AdapterFixture; media: { video: string; cover: string }; makeJob: (j?: VideoJobOptions) => VideoJob } {
  const media = { video: '', cover: '' };
  let seq = 0;
  const fx = useAdapterFixture(platform, {
    setup: async (dir) => {
      media.video = await dir.file('clip.mp4', 300 * 1024);
      media.cover = await dir.file('cover.jpg', 30 * 1024);
    },
  });
  const makeJob = (j: VideoJobOptions = {}): VideoJob => {
    seq++;
    return {
      jobId: `job_${o.tag}${seq}`,
      attemptId: `att_${o.tag}${seq}`,
      platform,
      contentType: 'video',
      account: { id: `acc_${o.tag}`, externalRef: j.account ?? account },
      payload: {
        title: j.title ?? `${o.title} ${seq}`,
        localVideoPath: media.video,
        description: j.description ?? `**Plume** 发布的第 ${seq} 条视频\n\n第二段简介`,
        ...(j.cover ? { coverImagePath: media.cover } : {}),
      },
      settings: j.settings ?? {},
      settingsHash: 'sha256:test',
      createdAt: new Date().toISOString(),
    };
  };
  return { fx, media, makeJob };
}

export interface VideoPageControls {
  /** The page's cover control; `step` is where a custom cover with no file is refused (cover_rejected). */
  cover?: { step: Step };
  /** The page's topic (tag) control. */
  tags?: boolean;
  /** The page's AI declaration, or a source declaration that answers for it. */
  aiLabel?: boolean;
}

export interface VideoPageCases {
  contract: AdapterContract<VideoJob>;
  /** A video job for the contract's account: its own title, description and cover (the fixture's) when asked. */
  makeJob(o?: { title?: string; settings?: Record<string, unknown>; cover?: boolean; description?: string }): VideoJob;
  /** The replica's omit name for the description box. */
  descriptionBox: string;
  /** The controls the adapter drives on the page; none by default. */
  controls?: VideoPageControls;
  /**
   * The description case: the settings it sends besides the description (by
   * default tags, the AI label and a public audience) and what its post must
   * carry besides the body and the media's kinds. `false` where the
   * platform's own file has a fuller case (大鱼号's cover goes into two slots).
   */
  descriptionCase?: false | { settings?: Record<string, unknown>; check?(post: Publish): Promise<void> | void };
}

const CASE_SETTINGS = { tags: ['新车'], aiLabel: true, visibility: 'public' };

export function videoPageCases({ contract, makeJob, descriptionBox, controls = {}, descriptionCase = {} }: VideoPageCases): void {
  const { fixture: fx, adapter, account } = contract;
  const P = adapter.platform;
  const { cover } = controls;
  const ignored = (['tags', 'aiLabel'] as const).filter((name) => controls[name] !== true);

  describe('happy path', () => {
    happyPathContract(contract);

    if (descriptionCase !== false) {
      it(`the description setting replaces the payload's; ${cover ? 'the cover is applied' : 'a cover is logged, not applied'}; settings without a control are logged`, async () => {
        const page = await fx.open(account);
        const infos: Array<Record<string, unknown>> = [];
        const ctx = fx.ctx({ log: { debug: () => {}, warn: () => {}, info: (o) => infos.push(o) } });
        const job = makeJob({ cover: true, settings: { description: '设置里的简介', ...(descriptionCase.settings ?? CASE_SETTINGS) } });
        const prepared = await adapter.prepare(page, job, ctx);
        await adapter.publish(page, job, ctx, prepared);
        const [post] = fx.sim.publishes(P);
        expect(post!.body).toBe('设置里的简介');
        expect(post!.media.map((m) => m.kind)).toEqual(cover ? ['video', 'cover'] : ['video']);
        expect(infos.filter((o) => 'ignored' in o)).toEqual(ignored.length > 0 ? [{ platform: P, ignored }] : []);
        if (!cover) expect(infos).toContainEqual({ platform: P, notApplied: ['coverImagePath'] });
        await descriptionCase.check?.(post!);
      }, FLOW_TIMEOUT_MS);
    }

    it('a video without a description never touches the description box', async () => {
      fx.sim.configure(P, { omit: [descriptionBox] });
      const page = await fx.open(account);
      const ctx = fx.ctx(brief('selectorMs'));
      const job = makeJob({ description: '' });
      const prepared = await adapter.prepare(page, job, ctx);
      await adapter.publish(page, job, ctx, prepared);
      expect(fx.sim.publishes(P).map((p) => [p.title, p.body])).toEqual([[job.payload.title, '']]);
    }, FLOW_TIMEOUT_MS);
  });

  describe('errors', () => {
    errorContract(contract);

    it('what the page has no control for, or would refuse, stops the job before the browser moves', async () => {
      const page = await fx.open(account);
      const ctx = fx.ctx();
      // A page with a cover control refuses only a custom cover it has no file for.
      if (cover) await expectAdapterError(adapter.prepare(page, makeJob({ settings: { coverMode: 'custom' } }), ctx), 'cover_rejected', cover.step);
      else await expectAdapterError(adapter.prepare(page, makeJob({ cover: true, settings: { coverMode: 'custom' } }), ctx), 'setting_unavailable', 'apply_settings');
      await expectAdapterError(adapter.prepare(page, makeJob({ settings: { visibility: 'private' } }), ctx), 'setting_unavailable', 'apply_settings');
      await expectAdapterError(adapter.prepare(page, makeJob({ title: '长'.repeat(81) }), ctx), 'publish_rejected', 'fill');
      await expectAdapterError(adapter.prepare(page, makeJob({ title: '  ' }), ctx), 'publish_rejected', 'fill');
      expect(page.url()).toBe('about:blank');
      expect(ctx.gate.calls).toBe(0);
    }, FLOW_TIMEOUT_MS);

    it(`upload_failed when ${P} refuses the video; a page without its video input is editor_changed`, async () => {
      fx.sim.configure(P, { rejectVideo: '视频格式不支持' });
      const err = await expectAdapterError(adapter.prepare(await fx.open(account), makeJob(), fx.ctx(brief('selectorMs'))), 'upload_failed', 'upload');
      expect(err.message).toContain('视频格式不支持');
      fx.sim.configure(P, { rejectVideo: false, omit: ['video-input'] });
      const gone = await expectAdapterError(adapter.prepare(await fx.open(account), makeJob(), fx.ctx(brief('selectorMs'))), 'editor_changed', 'open_editor');
      expect(gone.message).toContain('video upload input');
      expect(fx.sim.publishes(P)).toHaveLength(0);
    }, FLOW_TIMEOUT_MS);

    it(`publish_rejected when ${P} refuses the video at publish`, async () => {
      fx.sim.configure(P, { rejectPublish: '视频内容违规' });
      const page = await fx.open(account);
      const ctx = fx.ctx();
      const job = makeJob();
      const prepared = await adapter.prepare(page, job, ctx);
      const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
      expect(err.message).toContain('视频内容违规');
      expect(fx.sim.publishes(P)).toHaveLength(0);
    }, FLOW_TIMEOUT_MS);
  });
}
