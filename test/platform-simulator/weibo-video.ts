/**
 * weibo's video publishing as the replica serves it (provenance in
 * edge-node/src/adapters/weibo/video.ts): the publish page weibo.com/upload/channel
 * (上传视频 and its file chooser, the 上传中 / 上传完成 blocks, the title, the
 * 类型 radios 原创 / 二创, the 内容声明 menu, the 编辑封面 layer that hides the
 * form while it is open, the description, 发布 and the success layer with
 * 再发一条视频), the file platform's upload (init.json → chunk POSTs to the
 * upload host → check.json) and the video branch of /ajax/statuses/update
 * (form `media`: the title, media_id, 原创/二创 and the cover pid).
 *
 * The page does not send a chunk's MD5 (`check`), which the public client
 * records: computing it would read every chunk in the page. Where the 内容声明
 * travels in the update request is not recorded: the replica's page sends it
 * as `media.declare`.
 *
 * `omit` names this replica knows: `video-type` (the 类型 radios are gone),
 * `video-declare` (the 内容声明 menu is gone).
 */
import { createHash, randomBytes, type Hash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { json, readBody, sleep, type Route } from './http.js';
import { acceptPublish, newNumericId, type User } from './platform.js';
import type { SimState, StoredMedia } from './state.js';
import { updateAnswerData } from './weibo-composer.js';

const P = 'weibo';
/** The 类型 choice: label → `media.homemade.type` (0 原创, 2 二创; 1 is 转载, which the form does not offer). */
export const WEIBO_VIDEO_TYPES: Record<string, number> = { 原创: 0, 二创: 2 };
/** The 内容声明 options the replica's menu shows. */
export const WEIBO_VIDEO_DECLARATIONS = ['含AI生成内容'];
export const WEIBO_VIDEO_TITLE_MAX = 30;
const FILE_HOST = '/fileplatform-cn1.api.weibo.com/2/fileplatform';
const UP_HOST = '/up-cn1.video.weibocdn.com/2/fileplatform';
const SOURCE = '339644097';

interface Upload {
  account: string;
  uploadId: string;
  mediaId: string;
  auth: string;
  size: number;
  chunkSize: number;
  hash: Hash;
  received: number;
  /** Chunks arrive in order (threads 1); one out of order is refused. */
  nextIndex: number;
}

const uploads = (state: SimState) => state.bag<Upload>('weibo:video-uploads');
/** Finished uploads, by media_id. */
const videos = (state: SimState) => state.bag<{ account: string; media: StoredMedia }>('weibo:videos');

export function videoPublishPage(base: string, user: User, omit: readonly string[]): string {
  const types = omit.includes('video-type')
    ? ''
    : `<div class="_type_1vpmt_29">${Object.keys(WEIBO_VIDEO_TYPES)
        .map((l) => `<label class="woo-radio-main"><input type="radio" class="woo-radio-input" name="type" value="${l}"><span class="woo-radio-shadow"></span><span class="woo-radio-text">${l}</span></label>`)
        .join('')}</div>`;
  const declare = omit.includes('video-declare')
    ? ''
    : `<div class="_gap1_nsgmr_26"><div class="_tit1_nsgmr_30">内容声明</div><div class="woo-pop-ctrl wbpro-select" id="declare">请选择</div></div>
  <div class="_panel_nsgmr_114" id="declare-panel" style="display:none">${WEIBO_VIDEO_DECLARATIONS.map(
    (d) => `<button class="_option_nsgmr_150"><span class="_optionLabel_nsgmr_165">${d}</span><span class="_check_nsgmr_237"></span></button>`,
  ).join('')}<div class="_footer_nsgmr_270"><button class="woo-button-main"><span class="woo-button-content">确定</span></button></div></div>`;
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>发布视频 - 微博</title>
<style>.woo-toast-body{position:fixed;top:10px;left:40%;background:#333;color:#fff;padding:6px}</style></head>
<body><div class="Nav_wrap"><a class="Nav_avatar" href="${base}/weibo.com/u/${user.uid}">${user.name}</a></div>
<div class="wbpro-layer _layer_19x8d_246" id="form">
  <div class="_upload_1b3rh_10"><div class="_drag_1b3rh_20"><div><button class="woo-button-main" id="pick"><span class="woo-button-content">上传视频</span></button></div></div>
    <div class="_info_1b3rh_40" id="st-up" style="display:none"><span>上传中</span> <span id="st-size"></span></div>
    <div class="_info_1b3rh_40" id="st-pause" style="display:none"><span>暂停中</span></div>
    <div class="_info_1b3rh_40" id="st-done" style="display:none"><i class="woo-font woo-font--check"></i><span>上传完成</span></div>
    <div class="_info_1b3rh_40" id="st-fail" style="display:none"><span>上传失败</span> <span id="st-why"></span></div></div>
  <input class="woo-input-main" placeholder="填写标题（0～30个字）" maxlength="${WEIBO_VIDEO_TITLE_MAX}">
  ${types}
  ${declare}
  <div class="_cover_19x8d_90"><a href="javascript:;" id="cover-open">上传封面</a><img id="cover-preview" alt="" style="display:none"></div>
  <textarea class="Form_input" placeholder="有什么新鲜事想分享给大家？"></textarea>
  <div class="_check_2z30i_81"><button class="woo-button-main" id="send"><span class="woo-button-content">发布</span></button></div>
</div>
<div class="wbpro-layer _layer_1mhd8_153" id="cover-layer" style="display:none">
  <div class="wbpro-layer-tit">编辑封面</div>
  <input type="file" class="_file_1mhd8_65" accept=".jpg, .jpeg, .bmp, .gif, .png">
  <div class="wb_cropper"><div class="cropper-container"></div></div><div class="_tip_1mhd8_80"></div>
  <div class="wbpro-layer-btn woo-box-flex woo-box-justifyCenter"><button class="woo-button-main"><span class="woo-button-content">完成</span></button></div>
</div>
<div class="_layer1_9a8j7_2" id="success" style="display:none"><p>视频已上传成功，将在转码后发布</p><button class="woo-button-main"><span class="woo-button-content">再发一条视频</span></button></div>
<div class="woo-toast-body" id="toast" style="display:none"></div>
<script>
const BASE = ${JSON.stringify(base)};
const live = (u) => BASE + '/' + String(u).replace(/^(https?:)?\\/\\//, '');
const $ = (s) => document.querySelector(s);
const TYPES = ${JSON.stringify(WEIBO_VIDEO_TYPES)};
let media = null, cover = null, declareChoice = '', toastTimer;
function toast(msg) { const t = $('#toast'); t.textContent = msg; t.style.display = ''; clearTimeout(toastTimer); toastTimer = setTimeout(() => (t.style.display = 'none'), 4000); }
function show(id) { for (const s of ['#st-up', '#st-pause', '#st-done', '#st-fail']) $(s).style.display = s === id ? '' : 'none'; }
$('#pick').addEventListener('click', () => {
  const input = document.createElement('input'); input.type = 'file'; input.accept = 'video/*';
  input.addEventListener('change', () => input.files[0] && upload(input.files[0]));
  input.click();
});
async function upload(file) {
  media = null; show('#st-up');
  const mb = (n) => (n / 1048576).toFixed(2) + 'MB';
  try {
    const q = 'source=${SOURCE}&size=' + file.size + '&name=' + encodeURIComponent(file.name) + '&type=video&client=web';
    const boundary = '2067456weiboPro' + Date.now();
    const init = await (await fetch(live('https://fileplatform-cn1.api.weibo.com/2/fileplatform/init.json?' + q), { method: 'POST', credentials: 'include',
      headers: { 'Content-Type': 'multipart/mixed; boundary=' + boundary },
      body: '--' + boundary + '\\r\\nContent-Disposition: form-data; name="biz_file"\\r\\n\\r\\n{"mediaprops":"{\\\\"screenshot\\\\":1}"}\\r\\n--' + boundary + '--' })).json();
    if (!init.upload_id) throw new Error(init.error || '初始化失败');
    const size = init.strategy.chunk_size * 1024, count = Math.max(1, Math.ceil(file.size / size));
    for (let i = 0; i < count; i++) {
      const start = i * size, end = Math.min(file.size, start + size);
      const p = 'source=${SOURCE}&upload_id=' + init.upload_id + '&media_id=' + init.media_id + '&upload_protocol=' + init.strategy.upload_protocol + '&type=video&client=web&index=' + i + '&size=' + (end - start) + '&start_loc=' + start + '&count=' + count;
      const r = await (await fetch(live('https://up-cn1.video.weibocdn.com/2/fileplatform/upload.json?' + p), { method: 'POST', headers: { 'Content-Type': 'application/octet-stream', 'X-Up-Auth': init.auth }, body: file.slice(start, end) })).json();
      if (!r.result) throw new Error(r.error || '分片上传失败');
      $('#st-size').textContent = mb(end) + '/' + mb(file.size);
    }
    const c = 'source=${SOURCE}&upload_id=' + init.upload_id + '&media_id=' + init.media_id + '&upload_protocol=' + init.strategy.upload_protocol + '&count=' + count + '&action=finish&size=' + file.size + '&client=web&status=';
    const done = await (await fetch(live('https://fileplatform-cn1.api.weibo.com/2/fileplatform/check.json?' + c), { method: 'POST', headers: { 'X-Up-Auth': init.auth } })).json();
    if (done.error) throw new Error(done.error);
    media = init.media_id; show('#st-done');
  } catch (e) { $('#st-why').textContent = e.message; show('#st-fail'); }
}
for (const label of document.querySelectorAll('label.woo-radio-main')) label.addEventListener('click', () => {
  for (const s of document.querySelectorAll('.woo-radio-shadow')) s.classList.remove('woo-radio-checked');
  label.querySelector('.woo-radio-shadow').classList.add('woo-radio-checked');
});
const declareCtrl = $('#declare');
if (declareCtrl) {
  declareCtrl.addEventListener('click', () => { $('#declare-panel').style.display = ''; });
  for (const opt of document.querySelectorAll('._option_nsgmr_150')) opt.addEventListener('click', () => {
    const on = !opt.querySelector('._check_nsgmr_237').classList.contains('_checkActive_nsgmr_251');
    for (const c of document.querySelectorAll('._check_nsgmr_237')) c.classList.remove('_checkActive_nsgmr_251');
    if (on) opt.querySelector('._check_nsgmr_237').classList.add('_checkActive_nsgmr_251');
  });
  $('._footer_nsgmr_270 button').addEventListener('click', () => {
    const active = document.querySelector('._checkActive_nsgmr_251');
    declareChoice = active ? active.parentElement.querySelector('._optionLabel_nsgmr_165').textContent : '';
    declareCtrl.textContent = declareChoice || '请选择'; $('#declare-panel').style.display = 'none';
  });
}
// While 编辑封面 is open the form layer is hidden, as on weibo.
$('#cover-open').addEventListener('click', () => { $('#cover-layer').style.display = ''; $('#form').style.display = 'none'; });
const coverInput = $('#cover-layer input[type=file]');
let cropped = null;
coverInput.addEventListener('change', () => {
  const f = coverInput.files[0]; if (!f) return;
  cropped = f; const img = document.createElement('img'); img.src = URL.createObjectURL(f);
  $('.cropper-container').replaceChildren(img);
});
$('#cover-layer .wbpro-layer-btn button').addEventListener('click', async () => {
  if (!cropped) return;
  $('._tip_1mhd8_80').textContent = '处理中请稍后…';
  try {
    const r = await (await fetch(live('https://picupload.weibo.com/interface/pic_upload.php?app=miniblog&s=json&p=1&data=1&url=weibo.com/ww&markpos=1&logo=1&nick=ww&file_source=4&_rid=' + Date.now()), { method: 'POST', body: cropped, credentials: 'include' })).json();
    const pic = r && r.data && r.data.pics && r.data.pics.pic_1;
    if (!pic || !pic.pid) throw new Error((pic && pic.msg) || '');
    cover = { pid: pic.pid, width: pic.width, height: pic.height };
    $('#cover-preview').src = 'https://wx2.sinaimg.cn/large/' + pic.pid + '.jpg'; $('#cover-preview').style.display = '';
    $('#cover-layer').style.display = 'none'; $('#form').style.display = '';
  } catch (e) { $('._tip_1mhd8_80').textContent = '封面上传失败' + (e.message ? '：' + e.message : ''); }
});
$('#send').addEventListener('click', async () => {
  const title = $('input[placeholder="填写标题（0～30个字）"]').value.trim();
  const checked = document.querySelector('.woo-radio-checked');
  const type = checked ? checked.parentElement.querySelector('.woo-radio-text').textContent : '';
  if (!media) return toast('请先上传视频');
  if (!title) return toast('请填写标题');
  if (!type) return toast('请选择类型');
  if (!cover) return toast('请上传封面');
  const m = { titles: [{ title, default: 'true' }], type: 'video', media_id: media, resource: { video_down: 0 }, homemade: { channel_ids: [], type: TYPES[type] }, covers: [cover], approval_reprint: '1' };
  if (declareChoice) m.declare = declareChoice;
  const body = new URLSearchParams({ content: $('textarea').value, visible: '0', media: JSON.stringify(m) });
  try {
    const r = await (await fetch(live('https://weibo.com/ajax/statuses/update'), { method: 'POST', body, credentials: 'include', headers: { 'x-requested-with': 'XMLHttpRequest' } })).json();
    if (r.ok === 1) { $('#form').style.display = 'none'; $('#success').style.display = ''; return; }
    toast(r.msg || '发布失败');
  } catch (e) { toast('网络错误，请稍后重试'); }
});
</script></body></html>`;
}

/** POST fileplatform-cn1.api.weibo.com/2/fileplatform/init.json: an upload for `size` bytes. */
async function init(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  await readBody(req, 64 * 1024);
  const u = state.user(req, P);
  if (!u) return json(res, 200, { error: 'auth failed', error_code: 21301 });
  const o = state.opts(P);
  if (o.rejectVideo) return json(res, 200, { error: o.rejectVideo, error_code: 10017 });
  const size = Number(route.query.get('size'));
  if (route.query.get('source') !== SOURCE || route.query.get('type') !== 'video' || !Number.isSafeInteger(size) || size <= 0) return json(res, 200, { error: 'bad request', error_code: 10008 });
  const up: Upload = {
    account: u.uid,
    uploadId: randomBytes(12).toString('hex'),
    mediaId: newNumericId(state, 16),
    auth: randomBytes(16).toString('hex'),
    size,
    chunkSize: Math.max(1, Math.round(o.chunkSize / 1024)) * 1024,
    hash: createHash('sha256'),
    received: 0,
    nextIndex: 0,
  };
  uploads(state).set(up.uploadId, up);
  json(res, 200, {
    upload_id: up.uploadId,
    media_id: up.mediaId,
    strategy: { upload_protocol: 'dispersion', chunk_retry: 3, chunk_delay: 3000, chunk_timeout: 60000, threads: 1, url_tag: 'cn1', chunk_size: up.chunkSize / 1024 },
    auth: up.auth,
  });
}

function uploadOf(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Upload | null {
  const up = uploads(state).get(route.query.get('upload_id') ?? '');
  if (!up || route.query.get('media_id') !== up.mediaId || req.headers['x-up-auth'] !== up.auth) {
    json(res, 200, { error: 'auth failed', error_code: 21301 });
    return null;
  }
  return up;
}

/** POST up-cn1.video.weibocdn.com/2/fileplatform/upload.json: one chunk, in order. */
async function chunk(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const body = await readBody(req, 64 * 1024 * 1024);
  const up = uploadOf(req, res, route, state);
  if (!up) return;
  const index = Number(route.query.get('index'));
  const start = Number(route.query.get('start_loc'));
  if (index !== up.nextIndex || start !== up.received || body.length !== Number(route.query.get('size')) || body.length === 0) return json(res, 200, { result: false, error: 'bad chunk' });
  up.hash.update(body);
  up.received += body.length;
  up.nextIndex++;
  await sleep(state.opts(P).chunkDelayMs);
  json(res, 200, { result: true });
}

/** POST fileplatform-cn1.api.weibo.com/2/fileplatform/check.json?action=finish: the upload is complete. */
async function check(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  await readBody(req, 64 * 1024);
  const up = uploadOf(req, res, route, state);
  if (!up) return;
  if (route.query.get('action') !== 'finish' || up.received !== up.size || Number(route.query.get('size')) !== up.size) return json(res, 200, { error: `incomplete (${up.received}/${up.size})`, error_code: 10010 });
  uploads(state).delete(up.uploadId);
  const media = state.storeMedia(P, up.account, 'video', { size: up.size, sha256: up.hash.digest('hex') });
  videos(state).set(up.mediaId, { account: up.account, media });
  json(res, 200, { media_id: up.mediaId, fid: up.mediaId, status: 'finish' });
}

export const videoUploadRoutes = [
  ['POST', `${FILE_HOST}/init.json`, init],
  ['POST', `${UP_HOST}/upload.json`, chunk],
  ['POST', `${FILE_HOST}/check.json`, check],
] as const;

/**
 * The video branch of /ajax/statuses/update: `media` names an uploaded video,
 * its title, 原创/二创 and the cover. Answers like the text post (an `ok`, the new post).
 */
export async function updateVideo(res: ServerResponse, route: Route, state: SimState, u: User, form: URLSearchParams): Promise<void> {
  const refuse = (msg: string) => json(res, 200, { ok: 0, msg });
  let m: Record<string, unknown>;
  try {
    m = JSON.parse(form.get('media') ?? '') as Record<string, unknown>;
  } catch {
    return refuse('参数错误');
  }
  const title = String((m.titles as Array<{ title?: unknown }> | undefined)?.[0]?.title ?? '');
  const video = videos(state).get(String(m.media_id ?? ''));
  const type = Object.entries(WEIBO_VIDEO_TYPES).find(([, v]) => v === (m.homemade as { type?: unknown } | undefined)?.type)?.[0];
  const coverPid = String((m.covers as Array<{ pid?: unknown }> | undefined)?.[0]?.pid ?? '');
  const cover = state.media.get(coverPid);
  const content = form.get('content') ?? '';
  if (!video || video.account !== u.uid) return refuse('视频无效');
  if (!title.trim() || Array.from(title).length > WEIBO_VIDEO_TITLE_MAX) return refuse('标题需为 1-30 字');
  if (!type) return refuse('请选择类型');
  if (!cover || cover.account !== u.uid) return refuse('请上传封面');
  if (m.declare !== undefined && !WEIBO_VIDEO_DECLARATIONS.includes(String(m.declare))) return refuse('内容声明无效');
  if (Array.from(content).length > 2000) return refuse('超出 2000 字');
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return refuse(rejected);
  videos(state).delete(String(m.media_id));
  const mid = newNumericId(state, 16);
  const bid = Number(mid).toString(36).toUpperCase();
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: u.uid,
      postId: bid,
      url: `${route.prefix}/weibo.com/${u.uid}/${bid}`,
      title,
      body: content,
      settings: { kind: 'video', visibility: '公开', type, declaration: m.declare ?? null },
      media: [
        { kind: 'video', size: video.media.size, sha256: video.media.sha256 },
        { kind: 'cover', size: cover.size, sha256: cover.sha256 },
      ],
    },
    { ok: 1, data: updateAnswerData(state.opts(P).forms.updateAnswer, { mid, bid, text: content, uid: u.uid }, { page_info: { object_type: 'video', page_title: title } }) },
  );
}
