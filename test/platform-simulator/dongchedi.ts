/**
 * The dongchedi (懂车帝 懂车号) replica: the article editor at
 * mp.dcdapp.com/profile_v2/publish/article with the controls the public source
 * records (provenance in edge-node/src/adapters/dongchedi/provenance.ts): the title in
 * the page's first textarea, the UEditor frame iframe#ueditor_0 whose body is
 * the editor's document (what it saves is that body), the cover card
 * div.fake-upload-trigger with its 本地上传 menu entry, the poster input
 * div.xigua-upload-poster-trigger > input, the crop dialog (div.clip-btn-content,
 * 确定) and its confirmation (button.m-button.red), and button.publish-btn
 * 预览并发布. The account call, the cover upload, the publish call, the article
 * list, the login redirect and the refusal toasts (.byte-message-error) are
 * the replica's own: no source records them. The session is the simulator's
 * default cookie (no source names 懂车号's). The page also holds the account
 * in window.Garr.pgc_info.user, as public login probes read it.
 *
 * `forms` (each recorded form): `account-call` — `media-info` (default: the
 * account call answers) or `page-global` (get_media_info is gone, answering
 * 404; only the page's Garr.pgc_info names the account); `publish-call` —
 * `agw` (default: POST mp/agw/article/publish answering { code: 0, data:
 * { group_id } }) or `motor` (POST motor/content_publish/publish_mp_article/v1
 * answering { status: 0, data: { code: 0, data: { pgc_id } } }, the call and
 * answer a public client records) or `motor-none` (that answer naming no
 * pgc_id); `editor` — `ueditor` (default) or `prosemirror` (the later editor a
 * public script records: a title box with placeholder 请输入文章标题, a
 * ProseMirror body that takes a paste, and a button reading 发布; the cover
 * card stays the replica's); `confirm` — `none` (default) or `dialog` (the
 * publish button opens a [role=dialog] asking 确认发布 before the article is
 * sent, the confirmation public adapters are written to click).
 *
 * `omit` names: `title-box`, `editor-frame`, `local-upload`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { noticeJs, pageNoticeJs } from './page-notice.js';
import { esc, html, json, readBody, readJson, redirect, type Route } from './http.js';
import { acceptPublish, newNumericId, router, type PlatformSim, type User } from './platform.js';
import { RICH_EDITOR_JS } from './rich-paste.js';
import type { SimState } from './state.js';

const P = 'dongchedi';
const MP = '/mp.dcdapp.com';
const COVERS = 'dongchedi.covers';

function pageUser(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): User | null {
  const user = state.user(req, P);
  if (!user) redirect(res, `${route.prefix}/sso.dcdapp.com/login?next=${encodeURIComponent(route.prefix + route.path)}`);
  return user;
}

function apiUser(req: IncomingMessage, res: ServerResponse, state: SimState): User | null {
  const user = state.user(req, P);
  if (!user) json(res, 200, { code: 4001, message: '用户未登录', data: null });
  return user;
}

const CSS = `[hidden]{display:none!important} textarea{width:600px} iframe#ueditor_0{width:600px;height:200px;border:1px solid #eee}
 .fake-upload-trigger{width:160px;height:90px;border:1px dashed #999;cursor:pointer} .fake-upload-trigger img{max-width:160px}
 .dialog{position:fixed;inset:15%;background:#fff;border:1px solid #ccc} .byte-message{position:fixed;top:8px;left:40%}`;

function editorPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = pageUser(req, res, route, state);
  if (!user) return;
  const omit = state.opts(P).omit;
  const prose = state.opts(P).forms.editor === 'prosemirror';
  const body = `<div id="root"><div class="publish-article">
  ${omit.includes('title-box') ? '' : prose ? '<div class="title-wrap"><input type="text" placeholder="请输入文章标题（5-30个字）"></div>' : '<div class="title-wrap"><textarea placeholder="请输入标题" rows="1"></textarea></div>'}
  <div class="editor-wrap">${omit.includes('editor-frame') ? '' : prose ? '<div class="ProseMirror" contenteditable="true"><p><br></p></div>' : '<iframe id="ueditor_0" frameborder="0"></iframe>'}</div>
  <div class="cover-wrap"><span>封面</span><div class="fake-upload-trigger"><span>上传封面</span></div>
    <ul class="upload-menu" hidden>${omit.includes('local-upload') ? '' : '<li class="menu-item">本地上传</li>'}<li class="menu-item">素材库</li></ul>
    <div class="xigua-upload-poster-trigger" hidden><input type="file" accept="image/*"></div></div>
  <div class="publish-wrap"><button type="button" class="publish-btn draft">存草稿</button> <button type="button" class="publish-btn">${prose ? '发布' : '预览并发布'}</button></div>
</div>
<div class="dialog clip-dialog" hidden><div class="clip-area"></div><div class="clip-btn-content">裁剪</div><button type="button" class="ok">确定</button></div>
<div class="dialog confirm-dialog" hidden><p>确认使用该封面？</p><button type="button" class="m-button">取消</button><button type="button" class="m-button red">确认</button></div>
</div>`;
  const publishPath = state.opts(P).forms['publish-call']?.startsWith('motor') ? 'motor/content_publish/publish_mp_article/v1' : 'mp/agw/article/publish';
  const script = `
window.Garr = { pgc_info: { user: ${JSON.stringify({ id: /^\d+$/.test(user.uid) ? Number(user.uid) : user.uid, screen_name: user.name })} } };
const BASE = ${JSON.stringify(route.prefix)};
const live = (u) => BASE + '/' + String(u).replace(/^(https?:)?\\/\\//, '');
const message = (type, text) => { for (const old of document.querySelectorAll('[data-sim-message]')) old.remove(); const m = document.createElement('div'); m.dataset.simMessage = ''; m.className = 'byte-message byte-message-' + type; m.textContent = text; document.body.appendChild(m); };
${noticeJs(state.opts(P).forms['refusal-form'] ?? 'byte')}
${RICH_EDITOR_JS}
const prose = document.querySelector('.ProseMirror') ? richEditor(document.querySelector('.ProseMirror')) : null;
const frame = document.querySelector('#ueditor_0');
if (frame) { const d = frame.contentDocument; d.open(); d.write('<!doctype html><html><head><style>body{font-size:16px}</style></head><body class="view" contenteditable="true"><p><br></p></body></html>'); d.close(); }
let cover = null, pending = null;
const trigger = document.querySelector('.fake-upload-trigger');
trigger.addEventListener('click', () => { document.querySelector('.upload-menu').hidden = false; });
for (const li of document.querySelectorAll('.upload-menu li')) li.addEventListener('click', () => {
  document.querySelector('.upload-menu').hidden = true;
  if (li.textContent === '本地上传') document.querySelector('.xigua-upload-poster-trigger').hidden = false;
});
document.querySelector('.xigua-upload-poster-trigger input').addEventListener('change', async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  try {
    const j = await (await fetch(live('https://mp.dcdapp.com/mp/agw/article/cover/upload?name=' + encodeURIComponent(file.name)), { method: 'POST', credentials: 'include', headers: { 'content-type': file.type || 'image/jpeg' }, body: file })).json();
    if (j.code !== 0) return message('error', j.message || '封面上传失败');
    pending = { url: j.data.url, preview: URL.createObjectURL(file) };
    document.querySelector('.xigua-upload-poster-trigger').hidden = true;
    document.querySelector('.clip-dialog').hidden = false;
  } catch (err) { message('error', '网络错误'); }
});
document.querySelector('.clip-dialog .ok').addEventListener('click', () => { document.querySelector('.clip-dialog').hidden = true; document.querySelector('.confirm-dialog').hidden = false; });
document.querySelector('.confirm-dialog .red').addEventListener('click', () => {
  document.querySelector('.confirm-dialog').hidden = true;
  cover = pending.url;
  trigger.innerHTML = ''; const img = document.createElement('img'); img.src = pending.preview; trigger.appendChild(img);
});
const confirmFirst = ${JSON.stringify(state.opts(P).forms.confirm === 'dialog')};
document.querySelectorAll('.publish-btn')[1].addEventListener('click', async () => {
  ${pageNoticeJs(state.opts(P).forms)}
  if (!confirmFirst) return send();
  const d = document.createElement('div'); d.setAttribute('role', 'dialog'); d.className = 'dialog';
  d.innerHTML = '<p>确认发布这篇文章？</p><button type="button" class="cancel">取消</button> <button type="button" class="ok">确认发布</button>';
  document.body.appendChild(d);
  d.querySelector('.cancel').addEventListener('click', () => d.remove());
  d.querySelector('.ok').addEventListener('click', () => { d.remove(); send(); });
});
async function send() {
  const title = document.querySelector('textarea, [placeholder*="请输入文章标题"]');
  if (!title || !title.value.trim()) return message('error', '请输入标题');
  const content = prose ? prose.html() : frame ? frame.contentDocument.body.innerHTML : '';
  try {
    const j = await (await fetch(live('https://mp.dcdapp.com/' + ${JSON.stringify(publishPath)}), { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: title.value, content, cover }) })).json();
    if (j.code === 0 || (j.status === 0 && j.data && j.data.code === 0)) return message('success', '发布成功');
    message('error', j.message || '发布失败');
  } catch (err) { message('error', '网络错误，请重试'); }
}`;
  html(res, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>懂车号 - 发布文章</title><style>${CSS}</style></head><body>${body}<script>${script}</script></body></html>`);
}

/** POST mp/agw/article/cover/upload: stores the picture; `rejectCover` refuses it. */
async function uploadCover(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const user = apiUser(req, res, state);
  if (!user) return;
  const bytes = await readBody(req, 16 * 1024 * 1024);
  const reject = state.opts(P).rejectCover;
  if (reject) return json(res, 200, { code: 1, message: reject });
  if (bytes.length === 0) return json(res, 200, { code: 1, message: '图片为空' });
  const m = state.storeMedia(P, user.uid, 'cover', bytes, req.headers['content-type']);
  const url = `https://p3-dcd.byteimg.com/obj/cover/${m.id}`;
  state.bag<{ account: string; mediaId: string }>(COVERS).set(url, { account: user.uid, mediaId: m.id });
  json(res, 200, { code: 0, data: { url } });
}

/** POST mp/agw/article/publish: checks as the editor does, records the article. */
async function publish(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const user = apiUser(req, res, state);
  if (!user) return;
  const b = await readJson(req);
  const form = state.opts(P).forms['publish-call'] ?? 'agw';
  const refuse = (message: string) => json(res, 200, form === 'agw' ? { code: 1, message } : { status: 0, message, data: { code: 1, message } });
  const title = String(b.title ?? '');
  const content = String(b.content ?? '');
  const text = content.replace(/<[^>]+>/g, '').replace(/\s+/g, '');
  if (!title.trim()) return refuse('请输入标题');
  if (!text) return refuse('请输入正文');
  const c = typeof b.cover === 'string' ? state.bag<{ account: string; mediaId: string }>(COVERS).get(b.cover) : undefined;
  const cover = c && c.account === user.uid ? state.media.get(c.mediaId) : undefined;
  if (b.cover && !cover) return refuse('封面无效');
  if (state.opts(P).rejectPublish) return refuse(state.opts(P).rejectPublish as string);
  const id = newNumericId(state, 19);
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: user.uid,
      postId: id,
      url: `${route.prefix}/www.dongchedi.com/article/${id}`,
      title,
      body: content,
      settings: { type: 'article' },
      media: cover ? [{ kind: 'cover', size: cover.size, sha256: cover.sha256 }] : [],
    },
    form === 'agw' ? { code: 0, message: 'success', data: { group_id: id } } : { status: 0, message: 'success', data: { code: 0, data: form === 'motor' ? { pgc_id: id } : {} } },
  );
}

export const dongchedi: PlatformSim = {
  platform: P,
  contentTypes: ['article'],
  handle: router([
    ['GET', `${MP}/profile_v2/publish/article`, editorPage],
    ['GET', '/sso.dcdapp.com/login', (_req, res) => html(res, '<!doctype html><html><body><h1>登录</h1></body></html>')],
    [
      'GET',
      `${MP}/mp/agw/media/get_media_info`,
      (req, res, _route, state) => {
        if (state.opts(P).forms['account-call'] === 'page-global') return json(res, 404, { code: 404, message: 'Not Found' });
        const user = apiUser(req, res, state);
        if (user) json(res, 200, { code: 0, message: 'success', data: { user: { id: user.uid, screen_name: user.name } } });
      },
    ],
    ['POST', `${MP}/mp/agw/article/cover/upload`, uploadCover],
    ['POST', `${MP}/mp/agw/article/publish`, publish],
    ['POST', `${MP}/motor/content_publish/publish_mp_article/v1`, publish],
    [
      'GET',
      `${MP}/mp/agw/article/list`,
      (req, res, _route, state) => {
        const user = apiUser(req, res, state);
        if (!user) return;
        const list = state.published
          .filter((p) => p.platform === P && p.account === user.uid)
          .reverse()
          .map((p) => ({ group_id: p.postId, title: p.title ?? '', publish_time: Math.floor(Date.parse(p.at) / 1000), status: 1 }));
        json(res, 200, { code: 0, data: { list, total: list.length } });
      },
    ],
    ['GET', /^\/www\.dongchedi\.com\/article\/(\d+)$/, (_req, res, _route, state, [id]) => {
      const post = state.published.find((p) => p.platform === P && p.postId === id);
      if (!post) return json(res, 404, { code: 404, message: '文章不存在' });
      html(res, `<!doctype html><html><body><h1>${esc(post.title ?? '')}</h1><div class="article-body">${post.body}</div></body></html>`);
    }],
  ]),
};
