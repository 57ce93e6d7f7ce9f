/**
 * What every toutiao (头条号) flow shares: the real URLs of the creator site
 * mp.toutiao.com (through `liveUrl` on a replica), the login check, the
 * secsdk CSRF token, the 作品声明 and 头条首发 settings, and the author's
 * content list that `verify` reads.
 *
 * What it rests on (the public sources of every fact about 头条号, and how
 * sure each is) is in ./provenance.ts.
 */
import { labelsOf, TOUTIAO_DECLARATIONS } from '@plume/shared';
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type LoginInfo, type PublishJob, type Step, type VerifyResult } from '../contract.js';
import { aiLabelOf } from '../kit/ai-label.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { field, pageJson, pageRequest } from '../kit/page-api.js';
import type { SettingsReader } from '../settings.js';
import { assertAccount, inJobWindow, openLoggedIn, timeouts } from '../support.js';

export const ORIGIN = 'https://mp.toutiao.com';
const SITE = { defaultBaseUrl: ORIGIN };

export const URLS = {
  home: `${ORIGIN}/profile_v4/index`,
  mediaInfo: `${ORIGIN}/mp/agw/media/get_media_info`,
  csrf: `${ORIGIN}/ttwid/check/`,
  contentList: `${ORIGIN}/mp/agw/article/list/?page=1&page_size=20&status=all`,
};

type Ctx = Pick<AdapterContext, 'baseUrl'>;
export const at = (ctx: Ctx, real: string): string => liveUrl(ctx, SITE, real);
export const real = (ctx: Ctx, address: string): URL => realUrl(ctx, SITE, address);
export const isLoginPage = (ctx: Ctx) => (u: URL) => {
  const r = real(ctx, u.toString());
  return r.host === 'mp.toutiao.com' && r.pathname.startsWith('/auth/page/login');
};

/** Who the creator site says is logged in (its own media info call). */
export async function whoAmI(page: Page, step: Step, ctx: AdapterContext): Promise<LoginInfo> {
  const body = await pageJson(page, at(ctx, URLS.mediaInfo), {}, step, 'media info', ctx);
  const id = field(body, 'data', 'user', 'id');
  if ((typeof id !== 'number' && typeof id !== 'string') || id === '') {
    throw new AdapterError('login_required', step, `toutiao has no session here (${String(field(body, 'message') ?? 'no user in the media info')})`);
  }
  return { externalRef: String(id), displayName: String(field(body, 'data', 'user', 'screen_name') ?? '') };
}

/** Opens a creator page that needs a session and checks it is this job's account. */
export async function openAs(page: Page, url: string, job: PublishJob, step: Step, ctx: AdapterContext): Promise<void> {
  await openLoggedIn(page, at(ctx, url), step, ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, step, ctx), job, step);
}

/** The secsdk CSRF token the creator site's uploads want (x-secsdk-csrf-token). */
export async function csrfToken(page: Page, step: Step, ctx: AdapterContext): Promise<string> {
  const res = await pageRequest(page, at(ctx, URLS.csrf), { method: 'HEAD', headers: { 'x-secsdk-csrf-request': '1', 'x-secsdk-csrf-version': '1.2.22' } }, timeouts(ctx).navigationMs);
  const token = res.headers['x-ware-csrf-token']?.split(',')[1]?.trim();
  if (!token) throw new AdapterError('editor_changed', step, 'toutiao handed out no CSRF token (x-ware-csrf-token)', { status: res.status });
  return token;
}

/** Our declaration codes → the 作品声明 labels the editors show. */
export const TOUTIAO_DECLARATION_LABELS: Readonly<Record<string, string>> = labelsOf(TOUTIAO_DECLARATIONS);

/**
 * The 作品声明 to tick: the integrator's, plus 引用AI when the post carries
 * the AI label (aiLabel, else the article's aigc facts). Several may be ticked,
 * so the AI label never conflicts with another declaration.
 */
export function declarationsOf(job: PublishJob, r: SettingsReader): string[] {
  const codes = r.stringArray('declarations', { oneOf: Object.keys(TOUTIAO_DECLARATION_LABELS) });
  if (aiLabelOf(job, r) && !codes.includes('ai_generated')) codes.push('ai_generated');
  // In the order the editor lists them, whatever order the settings gave.
  return Object.keys(TOUTIAO_DECLARATION_LABELS)
    .filter((c) => codes.includes(c))
    .map((c) => TOUTIAO_DECLARATION_LABELS[c]!);
}

export interface ListedItem {
  id: string;
  title: string;
  url: string;
}

/**
 * Read-only: the author's content list, the published entries (not drafts)
 * dated in the job's window whose title `matches`, newest first.
 */
export async function findPublished(page: Page, job: PublishJob, matches: (title: string) => boolean, urlOf: (id: string) => string, ctx: AdapterContext): Promise<VerifyResult> {
  ctx.progress('read_back');
  await openAs(page, URLS.home, job, 'check_login', ctx);
  const body = await pageJson(page, at(ctx, URLS.contentList), {}, 'read_back', 'content list', ctx);
  const rows = field(body, 'data', 'articles');
  if (!Array.isArray(rows)) throw new AdapterError('editor_changed', 'read_back', 'content list: the answer has no data.articles');
  const hits: ListedItem[] = rows.flatMap((row) => {
    const id = field(row, 'id');
    const created = Number(field(row, 'create_time'));
    if ((typeof id !== 'string' && typeof id !== 'number') || isDraft(field(row, 'status'), field(row, 'is_draft'))) return [];
    if (!matches(String(field(row, 'title') ?? '')) || !inJobWindow(created > 0 ? new Date(created * 1000).toISOString() : null, job)) return [];
    const listed = field(row, 'article_url');
    return [{ id: String(id), title: String(field(row, 'title')), url: typeof listed === 'string' && listed ? at(ctx, listed) : at(ctx, urlOf(String(id))) }];
  });
  const first = hits[0];
  return first ? { found: true, postId: first.id, url: first.url, candidates: hits.length } : { found: false };
}

/**
 * How the content list shows the entry with this id, read from the page the
 * job is on (no navigation): `draft`, `listed` (any other status: published
 * or in review), or `absent` (not in the list, or the list unreadable).
 */
export async function listedState(page: Page, id: string, ctx: AdapterContext): Promise<'draft' | 'listed' | 'absent'> {
  let body: unknown;
  try {
    body = await pageJson(page, at(ctx, URLS.contentList), {}, 'read_back', 'content list', ctx);
  } catch (e) {
    if (e instanceof AdapterError && e.code === 'login_required') throw e;
    return 'absent';
  }
  const rows = field(body, 'data', 'articles');
  const row = Array.isArray(rows) ? rows.find((r) => String(field(r, 'id') ?? '') === id) : undefined;
  if (row === undefined) return 'absent';
  return isDraft(field(row, 'status'), field(row, 'is_draft')) ? 'draft' : 'listed';
}

/** A draft never counts as the post: prepare leaves drafts behind. */
function isDraft(status: unknown, flag: unknown): boolean {
  return status === 1 || status === '1' || status === 'draft' || flag === true || flag === 1;
}

/**
 * The post id an answer names at the first of `paths` that holds one. toutiao's
 * ids are 19 digits, more than a JSON number holds exactly, and some answers
 * send them as numbers: such an id is read from the answer's text.
 */
export function answerId(body: unknown, text: string, paths: ReadonlyArray<readonly string[]>): string {
  for (const path of paths) {
    const v = field(body, ...path);
    if (typeof v === 'string' && /^\d+$/.test(v)) return v;
    if (typeof v === 'number' && Number.isInteger(v) && v > 0) {
      if (Number.isSafeInteger(v)) return String(v);
      const key = path[path.length - 1]!;
      const exact = new RegExp(`"${key}"\\s*:\\s*(\\d+)`).exec(text)?.[1];
      if (exact) return exact;
    }
  }
  return '';
}

/**
 * After an accepted publish answer that names no post: reads the author's list
 * for it. Not found (yet) leaves the outcome to `verify`, never to a retry.
 */
export async function readBackAccepted(page: Page, job: PublishJob, what: string, find: () => Promise<VerifyResult>): Promise<{ postId: string; url: string }> {
  const found = await find().catch((e: unknown) => {
    throw new AdapterError('readback_failed', 'read_back', `toutiao accepted the ${what} but named none, and its list could not be read (${(e as Error).message}); verify before any retry`);
  });
  if (found.found && found.postId && found.url) return { postId: found.postId, url: found.url };
  throw new AdapterError('readback_failed', 'read_back', `toutiao accepted the ${what} of ${job.jobId} but named none, and its list does not show it yet; verify before any retry`);
}

/** The list shows text with its own whitespace; compare words, not layout. */
export const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();
