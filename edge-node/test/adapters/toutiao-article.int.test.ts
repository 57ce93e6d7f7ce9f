/**
 * toutiao articles in real Chromium against the toutiao replica: the
 * Markdown as the editor's HTML (links as text, pictures as toutiao's own
 * copies in pgc-img blocks), the cover through toutiao's image upload, the
 * draft saved and then published through the article gateway, 作品声明 with the
 * AI label, 头条首发. The cases every adapter shares are in test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ArticleJob } from '../../src/adapters/contract.js';
import { toutiaoAdapter as adapter } from '../../src/adapters/toutiao/adapter.js';
import { articleHtml } from '../../src/adapters/toutiao/article.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';

const P = 'toutiao';
const ACCOUNT = '1700000000000001';
const CONTENT = '## 小标题\n\n一段 **加粗** 的正文，含 [一个链接](https://example.com/x)。\n\n- 一\n- 二\n';
const IMAGE = 'https://images.example.com/figure-1.png';
/** A picture block pointing at toutiao's own copy of IMAGE. */
const COPIED = /<div class="pgc-img"><img src="https:\/\/p3-sign\.toutiaoimg\.com\/pgc-image\/[0-9a-f]{32}~tplv-tt-origin-web:gif\.jpeg" alt="图一" web_uri="pgc-image\/[0-9a-f]{32}" img_width="1000" img_height="750" image_type="1" \/><p class="pgc-img-caption"><\/p><\/div>/;

let cover: string;
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    cover = await media.file('cover.jpg', 50 * 1024);
  },
});

function makeJob(o: { title?: string; content?: string; settings?: Record<string, unknown>; cover?: boolean; aigc?: boolean } = {}): ArticleJob {
  seq++;
  return {
    jobId: `job_tta${seq}`,
    attemptId: `att_tta${seq}`,
    platform: P,
    contentType: 'article',
    account: { id: 'acc_tta', externalRef: ACCOUNT },
    payload: {
      title: o.title ?? `头条文章测试 ${seq}`,
      content: o.content ?? CONTENT,
      ...(o.cover === false ? {} : { coverImage: cover }),
      ...(o.aigc === undefined ? {} : { aigc: { label_required: o.aigc } }),
    },
    settings: o.settings ?? { exclusive: true, declarations: ['personal_opinion'], aiLabel: true },
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
    title: 'publishes once: the Markdown as the editor HTML, the cover uploaded, 作品声明 with 引用AI, 头条首发',
    async check({ post, result, job, ctx }) {
      expect(post.title).toBe(job.payload.title);
      expect(post.body).toBe(articleHtml(CONTENT));
      expect(post.body).toContain('<strong>加粗</strong>');
      expect(post.body).toContain('含 一个链接。');
      expect(post.body).not.toContain('<a ');
      // In the order the editor lists them, the AI label added to the integrator's choice.
      expect(post.settings).toEqual({ exclusive: true, declarations: ['个人观点，仅供参考', '引用AI'], coverType: 1 });
      expect(post.media).toEqual([{ kind: 'cover', ...(await fileDigest(cover)) }]);
      expect(result).toEqual({ postId: expect.stringMatching(/^\d{19}$/), url: `${fx.sim.baseUrl(P)}/www.toutiao.com/article/${result.postId}/` });
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'upload', 'apply_settings', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: {
    // No cover, no declaration, not exclusive: coverType 3 with no covers, as the editor's own form sends.
    job: () => makeJob({ cover: false, settings: {} }),
    check(posts) {
      expect(posts[0]!.settings).toEqual({ exclusive: false, declarations: [], coverType: 3 });
      expect(posts[0]!.media).toEqual([]);
    },
  },
  verifyJob: () => makeJob({ cover: false }),
  editorChanged: { omit: 'pgc_id', step: 'fill', control: 'data.pgc_id' },
};

describe('happy path', () => {
  happyPathContract(contract);

  it('a picture from another site becomes toutiao’s own copy in a pgc-img block before the draft is saved', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ content: `开头\n\n![图一](${IMAGE})\n\n结尾`, cover: false, settings: {} });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    const body = fx.sim.publishes(P)[0]!.body;
    expect(body).toMatch(COPIED);
    expect(body).not.toContain(IMAGE);
    expect(body.replace(COPIED, 'PIC')).toBe('<p>开头</p>\nPIC\n<p>结尾</p>');
  }, FLOW_TIMEOUT_MS);

  it('the AI label follows the article’s aigc facts when the settings give none', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ cover: false, settings: {}, aigc: true });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    expect(fx.sim.publishes(P)[0]!.settings.declarations).toEqual(['引用AI']);
    // aiLabel false in the settings wins over the facts.
    fx.sim.reset();
    const off = makeJob({ cover: false, settings: { aiLabel: false }, aigc: true });
    const preparedOff = await adapter.prepare(page, off, ctx);
    await adapter.publish(page, off, ctx, preparedOff);
    expect(fx.sim.publishes(P)[0]!.settings.declarations).toEqual([]);
  }, FLOW_TIMEOUT_MS);

  it('discardDraft removes the draft prepare saved, and only from the draft’s page', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ cover: false });
    const prepared = await adapter.prepare(page, job, ctx);
    const list = () =>
      page.evaluate(
        async (u) => ((await (await fetch(u)).json()) as { data: { articles: Array<{ id: string; status: number }> } }).data.articles,
        `${fx.sim.baseUrl(P)}/mp.toutiao.com/mp/agw/article/list/?page=1&page_size=20&status=all`,
      );
    const draftId = new URL(page.url()).searchParams.get('pgc_id');
    expect(await list()).toEqual([expect.objectContaining({ id: draftId, status: 1 })]);
    await adapter.discardDraft!(page, job, ctx, prepared);
    expect(await list()).toEqual([]);
    // Nothing left to publish from this page.
    await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'editor_changed', 'publish');
    expect(ctx.gate.calls).toBe(0);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);
});

describe('which save value publishes (public sources disagree)', () => {
  /** The article gateway's calls this page sends, as {save, entrance}. */
  function gatewayCalls(page: import('playwright-core').Page): Array<{ save: string | null; entrance: string | null }> {
    const calls: Array<{ save: string | null; entrance: string | null }> = [];
    page.on('request', (req) => {
      if (req.method() !== 'POST' || !new URL(req.url()).pathname.endsWith('/mp/agw/article/publish')) return;
      const form = new URLSearchParams(req.postData() ?? '');
      calls.push({ save: form.get('save'), entrance: form.get('entrance') });
    });
    return calls;
  }

  it('the draft save sends save=0 with entrance=main, the publish save=1 with entrance=main, once', async () => {
    const page = await fx.open(ACCOUNT, true, { isolated: true });
    const calls = gatewayCalls(page);
    const ctx = fx.ctx();
    const job = makeJob({ cover: false });
    const prepared = await adapter.prepare(page, job, ctx);
    expect(fx.sim.publishes(P)).toHaveLength(0);
    await adapter.publish(page, job, ctx, prepared);
    expect(calls).toEqual([
      { save: '0', entrance: 'main' },
      { save: '1', entrance: 'main' },
    ]);
    expect(fx.sim.publishes(P)).toHaveLength(1);
  }, FLOW_TIMEOUT_MS);

  it('where save=0 without entrance publishes and save=1 only saves: the draft save publishes nothing, and an article still a draft after save=1 gets save=0, published once', async () => {
    fx.sim.configure(P, { forms: { articleSave: 'save0' } });
    const page = await fx.open(ACCOUNT, true, { isolated: true });
    const calls = gatewayCalls(page);
    const ctx = fx.ctx(brief('publishMs'));
    const job = makeJob({ cover: false });
    const prepared = await adapter.prepare(page, job, ctx);
    expect(fx.sim.publishes(P)).toHaveLength(0);
    const result = await adapter.publish(page, job, ctx, prepared);
    const posts = fx.sim.publishes(P);
    expect(posts).toHaveLength(1);
    expect(result).toEqual({ postId: posts[0]!.postId, url: `${fx.sim.baseUrl(P)}/www.toutiao.com/article/${posts[0]!.postId}/` });
    expect(calls).toEqual([
      { save: '0', entrance: 'main' },
      { save: '1', entrance: 'main' },
      { save: '0', entrance: null },
    ]);
    expect(ctx.gate.calls).toBe(1);
  }, FLOW_TIMEOUT_MS);

  it('an article the list still shows as a draft after both publishing forms is publish_rejected, never reported as published', async () => {
    fx.sim.configure(P, { forms: { articleSave: 'draft' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx(brief('publishMs'));
    const job = makeJob({ cover: false });
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('draft');
    expect(fx.sim.publishes(P)).toHaveLength(0);
    expect(ctx.gate.calls).toBe(1);
    const other = await page.context().newPage();
    expect(await adapter.verify(other, job, ctx)).toEqual({ found: false });
  }, FLOW_TIMEOUT_MS);
});

describe('verify', () => {
  it('a draft with the job’s title is not the post: only a published article counts', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ cover: false });
    const prepared = await adapter.prepare(page, job, ctx);
    // Looked up from a second tab, so the draft's page stays where prepare left it.
    const other = await page.context().newPage();
    expect(await adapter.verify(other, job, ctx)).toEqual({ found: false });
    const result = await adapter.publish(page, job, ctx, prepared);
    expect(await adapter.verify(other, job, ctx)).toEqual({ found: true, postId: result.postId, url: result.url, candidates: 1 });
  }, FLOW_TIMEOUT_MS);
});

describe('errors', () => {
  errorContract(contract);

  it('login_required when the profile is logged in as another account', async () => {
    const page = await fx.open('1700000000000999');
    await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'login_required', 'open_editor');
  }, FLOW_TIMEOUT_MS);

  it('titles outside 2–30 characters are publish_rejected before the browser moves', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '短' }), ctx), 'publish_rejected', 'fill');
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '长'.repeat(31) }), ctx), 'publish_rejected', 'fill');
    expect(page.url()).toBe('about:blank');
  }, FLOW_TIMEOUT_MS);

  it('cover_rejected when toutiao refuses the cover; nothing is saved or published', async () => {
    fx.sim.configure(P, { rejectCover: '封面尺寸不符合要求' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'cover_rejected', 'upload');
    expect(err.message).toContain('封面尺寸不符合要求');
    await expectAdapterError(adapter.prepare(page, makeJob({ cover: false, settings: { coverMode: 'custom' } }), ctx), 'cover_rejected', 'upload');
    expect(ctx.gate.calls).toBe(0);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('upload_failed when toutiao cannot copy a picture, or the picture is no web address', async () => {
    fx.sim.configure(P, { rejectImages: '图片抓取失败' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, makeJob({ content: `![图一](${IMAGE})`, cover: false }), ctx), 'upload_failed', 'upload');
    expect(err.message).toContain('图片抓取失败');
    await expectAdapterError(adapter.prepare(page, makeJob({ content: '![本地](figure.png)', cover: false }), ctx), 'upload_failed', 'upload');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('a declaration toutiao does not list is setting_unavailable before the browser moves', async () => {
    const page = await fx.open(ACCOUNT);
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { declarations: ['no_such'] } }), fx.ctx()), 'setting_unavailable', 'apply_settings');
    expect(page.url()).toBe('about:blank');
  }, FLOW_TIMEOUT_MS);

  it('publish_rejected when toutiao refuses the article at publish; the draft stays', async () => {
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

  it('an accepted publish answer naming no pgc_id: the article is read back from the content list, not published again', async () => {
    fx.sim.configure(P, { omit: ['publish-id'] });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx(brief('selectorMs'));
    const job = makeJob({ cover: false });
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const posts = fx.sim.publishes(P);
    expect(posts).toHaveLength(1);
    expect(result).toEqual({ postId: posts[0]!.postId, url: `${fx.sim.baseUrl(P)}/www.toutiao.com/article/${posts[0]!.postId}/` });
  }, FLOW_TIMEOUT_MS);

  it('publish away from the prepared draft’s page is editor_changed and never passes the gate', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    await page.goto(`${fx.sim.baseUrl(P)}/mp.toutiao.com/profile_v4/graphic/publish?pgc_id=7000000000000000001`);
    await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'editor_changed', 'publish');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);

  it('an editor without its title field is editor_changed at open_editor', async () => {
    fx.sim.configure(P, { omit: ['title-input'] });
    const page = await fx.open(ACCOUNT);
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx(brief('selectorMs'))), 'editor_changed', 'open_editor');
    expect(err.message).toContain('title input');
  }, FLOW_TIMEOUT_MS);
});
