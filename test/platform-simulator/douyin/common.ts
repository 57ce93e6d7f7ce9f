/**
 * What the douyin replica's pages and APIs share: the creator host, the
 * session cookie (`sessionid`), the redirect of logged-out creator pages to
 * the QR login at the site's root (douyin/login.ts), and the declaration, collection
 * and visibility choices the publish form offers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { json, redirect, type Route } from '../http.js';
import type { User } from '../platform.js';
import type { SimState } from '../state.js';

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

/** GET web/api/media/user/info/: who is logged in. */
export function userInfo(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): void {
  const user = apiUserOf(req, res, state);
  if (!user) return;
  json(res, 200, { status_code: 0, user: { sec_uid: user.uid, nickname: user.name, signature: '', avatar_larger: { url_list: [''] } } });
}
