/**
 * dongchedi (懂车帝 懂车号): articles through the 懂车号 article editor, a
 * page without a recorded JSON API, driven as a person does: the title, the
 * body into its UEditor frame, the cover through 本地上传 and the crop
 * dialog, then 预览并发布. The later editor a public script records (a title
 * box 请输入文章标题, a ProseMirror body taking a paste, a button 发布) is
 * driven the same way where it differs.
 *
 * What each step rests on (the public sources of every fact about these
 * pages, and how sure each is) is in dongchedi/provenance.ts.
 *
 * The body is set as the recorded flow sets it, as the frame's document:
 * UEditor keeps no model apart from the document in its frame (what it
 * saves is that body serialised), unlike the ProseMirror editors kit/paste-html.ts
 * serves; a synthetic paste would not reach it, since UEditor reads a paste
 * from what the browser's own paste put into the page. The body is read
 * back: an editor that did not keep the text is `editor_changed`.
 *
 * Settings (shared contract names): `coverMode` (custom uploads the
 * article's coverImage; when absent, custom if the article has one). Code
 * blocks stay plain `<pre><code>`; tables stay tables (UEditor edits them);
 * pictures go in as their web addresses (a local path is refused before the
 * browser moves).
 */
import { localPictures, markdownToHtml } from '@plume/shared';
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type ArticleJob, type LoginInfo, type OpenedFile, type PublishResult, type Step, type VerifyResult } from '../contract.js';
import { defineAdapter } from '../define.js';
import { plainCodeBlocks, textOf } from '../kit/article-markup.js';
import { DONGCHEDI_PROVENANCE } from './provenance.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { refusalIn } from '../kit/refusal.js';
import { listedTime } from '../kit/listed-time.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { firstAccount } from '../kit/first-account.js';
import { field, pageJson } from '../kit/page-api.js';
import { pasteHtml } from '../kit/paste-html.js';
import { outcomeUnknown } from '../publish-click.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, fillChecked, type ListedPost, matchPost, need, openLoggedIn, openMedia, poll, timeouts } from '../support.js';

export const ORIGIN = 'https://mp.dcdapp.com';
const SITE = { defaultBaseUrl: ORIGIN };

export const URLS = {
  articleEditor: 'https://mp.dcdapp.com/profile_v2/publish/article',
  mediaInfo: 'https://mp.dcdapp.com/mp/agw/media/get_media_info',
  articlePublishPath: '/mp/agw/article/publish',
  /** The publish call a public client records from the same editor (answer { status, data: { code, data: { pgc_id } } }). */
  articlePublishMotorPath: '/motor/content_publish/publish_mp_article/v1',
  articleList: 'https://mp.dcdapp.com/mp/agw/article/list?page_num=1&page_size=20',
  post: (id: string) => `https://www.dongchedi.com/article/${id}`,
};

export const DONGCHEDI_ARTICLE_SETTINGS = ['coverMode'] as const;

const S = {
  /** The first textarea (M), or the later editor's title box (placeholder 请输入文章标题, D2). */
  title: 'textarea, [placeholder*="请输入文章标题"]',
  editorFrame: 'iframe#ueditor_0, iframe[id^="ueditor_"]',
  /** The later editor's body (D2): a ProseMirror in the page. */
  proseBody: '.ProseMirror[contenteditable="true"]',
  coverTrigger: 'div.fake-upload-trigger',
  localUpload: 'li:has-text("本地上传")',
  coverInput: 'div.xigua-upload-poster-trigger > input',
  clip: 'div.clip-btn-content',
  coverOk: 'button:text-is("确定")',
  coverConfirm: 'button.m-button.red',
  coverShown: 'div.fake-upload-trigger img',
  /** 预览并发布 (M), or the later editor's button reading exactly 发布 (D2). */
  publish: 'button.publish-btn:has-text("预览并发布"), button:text-is("发布")',
  /**
   * The page's refusal: ByteDesign's error message, or the Ant Design / .m-message feedback and
   * ARIA alerts a public client reads on this editor (provenance: PD). A success-worded message
   * never counts (kit/refusal.ts).
   */
  refusal: '.byte-message-error, .ant-message-error, .ant-message-notice, .m-message, [role="alert"]',
  /** A confirmation the publish may show: a dialog's 确认发布 / 确定发布 / 立即发布 / 发布. */
  confirmDialog: '[role="dialog"], .ant-modal, .m-dialog, .byte-modal',
} as const;

type Ctx = Pick<AdapterContext, 'baseUrl'>;
const at = (ctx: Ctx, real: string): string => liveUrl(ctx, SITE, real);
const real = (ctx: Ctx, address: string): URL => realUrl(ctx, SITE, address);
/** Off mp.dcdapp.com, or a /login path on it, is the login (both recorded). */
const isLoginPage = (ctx: Ctx) => (u: URL) => {
  const r = real(ctx, u.toString());
  return r.host !== 'mp.dcdapp.com' || /\/login\b/.test(r.pathname);
};
const letters = (text: string) => text.replace(/\s+/g, '');

const idOf = (v: unknown): string | undefined => ((typeof v === 'string' && /^\d+$/.test(v)) || (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) ? String(v) : undefined);

/**
 * Who is logged in, read the two ways on record: the account call
 * get_media_info (data.user.id, screen_name), else the account the logged-in
 * page itself holds (window.Garr.pgc_info.user, filled once the page's own
 * user query succeeded). Neither naming an account is `login_required`.
 */
function whoAmI(page: Page, step: Step, ctx: AdapterContext): Promise<LoginInfo> {
  return firstAccount('dongchedi', step, ctx, [
    {
      what: 'get_media_info',
      read: async () => {
        const body = await pageJson(page, at(ctx, URLS.mediaInfo), {}, step, 'login check', ctx);
        const id = idOf(field(body, 'data', 'user', 'id'));
        return id ? { externalRef: id, displayName: String(field(body, 'data', 'user', 'screen_name') ?? '') } : undefined;
      },
    },
    {
      what: "the page's pgc_info user",
      read: async () => {
        const read = () =>
          page.evaluate(() => {
            const user = (globalThis as unknown as { Garr?: { pgc_info?: { user?: Record<string, unknown> } } }).Garr?.pgc_info?.user;
            return user ? { id: user.id, name: user.screen_name ?? user.name } : null;
          });
        const none = () => new Error('the page holds no pgc_info user');
        const held = await poll(read, (v) => v !== null, { intervalMs: 150, timeoutMs: timeouts(ctx).selectorMs, signal: ctx.signal, onTimeout: none });
        const id = idOf(held?.id);
        return id ? { externalRef: id, displayName: typeof held?.name === 'string' ? held.name : '' } : undefined;
      },
    },
  ]);
}

/** Everything the job asks for, checked before the browser moves. */
export function planArticle(job: ArticleJob) {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImage ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImage) throw new AdapterError('cover_rejected', 'upload', 'coverMode is custom but the article has no coverImage');
  const title = job.payload.title.trim();
  if (!title) throw new AdapterError('publish_rejected', 'fill', 'a dongchedi article needs a title');
  const html = plainCodeBlocks(markdownToHtml(job.payload.content));
  // The same test the control plane makes (the contract's inlinePictures), so preflight and the node agree;
  // it reads the Markdown, so a picture in a table (which becomes text here) is refused too.
  const [local] = localPictures(job.payload.content);
  if (local !== undefined) throw new AdapterError('upload_failed', 'upload', `dongchedi's editor takes pictures from web addresses only, not "${local}"`);
  if (!textOf(html).trim()) throw new AdapterError('publish_rejected', 'fill', 'a dongchedi article needs a body with text');
  return { reader: r, title, html, cover: coverMode === 'custom' ? job.payload.coverImage : undefined };
}

async function openEditor(page: Page, step: Step, ctx: AdapterContext): Promise<LoginInfo> {
  await openLoggedIn(page, at(ctx, URLS.articleEditor), step, ctx, isLoginPage(ctx));
  return whoAmI(page, step, ctx);
}

async function prepareArticle(page: Page, job: ArticleJob, ctx: AdapterContext): Promise<void> {
  const p = planArticle(job);
  p.reader.logIgnored(DONGCHEDI_ARTICLE_SETTINGS, ctx.log);
  const cover = p.cover === undefined ? undefined : await openMedia(ctx, p.cover, 'upload', 'cover_rejected', 'cover image');

  ctx.progress('open_editor');
  assertAccount(await openEditor(page, 'open_editor', ctx), job, 'open_editor');
  const title = await need(page, S.title, 'open_editor', 'title box (textarea, or 请输入文章标题)', ctx);

  ctx.progress('fill');
  await fillChecked(title, p.title, 'fill', 'title box');
  await fillBody(page, p.html, ctx);

  if (cover) await uploadCover(page, cover, ctx);
}

/** The frame's body takes the HTML (UEditor's own document), then the text it shows is compared with the article's. */
async function fillBody(page: Page, html: string, ctx: AdapterContext): Promise<void> {
  const editor = await need(page, `${S.editorFrame}, ${S.proseBody}`, 'fill', 'article editor (the UEditor frame ueditor_0, or a ProseMirror body)', ctx, 'attached');
  // The later editor (D2): a ProseMirror in the page takes a paste, as such editors do.
  if ((await editor.evaluate((el) => (el as unknown as { tagName: string }).tagName)) !== 'IFRAME') return pasteHtml(page.locator(S.proseBody).first(), html, 'fill', 'the article editor', ctx);
  const body = await need(page.frameLocator(S.editorFrame).first().locator('html'), 'body', 'fill', 'article editor body', ctx, 'attached');
  await body.evaluate((el, value) => {
    // Runs in the frame; this package is built without the DOM's types.
    const dom = globalThis as unknown as { Event: new (type: string, init: Record<string, unknown>) => unknown };
    const node = el as unknown as { innerHTML: string; dispatchEvent(event: unknown): boolean };
    node.innerHTML = value;
    node.dispatchEvent(new dom.Event('input', { bubbles: true }));
    node.dispatchEvent(new dom.Event('change', { bubbles: true }));
  }, html);
  const want = letters(textOf(html));
  const got = letters(await body.innerText());
  if (got !== want) {
    throw new AdapterError('editor_changed', 'fill', `the article editor did not keep the article (it shows ${got.length} of ${want.length} characters)`, { shown: got.length, expected: want.length });
  }
}

/** 本地上传 → the poster input → 裁剪 / 确定 → the confirmation; then the picture on the cover card, or the page's refusal. */
async function uploadCover(page: Page, cover: OpenedFile, ctx: AdapterContext): Promise<void> {
  ctx.progress('upload', { phase: 'cover', percent: 0 });
  await (await need(page, S.coverTrigger, 'upload', 'cover card (div.fake-upload-trigger)', ctx)).click();
  await (await need(page, S.localUpload, 'upload', 'cover menu 本地上传', ctx)).click();
  await (await need(page, S.coverInput, 'upload', 'cover upload input', ctx, 'attached')).setInputFiles(cover.path);
  const refusal = refusalIn(page, S.refusal);
  const ok = page.locator(S.coverOk).filter({ visible: true });
  const confirm = page.locator(S.coverConfirm).filter({ visible: true });
  const shown = page.locator(S.coverShown);
  const clip = page.locator(S.clip).filter({ visible: true });
  let clipped = false;
  const end = await poll(
    async () => {
      if ((await refusal.count()) > 0) return 'refused';
      if ((await shown.count()) > 0) return 'shown';
      // The crop dialog, then its confirmation, as the page shows them.
      if ((await confirm.count()) > 0) await confirm.first().click();
      else if ((await ok.count()) > 0) {
        if (!clipped && (await clip.count()) > 0) {
          clipped = true;
          await clip.first().click();
        }
        await ok.first().click();
      }
      return null;
    },
    (v) => v !== null,
    {
      intervalMs: 150,
      timeoutMs: timeouts(ctx).uploadMs,
      signal: ctx.signal,
      onTimeout: () => new AdapterError('cover_rejected', 'upload', 'the cover never showed on the cover card'),
    },
  );
  if (end === 'refused') throw new AdapterError('cover_rejected', 'upload', `dongchedi refused the cover: ${(await refusal.first().innerText()).trim()}`);
  ctx.progress('upload', { phase: 'cover', bytesSent: cover.size, bytesTotal: cover.size, percent: 100 });
}

function publishArticle(page: Page, _job: ArticleJob, ctx: AdapterContext): Promise<PublishResult> {
  return clickPublishForJson(
    page,
    {
      button: page.locator(S.publish).first(),
      confirm: page.locator(S.confirmDialog).filter({ hasText: '发布' }).getByRole('button', { name: /^\s*(确认|确定|立即)?发布\s*$/ }),
      isPublishRequest: (req) => req.method() === 'POST' && [URLS.articlePublishPath, URLS.articlePublishMotorPath].includes(real(ctx, req.url()).pathname),
      urlPattern: [`*${URLS.articlePublishPath}*`, `*${URLS.articlePublishMotorPath}*`],
      refusal: refusalIn(page, S.refusal),
      judge: (body, text) => {
        // Two recorded answers: { code: 0, data: { group_id } }, and { status: 0, data: { code: 0, data: { pgc_id } } }.
        const nested = field(body, 'status') !== undefined;
        const accepted = nested ? field(body, 'status') === 0 && field(body, 'data', 'code') === 0 : field(body, 'code') === 0;
        if (!accepted) return { ok: false, message: String(field(body, 'message') ?? field(body, 'data', 'message') ?? field(body, 'code') ?? field(body, 'status')) };
        // Ids as the answer wrote them (a JSON number may not hold a 19-digit id exactly).
        const raw = nested ? /"pgc_id"\s*:\s*"?(\d+)/.exec(text)?.[1] : /"group_id"\s*:\s*"?(\d+)/.exec(text)?.[1];
        const id = idOf(raw);
        // Accepted without naming the article: it may exist, and only verify can say.
        if (!id) throw outcomeUnknown(`dongchedi accepted the article but its answer named no ${nested ? 'pgc_id' : 'group_id'}`, page);
        return { ok: true, value: { postId: id, url: at(ctx, URLS.post(id)) } };
      },
    },
    ctx,
  );
}

async function ownArticles(page: Page, ctx: AdapterContext): Promise<ListedPost[]> {
  const body = await pageJson(page, at(ctx, URLS.articleList), {}, 'read_back', 'article list', ctx);
  if (field(body, 'code') !== 0) throw new Error(`dongchedi article list: ${String(field(body, 'message') ?? field(body, 'code'))}`);
  const rows = field(body, 'data', 'list');
  return (Array.isArray(rows) ? rows : []).flatMap((row) => {
    const id = field(row, 'group_id');
    if (typeof id !== 'string' || !id) return [];
    return [{ postId: id, url: at(ctx, URLS.post(id)), text: String(field(row, 'title') ?? '').trim(), postedAt: listedTime(field(row, 'publish_time')) }];
  });
}

async function verifyArticle(page: Page, job: ArticleJob, ctx: AdapterContext): Promise<VerifyResult> {
  ctx.progress('read_back');
  assertAccount(await openEditor(page, 'check_login', ctx), job, 'check_login');
  const title = job.payload.title.trim();
  return matchPost(await ownArticles(page, ctx), job, (text) => text === title);
}

export const dongchediAdapter = defineAdapter({
  platform: 'dongchedi',
  defaultBaseUrl: ORIGIN,
  settingKeys: DONGCHEDI_ARTICLE_SETTINGS,
  // A site check uploads its picture as the article's cover, as a person publishing would.
  checkSettings: { article: { coverMode: 'custom' } },
  provenance: DONGCHEDI_PROVENANCE,

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    return openEditor(page, 'check_login', ctx);
  },
  flows: { article: { prepare: prepareArticle, publish: publishArticle, verify: verifyArticle } },
});
