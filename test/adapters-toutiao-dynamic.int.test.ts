/**
 * toutiao 微头条 (our `dynamic`) in real Chromium against the toutiao replica:
 * the composer's text editor, the 图片 drawer, the 作品声明 and 头条首发 boxes,
 * and the publish-content click whose JSON answer names the post.
 * The cases every adapter shares are in test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { DynamicJob } from '../edge-node/src/adapters/contract.js';
import { toutiaoAdapter as adapter } from '../edge-node/src/adapters/toutiao.js';
import { weitoutiaoText } from '../edge-node/src/adapters/toutiao/weitoutiao.js';
import { expectAdapterError, fileDigest } from './platform-simulator/harness.js';
import { type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from './support/adapter-contract.js';

const P = 'toutiao';
const ACCOUNT = '1700000000000002';

let images: string[];
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    images = [await media.file('a.jpg', 30 * 1024), await media.file('b.png', 20 * 1024)];
  },
});

function makeJob(o: { settings?: Record<string, unknown>; content?: string; images?: string[] } = {}): DynamicJob {
  seq++;
  return {
    jobId: `job_ttd${seq}`,
    attemptId: `att_ttd${seq}`,
    platform: P,
    contentType: 'dynamic',
    account: { id: 'acc_ttd', externalRef: ACCOUNT },
    payload: { content: o.content ?? `今天的 **微头条** ${seq}\n第二行`, images: o.images ?? images },
    settings: o.settings ?? { tags: ['日常', 'Plume'], declarations: ['from_internet'], exclusive: true },
    settingsHash: 'sha256:test',
    createdAt: new Date().toISOString(),
  };
}

const contract: AdapterContract<DynamicJob> = {
  fixture: fx,
  adapter,
  account: ACCOUNT,
  makeJob: () => makeJob(),
  publishesOnce: {
    title: 'uploads both pictures and publishes once: plain text with #topics#, 作品声明, 头条首发',
    async check({ post, result, job, ctx }) {
      expect(post.body).toBe(`今天的 微头条 ${seq}\n第二行 #日常# #Plume#`);
      expect(post.body).toBe(weitoutiaoText(job.payload.content, ['日常', 'Plume']));
      expect(post.settings).toEqual({ exclusive: true, declarations: ['取材网络'] });
      expect(post.media).toEqual([
        { kind: 'image', ...(await fileDigest(images[0]!)) },
        { kind: 'image', ...(await fileDigest(images[1]!)) },
      ]);
      expect(result).toEqual({ postId: expect.stringMatching(/^\d{19}$/), url: `${fx.sim.baseUrl(P)}/www.toutiao.com/w/${result.postId}/` });
      const upload = ctx.events.filter((e) => e.step === 'upload').map((e) => e.detail);
      expect(upload.at(-1)).toMatchObject({ phase: 'images', percent: 100 });
    },
  },
  repeatedPrepare: {
    // The AI label adds 引用AI; without exclusive the 头条首发 box stays clear; no pictures.
    job: () => makeJob({ settings: { aiLabel: true }, images: [] }),
    check(posts) {
      expect(posts[0]!.settings).toEqual({ exclusive: false, declarations: ['引用AI'] });
      expect(posts[0]!.media).toEqual([]);
    },
  },
  verifyJob: () => makeJob({ images: [] }),
  editorChanged: { omit: 'image-button', step: 'upload', control: 'picture button' },
};

describe('happy path', () => {
  happyPathContract(contract);
});

describe('errors', () => {
  errorContract(contract);

  it('upload_failed when toutiao refuses a picture; nothing is published', async () => {
    fx.sim.configure(P, { rejectImages: '图片格式不支持' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'upload_failed', 'upload');
    expect(err.message).toContain('图片格式不支持');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('too many pictures, too long a text, no text: publish_rejected before the browser moves', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    await expectAdapterError(adapter.prepare(page, makeJob({ images: Array.from({ length: 10 }, () => images[0]!) }), ctx), 'publish_rejected', 'fill');
    await expectAdapterError(adapter.prepare(page, makeJob({ content: '长'.repeat(2001) }), ctx), 'publish_rejected', 'fill');
    await expectAdapterError(adapter.prepare(page, makeJob({ content: '![只有图](https://images.example.com/a.png)' }), ctx), 'publish_rejected', 'fill');
    expect(page.url()).toBe('about:blank');
  }, FLOW_TIMEOUT_MS);

  it('a composer without its 作品声明 boxes is setting_unavailable when a declaration is asked for', async () => {
    fx.sim.configure(P, { omit: ['declarations'] });
    const page = await fx.open(ACCOUNT);
    const err = await expectAdapterError(adapter.prepare(page, makeJob({ images: [] }), fx.ctx()), 'setting_unavailable', 'apply_settings');
    expect(err.details).toMatchObject({ field: 'declarations' });
    // Without a declaration to tick, the missing boxes stop nothing.
    await adapter.prepare(page, makeJob({ images: [], settings: {} }), fx.ctx());
  }, FLOW_TIMEOUT_MS);

  it('publish_rejected when toutiao refuses the 微头条', async () => {
    fx.sim.configure(P, { rejectPublish: '内容涉嫌违规' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ images: [] });
    await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx), 'publish_rejected', 'publish');
    expect(err.message).toContain('内容涉嫌违规');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);
});
