/**
 * The autohome (汽车之家 车家号) video replica: the creator centre's video
 * page at creator.autohome.com.cn/web/publish/video with the controls the
 * public source records (provenance in edge-node/src/adapters/autohome/provenance.ts):
 * the uploader area #browser_0 with its file input, the upload state on
 * div[data-uploadstatus] (uploading → success, 上传失败 on a failure), the
 * title #title and description #summary, the 原创 / 首发 checkboxes, the 发布
 * button; the account call /author/api/getAuthorInfo answers
 * { result: { authorId, name } } as recorded. The upload call, the publish and
 * list calls, the login redirect and the refusal messages
 * (.ant-message-error) are the replica's own. Its routes are exported apart
 * (`AUTOHOME_VIDEO_ROUTES`) so an article replica can share the platform.
 *
 * `omit` names: `video-input`, `title-input`, `summary-box`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { noticeJs, pageNoticeJs } from './page-notice.js';
import { esc, html, json, readBody, readJson, redirect, type Route } from './http.js';
import { acceptPublish, newNumericId, router, type Handler, type PlatformSim, type User } from './platform.js';
import type { SimState } from './state.js';

const P = 'autohome';
const CC = '/creator.autohome.com.cn';
const VIDEOS = 'autohome.videos';

function pageUser(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): User | null {
  const user = state.user(req, P);
  if (!user) redirect(res, `${route.prefix}/account.autohome.com.cn/?backurl=${encodeURIComponent(route.prefix + route.path)}`);
  return user;
}

function apiUser(req: IncomingMessage, res: ServerResponse, state: SimState): User | null {
  const user = state.user(req, P);
  if (!user) json(res, 200, { returncode: 401, message: '未登录', result: null });
  return user;
}

const CSS = `.ant-input{display:block;width:400px;margin:4px 0} .ant-btn{padding:4px 16px;cursor:pointer} .ant-message-error{position:fixed;top:8px;left:40%;background:#fff1f0} #browser_0{border:1px dashed #999;padding:12px}`;

function videoPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = pageUser(req, res, route, state);
  if (!user) return;
  const omit = state.opts(P).omit;
  const body = `<div id="root"><div class="publish-video">
  <div id="browser_0">${omit.includes('video-input') ? '' : '<input type="file" accept="video/*" style="display:none">'}<a>上传视频</a><div class="upload-state" data-uploadstatus="ready"></div></div>
  <form class="video-form" hidden>
  ${omit.includes('title-input') ? '' : '<input id="title" type="text" class="ant-input" placeholder="合适的标题能帮你获得更多流量哦">'}
  ${omit.includes('summary-box') ? '' : '<textarea id="summary" class="ant-input" placeholder="快来简单描述下你的作品吧"></textarea>'}
  <label><input id="isOriginal" type="checkbox"> 原创</label> <label><input id="isFirst" type="checkbox"> 首发</label>
  <button type="button" class="ant-btn ant-btn-primary publish-video"><span>发 布</span></button>
  </form>
</div></div>`;
  const script = `
const BASE = ${JSON.stringify(route.prefix)};
const live = (u) => BASE + '/' + String(u).replace(/^(https?:)?\\/\\//, '');
const message = (text) => { for (const old of document.querySelectorAll('[data-sim-message]')) old.remove(); const m = document.createElement('div'); m.dataset.simMessage = ''; m.className = 'ant-message-notice ant-message-error'; m.textContent = text; document.body.appendChild(m); };
${noticeJs(state.opts(P).forms['refusal-form'] ?? 'ant')}
let videoId = null;
const input = document.querySelector('#browser_0 input[type=file]');
const status = document.querySelector('.upload-state');
if (input) input.addEventListener('change', async () => {
  const file = input.files[0];
  if (!file) return;
  videoId = null;
  status.dataset.uploadstatus = 'uploading'; status.textContent = '上传中 0%';
  try {
    const j = await (await fetch(live('https://creator.autohome.com.cn/openapi/content-api/video/upload?name=' + encodeURIComponent(file.name)), { method: 'POST', credentials: 'include', headers: { 'content-type': file.type || 'video/mp4' }, body: file })).json();
    if (j.returncode !== 0) { status.dataset.uploadstatus = 'error'; status.textContent = '上传失败'; return message(j.message || '视频上传失败'); }
    videoId = j.result.videoId;
    status.dataset.uploadstatus = 'success'; status.textContent = '上传成功';
    document.querySelector('.video-form').hidden = false;
  } catch (e) { status.dataset.uploadstatus = 'error'; status.textContent = '上传失败'; message('网络错误'); }
});
document.querySelector('.publish-video').addEventListener('click', async () => {
  ${pageNoticeJs(state.opts(P).forms)}
  const title = document.querySelector('#title');
  const summary = document.querySelector('#summary');
  if (!videoId) return message('请等待视频上传完成');
  if (!title || !title.value.trim()) return message('请输入标题');
  try {
    const j = await (await fetch(live('https://creator.autohome.com.cn/openapi/content-api/video/publish'), { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ videoId, title: title.value, summary: summary ? summary.value : '', isOriginal: document.querySelector('#isOriginal').checked, isFirst: document.querySelector('#isFirst').checked }) })).json();
    if (j.returncode === 0) return;
    message(j.message || '发布失败');
  } catch (e) { message('网络错误，请重试'); }
});`;
  html(res, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>车家号 - 发视频</title><style>${CSS}</style></head><body>${body}<script>${script}</script></body></html>`);
}

async function uploadVideo(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const user = apiUser(req, res, state);
  if (!user) return;
  const bytes = await readBody(req);
  const reject = state.opts(P).rejectVideo;
  if (reject) return json(res, 200, { returncode: 1, message: reject });
  if (bytes.length === 0) return json(res, 200, { returncode: 1, message: '视频为空' });
  const m = state.storeMedia(P, user.uid, 'video', bytes, req.headers['content-type']);
  const videoId = `${state.nextSeq()}${Date.now()}`;
  state.bag<{ account: string; mediaId: string }>(VIDEOS).set(videoId, { account: user.uid, mediaId: m.id });
  json(res, 200, { returncode: 0, result: { videoId } });
}

async function publishVideo(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const user = apiUser(req, res, state);
  if (!user) return;
  const b = await readJson(req);
  const refuse = (message: string) => json(res, 200, { returncode: 1, message });
  const v = state.bag<{ account: string; mediaId: string }>(VIDEOS).get(String(b.videoId ?? ''));
  const video = v && v.account === user.uid ? state.media.get(v.mediaId) : undefined;
  if (!video) return refuse('视频无效');
  const title = String(b.title ?? '');
  if (!title.trim() || Array.from(title).length > 80) return refuse('标题需为 1-80 字');
  if (state.opts(P).rejectPublish) return refuse(state.opts(P).rejectPublish as string);
  const id = newNumericId(state, 8);
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: user.uid,
      postId: id,
      url: `${route.prefix}/chejiahao.autohome.com.cn/info/${id}`,
      title,
      body: String(b.summary ?? ''),
      settings: { type: 'video', isOriginal: b.isOriginal === true, isFirst: b.isFirst === true },
      media: [{ kind: 'video', size: video.size, sha256: video.sha256 }],
    },
    { returncode: 0, message: 'ok', result: { videoId: id } },
  );
}

const chinaTime = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

function videoList(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): void {
  const user = apiUser(req, res, state);
  if (!user) return;
  const list = state.published
    .filter((p) => p.platform === P && p.account === user.uid && p.settings.type === 'video')
    .reverse()
    .map((p) => ({ videoId: p.postId, title: p.title ?? '', publishTime: chinaTime(p.at) }));
  json(res, 200, { returncode: 0, result: { list, total: list.length } });
}

/** The video page's routes, the account call and the published page. */
export const AUTOHOME_VIDEO_ROUTES: ReadonlyArray<readonly [string, string | RegExp, Handler]> = [
  ['GET', `${CC}/web/publish/video`, videoPage],
  ['GET', '/account.autohome.com.cn/', (_req, res) => html(res, '<!doctype html><html><body><h1>登录</h1></body></html>')],
  [
    'GET',
    `${CC}/author/api/getAuthorInfo`,
    (req, res, _route, state) => {
      const user = apiUser(req, res, state);
      if (user) json(res, 200, { returncode: 0, result: { authorId: user.uid, name: user.name, avatar: '' } });
    },
  ],
  ['POST', `${CC}/openapi/content-api/video/upload`, uploadVideo],
  ['POST', `${CC}/openapi/content-api/video/publish`, publishVideo],
  ['GET', `${CC}/openapi/content-api/video/list`, videoList],
  ['GET', /^\/chejiahao\.autohome\.com\.cn\/info\/(\d+)$/, (_req, res, _route, state, [id]) => {
    const post = state.published.find((p) => p.platform === P && p.postId === id);
    if (!post) return json(res, 404, { returncode: 404, message: '内容不存在' });
    html(res, `<!doctype html><html><body><h1>${esc(post.title ?? '')}</h1><p>${esc(post.body)}</p></body></html>`);
  }],
];
