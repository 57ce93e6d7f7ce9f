/**
 * The 百家号 video replica: the editor's video page at
 * baijiahao.baidu.com/builder/rc/edit?type=videoV2 with the controls the
 * public sources record (provenance in edge-node/src/adapters/baijiahao/provenance.ts):
 * the video input (accept names video), the upload's progress ending in a
 * span reading 上传完成 (上传失败 on a failure), the contenteditable title
 * (which first holds the file's name), the description box 让别人更懂你, the
 * cover area (div.cheetah-spin-container img, the automatic frame once the
 * upload ends) with 选择封面 opening a .cheetah-modal-wrap dialog (上传, the
 * picture input, 确定), the 请选择创作声明 box opening a dialog with
 * 含AI生成内容 and 确定, and the publish button [data-testid="publish-btn"].
 * The publish call /pcui/article/publish (type=video) answers errno 0 and
 * ret.nid; the list /pcui/article/lists?type=video gives nid rows. The video
 * upload call, how a chosen cover and declaration show, and the refusal
 * toasts (.cheetah-message-error) are the replica's own.
 *
 * `omit` names: `video-input`, `title-input`, `description-box`, `cover-entry`,
 * `ai-choice` (the 创作声明 dialog offers no 含AI生成内容).
 *
 * `forms` (each recorded form): `title-box` — `contenteditable` (default) or
 * `textarea` (a textarea with placeholder 请输入标题, the older record);
 * `video-answer` — `nid` (default: ret.nid and ret.article_id), `url` (ret
 * also gives the page's url) or `none` (accepted, ret names nothing);
 * `video-address` — `article_id` (default: the public page is
 * s?id=<article_id>) or `nid` (it is s?id=<nid>); `video-list` —
 * `nid` (default), `article_id` (rows named by article_id, timed by
 * publish_at, with share_url), `rejected` (a refused row of the same title too).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { html, json, readBody, type Route } from './http.js';
import { acceptPublish, newNumericId, type User } from './platform.js';
import type { MediaRecord, SimState } from './state.js';

/** Each video's article_id, by its nid. */
const ARTICLE_IDS = 'baijiahao.video-article-ids';

const P = 'baijiahao';
const TITLE = { min: 9, max: 30 };
const DESCRIPTION_MAX = 100;
/** Uploaded videos by media id: owner and stored media. */
const videos = (state: SimState) => state.bag<{ account: string; mediaId: string }>('baijiahao.videos');

export interface VideoPageContext {
  user: User;
  token: string;
}

const CSS = `[hidden]{display:none!important} [contenteditable]{min-height:24px;border:1px solid #ddd;width:400px}
 textarea,input[placeholder]{display:block;width:400px;margin:4px 0} .cheetah-spin-container{width:160px;height:90px;border:1px dashed #999}
 .cheetah-spin-container img{max-width:160px} .cheetah-modal-wrap{position:fixed;inset:15%;background:#fff;border:1px solid #ccc;padding:12px}
 .cheetah-message-error{position:fixed;top:8px;left:40%;background:#fff1f0}`;

/** The video page for a logged-in user; the editor token rides on the page as on the article editor. */
export function videoPage(res: ServerResponse, route: Route, state: SimState, page: VideoPageContext): void {
  const { omit, forms } = state.opts(P);
  const body = `<div id="root"><div class="video-main-container">${omit.includes('video-input') ? '' : '<input type="file" name="media" accept="video/mp4,video/quicktime,video/*">'}<p>点击上传或拖拽视频到这里</p></div>
<div class="upload-progress"></div>
<form class="video-form" hidden>
  ${omit.includes('title-input') ? '' : forms['title-box'] === 'textarea' ? '<div class="title-row"><textarea class="video-title" placeholder="请输入标题"></textarea></div>' : '<div class="title-row"><div contenteditable="true" class="_1tZCu-contentEditable" data-placeholder="添加标题获得更多推荐"></div></div>'}
  ${omit.includes('description-box') ? '' : '<textarea placeholder="让别人更懂你"></textarea>'}
  <div class="cover-row"><div class="cheetah-upload"><span class="cheetah-upload"><div class="cheetah-spin-container"></div></span></div>${omit.includes('cover-entry') ? '' : '<span data-testid="select-cover" class="select-cover">选择封面</span>'}</div>
  <input class="statement" placeholder="请选择创作声明" readonly>
  <button type="button" data-testid="publish-btn" class="cheetah-btn cheetah-btn-primary">发布</button>
</form>
<div class="cheetah-modal-wrap cover-dialog" hidden><div class="cheetah-modal-body"><div class="cheetah-tabs-content"><button type="button" class="cover-upload">上传</button>
  <span class="cheetah-upload" hidden><input type="file" name="media" accept="image/*"></span><div class="cover-preview"></div></div><button type="button" class="cover-ok" disabled>确定</button></div></div>
<div class="cheetah-modal-wrap statement-dialog" hidden><div class="cheetah-modal-body">${omit.includes('ai-choice') ? '' : '<label><input type="radio" name="st" value="含AI生成内容"><span>含AI生成内容</span></label>'}
  <label><input type="radio" name="st" value="内容由本人创作"><span>内容由本人创作</span></label><button type="button" class="statement-ok">确定</button></div></div></div>`;
  const script = `
window.__BJH__INIT__AUTH__ = ${JSON.stringify(page.token)};
const BASE = ${JSON.stringify(route.prefix)};
const TOKEN = ${JSON.stringify(page.token)};
const live = (u) => BASE + '/' + String(u).replace(/^(https?:)?\\/\\//, '');
const $ = (s) => document.querySelector(s);
const message = (text) => { for (const old of document.querySelectorAll('[data-sim-message]')) old.remove(); const m = document.createElement('div'); m.dataset.simMessage = ''; m.className = 'cheetah-message-notice cheetah-message-error'; m.textContent = text; document.body.appendChild(m); };
let mediaId = null, cover = null, picked = null, uploading = false;
const input = $('.video-main-container input[type=file]');
const progress = $('.upload-progress');
const spin = $('.cheetah-spin-container');
const showCover = (src) => { spin.innerHTML = ''; const img = document.createElement('img'); img.src = src; spin.appendChild(img); };
if (input) input.addEventListener('change', async () => {
  const file = input.files[0];
  if (!file) return;
  mediaId = null; uploading = true;
  $('.video-form').hidden = false;
  const title = $('[contenteditable], textarea.video-title');
  if (title) title[title.tagName === 'TEXTAREA' ? 'value' : 'textContent'] = file.name.replace(/\\.[^.]*$/, '');
  progress.textContent = '上传中 0%';
  try {
    const r = await fetch(live('https://baijiahao.baidu.com/materialui/video/uploadvideo?name=' + encodeURIComponent(file.name)), { method: 'POST', credentials: 'include', headers: { token: TOKEN, 'content-type': file.type || 'video/mp4' }, body: file });
    const j = await r.json();
    uploading = false;
    if (j.errno !== 0) { progress.innerHTML = '<span>上传失败</span>'; return message(j.errmsg || '视频上传失败'); }
    mediaId = j.ret.mediaId;
    progress.innerHTML = '<span>上传完成</span>';
    showCover(j.ret.frame);
  } catch (e) { uploading = false; progress.innerHTML = '<span>上传失败</span>'; message('网络错误'); }
});
const coverDialog = $('.cover-dialog');
const entry = $('[data-testid=select-cover]');
if (entry) entry.addEventListener('click', () => {
  if (!mediaId) return message('请先上传视频');
  picked = null; coverDialog.querySelector('.cover-preview').innerHTML = ''; coverDialog.querySelector('.cover-ok').disabled = true; coverDialog.hidden = false;
});
coverDialog.querySelector('.cover-upload').addEventListener('click', () => { coverDialog.querySelector('.cheetah-upload').hidden = false; });
const coverInput = coverDialog.querySelector('input[type=file]');
coverInput.addEventListener('change', async () => {
  const file = coverInput.files[0];
  if (!file) return;
  coverDialog.querySelector('.cover-ok').disabled = true;
  const fd = new FormData(); fd.append('org_file_name', file.name); fd.append('type', 'image'); fd.append('media', file);
  const j = await (await fetch(live('https://baijiahao.baidu.com/materialui/picture/uploadProxy'), { method: 'POST', credentials: 'include', headers: { token: TOKEN }, body: fd })).json();
  if (j.errno !== 0) return message(j.errmsg || '图片上传失败');
  picked = j.ret.https_url;
  coverDialog.querySelector('.cover-preview').textContent = '已选择';
  coverDialog.querySelector('.cover-ok').disabled = false;
});
coverDialog.querySelector('.cover-ok').addEventListener('click', () => {
  if (!picked) return message('请选择封面图片');
  cover = picked; showCover(live(picked)); coverDialog.hidden = true;
});
const statement = $('.statement');
const statementDialog = $('.statement-dialog');
statement.addEventListener('click', () => { statementDialog.hidden = false; });
statementDialog.querySelector('.statement-ok').addEventListener('click', () => {
  const chosen = statementDialog.querySelector('input[name=st]:checked');
  if (chosen) statement.value = chosen.value;
  statementDialog.hidden = true;
});
$('[data-testid=publish-btn]').addEventListener('click', async () => {
  if (uploading || !mediaId) return message('请确保视频已经上传完毕');
  const title = $('[contenteditable], textarea.video-title');
  const desc = $('textarea[placeholder="让别人更懂你"]');
  const form = new URLSearchParams({
    type: 'video', title: title ? (title.tagName === 'TEXTAREA' ? title.value : title.innerText).trim() : '', content: JSON.stringify({ mediaId, desc: desc ? desc.value : '' }),
    cover_images: JSON.stringify(cover ? [{ src: cover }] : []), 'activity_list[0][id]': 'aigc_bjh_status',
    'activity_list[0][is_checked]': statement.value === '含AI生成内容' ? '1' : '0',
  });
  try {
    const j = await (await fetch(live('https://baijiahao.baidu.com/pcui/article/publish?callback=bjhpublish&type=video'), { method: 'POST', credentials: 'include', headers: { token: TOKEN, 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() })).json();
    if (j.errno === 0) return void (location.href = live('https://baijiahao.baidu.com/builder/rc/home'));
    message(j.errmsg || '发布失败');
  } catch (e) { message('网络错误，请重试'); }
});`;
  html(res, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>发布视频 - 百家号</title><style>${CSS}</style></head><body>${body}<script>${script}</script></body></html>`);
}

/** The page's own video upload (its call is not on record): the bytes, then a media id and a first frame. */
export async function uploadVideo(req: IncomingMessage, res: ServerResponse, state: SimState, u: User): Promise<void> {
  const bytes = await readBody(req);
  const reject = state.opts(P).rejectVideo;
  if (reject) return json(res, 200, { errno: 1, errmsg: reject, ret: {} });
  if (bytes.length === 0) return json(res, 200, { errno: 1, errmsg: '视频为空', ret: {} });
  const m = state.storeMedia(P, u.uid, 'video', bytes, req.headers['content-type']);
  const mediaId = `mda-${m.id}`;
  videos(state).set(mediaId, { account: u.uid, mediaId: m.id });
  json(res, 200, { errno: 0, errmsg: 'success', ret: { mediaId, frame: `https://pic.rmb.bdstatic.com/bjh/video/${m.id}-frame.jpeg` } });
}

/** The video publish: what 百家号 checks, then the post (its nid). */
export async function publishVideo(
  res: ServerResponse,
  route: Route,
  state: SimState,
  u: User,
  f: Record<string, string>,
  picture: (src: string) => MediaRecord | undefined,
): Promise<void> {
  const refuse = (errmsg: string) => json(res, 200, { errno: 1, errmsg, ret: {} });
  let content: { mediaId?: string; desc?: string };
  let covers: Array<{ src?: string }>;
  try {
    content = JSON.parse(f.content ?? '{}');
    covers = JSON.parse(f.cover_images ?? '[]');
  } catch {
    return refuse('参数错误');
  }
  const v = videos(state).get(String(content.mediaId ?? ''));
  const video = v && v.account === u.uid ? state.media.get(v.mediaId) : undefined;
  if (!video) return refuse('视频无效');
  const title = (f.title ?? '').trim();
  const n = Array.from(title).length;
  if (n < TITLE.min || n > TITLE.max) return refuse(`标题需为${TITLE.min}-${TITLE.max}个字`);
  const desc = content.desc ?? '';
  if (Array.from(desc).length > DESCRIPTION_MAX) return refuse(`简介不能超过${DESCRIPTION_MAX}字`);
  const coverMedia = covers.map((c) => picture(String(c.src ?? '')));
  if (!Array.isArray(covers) || covers.length > 1 || coverMedia.some((c) => !c)) return refuse('封面图片无效');
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return refuse(rejected);
  const nid = newNumericId(state, 19);
  const articleId = newNumericId(state, 16);
  state.bag<string>(ARTICLE_IDS).set(nid, articleId);
  const { forms } = state.opts(P);
  // The public page: s?id=<article_id> as every public builder addresses it, or (`video-address` `nid`) s?id=<nid>.
  const address = `https://baijiahao.baidu.com/s?id=${forms['video-address'] === 'nid' ? nid : articleId}`;
  const form = forms['video-answer'];
  const answer = { errno: 0, errmsg: 'success', ret: form === 'none' ? {} : { nid, article_id: articleId, ...(form === 'url' ? { url: address } : {}) } };
  const post = {
      platform: P,
      account: u.uid,
      postId: nid,
      url: `${route.prefix}/${address.slice('https://'.length)}`,
      title,
      body: desc,
      settings: { type: 'video', aigc: f['activity_list[0][is_checked]'] === '1', cover: coverMedia.length > 0 ? 'custom' : 'auto' },
      media: [{ kind: 'video', size: video.size, sha256: video.sha256 }, ...coverMedia.map((c) => ({ ...c!, kind: 'cover' as const }))],
  };
  await acceptPublish(res, state, post, answer);
}

const chinaTime = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * The content list's video rows, newest first: (nid, title, status, publish_time) by default;
 * `video-list` `article_id` gives the other recorded form (article_id, title, status,
 * publish_at, share_url); `rejected` adds a refused video of the same title before the post.
 */
export function videoRows(state: SimState, u: User, search: string): Array<Record<string, unknown>> {
  const form = state.opts(P).forms['video-list'];
  return state.published
    .filter((p) => p.platform === P && p.account === u.uid && p.settings.type === 'video' && (p.title ?? '').includes(search))
    .reverse()
    .flatMap((p) => {
      const shareUrl = `https://${p.url.slice(p.url.indexOf('/baijiahao.baidu.com/') + 1)}`;
      if (form === 'article_id') return [{ article_id: p.postId, title: p.title, type: 'video', status: 'publish', publish_at: chinaTime(p.at), share_url: shareUrl }];
      const row = { nid: p.postId, article_id: state.bag<string>(ARTICLE_IDS).get(p.postId) ?? p.postId.slice(0, 16), title: p.title, type: 'video', status: 'publish', publish_time: chinaTime(p.at) };
      return form === 'rejected' ? [{ ...row, nid: `9${p.postId.slice(1)}`, status: 'rejected', audit_msg: '审核未通过' }, row] : [row];
    });
}
