/**
 * wechat_mp (微信公众号): articles through the Official Account platform's
 * own draft → publish flow. The logged-in home page https://mp.weixin.qq.com/
 * gives the session token; every picture and the cover go to the platform's
 * material upload; the article is saved as a draft (图文消息) through the
 * editor's own form call; the draft's edit page is opened and, behind the
 * commit gate, published with the editor's 发表 control and its confirmation
 * dialog. WeChat refuses links to other sites in the body, so each link is
 * written as its text followed by the address in brackets.
 *
 * | fact | source (repository, path, snapshot date) |
 * |---|---|
 * | GET https://mp.weixin.qq.com/ runs `window.wx.commonData = {…}`; data.t is the session token, data.user_name the account (gh_…), data.nick_name its name, data.ticket and data.time for uploads; no data.t = not logged in | wechatsync/Wechatsync packages/@wechatsync/drivers/src/weixin.js 2023-08-26 (snapshot 2023-09-05); leaperone/MultiPost-Extension src/sync/article/weixin.ts 2025-12-05 (snapshot 2026-06-05) |
 * | POST /cgi-bin/filetransfer?action=upload_material&f=json&scene=8&writetype=doublewrite&groupid=1&ticket_id=<user_name>&ticket=<ticket>&svr_time=<time>&token=<t>&lang=zh_CN&seq=<ms>&t=<random>, multipart type, id, name, lastModifiedDate, size, file → {base_resp.err_msg "ok", cdn_url, content (file id)} | Wechatsync weixin.js; MultiPost weixin.ts |
 * | POST /cgi-bin/operate_appmsg?t=ajax-response&sub=create&type=77&token=<t>&lang=zh_CN with the draft's form (token, lang, f json, ajax 1, random, AppMsgId, count 1, data_seq 0, operate_from, isnew 0, title0, author0, writerid0, fileid0, digest0, auto_gen_digest0, content0, sourceurl0, need_open_comment0, only_fans_can_comment0, cdn_url0, cdn_235_1_url0, cdn_1_1_url0, cdn_url_back0, crop_list0, show_cover_pic0, copyright_type0 0, …) → {appMsgId}; a refusal has ret or base_resp.ret (412, 64562: links to other sites; 64513: no cover; 64702: title over 64; 64703: digest over 120) | Wechatsync weixin.js (editPost, formatError); MultiPost weixin.ts (createArticle) |
 * | a draft needs a cover (MultiPost stops with 需要封面图片; ret 64513) and takes the uploaded picture's cdn_url in cdn_url0 / cdn_235_1_url0 / cdn_1_1_url0 / cdn_url_back0 | MultiPost weixin.ts; Wechatsync weixin.js formatError |
 * | the draft's edit page /cgi-bin/appmsg?t=media/appmsg_edit&action=edit&type=77&appmsgid=<id>&token=<t>&lang=zh_CN; the editor's title field `#title` | Wechatsync weixin.js; MultiPost weixin.ts; `#title` from doocs/cose packages/core/src/platforms/wechat.js 2026-06-17 (snapshot 2026-06-17), read there on the newer editor page appmsg_edit_v2 |
 * | links to other sites refused in the body (ret 64562 请勿插入非mp.weixin.qq.com域名的链接); anchors unwrapped to their text | Wechatsync weixin.js (formatError, preEditPost) |
 * | GET /cgi-bin/appmsg?action=list_ex&begin=0&count=5&fakeid=&type=9&query=&token=<t>&lang=zh_CN&f=json&ajax=1 lists the account's articles | Wechatsync weixin.js (listArticle; fakeid '' as its default) |
 * | the list's rows app_msg_list[] {appmsgid, title, link, update_time (Unix seconds)}, published articles only | UNVERIFIED |
 * | publishing a saved draft with the edit page's 发表 button, then the 发表 button of the confirmation dialog (`.weui-desktop-dialog`), which sends one POST under /cgi-bin/ | UNVERIFIED (no source records the publish step; Wechatsync and MultiPost stop at the draft, cose at 保存为草稿) |
 * | the page's answer: a toast 发表成功, or the dialog's `.weui-desktop-dialog__error` with the reason | UNVERIFIED |
 * | the published article keeps the draft's appmsgid | UNVERIFIED |
 * | pictures already on mmbiz.qpic.cn are the platform's own | UNVERIFIED |
 *
 * Settings (shared contract names): `author` (author0), `sourceUrl` (阅读原文,
 * sourceurl0), `openComment` (need_open_comment0), `summary` (digest0, else
 * WeChat writes one), `coverMode` (`custom` uploads the article's cover; `auto`
 * uses the body's first picture). Tags, `original` and `aiLabel` are logged as
 * ignored: no source records their fields.
 */
import { markdownToHtml } from '@plume/shared';
import type { Page } from 'playwright-core';
import { AdapterError, type Adapter, type AdapterContext, type AdapterErrorCode, type ArticleJob, type LoginInfo, type Step } from './contract.js';
import { imageSources, moveImages, readImage, type ImageFile } from './kit/article-images.js';
import { listedTime } from './kit/listed-time.js';
import { liveUrl, realUrl } from './kit/live-url.js';
import { field, pageJson } from './kit/page-api.js';
import { gatedPublish, outcomeUnknown } from './publish-click.js';
import { SettingsReader } from './settings.js';
import { assertAccount, assertMaxChars, inJobWindow, jobOfType, need, openLoggedIn, timeouts } from './support.js';

const ORIGIN = 'https://mp.weixin.qq.com';
export const WECHAT_MP_URLS = {
  home: `${ORIGIN}/`,
  upload: (s: Session) =>
    `${ORIGIN}/cgi-bin/filetransfer?${new URLSearchParams({ action: 'upload_material', f: 'json', scene: '8', writetype: 'doublewrite', groupid: '1', ticket_id: s.userName, ticket: s.ticket, svr_time: s.time, token: s.token, lang: 'zh_CN', seq: String(Date.now()), t: String(Math.random()) })}`,
  draftSave: (token: string) => `${ORIGIN}/cgi-bin/operate_appmsg?t=ajax-response&sub=create&type=77&token=${encodeURIComponent(token)}&lang=zh_CN`,
  edit: (id: string, token: string) => `${ORIGIN}/cgi-bin/appmsg?t=media/appmsg_edit&action=edit&type=77&appmsgid=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}&lang=zh_CN`,
  list: (token: string) => `${ORIGIN}/cgi-bin/appmsg?action=list_ex&begin=0&count=5&fakeid=&type=9&query=&token=${encodeURIComponent(token)}&lang=zh_CN&f=json&ajax=1`,
};
export const WECHAT_MP_LIMITS = { titleMax: 64, summaryMax: 120, authorMax: 16 } as const;
const SETTING_KEYS = ['author', 'sourceUrl', 'openComment', 'summary', 'coverMode'] as const;
const TITLE_INPUT = '#title';
const PUBLISH_BUTTON = 'button:text-is("发表")';
const DIALOG = '.weui-desktop-dialog';
/** Pictures already on WeChat's picture host stay as they are. */
const OWN_PICTURE = /^https:\/\/mmbiz\.qpic\.cn\//;

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
/** The draft saved for this page, for the publish that follows on its edit page. */
const prepared = new WeakMap<Page, { draftId: string; token: string; title: string }>();

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
    author: r.string('author', { maxLength: WECHAT_MP_LIMITS.authorMax }) ?? '',
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

/** The reason a refused draft gives: its ret (or base_resp.ret) and message. */
function refusal(body: unknown): string {
  const ret = field(body, 'ret') ?? field(body, 'base_resp', 'ret');
  const msg = field(body, 'base_resp', 'err_msg') ?? field(body, 'msg');
  return `ret ${String(ret ?? '?')}${msg ? `: ${String(msg)}` : ''}`;
}

async function prepare(page: Page, job: ArticleJob, ctx: Ctx): Promise<void> {
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
  prepared.delete(page);
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
  prepared.set(page, { draftId, token: session.token, title });
}

/** The account's published articles with the job's title, newest first as the list gives them. */
async function listed(page: Page, token: string, title: string, step: Step, ctx: Ctx): Promise<Array<{ id: string; link: string; at: string | null }>> {
  const body = await pageJson(page, at(ctx, WECHAT_MP_URLS.list(token)), {}, step, 'article list', ctx);
  const rows = field(body, 'app_msg_list');
  if (!Array.isArray(rows)) throw new AdapterError('editor_changed', step, `article list: no app_msg_list (${refusal(body)})`);
  return rows.flatMap((row) => {
    const id = field(row, 'appmsgid');
    const link = field(row, 'link');
    if ((typeof id !== 'number' && typeof id !== 'string') || typeof link !== 'string' || field(row, 'title') !== title) return [];
    return [{ id: String(id), link, at: listedTime(field(row, 'update_time')) }];
  });
}

async function publish(page: Page, ctx: Ctx) {
  const here = real(ctx, page.url());
  const draftId = here.pathname === '/cgi-bin/appmsg' && here.searchParams.get('t') === 'media/appmsg_edit' ? here.searchParams.get('appmsgid') : null;
  const p = prepared.get(page);
  if (!draftId || !p || p.draftId !== draftId) throw new AdapterError('editor_changed', 'publish', 'the page is not the prepared draft; nothing was published', { url: page.url() });
  // 发表 opens the confirmation dialog; the dialog's own 发表 is the one commit.
  const opener = await need(page, PUBLISH_BUTTON, 'publish', 'publish control (发表)', ctx);
  await opener.first().click({ timeout: timeouts(ctx).selectorMs });
  const dialog = page.locator(DIALOG).filter({ visible: true });
  const success = page.locator('.weui-desktop-toast', { hasText: '发表成功' });
  await gatedPublish(
    page,
    {
      button: dialog.locator(PUBLISH_BUTTON).first(),
      isPublishRequest: (req) => req.method() === 'POST' && real(ctx, req.url()).pathname.startsWith('/cgi-bin/'),
      success,
      failure: page.locator(`${DIALOG}__error`),
    },
    ctx,
  );
  prepared.delete(page);
  // The published article is the draft: the account's list gives its link.
  let rows;
  try {
    rows = await listed(page, p.token, p.title, 'read_back', ctx);
  } catch (e) {
    throw outcomeUnknown(`published, but the article list could not be read: ${(e as Error).message}`, page);
  }
  const row = rows.find((r) => r.id === draftId);
  if (!row) throw outcomeUnknown('published, but the article list does not show the article yet', page);
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

export const wechatMpAdapter: Adapter = {
  platform: 'wechat_mp',
  contentTypes: ['article'],
  defaultBaseUrl: ORIGIN,
  settingKeys: SETTING_KEYS,

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    return loginOf(await openHome(page, 'check_login', ctx));
  },
  prepare: (page, job, ctx) => prepare(page, jobOfType(job, 'article'), ctx),
  publish(page, job, ctx) {
    jobOfType(job, 'article');
    return publish(page, ctx);
  },
  verify: (page, job, ctx) => verify(page, jobOfType(job, 'article'), ctx),
};
