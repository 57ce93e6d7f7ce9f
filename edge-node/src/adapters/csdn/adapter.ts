/**
 * CSDN articles through the Markdown editor's own API (bizapi.csdn.net,
 * signed as the editor signs it; csdn/api.ts), called from the logged-in
 * editor page: the Markdown goes in as written beside its HTML rendering,
 * the cover is uploaded to CSDN's image store, the article is saved as a
 * draft, and the same save with the publish status — the one call behind the
 * commit gate — publishes that draft.
 *
 * What each step rests on (the public sources of every fact about CSDN, and
 * how sure each is) is in csdn/provenance.ts.
 *
 * Settings: `tags` (≤ 5; 经验分享 when none), `summary` (Description, ≤ 256), `articleType`
 * (original, repost, translated), `originalUrl` (required for repost and translated),
 * `coverMode` (`custom` uploads the article's cover; absent → custom when there is one).
 * `aiLabel` and `original` have no control here and are logged as ignored.
 */
import { markdownToHtml } from '@plume/shared';
import { AdapterError, type AdapterContext, type ArticleJob, type Flow } from '../contract.js';
import { defineAdapter } from '../define.js';
import { gatedApiPublish } from '../kit/api-publish.js';
import { field, needField } from '../kit/page-api.js';
import { webPictures } from '../kit/pictures.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, countChars, inJobWindow, openLoggedIn } from '../support.js';
import { CSDN_PROVENANCE } from './provenance.js';
import { at, call, isLoginPage, ORIGIN, real, refusalOf, signatureHeaders, URLS, whoAmI } from './api.js';
import { uploadCover } from './cover.js';
import { contractLimits } from '../kit/contract-limits.js';

export const CSDN_LIMITS = contractLimits('article', 'csdn', ['titleMin', 'titleMax', 'tagsMax', 'summaryMax']);
const SETTING_KEYS = ['tags', 'summary', 'articleType', 'originalUrl', 'coverMode'] as const;
/** The tag CSDN's publish gets when the settings name none (CSDN publishes nothing untagged). */
export const CSDN_DEFAULT_TAG = '经验分享';

type Ctx = AdapterContext;

/** The article as `prepare` saved it: the publish sends the same fields again with the publish status. */
interface Prepared {
  draftId: string;
  user: string;
  body: Record<string, unknown>;
}

function readSettings(job: ArticleJob, ctx: Ctx) {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImage ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImage) throw new AdapterError('cover_rejected', 'upload', 'coverMode is custom but the article has no coverImage');
  const articleType = r.string('articleType', { oneOf: ['original', 'repost', 'translated'] }) ?? 'original';
  const originalUrl = r.string('originalUrl', { maxLength: 2000 });
  if (articleType !== 'original' && !originalUrl) {
    throw new AdapterError('setting_unavailable', 'apply_settings', `csdn: setting "originalUrl" is required when articleType is ${articleType}`, { field: 'originalUrl' });
  }
  if (originalUrl && !/^https?:\/\/\S+$/i.test(originalUrl)) throw new AdapterError('setting_unavailable', 'apply_settings', 'csdn: setting "originalUrl" must be a web address', { field: 'originalUrl' });
  let tags = r.stringArray('tags', { max: CSDN_LIMITS.tagsMax, maxLength: 30 });
  if (tags.length === 0) {
    ctx.log.info({ platform: 'csdn', tag: CSDN_DEFAULT_TAG }, 'no tags in the settings; CSDN publishes nothing untagged, so the default tag is used');
    tags = [CSDN_DEFAULT_TAG];
  }
  return {
    reader: r,
    tags,
    summary: r.string('summary', { maxLength: CSDN_LIMITS.summaryMax }) ?? '',
    articleType,
    originalUrl: articleType === 'original' ? '' : (originalUrl ?? ''),
    cover: coverMode === 'custom' ? job.payload.coverImage : undefined,
  };
}

const articleFlow: Flow<ArticleJob, Prepared> = {
  async prepare(page, job, ctx) {
    const s = readSettings(job, ctx);
    s.reader.logIgnored(SETTING_KEYS, ctx.log);
    const title = job.payload.title.trim();
    const n = countChars(title);
    if (n < CSDN_LIMITS.titleMin || n > CSDN_LIMITS.titleMax) {
      throw new AdapterError('publish_rejected', 'fill', `title has ${n} characters; CSDN takes ${CSDN_LIMITS.titleMin}–${CSDN_LIMITS.titleMax}`, { length: n });
    }
    const markdown = job.payload.content;
    if (!markdown.trim()) throw new AdapterError('publish_rejected', 'fill', 'CSDN needs a body');
    const html = markdownToHtml(markdown);
    webPictures({ html }, 'CSDN');

    ctx.progress('open_editor');
    await openLoggedIn(page, at(ctx, URLS.editor), 'open_editor', ctx, isLoginPage(ctx));
    const me = await whoAmI(page, 'open_editor', ctx);
    assertAccount(me, job, 'open_editor');

    ctx.progress('fill');
    const cover = s.cover ? await uploadCover(page, s.cover, ctx) : null;
    ctx.progress('apply_settings');
    const body = {
      title,
      markdowncontent: markdown,
      content: html,
      readType: 'public',
      level: 0,
      tags: s.tags.join(','),
      categories: '',
      type: s.articleType,
      original_link: s.originalUrl,
      authorized_status: false,
      Description: s.summary,
      not_auto_saved: '1',
      source: 'pc_mdeditor',
      cover_images: cover ? [cover] : [],
      cover_type: cover ? 1 : 0,
      vote_id: 0,
      resource_id: '',
      creator_activity_id: '',
    };
    const saved = await call(page, URLS.save, { ...body, status: 2, pubStatus: 'draft', is_new: 1 }, 'fill', 'draft save', ctx);
    if (!saved.ok) throw new AdapterError('publish_rejected', 'fill', `CSDN refused the draft: ${refusalOf(saved.body)}`);
    const draftId = needField(saved.body, ['data', 'id'], 'fill', 'draft save');
    // The draft's own page is where the publish step picks it up (and what a person would see).
    await openLoggedIn(page, at(ctx, URLS.draftPage(draftId)), 'open_editor', ctx, isLoginPage(ctx));
    return { draftId, user: me.externalRef, body };
  },

  async publish(page, _job, ctx, p) {
    const here = real(ctx, page.url());
    const draftId = /^\/md\/?$/.test(here.pathname) ? here.searchParams.get('articleId') : null;
    if (!draftId || p.draftId !== draftId) throw new AdapterError('editor_changed', 'publish', 'the page is not the prepared draft; nothing was published', { url: page.url() });
    const answer = await gatedApiPublish(
      page,
      at(ctx, URLS.save),
      { method: 'POST', headers: signatureHeaders('POST', URLS.save), json: { ...p.body, id: draftId, status: 0, pubStatus: 'publish', is_new: 0 } },
      (body) => {
        if (field(body, 'code') !== 200) return { ok: false, message: refusalOf(body) };
        const id = field(body, 'data', 'id');
        const url = field(body, 'data', 'url');
        return { ok: true, value: { id: typeof id === 'string' || typeof id === 'number' ? String(id) : '', url: typeof url === 'string' ? url : '' } };
      },
      ctx,
    );
    if (!/^\d+$/.test(answer.id)) throw new AdapterError('readback_failed', 'read_back', 'CSDN accepted the publish but named no article; verify before any retry');
    const url = /^https:\/\/blog\.csdn\.net\//.test(answer.url) ? answer.url : URLS.post(p.user, answer.id);
    return { postId: answer.id, url: at(ctx, url) };
  },

  async verify(page, job, ctx) {
    ctx.progress('read_back');
    await openLoggedIn(page, at(ctx, URLS.editor), 'check_login', ctx, isLoginPage(ctx));
    // Looking in another account's list would find nothing and invite a duplicate.
    const me = await whoAmI(page, 'check_login', ctx);
    assertAccount(me, job, 'check_login');
    const list = await call(page, URLS.published, undefined, 'read_back', 'article list', ctx);
    if (!list.ok) throw new Error(`CSDN article list: ${refusalOf(list.body)}`);
    const rows = Array.isArray(field(list.body, 'data', 'list')) ? (field(list.body, 'data', 'list') as unknown[]) : [];
    const title = job.payload.title.trim();
    const hits = rows.filter((row) => field(row, 'title') === title && inJobWindow(postTime(field(row, 'postTime')), job));
    if (hits.length === 0) return { found: false };
    const postId = String(field(hits[0], 'articleId'));
    return { found: true, postId, url: at(ctx, URLS.post(me.externalRef, postId)), candidates: hits.length };
  },
};

export const csdnAdapter = defineAdapter({
  platform: 'csdn',
  defaultBaseUrl: ORIGIN,
  settingKeys: SETTING_KEYS,
  provenance: CSDN_PROVENANCE,

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    await openLoggedIn(page, at(ctx, URLS.editor), 'check_login', ctx, isLoginPage(ctx));
    return whoAmI(page, 'check_login', ctx);
  },

  flows: { article: articleFlow },
});

/** CSDN's list time: "YYYY-MM-DD HH:mm:ss" in Beijing time, or Unix seconds. */
export function postTime(v: unknown): string | null {
  if (typeof v === 'number' || (typeof v === 'string' && /^\d{9,11}$/.test(v))) return new Date(Number(v) * 1000).toISOString();
  const m = typeof v === 'string' ? /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/.exec(v.trim()) : null;
  if (!m) return null;
  const at = Date.parse(`${m[1]}T${m[2]!.length === 5 ? `${m[2]}:00` : m[2]}+08:00`);
  return Number.isFinite(at) ? new Date(at).toISOString() : null;
}
