/**
 * yiche (易车号) articles through the article page mp.yiche.com/article/index-new,
 * driven as a person does: the title, the article's cover into the required
 * *竖版封面图 (through the page's 封面编辑 crop dialog) and into *封面图, the
 * body pasted as HTML into the Quill editor, each picture pasted at its place
 * as a picture file (the page uploads it itself), 含AI生成内容 when the
 * article must carry the label, then 提交. Provenance: yiche/provenance.ts.
 *
 * Pictures go in as files rather than as addresses inside the pasted HTML:
 * the page turns a pasted picture into its own copy (the upload answers a
 * key the article is saved with), which works alike for a picture in the
 * owner's media directory and one on the web (read through the node's image
 * fetcher), so no picture depends on the page reaching an address it may not.
 */
import { markdownToHtml } from '@plume/shared';
import type { Locator, Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type ArticleJob, type OpenedFile, type PublishResult, type VerifyResult, type Flow } from '../contract.js';
import { aiLabelOf } from '../kit/ai-label.js';
import { type ImageFile, readImage, unescapeAttr } from '../kit/article-images.js';
import { plainCodeBlocks, tablesAsText, textOf } from '../kit/article-markup.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { refusalIn } from '../kit/refusal.js';
import { listedTime } from '../kit/listed-time.js';
import { field, pageJson } from '../kit/page-api.js';
import { pasteHtml } from '../kit/paste-html.js';
import { outcomeUnknown } from '../publish-click.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, countChars, fillChecked, type ListedPost, matchPost, need, openLoggedIn, openMedia, poll, timeouts } from '../support.js';
import { at, isLoginPage, real, whoAmI, YICHE_URLS } from './site.js';
import { contractLimits } from '../kit/contract-limits.js';

/** Titles of 5–28 characters; a picture (cover or body) at most 10 MB and 5,000 px wide. */
export const YICHE_ARTICLE_LIMITS = { ...contractLimits('article', 'yiche', ['titleMin', 'titleMax']), pictureBytes: 10 * 1024 * 1024, pictureWidth: 5000 };
export const YICHE_ARTICLE_SETTINGS = ['coverMode', 'aiLabel'] as const;

const S = {
  title: 'input[placeholder="请输入文章标题"]',
  body: '.ql-editor[contenteditable="true"]',
  cover: '.article-cover',
  coverLabel: 'label.item-title',
  coverInput: 'input[type="file"]',
  dialog: '.el-dialog',
  loading: '.el-loading-mask',
  statement: '.content-statement-box',
  /**
   * The page's refusal: Element UI's error or warning message or notification (the page is Vue 2
   * with Element-style controls, provenance: Yn), Ant Design's, or an ARIA alert. A success-worded
   * message never counts (kit/refusal.ts).
   */
  refusal: '.el-message--error, .el-message--warning, .el-notification, .ant-message-error, [role="alert"]',
  confirm: '.el-message-box, .el-dialog, [role="dialog"]',
} as const;
const AI_DECLARATION = '含AI生成内容';

/** The two cover slots, by the label the page shows (the star marks them required). */
const SLOTS = { vertical: /^\s*\*?\s*竖版封面图\s*$/, horizontal: /^\s*\*?\s*封面图\s*$/ } as const;
type Slot = keyof typeof SLOTS;

/** Stands where a picture goes until the page has taken the picture pasted over it. */
const marker = (i: number, nonce: string) => `[[yiche-picture-${nonce}-${i}]]`;

/** Everything the job asks for, checked before the browser moves. */
export function planArticle(job: ArticleJob) {
  const r = new SettingsReader(job);
  // *竖版封面图 is required and only the article's cover can fill it: custom is the only mode.
  r.string('coverMode', { oneOf: ['custom'] });
  const cover = job.payload.coverImage;
  if (!cover) throw new AdapterError('cover_rejected', 'upload', 'yiche publishes no article without its vertical cover (*竖版封面图), and this article has no coverImage');
  const aiLabel = aiLabelOf(job, r);
  const title = job.payload.title.trim();
  const n = countChars(title);
  if (n < YICHE_ARTICLE_LIMITS.titleMin || n > YICHE_ARTICLE_LIMITS.titleMax) {
    throw new AdapterError('publish_rejected', 'fill', `yiche takes titles of ${YICHE_ARTICLE_LIMITS.titleMin}–${YICHE_ARTICLE_LIMITS.titleMax} characters (this one has ${n})`, { field: 'title', length: n });
  }
  const rendered = tablesAsText(plainCodeBlocks(markdownToHtml(job.payload.content)));
  if (!textOf(rendered.replace(/<img\b[^>]*>/g, '')).trim()) throw new AdapterError('publish_rejected', 'fill', 'a yiche article needs a body with text');
  // Each picture's place holds its marker until the picture is pasted over it; the nonce keeps markers apart from the article's own text.
  const nonce = job.jobId.replace(/[^A-Za-z0-9]/g, '').slice(-8) || 'plume';
  const pictures: string[] = [];
  const html = rendered.replace(/<img\b[^>]*?\bsrc="([^"]*)"[^>]*>/g, (_whole, src: string) => marker(pictures.push(unescapeAttr(src)) - 1, nonce));
  return { reader: r, title, html, pictures, nonce, cover, aiLabel };
}

export async function prepareArticle(page: Page, job: ArticleJob, ctx: AdapterContext): Promise<void> {
  const p = planArticle(job);
  p.reader.logIgnored(YICHE_ARTICLE_SETTINGS, ctx.log);
  const cover = await openMedia(ctx, p.cover, 'upload', 'cover_rejected', 'cover image');
  if (cover.size > YICHE_ARTICLE_LIMITS.pictureBytes) throw new AdapterError('cover_rejected', 'upload', `yiche takes covers of at most 10 MB (this one has ${cover.size} bytes)`);
  // Every body picture is read before the browser moves: one that cannot be read stops the job here.
  const images: ImageFile[] = [];
  for (const src of p.pictures) {
    const image = await readImage(ctx, src, 'upload_failed', `the picture ${src}`);
    if (image.bytes.length > YICHE_ARTICLE_LIMITS.pictureBytes) throw new AdapterError('upload_failed', 'upload', `yiche takes pictures of at most 10 MB; ${src} has ${image.bytes.length} bytes`);
    images.push(image);
  }

  ctx.progress('open_editor');
  await openLoggedIn(page, at(ctx, YICHE_URLS.articleEditor), 'open_editor', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'open_editor', ctx), job, 'open_editor');
  const title = await need(page, S.title, 'open_editor', 'title input', ctx);

  ctx.progress('fill');
  await fillChecked(title, p.title, 'fill', 'title input');

  // The covers before the body, as the recorded flow sets the vertical one: the page fills an empty *封面图 from the body's first picture.
  ctx.progress('upload', { phase: 'cover', percent: 0 });
  await uploadCover(page, 'vertical', cover, ctx);
  await uploadCover(page, 'horizontal', cover, ctx);
  ctx.progress('upload', { phase: 'cover', bytesSent: cover.size, bytesTotal: cover.size, percent: 100 });

  ctx.progress('fill');
  const editor = await need(page, S.body, 'fill', 'article editor (.ql-editor)', ctx);
  await pasteHtml(editor, p.html, 'fill', 'the article editor', ctx);
  if (images.length > 0) await pastePictures(page, editor, images, p.nonce, ctx);

  ctx.progress('apply_settings');
  if (p.aiLabel) await declareAi(page, ctx);
  for (const slot of ['vertical', 'horizontal'] as const) {
    if (!(await slotTaken(slotRegion(page, slot)))) throw new AdapterError('cover_rejected', 'apply_settings', `${slotName(slot)} no longer holds the cover`);
  }
}

const slotRegion = (page: Page, slot: Slot) => page.locator(S.cover).filter({ has: page.locator(S.coverLabel).filter({ hasText: SLOTS[slot] }) }).first();
const slotName = (slot: Slot) => (slot === 'vertical' ? '*竖版封面图' : '*封面图');

/** A slot holds a picture when it offers 更换 (and 删除) instead of its upload prompt. */
const slotTaken = async (region: Locator) => (await region.getByText('更换', { exact: true }).count()) > 0;

/**
 * The cover into one slot's upload input. The vertical slot opens 封面编辑:
 * 完成裁剪 takes the page's crop, 确定 adopts it. Then the slot shows 更换,
 * or the page shows its refusal.
 */
async function uploadCover(page: Page, slot: Slot, cover: OpenedFile, ctx: AdapterContext): Promise<void> {
  const region = slotRegion(page, slot);
  await (await need(region, S.coverInput, 'upload', `${slotName(slot)} upload input`, ctx, 'attached')).setInputFiles(cover.path);
  const refusal = refusalIn(page, S.refusal);
  if (slot === 'vertical') {
    const dialog = page.locator(S.dialog).filter({ hasText: '封面编辑', visible: true });
    const opened = await waitFor(async () => ((await refusal.count()) > 0 ? 'refused' : (await dialog.count()) > 0 ? 'dialog' : null), ctx, () => new AdapterError('editor_changed', 'upload', 'the 封面编辑 dialog never opened for the vertical cover'));
    if (opened === 'refused') throw new AdapterError('cover_rejected', 'upload', `yiche refused the cover: ${(await refusal.first().innerText()).trim()}`);
    await (await need(dialog, 'button:has-text("完成裁剪")', 'upload', '封面编辑 完成裁剪', ctx)).click();
    await (await need(dialog, 'button.el-button--danger:has-text("确定")', 'upload', '封面编辑 确定', ctx)).click();
  }
  const end = await waitFor(async () => ((await refusal.count()) > 0 ? 'refused' : (await slotTaken(region)) ? 'taken' : null), ctx, () => new AdapterError('cover_rejected', 'upload', `the ${slot} cover never showed in its slot`));
  if (end === 'refused') throw new AdapterError('cover_rejected', 'upload', `yiche refused the cover: ${(await refusal.first().innerText()).trim()}`);
}

function waitFor<T extends string>(probe: () => Promise<T | null>, ctx: AdapterContext, onTimeout: () => Error): Promise<T | null> {
  return poll(probe, (v) => v !== null, { intervalMs: 150, timeoutMs: timeouts(ctx).uploadMs, signal: ctx.signal, onTimeout });
}

/**
 * Each picture pasted over its marker, one at a time: the marker selected,
 * a paste carrying the picture file dispatched on the editor, then the
 * page's upload awaited (its 正在转存图片 mask gone, the picture holding
 * the key the page got for it) or its refusal read.
 */
async function pastePictures(page: Page, editor: Locator, images: ImageFile[], nonce: string, ctx: AdapterContext): Promise<void> {
  ctx.progress('upload', { phase: 'images', percent: 0 });
  const refusal = refusalIn(page, S.refusal);
  const mask = page.locator(S.loading).filter({ visible: true });
  const keyed = editor.locator('img[data-img-key]:not([data-img-key=""])');
  for (const [i, image] of images.entries()) {
    const text = marker(i, nonce);
    const pasted = await editor.evaluate(pastePicture, { marker: text, base64: image.bytes.toString('base64'), name: image.name, type: image.type, maxWidth: YICHE_ARTICLE_LIMITS.pictureWidth });
    if (pasted === 'no-marker') throw new AdapterError('editor_changed', 'upload', `the editor lost the place of picture ${i + 1}`);
    if (pasted === 'unreadable') throw new AdapterError('upload_failed', 'upload', `${image.name} is not a picture the browser can read`);
    if (pasted === 'too-wide') throw new AdapterError('upload_failed', 'upload', `yiche takes pictures at most ${YICHE_ARTICLE_LIMITS.pictureWidth} px wide; ${image.name} is wider`);
    const end = await waitFor(
      async () => {
        if ((await refusal.count()) > 0) return 'refused';
        if ((await mask.count()) > 0) return null;
        const shown = await editor.innerText();
        return !shown.includes(text) && (await keyed.count()) === i + 1 ? 'taken' : null;
      },
      ctx,
      () => new AdapterError('upload_failed', 'upload', `picture ${i + 1} (${image.name}) never took its place in the article`),
    );
    if (end === 'refused') throw new AdapterError('upload_failed', 'upload', `yiche refused picture ${i + 1} (${image.name}): ${(await refusal.first().innerText()).trim()}`);
    ctx.progress('upload', { phase: 'images', percent: Math.round((100 * (i + 1)) / images.length) });
  }
}

/** Runs in the page: selects the marker, then pastes the picture over it. Built without the DOM's types. */
async function pastePicture(el: unknown, a: { marker: string; base64: string; name: string; type: string; maxWidth: number }): Promise<'pasted' | 'no-marker' | 'unreadable' | 'too-wide'> {
  type Node = { textContent: string | null };
  const dom = globalThis as unknown as {
    document: {
      createTreeWalker(root: unknown, what: number): { nextNode(): Node | null };
      createRange(): { setStart(n: Node, o: number): void; setEnd(n: Node, o: number): void };
    };
    getSelection(): { removeAllRanges(): void; addRange(r: unknown): void } | null;
    atob(s: string): string;
    File: new (parts: unknown[], name: string, o: { type: string }) => unknown;
    DataTransfer: new () => { items: { add(f: unknown): void } };
    ClipboardEvent: new (type: string, init: Record<string, unknown>) => unknown;
    createImageBitmap(f: unknown): Promise<{ width: number; close(): void }>;
  };
  const raw = dom.atob(a.base64);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  const file = new dom.File([bytes], a.name, { type: a.type });
  try {
    const bitmap = await dom.createImageBitmap(file);
    const width = bitmap.width;
    bitmap.close();
    if (width > a.maxWidth) return 'too-wide';
  } catch {
    return 'unreadable';
  }
  const walker = dom.document.createTreeWalker(el, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = (node.textContent ?? '').indexOf(a.marker);
    if (at < 0) continue;
    const range = dom.document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + a.marker.length);
    const selection = dom.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    (el as { focus(): void }).focus();
    const data = new dom.DataTransfer();
    data.items.add(file);
    (el as { dispatchEvent(e: unknown): boolean }).dispatchEvent(new dom.ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: data }));
    return 'pasted';
  }
  return 'no-marker';
}

/** 含AI生成内容 in the 内容声明 group; the radio may sit under its label's styling, so it is clicked in the page. */
async function declareAi(page: Page, ctx: AdapterContext): Promise<void> {
  const box = await need(page, S.statement, 'apply_settings', '内容声明 group (.content-statement-box)', ctx);
  const option = box.locator('label').filter({ hasText: new RegExp(`^\\s*${AI_DECLARATION}\\s*$`) }).locator('input[type="radio"]');
  if ((await option.count()) !== 1) throw new AdapterError('editor_changed', 'apply_settings', `the 内容声明 group offers no ${AI_DECLARATION}`);
  if (!(await option.isChecked())) await option.evaluate((input) => (input as { click(): void }).click());
  if (!(await option.isChecked())) throw new AdapterError('editor_changed', 'apply_settings', `${AI_DECLARATION} did not take the click`);
}

export async function publishArticle(page: Page, job: ArticleJob, ctx: AdapterContext): Promise<PublishResult> {
  // The page must still be the article page holding this job's title: 提交 anywhere else would send something else.
  const here = real(ctx, page.url());
  const title = page.locator(S.title);
  const prepared = here.host === 'mp.yiche.com' && /^\/article\/index-new\/?$/.test(here.pathname) && (await title.count()) === 1 && (await title.inputValue()) === job.payload.title.trim();
  if (!prepared) throw new AdapterError('editor_changed', 'publish', 'the page is not the article page this job prepared; nothing was clicked', { url: page.url() });
  return clickPublishForJson(
    page,
    {
      button: page.getByRole('button', { name: '提交', exact: true }),
      isPublishRequest: (req) => req.method() === 'POST' && real(ctx, req.url()).pathname === YICHE_URLS.articlePublishPath,
      urlPattern: `*${YICHE_URLS.articlePublishPath}*`,
      refusal: refusalIn(page, S.refusal),
      // A confirmation the page may show after 提交 (a public script clicks 确定 / 确认 / 确认发布 when one shows).
      confirm: page
        .locator(S.confirm)
        .filter({ hasNotText: '封面编辑' })
        .getByRole('button', { name: /^\s*(确定|确认|确认发布)\s*$/ }),
      judge: (body) => {
        const status = field(body, 'status');
        const result = field(body, 'data', 'result');
        if (String(status) !== '1' || (result !== true && result !== 1)) {
          return { ok: false, message: String(field(body, 'message') ?? field(body, 'msg') ?? field(body, 'data', 'message') ?? 'yiche refused the article') };
        }
        const id = field(body, 'data', 'newsId');
        // Accepted without naming the article: it may exist, and only verify can say.
        if ((typeof id !== 'string' && typeof id !== 'number') || !/^[1-9]\d*$/.test(String(id))) throw outcomeUnknown('yiche accepted the article but its answer named no newsId', page);
        return { ok: true, value: { postId: String(id), url: at(ctx, YICHE_URLS.article(String(id))) } };
      },
    },
    ctx,
  );
}

/** The account's own articles as the content list gives them (newest first), for `verify`; read-only. */
async function ownArticles(page: Page, ctx: AdapterContext): Promise<ListedPost[]> {
  const body = await pageJson(page, at(ctx, YICHE_URLS.articleList), { method: 'POST', json: { param: { pageIndex: 1, pageSize: 20 } } }, 'read_back', 'article list', ctx);
  if (String(field(body, 'status')) !== '1') throw new Error(`yiche article list: ${String(field(body, 'message') ?? 'refused')}`);
  const rows = field(body, 'data', 'list');
  return (Array.isArray(rows) ? rows : []).flatMap((row) => {
    const id = field(row, 'newsId');
    if (typeof id !== 'string' && typeof id !== 'number') return [];
    return [{ postId: String(id), url: at(ctx, YICHE_URLS.article(String(id))), text: String(field(row, 'title') ?? '').trim(), postedAt: listedTime(field(row, 'publishTime')) }];
  });
}

export async function verifyArticle(page: Page, job: ArticleJob, ctx: AdapterContext): Promise<VerifyResult> {
  ctx.progress('read_back');
  await openLoggedIn(page, at(ctx, YICHE_URLS.articleEditor), 'check_login', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'check_login', ctx), job, 'check_login');
  const title = job.payload.title.trim();
  return matchPost(await ownArticles(page, ctx), job, (text) => text === title);
}

export const articleFlow: Flow<ArticleJob> = { prepare: prepareArticle, publish: publishArticle, verify: verifyArticle };
