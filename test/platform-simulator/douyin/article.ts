/**
 * The douyin replica's article editor (content/post/article) and its publish
 * call, with the controls the public sources record (provenance in
 * edge-node/src/adapters/douyin/adapter.ts): two upload cards, 头图 then 封面, each
 * opened by its add icon, whose file input is never put in the document (the
 * card's click makes one and clicks it), the 封面 confirmed in a crop dialog
 * (.semi-modal-body, 确定); the title input; the tiptap body (.ProseMirror
 * inside the editor wrapper), which takes a paste; 发布. A refused picture
 * shows as a toast, as do a missing cover (没有选择封面) and a short body
 * (正文内容不能少于100字). The publish goes to create_v2 (api.ts); after it
 * the app shows content/manage.
 *
 * `omit` names: `title-input`, `cover-card` (the 封面 card is not offered),
 * `paste-handler` (the editor takes no paste: it stays empty). `forms`:
 * `article-cover` (`cards`, the default, or `one`: the one cover card
 * 点击上传封面图 whose editor saves with 完成, as postsail records it).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { json, type Route } from '../http.js';
import { newNumericId, type User } from '../platform.js';
import { RICH_EDITOR_JS } from '../rich-paste.js';
import type { MediaRecord, SimState } from '../state.js';
import { answerPublish, creatorUser, P } from './common.js';

const CSS = `[hidden]{display:none!important} .semi-modal{position:fixed;inset:10%;background:#fff;border:1px solid #ccc} .ProseMirror{min-height:120px;border:1px solid #eee}
 [class*=addIcon]{display:inline-block;width:80px;height:60px;border:1px dashed #999;cursor:pointer} .card-kR2 img{max-width:80px}`;

export function articlePage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = creatorUser(req, res, route, state);
  if (!user) return;
  const omit = state.opts(P).omit;
  // forms['article-cover']: 'cards' (default: the 头图 and 封面 cards) or 'one' (one cover card, 点击上传封面图, whose editor closes with 完成).
  const oneCover = state.opts(P).forms['article-cover'] === 'one';
  const card = (label: string) => `<div class="card-kR2"><div class="card-label">${label}</div><div class="addIcon-Fx8w1">+</div></div>`;
  const body = `<div id="root"><div class="container-main"><div class="article-form">
  ${oneCover ? '<div class="mycard-Q3x9"><div class="coverTip-Lm2">点击上传封面图</div></div>' : card('文章头图')}
  ${omit.includes('title-input') ? '' : '<input class="semi-input semi-input-default" placeholder="请输入文章标题" maxlength="30">'}
  <div class="editor-DoqDrA"><div class="tiptap ProseMirror" contenteditable="true"><p><br></p></div></div>
  ${oneCover || omit.includes('cover-card') ? '' : card('封面设置')}
  <div class="button-row"><button class="semi-button">预览</button><button class="semi-button semi-button-primary publish-btn">发布</button></div>
</div></div></div>`;
  const script = `
const BASE = ${JSON.stringify(route.prefix)};
const live = (u) => BASE + '/' + String(u).replace(/^(https?:)?\\/\\//, '');
const api = async (path, init) => (await fetch(live('https://creator.douyin.com' + path), { credentials: 'include', ...init })).json();
const toast = (msg) => { for (const old of document.querySelectorAll('[data-sim-message]')) old.remove(); const t = document.createElement('div'); t.dataset.simMessage = ''; t.className = 'semi-toast-content'; t.textContent = msg; document.body.appendChild(t); };
${RICH_EDITOR_JS}
const editor = ${JSON.stringify(omit.includes('paste-handler'))} ? { html: () => '', text: () => '' } : richEditor(document.querySelector('.ProseMirror'));
const picked = { head: null, cover: null };
async function upload(file) {
  const j = await (await fetch(live('https://creator.douyin.com/web/api/media/upload/image/?name=' + encodeURIComponent(file.name)), { method: 'POST', credentials: 'include', headers: { 'content-type': file.type || 'image/jpeg' }, body: file })).json();
  if (j.status_code !== 0) throw new Error(j.status_msg || '图片上传失败');
  return j.uri;
}
// The page's file input lives outside the document, made and clicked by the card.
function choose(onFile) {
  const input = document.createElement('input');
  input.type = 'file'; input.accept = 'image/png,image/jpeg,image/jpg';
  input.addEventListener('change', () => input.files[0] && onFile(input.files[0]));
  input.click();
}
const show = (cardEl, file) => { const img = document.createElement('img'); img.src = URL.createObjectURL(file); cardEl.querySelector('img')?.remove(); cardEl.appendChild(img); };
const [headCard, coverCard] = document.querySelectorAll('.card-kR2');
const oneCard = document.querySelector('[class^="mycard-"]');
if (oneCard) oneCard.querySelector('.coverTip-Lm2').addEventListener('click', () => choose(async (file) => {
  let uri;
  try { uri = await upload(file); } catch (e) { return toast('封面上传失败：' + e.message); }
  const m = document.createElement('div'); m.className = 'semi-portal';
  m.innerHTML = '<div class="semi-modal"><div class="semi-modal-content"><div class="rightPanel-fOyImv"><span>当前分辨率：1080*1440</span></div><button class="semi-button semi-button-primary">完成</button></div></div>';
  document.body.appendChild(m);
  m.querySelector('button').addEventListener('click', () => { picked.head = uri; picked.cover = uri; oneCard.style.backgroundImage = 'url(' + URL.createObjectURL(file) + ')'; m.remove(); });
}));
if (headCard) headCard.querySelector('[class*=addIcon]').addEventListener('click', () => choose(async (file) => {
  try { picked.head = await upload(file); show(headCard, file); } catch (e) { toast(e.message); }
}));
if (coverCard) coverCard.querySelector('[class*=addIcon]').addEventListener('click', () => choose(async (file) => {
  let uri;
  try { uri = await upload(file); } catch (e) { return toast(e.message); }
  const m = document.createElement('div'); m.className = 'semi-portal';
  m.innerHTML = '<div class="semi-modal"><div class="semi-modal-content"><div class="semi-modal-header">裁剪封面</div><div class="semi-modal-body"><img class="crop-preview" alt=""><div class="crop-buttons"><button class="semi-button">重选</button><button class="semi-button semi-button-primary cropConfirmButton-F6xPmN">确定</button></div></div></div></div>';
  document.body.appendChild(m);
  const [again, ok] = m.querySelectorAll('.crop-buttons button');
  again.addEventListener('click', () => m.remove());
  ok.addEventListener('click', () => { picked.cover = uri; show(coverCard, file); m.remove(); });
}));
document.querySelector('.publish-btn').addEventListener('click', async () => {
  const title = document.querySelector('input[placeholder*="标题"]');
  if (!picked.cover) return toast('没有选择封面');
  if (editor.text().replace(/\\s+/g, '').length < 100) return toast('正文内容不能少于100字');
  const btn = document.querySelector('.publish-btn');
  btn.disabled = true;
  try {
    const j = await api('/web/api/media/aweme/create_v2/', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ article: { title: title ? title.value : '', content: editor.html(), head_uri: picked.head, cover_uri: picked.cover } }) });
    if (j.status_code === 0) {
      // The creator app moves to its work list in place, as from its other forms.
      history.pushState({}, '', live('https://creator.douyin.com/creator-micro/content/manage?enter_from=publish'));
      document.querySelector('.container-main').innerHTML = '<h2 class="manage-title">作品管理</h2><div class="publish-ok">发布成功</div>';
      return;
    }
    toast(j.status_msg || '发布失败');
  } catch (e) { toast('网络错误，请重试'); }
  btn.disabled = false;
});`;
  const doc = Buffer.from(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>抖音创作者中心</title><style>${CSS}</style></head><body>${body}<script>${script}</script></body></html>`);
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-length': String(doc.length) });
  res.end(doc);
}

/**
 * The article's publish: create_v2 like every other work (the one source that
 * names the article's call says so), with the editor's own body under
 * `article`. Checks as the editor does, records the article.
 */
export async function createArticle(res: ServerResponse, route: Route, state: SimState, user: User, b: Record<string, unknown>): Promise<void> {
  const refuse = (msg: string) => json(res, 200, { status_code: 4, status_msg: msg });
  const title = String(b.title ?? '');
  const content = String(b.content ?? '');
  const own = (uri: unknown) => {
    const m = typeof uri === 'string' ? state.bag<{ account: string; mediaId: string }>('douyin.images').get(uri) : undefined;
    return m && m.account === user.uid ? state.media.get(m.mediaId) : undefined;
  };
  const head = own(b.head_uri);
  const cover = own(b.cover_uri);
  const text = content.replace(/<[^>]+>/g, '').replace(/&[a-z#0-9]+;/gi, 'x').replace(/\s+/g, '');
  if (!title.trim() || Array.from(title).length > 30) return refuse('标题需为 1-30 字');
  if (Array.from(text).length < 100) return refuse('正文内容不能少于100字');
  if (!head) return refuse('请上传头图');
  if (!cover) return refuse('没有选择封面');
  if (state.opts(P).rejectPublish) return refuse(state.opts(P).rejectPublish as string);
  const id = newNumericId(state, 19);
  const media: MediaRecord[] = [
    { kind: 'image', size: head.size, sha256: head.sha256 },
    { kind: 'cover', size: cover.size, sha256: cover.sha256 },
  ];
  await answerPublish(res, state, { platform: P, account: user.uid, postId: id, url: `${route.prefix}/www.douyin.com/article/${id}`, title, body: content, settings: { type: 'article' }, media });
}
