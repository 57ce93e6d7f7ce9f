/**
 * weibo adapter end to end: real Chromium against the platform simulator.
 * The cases every adapter shares are in test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { DynamicJob } from '../../src/adapters/contract.js';
import { markdownToPlainText } from '../../src/adapters/markdown.js';
import { weiboAdapter as adapter } from '../../src/adapters/weibo/adapter.js';
import { expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';

const P = 'weibo';
const ACCOUNT = '5566778899';

let images: string[];
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    images = [await media.file('one.jpg', 80 * 1024), await media.file('two.png', 120 * 1024)];
  },
});
const open = () => fx.open(ACCOUNT);

function makeJob(overrides: { content?: string; images?: string[]; settings?: Record<string, unknown> } = {}): DynamicJob {
  seq++;
  return {
    jobId: `job_wb${seq}`,
    attemptId: `att_wb${seq}`,
    platform: P,
    contentType: 'dynamic',
    account: { id: 'acc_2', externalRef: ACCOUNT },
    payload: {
      content: overrides.content ?? `## 今日动态 ${seq}\n\n**Plume** 发布测试，第 ${seq} 条。\n\n- 第一点\n- 第二点\n\n详情见 [文档](https://example.com/docs)`,
      images: overrides.images ?? images,
    },
    settings: overrides.settings ?? { visibility: 'friends', tags: ['Plume', '发布测试'] },
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
    title: 'posts once: plain text with its line breaks, both pictures, chosen visibility',
    async check({ post, result, job, ctx }) {
      const text = `${markdownToPlainText(job.payload.content)}\n#Plume# #发布测试#`;
      expect(text).toContain('\n• 第一点\n• 第二点\n');
      expect(post).toMatchObject({ body: text, settings: { visibility: '好友圈' } });
      expect(post.media).toEqual(await Promise.all(images.map(async (p) => ({ kind: 'image', ...(await fileDigest(p)) }))));
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/weibo.com/${ACCOUNT}/${result.postId}`);
      const total = (await fileDigest(images[0]!)).size + (await fileDigest(images[1]!)).size;
      expect(ctx.events).toContainEqual({ step: 'upload', detail: { bytesSent: total, bytesTotal: total, percent: 100 } });
    },
  },
  repeatedPrepare: {
    title: 'prepare is safe to repeat: twice, then one publish, gives one post with two pictures',
    job: () => makeJob(),
    check(posts) {
      expect(posts[0]!.media).toHaveLength(2);
    },
  },
  verifyJob: () => makeJob({ images: [], settings: { visibility: 'self' } }),
  editorChanged: { omit: 'visibility-menu', step: 'apply_settings', control: 'visibility menu' },
};

describe('happy path', () => {
  happyPathContract(contract);
});

describe('how the post API’s answer names the post (public clients read each form)', () => {
  for (const [form, what] of [
    ['idstr', 'only by its numeric id (data.idstr): the short id comes from the row with that id in the author’s posts'],
    ['none', 'not at all: the post is read back from the author’s posts by its text'],
  ] as const) {
    it(`an accepted answer naming the post ${what}, never a second post`, async () => {
      fx.sim.configure(P, { forms: { updateAnswer: form } });
      const page = await open();
      const ctx = fx.ctx();
      const job = makeJob({ images: [] });
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      const posts = fx.sim.publishes(P);
      expect(posts).toHaveLength(1);
      expect(result).toEqual({ postId: posts[0]!.postId, url: `${fx.sim.baseUrl(P)}/weibo.com/${ACCOUNT}/${posts[0]!.postId}` });
      expect(ctx.gate.calls).toBe(1);
    });
  }
});

describe('errors', () => {
  errorContract(contract);

  it('upload_failed when weibo refuses a picture; nothing is published', async () => {
    fx.sim.configure(P, { rejectImages: '图片格式不支持' });
    const page = await open();
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'upload_failed', 'upload');
    expect(err.message).toContain('图片格式不支持');
    expect(ctx.gate.calls).toBe(0);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });

  it('publish_rejected when weibo refuses the post in its answer; nothing is published', async () => {
    fx.sim.configure(P, { rejectPublish: '内容涉嫌违规' });
    const page = await open();
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('内容涉嫌违规');
    expect(ctx.gate.calls).toBe(1);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });

  it('upload_failed when the sandbox refuses a file', async () => {
    const page = await open();
    const ctx = fx.ctx({
      openFile: async (path) => {
        throw new Error(`${path} is outside the video directory`);
      },
    });
    await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'upload_failed', 'upload');
  });

  it('text over 2000 characters is refused before anything is opened', async () => {
    const page = await open();
    const err = await expectAdapterError(adapter.prepare(page, makeJob({ content: '字'.repeat(1995), settings: { tags: ['话题1'] } }), fx.ctx()), 'publish_rejected', 'fill');
    expect(err.details).toMatchObject({ length: 2001, max: 2000 }); // 1995 + "\n#话题1#": the topics count too
    expect(page.url()).toBe('about:blank');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { visibility: 'everyone' } }), fx.ctx()), 'setting_unavailable', 'apply_settings');
  });

  it('an aborted job stops before the browser moves', async () => {
    const page = await open();
    const abort = new AbortController();
    abort.abort(new Error('job cancelled'));
    await expect(adapter.prepare(page, makeJob(), fx.ctx({ signal: abort.signal }))).rejects.toThrow('job cancelled');
    expect(page.url()).toBe('about:blank');
  });
});
