/**
 * 大鱼号 articles in real Chromium against the 大鱼号 replica: the account,
 * utoken and upload signature from the dashboard's globalConfig, the Markdown
 * as HTML with code blocks as plain paragraphs, every picture and the cover on
 * ns.dayu.com, the draft saved through save-draft and published by the
 * editor's own publish control on the draft's page, its address built from
 * the article's public id (origin_id, the address's wm_aid) in every recorded
 * answer form, read back from the list when the answer names it not. The cases every adapter
 * shares are in test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ArticleJob } from '../../src/adapters/contract.js';
import { articleHtml, dayuAdapter as adapter } from '../../src/adapters/dayu/adapter.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { articleDraftContract, type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';

const P = 'dayu';
const ACCOUNT = 'f0e1d2c3b4a5968778695a4b3c2d1e0f';
const CONTENT = '## 小标题\n\n一段 **加粗** 的正文，含 [链接](https://example.com/a)。\n\n```ts\nif (a < b) {\n  go();\n}\n```\n';
/** A picture in the body, as 大鱼号's CDN names it. */
const CDN_PICTURE = /https:\/\/image\.uc\.cn\/s\/wemedia\/s\/upload\/2026\/[0-9a-f]{16}\.jpg/g;

let cover: string;
let figure: string;
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    cover = await media.file('cover.jpg', 30 * 1024);
    figure = await media.file('figure.png', 20 * 1024);
  },
});

function makeJob(o: { title?: string; content?: string; settings?: Record<string, unknown>; cover?: boolean } = {}): ArticleJob {
  seq++;
  return {
    jobId: `job_dayu${seq}`,
    attemptId: `att_dayu${seq}`,
    platform: P,
    contentType: 'article',
    account: { id: 'acc_dayu', externalRef: ACCOUNT },
    payload: { title: o.title ?? `大鱼号测试文章 ${seq}`, content: o.content ?? CONTENT, ...(o.cover === false ? {} : { coverImage: cover }) },
    settings: o.settings ?? { coverMode: 'custom', aiLabel: true, original: true },
    settingsHash: 'sha256:test',
    createdAt: new Date().toISOString(),
  };
}

const contract: AdapterContract<ArticleJob> = {
  fixture: fx,
  adapter,
  account: ACCOUNT,
  makeJob: () => makeJob(),
  publishesOnce: {
    title: 'publishes once: HTML with the code block as a paragraph, the custom cover on ns.dayu.com; aiLabel and original are ignored',
    async check({ post, result, job, ctx }) {
      expect(post.title).toBe(job.payload.title);
      expect(post.body).toBe(articleHtml(CONTENT));
      expect(post.body).toContain('if (a &lt; b) {<br />&nbsp;&nbsp;go();<br />}</p>');
      expect(post.body).not.toContain('<pre>');
      expect(post.settings).toEqual({ coverFrom: 'auto_replaced', author: `user_${ACCOUNT}` });
      expect(post.media).toEqual([{ kind: 'cover', ...(await fileDigest(cover)) }]);
      // The address carries the article's own public id (origin_id), not the dashboard's _id.
      expect(result).toEqual({ postId: post.postId, url: expect.stringMatching(new RegExp(`^${fx.sim.baseUrl(P)}/mparticle\\.uc\\.cn/article\\.html\\?wm_id=${ACCOUNT}&wm_aid=[0-9a-f]{32}$`)) });
      expect(result.url).toBe(post.url);
      expect(result.url).not.toContain(`wm_aid=${post.postId}`);
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'upload', 'apply_settings', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: {
    // No custom cover: the body's first picture is the cover, as the sources send it.
    job: () => makeJob({ cover: false, settings: {}, content: `正文\n\n![图](${figure})` }),
    check(posts) {
      expect(posts[0]!.settings).toEqual({ coverFrom: 'auto', author: `user_${ACCOUNT}` });
      expect(posts[0]!.body.replace(CDN_PICTURE, 'PIC')).toBe('<p>正文</p>\n<p><img src="PIC" alt="图" /></p>');
      expect(posts[0]!.media).toEqual([expect.objectContaining({ kind: 'cover' })]);
    },
  },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'title-input', step: 'open_editor', control: 'title input' },
};

describe('happy path', () => {
  happyPathContract(contract);

  it('a picture from a local file becomes 大鱼号’s own copy before the draft is saved', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ content: `开头\n\n![图一](${figure})\n\n结尾` });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    const post = fx.sim.publishes(P)[0]!;
    expect(post.body.replace(CDN_PICTURE, 'PIC')).toBe('<p>开头</p>\n<p><img src="PIC" alt="图一" /></p>\n<p>结尾</p>');
    expect(post.media).toEqual([{ kind: 'cover', ...(await fileDigest(cover)) }, { kind: 'image', ...(await fileDigest(figure)) }]);
    expect(ctx.events).toContainEqual({ step: 'upload', detail: { phase: 'images', percent: 100 } });
  }, FLOW_TIMEOUT_MS);
});

describe('publish answers', () => {
  for (const form of ['wm_aid', 'none']) {
    it(`an answer in the ${form} form gives the article and its address (wm_aid = origin_id)`, async () => {
      fx.sim.configure(P, { forms: { 'submit-answer': form } });
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = makeJob();
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      const post = fx.sim.publishes(P)[0]!;
      expect(result).toEqual({ postId: post.postId, url: post.url });
      expect(result.url).not.toContain(`wm_aid=${post.postId}`);
    }, FLOW_TIMEOUT_MS);
  }

  it('an answer naming no article, with no such article listed, is readback_failed', async () => {
    fx.sim.configure(P, { forms: { 'submit-answer': 'none' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    await expectAdapterError(adapter.publish(page, { ...job, payload: { ...job.payload, title: `${job.payload.title}另` } }, ctx, prepared), 'readback_failed', 'read_back');
    expect(fx.sim.publishes(P)).toHaveLength(1);
  }, FLOW_TIMEOUT_MS);
});

describe('verify', () => {
  it('finds the published article with its address from the list’s origin_id', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const other = await page.context().newPage();
    expect(await adapter.verify(other, job, ctx)).toEqual({ found: true, postId: result.postId, url: result.url, candidates: 1 });
    const res = await other.goto(result.url);
    expect(res?.status()).toBe(200);
  }, FLOW_TIMEOUT_MS);
});

describe('errors', () => {
  errorContract(contract);
  articleDraftContract({
    fixture: fx,
    adapter,
    account: ACCOUNT,
    job: makeJob,
    picture: () => figure,
    badTitles: ['长'.repeat(36), '   '],
    otherDraftUrl: () => `${fx.sim.baseUrl(P)}/mp.dayu.com/dashboard/article/write?draft_id=0123456789abcdef0123456789abcdef`,
  });

  it('login_required when the dashboard is another account’s', async () => {
    const page = await fx.open('a0000000000000000000000000000999');
    await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'login_required', 'open_editor');
  }, FLOW_TIMEOUT_MS);

  it('a draft save that names no draft is editor_changed at fill', async () => {
    fx.sim.configure(P, { omit: ['_id'] });
    const page = await fx.open(ACCOUNT);
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx(brief('selectorMs'))), 'editor_changed', 'fill');
    expect(err.message).toContain('data._id');
  }, FLOW_TIMEOUT_MS);
});
