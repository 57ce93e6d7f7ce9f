/**
 * HTTP for CMS plugins: Node's fetch (undici) with a per-request timeout,
 * the worker's stop signal, a bounded response body, and every transport
 * failure turned into a CmsError that says whether the request may have
 * reached the site. Only errors raised before a connection existed
 * (DNS, refused, connect timeout) are `unreachable`; anything later is
 * `ambiguous`, because the site may have acted on it.
 */
import { CmsError } from './cms-error.js';

/** Answers from a CMS are small JSON or XML documents; anything larger is not one. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'ERR_INVALID_URL', 'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'ERR_TLS_CERT_ALTNAME_INVALID', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'SELF_SIGNED_CERT_IN_CHAIN']);

export interface CmsResponse {
  status: number;
  headers: Headers;
  body: string;
}

export interface CmsHttpOptions {
  fetch?: typeof globalThis.fetch;
  timeoutMs: number;
  /** Aborts requests when the worker stops (used only before the publish call). */
  signal?: AbortSignal;
  userAgent?: string;
}

export class CmsHttp {
  private readonly fetchFn: typeof globalThis.fetch;

  constructor(private readonly o: CmsHttpOptions) {
    this.fetchFn = o.fetch ?? globalThis.fetch;
  }

  /** A copy without the stop signal: the publish call is never cut short by a shutdown, only by its timeout. */
  unstoppable(): CmsHttp {
    return new CmsHttp({ ...this.o, signal: undefined });
  }

  async request(url: string, init: { method: string; headers?: Record<string, string>; body?: string | Uint8Array }): Promise<CmsResponse> {
    const timeout = AbortSignal.timeout(this.o.timeoutMs);
    const signal = this.o.signal ? AbortSignal.any([timeout, this.o.signal]) : timeout;
    const what = `${init.method} ${redactUrl(url)}`;
    try {
      const res = await this.fetchFn(url, {
        method: init.method,
        headers: { 'user-agent': this.o.userAgent ?? 'Plume-CMS/1', ...init.headers },
        ...(init.body !== undefined ? { body: init.body } : {}),
        signal,
        redirect: 'manual',
      });
      return { status: res.status, headers: res.headers, body: await readCapped(res) };
    } catch (err) {
      if (err instanceof CmsError) throw err;
      const code = causeCode(err);
      if (code && NOT_SENT.has(code)) throw new CmsError('unreachable', 'cms_unreachable', `${what}: the site could not be reached (${code})`);
      if (timeout.aborted) throw new CmsError('ambiguous', 'cms_timeout', `${what}: no answer within ${this.o.timeoutMs} ms`);
      if (this.o.signal?.aborted) throw new CmsError('ambiguous', 'cms_interrupted', `${what}: interrupted by shutdown`);
      throw new CmsError('ambiguous', 'cms_connection_lost', `${what}: the connection failed (${code ?? (err instanceof Error ? err.message : String(err))})`);
    }
  }
}

async function readCapped(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new CmsError('ambiguous', 'cms_bad_response', `the site answered more than ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
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

/** URLs in messages lose any userinfo and query (they may carry credentials). */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return '[url]';
  }
}

export function basicAuth(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

/** Classifies an HTTP status that is not success; `auth` for 401, `server` for 5xx and 429, `rejected` otherwise. */
export function statusError(status: number, what: string, detail: string): CmsError {
  if (status === 401) return new CmsError('auth', 'cms_auth_failed', `${what}: the site refused the credentials (401${detail ? `: ${detail}` : ''})`, status);
  if (status === 403) return new CmsError('rejected', 'cms_permission_denied', `${what}: the user may not do this on the site (403${detail ? `: ${detail}` : ''})`, status);
  if (status === 404) return new CmsError('rejected', 'cms_not_found', `${what}: not found (404); check the site URL${detail ? ` (${detail})` : ''}`, status);
  if (status === 429 || status >= 500) return new CmsError('server', 'cms_unavailable', `${what}: the site answered ${status}${detail ? ` (${detail})` : ''}`, status);
  if (status >= 300 && status < 400) return new CmsError('rejected', 'cms_redirected', `${what}: the site redirected (${status}); register the final URL`, status);
  return new CmsError('rejected', 'cms_rejected', `${what}: the site refused the request (${status}${detail ? `: ${detail}` : ''})`, status);
}
