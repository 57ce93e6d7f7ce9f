/**
 * Replica of 一点号 (mp.yidianzixun.com) as the public sources record it
 * (provenance in edge-node/src/adapters/yidian/provenance.ts): the writing desk, one page
 * whose `<script id="__val_">` sets window.mpuser and window.mpcode, routed by
 * its hash (`#/Writing/articleEditor`, a draft at `#/Writing/<id>`: title
 * `input.post-title`, body `div.editor-content`, the publish control), the
 * picture upload, the article model (save, and the list), the publish request
 * the editor's control sends (api/post/publish) and the published pages on
 * www.yidianzixun.com. Without a session window.mpuser has no id. Every write
 * wants the page's mpcode as `x-mp-code`. The video editor (#/Writing/videoEditor)
 * and its calls are in yidian-video.ts.
 *
 * `omit` names this replica knows: `title-input` (the editor loses its title
 * field, and so does the video editor), `id` (the article save answers no id),
 * and the video editor's own (yidian-video.ts).
 *
 * The publish answer names no article; the list names it by its newsId, the
 * id of its public address. `forms`: `news-id` — `draft` (default: the
 * newsId is the draft's id) or `own` (the article gets its own public id, as
 * public addresses carry, e.g. 0sxktYvz); `list-status` — `published`
 * (default: listed under 2, 6, 7 at once) or `review` (listed under 1, 4, 5,
 * 14, in review, as public list readers record).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, readBody, type Route } from './http.js';
import { acceptPublish, newNumericId, router, type PlatformSim, type User } from './platform.js';
import type { MediaRecord, SimState } from './state.js';
import { VIDEO_EDITOR_SCRIPT, videoEditorTemplate, yidianVideoRoutes } from './yidian-video.js';

const P = 'yidian';
const MP = '/mp.yidianzixun.com';
const TITLE_MAX = 64;

interface Draft {
  id: string;
  account: string;
  body: Record<string, unknown>;
}
const drafts = (state: SimState) => state.bag<Draft>('yidian.drafts');
const pictures = (state: SimState) => state.bag<{ account: string; mediaId: string }>('yidian.pictures');
/** Published articles still in review (the `review` list form), by newsId. */
const inReview = (state: SimState) => state.bag<boolean>('yidian.inReview');

/** The account's mpcode (a hex digest, as the page carries it). */
const mpcode = (u: User) => createHash('md5').update(`mpcode:${u.uid}`).digest('hex');

export const yidian: PlatformSim = {
  platform: P,
  contentTypes: ['article', 'video'],
  handle: router([
    ['GET', `${MP}/`, desk],
    ['POST', `${MP}/upload`, upload],
    ['POST', `${MP}/model/Article`, save],
    ['GET', `${MP}/model/Article`, list],
    ['GET', `${MP}/api/post/publish`, publish],
    ['GET', /^\/www\.yidianzixun\.com\/(?:m\/)?article\/([\w-]+)$/, (_req, res, _route, state, [id]) => {
      const p = state.published.find((x) => x.platform === P && x.postId === id);
      if (!p) return html(res, shell('一点资讯', '<p>文章不存在</p>'), 404);
      const body = p.settings.type === 'video' ? `<p class="video-desc">${esc(p.body)}</p>` : `<div class="content-bd">${p.body}</div>`;
      html(res, shell(p.title ?? '', `<h1>${esc(p.title ?? '')}</h1>${body}`));
    }],
    ...yidianVideoRoutes(writer),
  ]),
};

function desk(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): void {
  const u = state.user(req, P);
  const user = u ? { id: u.uid, media_name: u.name, media_pic: '' } : {};
  const vals = `window.mpuser = ${JSON.stringify(user).replace(/</g, '\\u003c')};${u ? ` window.mpcode = "${mpcode(u)}";` : ''}`;
  const title = state.opts(P).omit.includes('title-input') ? '' : '<input class="post-title" type="text" placeholder="请输入标题（最多64个字）" />';
  html(
    res,
    shell(
      '一点号',
      `<script id="__val_">${vals}</script><div id="app"></div>
<template id="editor"><div class="writing">${title}<div class="editor-content" contenteditable="true"></div>
<div class="editor-btns"><div class="button_save item editor-btn">存草稿</div><div class="button_publish item editor-btn editor-main-btn">发布</div></div>
<div class="editor-tip-error" style="display:none"></div></div></template>
${videoEditorTemplate(state.opts(P).omit, state.opts(P).forms)}
<script>${VIDEO_EDITOR_SCRIPT}
function route() {
  const app = document.getElementById('app');
  if (!window.mpuser || !window.mpuser.id) { app.innerHTML = '<div class="login">请登录一点号</div>'; return; }
  if (location.hash === '#/Writing/videoEditor') { app.innerHTML = document.getElementById('video-editor').innerHTML; mountVideoEditor(app); return; }
  if (!/^#\\/Writing\\//.test(location.hash)) { app.innerHTML = '<div class="home">首页</div>'; return; }
  app.innerHTML = document.getElementById('editor').innerHTML;
  app.querySelector('.button_publish').addEventListener('click', async () => {
    const tip = app.querySelector('.editor-tip-error');
    const id = /^#\\/Writing\\/(\\w+)$/.exec(location.hash)?.[1];
    if (!id || id === 'articleEditor') { tip.textContent = '请先保存草稿'; tip.style.display = 'block'; return; }
    const res = await fetch(location.pathname + 'api/post/publish?post_id=' + id, { headers: { 'x-mp-code': window.mpcode, 'x-requested-with': 'XMLHttpRequest' } });
    const body = await res.json().catch(() => ({}));
    if (body.status !== 'success') { tip.textContent = body.reason || '发布失败'; tip.style.display = 'block'; }
  });
}
window.addEventListener('hashchange', route);
route();
</script>`,
    ),
  );
}

/** The caller's account when the x-mp-code it sends is its own. */
function writer(req: IncomingMessage, state: SimState): User | null | 'code' {
  const u = state.user(req, P);
  if (!u) return null;
  return req.headers['x-mp-code'] === mpcode(u) ? u : 'code';
}
const failed = (reason: string) => ({ status: 'failed', reason });

async function upload(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = writer(req, state);
  if (!u) return json(res, 200, failed('未登录'));
  if (u === 'code') return json(res, 200, failed('自媒体信息异常'));
  if (route.query.get('action') !== 'uploadimage' || route.query.get('picType') !== 'wemedia_cnt') return json(res, 200, failed('参数错误'));
  const raw = await readBody(req, 32 * 1024 * 1024);
  const form = await new Request('http://replica/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: raw }).formData();
  const file = form.get('upfile');
  if (!(file instanceof Blob) || file.size === 0) return json(res, 200, failed('参数错误'));
  const o = state.opts(P);
  const reject = o.rejectCover || o.rejectImages;
  if (reject) return json(res, 200, failed(reject));
  const m = state.storeMedia(P, u.uid, 'image', Buffer.from(await file.arrayBuffer()), file.type);
  const url = `https://i1.go2yd.com/image.php?url=${m.id}`;
  pictures(state).set(url, { account: u.uid, mediaId: m.id });
  json(res, 200, { status: 'success', url });
}

async function save(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const u = writer(req, state);
  if (!u) return json(res, 200, { ...failed('未登录'), errorCode: 401 });
  if (u === 'code') return json(res, 200, { ...failed('自媒体信息异常'), errorCode: 299 });
  const b = JSON.parse((await readBody(req, 16 * 1024 * 1024)).toString('utf8')) as Record<string, unknown>;
  if (b.editorType !== 'articleEditor' || b.notSaveToStore !== true) return json(res, 200, failed('参数错误'));
  const id = newNumericId(state, 16);
  drafts(state).set(id, { id, account: u.uid, body: b });
  json(res, 200, state.opts(P).omit.includes('id') ? { status: 'success' } : { id });
}

/** What 一点号 checks of an article at publish; null when it passes. */
function problem(state: SimState, u: User, b: Record<string, unknown>): string | null {
  const n = Array.from(String(b.title ?? '').trim()).length;
  if (n < 1 || n > TITLE_MAX) return `标题需为1-${TITLE_MAX}个字`;
  const content = String(b.content ?? '');
  if (!content.replace(/<[^>]+>/g, '').trim() && !content.includes('<img ')) return '正文不能为空';
  if (/<a\b/.test(content)) return '正文不能包含外部链接';
  const mine = (src: string) => pictures(state).get(src)?.account === u.uid;
  for (const m of content.matchAll(/<img [^>]*src="([^"]*)"/g)) if (!mine(m[1]!.replace(/&amp;/g, '&'))) return '正文图片需上传至一点号';
  const covers = Array.isArray(b.covers) ? (b.covers as unknown[]) : null;
  if (!covers) return '封面格式错误';
  if (b.coverType === 'default' ? covers.length !== 0 : b.coverType !== 'one' || covers.length !== 1 || !mine(String(covers[0]))) return '封面格式错误';
  return null;
}

async function publish(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = writer(req, state);
  if (!u) return json(res, 200, failed('未登录'));
  if (u === 'code') return json(res, 200, failed('自媒体信息异常'));
  const d = drafts(state).get(route.query.get('post_id') ?? '');
  if (!d || d.account !== u.uid) return json(res, 200, failed('文章不存在'));
  const bad = problem(state, u, d.body);
  if (bad) return json(res, 200, failed(bad));
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return json(res, 200, failed(rejected));
  drafts(state).delete(d.id);
  const o = state.opts(P);
  const newsId = o.forms['news-id'] === 'own' ? `0${randomBytes(6).toString('base64url').slice(0, 7)}` : d.id;
  const content = String(d.body.content);
  const media = (src: string, kind: MediaRecord['kind']): MediaRecord => {
    const m = state.media.get(pictures(state).get(src)!.mediaId)!;
    return { kind, size: m.size, sha256: m.sha256 };
  };
  const covers = (d.body.covers as string[]).map((src) => media(src, 'cover'));
  const images = [...content.matchAll(/<img [^>]*src="([^"]*)"/g)].map((m) => media(m[1]!.replace(/&amp;/g, '&'), 'image'));
  if (o.forms['list-status'] === 'review') inReview(state).set(newsId, true);
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: u.uid,
      postId: newsId,
      url: `${route.prefix}/www.yidianzixun.com/article/${newsId}`,
      title: String(d.body.title).trim(),
      body: content,
      settings: { original: d.body.original === 1, coverType: d.body.coverType },
      media: [...covers, ...images],
    },
    { status: 'success' },
  );
}

function list(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const u = writer(req, state);
  if (!u) return json(res, 200, failed('未登录'));
  if (u === 'code') return json(res, 200, failed('自媒体信息异常'));
  const statuses = (route.query.get('status') ?? '').split(',');
  const published = statuses.some((s) => ['2', '6', '7'].includes(s));
  const reviewed = statuses.some((s) => ['1', '4', '5', '14'].includes(s));
  const posts = published || reviewed
    ? state.published
        .filter((p) => p.platform === P && p.account === u.uid && p.settings.type !== 'video' && (inReview(state).has(p.postId) ? reviewed : published))
        .map((p) => ({ newsId: p.postId, title: p.title, date: Date.parse(p.at) }))
        .reverse()
    : [...drafts(state).values()].filter((d) => d.account === u.uid).map((d) => ({ newsId: '', title: String(d.body.title ?? ''), date: 0 }));
  json(res, 200, { status: 'success', page_total: 1, posts });
}

function shell(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>${body}</body></html>`;
}
