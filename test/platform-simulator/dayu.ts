/**
 * Replica of 大鱼号 (mp.dayu.com) as the public sources record it (provenance
 * in edge-node/src/adapters/dayu/provenance.ts): the dashboard with its `globalConfig`
 * (utoken, nsImageUploadSign, wmid, weMediaName), the article editor (title
 * `input#title`, the UEditor iframe `#ueditor_0`, the publish control), the
 * picture host ns.dayu.com, save-draft, the publish request the editor's
 * control sends (submit-article), the article list and the published pages
 * on mparticle.uc.cn. Without a session the dashboard sends the browser to
 * mp.dayu.com/. Every write wants the page's utoken. The video page, its
 * upload and its publish call are in dayu-video.ts (a video sent to
 * submit-article is handed to it).
 *
 * `omit` names this replica knows: `title-input` (the editor loses its title
 * field, and so does the video page), `_id` (the draft save answers no id),
 * and the video page's own (dayu-video.ts).
 *
 * A published article has its own public id (origin_id, the wm_aid of its
 * address), apart from the dashboard's _id. `forms`: `submit-answer` — `id`
 * (default: data._id), `wm_aid` (data._id and data.wm_aid, as the save
 * answer's recorded fields) or `none` (data naming neither).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, readBody, redirect, type Route } from './http.js';
import { type DayuPageKit, dayuVideoRoutes, submitVideoForm, videoPostPage } from './dayu-video.js';
import { acceptPublish, router, type PlatformSim, type User } from './platform.js';
import type { MediaRecord, SimState } from './state.js';

const P = 'dayu';
const MP = '/mp.dayu.com';
const TITLE_MAX = 35;

/** What the video page needs of this replica. */
const videoKit: DayuPageKit = { dashboardPage, writer, pictureOwner: (state, url) => pictures(state).get(url) };

interface Draft {
  id: string;
  account: string;
  form: Record<string, string>;
}
interface Picture {
  account: string;
  mediaId: string;
}
/** Each published article's public id (its address's wm_aid), by its _id. */
const origins = (state: SimState) => state.bag<string>('dayu.origins');
const drafts = (state: SimState) => state.bag<Draft>('dayu.drafts');
/** Uploaded pictures by both their addresses (the CDN `url` and the `org_url`). */
const pictures = (state: SimState) => state.bag<Picture>('dayu.pictures');
const utokens = (state: SimState) => state.bag<string>('dayu.utoken');

/** The account's utoken and upload signature, stable for the replica's lifetime. */
function secrets(state: SimState, u: User): { utoken: string; sign: string } {
  let utoken = utokens(state).get(u.uid);
  if (!utoken) {
    utoken = randomBytes(16).toString('hex');
    utokens(state).set(u.uid, utoken);
  }
  return { utoken, sign: createHash('md5').update(`sign:${utoken}`).digest('hex') };
}

export const dayu: PlatformSim = {
  platform: P,
  contentTypes: ['article', 'video'],
  handle: router([
    ['GET', `${MP}/`, (_req, res) => html(res, shell('大鱼号', '<div class="login"><p>登录大鱼号</p><button>登录</button></div>'))],
    ['GET', `${MP}/dashboard/index`, (req, res, route, state) => dashboardPage(req, res, route, state, '<div class="dashboard"><h1>首页</h1></div>')],
    ['GET', `${MP}/dashboard/article/write`, editor],
    ['POST', '/ns.dayu.com/article/imageUpload', upload],
    ['POST', `${MP}/dashboard/save-draft`, saveDraft],
    ['POST', `${MP}/dashboard/submit-article`, submit],
    ['GET', `${MP}/dashboard/getArticleList`, list],
    ['GET', '/mparticle.uc.cn/article.html', (_req, res, route, state) => {
      const p = state.published.find((x) => x.platform === P && (origins(state).get(x.postId) ?? x.postId) === route.query.get('wm_aid'));
      if (!p) return html(res, shell('UC', '<p>文章不存在</p>'), 404);
      html(res, shell(p.title ?? '', p.settings.type === 'video' ? videoPostPage(p.title ?? '', p.body) : `<h1>${esc(p.title ?? '')}</h1><div class="article-content">${p.body}</div>`));
    }],
    ...dayuVideoRoutes(videoKit),
  ]),
};

/**
 * A dashboard page: its globalConfig script (under `configVar`, for a page
 * keeping it under another name), then the page's own markup. No session: to the home page.
 */
function dashboardPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState, body: string, configVar = 'globalConfig'): void {
  const u = state.user(req, P);
  if (!u) return redirect(res, `${route.prefix}${MP}/?redirect_url=${encodeURIComponent(route.prefix + route.path)}`);
  const { utoken, sign } = secrets(state, u);
  const config = { utoken, nsImageUploadSign: sign, wmid: u.uid, weMediaName: u.name, wmAvator: '//image.uc.cn/s/wemedia/avatar.png' };
  html(res, shell('大鱼号', `<script>var ${configVar} = ${JSON.stringify(config).replace(/</g, '\\u003c')};\nvar G = {};</script>${body}`));
}

function editor(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const u = state.user(req, P);
  const draft = u ? drafts(state).get(route.query.get('draft_id') ?? '') : undefined;
  const mine = draft && draft.account === u?.uid ? draft : undefined;
  const title = state.opts(P).omit.includes('title-input') ? '' : `<input id="title" type="text" placeholder="请输入标题（不超过35个字）" value="${esc(mine?.form.title ?? '')}" />`;
  const srcdoc = `<html><body contenteditable="true">${mine?.form.content ?? ''}</body></html>`;
  dashboardPage(
    req,
    res,
    route,
    state,
    `<div class="article-write">${title}<iframe id="ueditor_0" srcdoc="${esc(srcdoc)}"></iframe>
<div class="editor-btns"><div class="button_save item editor-btn">保存</div><div class="button_publish item editor-btn editor-main-btn">发表</div></div>
<div class="w-message-error" style="display:none"></div></div>
<script>
document.querySelector('.button_publish').addEventListener('click', async () => {
  const params = new URLSearchParams(location.search);
  const tip = document.querySelector('.w-message-error');
  const title = document.querySelector('#title');
  if (!params.get('draft_id') || !title || !title.value.trim()) { tip.textContent = '请先填写标题并保存'; tip.style.display = 'block'; return; }
  const form = new URLSearchParams({ 'dataList[0][_id]': params.get('draft_id'), 'dataList[0][isDraft]': '1', 'dataList[0][reproduce]': '', curDaySubmit: 'false', utoken: globalConfig.utoken });
  const res = await fetch(location.pathname.replace(/article\\/write$/, 'submit-article'), { method: 'POST', headers: { utoken: globalConfig.utoken, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' }, body: form });
  const body = await res.json().catch(() => ({}));
  if (body.error) { tip.textContent = body.error; tip.style.display = 'block'; }
});
</script>`,
  );
}

/** The caller's account when the utoken it sends (header, and form when given) is its own. */
function writer(req: IncomingMessage, state: SimState, formToken?: string): User | null | 'utoken' {
  const u = state.user(req, P);
  if (!u) return null;
  const { utoken } = secrets(state, u);
  if (req.headers.utoken !== utoken || (formToken !== undefined && formToken !== utoken)) return 'utoken';
  return u;
}

async function upload(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = state.user(req, P);
  if (!u) return json(res, 200, { code: 10001, message: '未登录' });
  if (route.query.get('wmid') !== u.uid || route.query.get('sign') !== secrets(state, u).sign || route.query.get('appid') !== 'website') return json(res, 200, { code: 10003, message: 'sign error' });
  const raw = await readBody(req, 32 * 1024 * 1024);
  const form = await new Request('http://replica/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: raw }).formData();
  const file = form.get('upfile');
  if (!(file instanceof Blob) || file.size === 0 || form.get('size') !== String(file.size)) return json(res, 200, { code: 10002, message: '参数错误' });
  const o = state.opts(P);
  const reject = o.rejectCover || o.rejectImages;
  if (reject) return json(res, 200, { code: 50001, message: reject });
  const m = state.storeMedia(P, u.uid, 'image', Buffer.from(await file.arrayBuffer()), file.type);
  const url = `https://image.uc.cn/s/wemedia/s/upload/2026/${m.id}.jpg`;
  const orgUrl = `https://mp.dayu.com/dayu/image?t=${Date.now()}&s=${m.id.slice(0, 8)}&p=${m.id}`;
  pictures(state).set(url, { account: u.uid, mediaId: m.id });
  pictures(state).set(orgUrl, { account: u.uid, mediaId: m.id });
  json(res, 200, { code: 0, data: { imgInfo: { org_url: orgUrl, url } } });
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  return Object.fromEntries(new URLSearchParams((await readBody(req, 16 * 1024 * 1024)).toString('utf8')));
}

async function saveDraft(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const form = await readForm(req);
  const u = writer(req, state, form.utoken);
  if (!u) return json(res, 200, { error: '登录失效' });
  if (u === 'utoken') return json(res, 200, { error: 'utoken error' });
  if (form.article_type !== '1') return json(res, 200, { error: '参数错误' });
  if (form.coverImg !== undefined && pictures(state).get(form.coverImg)?.account !== u.uid) return json(res, 200, { error: '封面图地址非法' });
  const id = randomBytes(16).toString('hex');
  drafts(state).set(id, { id, account: u.uid, form });
  json(res, 200, { data: state.opts(P).omit.includes('_id') ? {} : { _id: id } });
}

/** What 大鱼号 checks of an article at publish; null when it passes. */
function problem(state: SimState, u: User, f: Record<string, string>): string | null {
  const n = Array.from((f.title ?? '').trim()).length;
  if (n < 1 || n > TITLE_MAX) return `标题需为1-${TITLE_MAX}个字`;
  const content = f.content ?? '';
  if (!content.replace(/<[^>]+>/g, '').trim() && !content.includes('<img ')) return '正文不能为空';
  if (/<pre\b/.test(content)) return '正文格式错误';
  for (const m of content.matchAll(/<img [^>]*src="([^"]*)"/g)) if (pictures(state).get(m[1]!.replace(/&amp;/g, '&'))?.account !== u.uid) return '正文图片需上传至大鱼号';
  if (f.author !== u.name) return '作者不匹配';
  return null;
}

async function submit(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const form = await readForm(req);
  // A video page sending its video here (dayu-video.ts, the `submit-article` form).
  if (form.videoId !== undefined) return submitVideoForm(videoKit, req, res, route, state, form);
  const u = writer(req, state, form.utoken);
  if (!u) return json(res, 200, { error: '登录失效' });
  if (u === 'utoken') return json(res, 200, { error: 'utoken error' });
  const d = drafts(state).get(form['dataList[0][_id]'] ?? '');
  if (!d || d.account !== u.uid || form['dataList[0][isDraft]'] !== '1') return json(res, 200, { error: '文章不存在' });
  const bad = problem(state, u, d.form);
  if (bad) return json(res, 200, { error: bad });
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return json(res, 200, { error: rejected });
  drafts(state).delete(d.id);
  const originId = randomBytes(16).toString('hex');
  origins(state).set(d.id, originId);
  const media = (src: string, kind: MediaRecord['kind']): MediaRecord => {
    const m = state.media.get(pictures(state).get(src)!.mediaId)!;
    return { kind, size: m.size, sha256: m.sha256 };
  };
  const images = [...d.form.content!.matchAll(/<img [^>]*src="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const cover = d.form.coverImg;
  const coverId = cover ? pictures(state).get(cover)!.mediaId : undefined;
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: u.uid,
      postId: d.id,
      url: `${route.prefix}/mparticle.uc.cn/article.html?${new URLSearchParams({ wm_id: u.uid, wm_aid: originId })}`,
      title: d.form.title!.trim(),
      body: d.form.content!,
      settings: { coverFrom: d.form.cover_from, author: d.form.author },
      media: [
        ...(cover && !images.some((src) => pictures(state).get(src)!.mediaId === coverId) ? [media(cover, 'cover')] : []),
        ...images.map((src) => media(src, pictures(state).get(src)!.mediaId === coverId ? 'cover' : 'image')),
      ],
    },
    submitAnswer(state, d.id, originId),
  );
}

/** The publish answer in the form the test picked. */
function submitAnswer(state: SimState, id: string, originId: string): unknown {
  switch (state.opts(P).forms['submit-answer']) {
    case 'wm_aid':
      return { data: { _id: id, wm_aid: originId, previewUrl: `https://mparticle.uc.cn/article.html?wm_aid=${originId}` } };
    case 'none':
      return { data: { acl: null } };
    default:
      return { data: { _id: id } };
  }
}

function list(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): void {
  const u = writer(req, state);
  if (!u) return json(res, 200, { error: '登录失效' });
  if (u === 'utoken') return json(res, 200, { error: 'utoken error' });
  const rows = state.published
    .filter((p) => p.platform === P && p.account === u.uid)
    .map((p) => ({ _id: p.postId, origin_id: origins(state).get(p.postId) ?? p.postId, title: p.title, status: 1, publish_at: chinaTime(p.at) }))
    .reverse();
  json(res, 200, { dataList: { data: rows, total: rows.length } });
}

/** "YYYY-MM-DD HH:mm:ss" in China time. */
const chinaTime = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

function shell(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>${body}</body></html>`;
}
