/**
 * The bare HTTP sender the edge upload is judged by: bilibili's upos protocol
 * (test/platform-simulator/bilibili/upos.ts) spoken by plain `node:http`, no
 * browser, no adapter — preupload, the multipart init, every chunk PUT with
 * its part number and range, `threads` (3) of them in flight, and the
 * completion, with the same URLs, query fields and headers the replica's
 * upload page sends and the same chunk size the simulator hands out.
 *
 * The chunk bodies come from one descriptor of the file, as the edge daemon
 * sends them from the sandbox's: `pread` (default) reads each chunk whole into
 * one of three reused buffers and writes it in one call; `stream` pipes a
 * `fs.createReadStream` of the chunk's range (1 MiB reads) into the request.
 * One keep-alive agent, so the three connections are opened once.
 */
import { closeSync, createReadStream, openSync, read } from 'node:fs';
import { Agent, request } from 'node:http';
import { promisify } from 'node:util';

const pread = promisify(read);

const CHUNK_STREAM_READ = 1024 * 1024;

/** One request; resolves with the status, headers and body text. */
function call(url, { method = 'GET', headers = {}, body, agent }) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    if (typeof body === 'function') body(req);
    else req.end(body);
  });
}

const jsonOf = (answer, what) => {
  if (answer.status !== 200) throw new Error(`${what} answered HTTP ${answer.status}: ${answer.text.slice(0, 200)}`);
  return JSON.parse(answer.text);
};

/**
 * Uploads `path` to the bilibili replica at `base` (the simulator's /bilibili
 * prefix) as the account whose session cookie is `cookie` ("name=value").
 * Resolves with the seconds from preupload to the completion's answer, the
 * times (ms, performance.now()) of each step, and what add/v3 names the
 * upload by.
 */
export async function uposUpload({ base, cookie, path, size, body = 'pread' }) {
  const live = (u) => `${base}/${u.replace(/^(https?:)?\/\//, '')}`;
  const agent = new Agent({ keepAlive: true });
  const fd = openSync(path, 'r');
  const buffers = [];
  try {
    const marks = { start: performance.now() };
    const name = path.split('/').pop();
    const pre = jsonOf(
      await call(live(`https://member.bilibili.com/preupload?name=${encodeURIComponent(name)}&size=${size}&r=upos&profile=ugcfx%2Fbup&ssl=0&version=2.14.0&build=2140000&webVersion=2.14.0`), {
        headers: { cookie },
        agent,
      }),
      'preupload',
    );
    if (pre.OK !== 1) throw new Error(`preupload refused: ${pre.message}`);
    const url = live(`https:${pre.endpoint}/${pre.upos_uri.replace('upos://', '')}`);
    const auth = { 'X-Upos-Auth': pre.auth };
    const init = jsonOf(
      await call(`${url}?uploads&output=json&profile=ugcfx%2Fbup&filesize=${size}&partsize=${pre.chunk_size}&biz_id=${pre.biz_id}`, { method: 'POST', headers: auth, agent }),
      'upload init',
    );
    if (init.OK !== 1) throw new Error(`upload init refused: ${init.message}`);
    marks.init = performance.now();
    const chunks = Math.max(1, Math.ceil(size / pre.chunk_size));
    const threads = Math.min(chunks, pre.threads || 1);
    if (body === 'pread') for (let i = 0; i < threads; i++) buffers.push(Buffer.allocUnsafeSlow(pre.chunk_size));
    const parts = [];
    let next = 0;
    const send = async (slot) => {
      while (next < chunks) {
        const i = next++;
        const start = i * pre.chunk_size;
        const end = Math.min(size, start + pre.chunk_size);
        const q = `?partNumber=${i + 1}&uploadId=${init.upload_id}&chunk=${i}&chunks=${chunks}&size=${end - start}&start=${start}&end=${end}&total=${size}`;
        const headers = { ...auth, 'Content-Type': 'application/octet-stream', 'Content-Length': String(end - start) };
        const answer = await call(url + q, {
          method: 'PUT',
          headers,
          agent,
          body: async (req) => {
            if (body === 'stream') {
              createReadStream(null, { fd, start, end: end - 1, autoClose: false, highWaterMark: CHUNK_STREAM_READ }).on('error', (e) => req.destroy(e)).pipe(req);
              return;
            }
            const buf = buffers[slot].subarray(0, end - start);
            const { bytesRead } = await pread(fd, buf, 0, buf.length, start);
            if (bytesRead !== buf.length) return req.destroy(new Error(`read ${bytesRead} of ${buf.length} bytes at ${start}`));
            req.end(buf);
          },
        });
        if (answer.status !== 200) throw new Error(`chunk ${i} answered HTTP ${answer.status}: ${answer.text.slice(0, 200)}`);
        parts.push({ partNumber: i + 1, eTag: 'etag' });
        marks.firstChunk ??= performance.now();
      }
    };
    await Promise.all(Array.from({ length: threads }, (_, slot) => send(slot)));
    marks.lastChunk = performance.now();
    const done = jsonOf(
      await call(`${url}?output=json&name=${encodeURIComponent(name)}&profile=ugcfx%2Fbup&uploadId=${init.upload_id}&biz_id=${pre.biz_id}`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json; charset=UTF-8' },
        body: JSON.stringify({ parts }),
        agent,
      }),
      'upload completion',
    );
    if (done.OK !== 1) throw new Error(`upload completion refused: ${done.message}`);
    marks.end = performance.now();
    return {
      seconds: (marks.end - marks.start) / 1000,
      marks,
      filename: pre.upos_uri.split('/').pop().replace(/\.[^.]+$/, ''),
      cid: pre.biz_id,
    };
  } finally {
    agent.destroy();
    closeSync(fd);
  }
}

/**
 * Submits an uploaded video with add/v3, as the adapter's `publish` does, so
 * the simulator records what it received (size and SHA-256) as the post's
 * media. Resolves with the post id (bvid).
 */
export async function submitUpload({ base, cookie, filename, cid, title }) {
  const page = await call(`${base}/member.bilibili.com/platform/upload/video/frame`, { headers: { cookie } });
  const csrf = /bili_jct=([^;]+)/.exec(String(page.headers['set-cookie'] ?? ''))?.[1];
  if (!csrf) throw new Error(`the upload page set no bili_jct (HTTP ${page.status})`);
  const answer = jsonOf(
    await call(`${base}/member.bilibili.com/x/vu/web/add/v3?ts=${Date.now()}&csrf=${csrf}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ videos: [{ filename, title, desc: '', cid }], title, copyright: 1, tid: 36, tag: 'Plume', desc: '', csrf }),
    }),
    'add/v3',
  );
  if (answer.code !== 0) throw new Error(`add/v3 refused: ${answer.message}`);
  return answer.data.bvid;
}
