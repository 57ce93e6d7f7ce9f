/**
 * Replica of kuaishou's creator centre (cp.kuaishou.com) for videos and 图文,
 * served at `/kuaishou/<host>/<path>` (the real hosts: cp.kuaishou.com,
 * passport.kuaishou.com). Without a session the publish page redirects to the
 * passport QR login page; with one it serves the publish page
 * (publish-page.ts) and sets the `userId` cookie. Uploads and the submit go to
 * the replica's own endpoints under /rest/cp/works/v2/ (kuaishou's real ones
 * are not in the public record; the adapter never calls them itself). An
 * accepted post is recorded and the page moves to the works list
 * (article/manage/video), which `verify` reads.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, readBody, readJson, redirect, type Route } from '../http.js';
import { acceptPublish, apiUser, newNumericId, router, type PlatformSim } from '../platform.js';
import type { SimState } from '../state.js';
import { publishPage } from './publish-page.js';
import { loginRoutes } from '../login-pages.js';
import { KUAISHOU_LOGIN } from './login.js';

const P = 'kuaishou';
const CP = '/cp.kuaishou.com';
const PASSPORT = '/passport.kuaishou.com/pc/account/login/';
/** The account's collections (合集) the 加入合集 menu offers. */
export const KUAISHOU_COLLECTIONS = ['Plume 合集', '日常记录'];

export const kuaishou: PlatformSim = {
  platform: P,
  contentTypes: ['video', 'dynamic'],
  sessionCookie: 'kuaishou.web.cp.api_st',
  handle: router([
    ...loginRoutes(KUAISHOU_LOGIN, 'kuaishou.web.cp.api_st'),
    ['GET', `${CP}/article/publish/video`, publishPageRoute],
    ['POST', /^\/cp\.kuaishou\.com\/rest\/cp\/works\/v2\/(video|photo|cover)\/pc\/upload$/, (req, res, route, state, [what]) => upload(req, res, route, state, what!)],
    ['POST', /^\/cp\.kuaishou\.com\/rest\/cp\/works\/v2\/(video|photo)\/pc\/submit$/, (req, res, route, state, [what]) => submit(req, res, route, state, what!)],
    ['GET', `${CP}/article/manage/video`, manage],
    ['GET', /^\/www\.kuaishou\.com\/short-video\/(\w+)$/, (_req, res, _route, state, [id]) => detail(res, state, id!)],
  ]),
};

function loginUrl(route: Route): string {
  const follow = `https://cp.kuaishou.com${route.path.slice(CP.length)}${route.query.size ? `?${route.query}` : ''}`;
  const callback = `https://cp.kuaishou.com/rest/infra/sts?followUrl=${encodeURIComponent(follow)}&setRootDomain=true`;
  return `${route.prefix}${PASSPORT}?sid=kuaishou.web.cp.api&callback=${encodeURIComponent(callback)}`;
}

function sessionUser(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState) {
  const user = state.user(req, P);
  if (!user) redirect(res, loginUrl(route));
  return user;
}

function publishPageRoute(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = sessionUser(req, res, route, state);
  if (!user) return;
  // kuaishou's passport leaves the account id in a `userId` cookie on the root domain.
  res.setHeader('set-cookie', `userId=${encodeURIComponent(user.uid)}; Path=/; SameSite=Lax`);
  html(res, publishPage({ prefix: route.prefix, user, omit: state.opts(P).omit, collections: KUAISHOU_COLLECTIONS }));
}

async function upload(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState, what: string): Promise<void> {
  const user = apiUser(req, res, state, P);
  if (!user) return;
  const bytes = await readBody(req);
  const o = state.opts(P);
  const refused = what === 'video' ? o.rejectVideo : what === 'cover' ? o.rejectCover : o.rejectImages;
  if (refused) return json(res, 200, { result: 0, error_msg: refused });
  if (bytes.length === 0) return json(res, 200, { result: 0, error_msg: '文件为空' });
  const kind = what === 'video' ? 'video' : what === 'cover' ? 'cover' : 'image';
  json(res, 200, { result: 1, data: { key: state.storeMedia(P, user.uid, kind, bytes, req.headers['content-type']).id } });
}

/** `publishTime` as the picker holds it: 'YYYY-MM-DD HH:mm:ss', Beijing time. */
const PICKER_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

async function submit(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState, what: string): Promise<void> {
  const user = apiUser(req, res, state, P);
  if (!user) return;
  const b = await readJson(req);
  const refuse = (msg: string) => json(res, 200, { result: 0, error_msg: msg });
  const keys = Array.isArray(b.keys) ? b.keys.map(String) : [];
  const media = keys.map((k) => state.media.get(k));
  if (media.length === 0 || media.some((m) => !m || m.account !== user.uid)) return refuse(what === 'video' ? '请上传视频' : '请上传图片');
  const cover = typeof b.coverKey === 'string' ? state.media.get(b.coverKey) : undefined;
  const caption = String(b.caption ?? '');
  if (what === 'photo' && !caption.trim()) return refuse('请填写作品描述');
  const publishTime = b.publishTime === null || b.publishTime === undefined ? null : String(b.publishTime);
  if (publishTime !== null && !PICKER_TIME.test(publishTime)) return refuse('请选择发布时间');
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return refuse(rejected);
  const photoId = newNumericId(state, 16);
  const settings: Record<string, unknown> = { collection: b.collection ?? null, publishTime };
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: user.uid,
      postId: photoId,
      url: `${route.prefix}/www.kuaishou.com/short-video/${photoId}`,
      body: caption,
      settings,
      media: [...media, ...(cover ? [cover] : [])].map((m) => ({ kind: m!.kind, size: m!.size, sha256: m!.sha256 })),
    },
    { result: 1, data: { photoId } },
  );
}

function manage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = sessionUser(req, res, route, state);
  if (!user) return;
  const items = state.published
    .filter((p) => p.platform === P && p.account === user.uid)
    .reverse()
    .map(
      (p) => `<div class="video-item"><a class="video-item__cover" href="${esc(p.url)}"></a>
  <div class="video-item__detail"><div class="video-item__detail__row__title">${esc(p.body)}</div><time datetime="${p.at}">${p.at.slice(0, 16).replace('T', ' ')}</time></div></div>`,
    )
    .join('\n');
  html(res, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>作品管理 - 快手创作者服务平台</title></head><body>
<header><div class="header-user"><span class="user-name">${esc(user.name)}</span></div></header>
<main><div class="video-list">${items}</div></main></body></html>`);
}

function detail(res: ServerResponse, state: SimState, id: string): void {
  const p = state.published.find((x) => x.platform === P && x.postId === id);
  if (!p) return html(res, '<!doctype html><title>404</title><p>作品不存在</p>', 404);
  html(res, `<!doctype html><html><head><meta charset="utf-8"><title>快手</title></head><body><p style="white-space:pre-wrap">${esc(p.body)}</p></body></html>`);
}
