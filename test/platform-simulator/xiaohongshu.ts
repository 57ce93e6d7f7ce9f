/**
 * Replica of xiaohongshu's creator center as the public sources record it
 * (provenance in edge-node/src/adapters/xiaohongshu/adapter.ts): the login redirect,
 * the publish form for videos and 图文 notes (xiaohongshu-form.ts) and the
 * long-text editor of 长文 (xiaohongshu-article.ts), uploads, the note API,
 * and the 笔记管理 page with the note list it loads for itself. The note API
 * and the note list refuse requests without the `x-s`/`x-t` headers the
 * pages' own code adds (a replica cannot check their values), as xiaohongshu
 * refuses unsigned requests; the account API answers a plain page request.
 * The session lives in `web_session`.
 *
 * `forms` (besides those of xiaohongshu-form.ts):
 * - `publish-id`: the accepted note answer names the note in `data.id`
 *   (default), `data.note_id`, `data.note.id` (`note.id`), or not at all (`none`);
 * - `notes-path`: the 笔记管理 page loads `/api/galaxy/v2/creator/note/user/posted`
 *   (`v2`, default) or `/api/galaxy/creator/note/user/posted` (`v1`);
 * - `notes-list`: that answer lists the notes in `data.notes` (default),
 *   `data.note_list` or `data.note_infos` (rows with `title` and `post_time`);
 * - `notes-time`: a row's time is "YYYY-MM-DD HH:mm" China time (`text`,
 *   default), Unix seconds (`s`) or milliseconds (`ms`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, readJson, sleep, writeBodyAt, type Route } from './http.js';
import { acceptPublish, router, type PlatformSim, type User } from './platform.js';
import { sha256, type Publish, type SimState } from './state.js';
import { formPage, SIGN_HEADERS_JS } from './xiaohongshu-form.js';
import { loginRoutes } from './login-pages.js';
import { XIAOHONGSHU_LOGIN } from './xiaohongshu-login.js';

const P = 'xiaohongshu';
const CREATOR = '/creator.xiaohongshu.com';
const NOTES_V2 = '/api/galaxy/v2/creator/note/user/posted';
const NOTES_V1 = '/api/galaxy/creator/note/user/posted';

export const xiaohongshu: PlatformSim = {
  platform: P,
  contentTypes: ['video', 'dynamic', 'article'],
  sessionCookie: 'web_session',
  handle: router([
    ...loginRoutes(XIAOHONGSHU_LOGIN, 'web_session'),
    ['GET', `${CREATOR}/publish/publish`, (req, res, route, state) => {
      const u = pageUser(req, res, route, state);
      const target = route.query.get('target');
      if (u) html(res, formPage(route.prefix, u, target === 'image' || target === 'article' ? target : 'video', state.opts(P).omit, state.opts(P).forms));
    }],
    ['GET', `${CREATOR}/new/note-manager`, (req, res, route, state) => {
      if (pageUser(req, res, route, state)) html(res, noteManager(route.prefix, state.opts(P).forms['notes-path'] === 'v1' ? NOTES_V1 : NOTES_V2));
    }],
    ['GET', `${CREATOR}${NOTES_V2}`, noteList],
    ['GET', `${CREATOR}${NOTES_V1}`, noteList],
    ['GET', `${CREATOR}/publish/success`, (req, res, route, state) => {
      if (pageUser(req, res, route, state)) html(res, shell('发布成功', '<div class="success">发布成功</div>'));
    }],
    ['GET', `${CREATOR}/api/galaxy/user/info`, (req, res, _route, state) => {
      const u = state.user(req, P);
      json(res, 200, u ? { success: true, code: 0, data: { userId: u.uid, userName: u.name } } : { success: false, code: -100, msg: '登录已过期' });
    }],
    ['PUT', /^\/ros-upload\.xiaohongshu\.com\/spectrum\/([\w-]+)$/, upload],
    ['POST', '/edith.xiaohongshu.com/web_api/sns/v2/note', postNote],
    ['GET', /^\/www\.xiaohongshu\.com\/explore\/(\w+)$/, (_req, res, _route, state, [id]) => {
      const p = state.published.find((x) => x.platform === P && x.postId === id);
      if (!p) return html(res, shell('404', '<main>笔记不存在</main>'), 404);
      html(res, shell(p.title ?? '', `<div id="detail-title">${esc(p.title ?? '')}</div><div id="detail-desc">${esc(p.body)}</div>`));
    }],
  ]),
};

/** How xiaohongshu answers a request its page code did not sign. */
const UNSIGNED = { success: false, code: 300015, msg: '浏览器异常，请尝试关闭/卸载风险插件或重启试试！' };
const signed = (req: IncomingMessage) => Boolean(req.headers['x-s']) && /^\d+$/.test(String(req.headers['x-t'] ?? ''));

/** The 笔记管理 page: it loads the account's notes itself (a signed request) and lists them. */
function noteManager(base: string, path: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>笔记管理 - 小红书创作服务平台</title></head>
<body><div class="note-manager"><div class="tabs"><span class="tab active">全部笔记</span></div><div class="note-list" id="notes"></div></div>
<script>
${SIGN_HEADERS_JS}
(async () => {
  const path = ${JSON.stringify(path)} + '?tab=0&page=0';
  const r = await fetch(${JSON.stringify(base)} + '/creator.xiaohongshu.com' + path, { credentials: 'include', headers: { accept: 'application/json, text/plain, */*', ...signed(path) } });
  const j = await r.json();
  const rows = (j.data && (j.data.notes || j.data.note_list || j.data.note_infos)) || [];
  for (const n of rows) {
    const d = document.createElement('div'); d.className = 'note';
    d.innerHTML = '<div class="title"></div><div class="time"></div>';
    d.querySelector('.title').textContent = n.display_title || n.title || '无标题笔记';
    d.querySelector('.time').textContent = '发布于 ' + (n.time || n.post_time);
    document.getElementById('notes').appendChild(d);
  }
})();
</script></body></html>`;
}

/** A listed note's time in the answer form the test picked. */
function listedTime(at: string, form: string | undefined): string | number {
  const ms = Date.parse(at);
  if (form === 'ms') return ms;
  if (form === 's') return Math.floor(ms / 1000);
  const china = new Date(ms + 8 * 3600_000).toISOString();
  return `${china.slice(0, 10)} ${china.slice(11, 16)}`;
}

/** The account's notes, newest first, in the answer form the test picked; one page (`page: -1`: the last). */
function noteList(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): void {
  const u = state.user(req, P);
  if (!u) return json(res, 200, { success: false, code: -100, msg: '登录已过期' });
  if (!signed(req)) return json(res, 200, UNSIGNED);
  const forms = state.opts(P).forms;
  const key = forms['notes-list'] === 'note_list' || forms['notes-list'] === 'note_infos' ? forms['notes-list'] : 'notes';
  const mine = state.published.filter((p) => p.platform === P && p.account === u.uid).reverse();
  const row = (p: Publish) =>
    key === 'note_infos'
      ? { id: p.postId, title: p.title, post_time: Date.parse(p.at), type: p.settings.type === 'video' ? 'video' : 'normal' }
      : {
          id: p.postId,
          display_title: p.title,
          time: listedTime(p.at, forms['notes-time']),
          type: p.settings.type === 'video' ? 'video' : 'normal',
          permission_msg: p.settings.visibility === '仅自己可见' ? '仅自己可见' : '',
          sticky: false,
        };
  json(res, 200, { success: true, code: 0, msg: '成功', data: { [key]: mine.map(row), page: -1, tags: [] } });
}

function pageUser(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): User | null {
  const u = state.user(req, P);
  if (!u) {
    res.writeHead(302, { location: `${route.prefix}${CREATOR}/login?redirectReason=401` });
    res.end();
  }
  return u;
}

/** One PUT per file, hashed as it arrives; videos are refused with `rejectVideo`, images with `rejectImages`, covers with `rejectCover`. */
async function upload(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const u = state.user(req, P);
  if (!u) return json(res, 200, { success: false, msg: '登录已过期' });
  const type = String(req.headers['content-type'] ?? '');
  const kind = type.startsWith('video/') ? 'video' : 'image';
  const chunks: Buffer[] = [];
  await writeBodyAt(req, null, 0, 512 * 1024 * 1024, (c) => chunks.push(c));
  const o = state.opts(P);
  await sleep(o.chunkDelayMs);
  const bytes = Buffer.concat(chunks);
  // Covers and note pictures arrive alike; a video job's only images are its cover, so either switch refuses them.
  const reject = kind === 'video' ? o.rejectVideo : o.rejectImages || o.rejectCover;
  if (reject) return json(res, 200, { success: false, msg: reject });
  if (bytes.length === 0) return json(res, 200, { success: false, msg: '文件为空' });
  const m = state.storeMedia(P, u.uid, kind, bytes, type);
  json(res, 200, { success: true, fileId: m.id, sha256: sha256(bytes) });
}

async function postNote(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = state.user(req, P);
  if (!u) return json(res, 200, { success: false, code: -100, msg: '登录已过期' });
  if (!signed(req)) return json(res, 200, UNSIGNED);
  const b = await readJson(req);
  const common = (b.common ?? {}) as Record<string, any>;
  const refuse = (msg: string) => json(res, 200, { success: false, code: -1, msg });
  const title = String(common.title ?? '');
  const desc = String(common.desc ?? '');
  if (!title.trim() || Array.from(title).length > 20) return refuse('标题需为 1-20 字');
  if (Array.from(desc).length > 1000) return refuse('正文超出 1000 字');
  const own = (id: unknown) => {
    const m = typeof id === 'string' ? state.media.get(id) : undefined;
    return m && m.account === u.uid ? m : undefined;
  };
  const media = [];
  const article = (b.article_info ?? null) as Record<string, unknown> | null;
  if (common.type === 'article') {
    // A 长文 is drawn into pictures by xiaohongshu itself: nothing of ours is uploaded.
    if (!article || !String(article.content ?? '').replace(/<[^>]+>/g, '').trim()) return refuse('请输入正文');
  } else if (common.type === 'video') {
    const video = own((b.video_info as any)?.fileid);
    if (!video) return refuse('请上传视频');
    media.push({ kind: 'video' as const, size: video.size, sha256: video.sha256 });
    const coverId = (b.video_info as any)?.cover?.fileid;
    if (coverId) {
      const cover = own(coverId);
      if (!cover) return refuse('封面无效');
      media.push({ kind: 'cover' as const, size: cover.size, sha256: cover.sha256 });
    }
  } else {
    const images = ((b.image_info as any)?.images ?? []).map((i: any) => own(i.file_id));
    if (images.length === 0 || images.some((m: unknown) => !m)) return refuse('请上传图片');
    for (const m of images) media.push({ kind: 'image' as const, size: m.size, sha256: m.sha256 });
  }
  const topics = Array.isArray(common.topics) ? common.topics.map((t: any) => String(t.name)) : [];
  if (topics.length > 10) return refuse('话题最多 10 个');
  const postTime = typeof common.post_time === 'number' ? common.post_time : null;
  if (postTime !== null && (!Number.isFinite(postTime) || postTime < Date.now() + 55 * 60_000)) return refuse('定时发布时间需在 1 小时后');
  if (postTime !== null && postTime > Date.now() + 14 * 86_400_000) return refuse('定时发布时间不能超过 14 天');
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return refuse(rejected);
  const id = (Date.now().toString(16) + String(state.nextSeq()).padStart(6, '0')).slice(-24).padStart(24, '6');
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: u.uid,
      postId: id,
      url: `${route.prefix}/www.xiaohongshu.com/explore/${id}`,
      title,
      // A 长文's body is the article as its editor kept it; the 正文描述 goes with the settings.
      body: article ? String(article.content) : desc,
      settings: {
        type: common.type,
        ...(article ? { template: article.template, description: desc } : {}),
        topics,
        location: common.post_loc?.name ?? null,
        visibility: common.privacy_info?.type === 1 ? '仅自己可见' : '公开可见',
        postTime: postTime === null ? null : new Date(postTime).toISOString(),
      },
      media,
    },
    { success: true, code: 0, msg: '成功', data: answerNaming(id, state.opts(P).forms['publish-id']) },
  );
}

function shell(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>${body}</body></html>`;
}

/** The accepted answer's `data`, naming the note the way the test picked. */
function answerNaming(id: string, form: string | undefined): Record<string, unknown> {
  if (form === 'none') return { score: 10 };
  if (form === 'note_id') return { note_id: id, score: 10 };
  if (form === 'note.id') return { note: { id }, score: 10 };
  return { id, score: 10 };
}
