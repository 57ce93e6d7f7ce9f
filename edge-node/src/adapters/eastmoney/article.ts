/**
 * eastmoney (财富号) articles through the article editor, driven as a person
 * does: the title, the body pasted as HTML into its ProseMirror editor, the
 * cover through 选择封面 → 本地上传, the agreement tick, then 发布.
 * Provenance: eastmoney/provenance.ts.
 */
import { markdownToHtml } from '@plume/shared';
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type ArticleJob, type OpenedFile, type PublishResult, type VerifyResult } from '../contract.js';
import { imageSources } from '../kit/article-images.js';
import { plainCodeBlocks, tablesAsText, textOf } from '../kit/article-markup.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { field } from '../kit/page-api.js';
import { pasteHtml } from '../kit/paste-html.js';
import { outcomeUnknown } from '../publish-click.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, assertMaxChars, fillChecked, matchPost, need, openLoggedIn, openMedia, poll, timeouts } from '../support.js';
import { at, isLoginPage, ownPosts, real, REFUSAL, URLS, whoAmI } from './site.js';

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
  const refusal = page.locator(REFUSAL).filter({ visible: true });
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

export function publishArticle(page: Page, ctx: AdapterContext): Promise<PublishResult> {
  return clickPublishForJson(
    page,
    {
      button: page.locator(S.publish),
      isPublishRequest: (req) => req.method() === 'POST' && real(ctx, req.url()).pathname === URLS.articlePublishPath,
      urlPattern: `*${URLS.articlePublishPath}*`,
      refusal: page.locator(REFUSAL),
      judge: (body) => {
        const id = field(body, 'data', 'articleId');
        if (field(body, 'code') !== 0) return { ok: false, message: String(field(body, 'message') ?? field(body, 'code')) };
        // Accepted without naming the article: it may exist, and only verify can say.
        if (typeof id !== 'string' || !/^\d+$/.test(id)) throw outcomeUnknown('eastmoney accepted the article but its answer named no articleId', page);
        return { ok: true, value: { postId: id, url: at(ctx, URLS.post(id)) } };
      },
    },
    ctx,
  );
}

export async function verifyArticle(page: Page, job: ArticleJob, ctx: AdapterContext): Promise<VerifyResult> {
  ctx.progress('read_back');
  await openLoggedIn(page, at(ctx, URLS.articleEditor), 'check_login', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'check_login', ctx), job, 'check_login');
  const title = job.payload.title.trim();
  return matchPost(await ownPosts(page, URLS.articleList, 'articleId', ctx), job, (text) => text === title);
}
