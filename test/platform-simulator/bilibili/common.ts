/**
 * What the bilibili replica's pages and APIs share: the real hosts, the login
 * cookies (`SESSDATA` is the session, `bili_jct` the CSRF token the page reads
 * from `document.cookie`), the redirect to the passport login (bilibili/login.ts), and the answers bilibili's
 * APIs give a request without a session (HTTP 200, `code: -101`).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, redirect, type Route } from '../http.js';
import type { User } from '../platform.js';
import type { SimState } from '../state.js';

export const P = 'bilibili';
export const MEMBER = '/member.bilibili.com';
export const API = '/api.bilibili.com';
export const PASSPORT = '/passport.bilibili.com';
/** The upos host the replica's preupload hands out (bilibili answers one of several `upos-*.bilivideo.com`). */
export const UPOS_HOST = 'upos-cs-upcdntxa.bilivideo.com';

/** The CSRF token bilibili pairs with a session (any stable value works for the replica). */
export function csrfOf(account: string): string {
  return createHash('sha256').update(`bili_jct:${account}`).digest('hex').slice(0, 32);
}

/**
 * A member page: without a session it redirects to the passport login, or
 * (`forms['logged-out']: 'page'`) shows a page without a session, which only
 * the nav answer tells apart; with one it hands the page its `bili_jct`.
 */
export function memberUser(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): User | null {
  const user = state.user(req, P);
  if (!user && state.opts(P).forms['logged-out'] === 'page') {
    html(res, plainPage('创作中心 - bilibili', '<div id="app"><div class="login-tip">登录后才能投稿</div></div>'));
    return null;
  }
  if (!user) {
    const back = `https://member.bilibili.com${route.path.slice(MEMBER.length)}${route.query.size ? `?${route.query}` : ''}`;
    redirect(res, `${route.prefix}${PASSPORT}/login?gourl=${encodeURIComponent(back)}`);
    return null;
  }
  res.setHeader('set-cookie', `bili_jct=${csrfOf(user.uid)}; Path=/; SameSite=Lax`);
  return user;
}

/** An API: bilibili answers a missing session with HTTP 200 and code -101. */
export function apiUserOf(req: IncomingMessage, res: ServerResponse, state: SimState): User | null {
  const user = state.user(req, P);
  if (!user) json(res, 200, { code: -101, message: '账号未登录', ttl: 1 });
  return user;
}

/** POST APIs also check the CSRF token (query `csrf` or form field `csrf`): -111 otherwise. */
export function csrfOk(res: ServerResponse, user: User, given: string | null | undefined): boolean {
  if (given === csrfOf(user.uid)) return true;
  json(res, 200, { code: -111, message: 'csrf 校验失败', ttl: 1 });
  return false;
}

/** GET api.bilibili.com/x/web-interface/nav: who is logged in. */
export function nav(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): void {
  const user = state.user(req, P);
  if (!user) return json(res, 200, { code: -101, message: '账号未登录', ttl: 1, data: { isLogin: false } });
  json(res, 200, { code: 0, message: '0', ttl: 1, data: { isLogin: true, mid: Number(user.uid), uname: user.name, face: '' } });
}

export function plainPage(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>${body}</body></html>`;
}
