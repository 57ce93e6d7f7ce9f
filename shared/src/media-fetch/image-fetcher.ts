/**
 * Downloads a cover image from an https URL, for an executor acting on an
 * API caller's behalf (the CMS worker in the control plane, the edge node).
 * The URL is the caller's, so the download must not become a way into
 * whatever the executor can reach (SSRF):
 *
 *  - https only, no credentials in the URL, no literal non-public host;
 *  - the host is resolved once, every address DNS returns must be public
 *    unicast (address-policy.ts), and the connection goes to the address
 *    that was checked: the socket's lookup is pinned to it, so a second DNS
 *    answer (rebinding) is never asked for; the connected peer is checked
 *    again;
 *  - redirects are followed by hand, at most `maxRedirects`, each hop checked
 *    like the first;
 *  - one deadline for the whole download, a byte limit (Content-Length and
 *    the bytes actually read), no compressed transfer;
 *  - the result must be JPEG, PNG, WebP or GIF by its magic bytes, whatever
 *    the Content-Type says.
 *
 * Tests reach a local server only through `testOnly`, a constructor option
 * that no shipped program sets (there is no environment variable for it).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import { addressRefusal, coverUrlProblem, hostRefusal } from './address-policy.js';
import { type CoverImageType, EXTENSION_OF, SNIFF_BYTES, sniffImageType } from './image-type.js';

export const IMAGE_FETCH_DEFAULTS = {
  // Why: platforms and CMS hosts take covers of a few MB; 10 MiB leaves room for a large JPEG and bounds memory per job.
  maxBytes: 10 * 1024 * 1024,
  // Why: CDNs redirect once or twice (http→https, short link → object); more is a loop or a maze.
  maxRedirects: 3,
  // Why: 10 MiB at ~3 Mbit/s; a slower host is not one a publish should wait on.
  timeoutMs: 30_000,
} as const;

/**
 * Stable codes (the job's error code when a cover cannot be downloaded):
 * - `cover_url_invalid`: not an https URL, malformed, or carrying credentials;
 * - `cover_address_refused`: the host is, or resolves to, a non-public address;
 * - `cover_host_unknown`: DNS knows no such host;
 * - `cover_unreachable`: no connection, or it broke (retryable), or TLS failed (not);
 * - `cover_timeout`: the download did not finish in time (retryable);
 * - `cover_http_error`: the final answer was not 200 (retryable for 408, 429, 5xx);
 * - `cover_too_many_redirects`, `cover_too_large`, `cover_not_image`.
 */
export type ImageFetchCode =
  | 'cover_url_invalid'
  | 'cover_address_refused'
  | 'cover_host_unknown'
  | 'cover_unreachable'
  | 'cover_timeout'
  | 'cover_http_error'
  | 'cover_too_many_redirects'
  | 'cover_too_large'
  | 'cover_not_image';

export class ImageFetchError extends Error {
  override readonly name = 'ImageFetchError';
  constructor(
    readonly code: ImageFetchCode,
    message: string,
    /** A later attempt may succeed (network trouble, a busy host). */
    readonly retryable = false,
  ) {
    super(message);
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export interface ImageFetcherOptions {
  maxBytes?: number;
  maxRedirects?: number;
  timeoutMs?: number;
  userAgent?: string;
  /** DNS. Default: the system resolver (getaddrinfo, so /etc/hosts counts), every address. */
  resolve?: Resolve;
  /** Tests only, never set by a shipped program: reach a local test server. */
  testOnly?: {
    /** Allow 127.0.0.0/8, ::1 and localhost. */
    allowLoopback?: boolean;
    /** Allow http: URLs. */
    allowHttp?: boolean;
    /** Trust this CA (PEM) instead of the system's, for a local https server. */
    ca?: string;
  };
}

export interface FetchedImage {
  bytes: Buffer;
  type: CoverImageType;
  extension: string;
  /** Where the bytes finally came from (after redirects). */
  url: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const RETRYABLE_STATUS = (s: number) => s === 408 || s === 429 || s >= 500;
const RETRYABLE_NET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'ECONNABORTED', 'UND_ERR_SOCKET']);

const systemResolve: Resolve = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

const sameAddress = (a: string, b: string) => {
  try {
    return ipaddr.process(a).toNormalizedString() === ipaddr.process(b).toNormalizedString();
  } catch {
    return false;
  }
};

export class ImageFetcher {
  readonly maxBytes: number;
  readonly maxRedirects: number;
  readonly timeoutMs: number;
  private readonly resolveHost: Resolve;
  private readonly policy: { allowLoopback: boolean; allowHttp: boolean };
  private readonly ca: string | undefined;
  private readonly userAgent: string;

  constructor(o: ImageFetcherOptions = {}) {
    this.maxBytes = o.maxBytes ?? IMAGE_FETCH_DEFAULTS.maxBytes;
    this.maxRedirects = o.maxRedirects ?? IMAGE_FETCH_DEFAULTS.maxRedirects;
    this.timeoutMs = o.timeoutMs ?? IMAGE_FETCH_DEFAULTS.timeoutMs;
    this.resolveHost = o.resolve ?? systemResolve;
    this.policy = { allowLoopback: o.testOnly?.allowLoopback === true, allowHttp: o.testOnly?.allowHttp === true };
    this.ca = o.testOnly?.ca;
    this.userAgent = o.userAgent ?? 'Plume-Cover/1';
  }

  /** Downloads one image; throws ImageFetchError, or the signal's reason when `signal` aborts. */
  async fetch(rawUrl: string, signal?: AbortSignal): Promise<FetchedImage> {
    const deadline = AbortSignal.timeout(this.timeoutMs);
    const abort = signal ? AbortSignal.any([deadline, signal]) : deadline;
    let current = rawUrl;
    for (let redirects = 0; ; redirects++) {
      const url = this.checkedUrl(current);
      try {
        const address = await this.checkedAddress(url, abort);
        const res = await this.get(url, address, abort);
        if (REDIRECTS.has(res.statusCode ?? 0)) {
          res.resume();
          const location = res.headers.location;
          if (!location) throw new ImageFetchError('cover_http_error', `${redact(url)} answered ${res.statusCode} without a Location`);
          if (redirects >= this.maxRedirects) throw new ImageFetchError('cover_too_many_redirects', `more than ${this.maxRedirects} redirects (last from ${redact(url)})`);
          current = new URL(location, url).href;
          continue;
        }
        return await this.body(url, res);
      } catch (err) {
        throw this.failure(err, url, deadline, signal);
      }
    }
  }

  private checkedUrl(raw: string): URL {
    const problem = coverUrlProblem(raw, this.policy);
    if (problem) {
      const code = problem.startsWith('names a host') ? 'cover_address_refused' : 'cover_url_invalid';
      throw new ImageFetchError(code, `cover URL ${safeUrlText(raw)} ${problem}`);
    }
    return new URL(raw);
  }

  /** The one address this hop connects to: the literal host, or the first DNS answer once every answer passed. */
  private async checkedAddress(url: URL, abort: AbortSignal): Promise<ResolvedAddress> {
    const host = bareHost(url);
    const family = isIP(host);
    if (family) return { address: host, family: family === 6 ? 6 : 4 };
    let answers: ResolvedAddress[];
    try {
      answers = await raceAbort(this.resolveHost(host), abort);
    } catch (err) {
      if (abort.aborted) throw err;
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOTFOUND' || code === 'ENODATA') throw new ImageFetchError('cover_host_unknown', `cover host ${host} does not exist (${code})`);
      throw new ImageFetchError('cover_unreachable', `cover host ${host} could not be resolved (${code ?? String(err)})`, true);
    }
    if (answers.length === 0) throw new ImageFetchError('cover_host_unknown', `cover host ${host} has no address`);
    for (const a of answers) {
      // Any refused answer refuses the host: a name that also points inside is not one to connect to.
      const refused = addressRefusal(a.address, this.policy);
      if (refused) throw new ImageFetchError('cover_address_refused', `cover host ${host} resolves to ${a.address}, which is not public: ${refused}`);
    }
    return answers[0]!;
  }

  private get(url: URL, address: ResolvedAddress, abort: AbortSignal): Promise<IncomingMessage> {
    const https = url.protocol === 'https:';
    // The socket asks this instead of DNS: it can only connect to the address that was checked.
    const pinned = ((_name: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (options?.all) callback(null, [address]);
      else callback(null, address.address, address.family);
    }) as unknown as LookupFunction;
    const options: RequestOptions & { ca?: string } = {
      host: bareHost(url),
      port: url.port || (https ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: { 'user-agent': this.userAgent, accept: 'image/jpeg, image/png, image/webp, image/gif', 'accept-encoding': 'identity' },
      lookup: pinned,
      // A fresh connection per hop: a pooled socket could lead to an address checked for another host.
      agent: false,
      signal: abort,
      ...(https && this.ca ? { ca: this.ca } : {}),
    };
    return new Promise((resolve, reject) => {
      const req = (https ? httpsRequest : httpRequest)(options);
      req.once('socket', (socket: Socket) => {
        socket.once('connect', () => {
          if (socket.remoteAddress && !sameAddress(socket.remoteAddress, address.address)) {
            req.destroy(new ImageFetchError('cover_address_refused', `connected to ${socket.remoteAddress}, not the checked ${address.address}`));
          }
        });
      });
      req.once('response', resolve);
      req.once('error', reject);
      req.end();
    });
  }

  private async body(url: URL, res: IncomingMessage): Promise<FetchedImage> {
    const status = res.statusCode ?? 0;
    if (status !== 200) {
      res.resume();
      throw new ImageFetchError('cover_http_error', `${redact(url)} answered ${status}`, RETRYABLE_STATUS(status));
    }
    const encoding = String(res.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (encoding !== 'identity') {
      res.destroy();
      throw new ImageFetchError('cover_not_image', `${redact(url)} sent a ${encoding}-encoded answer; covers are read as plain image bytes`);
    }
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > this.maxBytes) {
      res.destroy();
      throw new ImageFetchError('cover_too_large', `${redact(url)} is ${declared} bytes; covers may be at most ${this.maxBytes}`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let type: CoverImageType | null = null;
    const notImage = (detail: string) => {
      res.destroy();
      return new ImageFetchError('cover_not_image', `${redact(url)} is not a JPEG, PNG, WebP or GIF image (${detail})`);
    };
    for await (const chunk of res as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > this.maxBytes) {
        res.destroy();
        throw new ImageFetchError('cover_too_large', `${redact(url)} is more than ${this.maxBytes} bytes`);
      }
      chunks.push(chunk);
      // Judged as soon as the magic bytes are in: a large non-image is not read to its end.
      if (type === null && size >= SNIFF_BYTES) {
        type = sniffImageType(Buffer.concat(chunks));
        if (!type) throw notImage('by its first bytes');
      }
    }
    const bytes = Buffer.concat(chunks);
    type ??= sniffImageType(bytes);
    if (!type) throw notImage(size === 0 ? 'empty' : `only ${size} bytes`);
    return { bytes, type, extension: EXTENSION_OF[type], url: url.href };
  }

  private failure(err: unknown, url: URL, deadline: AbortSignal, signal: AbortSignal | undefined): unknown {
    if (signal?.aborted && !deadline.aborted) return signal.reason;
    if (err instanceof ImageFetchError) return err;
    if (deadline.aborted) return new ImageFetchError('cover_timeout', `the cover download from ${redact(url)} did not finish within ${this.timeoutMs} ms`, true);
    const code = causeCode(err);
    const retryable = code !== undefined && RETRYABLE_NET.has(code);
    return new ImageFetchError('cover_unreachable', `the cover could not be downloaded from ${redact(url)} (${code ?? (err instanceof Error ? err.message : String(err))})`, retryable);
  }
}

function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

function causeCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** URLs in messages lose their query (signed URLs carry tokens there). */
function redact(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

function safeUrlText(raw: string): string {
  try {
    return JSON.stringify(redact(new URL(raw)));
  } catch {
    return JSON.stringify(raw.slice(0, 100));
  }
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
