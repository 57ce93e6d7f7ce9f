/**
 * Replica of 搜狐号 (mp.sohu.com) as the public sources record it
 * (provenance in edge-node/src/adapters/sohu/provenance.ts): the article editor page
 * (title input, Quill body) and the JSON API it calls — the account list,
 * the picture upload, draft save and publish (both wanting the editor's
 * client headers dv-id and sp-cm), the author's article list — and the
 * published pages on www.sohu.com. The session is Sohu's passport cookie
 * `ppinf`; one session is one 搜狐号 account here.
 *
 * The video page and its calls are in ./sohu-video.ts.
 *
 * `omit` names this replica knows: `title-input` (the editor loses its
 * title field), `draft-id` (the draft save answers no id), and the video page's.
 *
 * `forms` (each recorded form): `publish-answer` — `code` (default: code
 * 2000000 with success true, data the article id), `success` (success true,
 * no code), `object` (code 2000000, data an object naming no article) or
 * `none` (code 2000000, data null); `news-status` — the status a published
 * article has in the author's list: `4` (default, public, auditStatus 4),
 * `16`, `2` or `5` (in review), `3` (failed review, auditStatus 8 and a
 * rejectReason); `upload-answer` — the picture upload's address at the top
 * (`url`, default) or under `data` (`data`); `account-list` — `list` (default:
 * account/list with groups' accounts) or `listV2` (account/list gone,
 * account/listV2 with groups' accountInfos).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, readBody, readJson, type Route } from './http.js';
import { acceptPublish, newNumericId, router, type PlatformSim, type User } from './platform.js';
import type { MediaRecord, SimState } from './state.js';
import { publishVideo, uploadVideo, videoPage } from './sohu-video.js';

const P = 'sohu';
const MP = '/mp.sohu.com';
const PICTURE_HOST = 'https://res.mp.sohu.com/mpimg';
const OK = 2000000;
const TITLE = { min: 5, max: 72 };

interface Draft {
  id: string;
  account: string;
  body: Record<string, unknown>;
}
const drafts = (state: SimState) => state.bag<Draft>('sohu.drafts');
const pictures = (state: SimState) => state.bag<{ account: string; mediaId: string }>('sohu.pictures');
const accountOf = (u: User): number | string => (/^\d+$/.test(u.uid) ? Number(u.uid) : u.uid);

export const sohu: PlatformSim = {
  platform: P,
  contentTypes: ['article', 'video'],
  sessionCookie: 'ppinf',
  handle: router([
    ['GET', `${MP}/mpfe/v4/contentManagement/news/addarticle`, editorPage],
    ['GET', `${MP}/mpfe/v4/contentManagement/news/addvideo`, (req, res, route, state) => {
      const u = state.user(req, P);
      if (!u) return html(res, shell('搜狐号', LOGIN_BOX));
      videoPage(res, route, state, u);
    }],
    ['POST', `${MP}/commons/mp/uploadVideo`, async (req, res, route, state) => {
      const u = state.user(req, P);
      if (!u) return json(res, 200, { code: 10001, msg: '请先登录' });
      await uploadVideo(req, res, route, state, u);
    }],
    ['POST', `${MP}/mpbp/bp/news/v4/news/publishVideo/v2`, async (req, res, route, state) => {
      const u = state.user(req, P);
      if (!u) return json(res, 200, { success: false, code: 10001, msg: '请先登录' });
      await publishVideo(req, res, route, state, u);
    }],
    ['GET', `${MP}/mpbp/bp/account/list`, (req, res, _route, state) => {
      if (state.opts(P).forms['account-list'] === 'listV2') return json(res, 404, { code: 404, msg: 'Not Found' });
      const u = state.user(req, P);
      if (!u) return json(res, 200, { code: 10001, msg: '请先登录', data: null });
      json(res, 200, { code: OK, msg: 'success', data: { data: [{ accountType: 1, accounts: [{ id: accountOf(u), nickName: u.name, avatar: '', statusName: '正常' }] }] } });
    }],
    ['GET', `${MP}/mpbp/bp/account/listV2`, (req, res, _route, state) => {
      if (state.opts(P).forms['account-list'] !== 'listV2') return json(res, 404, { code: 404, msg: 'Not Found' });
      const u = state.user(req, P);
      if (!u) return json(res, 200, { code: 10001, msg: '请先登录', data: null });
      json(res, 200, { code: OK, msg: 'success', data: { data: [{ accountType: 1, accountInfos: [{ id: accountOf(u), nickName: u.name, avatar: '', statusName: '正常' }] }] } });
    }],
    ['POST', `${MP}/commons/front/outerUpload/image/file`, upload],
    ['POST', `${MP}/mpbp/bp/news/v4/news/draft/v2`, (req, res, route, state) => write(req, res, route, state, 'draft')],
    ['POST', `${MP}/mpbp/bp/news/v4/news/publish/v2`, (req, res, route, state) => write(req, res, route, state, 'publish')],
    ['GET', `${MP}/mpbp/bp/news/v4/users/news`, news],
    ['GET', /^\/www\.sohu\.com\/a\/(\d+)_(\d+)$/, (_req, res, _route, state, [id]) => {
      const p = state.published.find((x) => x.platform === P && x.postId === id);
      if (!p) return html(res, shell('搜狐', '<p>页面不存在</p>'), 404);
      html(res, shell(p.title ?? '', `<div class="text-title"><h1>${esc(p.title ?? '')}</h1></div><article class="article">${p.body}</article>`));
    }],
  ]),
};

const LOGIN_BOX = '<div class="login-box"><p>登录搜狐号</p><p>扫码登录 / 手机号登录 / 账号登录</p></div>';

function editorPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const u = state.user(req, P);
  if (!u) return html(res, shell('搜狐号', LOGIN_BOX));
  const d = drafts(state).get(route.query.get('id') ?? '');
  const draft = d && d.account === u.uid ? d.body : undefined;
  const title = state.opts(P).omit.includes('title-input') ? '' : `<input class="title-input" placeholder="请输入标题（5-72字）" maxlength="72" value="${esc(String(draft?.title ?? ''))}">`;
  html(
    res,
    shell(
      '发布内容 - 搜狐号',
      `<div class="publish-article">${title}<div class="ql-container"><div class="ql-editor" contenteditable="true">${String(draft?.content ?? '')}</div></div>
<ul class="publish-btns"><li class="negative-button">存草稿</li><li class="positive-button">发布</li></ul></div>`,
    ),
  );
}

/** The editor's client headers: a 32-hex device id and sp-cm; without them 搜狐号 cannot tell the client. */
const clientKnown = (req: IncomingMessage) => /^[0-9a-f]{32}$/.test(String(req.headers['dv-id'] ?? '')) && String(req.headers['sp-cm'] ?? '') !== '';

async function upload(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = state.user(req, P);
  if (!u) return json(res, 200, { msg: '请先登录' });
  const raw = await readBody(req, 32 * 1024 * 1024);
  const form = await new Request('http://replica/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: raw }).formData();
  const file = form.get('file');
  if (route.query.get('accountId') !== u.uid || form.get('accountId') !== u.uid) return json(res, 200, { msg: '账号不匹配' });
  if (!(file instanceof Blob) || file.size === 0) return json(res, 200, { msg: '文件为空' });
  const o = state.opts(P);
  const reject = o.rejectCover || o.rejectImages;
  if (reject) return json(res, 200, { msg: reject });
  const m = state.storeMedia(P, u.uid, 'image', Buffer.from(await file.arrayBuffer()), file.type);
  const ext = /svg/.test(file.type) ? 'svg' : /png/.test(file.type) ? 'png' : 'jpeg';
  const url = `${PICTURE_HOST}/${m.id}.${ext}`;
  pictures(state).set(url, { account: u.uid, mediaId: m.id });
  json(res, 200, o.forms['upload-answer'] === 'data' ? { code: 2000000, data: { url } } : { url });
}

/** What 搜狐号 checks of an article at publish; null when it passes. */
function problem(state: SimState, u: User, b: Record<string, unknown>): string | null {
  const n = Array.from(String(b.title ?? '').trim()).length;
  if (n < TITLE.min || n > TITLE.max) return `标题需为${TITLE.min}-${TITLE.max}个字`;
  const content = String(b.content ?? '');
  if (!content.replace(/<[^>]+>/g, '').trim() && !content.includes('<img ')) return '正文不能为空';
  const mine = (src: string) => pictures(state).get(src)?.account === u.uid;
  for (const m of content.matchAll(/<img [^>]*src="([^"]*)"/g)) if (!mine(m[1]!.replace(/&amp;/g, '&'))) return '正文中有非搜狐图片，请重新上传';
  if (b.cover !== '' && !mine(String(b.cover))) return '封面图片无效';
  if (b.creationStatement !== undefined && ![0, 1, 2, 3, 4, 5].includes(b.creationStatement as number)) return '创作声明无效';
  if (b.channelId !== 24) return '请选择频道';
  return null;
}

async function write(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState, what: 'draft' | 'publish'): Promise<void> {
  const u = state.user(req, P);
  if (!u) return json(res, 200, { success: false, code: 10001, msg: '请先登录' });
  if (!clientKnown(req)) return json(res, 200, { success: false, code: 1300, msg: '获取客户端失败' });
  const b = await readJson(req);
  if (route.query.get('accountId') !== u.uid || String(b.accountId) !== u.uid) return json(res, 200, { success: false, code: 4030001, msg: '账号不匹配' });
  const id = String(b.id ?? 0);
  const known = id === '0' ? undefined : drafts(state).get(id);
  if (id !== '0' && (!known || known.account !== u.uid)) return json(res, 200, { success: false, code: 4040001, msg: '文章不存在' });
  if (what === 'draft') {
    const d = known ?? { id: newNumericId(state, 9), account: u.uid, body: b };
    d.body = b;
    drafts(state).set(d.id, d);
    return json(res, 200, { success: true, code: OK, msg: '成功', data: state.opts(P).omit.includes('draft-id') ? null : Number(d.id) });
  }
  const bad = problem(state, u, b);
  if (bad) return json(res, 200, { success: false, code: 4000001, msg: bad });
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return json(res, 200, { success: false, code: 4000002, msg: rejected });
  const newsId = known?.id ?? newNumericId(state, 9);
  if (known) drafts(state).delete(known.id);
  const media = (src: string, kind: MediaRecord['kind']): MediaRecord => {
    const m = state.media.get(pictures(state).get(src)!.mediaId)!;
    return { kind, size: m.size, sha256: m.sha256 };
  };
  const content = String(b.content);
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: u.uid,
      postId: newsId,
      url: `${route.prefix}/www.sohu.com/a/${newsId}_${u.uid}`,
      title: String(b.title).trim(),
      body: content,
      settings: { brief: b.brief, creationStatement: b.creationStatement ?? 0, channelId: b.channelId },
      media: [...(b.cover ? [media(String(b.cover), 'cover')] : []), ...[...content.matchAll(/<img [^>]*src="([^"]*)"/g)].map((m) => media(m[1]!.replace(/&amp;/g, '&'), 'image'))],
    },
    publishAnswer(state, Number(newsId)),
  );
}

/** The publish answer in the form the test picked. */
function publishAnswer(state: SimState, newsId: number): unknown {
  switch (state.opts(P).forms['publish-answer']) {
    case 'success':
      return { success: true, msg: '成功', data: newsId };
    case 'object':
      return { success: true, code: OK, msg: '成功', data: { needOriCheck: false } };
    case 'none':
      return { success: true, code: OK, msg: '成功', data: null };
    default:
      return { success: true, code: OK, msg: '成功', data: newsId };
  }
}

/** How the author's list shows a published article, in the form the test picked. */
function listedStatus(state: SimState): Record<string, unknown> {
  const status = Number(state.opts(P).forms['news-status'] ?? 4);
  if (status === 3) return { status, auditStatus: 8, rejectReason: '内容不符合规范' };
  return { status, auditStatus: status === 4 || status === 16 ? 4 : 2, rejectReason: '' };
}

function news(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const u = state.user(req, P);
  if (!u) return json(res, 200, { code: 10001, msg: '请先登录', data: null });
  if (route.query.get('accountId') !== u.uid) return json(res, 200, { code: 4030001, msg: '账号不匹配', data: null });
  // newsType 4 lists videos; the editor's other lists hold articles.
  const wantVideos = route.query.get('newsType') === '4';
  const published = state.published
    .filter((p) => p.platform === P && p.account === u.uid && (p.settings.type === 'video') === wantVideos)
    .map((p) => ({ id: Number(p.postId), title: p.title, ...(wantVideos ? { status: 4 } : listedStatus(state)), postTime: Date.parse(p.at), userId: accountOf(u) }))
    .reverse();
  if (wantVideos) return json(res, 200, { code: OK, msg: 'success', data: { news: published, totalCount: published.length } });
  const own = [...drafts(state).values()].filter((d) => d.account === u.uid).map((d) => ({ id: Number(d.id), title: String(d.body.title ?? ''), status: 1, postTime: Date.now(), userId: accountOf(u) }));
  const list = [...own, ...published];
  json(res, 200, { code: OK, msg: 'success', data: { news: list, totalCount: list.length } });
}

function shell(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>${body}</body></html>`;
}
