/**
 * What every xiaohongshu flow shares (videos, notes and 长文 end on the same
 * publish form): the creator center's real URLs (through `liveUrl` on a
 * replica), the login check, the settings the publish form takes (topics,
 * visibility, location, scheduled publishing), the 发布 click with the note's
 * id read from its answer, and the read-only own-notes lookup of `verify`.
 * Provenance of each fact: xiaohongshu.ts and xiaohongshu/article.ts.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type LoginInfo, type PublishJob, type PublishResult, type Step, type VerifyResult } from '../contract.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { field, needField, pageJson } from '../kit/page-api.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, inJobWindow, need, openLoggedIn, timeouts } from '../support.js';
import { XHS, XHS_TAGS_MAX, XHS_VISIBILITY_LABELS, setLocation, setSchedule, setVisibility } from '../xiaohongshu-form.js';

export const ORIGIN = 'https://creator.xiaohongshu.com';
const SITE = { defaultBaseUrl: ORIGIN };

export const URLS = {
  videoForm: `${ORIGIN}/publish/publish?from=homepage&target=video`,
  noteForm: `${ORIGIN}/publish/publish?from=homepage&target=image`,
  articleForm: `${ORIGIN}/publish/publish?from=menu&target=article`,
  userInfo: `${ORIGIN}/api/galaxy/user/info`,
  myNotes: 'https://edith.xiaohongshu.com/web_api/sns/v5/creator/note/user/posted?tab=0&page=0',
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
  }
  return {
    reader: r,
    tags: r.stringArray('tags', { max: XHS_TAGS_MAX, maxLength: 30 }),
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

/** 发布 (or 定时发布) behind the commit gate; the note's id comes from the publish request's answer. */
export async function publishForm(page: Page, scheduled: boolean, ctx: Ctx): Promise<PublishResult> {
  const id = await clickPublishForJson(
    page,
    {
      button: await need(page, XHS.publish(scheduled ? '定时发布' : '发布'), 'publish', 'publish button', ctx),
      isPublishRequest: (req) => req.method() === 'POST' && real(ctx, req.url()).pathname.startsWith('/web_api/sns/v2/note'),
      urlPattern: '*/web_api/sns/v2/note*',
      refusal: page.locator(FORM_ERROR),
      judge: (body) => {
        if (field(body, 'success') !== true) return { ok: false, message: String(field(body, 'msg') ?? 'refused') };
        const noteId = field(body, 'data', 'id');
        return { ok: true, value: typeof noteId === 'string' ? noteId : '' };
      },
    },
    ctx,
  );
  if (!id) throw new AdapterError('readback_failed', 'read_back', 'xiaohongshu accepted the note but named none; verify before any retry');
  // The form moves on to /publish/success by itself; let it land, so the page is free for what comes next.
  await page
    .waitForURL((u) => real(ctx, u.toString()).pathname === '/publish/success', { timeout: timeouts(ctx).selectorMs })
    .catch(() => ctx.log.warn({ step: 'read_back', url: page.url() }, 'published; the form did not move to /publish/success'));
  return { postId: id, url: at(ctx, URLS.note(id)) };
}

/** Read-only: the account's own notes titled `title`, dated in the job's window. */
export async function findNote(page: Page, job: PublishJob, title: string, formUrl: string, ctx: Ctx): Promise<VerifyResult> {
  ctx.progress('read_back');
  await openLoggedIn(page, at(ctx, formUrl), 'check_login', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'check_login', ctx), job, 'check_login');
  const body = await pageJson(page, at(ctx, URLS.myNotes), {}, 'read_back', 'own notes', ctx);
  const notes = field(body, 'data', 'notes');
  if (!Array.isArray(notes)) throw new AdapterError('editor_changed', 'read_back', 'own notes: the answer has no data.notes');
  const hits = notes.filter((n) => {
    const t = Number(field(n, 'time'));
    return field(n, 'display_title') === title && inJobWindow(Number.isFinite(t) ? new Date(t).toISOString() : null, job);
  });
  if (hits.length === 0) return { found: false };
  const id = String(field(hits[0], 'id'));
  return { found: true, postId: id, url: at(ctx, URLS.note(id)), candidates: hits.length };
}
