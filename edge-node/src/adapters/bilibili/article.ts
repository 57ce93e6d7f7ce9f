/**
 * bilibili articles (专栏) through the article editor's own JSON APIs, called
 * from the logged-in editor page: the Markdown is rendered to HTML, every
 * picture in it that is not on bilibili's image host (another site's, or a
 * file on the node) is uploaded to bilibili first, the cover likewise; the
 * draft is saved (addupdate), and the submission of that draft is the one
 * non-repeatable call, behind the commit gate.
 *
 * The public sources of each fact this rests on, and how sure each is, are in
 * bilibili/provenance.ts.
 *
 * Settings (shared contract names): `category` (required, by name), `tags`, `summary`
 * (also the dynamic's intro), `original` (原创), `coverMode` (`custom` uploads the article's cover).
 */
import { BILIBILI_ARTICLE_CATEGORIES, markdownToHtml } from '@plume/shared';
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type ArticleJob, type OpenedFile, type PublishResult, type VerifyResult, type Flow } from '../contract.js';
import { gatedApiPublish } from '../kit/api-publish.js';
import { field, imageType, readAll, type ApiRequest } from '../kit/page-api.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, assertMaxChars, inJobWindow, need, openLoggedIn, openMedia } from '../support.js';
import { at, biliJson, biliMessage, csrfToken, isLoginPage, URLS, whoAmI } from './site.js';
import { contractLimits } from '../kit/contract-limits.js';

export const BILIBILI_ARTICLE_SETTINGS = ['category', 'tags', 'summary', 'original', 'coverMode'] as const;
export const BILIBILI_ARTICLE_LIMITS = contractLimits('article', 'bilibili', ['titleMax', 'tagsMax']);
const S = { title: 'textarea[placeholder="请输入标题（建议30字以内）"]' } as const;
/** Pictures already on bilibili's image hosts stay as they are. */
const ON_BILIBILI = /^https?:\/\/[\w-]+\.hdslb\.com\//;

function readSettings(job: ArticleJob) {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImage ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImage) throw new AdapterError('cover_rejected', 'apply_settings', 'coverMode is custom but the article has no coverImage');
  const category = r.string('category', { required: true, oneOf: Object.keys(BILIBILI_ARTICLE_CATEGORIES) });
  return {
    reader: r,
    category: BILIBILI_ARTICLE_CATEGORIES[category]!,
    tags: r.stringArray('tags', { max: BILIBILI_ARTICLE_LIMITS.tagsMax, maxLength: 30 }),
    summary: r.string('summary', { maxLength: 120 }) ?? '',
    original: r.boolean('original', false),
    cover: coverMode === 'custom' ? job.payload.coverImage : undefined,
  };
}

/**
 * The editor's title box: on article-text/home as recorded there, else on the
 * editor page itself (york/read-editor, where the newer records find the same
 * box). The page only has to be a logged-in editor: the draft and the
 * submission go through the editor's APIs.
 */
async function openEditor(page: Page, ctx: AdapterContext): Promise<void> {
  try {
    await need(page, S.title, 'open_editor', 'article editor (title box)', ctx);
    return;
  } catch (e) {
    if (!(e instanceof AdapterError) || e.code !== 'editor_changed') throw e;
    ctx.log.info({ step: 'open_editor' }, 'no title box on article-text/home; trying the editor page york/read-editor');
  }
  await openLoggedIn(page, at(ctx, URLS.articleEditorPage), 'open_editor', ctx, isLoginPage(ctx));
  await need(page, S.title, 'open_editor', 'article editor (title box, on article-text/home or york/read-editor)', ctx);
}

/** What `prepare` leaves for `publish`: the saved draft's form, for this job. */
export interface ArticleDraft {
  jobId: string;
  aid: string;
  form: Record<string, string>;
}

export async function prepareArticle(page: Page, job: ArticleJob, ctx: AdapterContext, earlier?: ArticleDraft): Promise<ArticleDraft> {
  const s = readSettings(job);
  s.reader.logIgnored(BILIBILI_ARTICLE_SETTINGS, ctx.log);
  const title = job.payload.title.trim();
  if (!title) throw new AdapterError('publish_rejected', 'fill', 'a bilibili article needs a title');
  assertMaxChars(title, BILIBILI_ARTICLE_LIMITS.titleMax, 'fill', 'title');
  const cover = s.cover ? await openMedia(ctx, s.cover, 'upload', 'cover_rejected', 'cover image') : undefined;

  ctx.progress('open_editor');
  await openLoggedIn(page, at(ctx, URLS.articleEditor), 'open_editor', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'open_editor', ctx), job, 'open_editor');
  await openEditor(page, ctx);
  const csrf = await csrfToken(page, 'open_editor');

  ctx.progress('upload');
  const html = await rehostPictures(page, markdownToHtml(job.payload.content), csrf, ctx);
  let banner = '';
  if (cover) {
    ctx.progress('upload', { phase: 'cover' });
    banner = await uploadPicture(page, cover, csrf, 'cover_rejected', 'cover', ctx);
    ctx.progress('upload', { phase: 'cover', bytesSent: cover.size, bytesTotal: cover.size, percent: 100 });
  }

  ctx.progress('fill');
  const form: Record<string, string> = {
    title,
    content: html,
    summary: s.summary,
    banner_url: banner,
    words: String(Array.from(html.replace(/<[^>]+>/g, '')).length),
    category: String(s.category),
    list_id: '0',
    tid: '0',
    reprint: '0',
    tags: s.tags.join(','),
    image_urls: '',
    origin_image_urls: '',
    dynamic_intro: s.summary,
    media_id: '0',
    spoiler: '0',
    original: s.original ? '1' : '0',
    top_video_bvid: '',
  };
  // A second prepare of the same job updates its draft instead of leaving one more behind.
  const aidBefore = earlier?.jobId === job.jobId ? earlier.aid : undefined;
  ctx.progress('apply_settings');
  const saved = await biliJson(page, URLS.draftAddUpdate, { method: 'POST', multipart: { ...form, ...(aidBefore ? { aid: aidBefore } : {}), csrf } }, 'apply_settings', 'draft save', ctx);
  const aid = field(saved, 'data', 'aid');
  if (saved.code !== 0 || (typeof aid !== 'number' && typeof aid !== 'string')) throw new AdapterError('publish_rejected', 'apply_settings', `bilibili refused the draft: ${biliMessage(saved)}`);
  return { jobId: job.jobId, aid: String(aid), form };
}

export async function publishArticle(page: Page, job: ArticleJob, ctx: AdapterContext, p: ArticleDraft): Promise<PublishResult> {
  if (p.jobId !== job.jobId) throw new AdapterError('editor_changed', 'publish', 'this page holds no saved draft for the job; nothing was published');
  const csrf = await csrfToken(page, 'publish');
  const req: ApiRequest = { method: 'POST', multipart: { ...p.form, aid: p.aid, csrf } };
  const named = await gatedApiPublish(
    page,
    at(ctx, URLS.articleSubmit),
    req,
    (body) => (field(body, 'code') === 0 ? { ok: true, value: publishedId(body) } : { ok: false, message: biliMessage(body) }),
    ctx,
  );
  if (named?.cv) return { postId: named.cv, url: at(ctx, URLS.article(named.cv)) };
  // Accepted, but the answer names no cv id: the creator's list says which article it is.
  const hits = await ownArticles(page, job, ctx).catch((e: unknown) => {
    throw new AdapterError('readback_failed', 'read_back', `bilibili accepted the article but its list could not be read (${(e as Error).message}); verify before any retry`);
  });
  const id = hits.length > 0 ? field(hits[0], 'id') : undefined;
  if (typeof id === 'number' || typeof id === 'string') return { postId: String(id), url: at(ctx, URLS.article(String(id))) };
  if (named?.opus) return { postId: named.opus, url: at(ctx, URLS.opus(named.opus)) };
  throw new AdapterError('readback_failed', 'read_back', 'bilibili accepted the article but named none, and its list does not show it yet; verify before any retry');
}

const isId = (v: unknown): v is string | number => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) || (typeof v === 'string' && /^[1-9]\d*$/.test(v));

/**
 * The ids an accepted publish answer names: the article's cv id (`data.aid`,
 * the submission's answer; `data.dyn_rid`, the opus form's) or only the opus
 * id (`data.dyn_id_str`); neither when it names none.
 */
export function publishedId(body: unknown): { cv?: string; opus?: string } | null {
  const cv = [field(body, 'data', 'aid'), field(body, 'data', 'dyn_rid')].find(isId);
  const opus = field(body, 'data', 'dyn_id_str');
  if (cv === undefined && !isId(opus)) return null;
  return { ...(cv !== undefined ? { cv: String(cv) } : {}), ...(isId(opus) ? { opus: String(opus) } : {}) };
}

/** The creator's article list (read-only), by exact title within the job's time window. */
export async function verifyArticle(page: Page, job: ArticleJob, ctx: AdapterContext): Promise<VerifyResult> {
  ctx.progress('read_back');
  await openLoggedIn(page, at(ctx, URLS.articleEditor), 'check_login', ctx, isLoginPage(ctx));
  // Another account's list would find nothing and invite a duplicate.
  assertAccount(await whoAmI(page, 'check_login', ctx), job, 'check_login');
  const hits = await ownArticles(page, job, ctx);
  const id = hits.length > 0 ? field(hits[0], 'id') : undefined;
  if (typeof id !== 'number' && typeof id !== 'string') return { found: false };
  return { found: true, postId: String(id), url: at(ctx, URLS.article(String(id))), candidates: hits.length };
}

/** The job's article in the creator's list, newest first: the exact title, created within the job's window. */
async function ownArticles(page: Page, job: ArticleJob, ctx: AdapterContext): Promise<unknown[]> {
  const body = await biliJson(page, URLS.articleList, {}, 'read_back', 'own articles', ctx);
  if (body.code !== 0) throw new Error(`bilibili own articles: ${biliMessage(body)}`);
  const list = field(body, 'artlist', 'articles') ?? field(body, 'data', 'artlist', 'articles');
  if (!Array.isArray(list)) throw new AdapterError('editor_changed', 'read_back', 'own articles: the answer has no artlist.articles');
  const title = job.payload.title.trim();
  return list.filter((a) => {
    const ctime = Number(field(a, 'ctime'));
    return field(a, 'title') === title && inJobWindow(ctime > 0 ? new Date(ctime * 1000).toISOString() : null, job);
  });
}

/**
 * Every picture not already on bilibili — another site's (downloaded by the
 * node, which refuses private addresses) or a file on the node (through the
 * sandbox) — is uploaded to bilibili and the HTML points at bilibili's copy.
 * A picture that cannot be had stops the job: publishing without it would
 * publish something else.
 */
async function rehostPictures(page: Page, html: string, csrf: string, ctx: AdapterContext): Promise<string> {
  const sources = [...new Set([...html.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]!))].filter((src) => !ON_BILIBILI.test(src.replace(/&amp;/g, '&')));
  let out = html;
  for (const src of sources) {
    const raw = src.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
    const file = await openMedia(ctx, raw, 'upload', 'upload_failed', `picture ${raw}`);
    const url = await uploadPicture(page, file, csrf, 'upload_failed', `picture ${raw}`, ctx);
    out = out.split(`src="${src}"`).join(`src="${url}"`);
  }
  return out;
}

async function uploadPicture(page: Page, file: OpenedFile, csrf: string, code: 'upload_failed' | 'cover_rejected', what: string, ctx: AdapterContext): Promise<string> {
  const bytes = await readAll(file);
  const name = file.path.split('/').pop() || 'image.png';
  const body = await biliJson(
    page,
    URLS.uploadBfs,
    { method: 'POST', multipart: { file_up: { base64: bytes.toString('base64'), name, type: imageType(name) }, biz: 'new_dyn', category: 'daily', csrf } },
    'upload',
    `${what} upload`,
    ctx,
  );
  const url = field(body, 'data', 'image_url');
  if (body.code !== 0 || typeof url !== 'string' || !url) throw new AdapterError(code, 'upload', `bilibili refused the ${what}: ${biliMessage(body)}`);
  return url;
}

export const articleFlow: Flow<ArticleJob, ArticleDraft> = { prepare: prepareArticle, publish: publishArticle, verify: verifyArticle };
