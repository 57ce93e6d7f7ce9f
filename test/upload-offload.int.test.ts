/**
 * Upload offload (edge-node/src/adapters/upload-offload.ts) in real Chromium
 * against a local upload server: which requests the daemon sends instead of
 * the browser, that the bytes are exactly the picked range of the opened
 * file, and what a hostile or failing page gets.
 *
 * Who sent a request is told apart by `Sec-Fetch-Mode`: Chromium adds it to
 * every fetch and a page cannot remove it; the daemon never sends it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedFile } from '../edge-node/src/adapters/contract.js';
import { offloadUploads } from '../edge-node/src/adapters/upload-offload.js';
import { eventually } from '../control-plane/src/testing/eventually.js';
import { JobMedia } from '../edge-node/src/jobs/media.js';
import { launchTestBrowser, makeCtx } from './platform-simulator/harness.js';

interface Seen {
  method: string;
  path: string;
  byBrowser: boolean;
  headers: IncomingMessage['headers'];
  sha256: string;
  size: number;
  aborted: boolean;
}

/** A server that records each upload it receives; `answer` decides the response (default, or when it returns false: 201 + JSON). */
async function uploadServer(answer?: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void | false) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      // CORS preflight of a cross-origin PUT from the browser.
      res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'PUT, POST', 'access-control-allow-headers': '*' });
      res.end();
      return;
    }
    if (req.method === 'GET') {
      res.setHeader('content-type', 'text/html');
      res.setHeader('set-cookie', 'session=s3cret; Path=/; SameSite=Lax');
      res.end('<!doctype html><input type="file" id="f" multiple>');
      return;
    }
    const chunks: Buffer[] = [];
    const record: Seen = { method: req.method!, path: req.url!, byBrowser: req.headers['sec-fetch-mode'] !== undefined, headers: req.headers, sha256: '', size: 0, aborted: false };
    seen.push(record);
    req.on('data', (c: Buffer) => chunks.push(c));
    res.on('close', () => {
      if (!res.writableEnded) record.aborted = true; // the client went away before the answer
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      record.sha256 = sha256(body);
      record.size = body.length;
      if (answer && answer(req, res, body) !== false) return; // false: the usual answer
      res.writeHead(201, { 'content-type': 'application/json', 'x-part-etag': `"${record.sha256.slice(0, 16)}"`, 'access-control-allow-origin': '*', 'access-control-expose-headers': 'x-part-etag' });
      res.end(JSON.stringify({ OK: 1, received: body.length }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url, seen };
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const closeServer = (s: Server) => {
  s.closeAllConnections();
  return new Promise<void>((r) => s.close(() => r()));
};

let browser: Browser;
let dir: string;
let bytes: Buffer;
let videoPath: string;
const servers: Server[] = [];
let context: BrowserContext | undefined;
let media: JobMedia | undefined;

beforeAll(async () => {
  browser = await launchTestBrowser();
  dir = await mkdtemp(join(tmpdir(), 'plume-offload-'));
  await mkdir(join(dir, 'videos', '7'), { recursive: true });
  bytes = randomBytes(3 * 1024 * 1024 + 12_345); // not a multiple of the 1 MiB read size
  videoPath = join(dir, 'videos', '7', 'clip.mp4');
  await writeFile(videoPath, bytes);
});
afterAll(async () => {
  await browser?.close();
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await context?.close();
  context = undefined;
  await media?.close();
  media = undefined;
  await Promise.all(servers.splice(0).map(closeServer));
});

/** Two upload servers on different origins; `other` is closed after the test (`site` is, once a page is opened on it). */
async function twoSites() {
  const [site, other] = await Promise.all([uploadServer(), uploadServer()]);
  servers.push(other.server);
  return { site, other };
}

/** A page on `site` with the file opened through the sandbox (as a job's media) and picked in its input. */
async function pageWithFile(site: { server: Server; url: string }, opts: { register?: boolean; uploadOrigins?: string[]; path?: string; signal?: AbortSignal } = {}) {
  servers.push(site.server);
  media = new JobMedia(join(dir, 'videos'), 7, join(dir, `staging-${randomBytes(4).toString('hex')}`));
  const file: OpenedFile = await media.open(opts.path ?? videoPath);
  const warnings: string[] = [];
  const ctx = makeCtx(site.url, { log: { debug() {}, info() {}, warn: (o, m) => warnings.push(`${m}: ${String(o.err)}`) }, ...(opts.signal ? { signal: opts.signal } : {}) });
  context = await browser.newContext();
  const page = await context.newPage();
  if (opts.register !== false) await offloadUploads(page, [file], ctx, { uploadOrigins: opts.uploadOrigins });
  await page.goto(site.url + '/');
  await page.setInputFiles('#f', file.path);
  return { page, file, ctx, warnings };
}

/** In the page: PUTs each [start, end) slice of the picked file; returns what the page's fetch resolved or rejected with. */
function putSlices(page: Page, url: string, slices: Array<[number, number?]>, init: Record<string, unknown> = {}) {
  return page.evaluate(
    async ({ url, slices, init }) => {
      const file = (document.getElementById('f') as HTMLInputElement).files![0]!;
      return Promise.all(
        slices.map(async ([a, b], i) => {
          try {
            const r = await fetch(`${url}/part?i=${i}`, { method: 'PUT', ...init, body: b === undefined ? file.slice(a) : file.slice(a, b) });
            return { status: r.status, body: await r.text(), etag: r.headers.get('x-part-etag'), type: r.headers.get('content-type') };
          } catch (e) {
            return { error: `${(e as Error).name}: ${(e as Error).message}` };
          }
        }),
      );
    },
    { url, slices, init },
  );
}

describe('offloaded uploads', () => {
  it('slices of the picked file are sent by the daemon from the opened descriptor, byte-exact, and the page reads the answer', async () => {
    const site = await uploadServer();
    const { page } = await pageWithFile(site);
    await page.context().addCookies([{ name: 'session', value: 's3cret', url: site.url, sameSite: 'Lax' }]);
    const slices: Array<[number, number?]> = [
      [0, 1024 * 1024],
      [1024 * 1024, 2 * 1024 * 1024 + 77],
      [2 * 1024 * 1024 + 77], // to the end, past several reads and a short last one
      [-1000], // negative counts from the end, as Blob.slice does
    ];
    const answers = await putSlices(page, site.url, slices, { headers: { 'x-upos-auth': 'token-123', 'content-type': 'video/mp4' } });

    const expected = [bytes.subarray(0, 1024 * 1024), bytes.subarray(1024 * 1024, 2 * 1024 * 1024 + 77), bytes.subarray(2 * 1024 * 1024 + 77), bytes.subarray(bytes.length - 1000)];
    expect(site.seen.map((s) => ({ byBrowser: s.byBrowser, size: s.size, sha256: s.sha256 }))).toEqual(
      expect.arrayContaining(expected.map((b) => ({ byBrowser: false, size: b.length, sha256: sha256(b) }))),
    );
    expect(site.seen).toHaveLength(4);
    for (const s of site.seen) {
      expect(s.method).toBe('PUT');
      expect(s.headers).toMatchObject({ 'x-upos-auth': 'token-123', 'content-type': 'video/mp4', cookie: 'session=s3cret', origin: site.url });
      expect(s.headers['user-agent']).toMatch(/Chrome\//);
    }
    for (const [i, a] of answers.entries()) {
      expect(a).toEqual({ status: 201, body: JSON.stringify({ OK: 1, received: expected[i]!.length }), etag: `"${sha256(expected[i]!).slice(0, 16)}"`, type: 'application/json' });
    }
  });

  it('a slice of a slice maps to the right bytes of the file', async () => {
    const site = await uploadServer();
    const { page } = await pageWithFile(site);
    await page.evaluate(async (url) => {
      const file = (document.getElementById('f') as HTMLInputElement).files![0]!;
      await fetch(`${url}/nested`, { method: 'POST', body: file.slice(100_000, 2_000_000).slice(5_000, -5_000) });
      await fetch(`${url}/whole`, { method: 'POST', body: file });
    }, site.url);
    expect(site.seen.map((s) => [s.path, s.byBrowser, s.sha256])).toEqual([
      ['/nested', false, sha256(bytes.subarray(105_000, 1_995_000))],
      ['/whole', false, sha256(bytes)],
    ]);
  });

  it('a page that is loaded again and an offload registered again keep working (prepare is repeated)', async () => {
    const site = await uploadServer();
    const { page, file, ctx } = await pageWithFile(site);
    await offloadUploads(page, [file], ctx);
    await page.reload();
    await page.setInputFiles('#f', file.path);
    await putSlices(page, site.url, [[0, 4096]]);
    expect(site.seen.map((s) => [s.byBrowser, s.sha256])).toEqual([[false, sha256(bytes.subarray(0, 4096))]]);
  });
});

/** In the page: one XHR PUT of a slice of the picked file; returns its events in order and what it exposed. */
/**
 * `abortOnceSent`: abort right after the upload ends (the body is out, no answer yet), whatever the
 * machine's speed; a fixed delay raced the daemon's send on a loaded machine.
 */
function xhrPut(page: Page, url: string, opts: { start: number; end: number; path?: string; responseType?: string; timeout?: number; abortOnceSent?: boolean }) {
  return page.evaluate(
    ({ url, opts }) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const file = (document.getElementById('f') as HTMLInputElement).files![0]!;
        const xhr = new XMLHttpRequest();
        const events: string[] = [];
        for (const t of ['loadstart', 'progress', 'load', 'error', 'abort', 'timeout', 'loadend']) {
          xhr.upload.addEventListener(t, (e) => events.push(`upload.${t}${t === 'progress' ? `:${(e as ProgressEvent).loaded}` : ''}`));
          if (t !== 'loadend') xhr.addEventListener(t, () => events.push(t));
        }
        xhr.onreadystatechange = () => events.push(`rs${xhr.readyState}`);
        xhr.open('PUT', `${url}${opts.path ?? '/xhr'}`);
        xhr.setRequestHeader('X-Upos-Auth', 'token-xhr');
        if (opts.responseType) xhr.responseType = opts.responseType as XMLHttpRequestResponseType;
        if (opts.timeout) xhr.timeout = opts.timeout;
        xhr.onloadend = () => {
          events.push('loadend');
          resolve({
            events,
            readyState: xhr.readyState,
            status: xhr.status,
            response: xhr.responseType === 'blob' ? 'blob' : xhr.response,
            etag: xhr.getResponseHeader('X-Part-Etag'),
            all: xhr.getAllResponseHeaders().includes('x-part-etag: '),
          });
        };
        if (opts.abortOnceSent) {
          xhr.upload.addEventListener('loadend', () =>
            setTimeout(() => {
              xhr.abort(); // its events run inside abort(); after it, the request is unsent again
              events.push(`after abort: rs${xhr.readyState}`);
            }, 50),
          );
        }
        xhr.send(file.slice(opts.start, opts.end));
      }),
    { url, opts },
  );
}

describe('XMLHttpRequest', () => {
  // The event sequences below are those Chromium's own XHR gives in each case (checked against a browser-sent XHR).
  it('an XHR upload of a slice is sent by the daemon and the page sees the events and answer an XHR gives', async () => {
    const site = await uploadServer();
    const { page } = await pageWithFile(site);
    const got = await xhrPut(page, site.url, { start: 1000, end: 1_501_000, responseType: 'json' });
    const sent = bytes.subarray(1000, 1_501_000);
    expect(site.seen.map((s) => [s.byBrowser, s.size, s.sha256, s.headers['x-upos-auth']])).toEqual([[false, sent.length, sha256(sent), 'token-xhr']]);
    // How many partial progress events come depends on how fast the body goes out (a loaded machine sends
    // 1.5 MB in more than one tick), as with Chromium's own XHR: they rise and stay below the size.
    const events = got.events as string[];
    const partial = events.filter((e) => e.startsWith('upload.progress:')).map((e) => Number(e.split(':')[1])).filter((n) => n < sent.length);
    expect(partial.every((n, i) => n > 0 && (i === 0 || n > partial[i - 1]!)), events.join(' ')).toBe(true);
    got.events = events.filter((e) => !partial.some((n) => e === `upload.progress:${n}`));
    expect(got).toEqual({
      events: [
        'rs1', 'loadstart', 'upload.loadstart', `upload.progress:${sent.length}`, 'upload.load', 'upload.loadend',
        'rs2', 'rs3', 'progress', 'rs4', 'load', 'loadend',
      ],
      readyState: 4,
      status: 201,
      response: { OK: 1, received: sent.length },
      etag: `"${sha256(sent).slice(0, 16)}"`,
      all: true,
    });

    // The same object opened again for a body the daemon does not take is an ordinary XHR again.
    const again = await page.evaluate(
      (url) =>
        new Promise((resolve) => {
          const xhr = new XMLHttpRequest();
          xhr.open('POST', `${url}/plain`);
          xhr.onload = () => resolve([xhr.status, xhr.responseText]);
          xhr.send('hello');
        }),
      site.url,
    );
    expect(again).toEqual([201, JSON.stringify({ OK: 1, received: 5 })]);
    expect(site.seen.at(-1)).toMatchObject({ path: '/plain', byBrowser: true });
  });

  it('gives, case by case, the event sequence a browser-sent XHR gives on the same server', async () => {
    const site = await uploadServer((req) => {
      if (req.url === '/silent') return; // never answers
      if (req.url === '/drop') return req.socket.destroy();
      return false;
    });
    const { page, file } = await pageWithFile(site);
    const plain = await page.context().newPage(); // no offload on this one: Chromium sends
    await plain.goto(site.url + '/');
    await plain.setInputFiles('#f', file.path);
    const cases = [
      { start: 0, end: 10_000 },
      { start: 0, end: 10_000, responseType: 'json' },
      { start: 0, end: 2048, path: '/silent', abortOnceSent: true },
      { start: 0, end: 2048, path: '/silent', timeout: 2000 },
      { start: 0, end: 10_000, path: '/drop' },
    ];
    for (const opts of cases) {
      const [offloaded, browser] = [await xhrPut(page, site.url, opts), await xhrPut(plain, site.url, opts)];
      expect(offloaded, JSON.stringify(opts)).toEqual(browser);
    }
    expect(site.seen.map((x) => x.byBrowser)).toEqual(cases.flatMap(() => [false, true]));
  });

  it('upload progress comes while the daemon sends a body the server reads slowly, then upload load', async () => {
    const slow = join(dir, 'videos', '7', 'slow.mp4');
    const size = 24 * 1024 * 1024;
    await writeFile(slow, randomBytes(size));
    const site = await uploadServer();
    site.server.prependListener('request', (req: IncomingMessage) => {
      // A slow uplink: the socket fills and the body goes out over about a second.
      req.on('data', () => {
        req.pause();
        setTimeout(() => req.resume(), 3);
      });
    });
    const { page } = await pageWithFile(site, { path: slow });
    const got = await xhrPut(page, site.url, { start: 0, end: size });
    const events = got.events as string[];
    const loaded = events.filter((e) => e.startsWith('upload.progress:')).map((e) => Number(e.split(':')[1]));
    expect(loaded.at(-1)).toBe(size);
    const partial = loaded.slice(0, -1);
    expect(partial.length, events.join(' ')).toBeGreaterThanOrEqual(2);
    expect(partial.every((n, i) => n > 0 && n < size && (i === 0 || n > partial[i - 1]!))).toBe(true);
    expect(events.indexOf('upload.load')).toBeGreaterThan(events.lastIndexOf(`upload.progress:${partial.at(-1)}`));
    expect(got).toMatchObject({ status: 201 });
    expect(site.seen.map((s) => [s.byBrowser, s.size])).toEqual([[false, size]]);
  });

  it('a blob responseType stays with the browser', async () => {
    const site = await uploadServer();
    const { page } = await pageWithFile(site);
    const got = await xhrPut(page, site.url, { start: 0, end: 10_000, responseType: 'blob' });
    expect(got).toMatchObject({ status: 201, response: 'blob' });
    expect(site.seen.map((s) => s.byBrowser)).toEqual([true]);
  });

  it('abort, a dropped connection and a timeout end the XHR as the browser would, and stop the daemon', async () => {
    const silent = await uploadServer(() => {}); // never answers
    const { page } = await pageWithFile(silent);
    const aborted = await xhrPut(page, silent.url, { start: 0, end: 2048, abortOnceSent: true });
    expect(aborted).toMatchObject({ readyState: 4, status: 0 }); // as seen in loadend
    // The body was out before the abort: upload load first, as Chromium's own XHR does (same sequences for a browser-sent XHR).
    expect(aborted.events).toEqual(['rs1', 'loadstart', 'upload.loadstart', 'upload.progress:2048', 'upload.load', 'upload.loadend', 'rs4', 'abort', 'loadend', 'after abort: rs0']);
    await eventually(() => silent.seen.map((s) => s.aborted)).toEqual([true]);

    const timedOut = await xhrPut(page, silent.url, { start: 0, end: 2048, timeout: 2000 });
    expect(timedOut).toMatchObject({ readyState: 4, status: 0 });
    expect(timedOut.events).toEqual(['rs1', 'loadstart', 'upload.loadstart', 'upload.progress:2048', 'upload.load', 'upload.loadend', 'rs4', 'timeout', 'loadend']);
    await eventually(() => silent.seen.map((s) => s.aborted)).toEqual([true, true]);
  });

  it('a connection the server drops is an XHR error', async () => {
    const site = await uploadServer((req) => req.socket.destroy());
    const { page } = await pageWithFile(site);
    const got = await xhrPut(page, site.url, { start: 0, end: 100_000 });
    expect(got).toMatchObject({ readyState: 4, status: 0 });
    expect(got.events).toEqual(['rs1', 'loadstart', 'upload.loadstart', 'upload.progress:100000', 'upload.load', 'upload.loadend', 'rs4', 'error', 'loadend']);
    expect(site.seen.map((s) => s.byBrowser)).toEqual([false]);
  });
});

describe('left to the browser', () => {
  it('a file the adapter did not register goes through Chromium, unchanged', async () => {
    const site = await uploadServer();
    const { page } = await pageWithFile(site, { register: false });
    await putSlices(page, site.url, [[0, 65_536]]);
    expect(site.seen.map((s) => [s.byBrowser, s.sha256])).toEqual([[true, sha256(bytes.subarray(0, 65_536))]]);
  });

  it('another origin over plain http is never sent by the daemon, even when listed', async () => {
    const { site, other } = await twoSites();
    const { page } = await pageWithFile(site, { uploadOrigins: [other.url] });
    const [answer] = await putSlices(page, other.url, [[0, 1000]]);
    expect(answer).toMatchObject({ status: 201 }); // the browser sent it (CORS allowed by that server)
    expect(other.seen.map((s) => s.byBrowser)).toEqual([true]);
    expect(site.seen).toHaveLength(0);
  });

  it('a page calling the binding itself gets nothing the browser would not give it', async () => {
    const { site, other } = await twoSites();
    const { page } = await pageWithFile(site);
    const answers = await page.evaluate(
      async ({ site, other, size }) => {
        const call = (window as unknown as Record<string, (r: unknown) => Promise<unknown>>)['__plumeUploadOffload']!;
        const base = { op: 'send', id: 1, method: 'PUT', headers: [], credentials: 'include', userAgent: 'x', file: { name: 'clip.mp4', size }, type: '' };
        return Promise.all([
          call({ ...base, url: `${other}/steal`, start: 0, end: 10 }), // another origin, not allowed
          call({ ...base, url: `${site}/past-end`, start: 0, end: size + 1 }), // beyond the file
          call({ ...base, url: `${site}/backwards`, start: 10, end: 5 }),
          call({ ...base, url: `${site}/other-file`, file: { name: 'passwd', size }, start: 0, end: 10 }), // not a registered file
          call({ ...base, url: 'file:///etc/passwd', start: 0, end: 10 }),
          call({ ...base, url: `${site}/method`, method: 'put\r\nx: y', start: 0, end: 10 }),
        ]);
      },
      { site: site.url, other: other.url, size: bytes.length },
    );
    expect(answers).toEqual(Array(6).fill({ pass: true }));
    expect(site.seen).toHaveLength(0);
    expect(other.seen).toHaveLength(0);
  });

  it('a page of another origin (an embed, a redirect) cannot use the binding', async () => {
    const { site, other } = await twoSites();
    const { page } = await pageWithFile(site);
    await page.goto(other.url + '/');
    const answer = await page.evaluate(
      (size) =>
        (window as unknown as Record<string, (r: unknown) => Promise<unknown>>)['__plumeUploadOffload']!({
          op: 'send', id: 1, method: 'PUT', headers: [], credentials: 'omit', userAgent: 'x', file: { name: 'clip.mp4', size }, type: '', url: `${location.origin}/exfiltrate`, start: 0, end: size,
        }),
      bytes.length,
    );
    expect(answer).toEqual({ pass: true });
    expect(other.seen).toHaveLength(0);
  });
});

describe('failures reach the page as fetch failures', () => {
  it('a connection the server drops is a TypeError in the page, and is logged', async () => {
    const site = await uploadServer((req) => req.socket.destroy());
    const { page, warnings } = await pageWithFile(site);
    expect(await putSlices(page, site.url, [[0, 100_000]])).toEqual([{ error: 'TypeError: Failed to fetch' }]);
    expect(warnings.join('\n')).toContain('offloaded upload request failed');
  });

  it('a file that shrinks while it is sent fails the request instead of sending short', async () => {
    const big = join(dir, 'videos', '7', 'big.mp4');
    await writeFile(big, randomBytes(48 * 1024 * 1024)); // far more than the reads ahead: most is read after the cut
    let truncated = false;
    const site = await uploadServer();
    site.server.prependListener('request', (req: IncomingMessage) => {
      if (req.method === 'PUT' && !truncated) {
        truncated = true;
        void truncate(big, 1024 * 1024);
      }
    });
    const { page, warnings } = await pageWithFile(site, { path: big });
    const [answer] = await putSlices(page, site.url, [[0]]);
    expect(answer).toEqual({ error: 'TypeError: Failed to fetch' });
    await eventually(() => site.seen.map((s) => s.aborted)).toEqual([true]);
    expect(warnings.join('\n')).toContain('the file changed while uploading');
  });

  it('an AbortController in the page aborts the daemon’s request', async () => {
    const site = await uploadServer(() => {}); // never answers
    const { page } = await pageWithFile(site);
    type Upload = { abort: AbortController; sent: Promise<string> };
    await page.evaluate((url) => {
      const file = (document.getElementById('f') as HTMLInputElement).files![0]!;
      const abort = new AbortController();
      const sent = fetch(`${url}/slow`, { method: 'PUT', body: file.slice(0, 2048), signal: abort.signal }).then(
        () => 'answered',
        (e: Error) => e.name,
      );
      (window as unknown as { upload: Upload }).upload = { abort, sent };
    }, site.url);
    // Aborted once the server holds the daemon's request, so there is a request to abort however slowly it came.
    await eventually(() => site.seen.length).toBe(1);
    const result = await page.evaluate(() => {
      const { abort, sent } = (window as unknown as { upload: Upload }).upload;
      abort.abort();
      return sent;
    });
    expect(result).toBe('AbortError');
    await eventually(() => site.seen.map((s) => s.aborted)).toEqual([true]);
  });

  it('aborting the job (the adapter context’s signal) aborts its uploads', async () => {
    const site = await uploadServer(() => {}); // never answers
    const job = new AbortController();
    const { page } = await pageWithFile(site, { signal: job.signal });
    const answer = putSlices(page, site.url, [[0, 2048]]);
    await eventually(() => site.seen.length).toBe(1);
    job.abort(new Error('job aborted'));
    expect(await answer).toEqual([{ error: 'TypeError: Failed to fetch' }]);
    await eventually(() => site.seen.map((s) => s.aborted)).toEqual([true]);
  });

  it('closing the page aborts the uploads it started', async () => {
    const site = await uploadServer(() => {}); // never answers
    const { page } = await pageWithFile(site);
    void putSlices(page, site.url, [[0, 2048]]).catch(() => {});
    await eventually(() => site.seen.length).toBe(1);
    await page.close();
    await eventually(() => site.seen.map((s) => s.aborted)).toEqual([true]);
  });
});
