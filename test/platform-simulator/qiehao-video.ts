/**
 * The 企鹅号 video page (om.qq.com/main/creation/video) with the controls the
 * public sources record (provenance in edge-node/src/adapters/qiehao/provenance.ts):
 * the hidden uploader `input[name=Filedata]`; once the upload is in, the form
 * with the video's preview, the title box inside `.omui-articletitle__input`, the description
 * `textarea.omui-textarea__inner`, the tag box in `#-tag` (a space ends a tag,
 * nine at most), 原创 in `#-user_original`, the cover control in `#-poster`
 * (its dialog: tabs 封面截取, 本地上传, …; the picture input on 本地上传,
 * 下一步 once the picture is in, then the crop's 完成), and the required
 * 自主声明 (`#-selfDeclaration`, its button opening a dialog closed by 确认);
 * the publish button's class names publish. The upload calls, 上传失败, the
 * dialog's last two tabs, the cover shown as a picture in `#-poster`, the
 * declaration's other choices, the publish and list calls, the published
 * page and the refusal messages (.omui-message--error) are the replica's own:
 * no source records them. The account call and the login page
 * are qiehao.ts's.
 *
 * `omit` names: `video-input`, `video-title-input`, `description-box`,
 * `cover-control`, `no-label-choice` (the 自主声明 dialog offers no 无需标注).
 *
 * `forms`: `video-publish` — `mvideo` (default: the page posts to
 * /mvideo/api/publish, answering response.code "0" and data.vid) or
 * `api-video` (it posts to /api/video/publish, answering code 0 and data.id);
 * `video-answer` — `none` (accepted, naming no video) or `numeric` (naming
 * the video by a number of om's own, not its vid); `video-url` — `none`
 * (default) or `cover` (the answer and the list rows carry the video's
 * address, in Tencent Video's /x/cover/<cid>/<vid>.html form).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, readBody, readJson, redirect, type Route } from './http.js';
import { acceptPublish, newNumericId, type Handler } from './platform.js';
import type { SimState } from './state.js';

const P = 'qiehao';
const OM = '/om.qq.com';
const VIDEOS = 'qiehao.videos';
const COVERS = 'qiehao.video-covers';
const TITLE = { min: 5, max: 64 };
const DECLARATIONS = { ai_generated: '内容由AI生成', ai_assisted: '包含AI辅助创作', none: '无需标注' } as const;

const NOT_LOGGED_IN = { response: { code: '-1', msg: '请先登录' }, data: [] };
const ok = (data: unknown) => ({ response: { code: '0', msg: 'success' }, data });
const refuse = (code: string, msg: string) => ({ response: { code, msg }, data: [] });

const CSS = `[hidden]{display:none!important} .omui-inputautogrowing__inner,.omui-textarea__inner{display:block;width:480px;margin:4px 0}
.omui-dialog{position:fixed;top:20%;left:30%;background:#fff;border:1px solid #ccc;padding:16px} .omui-message--error{position:fixed;top:8px;left:40%;background:#fff1f0} .omui-tag{margin-right:4px;padding:0 4px;background:#eef}`;

function videoPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const u = state.user(req, P);
  if (!u) return redirect(res, `${route.prefix}${OM}/userAuth/index`);
  const { omit, forms } = state.opts(P);
  const publishPath = forms['video-publish'] === 'api-video' ? '/api/video/publish' : '/mvideo/api/publish';
  const choices = Object.entries(DECLARATIONS)
    .filter(([value]) => !(value === 'none' && omit.includes('no-label-choice')))
    .map(([value, text]) => `<label class="omui-radio"><input type="radio" name="declaration" value="${value}"><span class="omui-radio__label">${text}</span></label>`)
    .join('');
  const body = `<div id="app"><div class="video-creation">
  <div class="upload-area">${omit.includes('video-input') ? '' : '<input type="file" name="Filedata" accept="video/*" hidden>'}<button type="button" class="omui-button">上传视频</button><span class="upload-status"></span></div>
  <form class="video-form" hidden>
    <video class="video-preview" controls width="320" height="180"></video>
    ${omit.includes('video-title-input') ? '' : '<div class="omui-inputautogrowing omui-articletitle__input omui-articletitle__input1"><textarea class="omui-inputautogrowing__inner" rows="1" placeholder="请输入标题（5-64个字）"></textarea></div>'}
    ${omit.includes('description-box') ? '' : '<textarea class="omui-textarea__inner" placeholder="请输入视频简介"></textarea>'}
    <div id="-tag"><div class="omui-suggestion__input"><span class="chips"></span><input class="omui-suggestion__value" placeholder="输入标签，空格确认"></div></div>
    <div id="-poster"><span class="poster"></span>${omit.includes('cover-control') ? '' : '<button type="button" class="omui-button omui-button--add">上传封面</button>'}</div>
    <div id="-user_original"><label><input type="checkbox" class="omui-checkbox__input" value="1"> 原创</label></div>
    <div id="-selfDeclaration"><span>自主声明：</span><span class="declaration-value">未声明</span><button type="button" class="omui-button">去声明</button></div>
    <button type="button" class="omui-button omui-button--primary publish-btn">发布</button>
  </form>
  <div class="omui-dialog cover-dialog" hidden><h3>设置封面</h3>
    <div class="omui-tab__nav"><span class="omui-tab__label is--active">封面截取</span><span class="omui-tab__label">本地上传</span><span class="omui-tab__label">图片库</span><span class="omui-tab__label">智能推荐</span></div>
    <div class="omui-tab__panel-inner local-panel" hidden><h4>上传图片</h4><button type="button" class="omui-button">选择图片</button><input type="file" accept="image/jpeg,image/png" hidden>
      <button type="button" class="omui-button omui-button--primary next" disabled>下一步</button></div>
    <div class="crop-panel" hidden><div class="preview__option-item"><label><input type="radio" name="preview" checked> 16:9</label></div>
      <button type="button" class="omui-button omui-button--primary finish">完成</button></div>
  </div>
  <div class="omui-dialog declaration-dialog" hidden><h3>自主声明</h3>${choices}<button type="button" class="omui-button omui-button--primary confirm">确认</button></div>
</div></div>`;
  const script = `
const BASE = ${JSON.stringify(route.prefix)};
const DECLARATIONS = ${JSON.stringify(DECLARATIONS)};
const live = (u) => BASE + '/' + String(u).replace(/^(https?:)?\\/\\//, '');
const message = (text) => { for (const old of document.querySelectorAll('[data-sim-message]')) old.remove(); const m = document.createElement('div'); m.dataset.simMessage = ''; m.className = 'omui-message omui-message--error'; m.textContent = text; document.body.appendChild(m); };
let vid = null;
let declaration = null;
const tags = [];
const input = document.querySelector('input[name=Filedata]');
const status = document.querySelector('.upload-status');
if (input) input.addEventListener('change', async () => {
  const file = input.files[0];
  if (!file) return;
  vid = null;
  status.textContent = '上传中';
  try {
    const j = await (await fetch(live('https://om.qq.com/mvideo/api/upload?name=' + encodeURIComponent(file.name)), { method: 'POST', credentials: 'include', headers: { 'content-type': file.type || 'video/mp4' }, body: file })).json();
    if (j.response.code !== '0') { status.textContent = '上传失败'; return message(j.response.msg || '视频上传失败'); }
    vid = j.data.vid;
    status.textContent = '';
    document.querySelector('.video-form').hidden = false;
  } catch (e) { status.textContent = '上传失败'; message('网络错误'); }
});
const tagBox = document.querySelector('#-tag .omui-suggestion__value');
tagBox.addEventListener('keydown', (e) => {
  if (e.key !== ' ' && e.key !== 'Enter') return;
  e.preventDefault();
  const t = tagBox.value.trim();
  tagBox.value = '';
  if (!t || tags.includes(t) || tags.length >= 9) return;
  tags.push(t);
  const chip = document.createElement('span'); chip.className = 'omui-tag'; chip.textContent = t;
  document.querySelector('#-tag .chips').appendChild(chip);
});
const coverDialog = document.querySelector('.cover-dialog');
let cover = null;
let pendingCover = null;
document.querySelector('#-poster .omui-button--add')?.addEventListener('click', () => {
  coverDialog.hidden = false; coverDialog.querySelector('.crop-panel').hidden = true; coverDialog.querySelector('.next').disabled = true;
});
coverDialog.querySelectorAll('.omui-tab__label').forEach((tab) => tab.addEventListener('click', () => {
  coverDialog.querySelectorAll('.omui-tab__label').forEach((t) => t.classList.toggle('is--active', t === tab));
  coverDialog.querySelector('.local-panel').hidden = tab.textContent !== '本地上传';
}));
coverDialog.querySelector('input[type=file]').addEventListener('change', async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  try {
    const j = await (await fetch(live('https://om.qq.com/mvideo/api/cover?name=' + encodeURIComponent(file.name)), { method: 'POST', credentials: 'include', headers: { 'content-type': file.type || 'image/jpeg' }, body: file })).json();
    if (j.response.code !== '0') return message(j.response.msg || '封面上传失败');
    pendingCover = j.data.url;
    coverDialog.querySelector('.next').disabled = false;
  } catch (err) { message('网络错误'); }
});
coverDialog.querySelector('.next').addEventListener('click', () => { coverDialog.querySelector('.local-panel').hidden = true; coverDialog.querySelector('.crop-panel').hidden = false; });
coverDialog.querySelector('.finish').addEventListener('click', () => {
  cover = pendingCover;
  const img = document.createElement('img'); img.src = cover; img.width = 160; img.height = 90;
  document.querySelector('#-poster .poster').replaceChildren(img);
  coverDialog.hidden = true;
});
const dialog = document.querySelector('.declaration-dialog');
document.querySelector('#-selfDeclaration button').addEventListener('click', () => { dialog.hidden = false; });
dialog.querySelector('.confirm').addEventListener('click', () => {
  const picked = dialog.querySelector('input[name=declaration]:checked');
  if (!picked) return message('请选择声明内容');
  declaration = picked.value;
  document.querySelector('.declaration-value').textContent = '作者声明：' + DECLARATIONS[declaration];
  dialog.hidden = true;
});
document.querySelector('.publish-btn').addEventListener('click', async () => {
  const title = document.querySelector('.omui-articletitle__input .omui-inputautogrowing__inner');
  const desc = document.querySelector('textarea.omui-textarea__inner');
  if (!vid) return message('请等待视频上传完成');
  if (!title || !title.value.trim()) return message('请输入标题');
  if (!declaration) return message('请完成自主声明');
  try {
    const j = await (await fetch(live('https://om.qq.com' + ${JSON.stringify(publishPath)}), { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ vid, cover, title: title.value, desc: desc ? desc.value : '', tags: tags.join(','), self_declare: declaration, user_original: document.querySelector('#-user_original input').checked ? 1 : 0 }) })).json();
    if ((j.response && j.response.code === '0') || j.code === 0) return;
    message((j.response && j.response.msg) || j.msg || '发布失败');
  } catch (e) { message('网络错误，请重试'); }
});`;
  html(res, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>企鹅号 - 发视频</title><style>${CSS}</style></head><body>${body}<script>${script}</script></body></html>`);
}

/** POST mvideo/api/upload: the whole file in one request; `rejectVideo` refuses it. */
async function uploadVideo(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const u = state.user(req, P);
  if (!u) return json(res, 200, NOT_LOGGED_IN);
  const bytes = await readBody(req, 64 * 1024 * 1024);
  const reject = state.opts(P).rejectVideo;
  if (reject) return json(res, 200, refuse('-2', reject));
  if (bytes.length === 0) return json(res, 200, refuse('-2', '视频为空'));
  const m = state.storeMedia(P, u.uid, 'video', bytes, req.headers['content-type']);
  const vid = `k${randomBytes(5).toString('hex')}`;
  state.bag<{ account: string; mediaId: string }>(VIDEOS).set(vid, { account: u.uid, mediaId: m.id });
  json(res, 200, ok({ vid }));
}

/** POST mvideo/api/cover: the cover picture in one request; `rejectCover` refuses it. */
async function uploadCover(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = state.user(req, P);
  if (!u) return json(res, 200, NOT_LOGGED_IN);
  const bytes = await readBody(req, 16 * 1024 * 1024);
  const reject = state.opts(P).rejectCover;
  if (reject) return json(res, 200, refuse('-2', reject));
  if (bytes.length === 0) return json(res, 200, refuse('-2', '图片为空'));
  const m = state.storeMedia(P, u.uid, 'cover', bytes, req.headers['content-type']);
  const url = `${route.prefix}/inews.gtimg.com/om_bt/${m.id}/0`;
  state.bag<{ account: string; mediaId: string }>(COVERS).set(url, { account: u.uid, mediaId: m.id });
  json(res, 200, ok({ url }));
}

/** POST mvideo/api/publish: checks as the page does, records the video with its tags and declaration. */
async function publishVideo(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = state.user(req, P);
  if (!u) return json(res, 200, NOT_LOGGED_IN);
  const b = await readJson(req);
  const v = state.bag<{ account: string; mediaId: string }>(VIDEOS).get(String(b.vid ?? ''));
  const video = v && v.account === u.uid ? state.media.get(v.mediaId) : undefined;
  if (!video) return json(res, 200, refuse('-3', '视频无效'));
  const title = String(b.title ?? '').trim();
  const n = Array.from(title).length;
  if (n < TITLE.min || n > TITLE.max) return json(res, 200, refuse('-4', `标题需为${TITLE.min}-${TITLE.max}个字`));
  if (!Object.keys(DECLARATIONS).includes(String(b.self_declare))) return json(res, 200, refuse('-5', '请完成自主声明'));
  if (state.opts(P).rejectPublish) return json(res, 200, refuse('-6', state.opts(P).rejectPublish as string));
  const c = b.cover ? state.bag<{ account: string; mediaId: string }>(COVERS).get(String(b.cover)) : undefined;
  const cover = c && c.account === u.uid ? state.media.get(c.mediaId) : undefined;
  if (b.cover && !cover) return json(res, 200, refuse('-7', '封面无效'));
  const tags = String(b.tags ?? '').split(',').filter(Boolean);
  // A video is published once: its upload is spent.
  state.bag<{ account: string; mediaId: string }>(VIDEOS).delete(String(b.vid));
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: u.uid,
      postId: String(b.vid),
      url: `${route.prefix}/v.qq.com/x/page/${String(b.vid)}.html`,
      title,
      body: String(b.desc ?? ''),
      settings: { type: 'video', tags, declaration: String(b.self_declare), original: b.user_original === 1 },
      media: [{ kind: 'video', size: video.size, sha256: video.sha256 }, ...(cover ? [{ kind: 'cover' as const, size: cover.size, sha256: cover.sha256 }] : [])],
    },
    publishAnswer(state, String(b.vid)),
  );
}

/**
 * The publish answer in the form the test picked (`forms`): `video-publish`
 * `api-video` answers as the uploader posting to /api/video/publish reads it
 * (code 0, data.id); `video-answer` `none` names no video.
 */
function publishAnswer(state: SimState, vid: string): unknown {
  const { forms } = state.opts(P);
  const none = forms['video-answer'] === 'none';
  const url = forms['video-url'] === 'cover' ? { url: coverUrl(vid) } : {};
  // `numeric`: the answer's id is om's own number for the video, not its Tencent Video vid.
  const id = forms['video-answer'] === 'numeric' ? String(newNumericId(state, 10)) : vid;
  if (forms['video-publish'] === 'api-video') return { code: 0, msg: 'success', data: none ? url : { id, ...url } };
  return ok(none ? url : forms['video-answer'] === 'numeric' ? { id, ...url } : { vid, ...url });
}

/** A video's address in Tencent Video's cover form (/x/cover/<cid>/<vid>.html), which `video-url` `cover` answers with. */
const coverUrl = (vid: string) => `https://v.qq.com/x/cover/mzc00200om${vid.slice(0, 4)}/${vid}.html`;

/** "YYYY-MM-DD HH:mm:ss" in China time, as the list shows it. */
const chinaTime = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** GET mvideo/api/list: the account's own videos, newest first. */
function videoList(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): void {
  const u = state.user(req, P);
  if (!u) return json(res, 200, NOT_LOGGED_IN);
  const list = state.published
    .filter((p) => p.platform === P && p.account === u.uid && p.settings.type === 'video')
    .reverse()
    .map((p) => ({ vid: p.postId, title: p.title ?? '', status: 'published', pubTime: chinaTime(p.at), ...(state.opts(P).forms['video-url'] === 'cover' ? { url: coverUrl(p.postId) } : {}) }));
  json(res, 200, ok({ list, total: list.length }));
}

/** The video page, its calls and the published page. */
export const QIEHAO_VIDEO_ROUTES: ReadonlyArray<readonly [string, string | RegExp, Handler]> = [
  ['GET', `${OM}/main/creation/video`, videoPage],
  ['POST', `${OM}/mvideo/api/upload`, uploadVideo],
  ['POST', `${OM}/mvideo/api/cover`, uploadCover],
  ['POST', `${OM}/mvideo/api/publish`, publishVideo],
  ['POST', `${OM}/api/video/publish`, publishVideo],
  ['GET', `${OM}/mvideo/api/list`, videoList],
  ['GET', /^\/v\.qq\.com\/x\/(?:page|cover\/\w+)\/([\w-]+)\.html$/, (_req, res, _route, state, [id]) => {
    const p = state.published.find((x) => x.platform === P && x.postId === id);
    if (!p) return html(res, '<!doctype html><html><body><p>视频不存在</p></body></html>', 404);
    html(res, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(p.title ?? '')}</title></head><body><h1>${esc(p.title ?? '')}</h1><p class="video-desc">${esc(p.body)}</p></body></html>`);
  }],
];
