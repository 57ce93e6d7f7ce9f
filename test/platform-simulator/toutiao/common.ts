/**
 * What the toutiao replica's pages and APIs share: the creator host
 * (mp.toutiao.com), the session cookie (`sessionid`), the login page
 * logged-out creator pages redirect to, the secsdk CSRF token, the 作品声明
 * labels, the drafts and the videos uploaded so far.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, type Route } from '../http.js';
import type { User } from '../platform.js';
import type { MediaRecord, SimState } from '../state.js';

export const P = 'toutiao';
export const MP = '/mp.toutiao.com';
export const WWW = '/www.toutiao.com';
/** The replica's image host: what toutiao's image answers point at. */
export const IMAGE_HOST = 'https://p3-sign.toutiaoimg.com';

/** 作品声明 as the composers list them (check boxes, several at once). */
export const TOUTIAO_DECLARATIONS = ['取材网络', '引用站内', '个人观点，仅供参考', '引用AI', '虚构演绎，故事经历', '投资观点，仅供参考', '健康医疗分享，仅供参考'] as const;

export interface Draft {
  id: string;
  account: string;
  form: Record<string, string>;
}
export const drafts = (state: SimState) => state.bag<Draft>('toutiao.drafts');
/** Pictures on toutiao's image host: web_uri → the stored media and its owner. */
export const pictures = (state: SimState) => state.bag<{ account: string; mediaId: string | null; url: string }>('toutiao.pictures');
export const videos = (state: SimState) => state.bag<{ account: string; media: MediaRecord }>('toutiao.videos');

/** A creator page: without a session, mp.toutiao.com sends the visitor to its login page. */
export function creatorUser(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): User | null {
  const user = state.user(req, P);
  if (!user) {
    const back = `https:/${route.path}${route.query.size ? `?${route.query}` : ''}`;
    res.writeHead(302, { location: `${route.prefix}${MP}/auth/page/login/?redirect_url=${encodeURIComponent(back)}`, 'cache-control': 'no-store' });
    res.end();
  }
  return user;
}

/** The creator site's JSON answer when there is no session (HTTP 200, as its gateway answers). */
export function apiUser(req: IncomingMessage, res: ServerResponse, state: SimState): User | null {
  const user = state.user(req, P);
  if (!user) json(res, 200, { code: 10001, err_no: 10001, message: '用户未登录', data: {} });
  return user;
}

export const csrfOf = (uid: string) => createHash('sha256').update(`toutiao-csrf:${uid}`).digest('hex').slice(0, 32);

/** The account id as toutiao answers it: a number when it is one. */
export const userId = (u: User): string | number => (/^\d+$/.test(u.uid) ? Number(u.uid) : u.uid);

export function shell(title: string, body: string, script = '', css = ''): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title>${css ? `<style>${css}</style>` : ''}</head><body>${body}${script ? `<script>${script}</script>` : ''}</body></html>`;
}

/** Sent with its length, as one document a reader can tell it has all of. */
export function app(res: ServerResponse, doc: string): void {
  const bytes = Buffer.from(doc);
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-length': String(bytes.length) });
  res.end(bytes);
}

/** Script lines every replica page starts with: its real-URL mapping, toasts, the CSRF token. */
export function pageKit(prefix: string): string {
  return `
const BASE = ${JSON.stringify(prefix)};
const live = (u) => BASE + '/' + String(u).replace(/^(https?:)?\\/\\//, '');
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const toast = (msg) => { for (const old of document.querySelectorAll('[data-sim-message]')) old.remove(); const t = document.createElement('div'); t.dataset.simMessage = ''; t.className = 'byte-message'; t.innerHTML = '<span class="byte-message-content">' + esc(msg) + '</span>'; document.body.appendChild(t); };
const csrf = async () => ((await fetch(live('https://mp.toutiao.com/ttwid/check/'), { method: 'HEAD', credentials: 'include', headers: { 'x-secsdk-csrf-request': '1', 'x-secsdk-csrf-version': '1.2.22' } })).headers.get('x-ware-csrf-token') || '').split(',')[1] || '';
const uploadImage = async (file) => {
  const fd = new FormData(); fd.append('image', file, file.name);
  const j = await (await fetch(live('https://mp.toutiao.com/spice/image?upload_source=20020002&aid=1231&device_platform=web'), { method: 'POST', credentials: 'include', headers: { 'x-secsdk-csrf-token': await csrf() }, body: fd })).json();
  if (j.code !== 0) throw new Error(j.message || '图片上传失败');
  return j.data;
};`;
}
