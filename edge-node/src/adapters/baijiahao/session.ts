/**
 * What the 百家号 article and video sides share: the site's addresses as a
 * replica maps them, the login page, the account call, the editor's token
 * and the JSON-or-callback answers of its API. The facts and their sources
 * are in ./provenance.ts.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type LoginInfo, type Step } from '../contract.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { field, pageJson, pageRequest, type ApiRequest } from '../kit/page-api.js';
import { timeouts } from '../support.js';

export const ORIGIN = 'https://baijiahao.baidu.com';
const SITE = { defaultBaseUrl: ORIGIN };
export const APPINFO_URL = `${ORIGIN}/builder/app/appinfo`;

type Ctx = Pick<AdapterContext, 'baseUrl'>;
export const at = (ctx: Ctx, real: string): string => liveUrl(ctx, SITE, real);
export const real = (ctx: Ctx, address: string): URL => realUrl(ctx, SITE, address);
export const isLoginPage = (ctx: Ctx) => (u: URL) => {
  const r = real(ctx, u.toString());
  return r.host === 'baijiahao.baidu.com' && r.pathname.startsWith('/builder/theme/bjh/login');
};

/** 百家号's answers are JSON, or JSON in the `callback(…)` the URL names. */
export function parseAnswer(text: string): Record<string, unknown> | null {
  const body = /^\s*[\w$.]+\(([\s\S]*)\)\s*;?\s*$/.exec(text)?.[1] ?? text;
  try {
    const v: unknown = JSON.parse(body);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** One API call from the page; no session is `login_required`, anything but an object is `editor_changed`. */
export async function call(page: Page, url: string, req: ApiRequest, step: Step, what: string, ctx: AdapterContext): Promise<Record<string, unknown>> {
  ctx.signal.throwIfAborted();
  const res = await pageRequest(page, url, req, timeouts(ctx).navigationMs);
  if (res.status === 401 || res.status === 403) throw new AdapterError('login_required', step, `${what}: 百家号 answered HTTP ${res.status} (no session)`, { status: res.status });
  if (res.status >= 400) throw new Error(`${what} answered HTTP ${res.status}`);
  const body = parseAnswer(res.text);
  if (!body) throw new AdapterError('editor_changed', step, `${what} did not answer a JSON object`, { status: res.status, body: res.text.slice(0, 200) });
  return body;
}

/**
 * The platform's refusal in an answer, or null when it accepted: errno 0, or
 * (an answer without errno) errmsg "success", the two ways clients read it.
 */
export function refusal(body: unknown): string | null {
  const errno = field(body, 'errno');
  if (errno === 0 || (errno === undefined && field(body, 'errmsg') === 'success')) return null;
  return String(field(body, 'errmsg') ?? field(body, 'error_msg') ?? `errno ${String(errno)}`);
}

/** A content list row as the lists call gives it, read in every recorded form; ids by preference. */
export function listRow(row: unknown, idKeys: readonly string[]): { id: string; title: string; status: string; time: unknown; url: string | undefined } | null {
  const raw = idKeys.map((k) => field(row, k)).find((v) => (typeof v === 'string' && /^\d+$/.test(v)) || (typeof v === 'number' && Number.isSafeInteger(v)));
  if (raw === undefined) return null;
  const link = [field(row, 'share_url'), field(row, 'url')].find((v): v is string => typeof v === 'string' && /^https?:\/\//.test(v));
  return { id: String(raw), title: String(field(row, 'title') ?? '').trim(), status: String(field(row, 'status') ?? ''), time: field(row, 'publish_time') ?? field(row, 'publish_at'), url: link };
}

/** Row statuses that are not a public post: a draft, refused in review, withdrawn. */
export const NOT_PUBLIC = new Set(['draft', 'rejected', 'withdraw']);

export async function whoAmI(page: Page, step: Step, ctx: AdapterContext): Promise<LoginInfo> {
  const body = await pageJson(page, at(ctx, APPINFO_URL), {}, step, 'account info', ctx);
  const id = field(body, 'data', 'user', 'userid');
  if (field(body, 'errmsg') !== 'success' || (typeof id !== 'string' && typeof id !== 'number') || id === '') {
    throw new AdapterError('login_required', step, `百家号 has no session here (${String(field(body, 'errmsg') ?? 'no user in the account info')})`);
  }
  return { externalRef: String(id), displayName: String(field(body, 'data', 'user', 'name') ?? '') };
}

/** The editor's token, which the page carries as `window.__BJH__INIT__AUTH__`. */
export async function editToken(page: Page, step: Step): Promise<string> {
  const token = await page.evaluate(() => (globalThis as { __BJH__INIT__AUTH__?: unknown }).__BJH__INIT__AUTH__);
  if (typeof token !== 'string' || !token) throw new AdapterError('editor_changed', step, 'the editor page has no token (window.__BJH__INIT__AUTH__)', { url: page.url() });
  return token;
}
