/**
 * eastmoney (财富号) articles through the article editor, driven as a person
 * does: the title, the body pasted as HTML into its ProseMirror editor, the
 * cover through 选择封面 → 本地上传, the agreement tick, then 发布.
 * Provenance: eastmoney/provenance.ts.
 */
import { markdownToHtml } from '@plume/shared';
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type ArticleJob, type OpenedFile, type PublishResult, type VerifyResult, type Flow } from '../contract.js';
import { imageSources } from '../kit/article-images.js';
import { plainCodeBlocks, tablesAsText, textOf } from '../kit/article-markup.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { refusalIn } from '../kit/refusal.js';
import { field } from '../kit/page-api.js';
import { pasteHtml } from '../kit/paste-html.js';
import { outcomeUnknown } from '../publish-click.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, assertMaxChars, fillChecked, inJobWindow, type ListedPost, matchPost, need, openLoggedIn, openMedia, poll, timeouts } from '../support.js';
import { at, isLoginPage, ownPosts, real, REFUSAL, URLS, whoAmI } from './site.js';
import { contractLimits } from '../kit/contract-limits.js';

export const EASTMONEY_ARTICLE_LIMITS = contractLimits('article', 'eastmoney', ['titleMax']);
export const EASTMONEY_ARTICLE_SETTINGS = ['coverMode', 'inlineImages'] as const;

const S = {
  title: 'input[placeholder="标题(1-64字)"]',
  body: 'div.ProseMirror[contenteditable="true"]',
  coverBox: 'div.select-cover-img',
  uploadTab: 'div#tab-upload[aria-controls="pane-upload"]',
  uploadInput: 'input#upload_input',
  agreement: 'footer.read_item > i.check-icon',
  /** The cover area once a cover is adopted offers 编辑 and 替换 (a second recorded sign beside the picture). */
  coverArea: '.cover_container',
  /** A confirmation some publishes show after 发布 (确认发布, 确定发布 or 立即发布, or a dialog's 确认). */
  confirm: 'button:text-is("确认发布"), [class*="dialog"] button:text-is("确定发布"), [class*="dialog"] button:text-is("立即发布"), .dialog_content .btn_confirm:has-text("确认")',
  /** The publish control: M records the div with these classes, another public client a button.button_publish; the class decides. */
  publish: 'div.button_publish.item.editor-btn.editor-main-btn, button.button_publish, .button_publish',
} as const;

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

export async function prepareArticle(page: Page, job: ArticleJob, ctx: AdapterContext): Promise<void> {
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
  // Ticked, the icon carries the class `on`: a click then would untick it.
  const tick = await need(page, S.agreement, 'apply_settings', 'agreement tick', ctx);
  const ticked = async () => /(^|\s)on(\s|$)/.test((await tick.getAttribute('class')) ?? '');
  if (!(await ticked())) await tick.click();
  if (!(await ticked())) throw new AdapterError('editor_changed', 'apply_settings', 'the agreement tick did not take the click');
}

/** 选择封面 → 本地上传 → the last upload input; then the picture on the cover box, or the page's refusal. */
async function uploadCover(page: Page, cover: OpenedFile, ctx: AdapterContext): Promise<void> {
  ctx.progress('upload', { phase: 'cover', percent: 0 });
  const box = await need(page, S.coverBox, 'upload', 'cover box (选择封面)', ctx);
  await box.click();
  await (await need(page, S.uploadTab, 'upload', 'cover dialog upload tab', ctx)).click();
  await need(page, S.uploadInput, 'upload', 'cover upload input', ctx, 'attached');
  await page.locator(S.uploadInput).last().setInputFiles(cover.path);
  const refusal = refusalIn(page, REFUSAL);
  const picture = box.locator('img');
  const area = page.locator(S.coverArea).filter({ hasText: '编辑' }).filter({ hasText: '替换' });
  const shown = async () => (await picture.count()) > 0 || (await area.count()) > 0;
  const end = await poll(async () => ((await refusal.count()) > 0 ? 'refused' : (await shown()) ? 'shown' : null), (v) => v !== null, {
    intervalMs: 150,
    timeoutMs: timeouts(ctx).uploadMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('cover_rejected', 'upload', 'the cover never showed on the cover box'),
  });
  if (end === 'refused') throw new AdapterError('cover_rejected', 'upload', `eastmoney refused the cover: ${(await refusal.first().innerText()).trim()}`);
  ctx.progress('upload', { phase: 'cover', bytesSent: cover.size, bytesTotal: cover.size, percent: 100 });
}

/** The recorded gateways that carry the article's publish (path postopt/api/post/PublishArticleWeb in the body). */
const GATEWAY_PATHS = ['/apifront/Tran/GetData', '/apistock/Tran/GetData'];
const ARTICLE_ID = /^\d+$/;

/**
 * The publish click, and the answer read in either recorded form: the
 * replica-modelled { code: 0, data: { articleId } } of collect/api/article/publish,
 * or the gateway's { RCode: 200, RData: '{"error_code":0,…}' } (a public client
 * records it for PublishArticleWeb; it names no article). An accepted answer
 * naming no article is completed from the author's list (the job's title, in
 * the job's window); when the list does not show it, the outcome is unknown.
 */
export async function publishArticle(page: Page, job: ArticleJob, ctx: AdapterContext): Promise<PublishResult> {
  // The gateway also carries the editor's draft saves: only a request whose body names
  // PublishArticleWeb is the publish. Where the body is not at hand (the paused answer
  // carries only method and address), a gateway answer counts once that request has left.
  let gatewayPublishSent = false;
  const named = await clickPublishForJson(
    page,
    {
      button: page.locator(S.publish).first(),
      isPublishRequest: (req) => {
        if (req.method() !== 'POST') return false;
        const path = real(ctx, req.url()).pathname;
        if (path === URLS.articlePublishPath) return true;
        if (!GATEWAY_PATHS.includes(path)) return false;
        if (typeof req.postData !== 'function') return gatewayPublishSent;
        const publishing = (req.postData() ?? '').includes('PublishArticleWeb');
        if (publishing) gatewayPublishSent = true;
        return publishing;
      },
      urlPattern: [`*${URLS.articlePublishPath}*`, ...GATEWAY_PATHS.map((p) => `*${p}*`)],
      refusal: refusalIn(page, REFUSAL),
      confirm: page.locator(S.confirm).filter({ visible: true }),
      judge: (body) => {
        if (field(body, 'RCode') !== undefined || field(body, 'RData') !== undefined) {
          if (String(field(body, 'RCode')) !== '200' || field(body, 'RRquestSuccess') === false) return { ok: false, message: String(field(body, 'RMsg') || field(body, 'RCode')) };
          let inner: unknown;
          try {
            inner = JSON.parse(String(field(body, 'RData')));
          } catch {
            throw outcomeUnknown('eastmoney answered the publish with an RData that is not JSON', page);
          }
          const code = field(inner, 'error_code');
          if (code === undefined || code === null) throw outcomeUnknown('eastmoney answered the publish without an error_code', page);
          if (String(code) !== '0') return { ok: false, message: String(field(inner, 'me') || code) };
          return { ok: true, value: undefined };
        }
        if (field(body, 'code') !== 0) return { ok: false, message: String(field(body, 'message') ?? field(body, 'code')) };
        const id = field(body, 'data', 'articleId');
        return { ok: true, value: typeof id === 'string' && ARTICLE_ID.test(id) ? id : undefined };
      },
    },
    ctx,
  );
  if (named) return { postId: named, url: at(ctx, URLS.post(named)) };
  // Accepted without naming the article: the author's list names it.
  const title = job.payload.title.trim();
  let rows: ListedPost[] = [];
  try {
    rows = await ownPosts(page, URLS.articleList, 'articleId', ctx);
  } catch (e) {
    if (ctx.signal.aborted) throw e;
  }
  const row = rows.find((r) => r.text === title && inJobWindow(r.postedAt, job));
  if (!row) throw outcomeUnknown('eastmoney accepted the article but neither its answer nor the article list names it', page);
  return { postId: row.postId, url: row.url };
}

export async function verifyArticle(page: Page, job: ArticleJob, ctx: AdapterContext): Promise<VerifyResult> {
  ctx.progress('read_back');
  await openLoggedIn(page, at(ctx, URLS.articleEditor), 'check_login', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'check_login', ctx), job, 'check_login');
  const title = job.payload.title.trim();
  return matchPost(await ownPosts(page, URLS.articleList, 'articleId', ctx), job, (text) => text === title);
}

export const articleFlow: Flow<ArticleJob> = { prepare: prepareArticle, publish: publishArticle, verify: verifyArticle };
