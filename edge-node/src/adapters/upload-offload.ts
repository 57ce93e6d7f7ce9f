/**
 * Upload offload: the platform's page runs its own upload flow (preupload,
 * chunk requests, completion, transcoding), but the bytes of a media file go
 * from the daemon, not from Chromium.
 *
 * Why: moving a file through Chromium costs far more than the file. A bare
 * page sending 1 GiB as blob slices takes 4.5× a `cp` of it on a 2-core VM
 * (renderer → browser → network service, each copying), and intercepting the
 * requests with `page.route` is worse: every intercepted body crosses the
 * DevTools protocol base64-encoded (docs/performance.md, "Upload").
 *
 * How: an init script wraps `Blob.prototype.slice` to remember which byte
 * range of which picked `File` each slice is, and wraps `fetch` and
 * `XMLHttpRequest`: a request whose body is a picked file (or a slice of one)
 * becomes a call to a Playwright binding with the URL, method, headers and
 * byte range. The daemon sends that request itself, reading the range from the
 * descriptor the sandbox opened (never the path again), with the cookies the
 * browser would have sent. The page gets an ordinary `Response`, or an XHR
 * that goes through the states and fires the events Chromium's own would, in
 * the same order: upload `progress` while the daemon sends the body (every
 * 100 ms at most), upload `load` when it has sent all of it. The page's
 * progress bars, retries, completion call and transcoding poll run unchanged.
 * Anything else — another body type, a synchronous XHR or one whose
 * responseType is not text or JSON, a file the adapter did not register, a
 * destination it did not allow — goes to the browser untouched: slower, never
 * wrong.
 *
 * Limits the binding enforces, because the page's scripts can call it:
 * - only from a frame on the platform's origin (`ctx.baseUrl`): an embedded
 *   or redirected-to site gets nothing;
 * - only files the adapter registered for this page, matched by name and size;
 * - only to the frame's own origin or to origins the adapter allows (its
 *   platform's upload CDN), over https unless same-origin;
 * - the answer's body is capped (upload endpoints answer a few bytes of JSON);
 * - cookies as `fetch` would send them: none for `omit`, same-origin only for
 *   the default `same-origin`, and for `include` across origins only
 *   `SameSite=None` cookies; `Set-Cookie` in answers is not applied.
 * Requests in flight are aborted when the page closes or the job is aborted.
 */
import { Agent as HttpAgent, type ClientRequest, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { basename } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import type { AdapterContext, OpenedFile } from './contract.js';

export interface OffloadOptions {
  /**
   * Origins besides the page's own the page may upload to, e.g. the
   * platform's upload CDN: exact origins (`https://upos-sz.example.com`) or
   * host suffixes starting with a dot (`.bilivideo.com`, https only).
   */
  uploadOrigins?: readonly string[];
  /**
   * Told how many bytes of a registered file the daemon has sent so far (all its
   * requests together, as each read of the file leaves): the adapter's upload
   * progress without reading the page. A chunk the page sends again counts again,
   * so the figure is capped at the file's size.
   */
  onBytes?: (file: OpenedFile, sent: number) => void;
}

/** What the page asks for (built by the init script). `check` asks only whether `send` would be offloaded. */
interface SendRequest {
  op: 'send' | 'check';
  id: number;
  url: string;
  method: string;
  headers: Array<[string, string]>;
  credentials: 'omit' | 'same-origin' | 'include';
  userAgent: string;
  file: { name: string; size: number };
  start: number;
  end: number;
  type: string;
  /** XHR only: tell the page how much of the body is out, and when all is (its upload events); fetch has none, and skips the round trips. */
  uploadEvents?: boolean;
}
interface AbortRequest {
  op: 'abort';
  id: number;
}
type PageRequest = SendRequest | AbortRequest;

/** What the page gets: `pass` means "use the browser's own fetch"; `offload` answers `check`. */
type PageAnswer =
  | { pass: true }
  | { pass: false; status: number; statusText: string; headers: Array<[string, string]>; body: string }
  /** The request failed (network, abort, a changed file); `bodySent` says whether the body was out first. */
  | { pass: false; failed: true; bodySent: boolean }
  | { offload: boolean };

const BINDING = '__plumeUploadOffload';
/** Reads of this size, a few in flight per request: the socket never waits for the disk, and memory stays small. */
const READ_BYTES = 1024 * 1024;
const READS_AHEAD = 3;
/** How often an XHR page hears how much of a body is out (Chromium's own upload progress comes about as often). */
const PROGRESS_MS = 100;
/** Upload endpoints answer a few hundred bytes; a page cannot use the binding to read large resources. */
const MAX_ANSWER_BYTES = 1024 * 1024;
/** Headers the page may not set on a fetch either (the browser's forbidden request headers), plus those the daemon sets itself. */
const DROPPED_HEADERS = new Set([
  'accept-charset',
  'accept-encoding',
  'connection',
  'content-length',
  'cookie',
  'cookie2',
  'date',
  'expect',
  'host',
  'keep-alive',
  'origin',
  'referer',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'user-agent',
  'via',
]);

class PageOffload {
  private readonly files = new Map<string, OpenedFile>();
  private readonly inflight = new Map<number, AbortController>();
  private readonly agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  private readonly pool = new BufferPool();
  private uploadOrigins: readonly string[] = [];
  private onBytes: OffloadOptions['onBytes'];
  private readonly sentByFile = new Map<OpenedFile, number>();
  ctx!: AdapterContext;

  constructor(private readonly page: Page) {
    page.once('close', () => this.close());
  }

  configure(files: readonly OpenedFile[], ctx: AdapterContext, opts: OffloadOptions): void {
    this.ctx = ctx;
    this.uploadOrigins = opts.uploadOrigins ?? [];
    this.onBytes = opts.onBytes;
    this.sentByFile.clear();
    // Only this call's files: a file registered by an earlier prepare is not offered again.
    this.files.clear();
    for (const f of files) this.files.set(fileKey(basename(f.path), f.size), f);
  }

  async handle(frame: Frame, req: PageRequest): Promise<PageAnswer | null> {
    if (req.op === 'abort') {
      this.inflight.get(req.id)?.abort(new Error('the page aborted the request'));
      return null;
    }
    const file = this.files.get(fileKey(req.file.name, req.file.size));
    const target = safeUrl(req.url);
    const from = safeUrl(frame.url());
    const vouched = file && target && from && this.isPlatform(from) && mayUploadTo(from, target, this.uploadOrigins) && validRange(req, file);
    if (req.op === 'check') return { offload: Boolean(vouched) };
    if (!vouched) {
      this.ctx.log.debug({ url: req.url.slice(0, 200), file: req.file.name }, 'upload not offloaded: left to the browser');
      return { pass: true };
    }
    const abort = new AbortController();
    this.inflight.set(req.id, abort);
    const signal = AbortSignal.any([abort.signal, this.ctx.signal]);
    // An XHR page learns how much of the body is out (upload `progress`, at most every PROGRESS_MS) and
    // when all of it is (upload `load`), as from a browser's XHR. A page gone meanwhile is no error.
    const notify = (name: string, ...args: number[]) =>
      void frame.evaluate(({ fn, a }) => (globalThis as unknown as Record<string, (...x: number[]) => void>)[fn]?.(...a), { fn: name, a: [req.id, ...args] }).catch(() => {});
    let bodySent = false;
    let sent = 0;
    let told = 0;
    const ticker = req.uploadEvents
      ? setInterval(() => {
          if (sent > told && !bodySent) notify(`${BINDING}Progress`, (told = sent));
        }, PROGRESS_MS)
      : undefined;
    let counted = 0;
    const onProgress = (bytes: number) => {
      sent = bytes;
      if (!this.onBytes || !file) return;
      const total = (this.sentByFile.get(file) ?? 0) + (bytes - counted);
      counted = bytes;
      this.sentByFile.set(file, total);
      this.onBytes(file, Math.min(total, file.size));
    };
    const onBodySent = () => {
      bodySent = true;
      if (req.uploadEvents) notify(`${BINDING}Sent`);
    };
    try {
      const headers = await this.headers(req, target, from);
      const agent = target.protocol === 'https:' ? this.agents.https : this.agents.http;
      return await sendRange(target, req.method, headers, file, req.start, req.end, { agent, signal, pool: this.pool, onProgress, onBodySent });
    } catch (e) {
      // The page turns this into what a browser shows on a network failure (fetch: TypeError; XHR: error events).
      // An answer, not a thrown error, so that it also says whether the body was out first, whatever order messages arrive in.
      this.ctx.log.warn({ url: target.origin + target.pathname, err: (e as Error).message }, 'offloaded upload request failed');
      return { pass: false, failed: true, bodySent };
    } finally {
      clearInterval(ticker);
      this.inflight.delete(req.id);
    }
  }

  /** The caller is the platform's own page (any frame on ctx.baseUrl's origin), not an embedded or redirected-to site. */
  private isPlatform(from: URL): boolean {
    return from.origin === safeUrl(this.ctx.baseUrl)?.origin;
  }

  private async headers(req: SendRequest, target: URL, from: URL): Promise<OutgoingHttpHeaders> {
    const headers: OutgoingHttpHeaders = {};
    for (const [k, v] of req.headers) if (!DROPPED_HEADERS.has(k.toLowerCase()) && !k.toLowerCase().startsWith('sec-')) headers[k] = v;
    if (req.type && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) headers['content-type'] = req.type;
    headers['content-length'] = String(req.end - req.start);
    headers['user-agent'] = req.userAgent;
    headers.origin = from.origin;
    headers.referer = from.origin + from.pathname;
    const sameOrigin = target.origin === from.origin;
    if (req.credentials === 'include' || (req.credentials === 'same-origin' && sameOrigin)) {
      const cookies = (await this.page.context().cookies(target.href)).filter((c) => sameOrigin || c.sameSite === 'None');
      if (cookies.length > 0) headers.cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    }
    return headers;
  }

  private close(): void {
    for (const a of this.inflight.values()) a.abort(new Error('the page closed'));
    this.inflight.clear();
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}

/**
 * The offload installed on each page. Not state passed from `prepare` to
 * `publish` (no publish reads it): it guards the browser-side installation,
 * since a page takes a binding's name and its init script once for its whole
 * life, and the binding keeps answering the page's requests while that page
 * lives. A repeated `prepare` finds it and only swaps the files and context;
 * it goes with the page.
 */
const pages = new WeakMap<Page, PageOffload>();

/**
 * Makes the page's uploads of `files` go through the daemon. Call it before
 * the page that uploads is loaded (the wrapper must be there before the page's
 * scripts run); calling it again on the same page (a repeated `prepare`)
 * registers the new files and context.
 */
export async function offloadUploads(page: Page, files: readonly OpenedFile[], ctx: AdapterContext, opts: OffloadOptions = {}): Promise<void> {
  let offload = pages.get(page);
  if (!offload) {
    const created = new PageOffload(page);
    offload = created;
    pages.set(page, created);
    await page.exposeBinding(BINDING, ({ frame }, req: PageRequest) => created.handle(frame, req));
    await page.addInitScript({ content: pageScript(BINDING) });
  }
  offload.configure(files, ctx, opts);
}

const fileKey = (name: string, size: number) => `${size}:${name}`;

/**
 * Where a page on `from` may have the daemon upload: its own origin, or over
 * https an origin the adapter listed exactly or a host under a listed `.suffix`
 * (a suffix matches subdomains only: `.bilivideo.com` is not `evilbilivideo.com`).
 */
export function mayUploadTo(from: URL, target: URL, uploadOrigins: readonly string[]): boolean {
  if (target.origin === from.origin) return true;
  if (target.protocol !== 'https:') return false;
  return uploadOrigins.some((o) => (o.startsWith('.') ? target.hostname.endsWith(o) : o === target.origin));
}

function safeUrl(s: string): URL | null {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

function validRange(req: SendRequest, file: OpenedFile): boolean {
  return Number.isSafeInteger(req.start) && Number.isSafeInteger(req.end) && req.start >= 0 && req.start <= req.end && req.end <= file.size && /^[A-Z]+$/.test(req.method);
}

/**
 * Read buffers reused across a page's requests: each request holds
 * READS_AHEAD of them while it sends, so a 1 GiB upload allocates a few MiB
 * once instead of a new buffer per read (whose garbage cost the sending
 * process more CPU than the reads themselves).
 */
class BufferPool {
  private readonly free: Buffer[] = [];

  take(): Buffer {
    return this.free.pop() ?? Buffer.allocUnsafeSlow(READ_BYTES);
  }

  /** Only buffers no pending write still references come back. */
  give(buffers: Buffer[]): void {
    for (const b of buffers) if (this.free.length < 4 * READS_AHEAD) this.free.push(b);
  }
}

interface SendOptions {
  agent: HttpAgent;
  signal: AbortSignal;
  pool: BufferPool;
  /** Bytes of the body the socket has taken so far. */
  onProgress?: (bytes: number) => void;
  /** Once the whole body is handed to the socket (an XHR's upload `load` comes then, before the answer). */
  onBodySent?: () => void;
}

/**
 * Sends bytes [start, end) of `file` as the request body and collects the
 * answer. Each buffer is read into again only once the socket has taken it,
 * so memory is READS_AHEAD × READ_BYTES per request, whatever the file's size.
 */
function sendRange(target: URL, method: string, headers: OutgoingHttpHeaders, file: OpenedFile, start: number, end: number, opts: SendOptions): Promise<PageAnswer> {
  return new Promise((resolve, reject) => {
    const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, { method, headers, agent: opts.agent, signal: opts.signal });
    let settled = false;
    const fail = (e: Error) => {
      if (settled) return;
      settled = true;
      request.destroy();
      reject(e);
    };
    request.on('error', fail);
    request.on('response', (res) => {
      readAnswer(res).then((answer) => {
        settled = true;
        resolve(answer);
      }, fail);
    });
    const buffers = Array.from({ length: READS_AHEAD }, () => opts.pool.take());
    writeBody(request, file, start, end, buffers, opts.onProgress).then(
      (clean) => {
        if (clean) opts.pool.give(buffers);
        request.end();
        if (clean) opts.onBodySent?.();
      },
      (e: Error) => fail(e),
    );
  });
}

/** Resolves true once every byte was handed to the socket (the buffers are free again), false if the request went away first. */
async function writeBody(request: ClientRequest, file: OpenedFile, start: number, end: number, buffers: Buffer[], onProgress?: (bytes: number) => void): Promise<boolean> {
  const taken: Array<Promise<void>> = buffers.map(() => Promise.resolve());
  let i = 0;
  let out = 0;
  for (let at = start; at < end; i = (i + 1) % buffers.length) {
    await taken[i];
    if (request.destroyed) return false;
    const want = Math.min(READ_BYTES, end - at);
    const buf = buffers[i]!.subarray(0, want);
    const n = await file.read(buf, at);
    if (n !== want) throw new Error(`the file changed while uploading: read ${n} of ${want} bytes at ${at}`);
    at += n;
    taken[i] = new Promise<void>((resolve) => {
      request.write(buf, () => {
        onProgress?.((out += n));
        resolve();
      });
    });
    if (request.writableNeedDrain) await drained(request);
  }
  await Promise.all(taken);
  return !request.destroyed;
}

/** Resolves once the request can take more (or is gone). */
function drained(request: ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      request.off('drain', done).off('close', done);
      resolve();
    };
    request.on('drain', done).on('close', done);
  });
}

function readAnswer(res: IncomingMessage): Promise<PageAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_ANSWER_BYTES) res.destroy(new Error(`the upload endpoint answered more than ${MAX_ANSWER_BYTES} bytes`));
      else chunks.push(c);
    });
    res.on('error', reject);
    res.on('end', () => {
      const headers: Array<[string, string]> = [];
      for (let j = 0; j + 1 < res.rawHeaders.length; j += 2) {
        const k = res.rawHeaders[j]!;
        if (k.toLowerCase() !== 'set-cookie') headers.push([k, res.rawHeaders[j + 1]!]);
      }
      resolve({ pass: false, status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers, body: Buffer.concat(chunks).toString('utf8') });
    });
  });
}

/**
 * Runs in the page before its own scripts. Plain JavaScript in a string, not a
 * serialized function: a bundler's helpers (esbuild's `__name`) would not
 * exist in the page. Idempotent per document.
 */
function pageScript(binding: string): string {
  return `(() => {
  const binding = ${JSON.stringify(binding)};
  if (window[binding + 'Installed']) return;
  window[binding + 'Installed'] = true;
  const ranges = new WeakMap();
  const originalSlice = Blob.prototype.slice;
  const rangeOf = (blob) => (blob instanceof File ? { file: blob, start: 0, end: blob.size } : ranges.get(blob));
  Blob.prototype.slice = function slice(...args) {
    const out = originalSlice.apply(this, args);
    const base = rangeOf(this);
    if (base) {
      // Blob.slice's own clamping: negative counts from the end, then within [0, size].
      const len = base.end - base.start;
      const raw = args[0] === undefined ? 0 : Math.trunc(Number(args[0])) || 0;
      const at = raw < 0 ? Math.max(len + raw, 0) : Math.min(raw, len);
      ranges.set(out, { file: base.file, start: base.start + at, end: base.start + at + out.size });
    }
    return out;
  };
  let seq = 0;
  const describe = (op, url, method, headers, credentials, range, body) => ({
    op, id: ++seq, url: new URL(String(url), location.href).href, method: String(method || 'GET').toUpperCase(),
    headers, credentials, userAgent: navigator.userAgent,
    file: { name: range.file.name, size: range.file.size }, start: range.start, end: range.end, type: body.type || '',
  });
  const call = (request) => window[binding](request);
  // The daemon calls this once a request's body is sent (XHR upload events come then).
  const bodySent = new Map();
  window[binding + 'Sent'] = (id) => { const f = bodySent.get(id); bodySent.delete(id); if (f) f(); };
  const sentSoFar = new Map();
  window[binding + 'Progress'] = (id, loaded) => { const f = sentSoFar.get(id); if (f) f(loaded); };

  const originalFetch = window.fetch;
  const aborted = (signal) => signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
  window.fetch = function fetch(input, init) {
    const body = init && init.body;
    const range = body instanceof Blob ? rangeOf(body) : undefined;
    if (!range || !(typeof input === 'string' || input instanceof URL)) return originalFetch.call(this, input, init);
    const signal = init.signal;
    if (signal && signal.aborted) return Promise.reject(aborted(signal));
    const headers = [];
    new Headers(init.headers || {}).forEach((v, k) => headers.push([k, v]));
    const request = describe('send', input, init.method, headers, init.credentials || 'same-origin', range, body);
    return new Promise((resolve, reject) => {
      const onAbort = () => { call({ op: 'abort', id: request.id }); reject(aborted(signal)); };
      if (signal) signal.addEventListener('abort', onAbort, { once: true });
      call(request).then(
        (a) => {
          if (signal) signal.removeEventListener('abort', onAbort);
          if (a.pass) return resolve(originalFetch.call(window, input, init));
          if (a.failed) return reject(new TypeError('Failed to fetch'));
          const nullBody = a.status === 101 || a.status === 204 || a.status === 205 || a.status === 304;
          resolve(new Response(nullBody ? null : a.body, { status: a.status, statusText: a.statusText, headers: a.headers }));
        },
        () => {
          if (signal) signal.removeEventListener('abort', onAbort);
          reject(new TypeError('Failed to fetch'));
        },
      );
    });
  };

  // XMLHttpRequest, for upload libraries that want its events. The daemon is asked first (check):
  // if it will not take the request, the real send() runs as if nothing happened. If it will, the
  // request object is driven by hand: its state getters are shadowed on the instance and its events
  // dispatched in the order the XHR spec gives (upload progress arrives once, when the body is sent).
  // responseType other than '' / 'text' / 'json', and synchronous requests, stay the browser's.
  const proto = XMLHttpRequest.prototype;
  const xhrOpen = proto.open, xhrSend = proto.send, xhrSetHeader = proto.setRequestHeader, xhrAbort = proto.abort;
  const opened = new WeakMap();
  const SHADOWED = ['readyState', 'status', 'statusText', 'responseText', 'response', 'responseURL', 'getResponseHeader', 'getAllResponseHeaders'];
  proto.open = function open(method, url, async) {
    for (const k of SHADOWED) delete this[k];
    opened.set(this, { method, url, async: arguments.length < 3 || Boolean(async), headers: [], state: null });
    return xhrOpen.apply(this, arguments);
  };
  proto.setRequestHeader = function setRequestHeader(name, value) {
    const r = xhrSetHeader.apply(this, arguments);
    const o = opened.get(this);
    if (o) o.headers.push([String(name), String(value)]);
    return r;
  };
  proto.abort = function abort() {
    const o = opened.get(this);
    if (o && o.state && !o.state.done) return o.state.finish('abort');
    return xhrAbort.apply(this, arguments);
  };
  const progress = (target, type, loaded, total) => target.dispatchEvent(new ProgressEvent(type, { lengthComputable: total > 0, loaded, total }));
  proto.send = function send(body) {
    const o = opened.get(this);
    const range = body instanceof Blob ? rangeOf(body) : undefined;
    const type = this.responseType;
    if (!o || !o.async || !range || o.state || (type !== '' && type !== 'text' && type !== 'json')) return xhrSend.apply(this, arguments);
    const xhr = this;
    const request = describe('check', o.url, o.method, o.headers, xhr.withCredentials ? 'include' : 'same-origin', range, body);
    const total = request.end - request.start;
    const view = { readyState: 1, status: 0, statusText: '', text: '', headers: [], url: '' };
    let timer;
    const state = { done: false, checking: true, bodySent: false };
    o.state = state;
    state.finish = (kind, a) => {
      if (state.done) return;
      state.done = true;
      clearTimeout(timer);
      if (state.checking) {
        // Not sent anywhere yet: undo the shadowing and report the abort as the browser would.
        for (const k of SHADOWED) delete xhr[k];
        xhrAbort.call(xhr);
        for (const t of [xhr, xhr.upload]) { progress(t, 'abort', 0, 0); progress(t, 'loadend', 0, 0); }
        return;
      }
      bodySent.delete(request.id);
      sentSoFar.delete(request.id);
      if (kind !== 'load') call({ op: 'abort', id: request.id });
      if (kind === 'load') {
        uploaded();
        Object.assign(view, { status: a.status, statusText: a.statusText, headers: a.headers, url: request.url, readyState: 2 });
        xhr.dispatchEvent(new Event('readystatechange'));
        view.readyState = 3;
        view.text = a.body;
        xhr.dispatchEvent(new Event('readystatechange'));
        progress(xhr, 'progress', a.body.length, a.body.length);
        view.readyState = 4;
        xhr.dispatchEvent(new Event('readystatechange'));
        progress(xhr, 'load', a.body.length, a.body.length);
        progress(xhr, 'loadend', a.body.length, a.body.length);
        return;
      }
      view.readyState = 4;
      xhr.dispatchEvent(new Event('readystatechange'));
      for (const t of state.bodySent ? [xhr] : [xhr.upload, xhr]) { progress(t, kind, 0, 0); progress(t, 'loadend', 0, 0); }
      if (kind === 'abort') view.readyState = 0;
    };
    const uploaded = () => {
      if (state.bodySent) return;
      state.bodySent = true;
      for (const t of ['progress', 'load', 'loadend']) progress(xhr.upload, t, total, total);
    };
    const text = () => {
      if (xhr.responseType !== '' && xhr.responseType !== 'text') throw new DOMException('responseText is only for text responses', 'InvalidStateError');
      return view.readyState >= 3 ? view.text : '';
    };
    const shadow = {
      readyState: () => view.readyState, status: () => view.status, statusText: () => view.statusText, responseURL: () => view.url,
      responseText: text,
      response: () => {
        if (xhr.responseType !== 'json') return text();
        if (view.readyState < 4) return null;
        try { return JSON.parse(view.text); } catch { return null; }
      },
    };
    call(request).then(
      (a) => {
        if (state.done) return;
        if (!a.offload) { o.state = null; return xhrSend.call(xhr, body); }
        state.checking = false;
        for (const [k, get] of Object.entries(shadow)) Object.defineProperty(xhr, k, { configurable: true, get });
        const named = (name) => view.readyState < 2 ? [] : view.headers.filter(([k]) => k.toLowerCase() === String(name).toLowerCase()).map(([, v]) => v);
        Object.defineProperty(xhr, 'getResponseHeader', { configurable: true, value: (name) => (named(name).length ? named(name).join(', ') : null) });
        Object.defineProperty(xhr, 'getAllResponseHeaders', { configurable: true, value: () => (view.readyState < 2 ? '' : view.headers.map(([k, v]) => k.toLowerCase() + ': ' + v + '\\r\\n').join('')) });
        for (const t of [xhr, xhr.upload]) progress(t, 'loadstart', 0, t === xhr ? 0 : total);
        if (xhr.timeout > 0) timer = setTimeout(() => state.finish('timeout'), xhr.timeout);
        bodySent.set(request.id, () => { if (!state.done) uploaded(); });
        sentSoFar.set(request.id, (loaded) => { if (!state.done && !state.bodySent && loaded < total) progress(xhr.upload, 'progress', loaded, total); });
        call({ ...request, op: 'send', uploadEvents: true }).then(
          (r) => {
            if (r.failed && r.bodySent && !state.done) uploaded();
            state.finish(r.pass || r.failed ? 'error' : 'load', r);
          },
          () => state.finish('error'),
        );
      },
      () => { if (!state.done) { o.state = null; xhrSend.call(xhr, body); } },
    );
  };
})();`;
}
