/**
 * baijiahao (百家号): articles through the article editor's own JSON API,
 * called from the logged-in editor page with the editor's token (the page's
 * `window.__BJH__INIT__AUTH__`, sent as the `token` header). The Markdown is
 * rendered to HTML (code blocks as plain `<pre><code>`), every picture and
 * the cover go to 百家号's image upload, the article is saved as a draft
 * and, behind the commit gate, published from the draft's own page. Videos
 * go through the editor's video page, driven as a person does
 * (./baijiahao/video.ts).
 *
 * What each step rests on (the public sources of every fact about 百家号,
 * articles and videos, and how sure each is) is in baijiahao/provenance.ts.
 *
 * Settings (shared contract names): `coverMode` (`custom` uploads the
 * article's cover), `summary` (the abstract), `aiLabel` (aigc_bjh_status;
 * the article's aigc facts decide when absent). Tags and `original` have no
 * recorded field: logged as ignored.
 */
import { markdownToHtml } from '@plume/shared';
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type AdapterErrorCode, type ArticleJob, type Flow, type Step } from '../contract.js';
import { defineAdapter } from '../define.js';
import { aiLabelOf } from '../kit/ai-label.js';
import { gatedApiPublish } from '../kit/api-publish.js';
import { moveImages, readImage, type ImageFile } from '../kit/article-images.js';
import { plainCodeBlocks, textOf } from '../kit/article-markup.js';
import { listedTime } from '../kit/listed-time.js';
import { field, needField } from '../kit/page-api.js';
import { at, call, editToken, isLoginPage, listRow, NOT_PUBLIC, ORIGIN, real, refusal, whoAmI } from './session.js';
import { BAIJIAHAO_PROVENANCE } from './provenance.js';
import { BAIJIAHAO_VIDEO_SETTINGS, videoFlow } from './video.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, assertMaxChars, countChars, inJobWindow, openLoggedIn } from '../support.js';
import { contractLimits } from '../kit/contract-limits.js';

export { parseAnswer } from './session.js';

const EDITOR = `${ORIGIN}/builder/rc/edit?type=news`;
export const BAIJIAHAO_URLS = {
  home: `${ORIGIN}/builder/rc/home`,
  editor: EDITOR,
  draft: (id: string) => `${EDITOR}&article_id=${encodeURIComponent(id)}`,
  upload: `${ORIGIN}/materialui/picture/uploadProxy`,
  save: `${ORIGIN}/pcui/article/save?callback=bjhdraft`,
  publish: `${ORIGIN}/pcui/article/publish?callback=bjhpublish`,
  lists: (title: string) => `${ORIGIN}/pcui/article/lists?${new URLSearchParams({ currentPage: '1', pageSize: '20', search: title, type: 'news', collection: '', dynamic: '1' })}`,
  remove: `${ORIGIN}/pcui/article/remove`,
  post: (id: string) => `${ORIGIN}/s?id=${encodeURIComponent(id)}`,
};
export const BAIJIAHAO_LIMITS = contractLimits('article', 'baijiahao', ['titleMin', 'titleMax']);
const SETTING_KEYS = ['coverMode', 'summary', 'aiLabel'] as const;
/** Pictures already on Baidu's hosts stay as they are. */
const OWN_PICTURE = /^https:\/\/[^/]*\.(bdstatic\.com|bcebos\.com|baidu\.com)\//;

type Ctx = AdapterContext;

/** The editor's form as the draft was saved with it: the publish sends it again with the draft's id. */
interface Prepared {
  draftId: string;
  form: Record<string, string>;
}

/** The article body as 百家号's editor keeps it. */
export function articleHtml(markdown: string): string {
  return plainCodeBlocks(markdownToHtml(markdown));
}

function readSettings(job: ArticleJob) {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImage ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImage) throw new AdapterError('cover_rejected', 'upload', 'coverMode is custom but the article has no coverImage');
  return { reader: r, cover: coverMode === 'custom' ? job.payload.coverImage : undefined, summary: r.string('summary', { maxLength: 120 }) ?? '', aiLabel: aiLabelOf(job, r) };
}

/** Opens an editor page as this job's account and reads the editor's token from it. */
async function openEditor(page: Page, url: string, job: ArticleJob, step: Step, ctx: Ctx): Promise<string> {
  await openLoggedIn(page, at(ctx, url), step, ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, step, ctx), job, step);
  return editToken(page, step);
}

async function uploadPicture(page: Page, token: string, image: ImageFile, code: AdapterErrorCode, what: string, ctx: Ctx): Promise<string> {
  const body = await call(
    page,
    at(ctx, BAIJIAHAO_URLS.upload),
    {
      method: 'POST',
      headers: { token },
      multipart: {
        org_file_name: image.name,
        type: 'image',
        app_id: '',
        is_waterlog: '1',
        save_material: '1',
        no_compress: '0',
        is_events: '',
        article_type: 'news',
        media: { base64: image.bytes.toString('base64'), name: image.name, type: image.type },
      },
    },
    'upload',
    what,
    ctx,
  );
  const url = field(body, 'ret', 'https_url');
  const refused = refusal(body);
  if (refused !== null || typeof url !== 'string' || !url) throw new AdapterError(code, 'upload', `百家号 refused ${what}: ${refused ?? 'no ret.https_url in the answer'}`);
  return url;
}

function articleForm(a: { title: string; content: string; summary: string; cover: string | undefined; aiLabel: boolean }): Record<string, string> {
  const covers = a.cover ? [{ src: a.cover, cropData: {}, machine_chooseimg: 0, isLegal: 0, cover_source_tag: 'local' }] : [];
  return {
    type: 'news',
    title: a.title,
    content: a.content,
    len: String(countChars(textOf(a.content))),
    abstract: a.summary,
    abstract_from: '1',
    'activity_list[0][id]': 'aigc_bjh_status',
    'activity_list[0][is_checked]': a.aiLabel ? '1' : '0',
    source_reprinted_allow: '0',
    is_auto_optimize_cover: '1',
    cover_layout: 'one',
    cover_images: JSON.stringify(covers),
    _cover_images_map: JSON.stringify(a.cover ? [{ src: a.cover, origin_src: a.cover }] : []),
    'cover_image_source[wide_cover_image_source]': a.cover ? 'local' : '',
    source: 'upload',
    cover_source: 'upload',
    isBeautify: 'false',
    usingImgFilter: 'false',
    subtitle: '',
    bjhtopic_id: '',
    bjhtopic_info: '',
    article_id: '',
  };
}

async function prepare(page: Page, job: ArticleJob, ctx: Ctx): Promise<Prepared> {
  const s = readSettings(job);
  s.reader.logIgnored(SETTING_KEYS, ctx.log);
  const title = job.payload.title.trim();
  if (countChars(title) < BAIJIAHAO_LIMITS.titleMin) throw new AdapterError('publish_rejected', 'fill', `百家号 needs a title of at least ${BAIJIAHAO_LIMITS.titleMin} characters`);
  assertMaxChars(title, BAIJIAHAO_LIMITS.titleMax, 'fill', 'title');
  if (!job.payload.content.trim()) throw new AdapterError('publish_rejected', 'fill', '百家号 needs a body');

  ctx.progress('open_editor');
  const token = await openEditor(page, BAIJIAHAO_URLS.editor, job, 'open_editor', ctx);

  ctx.progress('fill');
  const content = await moveImages(articleHtml(job.payload.content), ctx, {
    isOwn: (src) => OWN_PICTURE.test(src),
    upload: (image, src) => uploadPicture(page, token, image, 'upload_failed', `the picture ${src}`, ctx),
  });
  let cover: string | undefined;
  if (s.cover) {
    ctx.progress('upload', { phase: 'cover' });
    // A custom cover that cannot be adopted stops the job; no automatic cover instead.
    cover = await uploadPicture(page, token, await readImage(ctx, s.cover, 'cover_rejected', 'cover image'), 'cover_rejected', 'the cover', ctx);
  }

  ctx.progress('apply_settings');
  const form = articleForm({ title, content, summary: s.summary, cover, aiLabel: s.aiLabel });
  const saved = await call(page, at(ctx, BAIJIAHAO_URLS.save), { method: 'POST', headers: { token }, form }, 'fill', 'draft save', ctx);
  const refused = refusal(saved);
  if (refused !== null) throw new AdapterError('publish_rejected', 'fill', `百家号 refused the draft: ${refused}`);
  const draftId = needField(saved, ['ret', 'article_id'], 'fill', 'draft save');
  // The draft's own page is where the publish step picks it up (and what a person would see).
  await openLoggedIn(page, at(ctx, BAIJIAHAO_URLS.draft(draftId)), 'open_editor', ctx, isLoginPage(ctx));
  return { draftId, form };
}

async function publish(page: Page, _job: ArticleJob, ctx: Ctx, p: Prepared) {
  const here = real(ctx, page.url());
  const draftId = here.pathname === '/builder/rc/edit' ? here.searchParams.get('article_id') : null;
  if (!draftId || p.draftId !== draftId) throw new AdapterError('editor_changed', 'publish', 'the page is not the prepared draft; nothing was published', { url: page.url() });
  const token = await editToken(page, 'publish');
  const answer = await gatedApiPublish(
    page,
    at(ctx, BAIJIAHAO_URLS.publish),
    { method: 'POST', headers: { token }, form: { ...p.form, article_id: draftId } },
    (body) => {
      const refused = refusal(body);
      if (refused !== null) return { ok: false, message: refused };
      // The article published is the draft sent; its id stays unless the answer names another
      // (ret.article_id or ret.id). An answer may also give the article's address (ret.url).
      const id = field(body, 'ret', 'article_id') ?? field(body, 'ret', 'id');
      const url = field(body, 'ret', 'url');
      return { ok: true, value: { id: typeof id === 'string' || typeof id === 'number' ? String(id) : draftId, url: typeof url === 'string' && /^https?:\/\//.test(url) ? url : undefined } };
    },
    ctx,
  );
  const postId = answer.id;
  if (!/^\d+$/.test(postId)) throw new AdapterError('readback_failed', 'read_back', `百家号 accepted the publish but named no article (${postId}); verify before any retry`);
  return { postId, url: at(ctx, answer.url ?? BAIJIAHAO_URLS.post(postId)) };
}

async function verify(page: Page, job: ArticleJob, ctx: Ctx) {
  ctx.progress('read_back');
  // Opening the editor saves nothing; it is where the token the list wants comes from.
  const token = await openEditor(page, BAIJIAHAO_URLS.editor, job, 'check_login', ctx);
  const title = job.payload.title.trim();
  const body = await call(page, at(ctx, BAIJIAHAO_URLS.lists(title)), { headers: { token } }, 'read_back', 'article list', ctx);
  const rows = field(body, 'data', 'list');
  if (refusal(body) !== null || !Array.isArray(rows)) throw new AdapterError('editor_changed', 'read_back', `article list: no data.list (${refusal(body) ?? 'changed answer'})`);
  const hits = rows.flatMap((row) => {
    const r = listRow(row, ['article_id', 'id']);
    return r && !NOT_PUBLIC.has(r.status) && r.title === title && inJobWindow(listedTime(r.time), job) ? [r] : [];
  });
  const first = hits[0];
  if (!first) return { found: false as const };
  return { found: true as const, postId: first.id, url: at(ctx, first.url ?? BAIJIAHAO_URLS.post(first.id)), candidates: hits.length };
}

/** 百家号 articles: the draft `prepare` saves is what `publish` sends again with the publish status. */
const articleFlow: Flow<ArticleJob, Prepared> = {
  prepare,
  publish,
  verify,

  /** After a site check of an article: removes the draft `prepare` saved on this page. Never publishes. */
  async discardDraft(page, _job, ctx, p) {
    const token = await editToken(page, 'read_back');
    const body = await call(page, at(ctx, BAIJIAHAO_URLS.remove), { method: 'POST', headers: { token }, form: { article_id: p.draftId } }, 'read_back', 'draft removal', ctx);
    if (field(body, 'errmsg') !== 'success') throw new Error(`百家号 kept the draft ${p.draftId}: ${String(field(body, 'errmsg') ?? '')}`);
  },
};

export const baijiahaoAdapter = defineAdapter({
  platform: 'baijiahao',
  defaultBaseUrl: ORIGIN,
  settingKeys: SETTING_KEYS,
  settingKeysByType: { video: BAIJIAHAO_VIDEO_SETTINGS },
  provenance: BAIJIAHAO_PROVENANCE,

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    await openLoggedIn(page, at(ctx, BAIJIAHAO_URLS.home), 'check_login', ctx, isLoginPage(ctx));
    return whoAmI(page, 'check_login', ctx);
  },
  flows: { article: articleFlow, video: videoFlow },
});
