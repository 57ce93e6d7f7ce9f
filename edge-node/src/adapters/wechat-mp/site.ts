/**
 * What the wechat_mp (微信公众号) flows share about the Official Account
 * platform: its addresses, the session the logged-in home page holds, and the
 * account's published lists, where both articles and video messages are found
 * by their title once WeChat has published them (provenance.ts).
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type ArticleJob, type LoginInfo, type Step, type VideoJob } from '../contract.js';
import { listedTime } from '../kit/listed-time.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { field, pageJson } from '../kit/page-api.js';
import { assertAccount, inJobWindow, openLoggedIn } from '../support.js';

export const ORIGIN = 'https://mp.weixin.qq.com';
export const WECHAT_MP_URLS = {
  home: `${ORIGIN}/`,
  homePath: '/cgi-bin/home',
  upload: (s: Session) =>
    `${ORIGIN}/cgi-bin/filetransfer?${new URLSearchParams({ action: 'upload_material', f: 'json', scene: '8', writetype: 'doublewrite', groupid: '1', ticket_id: s.userName, ticket: s.ticket, svr_time: s.time, token: s.token, lang: 'zh_CN', seq: String(Date.now()), t: String(Math.random()) })}`,
  draftSave: (token: string) => `${ORIGIN}/cgi-bin/operate_appmsg?t=ajax-response&sub=create&type=77&token=${encodeURIComponent(token)}&lang=zh_CN`,
  /** The video message editor (视频消息, type=15), opened new. */
  videoEditor: (token: string) => `${ORIGIN}/cgi-bin/appmsg?t=media/appmsg_edit_v2&action=edit&isNew=1&type=15&token=${encodeURIComponent(token)}&lang=zh_CN`,
  /** The draft box (草稿箱) as cards, newest first. */
  draftBox: (token: string) => `${ORIGIN}/cgi-bin/appmsg?t=media/appmsg_list&action=list_card&type=10&token=${encodeURIComponent(token)}&lang=zh_CN`,
  edit: (id: string, token: string) => `${ORIGIN}/cgi-bin/appmsg?t=media/appmsg_edit&action=edit&type=77&appmsgid=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}&lang=zh_CN`,
  publishedList: (token: string) =>
    `${ORIGIN}/cgi-bin/appmsgpublish?${new URLSearchParams({ sub: 'list', search_field: 'null', begin: '0', count: '5', query: '', fakeid: '', type: '101_1', free_publish_type: '1', sub_action: 'list_ex', token, lang: 'zh_CN', f: 'json', ajax: '1' })}`,
  list: (token: string) => `${ORIGIN}/cgi-bin/appmsg?action=list_ex&begin=0&count=5&fakeid=&type=9&query=&token=${encodeURIComponent(token)}&lang=zh_CN&f=json&ajax=1`,
};

export type Ctx = AdapterContext;
const SITE = { defaultBaseUrl: ORIGIN };
export const at = (ctx: Ctx, real: string) => liveUrl(ctx, SITE, real);
export const real = (ctx: Ctx, address: string) => realUrl(ctx, SITE, address);
// The platform shows its login form at the home address itself: the missing token decides.
export const notLoginPage = () => false;

export interface Session {
  token: string;
  userName: string;
  nickName: string;
  ticket: string;
  time: string;
}

/** The session the home page's `window.wx.commonData` holds; no token = no session. */
export async function openHome(page: Page, step: Step, ctx: Ctx): Promise<Session> {
  await openLoggedIn(page, at(ctx, WECHAT_MP_URLS.home), step, ctx, notLoginPage);
  const data = await page.evaluate(() => {
    const d = (globalThis as unknown as { wx?: { commonData?: { data?: Record<string, unknown> } } }).wx?.commonData?.data;
    return d ? { t: d.t, user_name: d.user_name, nick_name: d.nick_name, ticket: d.ticket, time: d.time } : null;
  });
  const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  if (!data || !str(data.t) || !str(data.user_name)) throw new AdapterError('login_required', step, '微信公众号 has no session here (the home page holds no token)', { url: page.url() });
  return { token: str(data.t), userName: str(data.user_name), nickName: str(data.nick_name), ticket: str(data.ticket), time: str(data.time) || String(Math.floor(Date.now() / 1000)) };
}

export const loginOf = (s: Session): LoginInfo => ({ externalRef: s.userName, displayName: s.nickName });

/** The reason a refused call gives: its ret (or base_resp.ret) and message. */
export function refusal(body: unknown): string {
  const ret = field(body, 'ret') ?? field(body, 'base_resp', 'ret');
  const msg = field(body, 'base_resp', 'err_msg') ?? field(body, 'msg');
  return `ret ${String(ret ?? '?')}${msg ? `: ${String(msg)}` : ''}`;
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
export async function listed(page: Page, token: string, title: string, step: Step, ctx: Ctx): Promise<ListedArticle[]> {
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

/** A job WeChat files by its title: an article or a video message. */
export type TitledJob = ArticleJob | VideoJob;

/** The account's items of this exact title in the job's window, newest first. */
export async function listedForJob(page: Page, token: string, job: TitledJob, step: Step, ctx: Ctx): Promise<ListedArticle[]> {
  return (await listed(page, token, job.payload.title.trim(), step, ctx)).filter((r) => inJobWindow(r.at, job));
}

/** verify for either flow: the job's account logged in, then its item found by title in the lists. */
export async function verifyListed(page: Page, job: TitledJob, ctx: Ctx) {
  ctx.progress('read_back');
  const session = await openHome(page, 'check_login', ctx);
  assertAccount(loginOf(session), job, 'check_login');
  const hits = await listedForJob(page, session.token, job, 'read_back', ctx);
  if (hits.length === 0) return { found: false as const };
  return { found: true as const, postId: hits[0]!.id, url: at(ctx, hits[0]!.link), candidates: hits.length };
}
