/**
 * The yiche (易车号) article page of the replica, mp.yiche.com/article/index-new,
 * with what the public records describe (provenance in
 * edge-node/src/adapters/yiche/adapter.ts): an Element UI form with the title input
 * 请输入文章标题, the Quill body `.ql-editor` that takes a pasted article and
 * uploads a pasted picture itself (POST api/upload_image/mp_real_upload:
 * file, type 6, queryBase64 true → imgKey, imgBase64) under an
 * `.el-loading-mask` reading 正在转存图片…, the two `.article-cover` slots
 * labelled *封面图 and *竖版封面图 (the vertical one through the 封面编辑
 * dialog: 完成裁剪, then 确定), each showing 更换 / 删除 once it holds a
 * picture, an empty *封面图 filled from the body's first picture, the
 * 内容声明 radios with their six choices, 同意转发 and 同意生成摘要, and 提交
 * sending POST web_mp/api/v1/pub/savenews ({ param }) → { status: 1, data:
 * { result, newsId } }, then 提交成功 and /detailManage. The article list,
 * the refusal messages (`.el-message--error`) and the published page are
 * the replica's own: no source records them.
 *
 * `omit` names: `title-input`, `vertical-cover`, `statement-box`,
 * `paste-handler` (the editor takes no paste: it stays empty). `forms`:
 * `confirm` — `none` (default) or `dialog` (提交 first opens an Element
 * message box whose 确定 sends the article, the confirmation a public script
 * clicks when it shows).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { noticeJs, pageNoticeJs } from './page-notice.js';
import { esc, html, json, readBody, readJson, type Route } from './http.js';
import { acceptPublish, newNumericId, type Handler, type User } from './platform.js';
import { RICH_EDITOR_JS } from './rich-paste.js';
import type { SimState } from './state.js';

const P = 'yiche';
const MP = '/mp.yiche.com';
const PICTURES = 'yiche.pictures';
const DECLARATIONS = ['内容无需标注', '含AI生成内容', '含虚构演绎内容', '内容含营销信息', '个人观点，仅供参考', '内容为转载'];

type Picture = { account: string; mediaId: string };

const CSS = `[hidden]{display:none!important} .ql-editor{min-height:160px;border:1px solid #eee} .article-cover{margin:8px 0}
 .cover-box img{max-width:160px} .el-radio__original{opacity:0;position:absolute;z-index:-1} .el-dialog{position:fixed;inset:10%;overflow:auto;background:#fff;border:1px solid #ccc} .crop-src{max-width:240px;max-height:240px}
 .el-loading-mask{position:fixed;inset:0;background:rgba(255,255,255,.8)} .el-message{position:fixed;top:8px;left:40%}`;

const radios = (name: string, labels: string[], checked: string | null) =>
  labels
    .map((l, i) => `<label class="el-radio${l === checked ? ' is-checked' : ''}"><span class="el-radio__input"><input type="radio" class="el-radio__original" name="${name}" value="${i}"${l === checked ? ' checked' : ''}></span><span class="el-radio__label">${esc(l)}</span></label>`)
    .join('');

const coverSlot = (label: string, kind: string, hint: string) => `<div class="article-cover" data-kind="${kind}"><label class="item-title">${label}</label>
  ${kind === 'horizontal' ? radios('coverRadio', ['单图', '三图'], '单图') : ''}
  <div class="cover-box"><div class="upload-image"><div class="avatar-uploader"><div class="el-upload"><span class="hint">${hint}</span><input type="file" class="el-upload__input" accept="image/*"></div></div></div>
  <div class="cover-mask" hidden><span class="change">更换</span> | <span class="delete">删除</span></div></div></div>`;

/** The site login script's result, as the pages hold it (window.Bitauto.Login.result). */
export const bitautoLogin = (user: User) =>
  `window.Bitauto = { Login: { result: ${JSON.stringify({ isLogined: true, userId: /^\d+$/.test(user.uid) ? Number(user.uid) : user.uid, userName: user.name })} } };`;

export function articlePage(pageUser: (req: IncomingMessage, res: ServerResponse, route: Route, state: SimState) => User | null): Handler {
  return (req, res, route, state) => {
    const user = pageUser(req, res, route, state);
    if (!user) return;
    const omit = state.opts(P).omit;
    const body = `<div id="__nuxt"><div class="article-list">内容管理</div><div class="article-main-new">
  <div class="titles-form">${omit.includes('title-input') ? '' : '<div class="el-input"><input type="text" class="el-input__inner" placeholder="请输入文章标题" maxlength="28"></div>'}</div>
  <div class="article-container"><div class="ql-container"><div class="ql-editor" contenteditable="true"><p><br></p></div></div></div>
  ${coverSlot('*封面图', 'horizontal', '建议图片比例为3:2')}
  ${omit.includes('vertical-cover') ? '' : coverSlot('*竖版封面图', 'vertical', '建议图片比例为3:4')}
  <div class="item-box"><label class="item-title">同意转发</label>${radios('reprint', ['是', '否'], '是')}</div>
  <div class="item-box"><label class="item-title">同意生成摘要</label>${radios('aiSummary', ['是', '否'], '是')}</div>
  ${omit.includes('statement-box') ? '' : `<div class="item-box content-statement-box"><label class="item-title">内容声明</label>${radios('complianceType', DECLARATIONS, null)}</div>`}
  <div class="article-footer"><button type="button" class="el-button" data-ctitle="draft"><span>保存草稿</span></button><button type="button" class="el-button el-button--primary" data-ctitle="fabu"><span>提交</span></button></div>
</div></div>`;
    const script = `
${bitautoLogin(user)}
const BASE = ${JSON.stringify(route.prefix)};
const live = (u) => BASE + '/' + String(u).replace(/^(https?:)?\\/\\//, '');
const message = (type, text) => { for (const old of document.querySelectorAll('[data-sim-message]')) old.remove(); const m = document.createElement('div'); m.dataset.simMessage = ''; m.className = 'el-message el-message--' + type; m.textContent = text; document.body.appendChild(m); };
${noticeJs(state.opts(P).forms['refusal-form'] ?? 'el')}
const mask = (on) => { let m = document.querySelector('.el-loading-mask'); if (on && !m) { m = document.createElement('div'); m.className = 'el-loading-mask'; m.innerHTML = '<p class="el-loading-text">正在转存图片...</p>'; document.body.appendChild(m); } if (!on && m) m.remove(); };
const upload = async (file) => {
  const form = new FormData(); form.append('file', file); form.append('type', '6'); form.append('queryBase64', 'true');
  return (await fetch(live('https://mp.yiche.com/api/upload_image/mp_real_upload'), { method: 'POST', credentials: 'include', body: form })).json();
};
${RICH_EDITOR_JS}
const el = document.querySelector('.ql-editor');
const covers = {};
const setCover = (kind, key, src) => {
  const slot = document.querySelector('.article-cover[data-kind=' + kind + ']'); if (!slot) return;
  covers[kind] = key;
  slot.querySelector('.upload-image').innerHTML = '<img class="avatar" src="' + src + '">';
  slot.querySelector('.cover-mask').hidden = false;
};
// A pasted picture: the editor uploads it and puts the page's copy where the selection was.
el.addEventListener('paste', async (e) => {
  const files = e.clipboardData ? Array.from(e.clipboardData.files) : [];
  if (!files.length) return;
  e.preventDefault(); e.stopImmediatePropagation();
  const sel = getSelection(); if (!sel || !sel.rangeCount || !el.contains(sel.getRangeAt(0).startContainer)) return;
  const range = sel.getRangeAt(0);
  const img = document.createElement('img');
  range.deleteContents(); range.insertNode(img);
  mask(true);
  try {
    const j = await upload(files[0]);
    if (j.status !== 1) { img.remove(); return message('error', j.message || '图片上传失败'); }
    img.src = j.data.imgBase64; img.setAttribute('data-img-key', j.data.imgKey);
    if (!covers.horizontal) setCover('horizontal', j.data.imgKey, j.data.imgBase64);
  } catch (err) { img.remove(); message('error', '网络错误'); }
  finally { mask(false); editor.commit(); }
});
const editor = ${JSON.stringify(omit.includes('paste-handler'))} ? { html: () => '', text: () => '', commit() {} } : richEditor(el);
for (const slot of document.querySelectorAll('.article-cover')) {
  const kind = slot.dataset.kind;
  const input = slot.querySelector('input[type=file]');
  const adopt = async (file) => {
    try {
      const j = await upload(file);
      if (j.status !== 1) return message('error', j.message || '封面上传失败');
      setCover(kind, j.data.imgKey, j.data.imgBase64);
    } catch (err) { message('error', '网络错误'); }
  };
  input.addEventListener('change', () => {
    const file = input.files[0]; if (!file) return;
    if (kind !== 'vertical') return adopt(file);
    // The vertical cover goes through 封面编辑: 完成裁剪, then 确定.
    const d = document.createElement('div'); d.className = 'el-dialog'; d.setAttribute('aria-label', '封面编辑');
    d.innerHTML = '<div class="el-dialog__header"><span class="el-dialog__title">封面编辑</span></div><div class="el-dialog__body"><div class="ratios"><span>3:4</span><span>4:3</span></div><img class="crop-src"></div>'
      + '<div class="el-dialog__footer"><button type="button" class="el-button crop-done"><span>完成裁剪</span></button></div>';
    d.querySelector('.crop-src').src = URL.createObjectURL(file);
    document.body.appendChild(d);
    d.querySelector('.crop-done').addEventListener('click', () => {
      d.querySelector('.el-dialog__footer').innerHTML = '<button type="button" class="el-button">取消</button><button type="button" class="el-button el-button--danger confirm"><span>确定</span></button>';
      d.querySelector('.confirm').addEventListener('click', () => { d.remove(); adopt(file); });
    });
  });
}
document.querySelector('[data-ctitle=fabu]').addEventListener('click', async () => {
  ${pageNoticeJs(state.opts(P).forms)}
  const title = document.querySelector('input[placeholder="请输入文章标题"]');
  if (!title || !title.value.trim()) return message('error', '请输入文章标题');
  if (!covers.vertical) return message('error', '请上传竖版封面图');
  if (!covers.horizontal) return message('error', '请上传封面图');
  const value = (name) => { const r = document.querySelector('input[name=' + name + ']:checked'); return r ? Number(r.value) : null; };
  const content = editor.html().replace(/<img([^>]*?)src="[^"]*"([^>]*?)data-img-key="([^"]*)"([^>]*)>/g, '<img$1src="$3"$2$4 class="imgborder">');
  const param = { title: title.value, content, cover: [covers.horizontal], uprightPic: { url: covers.vertical }, coverRadio: value('coverRadio') === 0 ? 0 : 1,
    reprint: value('reprint') === 0 ? 1 : 0, aiSummary: value('aiSummary') === 0 ? 1 : 0, complianceType: value('complianceType') };
  if (${JSON.stringify(state.opts(P).forms.confirm === 'dialog')} && !window.confirmed) {
    const box = document.createElement('div'); box.className = 'el-message-box__wrapper';
    box.innerHTML = '<div class="el-message-box"><div class="el-message-box__content">确认提交该文章吗？</div><div class="el-message-box__btns"><button type="button" class="el-button cancel"><span>取消</span></button><button type="button" class="el-button el-button--primary ok"><span>确定</span></button></div></div>';
    document.body.appendChild(box);
    box.querySelector('.cancel').addEventListener('click', () => box.remove());
    box.querySelector('.ok').addEventListener('click', () => { box.remove(); window.confirmed = true; document.querySelector('[data-ctitle=fabu]').click(); });
    return;
  }
  try {
    const j = await (await fetch(live('https://mp.yiche.com/web_mp/api/v1/pub/savenews'), { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ param }) })).json();
    if (j.status === 1 && j.data && j.data.result === true) { message('success', '提交成功'); return setTimeout(() => { location.href = live('https://mp.yiche.com/detailManage'); }, 300); }
    message('error', j.message || '提交失败');
  } catch (err) { message('error', '网络错误，请重试'); }
});`;
    html(res, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>易车号 - 发文章</title><style>${CSS}</style></head><body>${body}<script>${script}</script></body></html>`);
  };
}

/**
 * POST api/upload_image/mp_real_upload: one picture, a cover or a pasted one
 * (the page sends both alike). `rejectCover` refuses every picture;
 * `rejectImages` lets an account's first two through (the covers, which this
 * page takes first) and refuses the pictures after them.
 */
export async function uploadPicture(req: IncomingMessage, res: ServerResponse, user: User, state: SimState): Promise<void> {
  const raw = await readBody(req, 16 * 1024 * 1024);
  const form = await new Request('http://replica/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: raw }).formData();
  const file = form.get('file');
  if (!(file instanceof Blob) || form.get('type') !== '6' || form.get('queryBase64') !== 'true') return json(res, 200, { status: 0, message: '参数错误' });
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length === 0) return json(res, 200, { status: 0, message: '图片为空' });
  if (bytes.length > 10 * 1024 * 1024) return json(res, 200, { status: 0, message: '图片不能超过10M' });
  const pictures = state.bag<Picture>(PICTURES);
  const taken = [...pictures.values()].filter((p) => p.account === user.uid).length;
  const reject = state.opts(P).rejectCover || (taken >= 2 && state.opts(P).rejectImages);
  if (reject) return json(res, 200, { status: 0, message: reject });
  const m = state.storeMedia(P, user.uid, 'image', bytes, file.type);
  const imgKey = `mp/${m.id}.jpg`;
  pictures.set(imgKey, { account: user.uid, mediaId: m.id });
  json(res, 200, { status: 1, data: { imgKey, imgBase64: `data:${file.type || 'image/jpeg'};base64,${bytes.toString('base64')}` } });
}

/** POST web_mp/api/v1/pub/savenews: checks as the page does, records the article. */
export async function saveNews(req: IncomingMessage, res: ServerResponse, route: Route, user: User, state: SimState): Promise<void> {
  const b = (await readJson(req)).param as Record<string, unknown> | undefined;
  const refuse = (message: string) => json(res, 200, { status: 0, message, data: null });
  if (!b || typeof b !== 'object') return refuse('参数错误');
  const title = String(b.title ?? '');
  const content = String(b.content ?? '');
  const n = Array.from(title.trim()).length;
  if (n < 5 || n > 28) return refuse('标题需为 5-28 字');
  if (!content.replace(/<[^>]+>/g, '').trim()) return refuse('请输入正文');
  const own = (key: unknown) => {
    const p = typeof key === 'string' ? state.bag<Picture>(PICTURES).get(key) : undefined;
    return p && p.account === user.uid ? state.media.get(p.mediaId) : undefined;
  };
  const horizontal = own(Array.isArray(b.cover) ? b.cover[0] : undefined);
  const vertical = own((b.uprightPic as Record<string, unknown> | undefined)?.url);
  if (!horizontal || !vertical) return refuse('封面无效');
  const keys = [...content.matchAll(/<img[^>]*src="([^"]*)"/g)].map((m) => m[1]!);
  const pictures = keys.map(own);
  if (pictures.some((p) => !p)) return refuse('正文图片无效');
  if (state.opts(P).rejectPublish) return refuse(state.opts(P).rejectPublish as string);
  const id = newNumericId(state, 8);
  const declaration = typeof b.complianceType === 'number' ? DECLARATIONS[b.complianceType] ?? null : null;
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: user.uid,
      postId: id,
      url: `${route.prefix}/news.yiche.com/hao/wenzhang/${id}/`,
      title,
      body: content,
      settings: { type: 'article', declaration, reprint: b.reprint, aiSummary: b.aiSummary, coverRadio: b.coverRadio },
      media: [
        { kind: 'cover', size: horizontal.size, sha256: horizontal.sha256 },
        { kind: 'cover', size: vertical.size, sha256: vertical.sha256 },
        ...pictures.map((p) => ({ kind: 'image' as const, size: p!.size, sha256: p!.sha256 })),
      ],
    },
    { status: 1, message: 'ok', data: { result: true, newsId: Number(id) } },
  );
}

/** China time as the list shows it. */
const chinaTime = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** POST web_mp/api/v1/manage/newslist: the account's own articles, newest first. */
export function newsList(res: ServerResponse, user: User, state: SimState): void {
  const list = state.published
    .filter((p) => p.platform === P && p.account === user.uid && p.settings.type === 'article')
    .reverse()
    .map((p) => ({ newsId: Number(p.postId), title: p.title ?? '', publishTime: chinaTime(p.at), status: 1 }));
  json(res, 200, { status: 1, data: { list, total: list.length } });
}

/** The published article. */
export function articleView(res: ServerResponse, state: SimState, id: string): void {
  const post = state.published.find((p) => p.platform === P && p.postId === id && p.settings.type === 'article');
  if (!post) return json(res, 404, { status: 0, message: '文章不存在' });
  html(res, `<!doctype html><html><body><h1>${esc(post.title ?? '')}</h1><div class="article-content">${post.body}</div></body></html>`);
}
