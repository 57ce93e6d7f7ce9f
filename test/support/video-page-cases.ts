/**
 * The cases shared by the adapters that drive a platform's video page as a
 * person does and record no cover, audience or topic control there (易车号,
 * 车家号): the shared contract's cases, then what such a page does with a
 * description setting, an empty description, settings it has no control for,
 * a refused upload, a missing video input and a refused publish.
 */
import { describe, expect, it } from 'vitest';
import type { VideoJob } from '../../edge-node/src/adapters/contract.js';
import { expectAdapterError } from '../platform-simulator/harness.js';
import { type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract } from './adapter-contract.js';

export interface VideoPageCases {
  contract: AdapterContract<VideoJob>;
  /** A video job for the contract's account: its own title, description and cover (the fixture's) when asked. */
  makeJob(o?: { title?: string; settings?: Record<string, unknown>; cover?: boolean; description?: string }): VideoJob;
  /** The replica's omit name for the description box. */
  descriptionBox: string;
}

export function videoPageCases({ contract, makeJob, descriptionBox }: VideoPageCases): void {
  const { fixture: fx, adapter, account } = contract;
  const P = adapter.platform;

  describe('happy path', () => {
    happyPathContract(contract);

    it("the description setting replaces the payload's; a cover and settings without a control are logged, not applied", async () => {
      const page = await fx.open(account);
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
      fx.sim.configure(P, { omit: [descriptionBox] });
      const page = await fx.open(account);
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
      const page = await fx.open(account);
      const ctx = fx.ctx();
      await expectAdapterError(adapter.prepare(page, makeJob({ cover: true, settings: { coverMode: 'custom' } }), ctx), 'setting_unavailable', 'apply_settings');
      await expectAdapterError(adapter.prepare(page, makeJob({ settings: { visibility: 'private' } }), ctx), 'setting_unavailable', 'apply_settings');
      await expectAdapterError(adapter.prepare(page, makeJob({ title: '长'.repeat(81) }), ctx), 'publish_rejected', 'fill');
      await expectAdapterError(adapter.prepare(page, makeJob({ title: '  ' }), ctx), 'publish_rejected', 'fill');
      expect(page.url()).toBe('about:blank');
      expect(ctx.gate.calls).toBe(0);
    }, FLOW_TIMEOUT_MS);

    it(`upload_failed when ${P} refuses the video; a page without its video input is editor_changed`, async () => {
      fx.sim.configure(P, { rejectVideo: '视频格式不支持' });
      const err = await expectAdapterError(adapter.prepare(await fx.open(account), makeJob(), fx.ctx()), 'upload_failed', 'upload');
      expect(err.message).toContain('视频格式不支持');
      fx.sim.configure(P, { rejectVideo: false, omit: ['video-input'] });
      const gone = await expectAdapterError(adapter.prepare(await fx.open(account), makeJob(), fx.ctx()), 'editor_changed', 'open_editor');
      expect(gone.message).toContain('video upload input');
      expect(fx.sim.publishes(P)).toHaveLength(0);
    }, FLOW_TIMEOUT_MS);

    it(`publish_rejected when ${P} refuses the video at publish`, async () => {
      fx.sim.configure(P, { rejectPublish: '视频内容违规' });
      const page = await fx.open(account);
      const ctx = fx.ctx();
      const job = makeJob();
      await adapter.prepare(page, job, ctx);
      const err = await expectAdapterError(adapter.publish(page, job, ctx), 'publish_rejected', 'publish');
      expect(err.message).toContain('视频内容违规');
      expect(fx.sim.publishes(P)).toHaveLength(0);
    }, FLOW_TIMEOUT_MS);
  });
}
