/**
 * The bilibili replica's video pages: the creator centre's upload page
 * (member.bilibili.com/platform/upload/video/frame; its own script runs the
 * upos upload of upos.ts, several chunk PUTs in flight, and shows 上传完成),
 * the partition list (x/vupre/web/archive/pre), the cover upload
 * (x/vu/web/cover/up, a base64 data URL), the submission (x/vu/web/add/v3,
 * JSON, HTTP 200 with a `code`), the creator's archive list and the video page.
 * `forms` keys: `add-answer` (which ids add/v3's answer names: `aid+bvid`, `aid`
 * or `none`; see addAnswerData); `refusal-code` (the code add/v3 refuses with when
 * `rejectPublish` is set: 21100 by default; the codes recorded for a throttled or
 * stopped account — 21566, 21564, 21590, -102 — with the message `rejectPublish` gives).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, readBody, readJson, type Route } from '../http.js';
import { acceptPublish } from '../platform.js';
import { sha256, type SimState } from '../state.js';
import { apiUserOf, csrfOk, memberUser, P, plainPage } from './common.js';
import { uploadedVideos } from './upos.js';

/** The partitions the replica's archive/pre lists (parents with their children, as bilibili's typelist). */
export const BILIBILI_TYPELIST: ReadonlyArray<{ id: number; name: string; children: ReadonlyArray<{ id: number; name: string }> }> = [
  { id: 1, name: '动画', children: [{ id: 27, name: '综合' }, { id: 24, name: 'MAD·AMV' }] },
  { id: 3, name: '音乐', children: [{ id: 28, name: '原创音乐' }, { id: 31, name: '翻唱' }] },
  { id: 4, name: '游戏', children: [{ id: 17, name: '单机游戏' }, { id: 65, name: '网络游戏' }] },
  { id: 36, name: '知识', children: [{ id: 201, name: '科学科普' }, { id: 124, name: '社科·法律·心理' }, { id: 122, name: '野生技术协会' }] },
  { id: 188, name: '科技', children: [{ id: 95, name: '数码' }, { id: 230, name: '软件应用' }, { id: 231, name: '计算机技术' }] },
  { id: 160, name: '生活', children: [{ id: 21, name: '日常' }, { id: 138, name: '搞笑' }] },
  { id: 211, name: '美食', children: [{ id: 76, name: '美食制作' }] },
];

const partitionById = (tid: number) => {
  for (const p of BILIBILI_TYPELIST) {
    if (p.id === tid) return p.name;
    const c = p.children.find((x) => x.id === tid);
    if (c) return c.name;
  }
  return undefined;
};

export function uploadPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = memberUser(req, res, route, state);
  if (!user) return;
  const omit = state.opts(P).omit;
  const input = omit.includes('video-input') ? '' : `<input type="file" accept=".mp4,.flv,.avi,.wmv,.mov,.webm,.mpeg4,.ts,.mpg,.rm,.rmvb,.mkv,.m4v" multiple="multiple" style="display:none">`;
  const body = `<div id="app"><div class="upload-wrp"><div class="bcc-upload"><div class="bcc-upload-wrapper">${input}
  <div class="upload-btn">上传视频</div></div></div>
  <div class="file-list" hidden><div class="file-item"><span class="file-item-name"></span>
  <div class="file-item-progress"><span class="file-item-status">等待上传</span> <span class="file-item-percent">0%</span></div></div></div></div></div>`;
  // The page's own uploader: real bilibili URLs, reached through the replica's host mapping.
  const script = `
const BASE = ${JSON.stringify(route.prefix)};
const live = (u) => BASE + '/' + String(u).replace(/^(https?:)?\\/\\//, '');
const $ = (s) => document.querySelector(s);
const input = $('input[type=file]');
let run = 0;
const status = (text, percent) => { $('.file-item-status').textContent = text; if (percent !== undefined) $('.file-item-percent').textContent = percent + '%'; };
if (input) input.addEventListener('change', async () => {
  const file = input.files[0]; if (!file) return;
  const mine = ++run;
  $('.file-list').hidden = false; $('.file-item-name').textContent = file.name; status('上传中', 0);
  const fail = (msg) => { if (mine === run) status('上传失败：' + msg); };
  try {
    const pre = await (await fetch(live('https://member.bilibili.com/preupload?name=' + encodeURIComponent(file.name) + '&size=' + file.size + '&r=upos&profile=ugcfx%2Fbup&ssl=0&version=2.14.0&build=2140000&webVersion=2.14.0'), { credentials: 'include' })).json();
    if (pre.OK !== 1) return fail(pre.message || '预上传失败');
    const url = live('https:' + pre.endpoint + '/' + pre.upos_uri.replace('upos://', ''));
    const auth = { 'X-Upos-Auth': pre.auth };
    const init = await (await fetch(url + '?uploads&output=json&profile=ugcfx%2Fbup&filesize=' + file.size + '&partsize=' + pre.chunk_size + '&biz_id=' + pre.biz_id, { method: 'POST', headers: auth })).json();
    if (init.OK !== 1) return fail(init.message || '上传初始化失败');
    const chunks = Math.max(1, Math.ceil(file.size / pre.chunk_size));
    let next = 0, sent = 0, failed = null; const parts = [];
    const send = async () => {
      while (next < chunks && failed === null && mine === run) {
        const i = next++, start = i * pre.chunk_size, end = Math.min(file.size, start + pre.chunk_size);
        const q = '?partNumber=' + (i + 1) + '&uploadId=' + init.upload_id + '&chunk=' + i + '&chunks=' + chunks + '&size=' + (end - start) + '&start=' + start + '&end=' + end + '&total=' + file.size;
        const r = await fetch(url + q, { method: 'PUT', headers: { ...auth, 'Content-Type': 'application/octet-stream' }, body: file.slice(start, end) }).catch(() => null);
        if (!r || !r.ok) { failed ??= r ? '分片上传失败' : '网络错误'; return; }
        parts.push({ partNumber: i + 1, eTag: 'etag' });
        sent += end - start; if (mine === run) status('上传中', Math.floor(sent * 100 / file.size));
      }
    };
    await Promise.all(Array.from({ length: Math.min(chunks, pre.threads || 1) }, send));
    if (mine !== run) return;
    if (failed !== null) return fail(failed);
    const done = await (await fetch(url + '?output=json&name=' + encodeURIComponent(file.name) + '&profile=ugcfx%2Fbup&uploadId=' + init.upload_id + '&biz_id=' + pre.biz_id,
      { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json; charset=UTF-8' }, body: JSON.stringify({ parts }) })).json();
    if (done.OK !== 1) return fail(done.message || '上传失败');
    if (mine === run) status('上传完成', 100);
  } catch (e) { fail('网络错误'); }
});`;
  html(res, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>创作中心 - bilibili</title></head><body>${body}<script>${script}</script></body></html>`);
}

/** GET x/vupre/web/archive/pre: what the upload form offers, the partition list among it. */
export function archivePre(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): void {
  if (!apiUserOf(req, res, state)) return;
  const typelist = state.opts(P).omit.includes('typelist') ? undefined : BILIBILI_TYPELIST;
  json(res, 200, { code: 0, message: '0', ttl: 1, data: { typelist, myinfo: {} } });
}

/** POST x/vu/web/cover/up: form `csrf` + `cover` (a base64 data URL) → data.url on the image host. */
export async function coverUp(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const user = apiUserOf(req, res, state);
  if (!user) return;
  const form = new URLSearchParams((await readBody(req, 16 * 1024 * 1024)).toString('utf8'));
  if (!csrfOk(res, user, form.get('csrf'))) return;
  const reject = state.opts(P).rejectCover;
  if (reject) return json(res, 200, { code: -400, message: reject, ttl: 1 });
  const m = /^data:(image\/[\w+.-]+);base64,(.+)$/s.exec(form.get('cover') ?? '');
  const bytes = m ? Buffer.from(m[2]!, 'base64') : Buffer.alloc(0);
  if (bytes.length === 0) return json(res, 200, { code: -400, message: '请求错误', ttl: 1 });
  const stored = state.storeMedia(P, user.uid, 'cover', bytes, m![1]);
  json(res, 200, { code: 0, message: '0', ttl: 1, data: { url: `https://archive.biliimg.com/bfs/archive/${stored.id}.jpg` } });
}

/** POST x/vu/web/add/v3?csrf=…: the submission. Validates like the creator centre; records the post as bilibili stores it. */
export async function addV3(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const user = apiUserOf(req, res, state);
  if (!user) return;
  const b = await readJson(req);
  if (!csrfOk(res, user, route.query.get('csrf'))) return;
  const refuse = (code: number, message: string) => json(res, 200, { code, message, ttl: 1 });
  const title = String(b.title ?? '');
  const desc = String(b.desc ?? '');
  const tid = Number(b.tid);
  const tags = String(b.tag ?? '').split(',').filter(Boolean);
  const videos = Array.isArray(b.videos) ? (b.videos as Array<{ filename?: unknown; cid?: unknown }>) : [];
  const video = uploadedVideos(state).get(String(videos[0]?.filename ?? ''));
  const coverId = /^https:\/\/archive\.biliimg\.com\/bfs\/archive\/(\w+)\.jpg$/.exec(String(b.cover ?? ''))?.[1];
  const cover = coverId ? state.media.get(coverId) : undefined;
  const dtime = b.dtime === undefined || b.dtime === 0 ? undefined : Number(b.dtime);
  if (!title.trim() || Array.from(title).length > 80) return refuse(21001, '标题需为 1-80 字');
  if (!partitionById(tid)) return refuse(21002, '请选择分区');
  if (tags.length < 1 || tags.length > 10) return refuse(21003, '请添加 1-10 个标签');
  if (Array.from(desc).length > 2000) return refuse(21004, '简介过长');
  if (b.copyright !== 1 && b.copyright !== 2) return refuse(21005, '请选择类型');
  if (b.copyright === 2 && !String(b.source ?? '').trim()) return refuse(21005, '转载稿件需注明来源');
  if (!video || video.account !== user.uid || Number(videos[0]?.cid) !== video.cid) return refuse(21006, '视频尚未上传完成');
  if (b.cover && (!cover || cover.account !== user.uid || cover.kind !== 'cover')) return refuse(21007, '封面无效');
  if (dtime !== undefined && !(Number.isSafeInteger(dtime) && dtime * 1000 > Date.now())) return refuse(21008, '定时发布时间无效');
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return refuse(Number(state.opts(P).forms['refusal-code'] ?? 21100), rejected);
  const bvid = `BV1${randomBase58(9)}`;
  const aid = state.nextSeq() + 100_000_000;
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: user.uid,
      postId: bvid,
      url: `${route.prefix}/www.bilibili.com/video/${bvid}`,
      title,
      body: desc,
      settings: {
        partitionName: partitionById(tid),
        partitionId: tid,
        tags,
        aiLabel: b.ai_declare === 1,
        copyright: b.copyright === 1 ? 'original' : 'repost',
        sourceUrl: b.copyright === 2 ? String(b.source) : undefined,
        visibility: b.is_only_self === 1 ? 'private' : 'public',
        scheduledAt: dtime === undefined ? undefined : new Date(dtime * 1000).toISOString(),
        coverSource: cover ? 'custom' : 'auto',
      },
      media: [
        { kind: 'video', size: video.media.size, sha256: video.media.sha256 },
        ...(cover ? [{ kind: 'cover' as const, size: cover.size, sha256: cover.sha256 }] : []),
      ],
    },
    { code: 0, message: '0', ttl: 1, data: addAnswerData(aid, bvid, state) },
  );
}

/** Each archive's av number, by bvid (the archive list names both). */
const aids = (state: SimState) => state.bag<number>('bilibili:aids');

/**
 * What the add/v3 answer's `data` names, by `forms['add-answer']`: `aid+bvid`
 * (default, as bilibili-API-collect records it), `aid` (the av number only),
 * `none` (no id: a client reading only `code`, as biliup does, learns nothing more).
 */
function addAnswerData(aid: number, bvid: string, state: SimState): Record<string, unknown> {
  aids(state).set(bvid, aid);
  const form = state.opts(P).forms['add-answer'];
  if (form === 'aid') return { aid };
  if (form === 'none') return {};
  return { aid, bvid };
}

/** GET x/web/archives: the creator's archives, newest first (what `verify` reads). */
export function archives(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = apiUserOf(req, res, state);
  if (!user) return;
  const ps = Math.min(50, Number(route.query.get('ps')) || 10);
  const mine = state.published.filter((p) => p.platform === P && p.account === user.uid && p.postId.startsWith('BV')).reverse();
  const arc_audits = mine.slice(0, ps).map((p) => ({
    Archive: { aid: aids(state).get(p.postId) ?? 0, bvid: p.postId, title: p.title ?? '', desc: p.body, ctime: Math.floor(Date.parse(p.at) / 1000), state: -30, state_desc: '审核中' },
    stat: {},
  }));
  json(res, 200, { code: 0, message: '0', ttl: 1, data: { arc_audits, page: { pn: 1, ps, count: mine.length } } });
}

export function videoPage(res: ServerResponse, state: SimState, bvid: string): void {
  const p = state.published.find((x) => x.platform === P && x.postId === bvid);
  if (!p) return html(res, plainPage('出错啦! - bilibili', '<p>啊叻？视频不见了？</p>'), 404);
  html(res, plainPage(`${p.title}_哔哩哔哩_bilibili`, `<h1 class="video-title">${esc(p.title ?? '')}</h1><div class="desc-info-text">${esc(p.body)}</div>`));
}

export function serveImage(res: ServerResponse, state: SimState, id: string): void {
  const m = state.media.get(id);
  if (!m?.bytes) return json(res, 404, { code: 404 });
  res.writeHead(200, { 'content-type': m.contentType ?? 'image/jpeg', etag: sha256(m.bytes) });
  res.end(m.bytes);
}

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function randomBase58(n: number): string {
  return Array.from(randomBytes(n), (b) => B58[b % B58.length]).join('');
}
