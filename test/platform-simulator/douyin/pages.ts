/**
 * The douyin replica's creator pages: one single-page app, as the real
 * creator centre is. content/upload offers 发布视频 (a file input; picking a
 * file moves to content/post/video while the upload runs) and 发布图文 (an
 * image input; the images upload, then content/post/image). The publish form
 * has the recorded controls: 作品标题 input, the zone-container description
 * editor, the upload card (重新上传 when done), 选择封面 with its modal
 * (设置竖封面 / 设置横封面, upload, 完成), 自主声明 with its single-choice
 * modal, 合集, 谁可以看, 定时发布 with its 日期和时间 input, and 发布.
 * After a successful publish it shows content/manage.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Route } from '../http.js';
import type { SimState } from '../state.js';
import { creatorUser, DOUYIN_COLLECTIONS, DOUYIN_DECLARATIONS, DOUYIN_VISIBILITY, P } from './common.js';

const CSS = `[hidden]{display:none!important} .semi-button-disabled{opacity:.5;pointer-events:none} .semi-modal{position:fixed;inset:10%;background:#fff;border:1px solid #ccc}`;

export function creatorApp(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = creatorUser(req, res, route, state);
  if (!user) return;
  const omit = state.opts(P).omit;
  const body = `<div id="root"><div class="container-main"></div></div>`;
  const script = `
const BASE = ${JSON.stringify(route.prefix)};
const OMIT = ${JSON.stringify(omit)};
const DECLARATIONS = ${JSON.stringify(DOUYIN_DECLARATIONS)};
const COLLECTIONS = ${JSON.stringify(DOUYIN_COLLECTIONS)};
const VISIBILITY = ${JSON.stringify(DOUYIN_VISIBILITY)};
const live = (u) => BASE + '/' + String(u).replace(/^(https?:)?\\/\\//, '');
const root = document.querySelector('.container-main');
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const go = (path) => history.pushState({}, '', live('https://creator.douyin.com' + path));
const toast = (msg) => { for (const old of document.querySelectorAll('[data-sim-message]')) old.remove(); const t = document.createElement('div'); t.dataset.simMessage = ''; t.className = 'semi-toast-content'; t.textContent = msg; document.body.appendChild(t); };
const api = async (path, init) => (await fetch(live('https://creator.douyin.com' + path), { credentials: 'include', ...init })).json();
const state = { kind: null, videoId: null, images: [], cover: null, coverOrientation: null, declaration: null, collection: null, visibility: 0, timing: 0 };

function uploadPage() {
  root.innerHTML = '<div class="tab-list"><div class="tab-item tab-item-active">发布视频</div><div class="tab-item">发布图文</div></div><div class="semi-tabs semi-tabs-top"></div><div class="upload-area"></div>';
  const area = root.querySelector('.upload-area');
  const videoTab = () => { area.innerHTML = OMIT.includes('video-input') ? '' : '<input class="upload-btn-input" type="file" accept="video/mp4,video/x-m4v,video/*" style="display:none"><div class="upload-btn">上传视频</div>';
    const input = area.querySelector('input'); if (input) input.addEventListener('change', () => input.files[0] && startVideo(input.files[0])); };
  const imageTab = () => { area.innerHTML = OMIT.includes('image-input') ? '' : '<input type="file" multiple accept="image/png,image/jpeg,image/jpg,image/bmp,image/webp,image/tif" style="display:none"><div class="upload-btn">上传图文</div>';
    const input = area.querySelector('input'); if (input) input.addEventListener('change', () => input.files.length && startImages([...input.files])); };
  const [v, i] = root.querySelectorAll('.tab-item');
  v.addEventListener('click', videoTab); i.addEventListener('click', imageTab);
  if (new URLSearchParams(location.search).get('default-tab') === '3') imageTab(); else videoTab();
}

async function startVideo(file) {
  state.kind = 'video'; state.videoId = null;
  go('/creator-micro/content/post/video?enter_from=publish_page');
  form();
  const card = root.querySelector('.progress-div');
  const show = (html) => { card.innerHTML = html; };
  try {
    const apply = await api('/web/api/media/video/upload/apply/?size=' + file.size + '&name=' + encodeURIComponent(file.name), { method: 'POST' });
    if (apply.status_code !== 0) return show('<div>上传失败</div><div class="fail-reason">' + esc(apply.status_msg) + '</div>');
    const url = live(apply.upload_url);
    let sent = 0;
    for (let start = 0; start < file.size || start === 0; start += apply.chunk_size) {
      const end = Math.min(file.size, start + apply.chunk_size);
      const r = await fetch(url + '?offset=' + start + '&total=' + file.size, { method: 'PUT', body: file.slice(start, end) }).catch(() => null);
      if (!r || !r.ok) return show('<div>上传失败</div>');
      sent = end; show('<div>上传中 ' + Math.floor(sent * 100 / file.size) + '%</div>');
      if (end >= file.size) break;
    }
    const commit = await api('/web/api/media/video/upload/commit/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ upload_id: apply.upload_id }) });
    if (commit.status_code !== 0) return show('<div>上传失败</div><div class="fail-reason">' + esc(commit.status_msg) + '</div>');
    state.videoId = commit.video_id;
    root.querySelector('[class^="long-card"]').insertAdjacentHTML('beforeend', '<div class="reupload">重新上传</div>');
    show('<div>上传成功</div>');
  } catch (e) { show('<div>上传失败</div>'); }
}

async function uploadImage(file) {
  const j = await (await fetch(live('https://creator.douyin.com/web/api/media/upload/image/?name=' + encodeURIComponent(file.name)), { method: 'POST', credentials: 'include', headers: { 'content-type': file.type || 'image/jpeg' }, body: file })).json();
  if (j.status_code !== 0) throw new Error(j.status_msg || '图片上传失败');
  return j.uri;
}

async function startImages(files) {
  try {
    const uris = [];
    for (const f of files) uris.push(await uploadImage(f));
    state.kind = 'image'; state.images = uris;
    go('/creator-micro/content/post/image?default-tab=3&enter_from=publish_page&media_type=image&type=new');
    form();
  } catch (e) { toast(e.message); }
}

function form() {
  const video = state.kind === 'video';
  root.innerHTML = '<div class="form-container">' +
    (video ? '<div class="long-card-x8a1"><div class="progress-div"><div>上传中 0%</div></div></div>' : '<div class="image-list">' + state.images.length + ' 张图片</div>') +
    '<div class="title-wrap"><input class="semi-input semi-input-default" placeholder="填写作品标题，为作品获得更多流量" maxlength="' + (video ? 30 : 20) + '"></div>' +
    '<div class="zone-container editor-kit-container editor editor-comp-publish" contenteditable="true" data-placeholder="添加作品简介"></div>' +
    (video && !OMIT.includes('cover-entry') ? '<div class="cover-container-k2"><img class="cover-img" alt=""><div class="cover-btn"><span>选择封面</span></div></div>' : '') +
    (OMIT.includes('declaration-entry') ? '' : '<div class="declaration-row"><span class="declaration-entry">添加自主声明</span><span class="declaration-value"></span></div>') +
    (video ? '<div class="select-collection-m3"><div class="semi-select"><div class="semi-select-selection"><span>请选择合集</span></div></div></div>' : '') +
    '<div class="visibility-row"><span>谁可以看</span>' + VISIBILITY.map((v, i) => '<label class="radio-v semi-radio' + (i === 0 ? ' semi-radio-checked' : '') + '"><input type="radio" name="visibility" value="' + i + '"' + (i === 0 ? ' checked' : '') + '><span class="semi-radio-addon">' + v + '</span></label>').join('') + '</div>' +
    '<div class="timing-row"><label class="radio-t semi-radio"><input type="radio" name="timing" value="0" checked><span class="semi-radio-addon">立即发布</span></label><label class="radio-t semi-radio"><input type="radio" name="timing" value="1"><span class="semi-radio-addon">定时发布</span></label>' +
    '<input class="semi-input timing-input" placeholder="日期和时间" hidden></div>' +
    '<div class="button-row"><button class="semi-button semi-button-primary publish-btn">发布</button><button class="semi-button">暂存离开</button></div></div>';
  const $ = (s) => root.querySelector(s);
  for (const r of root.querySelectorAll('input[name=visibility]')) r.addEventListener('change', () => { state.visibility = Number(r.value); });
  for (const r of root.querySelectorAll('input[name=timing]')) r.addEventListener('change', () => { $('.timing-input').hidden = r.value !== '1' || !r.checked; });
  $('.timing-input').addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); $('.timing-input').dataset.value = $('.timing-input').value; } });
  if ($('.declaration-entry')) $('.declaration-entry').addEventListener('click', declarationModal);
  if ($('.cover-btn')) $('.cover-btn').addEventListener('click', coverModal);
  if ($('.select-collection-m3')) $('.semi-select-selection').addEventListener('click', collectionDropdown);
  $('.publish-btn').addEventListener('click', publish);
}

function modal(inner) {
  const m = document.createElement('div'); m.className = 'semi-portal';
  m.innerHTML = '<div class="semi-modal"><div class="semi-modal-content">' + inner + '</div></div>';
  document.body.appendChild(m); return m;
}

function declarationModal() {
  const m = modal('<div class="semi-modal-header">请选择声明类型（单选）</div><div class="semi-modal-body">' +
    DECLARATIONS.map((d) => '<label class="semi-radio"><input type="radio" name="declaration" value="' + esc(d) + '"><span class="semi-radio-addon">' + esc(d) + '</span></label>').join('') +
    '</div><div class="semi-modal-footer"><button class="semi-button">取消</button><button class="semi-button semi-button-primary">确定</button></div>');
  const [cancel, ok] = m.querySelectorAll('.semi-modal-footer button');
  cancel.addEventListener('click', () => m.remove());
  ok.addEventListener('click', () => { const c = m.querySelector('input[name=declaration]:checked'); if (!c) return; state.declaration = c.value; root.querySelector('.declaration-value').textContent = c.value; m.remove(); });
}

function collectionDropdown() {
  if (document.querySelector('.collection-dropdown')) return;
  const d = document.createElement('div'); d.className = 'semi-portal collection-dropdown';
  d.innerHTML = '<div class="semi-select-option-list">' + COLLECTIONS.map((c) => '<div class="semi-select-option collection-option"><span class="option-title-q7">' + esc(c) + '</span></div>').join('') + '</div>';
  document.body.appendChild(d);
  for (const o of d.querySelectorAll('.collection-option')) o.addEventListener('click', () => { state.collection = o.textContent; root.querySelector('.semi-select-selection').textContent = o.textContent; d.remove(); });
}

function coverModal() {
  const m = document.createElement('div'); m.className = 'dy-creator-content-modal';
  m.innerHTML = '<div class="semi-tabs"><div class="semi-tabs-tab semi-tabs-tab-active">设置竖封面</div><div class="semi-tabs-tab">设置横封面</div></div>' +
    '<div class="semi-upload"><div class="semi-upload-drag-area semi-upload-drag-area-custom">+</div><input type="file" class="semi-upload-hidden-input" accept="image/*"></div>' +
    '<div class="semi-upload"><div class="semi-upload-drag-area"><div class="semi-upload-drag-area-main-text">点击上传文件或拖拽文件到这里</div></div><input type="file" class="semi-upload-hidden-input" accept="image/png,image/jpeg,image/jpg"></div>' +
    '<img class="cover-preview" alt=""><button class="semi-button semi-button-primary semi-button-light semi-button-disabled">完成</button>';
  document.body.appendChild(m);
  let orientation = 'portrait', uri = null;
  const tabs = m.querySelectorAll('.semi-tabs-tab');
  tabs.forEach((t, i) => t.addEventListener('click', () => { orientation = i === 0 ? 'portrait' : 'landscape'; tabs.forEach((x) => x.classList.toggle('semi-tabs-tab-active', x === t)); }));
  const input = m.querySelectorAll('input.semi-upload-hidden-input')[1];
  const done = m.querySelector('button');
  input.addEventListener('change', async () => {
    const f = input.files[0]; if (!f) return;
    try { uri = await uploadImage(f); done.classList.remove('semi-button-disabled'); } catch (e) { toast('封面上传失败：' + e.message); }
  });
  done.addEventListener('click', () => { if (!uri) return; state.cover = uri; state.coverOrientation = orientation; root.querySelector('.cover-img').dataset.uri = uri; m.remove(); });
}

async function publish() {
  const $ = (s) => root.querySelector(s);
  const btn = $('.publish-btn');
  if (state.kind === 'video' && !state.videoId) return toast('请等待视频上传完成');
  const timingOn = root.querySelector('input[name=timing][value="1"]').checked;
  const body = {
    media_type: state.kind === 'video' ? 4 : 2,
    item_title: $('.title-wrap input').value,
    text: $('.zone-container').innerText.replace(/\\u00a0/g, ' ').trim(),
    video_id: state.videoId, images: state.images, cover_uri: state.cover, cover_orientation: state.coverOrientation,
    declaration: state.declaration, mix_name: state.collection, visibility_type: state.visibility,
    timing: timingOn ? ($('.timing-input').dataset.value || '') : '',
  };
  btn.classList.add('semi-button-disabled');
  try {
    const j = await api('/web/api/media/aweme/create_v2/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (j.status_code === 0) { go('/creator-micro/content/manage?enter_from=publish'); root.innerHTML = '<h2 class="manage-title">作品管理</h2><div class="publish-ok">发布成功</div>'; return; }
    toast(j.status_msg || '发布失败');
  } catch (e) { toast('网络错误，请重试'); }
  btn.classList.remove('semi-button-disabled');
}

const path = location.pathname;
if (path.includes('/content/manage')) root.innerHTML = '<h2 class="manage-title">作品管理</h2>';
else uploadPage();`;
  // Sent with its length: the app is one larger document, and a reader must know when it has all of it.
  const doc = Buffer.from(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>抖音创作者中心</title><style>${CSS}</style></head><body>${body}<script>${script}</script></body></html>`);
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-length': String(doc.length) });
  res.end(doc);
}
