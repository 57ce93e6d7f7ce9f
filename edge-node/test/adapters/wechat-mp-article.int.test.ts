/**
 * 微信公众号 articles in real Chromium against the Official Account replica:
 * the session token from the home page's commonData, every picture and the
 * cover through the material upload, links written out as text (WeChat
 * refuses links to other sites), the draft saved through operate_appmsg with
 * author, 阅读原文, comments and digest, then published from the draft's edit
 * page through 发表, the dialog's 发表, 继续发表 when WeChat asks again and
 * the administrator's scan when WeChat asks for one; the post is read back
 * from the account's lists by its title (its id is not the draft's). The
 * author is measured as WeChat's editor measures it (a Chinese character
 * counts 2, at most 16). The cases every adapter shares are in
 * test/support/adapter-contract.ts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ArticleJob } from '../../src/adapters/contract.js';
import { appMsgRows, articleHtml, publishedRows, wechatMpAdapter as adapter } from '../../src/adapters/wechat-mp/adapter.js';
import { decodeQrPng } from '../../src/login/qr.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { articleDraftContract, type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';

const P = 'wechat_mp';
const ACCOUNT = 'gh_3f2e1d0c9b8a';
const CONTENT = '## 小标题\n\n一段 **加粗** 的正文，见[说明](https://example.com/why)，或 <https://example.com/raw>。\n';
/** A picture on WeChat's picture host. */
const CDN_PICTURE = /https:\/\/mmbiz\.qpic\.cn\/mmbiz_png\/[0-9a-f]{16}\/0\?wx_fmt=(png|jpeg)/g;

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
    jobId: `job_wx${seq}`,
    attemptId: `att_wx${seq}`,
    platform: P,
    contentType: 'article',
    account: { id: 'acc_wx', externalRef: ACCOUNT },
    payload: { title: o.title ?? `公众号测试文章 ${seq}`, content: o.content ?? CONTENT, ...(o.cover === false ? {} : { coverImage: cover }) },
    settings: o.settings ?? { author: 'Plume', sourceUrl: 'https://example.com/original', openComment: true, summary: '一篇测试公众号发布流程的文章', aiLabel: true },
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
    title: 'publishes once: links as text with their address, the cover uploaded, author, 阅读原文, comments and digest in the draft; aiLabel ignored',
    async check({ post, result, job, ctx }) {
      expect(post.title).toBe(job.payload.title);
      expect(post.body).toBe(articleHtml(CONTENT));
      expect(post.body).toContain('见说明（https://example.com/why），或 https://example.com/raw。');
      expect(post.body).not.toContain('<a ');
      expect(post.settings).toEqual({ author: 'Plume', sourceUrl: 'https://example.com/original', openComment: true, digest: '一篇测试公众号发布流程的文章' });
      expect(post.media).toEqual([{ kind: 'cover', ...(await fileDigest(cover)) }]);
      expect(result).toEqual({ postId: expect.stringMatching(/^\d{10}$/), url: expect.stringMatching(new RegExp(`^${fx.sim.baseUrl(P)}/mp\\.weixin\\.qq\\.com/s/[\\w-]{22}$`)) });
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'upload', 'apply_settings', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: {
    // No cover given: the body's first picture is the cover WeChat requires.
    job: () => makeJob({ cover: false, settings: {}, content: `正文\n\n![图](${figure})` }),
    check(posts) {
      expect(posts[0]!.settings).toEqual({ author: '', sourceUrl: '', openComment: false, digest: '' });
      expect(posts[0]!.body.replace(CDN_PICTURE, 'PIC')).toBe('<p>正文</p>\n<p><img src="PIC" alt="图" /></p>');
      expect(posts[0]!.media.map((m) => m.kind)).toEqual(['cover', 'image']);
      expect(posts[0]!.media[0]!.sha256).toBe(posts[0]!.media[1]!.sha256);
    },
  },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'title-input', step: 'open_editor', control: 'title input' },
};

describe('happy path', () => {
  happyPathContract(contract);

  it('a picture from a local file becomes WeChat’s own copy before the draft is saved', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ content: `开头\n\n![图一](${figure})\n\n结尾` });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    const post = fx.sim.publishes(P)[0]!;
    expect(post.body.replace(CDN_PICTURE, 'PIC')).toBe('<p>开头</p>\n<p><img src="PIC" alt="图一" /></p>\n<p>结尾</p>');
    expect(post.media).toEqual([{ kind: 'cover', ...(await fileDigest(cover)) }, { kind: 'image', ...(await fileDigest(figure)) }]);
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
    otherDraftUrl: () => `${fx.sim.baseUrl(P)}/mp.weixin.qq.com/cgi-bin/appmsg?t=media/appmsg_edit&action=edit&type=77&appmsgid=2247480000&token=1&lang=zh_CN`,
  });

  it('an article with neither a cover nor a picture is cover_rejected before the browser moves', async () => {
    const page = await fx.open(ACCOUNT);
    await expectAdapterError(adapter.prepare(page, makeJob({ cover: false, settings: {} }), fx.ctx()), 'cover_rejected', 'upload');
    expect(page.url()).toBe('about:blank');
  }, FLOW_TIMEOUT_MS);

  it('a draft save that names no appMsgId is editor_changed at fill; nothing is published', async () => {
    fx.sim.configure(P, { omit: ['app-msg-id'] });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx(brief('selectorMs'));
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'editor_changed', 'fill');
    expect(err.message).toContain('appMsgId');
    // A draft prepare did save, but the page has moved to another: still nothing is published.
    fx.sim.configure(P, { omit: [] });
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    await page.goto(`${fx.sim.baseUrl(P)}/mp.weixin.qq.com/cgi-bin/appmsg?t=media/appmsg_edit&action=edit&type=77&appmsgid=2247480000&token=1&lang=zh_CN`);
    await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'editor_changed', 'publish');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);

  it('login_required when the session is another account’s', async () => {
    const page = await fx.open('gh_000000000999');
    await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'login_required', 'open_editor');
  }, FLOW_TIMEOUT_MS);

  it('an edit page without its 发表 control is editor_changed at publish and never passes the gate', async () => {
    fx.sim.configure(P, { omit: ['publish-button'] });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx(brief('selectorMs'));
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'editor_changed', 'publish');
    expect(err.message).toContain('发表');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);
});

/** The draft's id, from the prepared edit page's address. */
const draftIdOf = (page: Page) => new URL(page.url()).searchParams.get('appmsgid');

describe('what WeChat asks after 发表', () => {
  it('继续发表 (asked by default) is clicked; the published article has an id of its own, not the draft’s, and is read back by its title', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const draftId = draftIdOf(page);
    const result = await adapter.publish(page, job, ctx, prepared);
    const post = fx.sim.publishes(P)[0]!;
    expect(draftId).toMatch(/^\d+$/);
    expect(result).toEqual({ postId: post.postId, url: post.url });
    expect(result.postId).not.toBe(draftId);
    expect(ctx.gate.calls).toBe(1);
  }, FLOW_TIMEOUT_MS);

  it('without 继续发表, the dialog’s 发表 publishes; a published article that keeps the draft’s id reads back too', async () => {
    fx.sim.configure(P, { forms: { continue: 'absent', 'published-id': 'draft' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const draftId = draftIdOf(page);
    const result = await adapter.publish(page, job, ctx, prepared);
    expect(result.postId).toBe(draftId);
    expect(fx.sim.publishes(P).map((p) => p.postId)).toEqual([draftId]);
  }, FLOW_TIMEOUT_MS);

  it('微信验证: the adapter reports the administrator’s scan and waits for it; once the phone confirms, WeChat publishes', async () => {
    fx.sim.configure(P, { forms: { verify: 'qr' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const publishing = adapter.publish(page, job, ctx, prepared);
    await expect.poll(() => ctx.events.some((e) => e.step === 'publish' && e.detail?.phase === 'admin_scan'), { timeout: 10_000 }).toBe(true);
    expect(fx.sim.publishes(P)).toHaveLength(0);
    const src = await page.locator('img.js_qrcode').getAttribute('src');
    const text = decodeQrPng(Buffer.from(src!.replace(/^data:image\/png;base64,/, ''), 'base64'));
    await fx.sim.scan(text!, { account: ACCOUNT });
    const result = await publishing;
    expect(result.postId).toBe(fx.sim.publishes(P)[0]!.postId);
  }, FLOW_TIMEOUT_MS);

  it('微信验证 nobody scans: readback_failed naming the scan, nothing is published, and verify finds nothing', async () => {
    fx.sim.configure(P, { forms: { verify: 'qr' } });
    const page = await fx.open(ACCOUNT);
    const base = fx.ctx();
    const ctx = fx.ctx({ timeouts: { ...base.timeouts!, publishMs: 1_500 } });
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'readback_failed', 'read_back');
    expect(err.message).toContain('微信验证');
    expect(fx.sim.publishes(P)).toHaveLength(0);
    expect(await adapter.verify(page, job, ctx)).toEqual({ found: false });
  }, FLOW_TIMEOUT_MS);
});

describe('the lists the article is read back from', () => {
  it.each(['publish-list', 'list-ex'])('with %s gone, publish and verify read the other list', async (gone) => {
    fx.sim.configure(P, { omit: [gone] });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx(brief('selectorMs'));
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    expect(result.postId).toBe(fx.sim.publishes(P)[0]!.postId);
    expect(await adapter.verify(page, job, ctx)).toEqual({ found: true, postId: result.postId, url: result.url, candidates: 1 });
  }, FLOW_TIMEOUT_MS);

  it('with both lists gone, the publish is readback_failed (outcome unknown) and verify says the site changed', async () => {
    fx.sim.configure(P, { omit: ['publish-list', 'list-ex'] });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx(brief('selectorMs'));
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'readback_failed', 'read_back');
    expect(err.message).toContain('no article list answered');
    expect(fx.sim.publishes(P)).toHaveLength(1);
    await expectAdapterError(adapter.verify(page, job, ctx), 'editor_changed', 'read_back');
  }, FLOW_TIMEOUT_MS);

  it('reads publish_page and publish_info as JSON text or as objects, skips deleted rows and rows without an address, and takes a refusal for no list', () => {
    const article = { aid: '2247503214_1', appmsgid: 2247503214, itemidx: 1, title: '标题', link: 'https://mp.weixin.qq.com/s/wZxawrdSdSUAAZc89XuhWg', update_time: 1753666492 };
    const expected = [{ id: '2247503214', title: '标题', link: article.link, at: '2025-07-28T01:34:52.000Z' }];
    const page = (info: unknown) => ({ publish_list: [{ publish_type: 101, publish_info: info }, { publish_type: 101, publish_info: '' }] });
    const info = { appmsgex: [article, { ...article, appmsgid: 1, is_deleted: true }, { ...article, appmsgid: 2, link: '' }] };
    const ok = { base_resp: { ret: 0, err_msg: 'ok' } };
    expect(publishedRows({ ...ok, publish_page: JSON.stringify(page(JSON.stringify(info))) })).toEqual(expected);
    expect(publishedRows({ ...ok, publish_page: page(info) })).toEqual(expected);
    expect(publishedRows({ base_resp: { ret: 200003, err_msg: 'invalid session' } })).toBeNull();
    expect(publishedRows({ ...ok, publish_page: 'not json' })).toBeNull();
    expect(appMsgRows({ ...ok, app_msg_list: [article] })).toEqual(expected);
    expect(appMsgRows({ base_resp: { ret: 200003 } })).toBeNull();
  });
});

describe('the author, as WeChat measures it', () => {
  it('an author wider than 16 (nine Chinese characters) is setting_unavailable before the browser moves; a mixed one exactly 16 wide is published', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, makeJob({ settings: { author: '一二三四五六七八九' } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(err.message).toContain('"author" is 18 wide');
    expect(page.url()).toBe('about:blank');
    const job = makeJob({ settings: { author: '公众号作者Plume0' } });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    expect(fx.sim.publishes(P)[0]!.settings).toMatchObject({ author: '公众号作者Plume0' });
  }, FLOW_TIMEOUT_MS);

  it('the replica refuses what WeChat’s editor refuses: a draft saved with an author 18 wide stops at 发表 with 作者不能超过8个字, and no dialog opens', async () => {
    const page = await fx.open(ACCOUNT);
    await adapter.prepare(page, makeJob({ cover: false, settings: {}, content: `正文\n\n![图](${figure})` }), fx.ctx());
    const token = new URL(page.url()).searchParams.get('token')!;
    const picture = await page.locator('.ProseMirror img').getAttribute('src');
    // The same draft call, given an author the adapter refuses before it gets this far.
    const saved = await page.evaluate(
      async ({ url, form }) => (await fetch(url, { method: 'POST', body: new URLSearchParams(form) })).json() as Promise<{ appMsgId?: number }>,
      {
        url: `${fx.sim.baseUrl(P)}/mp.weixin.qq.com/cgi-bin/operate_appmsg?t=ajax-response&sub=create&type=77&token=${token}&lang=zh_CN`,
        form: { token, title0: '作者太宽的草稿', author0: '一二三四五六七八九', content0: '<p>正文</p>', cdn_url0: picture!, need_open_comment0: '0' },
      },
    );
    expect(saved.appMsgId).toBeGreaterThan(0);
    const sent = fx.sim.hits('/mp.weixin.qq.com/cgi-bin/masssend');
    await page.goto(`${fx.sim.baseUrl(P)}/mp.weixin.qq.com/cgi-bin/appmsg?t=media/appmsg_edit&action=edit&type=77&appmsgid=${saved.appMsgId}&token=${token}&lang=zh_CN`);
    await page.locator('#js_send button').click();
    await page.getByText('作者不能超过8个字').waitFor();
    expect(await page.locator('.weui-desktop-dialog').filter({ visible: true }).count()).toBe(0);
    expect(fx.sim.hits('/mp.weixin.qq.com/cgi-bin/masssend')).toBe(sent);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);
});

describe('refusal forms', () => {
  for (const [form, what] of [
    ['dialog-error', 'the dialog’s error line'],
    ['weui-toast', 'a .weui-desktop-toast saying 发表失败'],
  ] as const) {
    it(`a refused publish shown as ${what} is publish_rejected with WeChat’s reason; nothing is published`, async () => {
      fx.sim.configure(P, { rejectPublish: '内容涉嫌违规', forms: { 'refusal-form': form } });
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = makeJob();
      const prepared = await adapter.prepare(page, job, ctx);
      const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
      expect(err.message).toContain('内容涉嫌违规');
      expect(ctx.gate.calls).toBe(1);
      expect(fx.sim.publishes(P)).toHaveLength(0);
    }, FLOW_TIMEOUT_MS);
  }

  it('a success-worded toast (草稿保存成功) shown as 发表 is clicked is not a refusal: the article is published once', async () => {
    fx.sim.configure(P, { forms: { 'refusal-form': 'weui-toast', 'page-notice': 'success' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const posts = fx.sim.publishes(P);
    expect(posts).toHaveLength(1);
    expect(result.postId).toBe(posts[0]!.postId);
  }, FLOW_TIMEOUT_MS);
});
