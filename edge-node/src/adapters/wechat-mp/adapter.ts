/**
 * wechat_mp (微信公众号): articles through the Official Account platform's
 * own draft → publish flow. The logged-in home page gives the session token;
 * every picture and the cover go to the platform's material upload; the
 * article is saved as a draft (图文消息) through the editor's own form call;
 * the draft's edit page is opened and, behind the commit gate, published with
 * the editor's 发表 control and the 发表 of its dialog, then 继续发表 when
 * WeChat asks again and, while WeChat asks the administrator to scan a code
 * (微信验证), a wait for that scan. The article is then found in the
 * account's lists by its title, never by the draft's id. WeChat refuses links
 * to other sites in the body, so each link is written as its text followed by
 * the address in brackets.
 *
 * What each step rests on (the public sources of every fact about 微信公众号,
 * and how sure each is) is in wechat-mp/provenance.ts.
 *
 * Settings (shared contract names): `author` (author0, a width of at most 16
 * as WeChat measures it), `sourceUrl` (阅读原文, sourceurl0), `openComment`
 * (need_open_comment0), `summary` (digest0, else WeChat writes one),
 * `coverMode` (`custom` uploads the article's cover; `auto` uses the body's
 * first picture). Tags, `original` and `aiLabel` are logged as ignored: no
 * source records their fields.
 */
import { markdownToHtml } from '@plume/shared';
import type { Locator, Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type AdapterErrorCode, type ArticleJob, type LoginInfo, type Step } from '../contract.js';
import { defineAdapter } from '../define.js';
import { imageSources, moveImages, readImage, type ImageFile } from '../kit/article-images.js';
import { listedTime } from '../kit/listed-time.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { field, pageJson } from '../kit/page-api.js';
import { refusalIn } from '../kit/refusal.js';
import { outcomeUnknown } from '../publish-click.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, assertMaxChars, inJobWindow, isTimeout, need, openLoggedIn, timeouts } from '../support.js';
import { WECHAT_MP_PROVENANCE } from './provenance.js';
import { contractLimits } from '../kit/contract-limits.js';

const ORIGIN = 'https://mp.weixin.qq.com';
export const WECHAT_MP_URLS = {
  home: `${ORIGIN}/`,
  homePath: '/cgi-bin/home',
  upload: (s: Session) =>
    `${ORIGIN}/cgi-bin/filetransfer?${new URLSearchParams({ action: 'upload_material', f: 'json', scene: '8', writetype: 'doublewrite', groupid: '1', ticket_id: s.userName, ticket: s.ticket, svr_time: s.time, token: s.token, lang: 'zh_CN', seq: String(Date.now()), t: String(Math.random()) })}`,
  draftSave: (token: string) => `${ORIGIN}/cgi-bin/operate_appmsg?t=ajax-response&sub=create&type=77&token=${encodeURIComponent(token)}&lang=zh_CN`,
  edit: (id: string, token: string) => `${ORIGIN}/cgi-bin/appmsg?t=media/appmsg_edit&action=edit&type=77&appmsgid=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}&lang=zh_CN`,
  publishedList: (token: string) =>
    `${ORIGIN}/cgi-bin/appmsgpublish?${new URLSearchParams({ sub: 'list', search_field: 'null', begin: '0', count: '5', query: '', fakeid: '', type: '101_1', free_publish_type: '1', sub_action: 'list_ex', token, lang: 'zh_CN', f: 'json', ajax: '1' })}`,
  list: (token: string) => `${ORIGIN}/cgi-bin/appmsg?action=list_ex&begin=0&count=5&fakeid=&type=9&query=&token=${encodeURIComponent(token)}&lang=zh_CN&f=json&ajax=1`,
};
/** authorMaxWidth: as WeChat's editor measures (displayWidth: a Chinese character counts 2). */
export const WECHAT_MP_LIMITS = contractLimits('article', 'wechat_mp', ['titleMax', 'summaryMax', 'authorMaxWidth']);
const SETTING_KEYS = ['author', 'sourceUrl', 'openComment', 'summary', 'coverMode'] as const;
const TITLE_INPUT = '#title';
const DIALOG = '.weui-desktop-dialog';
/** Pictures already on WeChat's picture host stay as they are. */
const OWN_PICTURE = /^https:\/\/mmbiz\.qpic\.cn\//;
/** How often the publish wait looks at the page. */
const LOOK_MS = 100;

type Ctx = AdapterContext;
const SITE = { defaultBaseUrl: ORIGIN };
const at = (ctx: Ctx, real: string) => liveUrl(ctx, SITE, real);
const real = (ctx: Ctx, address: string) => realUrl(ctx, SITE, address);
// The platform shows its login form at the home address itself: the missing token decides.
const notLoginPage = () => false;

interface Session {
  token: string;
  userName: string;
  nickName: string;
  ticket: string;
  time: string;
}
/** The draft `prepare` saved, for the publish that follows on its edit page. */
interface Prepared {
  draftId: string;
  token: string;
  title: string;
}

/** A link as WeChat keeps it: its text, then the address in brackets (the text alone when it is the address). */
function linkAsText(html: string): string {
  return html.replace(/<a\b[^>]*?\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (_whole, href: string, inner: string) => {
    const text = inner.replace(/<[^>]+>/g, '').trim();
    return text === href || text === '' ? href : `${inner}（${href}）`;
  });
}

/** The article body as the draft carries it: links written out as text. */
export function articleHtml(markdown: string): string {
  return linkAsText(markdownToHtml(markdown));
}

function readSettings(job: ArticleJob) {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImage ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImage) throw new AdapterError('cover_rejected', 'upload', 'coverMode is custom but the article has no coverImage');
  return {
    reader: r,
    cover: coverMode === 'custom' ? job.payload.coverImage : undefined,
    author: r.string('author', { maxWidth: WECHAT_MP_LIMITS.authorMaxWidth }) ?? '',
    sourceUrl: r.string('sourceUrl', { maxLength: 2000 }) ?? '',
    openComment: r.boolean('openComment', false),
    summary: r.string('summary', { maxLength: WECHAT_MP_LIMITS.summaryMax }) ?? '',
  };
}

/** The session the home page's `window.wx.commonData` holds; no token = no session. */
async function openHome(page: Page, step: Step, ctx: Ctx): Promise<Session> {
  await openLoggedIn(page, at(ctx, WECHAT_MP_URLS.home), step, ctx, notLoginPage);
  const data = await page.evaluate(() => {
    const d = (globalThis as unknown as { wx?: { commonData?: { data?: Record<string, unknown> } } }).wx?.commonData?.data;
    return d ? { t: d.t, user_name: d.user_name, nick_name: d.nick_name, ticket: d.ticket, time: d.time } : null;
  });
  const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  if (!data || !str(data.t) || !str(data.user_name)) throw new AdapterError('login_required', step, '微信公众号 has no session here (the home page holds no token)', { url: page.url() });
  return { token: str(data.t), userName: str(data.user_name), nickName: str(data.nick_name), ticket: str(data.ticket), time: str(data.time) || String(Math.floor(Date.now() / 1000)) };
}

const loginOf = (s: Session): LoginInfo => ({ externalRef: s.userName, displayName: s.nickName });

async function uploadPicture(page: Page, s: Session, image: ImageFile, code: AdapterErrorCode, what: string, ctx: Ctx): Promise<string> {
  const now = String(Date.now());
  const body = await pageJson(
    page,
    at(ctx, WECHAT_MP_URLS.upload(s)),
    {
      method: 'POST',
      multipart: { type: image.type, id: now, name: image.name, lastModifiedDate: new Date().toString(), size: String(image.bytes.length), file: { base64: image.bytes.toString('base64'), name: image.name, type: image.type } },
    },
    'upload',
    what,
    ctx,
  );
  const url = field(body, 'cdn_url');
  if (field(body, 'base_resp', 'err_msg') !== 'ok' || typeof url !== 'string' || !url) {
    throw new AdapterError(code, 'upload', `微信公众号 refused ${what}: ${String(field(body, 'base_resp', 'err_msg') ?? 'no cdn_url in the answer')}`);
  }
  return url;
}

/** The draft's form as the editor sends it; the cover's address in each of its cover fields. */
function draftForm(a: { token: string; title: string; content: string; cover: string; author: string; sourceUrl: string; openComment: boolean; summary: string }): Record<string, string> {
  return {
    token: a.token,
    lang: 'zh_CN',
    f: 'json',
    ajax: '1',
    random: String(Math.random()),
    AppMsgId: '',
    count: '1',
    data_seq: '0',
    operate_from: 'Chrome',
    isnew: '0',
    title0: a.title,
    author0: a.author,
    writerid0: '0',
    fileid0: '',
    digest0: a.summary,
    auto_gen_digest0: a.summary ? '0' : '1',
    content0: a.content,
    sourceurl0: a.sourceUrl,
    need_open_comment0: a.openComment ? '1' : '0',
    only_fans_can_comment0: '0',
    cdn_url0: a.cover,
    cdn_235_1_url0: a.cover,
    cdn_1_1_url0: a.cover,
    cdn_url_back0: a.cover,
    crop_list0: '',
    show_cover_pic0: '0',
    copyright_type0: '0',
    fee0: '0',
    is_share_copyright0: '0',
    share_page_type0: '0',
    share_imageinfo0: '{"list":[]}',
    dot0: '{}',
    categories_list0: '[]',
  };
}

/** The reason a refused call gives: its ret (or base_resp.ret) and message. */
function refusal(body: unknown): string {
  const ret = field(body, 'ret') ?? field(body, 'base_resp', 'ret');
  const msg = field(body, 'base_resp', 'err_msg') ?? field(body, 'msg');
  return `ret ${String(ret ?? '?')}${msg ? `: ${String(msg)}` : ''}`;
}

async function prepare(page: Page, job: ArticleJob, ctx: Ctx): Promise<Prepared> {
  const s = readSettings(job);
  s.reader.logIgnored(SETTING_KEYS, ctx.log);
  const title = job.payload.title.trim();
  if (!title) throw new AdapterError('publish_rejected', 'fill', '微信公众号 needs a title');
  assertMaxChars(title, WECHAT_MP_LIMITS.titleMax, 'fill', 'title');
  if (!job.payload.content.trim()) throw new AdapterError('publish_rejected', 'fill', '微信公众号 needs a body');
  const html = articleHtml(job.payload.content);
  if (!s.cover && imageSources(html).length === 0) {
    throw new AdapterError('cover_rejected', 'upload', '微信公众号 saves no draft without a cover: give the article a coverImage or a picture in its body');
  }

  ctx.progress('open_editor');
  const session = await openHome(page, 'open_editor', ctx);
  assertAccount(loginOf(session), job, 'open_editor');
  const upload = (code: AdapterErrorCode) => (image: ImageFile, what: string) => uploadPicture(page, session, image, code, what, ctx);

  ctx.progress('fill');
  const content = await moveImages(html, ctx, { isOwn: (src) => OWN_PICTURE.test(src), upload: (image, src) => upload('upload_failed')(image, `the picture ${src}`) });
  let cover: string;
  if (s.cover) {
    ctx.progress('upload', { phase: 'cover' });
    // A custom cover that cannot be adopted stops the job; no automatic cover instead.
    cover = await upload('cover_rejected')(await readImage(ctx, s.cover, 'cover_rejected', 'cover image'), 'the cover');
  } else {
    cover = imageSources(content)[0]!;
  }

  ctx.progress('apply_settings');
  const form = draftForm({ token: session.token, title, content, cover, author: s.author, sourceUrl: s.sourceUrl, openComment: s.openComment, summary: s.summary });
  const saved = await pageJson(page, at(ctx, WECHAT_MP_URLS.draftSave(session.token)), { method: 'POST', form }, 'fill', 'draft save', ctx);
  const id = field(saved, 'appMsgId');
  if (id === undefined || id === null || id === '' || id === 0) {
    const ret = Number(field(saved, 'ret') ?? field(saved, 'base_resp', 'ret') ?? 0);
    if (ret !== 0) throw new AdapterError('publish_rejected', 'fill', `微信公众号 refused the draft (${refusal(saved)})`);
    throw new AdapterError('editor_changed', 'fill', 'draft save: the answer has no appMsgId');
  }
  const draftId = String(id);
  if (!/^\d+$/.test(draftId)) throw new AdapterError('editor_changed', 'fill', `draft save: appMsgId "${draftId}" is not a number`);
  // The draft's edit page holds the 发表 control the publish step uses.
  await openLoggedIn(page, at(ctx, WECHAT_MP_URLS.edit(draftId, session.token)), 'open_editor', ctx, notLoginPage);
  await need(page, TITLE_INPUT, 'open_editor', 'title input', ctx);
  return { draftId, token: session.token, title };
}

export interface ListedArticle {
  id: string;
  title: string;
  link: string;
  at: string | null;
}

/** A value a list gives either as JSON text or as the object itself. */
function parsedJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

function listedRow(row: unknown): ListedArticle[] {
  const id = field(row, 'appmsgid');
  const title = field(row, 'title');
  const link = field(row, 'link');
  if ((typeof id !== 'number' && typeof id !== 'string') || typeof title !== 'string' || typeof link !== 'string' || !link || field(row, 'is_deleted') === true) return [];
  return [{ id: String(id), title, link, at: listedTime(field(row, 'update_time') ?? field(row, 'create_time')) }];
}

/**
 * The articles the published list (appmsgpublish) answers: publish_page →
 * publish_list[].publish_info → appmsgex[], each level as JSON text or as
 * the object; null when the answer is not that list.
 */
export function publishedRows(body: unknown): ListedArticle[] | null {
  if (Number(field(body, 'base_resp', 'ret') ?? -1) !== 0) return null;
  const list = field(parsedJson(field(body, 'publish_page')), 'publish_list');
  if (!Array.isArray(list)) return null;
  return list.flatMap((item) => {
    const rows = field(parsedJson(field(item, 'publish_info')), 'appmsgex');
    return Array.isArray(rows) ? rows.flatMap(listedRow) : [];
  });
}

/** The articles the older list (appmsg list_ex) answers; null when the answer is not that list. */
export function appMsgRows(body: unknown): ListedArticle[] | null {
  const rows = field(body, 'app_msg_list');
  return Array.isArray(rows) ? rows.flatMap(listedRow) : null;
}

/**
 * The account's articles with this exact title, newest first, from both lists
 * (a row in either counts; one list failing is fine while the other answers).
 */
async function listed(page: Page, token: string, title: string, step: Step, ctx: Ctx): Promise<ListedArticle[]> {
  const lists = [
    { what: 'published list (appmsgpublish)', url: WECHAT_MP_URLS.publishedList(token), rows: publishedRows },
    { what: 'article list (appmsg list_ex)', url: WECHAT_MP_URLS.list(token), rows: appMsgRows },
  ];
  const found = new Map<string, ListedArticle>();
  const failures: string[] = [];
  for (const l of lists) {
    let rows: ListedArticle[] | null;
    try {
      const body = await pageJson(page, at(ctx, l.url), {}, step, l.what, ctx);
      rows = l.rows(body);
      if (!rows) failures.push(`${l.what}: not a list (${refusal(body)})`);
    } catch (e) {
      if (e instanceof AdapterError && e.code === 'login_required') throw e;
      failures.push(`${l.what}: ${(e as Error).message}`);
      continue;
    }
    // One article in both lists is one candidate: the lists may write its address differently, not its id.
    for (const r of rows ?? []) if (r.title === title && !found.has(r.id)) found.set(r.id, r);
  }
  if (failures.length === lists.length) throw new AdapterError('editor_changed', step, `no article list answered: ${failures.join('; ')}`);
  return [...found.values()].sort((a, b) => Date.parse(b.at ?? '') - Date.parse(a.at ?? '') || 0);
}

/** Whether the page (or this address) is the home page WeChat returns to once it has published. */
const atHome = (page: Page, ctx: Ctx, address = page.url()) => real(ctx, address).pathname === WECHAT_MP_URLS.homePath;

/**
 * Where WeChat's pages show feedback besides the 发表 dialog's own error line, as public clients
 * read it (provenance: PW, WT): toasts, top tips, page messages and ARIA alerts. They also show
 * successes and unrelated notices, so one counts as a refusal only when its text says the publish
 * failed (PW's pattern); the dialog's error line counts whatever it says, unless it reads as a
 * success (kit/refusal.ts).
 */
const FEEDBACK = '.weui-desktop-toast, .weui-desktop-toast__content, .weui-desktop-toptips, .weui-desktop-msg, .js_tips, .page_msg, .global_tips, .tips_global, [role="alert"]';
const FAILED = /^\s*(文章)?(发表失败|发布失败|提交失败|审核不通过)/;

/** Whether a locator shows now; a page in the middle of navigating shows nothing. */
const shows = (loc: Locator) => loc.isVisible().catch(() => false);

/** Opens the 发表 dialog from the edit page: nothing is committed or sent yet. */
async function openPublishDialog(page: Page, ctx: Ctx): Promise<Locator> {
  const t = timeouts(ctx);
  const opener = page.locator('#js_send button').or(page.getByRole('button', { name: '发表', exact: true })).filter({ visible: true }).first();
  try {
    await opener.waitFor({ timeout: t.selectorMs });
  } catch (e) {
    if (!isTimeout(e)) throw e;
    throw new AdapterError('editor_changed', 'publish', 'publish control (发表) not found on the draft’s page; nothing was clicked', { url: page.url() });
  }
  await opener.click({ timeout: t.selectorMs });
  const dialog = page.locator(DIALOG).filter({ visible: true }).filter({ has: page.getByRole('heading', { name: '发表', exact: true }) }).first();
  try {
    await dialog.waitFor({ timeout: t.selectorMs });
  } catch (e) {
    if (!isTimeout(e)) throw e;
    throw new AdapterError('editor_changed', 'publish', 'the 发表 dialog did not open; nothing was published', { url: page.url() });
  }
  return dialog;
}

/**
 * Behind the commit gate: the dialog's 发表, then whatever WeChat asks next —
 * 继续发表 (clicked), 微信验证 (the administrator's scan, waited for) — until
 * the page says 已发表 or is back on the home page. A refusal shown in the
 * dialog, or a toast saying the publish failed, is publish_rejected; anything
 * else after the click is unknown.
 */
async function confirmPublish(page: Page, dialog: Locator, ctx: Ctx): Promise<void> {
  const t = timeouts(ctx);
  const confirm = dialog.locator('.weui-desktop-dialog__ft').getByRole('button', { name: '发表', exact: true });
  try {
    await confirm.click({ trial: true, timeout: t.selectorMs });
  } catch (e) {
    if (!isTimeout(e)) throw e;
    throw new AdapterError('editor_changed', 'publish', 'the 发表 dialog has no clickable 发表; nothing was clicked', { url: page.url() });
  }
  const failure = refusalIn(page, `${DIALOG}__error`)
    .or(refusalIn(page, FEEDBACK).filter({ hasText: FAILED }))
    .first();
  // A refusal already on screen is stale: only one shown after it went away answers this click.
  let refusalFresh = !(await shows(failure));
  await ctx.beforePublish(); // if the gate says no, there is no click
  ctx.log.info({ step: 'publish' }, 'commit acknowledged; clicking the dialog’s 发表');
  try {
    // No signal check between the gate and the click: the gate is the authority.
    await confirm.click({ timeout: t.publishMs });
  } catch (e) {
    throw outcomeUnknown(`the 发表 click failed midway: ${(e as Error).message}`, page);
  }

  const again = page.getByRole('button', { name: '继续发表', exact: true }).filter({ visible: true }).first();
  const scan = page.getByRole('heading', { name: '微信验证', exact: true }).or(page.locator('.qrcode_wrp img')).filter({ visible: true }).first();
  const done = page.getByText(/^\s*已发表/).filter({ visible: true }).first();
  let deadline = Date.now() + t.publishMs;
  let continued = false;
  let scanning = false;
  for (;;) {
    if (ctx.signal.aborted) throw outcomeUnknown('aborted while WeChat was publishing', page);
    if (page.isClosed()) throw outcomeUnknown('the page closed while WeChat was publishing', page);
    if (atHome(page, ctx)) {
      await page.waitForLoadState('domcontentloaded', { timeout: t.navigationMs }).catch(() => {});
      return;
    }
    if (await shows(done)) {
      // 已发表，正在返回首页: the lists are read once the page is home, not while it leaves.
      await page.waitForURL((u) => atHome(page, ctx, u.href), { timeout: t.navigationMs, waitUntil: 'domcontentloaded' }).catch(() => {});
      return;
    }
    if (!refusalFresh) refusalFresh = !(await shows(failure));
    else if (await shows(failure)) {
      const text = (await failure.innerText().catch(() => '')).trim();
      throw new AdapterError('publish_rejected', 'publish', `微信公众号 refused the article: ${text}`, { url: page.url() });
    }
    if (!continued && (await shows(again))) {
      continued = true;
      ctx.log.info({ step: 'publish' }, 'WeChat asks again: clicking 继续发表');
      try {
        await again.click({ timeout: t.selectorMs });
      } catch (e) {
        throw outcomeUnknown(`the 继续发表 click failed midway: ${(e as Error).message}`, page);
      }
      deadline = Date.now() + t.publishMs;
      continue;
    }
    if (!scanning && (await shows(scan))) {
      scanning = true;
      ctx.progress('publish', { phase: 'admin_scan' });
      ctx.log.warn({ step: 'publish' }, '微信验证: WeChat asks the account’s administrator to scan its code on the phone to publish');
      deadline = Date.now() + t.publishMs;
    }
    if (Date.now() > deadline) {
      throw outcomeUnknown(
        scanning
          ? `微信验证: WeChat asked the account’s administrator to scan a code to publish and nobody did within ${t.publishMs} ms`
          : 'WeChat showed neither 已发表 nor the home page after 发表',
        page,
      );
    }
    await page.waitForTimeout(LOOK_MS).catch(() => {});
  }
}

async function publish(page: Page, job: ArticleJob, ctx: Ctx, p: Prepared) {
  ctx.signal.throwIfAborted();
  const here = real(ctx, page.url());
  const draftId = here.pathname === '/cgi-bin/appmsg' && here.searchParams.get('t') === 'media/appmsg_edit' ? here.searchParams.get('appmsgid') : null;
  if (!draftId || p.draftId !== draftId) throw new AdapterError('editor_changed', 'publish', 'the page is not the prepared draft; nothing was published', { url: page.url() });
  ctx.progress('publish');
  const dialog = await openPublishDialog(page, ctx);
  await confirmPublish(page, dialog, ctx);

  // The published article has an id and address of its own: the lists find it by its title.
  ctx.progress('read_back');
  let rows;
  try {
    rows = (await listed(page, p.token, p.title, 'read_back', ctx)).filter((r) => inJobWindow(r.at, job));
  } catch (e) {
    throw outcomeUnknown(`published, but no article list could be read: ${(e as Error).message}`, page);
  }
  const row = rows[0];
  if (!row) throw outcomeUnknown('published, but the article lists do not show the article yet', page);
  return { postId: row.id, url: at(ctx, row.link) };
}

async function verify(page: Page, job: ArticleJob, ctx: Ctx) {
  ctx.progress('read_back');
  const session = await openHome(page, 'check_login', ctx);
  assertAccount(loginOf(session), job, 'check_login');
  const hits = (await listed(page, session.token, job.payload.title.trim(), 'read_back', ctx)).filter((r) => inJobWindow(r.at, job));
  if (hits.length === 0) return { found: false as const };
  return { found: true as const, postId: hits[0]!.id, url: at(ctx, hits[0]!.link), candidates: hits.length };
}

export const wechatMpAdapter = defineAdapter({
  platform: 'wechat_mp',
  defaultBaseUrl: ORIGIN,
  settingKeys: SETTING_KEYS,
  provenance: WECHAT_MP_PROVENANCE,

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    return loginOf(await openHome(page, 'check_login', ctx));
  },
  flows: { article: { prepare, publish, verify } },
});
