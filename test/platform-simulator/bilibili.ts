/**
 * Simulated bilibili creator centre: the video upload page (chunked upload,
 * several chunk PUTs in flight as upos's uploader sends them, then
 * "transcoding" the page polls 0 → 100 %, then an automatic cover), the
 * form (title prefilled from the file name, custom cover, 自制/转载, partition
 * chosen from a list of names, tags, description, AI-content declaration,
 * 仅自己可见), the
 * submit API (HTTP 200 with a `code`, as the real one answers), and the
 * creator's archive list that `verify` reads.
 */
import { createHash, type Hash, randomBytes } from 'node:crypto';
import { ftruncateSync, openSync, unlinkSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { esc, html, json, loginPage, page, PositionalFile, readBody, readJson, sleep, testIds, writeBodyAt, type Route } from './http.js';
import { acceptPublish, apiUser, pageUser, router, type PlatformSim } from './platform.js';
import { sha256, type SimState, type StoredMedia } from './state.js';

const P = 'bilibili';
const BRAND = 'bilibili 创作中心';
const LOGIN = '/passport/login';
const CHUNK_SIZE = 96 * 1024;
/** Chunk PUTs the page keeps in flight: what upos's preupload answers as `threads`. */
const UPLOAD_THREADS = 3;
export const BILIBILI_PARTITIONS: ReadonlyArray<{ tid: number; name: string }> = [
  { tid: 1, name: '动画' },
  { tid: 3, name: '音乐' },
  { tid: 4, name: '游戏' },
  { tid: 36, name: '知识' },
  { tid: 119, name: '鬼畜' },
  { tid: 129, name: '舞蹈' },
  { tid: 155, name: '时尚' },
  { tid: 160, name: '生活' },
  { tid: 181, name: '影视' },
  { tid: 188, name: '科技' },
  { tid: 202, name: '资讯' },
  { tid: 211, name: '美食' },
  { tid: 217, name: '动物圈' },
  { tid: 223, name: '汽车' },
  { tid: 234, name: '运动' },
];

interface UploadSession {
  account: string;
  name: string;
  size: number;
  filename: string;
  /** The file the chunks are written into at their offsets, sized at preupload and unlinked at once (an abandoned upload leaves nothing on disk); null with discardUploads. */
  file: PositionalFile | null;
  /** Hash of the bytes [0, hashed): chunks arrive out of order, so each is hashed once all before it are. */
  hash: Hash;
  hashed: number;
  /** Received chunks past the hashed prefix, by offset: at most the chunks in flight. */
  waiting: Map<number, Buffer[]>;
  /** When the simulated uplink is free again: parallel chunks share it, so chunkDelayMs adds up per upload. */
  uplinkFreeAt: number;
}
interface Transcode {
  account: string;
  media: StoredMedia;
  startedAt: number;
}

export const bilibili: PlatformSim = {
  platform: P,
  handle: router([
    ['GET', LOGIN, (_req, res, route) => html(res, loginPage(BRAND, route.prefix))],
    ['GET', '/platform/home', home],
    ['GET', '/platform/upload/video/frame', uploadPage],
    ['GET', '/preupload', preupload],
    ['PUT', /^\/upos\/(\w+)$/, (req, res, route, state, [id]) => putChunk(req, res, route, state, id!)],
    ['POST', /^\/upos\/(\w+)$/, (req, res, route, state, [id]) => completeUpload(req, res, route, state, id!)],
    ['GET', '/x/vu/web/transcode', transcodeStatus],
    ['POST', '/x/vu/web/cover/up', uploadCover],
    ['POST', '/x/vu/web/add/v3', submit],
    ['GET', '/platform/upload-manager/article', archives],
    ['GET', /^\/video\/(BV\w+)$/, (_req, res, route, state, [bvid]) => videoPage(res, route, state, bvid!)],
    ['GET', /^\/cover\/(\w+)\.jpg$/, (_req, res, _route, state, [id]) => serveCover(res, state, id!)],
  ]),
};

const uploads = (state: SimState) => state.bag<UploadSession>('bilibili.uploads');
const transcodes = (state: SimState) => state.bag<Transcode>('bilibili.transcodes');

function percentOf(state: SimState, t: Transcode): number {
  const ms = state.opts(P).transcodeMs;
  return ms <= 0 ? 100 : Math.min(100, Math.floor(((Date.now() - t.startedAt) / ms) * 100));
}

function home(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = pageUser(req, res, route, state, P, LOGIN);
  if (user) html(res, page({ title: '创作中心 - bilibili', brand: BRAND, user, body: '<main><h1>创作中心</h1></main>' }));
}

function uploadPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = pageUser(req, res, route, state, P, LOGIN);
  if (!user) return;
  const t = testIds(state.opts(P).omitTestIds);
  const body = `<main>
  <section><input id="video-file" type="file" accept="video/*,.mp4,.flv,.mkv,.mov" ${t('video-input')} aria-label="上传视频"></section>
  <section>
    <div id="upload-progress" role="progressbar" aria-label="上传进度" aria-valuemin="0" aria-valuemax="100" aria-valuenow="0" data-bytes-sent="0" data-bytes-total="0" ${t('upload-progress')}></div>
    <div id="transcode-progress" role="progressbar" aria-label="转码进度" aria-valuemin="0" aria-valuemax="100" aria-valuenow="0" ${t('transcode-progress')}></div>
    <span id="upload-status" ${t('upload-status')}>未上传</span>
    <div id="upload-error" role="alert" ${t('upload-error')} hidden></div>
  </section>
  <form id="form" hidden onsubmit="return false">
    <label>标题 <input id="title" maxlength="80" ${t('title-input')} aria-label="标题"></label>
    <div>封面 <img id="cover-preview" ${t('cover-preview')} data-source="none" alt="封面">
      <input id="cover-file" type="file" accept="image/*" ${t('cover-input')} aria-label="上传封面">
      <div id="cover-error" role="alert" ${t('cover-error')} hidden></div></div>
    <div role="radiogroup" aria-label="类型" ${t('copyright-group')}>
      <label><input type="radio" name="copyright" value="1" checked> 自制</label>
      <label><input type="radio" name="copyright" value="2"> 转载</label>
      <input id="source" ${t('repost-source')} aria-label="转载来源" placeholder="注明视频来源网址" hidden>
    </div>
    <div>分区 <button type="button" id="partition-button" ${t('partition-select')} aria-haspopup="listbox">请选择分区</button>
      <ul id="partition-list" role="listbox" aria-label="分区" ${t('partition-options')} hidden>
        ${BILIBILI_PARTITIONS.map((p) => `<li role="option" data-tid="${p.tid}">${esc(p.name)}</li>`).join('')}
      </ul></div>
    <div>标签 <input id="tag-input" ${t('tag-input')} aria-label="标签" placeholder="按回车键Enter创建标签"><div id="tag-list" ${t('tag-list')}></div></div>
    <label>简介 <textarea id="desc" maxlength="2000" ${t('desc-input')} aria-label="简介"></textarea></label>
    <fieldset>创作声明 <label><input type="checkbox" id="ai-label" ${t('ai-label')}> 作品包含AI生成内容</label></fieldset>
    <label><input type="checkbox" id="only-self" ${t('only-self')}> 仅自己可见</label>
    <button type="button" id="submit" ${t('submit-button')} disabled>立即投稿</button>
    <div id="submit-error" role="alert" ${t('submit-error')} hidden></div>
  </form>
  <div id="success" role="dialog" aria-label="投稿成功" ${t('submit-success')} hidden><h3>稿件投递成功</h3><a id="video-link" ${t('video-link')}>查看稿件</a></div>
</main>`;
  const script = `
const BASE = ${JSON.stringify(route.prefix)};
const $ = (id) => document.getElementById(id);
let filename = null, transcoded = false, tid = 0, tags = [], upload = 0;
const setStatus = (s) => { $('upload-status').textContent = s; };
const refresh = () => { $('submit').disabled = !transcoded; };
function fail(msg) { setStatus('上传失败'); $('upload-error').textContent = msg; $('upload-error').hidden = false; }
$('video-file').addEventListener('change', async () => {
  const file = $('video-file').files[0]; if (!file) return;
  const mine = ++upload; filename = null; transcoded = false; refresh();
  $('form').hidden = false; $('upload-error').hidden = true;
  if (!$('title').value) $('title').value = file.name.replace(/\\.[^.]+$/, '');
  const bar = $('upload-progress'); bar.dataset.bytesTotal = file.size; bar.dataset.bytesSent = 0; bar.setAttribute('aria-valuenow', 0);
  setStatus('上传中');
  try {
    const pre = await (await fetch(BASE + '/preupload?name=' + encodeURIComponent(file.name) + '&size=' + file.size + '&r=upos')).json();
    if (pre.OK !== 1) return fail(pre.message);
    // As upos's uploader: \`threads\` PUTs in flight, each a slice of the file; progress is the bytes of the chunks done.
    const chunks = Math.max(1, Math.ceil(file.size / pre.chunk_size));
    let next = 0, sent = 0, failed = null;
    const send = async () => {
      while (next < chunks && failed === null && mine === upload) {
        const i = next++, start = i * pre.chunk_size, end = Math.min(file.size, start + pre.chunk_size);
        const r = await fetch(pre.endpoint + '?partNumber=' + (i + 1) + '&chunk=' + i + '&chunks=' + chunks + '&start=' + start + '&end=' + end + '&total=' + file.size,
          { method: 'PUT', body: file.slice(start, end) }).catch(() => null);
        if (!r || !r.ok) { failed ??= r ? '分片上传失败' : '网络错误'; return; }
        if (mine !== upload) return;
        sent += end - start; bar.dataset.bytesSent = sent; bar.setAttribute('aria-valuenow', Math.floor(sent * 100 / file.size));
      }
    };
    await Promise.all(Array.from({ length: Math.min(chunks, pre.threads || 1) }, send));
    if (mine !== upload) return;
    if (failed !== null) return fail(failed);
    const done = await (await fetch(pre.endpoint + '?output=json&name=' + encodeURIComponent(file.name) + '&uploadId=' + pre.upload_id, { method: 'POST' })).json();
    if (done.OK !== 1) return fail(done.message);
    filename = done.filename; setStatus('转码中');
    // First look at once (a short video may already be done), then every 150 ms.
    const look = async () => {
      const percent = await fetch(BASE + '/x/vu/web/transcode?filename=' + filename).then((r) => r.json()).then((t) => t.data.percent, () => null);
      if (mine !== upload) return;
      if (percent !== null) $('transcode-progress').setAttribute('aria-valuenow', percent);
      if (percent === null || percent < 100) return void setTimeout(look, 150);
      transcoded = true; setStatus('上传完成');
      if ($('cover-preview').dataset.source !== 'custom') { $('cover-preview').src = BASE + '/cover/auto.jpg'; $('cover-preview').dataset.source = 'auto'; }
      refresh();
    };
    look();
  } catch (e) { fail('网络错误'); }
});
$('cover-file').addEventListener('change', async () => {
  const file = $('cover-file').files[0]; if (!file) return;
  $('cover-error').hidden = true;
  try {
    const j = await (await fetch(BASE + '/x/vu/web/cover/up', { method: 'POST', headers: { 'content-type': file.type || 'image/jpeg' }, body: file })).json();
    if (j.code !== 0) throw new Error(j.message);
    $('cover-preview').src = j.data.url; $('cover-preview').dataset.url = j.data.url; $('cover-preview').dataset.source = 'custom';
  } catch (e) { $('cover-error').textContent = '封面上传失败：' + e.message; $('cover-error').hidden = false; }
});
for (const r of document.querySelectorAll('input[name=copyright]')) r.addEventListener('change', () => { $('source').hidden = r.value !== '2' || !r.checked; });
$('partition-button').addEventListener('click', () => { $('partition-list').hidden = !$('partition-list').hidden; });
for (const li of $('partition-list').querySelectorAll('li')) li.addEventListener('click', () => {
  tid = Number(li.dataset.tid); $('partition-button').textContent = li.textContent; $('partition-list').hidden = true;
});
$('tag-input').addEventListener('keydown', (e) => {
  if (e.key !== 'Enter') return; e.preventDefault();
  const v = $('tag-input').value.trim(); $('tag-input').value = '';
  if (!v || tags.includes(v) || tags.length >= 10) return;
  tags.push(v); const s = document.createElement('span'); s.className = 'chip'; s.dataset.tag = v; s.textContent = v; $('tag-list').appendChild(s);
});
$('submit').addEventListener('click', async () => {
  $('submit').disabled = true; $('submit-error').hidden = true;
  const copyright = Number(document.querySelector('input[name=copyright]:checked').value);
  const body = { copyright, source: copyright === 2 ? $('source').value : '', tid, tag: tags.join(','), title: $('title').value,
    desc: $('desc').value, cover: $('cover-preview').dataset.url || '', cover_source: $('cover-preview').dataset.source,
    ai_declare: $('ai-label').checked ? 1 : 0, is_only_self: $('only-self').checked ? 1 : 0, videos: [{ filename, title: $('title').value }] };
  try {
    const j = await (await fetch(BASE + '/x/vu/web/add/v3', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
    if (j.code === 0) { $('video-link').href = BASE + '/video/' + j.data.bvid; $('success').hidden = false; return; }
    $('submit-error').textContent = j.message;
  } catch (e) { $('submit-error').textContent = '网络错误，请重试'; }
  $('submit-error').hidden = false; refresh();
});`;
  html(res, page({ title: '视频投稿 - bilibili 创作中心', brand: BRAND, user, body, script }));
}

function preupload(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = apiUser(req, res, state, P);
  if (!user) return;
  const reject = state.opts(P).rejectVideo;
  if (reject) return json(res, 406, { OK: 0, message: reject });
  const size = Number(route.query.get('size'));
  if (!Number.isSafeInteger(size) || size <= 0) return json(res, 400, { OK: 0, message: '文件大小无效' });
  const id = randomBytes(8).toString('hex');
  const filename = `n${Date.now().toString(36)}${id.slice(0, 6)}`;
  const file = state.opts(P).discardUploads ? null : openUploadFile(size);
  uploads(state).set(id, { account: user.uid, name: route.query.get('name') ?? '', size, filename, file, hash: createHash('sha256'), hashed: 0, waiting: new Map(), uplinkFreeAt: 0 });
  json(res, 200, { OK: 1, upload_id: id, chunk_size: state.opts(P).chunkSize || CHUNK_SIZE, threads: UPLOAD_THREADS, endpoint: `${route.prefix}/upos/${id}`, filename });
}

/** A file of `size` bytes to write the chunks into, unlinked at once: it goes away with its descriptor, even when an upload is abandoned. */
function openUploadFile(size: number): PositionalFile {
  const path = join(tmpdir(), `plume-sim-upos-${randomBytes(8).toString('hex')}`);
  const fd = openSync(path, 'wx+');
  unlinkSync(path);
  ftruncateSync(fd, size);
  return new PositionalFile(fd);
}

async function putChunk(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState, id: string): Promise<void> {
  const session = uploads(state).get(id);
  if (!session) return json(res, 404, { OK: 0, message: 'no such upload' });
  const start = Number(route.query.get('start'));
  const declared = req.headers['content-length'] === undefined ? null : Number(req.headers['content-length']);
  if (!Number.isSafeInteger(start) || start < 0 || (declared !== null && !(start + declared <= session.size))) return json(res, 400, { OK: 0, message: 'bad range' });
  // Straight from the socket to the chunk's place in the file; the same buffers are kept only until they can be hashed.
  const buffers: Buffer[] = [];
  const n = await writeBodyAt(req, session.file, start, session.size - start, (c) => buffers.push(c));
  if (declared !== null && n !== declared) return json(res, 400, { OK: 0, message: 'bad range' });
  hashInOrder(session, start, buffers);
  // A real uplink takes time (progress must be observable); chunks in parallel share it.
  const now = Date.now();
  session.uplinkFreeAt = Math.max(now, session.uplinkFreeAt) + state.opts(P).chunkDelayMs;
  await sleep(session.uplinkFreeAt - now);
  json(res, 200, { OK: 1 });
}

function hashInOrder(session: UploadSession, start: number, buffers: Buffer[]): void {
  if (start < session.hashed || session.waiting.has(start)) return; // sent again: those bytes are already counted
  session.waiting.set(start, buffers);
  for (let next = session.waiting.get(session.hashed); next; next = session.waiting.get(session.hashed)) {
    session.waiting.delete(session.hashed);
    for (const c of next) session.hash.update(c);
    session.hashed += next.reduce((sum, c) => sum + c.length, 0);
  }
}

async function completeUpload(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState, id: string): Promise<void> {
  await readBody(req);
  const session = uploads(state).get(id);
  if (!session) return json(res, 404, { OK: 0, message: 'no such upload' });
  if (session.hashed !== session.size) return json(res, 200, { OK: 0, message: `分片不完整 (${session.hashed}/${session.size})` });
  uploads(state).delete(id);
  // The bytes are never served back: the file goes, its hash stays.
  await session.file?.close();
  const media = state.storeMedia(P, session.account, 'video', { size: session.size, sha256: session.hash.digest('hex') });
  transcodes(state).set(session.filename, { account: session.account, media, startedAt: Date.now() });
  json(res, 200, { OK: 1, filename: session.filename });
}

function transcodeStatus(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = apiUser(req, res, state, P);
  if (!user) return;
  const t = transcodes(state).get(route.query.get('filename') ?? '');
  if (!t || t.account !== user.uid) return json(res, 404, { code: 404, message: '视频不存在' });
  json(res, 200, { code: 0, data: { percent: percentOf(state, t) } });
}

async function uploadCover(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const user = apiUser(req, res, state, P);
  if (!user) return;
  const bytes = await readBody(req);
  const reject = state.opts(P).rejectCover;
  if (reject) return json(res, 200, { code: 21012, message: reject });
  if (bytes.length === 0) return json(res, 200, { code: 21013, message: '封面为空' });
  const m = state.storeMedia(P, user.uid, 'cover', bytes, req.headers['content-type']);
  json(res, 200, { code: 0, data: { url: `${route.prefix}/cover/${m.id}.jpg` } });
}

async function submit(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const user = apiUser(req, res, state, P);
  if (!user) return;
  const b = await readJson(req);
  const refuse = (code: number, message: string) => json(res, 200, { code, message });
  const title = String(b.title ?? '');
  const desc = String(b.desc ?? '');
  const partition = BILIBILI_PARTITIONS.find((p) => p.tid === b.tid);
  const tags = String(b.tag ?? '').split(',').filter(Boolean);
  const copyright = b.copyright === 2 ? 2 : b.copyright === 1 ? 1 : 0;
  const videos = Array.isArray(b.videos) ? (b.videos as Array<{ filename?: string }>) : [];
  const transcode = transcodes(state).get(String(videos[0]?.filename ?? ''));
  const coverId = /\/cover\/(\w+)\.jpg$/.exec(String(b.cover ?? ''))?.[1];
  const cover = coverId ? state.media.get(coverId) : undefined;
  if (!title.trim() || Array.from(title).length > 80) return refuse(21001, '标题需为 1-80 字');
  if (!partition) return refuse(21002, '请选择分区');
  if (tags.length < 1 || tags.length > 10) return refuse(21003, '请添加 1-10 个标签');
  if (Array.from(desc).length > 2000) return refuse(21004, '简介过长');
  if (!copyright || (copyright === 2 && !String(b.source ?? '').trim())) return refuse(21005, '转载稿件需注明来源');
  if (!transcode || transcode.account !== user.uid || percentOf(state, transcode) < 100) return refuse(21006, '视频尚未上传完成');
  if (b.cover && (!cover || cover.account !== user.uid)) return refuse(21007, '封面无效');
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return refuse(21100, rejected);
  const bvid = `BV1${randomBase58(9)}`;
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: user.uid,
      postId: bvid,
      url: `${route.prefix}/video/${bvid}`,
      title,
      body: desc,
      settings: {
        partitionName: partition.name,
        partitionId: partition.tid,
        tags,
        aiLabel: b.ai_declare === 1,
        copyright: copyright === 1 ? 'original' : 'repost',
        sourceUrl: copyright === 2 ? String(b.source) : undefined,
        visibility: b.is_only_self === 1 ? 'private' : 'public',
        coverSource: cover ? 'custom' : 'auto',
      },
      media: [
        { kind: 'video', size: transcode.media.size, sha256: transcode.media.sha256 },
        ...(cover ? [{ kind: 'cover' as const, size: cover.size, sha256: cover.sha256 }] : []),
      ],
    },
    { code: 0, message: '0', data: { aid: state.nextSeq() + 100_000_000, bvid } },
  );
}

function archives(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = pageUser(req, res, route, state, P, LOGIN);
  if (!user) return;
  const mine = state.published.filter((p) => p.platform === P && p.account === user.uid).reverse();
  const rows = mine
    .map(
      (p) => `<li data-testid="archive-row"><a data-testid="archive-title" href="${esc(p.url)}">${esc(p.title ?? '')}</a>
  <time datetime="${p.at}">${p.at.slice(0, 16).replace('T', ' ')}</time> <span>审核中</span></li>`,
    )
    .join('\n');
  html(res, page({ title: '稿件管理 - bilibili 创作中心', brand: BRAND, user, body: `<main><h1>稿件管理</h1><ul data-testid="archive-list">${rows}</ul></main>` }));
}

function videoPage(res: ServerResponse, _route: Route, state: SimState, bvid: string): void {
  const p = state.published.find((x) => x.platform === P && x.postId === bvid);
  if (!p) return html(res, page({ title: '404', brand: 'bilibili', body: '<main>视频不存在</main>' }), 404);
  html(res, page({ title: `${p.title}_哔哩哔哩_bilibili`, brand: 'bilibili', body: `<main><h1>${esc(p.title ?? '')}</h1><p style="white-space:pre-wrap">${esc(p.body)}</p></main>` }));
}

const AUTO_COVER = Buffer.from('auto-cover');

function serveCover(res: ServerResponse, state: SimState, id: string): void {
  const m = id === 'auto' ? { bytes: AUTO_COVER, contentType: 'image/jpeg' } : state.media.get(id);
  if (!m?.bytes) return json(res, 404, { code: 404 });
  res.writeHead(200, { 'content-type': m.contentType ?? 'image/jpeg', etag: sha256(m.bytes) });
  res.end(m.bytes);
}

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function randomBase58(n: number): string {
  return Array.from(randomBytes(n), (b) => B58[b % B58.length]).join('');
}
