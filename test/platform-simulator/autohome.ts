/**
 * The autohome (汽车之家 车家号) replica: the creator centre's long-article
 * editor at creator.autohome.com.cn/web/publish/long with the controls the
 * public sources record (provenance in edge-node/src/adapters/autohome/provenance.ts):
 * the title input 请输入文章标题（6-30个汉字）, the Lexical-style body
 * (.editor-inner[data-type=article] .editor-input, contenteditable) that takes a
 * paste, the 原创 and 首发 boxes (input#isOriginal, input#isFirst, each with its
 * label), the upload terms box (input#statementCheck), the 横版 and 竖版 cover
 * slots (#imageUrls, #imgVerticals) whose upload control opens the 展示封面图
 * dialog (上传图片 tab, a .jpg/.jpeg/.png input, 确定), after which the page
 * opens its 魔方 beautifier (iframe mofangIframe on posterdesign.autohome.com.cn,
 * div.btn-cancel 取消 keeps the picture), and the footer's 发布, which sends
 * POST …/openapi/content-api/gc/article/publish?publishType=1 answering
 * returncode 0 and result.id (publishType=0, the page's auto-save, answers
 * result.draftId and publishes nothing). The old 车家号 editor
 * (chejiahao.autohome.com.cn/article/post.html) answers 404, as recorded.
 * The creator centre answers the recorded account calls getAuthorInfo and
 * creatorinfo (returncode 0, result.userid, nickname, role). The cover upload
 * call, the article list, the login redirect and the refusal messages are
 * the replica's own: no source records them. The session is the simulator's
 * default cookie (no source names 车家号's).
 *
 * `forms`:
 * - `account-call` — `getAuthorInfo` (default: both calls answer) or
 *   `creatorinfo` (getAuthorInfo is gone, answering 404; only creatorinfo names
 *   the account);
 * - `title-placeholder` — `fullwidth` (default, 请输入文章标题（6-30个汉字）) or
 *   `ascii` (请输入文章标题(6-30个汉字));
 * - `boxes` — `shown` (default) or `hidden` (the checkboxes are drawn hidden:
 *   only their labels take a click);
 * - `publish-answer` — `id` (default: result.id), `articleId` (result.articleId),
 *   `none` (returncode 0 and an empty result) or `draftId` (returncode 0 and
 *   only result.draftId: the article is kept as a draft, not published);
 * - `publish-call` — `current` (default) or `legacy` (发布 posts to the old
 *   chejiahao.autohome.com.cn/article/api/publish, answering result.articleId);
 * - `autosave` — `none` (default) or `before-publish` (发布 first makes the
 *   page's auto-save, publishType=0, then publishes);
 * - `publish-confirm` — `none` (default) or `modal` (发布 raises an Ant Design
 *   confirmation whose 确定 sends the article);
 * - `refusal-form`, `page-notice` — test/platform-simulator/page-notice.ts.
 *
 * `omit` names: `title-input`, `original-box`, `statement-box`, `cover-slot`
 * (no 竖版 slot), `paste-handler` (the editor takes no paste: it stays empty).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { noticeJs, pageNoticeJs } from './page-notice.js';
import { esc, html, json, readBody, readJson, redirect, type Route } from './http.js';
import { acceptPublish, newNumericId, router, type PlatformSim, type User } from './platform.js';
import { AUTOHOME_VIDEO_ROUTES } from './autohome-video.js';
import { RICH_EDITOR_JS } from './rich-paste.js';
import type { SimState } from './state.js';

const P = 'autohome';
const CJH = '/chejiahao.autohome.com.cn';
const CREATOR = '/creator.autohome.com.cn';
const POSTER = '/posterdesign.autohome.com.cn';
const COVERS = 'autohome.covers';
const DRAFTS = 'autohome.drafts';

/** Logged out, the pages send the browser to the autohome account site. */
function pageUser(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): User | null {
  const user = state.user(req, P);
  if (!user) redirect(res, `${route.prefix}/account.autohome.com.cn/login?backurl=${encodeURIComponent(route.prefix + route.path)}`);
  return user;
}

function apiUser(req: IncomingMessage, res: ServerResponse, state: SimState): User | null {
  const user = state.user(req, P);
  if (!user) json(res, 200, { returncode: 2010203, message: '未登录', result: null });
  return user;
}

const CSS = `[hidden]{display:none!important} .editor-input{min-height:120px;border:1px solid #eee}
 .cover-slot{display:inline-block;width:160px;min-height:90px;border:1px dashed #999;margin:4px} .cover-slot img{max-width:150px}
 [role=dialog]{position:fixed;top:10%;left:10%;width:60%;background:#fff;border:1px solid #ccc;padding:8px;z-index:10}
 [role=dialog] img{max-width:120px} iframe[name=mofangIframe]{position:fixed;inset:10%;width:80%;height:60%;background:#fff;border:1px solid #ccc;z-index:20}
 .ant-message{position:fixed;top:8px;left:40%;z-index:30} .hidden-box{display:none}`;

function editorPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = pageUser(req, res, route, state);
  if (!user) return;
  const { omit, forms } = state.opts(P);
  const placeholder = forms['title-placeholder'] === 'ascii' ? '请输入文章标题(6-30个汉字)' : '请输入文章标题（6-30个汉字）';
  const hide = forms.boxes === 'hidden' ? ' class="hidden-box"' : '';
  const slot = (id: string, module: string, label: string) =>
    `<div class="cover-row"><span class="label">${label}</span><div id="${id}" class="cover-slot ${module}_uploadBox__g2vUQ"><div class="${module}_leftPart__dO6iI" data-slot="${id}">上传</div></div></div>`;
  const body = `<div id="root"><div class="Publish_long__x1">
  ${omit.includes('title-input') ? '' : `<div class="title-row"><input type="text" maxlength="30" placeholder="${placeholder}"></div>`}
  <div class="editor-inner" data-type="article"><div class="editor-input" contenteditable="true" data-lexical-editor="true"><p><br></p></div></div>
  <div class="setting-row">${omit.includes('original-box') ? '' : `<label for="isOriginal">原创</label><input type="checkbox" id="isOriginal"${hide}>`}
   <label for="isFirst">首发</label><input type="checkbox" id="isFirst"${hide}></div>
  ${slot('imageUrls', 'UpImageContainer', '横版封面')}
  ${omit.includes('cover-slot') ? '' : slot('imgVerticals', 'UpImageVericalContainer', '竖版封面')}
  ${omit.includes('statement-box') ? '' : `<div class="statement"><label><input type="checkbox" id="statementCheck"${hide}> 我已阅读并已同意遵守《汽车之家内容上传服务条款》</label></div>`}
  <div class="Footer_fixContainer__NYwPE Footer_fixContainerLong__klrNM"><button type="button" class="draft">存草稿</button><button type="button" class="preview">预览</button><button type="button" class="ant-btn ant-btn-primary publish"><span>发 布</span></button></div>
</div></div>`;
  const script = `
const BASE = ${JSON.stringify(route.prefix)};
const FORMS = ${JSON.stringify(forms)};
const live = (u) => BASE + '/' + String(u).replace(/^(https?:)?\\/\\//, '');
${noticeJs(forms['refusal-form'] ?? 'ant')}
${RICH_EDITOR_JS}
const editor = ${JSON.stringify(omit.includes('paste-handler'))} ? { html: () => '', text: () => '' } : richEditor(document.querySelector('.editor-input'));
const covers = { imageUrls: null, imgVerticals: null };
const first = document.querySelector('#isFirst');
const original = document.querySelector('#isOriginal');
// 首发 goes with 原创 only.
first.addEventListener('change', () => { if (first.checked && !(original && original.checked)) { first.checked = false; notice('error', '首发需同时声明原创'); } });
const post = async (url, body) => (await fetch(live(url), { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();

// The cover dialog: 上传图片, the file (uploaded at once), 确定; then the 魔方 beautifier.
function openCover(slotId) {
  if (document.querySelector('[role=dialog]')) return;
  const d = document.createElement('div');
  d.setAttribute('role', 'dialog'); d.setAttribute('aria-labelledby', 'cover-title');
  d.innerHTML = '<div id="cover-title" class="ant-modal-title">展示封面图</div><div role="tablist"><div role="tab" aria-selected="false">图片库</div><div role="tab" aria-selected="false">上传图片</div></div>'
    + '<div class="pane" hidden><input type="file" accept=".jpg,.jpeg,.png"><div class="picked"></div></div><button type="button" class="ok">确定</button><button type="button" class="cancel">取消</button>';
  document.body.appendChild(d);
  let picked = null;
  d.querySelectorAll('[role=tab]')[1].addEventListener('click', () => { d.querySelector('.pane').hidden = false; });
  d.querySelector('.cancel').addEventListener('click', () => d.remove());
  d.querySelector('input').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    try {
      const j = await (await fetch(live('https://creator.autohome.com.cn/openapi/content-api/cover/upload?name=' + encodeURIComponent(file.name)), { method: 'POST', credentials: 'include', headers: { 'content-type': file.type || 'image/jpeg' }, body: file })).json();
      if (j.returncode !== 0) return notice('error', j.message || '封面上传失败');
      picked = j.result.url;
      const img = document.createElement('img'); img.src = URL.createObjectURL(file); img.dataset.url = picked;
      d.querySelector('.picked').replaceChildren(img);
    } catch (err) { notice('error', '网络错误'); }
  });
  d.querySelector('.ok').addEventListener('click', () => {
    if (!picked) return notice('error', '请上传图片');
    const preview = d.querySelector('.picked img').src;
    d.remove();
    // The beautifier opens on the picture; 取消 keeps it as uploaded.
    const f = document.createElement('iframe'); f.name = 'mofangIframe'; f.src = live('https://posterdesign.autohome.com.cn/');
    window.mofangDone = () => {
      f.remove();
      covers[slotId] = picked;
      const box = document.getElementById(slotId);
      const img = document.createElement('img'); img.src = preview; img.dataset.url = picked;
      const replace = document.createElement('span'); replace.textContent = '替换'; replace.addEventListener('click', () => openCover(slotId));
      box.replaceChildren(img, replace);
    };
    document.body.appendChild(f);
  });
}
for (const opener of document.querySelectorAll('[data-slot]')) opener.addEventListener('click', () => openCover(opener.dataset.slot));

document.querySelector('.publish').addEventListener('click', async () => {
  ${pageNoticeJs(forms)}
  const title = document.querySelector('.title-row input');
  if (!title || !title.value.trim()) return notice('error', '请输入标题');
  const statement = document.querySelector('#statementCheck');
  if (!statement || !statement.checked) return notice('error', '请阅读并同意《汽车之家内容上传服务条款》');
  const body = { title: title.value, content: editor.html(), imageUrls: covers.imageUrls ? [covers.imageUrls] : [], imgVerticalUrl: covers.imgVerticals || '',
    isOriginal: original && original.checked ? 1 : 0, isFirst: first.checked ? 1 : 0, statementCheck: true, coverType: 0, source: 'pc', role: 2 };
  const send = async () => {
    try {
      if (FORMS.autosave === 'before-publish') await post('https://creator.autohome.com.cn/openapi/content-api/gc/article/publish?publishType=0', { ...body, publishType: 0 });
      const j = FORMS['publish-call'] === 'legacy'
        ? await post('https://chejiahao.autohome.com.cn/article/api/publish', body)
        : await post('https://creator.autohome.com.cn/openapi/content-api/gc/article/publish?publishType=1', { ...body, publishType: 1 });
      if (j.returncode === 0) return notice('success', '发布成功');
      notice('error', j.message || '发布失败');
    } catch (e) { notice('error', '网络错误，请重试'); }
  };
  if (FORMS['publish-confirm'] !== 'modal') return send();
  const m = document.createElement('div');
  m.className = 'ant-modal-wrap';
  m.innerHTML = '<div role="dialog" class="ant-modal"><div class="ant-modal-body">确认发布这篇文章吗？</div><button type="button" class="no">取 消</button><button type="button" class="yes ant-btn-primary">确 定</button></div>';
  document.body.appendChild(m);
  m.querySelector('.no').addEventListener('click', () => m.remove());
  m.querySelector('.yes').addEventListener('click', () => { m.remove(); send(); });
});`;
  html(res, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>发布文章 - 汽车之家创作者中心</title><style>${CSS}</style></head><body>${body}<script>${script}</script></body></html>`);
}

/** The 魔方 beautifier: its 取消 hands the picture back unchanged. */
function beautifier(_req: IncomingMessage, res: ServerResponse): void {
  html(res, `<!doctype html><html><body><div class="mofang"><div class="btn-cancel">取消</div><div class="btn-ok">完成制作</div></div><script>
for (const b of document.querySelectorAll('.btn-cancel, .btn-ok')) b.addEventListener('click', () => parent.mofangDone());
</script></body></html>`);
}

/** POST openapi/content-api/cover/upload (the replica's own): stores the picture; `rejectCover` refuses it. */
async function uploadCover(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const user = apiUser(req, res, state);
  if (!user) return;
  const bytes = await readBody(req, 16 * 1024 * 1024);
  const reject = state.opts(P).rejectCover;
  if (reject) return json(res, 200, { returncode: 1, message: reject });
  if (bytes.length === 0) return json(res, 200, { returncode: 1, message: '图片为空' });
  const m = state.storeMedia(P, user.uid, 'cover', bytes, req.headers['content-type']);
  const url = `https://n1.autoimg.cn/cover/${m.id}.jpg`;
  state.bag<{ account: string; mediaId: string }>(COVERS).set(url, { account: user.uid, mediaId: m.id });
  json(res, 200, { returncode: 0, result: { url } });
}

/**
 * The publish address, both calls: publishType=0 saves a draft (result.draftId, nothing published);
 * publishType=1 checks as the page does and publishes, answering in the `publish-answer` form.
 * The old chejiahao address (`legacy`) publishes and answers result.articleId.
 */
async function publish(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const user = apiUser(req, res, state);
  if (!user) return;
  const legacy = route.path.startsWith(CJH);
  const b = await readJson(req);
  const type = legacy ? 1 : Number(route.query.get('publishType') ?? b.publishType);
  const refuse = (message: string) => json(res, 200, { returncode: 1001, message });
  const answer = state.opts(P).forms['publish-answer'] ?? 'id';
  const draft = () => {
    const draftId = Number(newNumericId(state, 8));
    state.bag<{ account: string; title: string }>(DRAFTS).set(String(draftId), { account: user.uid, title: String(b.title ?? '') });
    return draftId;
  };
  if (type === 0) return json(res, 200, { returncode: 0, message: 'success', result: { draftId: draft(), previewId: 'cHJldmlldw==' } });
  if (type !== 1) return refuse('publishType 无效');
  const title = String(b.title ?? '');
  const content = String(b.content ?? '');
  const text = content.replace(/<[^>]+>/g, '').replace(/\s+/g, '');
  const n = Array.from(title.trim()).length;
  if (n < 6 || n > 30) return refuse('标题需为 6-30 个汉字');
  if (!text) return refuse('请输入正文');
  if (b.statementCheck !== true) return refuse('请同意内容上传服务条款');
  const mine = (url: unknown) => {
    const c = typeof url === 'string' && url ? state.bag<{ account: string; mediaId: string }>(COVERS).get(url) : undefined;
    return c && c.account === user.uid ? state.media.get(c.mediaId) : undefined;
  };
  const urls = Array.isArray(b.imageUrls) ? b.imageUrls : [];
  const cover = mine(urls[0]);
  const vertical = mine(b.imgVerticalUrl);
  if ((urls[0] && !cover) || (b.imgVerticalUrl && !vertical)) return refuse('封面无效');
  if (state.opts(P).rejectPublish) return refuse(state.opts(P).rejectPublish as string);
  if (!legacy && answer === 'draftId') return json(res, 200, { returncode: 0, message: 'success', result: { draftId: draft() } });
  const id = newNumericId(state, 9);
  const result = legacy || answer === 'articleId' ? { articleId: Number(id) } : answer === 'none' ? {} : { id: Number(id) };
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: user.uid,
      postId: id,
      url: `${route.prefix}/chejiahao.autohome.com.cn/info/${id}`,
      title,
      body: content,
      settings: { type: 'article', original: Number(b.isOriginal) === 1, first: Number(b.isFirst) === 1 },
      media: [...(cover ? [{ kind: 'cover', size: cover.size, sha256: cover.sha256 }] : []), ...(vertical ? [{ kind: 'cover-vertical', size: vertical.size, sha256: vertical.sha256 }] : [])],
    },
    { returncode: 0, message: 'success', result },
  );
}

/** China time as the list shows it. */
const chinaTime = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

export const autohome: PlatformSim = {
  platform: P,
  contentTypes: ['article', 'video'],
  // The article pages first: where both name a path (the account call, a published page), theirs answers.
  handle: router([
    ['GET', `${CREATOR}/web/publish/long`, editorPage],
    // The old 车家号 editor is gone, as recorded.
    ['GET', `${CJH}/article/post.html`, (_req, res) => html(res, '<!doctype html><html><body><h1>404 Not Found</h1></body></html>', 404)],
    ['GET', `${POSTER}/`, beautifier],
    ['POST', `${CREATOR}/openapi/content-api/cover/upload`, uploadCover],
    ['POST', `${CREATOR}/openapi/content-api/gc/article/publish`, publish],
    ['POST', `${CJH}/article/api/publish`, publish],
    ['GET', '/account.autohome.com.cn/login', (_req, res) => html(res, '<!doctype html><html><body><h1>登录</h1></body></html>')],
    [
      'GET',
      `${CREATOR}/`,
      (req, res, route, state) => {
        const user = pageUser(req, res, route, state);
        if (user) html(res, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>车家号创作者中心</title></head><body><div class="author-name">${esc(user.name)}</div></body></html>`);
      },
    ],
    [
      'GET',
      `${CREATOR}/author/api/getAuthorInfo`,
      (req, res, _route, state) => {
        if (state.opts(P).forms['account-call'] === 'creatorinfo') return json(res, 404, { returncode: 404, message: 'Not Found' });
        const user = apiUser(req, res, state);
        if (user) json(res, 200, { returncode: 0, message: 'success', result: { authorId: /^\d+$/.test(user.uid) ? Number(user.uid) : user.uid, name: user.name, avatar: '' } });
      },
    ],
    [
      'GET',
      `${CREATOR}/openapi/ypttd/yjc/csc/creator/creatorinfo`,
      (req, res, _route, state) => {
        const user = apiUser(req, res, state);
        if (user) json(res, 200, { returncode: 0, message: 'success', result: { userid: /^\d+$/.test(user.uid) ? Number(user.uid) : user.uid, nickname: user.name, role: 2 } });
      },
    ],
    [
      'GET',
      `${CREATOR}/author/api/article/list`,
      (req, res, _route, state) => {
        const user = apiUser(req, res, state);
        if (!user) return;
        const list = state.published
          .filter((p) => p.platform === P && p.account === user.uid)
          .reverse()
          .map((p) => ({ articleId: Number(p.postId), title: p.title ?? '', publishTime: chinaTime(p.at), status: 1 }));
        json(res, 200, { returncode: 0, result: { list, total: list.length } });
      },
    ],
    ['GET', /^\/chejiahao\.autohome\.com\.cn\/info\/(\d+)$/, (_req, res, _route, state, [id]) => {
      const post = state.published.find((p) => p.platform === P && p.postId === id);
      if (!post) return json(res, 404, { returncode: 404, message: '文章不存在' });
      html(res, `<!doctype html><html><body><h1>${esc(post.title ?? '')}</h1><div class="article-body">${post.body}</div></body></html>`);
    }],
    ...AUTOHOME_VIDEO_ROUTES,
  ]),
};
