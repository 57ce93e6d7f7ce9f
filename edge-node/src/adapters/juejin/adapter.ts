/**
 * juejin (稀土掘金): articles, through the editor's own JSON API called from the
 * logged-in editor page (the editor is a Markdown editor: the Markdown goes in
 * as written). Draft create → draft update (category, tags, summary, cover) →
 * publish; publish is the one non-repeatable call, behind the commit gate.
 *
 * What each step rests on (the public sources of every fact about juejin, and
 * how sure each is) is in juejin/provenance.ts.
 *
 * Settings (shared contract names): `category` (required; our codes → juejin's names),
 * `tags` (1–3 of juejin's own tags, by name), `summary` (≤ 100; first 100 characters of
 * the text otherwise), `coverMode` (`custom` uploads the article's coverImage; absent →
 * custom when there is one). juejin has no AI-content label: `aiLabel` is logged as ignored.
 *
 * Pictures in the body: a local file (an absolute path in the job owner's media directory,
 * opened through the node's sandbox) is uploaded through article_pic and the Markdown names
 * the copy; another site's picture is copied by juejin itself (urlSave).
 */
import { JUEJIN_CATEGORIES, JUEJIN_TAGS, labelsOf } from '@plume/shared';
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type ArticleJob, type LoginInfo, type PublishJob, type Flow } from '../contract.js';
import { defineAdapter } from '../define.js';
import { contractLimits } from '../kit/contract-limits.js';
import { JUEJIN_PROVENANCE } from './provenance.js';
import { gatedApiPublish } from '../kit/api-publish.js';
import { moveMarkdownImages, readImage, type ImageFile } from '../kit/article-images.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { field, needField, pageJson, pageRequest } from '../kit/page-api.js';
import { markdownToPlainText } from '../markdown.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, assertMaxChars, inJobWindow, openLoggedIn, timeouts } from '../support.js';

const ORIGIN = 'https://juejin.cn';
const API = 'https://api.juejin.cn';
const URLS = {
  editor: `${ORIGIN}/editor/drafts/new?v=2`,
  draft: (id: string) => `${ORIGIN}/editor/drafts/${id}`,
  post: (id: string) => `${ORIGIN}/post/${id}`,
  creatorHome: `${ORIGIN}/creator/home`,
  urlSave: `${ORIGIN}/image/urlSave`,
  user: `${API}/user_api/v1/user/get`,
  csrf: `${API}/user_api/v1/sys/token`,
  categories: `${API}/tag_api/v1/query_category_list`,
  tags: `${API}/tag_api/v1/query_tag_list`,
  draftCreate: `${API}/content_api/v1/article_draft/create`,
  draftUpdate: `${API}/content_api/v1/article_draft/update`,
  publish: `${API}/content_api/v1/article/publish`,
  articlePic: `${API}/content_api/v1/upload/article_pic`,
  myArticles: `${API}/content_api/v1/article/list_by_user`,
};

/** The title, summary and tag limits preflight also checks (the settings contract). */
const { titleMax: TITLE_MAX, summaryMax: SUMMARY_MAX, tagsMax: TAGS_MAX } = contractLimits('article', 'juejin', ['titleMax', 'summaryMax', 'tagsMax']);
/** Per picture (cover or body); juejin's own limit is not on record. */
const PICTURE_MAX_BYTES = 20 * 1024 * 1024;
/** Pictures already on juejin's hosts stay as they are. */
const OWN_PICTURE = /^https:\/\/[^/]*(juejin\.cn|byteimg\.com)\//;
const isWeb = (src: string) => /^https?:\/\//i.test(src);
/** juejin's "not logged in" error number (P). */
const ERR_NOT_LOGGED_IN = 2;

/** Our category codes → juejin's category names: the shared list preflight checks too. */
export const JUEJIN_CATEGORY_LABELS: Readonly<Record<string, string>> = labelsOf(JUEJIN_CATEGORIES);
const SETTING_KEYS = ['category', 'tags', 'summary', 'coverMode'] as const;

function readSettings(job: ArticleJob) {
  const r = new SettingsReader(job);
  const category = r.string('category', { required: true, oneOf: Object.keys(JUEJIN_CATEGORY_LABELS) });
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImage ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImage) {
    throw new AdapterError('cover_rejected', 'upload', 'coverMode is custom but the article has no coverImage');
  }
  const summary = r.string('summary', { maxLength: SUMMARY_MAX }) ?? autoSummary(job.payload.content);
  return {
    reader: r,
    categoryName: JUEJIN_CATEGORY_LABELS[category]!,
    tags: r.stringArray('tags', { min: 1, max: TAGS_MAX, oneOf: JUEJIN_TAGS }),
    summary,
    cover: coverMode === 'custom' ? job.payload.coverImage : undefined,
  };
}

/** juejin refuses a publish without a summary: the text's first 100 characters, as its editor proposes. */
export function autoSummary(markdown: string): string {
  return Array.from(markdownToPlainText(markdown).replace(/\s+/g, ' ').trim()).slice(0, SUMMARY_MAX).join('');
}

type Ctx = AdapterContext;
const at = (ctx: Ctx, real: string) => liveUrl(ctx, juejinAdapter, real);
const isLoginPage = (ctx: Ctx) => (u: URL) => {
  const real = realUrl(ctx, juejinAdapter, u.toString());
  return real.host === 'juejin.cn' && real.pathname.startsWith('/login');
};

/** juejin answers 200 with `err_no`; anything else than 0 is a refusal with `err_msg`. */
function errNo(body: unknown): number {
  const n = field(body, 'err_no');
  return typeof n === 'number' ? n : Number.NaN;
}
const errMsg = (body: unknown) => String(field(body, 'err_msg') ?? 'unknown error');

async function api(page: Page, url: string, json: unknown, csrf: string, step: 'open_editor' | 'upload' | 'apply_settings' | 'fill' | 'read_back' | 'check_login', what: string, ctx: Ctx) {
  const body = await pageJson(page, at(ctx, url), { method: 'POST', json, headers: { 'x-secsdk-csrf-token': csrf } }, step, what, ctx);
  if (errNo(body) === ERR_NOT_LOGGED_IN) throw new AdapterError('login_required', step, `${what}: juejin says the session is gone`);
  return body;
}

async function whoAmI(page: Page, step: 'check_login' | 'open_editor', ctx: Ctx): Promise<LoginInfo> {
  const body = await pageJson(page, at(ctx, URLS.user), {}, step, 'user info', ctx);
  if (errNo(body) !== 0) throw new AdapterError('login_required', step, `juejin has no session here (${errMsg(body)})`);
  return { externalRef: needField(body, ['data', 'user_id'], step, 'user info'), displayName: String(field(body, 'data', 'user_name') ?? '') };
}

async function csrfToken(page: Page, step: 'open_editor' | 'publish' | 'read_back', ctx: Ctx): Promise<string> {
  const res = await pageRequest(
    page,
    at(ctx, URLS.csrf),
    { method: 'HEAD', headers: { 'x-secsdk-csrf-request': '1', 'x-secsdk-csrf-version': '1.2.22' } },
    timeouts(ctx).navigationMs,
  );
  const token = res.headers['x-ware-csrf-token']?.split(',')[1]?.trim();
  if (!token) throw new AdapterError('editor_changed', step, 'juejin handed out no CSRF token (x-ware-csrf-token)', { status: res.status });
  return token;
}

/** Opens the editor (the page whose origin the API trusts) and checks who is logged in. */
async function openEditor(page: Page, job: PublishJob, ctx: Ctx): Promise<string> {
  ctx.progress('open_editor');
  await openLoggedIn(page, at(ctx, URLS.editor), 'open_editor', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'open_editor', ctx), job, 'open_editor');
  return csrfToken(page, 'open_editor', ctx);
}

const articleFlow: Flow<ArticleJob> = {
  async prepare(page, job, ctx) {
    const { title, content } = job.payload;
    const s = readSettings(job);
    s.reader.logIgnored(SETTING_KEYS, ctx.log);
    if (!title.trim()) throw new AdapterError('publish_rejected', 'fill', 'juejin needs a title');
    assertMaxChars(title, TITLE_MAX, 'fill', 'title');
    if (!content.trim()) throw new AdapterError('publish_rejected', 'fill', 'juejin needs a body');

    const csrf = await openEditor(page, job, ctx);

    ctx.progress('apply_settings');
    const categoryId = await resolveCategory(page, s.categoryName, csrf, ctx);
    const tagIds: string[] = [];
    for (const tag of s.tags) tagIds.push(await resolveTag(page, tag, csrf, ctx));

    ctx.progress('fill');
    // Local pictures are uploaded (web ones are juejin's to copy, next); any failure stops the job before a draft exists.
    const withLocal = await moveMarkdownImages(content, ctx, {
      isOwn: isWeb,
      upload: (image, src) => uploadPicture(page, image, csrf, 'upload_failed', `the picture ${src}`, ctx),
      maxBytes: PICTURE_MAX_BYTES,
    });
    const markdown = await rehostImages(page, withLocal, csrf, ctx);
    const coverUrl = s.cover ? await uploadCover(page, s.cover, csrf, ctx) : '';

    // The editor's own sequence: a draft is created, then saved with everything.
    const created = await api(page, URLS.draftCreate, draftBody({ title, markdown, categoryId: '0', tagIds: [], summary: '', coverUrl: '' }), csrf, 'fill', 'draft create', ctx);
    if (errNo(created) !== 0) throw new AdapterError('publish_rejected', 'fill', `juejin refused the draft: ${errMsg(created)}`);
    const draftId = needField(created, ['data', 'id'], 'fill', 'draft create');
    const saved = await api(page, URLS.draftUpdate, { id: draftId, ...draftBody({ title, markdown, categoryId, tagIds, summary: s.summary, coverUrl }) }, csrf, 'apply_settings', 'draft update', ctx);
    if (errNo(saved) !== 0) throw new AdapterError('publish_rejected', 'apply_settings', `juejin refused the draft: ${errMsg(saved)}`);
    // The draft page is where the publish step picks the draft up (and what a person would see).
    await openLoggedIn(page, at(ctx, URLS.draft(draftId)), 'open_editor', ctx, isLoginPage(ctx));
  },

  async publish(page, job, ctx) {
    const draftId = /^\/editor\/drafts\/(\d+)$/.exec(realUrl(ctx, juejinAdapter, page.url()).pathname)?.[1];
    if (!draftId) throw new AdapterError('editor_changed', 'publish', 'the page is not the prepared draft; nothing was published', { url: page.url() });
    const csrf = await csrfToken(page, 'publish', ctx);
    const articleId = await gatedApiPublish(
      page,
      at(ctx, URLS.publish),
      { method: 'POST', headers: { 'x-secsdk-csrf-token': csrf }, json: { draft_id: draftId, sync_to_org: false, column_ids: [], theme_ids: [] } },
      (body) => {
        if (errNo(body) !== 0) return { ok: false, message: errMsg(body) };
        const id = field(body, 'data', 'article_id');
        return { ok: true, value: id === undefined || id === null ? '' : String(id) };
      },
      ctx,
    );
    if (!/^\d+$/.test(articleId)) throw new AdapterError('readback_failed', 'read_back', 'juejin accepted the publish but named no article; verify before any retry');
    return { postId: articleId, url: at(ctx, URLS.post(articleId)) };
  },

  async verify(page, job, ctx) {
    ctx.progress('read_back');
    await openLoggedIn(page, at(ctx, URLS.creatorHome), 'check_login', ctx, isLoginPage(ctx));
    // Looking in another account's list would find nothing and invite a duplicate.
    assertAccount(await whoAmI(page, 'check_login', ctx), job, 'check_login');
    const csrf = await csrfToken(page, 'read_back', ctx);
    const title = job.payload.title.trim();
    const body = await api(page, URLS.myArticles, { audit_status: null, keyword: title, page_size: 20, page_no: 1 }, csrf, 'read_back', 'my articles', ctx);
    if (errNo(body) !== 0) throw new Error(`juejin article list: ${errMsg(body)}`);
    const rows = Array.isArray(field(body, 'data')) ? (field(body, 'data') as unknown[]) : [];
    const hits = rows.filter((row) => {
      const ctime = Number(field(row, 'article_info', 'ctime'));
      return field(row, 'article_info', 'title') === title && inJobWindow(Number.isFinite(ctime) ? new Date(ctime * 1000).toISOString() : null, job);
    });
    if (hits.length === 0) return { found: false };
    const postId = String(field(hits[0], 'article_id') ?? field(hits[0], 'article_info', 'article_id'));
    return { found: true, postId, url: at(ctx, URLS.post(postId)), candidates: hits.length };
  },
};

export const juejinAdapter = defineAdapter({
  platform: 'juejin',
  defaultBaseUrl: ORIGIN,
  settingKeys: SETTING_KEYS,
  checkSettings: { article: { category: 'backend', tags: ['TypeScript'] } },
  provenance: JUEJIN_PROVENANCE,
  login: {
    url: `${ORIGIN}/login`,
    qrTab: 'text="扫码登录"',
    qr: '.qrcode-img img',
    expired: '.qrcode-expired',
    refresh: '.qrcode-expired >> text=刷新',
    sms: { input: '.sms-verify input[placeholder*="验证码"]', send: '.sms-verify >> text=获取验证码', submit: '.sms-verify >> text=确定', error: '.sms-verify .error-tip' },
    slider: '.captcha-slider',
    sessionCookies: ['sessionid'],
    isLoginPage: (u) => u.host === 'juejin.cn' && u.pathname.startsWith('/login'),
  },

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    await openLoggedIn(page, at(ctx, URLS.creatorHome), 'check_login', ctx, isLoginPage(ctx));
    return whoAmI(page, 'check_login', ctx);
  },

  flows: { article: articleFlow },
});

function draftBody(d: { title: string; markdown: string; categoryId: string; tagIds: string[]; summary: string; coverUrl: string }) {
  return {
    category_id: d.categoryId,
    tag_ids: d.tagIds,
    link_url: '',
    cover_image: d.coverUrl,
    title: d.title,
    brief_content: d.summary,
    edit_type: 10, // Markdown
    html_content: 'deprecated',
    mark_content: d.markdown,
    theme_ids: [],
  };
}

async function resolveCategory(page: Page, name: string, csrf: string, ctx: Ctx): Promise<string> {
  const body = await api(page, URLS.categories, {}, csrf, 'apply_settings', 'category list', ctx);
  const list = field(body, 'data');
  if (!Array.isArray(list) || list.length === 0) throw new AdapterError('editor_changed', 'apply_settings', 'category list: juejin answered no categories');
  if (!list.some((c) => typeof field(c, 'category', 'category_name') === 'string')) {
    throw new AdapterError('editor_changed', 'apply_settings', 'category list: the answer has no category.category_name');
  }
  const hit = list.find((c) => field(c, 'category', 'category_name') === name);
  if (!hit) throw new AdapterError('setting_unavailable', 'apply_settings', `juejin offers no category "${name}"`, { field: 'category' });
  return needField(hit, ['category_id'], 'apply_settings', 'category list');
}

async function resolveTag(page: Page, name: string, csrf: string, ctx: Ctx): Promise<string> {
  const body = await api(page, URLS.tags, { cursor: '0', key_word: name, limit: 10, sort_type: 1 }, csrf, 'apply_settings', 'tag search', ctx);
  const list = Array.isArray(field(body, 'data')) ? (field(body, 'data') as unknown[]) : [];
  const hit = list.find((t) => String(field(t, 'tag', 'tag_name') ?? '').toLowerCase() === name.toLowerCase());
  if (!hit) throw new AdapterError('setting_unavailable', 'apply_settings', `juejin has no tag "${name}"`, { field: 'tags' });
  return needField(hit, ['tag_id'], 'apply_settings', 'tag search');
}

async function uploadCover(page: Page, path: string, csrf: string, ctx: Ctx): Promise<string> {
  ctx.progress('upload', { phase: 'cover' });
  const image = await readImage(ctx, path, 'cover_rejected', 'cover image', PICTURE_MAX_BYTES);
  // A custom cover that cannot be adopted stops the job; no automatic cover instead.
  const url = await uploadPicture(page, image, csrf, 'cover_rejected', 'the cover', ctx);
  ctx.progress('upload', { phase: 'cover', bytesSent: image.bytes.length, bytesTotal: image.bytes.length, percent: 100 });
  return url;
}

/** One picture through juejin's article picture upload (P); resolves with its address on juejin's image host. */
async function uploadPicture(page: Page, image: ImageFile, csrf: string, code: 'upload_failed' | 'cover_rejected', what: string, ctx: Ctx): Promise<string> {
  const body = await pageJson(
    page,
    at(ctx, URLS.articlePic),
    { method: 'POST', headers: { 'x-secsdk-csrf-token': csrf }, multipart: { file: { base64: image.bytes.toString('base64'), name: image.name, type: image.type } } },
    'upload',
    `${what} upload`,
    ctx,
  );
  if (errNo(body) === ERR_NOT_LOGGED_IN) throw new AdapterError('login_required', 'upload', `${what}: juejin says the session is gone`);
  if (errNo(body) !== 0) throw new AdapterError(code, 'upload', `juejin refused ${what}: ${errMsg(body)}`);
  const url = needField(body, ['data', 'url'], 'upload', `${what} upload`);
  if (!isWeb(url)) throw new AdapterError('editor_changed', 'upload', `${what} upload: juejin answered no web address`, { url });
  return url;
}

/** Markdown image links to other sites are copied onto juejin's image host (W's urlSave), as its editor does on paste. */
async function rehostImages(page: Page, markdown: string, csrf: string, ctx: Ctx): Promise<string> {
  const external = [...new Set([...markdown.matchAll(/!\[[^\]]*\]\(\s*<?(https?:\/\/[^)\s>]+)>?/g)].map((m) => m[1]!))].filter((u) => !OWN_PICTURE.test(u));
  let out = markdown;
  for (const src of external) {
    const body = await api(page, URLS.urlSave, { url: src }, csrf, 'fill', 'image re-hosting', ctx);
    const saved = field(body, 'data');
    if (errNo(body) !== 0 || typeof saved !== 'string' || !saved) throw new AdapterError('upload_failed', 'upload', `juejin could not copy the image ${src}: ${errMsg(body)}`);
    out = out.split(src).join(saved);
  }
  return out;
}
