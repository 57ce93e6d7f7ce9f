/**
 * Replica of weibo as the public sources record it (provenance in
 * edge-node/src/adapters/weibo/adapter.ts): the weibo.com home composer, the login
 * redirect to /newlogin, the article editor page whose `$CONFIG` names the
 * account, the picture upload on picupload.weibo.com, the post API and the
 * author's own post list. The session lives in the `SUB` cookie.
 *
 * Articles: weibo-article.ts. Videos (the upload/channel page, the file
 * platform's upload, the video branch of the post API): weibo-video.ts.
 *
 * `omit` names this replica knows: `visibility-menu` (the composer loses it),
 * `config-uid` (the article editor's `$CONFIG` no longer names the account).
 * `forms.updateAnswer` (weibo-composer.ts): how the post API's answer names
 * the new post; `forms.articleRow`: how an article shows in the author's
 * posts; `forms.articleAnswer` (weibo-article.ts): the article publish answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, readBody, type Route } from './http.js';
import { acceptPublish, newNumericId, router, type PlatformSim, type User } from './platform.js';
import type { Publish, SimState } from './state.js';
import { articleRoutes } from './weibo-article.js';
import { composerPage, midOf, updateAnswerData, WEIBO_MAX_CHARS, WEIBO_MAX_PICS, WEIBO_VISIBILITY } from './weibo-composer.js';
import { updateVideo, videoPublishPage, videoUploadRoutes } from './weibo-video.js';
import { loginRoutes } from './login-pages.js';
import { WEIBO_LOGIN } from './weibo-login.js';

export { WEIBO_MAX_CHARS, WEIBO_MAX_PICS, WEIBO_VISIBILITY };

const P = 'weibo';
const LOGIN = '/weibo.com/newlogin';

export const weibo: PlatformSim = {
  platform: P,
  contentTypes: ['dynamic', 'article', 'video'],
  sessionCookie: 'SUB',
  handle: router([
    ['GET', LOGIN, (_req, res) => html(res, shell('微博-随时随地发现新鲜事', '<main><div class="LoginCard"><p>扫码登录</p><a href="https://passport.weibo.com/sso/signin?entry=miniblog&amp;source=miniblog">登录</a></div></main>'))],
    ...loginRoutes(WEIBO_LOGIN, 'SUB'),
    ['GET', '/weibo.com/', (req, res, route, state) => withPage(req, res, route, state, (u) => composerPage(route.prefix, u, state.opts(P).omit))],
    ['GET', '/weibo.com/upload/channel', (req, res, route, state) => withPage(req, res, route, state, (u) => videoPublishPage(route.prefix, u, state.opts(P).omit))],
    ...videoUploadRoutes,
    ['GET', '/card.weibo.com/article/v3/editor', (req, res, route, state) => withPage(req, res, route, state, (u) => editorPage(u, state.opts(P).omit))],
    ['POST', '/picupload.weibo.com/interface/pic_upload.php', uploadPic],
    ['POST', '/weibo.com/ajax/statuses/update', update],
    ['GET', '/weibo.com/ajax/statuses/mymblog', myPosts],
    ['GET', /^\/weibo\.com\/(\d+)\/(\w+)$/, (_req, res, _route, state, [, bid]) => detail(res, state, bid!)],
    ...articleRoutes,
  ]),
};

function withPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState, render: (u: User) => string): void {
  const u = state.user(req, P);
  if (!u) {
    const back = `https:/${route.path}${route.query.size ? `?${route.query}` : ''}`;
    res.writeHead(302, { location: `${route.prefix}${LOGIN}?tabtype=weibo&gid=102803&openLoginLayer=0&url=${encodeURIComponent(back)}` });
    return void res.end();
  }
  html(res, render(u));
}

function editorPage(u: User, omit: readonly string[]): string {
  // The account facts as the article editor embeds them (uid as a number, as recorded).
  const uid = omit.includes('config-uid') ? '' : `$CONFIG['uid'] = ${/^\d+$/.test(u.uid) ? u.uid : JSON.stringify(u.uid)};\n`;
  return shell('头条文章', `<div id="app"></div><script>var $CONFIG = {};\n${uid}$CONFIG['nick'] = ${JSON.stringify(u.name)};\n</script>`);
}

async function uploadPic(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const u = state.user(req, P);
  if (!u) return json(res, 200, { code: 'A20001', data: {} });
  const bytes = await readBody(req);
  // The composer's pictures and an article's cover go to the same host.
  const reject = state.opts(P).rejectImages || state.opts(P).rejectCover;
  if (reject) return json(res, 200, { code: 'A20001', data: { count: 1, pics: { pic_1: { ret: -1, msg: reject } } } });
  if (bytes.length === 0) return json(res, 200, { code: 'A20001', data: { count: 1, pics: { pic_1: { ret: -1, msg: '文件为空' } } } });
  const m = state.storeMedia(P, u.uid, 'image', bytes, req.headers['content-type']);
  json(res, 200, { code: 'A00006', data: { count: 1, pics: { pic_1: { ret: 1, pid: m.id, width: 800, height: 600, size: m.size } } } });
}

async function update(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = state.user(req, P);
  if (!u) return json(res, 200, { ok: -100, msg: '请先登录', url: `${route.prefix}${LOGIN}` });
  const b = new URLSearchParams((await readBody(req, 1024 * 1024)).toString('utf8'));
  // The composer sends `media: {}`; the video page names its video there.
  if (/"type"\s*:\s*"video"/.test(b.get('media') ?? '')) return updateVideo(res, route, state, u, b);
  const content = b.get('content') ?? '';
  const picIds = (b.get('pic_id') ?? '').split(',').filter(Boolean);
  const pics = picIds.map((id) => state.media.get(id));
  const visibility = Object.entries(WEIBO_VISIBILITY).find(([, v]) => String(v) === b.get('visible'))?.[0];
  const refuse = (msg: string) => json(res, 200, { ok: 0, msg });
  if (!content.trim() && pics.length === 0) return refuse('内容不能为空');
  if (Array.from(content).length > WEIBO_MAX_CHARS) return refuse(`超出 ${WEIBO_MAX_CHARS} 字`);
  if (pics.length > WEIBO_MAX_PICS || pics.some((m) => !m || m.account !== u.uid)) return refuse('图片无效');
  if (!visibility) return refuse('可见范围无效');
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return refuse(rejected);
  const mid = newNumericId(state, 16);
  const bid = Number(mid).toString(36).toUpperCase();
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: u.uid,
      postId: bid,
      url: `${route.prefix}/weibo.com/${u.uid}/${bid}`,
      body: content,
      settings: { visibility },
      media: pics.map((m) => ({ kind: 'image' as const, size: m!.size, sha256: m!.sha256 })),
    },
    { ok: 1, data: updateAnswerData(state.opts(P).forms.updateAnswer, { mid, bid, text: content, uid: u.uid }) },
  );
}

/** weibo's created_at format, e.g. "Tue Nov 25 10:00:00 +0800 2026". */
function weiboDate(iso: string): string {
  const d = new Date(Date.parse(iso) + 8 * 3600_000);
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d.getUTCDay()];
  const mon = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()];
  const two = (n: number) => String(n).padStart(2, '0');
  return `${day} ${mon} ${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0800 ${d.getUTCFullYear()}`;
}

function myPosts(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const u = state.user(req, P);
  if (!u) return json(res, 200, { ok: -100, msg: '请先登录' });
  const uid = route.query.get('uid') ?? '';
  // Only the owner sees posts limited to friends or to themselves.
  const list = state.published
    .filter((p) => p.platform === P && p.account === uid && (uid === u.uid || p.settings.visibility === '公开'))
    .reverse()
    .map((p) =>
      p.settings.kind === 'video'
        ? { idstr: midOf(p.postId), mblogid: p.postId, text_raw: p.body, page_info: { object_type: 'video', page_title: p.title }, created_at: weiboDate(p.at), user: { idstr: p.account } }
        : p.settings.kind === 'article'
        ? { idstr: p.postId, mblogid: p.postId, ...articleRow(state, p), created_at: weiboDate(p.at), user: { idstr: p.account } }
        : { idstr: midOf(p.postId), mblogid: p.postId, text_raw: p.body, created_at: weiboDate(p.at), user: { idstr: p.account } },
    );
  json(res, 200, { ok: 1, data: { list, total: list.length } });
}

/**
 * How an article's announcing post shows in the author's posts. Default: its
 * text (what the publish call sent) with the address, page_info.page_url the
 * article's https address. `forms.articleRow: app` (a public client's recorded
 * row): no announcing text, page_info {object_type article, page_id, object_id
 * 1022:<id>, page_url the app's articlebrowser address wrapping the mobile
 * page, page_title the author, content1 the title}.
 */
function articleRow(state: SimState, p: Publish): Record<string, unknown> {
  if (state.opts(P).forms.articleRow === 'app') {
    const id = p.postId;
    const mobile = `https://weibo.com/ttarticle/x/m/show/id/${id}?_wb_client_=1`;
    return {
      text_raw: '',
      page_info: { object_type: 'article', page_id: id, object_id: `1022:${id}`, page_url: `sinaweibo://articlebrowser?object_id=1022%3A${id}&url=${encodeURIComponent(mobile)}&extparam=lmid--0`, page_title: `@${p.account}`, content1: p.title },
    };
  }
  const text = String(p.settings.text || `发布了头条文章：《${p.title}》`);
  return { text_raw: `${text} ${String(p.settings.pageUrl)}`, page_info: { object_type: 'article', page_url: p.settings.pageUrl } };
}

function detail(res: ServerResponse, state: SimState, bid: string): void {
  const p = state.published.find((x) => x.platform === P && x.postId === bid);
  if (!p) return html(res, shell('404', '<main>微博不存在</main>'), 404);
  html(res, shell('微博正文', `<main><article><div class="detail_wbtext" style="white-space:pre-wrap">${esc(p.body)}</div></article></main>`));
}

function shell(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>${body}</body></html>`;
}
