/**
 * The 网易号 video view of the creator centre's app (subscribe_v4, shown on
 * its #/video-publish route) with the controls the public source records
 * (provenance in edge-node/src/adapters/netease/provenance.ts): the title input
 * (placeholder 标题), the description textarea (placeholder 简介) and a file
 * input accepting video, whose upload ends on an `.upload-success` mark. The
 * video route, the upload call, 上传失败, the 发布 button, the publish call,
 * the published page and the refusal messages (.ne-message--error) are the
 * replica's own: no source records them. The app and the account call are
 * netease.ts's.
 *
 * `omit` names: `video-input`, `video-title-input`, `description-box`.
 * `forms`: `video-answer` — `none` (the publish accepted, data naming no
 * docId) or `vid` (data names the docId and the vid); `video-id` — `docId`
 * (default: the published page is /v/video/<docId>.html) or `vid` (it is
 * /v/video/<vid>.html, vid V + 8 letters and digits as public addresses
 * carry, and the content list's rows give skipId, vid and url); the content
 * list's row forms are netease.ts's (`list-row`).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, readBody, type Route } from './http.js';
import { acceptPublish, type Handler } from './platform.js';
import type { SimState } from './state.js';

const P = 'netease';
const MP = '/mp.163.com';
const VIDEOS = 'netease.videos';
const VIDS = 'netease.video-vids';

/** What a content-list row adds for a video published with a vid (`video-id` `vid`): its skipId, vid and url. */
export function videoRowExtras(state: SimState, docId: string): Record<string, string> {
  const vid = state.bag<string>(VIDS).get(docId);
  return vid ? { skipId: vid, vid, url: `https://www.163.com/v/video/${vid}.html` } : {};
}
const NOT_LOGGED_IN = { code: 401, msg: '用户未登录' };

/** The view's markup and script, placed in the app page beside its article view. */
export function videoView(omit: readonly string[]): { markup: string; script: string } {
  const markup = `<div class="video-publish" hidden>
  <div class="nes-upload">${omit.includes('video-input') ? '' : '<input type="file" accept="video/mp4,video/quicktime,.mp4,.mov" style="display:none">'}<p>点击上传视频</p><span class="upload-status"></span></div>
  ${omit.includes('video-title-input') ? '' : '<input type="text" class="nes-input" placeholder="请输入视频标题">'}
  ${omit.includes('description-box') ? '' : '<textarea class="nes-textarea" placeholder="请输入视频简介"></textarea>'}
  <button type="button" class="ne-btn ne-btn-primary publish-video">发布</button>
</div>`;
  const script = `
(() => {
const view = document.querySelector('.video-publish');
const message = (text) => { for (const old of document.querySelectorAll('[data-sim-message]')) old.remove(); const m = document.createElement('div'); m.dataset.simMessage = ''; m.className = 'ne-message ne-message--error'; m.textContent = text; document.body.appendChild(m); };
let vid = null;
const input = view.querySelector('input[type=file]');
const status = view.querySelector('.upload-status');
if (input) input.addEventListener('change', async () => {
  const file = input.files[0];
  if (!file) return;
  vid = null;
  status.className = 'upload-status upload-progress'; status.textContent = '上传中';
  try {
    const j = await (await fetch(live('https://mp.163.com/api/v3/upload/videoupload?name=' + encodeURIComponent(file.name)), { method: 'POST', credentials: 'include', headers: { 'content-type': file.type || 'video/mp4' }, body: file })).json();
    if (j.code !== 200) { status.className = 'upload-status'; status.textContent = '上传失败'; return message(j.msg || '视频上传失败'); }
    vid = j.data.vid;
    status.className = 'upload-status upload-success'; status.textContent = '上传完成';
  } catch (e) { status.className = 'upload-status'; status.textContent = '上传失败'; message('网络错误'); }
});
view.querySelector('.publish-video').addEventListener('click', async () => {
  const title = view.querySelector('input[placeholder*="标题"]');
  const desc = view.querySelector('textarea');
  if (!vid) return message('请等待视频上传完成');
  if (!title || !title.value.trim()) return message('请输入标题');
  try {
    const nav = await (await fetch(live('https://mp.163.com/wemedia/navinfo.do'), { credentials: 'include' })).json();
    const form = new URLSearchParams({ wemediaId: nav.data.wemediaId, vid, title: title.value, description: desc ? desc.value : '' });
    const j = await (await fetch(live('https://mp.163.com/wemedia/video/status/api/publish.do'), { method: 'POST', credentials: 'include', body: form })).json();
    if (j.code === 1) return;
    message(j.msg || '发布失败');
  } catch (e) { message('网络错误，请重试'); }
});
})();`;
  return { markup, script };
}

/** POST api/v3/upload/videoupload: the whole file in one request; `rejectVideo` refuses it. */
async function uploadVideo(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const u = state.user(req, P);
  if (!u) return json(res, 200, NOT_LOGGED_IN);
  const bytes = await readBody(req, 64 * 1024 * 1024);
  const reject = state.opts(P).rejectVideo;
  if (reject) return json(res, 200, { code: 500, msg: reject });
  if (bytes.length === 0) return json(res, 200, { code: 400, msg: '视频为空' });
  const m = state.storeMedia(P, u.uid, 'video', bytes, req.headers['content-type']);
  const vid = `V${randomBytes(4).toString('hex').toUpperCase()}`;
  state.bag<{ account: string; mediaId: string }>(VIDEOS).set(vid, { account: u.uid, mediaId: m.id });
  json(res, 200, { code: 200, msg: 'succ', data: { vid } });
}

/** POST wemedia/video/status/api/publish.do: checks as the page does, records the video. */
async function publishVideo(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = state.user(req, P);
  if (!u) return json(res, 200, NOT_LOGGED_IN);
  const f = Object.fromEntries(new URLSearchParams((await readBody(req)).toString('utf8')));
  if (f.wemediaId !== u.uid) return json(res, 200, { code: 403, msg: '账号不匹配' });
  const refuse = (msg: string) => json(res, 200, { code: 400, msg });
  const v = state.bag<{ account: string; mediaId: string }>(VIDEOS).get(f.vid ?? '');
  const video = v && v.account === u.uid ? state.media.get(v.mediaId) : undefined;
  if (!video) return refuse('视频无效');
  const title = f.title ?? '';
  if (!title.trim() || Array.from(title).length > 80) return refuse('标题需为1~80个字');
  if (state.opts(P).rejectPublish) return refuse(state.opts(P).rejectPublish as string);
  const docId = `${randomBytes(4).toString('hex').toUpperCase()}0556V`;
  const forms = state.opts(P).forms;
  // `video-id` `vid`: the video's public page is addressed by its vid (V + 8), not by its docId.
  const vid = forms['video-id'] === 'vid' ? `V${randomBytes(4).toString('hex').toUpperCase()}` : undefined;
  if (vid) state.bag<string>(VIDS).set(docId, vid);
  const answered = forms['video-answer'] === 'none' ? {} : forms['video-answer'] === 'vid' && vid ? { docId, vid } : { docId };
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: u.uid,
      postId: docId,
      url: `${route.prefix}/www.163.com/v/video/${vid ?? docId}.html`,
      title,
      body: f.description ?? '',
      settings: { type: 'video' },
      media: [{ kind: 'video', size: video.size, sha256: video.sha256 }],
    },
    { code: 1, msg: '成功', data: answered },
  );
}

/** The video side's calls and its published page. */
export const NETEASE_VIDEO_ROUTES: ReadonlyArray<readonly [string, string | RegExp, Handler]> = [
  ['POST', `${MP}/api/v3/upload/videoupload`, uploadVideo],
  ['POST', `${MP}/wemedia/video/status/api/publish.do`, publishVideo],
  ['GET', /^\/www\.163\.com\/v\/video\/([\w-]+)\.html$/, (_req, res, _route, state, [id]) => {
    // A video with a vid is served at its vid only.
    const vids = state.bag<string>(VIDS);
    const p = state.published.find((x) => x.platform === P && (vids.has(x.postId) ? vids.get(x.postId) === id : x.postId === id));
    if (!p) return html(res, '<!doctype html><html><body><p>页面不存在</p></body></html>', 404);
    html(res, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(p.title ?? '')}</title></head><body><h1>${esc(p.title ?? '')}</h1><p class="video-desc">${esc(p.body)}</p></body></html>`);
  }],
];
