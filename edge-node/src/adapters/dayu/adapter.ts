/**
 * dayu (大鱼号, UC / Alibaba, mp.dayu.com): articles through the dashboard's
 * own draft call (dashboard/save-draft, a form post carrying the page's
 * `utoken`), made from the logged-in dashboard. The account, the token and the
 * picture host's signature come from the dashboard page's `globalConfig`. The
 * Markdown is rendered to HTML with code blocks as plain paragraphs (the
 * editor keeps no code blocks), every picture and the cover go to 大鱼号's
 * picture host (ns.dayu.com), the draft is saved and, behind the commit gate,
 * published by the editor's own publish control on the draft's page.
 * Videos go through the dashboard's video page: dayu/video.ts; what both
 * sides share is in dayu/site.ts.
 *
 * What each step of both rests on (the public sources of every fact about
 * 大鱼号, and how sure each is) is in dayu/provenance.ts.
 *
 * Settings (shared contract names): `coverMode` (`custom` uploads the
 * article's cover; `auto` lets the first picture of the body be the cover,
 * as the sources send it). No public source records an AI-content
 * declaration, 原创, tags or a summary for 大鱼号 articles: `aiLabel`,
 * `original`, `tags` and `summary` are logged as ignored (preflight lists
 * them in ignored_settings).
 */
import { markdownToHtml } from '@plume/shared';
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type AdapterErrorCode, type ArticleJob } from '../contract.js';
import { defineAdapter } from '../define.js';
import { DAYU_PROVENANCE } from './provenance.js';
import { at, DAYU_SITE_URLS, type DayuConfig, isLoginPage, loginOf, openDashboard, ORIGIN, publishedItems, real } from './site.js';
import { DAYU_VIDEO_SETTINGS, videoFlow } from './video.js';
import { moveImages, readImage, type ImageFile } from '../kit/article-images.js';
import { codeBlocksAsParagraphs } from '../kit/article-markup.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { field, pageJson } from '../kit/page-api.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, assertMaxChars, inJobWindow, need, openLoggedIn } from '../support.js';
import { contractLimits } from '../kit/contract-limits.js';

const EDITOR = `${ORIGIN}/dashboard/article/write`;
export const DAYU_URLS = {
  ...DAYU_SITE_URLS,
  editor: EDITOR,
  draft: (id: string) => `${EDITOR}?draft_id=${encodeURIComponent(id)}`,
  upload: (c: DayuConfig) =>
    `https://ns.dayu.com/article/imageUpload?${new URLSearchParams({ appid: 'website', fromMaterial: '0', wmid: c.wmid, wmname: c.name, sign: c.uploadSign })}`,
  save: `${ORIGIN}/dashboard/save-draft`,
  submit: `${ORIGIN}/dashboard/submit-article`,
};
export const DAYU_LIMITS = contractLimits('article', 'dayu', ['titleMax']);
const SETTING_KEYS = ['coverMode'] as const;
const TITLE_INPUT = 'input#title';
const PUBLISH_BUTTON = 'div.button_publish.item.editor-btn.editor-main-btn';
const REFUSAL = '.w-message-error';
const CODE_STYLE = 'font-family: Menlo, Consolas, monospace; background: #f6f8fa; padding: 8px; white-space: pre-wrap;';
/** Pictures already on 大鱼号's and UC's hosts stay as they are. */
const OWN_PICTURE = /^https?:\/\/([^/]*\.)?(dayu\.com|uc\.cn)\//;

type Ctx = AdapterContext;

/** The draft as saved, for the publish that follows on its page. */
interface Prepared {
  draftId: string;
  config: DayuConfig;
}

/** The article body as 大鱼号's editor keeps it: code blocks as plain paragraphs, a line break per line. */
export function articleHtml(markdown: string): string {
  return codeBlocksAsParagraphs(markdownToHtml(markdown), CODE_STYLE);
}

function readSettings(job: ArticleJob) {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImage ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImage) throw new AdapterError('cover_rejected', 'upload', 'coverMode is custom but the article has no coverImage');
  return { reader: r, cover: coverMode === 'custom' ? job.payload.coverImage : undefined };
}

/** One picture onto 大鱼号's host: its address for the body (`url`) and the one a cover names (`org_url`). */
async function uploadPicture(page: Page, c: DayuConfig, image: ImageFile, code: AdapterErrorCode, what: string, ctx: Ctx): Promise<{ url: string; orgUrl: string }> {
  const name = `${Date.now()}.${image.name.split('.').pop() || 'jpg'}`;
  const body = await pageJson(
    page,
    at(ctx, DAYU_URLS.upload(c)),
    {
      method: 'POST',
      multipart: {
        upfile: { base64: image.bytes.toString('base64'), name, type: image.type },
        type: image.type,
        id: 'WU_FILE_1',
        fileid: `uploadm-${Math.floor(Math.random() * 1_000_000)}`,
        name,
        lastModifiedDate: new Date().toString(),
        size: String(image.bytes.length),
      },
    },
    'upload',
    what,
    ctx,
  );
  const url = field(body, 'data', 'imgInfo', 'url');
  const orgUrl = field(body, 'data', 'imgInfo', 'org_url');
  if (typeof url !== 'string' || !url || typeof orgUrl !== 'string' || !orgUrl) {
    throw new AdapterError(code, 'upload', `大鱼号 refused ${what}: ${String(field(body, 'message') ?? field(body, 'error') ?? 'no data.imgInfo in the answer')}`);
  }
  return { url, orgUrl };
}

async function prepare(page: Page, job: ArticleJob, ctx: Ctx): Promise<Prepared> {
  const s = readSettings(job);
  s.reader.logIgnored(SETTING_KEYS, ctx.log);
  const title = job.payload.title.trim();
  if (!title) throw new AdapterError('publish_rejected', 'fill', '大鱼号 needs a title');
  assertMaxChars(title, DAYU_LIMITS.titleMax, 'fill', 'title');
  if (!job.payload.content.trim()) throw new AdapterError('publish_rejected', 'fill', '大鱼号 needs a body');

  ctx.progress('open_editor');
  const config = await openDashboard(page, 'open_editor', ctx);
  assertAccount(loginOf(config), job, 'open_editor');
  await openLoggedIn(page, at(ctx, DAYU_URLS.editor), 'open_editor', ctx, isLoginPage(ctx));
  await need(page, TITLE_INPUT, 'open_editor', 'title input', ctx);

  ctx.progress('fill');
  const uploaded: string[] = [];
  const content = await moveImages(articleHtml(job.payload.content), ctx, {
    isOwn: (src) => OWN_PICTURE.test(src),
    upload: async (image, src) => {
      const copy = await uploadPicture(page, config, image, 'upload_failed', `the picture ${src}`, ctx);
      uploaded.push(copy.orgUrl);
      return copy.url;
    },
  });
  // As the sources send it: the first picture uploaded for the body is the cover unless a custom one is given.
  let cover = uploaded[0] ?? '';
  let coverFrom = 'auto';
  if (s.cover) {
    ctx.progress('upload', { phase: 'cover' });
    // A custom cover that cannot be adopted stops the job; no automatic cover instead.
    cover = (await uploadPicture(page, config, await readImage(ctx, s.cover, 'cover_rejected', 'cover image'), 'cover_rejected', 'the cover', ctx)).orgUrl;
    coverFrom = 'auto_replaced';
  }

  ctx.progress('apply_settings');
  const form: Record<string, string> = { title, content, author: config.name, article_type: '1', utoken: config.utoken, cover_from: coverFrom };
  if (cover) form.coverImg = cover;
  const saved = await pageJson(page, at(ctx, DAYU_URLS.save), { method: 'POST', headers: { utoken: config.utoken, 'x-requested-with': 'XMLHttpRequest' }, form }, 'fill', 'draft save', ctx);
  const error = field(saved, 'error');
  if (error) throw new AdapterError('publish_rejected', 'fill', `大鱼号 refused the draft: ${typeof error === 'string' ? error : JSON.stringify(error)}`);
  const id = field(saved, 'data', '_id');
  if (typeof id !== 'string' || !/^[\w-]{1,64}$/.test(id)) throw new AdapterError('editor_changed', 'fill', 'draft save: the answer has no data._id');
  // The draft's own page holds the editor's publish control.
  await openLoggedIn(page, at(ctx, DAYU_URLS.draft(id)), 'open_editor', ctx, isLoginPage(ctx));
  return { draftId: id, config };
}

const ARTICLE_ID = /^[\w-]{1,64}$/;
const idOf = (v: unknown): string | undefined => (typeof v === 'string' && ARTICLE_ID.test(v) ? v : undefined);

async function publish(page: Page, job: ArticleJob, ctx: Ctx, p: Prepared) {
  const here = real(ctx, page.url());
  const draftId = here.pathname === '/dashboard/article/write' ? here.searchParams.get('draft_id') : null;
  if (!draftId || p.draftId !== draftId) throw new AdapterError('editor_changed', 'publish', 'the page is not the prepared draft; nothing was published', { url: page.url() });
  const named = await clickPublishForJson(
    page,
    {
      button: await need(page, PUBLISH_BUTTON, 'publish', 'publish control (发表)', ctx),
      isPublishRequest: (req) => req.method() === 'POST' && real(ctx, req.url()).pathname === '/dashboard/submit-article',
      urlPattern: '*/dashboard/submit-article*',
      refusal: page.locator(REFUSAL),
      judge: (body) => {
        const error = field(body, 'error');
        if (error) return { ok: false, message: typeof error === 'string' ? error : JSON.stringify(error) };
        return { ok: true, value: { id: idOf(field(body, 'data', '_id')), originId: idOf(field(body, 'data', 'wm_aid')) ?? idOf(field(body, 'data', 'origin_id')) } };
      },
    },
    ctx,
  );
  if (named.id && named.originId) return { postId: named.id, url: at(ctx, DAYU_URLS.post(p.config.wmid, named.originId)) };
  // The answer leaves the article or its public id unnamed: the list names both.
  const rows = await publishedItems(page, p.config, 'article list', ctx);
  const title = job.payload.title.trim();
  const row = named.id ? rows.find((r) => r.id === named.id) : rows.find((r) => r.title === title && inJobWindow(r.publishedAt, job));
  if (!row?.originId) throw new AdapterError('readback_failed', 'read_back', '大鱼号 accepted the publish but its answer and the article list do not yet name the article and its address; verify before any retry');
  return { postId: row.id, url: at(ctx, DAYU_URLS.post(p.config.wmid, row.originId)) };
}

async function verify(page: Page, job: ArticleJob, ctx: Ctx) {
  ctx.progress('read_back');
  const config = await openDashboard(page, 'check_login', ctx);
  assertAccount(loginOf(config), job, 'check_login');
  const title = job.payload.title.trim();
  const hits = (await publishedItems(page, config, 'article list', ctx)).filter((row) => row.originId && row.title === title && inJobWindow(row.publishedAt, job));
  if (hits.length === 0) return { found: false as const };
  return { found: true as const, postId: hits[0]!.id, url: at(ctx, DAYU_URLS.post(config.wmid, hits[0]!.originId!)), candidates: hits.length };
}

export const dayuAdapter = defineAdapter({
  platform: 'dayu',
  defaultBaseUrl: ORIGIN,
  settingKeys: SETTING_KEYS,
  settingKeysByType: { video: DAYU_VIDEO_SETTINGS },
  // A site check puts its picture in the video page's cover slots, as a person publishing would.
  checkSettings: { video: { coverMode: 'custom' } },
  provenance: DAYU_PROVENANCE,

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    return loginOf(await openDashboard(page, 'check_login', ctx));
  },
  flows: { article: { prepare, publish, verify }, video: videoFlow },
});
