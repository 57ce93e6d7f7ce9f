/**
 * The 一点号 video editor, a hash route of the desk (mp.yidianzixun.com/#/Writing/videoEditor),
 * with the controls the public source records (provenance in
 * edge-node/src/adapters/yidian/provenance.ts): the title input (placeholder 标题),
 * the description textarea (placeholder 简介) and a file input accepting
 * video. The route itself, the upload and publish calls, 上传成功 / 上传失败,
 * the 发布 button, the video list, the published pages and the refusal
 * messages (`.editor-tip-error`) are the replica's own: no source records
 * them. Every call wants the desk's mpcode as `x-mp-code`, as the article
 * calls do.
 *
 * `omit` names: `video-input`, `title-input`, `description-box`. `forms`:
 * `video-answer` — `id` (default: the publish answer names the video's id)
 * or `none` (a success naming no id, as the article publish answers);
 * `video-publish-call` — `video` (default: POST api/video/publish) or `post`
 * (POST to api/post/publish, the address public scripts record for the
 * article publish); `video-publish-control` — `button` (default: a button
 * reading 发布) or `div` (the article editor's recorded control,
 * `div.button_publish`); `video-id` — `numeric` (default: 16 digits) or `v`
 * (`V_…`, the form public video addresses carry); `video-url` — `none`
 * (default) or `listed` (list rows carry their address, /m/article/<id>).
 */
import type { IncomingMessage } from 'node:http';
import { json, readBody, readJson } from './http.js';
import { acceptPublish, newNumericId, type Handler, type User } from './platform.js';
import type { SimState } from './state.js';

const P = 'yidian';
const MP = '/mp.yidianzixun.com';
const VIDEOS = 'yidian.videos';
const TITLE_MAX = 80;

/** The editor's markup, a template the desk mounts on #/Writing/videoEditor. */
export function videoEditorTemplate(omit: readonly string[], forms: Readonly<Record<string, string>> = {}): string {
  const publish = forms['video-publish-control'] === 'div' ? '<div class="button_publish item editor-btn editor-main-btn video-publish">发布</div>' : '<button type="button" class="video-publish">发布</button>';
  const call = forms['video-publish-call'] === 'post' ? 'api/post/publish' : 'api/video/publish';
  return `<template id="video-editor"><div class="video-writing" data-publish="${call}">
  <div class="video-upload">${omit.includes('video-input') ? '' : '<input type="file" accept="video/mp4,video/*" style="display:none">'}<a>上传视频</a><span class="upload-status"></span></div>
  ${omit.includes('title-input') ? '' : '<input class="video-title" type="text" placeholder="请输入标题（最多80个字）">'}
  ${omit.includes('description-box') ? '' : '<textarea class="video-desc" placeholder="请输入视频简介"></textarea>'}
  ${publish}
  <div class="editor-tip-error" style="display:none"></div>
</div></template>`;
}

/** The editor's behaviour: `mountVideoEditor(app)` once its markup is in place. */
export const VIDEO_EDITOR_SCRIPT = `
function mountVideoEditor(app) {
  const tip = app.querySelector('.editor-tip-error');
  const message = (text) => { tip.textContent = text; tip.style.display = 'block'; setTimeout(() => { tip.style.display = 'none'; }, 3000); };
  const headers = { 'x-mp-code': window.mpcode, 'x-requested-with': 'XMLHttpRequest' };
  const status = app.querySelector('.upload-status');
  const input = app.querySelector('.video-upload input[type=file]');
  let videoId = null;
  if (input) input.addEventListener('change', async () => {
    const file = input.files[0];
    if (!file) return;
    videoId = null;
    status.textContent = '上传中';
    try {
      const j = await (await fetch(location.pathname + 'api/video/upload?name=' + encodeURIComponent(file.name), { method: 'POST', headers: { ...headers, 'content-type': file.type || 'video/mp4' }, body: file })).json();
      if (j.status !== 'success') { status.textContent = '上传失败'; return message(j.reason || '视频上传失败'); }
      videoId = j.videoId;
      status.textContent = '上传成功';
    } catch (e) { status.textContent = '上传失败'; message('网络错误'); }
  });
  app.querySelector('.video-publish').addEventListener('click', async () => {
    const title = app.querySelector('.video-title');
    const desc = app.querySelector('.video-desc');
    if (!videoId) return message('请等待视频上传完成');
    if (!title || !title.value.trim()) return message('请输入标题');
    try {
      const j = await (await fetch(location.pathname + app.querySelector('.video-writing').dataset.publish, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ videoId, title: title.value, description: desc ? desc.value : '' }) })).json();
      if (j.status !== 'success') message(j.reason || '发布失败');
    } catch (e) { message('网络错误，请重试'); }
  });
}`;

type Writer = (req: IncomingMessage, state: SimState) => User | null | 'code';
const failed = (reason: string) => ({ status: 'failed', reason });

/** POST api/video/upload: the whole file in one request; `rejectVideo` refuses it. */
function uploadVideo(writer: Writer): Handler {
  return async (req, res, route, state) => {
    const bytes = await readBody(req);
    const u = writer(req, state);
    if (!u) return json(res, 200, failed('未登录'));
    if (u === 'code') return json(res, 200, failed('自媒体信息异常'));
    const reject = state.opts(P).rejectVideo;
    if (reject) return json(res, 200, failed(reject));
    if (bytes.length === 0) return json(res, 200, failed('视频为空'));
    const m = state.storeMedia(P, u.uid, 'video', bytes, req.headers['content-type']);
    const videoId = `${state.nextSeq()}${Date.now()}`;
    state.bag<{ account: string; mediaId: string; name: string }>(VIDEOS).set(videoId, { account: u.uid, mediaId: m.id, name: route.query.get('name') ?? '' });
    json(res, 200, { status: 'success', videoId });
  };
}

/** POST api/video/publish: checks as the page does, records the video. */
function publishVideo(writer: Writer): Handler {
  return async (req, res, route, state) => {
    const u = writer(req, state);
    const b = await readJson(req);
    if (!u) return json(res, 200, failed('未登录'));
    if (u === 'code') return json(res, 200, failed('自媒体信息异常'));
    const v = state.bag<{ account: string; mediaId: string }>(VIDEOS).get(String(b.videoId ?? ''));
    const video = v && v.account === u.uid ? state.media.get(v.mediaId) : undefined;
    if (!video) return json(res, 200, failed('视频无效'));
    const title = String(b.title ?? '').trim();
    if (!title || Array.from(title).length > TITLE_MAX) return json(res, 200, failed(`标题需为1-${TITLE_MAX}个字`));
    if (state.opts(P).rejectPublish) return json(res, 200, failed(state.opts(P).rejectPublish as string));
    // `video-id` `v`: the id in the V_ form public video addresses carry; default the desk's 16 digits.
    const id = state.opts(P).forms['video-id'] === 'v' ? `V_${newNumericId(state, 10)}` : newNumericId(state, 16);
    await acceptPublish(
      res,
      state,
      {
        platform: P,
        account: u.uid,
        postId: id,
        url: `${route.prefix}/www.yidianzixun.com/article/${id}`,
        title,
        body: String(b.description ?? ''),
        settings: { type: 'video' },
        media: [{ kind: 'video', size: video.size, sha256: video.sha256 }],
      },
      state.opts(P).forms['video-answer'] === 'none' ? { status: 'success' } : { status: 'success', id },
    );
  };
}

/** A list row's own address (`video-url` `listed`): the mobile page's form, which the replica also serves. */
const listedUrl = (id: string) => `https://www.yidianzixun.com/m/article/${id}`;

/** GET model/Video: the account's published videos (statuses 2, 6, 7 asked for), newest first. */
function videoList(writer: Writer): Handler {
  return (req, res, route, state) => {
    const u = writer(req, state);
    if (!u) return json(res, 200, failed('未登录'));
    if (u === 'code') return json(res, 200, failed('自媒体信息异常'));
    const published = (route.query.get('status') ?? '').split(',').some((s) => ['2', '6', '7'].includes(s));
    const posts = published
      ? state.published
          .filter((p) => p.platform === P && p.account === u.uid && p.settings.type === 'video')
          .map((p) => ({ newsId: p.postId, title: p.title, date: Date.parse(p.at), ...(state.opts(P).forms['video-url'] === 'listed' ? { url: listedUrl(p.postId) } : {}) }))
          .reverse()
      : [];
    json(res, 200, { status: 'success', page_total: 1, posts });
  };
}

/** The video editor's calls; `writer` is the desk's x-mp-code check. */
export function yidianVideoRoutes(writer: Writer): ReadonlyArray<readonly [string, string, Handler]> {
  return [
    ['POST', `${MP}/api/video/upload`, uploadVideo(writer)],
    ['POST', `${MP}/api/video/publish`, publishVideo(writer)],
    // The `post` form: the editor sends its video to the address the article publish uses (which answers GET there).
    ['POST', `${MP}/api/post/publish`, publishVideo(writer)],
    ['GET', `${MP}/model/Video`, videoList(writer)],
  ];
}
