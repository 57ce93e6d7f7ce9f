/**
 * douyin articles (抖音文章) through the creator centre's article editor, a
 * page without a recorded JSON API, driven as a person does: the 头图 and the
 * 封面 through their upload cards' file choosers (the 封面 confirmed in its
 * crop dialog) — or, in the other recorded form, the one cover card
 * (点击上传封面图) and its editor's 完成 — the title, the body pasted as HTML
 * into the editor, then 发布. The article's one coverImage fills every card. Provenance: douyin/provenance.ts.
 */
import type { Locator, Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type ArticleJob, type OpenedFile } from '../contract.js';
import { localPictures, markdownToHtml } from '@plume/shared';
import { textOf } from '../kit/article-markup.js';
import { pasteHtml } from '../kit/paste-html.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, assertMaxChars, countChars, fillChecked, need, openLoggedIn, openMedia, poll, timeouts } from '../support.js';
import { at, isLoginPage, URLS, whoAmI } from './site.js';
import { contractLimits } from '../kit/contract-limits.js';

export const DOUYIN_ARTICLE_LIMITS = { ...contractLimits('article', 'douyin', ['titleMax']), bodyMin: 100 };
/** The article editor records no 自主声明, topics or summary: only the cover is applied. */
export const DOUYIN_ARTICLE_SETTINGS = ['coverMode'] as const;

const S = {
  /** 头图 first, 封面 second: the cards' add icons, in page order. */
  addIcon: '[class*="addIcon"]',
  title: 'input[placeholder*="标题"]',
  editor: '.ProseMirror[contenteditable="true"]',
  cropDialog: '.semi-modal-body',
  toast: '.semi-toast-content',
  /** The one-cover form: a card whose text opens the file chooser, then a cover editor closed by 完成. */
  coverEntry: ':text-is("点击上传封面图")',
} as const;

/** Everything the job asks for, checked before the browser moves. */
function plan(job: ArticleJob) {
  const r = new SettingsReader(job);
  r.string('coverMode', { oneOf: ['custom'] });
  const title = job.payload.title.trim();
  if (!title) throw new AdapterError('publish_rejected', 'fill', 'a douyin article needs a title');
  assertMaxChars(title, DOUYIN_ARTICLE_LIMITS.titleMax, 'fill', 'title');
  const html = markdownToHtml(job.payload.content);
  // douyin refuses a body under 100 字 (its toast 正文内容不能少于100字); counted without spaces.
  const length = countChars(textOf(html).replace(/\s+/g, ''));
  if (length < DOUYIN_ARTICLE_LIMITS.bodyMin) {
    throw new AdapterError('publish_rejected', 'fill', `douyin refuses an article body under ${DOUYIN_ARTICLE_LIMITS.bodyMin} characters (this one has ${length})`, { length });
  }
  // The same test the control plane makes (the contract's inlinePictures), so preflight and the node agree.
  const [local] = localPictures(job.payload.content);
  if (local !== undefined) throw new AdapterError('upload_failed', 'upload', `douyin's editor takes pictures from web addresses only, not "${local}"`);
  // A cover is not optional here: douyin publishes no article without its 头图 and 封面.
  if (!job.payload.coverImage) throw new AdapterError('cover_rejected', 'upload', 'douyin articles need a cover (头图 and 封面): the article has no coverImage');
  return { reader: r, title, html, cover: job.payload.coverImage };
}

export async function prepareArticle(page: Page, job: ArticleJob, ctx: AdapterContext): Promise<void> {
  const p = plan(job);
  p.reader.logIgnored(DOUYIN_ARTICLE_SETTINGS, ctx.log);
  const cover = await openMedia(ctx, p.cover, 'upload', 'cover_rejected', 'cover image');

  ctx.progress('open_editor');
  await openLoggedIn(page, at(ctx, URLS.articleEditor), 'open_editor', ctx, isLoginPage(ctx));
  // The creator app builds its controls from its script: wait for the whole document, not just its first bytes.
  await page.waitForLoadState('load', { timeout: timeouts(ctx).navigationMs });
  assertAccount(await whoAmI(page, 'open_editor', ctx), job, 'open_editor');
  const title = await need(page, S.title, 'open_editor', 'title input', ctx);

  // Two recorded forms: the 头图 and 封面 cards, or one cover card (点击上传封面图) whose editor closes with 完成.
  await need(page, `${S.addIcon}, ${S.coverEntry}`, 'upload', 'cover upload (头图 card or 点击上传封面图)', ctx);
  const oneCover = (await page.locator(S.addIcon).count()) === 0;
  ctx.progress('upload', { phase: oneCover ? 'cover' : 'head', percent: 0 });
  if (oneCover) await uploadOneCover(page, cover, ctx);
  else await uploadCard(page, page.locator(S.addIcon).nth(0), cover, '头图', ctx);
  ctx.progress('upload', { phase: oneCover ? 'cover' : 'head', percent: 100 });

  ctx.progress('fill');
  await fillChecked(title, p.title, 'fill', 'title input');
  await pasteHtml(await need(page, S.editor, 'fill', 'article editor', ctx), p.html, 'fill', 'the article editor', ctx);
  await picturesSettled(page, ctx);

  if (oneCover) return;
  ctx.progress('upload', { phase: 'cover', percent: 0 });
  await uploadCard(page, page.locator(S.addIcon).nth(1), cover, '封面', ctx);
  ctx.progress('upload', { phase: 'cover', bytesSent: cover.size, bytesTotal: cover.size, percent: 100 });
}

/**
 * The one-cover form: 点击上传封面图 opens a file chooser, the picture opens
 * the cover editor, and 完成 (clicked once, when enabled) saves it; a refusal
 * shows as a toast. A refused or unsaved cover stops the job.
 */
async function uploadOneCover(page: Page, file: OpenedFile, ctx: AdapterContext): Promise<void> {
  const t = timeouts(ctx);
  const chooser = page.waitForEvent('filechooser', { timeout: t.selectorMs });
  chooser.catch(() => {}); // awaited below; a click that fails first must not leave it unhandled
  await page.locator(S.coverEntry).first().click({ timeout: t.selectorMs });
  try {
    await (await chooser).setFiles(file.path);
  } catch {
    throw new AdapterError('editor_changed', 'upload', 'the cover card (点击上传封面图) opened no file chooser', { url: page.url() });
  }
  const done = page.getByRole('button', { name: '完成', exact: true }).filter({ visible: true });
  const toast = page.locator(S.toast).filter({ visible: true });
  const refusal = async () => `douyin refused the cover: ${(await toast.first().innerText()).trim()}`;
  const shown = await poll(
    async () => ((await toast.count()) > 0 ? 'refused' : (await done.count()) > 0 && (await done.first().isEnabled()) ? 'editor' : null),
    (v) => v !== null,
    { intervalMs: 150, timeoutMs: t.uploadMs, signal: ctx.signal, onTimeout: () => new AdapterError('cover_rejected', 'upload', 'the cover editor (完成) never showed') },
  );
  if (shown === 'refused') throw new AdapterError('cover_rejected', 'upload', await refusal());
  await done.first().click({ timeout: t.selectorMs });
  const closed = await poll(
    async () => ((await toast.count()) > 0 ? 'refused' : (await done.count()) === 0 ? 'saved' : null),
    (v) => v !== null,
    { intervalMs: 150, timeoutMs: t.uploadMs, signal: ctx.signal, onTimeout: () => new AdapterError('cover_rejected', 'upload', 'the cover editor did not close after 完成') },
  );
  if (closed === 'refused') throw new AdapterError('cover_rejected', 'upload', await refusal());
}

/**
 * One upload card: its add icon opens a file chooser (the page's input is
 * never in the document, so the chooser is the only way in), then the page
 * shows the picture on the card, or a crop dialog to confirm first, or its
 * refusal as a toast. A refused cover stops the job: no automatic one instead.
 */
async function uploadCard(page: Page, icon: Locator, file: OpenedFile, slot: '头图' | '封面', ctx: AdapterContext): Promise<void> {
  const t = timeouts(ctx);
  try {
    await icon.waitFor({ timeout: t.selectorMs });
  } catch {
    throw new AdapterError('editor_changed', 'upload', `the ${slot} card's add icon not found (${S.addIcon})`, { url: page.url() });
  }
  const chooser = page.waitForEvent('filechooser', { timeout: t.selectorMs });
  chooser.catch(() => {}); // awaited below; a click that fails first must not leave it unhandled
  await icon.click();
  try {
    await (await chooser).setFiles(file.path);
  } catch {
    throw new AdapterError('editor_changed', 'upload', `the ${slot} card opened no file chooser`, { url: page.url() });
  }
  const card = icon.locator('xpath=..');
  const dialog = page.locator(S.cropDialog).filter({ visible: true });
  const toast = page.locator(S.toast).filter({ visible: true });
  const end = await poll(
    async () => ((await toast.count()) > 0 ? 'refused' : (await dialog.count()) > 0 ? 'crop' : (await card.locator('img').count()) > 0 ? 'shown' : null),
    (v) => v !== null,
    { intervalMs: 150, timeoutMs: t.uploadMs, signal: ctx.signal, onTimeout: () => new AdapterError('cover_rejected', 'upload', `the ${slot} never showed on its card`) },
  );
  if (end === 'refused') throw new AdapterError('cover_rejected', 'upload', `douyin refused the ${slot}: ${(await toast.first().innerText()).trim()}`);
  if (end === 'crop') {
    await dialog.first().getByRole('button', { name: '确定', exact: true }).click({ timeout: t.selectorMs });
    try {
      await dialog.first().waitFor({ state: 'detached', timeout: t.selectorMs });
    } catch {
      throw new AdapterError('cover_rejected', 'upload', `the ${slot} crop dialog did not close after 确定`);
    }
    if ((await toast.count()) > 0) throw new AdapterError('cover_rejected', 'upload', `douyin refused the ${slot}: ${(await toast.first().innerText()).trim()}`);
  }
}

/** Pictures the editor is still moving onto douyin show blob: or data: addresses; publishing waits for them. */
async function picturesSettled(page: Page, ctx: AdapterContext): Promise<void> {
  const pending = page.locator(`${S.editor} img[src^="blob:"], ${S.editor} img[src^="data:"]`);
  await poll(() => pending.count(), (n) => n === 0, {
    intervalMs: 250,
    timeoutMs: timeouts(ctx).uploadMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('upload_failed', 'upload', "the article's pictures did not finish moving onto douyin in time"),
  });
}

/** The title `verify` looks for. */
export const articleTitle = (job: ArticleJob): string => job.payload.title.trim();
