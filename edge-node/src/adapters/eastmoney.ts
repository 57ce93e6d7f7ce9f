/**
 * eastmoney (东方财富 财富号) articles through the 财富号 article editor, a page
 * without a recorded JSON API, driven as a person does: the title, the body
 * pasted as HTML into its ProseMirror editor, the cover through 选择封面 →
 * 本地上传, the agreement tick, then 发布.
 *
 * Provenance (fact → source, snapshot date). M = leaperone/MultiPost-Extension
 * (2ef8725, 2026-06-05): src/sync/article/eastmoney.ts, src/sync/article.ts.
 * Wechatsync, social-auto-upload, doocs/cose and site-hub record nothing about
 * the 财富号 editor (cose only lists *.eastmoney.com among its extension's hosts).
 * | fact | source |
 * | editor https://mp.eastmoney.com/collect/pc_article/index.html | M src/sync/article.ts (injectUrl) |
 * | title `input[placeholder="标题(1-64字)"]`, 1–64 characters | M |
 * | body `div.ProseMirror[contenteditable="true"]`, filled by a paste event carrying HTML | M |
 * | the recorded flow removes every picture from the HTML before its paste; no source records a picture upload for this editor | M |
 * | cover: `div.select-cover-img` opens the dialog, `div#tab-upload[aria-controls="pane-upload"]` its upload tab, the file goes into the last `input#upload_input` | M |
 * | the agreement tick `footer.read_item > i.check-icon`, clicked once before publishing | M |
 * | publish `div.button_publish.item.editor-btn.editor-main-btn` | M |
 * | how the adopted cover shows (a picture inside div.select-cover-img) and how the page refuses (an Element UI message, `.el-message--error`) | UNVERIFIED |
 * | where a logged-out editor goes (any page off mp.eastmoney.com is taken for the login) | UNVERIFIED |
 * | the account endpoint GET mp.eastmoney.com/collect/api/user/info → data.uid, data.nickname | UNVERIFIED (no source records one) |
 * | the publish request POST mp.eastmoney.com/collect/api/article/publish → { code: 0, data.articleId } | UNVERIFIED |
 * | the own-articles list GET mp.eastmoney.com/collect/api/article/list → data.list[].{articleId,title,publishTime} | UNVERIFIED |
 * | the published address https://caifuhao.eastmoney.com/news/<articleId> | UNVERIFIED |
 * | the login page | UNVERIFIED: none recorded, so no `login` spec (accounts come by `accounts import`) |
 * | an AI-content declaration, tags, summary | no source records them: not applied (logged as ignored) |
 *
 * Settings (shared contract names): `coverMode` (custom uploads the article's
 * coverImage; when absent, custom if the article has one), `inlineImages`
 * (`refuse`, the default: an article with pictures in its body stops before
 * the browser moves; `drop`: published without them, each one named in the
 * job's log). Tables become lines of text (the recorded editor keeps no table).
 */
import { markdownToHtml } from '@plume/shared';
import type { Page } from 'playwright-core';
import { AdapterError, type Adapter, type AdapterContext, type ArticleJob, type LoginInfo, type OpenedFile, type PublishResult, type Step, type VerifyResult } from './contract.js';
import { imageSources } from './kit/article-images.js';
import { plainCodeBlocks, tablesAsText, textOf } from './kit/article-markup.js';
import { clickPublishForJson } from './kit/click-publish-json.js';
import { listedTime } from './kit/listed-time.js';
import { liveUrl, realUrl } from './kit/live-url.js';
import { field, pageJson } from './kit/page-api.js';
import { pasteHtml } from './kit/paste-html.js';
import { SettingsReader } from './settings.js';
import { assertAccount, assertMaxChars, fillChecked, jobOfType, matchPost, need, openLoggedIn, openMedia, poll, timeouts, type ListedPost } from './support.js';

export const ORIGIN = 'https://mp.eastmoney.com';
const SITE = { defaultBaseUrl: ORIGIN };

export const URLS = {
  articleEditor: 'https://mp.eastmoney.com/collect/pc_article/index.html',
  userInfo: 'https://mp.eastmoney.com/collect/api/user/info',
  publishPath: '/collect/api/article/publish',
  articleList: 'https://mp.eastmoney.com/collect/api/article/list?pageIndex=1&pageSize=20',
  article: (id: string) => `https://caifuhao.eastmoney.com/news/${id}`,
};

export const EASTMONEY_ARTICLE_LIMITS = { titleMax: 64 } as const;
export const EASTMONEY_ARTICLE_SETTINGS = ['coverMode', 'inlineImages'] as const;

const S = {
  title: 'input[placeholder="标题(1-64字)"]',
  body: 'div.ProseMirror[contenteditable="true"]',
  coverBox: 'div.select-cover-img',
  uploadTab: 'div#tab-upload[aria-controls="pane-upload"]',
  uploadInput: 'input#upload_input',
  agreement: 'footer.read_item > i.check-icon',
  publish: 'div.button_publish.item.editor-btn.editor-main-btn',
  refusal: '.el-message--error',
} as const;

type Ctx = Pick<AdapterContext, 'baseUrl'>;
const at = (ctx: Ctx, real: string): string => liveUrl(ctx, SITE, real);
const isLoginPage = (ctx: Ctx) => (u: URL) => realUrl(ctx, SITE, u.toString()).host !== 'mp.eastmoney.com';

/** Everything the job asks for, checked before the browser moves. */
export function planArticle(job: ArticleJob, ctx: Pick<AdapterContext, 'log'>) {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImage ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImage) throw new AdapterError('cover_rejected', 'upload', 'coverMode is custom but the article has no coverImage');
  const inlineImages = r.string('inlineImages', { oneOf: ['refuse', 'drop'] }) ?? 'refuse';
  const title = job.payload.title.trim();
  if (!title) throw new AdapterError('publish_rejected', 'fill', 'an eastmoney article needs a title (1–64 characters)');
  assertMaxChars(title, EASTMONEY_ARTICLE_LIMITS.titleMax, 'fill', 'title');

  let html = tablesAsText(plainCodeBlocks(markdownToHtml(job.payload.content)));
  const pictures = imageSources(html);
  if (pictures.length > 0) {
    if (inlineImages !== 'drop') {
      throw new AdapterError(
        'publish_rejected',
        'fill',
        `eastmoney's editor takes no pictures in the article's body and this article has ${pictures.length}; set inlineImages "drop" to publish it without them`,
        { field: 'inlineImages', pictures: pictures.length },
      );
    }
    html = html.replace(/<img\b[^>]*>/g, '').replace(/<p>\s*<\/p>/g, '');
    ctx.log.warn({ platform: 'eastmoney', dropped: pictures }, 'pictures in the article body were dropped (inlineImages: drop)');
  }
  if (!textOf(html).trim()) throw new AdapterError('publish_rejected', 'fill', 'an eastmoney article needs a body with text');
  return { reader: r, title, html, cover: coverMode === 'custom' ? job.payload.coverImage : undefined };
}

async function whoAmI(page: Page, step: Step, ctx: AdapterContext): Promise<LoginInfo> {
  const body = await pageJson(page, at(ctx, URLS.userInfo), {}, step, 'login check', ctx);
  const uid = field(body, 'data', 'uid');
  if (body.code !== 0 || typeof uid !== 'string' || !uid) throw new AdapterError('login_required', step, 'eastmoney says the account is not logged in');
  return { externalRef: uid, displayName: String(field(body, 'data', 'nickname') ?? '') };
}

async function prepareArticle(page: Page, job: ArticleJob, ctx: AdapterContext): Promise<void> {
  const p = planArticle(job, ctx);
  p.reader.logIgnored(EASTMONEY_ARTICLE_SETTINGS, ctx.log);
  const cover = p.cover === undefined ? undefined : await openMedia(ctx, p.cover, 'upload', 'cover_rejected', 'cover image');

  ctx.progress('open_editor');
  await openLoggedIn(page, at(ctx, URLS.articleEditor), 'open_editor', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'open_editor', ctx), job, 'open_editor');
  const title = await need(page, S.title, 'open_editor', 'title input', ctx);

  ctx.progress('fill');
  await fillChecked(title, p.title, 'fill', 'title input');
  await pasteHtml(await need(page, S.body, 'fill', 'article editor', ctx), p.html, 'fill', 'the article editor', ctx);

  if (cover) await uploadCover(page, cover, ctx);

  ctx.progress('apply_settings');
  await (await need(page, S.agreement, 'apply_settings', 'agreement tick', ctx)).click();
}

/** 选择封面 → 本地上传 → the last upload input; then the picture on the cover box, or the page's refusal. */
async function uploadCover(page: Page, cover: OpenedFile, ctx: AdapterContext): Promise<void> {
  ctx.progress('upload', { phase: 'cover', percent: 0 });
  const box = await need(page, S.coverBox, 'upload', 'cover box (选择封面)', ctx);
  await box.click();
  await (await need(page, S.uploadTab, 'upload', 'cover dialog upload tab', ctx)).click();
  await need(page, S.uploadInput, 'upload', 'cover upload input', ctx, 'attached');
  await page.locator(S.uploadInput).last().setInputFiles(cover.path);
  const refusal = page.locator(S.refusal).filter({ visible: true });
  const shown = box.locator('img');
  const end = await poll(async () => ((await refusal.count()) > 0 ? 'refused' : (await shown.count()) > 0 ? 'shown' : null), (v) => v !== null, {
    intervalMs: 150,
    timeoutMs: timeouts(ctx).uploadMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('cover_rejected', 'upload', 'the cover never showed on the cover box'),
  });
  if (end === 'refused') throw new AdapterError('cover_rejected', 'upload', `eastmoney refused the cover: ${(await refusal.first().innerText()).trim()}`);
  ctx.progress('upload', { phase: 'cover', bytesSent: cover.size, bytesTotal: cover.size, percent: 100 });
}

async function publishArticle(page: Page, ctx: AdapterContext): Promise<PublishResult> {
  const isPublish = (url: string, method: string) => method === 'POST' && realUrl(ctx, SITE, url).pathname === URLS.publishPath;
  return clickPublishForJson(
    page,
    {
      button: page.locator(S.publish),
      isPublishRequest: (req) => isPublish(req.url(), req.method()),
      urlPattern: '*/collect/api/article/publish*',
      refusal: page.locator(S.refusal),
      judge: (body) => {
        const id = field(body, 'data', 'articleId');
        if (field(body, 'code') !== 0) return { ok: false, message: String(field(body, 'message') ?? field(body, 'code')) };
        if (typeof id !== 'string' || !/^\d+$/.test(id)) return { ok: false, message: 'the answer names no articleId' };
        return { ok: true, value: { postId: id, url: at(ctx, URLS.article(id)) } };
      },
    },
    ctx,
  );
}

async function verifyArticle(page: Page, job: ArticleJob, ctx: AdapterContext): Promise<VerifyResult> {
  ctx.progress('read_back');
  await openLoggedIn(page, at(ctx, URLS.articleEditor), 'check_login', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'check_login', ctx), job, 'check_login');
  const body = await pageJson(page, at(ctx, URLS.articleList), {}, 'read_back', 'article list', ctx);
  if (body.code !== 0) throw new Error(`eastmoney article list: ${String(body.message ?? body.code)}`);
  const rows = field(body, 'data', 'list');
  const posts: ListedPost[] = (Array.isArray(rows) ? rows : []).flatMap((row) => {
    const id = field(row, 'articleId');
    if (typeof id !== 'string') return [];
    return [{ postId: id, url: at(ctx, URLS.article(id)), text: String(field(row, 'title') ?? ''), postedAt: listedTime(field(row, 'publishTime')) }];
  });
  const title = job.payload.title.trim();
  return matchPost(posts, job, (text) => text.trim() === title);
}

export const eastmoneyAdapter: Adapter = {
  platform: 'eastmoney',
  contentTypes: ['article'],
  defaultBaseUrl: ORIGIN,
  settingKeys: EASTMONEY_ARTICLE_SETTINGS,
  // A site check uploads its picture as the cover, as a person publishing would.
  checkSettings: { article: { coverMode: 'custom' } },

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    await openLoggedIn(page, at(ctx, URLS.articleEditor), 'check_login', ctx, isLoginPage(ctx));
    return whoAmI(page, 'check_login', ctx);
  },
  prepare: (page, job, ctx) => prepareArticle(page, jobOfType(job, 'article'), ctx),
  publish: (page, _job, ctx) => publishArticle(page, ctx),
  verify: (page, job, ctx) => verifyArticle(page, jobOfType(job, 'article'), ctx),
};
