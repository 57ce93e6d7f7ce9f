/**
 * The kuaishou creator centre's publish page (cp.kuaishou.com/article/publish/video)
 * as the public automation projects record its markup: the 视频/图文 tabs, the
 * `_upload-btn…` buttons that open a file chooser, "上传中"/"上传失败" while
 * uploading, the "我知道了" notice and the react-joyride guide whose spotlight
 * swallows clicks, the 描述 editor (a contenteditable with kuaishou's
 * placeholder), 封面设置 with its ant-modal (上传封面, 确认), 加入合集 (an
 * ant-select), 立即发布/定时发布 radios with the 选择日期时间 picker, and the
 * "发布" control. The page's own script talks to the replica's upload and
 * submit endpoints (their names are not in the public record).
 *
 * `omit` names (the site "changed"): `description-editor` (the editor is renamed
 * away from its label), `publish-button` (the publish control moves under another
 * label), `cover-entry`, `collection-select`, `upload-button`.
 */
import { esc } from '../http.js';

export type PublishConfirm = 'none' | '确认发布' | '确认' | '发布';
export const KUAISHOU_PUBLISH_CONFIRMS: readonly PublishConfirm[] = ['none', '确认发布', '确认', '发布'];

export interface PublishPageOptions {
  prefix: string;
  user: { uid: string; name: string };
  omit: readonly string[];
  collections: readonly string[];
  confirm: PublishConfirm;
}

export const KUAISHOU_DESCRIPTION_PLACEHOLDER = '添加合适的话题和描述，作品能获得更多推荐～';

export function publishPage(o: PublishPageOptions): string {
  const has = (name: string) => !o.omit.includes(name);
  const api = `${o.prefix}/cp.kuaishou.com/rest/cp/works/v2`;
  const submit = { video: `${o.prefix}/cp.kuaishou.com/rest/cp/works/v2/video/pc/submit`, image: `${o.prefix}/cp.kuaishou.com/rest/cp/works/atlas/pc/publish/submit` };
  const notice = o.confirm === '确认' ? '<div class="download-notice">近7天的下载记录 <button type="button" class="ant-btn" disabled>确定</button></div>' : '';
  const uploadButton = (label: string, kind: string) =>
    has('upload-button')
      ? `<button type="button" class="_upload-btn_1c9xk_12" data-kind="${kind}">${label}</button>`
      : `<button type="button" class="_select-file_8k2s1_3" data-kind="${kind}">选择文件</button>`;
  const editor = has('description-editor')
    ? `<div class="form-item"><span class="form-label">作品描述</span><div class="_description_2kq1m_7" contenteditable="true" placeholder="${KUAISHOU_DESCRIPTION_PLACEHOLDER}"></div></div>`
    : `<div class="form-item"><span class="form-label">简介</span><textarea class="_caption_2kq1m_7" placeholder="说点什么"></textarea></div>`;
  const cover = has('cover-entry')
    ? `<div class="form-item"><div><span>封面设置</span></div><div class="_cover-editor_5r1sd_2"><div class="_default-cover_5r1sd_9"><div class="cover-preview">默认封面</div></div></div></div>`
    : '';
  const collection = has('collection-select')
    ? `<div class="form-item"><label class="form-label">加入合集</label><div class="ant-select ant-select-single"><div class="ant-select-selector"><span class="ant-select-selection-placeholder">选择合集</span></div></div></div>`
    : '';
  const publish = has('publish-button') ? '<div class="_button_3a3lq_1 _button-primary_3a3lq_60">发布</div>' : '<div class="_button_3a3lq_1 _button-primary_3a3lq_60">提交审核</div>';
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>发布作品 - 快手创作者服务平台</title>
<style>
 body{font-family:sans-serif;margin:0} header{display:flex;justify-content:space-between;padding:8px 16px;background:#fafafa}
 main{padding:16px} [hidden]{display:none!important} .form-item{margin:12px 0}
 [contenteditable]{min-height:80px;border:1px solid #ddd;padding:6px} ._button_3a3lq_1{display:inline-block;padding:8px 24px;background:#fe3666;color:#fff;cursor:pointer}
 ._upload-btn_1c9xk_12 + input[type=file]{display:none} .ant-modal-wrap{position:fixed;inset:0;background:rgba(0,0,0,.4)}
 .ant-modal{background:#fff;margin:60px auto;width:480px;padding:16px} .react-joyride__spotlight{position:fixed;inset:0;background:rgba(0,0,0,.2);z-index:1000}
 #react-joyride-portal [role=alertdialog]{position:fixed;top:40%;left:40%;z-index:1001;background:#fff;padding:12px}
 .ant-select-dropdown{border:1px solid #ccc;background:#fff} .ant-message{position:fixed;top:8px;left:40%}
</style></head>
<body><header><span class="brand">快手创作者服务平台</span><div class="header-user"><span class="user-info-name">${esc(o.user.name)}</span></div></header>
${notice}
<main>
 <div role="tablist" class="ant-tabs-nav-list">
  <div role="tab" id="rc-tabs-0-tab-1" class="ant-tabs-tab" aria-selected="true">上传视频</div>
  <div role="tab" id="rc-tabs-0-tab-2" class="ant-tabs-tab" aria-selected="false">图文</div>
 </div>
 <section id="pane-video">${uploadButton('上传视频', 'video')}<input type="file" accept="video/*" id="file-video"></section>
 <section id="pane-image" hidden>${uploadButton('上传图片', 'image')}<input type="file" accept="image/*" multiple id="file-image"></section>
 <div class="progress-div" hidden><span class="progress-text"></span><div class="upload-list"></div></div>
 <form id="form" hidden onsubmit="return false">
  ${editor}
  ${cover}
  ${collection}
  <div class="form-item"><span class="form-label">发布时间</span>
   <label class="ant-radio-wrapper ant-radio-wrapper-checked"><input type="radio" name="timing" value="now" checked> 立即发布</label>
   <label class="ant-radio-wrapper"><input type="radio" name="timing" value="later"> 定时发布</label>
   <input class="ant-picker-input" placeholder="选择日期时间" hidden>
  </div>
  <div class="form-item">${publish}</div>
 </form>
</main>
<div class="ant-message" hidden><div class="ant-message-notice ant-message-error"><span class="ant-message-custom-content"></span></div></div>
<script>
const API = ${JSON.stringify(api)};
const SUBMIT = ${JSON.stringify(submit)};
const CONFIRM = ${JSON.stringify(o.confirm)};
const MANAGE = ${JSON.stringify(`${o.prefix}/cp.kuaishou.com/article/manage/video?status=2&from=publish`)};
const COLLECTIONS = ${JSON.stringify(o.collections)};
const $ = (s, r = document) => r.querySelector(s);
let kind = 'video'; let uploads = []; let coverKey = null; let collection = null; let guided = false;
function tab(which) {
  kind = which === '图文' ? 'image' : 'video';
  document.querySelectorAll('[role=tab]').forEach((t) => t.setAttribute('aria-selected', String(t.textContent === which || (which !== '图文' && t.id.endsWith('-1')))));
  $('#pane-video').hidden = kind !== 'video'; $('#pane-image').hidden = kind !== 'image';
}
document.querySelectorAll('[role=tab]').forEach((t) => t.addEventListener('click', () => tab(t.textContent.trim())));
document.querySelectorAll('button[data-kind]').forEach((b) => b.addEventListener('click', () => $('#file-' + b.dataset.kind).click()));
function toast(text) { $('.ant-message-custom-content').textContent = text; $('.ant-message').hidden = false; }
async function send(url, file) {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': file.type || 'application/octet-stream' }, body: file });
  const j = await r.json(); if (j.result !== 1) throw new Error(j.message || '上传失败'); return j.data.key;
}
async function upload(files, what) {
  const bar = $('.progress-div'); bar.hidden = false; $('.progress-text').textContent = '上传中';
  try {
    const keys = [];
    for (const f of files) keys.push(await send(API + '/' + what + '/pc/upload?name=' + encodeURIComponent(f.name), f));
    $('.progress-text').textContent = '上传完成'; return keys;
  } catch (e) { $('.progress-text').textContent = '上传失败'; toast(e.message); return null; }
}
function guide() {
  if (guided) return; guided = true;
  const notice = document.createElement('div'); notice.className = 'ant-modal-wrap'; notice.innerHTML = '<div class="ant-modal" role="dialog"><p>作品发布新规则</p><button type="button"><span>我知道了</span></button></div>';
  notice.querySelector('button').addEventListener('click', () => notice.remove()); document.body.appendChild(notice);
  const portal = document.createElement('div'); portal.id = 'react-joyride-portal';
  portal.innerHTML = '<div class="react-joyride__spotlight"></div><div id="react-joyride-step-0"><div role="alertdialog"><p>在这里填写作品描述</p><button type="button" data-action="skip" aria-label="Skip">跳过</button></div></div>';
  portal.querySelector('[data-action=skip]').addEventListener('click', () => portal.remove()); document.body.appendChild(portal);
}
for (const which of ['video', 'image']) {
  $('#file-' + which).addEventListener('change', async (ev) => {
    const files = Array.from(ev.target.files); ev.target.value = '';
    if (!files.length) return;
    const keys = await upload(files, which === 'video' ? 'video' : 'photo');
    if (!keys) return;
    uploads = which === 'video' ? keys : uploads.concat(keys);
    $('#form').hidden = false; guide();
  });
}
const coverEntry = $('._default-cover_5r1sd_9');
if (coverEntry) coverEntry.addEventListener('click', () => {
  const wrap = document.createElement('div'); wrap.className = 'ant-modal-wrap';
  wrap.innerHTML = '<div role="document" class="ant-modal"><div class="ant-modal-body"><div class="cover-tabs"><div>截取封面</div><div>上传封面</div></div>' +
    '<div class="cover-upload" hidden><input type="file" accept="image/*"><div class="cover-state"></div></div><button type="button" class="ant-btn ant-btn-primary"><span>确认</span></button></div></div>';
  document.body.appendChild(wrap);
  let picked = null;
  wrap.querySelectorAll('.cover-tabs div').forEach((d) => d.addEventListener('click', () => { if (d.textContent === '上传封面') wrap.querySelector('.cover-upload').hidden = false; }));
  wrap.querySelector('input[type=file]').addEventListener('change', async (ev) => {
    const f = ev.target.files[0]; if (!f) return;
    try { picked = await send(API + '/cover/pc/upload?name=' + encodeURIComponent(f.name), f); wrap.querySelector('.cover-state').textContent = '已上传'; }
    catch (e) { wrap.querySelector('.cover-state').textContent = '上传失败'; toast(e.message); picked = null; }
  });
  wrap.querySelector('button').addEventListener('click', () => {
    if (!picked) { wrap.querySelector('.cover-state').textContent = '请先上传封面'; return; }
    coverKey = picked; $('.cover-preview').textContent = '自定义封面'; $('.cover-preview').dataset.key = picked; wrap.remove();
  });
});
const selector = $('.ant-select .ant-select-selector');
if (selector) selector.addEventListener('click', () => {
  if ($('.ant-select-dropdown')) return;
  const dd = document.createElement('div'); dd.className = 'ant-select-dropdown';
  dd.innerHTML = COLLECTIONS.map((c) => '<div class="ant-select-item ant-select-item-option" label="' + c.replace(/"/g, '&quot;') + '" title="' + c.replace(/"/g, '&quot;') + '"><div class="ant-select-item-option-content"></div></div>').join('');
  dd.querySelectorAll('.ant-select-item-option').forEach((el, i) => { el.firstChild.textContent = COLLECTIONS[i]; el.addEventListener('click', () => {
    collection = COLLECTIONS[i]; selector.innerHTML = '<span class="ant-select-selection-item"></span>'; selector.firstChild.textContent = collection; dd.remove(); }); });
  document.body.appendChild(dd);
});
document.addEventListener('keydown', (e) => { if (e.key === 'Escape') $('.ant-select-dropdown')?.remove(); });
document.querySelectorAll('input[name=timing]').forEach((r) => r.addEventListener('change', () => {
  document.querySelectorAll('label.ant-radio-wrapper').forEach((l) => l.classList.toggle('ant-radio-wrapper-checked', l.contains(document.querySelector('input[name=timing]:checked'))));
  $('input[placeholder="选择日期时间"]').hidden = $('input[name=timing]:checked').value !== 'later';
}));
async function publish() {
  const editor = $('[contenteditable=true]') || $('textarea');
  const caption = editor.isContentEditable ? editor.innerText : editor.value;
  const later = $('input[name=timing]:checked').value === 'later';
  const body = { caption, keys: uploads, coverKey, collection, publishTime: later ? $('input[placeholder="选择日期时间"]').value : null };
  const r = await fetch(SUBMIT[kind], { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const j = await r.json().catch(() => ({ result: -1, message: '网络错误' }));
  if (j.result === 1) { location.href = MANAGE; return; }
  toast(j.message || '发布失败');
}
function confirmDialog() {
  const wrap = document.createElement('div');
  if (CONFIRM === '发布') {
    wrap.className = 'ant-modal-wrap';
    wrap.innerHTML = '<div class="ant-modal" role="dialog"><div class="ant-modal-content"><div class="ant-modal-header"><div class="ant-modal-title">发布设置</div></div>' +
      '<div class="ant-modal-body"><p>互动设置</p><p>查看权限：公开</p></div><div class="ant-modal-footer"><button type="button" class="ant-btn" data-act="cancel"><span>取 消</span></button>' +
      '<button type="button" class="ant-btn ant-btn-primary" data-act="ok"><span>发布</span></button></div></div></div>';
  } else {
    wrap.className = 'ant-modal-wrap ant-modal-confirm-centered ant-modal-centered';
    wrap.innerHTML = '<div class="ant-modal ant-modal-confirm ant-modal-confirm-confirm" role="dialog"><div class="ant-modal-content"><div class="ant-modal-body">' +
      '<div class="ant-modal-confirm-body"><span class="ant-modal-confirm-title">确认发布该作品？</span></div><div class="ant-modal-confirm-btns">' +
      '<button type="button" class="ant-btn" data-act="cancel"><span>取 消</span></button>' +
      '<button type="button" class="ant-btn ant-btn-primary" data-act="ok"><span>' + (CONFIRM === '确认' ? '确 认' : '确认发布') + '</span></button></div></div></div></div>';
  }
  wrap.querySelector('[data-act=cancel]').addEventListener('click', () => wrap.remove());
  wrap.querySelector('[data-act=ok]').addEventListener('click', () => { wrap.remove(); publish(); });
  document.body.appendChild(wrap);
}
$('._button-primary_3a3lq_60').addEventListener('click', () => {
  if (document.getElementById('react-joyride-portal')) return; // the spotlight swallows the click
  if (CONFIRM === 'none') publish(); else confirmDialog();
});
</script>
</body></html>`;
}
