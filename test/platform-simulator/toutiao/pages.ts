/**
 * The toutiao replica's creator pages, with the controls the sources record:
 * - the article editor (graphic/publish, a draft at ?pgc_id=): the title
 *   textarea "请输入文章标题（2～30个字）", the ProseMirror body, the cover slot
 *   and 预览并发布;
 * - the 微头条 composer (weitoutiao/publish): the ProseMirror text editor, the
 *   toolbar's 图片 button and its drawer (file input, data-e2e
 *   imageUploadConfirm-btn), one .image-remove-btn per picture, the 作品声明
 *   and 头条首发 check boxes, and publish-content;
 * - the video upload page (xigua/upload-video): the video/* input, then the
 *   form with 作品标题, the zone-container description, the cover dialog
 *   (cover-container → byte-upload-trigger → byte-upload-input → 完成) and 发布,
 *   disabled until the upload is done.
 *
 * The composer publishes through mp/agw/article/wtt (JSON), or with
 * `forms.wttRequest: ugc` through the older www.toutiao.com/c/ugc/content/publish/
 * (a form); the upload page through xigua/api/upload/PublishVideo (JSON).
 *
 * `omit` names these pages know: `title-input` (the article editor loses its
 * title), `image-button` (the composer loses 图片), `declarations` (the
 * composer loses its 作品声明 boxes), `video-input` (the upload page loses its
 * input).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, type Route } from '../http.js';
import type { SimState } from '../state.js';
import { app, creatorUser, drafts, P, pageKit, shell, TOUTIAO_DECLARATIONS } from './common.js';

const CSS = `[hidden]{display:none!important} .byte-checkbox-target{position:absolute;opacity:0;width:1px;height:1px}
.byte-drawer-wrapper,.byte-modal-wrapper{position:fixed;inset:5%;background:#fff;border:1px solid #ccc;z-index:10}`;

export function homePage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const u = creatorUser(req, res, route, state);
  if (u) app(res, shell('头条号', `<div class="mp-header"><span class="user-name">${esc(u.name)}</span></div><div class="profile-index">主页</div>`));
}

export function articleEditor(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const u = creatorUser(req, res, route, state);
  if (!u) return;
  const d = drafts(state).get(route.query.get('pgc_id') ?? '');
  const draft = d && d.account === u.uid ? d.form : undefined;
  const omit = state.opts(P).omit;
  const title = omit.includes('title-input') ? '' : `<div class="editor-title"><textarea placeholder="请输入文章标题（2～30个字）" maxlength="30">${esc(draft?.title ?? '')}</textarea></div>`;
  app(
    res,
    shell(
      '发布文章 - 头条号',
      `<div class="publish-editor">${title}
<div class="syl-editor"><div class="ProseMirror" contenteditable="true">${esc(draft?.content ?? '')}</div></div>
<div class="article-cover"><div class="article-cover-add">+</div></div>
<div class="publish-footer"><button class="byte-btn byte-btn-primary publish-btn publish-btn-last">预览并发布</button></div></div>`,
    ),
  );
}

export function weitoutiaoComposer(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const u = creatorUser(req, res, route, state);
  if (!u) return;
  const script = `${pageKit(route.prefix)}
const OMIT = ${JSON.stringify(state.opts(P).omit)};
const FORMS = ${JSON.stringify(state.opts(P).forms)};
const DECLARATIONS = ${JSON.stringify(TOUTIAO_DECLARATIONS)};
const root = document.querySelector('#root');
const box = (label) => '<label class="byte-checkbox"><input type="checkbox" class="byte-checkbox-target" value="' + esc(label) + '"><span class="byte-checkbox-wrapper"></span><span class="byte-checkbox-inner-text">' + esc(label) + '</span></label>';
let pics = [];
root.innerHTML = '<div class="weitoutiao-publish-container">' +
  '<div class="syl-editor"><div class="ProseMirror" contenteditable="true" data-placeholder="有什么新鲜事想告诉大家"></div></div>' +
  '<div class="upload-list"></div>' +
  '<div class="syl-toolbar">' + (OMIT.includes('image-button') ? '' : '<button class="syl-toolbar-button" type="button"><span>图片</span></button>') + '<button class="syl-toolbar-button" type="button"><span>表情</span></button></div>' +
  (OMIT.includes('declarations') ? '' : '<div class="form-declaration"><span class="form-label">作品声明</span>' + DECLARATIONS.map(box).join('') + '</div>') +
  '<div class="form-exclusive">' + box('头条首发') + '</div>' +
  '<div class="publish-footer"><button class="byte-btn byte-btn-primary publish-content" type="button">发布</button></div></div>';
const list = root.querySelector('.upload-list');
const showPics = () => {
  list.innerHTML = pics.map((p, i) => '<div class="image-item" style="background-image:url(' + esc(p.image_url) + ')"><i class="image-remove-btn" data-i="' + i + '">×</i></div>').join('');
  for (const x of list.querySelectorAll('.image-remove-btn')) x.addEventListener('click', () => { pics.splice(Number(x.dataset.i), 1); showPics(); });
};
const imageButton = [...root.querySelectorAll('.syl-toolbar-button')].find((b) => b.textContent.includes('图片'));
if (imageButton) imageButton.addEventListener('click', drawer);

function drawer() {
  if (document.querySelector('.byte-drawer-wrapper')) return;
  const w = document.createElement('div'); w.className = 'byte-drawer-wrapper';
  w.innerHTML = '<div class="byte-drawer"><div class="upload-image-panel"><div class="byte-upload"><input type="file" multiple accept="image/*" class="byte-upload-input" hidden><button class="byte-btn" type="button">本地上传</button></div>' +
    '<div class="image-list"></div><div class="drawer-footer"><button class="byte-btn" type="button">取消</button><button class="byte-btn byte-btn-primary" type="button" data-e2e="imageUploadConfirm-btn" disabled>确定</button></div></div></div>';
  document.body.appendChild(w);
  const input = w.querySelector('input');
  const [cancel, confirm] = w.querySelectorAll('.drawer-footer button');
  let picked = [];
  input.addEventListener('change', async () => {
    confirm.disabled = true;
    try {
      for (const f of input.files) { picked.push(await uploadImage(f)); w.querySelector('.image-list').insertAdjacentHTML('beforeend', '<div class="image-item image-item-success"></div>'); }
      confirm.disabled = picked.length === 0;
    } catch (e) { picked = []; toast(e.message); }
  });
  cancel.addEventListener('click', () => w.remove());
  confirm.addEventListener('click', () => { pics = pics.concat(picked); showPics(); w.remove(); });
}

root.querySelector('.publish-content').addEventListener('click', async (ev) => {
  const btn = ev.currentTarget;
  const text = root.querySelector('.ProseMirror').innerText.replace(/\\u00a0/g, ' ').trim();
  if (!text) return toast('请输入微头条内容');
  const ticked = [...root.querySelectorAll('.form-declaration input:checked')].map((i) => i.value);
  const exclusive = root.querySelector('.form-exclusive input').checked ? '1' : '0';
  btn.disabled = true;
  try {
    const j = FORMS.wttRequest === 'ugc'
      ? await (await fetch(live('https://www.toutiao.com/c/ugc/content/publish/'), { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ content: text, image_uris: pics.map((p) => p.image_uri).join(','), claim_exclusive: exclusive, content_declaration: JSON.stringify(ticked) }) })).json()
      : await (await fetch(live('https://mp.toutiao.com/mp/agw/article/wtt?aid=1231'), { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: text, image_list: pics.map((p) => p.image_uri), extra: JSON.stringify({ claim_exclusive: exclusive }), is_fans_article: 2, pre_upload: 1, content_declaration: ticked }) })).json();
    if (j.code === 0 || (j.code === undefined && j.message === 'success')) { history.pushState({}, '', live('https://mp.toutiao.com/profile_v4/weitoutiao')); root.innerHTML = '<div class="weitoutiao-list"><h2>微头条</h2><p>发布成功</p></div>'; return; }
    toast(j.message || '发布失败');
  } catch (e) { toast('网络错误，请重试'); }
  btn.disabled = false;
});`;
  app(res, shell('发微头条 - 头条号', '<div id="root"></div>', script, CSS));
}

export function videoUploadPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const u = creatorUser(req, res, route, state);
  if (!u) return;
  const script = `${pageKit(route.prefix)}
const OMIT = ${JSON.stringify(state.opts(P).omit)};
const root = document.querySelector('#root');
const api = async (url, init) => (await fetch(live(url), { credentials: 'include', ...init })).json();
const state = { videoId: null, poster: null };
root.innerHTML = '<div class="upload-video-page"><div class="upload-video-trigger">' + (OMIT.includes('video-input') ? '' : '<input type="file" accept="video/*" hidden>') + '<div class="upload-btn">点击上传或将文件拖入此区域</div></div></div>';
const input = root.querySelector('input');
if (input) input.addEventListener('change', () => input.files[0] && start(input.files[0]));

async function start(file) {
  form();
  const progress = root.querySelector('.progress-text');
  const fail = (msg) => { progress.textContent = '上传失败'; if (msg) toast(msg); };
  try {
    const apply = await api('https://mp.toutiao.com/xigua/api/upload/apply?size=' + file.size + '&name=' + encodeURIComponent(file.name), { method: 'POST' });
    if (apply.code !== 0) return fail(apply.message);
    for (let start = 0; start < file.size; start += apply.chunk_size) {
      const end = Math.min(file.size, start + apply.chunk_size);
      const r = await fetch(live(apply.upload_url) + '?offset=' + start, { method: 'PUT', body: file.slice(start, end) }).catch(() => null);
      if (!r || !r.ok) return fail('网络错误');
      progress.textContent = '上传中 ' + Math.floor(end * 100 / file.size) + '%';
    }
    const commit = await api('https://mp.toutiao.com/xigua/api/upload/commit', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ upload_id: apply.upload_id }) });
    if (commit.code !== 0) return fail(commit.message);
    state.videoId = commit.video_id;
    progress.textContent = '上传成功';
    root.querySelector('.publish-btn').disabled = false;
  } catch (e) { fail(e.message); }
}

function form() {
  root.innerHTML = '<div class="video-form"><div class="upload-progress"><span class="progress-text">上传中 0%</span></div>' +
    '<div class="form-title"><input class="byte-input" placeholder="请输入作品标题（1～30个字）" maxlength="30"></div>' +
    '<div class="form-abstract"><div class="zone-container editor-kit-container editor editor-comp-publish" contenteditable="true" data-placeholder="添加作品简介"></div></div>' +
    '<div class="form-cover"><div class="cover-container"><div class="cover-empty">上传封面</div><img class="cover-img" alt="" hidden></div></div>' +
    '<div class="form-footer"><button class="byte-btn byte-btn-primary publish-btn" type="button" disabled>发布</button><button class="byte-btn" type="button">存草稿</button></div></div>';
  root.querySelector('.cover-container').addEventListener('click', coverDialog);
  root.querySelector('.publish-btn').addEventListener('click', publish);
}

function coverDialog() {
  if (document.querySelector('.byte-modal-wrapper')) return;
  const w = document.createElement('div'); w.className = 'byte-modal-wrapper';
  w.innerHTML = '<div class="byte-modal"><div class="byte-modal-title">设置封面</div><div class="byte-upload"><div class="byte-upload-trigger"><span>本地上传</span></div><input type="file" class="byte-upload-input" accept="image/*" hidden></div>' +
    '<img class="cover-preview" alt="" hidden><div class="byte-modal-footer"><button class="byte-btn" type="button">取消</button><button class="byte-btn primary" type="button" disabled>完成</button></div></div>';
  document.body.appendChild(w);
  const file = w.querySelector('input');
  const [cancel, done] = w.querySelectorAll('.byte-modal-footer button');
  let uri = null;
  w.querySelector('.byte-upload-trigger').addEventListener('click', () => w.querySelector('.byte-upload').classList.add('byte-upload-active'));
  file.addEventListener('change', async () => {
    if (!file.files[0]) return;
    try { const d = await uploadImage(file.files[0]); uri = d.image_uri; const p = w.querySelector('.cover-preview'); p.src = d.image_url; p.hidden = false; done.disabled = false; }
    catch (e) { toast('封面上传失败：' + e.message); }
  });
  cancel.addEventListener('click', () => w.remove());
  done.addEventListener('click', () => { if (!uri) return; state.poster = uri; root.querySelector('.cover-img').hidden = false; root.querySelector('.cover-empty').hidden = true; w.remove(); });
}

async function publish(ev) {
  const btn = ev.currentTarget;
  if (!state.videoId) return toast('请等待视频上传完成');
  const body = JSON.stringify({ ItemId: '', Title: root.querySelector('.form-title input').value, VideoInfo: { Vid: state.videoId, ThumbUri: state.poster || '' }, Abstract: root.querySelector('.zone-container').innerText.replace(/\\u00a0/g, ' ').trim(), PublishType: 1, From: 'mp' });
  btn.disabled = true;
  try {
    const j = await api('https://mp.toutiao.com/xigua/api/upload/PublishVideo', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    if (j.status === 0 && j.data && j.data.Code === 0) { history.pushState({}, '', live('https://mp.toutiao.com/profile_v4/xigua/content-manage')); root.innerHTML = '<div class="content-manage"><h2>作品管理</h2><p>发布成功</p></div>'; return; }
    toast((j.data && j.data.Message) || j.message || '发布失败');
  } catch (e) { toast('网络错误，请重试'); }
  btn.disabled = false;
}`;
  app(res, shell('发布视频 - 头条号', '<div id="root"></div>', script, CSS));
}

/** The published article, 微头条 or video on www.toutiao.com. */
export function postPage(res: ServerResponse, state: SimState, id: string): void {
  const p = state.published.find((x) => x.platform === P && x.postId === id);
  if (!p) return html(res, shell('404', '<div>内容不存在</div>'), 404);
  app(res, shell(p.title ?? '微头条', `<article><h1>${esc(p.title ?? '')}</h1><div class="article-content">${esc(p.body)}</div></article>`));
}
