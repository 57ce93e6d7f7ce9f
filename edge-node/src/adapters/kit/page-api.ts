/**
 * Calling a platform's own JSON API from inside its logged-in page, the way
 * its editor does: the page's cookies ride along (`credentials: 'include'`),
 * the adapter adds the CSRF header the platform wants. Faster and sturdier
 * than clicking through an editor whose markup changes weekly.
 *
 * Before the publish step a failed call is an ordinary error (the daemon may
 * retry `prepare`); `gatedApiPublish` (api-publish.ts) owns the one call that
 * must never repeat.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type Step } from '../contract.js';
import { timeouts } from '../support.js';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as multipart/form-data; a file part is `{ base64, name, type }`. */
  multipart?: Record<string, string | { base64: string; name: string; type: string }>;
  /** Sent as the raw body (an image upload), with this content type. */
  bytes?: { base64: string; type: string };
}

export interface ApiResponse {
  status: number;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  text: string;
}

/** One request from the page; resolves with whatever came back, rejects only when nothing did. */
export async function pageRequest(page: Page, url: string, req: ApiRequest, timeoutMs: number): Promise<ApiResponse> {
  return page.evaluate(
    async ({ url, req, timeoutMs }) => {
      const headers: Record<string, string> = { accept: 'application/json, text/plain, */*', ...req.headers };
      let body: string | FormData | Blob | undefined;
      if (req.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(req.json);
      } else if (req.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(req.form).toString();
      } else if (req.multipart) {
        const fd = new FormData();
        for (const [k, v] of Object.entries(req.multipart)) {
          if (typeof v === 'string') fd.append(k, v);
          else fd.append(k, new Blob([Uint8Array.from(atob(v.base64), (c) => c.charCodeAt(0))], { type: v.type }), v.name);
        }
        body = fd;
      } else if (req.bytes) {
        headers['content-type'] = req.bytes.type;
        body = new Blob([Uint8Array.from(atob(req.bytes.base64), (c) => c.charCodeAt(0))], { type: req.bytes.type });
      }
      const res = await fetch(url, { method: req.method ?? 'GET', headers, body, credentials: 'include', signal: AbortSignal.timeout(timeoutMs) });
      const out: Record<string, string> = {};
      res.headers.forEach((v, k) => (out[k] = v));
      return { status: res.status, headers: out, text: await res.text() };
    },
    { url, req, timeoutMs },
  );
}

/**
 * A JSON call made while preparing (not the publish): 401/403 mean the session
 * is gone, other HTTP errors and unreadable answers are plain errors the daemon
 * retries, and an answer that is not JSON means the API changed.
 */
export async function pageJson(page: Page, url: string, req: ApiRequest, step: Step, what: string, ctx: AdapterContext): Promise<Record<string, unknown>> {
  ctx.signal.throwIfAborted();
  const res = await pageRequest(page, url, req, timeouts(ctx).navigationMs);
  if (res.status === 401 || res.status === 403) throw new AdapterError('login_required', step, `${what}: the platform answered HTTP ${res.status} (no session)`, { status: res.status });
  if (res.status >= 400) throw new Error(`${what} answered HTTP ${res.status}`);
  try {
    const v: unknown = JSON.parse(res.text);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new AdapterError('editor_changed', step, `${what} did not answer a JSON object`, { status: res.status, body: res.text.slice(0, 200) });
}

/** Reads a whole opened file (small media only: covers, inline images) for an in-page upload. */
export async function readAll(file: { size: number; read(into: Buffer, position: number): Promise<number> }): Promise<Buffer> {
  const bytes = Buffer.alloc(file.size);
  let got = 0;
  while (got < file.size) {
    const n = await file.read(bytes.subarray(got), got);
    if (n === 0) break;
    got += n;
  }
  return bytes.subarray(0, got);
}

/** A content type from a file name, for uploads whose endpoint wants one. */
export function imageType(name: string): string {
  return /\.png$/i.test(name) ? 'image/png' : /\.gif$/i.test(name) ? 'image/gif' : /\.webp$/i.test(name) ? 'image/webp' : 'image/jpeg';
}

/** Reads a nested field; undefined when any step is missing. */
export function field(obj: unknown, ...path: Array<string | number>): unknown {
  let cur: unknown = obj;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[key];
  }
  return cur;
}

/** A required string (or number) field of an answer; its absence means the API changed. */
export function needField(obj: unknown, path: Array<string | number>, step: Step, what: string): string {
  const v = field(obj, ...path);
  if (typeof v === 'string' && v !== '') return v;
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  throw new AdapterError('editor_changed', step, `${what}: the answer has no ${path.join('.')}`, { field: path.join('.') });
}
