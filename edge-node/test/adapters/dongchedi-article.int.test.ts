/**
 * dongchedi (懂车帝 懂车号) articles in real Chromium against the dongchedi
 * replica: the title in the first textarea, the body into the UEditor frame
 * (read back), the cover through 本地上传 → crop → 确定 → confirmation, and
 * 预览并发布. The cases every adapter shares are in
 * test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ArticleJob } from '../../src/adapters/contract.js';
import { dongchediAdapter as adapter } from '../../src/adapters/dongchedi/adapter.js';
import { textOf } from '../../src/adapters/kit/article-markup.js';
import { expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, expectCoverRefusalAndMissingControls, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';
import { refusalFormCases } from '../../../test/support/refusal-forms.js';

const P = 'dongchedi';
const ACCOUNT = '1720458836281342';
const IMAGE = 'https://images.example.com/suv-1.jpg';
const CONTENT = [
  '## 用车一年',
  '一段 **加粗** 的正文，含 [一个链接](https://example.com/x)。',
  `![车尾](${IMAGE})`,
  '```ts\nconst km = 18000;\n```',
  '| 项目 | 花费 |\n|---|---|\n| 保养 | 800 元 |',
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
    jobId: `job_dcd${seq}`,
    attemptId: `att_dcd${seq}`,
    platform: P,
    contentType: 'article',
    account: { id: 'acc_dcd', externalRef: ACCOUNT },
    payload: { title: o.title ?? `懂车号文章测试 ${seq}`, content: o.content ?? CONTENT, ...(o.cover === false ? {} : { coverImage: cover }) },
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
    title: 'publishes once: the title, the Markdown as HTML in the UEditor frame (picture, code and table kept), the cover',
    async check({ post, result, job, ctx }) {
      expect(post.title).toBe(job.payload.title);
      expect(post.body).toContain('<h2>用车一年</h2>');
      expect(post.body).toContain('<strong>加粗</strong>');
      expect(post.body).toContain('<a href="https://example.com/x">一个链接</a>');
      expect(post.body).toContain(`<img src="${IMAGE}" alt="车尾">`);
      expect(post.body).toContain('<pre><code>const km = 18000;');
      expect(post.body).toContain('<table>');
      expect(post.body).toContain('<td>保养</td>');
      expect(post.media).toEqual([{ kind: 'cover', ...(await fileDigest(cover)) }]);
      expect(result).toEqual({ postId: expect.stringMatching(/^\d+$/), url: `${fx.sim.baseUrl(P)}/www.dongchedi.com/article/${result.postId}` });
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'upload', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: {
    job: () => makeJob({ content: '第一段。\n\n第二段。' }),
    check(posts) {
      expect(letters(posts[0]!.body)).toBe('第一段。第二段。');
    },
  },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'title-box', step: 'open_editor', control: 'title box' },
};

describe('happy path', () => {
  happyPathContract(contract);

  it('without a cover: left to dongchedi; settings without a control are logged', async () => {
    const page = await fx.open(ACCOUNT);
    const infos: Array<Record<string, unknown>> = [];
    const ctx = fx.ctx({ log: { debug: () => {}, warn: () => {}, info: (o) => infos.push(o) } });
    const job = makeJob({ content: '只有一段正文。', settings: { aiLabel: true, original: true }, cover: false });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    const [post] = fx.sim.publishes(P);
    expect(post!.media).toEqual([]);
    expect(letters(post!.body)).toBe('只有一段正文。');
    expect(infos).toContainEqual({ platform: P, ignored: ['aiLabel', 'original'] });
  }, FLOW_TIMEOUT_MS);
});

describe('errors', () => {
  errorContract(contract);

  it('login_required for another account; a local picture or a custom cover without one stops the job before the browser moves', async () => {
    await expectAdapterError(adapter.prepare(await fx.open('1720458800000000'), makeJob(), fx.ctx()), 'login_required', 'open_editor');
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const local = await expectAdapterError(adapter.prepare(page, makeJob({ content: '正文。\n\n![图](/home/u/suv.jpg)' }), ctx), 'upload_failed', 'upload');
    expect(local.message).toContain('/home/u/suv.jpg');
    const inTable = await expectAdapterError(adapter.prepare(page, makeJob({ content: '正文。\n\n| 图 |\n|---|\n| ![图](suv.jpg) |' }), ctx), 'upload_failed', 'upload');
    expect(inTable.message).toContain('"suv.jpg"');
    await expectAdapterError(adapter.prepare(page, makeJob({ cover: false, settings: { coverMode: 'custom' } }), ctx), 'cover_rejected', 'upload');
    expect(page.url()).toBe('about:blank');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);

  it('cover_rejected when dongchedi refuses the cover; no editor frame or no 本地上传 is editor_changed', async () => {
    await expectCoverRefusalAndMissingControls(fx, adapter, ACCOUNT, () => makeJob(), {
      refusal: '封面尺寸过小',
      missing: [
        { omit: 'editor-frame', step: 'fill', names: 'ueditor_0' },
        { omit: 'local-upload', step: 'upload', names: '本地上传' },
      ],
    });
  }, FLOW_TIMEOUT_MS);

  it('publish_rejected when dongchedi refuses the article at publish', async () => {
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
  it('reads the account the page holds (Garr.pgc_info) when get_media_info is gone, and publishes as that account', async () => {
    fx.sim.configure(P, { forms: { 'account-call': 'page-global' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    expect(await adapter.checkLogin(page, ctx)).toEqual({ externalRef: ACCOUNT, displayName: `user_${ACCOUNT}` });
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    expect((await adapter.publish(page, job, ctx, prepared)).postId).toBe(fx.sim.publishes(P)[0]!.postId);
  }, FLOW_TIMEOUT_MS);

  it('the publish call publish_mp_article/v1 answering { status, data: { code, data: { pgc_id } } } gives the article', async () => {
    fx.sim.configure(P, { forms: { 'publish-call': 'motor' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const post = fx.sim.publishes(P)[0]!;
    expect(result).toEqual({ postId: post.postId, url: `${fx.sim.baseUrl(P)}/www.dongchedi.com/article/${post.postId}` });
  }, FLOW_TIMEOUT_MS);

  it('that answer naming no pgc_id is readback_failed (the article may exist), and verify finds it', async () => {
    fx.sim.configure(P, { forms: { 'publish-call': 'motor-none' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'readback_failed', 'read_back');
    const post = fx.sim.publishes(P)[0]!;
    expect(await adapter.verify(await page.context().newPage(), job, ctx)).toEqual({ found: true, postId: post.postId, url: post.url, candidates: 1 });
  }, FLOW_TIMEOUT_MS);

  it('publish_rejected when the publish_mp_article/v1 answer refuses the article', async () => {
    fx.sim.configure(P, { forms: { 'publish-call': 'motor' }, rejectPublish: '今日发文已达上限' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('今日发文已达上限');
  }, FLOW_TIMEOUT_MS);
});

describe('the later editor', () => {
  it('publishes once through a title box 请输入文章标题, a ProseMirror body taking a paste and a button 发布', async () => {
    fx.sim.configure(P, { forms: { editor: 'prosemirror' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const posts = fx.sim.publishes(P);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.title).toBe(job.payload.title);
    expect(posts[0]!.body).toContain('<h2>用车一年</h2>');
    expect(letters(posts[0]!.body)).toContain(letters('一段 加粗 的正文'));
    expect(posts[0]!.media.map((m) => m.kind)).toEqual(['cover']);
    expect(result.postId).toBe(posts[0]!.postId);
  }, FLOW_TIMEOUT_MS);
});

describe('a confirmation after the publish click', () => {
  it('is clicked once when the page asks 确认发布 before sending; the article is published once', async () => {
    fx.sim.configure(P, { forms: { confirm: 'dialog' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    expect(fx.sim.publishes(P)).toHaveLength(1);
    expect(result.postId).toBe(fx.sim.publishes(P)[0]!.postId);
    expect(ctx.gate.calls).toBe(1);
  }, FLOW_TIMEOUT_MS);
});

describe('refusal forms', () => {
  refusalFormCases({ ...contract, forms: { byte: 'a ByteDesign message', ant: 'an Ant Design message', m: 'an .m-message', 'role-alert': 'an ARIA alert' }, successForm: 'ant' });
});
