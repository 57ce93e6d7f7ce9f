/**
 * autohome (汽车之家 车家号) articles in real Chromium against the autohome
 * replica: the account read on the creator centre, then the long-article
 * editor (creator.autohome.com.cn/web/publish/long): the title, the body
 * pasted as HTML (pictures as their web addresses, links as text with their
 * address), 原创, the upload terms, the cover into the 横版 and 竖版 slots
 * through the 展示封面图 dialog and the 魔方 beautifier's 取消, and 发布 with
 * its content-api answer in every recorded form. The cases every adapter
 * shares are in test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ArticleJob } from '../../src/adapters/contract.js';
import { autohomeAdapter as adapter } from '../../src/adapters/autohome/adapter.js';
import { textOf } from '../../src/adapters/kit/article-markup.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, expectCoverRefusalAndMissingControls, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';
import { refusalFormCases } from '../../../test/support/refusal-forms.js';

const P = 'autohome';
const ACCOUNT = '63581204';
const IMAGE = 'https://images.example.com/car-1.jpg';
const CONTENT = [
  '## 试驾感受',
  '一段 **加粗** 的正文，含 [一个链接](https://example.com/x)。',
  `![车头](${IMAGE})`,
  '- 第一点\n- 第二点',
  '```ts\nconst range = 520;\n```',
  '| 车型 | 续航 |\n|---|---|\n| 标准版 | 520 km |',
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
    jobId: `job_ah${seq}`,
    attemptId: `att_ah${seq}`,
    platform: P,
    contentType: 'article',
    account: { id: 'acc_ah', externalRef: ACCOUNT },
    payload: { title: o.title ?? `车家号文章测试 ${seq}`, content: o.content ?? CONTENT, ...(o.cover === false ? {} : { coverImage: cover }) },
    settings: o.settings ?? { coverMode: 'custom', original: true },
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
    title: 'publishes once: the title, the Markdown pasted as HTML (the picture by its address, the table as lines), 原创, the cover',
    async check({ post, result, job, ctx }) {
      expect(post.title).toBe(job.payload.title);
      expect(post.body).toContain('<h2>试驾感受</h2>');
      expect(post.body).toContain('<strong>加粗</strong>');
      // The editor keeps no links to other sites: the link's text with its address.
      expect(post.body).toContain('一个链接（https://example.com/x）');
      expect(post.body).not.toContain('<a ');
      expect(post.body).toContain(`<img src="${IMAGE}" alt="车头">`);
      expect(post.body).toContain('<li>第一点</li>');
      expect(post.body).toContain('<pre><code>const range = 520;');
      expect(post.body).toContain('<p><strong>车型 | 续航</strong></p>');
      expect(post.body).toContain('<p>标准版 | 520 km</p>');
      expect(letters(post.body)).toBe(letters('试驾感受一段 加粗 的正文，含 一个链接（https://example.com/x）。第一点第二点const range = 520;车型 | 续航标准版 | 520 km'));
      expect(post.settings).toEqual({ type: 'article', original: true, first: false });
      const digest = await fileDigest(cover);
      expect(post.media).toEqual([
        { kind: 'cover', ...digest },
        { kind: 'cover-vertical', ...digest },
      ]);
      expect(result).toEqual({ postId: expect.stringMatching(/^\d+$/), url: `${fx.sim.baseUrl(P)}/chejiahao.autohome.com.cn/info/${result.postId}` });
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'apply_settings', 'upload', 'publish', 'read_back']));
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

  it('without a cover or 原创: auto cover, the box left unticked; settings without a control are logged', async () => {
    const page = await fx.open(ACCOUNT);
    const infos: Array<Record<string, unknown>> = [];
    const ctx = fx.ctx({ log: { debug: () => {}, warn: () => {}, info: (o) => infos.push(o) } });
    const job = makeJob({ content: '只有一段正文。', settings: { aiLabel: true, tags: ['新能源'] }, cover: false });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    const [post] = fx.sim.publishes(P);
    expect(post!.media).toEqual([]);
    expect(post!.settings).toEqual({ type: 'article', original: false, first: false });
    expect(infos).toContainEqual({ platform: P, ignored: ['aiLabel', 'tags'] });
  }, FLOW_TIMEOUT_MS);
});

describe('errors', () => {
  errorContract(contract);

  it('login_required when the profile is logged in as another account', async () => {
    const page = await fx.open('99990000');
    await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'login_required', 'open_editor');
  }, FLOW_TIMEOUT_MS);

  it('what the editor would refuse stops the job before the browser moves: titles outside 6–30, a local picture, a custom cover without one', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '短标题' }), ctx), 'publish_rejected', 'fill');
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '长'.repeat(31) }), ctx), 'publish_rejected', 'fill');
    const local = await expectAdapterError(adapter.prepare(page, makeJob({ content: '正文。\n\n![图](/home/u/car.jpg)' }), ctx), 'upload_failed', 'upload');
    expect(local.message).toContain('/home/u/car.jpg');
    // Tables become lines of text here, but a local picture in one is refused all the same, as preflight refuses it.
    const inTable = await expectAdapterError(adapter.prepare(page, makeJob({ content: '正文。\n\n| 图 |\n|---|\n| ![图](car.jpg) |' }), ctx), 'upload_failed', 'upload');
    expect(inTable.message).toContain('"car.jpg"');
    await expectAdapterError(adapter.prepare(page, makeJob({ cover: false, settings: { coverMode: 'custom' } }), ctx), 'cover_rejected', 'upload');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { original: 'yes' } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(page.url()).toBe('about:blank');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);

  it('cover_rejected when autohome refuses the cover; an editor without the 竖版 cover slot or one that takes no paste is editor_changed', async () => {
    await expectCoverRefusalAndMissingControls(fx, adapter, ACCOUNT, () => makeJob(), {
      refusal: '图片尺寸不符合要求',
      missing: [
        { omit: 'cover-slot', step: 'upload', names: '竖版封面' },
        { omit: 'paste-handler', step: 'fill', names: 'did not take the pasted article' },
      ],
    });
  }, FLOW_TIMEOUT_MS);

  it('publish_rejected when autohome refuses the article at publish', async () => {
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

describe('the long-article editor', () => {
  async function publishWith(forms: Record<string, string>) {
    fx.sim.configure(P, { forms });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    return { page, ctx, job, outcome: adapter.publish(page, job, ctx, prepared) };
  }

  it('the old 车家号 editor answers 404; the long-article editor publishes through content-api (publishType=1) answering result.id', async () => {
    const { page, ctx, outcome } = await publishWith({});
    expect((await page.request.get(`${fx.sim.baseUrl(P)}/chejiahao.autohome.com.cn/article/post.html`)).status()).toBe(404);
    const result = await outcome;
    const [post] = fx.sim.publishes(P);
    expect(result).toEqual({ postId: post!.postId, url: post!.url });
    expect(ctx.gate.calls).toBe(1);
  }, FLOW_TIMEOUT_MS);

  for (const [forms, what] of [
    [{ 'publish-answer': 'articleId' }, 'an answer naming result.articleId'],
    [{ 'publish-call': 'legacy' }, 'the old chejiahao article/api/publish answering result.articleId'],
    [{ autosave: 'before-publish' }, "the page's auto-save (publishType=0, result.draftId) sent first, never taken for the publish"],
    [{ 'publish-confirm': 'modal' }, 'a confirmation after 发布, clicked once'],
    [{ 'title-placeholder': 'ascii', boxes: 'hidden' }, 'the ASCII-bracket title placeholder and boxes drawn hidden (ticked through their labels)'],
  ] as const) {
    it(`publishes once with ${what}`, async () => {
      const { outcome } = await publishWith(forms);
      const result = await outcome;
      const posts = fx.sim.publishes(P);
      expect(posts).toHaveLength(1);
      expect(result.postId).toBe(posts[0]!.postId);
      expect(posts[0]!.settings).toEqual({ type: 'article', original: true, first: false });
    }, FLOW_TIMEOUT_MS);
  }

  it('an accepted answer naming no id is readback_failed (the article may exist), and verify finds it', async () => {
    const { page, ctx, job, outcome } = await publishWith({ 'publish-answer': 'none' });
    await expectAdapterError(outcome, 'readback_failed', 'read_back');
    const post = fx.sim.publishes(P)[0]!;
    expect(await adapter.verify(await page.context().newPage(), job, ctx)).toEqual({ found: true, postId: post.postId, url: post.url, candidates: 1 });
  }, FLOW_TIMEOUT_MS);

  it('an answer naming only a draft (result.draftId) is never a publish: readback_failed, and verify finds nothing published', async () => {
    const { page, ctx, job, outcome } = await publishWith({ 'publish-answer': 'draftId' });
    const err = await expectAdapterError(outcome, 'readback_failed', 'read_back');
    expect(err.message).toContain('draft');
    expect(fx.sim.publishes(P)).toHaveLength(0);
    expect(await adapter.verify(await page.context().newPage(), job, ctx)).toEqual({ found: false });
  }, FLOW_TIMEOUT_MS);

  it('an editor without the upload terms box is editor_changed before the click', async () => {
    fx.sim.configure(P, { omit: ['statement-box'] });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx(brief('selectorMs'));
    await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'editor_changed', 'apply_settings');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);
});

describe('login check', () => {
  it('reads the account from creatorinfo when getAuthorInfo is gone, and publishes as that account', async () => {
    fx.sim.configure(P, { forms: { 'account-call': 'creatorinfo' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    expect(await adapter.checkLogin(page, ctx)).toEqual({ externalRef: ACCOUNT, displayName: `user_${ACCOUNT}` });
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    expect(result.postId).toBe(fx.sim.publishes(P)[0]!.postId);
  }, FLOW_TIMEOUT_MS);

  it('a logged-out profile is login_required when only creatorinfo answers', async () => {
    fx.sim.configure(P, { forms: { 'account-call': 'creatorinfo' } });
    const page = await fx.open(ACCOUNT, false);
    await expectAdapterError(adapter.checkLogin(page, fx.ctx()), 'login_required', 'check_login');
  }, FLOW_TIMEOUT_MS);
});

describe('refusal forms', () => {
  refusalFormCases({ ...contract, forms: { ant: 'an Ant Design message', 'ant-notification': 'an Ant Design notification', 'role-alert': 'an ARIA alert' }, successForm: 'ant' });
});
