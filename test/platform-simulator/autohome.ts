/**
 * The autohome (汽车之家 车家号) replica: the article editor at
 * chejiahao.autohome.com.cn/article/post.html with the controls the public
 * source records (provenance in edge-node/src/adapters/autohome/provenance.ts): the
 * title input 请输入文章标题(6-30个汉字), the contenteditable body that takes a
 * paste, the 原创 and 首发 boxes (input#isOriginal, input#isFirst), the cover's
 * span 编辑 opening iframe[name='mofangIframe'] whose input[accept="image/*"]
 * takes the picture and whose span 完成制作 adopts it, and the publish div.
 * The creator centre (creator.autohome.com.cn) answers the recorded account
 * call author/api/getAuthorInfo. The cover upload, the publish call, the
 * article list, the cover area's picture, the login redirect and the refusal
 * toasts (.ant-message-error) are the replica's own: no source records them.
 * The session is the simulator's default cookie (no source names 车家号's).
 * The creator centre also answers creatorinfo (returncode 0, result.userid,
 * nickname, role), the account call two other public clients record.
 *
 * `forms`: `account-call` — `getAuthorInfo` (default: both calls answer) or
 * `creatorinfo` (getAuthorInfo is gone, answering 404; only creatorinfo names
 * the account).
 *
 * `omit` names: `title-input`, `original-box`, `cover-edit`, `paste-handler`
 * (the editor takes no paste: it stays empty).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { noticeJs, pageNoticeJs } from './page-notice.js';
import { esc, html, json, readBody, readJson, redirect, type Route } from './http.js';
import { acceptPublish, newNumericId, router, type PlatformSim, type User } from './platform.js';
import { AUTOHOME_VIDEO_ROUTES } from './autohome-video.js';
import { RICH_EDITOR_JS } from './rich-paste.js';
import type { SimState } from './state.js';

const P = 'autohome';
const CJH = '/chejiahao.autohome.com.cn';
const CREATOR = '/creator.autohome.com.cn';
const COVERS = 'autohome.covers';

/** Logged out, the pages send the browser to the autohome account site. */
function pageUser(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): User | null {
  const user = state.user(req, P);
  if (!user) redirect(res, `${route.prefix}/account.autohome.com.cn/login?backurl=${encodeURIComponent(route.prefix + route.path)}`);
  return user;
}

function apiUser(req: IncomingMessage, res: ServerResponse, state: SimState): User | null {
  const user = state.user(req, P);
  if (!user) json(res, 200, { returncode: 2010203, message: '未登录', result: null });
  return user;
}

const CSS = `[hidden]{display:none!important} [contenteditable]{min-height:120px;border:1px solid #eee} .cover-box{width:160px;height:90px;border:1px dashed #999}
 .cover-box img{max-width:160px} iframe[name=mofangIframe]{position:fixed;inset:10%;width:80%;height:60%;background:#fff;border:1px solid #ccc}
 .editor-btn{display:inline-block;padding:6px 16px;border:1px solid #ccc;cursor:pointer} .ant-message{position:fixed;top:8px;left:40%}`;

function editorPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = pageUser(req, res, route, state);
  if (!user) return;
  const omit = state.opts(P).omit;
  const body = `<div id="app"><div class="post-wrap">
  ${omit.includes('title-input') ? '' : '<div class="title-row"><input type="text" class="title-input" placeholder="请输入文章标题(6-30个汉字)"></div>'}
  <div class="editor-body"><div class="editor-content" contenteditable="true"><p><br></p></div></div>
  <div class="setting-row">${omit.includes('original-box') ? '' : '<label><input type="checkbox" id="isOriginal"> 原创</label>'} <label><input type="checkbox" id="isFirst"> 首发</label></div>
  <div class="cover-row"><span class="label">封面</span><div class="cover-box"></div>${omit.includes('cover-edit') ? '' : '<span class="cover-edit">编辑</span>'}</div>
  <div class="editor-btns"><div class="button_save item editor-btn">存草稿</div><div class="button_publish item editor-btn editor-main-btn">发布</div></div>
</div></div>`;
  const script = `
const BASE = ${JSON.stringify(route.prefix)};
const live = (u) => BASE + '/' + String(u).replace(/^(https?:)?\\/\\//, '');
const message = (type, text) => { for (const old of document.querySelectorAll('[data-sim-message]')) old.remove(); const m = document.createElement('div'); m.dataset.simMessage = ''; m.className = 'ant-message ant-message-' + type; m.textContent = text; document.body.appendChild(m); };
${noticeJs(state.opts(P).forms['refusal-form'] ?? 'ant')}
${RICH_EDITOR_JS}
const editor = ${JSON.stringify(omit.includes('paste-handler'))} ? { html: () => '', text: () => '' } : richEditor(document.querySelector('[contenteditable="true"]'));
let cover = null;
const first = document.querySelector('#isFirst');
const original = document.querySelector('#isOriginal');
// 首发 goes with 原创 only.
first.addEventListener('change', () => { if (first.checked && !(original && original.checked)) { first.checked = false; message('error', '首发需同时声明原创'); } });
const edit = document.querySelector('.cover-edit');
if (edit) edit.addEventListener('click', () => {
  if (document.querySelector('iframe[name=mofangIframe]')) return;
  const f = document.createElement('iframe'); f.name = 'mofangIframe'; f.src = live('https://chejiahao.autohome.com.cn/mofang/cover.html'); document.body.appendChild(f);
});
window.coverMade = (result) => {
  document.querySelector('iframe[name=mofangIframe]')?.remove();
  if (result.error) return message('error', result.error);
  cover = result.url;
  const box = document.querySelector('.cover-box'); box.innerHTML = ''; const img = document.createElement('img'); img.src = result.preview; box.appendChild(img);
};
document.querySelector('.button_publish').addEventListener('click', async () => {
  ${pageNoticeJs(state.opts(P).forms)}
  const title = document.querySelector('input[placeholder="请输入文章标题(6-30个汉字)"]');
  if (!title || !title.value.trim()) return message('error', '请输入标题');
  try {
    const j = await (await fetch(live('https://chejiahao.autohome.com.cn/article/api/publish'), { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: title.value, content: editor.html(), cover, isOriginal: Boolean(original && original.checked), isFirst: first.checked }) })).json();
    if (j.returncode === 0) return message('success', '发布成功');
    message('error', j.message || '发布失败');
  } catch (e) { message('error', '网络错误，请重试'); }
});`;
  html(res, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>车家号 - 发布文章</title><style>${CSS}</style></head><body>${body}<script>${script}</script></body></html>`);
}

/** The 魔方 cover frame: a picture input, then 完成制作 uploads it and hands the result to the editor. */
function coverFrame(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = pageUser(req, res, route, state);
  if (!user) return;
  const script = `
const BASE = ${JSON.stringify(route.prefix)};
const live = (u) => BASE + '/' + String(u).replace(/^(https?:)?\\/\\//, '');
document.querySelector('.done').addEventListener('click', async () => {
  const file = document.querySelector('input[accept="image/*"]').files[0];
  if (!file) return;
  try {
    const j = await (await fetch(live('https://chejiahao.autohome.com.cn/mofang/api/upload?name=' + encodeURIComponent(file.name)), { method: 'POST', credentials: 'include', headers: { 'content-type': file.type || 'image/jpeg' }, body: file })).json();
    parent.coverMade(j.returncode === 0 ? { url: j.result.url, preview: URL.createObjectURL(file) } : { error: j.message || '封面上传失败' });
  } catch (e) { parent.coverMade({ error: '网络错误' }); }
});`;
  html(res, `<!doctype html><html><body><div class="mofang"><input type="file" accept="image/*"><span class="done">完成制作</span></div><script>${script}</script></body></html>`);
}

/** POST mofang/api/upload: stores the picture; `rejectCover` refuses it. */
async function uploadCover(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const user = apiUser(req, res, state);
  if (!user) return;
  const bytes = await readBody(req, 16 * 1024 * 1024);
  const reject = state.opts(P).rejectCover;
  if (reject) return json(res, 200, { returncode: 1, message: reject });
  if (bytes.length === 0) return json(res, 200, { returncode: 1, message: '图片为空' });
  const m = state.storeMedia(P, user.uid, 'cover', bytes, req.headers['content-type']);
  const url = `https://chejiahao.autoimg.cn/cover/${m.id}.jpg`;
  state.bag<{ account: string; mediaId: string }>(COVERS).set(url, { account: user.uid, mediaId: m.id });
  json(res, 200, { returncode: 0, result: { url } });
}

/** POST article/api/publish: checks as the editor does, records the article. */
async function publish(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const user = apiUser(req, res, state);
  if (!user) return;
  const b = await readJson(req);
  const refuse = (message: string) => json(res, 200, { returncode: 1, message });
  const title = String(b.title ?? '');
  const content = String(b.content ?? '');
  const text = content.replace(/<[^>]+>/g, '').replace(/\s+/g, '');
  const n = Array.from(title.trim()).length;
  if (n < 6 || n > 30) return refuse('标题需为 6-30 个汉字');
  if (!text) return refuse('请输入正文');
  const c = typeof b.cover === 'string' ? state.bag<{ account: string; mediaId: string }>(COVERS).get(b.cover) : undefined;
  const cover = c && c.account === user.uid ? state.media.get(c.mediaId) : undefined;
  if (b.cover && !cover) return refuse('封面无效');
  if (state.opts(P).rejectPublish) return refuse(state.opts(P).rejectPublish as string);
  const id = newNumericId(state, 9);
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: user.uid,
      postId: id,
      url: `${route.prefix}/chejiahao.autohome.com.cn/info/${id}`,
      title,
      body: content,
      settings: { type: 'article', original: b.isOriginal === true, first: b.isFirst === true },
      media: cover ? [{ kind: 'cover', size: cover.size, sha256: cover.sha256 }] : [],
    },
    { returncode: 0, message: 'success', result: { articleId: Number(id) } },
  );
}

/** China time as the list shows it. */
const chinaTime = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

export const autohome: PlatformSim = {
  platform: P,
  contentTypes: ['article', 'video'],
  // The article pages first: where both name a path (the account call, a published page), theirs answers.
  handle: router([
    ['GET', `${CJH}/article/post.html`, editorPage],
    ['GET', `${CJH}/mofang/cover.html`, coverFrame],
    ['POST', `${CJH}/mofang/api/upload`, uploadCover],
    ['POST', `${CJH}/article/api/publish`, publish],
    ['GET', '/account.autohome.com.cn/login', (_req, res) => html(res, '<!doctype html><html><body><h1>登录</h1></body></html>')],
    [
      'GET',
      `${CREATOR}/`,
      (req, res, route, state) => {
        const user = pageUser(req, res, route, state);
        if (user) html(res, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>车家号创作者中心</title></head><body><div class="author-name">${esc(user.name)}</div></body></html>`);
      },
    ],
    [
      'GET',
      `${CREATOR}/author/api/getAuthorInfo`,
      (req, res, _route, state) => {
        if (state.opts(P).forms['account-call'] === 'creatorinfo') return json(res, 404, { returncode: 404, message: 'Not Found' });
        const user = apiUser(req, res, state);
        if (user) json(res, 200, { returncode: 0, message: 'success', result: { authorId: /^\d+$/.test(user.uid) ? Number(user.uid) : user.uid, name: user.name, avatar: '' } });
      },
    ],
    [
      'GET',
      `${CREATOR}/openapi/ypttd/yjc/csc/creator/creatorinfo`,
      (req, res, _route, state) => {
        const user = apiUser(req, res, state);
        if (user) json(res, 200, { returncode: 0, message: 'success', result: { userid: /^\d+$/.test(user.uid) ? Number(user.uid) : user.uid, nickname: user.name, role: 2 } });
      },
    ],
    [
      'GET',
      `${CREATOR}/author/api/article/list`,
      (req, res, _route, state) => {
        const user = apiUser(req, res, state);
        if (!user) return;
        const list = state.published
          .filter((p) => p.platform === P && p.account === user.uid)
          .reverse()
          .map((p) => ({ articleId: Number(p.postId), title: p.title ?? '', publishTime: chinaTime(p.at), status: 1 }));
        json(res, 200, { returncode: 0, result: { list, total: list.length } });
      },
    ],
    ['GET', /^\/chejiahao\.autohome\.com\.cn\/info\/(\d+)$/, (_req, res, _route, state, [id]) => {
      const post = state.published.find((p) => p.platform === P && p.postId === id);
      if (!post) return json(res, 404, { returncode: 404, message: '文章不存在' });
      html(res, `<!doctype html><html><body><h1>${esc(post.title ?? '')}</h1><div class="article-body">${post.body}</div></body></html>`);
    }],
    ...AUTOHOME_VIDEO_ROUTES,
  ]),
};
