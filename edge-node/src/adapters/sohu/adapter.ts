/**
 * sohu (搜狐号): articles through the article editor's own JSON API, called
 * from the logged-in editor page with the client headers the editor sends
 * (dv-id, sp-cm). The Markdown is rendered to HTML (code blocks as plain
 * `<pre><code>`, h3 and below as bold lines), each table drawn as a picture,
 * every picture and the cover go to 搜狐号's image upload, the article is
 * saved as a draft and, behind the commit gate, published from the draft's
 * own page. One Sohu login may hold several 搜狐号 accounts (子账号): the
 * job's account id picks one, and every call names it (`accountId`).
 * Videos go through the video page, driven as a person does
 * (./sohu/video.ts).
 *
 * What each step rests on (the public sources of every fact about 搜狐号,
 * articles and videos, and how sure each is) is in sohu/provenance.ts.
 *
 * Settings (shared contract names): `coverMode` (`custom` uploads the
 * article's cover), `summary` (the brief), `aiLabel` (creationStatement; the
 * article's aigc facts decide when absent). Tags and `original` are logged
 * as ignored (declaring originality starts a check the API cannot finish).
 */
import { markdownToHtml } from '@plume/shared';
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type AdapterErrorCode, type ArticleJob } from '../contract.js';
import { defineAdapter } from '../define.js';
import { aiLabelOf } from '../kit/ai-label.js';
import { gatedApiPublish } from '../kit/api-publish.js';
import { moveImages, readImage, type ImageFile } from '../kit/article-images.js';
import { headingsAsBold, parseTable, plainCodeBlocks, TABLE_PATTERN, tableSvg } from '../kit/article-markup.js';
import { listedTime } from '../kit/listed-time.js';
import { field, pageJson } from '../kit/page-api.js';
import { SettingsReader } from '../settings.js';
import { accountsOf, ACCOUNTS_URL, at, isLoginPage, OK, openAs, ORIGIN, real } from './session.js';
import { SOHU_PROVENANCE } from './provenance.js';
import { SOHU_VIDEO_SETTINGS, videoFlow } from './video.js';
import { assertMaxChars, countChars, inJobWindow, need, openLoggedIn } from '../support.js';
import { contractLimits } from '../kit/contract-limits.js';

const EDITOR = `${ORIGIN}/mpfe/v4/contentManagement/news/addarticle`;
export const SOHU_URLS = {
  editor: EDITOR,
  draft: (id: string) => `${EDITOR}?spm=smmp.articlelist.0.0&contentStatus=2&id=${encodeURIComponent(id)}`,
  accounts: ACCOUNTS_URL,
  upload: (account: string) => `${ORIGIN}/commons/front/outerUpload/image/file?accountId=${encodeURIComponent(account)}`,
  draftSave: (account: string) => `${ORIGIN}/mpbp/bp/news/v4/news/draft/v2?accountId=${encodeURIComponent(account)}`,
  publish: (account: string) => `${ORIGIN}/mpbp/bp/news/v4/news/publish/v2?accountId=${encodeURIComponent(account)}`,
  news: (account: string) => `${ORIGIN}/mpbp/bp/news/v4/users/news?${new URLSearchParams({ psize: '20', newsType: '0', statusType: '1', columnId: '', pno: '1', streamId: '', accountId: account })}`,
  post: (id: string, account: string) => `https://www.sohu.com/a/${encodeURIComponent(id)}_${encodeURIComponent(account)}`,
};
export const SOHU_LIMITS = contractLimits('article', 'sohu', ['titleMin', 'titleMax']);
const SETTING_KEYS = ['coverMode', 'summary', 'aiLabel'] as const;
const TITLE_INPUT = 'input[placeholder*="请输入标题"]';
/** Pictures already on Sohu's hosts stay as they are. */
const OWN_PICTURE = /^https:\/\/[^/]*\.(sohu\.com|itc\.cn)\//;
/** Creation statements by the numbers the publish call takes. */
const CREATION_STATEMENT = { none: 0, ai: 2 } as const;

type Ctx = AdapterContext;

/** The draft as saved (its JSON and the client headers it was saved with), for the publish that follows on its page. */
interface Prepared {
  draftId: string;
  account: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** The article body as 搜狐号's editor keeps it (tables are drawn as pictures while preparing). */
export function articleHtml(markdown: string): string {
  return headingsAsBold(plainCodeBlocks(markdownToHtml(markdown)), 3);
}

function readSettings(job: ArticleJob) {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImage ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImage) throw new AdapterError('cover_rejected', 'upload', 'coverMode is custom but the article has no coverImage');
  return { reader: r, cover: coverMode === 'custom' ? job.payload.coverImage : undefined, brief: r.string('summary', { maxLength: 120 }) ?? '', aiLabel: aiLabelOf(job, r) };
}

/** The client headers the editor's write calls carry: a device id kept for the page's lifetime, sp-cm from the site's cookie. */
async function clientHeaders(page: Page): Promise<Record<string, string>> {
  const cookie = await page.evaluate(() => (globalThis as unknown as { document: { cookie: string } }).document.cookie);
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  const dvId = hex(32);
  const mpCv = /(?:^|;\s*)mp-cv=([^;]+)/.exec(cookie)?.[1];
  return { 'dv-id': dvId, 'sp-cm': mpCv ? decodeURIComponent(mpCv) : `100-${Date.now()}-${dvId}`, 'x-requested-with': 'XMLHttpRequest' };
}

async function uploadPicture(page: Page, account: string, image: ImageFile, headers: Record<string, string>, code: AdapterErrorCode, what: string, ctx: Ctx): Promise<string> {
  const body = await pageJson(
    page,
    at(ctx, SOHU_URLS.upload(account)),
    { method: 'POST', headers, multipart: { file: { base64: image.bytes.toString('base64'), name: image.name, type: image.type }, accountId: account } },
    'upload',
    what,
    ctx,
  );
  // The address comes at the top (url) or under data (data.url): both are recorded.
  const url = field(body, 'url') ?? field(body, 'data', 'url');
  if (typeof url !== 'string' || !url) throw new AdapterError(code, 'upload', `搜狐号 refused ${what}: ${String(field(body, 'msg') ?? 'no url in the answer')}`);
  return url;
}

/** Each table becomes a picture of it on 搜狐号's host (the editor strips a table's styles). */
async function drawTables(html: string, upload: (image: ImageFile, what: string) => Promise<string>): Promise<string> {
  let out = html;
  for (const [i, m] of [...html.matchAll(TABLE_PATTERN)].entries()) {
    const svg = Buffer.from(tableSvg(parseTable(m[0])));
    const url = await upload({ bytes: svg, name: 'table.svg', type: 'image/svg+xml' }, `table ${i + 1}`);
    out = out.replace(m[0], `<p><img src="${url}" alt="表格" /></p>`);
  }
  return out;
}

function articleBody(a: { title: string; content: string; brief: string; cover: string; aiLabel: boolean; account: string }): Record<string, unknown> {
  return {
    title: a.title,
    brief: a.brief,
    content: a.content,
    channelId: 24,
    categoryId: -1,
    id: 0,
    userColumnId: 0,
    columnNewsIds: [],
    businessCode: 0,
    declareOriginal: false,
    cover: a.cover,
    topicIds: [],
    isAd: 0,
    userLabels: '[]',
    reprint: false,
    customTags: '',
    infoResource: 0,
    sourceUrl: '',
    visibleToLoginedUsers: 0,
    attrIds: [],
    creationStatement: a.aiLabel ? CREATION_STATEMENT.ai : CREATION_STATEMENT.none,
    accountId: Number(a.account),
  };
}

async function prepare(page: Page, job: ArticleJob, ctx: Ctx): Promise<Prepared> {
  const s = readSettings(job);
  s.reader.logIgnored(SETTING_KEYS, ctx.log);
  const title = job.payload.title.trim();
  if (countChars(title) < SOHU_LIMITS.titleMin) throw new AdapterError('publish_rejected', 'fill', `搜狐号 needs a title of at least ${SOHU_LIMITS.titleMin} characters`);
  assertMaxChars(title, SOHU_LIMITS.titleMax, 'fill', 'title');
  if (!job.payload.content.trim()) throw new AdapterError('publish_rejected', 'fill', '搜狐号 needs a body');
  if (!/^\d+$/.test(job.account.externalRef)) throw new AdapterError('login_required', 'open_editor', `搜狐号 account ids are numbers, not "${job.account.externalRef}"`);

  ctx.progress('open_editor');
  const account = await openAs(page, SOHU_URLS.editor, job, 'open_editor', ctx);
  await need(page, TITLE_INPUT, 'open_editor', 'title input', ctx);
  const headers = await clientHeaders(page);
  const upload = (code: AdapterErrorCode) => (image: ImageFile, what: string) => uploadPicture(page, account, image, headers, code, what, ctx);

  ctx.progress('fill');
  const drawn = await drawTables(articleHtml(job.payload.content), upload('upload_failed'));
  const content = await moveImages(drawn, ctx, { isOwn: (src) => OWN_PICTURE.test(src), upload: (image, src) => upload('upload_failed')(image, `the picture ${src}`) });
  let cover = '';
  if (s.cover) {
    ctx.progress('upload', { phase: 'cover' });
    // A custom cover that cannot be adopted stops the job; no automatic cover instead.
    cover = await upload('cover_rejected')(await readImage(ctx, s.cover, 'cover_rejected', 'cover image'), 'the cover');
  }

  ctx.progress('apply_settings');
  const body = articleBody({ title, content, brief: s.brief, cover, aiLabel: s.aiLabel, account });
  const saved = await pageJson(page, at(ctx, SOHU_URLS.draftSave(account)), { method: 'POST', headers, json: { ...body, auto: true } }, 'fill', 'draft save', ctx);
  if (!accepted(saved)) throw new AdapterError('publish_rejected', 'fill', `搜狐号 refused the draft: ${String(field(saved, 'msg') ?? 'no reason given')}`);
  const id = field(saved, 'data');
  if ((typeof id !== 'number' && typeof id !== 'string') || !/^\d+$/.test(String(id))) throw new AdapterError('editor_changed', 'fill', 'draft save: the answer has no draft id in data');
  const draftId = String(id);
  // The draft's own page is where the publish step picks it up (and what a person would see).
  await openLoggedIn(page, at(ctx, SOHU_URLS.draft(draftId)), 'open_editor', ctx, isLoginPage(ctx));
  return { draftId, account, body: { ...body, id: Number(draftId) }, headers };
}

/** A 搜狐号 answer's verdict: code 2000000, or (no code) success true; anything else is a refusal. */
function accepted(body: unknown): boolean {
  const code = field(body, 'code');
  if (code !== undefined && code !== null) return String(code) === String(OK) && field(body, 'success') !== false;
  return field(body, 'success') === true;
}

async function publish(page: Page, job: ArticleJob, ctx: Ctx, p: Prepared) {
  const here = real(ctx, page.url());
  const draftId = here.pathname === '/mpfe/v4/contentManagement/news/addarticle' ? here.searchParams.get('id') : null;
  if (!draftId || p.draftId !== draftId) throw new AdapterError('editor_changed', 'publish', 'the page is not the prepared draft; nothing was published', { url: page.url() });
  const named = await gatedApiPublish(
    page,
    at(ctx, SOHU_URLS.publish(p.account)),
    { method: 'POST', headers: p.headers, json: p.body },
    (body) => {
      if (!accepted(body)) return { ok: false, message: String(field(body, 'msg') ?? field(body, 'message') ?? `code ${String(field(body, 'code'))}`) };
      const id = field(body, 'data');
      return { ok: true, value: (typeof id === 'number' || typeof id === 'string') && /^\d+$/.test(String(id)) ? String(id) : undefined };
    },
    ctx,
  );
  if (named) return { postId: named, url: at(ctx, SOHU_URLS.post(named, p.account)) };
  // Accepted without naming the article: the author's list says which one it is.
  const found = await readBack(page, job, p.account, ctx);
  if (!found) throw new AdapterError('readback_failed', 'read_back', '搜狐号 accepted the publish but named no article and the list shows none yet; verify before any retry');
  return { postId: found.postId, url: found.url };
}

/** Statuses of the author's list that are the post: 4 and 16 public, 2 and 5 in review. */
const THE_POST = new Set([2, 4, 5, 16]);

async function readBack(page: Page, job: ArticleJob, account: string, ctx: Ctx) {
  const body = await pageJson(page, at(ctx, SOHU_URLS.news(account)), {}, 'read_back', 'article list', ctx);
  const rows = field(body, 'data', 'news');
  if (!accepted(body) || !Array.isArray(rows)) throw new AdapterError('editor_changed', 'read_back', `article list: no data.news (${String(field(body, 'msg') ?? 'changed answer')})`);
  const title = job.payload.title.trim();
  const hits = rows.filter((row) => {
    const id = field(row, 'id');
    const refused = Number(field(row, 'auditStatus')) === 8 || String(field(row, 'rejectReason') ?? '').trim() !== '';
    return (typeof id === 'number' || typeof id === 'string') && /^\d+$/.test(String(id)) && THE_POST.has(Number(field(row, 'status'))) && !refused && field(row, 'title') === title && inJobWindow(listedTime(field(row, 'postTime')), job);
  });
  if (hits.length === 0) return null;
  const postId = String(field(hits[0], 'id'));
  return { postId, url: at(ctx, SOHU_URLS.post(postId, account)), candidates: hits.length };
}

async function verify(page: Page, job: ArticleJob, ctx: Ctx) {
  ctx.progress('read_back');
  const account = await openAs(page, SOHU_URLS.editor, job, 'check_login', ctx);
  const found = await readBack(page, job, account, ctx);
  return found ? { found: true as const, ...found } : { found: false as const };
}

export const sohuAdapter = defineAdapter({
  platform: 'sohu',
  defaultBaseUrl: ORIGIN,
  settingKeys: SETTING_KEYS,
  settingKeysByType: { video: SOHU_VIDEO_SETTINGS },
  provenance: SOHU_PROVENANCE,

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    await openLoggedIn(page, at(ctx, SOHU_URLS.editor), 'check_login', ctx, isLoginPage(ctx));
    return (await accountsOf(page, 'check_login', ctx))[0]!;
  },
  flows: { article: { prepare, publish, verify }, video: videoFlow },
});
