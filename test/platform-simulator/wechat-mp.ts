/**
 * Replica of the WeChat Official Account platform (mp.weixin.qq.com) as the
 * public sources record it (provenance in edge-node/src/adapters/wechat-mp/adapter.ts):
 * the address that shows the QR login, or, logged in, sends to the home page
 * with the session token in its address and `window.wx.commonData`; the
 * material upload; the draft save (operate_appmsg, with the refusals the
 * sources list: links to other sites, no cover, a title over 64 characters, a
 * digest over 120); the draft's edit page, whose 发表 runs the editor's check
 * of the author (作者不能超过8个字 past a width of 16, a character beyond
 * Latin-1 counting 2) and opens the 发表 dialog, then 继续发表, 微信验证 (the
 * administrator's scan), 已发表，正在返回首页 and the way back home; the
 * published list (appmsgpublish) and the older one (appmsg list_ex); the
 * published pages at /s/<key>. The draft save also refuses pictures that are
 * not the account's uploads, so a test sees any left behind.
 *
 * Video messages (视频消息), as public scripts record them: the video editor
 * (appmsg_edit_v2, type=15) with the tip over it (知道了), its video input,
 * 上传成功 and 重新上传 once the file is in, a keyword box and the title box,
 * and 保存, which only saves a draft (保存成功); the draft box
 * (appmsg_list, list_card) whose cards show 发表 on hover and open the same
 * 发表 dialog, 继续发表 and 微信验证 as the edit page. The editor's upload and
 * save calls (filetransfer?action=upload_video, operate_appmsg type=15) and
 * how it refuses a file (上传失败：<reason> in a toast) are the replica's own.
 *
 * Not on record, so the replica's own: the request the last confirmation
 * sends (POST /cgi-bin/masssend), where a refused publish shows its reason
 * (the dialog's `.weui-desktop-dialog__error`), and the scan's machinery
 * (/cgi-bin/safeverify: the page asks for a code, polls it; the phone posts
 * the address the QR encodes).
 *
 * `forms` this replica knows (the sources record both; first is the default):
 * - `continue`: `shown` (after the dialog's 发表, WeChat asks again with
 *   继续发表) or `absent`;
 * - `verify`: `none`, `qr` (a 微信验证 dialog whose QR the administrator
 *   scans before WeChat publishes) or `qr-picture` (the same scan shown as
 *   a QR picture served from safeverify, without the heading, as the video
 *   scripts look for it);
 * - `dialog-words`: `发表` or `群发` (the dialog headed 群发, confirmed with
 *   发送, as the video scripts click it);
 * - `published-id`: `new` (the published article's appmsgid is its own) or
 *   `draft` (it keeps the draft's appMsgId);
 * - `refusal-form`: `dialog-error` (a refused publish shows its reason in the
 *   dialog's error line) or `weui-toast` (as 发表失败：<reason> in a
 *   .weui-desktop-toast, as public clients read it);
 * - `page-notice` (page-notice.ts): `success` shows 草稿保存成功 in a
 *   .weui-desktop-toast as the dialog's 发表 is clicked;
 * - `video-tip`: `shown` (a tip covers the new video editor until 知道了) or
 *   `absent`;
 * - `card-publish`: `发表` or `群发`, the draft box card's publish control;
 * - `published-word`: `已发表` (已发表，正在返回首页, then home) or
 *   `群发成功` (the page says so and stays).
 *
 * `omit` names this replica knows: `title-input` (the edit page loses `#title`),
 * `publish-button` (the edit page loses its 发表 control), `app-msg-id` (the
 * draft save answers without appMsgId), `publish-list` (appmsgpublish is gone),
 * `list-ex` (appmsg list_ex is gone), `video-input` and `video-title` (the
 * video editor loses its file input or title box), `video-save` (its 保存),
 * `draft-cards` (the draft box shows no draft).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import QRCode from 'qrcode';
import { esc, html, json, readBody, redirect, type Route } from './http.js';
import { acceptPublish, newNumericId, router, type PlatformSim, type User } from './platform.js';
import { noticeJs, pageNoticeJs } from './page-notice.js';
import type { MediaRecord, SimState } from './state.js';

const P = 'wechat_mp';
const MP = '/mp.weixin.qq.com';
const PICTURE_HOST = 'https://mmbiz.qpic.cn/mmbiz_png';
/** WeChat's editor: 作者不能超过8个字 once the author's len() passes 16. */
const AUTHOR_MAX_LEN = 16;

interface Draft {
  id: string;
  account: string;
  /** An article (type 77) or a video message (type 15, its video in video_id0). */
  kind: 'article' | 'video';
  form: Record<string, string>;
  at: number;
}
const drafts = (state: SimState) => state.bag<Draft>('wechat_mp.drafts');
const pictures = (state: SimState) => state.bag<{ account: string; mediaId: string }>('wechat_mp.pictures');
/** Published article keys (/s/<key>) by published appmsgid. */
/** Uploaded videos by id, for the video editor's save. */
const videos = (state: SimState) => state.bag<{ account: string; mediaId: string }>('wechat_mp.videos');
const keys = (state: SimState) => state.bag<string>('wechat_mp.keys');
/** The administrator's scans the publish waits for, by ticket. */
const scans = (state: SimState) => state.bag<{ account: string; confirmed: boolean }>('wechat_mp.scans');
/** The session token the home page gives an account (stable for the account, digits as the real one). */
const tokenOf = (u: User) => String(parseInt(createHash('sha256').update(`token:${u.uid}`).digest('hex').slice(0, 8), 16));
const ticketOf = (u: User) => createHash('sha256').update(`ticket:${u.uid}`).digest('hex').slice(0, 40);
const form = (state: SimState, key: string, fallback: string) => state.opts(P).forms[key] ?? fallback;
/** The editor's len(): a UTF-16 unit beyond Latin-1 counts 2. */
const editorLen = (s: string) => s.replace(/[^\x00-\xff]/g, '**').length;

export const wechatMp: PlatformSim = {
  platform: P,
  contentTypes: ['article', 'video'],
  sessionCookie: 'slave_sid',
  handle: router([
    ['GET', `${MP}/`, (req, res, route, state) => {
      const u = state.user(req, P);
      if (!u) return loginPage(res);
      redirect(res, `${route.prefix}${MP}/cgi-bin/home?t=home/index&lang=zh_CN&token=${tokenOf(u)}`);
    }],
    ['GET', `${MP}/cgi-bin/home`, home],
    ['POST', `${MP}/cgi-bin/filetransfer`, upload],
    ['POST', `${MP}/cgi-bin/operate_appmsg`, saveDraft],
    ['GET', `${MP}/cgi-bin/appmsg`, (req, res, route, state) => {
      const q = route.query;
      if (q.get('action') === 'list_ex') return listEx(req, res, route, state);
      if (q.get('t') === 'media/appmsg_edit_v2' && q.get('type') === '15') return videoEditor(req, res, route, state);
      if (q.get('t') === 'media/appmsg_list' && q.get('action') === 'list_card') return draftBox(req, res, route, state);
      editPage(req, res, route, state);
    }],
    ['GET', `${MP}/cgi-bin/appmsgpublish`, publishedList],
    ['POST', `${MP}/cgi-bin/masssend`, publish],
    ['POST', `${MP}/cgi-bin/safeverify`, safeVerify],
    ['GET', `${MP}/cgi-bin/safeverify`, safeVerify],
    ['GET', /^\/mp\.weixin\.qq\.com\/s\/([\w-]+)$/, (_req, res, _route, state, [key]) => {
      const id = [...keys(state).entries()].find(([, k]) => k === key)?.[0];
      const p = id ? state.published.find((x) => x.platform === P && x.postId === id) : undefined;
      if (!p) return html(res, shell('微信公众平台', '<p>该内容已被发布者删除</p>'), 404);
      html(res, shell(p.title ?? '', `<h1 id="activity-name">${esc(p.title ?? '')}</h1><div id="js_content">${p.body}</div>`));
    }],
  ]),
};

function loginPage(res: ServerResponse): void {
  html(res, shell('微信公众平台', '<div class="login__type__container login__type__container__scan"><p>使用账号登录</p><p>微信扫一扫，选择该微信下的公众平台账号登录</p></div>'));
}

/** The logged-in home page: the token in its address, the session in `window.wx.commonData`. */
function home(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const u = state.user(req, P);
  if (!u) return redirect(res, `${route.prefix}${MP}/`);
  if (route.query.get('token') !== tokenOf(u)) return redirect(res, `${route.prefix}${MP}/cgi-bin/home?t=home/index&lang=zh_CN&token=${tokenOf(u)}`);
  const data = `{ data: { t: "${tokenOf(u)}", user_name: "${esc(u.uid)}", nick_name: "${esc(u.name)}", ticket: "${ticketOf(u)}", time: "${Math.floor(Date.now() / 1000)}" } }`;
  html(res, shell('公众号', `<script>window.wx = window.wx || {}; window.wx.commonData = ${data};</script><div class="weui-desktop-account__nickname">${esc(u.name)}</div><h2>新的创作</h2>`));
}

/** A write call's session: the cookie's account and its token in the query. */
function session(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): User | null {
  const u = state.user(req, P);
  if (!u || route.query.get('token') !== tokenOf(u)) {
    json(res, 200, { base_resp: { ret: 200003, err_msg: 'invalid session' } });
    return null;
  }
  return u;
}

async function upload(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = session(req, res, route, state);
  if (!u) return;
  const q = route.query;
  if (q.get('action') === 'upload_video') return uploadVideo(req, res, u, state);
  if (q.get('action') !== 'upload_material' || q.get('ticket_id') !== u.uid || q.get('ticket') !== ticketOf(u)) return json(res, 200, { base_resp: { ret: -2, err_msg: 'invalid ticket' } });
  const raw = await readBody(req, 32 * 1024 * 1024);
  const fd = await new Request('http://replica/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: raw }).formData();
  const file = fd.get('file');
  if (!(file instanceof Blob) || file.size === 0) return json(res, 200, { base_resp: { ret: -1, err_msg: 'empty file' } });
  const o = state.opts(P);
  const reject = o.rejectCover || o.rejectImages;
  if (reject) return json(res, 200, { base_resp: { ret: 220002, err_msg: reject } });
  const m = state.storeMedia(P, u.uid, 'image', Buffer.from(await file.arrayBuffer()), file.type);
  const url = `${PICTURE_HOST}/${m.id}/0?wx_fmt=${/png/.test(file.type) ? 'png' : 'jpeg'}`;
  pictures(state).set(url, { account: u.uid, mediaId: m.id });
  json(res, 200, { base_resp: { ret: 0, err_msg: 'ok' }, location: 'bizfile', content: String(100000 + pictures(state).size), cdn_url: url });
}

/** What the draft save refuses, as a ret code; null when it passes. */
function problem(state: SimState, u: User, f: Record<string, string>): number | null {
  if (f.token !== tokenOf(u)) return 200003;
  if (Array.from(f.title0 ?? '').length > 64 || !(f.title0 ?? '').trim()) return 64702;
  if (Array.from(f.digest0 ?? '').length > 120) return 64703;
  const content = f.content0 ?? '';
  for (const m of content.matchAll(/<a\b[^>]*href="([^"]*)"/g)) if (!/^https?:\/\/mp\.weixin\.qq\.com\//.test(m[1]!)) return 64562;
  const mine = (src: string) => pictures(state).get(src)?.account === u.uid;
  for (const m of content.matchAll(/<img [^>]*src="([^"]*)"/g)) if (!mine(m[1]!.replace(/&amp;/g, '&'))) return 200002;
  if (!f.cdn_url0 || !mine(f.cdn_url0)) return 64513;
  if (!['0', '1'].includes(f.need_open_comment0 ?? '')) return 200002;
  return null;
}

async function saveDraft(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = session(req, res, route, state);
  if (!u) return;
  const type = route.query.get('type');
  if (route.query.get('sub') !== 'create' || (type !== '77' && type !== '15')) return json(res, 200, { base_resp: { ret: -2, err_msg: 'invalid args' } });
  const body = Object.fromEntries(new URLSearchParams((await readBody(req, 32 * 1024 * 1024)).toString()));
  const ret = type === '15' ? videoProblem(state, u, body) : problem(state, u, body);
  if (ret !== null) return json(res, 200, { ret: String(ret), base_resp: { ret, err_msg: 'default' } });
  // forms['draft-refusal']: a ret the sources record for the account rather than the draft (442001: its
  // editing switched off; 200041: an article of it broke the rules), answered to every save.
  const refusal = state.opts(P).forms['draft-refusal'];
  if (refusal) return json(res, 200, { ret: refusal, base_resp: { ret: Number(refusal), err_msg: 'default' } });
  const d: Draft = { id: newNumericId(state, 9), account: u.uid, kind: type === '15' ? 'video' : 'article', form: body, at: state.nextSeq() };
  drafts(state).set(d.id, d);
  if (state.opts(P).omit.includes('app-msg-id')) return json(res, 200, { base_resp: { ret: 0, err_msg: 'ok' }, data_seq: '1' });
  json(res, 200, { base_resp: { ret: 0, err_msg: 'ok' }, appMsgId: Number(d.id), data_seq: '1' });
}

/**
 * The 发表 dialog, 继续发表, 微信验证 and the state line, as the draft's edit page and the draft box
 * show them; the `dialog-words` form 群发 heads the dialog 群发 and confirms it with 发送, and the
 * `verify` form qr-picture shows the scan as a QR picture served from safeverify, without a heading.
 */
const publishDialogs = (state: SimState) => {
  const older = form(state, 'dialog-words', '发表') === '群发';
  const heading = form(state, 'verify', 'none') === 'qr-picture' ? '' : '<h3 class="weui-desktop-dialog__title">微信验证</h3>';
  return PUBLISH_DIALOGS.replace('>发表</h3>', older ? '>群发</h3>' : '>发表</h3>')
    .replace('js_confirm">发表</button>', older ? 'js_confirm">发送</button>' : 'js_confirm">发表</button>')
    .replace('<h3 class="weui-desktop-dialog__title">微信验证</h3>', heading);
};
const PUBLISH_DIALOGS = `<div class="weui-desktop-dialog js_publish_dialog" style="display:none"><h3 class="weui-desktop-dialog__title">发表</h3>
<div class="weui-desktop-dialog__bd"><div class="mass-send__td">群发通知 <label class="weui-desktop-switch"><input type="checkbox" class="weui-desktop-switch__input"></label></div>发表后将出现在公众号主页。</div>
<p class="weui-desktop-dialog__error" style="display:none"></p>
<div class="weui-desktop-dialog__ft"><button type="button" class="weui-desktop-btn weui-desktop-btn_primary js_confirm">发表</button><button type="button" class="weui-desktop-btn js_cancel">取消</button></div></div>
<div class="weui-desktop-dialog js_again_dialog" style="display:none"><div class="weui-desktop-dialog__bd">未开启群发通知，内容将展示在公众号主页，若允许平台推荐，内容有可能被推荐至看一看或其他推荐场景。</div>
<div class="weui-desktop-dialog__ft"><button type="button" class="weui-desktop-btn weui-desktop-btn_primary js_again">继续发表</button><button type="button" class="weui-desktop-btn">取消</button></div></div>
<div class="weui-desktop-dialog js_verify_dialog" style="display:none"><h3 class="weui-desktop-dialog__title">微信验证</h3><p>请联系管理员进行验证</p><img class="js_qrcode" alt="二维码"></div>
<div class="weui-desktop-dialog js_state_dialog" style="display:none"><h3 class="weui-desktop-dialog__title js_state"></h3></div>
`;

/** What a page that publishes a draft knows (its script's `page`; `draftId` is the draft being published). */
function publishPage(route: Route, state: SimState, u: User) {
  const base = `${route.prefix}${MP}/cgi-bin`;
  const token = tokenOf(u);
  return {
    draftId: '',
    token,
    askAgain: form(state, 'continue', 'shown') === 'shown',
    verify: form(state, 'verify', 'none') !== 'none',
    verifyPicture: form(state, 'verify', 'none') === 'qr-picture',
    toastRefusal: form(state, 'refusal-form', 'dialog-error') === 'weui-toast',
    publishedWord: form(state, 'published-word', '已发表'),
    massUrl: `${base}/masssend?t=ajax-response&token=${token}&lang=zh_CN`,
    verifyUrl: `${base}/safeverify?token=${token}&lang=zh_CN`,
    homeUrl: `${base}/home?t=home/index&lang=zh_CN&token=${token}`,
  };
}

/** The dialogs' script: the page's own opener shows .js_publish_dialog with page.draftId set. */
function publishScript(state: SimState): string {
  return `const $ = (s) => document.querySelector(s);
const show = (s, on) => { $(s).style.display = on ? 'block' : 'none'; };
const state = (text) => { $('.js_state').textContent = text; show('.js_state_dialog', true); };
${noticeJs('weui-toast')}
const refuse = (text) => {
  for (const s of ['.js_again_dialog', '.js_verify_dialog', '.js_state_dialog']) show(s, false);
  show('.js_publish_dialog', true);
  if (page.toastRefusal) return notice('error', '发表失败：' + text);
  $('.weui-desktop-dialog__error').textContent = text; show('.weui-desktop-dialog__error', true);
};
async function send() {
  state('正在发表');
  const body = new URLSearchParams({ appmsgid: page.draftId, token: page.token, lang: 'zh_CN', f: 'json', ajax: '1' });
  let a;
  try { a = await (await fetch(page.massUrl, { method: 'POST', body })).json(); } catch { return; }
  if (a.base_resp && a.base_resp.ret === 0) {
    show('.js_publish_dialog', false);
    if (page.publishedWord === '群发成功') return state('群发成功');
    state('已发表，正在返回首页');
    // The site's own pause before it returns home; the adapter takes either the text or home as done.
    setTimeout(() => { location.href = page.homeUrl; }, 300);
  } else refuse((a.base_resp && a.base_resp.err_msg) || '发表失败');
}
async function verifyThenSend() {
  if (!page.verify) return send();
  const asked = await (await fetch(page.verifyUrl + '&action=ask', { method: 'POST' })).json();
  $('.js_qrcode').src = page.verifyPicture ? page.verifyUrl + '&action=qrcode&ticket=' + asked.ticket : 'data:image/png;base64,' + asked.png;
  show('.js_verify_dialog', true);
  for (;;) {
    // The page polls its scan status, as the login pages do; no test waits on this interval.
    await new Promise((r) => setTimeout(r, 150));
    const s = await (await fetch(page.verifyUrl + '&action=check&ticket=' + asked.ticket)).json();
    if (s.confirmed) break;
  }
  show('.js_verify_dialog', false);
  send();
}
$('.js_cancel').addEventListener('click', () => show('.js_publish_dialog', false));
$('.js_confirm').addEventListener('click', async () => {
  show('.weui-desktop-dialog__error', false);
  ${pageNoticeJs(state.opts(P).forms)}
  if (page.askAgain) show('.js_again_dialog', true); else verifyThenSend();
});
$('.js_again').addEventListener('click', () => { show('.js_again_dialog', false); verifyThenSend(); });
`;
}

function editPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const u = state.user(req, P);
  if (!u) return loginPage(res);
  const d = drafts(state).get(route.query.get('appmsgid') ?? '');
  if (route.query.get('t') !== 'media/appmsg_edit' || !d || d.kind !== 'article' || d.account !== u.uid || route.query.get('token') !== tokenOf(u)) return html(res, shell('公众号', '<p>素材不存在</p>'), 404);
  const omit = state.opts(P).omit;
  const title = omit.includes('title-input') ? '' : `<textarea id="title" class="js_title">${esc(d.form.title0 ?? '')}</textarea>`;
  const send = omit.includes('publish-button') ? '' : '<span id="js_send"><button type="button" class="weui-desktop-btn weui-desktop-btn_primary mass_send">发表</button></span>';
  const page = { ...publishPage(route, state, u), draftId: d.id, authorTooWide: editorLen(d.form.author0 ?? '') > AUTHOR_MAX_LEN };
  html(
    res,
    shell(
      '公众号',
      `<div class="appmsg_edit">${title}
<div class="js_author_error" style="display:none"><p class="js_msg_content">作者不能超过8个字</p></div>
<input class="js_author" placeholder="请输入作者" value="${esc(d.form.author0 ?? '')}">
<div class="ProseMirror" contenteditable="true">${d.form.content0 ?? ''}</div>
<div class="tool_bar"><button type="button" class="weui-desktop-btn">保存为草稿</button>${send}</div>
${publishDialogs(state)}</div>
<script>
const page = ${JSON.stringify(page)};
${publishScript(state)}
$('#js_send button')?.addEventListener('click', () => {
  if (page.authorTooWide) { show('.js_author_error', true); return; }
  show('.js_publish_dialog', true);
});
</script>`,
    ),
  );
}

/** The video editor's upload (the replica's own call): the whole file in one request; `rejectVideo` refuses it. */
async function uploadVideo(req: IncomingMessage, res: ServerResponse, u: User, state: SimState): Promise<void> {
  const raw = await readBody(req, 64 * 1024 * 1024);
  const fd = await new Request('http://replica/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: raw }).formData();
  const file = fd.get('file');
  if (!(file instanceof Blob) || file.size === 0) return json(res, 200, { base_resp: { ret: -1, err_msg: '文件为空' } });
  const reject = state.opts(P).rejectVideo;
  if (reject) return json(res, 200, { base_resp: { ret: 220001, err_msg: reject } });
  const m = state.storeMedia(P, u.uid, 'video', Buffer.from(await file.arrayBuffer()), file.type);
  const id = `v${m.id}`;
  videos(state).set(id, { account: u.uid, mediaId: m.id });
  json(res, 200, { base_resp: { ret: 0, err_msg: 'ok' }, video_id: id });
}

/** What the video draft's save refuses, as a ret code; null when it passes. */
function videoProblem(state: SimState, u: User, f: Record<string, string>): number | null {
  if (f.token !== tokenOf(u)) return 200003;
  if (Array.from(f.title0 ?? '').length > 64 || !(f.title0 ?? '').trim()) return 64702;
  if (videos(state).get(f.video_id0 ?? '')?.account !== u.uid) return 64515;
  return null;
}

/** The video editor (type=15): the tip, the video input, the keyword and title boxes, and 保存, which saves a draft only. */
function videoEditor(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const u = state.user(req, P);
  if (!u) return loginPage(res);
  if (route.query.get('token') !== tokenOf(u)) return html(res, shell('公众号', '<p>登录超时，请重新登录</p>'), 403);
  const omit = state.opts(P).omit;
  const base = `${route.prefix}${MP}/cgi-bin`;
  const token = tokenOf(u);
  const page = { uploadUrl: `${base}/filetransfer?action=upload_video&token=${token}&lang=zh_CN`, saveUrl: `${base}/operate_appmsg?t=ajax-response&sub=create&type=15&token=${token}&lang=zh_CN`, token };
  const tip =
    form(state, 'video-tip', 'shown') === 'shown'
      ? '<div class="js_tip" style="position:fixed;inset:0;background:rgba(0,0,0,.4);z-index:10"><div class="weui-desktop-dialog"><p>视频消息支持弹幕啦</p><button type="button" class="weui-desktop-btn js_tip_ok">知道了</button></div></div>'
      : '';
  html(
    res,
    shell(
      '公众号',
      `${tip}<div class="video_edit">
${omit.includes('video-input') ? '' : '<label class="weui-desktop-upload">上传视频<input type="file" accept="video/mp4,video/*" class="js_video_input" style="display:none"></label>'}
<div class="js_upload_state"></div>
<input type="text" class="weui-desktop-form__input js_keyword" placeholder="请输入关键词，用于搜索">
${omit.includes('video-title') ? '' : '<input type="text" class="weui-desktop-form__input js_video_title" placeholder="请输入标题">'}
<div class="tool_bar">${omit.includes('video-save') ? '' : '<button type="button" class="weui-desktop-btn weui-desktop-btn_primary js_save">保存</button>'}</div>
</div>
<script>
const page = ${JSON.stringify(page)};
const $ = (s) => document.querySelector(s);
${noticeJs('weui-toast')}
let videoId = '';
$('.js_tip_ok')?.addEventListener('click', () => $('.js_tip').remove());
$('.js_video_input')?.addEventListener('change', async (e) => {
  const f = e.target.files[0];
  if (!f) return;
  $('.js_upload_state').textContent = '上传中';
  const fd = new FormData();
  fd.append('file', f, f.name);
  const a = await (await fetch(page.uploadUrl, { method: 'POST', body: fd })).json();
  if (a.base_resp.ret !== 0) { $('.js_upload_state').textContent = ''; return notice('error', '上传失败：' + a.base_resp.err_msg); }
  videoId = a.video_id;
  $('.js_upload_state').innerHTML = '<span>上传成功</span> <a href="javascript:;">重新上传</a>';
});
$('.js_save')?.addEventListener('click', async () => {
  const body = new URLSearchParams({ token: page.token, lang: 'zh_CN', f: 'json', ajax: '1', AppMsgId: '', count: '1', title0: $('.js_video_title')?.value ?? '', video_id0: videoId });
  const a = await (await fetch(page.saveUrl, { method: 'POST', body })).json();
  if (a.base_resp.ret === 0) notice('ok', '保存成功'); else notice('error', '保存失败：' + (a.base_resp.ret === 64515 ? '请上传视频' : a.base_resp.ret === 64702 ? '标题长度不能超过64个字' : a.base_resp.err_msg));
});
</script>`,
    ),
  );
}

/** The draft box (草稿箱) as cards, newest first; a card shows its publish control on hover and opens the 发表 dialog. */
function draftBox(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const u = state.user(req, P);
  if (!u) return loginPage(res);
  if (route.query.get('token') !== tokenOf(u) || route.query.get('type') !== '10') return html(res, shell('公众号', '<p>登录超时，请重新登录</p>'), 403);
  const word = form(state, 'card-publish', '发表');
  const cards = [...drafts(state).values()]
    .filter((d) => d.account === u.uid && !state.opts(P).omit.includes('draft-cards'))
    .sort((a, b) => b.at - a.at)
    .map(
      (d) =>
        `<div class="weui-desktop-card"><div class="weui-desktop-card__bd"><div class="weui-desktop-card__title">${esc(d.form.title0 ?? '')}</div><span class="weui-desktop-card__type">${d.kind === 'video' ? '视频消息' : '图文消息'}</span></div>` +
        `<div class="weui-desktop-card__ft"><a href="javascript:;" class="weui-desktop-card__opr js_card_send" data-id="${d.id}">${esc(word)}</a><a href="javascript:;" class="weui-desktop-card__opr">编辑</a></div></div>`,
    )
    .join('\n');
  const page = publishPage(route, state, u);
  html(
    res,
    shell(
      '草稿箱',
      `<style>.weui-desktop-card .weui-desktop-card__ft { visibility: hidden } .weui-desktop-card:hover .weui-desktop-card__ft { visibility: visible }</style>
<h2>草稿箱</h2><div class="weui-desktop-card-list">${cards || '<p>暂无草稿</p>'}</div>
${publishDialogs(state)}
<script>
const page = ${JSON.stringify(page)};
${publishScript(state)}
for (const a of document.querySelectorAll('.js_card_send')) a.addEventListener('click', () => { page.draftId = a.dataset.id; show('.js_publish_dialog', true); });
</script>`,
    ),
  );
}

/** The scan WeChat asks of the administrator: the page asks for a code and polls it; the phone posts the address the code holds. */
async function safeVerify(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const action = route.query.get('action');
  const ticket = route.query.get('ticket') ?? '';
  if (action === 'scan') {
    // The administrator's phone: opening the code's address shows what it confirms, posting confirms.
    const s = scans(state).get(ticket);
    const phone = state.user(req, P);
    if (!s || !phone || phone.uid !== s.account) return json(res, 404, { base_resp: { ret: -1, err_msg: 'no such code' } });
    if (req.method === 'POST') s.confirmed = true;
    return json(res, 200, { base_resp: { ret: 0, err_msg: 'ok' } });
  }
  const u = session(req, res, route, state);
  if (!u) return;
  if (action === 'qrcode') {
    // The qr-picture form: the code as a picture at an address that names it.
    if (scans(state).get(ticket)?.account !== u.uid) return json(res, 404, { base_resp: { ret: -1, err_msg: 'no such code' } });
    const text = `http://${req.headers.host ?? '127.0.0.1'}${route.prefix}${MP}/cgi-bin/safeverify?action=scan&ticket=${ticket}`;
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(await QRCode.toBuffer(text, { type: 'png', margin: 2, scale: 5 }));
    return;
  }
  if (action === 'ask') {
    const t = randomBytes(12).toString('hex');
    scans(state).set(t, { account: u.uid, confirmed: false });
    const text = `http://${req.headers.host ?? '127.0.0.1'}${route.prefix}${MP}/cgi-bin/safeverify?action=scan&ticket=${t}`;
    const png = (await QRCode.toBuffer(text, { type: 'png', margin: 2, scale: 5 })).toString('base64');
    return json(res, 200, { base_resp: { ret: 0, err_msg: 'ok' }, ticket: t, png });
  }
  const s = scans(state).get(ticket);
  json(res, 200, { base_resp: { ret: 0, err_msg: 'ok' }, confirmed: !!s && s.account === u.uid && s.confirmed });
}

async function publish(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = session(req, res, route, state);
  if (!u) return;
  const body = Object.fromEntries(new URLSearchParams((await readBody(req)).toString()));
  const d = drafts(state).get(body.appmsgid ?? '');
  if (!d || d.account !== u.uid) return json(res, 200, { base_resp: { ret: 10704, err_msg: '该素材已被删除' } });
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return json(res, 200, { base_resp: { ret: 10807, err_msg: rejected } });
  drafts(state).delete(d.id);
  // The published article's id: its own (as the published lists show them), or the draft's.
  const id = form(state, 'published-id', 'new') === 'draft' ? d.id : `2247${String(state.nextSeq()).padStart(6, '0')}`;
  const key = createHash('sha256').update(`s:${id}`).digest('base64url').slice(0, 22);
  keys(state).set(id, key);
  const f = d.form;
  if (d.kind === 'video') {
    const m = state.media.get(videos(state).get(f.video_id0 ?? '')!.mediaId)!;
    return acceptPublish(
      res,
      state,
      { platform: P, account: u.uid, postId: id, url: `${route.prefix}${MP}/s/${key}`, title: f.title0, body: '', settings: { type: 'video' }, media: [{ kind: 'video', size: m.size, sha256: m.sha256 }] },
      { base_resp: { ret: 0, err_msg: 'ok' } },
    );
  }
  const media = (src: string, kind: MediaRecord['kind']): MediaRecord => {
    const m = state.media.get(pictures(state).get(src)!.mediaId)!;
    return { kind, size: m.size, sha256: m.sha256 };
  };
  const content = f.content0 ?? '';
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: u.uid,
      postId: id,
      url: `${route.prefix}${MP}/s/${key}`,
      title: f.title0,
      body: content,
      settings: { author: f.author0, sourceUrl: f.sourceurl0, openComment: f.need_open_comment0 === '1', digest: f.digest0 },
      media: [media(f.cdn_url0!, 'cover'), ...[...content.matchAll(/<img [^>]*src="([^"]*)"/g)].map((m) => media(m[1]!.replace(/&amp;/g, '&'), 'image'))],
    },
    { base_resp: { ret: 0, err_msg: 'ok' } },
  );
}

/** The account's published articles, newest first, as both lists describe them. */
function articles(state: SimState, u: User) {
  return state.published
    .filter((p) => p.platform === P && p.account === u.uid)
    .map((p) => {
      const time = Math.floor(Date.parse(p.at) / 1000);
      return { aid: `${p.postId}_1`, appmsgid: Number(p.postId), itemidx: 1, title: p.title, link: `https://mp.weixin.qq.com/s/${keys(state).get(p.postId)}`, create_time: time, update_time: time };
    })
    .reverse();
}

function listEx(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  if (state.opts(P).omit.includes('list-ex')) return html(res, shell('微信公众平台', '<p>页面不存在</p>'), 404);
  const u = session(req, res, route, state);
  if (!u) return;
  const rows = articles(state, u).map(({ aid, appmsgid, itemidx, title, link, update_time }) => ({ aid, appmsgid, itemidx, title, link, update_time }));
  json(res, 200, { base_resp: { ret: 0, err_msg: 'ok' }, app_msg_cnt: rows.length, app_msg_list: rows });
}

/** 发表记录 as JSON: publish_page and each publish_info are JSON text, as the sources parse them. */
function publishedList(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  if (state.opts(P).omit.includes('publish-list')) return html(res, shell('微信公众平台', '<p>页面不存在</p>'), 404);
  const u = session(req, res, route, state);
  if (!u) return;
  const q = route.query;
  if (q.get('sub') !== 'list' || q.get('f') !== 'json') return json(res, 200, { base_resp: { ret: -2, err_msg: 'invalid args' } });
  const begin = Number(q.get('begin') ?? 0);
  const count = Number(q.get('count') ?? 5);
  const all = articles(state, u);
  const publishList = all.slice(begin, begin + count).map((a) => ({
    publish_type: 101,
    publish_info: JSON.stringify({ type: 9, new_publish: 1, msgid: a.appmsgid, sent_info: { time: a.update_time, is_published: 1 }, appmsgex: [{ ...a, is_deleted: false }] }),
  }));
  json(res, 200, { base_resp: { ret: 0, err_msg: 'ok' }, publish_page: JSON.stringify({ total_count: all.length, publish_count: all.length, masssend_count: 0, publish_list: publishList }) });
}

function shell(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>${body}</body></html>`;
}
