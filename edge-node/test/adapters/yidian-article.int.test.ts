/**
 * 一点号 articles in real Chromium against the 一点号 replica: the account and
 * mpcode from the writing desk's window.mpuser / window.mpcode, the Markdown
 * as HTML without links, every picture and the cover through the desk's
 * upload (x-mp-code), the draft saved through the article model and published
 * by the editor's own publish control on the draft's page, 原创. The cases
 * every adapter shares are in test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ArticleJob } from '../../src/adapters/contract.js';
import { articleHtml, yidianAdapter as adapter } from '../../src/adapters/yidian/adapter.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { articleDraftContract, type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';

const P = 'yidian';
const ACCOUNT = '1736000001';
const CONTENT = '## 小标题\n\n一段 **加粗** 的正文，含 [一个链接](https://example.com/a) 与 `x`。\n\n```ts\nif (a < b) {\n  go();\n}\n```\n\n| 项目 | 数量 |\n|---|---|\n| 苹果 | 3 |\n';
/** A picture on 一点号's own host. */
const OWN_PICTURE = /https:\/\/i1\.go2yd\.com\/image\.php\?url=[0-9a-f]{16}/g;

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
    jobId: `job_yd${seq}`,
    attemptId: `att_yd${seq}`,
    platform: P,
    contentType: 'article',
    account: { id: 'acc_yd', externalRef: ACCOUNT },
    payload: { title: o.title ?? `一点号测试文章 ${seq}`, content: o.content ?? CONTENT, ...(o.cover === false ? {} : { coverImage: cover }) },
    settings: o.settings ?? { original: true, coverMode: 'custom', aiLabel: true },
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
    title: 'publishes once: HTML without links, tables or code blocks, the cover on 一点号, 原创; aiLabel has no recorded declaration here',
    async check({ post, result, job, ctx }) {
      expect(post.title).toBe(job.payload.title);
      expect(post.body).toBe(articleHtml(CONTENT));
      expect(post.body).toContain('含 一个链接 与 <strong>x</strong>。');
      expect(post.body).toContain('if (a &lt; b) {<br />&nbsp;&nbsp;go();<br />}</p>');
      expect(post.body).toContain('<p><strong>项目 | 数量</strong></p>\n<p>苹果 | 3</p>');
      expect(post.body).not.toMatch(/<pre|<table|<a /);
      expect(post.settings).toEqual({ original: true, coverType: 'one' });
      expect(post.media).toEqual([{ kind: 'cover', ...(await fileDigest(cover)) }]);
      expect(result).toEqual({ postId: expect.stringMatching(/^\d{16}$/), url: `${fx.sim.baseUrl(P)}/www.yidianzixun.com/article/${result.postId}` });
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'upload', 'apply_settings', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: {
    // No custom cover: 一点号 picks one (coverType default).
    job: () => makeJob({ cover: false, settings: {}, content: `正文\n\n![图](${figure})` }),
    check(posts) {
      expect(posts[0]!.settings).toEqual({ original: false, coverType: 'default' });
      expect(posts[0]!.body.replace(OWN_PICTURE, 'PIC')).toBe('<p>正文</p>\n<p><img src="PIC" alt="图" /></p>');
      expect(posts[0]!.media).toEqual([expect.objectContaining({ kind: 'image' })]);
    },
  },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'title-input', step: 'open_editor', control: 'title input' },
};

describe('happy path', () => {
  happyPathContract(contract);

  it('a picture from a local file becomes 一点号’s own copy before the draft is saved', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ content: `开头\n\n![图一](${figure})\n\n结尾` });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    const post = fx.sim.publishes(P)[0]!;
    expect(post.body.replace(OWN_PICTURE, 'PIC')).toBe('<p>开头</p>\n<p><img src="PIC" alt="图一" /></p>\n<p>结尾</p>');
    expect(post.media).toEqual([{ kind: 'cover', ...(await fileDigest(cover)) }, { kind: 'image', ...(await fileDigest(figure)) }]);
  }, FLOW_TIMEOUT_MS);
});

describe('the published article as the list names it', () => {
  // The publish answer names no article: its newsId (the public address's id) is the list's, published or still in review.
  for (const forms of [{ 'news-id': 'own' }, { 'list-status': 'review' }, { 'news-id': 'own', 'list-status': 'review' }]) {
    it(`publish and verify name the article by the list's newsId: ${JSON.stringify(forms)}`, async () => {
      fx.sim.configure(P, { forms });
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = makeJob();
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      const post = fx.sim.publishes(P)[0]!;
      expect(result).toEqual({ postId: post.postId, url: post.url });
      if (forms['news-id'] === 'own') expect(result.postId).toMatch(/^0[\w-]{7}$/);
      expect(await adapter.verify(page, job, ctx)).toEqual({ found: true, ...result, candidates: 1 });
      expect((await page.context().newPage().then((other) => other.goto(result.url)))?.status()).toBe(200);
    }, FLOW_TIMEOUT_MS);
  }

  it('an accepted publish the list does not name is readback_failed, never a guessed address', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    await expectAdapterError(adapter.publish(page, { ...job, payload: { ...job.payload, title: `${job.payload.title}另` } }, ctx, prepared), 'readback_failed', 'read_back');
    expect(fx.sim.publishes(P)).toHaveLength(1);
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
    badTitles: ['长'.repeat(65), '   '],
    otherDraftUrl: () => `${fx.sim.baseUrl(P)}/mp.yidianzixun.com/#/Writing/7000000000000001`,
  });

  it('login_required when the desk is another account’s', async () => {
    const page = await fx.open('1736000999');
    await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'login_required', 'open_editor');
  }, FLOW_TIMEOUT_MS);

  it('an article save that names no article is editor_changed at fill', async () => {
    fx.sim.configure(P, { omit: ['id'] });
    const page = await fx.open(ACCOUNT);
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx(brief('selectorMs'))), 'editor_changed', 'fill');
    expect(err.message).toContain('no id');
  }, FLOW_TIMEOUT_MS);
});
