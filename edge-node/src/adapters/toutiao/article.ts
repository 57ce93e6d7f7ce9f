/**
 * toutiao articles (图文) through the article editor's own JSON API, called
 * from the logged-in editor page: the Markdown is rendered to HTML the way the
 * editor stores it (links as their text, each picture in a `pgc-img` block with
 * toutiao's own copy of it), the cover goes to toutiao's image upload, the
 * article is saved as a draft (`save=0` with `entrance=main`) and, behind the
 * commit gate, published (`save=1` with `entrance=main`) from the draft's own
 * page. Public sources disagree on which save value publishes, so the content
 * list decides: an article the list still shows as a draft after that gets the other
 * recorded publishing form (save=0 without entrance), and one that stays a
 * draft after both is never reported as published.
 *
 * What it rests on (the public sources of every fact about 头条号, and how
 * sure each is) is in ./provenance.ts.
 *
 * Settings (shared contract names): `coverMode` (`custom` uploads the article's cover),
 * `exclusive` (头条首发), `declarations` (作品声明), `aiLabel` (adds 引用AI; the
 * article's aigc facts decide when absent). Tags, summary and original have no
 * recorded field: they are logged as ignored.
 */
import { escapeHtml, localPictures, markdownToHtml } from '@plume/shared';
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type ArticleJob, type Flow, type PublishResult, type VerifyResult } from '../contract.js';
import { gatedApiPublish } from '../kit/api-publish.js';
import { field, imageType, needField, pageJson, pageRequest, readAll } from '../kit/page-api.js';
import { outcomeUnknown } from '../publish-click.js';
import { SettingsReader } from '../settings.js';
import { assertMaxChars, countChars, need, openMedia, timeouts } from '../support.js';
import { answerId, at, csrfToken, declarationsOf, findPublished, listedState, openAs, ORIGIN, readBackAccepted, real } from './site.js';
import { contractLimits } from '../kit/contract-limits.js';

export const TOUTIAO_ARTICLE_LIMITS = contractLimits('article', 'toutiao', ['titleMin', 'titleMax']);
export const TOUTIAO_ARTICLE_SETTINGS = ['coverMode', 'exclusive', 'declarations', 'aiLabel'] as const;

const EDITOR = `${ORIGIN}/profile_v4/graphic/publish`;
export const ARTICLE_URLS = {
  editor: EDITOR,
  draft: (id: string) => `${EDITOR}?pgc_id=${encodeURIComponent(id)}`,
  save: `${ORIGIN}/mp/agw/article/publish?source=mp&type=article&aid=1231`,
  image: `${ORIGIN}/spice/image?upload_source=20020002&aid=1231&device_platform=web`,
  byUrl: `${ORIGIN}/tools/catch_picture/`,
  deleteDraft: `${ORIGIN}/mp/agw/creator_center/delete_draft?app_id=1231`,
  post: (id: string) => `https://www.toutiao.com/article/${id}/`,
};
const TITLE_INPUT = 'textarea[placeholder*="请输入文章标题"]';
/** How often the publish step looks at the content list while the article may still show as a draft. */
const LIST_LOOK_MS = 250;

type Ctx = AdapterContext;

/**
 * What `prepare` saved, for the `publish` that follows on the same page: the
 * editor publishes by sending its whole form again (see `publishForm`), so the
 * publish step needs the exact form the draft was saved with (images already
 * on toutiao, cover uploaded) without uploading anything again.
 */
export interface ArticleDraft {
  draftId: string;
  form: Record<string, string>;
}

function readSettings(job: ArticleJob) {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImage ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImage) throw new AdapterError('cover_rejected', 'upload', 'coverMode is custom but the article has no coverImage');
  return {
    reader: r,
    cover: coverMode === 'custom' ? job.payload.coverImage : undefined,
    exclusive: r.boolean('exclusive', false),
    declarations: declarationsOf(job, r),
  };
}

/** toutiao's editor keeps no links: each becomes its text, as the editor does on paste. */
export function articleHtml(markdown: string): string {
  return markdownToHtml(markdown).replace(/<a href="[^"]*"(?: title="[^"]*")?>([\s\S]*?)<\/a>/g, '$1');
}

export async function prepareArticle(page: Page, job: ArticleJob, ctx: Ctx): Promise<ArticleDraft> {
  const s = readSettings(job);
  s.reader.logIgnored(TOUTIAO_ARTICLE_SETTINGS, ctx.log);
  const title = job.payload.title.trim();
  if (countChars(title) < TOUTIAO_ARTICLE_LIMITS.titleMin) throw new AdapterError('publish_rejected', 'fill', `toutiao needs a title of at least ${TOUTIAO_ARTICLE_LIMITS.titleMin} characters`);
  assertMaxChars(title, TOUTIAO_ARTICLE_LIMITS.titleMax, 'fill', 'title');
  if (!job.payload.content.trim()) throw new AdapterError('publish_rejected', 'fill', 'toutiao needs a body');
  const html = articleHtml(job.payload.content);
  // The same test the control plane makes (the contract's inlinePictures), so preflight and the node agree.
  const [local] = localPictures(job.payload.content);
  if (local !== undefined) throw new AdapterError('upload_failed', 'upload', `toutiao can only copy pictures from web addresses, not "${local}"`);

  ctx.progress('open_editor');
  await openAs(page, ARTICLE_URLS.editor, job, 'open_editor', ctx);
  await need(page, TITLE_INPUT, 'open_editor', 'title input', ctx);

  ctx.progress('fill');
  const content = await copyPictures(page, html, ctx);
  const cover = s.cover ? await uploadCover(page, s.cover, ctx) : undefined;

  ctx.progress('apply_settings');
  const form = articleForm({ title, content, cover, exclusive: s.exclusive, declarations: s.declarations });
  const saved = await save(page, { ...form, pgc_id: '0', save: '0', entrance: 'main' }, 'fill', 'draft save', ctx);
  if (saved.refused) throw new AdapterError('publish_rejected', 'fill', `toutiao refused the draft: ${saved.refused}`);
  const draftId = needField(saved.body, ['data', 'pgc_id'], 'fill', 'draft save');
  // The draft's own page is where the publish step picks it up (and what a person would see).
  await openAs(page, ARTICLE_URLS.draft(draftId), job, 'open_editor', ctx);
  return { draftId, form };
}

export async function publishArticle(page: Page, job: ArticleJob, ctx: Ctx, p: ArticleDraft): Promise<PublishResult> {
  const here = real(ctx, page.url());
  const draftId = here.pathname === '/profile_v4/graphic/publish' ? here.searchParams.get('pgc_id') : null;
  if (!draftId || p.draftId !== draftId) throw new AdapterError('editor_changed', 'publish', 'the page is not the prepared draft; nothing was published', { url: page.url() });
  const judge = (body: unknown, text: string) => {
    const refused = refusal(body);
    return refused ? ({ ok: false, message: refused } as const) : ({ ok: true, value: answerId(body, text, [['data', 'pgc_id']]) } as const);
  };
  const answered = await gatedApiPublish(page, at(ctx, ARTICLE_URLS.save), { method: 'POST', form: publishForm(p.form, draftId, 'save1') }, judge, ctx);
  const named = answered && answered !== '0' ? answered : null;
  const id = named ?? draftId;
  // The sources disagree on which save value publishes: an accepted answer is
  // not enough, the content list says whether the article is still a draft.
  let listed = await settledState(page, id, ctx);
  if (listed === 'draft') {
    ctx.log.warn({ step: 'publish', pgcId: id }, 'toutiao keeps the article as a draft after save=1 with entrance=main: sending the other recorded publishing form (save=0 without entrance)');
    await publishAgain(page, publishForm(p.form, draftId, 'save0'), ctx);
    listed = await settledState(page, id, ctx);
    if (listed === 'draft') {
      throw new AdapterError('publish_rejected', 'publish', 'toutiao accepted both recorded publishing forms but keeps the article as a draft; nothing was published', { pgcId: id });
    }
  }
  if (named) return { postId: named, url: at(ctx, ARTICLE_URLS.post(named)) };
  if (listed === 'listed') return { postId: draftId, url: at(ctx, ARTICLE_URLS.post(draftId)) };
  return readBackAccepted(page, job, 'article', () => verifyArticle(page, job, ctx));
}

/**
 * The form of a publishing call. Public sources disagree on the `save` value:
 * most publish with save=1 and entrance=main (two of them from captured
 * editor requests; save=0 being the draft save the page itself makes), one
 * documents save=0 without `entrance` as the publish and save=1 with
 * entrance=main as a draft. The first call is the former, the second (sent
 * only to an article the list still shows as a draft) the latter. The draft
 * save always carries save=0 with entrance=main, the form every source that
 * checked its draft box records.
 */
function publishForm(form: Record<string, string>, draftId: string, kind: 'save1' | 'save0'): Record<string, string> {
  return kind === 'save1' ? { ...form, pgc_id: draftId, save: '1', entrance: 'main' } : { ...form, pgc_id: draftId, save: '0' };
}

/**
 * The content list's view of the article, given the whole publish allowance to
 * leave the draft state: the other publishing form is sent only to an article
 * the list has shown as a draft all that time, never to one merely slow to list.
 */
async function settledState(page: Page, id: string, ctx: Ctx): Promise<'draft' | 'listed' | 'absent'> {
  const deadline = Date.now() + timeouts(ctx).publishMs;
  for (;;) {
    ctx.signal.throwIfAborted();
    const state = await listedState(page, id, ctx);
    if (state !== 'draft' || Date.now() >= deadline) return state;
    await new Promise((r) => setTimeout(r, LIST_LOOK_MS));
  }
}

/**
 * The second publishing form, sent only once the list shows that the first
 * left the article a draft (nothing was published, so this is no repeat):
 * a refusal means nothing was published; no readable answer is unknown.
 */
async function publishAgain(page: Page, form: Record<string, string>, ctx: Ctx): Promise<void> {
  let res;
  try {
    res = await pageRequest(page, at(ctx, ARTICLE_URLS.save), { method: 'POST', form }, timeouts(ctx).publishMs);
  } catch (e) {
    throw outcomeUnknown(`no answer to the second publishing form: ${(e as Error).message}`, page);
  }
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    throw outcomeUnknown(`the second publishing form's answer is not readable JSON (HTTP ${res.status})`, page);
  }
  const refused = refusal(body);
  if (refused) throw new AdapterError('publish_rejected', 'publish', `toutiao refused the article: ${refused}`, { status: res.status });
}

export function verifyArticle(page: Page, job: ArticleJob, ctx: Ctx): Promise<VerifyResult> {
  const title = job.payload.title.trim();
  return findPublished(page, job, (t) => t === title, ARTICLE_URLS.post, ctx);
}

/** After a site check: removes the draft `prepare` saved on this page. Never publishes. */
export async function discardArticleDraft(page: Page, _job: ArticleJob, ctx: Ctx, p: ArticleDraft): Promise<void> {
  const body = await pageJson(page, at(ctx, ARTICLE_URLS.deleteDraft), { method: 'POST', json: { drafts: [{ draft_type: 2, gid: p.draftId }] } }, 'read_back', 'draft removal', ctx);
  if (field(body, 'code') !== 0) throw new Error(`toutiao kept the draft ${p.draftId}: ${String(field(body, 'message') ?? '')}`);
}

export const articleFlow: Flow<ArticleJob, ArticleDraft> = { prepare: prepareArticle, publish: publishArticle, verify: verifyArticle, discardDraft: discardArticleDraft };

/** toutiao answers HTTP 200 with `code` (and `err_no`); anything else than 0 is a refusal. */
function refusal(body: unknown): string | null {
  const code = field(body, 'code');
  const errNo = field(body, 'err_no');
  if (code === 0 && (errNo === undefined || errNo === 0)) return null;
  return String(field(body, 'message') ?? field(body, 'reason') ?? `code ${String(code)}`);
}

async function save(page: Page, form: Record<string, string>, step: 'fill', what: string, ctx: Ctx) {
  const body = await pageJson(page, at(ctx, ARTICLE_URLS.save), { method: 'POST', form }, step, what, ctx);
  return { body, refused: refusal(body) };
}

interface Picture {
  url: string;
  uri: string;
  width: number;
  height: number;
}

function articleForm(a: { title: string; content: string; cover: Picture | undefined; exclusive: boolean; declarations: string[] }): Record<string, string> {
  const covers = a.cover
    ? [{ id: 0, url: a.cover.url, uri: a.cover.uri, origin_uri: a.cover.uri, ic_uri: '', thumb_width: a.cover.width, thumb_height: a.cover.height }]
    : [];
  return {
    source: '29',
    extra: JSON.stringify({
      content_source: 100000000402,
      content_word_cnt: a.content.length,
      is_multi_title: 0,
      sub_titles: [],
      gd_ext: { entrance: '', from_page: 'publisher_mp', enter_from: 'PC', device_platform: 'mp', is_message: 0 },
    }),
    content: a.content,
    title: a.title,
    search_creation_info: JSON.stringify({ searchTopOne: 0, abstract: '', clue_id: '' }),
    title_id: `${Date.now()}_${Math.floor(Math.random() * 1e15)}`,
    mp_editor_stat: '{}',
    is_refute_rumor: '0',
    timer_status: '0',
    timer_time: '',
    educluecard: '',
    draft_form_data: JSON.stringify({ coverType: a.cover ? 1 : 3 }),
    pgc_feed_covers: JSON.stringify(covers),
    article_ad_type: '3',
    is_fans_article: '0',
    govern_forward: '0',
    praise: '0',
    disable_praise: '0',
    tree_plan_article: '0',
    activity_tag: '0',
    trends_writing_tag: '0',
    claim_exclusive: a.exclusive ? '1' : '0',
    content_declaration: JSON.stringify(a.declarations),
  };
}

async function uploadCover(page: Page, path: string, ctx: Ctx): Promise<Picture> {
  ctx.progress('upload', { phase: 'cover' });
  const file = await openMedia(ctx, path, 'upload', 'cover_rejected', 'cover image');
  const bytes = await readAll(file);
  const csrf = await csrfToken(page, 'upload', ctx);
  const name = path.split('/').pop() ?? 'cover';
  const body = await pageJson(
    page,
    at(ctx, ARTICLE_URLS.image),
    { method: 'POST', headers: { 'x-secsdk-csrf-token': csrf }, multipart: { image: { base64: bytes.toString('base64'), name, type: imageType(name) } } },
    'upload',
    'cover upload',
    ctx,
  );
  // A custom cover that cannot be adopted stops the job; no automatic cover instead.
  if (field(body, 'code') !== 0) throw new AdapterError('cover_rejected', 'upload', `toutiao refused the cover: ${String(field(body, 'message') ?? 'no reason given')}`);
  const picture = {
    url: needField(body, ['data', 'image_url'], 'upload', 'cover upload'),
    uri: needField(body, ['data', 'image_uri'], 'upload', 'cover upload'),
    width: Number(field(body, 'data', 'image_width')) || 0,
    height: Number(field(body, 'data', 'image_height')) || 0,
  };
  ctx.progress('upload', { phase: 'cover', bytesSent: file.size, bytesTotal: file.size, percent: 100 });
  return picture;
}

/**
 * Every picture becomes toutiao's own copy (catch_picture fetches it by URL,
 * as the editor does when a picture is pasted) in the editor's `pgc-img`
 * block; the content then names no other site's picture.
 */
async function copyPictures(page: Page, html: string, ctx: Ctx): Promise<string> {
  const sources = [...new Set([...html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]!))];
  if (sources.length === 0) return html;
  ctx.progress('upload', { phase: 'images', percent: 0 });
  const copies = new Map<string, Picture>();
  for (const [i, src] of sources.entries()) {
    const url = src.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
    const body = await pageJson(page, at(ctx, ARTICLE_URLS.byUrl), { method: 'POST', form: { upfile: url, version: '2' } }, 'upload', 'picture copy', ctx);
    const first = field(body, 'images', 0);
    const copied = field(body, 'url');
    const uri = field(first, 'origin_web_uri');
    if (typeof copied !== 'string' || !copied || typeof uri !== 'string' || !uri) {
      throw new AdapterError('upload_failed', 'upload', `toutiao could not copy the picture ${url}${field(body, 'message') ? `: ${String(field(body, 'message'))}` : ''}`);
    }
    copies.set(src, { url: copied, uri, width: Number(field(first, 'width')) || 0, height: Number(field(first, 'height')) || 0 });
    ctx.progress('upload', { phase: 'images', percent: Math.round((100 * (i + 1)) / sources.length) });
  }
  const block = (img: string) => {
    const src = /src="([^"]+)"/.exec(img)![1]!;
    const alt = /alt="([^"]*)"/.exec(img)?.[1] ?? '';
    const c = copies.get(src)!;
    const attrs = `src="${escapeHtml(c.url)}" alt="${alt}" web_uri="${escapeHtml(c.uri)}" img_width="${c.width}" img_height="${c.height}" image_type="1"`;
    return `<div class="pgc-img"><img ${attrs} /><p class="pgc-img-caption"></p></div>`;
  };
  // A paragraph holding only a picture becomes the picture's block; a picture inside text keeps its place.
  return html.replace(/<p>(<img [^>]*\/>)<\/p>/g, (_m, img: string) => block(img)).replace(/<img [^>]*\/>/g, (img) => (img.includes('web_uri=') ? img : block(img)));
}

