/**
 * toutiao 微头条 (our `dynamic`) in real Chromium against the toutiao replica:
 * the composer's text editor, the 图片 drawer, the 作品声明 and 头条首发 boxes,
 * and the publish-content click whose JSON answer names the post.
 * The cases every adapter shares are in test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { DynamicJob } from '../../src/adapters/contract.js';
import { toutiaoAdapter as adapter } from '../../src/adapters/toutiao/adapter.js';
import { answerId } from '../../src/adapters/toutiao/site.js';
import { weitoutiaoRefusal, weitoutiaoText } from '../../src/adapters/toutiao/weitoutiao.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';

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
    const err = await expectAdapterError(adapter.prepare(page, makeJob({ images: [] }), fx.ctx(brief('selectorMs'))), 'setting_unavailable', 'apply_settings');
    expect(err.details).toMatchObject({ field: 'declarations' });
    // Without a declaration to tick, the missing boxes stop nothing.
    await adapter.prepare(page, makeJob({ images: [], settings: {} }), fx.ctx(brief('selectorMs')));
  }, FLOW_TIMEOUT_MS);

  it('publish_rejected when toutiao refuses the 微头条', async () => {
    fx.sim.configure(P, { rejectPublish: '内容涉嫌违规' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ images: [] });
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('内容涉嫌违规');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);
});

describe('every recorded publish request and answer', () => {
  async function publishWith(options: Parameters<typeof fx.sim.configure>[1]) {
    fx.sim.configure(P, options);
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ images: [images[0]!] });
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const posts = fx.sim.publishes(P);
    expect(posts).toHaveLength(1);
    expect(result).toEqual({ postId: posts[0]!.postId, url: `${fx.sim.baseUrl(P)}/www.toutiao.com/w/${posts[0]!.postId}/` });
    return { ctx, post: posts[0]! };
  }

  it('the older composer request (www.toutiao.com c/ugc/content/publish/, answer message "success") publishes once', async () => {
    const { post } = await publishWith({ forms: { wttRequest: 'ugc' } });
    expect(post.settings).toEqual({ exclusive: true, declarations: ['取材网络'] });
    expect(post.media).toHaveLength(1);
  }, FLOW_TIMEOUT_MS);

  it('an agw/article/wtt answer naming the post as data.threadId', async () => {
    await publishWith({ forms: { wttId: 'threadId' } });
  }, FLOW_TIMEOUT_MS);

  it('an accepted answer naming no post: the post is read back from the content list, not published again', async () => {
    const { ctx } = await publishWith({ omit: ['publish-id'] });
    expect(ctx.events.some((e) => e.step === 'read_back')).toBe(true);
  }, FLOW_TIMEOUT_MS);

  it('the older request answered without an id is read back too', async () => {
    await publishWith({ forms: { wttRequest: 'ugc' }, omit: ['publish-id'] });
  }, FLOW_TIMEOUT_MS);

  it('an accepted answer naming no post that the list does not show is readback_failed, for verify to decide', async () => {
    fx.sim.configure(P, { omit: ['publish-id'] });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx(brief('selectorMs'));
    const job = makeJob({ images: [] });
    const prepared = await adapter.prepare(page, job, ctx);
    // Another job's text: the list shows a 微头条, but not this one.
    const other = makeJob({ images: [] });
    const err = await expectAdapterError(adapter.publish(page, { ...other, payload: { ...other.payload, content: `${other.payload.content} 不同` } }, ctx, prepared), 'readback_failed', 'read_back');
    expect(err.message).toContain('verify');
    expect(fx.sim.publishes(P)).toHaveLength(1);
  }, FLOW_TIMEOUT_MS);

  it('answers read as recorded: a 19-digit id sent as a bare JSON number keeps every digit; code 0 or message "success" accept, any other code refuses', () => {
    const text = '{"code":0,"message":"success","data":{"add_thread_limit":0,"thread_id":7301234567890123456}}';
    expect(answerId(JSON.parse(text), text, [['data', 'thread_id'], ['data', 'threadId']])).toBe('7301234567890123456');
    expect(answerId({ data: { threadId: '7301234567890123457' } }, '', [['data', 'thread_id'], ['data', 'threadId']])).toBe('7301234567890123457');
    expect(answerId({ data: {} }, '{"data":{}}', [['data', 'thread_id']])).toBe('');
    expect(weitoutiaoRefusal({ code: 0, message: 'success', data: {} })).toBeNull();
    expect(weitoutiaoRefusal({ message: 'success', data: {} })).toBeNull();
    expect(weitoutiaoRefusal({ code: 7050, message: '内容涉嫌违规' })).toBe('内容涉嫌违规');
    expect(weitoutiaoRefusal({ message: 'error', data: { description: '请先登录' } })).toBe('error');
  });
});
