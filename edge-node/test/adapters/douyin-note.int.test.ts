/**
 * douyin 图文 (our `dynamic`) in real Chromium against the douyin replica:
 * the 发布图文 tab, the image upload, the publish form and the 发布 click.
 * The cases every adapter shares are in test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { DynamicJob } from '../../src/adapters/contract.js';
import { douyinAdapter as adapter } from '../../src/adapters/douyin/adapter.js';
import { expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';

const P = 'douyin';
const ACCOUNT = 'MS4wLjABAAAAlab_douyin_2';

let images: string[];
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    images = [await media.file('a.jpg', 30 * 1024), await media.file('b.png', 20 * 1024)];
  },
});

function makeJob(settings: Record<string, unknown> = { tags: ['日常'] }, content?: string): DynamicJob {
  seq++;
  return {
    jobId: `job_dyn${seq}`,
    attemptId: `att_dyn${seq}`,
    platform: P,
    contentType: 'dynamic',
    account: { id: 'acc_dyn', externalRef: ACCOUNT },
    payload: { content: content ?? `图文标题 ${seq}\n第二行 **正文**`, images },
    settings,
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
    title: 'uploads the images and publishes once: title from the first line, plain text with topics',
    async check({ post, result, job }) {
      expect(post).toMatchObject({ title: `图文标题 ${seq}`, body: `图文标题 ${seq}\n第二行 正文 #日常` });
      expect(post.settings).toMatchObject({ tags: ['日常'] });
      expect(post.settings.creationDeclaration).toBeUndefined();
      expect(post.media).toEqual([
        { kind: 'image', ...(await fileDigest(images[0]!)) },
        { kind: 'image', ...(await fileDigest(images[1]!)) },
      ]);
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/www.douyin.com/note/${result.postId}`);
      expect(job.payload.images).toHaveLength(2);
    },
  },
  repeatedPrepare: {
    job: () => makeJob({ title: '设置里的标题', aiLabel: true }),
    check(posts) {
      expect(posts[0]).toMatchObject({ title: '设置里的标题' });
      expect(posts[0]!.settings).toMatchObject({ creationDeclaration: '内容由AI生成' });
    },
  },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'image-input', step: 'upload', control: 'image file input' },
};

describe('happy path', () => {
  happyPathContract(contract);
});

describe('the publish answer', () => {
  it('aweme.aweme_id, or no id at all (the work list then says which work it was)', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    for (const [i, form] of ['aweme', 'no-id'].entries()) {
      fx.sim.configure(P, { forms: { answer: form } });
      const job = makeJob();
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      const post = fx.sim.publishes(P)[i]!;
      expect(result).toEqual({ postId: post.postId, url: post.url });
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/www.douyin.com/note/${result.postId}`);
    }
  }, FLOW_TIMEOUT_MS);
});

describe('errors', () => {
  errorContract(contract);

  it('upload_failed when douyin refuses the images', async () => {
    fx.sim.configure(P, { rejectImages: '图片违规' });
    const page = await fx.open(ACCOUNT);
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'upload_failed', 'upload');
    expect(err.message).toContain('图片违规');
  }, FLOW_TIMEOUT_MS);

  it('no image, or a title past 20 characters, is refused before the browser moves', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    await expectAdapterError(adapter.prepare(page, { ...makeJob(), payload: { content: '只有文字' } }, ctx), 'publish_rejected', 'fill');
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '这是一个超过二十个字的标题，抖音图文不接受它的' }), ctx), 'setting_unavailable', 'apply_settings');
    expect(page.url()).toBe('about:blank');
  }, FLOW_TIMEOUT_MS);
});
