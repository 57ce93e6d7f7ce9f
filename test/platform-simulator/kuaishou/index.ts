/**
 * Replica of kuaishou's creator centre (cp.kuaishou.com) for videos and 图文,
 * served at `/kuaishou/<host>/<path>` (the real hosts: cp.kuaishou.com,
 * passport.kuaishou.com). Without a session the publish page redirects to the
 * passport QR login page, or (`forms['logged-out']: 'intro'`) shows an intro
 * page with 立即登录 in place of the form; with one it serves the publish page
 * (publish-page.ts) and sets the `userId` cookie. Uploads go to the replica's
 * own endpoints (the adapter never sees them); the page publishes through the
 * submit paths the sources record, answered `{ result: 1 }` without a post id
 * or `{ result: -1, message }`. An accepted post is recorded and the page
 * moves to the works page (article/manage/video), which asks for its list
 * (POST /rest/cp/works/v2/video/pc/photo/list, data.list[] of
 * { workId, title, uploadTime, … }) as it opens: that answer is what the
 * adapter reads back.
 *
 * `forms`: `publish-confirm` (publish-page.ts), `logged-out` (`passport` |
 * `intro`), `works-row` (`title` | `caption`), `works-text` (`whole` |
 * `without-topics`), `works-state` (`published` | `publishing`): see worksList.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, readBody, readJson, redirect, type Route } from '../http.js';
import { acceptPublish, apiUser, newNumericId, router, type PlatformSim } from '../platform.js';
import type { SimState } from '../state.js';
import { KUAISHOU_PUBLISH_CONFIRMS, publishPage, type PublishConfirm } from './publish-page.js';
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
    ['POST', `${CP}/rest/cp/works/v2/video/pc/submit`, (req, res, route, state) => submit(req, res, route, state, 'video')],
    ['POST', `${CP}/rest/cp/works/atlas/pc/publish/submit`, (req, res, route, state) => submit(req, res, route, state, 'photo')],
    ['GET', `${CP}/article/manage/video`, manage],
    ['POST', `${CP}/rest/cp/works/v2/video/pc/photo/list`, worksList],
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

function form<T extends string>(state: SimState, key: string, known: readonly T[], fallback: T): T {
  const value = state.opts(P).forms[key];
  if (value === undefined) return fallback;
  if (!(known as readonly string[]).includes(value)) throw new Error(`kuaishou replica: forms.${key} "${value}" is none of ${known.join(', ')}`);
  return value as T;
}

/** What the publish address shows without a session when the form is `intro`: an intro page and its 立即登录. */
function introPage(route: Route): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>快手创作者服务平台</title></head><body>
<header><span class="brand">快手创作者服务平台</span><a class="login-btn" href="${esc(loginUrl(route))}">立即登录</a></header>
<main><h1>快手创作者服务平台</h1><p>发布作品、管理作品、查看数据</p></main></body></html>`;
}

function publishPageRoute(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  if (!state.user(req, P) && form(state, 'logged-out', ['passport', 'intro'], 'passport') === 'intro') return html(res, introPage(route));
  const user = sessionUser(req, res, route, state);
  if (!user) return;
  // kuaishou's passport leaves the account id in a `userId` cookie on the root domain.
  res.setHeader('set-cookie', `userId=${encodeURIComponent(user.uid)}; Path=/; SameSite=Lax`);
  const confirm = form<PublishConfirm>(state, 'publish-confirm', KUAISHOU_PUBLISH_CONFIRMS, 'none');
  html(res, publishPage({ prefix: route.prefix, user, omit: state.opts(P).omit, collections: KUAISHOU_COLLECTIONS, confirm }));
}

async function upload(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState, what: string): Promise<void> {
  const user = apiUser(req, res, state, P);
  if (!user) return;
  const bytes = await readBody(req);
  const o = state.opts(P);
  const refused = what === 'video' ? o.rejectVideo : what === 'cover' ? o.rejectCover : o.rejectImages;
  if (refused) return json(res, 200, { result: -1, message: refused });
  if (bytes.length === 0) return json(res, 200, { result: -1, message: '文件为空' });
  const kind = what === 'video' ? 'video' : what === 'cover' ? 'cover' : 'image';
  json(res, 200, { result: 1, data: { key: state.storeMedia(P, user.uid, kind, bytes, req.headers['content-type']).id } });
}

/** `publishTime` as the picker holds it: 'YYYY-MM-DD HH:mm:ss', Beijing time. */
const PICKER_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

async function submit(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState, what: string): Promise<void> {
  const user = apiUser(req, res, state, P);
  if (!user) return;
  const b = await readJson(req);
  const refuse = (msg: string) => json(res, 200, { result: -1, message: msg });
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
    // The sources record no post id in this answer: the works list names the post.
    { result: 1, currentTime: Date.now(), data: {}, message: '成功' },
  );
}

/** The works page: its own script asks for the list, as kuaishou's does (the rows show no id). */
function manage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = sessionUser(req, res, route, state);
  if (!user) return;
  const list = `${route.prefix}/cp.kuaishou.com/rest/cp/works/v2/video/pc/photo/list`;
  html(res, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>作品管理 - 快手创作者服务平台</title></head><body>
<header><div class="header-user"><span class="user-info-name">${esc(user.name)}</span></div></header>
<main id="main-container"><div class="auto-load-list"></div></main>
<script>
fetch(${JSON.stringify(list)}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cursor: Date.now(), queryType: '0', limit: 20 }) })
  .then((r) => r.json())
  .then((j) => {
    const box = document.querySelector('.auto-load-list');
    for (const w of (j.data && j.data.list) || []) {
      const row = document.createElement('div'); row.className = 'video-item';
      row.innerHTML = '<div class="video-item__detail"><div class="video-item__detail__row__title"></div><div class="video-item__detail__row__time"></div></div>';
      row.querySelector('.video-item__detail__row__title').textContent = w.title || w.caption;
      row.querySelector('.video-item__detail__row__time').textContent = new Date(w.uploadTime || w.publishTime).toISOString().slice(0, 16).replace('T', ' ');
      box.appendChild(row);
    }
  });
</script></body></html>`);
}

/** The row forms the works list is recorded in (`forms['works-row']`). */
export const KUAISHOU_WORKS_ROWS = ['title', 'caption'] as const;
/** Whether a row's text is the whole caption or the caption without its line of #topics (`forms['works-text']`). */
export const KUAISHOU_WORKS_TEXTS = ['whole', 'without-topics'] as const;
/** Whether the works are listed as published or as still being published (`forms['works-state']`). */
export const KUAISHOU_WORKS_STATES = ['published', 'publishing'] as const;

/**
 * The works list as kuaishou answers it: newest first, each work with its id, caption and time (ms).
 * Row forms: `title` (workId, title, uploadTime: AiToEarn, SynapseAutomation) or `caption` (workId,
 * caption, publishTime: catbus). Text `without-topics`: the caption without its line of #topics (no
 * source says whether the list keeps them). State `publishing`: each row is a work kuaishou is still publishing,
 * with its publishId and publishStatus 2 but no workId yet (catbus records this row right after a submit).
 */
function worksList(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): void {
  const user = apiUser(req, res, state, P);
  if (!user) return;
  const rowForm = form(state, 'works-row', KUAISHOU_WORKS_ROWS, 'title');
  const publishing = form(state, 'works-state', KUAISHOU_WORKS_STATES, 'published') === 'publishing';
  const bare = form(state, 'works-text', KUAISHOU_WORKS_TEXTS, 'whole') === 'without-topics';
  const textOf = (body: string) => (bare ? body.split('\n').filter((l) => !/^\s*(#\S+\s*)+$/.test(l)).join('\n') : body);
  const list = state.published
    .filter((p) => p.platform === P && p.account === user.uid)
    .reverse()
    .map((p, i) => ({
      ...(publishing ? { publishId: 9000 + i, publishStatus: 2 } : { workId: p.postId, publishStatus: 1 }),
      ...(rowForm === 'caption' ? { caption: textOf(p.body), publishTime: Date.parse(p.at) } : { title: textOf(p.body), uploadTime: Date.parse(p.at) }),
      userId: Number(user.uid),
      showAtlasIcon: p.media.some((m) => m.kind === 'image'),
    }));
  json(res, 200, { result: 1, currentTime: Date.now(), data: { list, total: list.length }, message: '成功' });
}

function detail(res: ServerResponse, state: SimState, id: string): void {
  const p = state.published.find((x) => x.platform === P && x.postId === id);
  if (!p) return html(res, '<!doctype html><title>404</title><p>作品不存在</p>', 404);
  html(res, `<!doctype html><html><head><meta charset="utf-8"><title>快手</title></head><body><p style="white-space:pre-wrap">${esc(p.body)}</p></body></html>`);
}
