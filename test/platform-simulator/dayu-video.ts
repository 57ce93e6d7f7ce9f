/**
 * The 大鱼号 video page (mp.dayu.com/dashboard/video/write) with the controls
 * the public sources record (provenance in edge-node/src/adapters/dayu/provenance.ts):
 * a dashboard page with its globalConfig, the title input (placeholder 标题),
 * the description textarea (placeholder 简介), a file input accepting video,
 * the 横版 and 竖版 cover slots (`.article-write_box-cover`,
 * `.article-write_box-vertical-cover`, each `.article-write_box-form-coverImg`
 * with a picture input) whose picture opens the crop dialog
 * `.article-material-image-dialog` saved with `.w-btn.w-btn_primary`, the tag
 * boxes `.article-write_video-tags.form-control` (Enter opens the next) and the
 * 信息来源 radio 无需标注, 视频上传成功，处理中 once the upload is done (the
 * file's name then put in the title), and 发表 with its confirmation 确认发表.
 * The upload and publish calls, 上传失败, the refusal messages
 * (`.w-message-error`) and the page choosing a frame when no cover is given
 * are the replica's own: no source records them. 信息来源 is required here,
 * as its field's required mark in the source suggests. Pictures go to the
 * picture host the article editor uses (ns.dayu.com, the dayu replica).
 *
 * `omit` names: `video-input`, `title-input`, `description-box`, `cover-slots`,
 * `tag-boxes`, `video-config` (the page keeps its session under another name
 * than globalConfig).
 *
 * A published video has its own public id (origin_id, the wm_aid of its
 * address), apart from the dashboard's _id, as articles do. `forms`:
 * `title-field` — `input` (default: an input with placeholder 标题) or
 * `editable` (an editable box `.w-form-field-content-editable`, as a public
 * poster records); `video-publish` — `confirm` (default: 发表 opens 确认发表, which sends the
 * video) or `direct` (发表 sends it, no confirmation); `video-submit` —
 * `submit-video` (default) or `submit-article` (the page sends the video to
 * the articles' submit, the address public code records for a saved video);
 * `submit-answer`, as for articles — `id` (default: data._id), `wm_aid`
 * (data._id and data.wm_aid) or `none` (data naming neither).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, json, readBody, type Route } from './http.js';
import { acceptPublish, newNumericId, type Handler, type User } from './platform.js';
import type { MediaRecord, SimState } from './state.js';

const P = 'dayu';
const MP = '/mp.dayu.com';
const VIDEOS = 'dayu.videos';
/** The public id of each published item, by its _id (shared with the article side). */
const ORIGINS = 'dayu.origins';
const TITLE_MAX = 80;
const TAGS_MAX = 10;

/** What the video page needs of the dayu replica: its dashboard page, the utoken check, the uploaded pictures. */
export interface DayuPageKit {
  dashboardPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState, body: string, configVar?: string): void;
  writer(req: IncomingMessage, state: SimState, formToken?: string): User | null | 'utoken';
  pictureOwner(state: SimState, url: string): { account: string; mediaId: string } | undefined;
}

function videoPage(kit: DayuPageKit): Handler {
  return (req, res, route, state) => {
    const { omit, forms } = state.opts(P);
    const configVar = omit.includes('video-config') ? 'pageConfig' : 'globalConfig';
    const slot = (cls: string, label: string) =>
      `<div class="w-form-field ${cls}"><label class="w-form-field-label">${label}</label><div class="w-form-field-content"><div class="article-write_box-form-coverImg"><input type="file" accept="image/jpeg,image/png" style="display:none"><button type="button" class="w-btn">从本地选择</button></div></div></div>`;
    const body = `<div class="article-write article-write_video">
  <div class="article-write_video-container-upload-local">${omit.includes('video-input') ? '' : '<input type="file" accept="video/mp4,video/x-flv,video/*" style="display:none">'}<a>上传视频</a><p class="upload-status"></p></div>
  <div class="w-form-field"><label class="w-form-field-label">标题</label><div class="w-form-field-content">${omit.includes('title-input') ? '' : forms['title-field'] === 'editable' ? '<div class="w-form-field-content-editable" contenteditable="true"></div>' : '<input type="text" placeholder="请输入视频标题">'}</div></div>
  <div class="w-form-field"><label class="w-form-field-label">简介</label><div class="w-form-field-content">${omit.includes('description-box') ? '' : '<textarea placeholder="请输入视频简介"></textarea>'}</div></div>
  ${omit.includes('cover-slots') ? '' : `${slot('article-write_box-cover', '视频封面')}${slot('article-write_box-vertical-cover', '竖版封面')}`}
  <div class="w-form-field"><label class="w-form-field-label">标签</label><div class="w-form-field-content">${omit.includes('tag-boxes') ? '' : '<div class="article-write_video-tags form-control"><div><input type="text" maxlength="30"></div></div>'}</div></div>
  <div class="w-form-field"><label class="w-form-field-label article-write_box-form-filed-required">信息来源</label><div class="w-form-field-content"><div class="source-remark-detail ant-radio-group"><label><input type="radio" name="source" value="无需标注"> 无需标注</label></div></div></div>
  <button type="button" class="w-btn w-btn_primary article-write_publish">发表</button>
  <div class="w-dialog publish-confirm" hidden><p>确认发表该视频吗？</p><button type="button" class="w-btn w-btn_primary">确认发表</button> <button type="button" class="w-btn cancel">取消</button></div>
  <div class="w-dialog article-material-image-dialog" hidden><img class="crop-preview"><div class="article-material-image-dialog_btn"><button type="button" class="w-btn w-btn_primary">保存</button> <button type="button" class="w-btn cancel">取消</button></div></div>
  <div class="w-message-error" style="display:none"></div>
</div>
<script>
const BASE = ${JSON.stringify(route.prefix)};
const live = (u) => BASE + '/' + String(u).replace(/^(https?:)?\\/\\//, '');
const cfg = window.${configVar};
const $ = (s) => document.querySelector(s);
// The title: an input, or (the editable form) an editable box.
const titleBox = () => $('.w-form-field-content input[type=text][placeholder]') || $('.w-form-field-content-editable');
const titleOf = (t) => (t.tagName === 'INPUT' ? t.value : t.textContent);
const message = (text) => { const m = $('.w-message-error'); m.textContent = text; m.style.display = 'block'; setTimeout(() => { m.style.display = 'none'; }, 3000); };
let videoId = null;
const covers = {};
const video = $('.article-write_video-container-upload-local input[type=file]');
const status = $('.upload-status');
if (video) video.addEventListener('change', async () => {
  const file = video.files[0];
  if (!file) return;
  videoId = null;
  status.textContent = '上传中';
  try {
    const j = await (await fetch(live('https://mp.dayu.com/dashboard/video/upload?name=' + encodeURIComponent(file.name)), { method: 'POST', credentials: 'include', headers: { utoken: cfg.utoken, 'content-type': file.type || 'video/mp4' }, body: file })).json();
    if (j.error) { status.textContent = '上传失败'; return message(j.error); }
    videoId = j.data.videoId;
    // As the page does once a video is in: the file's name becomes the title.
    const title = titleBox();
    const name = file.name.replace(/\.[^.]*$/, '');
    if (title && title.tagName === 'INPUT') title.value = name;
    else if (title) title.textContent = name;
    status.textContent = '视频上传成功，处理中';
  } catch (e) { status.textContent = '上传失败'; message('网络错误'); }
});
const dialog = $('.article-material-image-dialog');
let cropping = null;
for (const input of document.querySelectorAll('.article-write_box-form-coverImg input[type=file]')) {
  input.addEventListener('change', () => {
    const file = input.files[0];
    if (!file) return;
    cropping = { file, slot: input.closest('.w-form-field') };
    $('.crop-preview').src = URL.createObjectURL(file);
    dialog.hidden = false;
  });
}
dialog.querySelector('.cancel').addEventListener('click', () => { dialog.hidden = true; cropping = null; });
dialog.querySelector('.w-btn_primary').addEventListener('click', async () => {
  if (!cropping) return;
  const { file, slot } = cropping;
  const form = new FormData();
  form.append('upfile', file, file.name);
  form.append('size', String(file.size));
  const q = new URLSearchParams({ appid: 'website', fromMaterial: '0', wmid: cfg.wmid, wmname: cfg.weMediaName, sign: cfg.nsImageUploadSign });
  try {
    const j = await (await fetch(live('https://ns.dayu.com/article/imageUpload?' + q), { method: 'POST', credentials: 'include', body: form })).json();
    if (!j.data) return message(j.message || '封面上传失败');
    dialog.hidden = true; cropping = null;
    covers[slot.classList.contains('article-write_box-vertical-cover') ? 'vertical' : 'horizontal'] = j.data.imgInfo.org_url;
    const box = slot.querySelector('.article-write_box-form-coverImg');
    box.querySelector('img')?.remove();
    const img = document.createElement('img'); img.src = j.data.imgInfo.url; box.appendChild(img);
  } catch (e) { message('网络错误'); }
});
const tags = $('.article-write_video-tags');
if (tags) tags.addEventListener('keydown', (ev) => {
  if (ev.key !== 'Enter' || ev.target.tagName !== 'INPUT') return;
  const boxes = tags.querySelectorAll('div > input[type=text]');
  if (ev.target !== boxes[boxes.length - 1] || !ev.target.value.trim() || boxes.length >= ${TAGS_MAX}) return;
  const div = document.createElement('div'); div.innerHTML = '<input type="text" maxlength="30">'; tags.appendChild(div); div.querySelector('input').focus();
});
const confirmBox = $('.publish-confirm');
$('.article-write_publish').addEventListener('click', () => {
  const title = titleBox();
  if (!videoId) return message('请等待视频上传完成');
  if (!title || !titleOf(title).trim()) return message('请填写标题');
  if (${JSON.stringify(forms['video-publish'] === 'direct')}) return send();
  confirmBox.hidden = false;
});
confirmBox.querySelector('.cancel').addEventListener('click', () => { confirmBox.hidden = true; });
confirmBox.querySelector('.w-btn_primary').addEventListener('click', () => { confirmBox.hidden = true; send(); });
async function send() {
  const title = titleBox();
  const desc = $('.w-form-field-content textarea');
  const source = document.querySelector('input[name=source]:checked');
  const tagList = tags ? [...tags.querySelectorAll('div > input[type=text]')].map((i) => i.value.trim()).filter(Boolean) : [];
  const form = new URLSearchParams({ title: titleOf(title), content: desc ? desc.value : '', videoId, tags: tagList.join(','), source: source ? source.value : '', coverImg: covers.horizontal || '', verticalCoverImg: covers.vertical || '', utoken: cfg.utoken });
  try {
    const j = await (await fetch(live(${JSON.stringify(`https://mp.dayu.com/dashboard/${forms['video-submit'] === 'submit-article' ? 'submit-article' : 'submit-video'}`)}), { method: 'POST', credentials: 'include', headers: { utoken: cfg.utoken, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' }, body: form })).json();
    if (j.error) message(j.error);
  } catch (e) { message('网络错误，请重试'); }
}
</script>`;
    kit.dashboardPage(req, res, route, state, body, configVar);
  };
}

/** POST dashboard/video/upload: the whole file in one request, the page's utoken in the header; `rejectVideo` refuses it. */
function uploadVideo(kit: DayuPageKit): Handler {
  return async (req, res, _route, state) => {
    const u = kit.writer(req, state);
    const bytes = await readBody(req);
    if (!u) return json(res, 200, { error: '登录失效' });
    if (u === 'utoken') return json(res, 200, { error: 'utoken error' });
    const reject = state.opts(P).rejectVideo;
    if (reject) return json(res, 200, { error: reject });
    if (bytes.length === 0) return json(res, 200, { error: '视频为空' });
    const m = state.storeMedia(P, u.uid, 'video', bytes, req.headers['content-type']);
    const videoId = `${state.nextSeq()}${Date.now()}`;
    state.bag<{ account: string; mediaId: string }>(VIDEOS).set(videoId, { account: u.uid, mediaId: m.id });
    json(res, 200, { data: { videoId } });
  };
}

/** POST dashboard/submit-video: checks as the page's confirmation would, records the video. */
function submitVideo(kit: DayuPageKit): Handler {
  return async (req, res, route, state) => {
    const form = Object.fromEntries(new URLSearchParams((await readBody(req, 1024 * 1024)).toString('utf8')));
    await submitVideoForm(kit, req, res, route, state, form);
  };
}

/** A video's publish form, sent to submit-video or (the `submit-article` form) to the articles' submit. */
export async function submitVideoForm(kit: DayuPageKit, req: IncomingMessage, res: ServerResponse, route: Route, state: SimState, form: Record<string, string>): Promise<void> {
  const u = kit.writer(req, state, form.utoken);
  if (!u) return json(res, 200, { error: '登录失效' });
  if (u === 'utoken') return json(res, 200, { error: 'utoken error' });
  const refuse = (error: string) => json(res, 200, { error });
  const v = state.bag<{ account: string; mediaId: string }>(VIDEOS).get(form.videoId ?? '');
  const video = v && v.account === u.uid ? state.media.get(v.mediaId) : undefined;
  if (!video) return refuse('视频无效');
  const title = (form.title ?? '').trim();
  if (!title || Array.from(title).length > TITLE_MAX) return refuse(`标题需为1-${TITLE_MAX}个字`);
  if (form.source !== '无需标注') return refuse('请选择信息来源');
  const tags = (form.tags ?? '').split(',').filter(Boolean);
  if (tags.length > TAGS_MAX) return refuse(`标签最多${TAGS_MAX}个`);
  const coverMedia: MediaRecord[] = [];
  for (const src of [form.coverImg, form.verticalCoverImg].filter((s): s is string => !!s)) {
    const owner = kit.pictureOwner(state, src);
    if (owner?.account !== u.uid) return refuse('封面图地址非法');
    const m = state.media.get(owner.mediaId)!;
    coverMedia.push({ kind: 'cover', size: m.size, sha256: m.sha256 });
  }
  if (state.opts(P).rejectPublish) return refuse(state.opts(P).rejectPublish as string);
  const id = newNumericId(state, 16);
  const originId = randomBytes(16).toString('hex');
  state.bag<string>(ORIGINS).set(id, originId);
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: u.uid,
      postId: id,
      url: `${route.prefix}/mparticle.uc.cn/article.html?${new URLSearchParams({ wm_id: u.uid, wm_aid: originId })}`,
      title,
      body: form.content ?? '',
      settings: { type: 'video', tags, source: form.source, cover: form.coverImg ? 'custom' : 'frame' },
      media: [{ kind: 'video', size: video.size, sha256: video.sha256 }, ...coverMedia],
    },
    videoAnswer(state, id, originId),
  );
}

/** The publish answer in the form the test picked (the article answer's forms). */
function videoAnswer(state: SimState, id: string, originId: string): unknown {
  switch (state.opts(P).forms['submit-answer']) {
    case 'wm_aid':
      return { data: { _id: id, wm_aid: originId } };
    case 'none':
      return { data: { acl: null } };
    default:
      return { data: { _id: id } };
  }
}

/** The video page's routes: the page, the upload and the publish call. */
export function dayuVideoRoutes(kit: DayuPageKit): ReadonlyArray<readonly [string, string, Handler]> {
  return [
    ['GET', `${MP}/dashboard/video/write`, videoPage(kit)],
    ['POST', `${MP}/dashboard/video/upload`, uploadVideo(kit)],
    ['POST', `${MP}/dashboard/submit-video`, submitVideo(kit)],
  ];
}

/** A published video's page: its title and its description as text. */
export function videoPostPage(title: string, description: string): string {
  return `<h1>${esc(title)}</h1><p class="video-desc">${esc(description)}</p>`;
}
