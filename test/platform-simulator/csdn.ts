/**
 * Replica of CSDN's Markdown editor as the public sources record it (see the
 * provenance in edge-node/src/adapters/csdn/provenance.ts): the passport login
 * page, the editor pages on editor.csdn.net, the editor API on
 * bizapi.csdn.net behind its API gateway (every call must carry a valid
 * x-ca signature over method, Accept, Content-Type, nonce and path, else the
 * gateway answers 400 with `x-ca-error-message`), the image store the upload
 * policy names, the author's article list and the published pages on
 * blog.csdn.net. The session is the real `UserName` cookie.
 *
 * `omit` names this replica knows: `draft-id` (the draft save answers no id).
 * `forms`: `no-session` — `redirect` (default: without a session the editor
 * goes to the passport login and the gateway's calls answer code 400) or
 * `401` (the editor page stays and the gateway answers HTTP 401, as a public
 * client records).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, readBody, readJson, redirect, type Route } from './http.js';
import { acceptPublish, newNumericId, router, type PlatformSim, type User } from './platform.js';
import type { SimState } from './state.js';

const P = 'csdn';
const EDITOR = '/editor.csdn.net';
const BIZ = '/bizapi.csdn.net';
const OBS_HOST = 'csdn-img-blog.obs.cn-north-4.myhuaweicloud.com';
const IMG = 'https://i-blog.csdnimg.cn/direct';
/** The gateway's app: the key the editor sends and the secret both sides sign with. */
const APP = { key: '203803574', secret: '9znpamsyl2c7cdrr9sas0le9vbc3r6ba' };
/** The store's own secret for the upload policies this replica hands out. */
const OBS_SECRET = randomBytes(16).toString('hex');

interface Article {
  id: string;
  account: string;
  fields: Record<string, unknown>;
}
interface Stored {
  key: string;
  account: string;
  mediaId: string;
}
const articles = (s: SimState) => s.bag<Article>('csdn:articles');
const stored = (s: SimState) => s.bag<Stored>('csdn:images');
const postUrl = (user: string, id: string) => `https://blog.csdn.net/${user}/article/details/${id}`;

export const csdn: PlatformSim = {
  platform: P,
  contentTypes: ['article'],
  sessionCookie: 'UserName',
  handle: router([
    ['GET', '/passport.csdn.net/login', (_req, res) => html(res, shell('CSDN - 登录', '<main class="login-box"><p>扫码登录 / 账号登录</p></main>'))],
    ['GET', /^\/editor\.csdn\.net\/md\/?$/, editorPage],
    ['GET', `${BIZ}/blog-console-api/v3/editor/getBaseInfo`, (req, res, route, state) =>
      gateway(req, res, route, state, async (u) => ({ name: u.uid, nickname: u.name, avatar: `https://profile-avatar.csdnimg.cn/${u.uid}.jpg`, blog_url: `https://blog.csdn.net/${u.uid}` }))],
    ['POST', `${BIZ}/blog-console-api/v3/mdeditor/saveArticle`, (req, res, route, state) => gateway(req, res, route, state, (u, b) => save(res, route, state, u, b))],
    ['POST', `${BIZ}/resource-api/v1/image/direct/upload/signature`, (req, res, route, state) => gateway(req, res, route, state, async (u, b) => uploadPolicy(state, u, b))],
    ['POST', `/${OBS_HOST}/`, obsPost],
    ['GET', `${BIZ}/blog/phoenix/console/v1/article/list`, (req, res, route, state) =>
      gateway(req, res, route, state, async (u) => {
        const list = state.published
          .filter((p) => p.platform === P && p.account === u.uid)
          .reverse()
          .map((p) => ({ articleId: p.postId, title: p.title, status: '1', postTime: beijingTime(p.at), viewCount: '0', commentCount: '0' }));
        return { list: list.slice(0, Number(route.query.get('pageSize')) || 20), total: list.length, page: 1, size: 20 };
      })],
    ['GET', /^\/blog\.csdn\.net\/([^/]+)\/article\/details\/(\d+)$/, (_req, res, _route, state, [, id]) => postPage(res, state, id!)],
  ]),
};

class Refusal {
  constructor(readonly message: string) {}
}

/**
 * The API gateway, then the service behind it: a bad signature never reaches
 * the service; a missing session is `code` 400 in an HTTP 200.
 */
async function gateway(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState, run: (u: User, body: Record<string, unknown>) => Promise<unknown>): Promise<void> {
  const realPath = route.path.slice(BIZ.length);
  const sorted = [...route.query.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedPath = sorted.length ? `${realPath}?${sorted.map(([k, v]) => (v === '' ? k : `${k}=${v}`)).join('&')}` : realPath;
  const contentType = req.method === 'POST' ? String(req.headers['content-type'] ?? '') : '';
  const toSign = `${req.method}\n${req.headers.accept ?? ''}\n\n${contentType}\n\nx-ca-key:${req.headers['x-ca-key'] ?? ''}\nx-ca-nonce:${req.headers['x-ca-nonce'] ?? ''}\n${signedPath}`;
  const expected = createHmac('sha256', APP.secret).update(toSign).digest('base64');
  if (req.headers['x-ca-key'] !== APP.key || !req.headers['x-ca-nonce'] || req.headers['x-ca-signature'] !== expected || req.headers['x-ca-signature-headers'] !== 'x-ca-key,x-ca-nonce') {
    res.writeHead(400, { 'x-ca-error-message': `Invalid Signature, Server StringToSign:\`${toSign.replace(/\n/g, '#')}\`` });
    return void res.end();
  }
  const u = state.user(req, P);
  if (!u && state.opts(P).forms['no-session'] === '401') {
    res.writeHead(401, { 'content-type': 'application/json' });
    return void res.end('');
  }
  if (!u) return json(res, 200, { code: 400, msg: '用户未登录', data: null });
  const out = await run(u, req.method === 'POST' ? await readJson(req) : {});
  if (res.headersSent) return;
  if (out instanceof Refusal) return json(res, 200, { code: 400, msg: out.message, data: null });
  json(res, 200, { code: 200, msg: 'success', traceId: randomBytes(8).toString('hex'), data: out });
}

async function save(res: ServerResponse, route: Route, state: SimState, u: User, b: Record<string, unknown>): Promise<unknown> {
  const draft = b.status === 2 && b.pubStatus === 'draft';
  const publishing = b.status === 0 && b.pubStatus === 'publish';
  if (!draft && !publishing) return new Refusal('文章状态无效');
  const existing = b.id === undefined ? undefined : articles(state).get(String(b.id));
  if (b.id !== undefined && (!existing || existing.account !== u.uid)) return new Refusal('文章不存在');
  if (draft) {
    const id = existing?.id ?? newNumericId(state, 9);
    articles(state).set(id, { id, account: u.uid, fields: b });
    return state.opts(P).omit.includes('draft-id') ? { title: b.title } : { id: Number(id), url: postUrl(u.uid, id), title: b.title, qrcode: '' };
  }
  const title = String(b.title ?? '');
  const markdown = String(b.markdowncontent ?? '');
  const tags = String(b.tags ?? '').split(',').filter(Boolean);
  const type = String(b.type ?? '');
  const n = Array.from(title).length;
  if (n < 5 || n > 100) return new Refusal('标题长度需为 5~100 个字');
  if (!markdown.trim() || !String(b.content ?? '').trim()) return new Refusal('文章内容不能为空');
  if (tags.length < 1 || tags.length > 5) return new Refusal('请添加 1~5 个文章标签');
  if (!['original', 'repost', 'translated'].includes(type)) return new Refusal('文章类型无效');
  if (type !== 'original' && !/^https?:\/\//.test(String(b.original_link ?? ''))) return new Refusal('转载或翻译文章请填写原文链接');
  if (Array.from(String(b.Description ?? '')).length > 256) return new Refusal('摘要不能超过 256 个字');
  const covers = Array.isArray(b.cover_images) ? b.cover_images.map(String).filter(Boolean) : [];
  const media = covers.map((url) => [...stored(state).values()].find((s) => `${IMG}/${s.key}` === url && s.account === u.uid));
  if (media.some((m) => !m) || (covers.length > 0) !== (b.cover_type === 1)) return new Refusal('封面无效');
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return new Refusal(rejected);
  articles(state).delete(existing!.id);
  const id = existing!.id;
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: u.uid,
      postId: id,
      url: `${route.prefix}/blog.csdn.net/${u.uid}/article/details/${id}`,
      title,
      body: markdown,
      settings: { tags, type, originalLink: String(b.original_link ?? ''), description: String(b.Description ?? ''), html: String(b.content ?? ''), readType: b.readType },
      media: media.map((m) => {
        const rec = state.media.get(m!.mediaId)!;
        return { kind: 'cover' as const, size: rec.size, sha256: rec.sha256 };
      }),
    },
    { code: 200, msg: 'success', traceId: randomBytes(8).toString('hex'), data: { id: Number(id), url: postUrl(u.uid, id), title, qrcode: '', description: String(b.Description ?? '') } },
  );
  return undefined;
}

async function uploadPolicy(state: SimState, u: User, b: Record<string, unknown>): Promise<unknown> {
  const reject = state.opts(P).rejectCover;
  if (reject) return new Refusal(reject);
  const suffix = String(b.imageSuffix ?? '');
  if (!['jpg', 'jpeg', 'png', 'gif', 'webp'].includes(suffix) || b.appName !== 'direct_blog_markdown') return new Refusal('图片格式不支持');
  const filePath = `${Date.now().toString(36)}${randomBytes(6).toString('hex')}.${suffix}`;
  const policy = Buffer.from(JSON.stringify({ key: filePath, user: u.uid, expiration: new Date(Date.now() + 600_000).toISOString() })).toString('base64');
  return {
    host: `https://${OBS_HOST}`,
    filePath,
    accessId: 'OBSACCESS',
    policy,
    signature: createHmac('sha1', OBS_SECRET).update(policy).digest('base64'),
    callbackUrl: 'https://imgservice.csdn.net/direct/v1.0/image/obs/callback',
    callbackBody: '{"filePath":"$(key)"}',
    callbackBodyType: 'application/json',
    customParam: { rtype: 'blog_picture', filePath, isAudit: 0, 'x-image-app': 'direct_blog', type: 'blog', 'x-image-suffix': suffix, username: u.uid },
  };
}

/** The image store: the policy and its signature as handed out, then the file; answers CSDN's callback JSON. */
async function obsPost(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  // The store is another site: the editor's upload carries no CSDN cookie.
  if (state.user(req, P)) return json(res, 400, { code: 400, msg: 'unexpected credentials' });
  const form = await new Request('http://replica/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: await readBody(req) }).formData();
  const policy = String(form.get('policy') ?? '');
  let p: { key?: string; user?: string } = {};
  try {
    p = JSON.parse(Buffer.from(policy, 'base64').toString('utf8'));
  } catch {
    // refused below
  }
  const file = form.get('file');
  if (createHmac('sha1', OBS_SECRET).update(policy).digest('base64') !== form.get('signature') || form.get('key') !== p.key || form.get('x:username') !== p.user || !(file instanceof Blob)) {
    res.writeHead(403, { 'content-type': 'application/xml' });
    return void res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code></Error>');
  }
  const m = state.storeMedia(P, p.user!, 'cover', Buffer.from(await file.arrayBuffer()), file.type);
  stored(state).set(p.key!, { key: p.key!, account: p.user!, mediaId: m.id });
  json(res, 200, { code: 200, msg: 'success', data: { hostname: 'i-blog.csdnimg.cn', imageUrl: `${IMG}/${p.key}`, width: '800', height: '600', targetObjectKey: p.key, 'x-image-suffix': String(form.get('x:x-image-suffix') ?? '') } });
}

function editorPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const u = state.user(req, P);
  if (!u && state.opts(P).forms['no-session'] === '401') return html(res, shell('CSDN', '<main class="editor-md"></main>'));
  if (!u) return redirect(res, `${route.prefix}/passport.csdn.net/login?code=applets&redirect=${encodeURIComponent(`https://editor.csdn.net${route.path.slice(EDITOR.length)}`)}`);
  const id = route.query.get('articleId');
  const a = id ? articles(state).get(id) : undefined;
  if (id && (!a || a.account !== u.uid)) return html(res, shell('CSDN', '<main>文章不存在</main>'), 404);
  const title = String(a?.fields.title ?? '');
  html(
    res,
    shell(
      '写文章-CSDN博客',
      `<div class="article-bar"><div class="article-bar__title-display">${esc(title || '【无标题】')}</div><input class="article-bar__title article-bar__title--input" placeholder="请输入文章标题（5~100个字）" value="${esc(title)}" hidden></div>
<pre class="editor__inner markdown-highlighting" contenteditable="true">${esc(String(a?.fields.markdowncontent ?? ''))}</pre><button class="btn-publish">发布文章</button>`,
    ),
  );
}

function postPage(res: ServerResponse, state: SimState, id: string): void {
  const p = state.published.find((x) => x.platform === P && x.postId === id);
  if (!p) return html(res, shell('404', '<main>文章不存在</main>'), 404);
  html(res, shell(`${p.title ?? ''}-CSDN博客`, `<article><h1 id="articleContentId">${esc(p.title ?? '')}</h1><div id="content_views">${String(p.settings.html ?? '')}</div></article>`));
}

/** The list's time: Beijing time, "YYYY-MM-DD HH:mm:ss". */
function beijingTime(iso: string): string {
  return new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

function shell(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>${body}</body></html>`;
}
