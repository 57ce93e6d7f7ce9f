/**
 * eastmoney (财富号) articles in real Chromium against the eastmoney replica:
 * the title, the body pasted as HTML into the ProseMirror editor, the cover
 * through 选择封面 → 本地上传, the agreement tick, and 发布. Pictures in the
 * body, which the editor does not take, are refused unless the job says to
 * drop them. The cases every adapter shares are in
 * test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ArticleJob } from '../../src/adapters/contract.js';
import { eastmoneyAdapter as adapter } from '../../src/adapters/eastmoney/adapter.js';
import { textOf } from '../../src/adapters/kit/article-markup.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { refusalFormCases } from '../../../test/support/refusal-forms.js';
import { type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';

const P = 'eastmoney';
const ACCOUNT = '3286015042159764';
const IMAGE = 'https://images.example.com/chart-1.png';
const CONTENT = [
  '## 市场回顾',
  '一段 **加粗** 的正文，含 [一个链接](https://example.com/x)。',
  '- 第一点\n- 第二点',
  '```ts\nconst yieldRate = 0.025;\n```',
  '| 指数 | 涨跌 |\n|---|---|\n| 沪深300 | +1.2% |',
].join('\n\n');
const letters = (html: string) => textOf(html).replace(/\s+/g, '');

let cover: string;
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    cover = await media.file('cover.jpg', 50 * 1024);
  },
});

function makeJob(o: { title?: string; content?: string; settings?: Record<string, unknown>; cover?: boolean } = {}): ArticleJob {
  seq++;
  return {
    jobId: `job_em${seq}`,
    attemptId: `att_em${seq}`,
    platform: P,
    contentType: 'article',
    account: { id: 'acc_em', externalRef: ACCOUNT },
    payload: { title: o.title ?? `财富号文章测试 ${seq}`, content: o.content ?? CONTENT, ...(o.cover === false ? {} : { coverImage: cover }) },
    settings: o.settings ?? { coverMode: 'custom' },
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
    title: 'publishes once: the title, the Markdown pasted as HTML the editor keeps (code kept, the table as lines), the cover',
    async check({ post, result, job, ctx }) {
      expect(post.title).toBe(job.payload.title);
      expect(post.body).toContain('<h2>市场回顾</h2>');
      expect(post.body).toContain('<strong>加粗</strong>');
      expect(post.body).toContain('<a href="https://example.com/x">一个链接</a>');
      expect(post.body).toContain('<li>第一点</li>');
      expect(post.body).toContain('<pre><code>const yieldRate = 0.025;');
      expect(post.body).toContain('<p><strong>指数 | 涨跌</strong></p>');
      expect(post.body).toContain('<p>沪深300 | +1.2%</p>');
      expect(letters(post.body)).toBe(letters('市场回顾一段 加粗 的正文，含 一个链接。第一点第二点const yieldRate = 0.025;指数 | 涨跌沪深300 | +1.2%'));
      expect(post.media).toEqual([{ kind: 'cover', ...(await fileDigest(cover)) }]);
      expect(result).toEqual({ postId: expect.stringMatching(/^\d+$/), url: `${fx.sim.baseUrl(P)}/caifuhao.eastmoney.com/news/${result.postId}` });
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'upload', 'apply_settings', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: {
    job: () => makeJob({ content: '第一段。\n\n第二段。' }),
    check(posts) {
      // The second paste replaced the first: the text is there once.
      expect(letters(posts[0]!.body)).toBe('第一段。第二段。');
    },
  },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'title-input', step: 'open_editor', control: 'title input' },
};

describe('happy path', () => {
  happyPathContract(contract);

  it('inlineImages drop: the pictures are left out and named in the log, the text goes out whole; settings without a control are logged', async () => {
    const page = await fx.open(ACCOUNT);
    const warns: Array<Record<string, unknown>> = [];
    const infos: Array<Record<string, unknown>> = [];
    const ctx = fx.ctx({ log: { debug: () => {}, warn: (o) => warns.push(o), info: (o) => infos.push(o) } });
    const job = makeJob({ content: `开头一段。\n\n![走势图](${IMAGE})\n\n结尾一段。`, settings: { inlineImages: 'drop', aiLabel: true, tags: ['理财'] }, cover: false });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    const [post] = fx.sim.publishes(P);
    expect(post!.body).not.toContain('<img');
    expect(letters(post!.body)).toBe('开头一段。结尾一段。');
    // No cover of ours: coverMode is auto when the article has none.
    expect(post!.media).toEqual([]);
    expect(warns).toContainEqual({ platform: P, dropped: [IMAGE] });
    expect(infos).toContainEqual({ platform: P, ignored: ['aiLabel', 'tags'] });
  }, FLOW_TIMEOUT_MS);
});

describe('errors', () => {
  errorContract(contract);

  it('login_required when the profile is logged in as another account', async () => {
    const page = await fx.open('9999000011112222');
    await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'login_required', 'open_editor');
  }, FLOW_TIMEOUT_MS);

  it('what the editor would lose or refuse stops the job before the browser moves: pictures in the body, a long title, a custom cover without one', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const pictures = await expectAdapterError(adapter.prepare(page, makeJob({ content: `正文。\n\n![图](${IMAGE})` }), ctx), 'publish_rejected', 'fill');
    expect(pictures.message).toContain('inlineImages');
    expect(pictures.details).toMatchObject({ field: 'inlineImages', pictures: 1 });
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '长'.repeat(65) }), ctx), 'publish_rejected', 'fill');
    await expectAdapterError(adapter.prepare(page, makeJob({ cover: false, settings: { coverMode: 'custom' } }), ctx), 'cover_rejected', 'upload');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { inlineImages: 'keep' } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(page.url()).toBe('about:blank');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);

  it('cover_rejected when eastmoney refuses the cover; nothing is published', async () => {
    fx.sim.configure(P, { rejectCover: '图片尺寸不符合要求' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'cover_rejected', 'upload');
    expect(err.message).toContain('图片尺寸不符合要求');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('an editor that takes no paste, or a cover dialog without its upload tab, is editor_changed', async () => {
    fx.sim.configure(P, { omit: ['paste-handler'] });
    const err = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob(), fx.ctx(brief('selectorMs'))), 'editor_changed', 'fill');
    expect(err.message).toContain('did not take the pasted article');
    fx.sim.configure(P, { omit: ['upload-tab'] });
    const tab = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob(), fx.ctx(brief('selectorMs'))), 'editor_changed', 'upload');
    expect(tab.message).toContain('upload tab');
  }, FLOW_TIMEOUT_MS);

  it('publish_rejected when eastmoney refuses the article at publish', async () => {
    fx.sim.configure(P, { rejectPublish: '内容包含敏感信息' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('内容包含敏感信息');
    expect(ctx.gate.calls).toBe(1);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);
});

describe('recorded forms', () => {
  it('reads the account from getauthorinfo with the page’s ct / ut cookies when user/info is gone, and publishes as that account', async () => {
    fx.sim.configure(P, { forms: { 'account-call': 'authorinfo' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    expect(await adapter.checkLogin(page, ctx)).toEqual({ externalRef: ACCOUNT, displayName: `user_${ACCOUNT}` });
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    expect((await adapter.publish(page, job, ctx, prepared)).postId).toBe(fx.sim.publishes(P)[0]!.postId);
  }, FLOW_TIMEOUT_MS);

  it('the gateway’s answer (RCode 200, RData error_code 0) names no article: it is read back from the list by title', async () => {
    fx.sim.configure(P, { forms: { 'publish-call': 'gateway' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const post = fx.sim.publishes(P)[0]!;
    expect(post.title).toBe(job.payload.title);
    expect(result).toEqual({ postId: post.postId, url: post.url });
  }, FLOW_TIMEOUT_MS);

  it('the gateway’s refusal (RData error_code not 0) is publish_rejected with its message', async () => {
    fx.sim.configure(P, { forms: { 'publish-call': 'gateway' }, rejectPublish: '标题含有敏感词' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('标题含有敏感词');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('an accepted gateway answer whose article the list does not show is readback_failed', async () => {
    fx.sim.configure(P, { forms: { 'publish-call': 'gateway' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    await expectAdapterError(adapter.publish(page, { ...job, payload: { ...job.payload, title: `${job.payload.title}另` } }, ctx, prepared), 'readback_failed', 'read_back');
    expect(fx.sim.publishes(P)).toHaveLength(1);
  }, FLOW_TIMEOUT_MS);
});

describe('recorded page forms', () => {
  for (const forms of [{ agreement: 'ticked' }, { 'cover-shown': 'container' }, { confirm: 'dialog' }, { 'publish-control': 'button' }]) {
    it(`publishes once with ${JSON.stringify(forms)}: the tick left ticked, the cover taken as adopted, the confirmation clicked, the control found by its class`, async () => {
      fx.sim.configure(P, { forms });
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = makeJob();
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      const posts = fx.sim.publishes(P);
      expect(posts).toHaveLength(1);
      expect(result.postId).toBe(posts[0]!.postId);
      expect(posts[0]!.media.map((m) => m.kind)).toEqual(['cover']);
      expect(ctx.gate.calls).toBe(1);
    }, FLOW_TIMEOUT_MS);
  }
});

describe('refusal forms', () => {
  refusalFormCases({ ...contract, forms: { el: 'an Element UI error message', dialog: 'the page’s own .dialog_content' }, successForm: 'dialog' });
});
