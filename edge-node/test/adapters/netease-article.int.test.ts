/**
 * 网易号 articles in real Chromium against the 网易号 replica: the Markdown as
 * the HTML the editor keeps (code as a styled paragraph with its line
 * breaks, inline code and headings bold, tables as lines of text), every
 * picture and the cover through 网易号's picture upload, the draft saved and
 * published through publishV2.do with the page's 易盾 token, 原创. The cases
 * every adapter shares are in test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ArticleJob } from '../../src/adapters/contract.js';
import { articleHtml, docIdOf, neteaseAdapter as adapter } from '../../src/adapters/netease/adapter.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';

const P = 'netease';
const ACCOUNT = 'W7400000000001';
const CONTENT = '# 大标题\n\n正文 **加粗**，含 `npm test`。\n\n```sh\nif true; then\n  echo "<ok>"\nfi\n```\n\n| 名称 | 值 |\n|---|---|\n| a | 1 |\n';
/** A picture on 网易号's own host. */
const OWN_PICTURE = /https:\/\/dingyue\.ws\.126\.net\/\d{8}\/[0-9a-f]{16}\.(png|jpeg)/g;

let cover: string;
let figure: string;
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    cover = await media.file('cover.jpg', 30 * 1024);
    figure = await media.file('figure.png', 20 * 1024);
  },
});

function makeJob(o: { title?: string; content?: string; settings?: Record<string, unknown>; cover?: boolean; account?: string } = {}): ArticleJob {
  seq++;
  return {
    jobId: `job_163${seq}`,
    attemptId: `att_163${seq}`,
    platform: P,
    contentType: 'article',
    account: { id: 'acc_163', externalRef: o.account ?? ACCOUNT },
    payload: { title: o.title ?? `网易号测试文章 ${seq}`, content: o.content ?? CONTENT, ...(o.cover === false ? {} : { coverImage: cover }) },
    settings: o.settings ?? { original: true, aiLabel: true },
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
    title: 'publishes once: the HTML the editor keeps, the custom cover leading the body, 原创; aiLabel has no control here',
    async check({ post, result, job, ctx }) {
      expect(post.title).toBe(job.payload.title);
      expect(post.body.replace(OWN_PICTURE, 'PIC')).toBe(`<p><img src="PIC" alt="" /></p>\n${articleHtml(CONTENT)}`);
      expect(post.body).toContain('<p><strong>大标题</strong></p>');
      expect(post.body).toContain('<strong>npm test</strong>');
      expect(post.body).toContain('if true; then<br />&nbsp;&nbsp;echo &quot;&lt;ok&gt;&quot;<br />fi</p>');
      expect(post.body).toContain('<p><strong>名称 | 值</strong></p>\n<p>a | 1</p>');
      expect(post.body).not.toMatch(/<(pre|code|h1|table)\b/);
      expect(post.settings).toEqual({ cover: 'custom', original: true });
      expect(post.media).toEqual([{ kind: 'cover', ...(await fileDigest(cover)) }]);
      expect(result).toEqual({ postId: expect.stringMatching(/^[0-9A-F]{8}0556PYDT$/), url: `${fx.sim.baseUrl(P)}/www.163.com/dy/article/${result.postId}.html` });
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'upload', 'apply_settings', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: {
    job: () => makeJob({ cover: false, settings: {}, content: '一段正文。' }),
    check(posts) {
      expect(posts[0]!.settings).toEqual({ cover: 'auto', original: false });
      expect(posts[0]!.body).toBe('<p>一段正文。</p>');
      expect(posts[0]!.media).toEqual([]);
    },
  },
  verifyJob: () => makeJob({ cover: false }),
  editorChanged: { omit: 'title-input', step: 'open_editor', control: 'title input' },
};

describe('happy path', () => {
  happyPathContract(contract);

  it('a picture from a local file becomes 网易号’s own copy; the editor’s cover is the custom one, leading the body', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ content: `开头\n\n![图一](${figure})`, settings: { coverMode: 'custom' } });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    const post = fx.sim.publishes(P)[0]!;
    expect(post.body.replace(OWN_PICTURE, 'PIC')).toBe('<p><img src="PIC" alt="" /></p>\n<p>开头</p>\n<p><img src="PIC" alt="图一" /></p>');
    expect(post.media).toEqual([
      { kind: 'cover', ...(await fileDigest(cover)) },
      { kind: 'image', ...(await fileDigest(figure)) },
    ]);
  }, FLOW_TIMEOUT_MS);

  it('reads the docId of every answer form the save call is recorded with', () => {
    expect(docIdOf('docId=L8DBTPLM0556PYDT&pkId=null')).toBe('L8DBTPLM0556PYDT');
    expect(docIdOf({ docId: 'L8D3OR2N0556PYDT' })).toBe('L8D3OR2N0556PYDT');
    expect(docIdOf('L8D3OR2N0556PYDT')).toBe('L8D3OR2N0556PYDT');
    expect(docIdOf('/wemedia/article/mylist/W4791101179257925736/1-20.html,L8D3OR2N0556PYDT')).toBe('L8D3OR2N0556PYDT');
    expect(docIdOf('')).toBe('');
    expect(docIdOf('docId=<script>')).toBe('');
  });
});

describe('publish answers and the list', () => {
  it('a publish answering a list address ending ",<docId>" gives that article', async () => {
    fx.sim.configure(P, { forms: { 'publish-answer': 'path' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ cover: false });
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const post = fx.sim.publishes(P)[0]!;
    expect(result).toEqual({ postId: post.postId, url: `${fx.sim.baseUrl(P)}/www.163.com/dy/article/${post.postId}.html` });
  }, FLOW_TIMEOUT_MS);

  it('verify reads rows that name the article by articleId and time it by showTime', async () => {
    fx.sim.configure(P, { forms: { 'list-row': 'showTime' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ cover: false });
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    expect(await adapter.verify(page, job, ctx)).toEqual({ found: true, postId: result.postId, url: result.url, candidates: 1 });
  }, FLOW_TIMEOUT_MS);
});

describe('verify', () => {
  it('a draft with the job’s title is not the post: only a published article counts', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ cover: false });
    const prepared = await adapter.prepare(page, job, ctx);
    const other = await page.context().newPage();
    expect(await adapter.verify(other, job, ctx)).toEqual({ found: false });
    const result = await adapter.publish(page, job, ctx, prepared);
    expect(await adapter.verify(other, job, ctx)).toEqual({ found: true, postId: result.postId, url: result.url, candidates: 1 });
  }, FLOW_TIMEOUT_MS);
});

describe('errors', () => {
  errorContract(contract);

  it('login_required when a creator page without a session lands on www.163.com instead of login.html', async () => {
    fx.sim.configure(P, { forms: { 'logged-out': 'www' } });
    const page = await fx.open(ACCOUNT, false);
    const ctx = fx.ctx();
    await expectAdapterError(adapter.checkLogin(page, ctx), 'login_required', 'check_login');
    await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'login_required', 'open_editor');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('login_required when the profile is logged in as another 网易号', async () => {
    const page = await fx.open('W7400000000999');
    await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'login_required', 'open_editor');
  }, FLOW_TIMEOUT_MS);

  it('titles outside 5–30 characters are publish_rejected before the browser moves', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '四个字啊' }), ctx), 'publish_rejected', 'fill');
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '长'.repeat(31) }), ctx), 'publish_rejected', 'fill');
    expect(page.url()).toBe('about:blank');
  }, FLOW_TIMEOUT_MS);

  it('cover_rejected when 网易号 refuses the cover', async () => {
    fx.sim.configure(P, { rejectCover: '图片尺寸过小' });
    const page = await fx.open(ACCOUNT);
    const err = await expectAdapterError(adapter.prepare(page, makeJob({ content: '正文' }), fx.ctx()), 'cover_rejected', 'upload');
    expect(err.message).toContain('图片尺寸过小');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('a page without its 易盾 SDK is editor_changed before anything is saved, and never passes the gate', async () => {
    fx.sim.configure(P, { omit: ['neg'] });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx(brief('selectorMs'));
    const err = await expectAdapterError(adapter.prepare(page, makeJob({ cover: false }), ctx), 'editor_changed', 'apply_settings');
    expect(err.message).toContain('window.neg.getToken');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);

  it('publish_rejected when 网易号 refuses the article at publish', async () => {
    fx.sim.configure(P, { rejectPublish: '今日发布数量已达最大值' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ cover: false });
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('今日发布数量已达最大值');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('a save that names no docId is editor_changed at fill; publish away from the draft never passes the gate', async () => {
    fx.sim.configure(P, { omit: ['docId'] });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx(brief('selectorMs'));
    await expectAdapterError(adapter.prepare(page, makeJob({ cover: false }), ctx), 'editor_changed', 'fill');
    fx.sim.configure(P, { omit: [] });
    const job = makeJob({ cover: false });
    const prepared = await adapter.prepare(page, job, ctx);
    await page.goto(`${fx.sim.baseUrl(P)}/mp.163.com/subscribe_v4/index.html#/article-publish`);
    await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'editor_changed', 'publish');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);
});
