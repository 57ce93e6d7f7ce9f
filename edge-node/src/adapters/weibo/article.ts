/**
 * weibo articles (头条文章) through the article editor's own JSON API, called
 * from the logged-in editor page on card.weibo.com: the Markdown is rendered to
 * HTML, images from other sites are copied onto weibo, the cover goes to
 * weibo's picture host, a draft is created and saved, then published behind
 * the commit gate.
 *
 * What it rests on (the public sources of every fact about weibo, and how
 * sure each is) is in weibo/provenance.ts.
 *
 * Settings: `summary` (≤ 44), `coverMode` (`custom` uploads the article's cover), `aiLabel`
 * (is_aigc_used; the article's `aigc` facts decide when absent).
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type ArticleJob, type PublishJob, type PublishResult, type VerifyResult } from '../contract.js';
import { aiLabelOf } from '../kit/ai-label.js';
import { gatedApiPublish } from '../kit/api-publish.js';
import { contractLimits } from '../kit/contract-limits.js';
import { field, imageType, needField, pageJson, readAll } from '../kit/page-api.js';
import { webPictures } from '../kit/pictures.js';
import { markdownToHtml } from '@plume/shared';
import { SettingsReader } from '../settings.js';
import { assertMaxChars, inJobWindow, openMedia, poll, timeouts } from '../support.js';

export const WEIBO_ARTICLE_KEYS = ['summary', 'coverMode', 'aiLabel'] as const;
/** The title and 导语 limits preflight also checks (the settings contract). */
const { titleMax: TITLE_MAX, summaryMax: SUMMARY_MAX } = contractLimits('article', 'weibo', ['titleMax', 'summaryMax']);
const OK = 100000;
/** The success codes public clients accept from the publish call (a number or text). */
const ACCEPTED = [String(OK), 'A00006'];
const CARD = 'https://card.weibo.com/article';
const URLS = {
  editor: `${CARD}/v3/editor`,
  draftPage: (id: string) => `${CARD}/v3/editor#/draft/${id}`,
  create: (uid: string) => `${CARD}/v5/aj/editor/draft/create?uid=${uid}&_rid=${Date.now()}`,
  save: (uid: string, id: string) => `${CARD}/v5/aj/editor/draft/save?uid=${uid}&id=${id}&_rid=${Date.now()}`,
  publish: (uid: string, id: string) => `${CARD}/v5/aj/editor/draft/publish?uid=${uid}&id=${id}&_rid=${Date.now()}`,
  byUrl: (uid: string) => `${CARD}/v3/aj/editor/plugins/asyncuploadimg?uid=${uid}`,
  byUrlInfo: (uid: string) => `${CARD}/v3/aj/editor/plugins/asyncimginfo?uid=${uid}`,
  picUpload: () =>
    `https://picupload.weibo.com/interface/pic_upload.php?app=miniblog&s=json&p=1&data=1&url=weibo.com/ww&markpos=1&logo=1&nick=ww&file_source=4&_rid=${Date.now()}`,
  myPosts: (uid: string) => `https://weibo.com/ajax/statuses/mymblog?uid=${encodeURIComponent(uid)}&page=1&feature=0`,
  article: (id: string) => `https://weibo.com/ttarticle/p/show?id=${id}`,
};

type Ctx = AdapterContext;
/** What adapter.ts lends this module and video.ts: its URL mapping, the login redirect and the account check. */
export interface WeiboPage {
  at(ctx: Ctx, real: string): string;
  real(ctx: Ctx, address: string): URL;
  isLoginPage(ctx: Ctx, url: URL): boolean;
  /** Checks the profile is logged in as the job's account; answers the account id. */
  openEditor(page: Page, job: PublishJob, ctx: Ctx): Promise<string>;
}

function readSettings(job: ArticleJob) {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImage ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImage) throw new AdapterError('cover_rejected', 'upload', 'coverMode is custom but the article has no coverImage');
  return {
    reader: r,
    summary: r.string('summary', { maxLength: SUMMARY_MAX }) ?? '',
    cover: coverMode === 'custom' ? job.payload.coverImage : undefined,
    aiLabel: aiLabelOf(job, r),
  };
}

export async function prepareArticle(page: Page, job: ArticleJob, w: WeiboPage, ctx: Ctx): Promise<void> {
  const s = readSettings(job);
  s.reader.logIgnored(WEIBO_ARTICLE_KEYS, ctx.log);
  const title = job.payload.title.trim();
  if (!title) throw new AdapterError('publish_rejected', 'fill', 'a weibo article needs a title');
  assertMaxChars(title, TITLE_MAX, 'fill', 'title');
  // weibo copies pictures onto its host by web address only (asyncuploadimg): a local one would go out as a dead link.
  const rendered = markdownToHtml(job.payload.content);
  webPictures({ html: rendered }, 'weibo');

  ctx.progress('open_editor');
  const uid = await w.openEditor(page, job, ctx);

  ctx.progress('fill');
  const html = await rehostImages(page, rendered, uid, w, ctx);
  const cover = s.cover ? await uploadCover(page, s.cover, w, ctx) : '';
  const created = await pageJson(page, w.at(ctx, URLS.create(uid)), { method: 'POST' }, 'fill', 'draft create', ctx);
  if (field(created, 'code') !== OK) throw new AdapterError('publish_rejected', 'fill', `weibo refused a draft: ${String(field(created, 'msg') ?? '')}`);
  const id = needField(created, ['data', 'id'], 'fill', 'draft create');

  ctx.progress('apply_settings');
  const saved = await pageJson(page, w.at(ctx, URLS.save(uid, id)), { method: 'POST', multipart: draftForm({ id, title, summary: s.summary, cover, html, ai: s.aiLabel }) }, 'apply_settings', 'draft save', ctx);
  if (field(saved, 'code') !== OK) throw new AdapterError('publish_rejected', 'apply_settings', `weibo refused the draft: ${String(field(saved, 'msg') ?? '')}`);
  // The draft's own page is where the publish step picks it up.
  await page.goto(w.at(ctx, URLS.draftPage(id)), { waitUntil: 'domcontentloaded', timeout: timeouts(ctx).navigationMs });
}

export async function publishArticle(page: Page, job: ArticleJob, w: WeiboPage, ctx: Ctx): Promise<PublishResult> {
  const real = w.real(ctx, page.url());
  const id = /^#\/draft\/(\d+)$/.exec(real.hash)?.[1];
  if (real.pathname !== '/article/v3/editor' || !id) throw new AdapterError('editor_changed', 'publish', 'the page is not the prepared draft; nothing was published', { url: page.url() });
  const uid = job.account.externalRef;
  const url = await gatedApiPublish(
    page,
    w.at(ctx, URLS.publish(uid, id)),
    { method: 'POST', form: publishForm(id, job.payload.title.trim()) },
    (body) => {
      // A human check (geetest) asked for instead of publishing: nothing was published.
      if (field(body, 'data', 'geetest')) return { ok: false, message: 'weibo asks for a human check (geetest) before it publishes' };
      if (!ACCEPTED.includes(String(field(body, 'code')))) return { ok: false, message: String(field(body, 'msg') ?? `code ${String(field(body, 'code'))}`) };
      const address = field(body, 'data', 'url');
      return { ok: true, value: typeof address === 'string' ? address : '' };
    },
    ctx,
  );
  const articleId = articleIdIn(url);
  if (articleId) return { postId: articleId, url: w.at(ctx, /^https:\/\//.test(url) ? url : URLS.article(articleId)) };
  // Accepted without the article's address (public clients record such answers): the author's posts name it.
  const found = await verifyArticle(page, job, w, ctx).catch((e: unknown) => {
    throw new AdapterError('readback_failed', 'read_back', `weibo accepted the article but named no address, and its own posts could not be read (${(e as Error).message}); verify before any retry`);
  });
  if (found.found && found.postId && found.url) return { postId: found.postId, url: found.url };
  throw new AdapterError('readback_failed', 'read_back', 'weibo accepted the article but named no address, and its own posts do not show it yet; verify before any retry');
}

/** The publish call's form: the draft and the text of the short post that announces the article. */
function publishForm(id: string, title: string): Record<string, string> {
  return { id, text: announcement(title), rank: '0', follow_to_read: '0', follow_official: '0', sync_wb: '0', is_original: '0', mpkey: '0', time: '', timestamp: '' };
}

/** The announcing post's text, as public clients send it (and as verify finds it). */
const announcement = (title: string) => `发布了头条文章：《${title}》`;

/**
 * The article's id in any address weibo gives for it: …/ttarticle/p/show?id=<id>,
 * …/show/id/<id>, or the app's articlebrowser address wrapping one of them.
 */
export function articleIdIn(address: string): string | undefined {
  let text = address;
  for (let i = 0; i < 2; i++) {
    try {
      text = decodeURIComponent(text);
    } catch {
      break;
    }
  }
  return /[?&]id=(\d+)/.exec(text)?.[1] ?? /\/id\/(\d+)/.exec(text)?.[1];
}

/** The article a row of the author's posts announces: its id from page_info in each recorded form. */
function announcedArticle(row: unknown): string | undefined {
  const pageUrl = String(field(row, 'page_info', 'page_url') ?? '');
  const fromUrl = articleIdIn(pageUrl);
  if (fromUrl) return fromUrl;
  if (field(row, 'page_info', 'object_type') !== 'article') return undefined;
  const pageId = String(field(row, 'page_info', 'page_id') ?? '');
  if (/^\d+$/.test(pageId)) return pageId;
  return /:(\d+)$/.exec(String(field(row, 'page_info', 'object_id') ?? ''))?.[1];
}

export async function verifyArticle(page: Page, job: ArticleJob, w: WeiboPage, ctx: Ctx): Promise<VerifyResult> {
  const body = await pageJson(page, w.at(ctx, URLS.myPosts(job.account.externalRef)), {}, 'read_back', 'own posts', ctx);
  const list = field(body, 'data', 'list');
  if (!Array.isArray(list)) throw new AdapterError('editor_changed', 'read_back', 'own posts: the answer has no data.list');
  const title = job.payload.title.trim();
  const mark = announcement(title);
  // The announcing post carries the text the publish call sent; an article row also names the title in page_info.
  const hits = list.filter((p) => {
    const created = Date.parse(String(field(p, 'created_at') ?? ''));
    if (!inJobWindow(Number.isFinite(created) ? new Date(created).toISOString() : null, job)) return false;
    if (String(field(p, 'text_raw') ?? '').startsWith(mark)) return true;
    return field(p, 'page_info', 'object_type') === 'article' && (field(p, 'page_info', 'content1') === title || field(p, 'page_info', 'page_title') === title);
  });
  for (const hit of hits) {
    const articleId = announcedArticle(hit);
    if (!articleId) continue;
    const pageUrl = String(field(hit, 'page_info', 'page_url') ?? '');
    const url = /^https:\/\//.test(pageUrl) ? pageUrl : URLS.article(articleId);
    return { found: true, postId: articleId, url: w.at(ctx, url), candidates: hits.length };
  }
  return { found: false };
}

function draftForm(d: { id: string; title: string; summary: string; cover: string; html: string; ai: boolean }): Record<string, string> {
  return {
    title: d.title,
    type: '',
    summary: d.summary,
    writer: '',
    cover: d.cover,
    content: d.html,
    collection: '[]',
    updated: new Date().toISOString(),
    id: d.id,
    subtitle: '',
    extra: 'null',
    status: '0',
    publish_at: '',
    error_msg: '',
    error_code: '0',
    free_content: '',
    is_word: '0',
    article_recommend: '{}',
    is_article_free: '0',
    only_render_h5: '0',
    is_ai_plugins: '0',
    is_aigc_used: d.ai ? '1' : '0',
    is_v4: '0',
    follow_to_read: '1',
    isreward: '0',
    pay_setting: '[]',
    source: '0',
    action: '0',
    content_type: '0',
    save: '1',
    ver: '4.0',
  };
}

async function uploadCover(page: Page, path: string, w: WeiboPage, ctx: Ctx): Promise<string> {
  ctx.progress('upload', { phase: 'cover' });
  const file = await openMedia(ctx, path, 'upload', 'cover_rejected', 'cover image');
  const bytes = await readAll(file);
  const body = await pageJson(page, w.at(ctx, URLS.picUpload()), { method: 'POST', bytes: { base64: bytes.toString('base64'), type: imageType(path) } }, 'upload', 'cover upload', ctx);
  const pid = field(body, 'data', 'pics', 'pic_1', 'pid');
  // A custom cover that cannot be adopted stops the job; no automatic cover instead.
  if (typeof pid !== 'string' || !pid) throw new AdapterError('cover_rejected', 'upload', `weibo refused the cover: ${String(field(body, 'data', 'pics', 'pic_1', 'msg') ?? 'no picture id')}`);
  ctx.progress('upload', { phase: 'cover', bytesSent: file.size, bytesTotal: file.size, percent: 100 });
  return `https://wx2.sinaimg.cn/large/${pid}.jpg`;
}

/** Images from other sites are copied onto weibo by URL (W's asyncuploadimg), then the article points at weibo's copy. */
async function rehostImages(page: Page, html: string, uid: string, w: WeiboPage, ctx: Ctx): Promise<string> {
  const sources = [...new Set([...html.matchAll(/<img [^>]*src="(https?:\/\/[^"]+)"/g)].map((m) => m[1]!))].filter((u) => !/^https:\/\/\w+\.sinaimg\.cn\//.test(u));
  let out = html;
  for (const src of sources) {
    const raw = src.replace(/&amp;/g, '&');
    await pageJson(page, w.at(ctx, URLS.byUrl(uid)), { method: 'POST', form: { 'urls[0]': raw }, headers: { 'x-requested-with': 'fetch' } }, 'upload', 'image copy', ctx);
    const done = await poll(
      async () => field(await pageJson(page, w.at(ctx, URLS.byUrlInfo(uid)), { method: 'POST', form: { 'urls[0]': raw }, headers: { 'x-requested-with': 'fetch' } }, 'upload', 'image copy', ctx), 'data', 0),
      (info) => field(info, 'task_status_code') !== 0 && field(info, 'task_status_code') !== undefined,
      { intervalMs: 300, timeoutMs: timeouts(ctx).uploadMs, signal: ctx.signal, onTimeout: () => new AdapterError('upload_failed', 'upload', `weibo did not finish copying ${raw}`) },
    );
    const url = field(done, 'url');
    if (field(done, 'task_status_code') !== 1 || typeof url !== 'string') throw new AdapterError('upload_failed', 'upload', `weibo could not copy the image ${raw}`);
    out = out.split(`src="${src}"`).join(`src="${url}"`);
  }
  return out;
}
