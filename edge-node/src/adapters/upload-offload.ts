/**
 * Upload offload: the platform's page runs its own upload flow (preupload,
 * chunk requests, completion, transcoding), but the bytes of a media file go
 * from the daemon, not from Chromium.
 *
 * Why: moving a file through Chromium costs far more than the file. A bare
 * page sending 1 GiB as blob slices takes 4.5× a `cp` of it on a 2-core VM
 * (renderer → browser → network service, each copying), and intercepting the
 * requests with `page.route` is worse: every intercepted body crosses the
 * DevTools protocol base64-encoded (README, "Upload").
 *
 * How: an init script wraps `Blob.prototype.slice` to remember which byte
 * range of which picked `File` each slice is, and wraps `fetch`: a request
 * whose body is a picked file (or a slice of one) becomes a call to a
 * Playwright binding with the URL, method, headers and byte range. The daemon
 * sends that request itself, reading the range from the descriptor the sandbox
 * opened (never the path again), with the cookies the browser would have sent,
 * and the page gets an ordinary `Response` back. Its progress bars, retries,
 * completion call and transcoding poll run unchanged. Anything else — another
 * body type, `XMLHttpRequest`, a file the adapter did not register, a
 * destination it did not allow — passes through to the browser's own `fetch`
 * untouched: slower, never wrong.
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
}

/** What the page asks for (built by the init script). */
interface SendRequest {
  op: 'send';
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
}
interface AbortRequest {
  op: 'abort';
  id: number;
}
type PageRequest = SendRequest | AbortRequest;

/** What the page gets: `pass` means "use the browser's own fetch". */
type PageAnswer = { pass: true } | { pass: false; status: number; statusText: string; headers: Array<[string, string]>; body: string };

const BINDING = '__plumeUploadOffload';
/** Reads of this size, a few in flight per request: the socket never waits for the disk, and memory stays small. */
const READ_BYTES = 1024 * 1024;
const READS_AHEAD = 3;
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
  ctx!: AdapterContext;

  constructor(private readonly page: Page) {
    page.once('close', () => this.close());
  }

  configure(files: readonly OpenedFile[], ctx: AdapterContext, opts: OffloadOptions): void {
    this.ctx = ctx;
    this.uploadOrigins = opts.uploadOrigins ?? [];
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
    if (!file || !target || !from || !this.isPlatform(from) || !this.allowed(from, target) || !validRange(req, file)) {
      this.ctx.log.debug({ url: req.url.slice(0, 200), file: req.file.name }, 'upload not offloaded: left to the browser');
      return { pass: true };
    }
    const abort = new AbortController();
    this.inflight.set(req.id, abort);
    const signal = AbortSignal.any([abort.signal, this.ctx.signal]);
    try {
      const headers = await this.headers(req, target, from);
      const agent = target.protocol === 'https:' ? this.agents.https : this.agents.http;
      return await sendRange(target, req.method, headers, file, req.start, req.end, { agent, signal, pool: this.pool });
    } catch (e) {
      // The page sees what fetch shows on a network failure: a rejected promise.
      this.ctx.log.warn({ url: target.origin + target.pathname, err: (e as Error).message }, 'offloaded upload request failed');
      throw e;
    } finally {
      this.inflight.delete(req.id);
    }
  }

  /** The caller is the platform's own page (any frame on ctx.baseUrl's origin), not an embedded or redirected-to site. */
  private isPlatform(from: URL): boolean {
    return from.origin === safeUrl(this.ctx.baseUrl)?.origin;
  }

  private allowed(from: URL, target: URL): boolean {
    if (target.origin === from.origin) return true;
    if (target.protocol !== 'https:') return false;
    return this.uploadOrigins.some((o) => (o.startsWith('.') ? target.hostname.endsWith(o) : o === target.origin));
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
    writeBody(request, file, start, end, buffers).then(
      (clean) => {
        if (clean) opts.pool.give(buffers);
        request.end();
      },
      (e: Error) => fail(e),
    );
  });
}

/** Resolves true once every byte was handed to the socket (the buffers are free again), false if the request went away first. */
async function writeBody(request: ClientRequest, file: OpenedFile, start: number, end: number, buffers: Buffer[]): Promise<boolean> {
  const taken: Array<Promise<void>> = buffers.map(() => Promise.resolve());
  let i = 0;
  for (let at = start; at < end; i = (i + 1) % buffers.length) {
    await taken[i];
    if (request.destroyed) return false;
    const want = Math.min(READ_BYTES, end - at);
    const buf = buffers[i]!.subarray(0, want);
    const n = await file.read(buf, at);
    if (n !== want) throw new Error(`the file changed while uploading: read ${n} of ${want} bytes at ${at}`);
    at += n;
    taken[i] = new Promise<void>((resolve) => {
      request.write(buf, () => resolve());
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
  const originalFetch = window.fetch;
  const aborted = (signal) => signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
  let seq = 0;
  window.fetch = function fetch(input, init) {
    const body = init && init.body;
    const range = body instanceof Blob ? rangeOf(body) : undefined;
    if (!range || !(typeof input === 'string' || input instanceof URL)) return originalFetch.call(this, input, init);
    const signal = init.signal;
    if (signal && signal.aborted) return Promise.reject(aborted(signal));
    const id = ++seq;
    const headers = [];
    new Headers(init.headers || {}).forEach((v, k) => headers.push([k, v]));
    const request = {
      op: 'send', id, url: new URL(String(input), location.href).href, method: String(init.method || 'GET').toUpperCase(),
      headers, credentials: init.credentials || 'same-origin', userAgent: navigator.userAgent,
      file: { name: range.file.name, size: range.file.size }, start: range.start, end: range.end, type: body.type || '',
    };
    return new Promise((resolve, reject) => {
      const onAbort = () => { window[binding]({ op: 'abort', id }); reject(aborted(signal)); };
      if (signal) signal.addEventListener('abort', onAbort, { once: true });
      window[binding](request).then(
        (a) => {
          if (signal) signal.removeEventListener('abort', onAbort);
          if (a.pass) return resolve(originalFetch.call(window, input, init));
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
})();`;
}
