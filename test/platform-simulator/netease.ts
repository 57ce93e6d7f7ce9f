/**
 * Replica of 网易号 (mp.163.com) as the public sources record it
 * (provenance in edge-node/src/adapters/netease/provenance.ts): the login page, the
 * editor (subscribe_v4, a hash-routed page with the title textarea, the
 * Draft.js body and the 易盾 SDK's `window.neg.getToken()`), and the calls it
 * makes — account info, picture upload, publishV2.do (saveDraft / publish),
 * the content list — plus the published pages on www.163.com. The session
 * is the `NTESwebSI` cookie. A publish needs a token the page's SDK handed
 * out, once. The app's video view and its calls are netease-video.ts's.
 *
 * `omit` names this replica knows: `title-input` (the editor loses its title
 * field), `neg` (the page loses its 易盾 SDK), `docId` (the save answers no id).
 *
 * `forms`: `logged-out` — `login` (default: a creator page without a session
 * goes to login.html) or `www` (it goes to www.163.com, as a public uploader
 * records); `publish-answer` — `docId` (default: data "docId=<id>&pkId=…") or
 * `path` (data a list address ending ",<id>"); `list-row` — `publishTime`
 * (default: rows with articleId, docId and publishTime in ms) or `showTime`
 * (rows with articleId, contentType and showTime in China time, as the
 * content manager's cards read them); `account-refusal` — a code publishV2.do
 * answers to every save and publish (100023: the account banned, as a public
 * client records it; its msg is the replica's own, no source records the words).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, readBody, redirect, type Route } from './http.js';
import { NETEASE_VIDEO_ROUTES, videoRowExtras, videoView } from './netease-video.js';
import { acceptPublish, router, type PlatformSim, type User } from './platform.js';
import type { MediaRecord, SimState } from './state.js';

const P = 'netease';
const MP = '/mp.163.com';
const PICTURE_HOST = 'http://dingyue.ws.126.net';
const TITLE = { min: 5, max: 30 };

interface Draft {
  id: string;
  account: string;
  form: Record<string, string>;
}
const drafts = (state: SimState) => state.bag<Draft>('netease.drafts');
const pictures = (state: SimState) => state.bag<{ account: string; mediaId: string }>('netease.pictures');
/** Tokens the editor pages' SDK handed out: prefix → account; a full token (prefix.n) is good once. */
const tokens = (state: SimState) => state.bag<string>('netease.tokens');
const usedTokens = (state: SimState) => state.bag<true>('netease.used-tokens');

const NOT_LOGGED_IN = { code: 401, msg: '用户未登录' };

export const netease: PlatformSim = {
  platform: P,
  contentTypes: ['article', 'video'],
  sessionCookie: 'NTESwebSI',
  handle: router([
    ['GET', `${MP}/login.html`, (_req, res) => html(res, shell('网易号 - 登录', '<div class="login-panel"><p>登录网易号</p><button>登录</button></div>'))],
    ['GET', `${MP}/subscribe_v4/index.html`, editorApp],
    ['GET', `${MP}/wemedia/navinfo.do`, (req, res, _route, state) => {
      const u = state.user(req, P);
      json(res, 200, u ? { code: 1, msg: 'success', data: { wemediaId: u.uid, tid: u.uid, tname: u.name, icon: '', realUserId: `${u.uid}@163.com` } } : NOT_LOGGED_IN);
    }],
    ['POST', `${MP}/api/v3/upload/picupload`, upload],
    ['POST', `${MP}/wemedia/article/status/api/publishV2.do`, publishV2],
    ['POST', `${MP}/wemedia/content/manage/list.do`, list],
    ...NETEASE_VIDEO_ROUTES,
    ['GET', '/www.163.com/', (_req, res) => html(res, shell('网易', '<div class="ne_index"><a href="https://mp.163.com/login.html">登录</a></div>'))],
    ['GET', /^\/www\.163\.com\/dy\/article\/([\w-]+)\.html$/, (_req, res, _route, state, [id]) => {
      const p = state.published.find((x) => x.platform === P && x.postId === id);
      if (!p) return html(res, shell('网易', '<p>页面不存在</p>'), 404);
      html(res, shell(p.title ?? '', `<h1 class="post_title">${esc(p.title ?? '')}</h1><div class="post_body">${p.body}</div>`));
    }],
  ]),
};

/** The editor app: its view follows the hash (#/article-publish, #/article-publish/<docId>?option=editDraft, #/video-publish). */
function editorApp(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const u = state.user(req, P);
  // Without a session the app sends a page to its login page, or (`forms` `logged-out` `www`) to www.163.com.
  if (!u) return redirect(res, state.opts(P).forms['logged-out'] === 'www' ? `${route.prefix}/www.163.com/` : `${route.prefix}${MP}/login.html`);
  const omit = state.opts(P).omit;
  const prefix = randomBytes(12).toString('hex');
  tokens(state).set(prefix, u.uid);
  const sdk = omit.includes('neg') ? '' : `let n = 0; window.neg = { getToken: async () => ({ code: 200, token: ${JSON.stringify(prefix)} + '.' + (++n) }) };`;
  const title = omit.includes('title-input') ? '' : '<textarea class="title-input" placeholder="请输入标题 (5~30个字)" maxlength="30"></textarea>';
  const video = videoView(omit);
  html(
    res,
    shell(
      '网易号',
      `<div id="root"><div class="article-publish">${title}<div class="DraftEditor-root"><div data-contents="true" contenteditable="true"></div></div>
<div class="cover"><span class="ne-switch-base-label-text">自动</span></div><button class="ne-btn">存草稿</button><button class="ne-btn ne-btn-primary">发布</button></div>${video.markup}</div>`,
      `${sdk}
const BASE = ${JSON.stringify(route.prefix)};
const live = (u) => BASE + '/' + String(u).replace(/^(https?:)?\\/\\//, '');
const show = () => {
  const isVideo = location.hash.startsWith('#/video-publish');
  document.querySelector('.article-publish').dataset.route = location.hash;
  document.querySelector('.article-publish').hidden = isVideo;
  document.querySelector('.video-publish').hidden = !isVideo;
};
addEventListener('hashchange', show); show();${video.script}`,
    ),
  );
}

async function upload(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = state.user(req, P);
  if (!u) return json(res, 200, NOT_LOGGED_IN);
  const raw = await readBody(req, 32 * 1024 * 1024);
  const form = await new Request('http://replica/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: raw }).formData();
  const file = form.get('file');
  if (route.query.get('wemediaId') !== u.uid) return json(res, 200, { code: 403, msg: '账号不匹配' });
  if (!(file instanceof Blob) || file.size === 0 || form.get('from') !== 'neteasecode_mp') return json(res, 200, { code: 400, msg: '参数错误' });
  const o = state.opts(P);
  const reject = o.rejectCover || o.rejectImages;
  if (reject) return json(res, 200, { code: 500, msg: reject });
  const m = state.storeMedia(P, u.uid, 'image', Buffer.from(await file.arrayBuffer()), file.type);
  const path = `${new Date().toISOString().slice(0, 10).replace(/-/g, '')}/${m.id}.${/png/.test(file.type) ? 'png' : 'jpeg'}`;
  pictures(state).set(`https://dingyue.ws.126.net/${path}`, { account: u.uid, mediaId: m.id });
  json(res, 200, { code: 200, msg: 'succ', data: { url: `${PICTURE_HOST}/${path}`, pid: m.id, width: 800, height: 600 } });
}

/** A token this user's page handed out and no save has spent yet. */
function tokenGood(state: SimState, u: User, token: string | undefined): boolean {
  const [prefix] = (token ?? '').split('.');
  if (!token || !prefix || tokens(state).get(prefix) !== u.uid || usedTokens(state).has(token)) return false;
  usedTokens(state).set(token, true);
  return true;
}

/** What 网易号 checks of an article at publish; null when it passes. */
function problem(state: SimState, u: User, f: Record<string, string>): string | null {
  const n = Array.from((f.title ?? '').trim()).length;
  if (n < TITLE.min || n > TITLE.max) return `标题需为${TITLE.min}~${TITLE.max}个字`;
  const content = f.content ?? '';
  if (!content.replace(/<[^>]+>/g, '').trim() && !content.includes('<img ')) return '正文不能为空';
  const mine = (src: string) => pictures(state).get(src)?.account === u.uid;
  for (const m of content.matchAll(/<img [^>]*src="([^"]*)"/g)) if (!mine(m[1]!.replace(/&amp;/g, '&'))) return '正文图片需上传至网易';
  if (f.cover === 'custom' ? !mine(f.picUrl ?? '') : f.cover !== 'auto') return '封面设置无效';
  if (!['0', '1'].includes(f.original ?? '')) return '参数错误';
  return null;
}

async function publishV2(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = state.user(req, P);
  if (!u) return json(res, 200, NOT_LOGGED_IN);
  const f = Object.fromEntries(new URLSearchParams((await readBody(req, 16 * 1024 * 1024)).toString('utf8')));
  if (route.query.get('wemediaId') !== u.uid || f.wemediaId !== u.uid) return json(res, 200, { code: 403, msg: '账号不匹配' });
  const known = f.articleId && f.articleId !== '-1' ? drafts(state).get(f.articleId) : undefined;
  if (f.articleId !== '-1' && (!known || known.account !== u.uid)) return json(res, 200, { code: 404, msg: '文章不存在' });
  // forms['account-refusal']: a code the sources record for the account rather than the article
  // (100023: the account banned), answered to every save and publish. The source records the code,
  // not the platform's words: the msg here is the replica's own.
  const refusal = state.opts(P).forms['account-refusal'];
  if (refusal) return json(res, 200, { code: Number(refusal), msg: 'replica: refused for the account' });
  if (f.operation === 'saveDraft') {
    if (f.ursToken && !tokenGood(state, u, f.ursToken)) return json(res, 200, { code: 9, msg: '安全校验失败' });
    const d = known ?? { id: `${randomBytes(4).toString('hex').toUpperCase()}0556PYDT`, account: u.uid, form: f };
    d.form = f;
    drafts(state).set(d.id, d);
    return json(res, 200, { code: 1, msg: '成功', data: state.opts(P).omit.includes('docId') ? '' : `docId=${d.id}&pkId=null` });
  }
  if (f.operation !== 'publish') return json(res, 200, { code: 400, msg: '参数错误' });
  // Publishing needs the SDK's token: without it the request is refused.
  if (!tokenGood(state, u, f.ursToken)) return json(res, 200, { code: 9, msg: '安全校验失败，请刷新页面' });
  const bad = problem(state, u, f);
  if (bad) return json(res, 200, { code: 400, msg: bad });
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return json(res, 200, { code: 400, msg: rejected });
  const docId = known?.id ?? `${randomBytes(4).toString('hex').toUpperCase()}0556PYDT`;
  if (known) drafts(state).delete(known.id);
  const media = (src: string, kind: MediaRecord['kind']): MediaRecord => {
    const m = state.media.get(pictures(state).get(src)!.mediaId)!;
    return { kind, size: m.size, sha256: m.sha256 };
  };
  const images = [...f.content!.matchAll(/<img [^>]*src="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')).filter((src) => src !== f.picUrl);
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: u.uid,
      postId: docId,
      url: `${route.prefix}/www.163.com/dy/article/${docId}.html`,
      title: f.title!.trim(),
      body: f.content!,
      settings: { cover: f.cover, original: f.original === '1' },
      media: [...(f.cover === 'custom' ? [media(f.picUrl!, 'cover')] : []), ...images.map((src) => media(src, 'image'))],
    },
    { code: 1, msg: '成功', data: state.opts(P).forms['publish-answer'] === 'path' ? `/wemedia/article/mylist/${u.uid}/1-20.html,${docId}` : `docId=${docId}&pkId=${Date.now()}` },
  );
}

/** "YYYY-MM-DD HH:mm" in China time, as the content manager's cards show a post's time. */
const chinaTime = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

async function list(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const u = state.user(req, P);
  if (!u) return json(res, 200, NOT_LOGGED_IN);
  const f = Object.fromEntries(new URLSearchParams((await readBody(req)).toString('utf8')));
  if (f.wemediaId !== u.uid) return json(res, 200, { code: 403, msg: '账号不匹配' });
  const rows =
    f.contentState === '0'
      ? [...drafts(state).values()].filter((d) => d.account === u.uid).map((d) => ({ articleId: d.id, docId: d.id, title: d.form.title ?? '', contentState: 0, publishTime: 0 }))
      : state.published
          // contentType 2 lists videos, any other value articles.
          .filter((p) => p.platform === P && p.account === u.uid && (p.settings.type === 'video') === (f.contentType === '2'))
          .map((p) =>
            state.opts(P).forms['list-row'] === 'showTime'
              ? { articleId: p.postId, title: p.title, contentType: p.settings.type === 'video' ? 2 : 1, contentState: 3, showTime: chinaTime(p.at), ...videoRowExtras(state, p.postId) }
              : { articleId: p.postId, docId: p.postId, title: p.title, contentState: 3, publishTime: Date.parse(p.at), ...videoRowExtras(state, p.postId) },
          )
          .reverse();
  json(res, 200, { code: 1, msg: 'success', data: { list: rows, total: rows.length } });
}

function shell(title: string, body: string, script = ''): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>${body}${script ? `<script>${script}</script>` : ''}</body></html>`;
}
