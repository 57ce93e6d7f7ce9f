/**
 * What the zhihu flows (articles, videos) share: the real URLs (through `liveUrl` on a replica),
 * the login check, the `_xsrf` token, and the calls that are not the article
 * itself. Provenance is in ./provenance.ts.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type LoginInfo, type PublishJob, type Step } from '../contract.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { field } from '../kit/page-api.js';
import { pageCall, type PageCall } from '../kit/page-call.js';
import { assertAccount, openLoggedIn } from '../support.js';

export const ORIGIN = 'https://zhuanlan.zhihu.com';
const SITE = { defaultBaseUrl: ORIGIN };
const WWW = 'https://www.zhihu.com';

export const URLS = {
  write: `${ORIGIN}/write`,
  draftPage: (id: string) => `${ORIGIN}/p/${id}/edit`,
  post: (id: string) => `${ORIGIN}/p/${id}`,
  drafts: `${ORIGIN}/api/articles/drafts`,
  draft: (id: string) => `${ORIGIN}/api/articles/${id}/draft`,
  topics: (id: string) => `${ORIGIN}/api/articles/${id}/topics`,
  topicSearch: (q: string) => `${ORIGIN}/api/autocomplete/topics?token=${encodeURIComponent(q)}&max_matches=5&use_similar=0&topic_filter=1`,
  uploadedImages: `${ORIGIN}/api/uploaded_images`,
  me: `${WWW}/api/v4/me`,
  columns: (token: string) => `${WWW}/api/v4/members/${encodeURIComponent(token)}/column-contributions`,
  articles: (token: string) => `${WWW}/api/v4/members/${encodeURIComponent(token)}/articles?offset=0&limit=20&sort_by=created`,
  publish: `${WWW}/api/v4/content/publish`,
  videoUpload: `${WWW}/zvideo/upload-video`,
  zvideosPath: '/api/v4/zvideos',
  zvideo: (id: string) => `${WWW}/zvideo/${id}`,
  memberVideos: (token: string) => `${WWW}/api/v4/members/${encodeURIComponent(token)}/zvideos?offset=0&limit=20`,
  images: 'https://api.zhihu.com/images',
  image: (id: string) => `https://api.zhihu.com/images/${encodeURIComponent(id)}`,
  oss: (key: string) => `https://zhihu-pics-upload.zhimg.com/${key}`,
};

type Ctx = Pick<AdapterContext, 'baseUrl'>;
export const at = (ctx: Ctx, real: string): string => liveUrl(ctx, SITE, real);
export const real = (ctx: Ctx, address: string): URL => realUrl(ctx, SITE, address);
const isLoginPage = (ctx: Ctx) => (u: URL) => {
  const r = real(ctx, u.toString());
  return r.host === 'www.zhihu.com' && r.pathname.replace(/\/+$/, '') === '/signin';
};

export interface Me extends LoginInfo {
  /** The account's url_token: its own lists are addressed by it. */
  urlToken: string;
}

/** zhihu refuses with `{error: {message}}` (HTTP 4xx), or `{message}` other than "success". */
export function refusalOf(body: unknown): string {
  return String(field(body, 'error', 'message') ?? field(body, 'message') ?? 'no reason given');
}

export async function whoAmI(page: Page, step: Step, ctx: AdapterContext): Promise<Me> {
  const { body } = await pageCall(page, at(ctx, URLS.me), { headers: { 'x-requested-with': 'fetch' } }, step, 'account info', ctx);
  const id = field(body, 'id');
  if (typeof id !== 'string' || id === '') throw new AdapterError('login_required', step, `zhihu has no session here (${refusalOf(body)})`);
  return { externalRef: id, displayName: String(field(body, 'name') ?? ''), urlToken: String(field(body, 'url_token') ?? id) };
}

/** Opens a zhihu page that needs a session and checks it is this job's account. */
export async function openAs(page: Page, url: string, job: PublishJob, step: Step, ctx: AdapterContext): Promise<Me> {
  await openLoggedIn(page, at(ctx, url), step, ctx, isLoginPage(ctx));
  const me = await whoAmI(page, step, ctx);
  assertAccount(me, job, step);
  return me;
}

export async function openLoggedInOnly(page: Page, url: string, step: Step, ctx: AdapterContext): Promise<void> {
  await openLoggedIn(page, at(ctx, url), step, ctx, isLoginPage(ctx));
}

/** The `_xsrf` cookie the site set, sent back as `x-xsrftoken` on every write. */
export async function xsrfToken(page: Page, step: Step): Promise<string> {
  const cookie = (await page.context().cookies(page.url())).find((c) => c.name === '_xsrf');
  if (!cookie?.value) throw new AdapterError('editor_changed', step, 'zhihu set no _xsrf cookie on its editor page', { url: page.url() });
  return cookie.value;
}

/** A write to zhihu's own API: `x-requested-with` and the xsrf header its pages send. */
export function write(page: Page, url: string, req: PageCall, xsrf: string, step: Step, what: string, ctx: AdapterContext) {
  return pageCall(page, url, { ...req, headers: { 'x-requested-with': 'fetch', 'x-xsrftoken': xsrf, ...req.headers } }, step, what, ctx);
}
