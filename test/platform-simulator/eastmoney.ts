/**
 * The eastmoney (东方财富 财富号) replica: the article editor at
 * mp.eastmoney.com/collect/pc_article/index.html with the controls the public
 * source records (provenance in edge-node/src/adapters/eastmoney/provenance.ts): the
 * title input 标题(1-64字), the ProseMirror body that takes a paste, the cover
 * box div.select-cover-img opening a dialog whose 本地上传 tab
 * (div#tab-upload) holds the last input#upload_input (the toolbar's picture
 * dialog has one of the same id before it), the agreement tick
 * footer.read_item > i.check-icon and the publish div. The account call, the
 * cover upload, the publish call, the article list, the login redirect and
 * the refusal messages (.el-message--error, or the forms `refusal-form` names) are the replica’s own: no source
 * records them. The session is the simulator's default cookie (no source
 * names 财富号's).
 *
 * The video page (mp.eastmoney.com/collect/pc_writer/index.html#/publish/video)
 * as recorded: input#uploadVideo takes the file, then textarea#videoArtTitle
 * appears for the title and the description together, and a span 发布 inside
 * its button publishes. Its upload call, 上传成功 / 上传失败 and the video
 * publish and list calls are the replica's own.
 *
 * Both pages hold the ct and ut cookies public clients read, and
 * caifuhaoapi.eastmoney.com/api/v2/getauthorinfo answers for them
 * ({ Success: 1, Result: { accountId, accountName } }), as Wechatsync records.
 *
 * `forms` (each recorded form): `account-call` — `user-info` (default: the
 * replica's own account call answers) or `authorinfo` (it is gone, answering
 * 404; only getauthorinfo names the account); `publish-call` — `collect`
 * (default: the replica's own POST collect/api/article/publish answering
 * { code: 0, data: { articleId } }) or `gateway` (the editor posts
 * { pageUrl, path: postopt/api/post/PublishArticleWeb, parm } to
 * emfront.eastmoney.com/apifront/Tran/GetData and the answer is
 * { RRquestSuccess, RCode: 200, RData: '{"error_code":0,"me":…}' }, naming no
 * article, as a public client records the call); `agreement` — `unticked`
 * (default) or `ticked` (the tick already carries its class `on`, which a
 * click would take off); `cover-shown` — `img` (default: the adopted cover
 * shows as a picture in the cover box) or `container` (the cover area offers
 * 编辑 and 替换 instead, as a public script waits for); `confirm` — `none`
 * (default) or `dialog` (发布 opens a .dialog_content whose .btn_confirm 确认
 * sends the article, as a public script records); `publish-control` — `div`
 * (default: the recorded div.button_publish.item.editor-btn.editor-main-btn)
 * or `button` (a button.button_publish, as another public client records);
 * `refusal-form` — `el` (default) or `dialog`, and `page-notice`, on both
 * pages (page-notice.ts).
 *
 * `omit` names: `title-input`, `cover-box`, `upload-tab`, `paste-handler`
 * (the editor takes no paste: it stays empty); on the video page
 * `video-input` and `text-box`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, readBody, readJson, redirect, type Route } from './http.js';
import { acceptPublish, newNumericId, router, type PlatformSim, type User } from './platform.js';
import { RICH_EDITOR_JS } from './rich-paste.js';
import { noticeJs, pageNoticeJs } from './page-notice.js';
import type { SimState } from './state.js';

const P = 'eastmoney';
const MP = '/mp.eastmoney.com';
const EDITOR = `${MP}/collect/pc_article/index.html`;
const COVERS = 'eastmoney.covers';
const VIDEOS = 'eastmoney.videos';
const WRITER = `${MP}/collect/pc_writer/index.html`;

/** Logged out, the editor sends the browser off mp.eastmoney.com to a login page. */
function editorUser(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): User | null {
  const user = state.user(req, P);
  if (!user) redirect(res, `${route.prefix}/passport2.eastmoney.com/pub/login?backurl=${encodeURIComponent(route.prefix + route.path)}`);
  return user;
}

function apiUser(req: IncomingMessage, res: ServerResponse, state: SimState): User | null {
  const user = state.user(req, P);
  if (!user) json(res, 200, { code: 401, message: '用户未登录' });
  return user;
}

const CSS = `[hidden]{display:none!important} .ProseMirror{min-height:120px;border:1px solid #eee} .select-cover-img{width:120px;height:80px;border:1px dashed #999;cursor:pointer}
 .select-cover-img img{max-width:120px} .el-dialog__wrapper{position:fixed;inset:10%;background:#fff;border:1px solid #ccc} .check-icon{display:inline-block;width:14px;height:14px;border:1px solid #999;cursor:pointer}
 .check-icon.on{background:#1989fa} .editor-btn{display:inline-block;padding:6px 16px;border:1px solid #ccc;cursor:pointer} .el-tabs__item{display:inline-block;padding:4px 10px;cursor:pointer}`;

/** The ct / ut cookies the logged-in pages hold (the replica's tokens name the account). */
const tokens = (user: User) => ({ ct: `ct${user.uid}`, ut: `ut${user.uid}` });
const tokenCookies = (user: User) => `document.cookie = 'ct=${tokens(user).ct}; path=/'; document.cookie = 'ut=${tokens(user).ut}; path=/';`;

function editorPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = editorUser(req, res, route, state);
  if (!user) return;
  const omit = state.opts(P).omit;
  const body = `<div id="app"><div class="editor-wrap">
  <div class="toolbar"><span class="tool-image">图片</span><div class="image-dialog" hidden><input type="file" id="upload_input" accept="image/*"></div></div>
  ${omit.includes('title-input') ? '' : '<div class="el-input"><input type="text" class="el-input__inner" placeholder="标题(1-64字)" maxlength="64"></div>'}
  <div class="editor-body"><div class="ProseMirror" contenteditable="true"><p><br></p></div></div>
  <div class="cover-row cover_container"><span class="label">封面</span>${omit.includes('cover-box') ? '' : '<div class="select-cover-img"><i class="el-icon-plus"></i><span>选择封面</span></div>'}</div>
  <footer class="read_item"><i class="check-icon${state.opts(P).forms.agreement === 'ticked' ? ' on' : ''}"></i><span>我已阅读并同意《东方财富财富号用户协议》</span></footer>
  <div class="editor-btns"><div class="button_save item editor-btn">存草稿</div>${state.opts(P).forms['publish-control'] === 'button' ? '<button type="button" class="button_publish">发布</button>' : '<div class="button_publish item editor-btn editor-main-btn">发布</div>'}</div>
</div>
<div class="el-dialog__wrapper cover-dialog" hidden><div class="el-dialog"><div class="el-dialog__header">选择封面</div>
  <div class="el-tabs__header"><div id="tab-content" aria-controls="pane-content" class="el-tabs__item is-active">正文图片</div>${
    omit.includes('upload-tab') ? '' : '<div id="tab-upload" aria-controls="pane-upload" class="el-tabs__item">本地上传</div>'
  }</div>
  <div id="pane-content" class="el-tab-pane">正文中没有图片</div>
  <div id="pane-upload" class="el-tab-pane" hidden><input type="file" id="upload_input" accept="image/*"></div>
</div></div></div>`;
  const script = `
${tokenCookies(user)}
const BASE = ${JSON.stringify(route.prefix)};
const live = (u) => BASE + '/' + String(u).replace(/^(https?:)?\\/\\//, '');
const message = (type, text) => { for (const old of document.querySelectorAll('[data-sim-message]')) old.remove(); const m = document.createElement('div'); m.dataset.simMessage = ''; m.setAttribute('role', 'alert'); m.className = 'el-message el-message--' + type; m.innerHTML = '<p class="el-message__content"></p>'; m.firstChild.textContent = text; document.body.appendChild(m); };
${noticeJs(state.opts(P).forms['refusal-form'] ?? 'el')}
${RICH_EDITOR_JS}
const editor = ${JSON.stringify(omit.includes('paste-handler'))} ? { html: () => '', text: () => '' } : richEditor(document.querySelector('.ProseMirror'));
let cover = null;
const dialog = document.querySelector('.cover-dialog');
const box = document.querySelector('.select-cover-img');
if (box) box.addEventListener('click', () => { dialog.hidden = false; });
const tab = document.querySelector('#tab-upload');
if (tab) tab.addEventListener('click', () => { document.querySelector('#pane-content').hidden = true; document.querySelector('#pane-upload').hidden = false; });
document.querySelector('#pane-upload input').addEventListener('change', async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  const j = await (await fetch(live('https://mp.eastmoney.com/collect/api/cover/upload?name=' + encodeURIComponent(file.name)), { method: 'POST', credentials: 'include', headers: { 'content-type': file.type || 'image/jpeg' }, body: file })).json();
  if (j.code !== 0) return message('error', j.message || '封面上传失败');
  cover = j.data.url;
  dialog.hidden = true;
  if (${JSON.stringify(state.opts(P).forms['cover-shown'] === 'container')}) {
    if (!document.querySelector('.cover-actions')) box.insertAdjacentHTML('afterend', '<span class="cover-actions"><span>编辑</span> <span>替换</span></span>');
    return;
  }
  box.querySelector('img')?.remove();
  const img = document.createElement('img'); img.src = URL.createObjectURL(file); box.appendChild(img);
});
const tick = document.querySelector('footer.read_item > i.check-icon');
tick.addEventListener('click', () => tick.classList.toggle('on'));
const confirmFirst = ${JSON.stringify(state.opts(P).forms.confirm === 'dialog')};
document.querySelector('.button_publish').addEventListener('click', async () => {
  ${pageNoticeJs(state.opts(P).forms)}
  const title = document.querySelector('input[placeholder="标题(1-64字)"]');
  if (!tick.classList.contains('on')) return message('error', '请先阅读并同意用户协议');
  if (!title || !title.value.trim()) return message('error', '请输入标题');
  if (!confirmFirst) return send();
  const d = document.createElement('div'); d.className = 'dialog_content';
  d.innerHTML = '<p>确定发布这篇文章吗？</p><div class="button_group"><span class="btn_cancel">取消</span> <span class="btn_confirm">确认</span></div>';
  document.body.appendChild(d);
  d.querySelector('.btn_cancel').addEventListener('click', () => d.remove());
  d.querySelector('.btn_confirm').addEventListener('click', () => { d.remove(); send(); });
});
async function send() {
  const title = document.querySelector('input[placeholder="标题(1-64字)"]');
  try {
    if (${JSON.stringify(state.opts(P).forms['publish-call'] === 'gateway')}) {
      const parm = [{ title: encodeURIComponent(title.value) }, { text: encodeURIComponent('<div class="xeditor_content cfh_web">' + editor.html() + '</div>') }, { cover: cover || '' }];
      const o = await (await fetch(live('https://emfront.eastmoney.com/apifront/Tran/GetData?platform='), { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pageUrl: 'https://mp.eastmoney.com/collect/pc_article/index.html#/', path: 'postopt/api/post/PublishArticleWeb', parm: JSON.stringify(parm) }) })).json();
      const inner = o.RCode === 200 ? JSON.parse(o.RData) : null;
      if (inner && inner.error_code === 0) return message('success', '发布成功');
      return message('error', (inner && inner.me) || o.RMsg || '发布失败');
    }
    const j = await (await fetch(live('https://mp.eastmoney.com/collect/api/article/publish'), { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: title.value, content: editor.html(), cover }) })).json();
    if (j.code === 0) return message('success', '发布成功');
    message('error', j.message || '发布失败');
  } catch (e) { message('error', '网络错误，请重试'); }
}`;
  html(res, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>财富号 - 发文章</title><style>${CSS}</style></head><body>${body}<script>${script}</script></body></html>`);
}

/** POST collect/api/cover/upload: stores the picture; `rejectCover` refuses it. */
async function uploadCover(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const user = apiUser(req, res, state);
  if (!user) return;
  const bytes = await readBody(req, 16 * 1024 * 1024);
  const reject = state.opts(P).rejectCover;
  if (reject) return json(res, 200, { code: 1, message: reject });
  if (bytes.length === 0) return json(res, 200, { code: 1, message: '图片为空' });
  const m = state.storeMedia(P, user.uid, 'cover', bytes, req.headers['content-type']);
  const url = `https://gbres.dfcfw.com/cover/${m.id}.jpg`;
  state.bag<{ account: string; mediaId: string }>(COVERS).set(url, { account: user.uid, mediaId: m.id });
  json(res, 200, { code: 0, data: { url } });
}

/** Checks an article as the editor does and records it; `answer` and `refusal` are the form's answers. */
async function recordArticle(
  res: ServerResponse,
  route: Route,
  state: SimState,
  user: User,
  b: { title?: unknown; content?: unknown; cover?: unknown },
  answer: (id: string) => unknown,
  refusal: (message: string) => unknown,
): Promise<void> {
  const refuse = (message: string) => json(res, 200, refusal(message));
  const title = String(b.title ?? '');
  const content = String(b.content ?? '');
  const text = content.replace(/<[^>]+>/g, '').replace(/\s+/g, '');
  if (!title.trim() || Array.from(title).length > 64) return refuse('标题需为 1-64 字');
  if (!text) return refuse('请输入正文');
  const c = typeof b.cover === 'string' && b.cover ? state.bag<{ account: string; mediaId: string }>(COVERS).get(b.cover) : undefined;
  const cover = c && c.account === user.uid ? state.media.get(c.mediaId) : undefined;
  if (b.cover && !cover) return refuse('封面无效');
  if (state.opts(P).rejectPublish) return refuse(state.opts(P).rejectPublish as string);
  const id = newNumericId(state, 23);
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: user.uid,
      postId: id,
      url: `${route.prefix}/caifuhao.eastmoney.com/news/${id}`,
      title,
      body: content,
      settings: { type: 'article' },
      media: cover ? [{ kind: 'cover', size: cover.size, sha256: cover.sha256 }] : [],
    },
    answer(id),
  );
}

/** POST collect/api/article/publish (the replica's own call). */
async function publish(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const user = apiUser(req, res, state);
  if (!user) return;
  await recordArticle(res, route, state, user, await readJson(req), (id) => ({ code: 0, message: 'success', data: { articleId: id } }), (message) => ({ code: 1, message }));
}

/** POST emfront …/apifront/Tran/GetData with path postopt/api/post/PublishArticleWeb: the recorded gateway, answering in RData. */
async function gateway(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const outer = (inner: unknown) => ({ RRquestSuccess: true, RCode: 200, RMsg: '', RData: JSON.stringify(inner) });
  const user = state.user(req, P);
  if (!user) return json(res, 200, outer({ error_code: 401, me: '用户未登录' }));
  const b = await readJson(req);
  if (b.path !== 'postopt/api/post/PublishArticleWeb') return json(res, 200, { RRquestSuccess: false, RCode: 404, RMsg: 'unknown path', RData: '' });
  const parm = Object.assign({}, ...(JSON.parse(String(b.parm ?? '[]')) as Array<Record<string, string>>));
  const text = decodeURIComponent(parm.text ?? '').replace(/^<div class="xeditor_content cfh_web">([\s\S]*)<\/div>$/, '$1');
  await recordArticle(res, route, state, user, { title: decodeURIComponent(parm.title ?? ''), content: text, cover: parm.cover }, () => outer({ error_code: 0, me: '发布成功' }), (me) => outer({ error_code: 1, me }));
}

/** GET caifuhaoapi …/api/v2/getauthorinfo?ctoken&utoken: the account the tokens name. */
function authorInfo(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = state.user(req, P);
  const q = route.query;
  if (!user || q.get('ctoken') !== tokens(user).ct || q.get('utoken') !== tokens(user).ut) return json(res, 200, { Success: 0, Message: '未登录', Result: null });
  json(res, 200, { Success: 1, Message: '', Result: { accountId: user.uid, accountName: user.name, portrait: '' } });
}

function videoPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = editorUser(req, res, route, state);
  if (!user) return;
  const omit = state.opts(P).omit;
  const body = `<div id="app"><div class="writer-nav"><a href="#/publish/article">文章</a> <a href="#/publish/video">视频</a></div><div id="view"></div></div>`;
  const view = `<div class="video-publish">
  <div class="upload-box">${omit.includes('video-input') ? '' : '<input type="file" id="uploadVideo" accept="video/*">'}<span class="upload-tip">点击上传视频</span><span class="upload-status"></span></div>
  <div class="video-form" hidden>${omit.includes('text-box') ? '' : '<textarea id="videoArtTitle" class="el-textarea__inner" placeholder="请输入视频标题和简介"></textarea>'}
  <button type="button" class="el-button el-button--primary publish-video"><span>发布</span></button></div>
</div>`;
  const script = `
${tokenCookies(user)}
const BASE = ${JSON.stringify(route.prefix)};
const live = (u) => BASE + '/' + String(u).replace(/^(https?:)?\\/\\//, '');
const message = (type, text) => { for (const old of document.querySelectorAll('[data-sim-message]')) old.remove(); const m = document.createElement('div'); m.dataset.simMessage = ''; m.setAttribute('role', 'alert'); m.className = 'el-message el-message--' + type; m.innerHTML = '<p class="el-message__content"></p>'; m.firstChild.textContent = text; document.body.appendChild(m); };
${noticeJs(state.opts(P).forms['refusal-form'] ?? 'el')}
let videoId = null;
function render() {
  const v = document.querySelector('#view');
  if (location.hash !== '#/publish/video') { v.innerHTML = '<p>财富号</p>'; return; }
  v.innerHTML = ${JSON.stringify(view)};
  const input = document.querySelector('#uploadVideo');
  const status = document.querySelector('.upload-status');
  if (input) input.addEventListener('change', async () => {
    const file = input.files[0];
    if (!file) return;
    document.querySelector('.video-form').hidden = false;
    status.textContent = '上传中';
    try {
      const j = await (await fetch(live('https://mp.eastmoney.com/collect/api/video/upload?name=' + encodeURIComponent(file.name)), { method: 'POST', credentials: 'include', headers: { 'content-type': file.type || 'video/mp4' }, body: file })).json();
      if (j.code !== 0) { status.textContent = '上传失败'; return message('error', j.message || '视频上传失败'); }
      videoId = j.data.videoId;
      status.textContent = '上传成功';
    } catch (e) { status.textContent = '上传失败'; message('error', '网络错误'); }
  });
  document.querySelector('.publish-video').addEventListener('click', async () => {
    ${pageNoticeJs(state.opts(P).forms)}
    const box = document.querySelector('#videoArtTitle');
    if (!videoId) return message('error', '请等待视频上传完成');
    if (!box || !box.value.trim()) return message('error', '请输入标题');
    try {
      const j = await (await fetch(live('https://mp.eastmoney.com/collect/api/video/publish'), { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ videoId, content: box.value }) })).json();
      if (j.code === 0) return message('success', '发布成功');
      message('error', j.message || '发布失败');
    } catch (e) { message('error', '网络错误，请重试'); }
  });
}
addEventListener('hashchange', render);
render();`;
  html(res, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>财富号 - 发视频</title><style>${CSS}</style></head><body>${body}<script>${script}</script></body></html>`);
}

/** POST collect/api/video/upload: the whole file in one request; `rejectVideo` refuses it. */
async function uploadVideo(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const user = apiUser(req, res, state);
  if (!user) return;
  const bytes = await readBody(req);
  const reject = state.opts(P).rejectVideo;
  if (reject) return json(res, 200, { code: 1, message: reject });
  if (bytes.length === 0) return json(res, 200, { code: 1, message: '视频为空' });
  const m = state.storeMedia(P, user.uid, 'video', bytes, req.headers['content-type']);
  const videoId = `${state.nextSeq()}${Date.now()}`;
  state.bag<{ account: string; mediaId: string }>(VIDEOS).set(videoId, { account: user.uid, mediaId: m.id });
  json(res, 200, { code: 0, data: { videoId } });
}

/** POST collect/api/video/publish: the first line of the text is the title, the rest the description. */
async function publishVideo(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const user = apiUser(req, res, state);
  if (!user) return;
  const b = await readJson(req);
  const refuse = (message: string) => json(res, 200, { code: 1, message });
  const v = state.bag<{ account: string; mediaId: string }>(VIDEOS).get(String(b.videoId ?? ''));
  const video = v && v.account === user.uid ? state.media.get(v.mediaId) : undefined;
  if (!video) return refuse('视频无效');
  const [title = '', ...rest] = String(b.content ?? '').split('\n');
  if (!title.trim() || Array.from(title).length > 80) return refuse('标题需为 1-80 字');
  if (state.opts(P).rejectPublish) return refuse(state.opts(P).rejectPublish as string);
  const id = newNumericId(state, 23);
  await acceptPublish(
    res,
    state,
    { platform: P, account: user.uid, postId: id, url: `${route.prefix}/caifuhao.eastmoney.com/news/${id}`, title, body: rest.join('\n'), settings: { type: 'video' }, media: [{ kind: 'video', size: video.size, sha256: video.sha256 }] },
    { code: 0, message: 'success', data: { videoId: id } },
  );
}

/** China time as the list shows it. */
const chinaTime = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** GET collect/api/article/list and collect/api/video/list: the account's own posts of one kind, newest first. */
function postList(kind: 'article' | 'video') {
  return (req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): void => {
    const user = apiUser(req, res, state);
    if (!user) return;
    const list = state.published
      .filter((p) => p.platform === P && p.account === user.uid && p.settings.type === kind)
      .reverse()
      .map((p) => ({ [kind === 'article' ? 'articleId' : 'videoId']: p.postId, title: p.title ?? '', publishTime: chinaTime(p.at), status: 1 }));
    json(res, 200, { code: 0, data: { list, total: list.length } });
  };
}

export const eastmoney: PlatformSim = {
  platform: P,
  contentTypes: ['article', 'video'],
  handle: router([
    ['GET', EDITOR, editorPage],
    ['GET', '/passport2.eastmoney.com/pub/login', (_req, res) => html(res, '<!doctype html><html><body><h1>登录</h1></body></html>')],
    [
      'GET',
      `${MP}/collect/api/user/info`,
      (req, res, _route, state) => {
        if (state.opts(P).forms['account-call'] === 'authorinfo') return json(res, 404, { code: 404, message: 'Not Found' });
        const user = apiUser(req, res, state);
        if (user) json(res, 200, { code: 0, data: { uid: user.uid, nickname: user.name } });
      },
    ],
    ['POST', `${MP}/collect/api/cover/upload`, uploadCover],
    ['POST', `${MP}/collect/api/article/publish`, publish],
    ['POST', '/emfront.eastmoney.com/apifront/Tran/GetData', gateway],
    ['GET', '/caifuhaoapi.eastmoney.com/api/v2/getauthorinfo', authorInfo],
    ['GET', `${MP}/collect/api/article/list`, postList('article')],
    ['GET', WRITER, videoPage],
    ['POST', `${MP}/collect/api/video/upload`, uploadVideo],
    ['POST', `${MP}/collect/api/video/publish`, publishVideo],
    ['GET', `${MP}/collect/api/video/list`, postList('video')],
    ['GET', /^\/caifuhao\.eastmoney\.com\/news\/(\d+)$/, (_req, res, _route, state, [id]) => {
      const post = state.published.find((p) => p.platform === P && p.postId === id);
      if (!post) return json(res, 404, { code: 404, message: '文章不存在' });
      html(res, `<!doctype html><html><body><h1>${esc(post.title ?? '')}</h1><div class="article-body">${post.body}</div></body></html>`);
    }],
  ]),
};
