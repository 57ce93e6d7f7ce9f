/**
 * The yiche (易车号) replica: the article page (yiche-article.ts) and the
 * video page at mp.yiche.com/videos/video with the controls the public
 * source records (provenance in edge-node/src/adapters/yiche/provenance.ts): an Ant
 * Design page with the title input
 * (placeholder 标题), the description textarea (placeholder 简介) and a file
 * input accepting video; the account call /api/user/info answers
 * { success, data: { userId, nickname } } as recorded. The video upload
 * call, 上传成功 / 上传失败, the 发布 button, the publish and list calls and the
 * refusal messages (.ant-message-error) are the replica's own: no source
 * records them. Logged out, both pages send the browser to
 * i.yiche.com/authenservice/login.html, as recorded. The session is the
 * simulator's default cookie. Both pages hold the account in
 * window.Bitauto.Login.result { isLogined, userId, userName }, as the site's
 * login script sets it and public login probes read it.
 *
 * `forms`: `account-call` — `user-info` (default: /api/user/info answers) or
 * `page-global` (/api/user/info is gone, answering 404; only the page's
 * Bitauto.Login.result names the account); `video-button` (publishButton);
 * `refusal-form` and `page-notice` on both pages (page-notice.ts).
 *
 * `omit` names: `video-input`, `title-input`, `description-box`; the article
 * page's are in yiche-article.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { noticeJs, pageNoticeJs } from './page-notice.js';
import { esc, html, json, readBody, readJson, redirect, type Route } from './http.js';
import { acceptPublish, newNumericId, router, type PlatformSim, type User } from './platform.js';
import type { SimState } from './state.js';
import { articlePage, articleView, bitautoLogin, newsList, saveNews, uploadPicture } from './yiche-article.js';

const P = 'yiche';
const MP = '/mp.yiche.com';
const VIDEOS = 'yiche.videos';

function pageUser(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): User | null {
  const user = state.user(req, P);
  if (!user) redirect(res, `${route.prefix}/i.yiche.com/authenservice/login.html?returnurl=${encodeURIComponent(route.prefix + route.path)}`);
  return user;
}

function apiUser(req: IncomingMessage, res: ServerResponse, state: SimState): User | null {
  const user = state.user(req, P);
  if (!user) json(res, 200, { success: false, message: '未登录', data: null });
  return user;
}

/** The web_mp calls answer a missing session in their own shape. */
function webMpUser(req: IncomingMessage, res: ServerResponse, state: SimState): User | null {
  const user = state.user(req, P);
  if (!user) json(res, 200, { status: 0, message: '未登录', data: null });
  return user;
}

const CSS = `.ant-input{display:block;width:400px;margin:4px 0} .ant-btn{padding:4px 16px;cursor:pointer} .ant-message-error{position:fixed;top:8px;left:40%;background:#fff1f0}`;

/**
 * The video page's publish control in the form `video-button` names: `fabu` (default: a button
 * reading 发 布), `tijiao` (a button reading 提 交 with data-ctitle="fabu", as the article page's
 * control is recorded) or `both` (a 发布 and a 提交 button side by side: no one control is the publish).
 */
function publishButton(state: SimState): string {
  const form = state.opts(P).forms['video-button'] ?? 'fabu';
  const fabu = '<button type="button" class="ant-btn ant-btn-primary publish-video"><span>发 布</span></button>';
  const tijiao = '<button type="button" class="ant-btn ant-btn-primary publish-video" data-ctitle="fabu"><span>提 交</span></button>';
  if (form === 'tijiao') return tijiao;
  if (form === 'both') return `${fabu}<button type="button" class="ant-btn"><span>提 交</span></button>`;
  return fabu;
}

function videoPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = pageUser(req, res, route, state);
  if (!user) return;
  const omit = state.opts(P).omit;
  const body = `<div id="root"><div class="ant-layout"><div class="video-publish">
  <div class="ant-upload ant-upload-drag">${omit.includes('video-input') ? '' : '<input type="file" accept="video/*,.mp4,.mov" style="display:none">'}<p class="ant-upload-text">点击或拖拽上传视频</p><span class="upload-status"></span></div>
  ${omit.includes('title-input') ? '' : '<input type="text" class="ant-input" placeholder="请输入标题">'}
  ${omit.includes('description-box') ? '' : '<textarea class="ant-input" placeholder="请输入视频简介"></textarea>'}
  ${publishButton(state)}
</div></div></div>`;
  const script = `
${bitautoLogin(user)}
const BASE = ${JSON.stringify(route.prefix)};
const live = (u) => BASE + '/' + String(u).replace(/^(https?:)?\\/\\//, '');
const message = (text) => { for (const old of document.querySelectorAll('[data-sim-message]')) old.remove(); const m = document.createElement('div'); m.dataset.simMessage = ''; m.className = 'ant-message-notice ant-message-error'; m.textContent = text; document.body.appendChild(m); };
${noticeJs(state.opts(P).forms['refusal-form'] ?? 'ant')}
let videoId = null;
const input = document.querySelector('input[type=file]');
const status = document.querySelector('.upload-status');
if (input) input.addEventListener('change', async () => {
  const file = input.files[0];
  if (!file) return;
  videoId = null;
  status.textContent = '上传中';
  try {
    const j = await (await fetch(live('https://mp.yiche.com/api/video/upload?name=' + encodeURIComponent(file.name)), { method: 'POST', credentials: 'include', headers: { 'content-type': file.type || 'video/mp4' }, body: file })).json();
    if (!j.success) { status.textContent = '上传失败'; return message(j.message || '视频上传失败'); }
    videoId = j.data.videoId;
    status.textContent = '上传成功';
  } catch (e) { status.textContent = '上传失败'; message('网络错误'); }
});
document.querySelector('.publish-video').addEventListener('click', async () => {
  ${pageNoticeJs(state.opts(P).forms)}
  const title = document.querySelector('input[placeholder="请输入标题"]');
  const desc = document.querySelector('textarea');
  if (!videoId) return message('请等待视频上传完成');
  if (!title || !title.value.trim()) return message('请输入标题');
  try {
    const j = await (await fetch(live('https://mp.yiche.com/api/video/publish'), { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ videoId, title: title.value, description: desc ? desc.value : '' }) })).json();
    if (j.success) return;
    message(j.message || '发布失败');
  } catch (e) { message('网络错误，请重试'); }
});`;
  html(res, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>易车号 - 发视频</title><style>${CSS}</style></head><body>${body}<script>${script}</script></body></html>`);
}

/** POST api/video/upload: the whole file in one request; `rejectVideo` refuses it. */
async function uploadVideo(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const user = apiUser(req, res, state);
  if (!user) return;
  const bytes = await readBody(req);
  const reject = state.opts(P).rejectVideo;
  if (reject) return json(res, 200, { success: false, message: reject });
  if (bytes.length === 0) return json(res, 200, { success: false, message: '视频为空' });
  const m = state.storeMedia(P, user.uid, 'video', bytes, req.headers['content-type']);
  const videoId = `${state.nextSeq()}${Date.now()}`;
  state.bag<{ account: string; mediaId: string }>(VIDEOS).set(videoId, { account: user.uid, mediaId: m.id });
  json(res, 200, { success: true, data: { videoId } });
}

/** POST api/video/publish: checks as the page does, records the video. */
async function publishVideo(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const user = apiUser(req, res, state);
  if (!user) return;
  const b = await readJson(req);
  const refuse = (message: string) => json(res, 200, { success: false, message });
  const v = state.bag<{ account: string; mediaId: string }>(VIDEOS).get(String(b.videoId ?? ''));
  const video = v && v.account === user.uid ? state.media.get(v.mediaId) : undefined;
  if (!video) return refuse('视频无效');
  const title = String(b.title ?? '');
  if (!title.trim() || Array.from(title).length > 80) return refuse('标题需为 1-80 字');
  if (state.opts(P).rejectPublish) return refuse(state.opts(P).rejectPublish as string);
  const id = newNumericId(state, 9);
  await acceptPublish(
    res,
    state,
    { platform: P, account: user.uid, postId: id, url: `${route.prefix}/vc.yiche.com/vplay/${id}.html`, title, body: String(b.description ?? ''), settings: { type: 'video' }, media: [{ kind: 'video', size: video.size, sha256: video.sha256 }] },
    { success: true, message: 'ok', data: { videoId: id } },
  );
}

/** China time as the list shows it. */
const chinaTime = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** GET api/video/list: the account's own videos, newest first. */
function videoList(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): void {
  const user = apiUser(req, res, state);
  if (!user) return;
  const list = state.published
    .filter((p) => p.platform === P && p.account === user.uid && p.settings.type === 'video')
    .reverse()
    .map((p) => ({ videoId: p.postId, title: p.title ?? '', publishTime: chinaTime(p.at) }));
  json(res, 200, { success: true, data: { list, total: list.length } });
}

export const yiche: PlatformSim = {
  platform: P,
  contentTypes: ['article', 'video'],
  handle: router([
    ['GET', `${MP}/article/index-new`, articlePage(pageUser)],
    ['GET', `${MP}/article/index-new/`, articlePage(pageUser)],
    [
      'POST',
      `${MP}/api/upload_image/mp_real_upload`,
      async (req, res, _route, state) => {
        const user = webMpUser(req, res, state);
        if (user) await uploadPicture(req, res, user, state);
      },
    ],
    [
      'POST',
      `${MP}/web_mp/api/v1/pub/savenews`,
      async (req, res, route, state) => {
        const user = webMpUser(req, res, state);
        if (user) await saveNews(req, res, route, user, state);
      },
    ],
    [
      'POST',
      `${MP}/web_mp/api/v1/manage/newslist`,
      (req, res, _route, state) => {
        const user = webMpUser(req, res, state);
        if (user) newsList(res, user, state);
      },
    ],
    [
      'GET',
      `${MP}/detailManage`,
      (req, res, route, state) => {
        if (pageUser(req, res, route, state)) html(res, '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>内容管理</title></head><body><h1>内容管理</h1></body></html>');
      },
    ],
    ['GET', /^\/news\.yiche\.com\/hao\/wenzhang\/(\d+)\/$/, (_req, res, _route, state, [id]) => articleView(res, state, id!)],
    ['GET', `${MP}/videos/video`, videoPage],
    ['GET', '/i.yiche.com/authenservice/login.html', (_req, res) => html(res, '<!doctype html><html><body><h1>登录</h1></body></html>')],
    [
      'GET',
      `${MP}/api/user/info`,
      (req, res, _route, state) => {
        if (state.opts(P).forms['account-call'] === 'page-global') return json(res, 404, { success: false, message: 'Not Found' });
        const user = apiUser(req, res, state);
        if (user) json(res, 200, { success: true, data: { userId: user.uid, nickname: user.name, avatar: '' } });
      },
    ],
    ['POST', `${MP}/api/video/upload`, uploadVideo],
    ['POST', `${MP}/api/video/publish`, publishVideo],
    ['GET', `${MP}/api/video/list`, videoList],
    ['GET', /^\/vc\.yiche\.com\/vplay\/(\d+)\.html$/, (_req, res, _route, state, [id]) => {
      const post = state.published.find((p) => p.platform === P && p.postId === id && p.settings.type === 'video');
      if (!post) return json(res, 404, { success: false, message: '视频不存在' });
      html(res, `<!doctype html><html><body><h1>${esc(post.title ?? '')}</h1><p class="video-desc">${esc(post.body)}</p></body></html>`);
    }],
  ]),
};
