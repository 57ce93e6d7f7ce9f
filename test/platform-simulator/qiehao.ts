/**
 * Replica of 企鹅号 (om.qq.com) as the public sources record it (provenance
 * in edge-node/src/adapters/qiehao/provenance.ts): the login page, the article editor
 * (title span, ProseMirror body; it sets the `csrfToken` cookie), and the
 * calls it makes — account info, the picture host image.om.qq.com, omSave
 * (the draft, needpub 1), omPublish (the draft published), the article
 * list — plus
 * the published pages on new.qq.com. The session is the `omaccesstoken`
 * cookie; every write wants the `x-csrf-token` header equal to the cookie.
 * The video page and its calls are qiehao-video.ts's.
 *
 * `omit` names this replica knows: `title-input` (the editor loses its title
 * field), `articleId` (the save answers no id).
 *
 * `forms` (each recorded answer form): `publish-answer` — `articleId`
 * (default, data.articleId), `article_id`, `id`, `response.data` (the id
 * under response.data, data empty), `none` (accepted, no id) or `numeric`
 * (a number of om's own, not the article's Tencent News id);
 * `title-box` — the editor's title as a span with the 请输入标题 placeholder
 * (default) or the omui title box (`omui`);
 * `upload-answer` — the picture's address at data.url.url (default) or only
 * in the size map straight under data.url (`sizes`);
 * `article-list` — `list` (default, data.list[] {articleId, title, status,
 * pubTime}) or `articles` (data.articles[] {title, url, alt_time}, only
 * published articles carry a url).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cookies, esc, html, json, readBody, redirect, type Route } from './http.js';
import { acceptPublish, router, type PlatformSim, type User } from './platform.js';
import { QIEHAO_VIDEO_ROUTES } from './qiehao-video.js';
import type { MediaRecord, SimState } from './state.js';

const P = 'qiehao';
const OM = '/om.qq.com';
const APPID = 'LA6zXi1lWzAioIzdiAD6iM10aHarlHF6';
const SELF_DECLARE = '{"id":7,"desc":"作者声明：无需标注"}';
const END_MARK = '<div powered-by="ex-editor"></div>';
const TITLE = { min: 6, max: 30 };

interface Draft {
  id: string;
  account: string;
  body: Record<string, unknown>;
}
const drafts = (state: SimState) => state.bag<Draft>('qiehao.drafts');
const pictures = (state: SimState) => state.bag<{ account: string; mediaId: string }>('qiehao.pictures');
/** The CSRF token each account's editor page set. */
const csrf = (state: SimState) => state.bag<string>('qiehao.csrf');

const NOT_LOGGED_IN = { response: { code: '-1', msg: '请先登录' }, data: [] };
const ok = (data: unknown) => ({ response: { code: '0', msg: 'success' }, data });
const refuse = (code: string, msg: string) => ({ response: { code, msg }, data: [] });

export const qiehao: PlatformSim = {
  platform: P,
  contentTypes: ['article', 'video'],
  sessionCookie: 'omaccesstoken',
  handle: router([
    ['GET', `${OM}/userAuth/index`, (_req, res) => html(res, shell('企鹅号 - 登录', '<div class="login"><p>登录企鹅号</p><button>QQ登录</button></div>'))],
    ['GET', `${OM}/main/creation/article`, editor],
    ['GET', `${OM}/user/auth/info`, (req, res, _route, state) => {
      const u = state.user(req, P);
      json(res, 200, u ? { response: { code: '0', msg: 'success' }, data: { userId: u.uid, nickName: u.name, headImg: '' } } : NOT_LOGGED_IN);
    }],
    ['POST', '/image.om.qq.com/cpom_pimage/ArchacaleUploadViaFile', upload],
    ['POST', `${OM}/marticlepublish/omSave`, omSave],
    ['POST', `${OM}/marticlepublish/omPublish`, omPublish],
    ['GET', `${OM}/marticle/article/list`, list],
    ...QIEHAO_VIDEO_ROUTES,
    ['GET', /^\/new\.qq\.com\/rain\/a\/([\w-]+)$/, (_req, res, _route, state, [id]) => {
      const p = state.published.find((x) => x.platform === P && x.postId === id);
      if (!p) return html(res, shell('腾讯网', '<p>页面不存在</p>'), 404);
      html(res, shell(p.title ?? '', `<h1>${esc(p.title ?? '')}</h1><div class="content-article">${p.body}</div>`));
    }],
  ]),
};

function editor(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const u = state.user(req, P);
  if (!u) return redirect(res, `${route.prefix}${OM}/userAuth/index`);
  const token = csrf(state).get(u.uid) ?? randomBytes(8).toString('hex');
  csrf(state).set(u.uid, token);
  res.setHeader('set-cookie', `csrfToken=${token}; Path=/`);
  const { omit, forms } = state.opts(P);
  const title = omit.includes('title-input')
    ? ''
    : forms['title-box'] === 'omui'
      ? '<div class="omui-articletitle__input1"><textarea class="omui-inputautogrowing__inner" placeholder="请输入标题"></textarea></div>'
      : '<span contenteditable="true" style="display:inline-block;min-width:300px;min-height:24px" data-placeholder="请输入标题（5-64个字）"></span>';
  html(
    res,
    shell(
      '企鹅号 - 发文',
      `<div id="app"><div class="article-editor">${title}<div class="ProseMirror" contenteditable="true"></div>
<span class="omui-radio__label">单图</span><button class="omui-button">存草稿</button><button class="omui-button omui-button--primary">发布</button></div></div>`,
    ),
  );
}

/** The caller's account when the CSRF header matches the token its editor page set. */
function writer(req: IncomingMessage, state: SimState): User | null | 'csrf' {
  const u = state.user(req, P);
  if (!u) return null;
  const header = req.headers['x-csrf-token'];
  if (!header || header !== csrf(state).get(u.uid) || cookies(req).csrfToken !== header) return 'csrf';
  return u;
}

async function upload(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const u = writer(req, state);
  if (!u) return json(res, 200, { code: -1, message: '请先登录' });
  if (u === 'csrf') return json(res, 200, { code: 403, message: 'csrf token 校验失败' });
  const raw = await readBody(req, 32 * 1024 * 1024);
  const form = await new Request('http://replica/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: raw }).formData();
  const file = form.get('file');
  if (!(file instanceof Blob) || file.size === 0 || form.get('appid') !== APPID || form.get('opCode') !== '151') return json(res, 200, { code: 400, message: '参数错误' });
  const o = state.opts(P);
  const reject = o.rejectCover || o.rejectImages;
  if (reject) return json(res, 200, { code: 500, message: reject });
  const m = state.storeMedia(P, u.uid, 'image', Buffer.from(await file.arrayBuffer()), file.type);
  const url = `https://inews.gtimg.com/om_bt/${m.id}/0`;
  pictures(state).set(url, { account: u.uid, mediaId: m.id });
  // `forms` `upload-answer` `sizes`: the address only in the size map straight under data.url (another recorded form).
  const sizes = { '0': { imageUrl: url }, '641': { imageUrl: `${url.slice(0, -2)}/641` } };
  json(res, 200, { code: 0, message: 'success', data: { url: o.forms['upload-answer'] === 'sizes' ? sizes : { url, size: { '641': sizes['641'] } } } });
}

/** What 企鹅号 checks of an article at publish; null when it passes. */
function problem(state: SimState, u: User, b: Record<string, unknown>): string | null {
  const title = String(b.title ?? '').trim();
  const n = Array.from(title).length;
  if (n < TITLE.min || n > TITLE.max) return `标题需为${TITLE.min}-${TITLE.max}个字`;
  const content = String(b.content ?? '');
  if (!content.endsWith(END_MARK)) return '正文格式错误';
  if (!content.replace(/<[^>]+>/g, '').trim() && !content.includes('<img ')) return '正文不能为空';
  const mine = (src: string) => pictures(state).get(src)?.account === u.uid;
  for (const m of content.matchAll(/<img [^>]*src="([^"]*)"/g)) if (!mine(m[1]!.replace(/&amp;/g, '&'))) return '正文图片需上传至企鹅号';
  let covers: Array<{ src?: string }> = [];
  try {
    covers = JSON.parse(String(b.imgurl_ext ?? '[]')) as Array<{ src?: string }>;
  } catch {
    return '封面格式错误';
  }
  if (b.cover_type !== '1' || covers.length !== 1 || !mine(covers[0]!.src ?? '')) return '请上传封面';
  if (b.self_declare !== SELF_DECLARE) return '请选择作者声明';
  if (b.mediaId !== u.uid) return '账号不匹配';
  return null;
}

async function omSave(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const u = writer(req, state);
  if (!u) return json(res, 200, NOT_LOGGED_IN);
  if (u === 'csrf') return json(res, 200, refuse('-403', 'csrf token 校验失败'));
  const b = JSON.parse((await readBody(req, 16 * 1024 * 1024)).toString('utf8')) as Record<string, unknown>;
  const known = b.articleId ? drafts(state).get(String(b.articleId)) : undefined;
  if (b.articleId && (!known || known.account !== u.uid)) return json(res, 200, refuse('-5013', '文章不存在'));
  if (b.needpub === 1) {
    const d = known ?? { id: `${new Date().toISOString().slice(0, 10).replace(/-/g, '')}A0${randomBytes(3).toString('hex').toUpperCase()}`, account: u.uid, body: b };
    d.body = b;
    drafts(state).set(d.id, d);
    return json(res, 200, ok(state.opts(P).omit.includes('articleId') ? {} : { articleId: d.id }));
  }
  return json(res, 200, refuse('-1', '参数错误'));
}

/** The answer omPublish gives for the article `id`, in the form the test picked. */
function publishAnswer(state: SimState, id: string): unknown {
  switch (state.opts(P).forms['publish-answer']) {
    case 'article_id':
      return ok({ article_id: id });
    case 'id':
      return ok({ id });
    case 'response.data':
      return { response: { code: '0', msg: 'success', data: { articleId: id } }, data: [] };
    case 'none':
      return ok([]);
    case 'numeric':
      // A number of om's own for the article, not the Tencent News id its address and list carry.
      return ok({ articleId: Number(String(state.nextSeq()).padStart(6, '1')) });
    default:
      return ok({ articleId: id });
  }
}

async function omPublish(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = writer(req, state);
  if (!u) return json(res, 200, NOT_LOGGED_IN);
  if (u === 'csrf') return json(res, 200, refuse('-403', 'csrf token 校验失败'));
  const b = JSON.parse((await readBody(req, 16 * 1024 * 1024)).toString('utf8')) as Record<string, unknown>;
  const known = b.articleId ? drafts(state).get(String(b.articleId)) : undefined;
  if (b.articleId && (!known || known.account !== u.uid)) return json(res, 200, refuse('-5013', '文章不存在'));
  const bad = problem(state, u, b);
  if (bad) return json(res, 200, refuse('-2', bad));
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return json(res, 200, refuse('-3', rejected));
  const id = known?.id ?? `${new Date().toISOString().slice(0, 10).replace(/-/g, '')}A0${randomBytes(3).toString('hex').toUpperCase()}`;
  if (known) drafts(state).delete(known.id);
  const content = String(b.content);
  const cover = (JSON.parse(String(b.imgurl_ext)) as Array<{ src: string }>)[0]!.src;
  const media = (src: string, kind: MediaRecord['kind']): MediaRecord => {
    const m = state.media.get(pictures(state).get(src)!.mediaId)!;
    return { kind, size: m.size, sha256: m.sha256 };
  };
  const images = [...content.matchAll(/<img [^>]*src="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: u.uid,
      postId: id,
      url: `${route.prefix}/new.qq.com/rain/a/${id}`,
      title: String(b.title).trim(),
      body: content,
      settings: { original: b.orignal === 1, summary: b.summary, selfDeclare: b.self_declare },
      media: [...(images.includes(cover) ? [] : [media(cover, 'cover')]), ...images.map((src) => media(src, src === cover ? 'cover' : 'image'))],
    },
    publishAnswer(state, id),
  );
}

function list(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): void {
  const u = state.user(req, P);
  if (!u) return json(res, 200, NOT_LOGGED_IN);
  const mine = state.published.filter((p) => p.platform === P && p.account === u.uid && p.settings.type !== 'video').reverse();
  const unpublished = [...drafts(state).values()].filter((d) => d.account === u.uid);
  if (state.opts(P).forms['article-list'] === 'articles') {
    const articles = [
      ...mine.map((p) => ({ title: p.title, url: `https://new.qq.com/rain/a/${p.postId}`, alt_time: chinaTime(p.at) })),
      ...unpublished.map((d) => ({ title: String(d.body.title ?? ''), url: '', alt_time: '' })),
    ];
    return json(res, 200, ok({ articles, totalNumber: articles.length }));
  }
  const published = mine.map((p) => ({ articleId: p.postId, title: p.title, status: 'published', pubTime: chinaTime(p.at) }));
  const drafted = unpublished.map((d) => ({ articleId: d.id, title: String(d.body.title ?? ''), status: 'draft', pubTime: '' }));
  json(res, 200, ok({ list: [...published, ...drafted], total: published.length + drafted.length }));
}

/** "YYYY-MM-DD HH:mm:ss" in China time, as the list shows it. */
const chinaTime = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

function shell(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>${body}</body></html>`;
}
