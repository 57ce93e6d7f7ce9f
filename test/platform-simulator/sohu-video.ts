/**
 * The 搜狐号 video replica: the video page at
 * mp.sohu.com/mpfe/v4/contentManagement/news/addvideo with the controls the
 * public sources record (provenance in edge-node/src/adapters/sohu/provenance.ts):
 * a file input whose accept names video, the upload's end read as 上传成功
 * (上传失败 on a failure), the title input (placeholder with 标题), the
 * description box (placeholder with 简介), the 发布 button, and the publish
 * call /mpbp/bp/news/v4/news/publishVideo/v2?accountId=<id> answering code
 * 2000000 with the post id in data; the list /mpbp/bp/news/v4/users/news
 * gives videos for newsType=4. The page's video upload call and its refusal
 * toasts (.ant-message-error) are the replica's own. The page's write calls
 * carry the client headers dv-id and sp-cm, as the article editor's do.
 *
 * `omit` names: `video-input`, `title-input`, `brief-box`.
 *
 * `forms` (each recorded form): `publish-control` — `button` (default: a
 * button reading 发布) or `li` (the li.publish-report-btn.positive-button in
 * ul.button-list an uploader of this page clicks); `upload-mark` — the text the
 * upload's end shows: `上传成功` (default), `上传完成` or `处理完成`; `message` —
 * the refusal toasts as `ant` (.ant-message-error, default) or `el`
 * (.el-message--error, the Element UI the page's dialogs are recorded with).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { html, json, readBody, readJson, type Route } from './http.js';
import { acceptPublish, newNumericId, type User } from './platform.js';
import type { SimState } from './state.js';

const P = 'sohu';
const OK = 2000000;
const TITLE_MAX = 80;
const BRIEF_MAX = 1000;
const videos = (state: SimState) => state.bag<{ account: string; mediaId: string }>('sohu.videos');

const CSS = `[hidden]{display:none!important} .ant-input{display:block;width:400px;margin:4px 0} .ant-btn{padding:4px 16px;cursor:pointer}
 .ant-message-error{position:fixed;top:8px;left:40%;background:#fff1f0} .upload-area{border:1px dashed #999;padding:12px}`;

export function videoPage(res: ServerResponse, route: Route, state: SimState, u: User): void {
  const { omit, forms } = state.opts(P);
  const publish =
    forms['publish-control'] === 'li'
      ? '<ul class="button-list"><li class="publish-report-btn positive-button active publish">发布</li></ul>'
      : '<div class="btns"><button type="button" class="ant-btn">存草稿</button> <button type="button" class="ant-btn ant-btn-primary publish">发布</button></div>';
  const uploaded = forms['upload-mark'] ?? '上传成功';
  const toast = forms['message'] === 'el' ? 'el-message el-message--error' : 'ant-message-notice ant-message-error';
  const body = `<div id="app"><div class="add-video">
  <div class="upload-area">${omit.includes('video-input') ? '' : '<input type="file" class="chunkUploader-input" accept="video/mp4,video/x-flv,video/*" style="display:none">'}<div class="upload-area-text">点击上传视频或拖拽到此区域上传</div><div class="upload-state"></div></div>
  <form class="video-info" hidden>
  ${omit.includes('title-input') ? '' : '<input type="text" class="ant-input" placeholder="请输入标题">'}
  ${omit.includes('brief-box') ? '' : '<textarea class="ant-input" placeholder="请输入视频简介"></textarea>'}
  ${publish}
  </form>
</div></div>`;
  const script = `
const BASE = ${JSON.stringify(route.prefix)};
const ACCOUNT = ${JSON.stringify(u.uid)};
const live = (u) => BASE + '/' + String(u).replace(/^(https?:)?\\/\\//, '');
const hex = (n) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');
const HEADERS = { 'dv-id': hex(32), 'sp-cm': '100-' + Date.now() + '-' + hex(8), 'x-requested-with': 'XMLHttpRequest' };
const message = (text) => { for (const old of document.querySelectorAll('[data-sim-message]')) old.remove(); const m = document.createElement('div'); m.dataset.simMessage = ''; m.className = ${JSON.stringify(toast)}; m.textContent = text; document.body.appendChild(m); };
let videoId = null;
const input = document.querySelector('.upload-area input[type=file]');
const state = document.querySelector('.upload-state');
if (input) input.addEventListener('change', async () => {
  const file = input.files[0];
  if (!file) return;
  videoId = null;
  state.textContent = '上传中 0%';
  try {
    const j = await (await fetch(live('https://mp.sohu.com/commons/mp/uploadVideo?accountId=' + ACCOUNT + '&name=' + encodeURIComponent(file.name)), { method: 'POST', credentials: 'include', headers: { ...HEADERS, 'content-type': file.type || 'video/mp4' }, body: file })).json();
    if (j.code !== ${OK}) { state.innerHTML = '<span>上传失败</span>'; return message(j.msg || '视频上传失败'); }
    videoId = j.data.id;
    state.innerHTML = '<span>' + ${JSON.stringify(uploaded)} + '</span>';
    document.querySelector('.video-info').hidden = false;
  } catch (e) { state.innerHTML = '<span>上传失败</span>'; message('网络错误'); }
});
document.querySelector('.publish').addEventListener('click', async () => {
  const title = document.querySelector('input[placeholder*="标题"]');
  const brief = document.querySelector('textarea[placeholder*="简介"]');
  if (!videoId) return message('请等待视频上传完成');
  if (!title || !title.value.trim()) return message('请输入标题');
  try {
    const j = await (await fetch(live('https://mp.sohu.com/mpbp/bp/news/v4/news/publishVideo/v2?accountId=' + ACCOUNT), { method: 'POST', credentials: 'include', headers: { ...HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify({ accountId: ACCOUNT, title: title.value, brief: brief ? brief.value : '', videoId, content: '', cover: '', id: 0, channelId: 1, videoChannelId: 2, topicIds: [], userColumnId: 0, userLabels: '[]' }) })).json();
    if (j.code === ${OK}) { document.querySelector('.upload-state').textContent = '发布成功'; return; }
    message(j.msg || '发布失败');
  } catch (e) { message('网络错误，请重试'); }
});`;
  html(res, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>发布视频 - 搜狐号</title><style>${CSS}</style></head><body>${body}<script>${script}</script></body></html>`);
}

/** The page's own video upload (the recorded one is chunked; the replica takes the bytes at once). */
export async function uploadVideo(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState, u: User): Promise<void> {
  const bytes = await readBody(req);
  if (route.query.get('accountId') !== u.uid) return json(res, 200, { code: 4030001, msg: '账号不匹配' });
  const reject = state.opts(P).rejectVideo;
  if (reject) return json(res, 200, { code: 4000003, msg: reject });
  if (bytes.length === 0) return json(res, 200, { code: 4000003, msg: '视频为空' });
  const m = state.storeMedia(P, u.uid, 'video', bytes, req.headers['content-type']);
  const id = newNumericId(state, 9);
  videos(state).set(id, { account: u.uid, mediaId: m.id });
  json(res, 200, { code: OK, msg: '成功', data: { id: Number(id) } });
}

/** The video publish: what 搜狐号 checks, then the post (data = its id). */
export async function publishVideo(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState, u: User): Promise<void> {
  const b = await readJson(req);
  const refuse = (code: number, msg: string) => json(res, 200, { success: false, code, msg });
  if (route.query.get('accountId') !== u.uid || String(b.accountId) !== u.uid) return refuse(4030001, '账号不匹配');
  const v = videos(state).get(String(b.videoId ?? ''));
  const video = v && v.account === u.uid ? state.media.get(v.mediaId) : undefined;
  if (!video) return refuse(4000001, '视频无效');
  const title = String(b.title ?? '').trim();
  if (!title || Array.from(title).length > TITLE_MAX) return refuse(4000001, `标题需为1-${TITLE_MAX}个字`);
  const brief = String(b.brief ?? '');
  if (Array.from(brief).length > BRIEF_MAX) return refuse(4000001, `简介不能超过${BRIEF_MAX}字`);
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return refuse(4000002, rejected);
  const id = newNumericId(state, 9);
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: u.uid,
      postId: id,
      url: `${route.prefix}/www.sohu.com/a/${id}_${u.uid}`,
      title,
      body: brief,
      settings: { type: 'video', channelId: b.channelId, videoChannelId: b.videoChannelId },
      media: [{ kind: 'video', size: video.size, sha256: video.sha256 }],
    },
    { success: true, code: OK, msg: '成功', data: Number(id) },
  );
}
