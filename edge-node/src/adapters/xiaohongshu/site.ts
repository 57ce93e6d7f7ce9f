/**
 * What every xiaohongshu flow shares (videos, notes and 长文 end on the same
 * publish form): the creator center's real URLs (through `liveUrl` on a
 * replica), the login check, the settings the publish form takes (topics,
 * visibility, location, scheduled publishing), the 发布 click with the note's
 * id read from its answer, and the read-only own-notes lookup of `verify`:
 * the note list the creator center's own 笔记管理 page loads, read as it
 * arrives (the API behind it wants signed requests, which only the page's own
 * code makes). Provenance of each fact: xiaohongshu/provenance.ts.
 */
import type { Page, Response } from 'playwright-core';
import { AdapterError, type AdapterContext, type LoginInfo, type PublishJob, type PublishResult, type Step, type VerifyResult } from '../contract.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { listedTime } from '../kit/listed-time.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { field, needField, pageJson } from '../kit/page-api.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, inJobWindow, isTimeout, need, openLoggedIn, timeouts } from '../support.js';
import { XHS, XHS_LIMITS, XHS_VISIBILITY_LABELS, setLocation, setSchedule, setVisibility } from './form.js';

export const ORIGIN = 'https://creator.xiaohongshu.com';
const SITE = { defaultBaseUrl: ORIGIN };

export const URLS = {
  videoForm: `${ORIGIN}/publish/publish?from=homepage&target=video`,
  noteForm: `${ORIGIN}/publish/publish?from=homepage&target=image`,
  articleForm: `${ORIGIN}/publish/publish?from=menu&target=article`,
  userInfo: `${ORIGIN}/api/galaxy/user/info`,
  noteManager: `${ORIGIN}/new/note-manager`,
  note: (id: string) => `https://www.xiaohongshu.com/explore/${id}`,
};
/** Where the form shows its own refusal (a toast, a failed upload). */
export const FORM_ERROR = '.d-toast, .upload-error';

type Ctx = AdapterContext;
export const at = (ctx: Pick<Ctx, 'baseUrl'>, real: string): string => liveUrl(ctx, SITE, real);
export const real = (ctx: Pick<Ctx, 'baseUrl'>, address: string): URL => realUrl(ctx, SITE, address);
export const isLoginPage = (ctx: Pick<Ctx, 'baseUrl'>) => (u: URL) => {
  const r = real(ctx, u.toString());
  return r.host === 'creator.xiaohongshu.com' && r.pathname.startsWith('/login');
};

export async function whoAmI(page: Page, step: Step, ctx: Ctx): Promise<LoginInfo> {
  const body = await pageJson(page, at(ctx, URLS.userInfo), {}, step, 'user info', ctx);
  if (field(body, 'success') !== true) throw new AdapterError('login_required', step, `xiaohongshu has no session here (${String(field(body, 'msg') ?? '')})`);
  return { externalRef: needField(body, ['data', 'userId'], step, 'user info'), displayName: String(field(body, 'data', 'userName') ?? '') };
}

/** Opens a creator page as the job's account. */
export async function openForm(page: Page, job: PublishJob, url: string, ctx: Ctx): Promise<void> {
  ctx.progress('open_editor');
  await openLoggedIn(page, at(ctx, url), 'open_editor', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'open_editor', ctx), job, 'open_editor');
}

/** The publish form's settings, read (and checked) before the browser moves. */
export interface FormSettings {
  reader: SettingsReader;
  tags: string[];
  visibility: string;
  location?: string;
  scheduledAt?: Date;
}

/** xiaohongshu schedules a note 1 hour to 14 days ahead. */
const SCHEDULE_MAX_DAYS = 14;

export function readFormSettings(job: PublishJob): FormSettings {
  const r = new SettingsReader(job);
  const when = r.string('scheduledAt', { maxLength: 40 });
  let scheduledAt: Date | undefined;
  if (when !== undefined) {
    scheduledAt = new Date(when);
    if (!Number.isFinite(scheduledAt.getTime())) throw new AdapterError('setting_unavailable', 'apply_settings', `xiaohongshu: scheduledAt "${when}" is not a date`, { field: 'scheduledAt' });
    if (scheduledAt.getTime() < Date.now() + 60 * 60_000) {
      throw new AdapterError('setting_unavailable', 'apply_settings', 'xiaohongshu: scheduledAt must be at least one hour ahead', { field: 'scheduledAt' });
    }
    if (scheduledAt.getTime() > Date.now() + SCHEDULE_MAX_DAYS * 86_400_000) {
      throw new AdapterError('setting_unavailable', 'apply_settings', `xiaohongshu: scheduledAt must be at most ${SCHEDULE_MAX_DAYS} days ahead`, { field: 'scheduledAt' });
    }
  }
  return {
    reader: r,
    tags: r.stringArray('tags', { max: XHS_LIMITS[job.contentType].tagsMax, maxLength: XHS_LIMITS[job.contentType].tagMax }),
    visibility: r.string('visibility', { oneOf: Object.keys(XHS_VISIBILITY_LABELS) }) ?? 'public',
    location: r.string('location', { maxLength: 50 }),
    scheduledAt,
  };
}

export async function applyFormSettings(page: Page, s: FormSettings, ctx: Ctx): Promise<void> {
  ctx.progress('apply_settings');
  if (s.location) await setLocation(page, s.location, ctx);
  await setVisibility(page, s.visibility, ctx);
  if (s.scheduledAt) await setSchedule(page, s.scheduledAt, ctx);
}

/** The publish request: POST https://edith.xiaohongshu.com/web_api/sns/v2/note (the form's own, signed by its code). */
const isPublishPath = (ctx: Ctx, url: string): boolean => {
  const u = real(ctx, url);
  return u.host === 'edith.xiaohongshu.com' && u.pathname === '/web_api/sns/v2/note';
};

/** The note's id in an accepted publish answer: `data.id`, `data.note_id` or `data.note.id`; '' when it names none. */
export function publishedId(body: unknown): string {
  for (const path of [['data', 'id'], ['data', 'note_id'], ['data', 'note', 'id']]) {
    const v = field(body, ...path);
    if (typeof v === 'string' && v !== '') return v;
  }
  return '';
}

/**
 * 发布 (or 定时发布) behind the commit gate; the note's id comes from the
 * publish request's answer. An accepted answer that names no note is read back
 * from the account's own notes (`readBack`, read-only) before anything is said.
 */
export async function publishForm(page: Page, scheduled: boolean, ctx: Ctx, readBack: () => Promise<VerifyResult>): Promise<PublishResult> {
  const id = await clickPublishForJson(
    page,
    {
      button: await need(page, XHS.publish(scheduled ? '定时发布' : '发布'), 'publish', 'publish button', ctx),
      isPublishRequest: (req) => req.method() === 'POST' && isPublishPath(ctx, req.url()),
      urlPattern: '*/web_api/sns/v2/note*',
      refusal: page.locator(FORM_ERROR),
      judge: (body) => {
        if (field(body, 'success') !== true) return { ok: false, message: String(field(body, 'msg') ?? 'refused') };
        return { ok: true, value: publishedId(body) };
      },
    },
    ctx,
  );
  // The form moves on by itself (to /publish/success); let it leave, so the page is free for what comes next.
  await page
    .waitForURL((u) => real(ctx, u.toString()).pathname !== '/publish/publish', { timeout: timeouts(ctx).selectorMs })
    .catch(() => ctx.log.warn({ step: 'read_back', url: page.url() }, 'published; the form did not move on'));
  if (id) return { postId: id, url: at(ctx, URLS.note(id)) };
  ctx.log.warn({ step: 'read_back' }, 'xiaohongshu accepted the note but named none; reading it back from the note manager');
  let found: VerifyResult;
  try {
    found = await readBack();
  } catch (e) {
    throw new AdapterError('readback_failed', 'read_back', `xiaohongshu accepted the note but named none, and reading it back failed (${(e as Error).message}); verify before any retry`, { url: page.url() });
  }
  if (found.found && found.candidates === 1) return { postId: found.postId, url: found.url };
  throw new AdapterError(
    'readback_failed',
    'read_back',
    found.found
      ? `xiaohongshu accepted the note but named none, and ${found.candidates} of the account's notes match it; verify before any retry`
      : "xiaohongshu accepted the note but named none, and the note manager does not list it yet; verify before any retry",
    { url: page.url(), candidates: found.found ? found.candidates : 0 },
  );
}

/** The note list's address (either recorded path) on the creator center. */
const NOTE_LIST_PATH = /^\/api\/galaxy\/(?:v2\/)?creator\/note\/user\/posted$/;
/** Where the list's answer keeps its rows, in the forms recorded. */
const LIST_KEYS = ['notes', 'note_list', 'note_infos'] as const;

export interface ListedNote {
  id: string;
  title: string;
  /** ISO 8601, or null when the row's time is in no recorded form. */
  at: string | null;
}

/**
 * The rows of a note-list answer: `data.notes` (or `data.note_list`,
 * `data.note_infos`), each with `id` (or `note_id`), `display_title` (or
 * `title`) and `time` (or `post_time`) as "YYYY-MM-DD HH:mm[:ss]" China time,
 * Unix seconds or milliseconds. Null when the answer has no list at all.
 */
export function listedNotes(body: unknown): ListedNote[] | null {
  const rows = LIST_KEYS.map((k) => field(body, 'data', k)).find(Array.isArray);
  if (!rows) return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
  return rows.map((n) => ({
    id: text(field(n, 'id')) || text(field(n, 'note_id')),
    title: text(field(n, 'display_title') ?? field(n, 'title')),
    at: listedTime(field(n, 'time') ?? field(n, 'post_time')),
  }));
}

/**
 * Read-only: the account's own notes titled `title`, dated in the job's window,
 * from the list the 笔记管理 page loads for itself (its first page, newest first).
 */
export async function findNote(page: Page, job: PublishJob, title: string, ctx: Ctx): Promise<VerifyResult> {
  ctx.progress('read_back');
  const notes = await ownNotes(page, job, ctx);
  const hits = notes.filter((n) => n.id !== '' && n.title === title && inJobWindow(n.at, job));
  if (hits.length === 0) return { found: false };
  const id = hits[0]!.id;
  return { found: true, postId: id, url: at(ctx, URLS.note(id)), candidates: hits.length };
}

async function ownNotes(page: Page, job: PublishJob, ctx: Ctx): Promise<ListedNote[]> {
  const t = timeouts(ctx);
  const isList = (r: Response) => {
    if (r.request().method() !== 'GET') return false;
    const u = real(ctx, r.url());
    return u.host === 'creator.xiaohongshu.com' && NOTE_LIST_PATH.test(u.pathname);
  };
  // Listening before the page opens: its first request goes out while it loads.
  const answer = page.waitForResponse(isList, { timeout: t.navigationMs + t.selectorMs });
  answer.catch(() => {}); // abandoned when the page turns out to be the login page
  await openLoggedIn(page, at(ctx, URLS.noteManager), 'check_login', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'check_login', ctx), job, 'check_login');
  let res: Response;
  try {
    res = await answer;
  } catch (e) {
    if (!isTimeout(e)) throw e;
    throw new AdapterError('editor_changed', 'read_back', 'the note manager page loaded no note list', { url: page.url() });
  }
  const status = res.status();
  if (status === 401 || status === 403) throw new AdapterError('login_required', 'read_back', `the note list answered HTTP ${status} (no session)`, { status });
  if (status >= 400) throw new Error(`the note list answered HTTP ${status}`);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new AdapterError('editor_changed', 'read_back', 'the note list did not answer JSON', { status });
  }
  if (field(body, 'success') === false) {
    const msg = String(field(body, 'msg') ?? '');
    if (field(body, 'code') === -100) throw new AdapterError('login_required', 'read_back', `the note list says the session is gone (${msg})`);
    throw new Error(`the note list refused: ${msg} (code ${String(field(body, 'code'))})`);
  }
  const notes = listedNotes(body);
  if (!notes) throw new AdapterError('editor_changed', 'read_back', `the note list's answer has none of data.${LIST_KEYS.join(', data.')}`);
  return notes;
}
