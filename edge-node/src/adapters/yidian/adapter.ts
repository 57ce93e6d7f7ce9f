/**
 * yidian (一点号, mp.yidianzixun.com): articles through the writing desk's own
 * article model call (`/model/Article`, JSON), made from the logged-in page
 * with the `mpcode` it carries sent as `x-mp-code`. The account is the page's
 * `window.mpuser`. The Markdown is rendered to HTML without links (the
 * sources strip them), tables as lines of text and code blocks as paragraphs
 * (the editor keeps neither), every picture and the cover go to 一点号's upload, the
 * article is saved as a draft and, behind the commit gate, published by the
 * editor's own publish control on the draft's page. Videos go through the
 * desk's video editor: yidian/video.ts; what both sides share is in
 * yidian/site.ts.
 *
 * What each step of both rests on (the public sources of every fact about
 * 一点号, and how sure each is) is in yidian/provenance.ts.
 *
 * Settings (shared contract names): `coverMode` (`custom` uploads the
 * article's cover; `auto` leaves the cover to 一点号), `original` (原创).
 * No public source records an AI-content declaration, tags or a summary for
 * 一点号 articles: `aiLabel`, `tags` and `summary` are logged as ignored
 * (preflight lists them in ignored_settings).
 */
import { markdownToHtml } from '@plume/shared';
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type AdapterErrorCode, type ArticleJob } from '../contract.js';
import { defineAdapter } from '../define.js';
import { moveImages, readImage, type ImageFile } from '../kit/article-images.js';
import { codeBlocksAsParagraphs, inlineCodeAsBold, linksAsText, tablesAsText } from '../kit/article-markup.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { listedTime } from '../kit/listed-time.js';
import { field, pageJson } from '../kit/page-api.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, assertMaxChars, inJobWindow, need, openLoggedIn } from '../support.js';
import { YIDIAN_PROVENANCE } from './provenance.js';
import { at, isLoginPage, openAt, ORIGIN, real } from './site.js';
import { videoFlow, YIDIAN_VIDEO_SETTINGS } from './video.js';
import { contractLimits } from '../kit/contract-limits.js';

export const YIDIAN_URLS = {
  home: `${ORIGIN}/`,
  editor: `${ORIGIN}/#/Writing/articleEditor`,
  draft: (id: string) => `${ORIGIN}/#/Writing/${encodeURIComponent(id)}`,
  upload: `${ORIGIN}/upload?action=uploadimage&picType=wemedia_cnt`,
  save: `${ORIGIN}/model/Article`,
  list: (statuses: string) => `${ORIGIN}/model/Article?page=1&page_size=10&status=${statuses}&has_data=1&type=original`,
  post: (id: string) => `https://www.yidianzixun.com/article/${encodeURIComponent(id)}`,
};
export const YIDIAN_LIMITS = contractLimits('article', 'yidian', ['titleMax']);
const SETTING_KEYS = ['coverMode', 'original'] as const;
const TITLE_INPUT = 'input.post-title';
const PUBLISH_BUTTON = 'div.button_publish.item.editor-btn.editor-main-btn';
const REFUSAL = '.editor-tip-error';
const CODE_STYLE = 'font-family: Menlo, Consolas, monospace; background: #f6f8fa; padding: 8px;';
/** Pictures already on 一点号's hosts stay as they are. */
const OWN_PICTURE = /^https?:\/\/([^/]*\.)?(yidianzixun\.com|go2yd\.com)\//;

type Ctx = AdapterContext;

/** The list's statuses of a published article, and of one in review (which will be public once passed). */
const LIST_STATUSES = { published: '2,6,7', inReview: '1,4,5,14' } as const;

/** The draft as saved and the session that saved it, for the publish that follows on its page. */
interface Prepared {
  draftId: string;
  headers: Record<string, string>;
}

/** The article body as 一点号's editor keeps it: code blocks as paragraphs, inline code bold, tables as lines of text, links as their text. */
export function articleHtml(markdown: string): string {
  return linksAsText(tablesAsText(inlineCodeAsBold(codeBlocksAsParagraphs(markdownToHtml(markdown), CODE_STYLE))));
}

function readSettings(job: ArticleJob) {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImage ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImage) throw new AdapterError('cover_rejected', 'upload', 'coverMode is custom but the article has no coverImage');
  return { reader: r, cover: coverMode === 'custom' ? job.payload.coverImage : undefined, original: r.boolean('original', false) };
}

async function uploadPicture(page: Page, headers: Record<string, string>, image: ImageFile, code: AdapterErrorCode, what: string, ctx: Ctx): Promise<string> {
  const body = await pageJson(page, at(ctx, YIDIAN_URLS.upload), { method: 'POST', headers, multipart: { upfile: { base64: image.bytes.toString('base64'), name: image.name, type: image.type } } }, 'upload', what, ctx);
  const url = field(body, 'url');
  if (field(body, 'status') !== 'success' || typeof url !== 'string' || !url) {
    throw new AdapterError(code, 'upload', `一点号 refused ${what}: ${String(field(body, 'reason') ?? field(body, 'message') ?? 'no url in the answer')}`);
  }
  return url;
}

function articleBody(a: { title: string; content: string; cover: string; original: boolean }): Record<string, unknown> {
  return {
    title: a.title,
    cate: '',
    cateB: '',
    coverType: a.cover ? 'one' : 'default',
    covers: a.cover ? [a.cover] : [],
    content: a.content,
    hasSubTitle: 0,
    subTitle: '',
    original: a.original ? 1 : 0,
    reward: 0,
    videos: [],
    audios: [],
    votes: { vote_id: '', vote_options: [], vote_end_time: '', vote_title: '', vote_type: 1, isAdded: false },
    images: [],
    goods: [],
    is_mobile: 0,
    status: 0,
    import_url: '',
    import_hash: '',
    image_urls: {},
    minTimingHour: 3,
    maxTimingDay: 7,
    tags: [],
    isPubed: false,
    lastSaveTime: '',
    dirty: false,
    editorType: 'articleEditor',
    activity_id: 0,
    join_activity: 0,
    notSaveToStore: true,
  };
}

async function prepare(page: Page, job: ArticleJob, ctx: Ctx): Promise<Prepared> {
  const s = readSettings(job);
  s.reader.logIgnored(SETTING_KEYS, ctx.log);
  const title = job.payload.title.trim();
  if (!title) throw new AdapterError('publish_rejected', 'fill', '一点号 needs a title');
  assertMaxChars(title, YIDIAN_LIMITS.titleMax, 'fill', 'title');
  if (!job.payload.content.trim()) throw new AdapterError('publish_rejected', 'fill', '一点号 needs a body');

  ctx.progress('open_editor');
  const session = await openAt(page, YIDIAN_URLS.editor, 'open_editor', ctx);
  assertAccount(session.login, job, 'open_editor');
  await need(page, TITLE_INPUT, 'open_editor', 'title input', ctx);

  ctx.progress('fill');
  const content = await moveImages(articleHtml(job.payload.content), ctx, {
    isOwn: (src) => OWN_PICTURE.test(src),
    upload: (image, src) => uploadPicture(page, session.headers, image, 'upload_failed', `the picture ${src}`, ctx),
  });
  let cover = '';
  if (s.cover) {
    ctx.progress('upload', { phase: 'cover' });
    // A custom cover that cannot be adopted stops the job; no automatic cover instead.
    cover = await uploadPicture(page, session.headers, await readImage(ctx, s.cover, 'cover_rejected', 'cover image'), 'cover_rejected', 'the cover', ctx);
  }

  ctx.progress('apply_settings');
  const saved = await pageJson(page, at(ctx, YIDIAN_URLS.save), { method: 'POST', headers: session.headers, json: articleBody({ title, content, cover, original: s.original }) }, 'fill', 'draft save', ctx);
  const id = field(saved, 'id');
  if (typeof id !== 'string' && typeof id !== 'number') {
    const reason = field(saved, 'reason') ?? field(saved, 'message');
    if (reason) throw new AdapterError('publish_rejected', 'fill', `一点号 refused the draft: ${String(reason)}`);
    throw new AdapterError('editor_changed', 'fill', 'draft save: the answer has no id');
  }
  const draftId = String(id);
  if (!/^[\w-]{1,64}$/.test(draftId)) throw new AdapterError('editor_changed', 'fill', 'draft save: the answer has no usable id');
  // The draft's own page holds the editor's publish control.
  await openLoggedIn(page, at(ctx, YIDIAN_URLS.draft(draftId)), 'open_editor', ctx, isLoginPage(ctx));
  return { draftId, headers: session.headers };
}

async function publish(page: Page, job: ArticleJob, ctx: Ctx, p: Prepared) {
  const here = real(ctx, page.url());
  const draftId = here.pathname === '/' ? /^#\/Writing\/([\w-]+)$/.exec(here.hash)?.[1] : undefined;
  if (!draftId || p.draftId !== draftId) throw new AdapterError('editor_changed', 'publish', 'the page is not the prepared draft; nothing was published', { url: page.url() });
  await clickPublishForJson(
    page,
    {
      button: await need(page, PUBLISH_BUTTON, 'publish', 'publish control (发布)', ctx),
      isPublishRequest: (req) => real(ctx, req.url()).pathname === '/api/post/publish',
      urlPattern: '*/api/post/publish*',
      refusal: page.locator(REFUSAL),
      judge: (body) => (field(body, 'status') === 'success' ? { ok: true, value: 'success' } : { ok: false, message: String(field(body, 'reason') ?? field(body, 'message') ?? 'refused') }),
    },
    ctx,
  );
  // The answer names no article; the public id (newsId) is the list's, published or still in review.
  const hits = await listedArticles(page, p.headers, job, ctx);
  if (hits.length === 0) throw new AdapterError('readback_failed', 'read_back', '一点号 accepted the publish but its article list does not yet name the article; verify before any retry');
  return { postId: hits[0]!, url: at(ctx, YIDIAN_URLS.post(hits[0]!)) };
}

/**
 * The newsIds of the account's articles with the job's title in its window,
 * newest first: the published ones (statuses 2, 6, 7), then those in review
 * (1, 4, 5, 14); read-only.
 */
async function listedArticles(page: Page, headers: Record<string, string>, job: ArticleJob, ctx: Ctx): Promise<string[]> {
  const title = job.payload.title.trim();
  const ids: string[] = [];
  for (const statuses of [LIST_STATUSES.published, LIST_STATUSES.inReview]) {
    const body = await pageJson(page, at(ctx, YIDIAN_URLS.list(statuses)), { headers }, 'read_back', 'article list', ctx);
    const rows = field(body, 'posts');
    if (!Array.isArray(rows)) throw new AdapterError('editor_changed', 'read_back', `article list: no posts in the answer (${String(field(body, 'reason') ?? 'changed answer')})`);
    for (const row of rows) {
      const id = field(row, 'newsId');
      if ((typeof id !== 'string' && typeof id !== 'number') || !/^[\w-]{1,64}$/.test(String(id))) continue;
      if (field(row, 'title') === title && inJobWindow(listedTime(field(row, 'date')), job)) ids.push(String(id));
    }
  }
  return ids;
}

async function verify(page: Page, job: ArticleJob, ctx: Ctx) {
  ctx.progress('read_back');
  const session = await openAt(page, YIDIAN_URLS.home, 'check_login', ctx);
  assertAccount(session.login, job, 'check_login');
  const hits = await listedArticles(page, session.headers, job, ctx);
  if (hits.length === 0) return { found: false as const };
  return { found: true as const, postId: hits[0]!, url: at(ctx, YIDIAN_URLS.post(hits[0]!)), candidates: hits.length };
}

export const yidianAdapter = defineAdapter({
  platform: 'yidian',
  defaultBaseUrl: ORIGIN,
  settingKeys: SETTING_KEYS,
  settingKeysByType: { video: YIDIAN_VIDEO_SETTINGS },
  provenance: YIDIAN_PROVENANCE,

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    return (await openAt(page, YIDIAN_URLS.home, 'check_login', ctx)).login;
  },
  flows: { article: { prepare, publish, verify }, video: videoFlow },
});
