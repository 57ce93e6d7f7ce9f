/**
 * A JSON call from the logged-in page for the editor APIs page-api.ts's
 * `pageJson` does not cover: other verbs (a draft saved with PUT or PATCH),
 * answers that are JSON arrays (a list of notebooks), refusals that come as
 * an HTTP 4xx whose body names the reason, and uploads to a storage host of
 * another site, which the platforms' own pages send without cookies (such a
 * host answers `Access-Control-Allow-Origin: *`, which a credentialed request
 * may not read).
 *
 * The rules match `pageJson`: 401/403 (or a call redirected to a page) mean
 * the session is gone, 5xx and a request that never got an answer are plain
 * errors the daemon may retry, an answer that is not JSON means the API
 * changed. Any other status comes back
 * with its parsed body for the caller to judge. Never used for the publish
 * call, which goes through `gatedApiPublish`.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type Step } from '../contract.js';
import { timeouts } from '../support.js';

export interface PageCall {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as multipart/form-data; a file part is `{ base64, name, type }`. */
  multipart?: Array<[string, string | { base64: string; name: string; type: string }]>;
  /** Sent as the raw body with this content type. */
  bytes?: { base64: string; type: string };
  /** `omit` for a storage host of another site (see above); `include` otherwise. */
  credentials?: 'include' | 'omit';
}

export interface CallAnswer {
  status: number;
  /** The parsed JSON answer; null for an empty body (a 204). */
  body: unknown;
  /** Lower-cased header names. */
  headers: Record<string, string>;
}

/** One request from the page, its answer as it came (status, headers, text); rejects only when nothing came back. */
export async function pageFetch(
  page: Page,
  url: string,
  req: PageCall,
  ctx: AdapterContext,
): Promise<{ status: number; headers: Record<string, string>; text: string; redirected: boolean }> {
  ctx.signal.throwIfAborted();
  return page.evaluate(
    async ({ url, req, timeoutMs }) => {
      const headers: Record<string, string> = { accept: 'application/json, text/plain, */*', ...req.headers };
      const bytesOf = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      let body: string | FormData | Blob | undefined;
      if (req.json !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = JSON.stringify(req.json);
      } else if (req.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(req.form).toString();
      } else if (req.multipart) {
        const fd = new FormData();
        for (const [k, v] of req.multipart) {
          if (typeof v === 'string') fd.append(k, v);
          else fd.append(k, new Blob([bytesOf(v.base64)], { type: v.type }), v.name);
        }
        body = fd;
      } else if (req.bytes) {
        headers['content-type'] = req.bytes.type;
        body = new Blob([bytesOf(req.bytes.base64)], { type: req.bytes.type });
      }
      const r = await fetch(url, { method: req.method ?? 'GET', headers, body, credentials: req.credentials ?? 'include', signal: AbortSignal.timeout(timeoutMs) });
      const out: Record<string, string> = {};
      r.headers.forEach((v, k) => (out[k] = v));
      return { status: r.status, headers: out, text: await r.text(), redirected: r.redirected };
    },
    { url, req, timeoutMs: timeouts(ctx).navigationMs },
  );
}

export async function pageCall(page: Page, url: string, req: PageCall, step: Step, what: string, ctx: AdapterContext): Promise<CallAnswer> {
  const res = await pageFetch(page, url, req, ctx);
  if (res.status === 401 || res.status === 403) throw new AdapterError('login_required', step, `${what}: the platform answered HTTP ${res.status} (no session)`, { status: res.status });
  if (res.status >= 500) throw new Error(`${what} answered HTTP ${res.status}`);
  if (res.text.trim() === '') return { status: res.status, body: null, headers: res.headers };
  try {
    return { status: res.status, body: JSON.parse(res.text) as unknown, headers: res.headers };
  } catch {
    // An API call sent on to a page instead of answering: the platform's way of asking for a login.
    if (res.redirected) throw new AdapterError('login_required', step, `${what}: the platform sent the call to a page (no session)`, { status: res.status });
    throw new AdapterError('editor_changed', step, `${what} did not answer JSON`, { status: res.status, body: res.text.slice(0, 200) });
  }
}
