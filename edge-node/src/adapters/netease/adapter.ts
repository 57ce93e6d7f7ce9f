/**
 * netease (网易号): articles through the editor's own save call
 * (publishV2.do), made from the logged-in editor page with the token its
 * 易盾 SDK hands out (`window.neg.getToken()`). The Markdown is rendered to
 * the HTML the editor keeps (it has no code blocks or inline code and pulls
 * headings into a table of contents: code becomes a styled paragraph with its
 * line breaks, inline code and headings bold text, tables lines of text),
 * every picture and the cover go to 网易号's picture upload, the article is
 * saved as a draft (`operation=saveDraft`) and, behind the commit gate,
 * published from the draft's own page (`operation=publish`). Videos go
 * through the creator centre's video page (./netease/video.ts); the account
 * call both use is in ./netease/site.ts.
 *
 * What each step rests on (the public sources of every fact about 网易号,
 * articles and videos, and how sure each is) is in netease/provenance.ts.
 *
 * Settings (shared contract names): `coverMode` (`custom` uploads the
 * article's cover), `original`. No public source records an AI-content
 * declaration for 网易号: `aiLabel` is logged as ignored (preflight lists it
 * in ignored_settings), as are tags and the summary.
 */
import { escapeHtml, markdownToHtml } from '@plume/shared';
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type AdapterErrorCode, type ArticleJob, type Step } from '../contract.js';
import { defineAdapter } from '../define.js';
import { gatedApiPublish } from '../kit/api-publish.js';
import { imageSources, moveImages, readImage, type ImageFile } from '../kit/article-images.js';
import { codeBlocksAsParagraphs, headingsAsBold, inlineCodeAsBold, tablesAsText } from '../kit/article-markup.js';
import { listedTime } from '../kit/listed-time.js';
import { field, pageJson } from '../kit/page-api.js';
import { NETEASE_PROVENANCE } from './provenance.js';
import { NETEASE_VIDEO_SETTINGS, videoFlow } from './video.js';
import { at, isLoginPage, NAVINFO, type NeteaseAccount, ORIGIN, real, whoAmI } from './site.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, assertMaxChars, countChars, inJobWindow, need, openLoggedIn } from '../support.js';
import { contractLimits } from '../kit/contract-limits.js';

const EDITOR = `${ORIGIN}/subscribe_v4/index.html#/article-publish`;
export const NETEASE_URLS = {
  editor: EDITOR,
  draft: (docId: string) => `${EDITOR}/${encodeURIComponent(docId)}?option=editDraft`,
  navinfo: NAVINFO,
  upload: (wemediaId: string) => `${ORIGIN}/api/v3/upload/picupload?_=${Date.now()}&wemediaId=${encodeURIComponent(wemediaId)}`,
  save: (wemediaId: string, realUserId: string) => `${ORIGIN}/wemedia/article/status/api/publishV2.do?_=${Date.now()}&wemediaId=${encodeURIComponent(wemediaId)}&realUserId=${encodeURIComponent(realUserId)}`,
  list: `${ORIGIN}/wemedia/content/manage/list.do`,
  post: (docId: string) => `https://www.163.com/dy/article/${encodeURIComponent(docId)}.html`,
};
export const NETEASE_LIMITS = contractLimits('article', 'netease', ['titleMin', 'titleMax']);
const SETTING_KEYS = ['coverMode', 'original'] as const;
const TITLE_INPUT = 'textarea[placeholder*="请输入标题"]';
/** Pictures already on NetEase's hosts stay as they are. */
const OWN_PICTURE = /^https?:\/\/[^/]*\.(126\.net|163\.com|netease\.com)\//;
const CODE_STYLE = 'margin:8px 0;padding:12px;background:#f6f8fa;border-radius:4px;font-family:Menlo,Monaco,Consolas,monospace;font-size:13px;line-height:1.6;word-break:break-all;';

type Ctx = AdapterContext;
type Account = NeteaseAccount;
/** The form the draft was saved with, for the publish that follows on the draft's page. */
interface Prepared {
  docId: string;
  account: Account;
  form: Record<string, string>;
}

/** The article body as 网易号's editor keeps it. */
export function articleHtml(markdown: string): string {
  return headingsAsBold(inlineCodeAsBold(codeBlocksAsParagraphs(tablesAsText(markdownToHtml(markdown)), CODE_STYLE)));
}

function readSettings(job: ArticleJob) {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImage ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImage) throw new AdapterError('cover_rejected', 'upload', 'coverMode is custom but the article has no coverImage');
  return { reader: r, cover: coverMode === 'custom' ? job.payload.coverImage : undefined, original: r.boolean('original', false) };
}

async function openAs(page: Page, url: string, job: ArticleJob, step: Step, ctx: Ctx): Promise<Account> {
  await openLoggedIn(page, at(ctx, url), step, ctx, isLoginPage(ctx));
  const account = await whoAmI(page, step, ctx);
  assertAccount(account, job, step);
  return account;
}

/** A token from the page's 易盾 SDK, as the editor gets one for each save. */
async function ursToken(page: Page, step: Step): Promise<string> {
  const got = await page.evaluate(async () => {
    const neg = (globalThis as { neg?: { getToken?: () => Promise<{ code?: number; token?: string }> } }).neg;
    if (typeof neg?.getToken !== 'function') return null;
    return neg.getToken().catch((e: unknown) => ({ code: -1, token: String(e) }));
  });
  if (!got) throw new AdapterError('editor_changed', step, "the editor page has no 易盾 SDK (window.neg.getToken)", { url: page.url() });
  if (got.code !== 200 || !got.token) throw new AdapterError('editor_changed', step, `the page's 易盾 SDK handed out no token (code ${String(got.code)})`);
  return got.token;
}

async function uploadPicture(page: Page, account: Account, image: ImageFile, code: AdapterErrorCode, what: string, ctx: Ctx): Promise<string> {
  const body = await pageJson(
    page,
    at(ctx, NETEASE_URLS.upload(account.externalRef)),
    { method: 'POST', multipart: { file: { base64: image.bytes.toString('base64'), name: image.name, type: image.type }, from: 'neteasecode_mp' } },
    'upload',
    what,
    ctx,
  );
  const url = field(body, 'data', 'url');
  if (field(body, 'code') !== 200 || typeof url !== 'string' || !url) throw new AdapterError(code, 'upload', `网易号 refused ${what}: ${String(field(body, 'msg') ?? 'no data.url in the answer')}`);
  return url.replace(/^http:\/\//, 'https://');
}

/** The docId a save answers: "docId=<id>&pkId=…", an object with docId, or the id alone. */
export function docIdOf(data: unknown): string {
  if (data && typeof data === 'object') return String(field(data, 'docId') ?? '');
  if (typeof data !== 'string') return '';
  // "docId=<id>&pkId=…", a list address ending ",<id>", or the bare id: every recorded form.
  const tail = data.includes(',') ? data.slice(data.lastIndexOf(',') + 1).trim() : data.trim();
  const id = new URLSearchParams(data).get('docId') ?? (/^[\w-]{1,64}$/.test(tail) ? tail : '');
  return /^[\w-]{1,64}$/.test(id) ? id : '';
}

async function prepare(page: Page, job: ArticleJob, ctx: Ctx): Promise<Prepared> {
  const s = readSettings(job);
  s.reader.logIgnored(SETTING_KEYS, ctx.log);
  const title = job.payload.title.trim();
  if (countChars(title) < NETEASE_LIMITS.titleMin) throw new AdapterError('publish_rejected', 'fill', `网易号 needs a title of at least ${NETEASE_LIMITS.titleMin} characters`);
  assertMaxChars(title, NETEASE_LIMITS.titleMax, 'fill', 'title');
  if (!job.payload.content.trim()) throw new AdapterError('publish_rejected', 'fill', '网易号 needs a body');

  ctx.progress('open_editor');
  const account = await openAs(page, NETEASE_URLS.editor, job, 'open_editor', ctx);
  await need(page, TITLE_INPUT, 'open_editor', 'title input', ctx);

  ctx.progress('fill');
  let content = await moveImages(articleHtml(job.payload.content), ctx, {
    isOwn: (src) => OWN_PICTURE.test(src),
    upload: (image, src) => uploadPicture(page, account, image, 'upload_failed', `the picture ${src}`, ctx),
  });
  let cover = '';
  if (s.cover) {
    ctx.progress('upload', { phase: 'cover' });
    // A custom cover that cannot be adopted stops the job; no automatic cover instead.
    cover = await uploadPicture(page, account, await readImage(ctx, s.cover, 'cover_rejected', 'cover image'), 'cover_rejected', 'the cover', ctx);
    // The editor takes its cover from the body's pictures: the cover leads the body.
    if (!imageSources(content).includes(cover)) content = `<p><img src="${escapeHtml(cover)}" alt="" /></p>\n${content}`;
  }

  ctx.progress('apply_settings');
  const form = {
    wemediaId: account.externalRef,
    articleId: '-1',
    title,
    content,
    cover: cover ? 'custom' : 'auto',
    operation: 'saveDraft',
    scheduled: '0',
    ursToken: await ursToken(page, 'apply_settings'),
    onlineState: '1',
    picUrl: cover,
    original: s.original ? '1' : '0',
    subjectId: '',
  };
  const saved = await pageJson(page, at(ctx, NETEASE_URLS.save(account.externalRef, account.realUserId)), { method: 'POST', form }, 'fill', 'draft save', ctx);
  // The answer goes with the refusal: its code may say the account is banned (kit/standing-facts.ts).
  if (field(saved, 'code') !== 1) throw new AdapterError('publish_rejected', 'fill', `网易号 refused the draft: ${String(field(saved, 'msg') ?? 'no reason given')}`, { answer: JSON.stringify(saved).slice(0, 20_000) });
  const docId = docIdOf(field(saved, 'data'));
  if (!docId) throw new AdapterError('editor_changed', 'fill', 'draft save: the answer names no docId in data');
  // The draft's own page is where the publish step picks it up (and what a person would see).
  await openLoggedIn(page, at(ctx, NETEASE_URLS.draft(docId)), 'open_editor', ctx, isLoginPage(ctx));
  return { docId, account, form: { ...form, articleId: docId } };
}

async function publish(page: Page, _job: ArticleJob, ctx: Ctx, p: Prepared) {
  const route = /^#\/article-publish\/([\w-]+)\?option=editDraft$/.exec(real(ctx, page.url()).hash);
  if (!route || p.docId !== route[1]) throw new AdapterError('editor_changed', 'publish', 'the page is not the prepared draft; nothing was published', { url: page.url() });
  const token = await ursToken(page, 'publish');
  const docId = await gatedApiPublish(
    page,
    at(ctx, NETEASE_URLS.save(p.account.externalRef, p.account.realUserId)),
    { method: 'POST', form: { ...p.form, operation: 'publish', ursToken: token } },
    (body) => (field(body, 'code') === 1 ? { ok: true, value: docIdOf(field(body, 'data')) } : { ok: false, message: String(field(body, 'msg') ?? `code ${String(field(body, 'code'))}`) }),
    ctx,
  );
  if (!docId) throw new AdapterError('readback_failed', 'read_back', '网易号 accepted the publish but named no article; verify before any retry');
  return { postId: docId, url: at(ctx, NETEASE_URLS.post(docId)) };
}

async function verify(page: Page, job: ArticleJob, ctx: Ctx) {
  ctx.progress('read_back');
  const account = await openAs(page, NETEASE_URLS.editor, job, 'check_login', ctx);
  const form = { wemediaId: account.externalRef, pageNo: '1', size: '20', contentType: '1', contentState: '3' };
  const body = await pageJson(page, at(ctx, NETEASE_URLS.list), { method: 'POST', form }, 'read_back', 'content list', ctx);
  const rows = field(body, 'data', 'list');
  if (field(body, 'code') !== 1 || !Array.isArray(rows)) throw new AdapterError('editor_changed', 'read_back', `content list: no data.list (${String(field(body, 'msg') ?? 'changed answer')})`);
  const title = job.payload.title.trim();
  const idOf = (row: unknown) => String(field(row, 'articleId') ?? field(row, 'docId') ?? field(row, 'id') ?? '');
  // Asked for published entries only; a row that says it is a draft (0) is not the post either way.
  const hits = rows.filter((row) => idOf(row) !== '' && field(row, 'contentState') !== 0 && field(row, 'title') === title && inJobWindow(listedTime(field(row, 'publishTime') ?? field(row, 'showTime')), job));
  if (hits.length === 0) return { found: false as const };
  const postId = idOf(hits[0]);
  return { found: true as const, postId, url: at(ctx, NETEASE_URLS.post(postId)), candidates: hits.length };
}

export const neteaseAdapter = defineAdapter({
  platform: 'netease',
  defaultBaseUrl: ORIGIN,
  settingKeys: SETTING_KEYS,
  settingKeysByType: { video: NETEASE_VIDEO_SETTINGS },
  provenance: NETEASE_PROVENANCE,

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    await openLoggedIn(page, at(ctx, NETEASE_URLS.editor), 'check_login', ctx, isLoginPage(ctx));
    const { externalRef, displayName } = await whoAmI(page, 'check_login', ctx);
    return { externalRef, displayName };
  },
  flows: { article: { prepare, publish, verify }, video: videoFlow },
});
