/**
 * Replica of 百家号 (baijiahao.baidu.com) as the public sources record it
 * (provenance in edge-node/src/adapters/baijiahao/provenance.ts): the creator home and
 * its login page, the article editor whose page carries the editor token
 * (`window.__BJH__INIT__AUTH__`), and the JSON API the editor calls with it —
 * account info, picture upload, draft save, publish, the article list and
 * draft removal. The session lives in Baidu's `BDUSS` cookie. Answers carry
 * 百家号's `errno` / `errmsg`; a publish is recorded with the HTML as received.
 * The editor's video page (type=videoV2) and its calls are in ./baijiahao-video.ts.
 *
 * `omit` names this replica knows: `edit-token` (the editor page loses its
 * token), `article_id` (the draft save answers no id), and the video page's.
 * `forms`: `publish-answer` — `article_id` (default: ret.article_id and
 * ret.url), `id` (ret.id), `url` (ret.url only), `success` (errmsg "success"
 * without errno, ret naming nothing); the video page's in ./baijiahao-video.ts.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, readBody, type Route } from './http.js';
import { acceptPublish, newNumericId, router, type PlatformSim, type User } from './platform.js';
import type { MediaRecord, SimState } from './state.js';
import { publishVideo, uploadVideo, videoPage, videoRows } from './baijiahao-video.js';

const P = 'baijiahao';
const HOST = '/baijiahao.baidu.com';
const PICTURE_HOST = 'https://pic.rmb.bdstatic.com/bjh/news';
const TITLE = { min: 2, max: 30 };

interface Draft {
  id: string;
  account: string;
  form: Record<string, string>;
  savedAt: string;
}
const drafts = (state: SimState) => state.bag<Draft>('baijiahao.drafts');
/** Pictures on 百家号's host: https_url → owner and stored media id. */
const pictures = (state: SimState) => state.bag<{ account: string; mediaId: string }>('baijiahao.pictures');

const tokenOf = (uid: string) => createHash('sha256').update(`bjh-edit:${uid}`).digest('hex').slice(0, 48);
const ok = (ret: unknown) => ({ errno: 0, errmsg: 'success', ret });
const refused = (errmsg: string, errno = 1) => ({ errno, errmsg, ret: {} });
const NOT_LOGGED_IN = { errno: 10000010, errmsg: '未登录', data: {} };

export const baijiahao: PlatformSim = {
  platform: P,
  contentTypes: ['article', 'video'],
  sessionCookie: 'BDUSS',
  handle: router([
    ['GET', `${HOST}/builder/theme/bjh/login`, (_req, res) => html(res, shell('百家号 - 登录', '<div class="login-wrap"><button class="login-btn">登录</button><p>注册/登录百家号</p></div>'))],
    ['GET', `${HOST}/builder/rc/home`, (req, res, _route, state) => {
      const u = state.user(req, P);
      html(res, u ? shell('百家号', `<div class="author-name">${esc(u.name)}</div><a href="/builder/rc/edit?type=news">发布</a>`) : landing());
    }],
    ['GET', `${HOST}/builder/rc/edit`, editorPage],
    ['GET', `${HOST}/builder/app/appinfo`, (req, res, _route, state) => {
      const u = state.user(req, P);
      json(res, 200, u ? { errno: 0, errmsg: 'success', data: { user: { userid: u.uid, name: u.name, avatar: '', app_id: `17${u.uid}` } } } : NOT_LOGGED_IN);
    }],
    ['POST', `${HOST}/materialui/picture/uploadProxy`, upload],
    ['POST', `${HOST}/materialui/video/uploadvideo`, async (req, res, _route, state) => {
      const u = apiUser(req, res, state);
      if (u) await uploadVideo(req, res, state, u);
    }],
    ['POST', `${HOST}/pcui/article/save`, save],
    ['POST', `${HOST}/pcui/article/publish`, publish],
    ['GET', `${HOST}/pcui/article/lists`, lists],
    ['POST', `${HOST}/pcui/article/remove`, remove],
    ['GET', `${HOST}/s`, (_req, res, route, state) => {
      // A post by its id, or a video by the address it was published at (s?id=<article_id>).
      const p = state.published.find((x) => x.platform === P && (x.postId === route.query.get('id') || x.url.endsWith(`/s?id=${route.query.get('id')}`)));
      if (!p) return html(res, shell('百度', '<p>文章不存在</p>'), 404);
      html(res, shell(p.title ?? '', `<div class="article-title"><h2>${esc(p.title ?? '')}</h2></div><div class="article-content">${p.body}</div>`));
    }],
  ]),
};

/** A logged-in API call with the editor's token, else what 百家号 answers. */
function apiUser(req: IncomingMessage, res: ServerResponse, state: SimState): User | null {
  const u = state.user(req, P);
  if (!u) {
    json(res, 200, NOT_LOGGED_IN);
    return null;
  }
  if (req.headers.token !== tokenOf(u.uid)) {
    json(res, 200, refused('token无效，请刷新页面', 110));
    return null;
  }
  return u;
}

function editorPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const u = state.user(req, P);
  if (!u) return html(res, landing());
  if (route.query.get('type') === 'videoV2') return videoPage(res, route, state, { user: u, token: tokenOf(u.uid) });
  const d = drafts(state).get(route.query.get('article_id') ?? '');
  const draft = d && d.account === u.uid ? d.form : undefined;
  const token = state.opts(P).omit.includes('edit-token') ? '' : `window.__BJH__INIT__AUTH__="${tokenOf(u.uid)}",`;
  html(
    res,
    shell(
      '发布图文 - 百家号',
      `<div id="newsTextArea"><div class="client_pages_edit_components_titleInput"><div contenteditable="true" class="FeEditorApp-contentEditable" data-placeholder="请输入标题（2-30字）">${esc(draft?.title ?? '')}</div></div>
<iframe id="ueditor_0" srcdoc="${esc(`<body>${draft?.content ?? ''}</body>`)}"></iframe></div>
<div class="op-btn-outter-content"><button class="cheetah-btn">存草稿</button><button class="cheetah-btn cheetah-btn-primary">发布</button></div>`,
      `${token}window.__BJH__EDIT__INIT__=${JSON.stringify({ article_id: d?.id ?? '' })};`,
    ),
  );
}

async function formOf(req: IncomingMessage): Promise<Record<string, string>> {
  return Object.fromEntries(new URLSearchParams((await readBody(req, 16 * 1024 * 1024)).toString('utf8')));
}

async function upload(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const u = apiUser(req, res, state);
  if (!u) return;
  const raw = await readBody(req, 32 * 1024 * 1024);
  const form = await new Request('http://replica/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: raw }).formData();
  const file = form.get('media');
  if (!(file instanceof Blob) || file.size === 0 || form.get('type') !== 'image') return json(res, 200, refused('图片为空'));
  const o = state.opts(P);
  const reject = o.rejectCover || o.rejectImages;
  if (reject) return json(res, 200, refused(reject));
  const m = state.storeMedia(P, u.uid, 'image', Buffer.from(await file.arrayBuffer()), file.type);
  const ext = /png/.test(file.type) ? 'png' : /gif/.test(file.type) ? 'gif' : 'jpeg';
  const url = `${PICTURE_HOST}/${m.id}.${ext}`;
  pictures(state).set(url, { account: u.uid, mediaId: m.id });
  json(res, 200, ok({ https_url: url, org_url: url, width: 800, height: 600, name: String(form.get('org_file_name') ?? '') }));
}

async function save(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const u = apiUser(req, res, state);
  if (!u) return;
  const f = await formOf(req);
  const known = f.article_id ? drafts(state).get(f.article_id) : undefined;
  if (f.article_id && (!known || known.account !== u.uid)) return json(res, 200, refused('文章不存在'));
  const d = known ?? { id: newNumericId(state, 16), account: u.uid, form: f, savedAt: '' };
  d.form = f;
  d.savedAt = new Date().toISOString();
  drafts(state).set(d.id, d);
  json(res, 200, ok(state.opts(P).omit.includes('article_id') ? {} : { article_id: d.id }));
}

/** What 百家号 checks of an article at publish; null when it passes. */
function problem(state: SimState, u: User, f: Record<string, string>): string | null {
  const n = Array.from((f.title ?? '').trim()).length;
  if (n < TITLE.min || n > TITLE.max) return `标题需为${TITLE.min}-${TITLE.max}个字`;
  if (!(f.content ?? '').replace(/<[^>]+>/g, '').trim() && !(f.content ?? '').includes('<img ')) return '正文不能为空';
  const mine = (src: string) => pictures(state).get(src)?.account === u.uid;
  // Pictures must be 百家号's own: the editor refuses other sites' addresses.
  for (const m of (f.content ?? '').matchAll(/<img [^>]*src="([^"]*)"/g)) if (!mine(m[1]!.replace(/&amp;/g, '&'))) return '正文包含站外图片，请重新上传';
  let covers: Array<{ src?: string }>;
  try {
    covers = JSON.parse(f.cover_images ?? '[]');
  } catch {
    return '封面参数错误';
  }
  if (!Array.isArray(covers) || covers.length > 3 || covers.some((c) => !c.src || !mine(c.src))) return '封面图片无效';
  return null;
}

async function publish(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = apiUser(req, res, state);
  if (!u) return;
  const f = await formOf(req);
  if (route.query.get('type') === 'video') return publishVideo(res, route, state, u, f, (src) => (pictures(state).get(src)?.account === u.uid ? picture(state, src, 'cover') : undefined));
  const d = drafts(state).get(f.article_id ?? '');
  if (!d || d.account !== u.uid) return json(res, 200, refused('文章不存在'));
  const bad = problem(state, u, f);
  if (bad) return json(res, 200, refused(bad));
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return json(res, 200, refused(rejected));
  drafts(state).delete(d.id);
  const activities = new Map<string, string>();
  for (const [k, v] of Object.entries(f)) {
    const m = /^activity_list\[(\d+)\]\[id\]$/.exec(k);
    if (m) activities.set(v, f[`activity_list[${m[1]}][is_checked]`] ?? '0');
  }
  const covers = (JSON.parse(f.cover_images ?? '[]') as Array<{ src: string }>).map((c) => picture(state, c.src, 'cover'));
  const images = [...(f.content ?? '').matchAll(/<img [^>]*src="([^"]*)"/g)].map((m) => picture(state, m[1]!.replace(/&amp;/g, '&'), 'image'));
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: u.uid,
      postId: d.id,
      url: `${route.prefix}${HOST}/s?id=${d.id}`,
      title: f.title!.trim(),
      body: f.content!,
      settings: { aigc: activities.get('aigc_bjh_status') === '1', abstract: f.abstract ?? '', coverLayout: f.cover_layout },
      media: [...covers, ...images],
    },
    publishAnswer(state, d.id),
  );
}

/** The article publish's answer in the form the test picked (`forms` `publish-answer`). */
function publishAnswer(state: SimState, id: string): unknown {
  const url = `https://baijiahao.baidu.com/s?id=${id}`;
  switch (state.opts(P).forms['publish-answer']) {
    case 'id':
      return ok({ id });
    case 'url':
      return ok({ url });
    case 'success':
      return { errmsg: 'success', ret: {} };
    default:
      return ok({ article_id: id, url });
  }
}

/** A picture on 百家号's host as a publish records it. */
function picture(state: SimState, src: string, kind: MediaRecord['kind']): MediaRecord {
  const m = state.media.get(pictures(state).get(src)!.mediaId)!;
  return { kind, size: m.size, sha256: m.sha256 };
}

const chinaTime = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

function lists(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const u = apiUser(req, res, state);
  if (!u) return;
  const search = route.query.get('search') ?? '';
  if (route.query.get('type') === 'video') {
    const list = videoRows(state, u, search);
    return json(res, 200, { errno: 0, errmsg: 'success', data: { list, page: { currentPage: 1, pageSize: 20, totalCount: list.length, totalPage: 1 } } });
  }
  const published = state.published
    .filter((p) => p.platform === P && p.account === u.uid && p.settings.type !== 'video')
    .map((p) => ({ article_id: p.postId, title: p.title, status: 'publish', publish_time: chinaTime(p.at), read_amount: 0, rec_amount: 0 }))
    .reverse();
  const own = [...drafts(state).values()].filter((d) => d.account === u.uid).map((d) => ({ article_id: d.id, title: d.form.title ?? '', status: 'draft', publish_time: '' }));
  const list = [...own, ...published].filter((r) => (r.title ?? '').includes(search));
  json(res, 200, { errno: 0, errmsg: 'success', data: { list, page: { currentPage: 1, pageSize: 20, totalCount: list.length, totalPage: 1 } } });
}

async function remove(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const u = apiUser(req, res, state);
  if (!u) return;
  const d = drafts(state).get((await formOf(req)).article_id ?? '');
  if (!d || d.account !== u.uid) return json(res, 200, refused('文章不存在'));
  drafts(state).delete(d.id);
  json(res, 200, { errno: 0, errmsg: 'success' });
}

function landing(): string {
  return shell('百家号', '<div class="bjh-index"><button class="login-btn">注册/登录百家号</button></div>');
}

function shell(title: string, body: string, script = ''): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title>${script ? `<script>${script}</script>` : ''}</head><body>${body}</body></html>`;
}
