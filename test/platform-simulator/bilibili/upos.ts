/**
 * bilibili's upload protocol, as the public API notes record it:
 *   GET  member.bilibili.com/preupload?name&size&r=upos&profile=ugcfx/bup
 *        → { OK, auth, biz_id, chunk_size, endpoint: "//upos-….bilivideo.com", upos_uri: "upos://<bucket>/<key>", threads }
 *   POST https:<endpoint>/<bucket>/<key>?uploads&output=json&profile&filesize&partsize&biz_id   (X-Upos-Auth)
 *        → { OK, upload_id, bucket, key }
 *   PUT  same URL ?partNumber&uploadId&chunk&chunks&size&start&end&total, body = the chunk   (X-Upos-Auth)
 *        → "MULTIPART_PUT_SUCCESS"
 *   POST same URL ?output=json&name&profile&uploadId&biz_id, body { parts: [{ partNumber, eTag }] }   (X-Upos-Auth)
 *        → { OK, location, bucket, key }
 * The add/v3 submission then names the file by the key without its extension,
 * and the part by `cid` = biz_id. Chunks are written at their offsets and
 * hashed in order; the bytes themselves are never kept past the upload.
 */
import { createHash, type Hash, randomBytes } from 'node:crypto';
import { ftruncateSync, openSync, unlinkSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { json, PositionalFile, readBody, sleep, writeBodyAt, type Route } from '../http.js';
import type { SimState, StoredMedia } from '../state.js';
import { apiUserOf, P, UPOS_HOST } from './common.js';

const BUCKET = 'ugcfx2lf';
/** Chunk requests the page keeps in flight: what preupload answers as `threads`. */
const UPLOAD_THREADS = 3;

interface UploadSession {
  account: string;
  auth: string;
  bizId: number;
  size: number;
  /** The key without extension: the `filename` add/v3 names. */
  filename: string;
  uploadId: string | null;
  /** Written at their offsets, unlinked at once (an abandoned upload leaves nothing); null with discardUploads. */
  file: PositionalFile | null;
  /** Hash of the bytes [0, hashed): chunks arrive out of order, so each is hashed once all before it are. */
  hash: Hash;
  hashed: number;
  waiting: Map<number, Buffer[]>;
  /** When the simulated uplink is free again: parallel chunks share it, so chunkDelayMs adds up per upload. */
  uplinkFreeAt: number;
}

/** A finished upload, by filename: what add/v3 may name. */
export interface UploadedVideo {
  account: string;
  cid: number;
  media: StoredMedia;
}

const sessions = (state: SimState) => state.bag<UploadSession>('bilibili.upos');
export const uploadedVideos = (state: SimState) => state.bag<UploadedVideo>('bilibili.videos');

export function preupload(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = apiUserOf(req, res, state);
  if (!user) return;
  const o = state.opts(P);
  if (o.rejectVideo) return json(res, 200, { OK: 0, message: o.rejectVideo });
  const size = Number(route.query.get('size'));
  if (route.query.get('r') !== 'upos' || !Number.isSafeInteger(size) || size <= 0) return json(res, 200, { OK: 0, message: '参数错误' });
  const name = route.query.get('name') ?? '';
  const key = `n${Date.now().toString(36)}${randomBytes(10).toString('hex')}${extname(name).toLowerCase() || '.mp4'}`;
  const auth = `ak=1494471752&cdn=%2F%2F${UPOS_HOST}&os=upos&sign=${randomBytes(16).toString('hex')}&timestamp=${Date.now() / 1000}&uid=${user.uid}`;
  const bizId = 500_001_000_000_000 + state.nextSeq();
  sessions(state).set(key, {
    account: user.uid,
    auth,
    bizId,
    size,
    filename: key.replace(/\.[^.]+$/, ''),
    uploadId: null,
    file: o.discardUploads ? null : openUploadFile(size),
    hash: createHash('sha256'),
    hashed: 0,
    waiting: new Map(),
    uplinkFreeAt: 0,
  });
  json(res, 200, {
    OK: 1,
    auth,
    biz_id: bizId,
    chunk_retry: 10,
    chunk_retry_delay: 3,
    chunk_size: o.chunkSize,
    endpoint: `//${UPOS_HOST}`,
    endpoints: [`//${UPOS_HOST}`],
    expose_params: null,
    put_query: 'os=upos&profile=ugcfx%2Fbup',
    threads: UPLOAD_THREADS,
    timeout: 1200,
    uip: '127.0.0.1',
    upos_uri: `upos://${BUCKET}/${key}`,
  });
}

function openUploadFile(size: number): PositionalFile {
  const path = join(tmpdir(), `plume-sim-upos-${randomBytes(8).toString('hex')}`);
  const fd = openSync(path, 'wx+');
  unlinkSync(path);
  ftruncateSync(fd, size);
  return new PositionalFile(fd);
}

/** The upos host's answer to a request on `/<bucket>/<key>`: X-Upos-Auth must be preupload's `auth`. */
function sessionOf(req: IncomingMessage, res: ServerResponse, state: SimState, key: string): UploadSession | null {
  const s = sessions(state).get(key);
  if (!s) {
    res.writeHead(404).end();
    return null;
  }
  if (req.headers['x-upos-auth'] !== s.auth) {
    res.writeHead(403, { 'x-upos-auth': 'AUTH_INVALID' }).end();
    return null;
  }
  return s;
}

/** POST …?uploads starts the multipart upload; POST …?uploadId finishes it. */
export async function uposPost(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState, key: string): Promise<void> {
  const body = await readBody(req, 1024 * 1024);
  const s = sessionOf(req, res, state, key);
  if (!s) return;
  if (route.query.has('uploads')) {
    if (Number(route.query.get('filesize')) !== s.size || !route.query.get('partsize')) return json(res, 400, { OK: 0, message: 'bad filesize or partsize' });
    s.uploadId = randomBytes(16).toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
    return json(res, 200, { OK: 1, bucket: BUCKET, key: `/${key}`, upload_id: s.uploadId });
  }
  if (!s.uploadId || route.query.get('uploadId') !== s.uploadId) return json(res, 400, { OK: 0, message: 'no such upload' });
  let parts: unknown;
  try {
    parts = (JSON.parse(body.toString('utf8')) as { parts?: unknown }).parts;
  } catch {
    parts = undefined;
  }
  if (!Array.isArray(parts) || parts.length === 0) return json(res, 400, { OK: 0, message: 'parts missing' });
  if (s.hashed !== s.size) return json(res, 200, { OK: 0, message: `分片不完整 (${s.hashed}/${s.size})` });
  sessions(state).delete(key);
  await s.file?.close();
  const media = state.storeMedia(P, s.account, 'video', { size: s.size, sha256: s.hash.digest('hex') });
  uploadedVideos(state).set(s.filename, { account: s.account, cid: s.bizId, media });
  json(res, 200, { OK: 1, location: `${BUCKET}/${key}`, bucket: BUCKET, key: `/${key}` });
}

export async function uposPut(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState, key: string): Promise<void> {
  const s = sessionOf(req, res, state, key);
  if (!s) return;
  const start = Number(route.query.get('start'));
  const end = Number(route.query.get('end'));
  if (!s.uploadId || route.query.get('uploadId') !== s.uploadId) return json(res, 400, { OK: 0, message: 'no such upload' });
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end > s.size || end <= start || Number(route.query.get('total')) !== s.size) {
    return json(res, 400, { OK: 0, message: 'bad range' });
  }
  const buffers: Buffer[] = [];
  const n = await writeBodyAt(req, s.file, start, end - start, (c) => buffers.push(c));
  if (n !== end - start) return json(res, 400, { OK: 0, message: 'bad range' });
  hashInOrder(s, start, buffers);
  // A real uplink takes time (progress must be observable); chunks in parallel share it.
  const now = Date.now();
  s.uplinkFreeAt = Math.max(now, s.uplinkFreeAt) + state.opts(P).chunkDelayMs;
  await sleep(s.uplinkFreeAt - now);
  res.writeHead(200, { 'content-type': 'text/plain', etag: '"etag"' });
  res.end('MULTIPART_PUT_SUCCESS');
}

function hashInOrder(s: UploadSession, start: number, buffers: Buffer[]): void {
  if (start < s.hashed || s.waiting.has(start)) return; // sent again: those bytes are already counted
  s.waiting.set(start, buffers);
  for (let next = s.waiting.get(s.hashed); next; next = s.waiting.get(s.hashed)) {
    s.waiting.delete(s.hashed);
    for (const c of next) s.hash.update(c);
    s.hashed += next.reduce((sum, c) => sum + c.length, 0);
  }
}

/** The path of a request to the upos host (`/<host>/<bucket>/<key>`), or null. */
export const UPOS_PATH = new RegExp(`^/${UPOS_HOST.replace(/\./g, '\\.')}/${BUCKET}/([\\w.]+)$`);

