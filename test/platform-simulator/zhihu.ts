/**
 * Replica of zhihu's column editor as the public sources record it (see the
 * provenance table in edge-node/src/adapters/zhihu/adapter.ts): the sign-in page,
 * the editor and draft pages on zhuanlan.zhihu.com (which hand out the
 * `_xsrf` cookie), the drafts, topics and picture-copy APIs there, the
 * account, column, article-list and publish APIs on www.zhihu.com, the image
 * registration on api.zhihu.com and the OSS bucket that takes the cover's
 * bytes (it checks the V1 signature made with the key it handed out). The
 * session is the real `z_c0` cookie; writes need `x-xsrftoken` equal to the
 * `_xsrf` cookie. The video upload page and its calls are in zhihu-video.ts.
 *
 * `omit` names this replica knows: `title-input` (the editor loses its title
 * box), `draft-id` (the draft create answer loses its id), and the video
 * page's (zhihu-video.ts).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cookies, esc, html, json, readBody, readJson, redirect, type Route } from './http.js';
import { acceptPublish, newNumericId, router, type PlatformSim, type User } from './platform.js';
import { publishZvideo, ZHIHU_VIDEO_ROUTES } from './zhihu-video.js';
import type { SimState } from './state.js';

const P = 'zhihu';
const ZL = '/zhuanlan.zhihu.com';
const WWW = '/www.zhihu.com';
const API = '/api.zhihu.com';
const OSS = '/zhihu-pics-upload.zhimg.com';
const PIC = 'https://pic4.zhimg.com';

/** Topics zhihu offers (id → name), a slice of the real ones. */
export const ZHIHU_TOPICS: Record<string, string> = {
  '19550517': '互联网',
  '19554298': '编程',
  '19552832': 'Python',
  '19550874': 'JavaScript',
  '19551052': 'TypeScript',
  '19555513': '人工智能',
  '19556664': '前端开发',
};
/** Every account's columns (专栏), as column-contributions lists them. */
export const ZHIHU_COLUMNS = [
  { id: 'c_1467830012', title: 'Plume 实验室' },
  { id: 'c_1467830099', title: '工程笔记' },
];

interface Draft {
  id: string;
  account: string;
  title: string;
  content: string;
  titleImage: string;
  topics: string[];
}
interface Upload {
  id: string;
  account: string;
  key: string;
  md5: string;
  accessKey: string;
  mediaId: string | null;
}

const drafts = (s: SimState) => s.bag<Draft>('zhihu:drafts');
const uploads = (s: SimState) => s.bag<Upload>('zhihu:uploads');
const urlTokenOf = (uid: string) => `u-${uid}`;
const refuse = (res: ServerResponse, status: number, message: string) => json(res, status, { error: { code: status * 100, message } });

export const zhihu: PlatformSim = {
  platform: P,
  contentTypes: ['article', 'video'],
  sessionCookie: 'z_c0',
  handle: router([
    ['GET', `${WWW}/signin`, (_req, res) => html(res, shell('知乎 - 登录', '<main class="SignContainer"><p>扫码登录 / 密码登录</p></main>'))],
    ['GET', `${ZL}/write`, (req, res, route, state) => editorPage(req, res, route, state, null)],
    ['GET', /^\/zhuanlan\.zhihu\.com\/p\/(\d+)\/edit$/, (req, res, route, state, [id]) => editorPage(req, res, route, state, id!)],
    ['GET', /^\/zhuanlan\.zhihu\.com\/p\/(\d+)$/, (_req, res, _route, state, [id]) => postPage(res, state, id!)],
    ['GET', `${WWW}/api/v4/me`, (req, res, _route, state) => {
      const u = state.user(req, P);
      if (!u) return refuse(res, 401, '请求参数异常，请升级客户端后重试');
      json(res, 200, { id: u.uid, url_token: urlTokenOf(u.uid), name: u.name, type: 'people', user_type: 'people' });
    }],
    ['POST', `${ZL}/api/articles/drafts`, (req, res, _route, state) => withWrite(req, res, state, async (u) => {
      const b = await readJson(req);
      const id = newNumericId(state, 18);
      drafts(state).set(id, { id, account: u.uid, title: String(b.title ?? ''), content: '', titleImage: '', topics: [] });
      json(res, 200, state.opts(P).omit.includes('draft-id') ? { title: b.title } : { id, title: b.title, url: `https://zhuanlan.zhihu.com/p/${id}`, state: 'draft' });
    })],
    ['PATCH', /^\/zhuanlan\.zhihu\.com\/api\/articles\/(\d+)\/draft$/, (req, res, _route, state, [id]) => withWrite(req, res, state, async (u) => {
      const d = draftOf(state, u, id!);
      if (!d) return refuse(res, 404, '草稿不存在');
      const b = await readJson(req);
      if (typeof b.title === 'string') d.title = b.title;
      if (typeof b.content === 'string') d.content = b.content;
      if (typeof b.titleImage === 'string') d.titleImage = b.titleImage;
      res.writeHead(204);
      res.end();
    })],
    ['GET', `${ZL}/api/autocomplete/topics`, (req, res, route, state) => {
      if (!state.user(req, P)) return refuse(res, 401, '请先登录');
      const q = (route.query.get('token') ?? '').toLowerCase();
      const max = Number(route.query.get('max_matches')) || 5;
      json(res, 200, Object.entries(ZHIHU_TOPICS).filter(([, name]) => q && name.toLowerCase().includes(q)).slice(0, max).map(([id, name]) => ({ id, name, type: 'topic', url: `https://www.zhihu.com/topic/${id}` })));
    }],
    ['POST', /^\/zhuanlan\.zhihu\.com\/api\/articles\/(\d+)\/topics$/, (req, res, _route, state, [id]) => withWrite(req, res, state, async (u) => {
      const d = draftOf(state, u, id!);
      if (!d) return refuse(res, 404, '草稿不存在');
      const b = await readJson(req);
      const name = ZHIHU_TOPICS[String(b.id ?? '')];
      if (!name || name !== b.name) return refuse(res, 400, '话题不存在');
      if (!d.topics.includes(name)) d.topics.push(name);
      json(res, 200, d.topics.map((t) => ({ name: t, type: 'topic' })));
    })],
    ['POST', `${ZL}/api/uploaded_images`, (req, res, _route, state) => withWrite(req, res, state, async () => {
      const form = new URLSearchParams((await readBody(req)).toString('utf8'));
      const url = form.get('url') ?? '';
      const reject = state.opts(P).rejectImages;
      if (reject) return refuse(res, 400, reject);
      if (!/^https?:\/\//.test(url) || form.get('source') !== 'article') return refuse(res, 400, '图片地址无效');
      const hash = createHash('sha1').update(url).digest('hex').slice(0, 32);
      json(res, 200, { src: `${PIC}/v2-${hash}_r.jpg`, hash: `v2-${hash}`, width: 800, height: 600 });
    })],
    // api.zhihu.com is another origin than the editor: the session alone, no xsrf header.
    ['POST', `${API}/images`, (req, res, _route, state) => withSession(req, res, state, async (u) => {
      const b = await readJson(req);
      const reject = state.opts(P).rejectCover;
      if (reject) return refuse(res, 400, reject);
      const md5 = String(b.image_hash ?? '');
      if (!/^[0-9a-f]{32}$/.test(md5) || b.source !== 'article') return refuse(res, 400, '参数错误');
      const known = [...uploads(state).values()].find((x) => x.md5 === md5 && x.mediaId);
      const up: Upload = { id: newNumericId(state, 19), account: u.uid, key: `v2-${md5}`, md5, accessKey: randomBytes(12).toString('hex'), mediaId: known?.mediaId ?? null };
      uploads(state).set(up.id, up);
      json(res, 200, {
        upload_vendor: 'aliyun',
        upload_file: { image_id: up.id, object_key: up.key, state: known ? 1 : 2 },
        upload_token: { access_id: `STS.${up.id}`, access_key: up.accessKey, access_token: `tok-${up.id}`, access_timestamp: Math.floor(Date.now() / 1000) + 3600 },
      });
    })],
    ['PUT', /^\/zhihu-pics-upload\.zhimg\.com\/(v2-[0-9a-f]{32})$/, ossPut],
    ['GET', /^\/api\.zhihu\.com\/images\/(\d+)$/, (req, res, _route, state, [id]) => {
      const u = state.user(req, P);
      if (!u) return refuse(res, 401, '请先登录');
      const up = uploads(state).get(id!);
      if (!up || up.account !== u.uid) return refuse(res, 404, '图片不存在');
      if (!up.mediaId) return json(res, 200, { status: 'init', id: up.id });
      const src = `${PIC}/${up.key}`;
      json(res, 200, { status: 'success', id: up.id, src, original_src: src, original_hash: up.key, watermark: 'original' });
    }],
    ['GET', /^\/www\.zhihu\.com\/api\/v4\/members\/([^/]+)\/column-contributions$/, (req, res, _route, state, [token]) => {
      const u = state.user(req, P);
      if (!u) return refuse(res, 401, '请先登录');
      const mine = token === urlTokenOf(u.uid);
      json(res, 200, { data: mine ? ZHIHU_COLUMNS.map((c) => ({ column: { ...c, type: 'column', articles_count: 3 } })) : [], paging: { is_end: true, totals: mine ? ZHIHU_COLUMNS.length : 0 } });
    }],
    ['GET', /^\/www\.zhihu\.com\/api\/v4\/members\/([^/]+)\/articles$/, (req, res, _route, state, [token]) => {
      if (!state.user(req, P)) return refuse(res, 401, '请先登录');
      const rows = state.published
        .filter((p) => p.platform === P && p.settings.type !== 'video' && urlTokenOf(p.account) === token)
        .reverse()
        .map((p) => ({ id: p.postId, type: 'article', title: p.title, created: Math.floor(Date.parse(p.at) / 1000), url: `https://zhuanlan.zhihu.com/p/${p.postId}` }));
      json(res, 200, { data: rows.slice(0, 20), paging: { is_end: rows.length <= 20, totals: rows.length } });
    }],
    ['POST', `${WWW}/api/v4/content/publish`, publish],
    ...ZHIHU_VIDEO_ROUTES,
  ]),
};

async function withSession(req: IncomingMessage, res: ServerResponse, state: SimState, run: (u: User) => Promise<void>): Promise<void> {
  const u = state.user(req, P);
  if (!u) return refuse(res, 401, '请先登录');
  await run(u);
}

/** A write from a zhihu page: the session, and `x-xsrftoken` equal to the `_xsrf` cookie. */
async function withWrite(req: IncomingMessage, res: ServerResponse, state: SimState, run: (u: User) => Promise<void>): Promise<void> {
  const u = state.user(req, P);
  if (!u) return refuse(res, 401, '请先登录');
  const xsrf = cookies(req)._xsrf;
  if (!xsrf || req.headers['x-xsrftoken'] !== xsrf) return refuse(res, 403, 'xsrf 校验失败');
  await run(u);
}

function draftOf(state: SimState, u: User, id: string): Draft | undefined {
  const d = drafts(state).get(id);
  return d && d.account === u.uid ? d : undefined;
}

/** The OSS bucket: the V1 signature made with the key the registration handed out, and bytes whose MD5 is the object's name. */
async function ossPut(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState, [key]: string[]): Promise<void> {
  const deny = (code: string) => {
    res.writeHead(403, { 'content-type': 'application/xml' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
  };
  const up = [...uploads(state).values()].find((x) => x.key === key && `STS.${x.id}` === /^OSS ([^:]+):/.exec(String(req.headers.authorization))?.[1]);
  if (!up) return deny('InvalidAccessKeyId');
  const date = String(req.headers['x-oss-date'] ?? '');
  const toSign = `PUT\n\n${req.headers['content-type'] ?? ''}\n${date}\nx-oss-date:${date}\nx-oss-security-token:${req.headers['x-oss-security-token'] ?? ''}\nx-oss-user-agent:${req.headers['x-oss-user-agent'] ?? ''}\n/zhihu-pics/${key}`;
  const expected = `OSS STS.${up.id}:${createHmac('sha1', up.accessKey).update(toSign).digest('base64')}`;
  if (req.headers.authorization !== expected || req.headers['x-oss-security-token'] !== `tok-${up.id}`) return deny('SignatureDoesNotMatch');
  const bytes = await readBody(req);
  if (createHash('md5').update(bytes).digest('hex') !== up.md5) return deny('InvalidDigest');
  up.mediaId = state.storeMedia(P, up.account, 'cover', bytes, String(req.headers['content-type'] ?? '')).id;
  res.writeHead(200, { etag: `"${up.md5.toUpperCase()}"` });
  res.end();
}

async function publish(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  await withWrite(req, res, state, async (u) => {
    const b = await readJson(req);
    const data = (b.data ?? {}) as Record<string, any>;
    // zhihu answers a refusal with HTTP 200 and a message other than "success".
    const refuseWith = (message: string) => json(res, 200, { code: 10003, message });
    if (b.action === 'zvideo') return publishZvideo(res, route, state, u, data, 'content');
    if (b.action !== 'article') return refuseWith('不支持的操作');
    const d = draftOf(state, u, String(data.draft?.id ?? ''));
    if (!d) return refuseWith('草稿不存在');
    let business: Record<string, any>;
    try {
      business = JSON.parse(String(data.extra_info?.pc_business_params ?? ''));
    } catch {
      return refuseWith('参数错误');
    }
    if (!d.title.trim() || Array.from(d.title).length > 100) return refuseWith('标题需为 1-100 字');
    if (!d.content.trim()) return refuseWith('正文不能为空');
    const column = business.column === null || business.column === undefined ? null : ZHIHU_COLUMNS.find((c) => c.id === business.column.id);
    if (business.column && !column) return refuseWith('专栏不存在');
    const statement = data.creationStatement ?? {};
    if (statement.disclaimer_type !== business.disclaimer_type) return refuseWith('创作声明不一致');
    const declaration = statement.disclaimer_type === 'ai_creation' && statement.disclaimer_status === 'open' ? '包含 AI 辅助创作' : statement.disclaimer_type === 'none' ? null : String(statement.disclaimer_type);
    const coverKey = /^https:\/\/pic4\.zhimg\.com\/(v2-[0-9a-f]{32})$/.exec(d.titleImage)?.[1];
    const coverUpload = coverKey ? [...uploads(state).values()].find((x) => x.key === coverKey && x.mediaId) : undefined;
    if (d.titleImage && !coverUpload) return refuseWith('题图无效');
    const cover = coverUpload ? state.media.get(coverUpload.mediaId!) : undefined;
    const rejected = state.opts(P).rejectPublish;
    if (rejected) return refuseWith(rejected);
    drafts(state).delete(d.id);
    await acceptPublish(
      res,
      state,
      {
        platform: P,
        account: u.uid,
        postId: d.id,
        url: `${route.prefix}${ZL}/p/${d.id}`,
        title: d.title,
        body: d.content,
        settings: { topics: d.topics, column: column?.title ?? null, declaration, titleImage: d.titleImage },
        media: cover ? [{ kind: 'cover', size: cover.size, sha256: cover.sha256 }] : [],
      },
      articleAnswer(state.opts(P).forms.articleAnswer, d.id),
    );
  });
}

/**
 * The accepted article publish answer in each recorded form (`forms.articleAnswer`):
 * `result` (default: data.result, JSON text, with the article's id and url),
 * `publish` (the id as data.result's publish.id, as another client reads it),
 * `none` (accepted, no id: the article must be read back).
 */
function articleAnswer(form: string | undefined, id: string): Record<string, unknown> {
  if (form === 'publish') return { code: 0, message: 'success', data: { result: JSON.stringify({ publish: { id }, type: 'article' }) } };
  if (form === 'none') return { code: 0, message: 'success', data: {} };
  return { code: 0, message: 'success', data: { result: JSON.stringify({ id, url: `https://zhuanlan.zhihu.com/p/${id}`, type: 'article' }) } };
}

function editorPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState, draftId: string | null): void {
  const u = state.user(req, P);
  if (!u) return redirect(res, `${route.prefix}${WWW}/signin?next=${encodeURIComponent(`https://zhuanlan.zhihu.com${route.path.slice(ZL.length)}`)}`);
  const d = draftId ? draftOf(state, u, draftId) : null;
  if (draftId && !d) return html(res, shell('404', '<main>你似乎来到了没有知识存在的荒原</main>'), 404);
  const xsrf = cookies(req)._xsrf ?? randomBytes(16).toString('hex');
  const titleBox = state.opts(P).omit.includes('title-input') ? '' : `<textarea placeholder="请输入标题（最多 100 个字）" maxlength="100">${esc(d?.title ?? '')}</textarea>`;
  res.setHeader('set-cookie', `_xsrf=${xsrf}; Path=${route.prefix}; SameSite=Lax`);
  html(res, shell('写文章 - 知乎', `<main class="PostEditor">${titleBox}<div class="DraftEditor-root"><div data-contents="true" contenteditable="true">${d?.content ?? ''}</div></div><button>发布</button></main>`));
}

function postPage(res: ServerResponse, state: SimState, id: string): void {
  const p = state.published.find((x) => x.platform === P && x.postId === id && x.settings.type !== 'video');
  if (!p) return html(res, shell('你似乎来到了没有知识存在的荒原 - 知乎', '<main>404</main>'), 404);
  html(res, shell(`${p.title ?? ''} - 知乎`, `<article><h1 class="Post-Title">${esc(p.title ?? '')}</h1><div class="Post-RichText">${p.body}</div></article>`));
}

function shell(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>${body}</body></html>`;
}
