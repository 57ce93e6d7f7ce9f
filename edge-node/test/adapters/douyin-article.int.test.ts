/**
 * douyin articles in real Chromium against the douyin replica: the article
 * editor's 头图 and 封面 cards (file choosers, the 封面's crop dialog) or its
 * one cover card (点击上传封面图, saved with 完成), the
 * title, the body pasted as HTML into the tiptap editor, and 发布. The cases
 * every adapter shares are in test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ArticleJob } from '../../src/adapters/contract.js';
import { douyinAdapter as adapter } from '../../src/adapters/douyin/adapter.js';
import { textOf } from '../../src/adapters/kit/article-markup.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';

const P = 'douyin';
const ACCOUNT = 'MS4wLjABAAAAlab_douyin_article';
const IMAGE = 'https://images.example.com/figure-1.png';
const PARAGRAPH = '这是一段用来凑足抖音文章正文长度的文字，抖音要求文章正文不少于一百个字，所以这里多写一些内容，讲清楚为什么要这样做。';
const CONTENT = `## 小标题\n\n一段 **加粗** 的正文，含 [一个链接](https://example.com/x)。\n\n${PARAGRAPH}\n\n- 第一点\n- 第二点\n\n![图一](${IMAGE})\n\n${PARAGRAPH}`;
/** The article's text as a reader sees it, without layout. */
const letters = (html: string) => textOf(html).replace(/\s+/g, '');

let cover: string;
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    cover = await media.file('cover.jpg', 60 * 1024);
  },
});

function makeJob(o: { title?: string; content?: string; settings?: Record<string, unknown>; cover?: boolean } = {}): ArticleJob {
  seq++;
  return {
    jobId: `job_dya${seq}`,
    attemptId: `att_dya${seq}`,
    platform: P,
    contentType: 'article',
    account: { id: 'acc_dya', externalRef: ACCOUNT },
    payload: { title: o.title ?? `抖音文章测试 ${seq}`, content: o.content ?? CONTENT, ...(o.cover === false ? {} : { coverImage: cover }) },
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
    title: 'publishes once: the cover as 头图 and 封面, the title, the Markdown pasted as HTML the editor keeps',
    async check({ post, result, job, ctx }) {
      expect(post.title).toBe(job.payload.title);
      expect(post.body).toContain('<h2>小标题</h2>');
      expect(post.body).toContain('<strong>加粗</strong>');
      expect(post.body).toContain('<a href="https://example.com/x">一个链接</a>');
      expect(post.body).toContain('<li>第一点</li>');
      expect(post.body).toContain(`<img src="${IMAGE}" alt="图一">`);
      expect(letters(post.body)).toBe(letters(`<h2>小标题</h2><p>一段 加粗 的正文，含 一个链接。</p><p>${PARAGRAPH}</p><ul><li>第一点</li><li>第二点</li></ul><p>${PARAGRAPH}</p>`));
      const digest = await fileDigest(cover);
      expect(post.media).toEqual([
        { kind: 'image', ...digest },
        { kind: 'cover', ...digest },
      ]);
      expect(result).toEqual({ postId: expect.stringMatching(/^\d{19}$/), url: `${fx.sim.baseUrl(P)}/www.douyin.com/article/${result.postId}` });
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'upload', 'fill', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: {
    job: () => makeJob({ content: `${PARAGRAPH}\n\n${PARAGRAPH}` }),
    check(posts) {
      // The second paste replaced the first: the text is there once.
      expect(letters(posts[0]!.body)).toBe(letters(`${PARAGRAPH}${PARAGRAPH}`));
    },
  },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'title-input', step: 'open_editor', control: 'title input' },
};

describe('happy path', () => {
  happyPathContract(contract);

  it('settings the article editor has no control for are logged and the article still goes out', async () => {
    const page = await fx.open(ACCOUNT);
    const infos: Array<Record<string, unknown>> = [];
    const ctx = fx.ctx({ log: { debug: () => {}, warn: () => {}, info: (o) => infos.push(o) } });
    const job = makeJob({ settings: { coverMode: 'custom', aiLabel: true, creationDeclaration: 'ai_generated', tags: ['日常'] } });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    expect(fx.sim.publishes(P)).toHaveLength(1);
    expect(fx.sim.publishes(P)[0]!.settings).toEqual({ type: 'article' });
    expect(infos).toContainEqual({ platform: P, ignored: ['aiLabel', 'creationDeclaration', 'tags'] });
  }, FLOW_TIMEOUT_MS);
});

describe('the cover', () => {
  it('an editor with one cover card (点击上传封面图) takes the cover through its editor’s 完成: one article, the cover as both pictures; a refused cover stops the job', async () => {
    fx.sim.configure(P, { forms: { 'article-cover': 'one' }, rejectCover: '封面分辨率过低，请重新上传' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'cover_rejected', 'upload');
    expect(err.message).toContain('封面分辨率过低');
    fx.sim.configure(P, { rejectCover: false });
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const posts = fx.sim.publishes(P);
    expect(posts).toHaveLength(1);
    expect(result.postId).toBe(posts[0]!.postId);
    expect(posts[0]!.media.map((m) => m.kind)).toEqual(['image', 'cover']);
    expect(posts[0]!.media[0]!.sha256).toBe(posts[0]!.media[1]!.sha256);
    expect(ctx.gate.calls).toBe(1);
  }, FLOW_TIMEOUT_MS);
});

describe('the publish answer', () => {
  it('item_id as a bare number, or no id at all (the work list then says which article it was)', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    for (const [i, form] of ['item_id-number', 'no-id'].entries()) {
      fx.sim.configure(P, { forms: { answer: form } });
      const job = makeJob();
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      const post = fx.sim.publishes(P)[i]!;
      expect(result).toEqual({ postId: post.postId, url: post.url });
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/www.douyin.com/article/${result.postId}`);
    }
  }, FLOW_TIMEOUT_MS);
});

describe('errors', () => {
  errorContract(contract);

  it('login_required when the profile is logged in as another account', async () => {
    const page = await fx.open('MS4wLjABAAAAsomebody_else');
    await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'login_required', 'open_editor');
  }, FLOW_TIMEOUT_MS);

  it('what douyin would refuse is refused before the browser moves: a long title, a short body, no cover, a local picture', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '长'.repeat(31) }), ctx), 'publish_rejected', 'fill');
    const short = await expectAdapterError(adapter.prepare(page, makeJob({ content: '## 太短\n\n只有几个字。' }), ctx), 'publish_rejected', 'fill');
    expect(short.message).toContain('100');
    const bare = await expectAdapterError(adapter.prepare(page, makeJob({ cover: false }), ctx), 'cover_rejected', 'upload');
    expect(bare.message).toContain('coverImage');
    await expectAdapterError(adapter.prepare(page, makeJob({ content: `${PARAGRAPH}\n\n![本地](figure.png)\n\n${PARAGRAPH}` }), ctx), 'upload_failed', 'upload');
    expect(page.url()).toBe('about:blank');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);

  it('cover_rejected when douyin refuses the picture; nothing is published', async () => {
    fx.sim.configure(P, { rejectCover: '封面分辨率过低，请重新上传' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'cover_rejected', 'upload');
    expect(err.message).toContain('封面分辨率过低');
    expect(ctx.gate.calls).toBe(0);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('an editor that takes no paste is editor_changed, never filled behind its back', async () => {
    fx.sim.configure(P, { omit: ['paste-handler'] });
    const page = await fx.open(ACCOUNT);
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx(brief('selectorMs'))), 'editor_changed', 'fill');
    expect(err.message).toContain('did not take the pasted article');
  }, FLOW_TIMEOUT_MS);

  it('an editor without its 封面 card is editor_changed at upload', async () => {
    fx.sim.configure(P, { omit: ['cover-card'] });
    const page = await fx.open(ACCOUNT);
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx(brief('selectorMs'))), 'editor_changed', 'upload');
    expect(err.message).toContain('封面');
  }, FLOW_TIMEOUT_MS);

  it('publish_rejected when douyin refuses the article at publish', async () => {
    fx.sim.configure(P, { rejectPublish: '内容涉嫌违规' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('内容涉嫌违规');
    expect(ctx.gate.calls).toBe(1);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);
});
