/**
 * bilibili dynamics end to end: real Chromium against the bilibili replica's
 * t.bilibili.com composer (text box, title box, the uploader's detached file
 * input, the 发布 launcher and its create/dyn answer, the draft it keeps) and
 * the space feed's recorded item forms, and the publishing rules bilibili shows
 * before an account's first dynamic.
 * The cases every adapter shares are in test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import { bilibiliAdapter as adapter } from '../../src/adapters/bilibili/adapter.js';
import { bilibiliDynamicText } from '../../src/adapters/bilibili/dynamic.js';
import type { DynamicJob } from '../../src/adapters/contract.js';
import { expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';
import { refusalFormCases } from '../../../test/support/refusal-forms.js';

const P = 'bilibili';
const ACCOUNT = '30020002';

let images: string[];
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    images = [await media.file('one.jpg', 60 * 1024), await media.file('two.png', 90 * 1024)];
  },
});
const open = () => fx.open(ACCOUNT);

function makeJob(overrides: { content?: string; images?: string[]; settings?: Record<string, unknown> } = {}): DynamicJob {
  seq++;
  return {
    jobId: `job_bd${seq}`,
    attemptId: `att_bd${seq}`,
    platform: P,
    contentType: 'dynamic',
    account: { id: 'acc_bd', externalRef: ACCOUNT },
    payload: {
      content: overrides.content ?? `## 今日动态 ${seq}\n\n**Plume** 的 B 站动态，第 ${seq} 条。\n\n- 第一点\n- 第二点`,
      images: overrides.images ?? images,
    },
    settings: overrides.settings ?? { title: `动态标题 ${seq}`, tags: ['Plume', '测试'] },
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
    title: 'publishes once: plain text with its line breaks and #topics#, the title, both pictures',
    async check({ post, result, job, ctx }) {
      const text = bilibiliDynamicText(job.payload.content, ['Plume', '测试']);
      expect(text).toContain('\n• 第一点\n• 第二点 #Plume# #测试#');
      expect(post).toMatchObject({ title: job.settings.title, body: text, settings: { kind: 'dynamic', title: job.settings.title, topics: ['Plume', '测试'] } });
      expect(post.media).toEqual(await Promise.all(images.map(async (p) => ({ kind: 'image', ...(await fileDigest(p)) }))));
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/www.bilibili.com/opus/${result.postId}`);
      const total = (await fileDigest(images[0]!)).size + (await fileDigest(images[1]!)).size;
      expect(ctx.events).toContainEqual({ step: 'upload', detail: { bytesSent: total, bytesTotal: total, percent: 100 } });
    },
  },
  repeatedPrepare: {
    title: 'prepare is safe to repeat: the composer keeps the first draft, the second prepare clears it; one post, two pictures, the text once',
    job: () => makeJob(),
    check(posts) {
      expect(posts[0]!.media).toHaveLength(2);
      expect(posts[0]!.body.match(/#Plume#/g)).toHaveLength(1);
    },
  },
  verifyJob: () => makeJob({ images: [], settings: { tags: ['Plume'] } }),
  editorChanged: { omit: 'dyn-title', step: 'fill', control: 'title input' },
};

describe('happy path', () => {
  happyPathContract(contract);

  it('discardDraft after a check leaves the composer empty', async () => {
    const page = await open();
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.discardDraft!(page, job, ctx, prepared);
    await page.reload();
    expect(await page.locator('div.bili-pics-uploader__item').count()).toBe(0);
    expect((await page.locator('div.bili-rich-textarea__inner').innerText()).trim()).toBe('');
    expect(await page.locator('input.bili-dyn-publishing__title__input').inputValue()).toBe('');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);
});

describe('the creation answer', () => {
  const feedReads = () => fx.sim.hits('/x/polymer/web-dynamic/v1/feed/space');
  for (const [form, readsFeed] of [
    ['ids', false],
    ['none', true],
  ] as const) {
    it(`answer ${form === 'ids' ? 'naming data.dyn_id_str' : 'naming no id'}: the dynamic by its id${readsFeed ? ', read back from the feed' : ''}`, async () => {
      fx.sim.configure(P, { forms: { 'dyn-answer': form } });
      const page = await open();
      const ctx = fx.ctx();
      const job = makeJob({ images: [] });
      const prepared = await adapter.prepare(page, job, ctx);
      const before = feedReads();
      const result = await adapter.publish(page, job, ctx, prepared);
      const [post] = fx.sim.publishes(P);
      expect(result).toEqual({ postId: post!.postId, url: `${fx.sim.baseUrl(P)}/www.bilibili.com/opus/${post!.postId}` });
      expect(feedReads() - before).toBe(readsFeed ? 1 : 0);
      expect(ctx.gate.calls).toBe(1);
    }, FLOW_TIMEOUT_MS);
  }
});

describe('the first-use publishing rules', () => {
  it('rules shown after 发布 are confirmed once (确认并发送) and the one dynamic is sent; none shown, nothing is looked for', async () => {
    fx.sim.configure(P, { forms: { 'dyn-spec': 'first-use' } });
    const page = await open();
    const ctx = fx.ctx();
    const job = makeJob({ images: [] });
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const posts = fx.sim.publishes(P);
    expect(posts).toHaveLength(1);
    expect(result.postId).toBe(posts[0]!.postId);
    expect(ctx.gate.calls).toBe(1);
    expect(await page.locator('.bili-dyn-specification-popup').count()).toBe(0);
    // Agreed once, the rules no longer show: the next dynamic is sent by the click alone.
    const next = makeJob({ images: [] });
    const preparedNext = await adapter.prepare(page, next, ctx);
    await adapter.publish(page, next, ctx, preparedNext);
    expect(fx.sim.publishes(P)).toHaveLength(2);
    expect(ctx.gate.calls).toBe(2);
  }, FLOW_TIMEOUT_MS);
});

describe('the space feed', () => {
  it('an answer naming no id is read back from a feed that carries the text under desc (pub_ts a string), and verify finds it there', async () => {
    fx.sim.configure(P, { forms: { 'dyn-answer': 'none', 'feed-item': 'desc' } });
    const page = await open();
    const ctx = fx.ctx();
    const job = makeJob({ images: [], settings: {} });
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const [post] = fx.sim.publishes(P);
    expect(result).toEqual({ postId: post!.postId, url: `${fx.sim.baseUrl(P)}/www.bilibili.com/opus/${post!.postId}` });
    expect(await adapter.verify(page, job, ctx)).toEqual({ found: true, postId: post!.postId, url: result.url, candidates: 1 });
    expect(ctx.gate.calls).toBe(1);
  }, FLOW_TIMEOUT_MS);
});

describe('errors', () => {
  errorContract(contract);

  it('upload_failed when bilibili refuses a picture; nothing is published', async () => {
    fx.sim.configure(P, { rejectImages: '图片尺寸过小' });
    const page = await open();
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'upload_failed', 'upload');
    expect(err.message).toContain('图片尺寸过小');
    expect(ctx.gate.calls).toBe(0);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('publish_rejected when bilibili refuses the dynamic in its answer; nothing is published', async () => {
    fx.sim.configure(P, { rejectPublish: '你没有绑定手机，无法发布动态' });
    const page = await open();
    const ctx = fx.ctx();
    const job = makeJob({ images: [] });
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('你没有绑定手机');
    expect(ctx.gate.calls).toBe(1);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('ten pictures, or a title over 20 characters, are refused before the browser moves', async () => {
    const page = await open();
    await expectAdapterError(adapter.prepare(page, makeJob({ images: Array(10).fill(images[0]) }), fx.ctx()), 'publish_rejected', 'fill');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { title: '标'.repeat(21) } }), fx.ctx()), 'setting_unavailable', 'apply_settings');
    expect(page.url()).toBe('about:blank');
  }, FLOW_TIMEOUT_MS);

  it('a profile logged in as another account never fills the composer', async () => {
    const page = await fx.open('30029999');
    await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'login_required', 'open_editor');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);
});

describe('refusal forms', () => {
  refusalFormCases({ ...contract, forms: { 'bili-dyn': 'the composer’s own toast', 'bili-toast': 'bilibili’s .bili-toast', 'role-alert': 'an ARIA alert' }, successForm: 'bili-toast' });
});
