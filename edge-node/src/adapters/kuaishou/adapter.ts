/**
 * kuaishou (快手): videos and 图文 (dynamics), through the creator centre's one
 * publish page. The page uploads what its upload button's file chooser gets,
 * lays a notice and a guided tour over the form, takes one description (title,
 * text and #topics together: kuaishou has no title field), a custom cover,
 * a collection and a publish time; "发布" is the one non-repeatable click (a
 * confirmation kuaishou may show after it completes that one commit). The
 * page's publish request answers result 1 (taken) or a refusal, without the
 * post's id; the page then moves to the works page, whose own list answer
 * names the post.
 *
 * What every step rests on (the public sources of each fact about kuaishou's
 * publish page, its requests, the works list and the login, and how sure each
 * is) is in kuaishou/provenance.ts.
 *
 * Settings (shared contract names): `tags` (≤ 3), `description` (videos; else the
 * payload's), `coverMode` (`custom` uploads the cover; absent → custom when there
 * is one), `collectionName` (加入合集, by name), `scheduledAt` (ISO 8601, ≥ 2 h ahead).
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type DynamicJob, type Flow, type OpenedFile, type PublishJob, type PublishResult, type VideoJob } from '../contract.js';
import { defineAdapter } from '../define.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { contractLimits } from '../kit/contract-limits.js';
import { field } from '../kit/page-api.js';
import { markdownToPlainText } from '../markdown.js';
import { outcomeUnknown } from '../publish-click.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, assertMaxChars, need, openLoggedIn, openMedia, timeouts } from '../support.js';
import { KS, chooseCollection, chooseImageTab, dismissGuides, fillDescription, pickerTime, publishConfirmation, schedule, uploadCover, uploadFiles } from './form.js';
import { at, isLoginPage, ORIGIN, realPath, SUBMIT_PATHS, URLS } from './site.js';
import { KUAISHOU_PROVENANCE } from './provenance.js';
import { findWork, stillPublishing, watchWorksList, type Work } from './works.js';

/** Topics kuaishou takes in one description (social-auto-upload, 2026-08-20), as the settings contract states it for preflight. */
export const KUAISHOU_MAX_TOPICS = contractLimits('video', 'kuaishou', ['tagsMax']).tagsMax;
/** Characters one description holds (social-media-publisher; Multi-Publish, 2026-09-30). */
export const KUAISHOU_MAX_CAPTION_CHARS = 500;
/** Pictures one 图文 holds (social-media-publisher), as the settings contract states it for preflight. */
export const KUAISHOU_MAX_IMAGES = contractLimits('dynamic', 'kuaishou', ['maxImages']).maxImages;
/** 定时发布 must be more than two hours ahead (social-auto-upload base_video.py, 2026-08-20). */
export const KUAISHOU_MIN_SCHEDULE_LEAD_MS = 2 * 3600_000;
const SETTING_KEYS = ['tags', 'description', 'coverMode', 'collectionName', 'scheduledAt'] as const;

interface Plan {
  caption: string;
  coverPath: string | undefined;
  collection: string | undefined;
  publishAt: string | undefined;
}

/** What differs between a video and a 图文 on the one publish page. */
interface PostKind<J extends VideoJob | DynamicJob> {
  /** Checks what only this kind carries; the custom cover's path, where the job has one. */
  check(job: J, r: SettingsReader): string | undefined;
  /** The description's text, before its topics. */
  text(job: J): string;
  /** The files the page uploads, opened before the browser moves. */
  media(job: J, ctx: AdapterContext): Promise<OpenedFile[]>;
  /** The form's upload tab is the video's unless this chooses another. */
  chooseTab?(page: Page, ctx: AdapterContext): Promise<void>;
  uploadLabel: '上传视频' | '上传图片';
  submitPath: string;
}

const VIDEO: PostKind<VideoJob> = {
  check(job, r) {
    const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImagePath ? 'custom' : 'auto');
    if (coverMode === 'custom' && !job.payload.coverImagePath) throw new AdapterError('cover_rejected', 'apply_settings', 'coverMode is custom but the job has no coverImagePath');
    return coverMode === 'custom' ? job.payload.coverImagePath : undefined;
  },
  text: (job) => [job.payload.title.trim(), markdownToPlainText(String(job.settings.description ?? job.payload.description ?? '')).trim()].filter(Boolean).join('\n'),
  media: async (job, ctx) => [await openMedia(ctx, job.payload.localVideoPath, 'upload', 'upload_failed', 'video')],
  uploadLabel: '上传视频',
  submitPath: SUBMIT_PATHS.video,
};

const PICTURES: PostKind<DynamicJob> = {
  check(job) {
    const count = job.payload.images?.length ?? 0;
    if (count === 0) throw new AdapterError('publish_rejected', 'fill', 'kuaishou 图文 needs at least one image');
    if (count > KUAISHOU_MAX_IMAGES) throw new AdapterError('publish_rejected', 'fill', `kuaishou 图文 holds at most ${KUAISHOU_MAX_IMAGES} pictures; the job has ${count}`, { count, max: KUAISHOU_MAX_IMAGES });
    return undefined;
  },
  text: (job) => markdownToPlainText(job.payload.content).trim(),
  media: (job, ctx) => Promise.all((job.payload.images ?? []).map((i) => openMedia(ctx, i, 'upload', 'upload_failed', 'image'))),
  chooseTab: chooseImageTab,
  uploadLabel: '上传图片',
  submitPath: SUBMIT_PATHS.dynamic,
};

/** Everything the job asks for, checked before the browser moves. */
function plan<J extends VideoJob | DynamicJob>(job: J, kind: PostKind<J>, now: Date): Plan {
  const r = new SettingsReader(job);
  const tags = r.stringArray('tags', { max: KUAISHOU_MAX_TOPICS, maxLength: 30 });
  const collection = r.string('collectionName', { maxLength: 50 });
  r.string('description'); // type-checked here; captionOf reads it
  const when = r.string('scheduledAt');
  let publishAt: string | undefined;
  if (when !== undefined) {
    const at = new Date(when);
    if (Number.isNaN(at.getTime())) throw new AdapterError('setting_unavailable', 'apply_settings', `kuaishou: scheduledAt "${when}" is not an ISO 8601 time`, { field: 'scheduledAt' });
    if (at.getTime() - now.getTime() <= KUAISHOU_MIN_SCHEDULE_LEAD_MS) {
      throw new AdapterError('setting_unavailable', 'apply_settings', 'kuaishou: scheduledAt must be more than 2 hours ahead', { field: 'scheduledAt' });
    }
    publishAt = pickerTime(at);
  }
  const coverPath = kind.check(job, r);
  const caption = captionOf(job, kind, tags);
  if (!caption.trim()) throw new AdapterError('publish_rejected', 'fill', 'kuaishou needs a description');
  assertMaxChars(caption, KUAISHOU_MAX_CAPTION_CHARS, 'fill', 'the kuaishou description (title, text and topics)');
  return { caption, coverPath, collection, publishAt };
}

/** The one description kuaishou stores: title and text, then the #topics on a line of their own. */
function captionOf<J extends VideoJob | DynamicJob>(job: J, kind: PostKind<J>, tags = new SettingsReader(job).stringArray('tags', { max: KUAISHOU_MAX_TOPICS, maxLength: 30 })): string {
  const text = kind.text(job);
  const topics = tags.map((t) => `#${t.replace(/^#/, '')}`).join(' ');
  // One line per paragraph: kuaishou's editor turns a blank line into an empty block of its own.
  return [...text.split('\n'), topics].filter((line) => line.trim() !== '').join('\n');
}

/** Who is logged in: the upload button says there is a session, the `userId` cookie whose it is. */
async function readAccount(page: Page, ctx: AdapterContext, step: 'check_login' | 'open_editor') {
  // Without a session kuaishou either sends the browser to passport (openLoggedIn) or shows 立即登录 in place of the form.
  await need(page, `${KS.uploadButton}, ${KS.loginEntry}`, step, 'upload button (logged-in page)', ctx);
  if (await page.locator(KS.loginEntry).first().isVisible()) {
    throw new AdapterError('login_required', step, 'no session: kuaishou shows 立即登录 instead of the publish form', { url: page.url() });
  }
  const cookie = (await page.context().cookies(page.url())).find((c) => c.name === 'userId');
  if (!cookie?.value) throw new AdapterError('login_required', step, 'kuaishou set no userId cookie: the session is not a creator login');
  const name = (await page.locator(KS.userName).first().innerText({ timeout: 1000 }).catch(() => '')).trim();
  return { externalRef: decodeURIComponent(cookie.value), displayName: name || decodeURIComponent(cookie.value) };
}

async function openPublishPage(page: Page, ctx: AdapterContext, step: 'check_login' | 'open_editor') {
  await openLoggedIn(page, at(ctx, URLS.publish), step, ctx, isLoginPage(ctx));
  return readAccount(page, ctx, step);
}

/** kuaishou's answer to the publish request: result 1 took the post; anything else is its refusal. */
function judgeSubmit(body: unknown): { ok: true; value: true } | { ok: false; message: string } {
  const result = field(body, 'result');
  if (result === 1) return { ok: true, value: true };
  const message = field(body, 'message');
  return { ok: false, message: typeof message === 'string' && message.trim() ? message.trim() : `result ${JSON.stringify(result)}` };
}

/**
 * The post kuaishou took, from the works list: the list the works page asked for
 * after the publish moved it there, else the list of a works page opened for it.
 */
async function readBack(page: Page, job: PublishJob, caption: string, moved: Promise<Work[]>, ctx: AdapterContext): Promise<PublishResult> {
  let works: Work[];
  try {
    works = await moved;
  } catch {
    // The page did not move on (or its list did not come): open the works page ourselves.
    const list = watchWorksList(page, ctx, timeouts(ctx).navigationMs + timeouts(ctx).selectorMs);
    try {
      await openLoggedIn(page, at(ctx, URLS.works), 'read_back', ctx, isLoginPage(ctx));
      works = await list;
    } catch (e) {
      throw outcomeUnknown(`kuaishou took the post, but its works list could not be read: ${(e as Error).message}`, page);
    }
  }
  const found = findWork(works, job, caption, ctx);
  if (found.found) return { postId: found.postId, url: found.url };
  if (stillPublishing(works, job, caption)) throw outcomeUnknown('kuaishou took the post and lists it as still being published, without a work id yet', page);
  throw outcomeUnknown('kuaishou took the post, but it is not in the works list yet', page);
}

/** Videos and 图文 go through the same publish page: what differs is the kind's (PostKind). */
function postFlow<J extends VideoJob | DynamicJob>(kind: PostKind<J>): Flow<J> {
  return {
    async prepare(page, job, ctx) {
      const p = plan(job, kind, new Date());
      new SettingsReader(job).logIgnored(SETTING_KEYS, ctx.log);
      const media = await kind.media(job, ctx);
      const cover = p.coverPath ? await openMedia(ctx, p.coverPath, 'apply_settings', 'cover_rejected', 'cover image') : undefined;

      ctx.progress('open_editor');
      assertAccount(await openPublishPage(page, ctx, 'open_editor'), job, 'open_editor');
      await kind.chooseTab?.(page, ctx);

      await uploadFiles(page, media, kind.uploadLabel, ctx);
      await dismissGuides(page);

      ctx.progress('fill');
      await fillDescription(page, p.caption, ctx);

      ctx.progress('apply_settings');
      if (cover) await uploadCover(page, cover, ctx);
      if (p.collection) await chooseCollection(page, p.collection, ctx);
      if (p.publishAt) await schedule(page, p.publishAt, ctx);
      // The guide can come back after the form changed; it would swallow the publish click.
      await dismissGuides(page);
    },

    async publish(page, job, ctx) {
      const caption = captionOf(job, kind);
      const submitPath = kind.submitPath;
      // An absent control means the page changed (editor_changed), not that kuaishou refused.
      const button = await need(page, KS.publishButton, 'publish', 'publish control (发布)', ctx);
      // Listening before the click: the works page asks for its list the moment it opens.
      const t = timeouts(ctx);
      const moved = watchWorksList(page, ctx, t.publishMs + t.navigationMs + t.selectorMs);
      await clickPublishForJson(
        page,
        {
          button,
          confirm: publishConfirmation(page),
          isPublishRequest: (req) => req.method() === 'POST' && realPath(ctx, req.url()) === submitPath,
          urlPattern: `*${submitPath}*`,
          refusal: page.locator(KS.errorToast),
          judge: judgeSubmit,
        },
        ctx,
      );
      return readBack(page, job, caption, moved, ctx);
    },

    async verify(page, job, ctx) {
      ctx.progress('read_back');
      const caption = captionOf(job, kind);
      const list = watchWorksList(page, ctx, timeouts(ctx).navigationMs + timeouts(ctx).selectorMs);
      await openLoggedIn(page, at(ctx, URLS.works), 'check_login', ctx, isLoginPage(ctx));
      const works = await list;
      const found = findWork(works, job, caption, ctx);
      // A row still being published is the post without its id: no answer yet (asked again later), never "not there".
      if (!found.found && stillPublishing(works, job, caption)) {
        throw new AdapterError('readback_failed', 'read_back', 'kuaishou lists the post as still being published, without a work id yet; ask again later');
      }
      return found;
    },
  };
}

export const kuaishouAdapter = defineAdapter({
  platform: 'kuaishou',
  defaultBaseUrl: ORIGIN,
  settingKeys: SETTING_KEYS,
  provenance: KUAISHOU_PROVENANCE,
  login: {
    url: URLS.login,
    qrTab: 'main#login-form div.platform-switch',
    qr: 'main#login-form div.qr-login img[alt="qrcode"]',
    expired: 'div.qrcode-status.qrcode-status-timeout',
    refresh: 'p.qrcode-refresh',
    // The passport's scanResult (old and new paths) answers result 1 once a phone scanned; acceptResult then waits for the confirmation.
    scannedAnswer: { url: /^id\.kuaishou\.com\/rest\/c\/infra\/ks\/(new\/)?qr\/scanResult$/, scanned: (body) => field(body, 'result') === 1 },
    sms: { input: '.sms-verify input[placeholder*="验证码"]', send: '.sms-verify >> text=获取验证码', submit: '.sms-verify >> text=确定', error: '.sms-verify .error-tip' },
    slider: '.captcha-slider',
    sessionCookies: ['kuaishou.web.cp.api_st'],
    isLoginPage: (u) => u.host === 'passport.kuaishou.com',
  },

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    return openPublishPage(page, ctx, 'check_login');
  },

  flows: { video: postFlow(VIDEO), dynamic: postFlow(PICTURES) },
});
