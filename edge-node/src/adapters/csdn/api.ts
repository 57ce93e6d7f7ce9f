/**
 * CSDN's editor API (bizapi.csdn.net) as its Markdown editor calls it: every
 * request carries an API-gateway signature — HMAC-SHA256, keyed with the
 * editor's public app key, over the method, Accept, Content-Type, the nonce
 * and the path with its sorted query — made here and sent from inside the
 * logged-in editor page with the page's cookies. Answers are `{code: 200,
 * data}`; anything else is a refusal with `msg`. Provenance is in ./provenance.ts.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type LoginInfo, type Step } from '../contract.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { field } from '../kit/page-api.js';
import { pageCall } from '../kit/page-call.js';

export const ORIGIN = 'https://editor.csdn.net';
const SITE = { defaultBaseUrl: ORIGIN };
const BIZ = 'https://bizapi.csdn.net';

export const URLS = {
  editor: `${ORIGIN}/md/`,
  draftPage: (id: string) => `${ORIGIN}/md?articleId=${encodeURIComponent(id)}`,
  baseInfo: `${BIZ}/blog-console-api/v3/editor/getBaseInfo`,
  save: `${BIZ}/blog-console-api/v3/mdeditor/saveArticle`,
  uploadSignature: `${BIZ}/resource-api/v1/image/direct/upload/signature`,
  published: `${BIZ}/blog/phoenix/console/v1/article/list?status=all_v2&pageSize=20&page=1`,
  post: (user: string, id: string) => `https://blog.csdn.net/${encodeURIComponent(user)}/article/details/${id}`,
};

/** The editor's app key and its secret: public constants of CSDN's own web client, not an account's credentials. */
const APP_KEY = '203803574';
const APP_SECRET = '9znpamsyl2c7cdrr9sas0le9vbc3r6ba';
const ACCEPT = '*/*';

type Ctx = Pick<AdapterContext, 'baseUrl'>;
export const at = (ctx: Ctx, real: string): string => liveUrl(ctx, SITE, real);
export const real = (ctx: Ctx, address: string): URL => realUrl(ctx, SITE, address);
export const isLoginPage = (ctx: Ctx) => (u: URL) => real(ctx, u.toString()).host === 'passport.csdn.net';

/** The path and query as the gateway signs them: query parameters sorted by name. */
function signedPath(url: URL): string {
  const params = [...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return params.length ? `${url.pathname}?${params.map(([k, v]) => (v === '' ? k : `${k}=${v}`)).join('&')}` : url.pathname;
}

/** The signature headers for one request to the real URL `realUrl`. */
export function signatureHeaders(method: 'GET' | 'POST', realUrl: string, nonce = randomUUID()): Record<string, string> {
  const contentType = method === 'POST' ? 'application/json' : '';
  const toSign = `${method}\n${ACCEPT}\n\n${contentType}\n\nx-ca-key:${APP_KEY}\nx-ca-nonce:${nonce}\n${signedPath(new URL(realUrl))}`;
  return {
    accept: ACCEPT,
    'x-ca-key': APP_KEY,
    'x-ca-nonce': nonce,
    'x-ca-signature': createHmac('sha256', APP_SECRET).update(toSign).digest('base64'),
    'x-ca-signature-headers': 'x-ca-key,x-ca-nonce',
  };
}

export function refusalOf(body: unknown): string {
  return String(field(body, 'msg') ?? field(body, 'message') ?? `code ${String(field(body, 'code'))}`);
}

/** A signed call from the page; resolves with the answer's `data` when `code` is 200, else throws what the step makes of it. */
export async function call(page: Page, real: string, json: unknown, step: Step, what: string, ctx: AdapterContext): Promise<{ ok: boolean; body: unknown }> {
  const method = json === undefined ? 'GET' : 'POST';
  const { status, body } = await pageCall(page, at(ctx, real), { method, headers: signatureHeaders(method, real), ...(json === undefined ? {} : { json }) }, step, what, ctx);
  if (status >= 400 && field(body, 'code') === undefined) throw new Error(`${what} answered HTTP ${status}`);
  return { ok: field(body, 'code') === 200, body };
}

export async function whoAmI(page: Page, step: Step, ctx: AdapterContext): Promise<LoginInfo> {
  const { ok, body } = await call(page, URLS.baseInfo, undefined, step, 'account info', ctx);
  const name = field(body, 'data', 'name');
  if (!ok || typeof name !== 'string' || name === '') throw new AdapterError('login_required', step, `CSDN has no session here (${refusalOf(body)})`);
  return { externalRef: name, displayName: String(field(body, 'data', 'nickname') ?? name) };
}
