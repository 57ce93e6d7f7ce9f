/**
 * The toutiao replica's JSON APIs as the sources record them (provenance in
 * edge-node/src/adapters/toutiao/*.ts): media info, the secsdk CSRF token,
 * the image upload (spice/image) and copy-by-URL (catch_picture), the
 * article save/publish gateway (in each recorded reading of `save`), the
 * video publish (xigua PublishVideo), the content list, draft removal, and
 * the 微头条 publish at both recorded addresses. `omit: publish-id` leaves the
 * post's id out of an accepted publish answer. The video upload (apply →
 * chunk PUTs → commit) is the replica's own.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { json, readBody, readJson, sleep, type Route } from '../http.js';
import { acceptPublish, newNumericId, type User } from '../platform.js';
import type { MediaRecord, SimState } from '../state.js';
import { apiUser, csrfOf, drafts, IMAGE_HOST, P, pictures, TOUTIAO_DECLARATIONS, userId, videos } from './common.js';

export const UPLOAD_HOST = 'tos-d-x-lf.snssdk.com';
const CHUNK = 128 * 1024;
const TITLE_MAX = 30;

const ok = (data: unknown) => ({ code: 0, err_no: 0, message: 'success', data });
const refused = (message: string, code = 7050) => ({ code, err_no: code, message, reason: message, data: { pgc_id: '0' } });

/** GET mp/agw/media/get_media_info: who is logged in. */
export function mediaInfo(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): void {
  const u = apiUser(req, res, state);
  if (u) json(res, 200, ok({ user: { id: userId(u), screen_name: u.name, https_avatar_url: '' } }));
}

/** HEAD ttwid/check/: hands out the secsdk CSRF token in x-ware-csrf-token. */
export function csrfCheck(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): void {
  const u = state.user(req, P);
  const asked = req.headers['x-secsdk-csrf-request'] === '1';
  res.writeHead(200, u && asked ? { 'x-ware-csrf-token': `0,${csrfOf(u.uid)},86370000,success,${u.uid}` } : {});
  res.end();
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams((await readBody(req, 8 * 1024 * 1024)).toString('utf8'));
}

/** POST spice/image: multipart `image`, with the CSRF token; the picture lands on toutiao's image host. */
export async function spiceImage(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const u = apiUser(req, res, state);
  if (!u) return;
  if (req.headers['x-secsdk-csrf-token'] !== csrfOf(u.uid)) return json(res, 200, { code: 4003, message: 'csrf token invalid' });
  const raw = await readBody(req, 32 * 1024 * 1024);
  const form = await new Request('http://replica/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: raw }).formData();
  const file = form.get('image');
  if (!(file instanceof Blob) || file.size === 0) return json(res, 200, { code: 1, message: '图片为空' });
  const o = state.opts(P);
  const reject = o.rejectCover || o.rejectImages;
  if (reject) return json(res, 200, { code: 2, message: reject });
  const m = state.storeMedia(P, u.uid, 'image', Buffer.from(await file.arrayBuffer()), file.type);
  const uri = `tos-cn-i-qvj2lq49k0/${m.id}`;
  const url = `${IMAGE_HOST}/${uri}~tplv-tt-origin-web:gif.jpeg`;
  pictures(state).set(uri, { account: u.uid, mediaId: m.id, url });
  json(res, 200, ok({ image_uri: uri, image_url: url, image_width: 800, image_height: 600 }));
}

/** POST tools/catch_picture/: copies a picture from another site by its URL. */
export async function catchPicture(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const u = apiUser(req, res, state);
  if (!u) return;
  const f = await formOf(req);
  const src = f.get('upfile') ?? '';
  const reject = state.opts(P).rejectImages;
  if (reject || !/^https?:\/\//.test(src)) return json(res, 200, { images: [], message: reject || '图片地址无效' });
  const uri = `pgc-image/${createHash('sha1').update(src).digest('hex').slice(0, 32)}`;
  const url = `${IMAGE_HOST}/${uri}~tplv-tt-origin-web:gif.jpeg`;
  pictures(state).set(uri, { account: u.uid, mediaId: null, url });
  json(res, 200, { url, images: [{ origin_web_uri: uri, url, width: 1000, height: 750 }] });
}

/**
 * POST mp/agw/article/publish: the article gateway (`type=article`). Which
 * `save` value publishes is what public sources disagree on; `forms.articleSave`
 * picks the reading served: `save1` (default: save=0 saves a draft, save=1
 * publishes), `save0` (save=0 without `entrance` publishes, save=1 and any call
 * with entrance=main save a draft) or `draft` (every call only saves a draft).
 */
export async function articleGateway(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = apiUser(req, res, state);
  if (!u) return;
  const f = Object.fromEntries(await formOf(req));
  if (route.query.get('type') !== 'article') return json(res, 200, refused('参数错误', 1001));
  const id = f.pgc_id ?? '0';
  if (f.save !== '0' && f.save !== '1') return json(res, 200, refused('参数错误', 1001));
  const reading = state.opts(P).forms.articleSave ?? 'save1';
  const publishes = reading === 'save1' ? f.save === '1' : reading === 'save0' ? f.save === '0' && f.entrance === undefined : false;
  if (!publishes) {
    const d = id === '0' ? { id: newNumericId(state, 19), account: u.uid, form: f } : drafts(state).get(id);
    if (!d || d.account !== u.uid) return json(res, 200, refused('草稿不存在'));
    d.form = f;
    drafts(state).set(d.id, d);
    return json(res, 200, ok(state.opts(P).omit.includes('pgc_id') ? {} : { pgc_id: d.id }));
  }
  const d = drafts(state).get(id);
  if (!d || d.account !== u.uid) return json(res, 200, refused('草稿不存在'));
  const problem = articleProblem(state, u, f);
  if (problem) return json(res, 200, refused(problem));
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return json(res, 200, refused(rejected));
  drafts(state).delete(id);
  const covers = JSON.parse(f.pgc_feed_covers!) as Array<{ uri: string }>;
  const media: MediaRecord[] = covers.map((c) => record(state, pictures(state).get(c.uri)!.mediaId!, 'cover'));
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: u.uid,
      postId: id,
      url: `${route.prefix}/www.toutiao.com/article/${id}/`,
      title: f.title!,
      body: f.content!,
      settings: {
        exclusive: f.claim_exclusive === '1',
        declarations: JSON.parse(f.content_declaration ?? '[]'),
        coverType: (JSON.parse(f.draft_form_data ?? '{}') as { coverType?: number }).coverType,
      },
      media,
    },
    ok(state.opts(P).omit.includes('publish-id') ? {} : { pgc_id: id }),
  );
}

/** What toutiao checks of an article at publish; null when it passes. */
function articleProblem(state: SimState, u: User, f: Record<string, string>): string | null {
  const title = (f.title ?? '').trim();
  const n = Array.from(title).length;
  if (n < 2 || n > TITLE_MAX) return '标题需为 2～30 个字';
  if (!(f.content ?? '').trim()) return '正文不能为空';
  // Pictures must be toutiao's own copies: the editor refuses other sites' addresses.
  for (const img of (f.content ?? '').match(/<img [^>]*>/g) ?? []) {
    const uri = /web_uri="([^"]+)"/.exec(img)?.[1];
    const pic = uri ? pictures(state).get(uri) : undefined;
    if (!pic || pic.account !== u.uid || !img.includes(`src="${pic.url}"`)) return '正文包含外链图片，请重新上传';
  }
  let covers: Array<{ uri?: string }>;
  let coverType: unknown;
  let declarations: unknown;
  try {
    covers = JSON.parse(f.pgc_feed_covers ?? '');
    coverType = (JSON.parse(f.draft_form_data ?? '') as { coverType?: unknown }).coverType;
    declarations = JSON.parse(f.content_declaration ?? '[]');
  } catch {
    return '参数错误';
  }
  const uploaded = (c: { uri?: string }) => {
    const pic = c.uri ? pictures(state).get(c.uri) : undefined;
    return pic !== undefined && pic.account === u.uid && pic.mediaId !== null;
  };
  if (!Array.isArray(covers) || !((coverType === 3 && covers.length === 0) || (coverType === 1 && covers.length === 1 && covers.every(uploaded)))) return '封面设置无效';
  if (!['0', '1'].includes(f.claim_exclusive ?? '0')) return '参数错误';
  if (!Array.isArray(declarations) || declarations.some((d) => !(TOUTIAO_DECLARATIONS as readonly string[]).includes(d))) return '作品声明无效';
  return null;
}

/**
 * POST xigua/api/upload/PublishVideo: JSON {Title, VideoInfo {Vid, ThumbUri, …},
 * Abstract, …}, answering {status, data {Code, Message, ItemId}}. `omit:
 * publish-id` answers the accepted receipt without its ItemId.
 */
export async function publishVideo(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = state.user(req, P);
  if (!u) return json(res, 200, { status: -12, message: '用户未登录', data: {} });
  const b = await readJson(req);
  const info = (b.VideoInfo ?? {}) as { Vid?: unknown; ThumbUri?: unknown };
  const title = String(b.Title ?? '').trim();
  const video = videos(state).get(String(info.Vid ?? ''));
  const thumb = typeof info.ThumbUri === 'string' && info.ThumbUri ? info.ThumbUri : '';
  const poster = thumb ? pictures(state).get(thumb) : undefined;
  const refuse = (msg: string) => json(res, 200, { status: 0, data: { Code: 2001, Message: msg } });
  if (!title || Array.from(title).length > TITLE_MAX) return refuse('标题需为 1～30 个字');
  if (!video || video.account !== u.uid) return refuse('请等待视频上传完成');
  if (thumb && (!poster || poster.account !== u.uid || poster.mediaId === null)) return refuse('封面无效');
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return refuse(rejected);
  const id = newNumericId(state, 19);
  const description = String(b.Abstract ?? '');
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: u.uid,
      postId: id,
      url: `${route.prefix}/www.toutiao.com/video/${id}/`,
      title,
      body: description,
      settings: { tags: [...description.matchAll(/#(\S+)/g)].map((m) => m[1]!), coverSource: poster ? 'custom' : 'auto' },
      media: [video.media, ...(poster ? [record(state, poster.mediaId!, 'cover')] : [])],
    },
    { status: 0, data: { Code: 0, Message: 'success', ...(state.opts(P).omit.includes('publish-id') ? {} : { ItemId: id }) } },
  );
}

interface WeitoutiaoPost {
  content: string;
  uris: string[];
  exclusive: boolean;
  declarations: unknown;
}

/** What toutiao checks of a 微头条, then records it; the refusal's message, or the new post's id. */
async function weitoutiao(res: ServerResponse, route: Route, state: SimState, u: User, w: WeitoutiaoPost, answer: (id: string) => unknown, refuse: (message: string) => void): Promise<void> {
  const content = w.content.trim();
  const pics = w.uris.map((uri) => pictures(state).get(uri));
  if (!content) return refuse('内容不能为空');
  if (Array.from(content).length > 2000) return refuse('内容超过 2000 字');
  if (pics.length > 9) return refuse('图片不能多于 9 张');
  if (pics.some((p) => !p || p.account !== u.uid || p.mediaId === null)) return refuse('图片无效');
  if (!Array.isArray(w.declarations) || w.declarations.some((d) => !(TOUTIAO_DECLARATIONS as readonly string[]).includes(d))) return refuse('作品声明无效');
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
      url: `${route.prefix}/www.toutiao.com/w/${id}/`,
      body: content,
      settings: { exclusive: w.exclusive, declarations: w.declarations },
      media: pics.map((p) => record(state, p!.mediaId!, 'image')),
    },
    answer(id),
  );
}

/**
 * POST mp/agw/article/wtt: today's 微头条 publish, JSON {content, image_list,
 * extra (claim_exclusive), is_fans_article, pre_upload} and the composer's 作品声明,
 * answering {code, message, data {thread_id, add_thread_limit}}. `forms.wttId`:
 * `thread_id` (the default) or `threadId`; `omit: publish-id` leaves the id out.
 */
export async function wttPublish(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = apiUser(req, res, state);
  if (!u) return;
  const b = await readJson(req);
  let extra: { claim_exclusive?: unknown } = {};
  try {
    extra = JSON.parse(String(b.extra ?? '{}')) as typeof extra;
  } catch {
    return json(res, 200, { code: 1001, message: '参数错误', data: {} });
  }
  const o = state.opts(P);
  const answer = (id: string) => {
    const data = { add_thread_limit: 0, ...(o.omit.includes('publish-id') ? {} : o.forms.wttId === 'threadId' ? { threadId: id } : { thread_id: id }) };
    return { code: 0, message: 'success', data };
  };
  const uris = Array.isArray(b.image_list) ? (b.image_list as unknown[]).map(String) : [];
  await weitoutiao(res, route, state, u, { content: String(b.content ?? ''), uris, exclusive: extra.claim_exclusive === '1', declarations: b.content_declaration ?? [] }, answer, (message) =>
    json(res, 200, { code: 7050, message, data: {} }),
  );
}

/** POST www.toutiao.com/c/ugc/content/publish/: the older 微头条 publish (form content, image_uris), answering message "success", data.thread_id. */
export async function ugcPublish(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = state.user(req, P);
  if (!u) return json(res, 200, { message: 'error', data: { description: '请先登录' } });
  const f = Object.fromEntries(await formOf(req));
  let declarations: unknown;
  try {
    declarations = JSON.parse(f.content_declaration ?? '[]');
  } catch {
    declarations = null;
  }
  const omitId = state.opts(P).omit.includes('publish-id');
  await weitoutiao(
    res,
    route,
    state,
    u,
    { content: f.content ?? '', uris: (f.image_uris ?? '').split(',').filter(Boolean), exclusive: f.claim_exclusive === '1', declarations },
    (id) => ({ message: 'success', data: omitId ? {} : { thread_id: id } }),
    (message) => json(res, 200, { message, data: {} }),
  );
}

/** GET mp/agw/article/list/: the author's content, newest first — published entries and the drafts saved so far. */
export function contentList(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): void {
  const u = apiUser(req, res, state);
  if (!u) return;
  const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  const published = state.published
    .filter((p) => p.platform === P && p.account === u.uid)
    .map((p) => {
      const real = `https://${new URL(p.url, 'http://replica').pathname.split('/').slice(2).join('/')}`;
      return { id: p.postId, title: p.title ?? p.body, status: 3, create_time: seconds(p.at), article_url: real };
    })
    .reverse();
  const now = Math.floor(Date.now() / 1000);
  const own = [...drafts(state).values()].filter((d) => d.account === u.uid).map((d) => ({ id: d.id, title: d.form.title ?? '', status: 1, create_time: now, article_url: '' }));
  const articles = [...own, ...published];
  json(res, 200, ok({ articles, total: articles.length }));
}

/** POST mp/agw/creator_center/delete_draft: removes the named drafts of the account. */
export async function deleteDraft(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const u = apiUser(req, res, state);
  if (!u) return;
  const b = await readJson(req);
  const list = Array.isArray(b.drafts) ? (b.drafts as Array<{ gid?: unknown }>) : [];
  for (const d of list) {
    const draft = drafts(state).get(String(d.gid));
    if (draft?.account === u.uid) drafts(state).delete(draft.id);
  }
  json(res, 200, { code: 0, message: 'success' });
}

interface VideoUpload {
  account: string;
  size: number;
  chunks: Map<number, Buffer>;
}
const uploads = (state: SimState) => state.bag<VideoUpload>('toutiao.uploads');

export function applyUpload(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const u = apiUser(req, res, state);
  if (!u) return;
  const reject = state.opts(P).rejectVideo;
  if (reject) return json(res, 200, { code: 2, message: reject });
  const size = Number(route.query.get('size'));
  if (!Number.isSafeInteger(size) || size <= 0) return json(res, 200, { code: 2, message: '文件大小无效' });
  const id = randomBytes(12).toString('hex');
  uploads(state).set(id, { account: u.uid, size, chunks: new Map() });
  json(res, 200, { code: 0, upload_id: id, chunk_size: CHUNK, upload_url: `https://${UPLOAD_HOST}/upload/v1/${id}` });
}

export async function putChunk(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState, id: string): Promise<void> {
  const up = uploads(state).get(id);
  const bytes = await readBody(req, 16 * 1024 * 1024);
  if (!up) return json(res, 404, { code: 404 });
  const offset = Number(route.query.get('offset'));
  if (!Number.isSafeInteger(offset) || offset < 0 || offset + bytes.length > up.size) return json(res, 400, { code: 400, message: 'bad range' });
  up.chunks.set(offset, bytes);
  await sleep(state.opts(P).chunkDelayMs);
  json(res, 200, { code: 0 });
}

export async function commitUpload(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const u = apiUser(req, res, state);
  if (!u) return;
  const b = await readJson(req);
  const id = String(b.upload_id ?? '');
  const up = uploads(state).get(id);
  if (!up || up.account !== u.uid) return json(res, 200, { code: 2, message: '上传不存在' });
  const hash = createHash('sha256');
  let at = 0;
  for (let c = up.chunks.get(0); c; c = up.chunks.get(at)) {
    hash.update(c);
    at += c.length;
  }
  if (at !== up.size) return json(res, 200, { code: 2, message: `分片不完整 (${at}/${up.size})` });
  uploads(state).delete(id);
  const videoId = `v02${randomBytes(12).toString('hex')}`;
  videos(state).set(videoId, { account: u.uid, media: { kind: 'video', size: up.size, sha256: hash.digest('hex') } });
  json(res, 200, { code: 0, video_id: videoId });
}

function record(state: SimState, mediaId: string, kind: MediaRecord['kind']): MediaRecord {
  const m = state.media.get(mediaId)!;
  return { kind, size: m.size, sha256: m.sha256 };
}
