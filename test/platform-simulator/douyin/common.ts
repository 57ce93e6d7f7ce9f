/**
 * What the douyin replica's pages and APIs share: the creator host, the
 * session cookie (`sessionid`), the redirect of logged-out creator pages to
 * the QR login at the site's root (douyin/login.ts), and the declaration, collection
 * and visibility choices the publish form offers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { json, redirect, sleep, type Route } from '../http.js';
import type { User } from '../platform.js';
import type { Publish, SimState } from '../state.js';

export const P = 'douyin';
export const CREATOR = '/creator.douyin.com';

/** 自主声明 choices as the form lists them (the first three as recorded; the others as the form is reported to show them). */
export const DOUYIN_DECLARATIONS = ['内容由AI生成', '内容为转载信息', '内容为个人观点或见解', '内容取材网络', '内容为自行拍摄', '虚构演绎，仅供娱乐', '危险行为，请勿模仿'] as const;
/** The replica account's collections (合集). */
export const DOUYIN_COLLECTIONS = ['Plume 合集', '日常记录'] as const;
export const DOUYIN_VISIBILITY = ['公开', '好友可见', '仅自己可见'] as const;

/** A creator page: without a session, douyin shows its QR login at the site's root. */
export function creatorUser(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): User | null {
  const user = state.user(req, P);
  if (!user) redirect(res, `${route.prefix}${CREATOR}/`);
  return user;
}

export function apiUserOf(req: IncomingMessage, res: ServerResponse, state: SimState): User | null {
  const user = state.user(req, P);
  if (!user) json(res, 200, { status_code: 8, status_msg: '用户未登录' });
  return user;
}

/**
 * GET web/api/media/user/info/: who is logged in. `forms.userInfo: 'bare'`
 * answers without a status_code, as catbus's recorded answer does; by default
 * with status_code 0 (other public clients check it).
 */
export function userInfo(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): void {
  const user = apiUserOf(req, res, state);
  if (!user) return;
  const info = { user: { sec_uid: user.uid, uid: user.uid, nickname: user.name, signature: '', avatar_larger: { url_list: [''] } } };
  json(res, 200, state.opts(P).forms.userInfo === 'bare' ? info : { status_code: 0, ...info });
}
/**
 * Where the publish answer names the work, in the forms public clients of
 * create_v2 record; `forms.answer` picks one per test:
 * - (default) `item_id` as a string
 * - `item_id-number`: `item_id` as a bare JSON number (19 digits, past 2^53)
 * - `aweme_id`: `aweme_id` as a string
 * - `aweme`: `aweme.aweme_id`
 * - `no-id`: no id at all (only the work list tells which work it was)
 */
/** Records the work, then answers the publish as douyin does (or cuts the answer off, with `dropPublishResponse`). */
export async function answerPublish(res: ServerResponse, state: SimState, publish: Omit<Publish, 'at'>): Promise<void> {
  const o = state.opts(P);
  state.record(publish);
  await sleep(o.publishDelayMs);
  const form = o.forms.answer;
  const id = publish.postId;
  const named =
    form === 'item_id-number' ? `,"item_id":${id}` : form === 'aweme_id' ? `,"aweme_id":"${id}"` : form === 'aweme' ? `,"aweme":{"aweme_id":"${id}"}` : form === 'no-id' ? '' : `,"item_id":"${id}"`;
  const text = Buffer.from(`{"status_code":0,"status_msg":""${named},"extra":{"now":${Date.now()}}}`);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': String(text.length) });
  if (!o.dropPublishResponse) return void res.end(text);
  res.write(text.subarray(0, text.length >> 1), () => res.socket?.end());
}

