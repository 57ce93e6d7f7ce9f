/**
 * zhihu (知乎专栏) articles, through the editor's own JSON API called from the
 * logged-in editor page: the Markdown is rendered to the HTML the Draft.js
 * editor stores (zhihu/html.ts), pictures from other sites are copied onto
 * zhihu, the cover is uploaded, a draft is created and saved, the tags become
 * zhihu topics, and the draft is published — the one call behind the commit
 * gate — with the column and the AI-creation statement. Videos go through
 * the upload page (./zhihu/video.ts).
 *
 * What each step of articles and videos rests on (the public sources of every
 * fact about zhihu, and how sure each is) is in zhihu/provenance.ts.
 *
 * Settings: `tags` (zhihu topics, by exact name), `column` (one of the account's columns,
 * by title), `coverMode` (`custom` uploads the article's cover; absent → custom when
 * there is one), `aiLabel` (包含 AI 辅助创作; the article's aigc facts decide when
 * absent). `summary` and `original` have no control here and are logged as ignored.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type ArticleJob, type PublishResult, type VerifyResult } from '../contract.js';
import { defineAdapter } from '../define.js';
import { aiLabelOf } from '../kit/ai-label.js';
import { gatedApiPublish, type ApiVerdict } from '../kit/api-publish.js';
import { field, needField } from '../kit/page-api.js';
import { pageCall } from '../kit/page-call.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, assertMaxChars, inJobWindow, need } from '../support.js';
import { zhihuHtml } from './html.js';
import { copyPictures, uploadCover } from './images.js';
import { ZHIHU_PROVENANCE } from './provenance.js';
import { at, openAs, openLoggedInOnly, ORIGIN, real, refusalOf, URLS, whoAmI, write, xsrfToken } from './site.js';
import { videoFlow, ZHIHU_VIDEO_SETTINGS } from './video.js';
import { contractLimits } from '../kit/contract-limits.js';

export const ZHIHU_LIMITS = contractLimits('article', 'zhihu', ['titleMax']);
const SETTING_KEYS = ['tags', 'column', 'coverMode', 'aiLabel'] as const;
const TITLE_INPUT = 'textarea[placeholder*="请输入标题"]';

type Ctx = AdapterContext;
type Column = { id: string; title: string };

/** What `prepare` settled for the `publish` that follows on the same page (the draft, the column's id, the statement). */
interface Prepared {
  draftId: string;
  column: Column | null;
  ai: boolean;
}

function readSettings(job: ArticleJob) {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImage ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImage) throw new AdapterError('cover_rejected', 'upload', 'coverMode is custom but the article has no coverImage');
  return {
    reader: r,
    tags: r.stringArray('tags', { max: 5, maxLength: 30 }),
    column: r.string('column', { maxLength: 50 }),
    cover: coverMode === 'custom' ? job.payload.coverImage : undefined,
    ai: aiLabelOf(job, r),
  };
}

export const zhihuAdapter = defineAdapter({
  platform: 'zhihu',
  defaultBaseUrl: ORIGIN,
  settingKeys: SETTING_KEYS,
  settingKeysByType: { video: ZHIHU_VIDEO_SETTINGS },
  provenance: ZHIHU_PROVENANCE,

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    await openLoggedInOnly(page, URLS.write, 'check_login', ctx);
    const me = await whoAmI(page, 'check_login', ctx);
    return { externalRef: me.externalRef, displayName: me.displayName };
  },

  flows: { article: { prepare: prepareArticle, publish: publishArticle, verify: verifyArticle }, video: videoFlow },
});

async function prepareArticle(page: Page, job: ArticleJob, ctx: Ctx): Promise<Prepared> {
  const s = readSettings(job);
  s.reader.logIgnored(SETTING_KEYS, ctx.log);
  const title = job.payload.title.trim();
  if (!title) throw new AdapterError('publish_rejected', 'fill', 'zhihu needs a title');
  assertMaxChars(title, ZHIHU_LIMITS.titleMax, 'fill', 'title');
  if (!job.payload.content.trim()) throw new AdapterError('publish_rejected', 'fill', 'zhihu needs a body');

  ctx.progress('open_editor');
  const me = await openAs(page, URLS.write, job, 'open_editor', ctx);
  await need(page, TITLE_INPUT, 'open_editor', 'title input', ctx);
  const xsrf = await xsrfToken(page, 'open_editor');

  ctx.progress('apply_settings');
  const column = s.column ? await resolveColumn(page, me.urlToken, s.column, ctx) : null;
  const topics: unknown[] = [];
  for (const tag of s.tags) topics.push(await resolveTopic(page, tag, ctx));

  ctx.progress('fill');
  const html = await copyPictures(page, zhihuHtml(job.payload.content), xsrf, ctx);
  const cover = s.cover ? await uploadCover(page, s.cover, ctx) : null;

  const created = await write(page, at(ctx, URLS.drafts), { method: 'POST', json: { title, delta_time: 0 } }, xsrf, 'fill', 'draft create', ctx);
  if (created.status >= 400) throw new AdapterError('publish_rejected', 'fill', `zhihu refused the draft: ${refusalOf(created.body)}`);
  const draftId = needField(created.body, ['id'], 'fill', 'draft create');
  const body = { title, content: html, table_of_contents: false, delta_time: 30, can_reward: false, ...(cover ? { titleImage: cover, isTitleImageFullScreen: false } : {}) };
  const saved = await write(page, at(ctx, URLS.draft(draftId)), { method: 'PATCH', json: body }, xsrf, 'fill', 'draft save', ctx);
  if (saved.status >= 400) throw new AdapterError('publish_rejected', 'fill', `zhihu refused the draft: ${refusalOf(saved.body)}`);
  ctx.progress('apply_settings');
  for (const topic of topics) {
    const added = await write(page, at(ctx, URLS.topics(draftId)), { method: 'POST', json: topic }, xsrf, 'apply_settings', 'topic', ctx);
    if (added.status >= 400) throw new AdapterError('setting_unavailable', 'apply_settings', `zhihu refused the topic ${String(field(topic, 'name'))}: ${refusalOf(added.body)}`, { field: 'tags' });
  }
  // The draft's own page is where the publish step picks it up (and what a person would see).
  await openLoggedInOnly(page, URLS.draftPage(draftId), 'open_editor', ctx);
  return { draftId, column, ai: s.ai };
}

async function publishArticle(page: Page, job: ArticleJob, ctx: Ctx, p: Prepared): Promise<PublishResult> {
  const draftId = /^\/p\/(\d+)\/edit$/.exec(real(ctx, page.url()).pathname)?.[1];
  if (!draftId || p.draftId !== draftId) throw new AdapterError('editor_changed', 'publish', 'the page is not the prepared draft; nothing was published', { url: page.url() });
  const xsrf = await xsrfToken(page, 'publish');
  const articleId = await gatedApiPublish(
    page,
    at(ctx, URLS.publish),
    { method: 'POST', headers: { 'x-requested-with': 'fetch', 'x-xsrftoken': xsrf }, json: publishBody(p) },
    (body) => judgeArticleAnswer(body),
    ctx,
  );
  if (articleId) return { postId: articleId, url: at(ctx, URLS.post(articleId)) };
  // Accepted, but the answer names the article nowhere a public client reads it: the member list does.
  const found = await verifyArticle(page, job, ctx).catch((e: unknown) => {
    throw new AdapterError('readback_failed', 'read_back', `zhihu accepted the publish but named no article, and the article list could not be read (${(e as Error).message}); verify before any retry`);
  });
  if (found.found && found.postId && found.url) return { postId: found.postId, url: found.url };
  throw new AdapterError('readback_failed', 'read_back', 'zhihu accepted the publish but named no article, and the article list does not show it yet; verify before any retry');
}

/**
 * The publish answer in each recorded form: a refusal is an `error`, a `code`
 * other than 0, or a message other than success with no article; the article's
 * id is data.result.id (data.result as JSON text or an object), else
 * publish.id at data.result, data or the top level. '' when accepted without one.
 */
export function judgeArticleAnswer(body: unknown): ApiVerdict<string> {
  if (field(body, 'error') !== undefined) return { ok: false, message: refusalOf(body) };
  const code = field(body, 'code');
  if (code !== undefined && code !== 0 && code !== '0') return { ok: false, message: refusalOf(body) };
  let result = field(body, 'data', 'result');
  if (typeof result === 'string') {
    try {
      result = JSON.parse(result) as unknown;
    } catch {
      result = undefined;
    }
  }
  const numeric = (v: unknown) => ((typeof v === 'string' || typeof v === 'number') && /^\d+$/.test(String(v)) ? String(v) : '');
  const id = numeric(field(result, 'id')) || numeric(field(result, 'publish', 'id')) || numeric(field(body, 'data', 'publish', 'id')) || numeric(field(body, 'publish', 'id'));
  const message = field(body, 'message');
  if (!id && message !== undefined && message !== 'success') return { ok: false, message: refusalOf(body) };
  return { ok: true, value: id };
}

async function verifyArticle(page: Page, job: ArticleJob, ctx: Ctx): Promise<VerifyResult> {
  ctx.progress('read_back');
  await openLoggedInOnly(page, URLS.write, 'check_login', ctx);
  // Looking in another account's list would find nothing and invite a duplicate.
  const me = await whoAmI(page, 'check_login', ctx);
  assertAccount(me, job, 'check_login');
  const { status, body } = await pageCall(page, at(ctx, URLS.articles(me.urlToken)), { headers: { 'x-requested-with': 'fetch' } }, 'read_back', 'article list', ctx);
  if (status >= 400) throw new Error(`zhihu article list: ${refusalOf(body)}`);
  const rows = Array.isArray(field(body, 'data')) ? (field(body, 'data') as unknown[]) : [];
  const title = job.payload.title.trim();
  const hits = rows.filter((row) => {
    const created = Number(field(row, 'created'));
    return field(row, 'title') === title && inJobWindow(Number.isFinite(created) ? new Date(created * 1000).toISOString() : null, job);
  });
  if (hits.length === 0) return { found: false };
  const postId = String(field(hits[0], 'id'));
  return { found: true, postId, url: at(ctx, URLS.post(postId)), candidates: hits.length };
}

function publishBody(p: Prepared) {
  const statement = p.ai ? { disclaimer_type: 'ai_creation', disclaimer_status: 'open' } : { disclaimer_type: 'none', disclaimer_status: 'close' };
  const business = {
    column: p.column,
    commentPermission: 'anyone',
    ...statement,
    table_of_contents_enabled: false,
    commercial_report_info: { commercial_types: [] },
    commercial_zhitask_bind_info: null,
    canReward: false,
  };
  return {
    action: 'article',
    data: {
      publish: { traceId: `${Date.now()},${randomUUID()}` },
      extra_info: { publisher: 'pc', pc_business_params: JSON.stringify(business) },
      draft: { disabled: 1, id: p.draftId, isPublished: false },
      commentsPermission: { comment_permission: 'anyone' },
      creationStatement: statement,
      contentsTables: { table_of_contents_enabled: false },
      commercialReportInfo: { isReport: 0 },
      appreciate: { can_reward: false, tagline: '' },
      hybridInfo: {},
    },
  };
}

async function resolveColumn(page: Page, urlToken: string, wanted: string, ctx: Ctx): Promise<Column> {
  const { status, body } = await pageCall(page, at(ctx, URLS.columns(urlToken)), { headers: { 'x-requested-with': 'fetch' } }, 'apply_settings', 'column list', ctx);
  if (status >= 400) throw new Error(`zhihu column list: ${refusalOf(body)}`);
  const rows = field(body, 'data');
  if (!Array.isArray(rows)) throw new AdapterError('editor_changed', 'apply_settings', 'column list: the answer has no data list');
  const hit = rows.map((r) => field(r, 'column')).find((c) => field(c, 'title') === wanted);
  if (!hit) throw new AdapterError('setting_unavailable', 'apply_settings', `this zhihu account has no column "${wanted}"`, { field: 'column' });
  return { id: needField(hit, ['id'], 'apply_settings', 'column list'), title: wanted };
}

async function resolveTopic(page: Page, name: string, ctx: Ctx): Promise<unknown> {
  const { status, body } = await pageCall(page, at(ctx, URLS.topicSearch(name)), { headers: { 'x-requested-with': 'fetch' } }, 'apply_settings', 'topic search', ctx);
  if (status >= 400) throw new Error(`zhihu topic search: ${refusalOf(body)}`);
  if (!Array.isArray(body)) throw new AdapterError('editor_changed', 'apply_settings', 'topic search: the answer is not a list');
  const hit = body.find((t) => String(field(t, 'name') ?? '').toLowerCase() === name.toLowerCase());
  if (!hit) throw new AdapterError('setting_unavailable', 'apply_settings', `zhihu has no topic "${name}"`, { field: 'tags' });
  return hit;
}
