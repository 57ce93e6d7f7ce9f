/**
 * 搜狐号 articles in real Chromium against the 搜狐号 replica: the Markdown as
 * the editor's HTML (h3 as bold, code blocks as plain text, each table drawn
 * as an SVG picture), every picture and the cover through 搜狐号's upload, the
 * draft saved and published with the editor's client headers, the brief and
 * the AI creation statement; every recorded form of the publish answer (an
 * answer naming no article is read back) and every recorded list status. The cases every adapter shares are in
 * test/support/adapter-contract.ts.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ArticleJob } from '../../src/adapters/contract.js';
import { parseTable, TABLE_PATTERN, tableSvg } from '../../src/adapters/kit/article-markup.js';
import { field } from '../../src/adapters/kit/page-api.js';
import { articleHtml, sohuAdapter as adapter } from '../../src/adapters/sohu/adapter.js';
import { parseKeepingIds } from '../../src/adapters/sohu/session.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';

const P = 'sohu';
const ACCOUNT = '120186912';
const TABLE = '| 城市 | 人口（万） |\n|---|---|\n| 北京 | 2185 |\n| 上海 | 2487 |\n';
const CONTENT = `## 小标题\n\n### 三级标题\n\n正文 **加粗**，含 \`行内代码\`。\n\n\`\`\`js\nconsole.log("hi");\n\`\`\`\n\n${TABLE}`;
/** A picture on 搜狐号's own host. */
const OWN_PICTURE = /https:\/\/res\.mp\.sohu\.com\/mpimg\/[0-9a-f]{16}\.(svg|png|jpeg)/g;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let cover: string;
let figure: string;
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    cover = await media.file('cover.png', 30 * 1024);
    figure = await media.file('figure.jpg', 20 * 1024);
  },
});

function makeJob(o: { title?: string; content?: string; settings?: Record<string, unknown>; cover?: boolean; aigc?: boolean } = {}): ArticleJob {
  seq++;
  return {
    jobId: `job_sohu${seq}`,
    attemptId: `att_sohu${seq}`,
    platform: P,
    contentType: 'article',
    account: { id: 'acc_sohu', externalRef: ACCOUNT },
    payload: {
      title: o.title ?? `搜狐号测试文章 ${seq}`,
      content: o.content ?? CONTENT,
      ...(o.cover === false ? {} : { coverImage: cover }),
      ...(o.aigc === undefined ? {} : { aigc: { label_required: o.aigc } }),
    },
    settings: o.settings ?? { aiLabel: true, summary: '一篇测试搜狐号发布流程的文章' },
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
    title: 'publishes once: the editor HTML with the table as a picture, the cover, the brief and the AI creation statement',
    async check({ post, result, job, ctx }) {
      expect(post.title).toBe(job.payload.title);
      const expected = articleHtml(CONTENT).replace(TABLE_PATTERN, '<p><img src="PIC" alt="表格" /></p>');
      expect(post.body.replace(OWN_PICTURE, 'PIC')).toBe(expected);
      expect(post.body).toContain('<p><strong>三级标题</strong></p>');
      expect(post.body).toContain('<h2>小标题</h2>');
      expect(post.body).toContain('<pre><code>console.log(&quot;hi&quot;);</code></pre>');
      expect(post.settings).toEqual({ brief: '一篇测试搜狐号发布流程的文章', creationStatement: 2, channelId: 24 });
      const svg = tableSvg(parseTable(articleHtml(TABLE)));
      expect(svg).toContain('<text');
      expect(svg).toContain('人口（万）');
      expect(post.media).toEqual([
        { kind: 'cover', ...(await fileDigest(cover)) },
        { kind: 'image', size: Buffer.byteLength(svg), sha256: sha256(svg) },
      ]);
      expect(result).toEqual({ postId: expect.stringMatching(/^\d{9}$/), url: `${fx.sim.baseUrl(P)}/www.sohu.com/a/${result.postId}_${ACCOUNT}` });
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'upload', 'apply_settings', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: {
    job: () => makeJob({ cover: false, settings: {}, content: '只有一段正文。' }),
    check(posts) {
      expect(posts[0]!.settings).toEqual({ brief: '', creationStatement: 0, channelId: 24 });
      expect(posts[0]!.body).toBe('<p>只有一段正文。</p>');
      expect(posts[0]!.media).toEqual([]);
    },
  },
  verifyJob: () => makeJob({ cover: false }),
  editorChanged: { omit: 'title-input', step: 'open_editor', control: 'title input' },
};

describe('happy path', () => {
  happyPathContract(contract);

  it('a picture from a local file becomes 搜狐号’s own copy', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ content: `开头\n\n![图一](${figure})`, cover: false, settings: {} });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    const post = fx.sim.publishes(P)[0]!;
    expect(post.body.replace(OWN_PICTURE, 'PIC')).toBe('<p>开头</p>\n<p><img src="PIC" alt="图一" /></p>');
    expect(post.media).toEqual([{ kind: 'image', ...(await fileDigest(figure)) }]);
  }, FLOW_TIMEOUT_MS);

  it('the login holds its accounts in the newer account list (account/listV2, accountInfos) when account/list is gone', async () => {
    fx.sim.configure(P, { forms: { 'account-list': 'listV2' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    expect(await adapter.checkLogin(page, ctx)).toMatchObject({ externalRef: ACCOUNT });
    const job = makeJob({ cover: false, settings: {} });
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    expect(result.postId).toBe(fx.sim.publishes(P)[0]!.postId);
  }, FLOW_TIMEOUT_MS);

  it('account ids beyond a double’s exact range are read as written', () => {
    const body = parseKeepingIds('{"code":2000000,"data":{"data":[{"accountInfos":[{"id":12345678901234567,"nickName":"n"}]}]}}');
    expect(field(body, 'data', 'data', 0, 'accountInfos', 0, 'id')).toBe('12345678901234567');
    expect(field(parseKeepingIds('{"id":120186977}'), 'id')).toBe(120186977);
  });

  it('a picture upload answering its address under data (data.url) is taken as one answering it at the top', async () => {
    fx.sim.configure(P, { forms: { 'upload-answer': 'data' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ content: `开头\n\n![图一](${figure})`, cover: false, settings: {} });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    const post = fx.sim.publishes(P)[0]!;
    expect(post.body.replace(OWN_PICTURE, 'PIC')).toBe('<p>开头</p>\n<p><img src="PIC" alt="图一" /></p>');
    expect(post.media).toEqual([{ kind: 'image', ...(await fileDigest(figure)) }]);
  }, FLOW_TIMEOUT_MS);

  it('the AI creation statement follows the article’s aigc facts when the settings give none', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ cover: false, settings: {}, aigc: true });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    expect(fx.sim.publishes(P)[0]!.settings.creationStatement).toBe(2);
  }, FLOW_TIMEOUT_MS);
});

describe('publish answers', () => {
  it('an answer with success true and no code is accepted, its data the article', async () => {
    fx.sim.configure(P, { forms: { 'publish-answer': 'success' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const post = fx.sim.publishes(P)[0]!;
    expect(result).toEqual({ postId: post.postId, url: `${fx.sim.baseUrl(P)}/www.sohu.com/a/${post.postId}_${ACCOUNT}` });
  }, FLOW_TIMEOUT_MS);

  for (const form of ['object', 'none']) {
    it(`an accepted answer whose data names no article (${form}) is read back from the list by title`, async () => {
      fx.sim.configure(P, { forms: { 'publish-answer': form } });
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = makeJob();
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      const post = fx.sim.publishes(P)[0]!;
      expect(result).toEqual({ postId: post.postId, url: `${fx.sim.baseUrl(P)}/www.sohu.com/a/${post.postId}_${ACCOUNT}` });
    }, FLOW_TIMEOUT_MS);
  }

  it('an accepted answer naming no article, when the list shows none for the title, is readback_failed', async () => {
    fx.sim.configure(P, { forms: { 'publish-answer': 'none' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    await expectAdapterError(adapter.publish(page, { ...job, payload: { ...job.payload, title: `${job.payload.title}（另一篇）` } }, ctx, prepared), 'readback_failed', 'read_back');
    expect(fx.sim.publishes(P)).toHaveLength(1);
  }, FLOW_TIMEOUT_MS);
});

describe('verify', () => {
  for (const status of ['16', '2', '5']) {
    it(`an article listed with status ${status} (public or in review) is the post`, async () => {
      fx.sim.configure(P, { forms: { 'news-status': status } });
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = makeJob();
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      const other = await page.context().newPage();
      expect(await adapter.verify(other, job, ctx)).toEqual({ found: true, postId: result.postId, url: result.url, candidates: 1 });
    }, FLOW_TIMEOUT_MS);
  }

  it('an article that failed review (status 3, auditStatus 8, a rejectReason) is not the post', async () => {
    fx.sim.configure(P, { forms: { 'news-status': '3' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    const other = await page.context().newPage();
    expect(await adapter.verify(other, job, ctx)).toEqual({ found: false });
  }, FLOW_TIMEOUT_MS);


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

  it('login_required when the login does not hold the job’s account', async () => {
    const page = await fx.open('120186999');
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'login_required', 'open_editor');
    expect(err.message).toContain('120186999');
  }, FLOW_TIMEOUT_MS);

  it('titles outside 5–72 characters are publish_rejected before the browser moves', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '四个字啊' }), ctx), 'publish_rejected', 'fill');
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '长'.repeat(73) }), ctx), 'publish_rejected', 'fill');
    expect(page.url()).toBe('about:blank');
  }, FLOW_TIMEOUT_MS);

  it('cover_rejected when 搜狐号 refuses the cover; nothing is saved or published', async () => {
    fx.sim.configure(P, { rejectCover: '图片过大' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, makeJob({ content: '正文' }), ctx), 'cover_rejected', 'upload');
    expect(err.message).toContain('图片过大');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('upload_failed when 搜狐号 refuses the table picture', async () => {
    fx.sim.configure(P, { rejectImages: '上传失败' });
    const page = await fx.open(ACCOUNT);
    const err = await expectAdapterError(adapter.prepare(page, makeJob({ content: TABLE, cover: false }), fx.ctx()), 'upload_failed', 'upload');
    expect(err.message).toContain('table 1');
  }, FLOW_TIMEOUT_MS);

  it('publish_rejected when 搜狐号 refuses the article at publish', async () => {
    fx.sim.configure(P, { rejectPublish: '内容涉嫌违规' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ cover: false });
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('内容涉嫌违规');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('a draft save without an id is editor_changed at fill; publish away from the draft never passes the gate', async () => {
    fx.sim.configure(P, { omit: ['draft-id'] });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx(brief('selectorMs'));
    await expectAdapterError(adapter.prepare(page, makeJob({ cover: false }), ctx), 'editor_changed', 'fill');
    fx.sim.configure(P, { omit: [] });
    const job = makeJob({ cover: false });
    const prepared = await adapter.prepare(page, job, ctx);
    await page.goto(`${fx.sim.baseUrl(P)}/mp.sohu.com/mpfe/v4/contentManagement/news/addarticle`);
    await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'editor_changed', 'publish');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);
});
