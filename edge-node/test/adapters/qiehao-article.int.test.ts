/**
 * 企鹅号 articles in real Chromium against the 企鹅号 replica: the Markdown
 * as the editor's HTML with its end marker, every picture and the cover
 * through image.om.qq.com, the draft saved through omSave and published
 * through omPublish with the page's CSRF cookie, every recorded answer form
 * of the publish (an id under any recorded name, or none: read back) and of
 * the article list, the cover taken from the body when none is given,
 * 原创 and the summary. The cases every adapter shares are in
 * test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ArticleJob } from '../../src/adapters/contract.js';
import { articleHtml, qiehaoAdapter as adapter } from '../../src/adapters/qiehao/adapter.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { articleDraftContract, type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';

const P = 'qiehao';
const ACCOUNT = '5120000001';
const CONTENT = '## 小标题\n\n一段 **加粗** 的正文，含 `行内代码`。\n\n```ts\nconst x = 1 < 2;\n```\n';
const SELF_DECLARE = '{"id":7,"desc":"作者声明：无需标注"}';
/** A picture on 企鹅号's own host. */
const OWN_PICTURE = /https:\/\/inews\.gtimg\.com\/om_bt\/[0-9a-f]{16}\/0/g;

let cover: string;
let figure: string;
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    cover = await media.file('cover.jpg', 30 * 1024);
    figure = await media.file('figure.png', 20 * 1024);
  },
});

function makeJob(o: { title?: string; content?: string; settings?: Record<string, unknown>; cover?: boolean; aigc?: boolean; account?: string } = {}): ArticleJob {
  seq++;
  return {
    jobId: `job_qie${seq}`,
    attemptId: `att_qie${seq}`,
    platform: P,
    contentType: 'article',
    account: { id: 'acc_qie', externalRef: o.account ?? ACCOUNT },
    payload: {
      title: o.title ?? `企鹅号测试文章 ${seq}`,
      content: o.content ?? CONTENT,
      ...(o.cover === false ? {} : { coverImage: cover }),
      ...(o.aigc === undefined ? {} : { aigc: { label_required: o.aigc } }),
    },
    settings: o.settings ?? { original: true, summary: '一篇测试企鹅号发布流程的文章', aiLabel: false },
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
    title: 'publishes once: the editor HTML with its end marker, the cover on 企鹅号, 原创 and the summary, declared as needing no AI label',
    async check({ post, result, job, ctx }) {
      expect(post.title).toBe(job.payload.title);
      expect(post.body).toBe(articleHtml(CONTENT));
      expect(post.body).toContain('<pre><code>const x = 1 &lt; 2;</code></pre>');
      expect(post.body.endsWith('<div powered-by="ex-editor"></div>')).toBe(true);
      expect(post.settings).toEqual({ original: true, summary: '一篇测试企鹅号发布流程的文章', selfDeclare: SELF_DECLARE });
      expect(post.media).toEqual([{ kind: 'cover', ...(await fileDigest(cover)) }]);
      expect(result).toEqual({ postId: expect.stringMatching(/^\d{8}A0[0-9A-F]{6}$/), url: `${fx.sim.baseUrl(P)}/new.qq.com/rain/a/${result.postId}` });
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'upload', 'apply_settings', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: {
    // No custom cover: the body's picture is the cover.
    job: () => makeJob({ cover: false, settings: {}, content: `正文\n\n![图](${figure})` }),
    check(posts) {
      expect(posts[0]!.settings).toEqual({ original: false, summary: '', selfDeclare: SELF_DECLARE });
      expect(posts[0]!.body.replace(OWN_PICTURE, 'PIC')).toBe('<p>正文</p>\n<p><img src="PIC" alt="图" /></p><div powered-by="ex-editor"></div>');
      expect(posts[0]!.media).toEqual([expect.objectContaining({ kind: 'cover' })]);
    },
  },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'title-input', step: 'open_editor', control: 'title input' },
};

describe('happy path', () => {
  happyPathContract(contract);

  it('a picture from a local file becomes 企鹅号’s own copy before the draft is saved', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ content: `开头\n\n![图一](${figure})\n\n结尾` });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    const post = fx.sim.publishes(P)[0]!;
    expect(post.body.replace(OWN_PICTURE, 'PIC')).toBe('<p>开头</p>\n<p><img src="PIC" alt="图一" /></p>\n<p>结尾</p><div powered-by="ex-editor"></div>');
    expect(post.media).toEqual([{ kind: 'cover', ...(await fileDigest(cover)) }, { kind: 'image', ...(await fileDigest(figure)) }]);
    expect(ctx.events).toContainEqual({ step: 'upload', detail: { phase: 'images', percent: 100 } });
  }, FLOW_TIMEOUT_MS);

  it('an editor whose title is the omui title box (not the placeholder span) is the editor too', async () => {
    fx.sim.configure(P, { forms: { 'title-box': 'omui' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    expect(fx.sim.publishes(P)[0]!.title).toBe(job.payload.title);
  }, FLOW_TIMEOUT_MS);

  it('a picture upload answering its address only in the size map (data.url["0"].imageUrl) is read as one answering data.url.url', async () => {
    fx.sim.configure(P, { forms: { 'upload-answer': 'sizes' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ content: `开头\n\n![图一](${figure})\n\n结尾` });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    const post = fx.sim.publishes(P)[0]!;
    expect(post.body.replace(OWN_PICTURE, 'PIC')).toBe('<p>开头</p>\n<p><img src="PIC" alt="图一" /></p>\n<p>结尾</p><div powered-by="ex-editor"></div>');
    expect(post.media).toEqual([{ kind: 'cover', ...(await fileDigest(cover)) }, { kind: 'image', ...(await fileDigest(figure)) }]);
  }, FLOW_TIMEOUT_MS);
});

describe('publish answers', () => {
  for (const form of ['article_id', 'id', 'response.data']) {
    it(`an answer naming the article as ${form} gives that article`, async () => {
      fx.sim.configure(P, { forms: { 'publish-answer': form } });
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = makeJob();
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      const post = fx.sim.publishes(P)[0]!;
      expect(result).toEqual({ postId: post.postId, url: `${fx.sim.baseUrl(P)}/new.qq.com/rain/a/${post.postId}` });
    }, FLOW_TIMEOUT_MS);
  }

  for (const list of ['list', 'articles']) {
    it(`an accepted answer naming no article is read back from the article list (data.${list})`, async () => {
      fx.sim.configure(P, { forms: { 'publish-answer': 'none', 'article-list': list } });
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = makeJob();
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      const post = fx.sim.publishes(P)[0]!;
      expect(result).toEqual({ postId: post.postId, url: `${fx.sim.baseUrl(P)}/new.qq.com/rain/a/${post.postId}` });
    }, FLOW_TIMEOUT_MS);
  }

  for (const list of ['list', 'articles']) {
    it(`an answer naming the article by a number of om’s own (no Tencent News id) is read back from the article list (data.${list})`, async () => {
      fx.sim.configure(P, { forms: { 'publish-answer': 'numeric', 'article-list': list } });
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = makeJob();
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      const post = fx.sim.publishes(P)[0]!;
      expect(post.postId).toMatch(/^\d{8}[A-Z][0-9A-Z]{5,7}$/);
      expect(result).toEqual({ postId: post.postId, url: `${fx.sim.baseUrl(P)}/new.qq.com/rain/a/${post.postId}` });
    }, FLOW_TIMEOUT_MS);
  }

  it('an accepted answer naming no article, with no such article listed, is readback_failed', async () => {
    fx.sim.configure(P, { forms: { 'publish-answer': 'none' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    // The list is read for the job's own title only: another title is not the post.
    await expectAdapterError(adapter.publish(page, { ...job, payload: { ...job.payload, title: `${job.payload.title}（另一篇）` } }, ctx, prepared), 'readback_failed', 'read_back');
    expect(fx.sim.publishes(P)).toHaveLength(1);
  }, FLOW_TIMEOUT_MS);
});

describe('verify', () => {
  it('reads the list in its data.articles form: published rows carry their address, drafts none', async () => {
    fx.sim.configure(P, { forms: { 'article-list': 'articles' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const other = await page.context().newPage();
    expect(await adapter.verify(other, job, ctx)).toEqual({ found: false });
    const result = await adapter.publish(page, job, ctx, prepared);
    expect(await adapter.verify(other, job, ctx)).toEqual({ found: true, postId: result.postId, url: result.url, candidates: 1 });
  }, FLOW_TIMEOUT_MS);


  it('a draft with the job’s title is not the post: only a published article counts', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const other = await page.context().newPage();
    expect(await adapter.verify(other, job, ctx)).toEqual({ found: false });
    const result = await adapter.publish(page, job, ctx, prepared);
    expect(await adapter.verify(other, job, ctx)).toEqual({ found: true, postId: result.postId, url: result.url, candidates: 1 });
    expect(await adapter.verify(other, { ...job, createdAt: new Date(Date.now() + 60 * 60_000).toISOString() }, ctx)).toEqual({ found: false });
  }, FLOW_TIMEOUT_MS);
});

describe('errors', () => {
  errorContract(contract);

  it('an article that must carry the AI label is refused before the browser moves, never declared 无需标注', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    for (const job of [makeJob({ settings: { aiLabel: true } }), makeJob({ settings: {}, aigc: true })]) {
      const err = await expectAdapterError(adapter.prepare(page, job, ctx), 'publish_rejected', 'fill');
      expect(err.message).toContain('无需标注');
    }
    expect(page.url()).toBe('about:blank');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('login_required when the profile is logged in as another account', async () => {
    const page = await fx.open('5120000999');
    await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'login_required', 'open_editor');
  }, FLOW_TIMEOUT_MS);

  articleDraftContract({
    fixture: fx,
    adapter,
    account: ACCOUNT,
    job: makeJob,
    picture: () => figure,
    badTitles: ['五个字标题', '长'.repeat(31), '、以顿号开头的标题'],
    otherDraftUrl: () => `${fx.sim.baseUrl(P)}/om.qq.com/main/creation/article?articleId=20260101A0ABCDEF`,
  });

  it('cover_rejected when there is no picture to be the cover', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    await expectAdapterError(adapter.prepare(page, makeJob({ cover: false, content: '只有文字' }), ctx), 'cover_rejected', 'upload');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);

  it('a draft save that names no article is editor_changed at fill', async () => {
    fx.sim.configure(P, { omit: ['articleId'] });
    const page = await fx.open(ACCOUNT);
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx(brief('selectorMs'))), 'editor_changed', 'fill');
    expect(err.message).toContain('data.articleId');
  }, FLOW_TIMEOUT_MS);
});
