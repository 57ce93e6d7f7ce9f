/**
 * The douyin replica's JSON APIs: who is logged in, the video upload (apply,
 * chunk PUTs to the upload host, commit), image upload (图文 images and
 * covers), the publish call (create_v2, for every kind of work), and the
 * creator's work list that `verify` reads. Answers carry douyin's
 * `status_code` / `status_msg`.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { json, readBody, readJson, sleep, type Route } from '../http.js';
import { newNumericId } from '../platform.js';
import type { MediaRecord, SimState } from '../state.js';
import { createArticle } from './article.js';
import { answerPublish, apiUserOf, DOUYIN_COLLECTIONS, DOUYIN_DECLARATIONS, DOUYIN_VISIBILITY, P } from './common.js';

export const UPLOAD_HOST = 'tos-d-x-hl.snssdk.com';
const CHUNK = 256 * 1024;

interface VideoUpload {
  account: string;
  size: number;
  chunks: Map<number, Buffer>;
}
const uploads = (state: SimState) => state.bag<VideoUpload>('douyin.uploads');
const videos = (state: SimState) => state.bag<{ account: string; media: MediaRecord }>('douyin.videos');
const images = (state: SimState) => state.bag<{ account: string; mediaId: string }>('douyin.images');

export function applyUpload(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = apiUserOf(req, res, state);
  if (!user) return;
  const reject = state.opts(P).rejectVideo;
  if (reject) return json(res, 200, { status_code: 2, status_msg: reject });
  const size = Number(route.query.get('size'));
  if (!Number.isSafeInteger(size) || size <= 0) return json(res, 200, { status_code: 2, status_msg: '文件大小无效' });
  const id = randomBytes(12).toString('hex');
  uploads(state).set(id, { account: user.uid, size, chunks: new Map() });
  json(res, 200, { status_code: 0, upload_id: id, chunk_size: CHUNK, upload_url: `https://${UPLOAD_HOST}/upload/v1/${id}` });
}

export async function putChunk(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState, id: string): Promise<void> {
  const u = uploads(state).get(id);
  const bytes = await readBody(req, 16 * 1024 * 1024);
  if (!u) return json(res, 404, { status_code: 404 });
  const offset = Number(route.query.get('offset'));
  if (!Number.isSafeInteger(offset) || offset < 0 || offset + bytes.length > u.size) return json(res, 400, { status_code: 400, status_msg: 'bad range' });
  u.chunks.set(offset, bytes);
  await sleep(state.opts(P).chunkDelayMs);
  json(res, 200, { status_code: 0 });
}

export async function commitUpload(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const user = apiUserOf(req, res, state);
  if (!user) return;
  const b = await readJson(req);
  const id = String(b.upload_id ?? '');
  const u = uploads(state).get(id);
  if (!u || u.account !== user.uid) return json(res, 200, { status_code: 2, status_msg: '上传不存在' });
  const hash = createHash('sha256');
  let at = 0;
  for (let c = u.chunks.get(0); c; c = u.chunks.get(at)) {
    hash.update(c);
    at += c.length;
  }
  if (at !== u.size) return json(res, 200, { status_code: 2, status_msg: `分片不完整 (${at}/${u.size})` });
  uploads(state).delete(id);
  const videoId = `v0d00fg10000${randomBytes(10).toString('hex')}`;
  videos(state).set(videoId, { account: user.uid, media: { kind: 'video', size: u.size, sha256: hash.digest('hex') } });
  json(res, 200, { status_code: 0, video_id: videoId });
}

export async function uploadImage(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const user = apiUserOf(req, res, state);
  if (!user) return;
  const bytes = await readBody(req, 32 * 1024 * 1024);
  const o = state.opts(P);
  const reject = o.rejectImages || o.rejectCover;
  if (reject) return json(res, 200, { status_code: 3, status_msg: reject });
  if (bytes.length === 0) return json(res, 200, { status_code: 3, status_msg: '图片为空' });
  const m = state.storeMedia(P, user.uid, 'image', bytes, req.headers['content-type']);
  const uri = `tos-cn-i-0813/${m.id}`;
  images(state).set(uri, { account: user.uid, mediaId: m.id });
  json(res, 200, { status_code: 0, uri });
}

/**
 * POST web/api/media/aweme/create_v2/: the one publish call of videos (media_type 4),
 * 图文 (media_type 2) and, as recorded, articles (the article editor's own body).
 */
export async function createV2(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const user = apiUserOf(req, res, state);
  if (!user) return;
  const b = await readJson(req);
  if (b.article && typeof b.article === 'object') return createArticle(res, route, state, user, b.article as Record<string, unknown>);
  const kind = Number(b.media_type) === 4 ? 'video' : Number(b.media_type) === 2 ? 'image' : null;
  if (!kind) return json(res, 200, { status_code: 5, status_msg: '参数错误' });
  const refuse = (msg: string) => json(res, 200, { status_code: 4, status_msg: msg });
  const title = String(b.item_title ?? '');
  const text = String(b.text ?? '');
  const video = kind === 'video' ? videos(state).get(String(b.video_id ?? '')) : undefined;
  const imageUris = kind === 'image' && Array.isArray(b.images) ? (b.images as unknown[]).map(String) : [];
  const imageMedia = imageUris.map((u) => images(state).get(u));
  const cover = b.cover_uri ? images(state).get(String(b.cover_uri)) : undefined;
  const timing = String(b.timing ?? '');
  const timingMs = timing ? Date.parse(`${timing.replace(' ', 'T')}:00+08:00`) : 0;
  if (Array.from(title).length > (kind === 'video' ? 30 : 20)) return refuse('标题过长');
  if (Array.from(text).length > 1000) return refuse('简介过长');
  if (kind === 'video' && (!video || video.account !== user.uid)) return refuse('请等待视频上传完成');
  if (kind === 'image' && (imageMedia.length === 0 || imageMedia.some((m) => !m || m.account !== user.uid))) return refuse('请上传图片');
  if (b.cover_uri && (!cover || cover.account !== user.uid)) return refuse('封面无效');
  if (b.declaration && !(DOUYIN_DECLARATIONS as readonly string[]).includes(String(b.declaration))) return refuse('声明类型无效');
  if (b.mix_name && !(DOUYIN_COLLECTIONS as readonly string[]).includes(String(b.mix_name))) return refuse('合集不存在');
  if (timing && !(Number.isFinite(timingMs) && timingMs > Date.now())) return refuse('定时发布时间无效');
  if (state.opts(P).rejectPublish) return refuse(state.opts(P).rejectPublish as string);
  const awemeId = newNumericId(state, 19);
  const media: MediaRecord[] =
    kind === 'video'
      ? [video!.media, ...(cover ? [mediaRecord(state, cover.mediaId, 'cover')] : [])]
      : imageMedia.map((m) => mediaRecord(state, m!.mediaId, 'image'));
  await answerPublish(res, state, {
    platform: P,
    account: user.uid,
    postId: awemeId,
    url: `${route.prefix}/www.douyin.com/${kind === 'video' ? 'video' : 'note'}/${awemeId}`,
    title,
    body: text,
    settings: {
      tags: [...text.matchAll(/#(\S+)/g)].map((m) => m[1]!),
      creationDeclaration: b.declaration ?? undefined,
      collection: b.mix_name ?? undefined,
      visibility: DOUYIN_VISIBILITY[Number(b.visibility_type) || 0],
      scheduledAt: timing ? new Date(timingMs).toISOString() : undefined,
      coverOrientation: cover ? b.cover_orientation : undefined,
      coverSource: kind === 'video' ? (cover ? 'custom' : 'auto') : undefined,
    },
    media,
  });
}

function mediaRecord(state: SimState, id: string, kind: MediaRecord['kind']): MediaRecord {
  const m = state.media.get(id)!;
  return { kind, size: m.size, sha256: m.sha256 };
}

/**
 * GET janus/douyin/creator/pc/work_list: the creator's works, newest first, as
 * `aweme_list` rows (aweme_id, desc, create_time); with `forms.workList`
 * `data.work_list` the rows come as `data.work_list` instead. A work's `desc`
 * is its title and its text together, as the publish call sends them.
 */
export function workList(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): void {
  const user = apiUserOf(req, res, state);
  if (!user) return;
  const mine = state.published.filter((p) => p.platform === P && p.account === user.uid).reverse();
  const rows = mine.map((p) => ({
    aweme_id: p.postId,
    desc: p.settings.type === 'article' ? (p.title ?? '') : [p.title, p.body].filter(Boolean).join(' '),
    create_time: Math.floor(Date.parse(p.at) / 1000),
    status: { is_private: p.settings.visibility === '仅自己可见', in_reviewing: false },
  }));
  if (state.opts(P).forms.workList === 'data.work_list') return json(res, 200, { status_code: 0, data: { work_list: rows, has_more: false, max_cursor: '0' } });
  json(res, 200, { status_code: 0, aweme_list: rows, has_more: false, max_cursor: 0 });
}
