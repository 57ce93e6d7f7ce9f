/**
 * Replica of juejin (稀土掘金) as the public sources record it (see the
 * provenance table in edge-node/src/adapters/juejin/adapter.ts): the editor pages on
 * juejin.cn and the JSON API on api.juejin.cn — user info, the CSRF token
 * handed out in `x-ware-csrf-token`, category and tag lists, draft
 * create/update, image upload and re-hosting, publish (HTTP 200 with `err_no`)
 * and the author's article list. The session lives in the `sessionid` cookie.
 *
 * The picture upload (article_pic) does not know what a picture is for: a
 * cover and a body picture go the same way, and either switch (`rejectCover`,
 * `rejectImages`) refuses them all. A published post's media are its cover
 * and every picture of its Markdown that names an upload of the same account.
 *
 * `omit` names this replica knows: `category_name` (the category list loses
 * its names), `title-input` (the editor page loses its title field).
 */
import { loginRoutes } from './login-pages.js';
import { JUEJIN_LOGIN } from './juejin-login.js';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, readBody, readJson, type Route } from './http.js';
import { acceptPublish, newNumericId, router, type PlatformSim, type User } from './platform.js';
import type { SimState, StoredMedia } from './state.js';

const P = 'juejin';
const WEB = '/juejin.cn';
const API = '/api.juejin.cn';
const IMG_HOST = 'https://p3-juejin.byteimg.com/tos-cn-i-k3u1fbpfcp';

/** juejin's categories (id → name), as recorded. */
export const JUEJIN_CATEGORIES: Record<string, string> = {
  '6809637769959178254': '后端',
  '6809637767543259144': '前端',
  '6809635626879549454': 'Android',
  '6809635626661445640': 'iOS',
  '6809637773935378440': '人工智能',
  '6809637771511070734': '开发工具',
  '6809637776263217160': '代码人生',
  '6809637772874219534': '阅读',
};
/** A slice of juejin's tag list (id → name); a few ids are the recorded ones, the rest are made up. */
export const JUEJIN_TAGS: Record<string, string> = {
  '6809640407484334093': '前端',
  '6809640408797167623': '后端',
  '6809640398105870343': 'JavaScript',
  '6809640369764958215': 'Vue.js',
  '6809640357354012685': 'React.js',
  '6809640361531539470': 'Node.js',
  '6809640445233070094': 'Java',
  '6809640448827588622': 'Python',
  '6809640501776482317': '架构',
  '6809640499062767624': '算法',
  '6809640366896054286': 'MySQL',
  '6809640543006490638': 'TypeScript',
  '6809640364677267469': 'Go',
  '6809640385980137480': 'Linux',
};

interface Draft {
  id: string;
  account: string;
  fields: Record<string, unknown>;
}

const csrfOf = (uid: string) => createHash('sha256').update(`juejin-csrf:${uid}`).digest('hex').slice(0, 40);

export const juejin: PlatformSim = {
  platform: P,
  contentTypes: ['article'],
  sessionCookie: 'sessionid',
  handle: router([
    ...loginRoutes(JUEJIN_LOGIN, 'sessionid'),
    ['GET', `${WEB}/creator/home`, (req, res, route, state) => withPage(req, res, route, state, () => shell('创作者中心', '<main><h1>创作者中心</h1></main>'))],
    ['GET', `${WEB}/editor/drafts/new`, (req, res, route, state) => withPage(req, res, route, state, () => editorPage(state, null))],
    ['GET', /^\/juejin\.cn\/editor\/drafts\/(\d+)$/, (req, res, route, state, [id]) => withPage(req, res, route, state, (u) => editorPage(state, draftOf(state, u, id!)))],
    ['GET', /^\/juejin\.cn\/post\/(\d+)$/, (_req, res, _route, state, [id]) => postPage(res, state, id!)],
    ['POST', `${WEB}/image/urlSave`, urlSave],
    ['GET', `${API}/user_api/v1/user/get`, (req, res, _route, state) => {
      const u = state.user(req, P);
      json(res, 200, u ? { err_no: 0, err_msg: 'success', data: { user_id: u.uid, user_name: u.name } } : { err_no: 2, err_msg: '用户未登录' });
    }],
    ['HEAD', `${API}/user_api/v1/sys/token`, (req, res, _route, state) => {
      const u = state.user(req, P);
      const ok = u && req.headers['x-secsdk-csrf-request'] === '1';
      res.writeHead(200, ok ? { 'x-ware-csrf-token': `0,${csrfOf(u.uid)},86370000,success,${u.uid}` } : {});
      res.end();
    }],
    ['POST', `${API}/tag_api/v1/query_category_list`, (req, res, _route, state) =>
      withApi(req, res, state, async () => {
        const omitNames = state.opts(P).omit.includes('category_name');
        return Object.entries(JUEJIN_CATEGORIES).map(([id, name], rank) => ({
          category_id: id,
          category: { category_id: id, ...(omitNames ? {} : { category_name: name }), category_url: '', rank },
        }));
      })],
    ['POST', `${API}/tag_api/v1/query_tag_list`, (req, res, _route, state) =>
      withApi(req, res, state, async (_u, b) => {
        const q = String(b.key_word ?? '').toLowerCase();
        return Object.entries(JUEJIN_TAGS)
          .filter(([, name]) => name.toLowerCase().includes(q))
          .slice(0, Number(b.limit) || 10)
          .map(([id, name]) => ({ tag_id: id, tag: { tag_id: id, tag_name: name } }));
      })],
    ['POST', `${API}/content_api/v1/article_draft/create`, (req, res, _route, state) =>
      withApi(req, res, state, async (u, b) => {
        const id = newNumericId(state, 19);
        state.bag<Draft>('juejin:drafts').set(id, { id, account: u.uid, fields: b });
        return { id, article_id: '0', user_id: '0' };
      })],
    ['POST', `${API}/content_api/v1/article_draft/update`, (req, res, _route, state) =>
      withApi(req, res, state, async (u, b) => {
        const d = draftOf(state, u, String(b.id ?? ''));
        if (!d) return refusal('草稿不存在');
        d.fields = b;
        return { id: d.id, article_id: '0' };
      })],
    ['POST', `${API}/content_api/v1/upload/article_pic`, uploadPic],
    ['POST', `${API}/content_api/v1/article/publish`, publish],
    ['POST', `${API}/content_api/v1/article/list_by_user`, (req, res, _route, state) =>
      withApi(req, res, state, async (u, b) => {
        const keyword = String(b.keyword ?? '');
        return state.published
          .filter((p) => p.platform === P && p.account === u.uid && (p.title ?? '').includes(keyword))
          .reverse()
          .map((p) => ({
            article_id: p.postId,
            article_info: { article_id: p.postId, title: p.title, brief_content: p.settings.summary, ctime: String(Math.floor(Date.parse(p.at) / 1000)), audit_status: 1, status: 1 },
          }));
      })],
  ]),
};

class Refusal {
  constructor(readonly message: string) {}
}
const refusal = (message: string) => new Refusal(message);

/** A logged-in API call: the session cookie and the CSRF header the session was given, else what juejin answers. */
async function withApi(req: IncomingMessage, res: ServerResponse, state: SimState, run: (u: User, body: Record<string, unknown>) => Promise<unknown>): Promise<void> {
  const u = state.user(req, P);
  if (!u) return json(res, 200, { err_no: 2, err_msg: '用户未登录' });
  // A missing or foreign CSRF token gets HTTP 200 with an empty body, as recorded.
  if (req.headers['x-secsdk-csrf-token'] !== csrfOf(u.uid)) {
    res.writeHead(200, { 'content-length': '0' });
    return void res.end();
  }
  const out = await run(u, (req.headers['content-type'] ?? '').includes('json') ? await readJson(req) : {});
  if (out instanceof Refusal) return json(res, 200, { err_no: 1, err_msg: out.message });
  json(res, 200, { err_no: 0, err_msg: 'success', data: out });
}

function withPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState, render: (u: User) => string): void {
  const u = state.user(req, P);
  if (!u) {
    res.writeHead(302, { location: `${route.prefix}${WEB}/login?redirect=${encodeURIComponent(route.path)}` });
    return void res.end();
  }
  html(res, render(u));
}

function draftOf(state: SimState, u: User, id: string): Draft | undefined {
  const d = state.bag<Draft>('juejin:drafts').get(id);
  return d && d.account === u.uid ? d : undefined;
}

async function uploadPic(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const u = state.user(req, P);
  if (!u) return json(res, 200, { err_no: 2, err_msg: '用户未登录' });
  if (req.headers['x-secsdk-csrf-token'] !== csrfOf(u.uid)) return json(res, 200, { err_no: 403, err_msg: 'csrf' });
  const raw = await readBody(req);
  const form = await new Request('http://replica/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: raw }).formData();
  const file = form.get('file');
  if (!(file instanceof Blob)) return json(res, 200, { err_no: 1, err_msg: '缺少文件' });
  if (file.size === 0) return json(res, 200, { err_no: 1, err_msg: '文件为空' });
  const o = state.opts(P);
  const reject = o.rejectCover || o.rejectImages;
  if (reject) return json(res, 200, { err_no: 1, err_msg: reject });
  const m = state.storeMedia(P, u.uid, 'image', Buffer.from(await file.arrayBuffer()), file.type);
  json(res, 200, { err_no: 0, err_msg: 'success', data: { url: `${IMG_HOST}/${m.id}~tplv-k3u1fbpfcp-watermark.image` } });
}

/** The upload an address on juejin's image host names, when this account made it. */
function uploadOf(state: SimState, account: string, url: string): StoredMedia | undefined {
  const id = /^https:\/\/p3-juejin\.byteimg\.com\/tos-cn-i-k3u1fbpfcp\/([0-9a-f]{16})~tplv/.exec(url)?.[1];
  const m = id ? state.media.get(id) : undefined;
  return m && m.platform === P && m.account === account ? m : undefined;
}

async function urlSave(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const u = state.user(req, P);
  if (!u) return json(res, 200, { err_no: 2, err_msg: '用户未登录' });
  const b = await readJson(req);
  const url = String(b.url ?? '');
  const reject = state.opts(P).rejectImages;
  if (reject) return json(res, 200, { err_no: 1, err_msg: reject });
  if (!/^https?:\/\//.test(url)) return json(res, 200, { err_no: 1, err_msg: '图片地址无效' });
  json(res, 200, { err_no: 0, err_msg: 'success', data: `${IMG_HOST}/${createHash('sha1').update(url).digest('hex')}~tplv-k3u1fbpfcp-watermark.image` });
}

async function publish(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = state.user(req, P);
  if (!u) return json(res, 200, { err_no: 2, err_msg: '用户未登录' });
  if (req.headers['x-secsdk-csrf-token'] !== csrfOf(u.uid)) {
    res.writeHead(200, { 'content-length': '0' });
    return void res.end();
  }
  const b = await readJson(req);
  const refuse = (msg: string) => json(res, 200, { err_no: 1, err_msg: msg });
  const d = draftOf(state, u, String(b.draft_id ?? ''));
  if (!d) return refuse('草稿不存在');
  const f = d.fields;
  const title = String(f.title ?? '');
  const content = String(f.mark_content ?? '');
  const category = JUEJIN_CATEGORIES[String(f.category_id ?? '')];
  const tagIds = Array.isArray(f.tag_ids) ? f.tag_ids.map(String) : [];
  const summary = String(f.brief_content ?? '');
  if (!title.trim() || Array.from(title).length > 100) return refuse('标题需为 1-100 字');
  if (!content.trim()) return refuse('正文不能为空');
  if (!category) return refuse('请选择分类');
  if (tagIds.length < 1 || tagIds.length > 3 || tagIds.some((t) => !JUEJIN_TAGS[t])) return refuse('请添加 1-3 个标签');
  if (!summary.trim() || Array.from(summary).length > 100) return refuse('摘要需为 1-100 字');
  const coverUrl = String(f.cover_image ?? '');
  const cover = coverUrl ? uploadOf(state, u.uid, coverUrl) : undefined;
  if (coverUrl && !cover) return refuse('封面无效');
  const pictures = [...content.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)/g)].flatMap((m) => {
    const up = uploadOf(state, u.uid, m[1]!);
    return up ? [{ kind: 'image' as const, size: up.size, sha256: up.sha256 }] : [];
  });
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return refuse(rejected);
  const id = newNumericId(state, 19);
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: u.uid,
      postId: id,
      url: `${route.prefix}${WEB}/post/${id}`,
      title,
      body: content,
      settings: { category, tags: tagIds.map((t) => JUEJIN_TAGS[t]), summary, coverUrl },
      media: [...(cover ? [{ kind: 'cover' as const, size: cover.size, sha256: cover.sha256 }] : []), ...pictures],
    },
    { err_no: 0, err_msg: 'success', data: { article_id: id, draft_id: d.id } },
  );
}

function editorPage(state: SimState, draft: Draft | undefined | null): string {
  const omit = state.opts(P).omit;
  const title = draft ? String(draft.fields.title ?? '') : '';
  const md = draft ? String(draft.fields.mark_content ?? '') : '';
  const titleInput = omit.includes('title-input') ? '' : `<input class="title-input" placeholder="输入文章标题..." maxlength="100" value="${esc(title)}">`;
  return shell(
    '写文章 - 稀土掘金',
    `<header class="editor-header">${titleInput}<div class="right-box"><button class="xitu-btn">草稿箱</button><button class="xitu-btn"> 发布 </button></div></header>
<main class="bytemd"><div class="CodeMirror"><div class="CodeMirror-code" role="presentation" contenteditable="true">${esc(md)}</div></div></main>`,
  );
}

function postPage(res: ServerResponse, state: SimState, id: string): void {
  const p = state.published.find((x) => x.platform === P && x.postId === id);
  if (!p) return html(res, shell('404', '<main>文章不存在</main>'), 404);
  html(res, shell(p.title ?? '', `<main><h1 class="article-title">${esc(p.title ?? '')}</h1><div id="article-root"><pre>${esc(p.body)}</pre></div></main>`));
}

function shell(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>${body}</body></html>`;
}
