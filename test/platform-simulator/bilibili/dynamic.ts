/**
 * The bilibili replica's dynamics (动态): the composer on t.bilibili.com as
 * the public sources record it (provenance in edge-node/src/adapters/bilibili/dynamic.ts)
 * — the optional title (maxlength 20), the contenteditable text box, the
 * picture uploader whose file input is created by script and never attached,
 * the 发布 launcher — and the APIs its script calls: the picture upload
 * (x/dynamic/feed/draw/upload_bfs, multipart `file_up`) and the creation
 * (x/dynamic/feed/create/dyn, JSON `dyn_req`). Like the real composer it keeps
 * what was typed and uploaded but not sent (localStorage), so a reloaded page
 * shows the old draft until someone clears it. The author's space feed
 * (x/polymer/web-dynamic/v1/feed/space) and the opus page read the posts back.
 *
 * `omit` names this replica knows: `dyn-title` (the title box is gone),
 * `dyn-uploader` (the picture uploader is gone). `forms` keys: `dyn-answer`
 * (`ids` or `none`: whether the creation's answer names the dynamic),
 * `feed-item` (`opus` or `desc`: where the space feed carries a dynamic's text),
 * `dyn-spec` (`first-use`: after 发布 the composer first shows its publishing
 * rules, .bili-dyn-specification-popup, and sends only on 确认并发送; by default
 * it sends at once).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { noticeJs, pageNoticeJs } from '../page-notice.js';
import { esc, html, json, readBody, readJson, type Route } from '../http.js';
import { acceptPublish, newNumericId } from '../platform.js';
import type { SimState } from '../state.js';
import { apiUserOf, csrfOf, csrfOk, P, plainPage } from './common.js';

/** The composer's title box takes this many characters (its maxlength). */
export const BILIBILI_DYNAMIC_TITLE_MAX = 20;
/** Pictures one dynamic carries. */
export const BILIBILI_DYNAMIC_MAX_PICS = 9;

/** GET t.bilibili.com: the dynamics page; the composer shows only with a session (bili_jct handed out like the member pages). */
export function dynamicsPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = state.user(req, P);
  if (!user) return html(res, plainPage('动态首页-哔哩哔哩', '<div class="bili-dyn-login-register"><p>登录后查看更多动态</p><a href="https://passport.bilibili.com/login">立即登录</a></div>'));
  res.setHeader('set-cookie', `bili_jct=${csrfOf(user.uid)}; Path=/; SameSite=Lax`);
  const omit = state.opts(P).omit;
  const title = omit.includes('dyn-title')
    ? ''
    : `<div class="bili-dyn-publishing__title"><input maxlength="${BILIBILI_DYNAMIC_TITLE_MAX}" placeholder="好的标题更容易获得支持，选填20字" class="bili-dyn-publishing__title__input">
    <div class="bili-dyn-publishing__title__helper" style="display: none;"><div class="bili-dyn-publishing__title__indicator">0</div></div></div>`;
  const uploader = omit.includes('dyn-uploader')
    ? ''
    : `<div class="bili-dyn-publishing__image-upload" style="display: none;"><div class="bili-pics-uploader"><div class="bili-pics-uploader__list"></div><div class="bili-pics-uploader__add">+</div></div></div>`;
  const body = `<div id="app"><div class="bili-dyn-publishing">${title}
  <div class="bili-dyn-publishing__input"><div class="bili-rich-textarea" style="max-height: 180px;">
    <div placeholder="有什么想和大家分享的？" contenteditable="true" class="bili-rich-textarea__inner empty" style="font-size: 15px; line-height: 24px; min-height: 24px; white-space: pre-wrap;"></div></div></div>
  ${uploader}
  <div class="bili-dyn-publishing__tools"><div class="bili-dyn-publishing__tools__item emoji">表情</div><div class="bili-dyn-publishing__tools__item pic">图片</div></div>
  <div class="bili-dyn-publishing__action launcher">发布</div>
  <div class="bili-dyn-publishing__toast" style="display: none;"></div>
</div><div class="bili-dyn-list"></div></div>`;
  const script = `
const BASE = ${JSON.stringify(route.prefix)};
const MID = ${JSON.stringify(user.uid)};
const MAXPICS = ${BILIBILI_DYNAMIC_MAX_PICS};
const SPEC = ${JSON.stringify(state.opts(P).forms['dyn-spec'] === 'first-use')};
const live = (u) => BASE + '/' + String(u).replace(/^(https?:)?\\/\\//, '');
const $ = (s) => document.querySelector(s);
const csrf = () => (/(?:^|;\\s*)bili_jct=([^;]+)/.exec(document.cookie) || [])[1] || '';
const KEY = 'bili_dyn_draft_' + MID;
const editor = $('.bili-rich-textarea__inner'), title = $('.bili-dyn-publishing__title__input');
const upload = $('.bili-dyn-publishing__image-upload'), list = $('.bili-pics-uploader__list');
let pics = [], uploading = 0, sending = false, toastTimer;
const draft = () => { try { return JSON.parse(localStorage.getItem(KEY) || '{}'); } catch { return {}; } };
const save = () => localStorage.setItem(KEY, JSON.stringify({ text: editor.innerText.replace(/\\n$/, ''), title: title ? title.value : '', pics }));
function toast(msg) { const t = $('.bili-dyn-publishing__toast'); t.textContent = msg; t.style.display = ''; clearTimeout(toastTimer); toastTimer = setTimeout(() => (t.style.display = 'none'), 3000); }
${noticeJs(state.opts(P).forms['refusal-form'] ?? 'bili-dyn')}
function refresh() { editor.classList.toggle('empty', editor.innerText.trim() === ''); save(); }
function addItem(pic, state) {
  const item = document.createElement('div');
  item.className = 'bili-pics-uploader__item ' + state;
  item.innerHTML = '<div class="bili-pics-uploader__item__preview"></div><div class="bili-pics-uploader__item__remove">×</div>';
  item.querySelector('.bili-pics-uploader__item__remove').addEventListener('click', () => { pics = pics.filter((p) => p !== item.pic); item.remove(); refresh(); });
  item.pic = pic; list.appendChild(item); return item;
}
async function send(file) {
  const item = addItem(null, 'uploading'); uploading++;
  try {
    const fd = new FormData(); fd.append('file_up', file); fd.append('biz', 'new_dyn'); fd.append('category', 'daily'); fd.append('csrf', csrf());
    const r = await (await fetch(live('https://api.bilibili.com/x/dynamic/feed/draw/upload_bfs'), { method: 'POST', body: fd, credentials: 'include' })).json();
    if (r.code !== 0) throw new Error(r.message || '上传失败');
    item.pic = { img_src: r.data.image_url, img_width: r.data.image_width, img_height: r.data.image_height, img_size: r.data.img_size };
    pics.push(item.pic); item.className = 'bili-pics-uploader__item success';
  } catch (e) { item.className = 'bili-pics-uploader__item error'; item.querySelector('.bili-pics-uploader__item__preview').textContent = '上传失败：' + e.message; }
  uploading--; refresh();
}
// The previous visit's unsent draft comes back, as on bilibili.
const old = draft();
editor.innerText = old.text || ''; if (title) title.value = old.title || '';
if (list) for (const p of old.pics || []) { pics.push(p); addItem(p, 'success'); }
if (pics.length && upload) upload.style.display = 'block';
refresh();
editor.addEventListener('input', refresh);
// The text box handles Enter itself: a line break, not a browser <div>.
editor.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); document.execCommand('insertLineBreak'); refresh(); } });
if (title) title.addEventListener('input', refresh);
$('.bili-dyn-publishing__tools__item.pic').addEventListener('click', () => { if (upload) upload.style.display = 'block'; });
if (upload) $('.bili-pics-uploader__add').addEventListener('click', () => {
  // bilibili's uploader makes its file input on demand and never puts it in the page.
  const input = document.createElement('input');
  input.type = 'file'; input.name = 'upload'; input.accept = 'image/png,image/jpeg,image/gif'; input.multiple = true;
  input.addEventListener('change', () => {
    const files = Array.from(input.files);
    if (pics.length + uploading + files.length > MAXPICS) return toast('最多上传' + MAXPICS + '张图片');
    for (const f of files) send(f);
  });
  input.click();
});
// forms['dyn-spec'] 'first-use': the publishing rules show after 发布 until agreed (cookie dy_spec_agreed=1); 确认并发送 sends.
function rulesAgreed() { return !SPEC || /(?:^|;\s*)dy_spec_agreed=1/.test(document.cookie); }
function showRules() {
  const popup = document.createElement('div');
  popup.className = 'bili-dyn-specification-popup';
  popup.innerHTML = '<iframe src="about:blank" title="动态发布规范"></iframe><div class="bili-dyn-specification-popup__btn">确认并发送</div>';
  popup.querySelector('.bili-dyn-specification-popup__btn').addEventListener('click', () => {
    document.cookie = 'dy_spec_agreed=1; path=/';
    popup.remove();
    publish();
  });
  document.body.appendChild(popup);
}
$('.bili-dyn-publishing__action.launcher').addEventListener('click', () => {
  if (sending) return;
  if (!rulesAgreed()) return showRules();
  publish();
});
async function publish() {
  if (sending) return;
  ${pageNoticeJs(state.opts(P).forms)}
  const text = editor.innerText.replace(/\\n$/, '');
  if (uploading > 0) return toast('图片上传中，请稍候');
  if (!text.trim() && pics.length === 0) return toast('请输入动态内容');
  sending = true;
  const dyn_req = {
    content: { contents: [{ raw_text: text, type: 1, biz_id: '' }], title: title ? title.value : '' },
    scene: pics.length ? 2 : 1,
    attach_card: null,
    upload_id: MID + '_' + Math.floor(Date.now() / 1000) + '_' + String(Math.floor(Math.random() * 9000) + 1000),
    meta: { app_meta: { from: 'create.dynamic.web', mobi_app: 'web' } },
  };
  if (pics.length) dyn_req.pics = pics;
  try {
    const r = await (await fetch(live('https://api.bilibili.com/x/dynamic/feed/create/dyn?platform=web&csrf=' + csrf()), {
      method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ dyn_req }),
    })).json();
    if (r.code !== 0) { toast(r.message || '发布失败'); sending = false; return; }
    editor.textContent = ''; if (title) title.value = ''; pics = []; if (list) list.innerHTML = ''; refresh();
    const a = document.createElement('a'); a.href = live('https://www.bilibili.com/opus/' + r.data.dyn_id_str); a.textContent = text;
    $('.bili-dyn-list').prepend(a);
  } catch (e) { toast('网络错误'); }
  sending = false;
}`;
  html(res, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>动态首页-哔哩哔哩</title></head><body>${body}<script>${script}</script></body></html>`);
}

/** POST api.bilibili.com/x/dynamic/feed/draw/upload_bfs: multipart `file_up`, `biz`, `category`, `csrf` → data.image_url. */
export async function uploadBfs(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const user = apiUserOf(req, res, state);
  if (!user) return;
  const raw = await readBody(req, 32 * 1024 * 1024);
  const form = await new Request('http://replica/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: raw }).formData().catch(() => null);
  if (!form) return json(res, 200, { code: 4100001, message: '参数错误', ttl: 1 });
  if (!csrfOk(res, user, String(form.get('csrf') ?? ''))) return;
  const file = form.get('file_up');
  const reject = state.opts(P).rejectImages;
  if (reject) return json(res, 200, { code: 4100001, message: reject, ttl: 1 });
  if (!file || typeof file === 'string' || file.size === 0) return json(res, 200, { code: 4100001, message: '参数错误', ttl: 1 });
  const stored = state.storeMedia(P, user.uid, 'image', Buffer.from(await file.arrayBuffer()), file.type || 'image/png');
  json(res, 200, {
    code: 0,
    message: '0',
    ttl: 1,
    data: { image_url: `http://i0.hdslb.com/bfs/new_dyn/${stored.id}${user.uid}.png`, image_width: 800, image_height: 600, img_size: Math.round(stored.size / 10.24) / 100 },
  });
}

/** The stored picture an `img_src` names (only this account's uploads). */
export function uploadedPic(state: SimState, account: string, src: unknown) {
  const id = /^https?:\/\/i0\.hdslb\.com\/bfs\/new_dyn\/([0-9a-f]{16})\d*\.\w+$/.exec(String(src ?? ''))?.[1];
  const m = id ? state.media.get(id) : undefined;
  return m && m.account === account && m.kind === 'image' ? m : undefined;
}

/** POST api.bilibili.com/x/dynamic/feed/create/dyn?csrf=…: the creation; records the dynamic as bilibili stores it. */
export async function createDyn(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const user = apiUserOf(req, res, state);
  if (!user) return;
  const b = await readJson(req);
  if (!csrfOk(res, user, route.query.get('csrf'))) return;
  const refuse = (code: number, message: string) => json(res, 200, { code, message, ttl: 1 });
  const dyn = (b.dyn_req ?? {}) as { content?: { contents?: Array<{ raw_text?: unknown }>; title?: unknown }; pics?: unknown[]; scene?: unknown };
  const text = (dyn.content?.contents ?? []).map((c) => String(c.raw_text ?? '')).join('');
  const title = String(dyn.content?.title ?? '');
  const pics = (Array.isArray(dyn.pics) ? dyn.pics : []).map((p) => uploadedPic(state, user.uid, (p as { img_src?: unknown }).img_src));
  if (!text.trim() && pics.length === 0) return refuse(4126001, '动态内容不能为空');
  if (Array.from(title).length > BILIBILI_DYNAMIC_TITLE_MAX) return refuse(4126002, '标题过长');
  if (pics.length > BILIBILI_DYNAMIC_MAX_PICS || pics.some((m) => !m)) return refuse(4126003, '图片无效');
  if (dyn.scene !== (pics.length ? 2 : 1)) return refuse(4126004, 'scene 不匹配');
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return refuse(4126050, rejected);
  const id = newNumericId(state, 19);
  const rid = state.nextSeq() + 300_000_000;
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: user.uid,
      postId: id,
      url: `${route.prefix}/www.bilibili.com/opus/${id}`,
      ...(title ? { title } : {}),
      body: text,
      // bilibili turns #topic# in the text into topic links.
      settings: { kind: 'dynamic', title, topics: [...text.matchAll(/#([^#\n]+)#/g)].map((m) => m[1]!) },
      media: pics.map((m) => ({ kind: 'image' as const, size: m!.size, sha256: m!.sha256 })),
    },
    // forms['dyn-answer']: 'ids' (default: dyn_id, dyn_id_str, dyn_type, dyn_rid, as bilibili-API-collect records it) or 'none' (no id).
    { code: 0, message: '0', ttl: 1, data: state.opts(P).forms['dyn-answer'] === 'none' ? {} : { dyn_id: Number(id), dyn_id_str: id, dyn_type: 2, dyn_rid: rid } },
  );
}

/** GET api.bilibili.com/x/polymer/web-dynamic/v1/feed/space?host_mid=…: the author's dynamics, newest first (what `verify` reads). */
export function spaceFeed(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = apiUserOf(req, res, state);
  if (!user) return;
  const mid = route.query.get('host_mid') ?? '';
  // forms['feed-item']: 'opus' (default: the text under major.opus) or 'desc' (under module_dynamic.desc, no major).
  const descForm = state.opts(P).forms['feed-item'] === 'desc';
  const items = state.published
    .filter((p) => p.platform === P && p.account === mid && p.settings.kind === 'dynamic')
    .reverse()
    .map((p) => ({
      id_str: p.postId,
      type: 'DYNAMIC_TYPE_DRAW',
      basic: { jump_url: `//www.bilibili.com/opus/${p.postId}` },
      modules: descForm
        ? {
            // As a client verified against the dynamics bundle reads it: the text under desc, pub_ts a decimal string.
            module_author: { mid: Number(p.account), pub_ts: String(Math.floor(Date.parse(p.at) / 1000)) },
            module_dynamic: { desc: { text: p.body, rich_text_nodes: [{ type: 'RICH_TEXT_NODE_TYPE_TEXT', text: p.body }] }, major: null },
          }
        : {
            module_author: { mid: Number(p.account), pub_ts: Math.floor(Date.parse(p.at) / 1000) },
            module_dynamic: { desc: null, major: { type: 'MAJOR_TYPE_OPUS', opus: { jump_url: `//www.bilibili.com/opus/${p.postId}`, title: p.title ?? null, summary: { text: p.body, rich_text_nodes: [] }, pics: [] } } },
          },
    }));
  json(res, 200, { code: 0, message: '0', ttl: 1, data: { has_more: false, items, offset: items.at(-1)?.id_str ?? '' } });
}

export function opusPage(res: ServerResponse, state: SimState, id: string): void {
  const p = state.published.find((x) => x.platform === P && x.postId === id);
  if (!p) return html(res, plainPage('出错啦! - bilibili', '<p>动态不存在</p>'), 404);
  html(res, plainPage(`${p.title ?? ''}的动态 - 哔哩哔哩`, `<div class="opus-module-title">${esc(p.title ?? '')}</div><div class="opus-module-content" style="white-space:pre-wrap">${esc(p.body)}</div>`));
}
