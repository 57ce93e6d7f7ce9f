/**
 * qiehao (企鹅号, om.qq.com): articles through the editor's own save call
 * (marticlepublish/omSave, JSON), made from the logged-in editor page with
 * the CSRF token its `csrfToken` cookie carries. The Markdown is rendered to
 * HTML (code blocks as plain `<pre><code>`) with the editor's end marker,
 * every picture and the cover go to 企鹅号's picture host (image.om.qq.com),
 * the article is saved as a draft (`needpub` 1) and, behind the commit gate,
 * published from the draft's own page by the editor's publish call
 * (omPublish) with `needpub` 0.
 * Videos go through the video page (./qiehao/video.ts); what both share is
 * in ./qiehao/site.ts.
 *
 * What each step rests on (the public sources of every fact about 企鹅号,
 * articles and videos, and how sure each is) is in qiehao/provenance.ts.
 *
 * Settings (shared contract names): `coverMode` (`custom` uploads the
 * article's cover; `auto` takes the first picture of the body), `original`
 * (orignal/user_original 1), `summary`, `aiLabel`. The AI-content value of
 * `self_declare` is not recorded anywhere public and the recorded declaration
 * says 作者声明：无需标注 ("no label needed"): an article that must carry the
 * AI label (`aiLabel` true, or the article's aigc facts when the settings give
 * none) is refused before the browser moves, as preflight refuses it, instead
 * of being declared as needing none.
 */
import { markdownToHtml } from '@plume/shared';
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type AdapterErrorCode, type ArticleJob, type Step } from '../contract.js';
import { defineAdapter } from '../define.js';
import { aiLabelOf } from '../kit/ai-label.js';
import { gatedApiPublish } from '../kit/api-publish.js';
import { imageSources, moveImages, readImage, type ImageFile } from '../kit/article-images.js';
import { plainCodeBlocks } from '../kit/article-markup.js';
import { csrfCookie } from '../kit/cookies.js';
import { listedTime } from '../kit/listed-time.js';
import { field, pageJson } from '../kit/page-api.js';
import { QIEHAO_PROVENANCE } from './provenance.js';
import { QIEHAO_VIDEO_SETTINGS, videoFlow } from './video.js';
import { at, AUTH_INFO, codeOf, isLoginPage, msgOf, ORIGIN, real, whoAmI } from './site.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, assertMaxChars, countChars, inJobWindow, need, openLoggedIn } from '../support.js';
import { contractLimits } from '../kit/contract-limits.js';

const EDITOR = `${ORIGIN}/main/creation/article`;
export const QIEHAO_URLS = {
  editor: EDITOR,
  draft: (id: string) => `${EDITOR}?articleId=${encodeURIComponent(id)}`,
  authInfo: AUTH_INFO,
  upload: 'https://image.om.qq.com/cpom_pimage/ArchacaleUploadViaFile',
  save: `${ORIGIN}/marticlepublish/omSave`,
  publish: `${ORIGIN}/marticlepublish/omPublish`,
  list: `${ORIGIN}/marticle/article/list?${new URLSearchParams({ category: '', search: '', source: '', startDate: '', endDate: '', num: '20', ftype: '', readChannel: 'all', refreshField: '', relogin: '1' })}`,
  post: (id: string) => `https://new.qq.com/rain/a/${encodeURIComponent(id)}`,
};
export const QIEHAO_LIMITS = contractLimits('article', 'qiehao', ['titleMin', 'titleMax']);
const SETTING_KEYS = ['coverMode', 'original', 'summary', 'aiLabel'] as const;
const UPLOAD_APPID = 'LA6zXi1lWzAioIzdiAD6iM10aHarlHF6';
const SELF_DECLARE = '{"id":7,"desc":"作者声明：无需标注"}';
/** The editor's title box as recorded: a span with the 请输入标题 placeholder (M), or the omui title box (DQ). */
const TITLE_INPUT = 'span[data-placeholder*="请输入标题"], .omui-articletitle__input1 .omui-inputautogrowing__inner';
const END_MARK = '<div powered-by="ex-editor"></div>';
/** Pictures already on Tencent's hosts stay as they are. */
const OWN_PICTURE = /^https?:\/\/[^/]*\.(gtimg\.com|gtimg\.cn|qpic\.cn|qq\.com)\//;

type Ctx = AdapterContext;

/** The draft as saved, for the publish that follows on its page. */
interface Prepared {
  draftId: string;
  body: Record<string, unknown>;
}

const ID_KEYS = ['articleId', 'article_id', 'id'] as const;
const ARTICLE_ID = /^[\w-]{1,64}$/;
/**
 * A Tencent News article id (8 digits of date, a letter, 5-7 letters and digits: 20230920A03T9300),
 * the only id new.qq.com/rain/a/<id> is recorded for (provenance: NQ, QS).
 */
const NEWS_ID = /^\d{8}[A-Z][0-9A-Z]{5,7}$/;

/** An article id in any recorded answer form: data.{articleId|article_id|id}, at the top or under response. */
export function answerArticleId(body: unknown): string | undefined {
  for (const node of [field(body, 'data'), field(body, 'response', 'data')]) {
    for (const key of ID_KEYS) {
      const v = field(node, key);
      if ((typeof v === 'string' || typeof v === 'number') && ARTICLE_ID.test(String(v))) return String(v);
    }
  }
  return undefined;
}

/** The article an address on new.qq.com names (…/rain/a/<id> or …/omn/[<date>/]<id>.html). */
function idInAddress(url: string): string | undefined {
  const m = /^https?:\/\/new\.qq\.com\/(?:rain\/a|omn(?:\/\d+)?)\/([\w-]+?)(?:\.html)?(?:[?#].*)?$/.exec(url);
  return m?.[1];
}

/** The article body as 企鹅号's editor keeps it (its end marker included). */
export function articleHtml(markdown: string): string {
  return `${plainCodeBlocks(markdownToHtml(markdown))}${END_MARK}`;
}

function readSettings(job: ArticleJob) {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImage ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImage) throw new AdapterError('cover_rejected', 'upload', 'coverMode is custom but the article has no coverImage');
  if (aiLabelOf(job, r)) {
    throw new AdapterError('publish_rejected', 'fill', "企鹅号's AI-content declaration cannot be set (its recorded save call declares 作者声明：无需标注); an article that must carry the AI label is not published there");
  }
  return { reader: r, cover: coverMode === 'custom' ? job.payload.coverImage : undefined, original: r.boolean('original', false), summary: r.string('summary', { maxLength: 120 }) ?? '' };
}

/** Opens an editor page as this job's account; resolves with the CSRF token the page's calls carry. */
async function openAs(page: Page, url: string, job: ArticleJob, step: Step, ctx: Ctx): Promise<Record<string, string>> {
  await openLoggedIn(page, at(ctx, url), step, ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, step, ctx), job, step);
  return { 'x-csrf-token': await csrfCookie(page, 'csrfToken', step), 'x-requested-with': 'XMLHttpRequest' };
}

async function uploadPicture(page: Page, headers: Record<string, string>, image: ImageFile, code: AdapterErrorCode, what: string, ctx: Ctx): Promise<string> {
  const body = await pageJson(
    page,
    at(ctx, QIEHAO_URLS.upload),
    {
      method: 'POST',
      headers,
      multipart: { appid: UPLOAD_APPID, isUpOrg: '1', endpoint: '1', isRetImgAttr: '1', opCode: '151', file: { base64: image.bytes.toString('base64'), name: image.name, type: image.type } },
    },
    'upload',
    what,
    ctx,
  );
  const url = pictureUrl(field(body, 'data', 'url'));
  if (codeOf(body) !== '0' || !url) throw new AdapterError(code, 'upload', `企鹅号 refused ${what}: ${codeOf(body) !== '0' ? msgOf(body) : 'no picture address in data.url'}`);
  return url;
}

/** The size map's keys to read: the original first, then the sizes the editor shows. */
const PICTURE_SIZES = ['0', '640', '641', '1000'] as const;

/**
 * The uploaded picture's address: data.url.url, or (the other recorded form)
 * the size map's imageUrl, under data.url.size or straight under data.url.
 */
export function pictureUrl(node: unknown): string | undefined {
  const direct = field(node, 'url');
  if (typeof direct === 'string' && direct) return direct;
  for (const map of [field(node, 'size'), node]) {
    for (const size of PICTURE_SIZES) {
      const u = field(map, size, 'imageUrl');
      if (typeof u === 'string' && u) return u;
    }
  }
  return undefined;
}

function saveBody(a: { title: string; content: string; cover: string; original: boolean; summary: string; mediaId: string }): Record<string, unknown> {
  return {
    title: a.title,
    title2: '',
    tag: '',
    video: '',
    cover_type: '1',
    imgurl_ext: JSON.stringify([{ src: a.cover }]),
    imgurlsrc: 'custom',
    category_id: '',
    content: a.content,
    orignal: a.original ? 1 : 0,
    user_original: a.original ? 1 : 0,
    music: '',
    activity: '',
    needpub: 1,
    articleId: '',
    self_declare: SELF_DECLARE,
    resource_aigc_mark_info: '{}',
    summary: a.summary,
    mediaId: a.mediaId,
    type: 0,
    relogin: 1,
  };
}

async function prepare(page: Page, job: ArticleJob, ctx: Ctx): Promise<Prepared> {
  const s = readSettings(job);
  s.reader.logIgnored(SETTING_KEYS, ctx.log);
  const title = job.payload.title.trim();
  if (countChars(title) < QIEHAO_LIMITS.titleMin) throw new AdapterError('publish_rejected', 'fill', `企鹅号 needs a title of at least ${QIEHAO_LIMITS.titleMin} characters`);
  assertMaxChars(title, QIEHAO_LIMITS.titleMax, 'fill', 'title');
  if (/^[、|,，]/.test(title)) throw new AdapterError('publish_rejected', 'fill', '企鹅号 titles may not start with 、 | , or ，');
  if (!job.payload.content.trim()) throw new AdapterError('publish_rejected', 'fill', '企鹅号 needs a body');

  ctx.progress('open_editor');
  const headers = await openAs(page, QIEHAO_URLS.editor, job, 'open_editor', ctx);
  await need(page, TITLE_INPUT, 'open_editor', 'title input', ctx);

  ctx.progress('fill');
  const content = await moveImages(articleHtml(job.payload.content), ctx, {
    isOwn: (src) => OWN_PICTURE.test(src),
    upload: (image, src) => uploadPicture(page, headers, image, 'upload_failed', `the picture ${src}`, ctx),
  });
  let cover = imageSources(content)[0] ?? '';
  if (s.cover) {
    ctx.progress('upload', { phase: 'cover' });
    // A custom cover that cannot be adopted stops the job; no automatic cover instead.
    cover = await uploadPicture(page, headers, await readImage(ctx, s.cover, 'cover_rejected', 'cover image'), 'cover_rejected', 'the cover', ctx);
  }
  if (!cover) throw new AdapterError('cover_rejected', 'upload', '企鹅号 needs a cover: give the article a coverImage or a picture in its body');

  ctx.progress('apply_settings');
  const body = saveBody({ title, content, cover, original: s.original, summary: s.summary, mediaId: job.account.externalRef });
  const saved = await pageJson(page, at(ctx, QIEHAO_URLS.save), { method: 'POST', headers, json: body }, 'fill', 'draft save', ctx);
  if (codeOf(saved) !== '0') throw new AdapterError('publish_rejected', 'fill', `企鹅号 refused the draft: ${msgOf(saved)}`);
  const id = answerArticleId(saved);
  if (!id) throw new AdapterError('editor_changed', 'fill', 'draft save: the answer has no data.articleId (nor article_id, id)');
  // The draft's own page is where the publish step picks it up (and what a person would see).
  await openLoggedIn(page, at(ctx, QIEHAO_URLS.draft(id)), 'open_editor', ctx, isLoginPage(ctx));
  return { draftId: id, body: { ...body, articleId: id } };
}

async function publish(page: Page, job: ArticleJob, ctx: Ctx, p: Prepared) {
  const here = real(ctx, page.url());
  const draftId = here.pathname === '/main/creation/article' ? here.searchParams.get('articleId') : null;
  if (!draftId || p.draftId !== draftId) throw new AdapterError('editor_changed', 'publish', 'the page is not the prepared draft; nothing was published', { url: page.url() });
  const headers = { 'x-csrf-token': await csrfCookie(page, 'csrfToken', 'publish'), 'x-requested-with': 'XMLHttpRequest' };
  const named = await gatedApiPublish(
    page,
    at(ctx, QIEHAO_URLS.publish),
    { method: 'POST', headers, json: { ...p.body, needpub: 0 } },
    (body) => (codeOf(body) === '0' ? { ok: true, value: answerArticleId(body) } : { ok: false, message: msgOf(body) }),
    ctx,
  );
  if (named && NEWS_ID.test(named)) return { postId: named, url: at(ctx, QIEHAO_URLS.post(named)) };
  // Accepted without naming the article, or naming it by an id no address is recorded for: the list
  // says which one it is (its url, or its Tencent News id).
  const found = await readBack(page, job, headers, ctx);
  if (!found) throw new AdapterError('readback_failed', 'read_back', `企鹅号 accepted the publish but named ${named ? `the article only as ${named}` : 'no article'} and the article list shows none yet; verify before any retry`);
  return { postId: found.postId, url: found.url };
}

/** The job's published article in the article list, in either recorded row form. */
async function readBack(page: Page, job: ArticleJob, headers: Record<string, string>, ctx: Ctx) {
  const body = await pageJson(page, at(ctx, QIEHAO_URLS.list), { headers }, 'read_back', 'article list', ctx);
  const rows = field(body, 'data', 'list') ?? field(body, 'data', 'articles');
  if (codeOf(body) !== '0' || !Array.isArray(rows)) throw new AdapterError('editor_changed', 'read_back', `article list: no data.list or data.articles (${msgOf(body)})`);
  const title = job.payload.title.trim();
  const hits: Array<{ postId: string; url: string }> = [];
  for (const row of rows) {
    const address = field(row, 'url');
    const url = typeof address === 'string' && /^https?:\/\//.test(address) ? address : '';
    const own = ID_KEYS.map((k) => field(row, k)).find((v) => (typeof v === 'string' || typeof v === 'number') && ARTICLE_ID.test(String(v)));
    const id = own !== undefined ? String(own) : idInAddress(url);
    const status = field(row, 'status');
    const published = status === undefined ? url !== '' : status === 'published';
    if (!id || !published || field(row, 'title') !== title || !inJobWindow(listedTime(field(row, 'pubTime') ?? field(row, 'alt_time')), job)) continue;
    hits.push({ postId: id, url: at(ctx, url || QIEHAO_URLS.post(id)) });
  }
  return hits.length ? { ...hits[0]!, candidates: hits.length } : null;
}

async function verify(page: Page, job: ArticleJob, ctx: Ctx) {
  ctx.progress('read_back');
  const headers = await openAs(page, QIEHAO_URLS.editor, job, 'check_login', ctx);
  const found = await readBack(page, job, headers, ctx);
  return found ? { found: true as const, ...found } : { found: false as const };
}

export const qiehaoAdapter = defineAdapter({
  platform: 'qiehao',
  defaultBaseUrl: ORIGIN,
  settingKeys: SETTING_KEYS,
  settingKeysByType: { video: QIEHAO_VIDEO_SETTINGS },
  provenance: QIEHAO_PROVENANCE,

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    await openLoggedIn(page, at(ctx, QIEHAO_URLS.editor), 'check_login', ctx, isLoginPage(ctx));
    return whoAmI(page, 'check_login', ctx);
  },
  flows: { article: { prepare, publish, verify }, video: videoFlow },
});
