/**
 * The creator center's publish form as the replica serves it (video, 图文, and
 * the form a 长文 ends on): the structure and class names the public sources
 * record (see edge-node/src/adapters/xiaohongshu/adapter.ts), driven by a small script
 * that uploads to the replica's upload host and posts the note as JSON, with
 * the `x-s`/`x-t` headers the page's own code adds to its edith requests.
 *
 * `omit` names: `title-input`, `visibility`, `location`, and those of
 * xiaohongshu-article.ts. `forms`: `schedule` = `switch-card` (default: the
 * 定时发布 .custom-switch-card) | `post-time` (the .post-time-wrapper and its
 * .date-picker-container).
 */
import { esc } from './http.js';
import { articleEditor } from './xiaohongshu-article.js';

export const XHS_LOCATIONS = ['青岛市', '上海市', '北京市', '杭州西湖'];
/** The visibility options the replica's dropdown offers, with the `privacy_info.type` each sends. */
export const XHS_VISIBILITY = [
  { label: '公开可见', type: 0 },
  { label: '仅自己可见', type: 1 },
] as const;

/**
 * What the page's own code adds to its signed requests. The real values come
 * from xiaohongshu's script; a replica can only check that they are there.
 */
export const SIGN_HEADERS_JS = `function signed(path) { return { 'x-s': 'XYS_' + btoa(encodeURIComponent(path)).slice(0, 32), 'x-t': String(Date.now()) }; }`;

export function formPage(
  base: string,
  user: { uid: string; name: string },
  target: 'video' | 'image' | 'article',
  omit: readonly string[],
  forms: Readonly<Record<string, string>>,
): string {
  const isVideo = target === 'video';
  const article = target === 'article' ? articleEditor(omit) : null;
  const upload = article
    ? article.html
    : isVideo
      ? `<div class="upload-content"><input class="upload-input" type="file" accept="video/mp4,video/quicktime,video/*"><div class="preview-new"><div class="stage">上传视频</div></div></div>`
      : `<div class="upload-content"><input class="upload-input" type="file" accept=".jpg,.jpeg,.png,.webp,image/*" multiple></div>`;
  const cover = isVideo
    ? `<div class="cover-plugin"><span>设置封面</span><div class="upload-cover">编辑封面</div></div>
  <div class="d-modal" id="cover-modal" hidden><div class="d-tabs"><span class="tab">截取封面</span><span class="tab" id="tab-upload">上传封面</span></div>
    <div class="upload-wrapper" hidden><input type="file" accept="image/png, image/jpeg, image/*"></div><img class="cover-preview" hidden>
    <div class="error-tip" hidden></div><div class="d-modal-footer"><button class="d-button">取消</button><button class="d-button" id="cover-ok">确定</button></div></div>`
    : '';
  const title = omit.includes('title-input') ? '' : '<input class="d-text" type="text" placeholder="填写标题会有更多赞哦～">';
  const location = omit.includes('location')
    ? ''
    : `<div class="d-select" id="loc"><div class="d-text d-select-placeholder d-text-ellipsis d-text-nowrap">添加地点</div><input id="loc-q" style="opacity:0;width:1px"></div>
  <div class="d-popover d-popover-default d-dropdown --size-min-width-large" id="loc-pop" hidden><div class="d-options-wrapper"><div class="d-grid d-options" id="loc-opts"></div></div></div>`;
  const visibility = omit.includes('visibility')
    ? ''
    : `<div class="permission-card-wrapper"><span class="title">权限设置</span><div class="d-select-wrapper"><div class="d-select"><div class="d-select-content"><span class="d-text" id="vis-now">${XHS_VISIBILITY[0].label}</span></div></div></div></div>
  <div class="d-popover d-dropdown" id="vis-pop" hidden><div class="d-options-wrapper"><div class="d-grid d-options">${XHS_VISIBILITY.map(
    (v) => `<div class="d-grid-item"><div class="custom-option" data-type="${v.type}"><span class="name">${v.label}</span></div></div>`,
  ).join('')}</div></div></div>`;
  const schedule =
    forms.schedule === 'post-time'
      ? `<div class="post-time-wrapper"><span>定时发布</span><div class="d-switch" role="switch"></div>
      <div class="date-picker-container" hidden><input class="d-text" placeholder="选择日期和时间"></div></div>`
      : `<div class="custom-switch-card"><span>定时发布</span><div class="d-switch" role="switch"></div>
      <div class="d-datepicker-input-filter" hidden><input class="d-text" placeholder="选择日期和时间"></div></div>`;
  const when = forms.schedule === 'post-time' ? '.date-picker-container' : '.d-datepicker-input-filter';
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>小红书创作服务平台</title>
<style>[hidden]{display:none!important} .item{cursor:pointer;padding:2px} .d-modal{border:1px solid #ccc;padding:8px} #editor p{min-height:1.4em} .d-switch{display:inline-block;width:28px;height:16px;background:#ccc} .d-popover{min-height:24px;border:1px solid #ddd}</style></head>
<body><div class="user-info"><span class="name">${esc(user.name)}</span></div>
<div id="publish-container">${article ? '' : `<span class="title">${isVideo ? '上传视频' : '上传图文'}</span>`}
  ${upload}
  <div class="publish-form" id="form" hidden>
    ${title}
    <div class="tiptap ProseMirror" contenteditable="true" id="editor"><p data-placeholder="输入正文描述，真诚有价值的分享予人温暖"></p></div>
    <div id="creator-editor-topic-container" hidden></div>
    ${cover}
    ${location}
    ${visibility}
    <div class="custom-switch-card"><span>原创声明</span><div class="d-switch original" role="switch"></div></div>
    ${schedule}
    <button class="d-button publishBtn" id="publish">发布</button>
  </div>
</div>
<div class="d-toast" hidden></div>
<script>
const BASE = ${JSON.stringify(base)}, TARGET = ${JSON.stringify(target)}, LOCS = ${JSON.stringify(XHS_LOCATIONS)}, WHEN = ${JSON.stringify(when)};
const q = (s) => document.querySelector(s);
${SIGN_HEADERS_JS}
const state = { video: null, images: [], cover: null, loc: '', scheduled: false };
function toast(m) { const t = q('.d-toast'); t.textContent = m; t.hidden = false; setTimeout(() => (t.hidden = true), 4000); }
function put(file, onProgress) {
  return new Promise((resolve, reject) => {
    const x = new XMLHttpRequest();
    x.open('PUT', BASE + '/ros-upload.xiaohongshu.com/spectrum/' + crypto.randomUUID());
    x.upload.onprogress = (e) => e.lengthComputable && onProgress && onProgress(Math.floor((100 * e.loaded) / e.total));
    x.onload = () => { try { const j = JSON.parse(x.responseText); j.success ? resolve(j.fileId) : reject(new Error(j.msg)); } catch (e) { reject(e); } };
    x.onerror = () => reject(new Error('网络错误'));
    x.send(file);
  });
}
${article ? article.script : ''}
const main = q('.upload-input');
if (main) main.addEventListener('change', async () => {
  const files = Array.from(main.files);
  try {
    if (TARGET === 'video') {
      const stage = q('.stage');
      state.video = await put(files[0], (p) => (stage.textContent = '上传中 ' + p + '%'));
      stage.textContent = '上传成功 分辨率 1080p';
    } else {
      for (const f of files) state.images.push(await put(f));
    }
    q('#form').hidden = false;
  } catch (e) {
    if (TARGET === 'video') q('.stage').textContent = '上传失败：' + e.message; else toast('图片上传失败：' + e.message);
  }
});
const editor = q('#editor'), topics = q('#creator-editor-topic-container');
const para = () => editor.lastElementChild;
function caretToEnd() { const r = document.createRange(); r.selectNodeContents(para()); r.collapse(false); const s = getSelection(); s.removeAllRanges(); s.addRange(r); }
editor.addEventListener('keydown', (e) => {
  if (e.key !== 'Enter') return;
  e.preventDefault(); editor.appendChild(document.createElement('p')); caretToEnd();
});
editor.addEventListener('input', () => {
  const p = para(), last = p.lastChild;
  const m = last && last.nodeType === 3 ? /#([^#\\s]+)$/.exec(last.textContent) : null;
  if (!m) { topics.hidden = true; return; }
  topics.innerHTML = '';
  for (const name of [m[1], m[1] + '挑战']) {
    const it = document.createElement('div'); it.className = 'item'; it.innerHTML = '<span class="name"></span>'; it.firstChild.textContent = '#' + name;
    it.addEventListener('click', () => {
      last.textContent = last.textContent.slice(0, -m[0].length);
      const a = document.createElement('a'); a.className = 'tiptap-topic'; a.contentEditable = 'false'; a.dataset.topic = JSON.stringify({ name }); a.textContent = '#' + name + '[话题]#';
      p.appendChild(a); p.appendChild(document.createTextNode('')); topics.hidden = true; caretToEnd();
    });
    topics.appendChild(it);
  }
  topics.hidden = false;
});
if (q('.upload-cover')) {
  q('.upload-cover').addEventListener('click', () => (q('#cover-modal').hidden = false));
  q('#tab-upload').addEventListener('click', () => (q('.upload-wrapper').hidden = false));
  const ci = q('.upload-wrapper input');
  ci.addEventListener('change', async () => {
    q('.error-tip').hidden = true;
    try { state.pendingCover = await put(ci.files[0]); q('.cover-preview').hidden = false; }
    catch (e) { state.pendingCover = null; q('.error-tip').textContent = '封面上传失败：' + e.message; q('.error-tip').hidden = false; }
  });
  q('#cover-ok').addEventListener('click', () => { if (state.pendingCover) { state.cover = state.pendingCover; q('#cover-modal').hidden = true; } });
}
if (q('#loc')) {
  q('#loc').addEventListener('click', () => q('#loc-q').focus());
  q('#loc-q').addEventListener('input', () => {
    const v = q('#loc-q').value; q('#loc-opts').innerHTML = '';
    for (const l of LOCS.filter((x) => v && x.includes(v))) {
      const d = document.createElement('div'); d.innerHTML = '<div class="name"></div>'; d.firstChild.textContent = l;
      d.addEventListener('click', () => { state.loc = l; q('.d-select-placeholder').textContent = l; q('#loc-pop').hidden = true; });
      q('#loc-opts').appendChild(d);
    }
    q('#loc-pop').hidden = false;
  });
}
if (q('.permission-card-wrapper')) {
  state.vis = 0;
  q('.permission-card-wrapper .d-select-content').addEventListener('click', () => (q('#vis-pop').hidden = !q('#vis-pop').hidden));
  for (const o of document.querySelectorAll('#vis-pop .custom-option')) o.addEventListener('click', () => {
    state.vis = Number(o.dataset.type); q('#vis-now').textContent = o.querySelector('.name').textContent; q('#vis-pop').hidden = true;
  });
}
q(WHEN).previousElementSibling.addEventListener('click', () => {
  state.scheduled = !state.scheduled; q(WHEN).hidden = !state.scheduled; q('#publish').textContent = state.scheduled ? '定时发布' : '发布';
});
q('.d-switch.original').addEventListener('click', (e) => e.currentTarget.classList.toggle('checked'));
q('#publish').addEventListener('click', async () => {
  const titleEl = q('input.d-text[placeholder^="填写标题"]');
  const names = Array.from(editor.querySelectorAll('a.tiptap-topic')).map((a) => JSON.parse(a.dataset.topic).name);
  const desc = Array.from(editor.children).map((p) => Array.from(p.childNodes).filter((n) => n.nodeType === 3).map((n) => n.textContent).join('')).join('\\n').replace(/\\s+$/, '');
  if (titleEl && !titleEl.value.trim()) { toast('请填写标题'); return; }
  const when = state.scheduled ? q(WHEN + ' input').value : '';
  const body = { common: { type: TARGET === 'video' ? 'video' : TARGET === 'article' ? 'article' : 'normal', title: titleEl ? titleEl.value : '', desc, topics: names.map((name) => ({ name })),
    post_loc: state.loc ? { name: state.loc } : {}, privacy_info: { op_type: 1, type: state.vis || 0, user_ids: [] }, post_time: when ? Date.parse(when.replace(' ', 'T') + ':00+08:00') : null },
    image_info: TARGET === 'image' ? { images: state.images.map((file_id) => ({ file_id })) } : null,
    video_info: TARGET === 'video' ? { fileid: state.video, cover: state.cover ? { fileid: state.cover } : null } : null,
    article_info: TARGET === 'article' ? { title: article.title, content: article.html, template: article.template } : null };
  try {
    const r = await fetch(BASE + '/edith.xiaohongshu.com/web_api/sns/v2/note', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json;charset=UTF-8', ...signed('/web_api/sns/v2/note') }, body: JSON.stringify(body) });
    const j = await r.json();
    if (j.success) { location.href = BASE + '/creator.xiaohongshu.com/publish/success?source=&bizId=' + ((j.data && (j.data.id || j.data.note_id)) || ''); return; }
    toast(j.msg || '发布失败');
  } catch (e) { toast('网络错误'); }
});
</script></body></html>`;
}
