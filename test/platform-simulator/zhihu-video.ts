/**
 * The zhihu (知乎) video replica: the upload page at
 * www.zhihu.com/zvideo/upload-video with the controls the public sources
 * record (provenance in edge-node/src/adapters/zhihu/video.ts): the page's
 * file input, the title box `input[placeholder="输入视频标题"]`, the
 * description editor `div[contenteditable="true"]` in which `#name` brings up
 * topic suggestions (`div.Menu-item`, the first `is-active`, and
 * `span.new-topic` reading 创建新话题 when no topic has that name), the cover
 * control `div.VideoUploadForm-imageEditButton` opening a modal whose
 * `h3.Modal-title` holds the 本地上传 tab, its picture input
 * `input[type='file'][accept='image/png,image/jpeg,image/jpg']` and the
 * 确认选择 button, and the div reading 发布. The upload and publish calls,
 * the upload's 上传成功 / 上传失败 marks, the toast (.Notification) and the
 * member video list are the replica's own. Its routes are exported apart
 * (`ZHIHU_VIDEO_ROUTES`) and joined to the zhihu replica.
 *
 * `omit` names: `video-input`, `video-title-input`, `description-box`, `cover-edit`.
 * `forms.videoPublish: content`: the 发布视频 button (`button.VideoUploadForm-submitButton`)
 * publishing through the content API, as a public uploader records (see `publishZvideo`).
 * `forms.videoForm: later`: the form that uploader records: the title as
 * `textarea[name="title"]`, and a taken cover shown by the dialog closing only.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { noticeJs, pageNoticeJs } from './page-notice.js';
import { cookies, esc, html, json, readBody, readJson, redirect, type Route } from './http.js';
import { acceptPublish, newNumericId, type Handler, type User } from './platform.js';
import type { SimState } from './state.js';

const P = 'zhihu';
const WWW = '/www.zhihu.com';
const VIDEOS = 'zhihu:zvideo-uploads';
const COVERS = 'zhihu:zvideo-covers';

/** Topics the suggestion menu knows (the article replica's are another slice). */
export const ZHIHU_VIDEO_TOPICS = ['汽车', '新能源汽车', '科技', '数码', '编程'];

const urlTokenOf = (uid: string) => `u-${uid}`;
const refuse = (res: ServerResponse, status: number, message: string) => json(res, status, { error: { code: status * 100, message } });

/** The session, and `x-xsrftoken` equal to the `_xsrf` cookie, as zhihu's other writes. */
function writer(req: IncomingMessage, res: ServerResponse, state: SimState): User | null {
  const u = state.user(req, P);
  if (!u) {
    refuse(res, 401, '请先登录');
    return null;
  }
  const xsrf = cookies(req)._xsrf;
  if (!xsrf || req.headers['x-xsrftoken'] !== xsrf) {
    refuse(res, 403, 'xsrf 校验失败');
    return null;
  }
  return u;
}

const CSS = `.Input{display:block;width:420px;margin:6px 0} [contenteditable]{min-height:60px;width:420px;border:1px solid #ccc;white-space:pre-wrap}
.Menu{border:1px solid #ddd;width:300px} .Menu-item{padding:4px;cursor:pointer} .Menu-item.is-active{background:#eef}
.Notification{position:fixed;top:8px;left:40%;background:#fff1f0} .Modal{border:1px solid #999;padding:12px} .Button{display:inline-block;padding:4px 16px;cursor:pointer;background:#06f;color:#fff}`;

function uploadPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const u = state.user(req, P);
  if (!u) return redirect(res, `${route.prefix}${WWW}/signin?next=${encodeURIComponent('https://www.zhihu.com/zvideo/upload-video')}`);
  const omit = state.opts(P).omit;
  const viaContent = state.opts(P).forms.videoPublish === 'content';
  const laterForm = state.opts(P).forms.videoForm === 'later';
  const xsrf = cookies(req)._xsrf ?? randomBytes(16).toString('hex');
  res.setHeader('set-cookie', `_xsrf=${xsrf}; Path=${route.prefix}; SameSite=Lax`);
  const body = `<main class="ZVideoUpload">
  <div class="VideoUploadButton">${omit.includes('video-input') ? '' : '<input type="file" class="VideoUploadButton-fileInput" accept="video/*" style="display:none">'}<span>上传视频</span></div>
  <div class="VideoUploadForm" hidden>
    <div class="VideoUploadForm-status"></div>
    ${omit.includes('video-title-input') ? '' : laterForm ? '<div class="TitleArea"><textarea name="title" placeholder="请输入视频标题"></textarea></div>' : '<input class="Input" placeholder="输入视频标题">'}
    ${omit.includes('description-box') ? '' : '<div class="VideoUploadForm-description"><div contenteditable="true" class="DescriptionEditor"></div></div>'}
    <div class="Menu" hidden></div>
    <div class="VideoUploadForm-topics"></div>
    ${omit.includes('cover-edit') ? '' : '<div class="VideoUploadForm-imageEditButton">选择视频封面</div>'}
    <img class="VideoUploadForm-cover" width="160" height="90" hidden alt="">
    <div class="VideoUploadForm-actions">${viaContent ? '<button class="Button VideoUploadForm-submitButton">发布视频</button>' : '<div class="Button">发布</div>'}</div>
  </div>
  <div class="Modal" hidden><h3 class="Modal-title"><div>推荐封面</div><div>本地上传</div></h3><div class="Modal-content"></div></div>
</main>`;
  const script = `
const BASE = ${JSON.stringify(route.prefix)};
const TOPICS = ${JSON.stringify(ZHIHU_VIDEO_TOPICS)};
const VIA_CONTENT = ${JSON.stringify(viaContent)};
const LATER_FORM = ${JSON.stringify(laterForm)};
const live = (u) => BASE + '/' + String(u).replace(/^(https?:)?\\/\\//, '');
const xsrf = () => (document.cookie.match(/(?:^|; )_xsrf=([^;]*)/) || [])[1] || '';
const toast = (text) => { for (const old of document.querySelectorAll('[data-sim-message]')) old.remove(); const m = document.createElement('div'); m.dataset.simMessage = ''; m.className = 'Notification'; m.textContent = text; document.body.appendChild(m); };
${noticeJs(state.opts(P).forms['refusal-form'] ?? 'notification')}
const $ = (s) => document.querySelector(s);
let videoId = null, coverId = null, pendingCover = null;
const topics = [];
const form = $('.VideoUploadForm'), status = $('.VideoUploadForm-status'), menu = $('.Menu'), editor = $('[contenteditable="true"]');
const input = $('.VideoUploadButton-fileInput');
if (input) input.addEventListener('change', async () => {
  const file = input.files[0];
  if (!file) return;
  videoId = null; form.hidden = false; status.textContent = '上传中';
  try {
    const r = await fetch(live('https://www.zhihu.com/api/v4/zvideos/uploads?name=' + encodeURIComponent(file.name)), { method: 'POST', credentials: 'include', headers: { 'content-type': file.type || 'video/mp4', 'x-xsrftoken': xsrf() }, body: file });
    const j = await r.json();
    if (!r.ok) { status.textContent = '上传失败'; return toast(j.error ? j.error.message : '上传失败'); }
    videoId = j.video_id; status.textContent = '上传成功';
  } catch (e) { status.textContent = '上传失败'; toast('网络错误'); }
});
// The description editor keeps plain text; a paste lands where the selection is.
const insertText = (text) => {
  const sel = getSelection();
  if (!sel.rangeCount || !editor.contains(sel.anchorNode)) { editor.appendChild(document.createTextNode(text)); }
  else { const r = sel.getRangeAt(0); r.deleteContents(); const t = document.createTextNode(text); r.insertNode(t); r.setStartAfter(t); r.collapse(true); sel.removeAllRanges(); sel.addRange(r); }
  editor.normalize();
};
const chooseTopic = (name, query) => {
  const text = editor.textContent, tail = '#' + query;
  if (text.endsWith(tail)) editor.textContent = text.slice(0, -tail.length);
  if (!topics.includes(name)) topics.push(name);
  $('.VideoUploadForm-topics').textContent = topics.map((t) => '#' + t).join(' ');
  menu.hidden = true; menu.innerHTML = '';
};
if (editor) editor.addEventListener('paste', (ev) => {
  ev.preventDefault();
  insertText(ev.clipboardData.getData('text/plain'));
  const m = /#([^#\\n]+)$/.exec(editor.textContent);
  menu.innerHTML = ''; menu.hidden = true;
  if (!m) return;
  const q = m[1];
  const hits = TOPICS.filter((t) => t.toLowerCase().includes(q.toLowerCase()));
  const items = hits.map((t) => ({ name: t, html: t }));
  if (!hits.includes(q)) items.push({ name: q, html: '<span class="new-topic">创建新话题</span> ' + q.replace(/[<&]/g, '') });
  items.forEach((it, i) => {
    const d = document.createElement('div');
    d.className = 'Menu-item' + (i === 0 ? ' is-active' : '');
    d.innerHTML = it.html;
    d.addEventListener('click', () => chooseTopic(it.name, q));
    menu.appendChild(d);
  });
  menu.hidden = false;
});
const modal = $('.Modal'), content = $('.Modal-content');
const cover = $('.VideoUploadForm-imageEditButton');
if (cover) cover.addEventListener('click', () => { modal.hidden = false; content.innerHTML = '<p>从视频中选择一帧</p>'; pendingCover = null; });
[...document.querySelectorAll('h3.Modal-title div')].find((d) => d.textContent.trim() === '本地上传').addEventListener('click', () => {
  content.innerHTML = '<input type="file" accept="image/png,image/jpeg,image/jpg"><button type="button" disabled>确认选择</button>';
  const pic = content.querySelector('input'), ok = content.querySelector('button');
  pic.addEventListener('change', async () => {
    const file = pic.files[0];
    if (!file) return;
    const r = await fetch(live('https://www.zhihu.com/api/v4/zvideos/covers'), { method: 'POST', credentials: 'include', headers: { 'content-type': file.type || 'image/jpeg', 'x-xsrftoken': xsrf() }, body: file });
    const j = await r.json();
    if (!r.ok) return toast(j.error ? j.error.message : '封面上传失败');
    pendingCover = j; ok.disabled = false;
  });
  ok.addEventListener('click', () => {
    if (!pendingCover) return toast('请选择封面');
    coverId = pendingCover.image_id; const img = $('.VideoUploadForm-cover'); img.src = pendingCover.url; if (!LATER_FORM) img.hidden = false; modal.hidden = true;
  });
});
$('.VideoUploadForm-actions .Button').addEventListener('click', async () => {
  if (VIA_CONTENT && document.querySelector('.Notification')?.textContent === '发布成功') return;
  ${pageNoticeJs(state.opts(P).forms)}
  const title = $('input[placeholder="输入视频标题"]') || $('textarea[name="title"]');
  if (!videoId) return toast('请等待视频上传完成');
  if (!title || !title.value.trim()) return toast('请输入视频标题');
  try {
    const fields = { video_id: videoId, title: title.value, description: editor ? editor.textContent.trim() : '', topics, image_id: coverId };
    if (VIA_CONTENT) {
      const r = await fetch(live('https://www.zhihu.com/api/v4/content/publish'), { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json', 'x-xsrftoken': xsrf() }, body: JSON.stringify({ action: 'zvideo', data: fields }) });
      const j = await r.json();
      return toast(j.code === 0 ? '发布成功' : j.message || '发布失败');
    }
    const r = await fetch(live('https://www.zhihu.com/api/v4/zvideos'), { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json', 'x-xsrftoken': xsrf() },
      body: JSON.stringify(fields) });
    const j = await r.json();
    if (!r.ok) return toast(j.error ? j.error.message : '发布失败');
    location.href = live(j.url);
  } catch (e) { toast('网络错误，请重试'); }
});`;
  html(res, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>发布视频 - 知乎</title><style>${CSS}</style></head><body>${body}<script>${script}</script></body></html>`);
}

async function upload(req: IncomingMessage, res: ServerResponse, kind: 'video' | 'cover', state: SimState): Promise<void> {
  const u = writer(req, res, state);
  if (!u) return;
  const bytes = await readBody(req);
  const reject = kind === 'video' ? state.opts(P).rejectVideo : state.opts(P).rejectCover;
  if (reject) return refuse(res, 400, reject);
  if (bytes.length === 0) return refuse(res, 400, kind === 'video' ? '视频为空' : '图片为空');
  const m = state.storeMedia(P, u.uid, kind, bytes, req.headers['content-type']);
  const id = `${state.nextSeq()}${Date.now()}`;
  state.bag<{ account: string; mediaId: string }>(kind === 'video' ? VIDEOS : COVERS).set(id, { account: u.uid, mediaId: m.id });
  json(res, 200, kind === 'video' ? { video_id: id } : { image_id: id, url: `https://pic1.zhimg.com/v2-${m.sha256.slice(0, 32)}.jpg` });
}

async function publish(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = writer(req, res, state);
  if (!u) return;
  await publishZvideo(res, route, state, u, await readJson(req), 'zvideos');
}

/**
 * Publishes a video from the page's fields: through POST /api/v4/zvideos
 * (answering the video, a refusal as {error}), or through the content API
 * (`forms.videoPublish: content`: POST /api/v4/content/publish with action
 * zvideo, answering code 0 and a message, a refusal as HTTP 200 with another
 * code, as a public uploader records; it records no id in the answer).
 */
export async function publishZvideo(res: ServerResponse, route: Route, state: SimState, u: User, b: Record<string, unknown>, via: 'zvideos' | 'content'): Promise<void> {
  const no = (message: string) => (via === 'content' ? json(res, 200, { code: 10003, message }) : refuse(res, 400, message));
  const mine = (bag: string, id: unknown) => {
    const v = state.bag<{ account: string; mediaId: string }>(bag).get(String(id ?? ''));
    return v && v.account === u.uid ? state.media.get(v.mediaId) : undefined;
  };
  const video = mine(VIDEOS, b.video_id);
  if (!video) return no('视频无效');
  const cover = b.image_id === null || b.image_id === undefined ? undefined : mine(COVERS, b.image_id);
  if (b.image_id != null && !cover) return no('封面无效');
  const title = String(b.title ?? '');
  if (!title.trim() || Array.from(title).length > 80) return no('标题需为 1-80 字');
  const topics = Array.isArray(b.topics) ? b.topics.map(String) : [];
  if (state.opts(P).rejectPublish) return no(state.opts(P).rejectPublish as string);
  const id = newNumericId(state, 19);
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: u.uid,
      postId: id,
      url: `${route.prefix}${WWW}/zvideo/${id}`,
      title,
      body: String(b.description ?? ''),
      settings: { type: 'video', topics },
      media: [{ kind: 'video', size: video.size, sha256: video.sha256 }, ...(cover ? [{ kind: 'cover' as const, size: cover.size, sha256: cover.sha256 }] : [])],
    },
    via === 'content' ? { code: 0, message: 'success' } : { id, type: 'zvideo', url: `https://www.zhihu.com/zvideo/${id}` },
  );
}

/** The upload page, its calls, the member video list and the published page. */
export const ZHIHU_VIDEO_ROUTES: ReadonlyArray<readonly [string, string | RegExp, Handler]> = [
  ['GET', `${WWW}/zvideo/upload-video`, uploadPage],
  ['POST', `${WWW}/api/v4/zvideos/uploads`, (req, res, _route, state) => upload(req, res, 'video', state)],
  ['POST', `${WWW}/api/v4/zvideos/covers`, (req, res, _route, state) => upload(req, res, 'cover', state)],
  ['POST', `${WWW}/api/v4/zvideos`, publish],
  [
    'GET',
    /^\/www\.zhihu\.com\/api\/v4\/members\/([^/]+)\/zvideos$/,
    (req, res, _route, state, [token]) => {
      if (!state.user(req, P)) return refuse(res, 401, '请先登录');
      const rows = state.published
        .filter((p) => p.platform === P && p.settings.type === 'video' && urlTokenOf(p.account) === token)
        .reverse()
        .map((p) => ({ id: p.postId, type: 'zvideo', title: p.title, published_at: Math.floor(Date.parse(p.at) / 1000), url: `https://www.zhihu.com/api/v4/zvideos/${p.postId}` }));
      json(res, 200, { data: rows.slice(0, 20), paging: { is_end: rows.length <= 20, totals: rows.length } });
    },
  ],
  [
    'GET',
    /^\/www\.zhihu\.com\/zvideo\/(\d+)$/,
    (_req, res, _route, state, [id]) => {
      const p = state.published.find((x) => x.platform === P && x.postId === id && x.settings.type === 'video');
      if (!p) return html(res, '<!doctype html><html><body><main>你似乎来到了没有知识存在的荒原</main></body></html>', 404);
      html(res, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(p.title ?? '')} - 知乎</title></head><body><h1>${esc(p.title ?? '')}</h1><p>${esc(p.body)}</p></body></html>`);
    },
  ],
];
