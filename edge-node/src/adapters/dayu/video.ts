/**
 * dayu (大鱼号) videos through the dashboard's video page, driven as a person
 * does: the file into the page's video input; once the page says the upload
 * succeeded, the title, the description, the cover (the same picture into
 * the 横版 and 竖版 cover slots, each saved in the crop dialog), the tags one
 * per tag box, 信息来源 无需标注, then 发表 and, when the page asks for it, its
 * confirmation 确认发表. This
 * module is the video side of the dayu adapter (./adapter.ts), which also
 * publishes articles.
 *
 * What each step rests on is in ./provenance.ts.
 *
 * Settings (shared contract names): `description` (else the payload's, as
 * plain text), `tags` (one box each), `coverMode` (`custom` puts the cover in
 * both slots; absent → custom when the job has a coverImagePath; `auto`
 * leaves the cover to 大鱼号), `visibility` (public only), `aiLabel` (false
 * only: the one 信息来源 value on record is 无需标注, "no label needed", so a
 * video that must carry an AI label is refused rather than declared as
 * needing none; preflight refuses it too).
 */
import type { Locator, Page, Request } from 'playwright-core';
import { AdapterError, type AdapterContext, type OpenedFile, type PublishResult, type VerifyResult, type VideoJob, type Flow } from '../contract.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { field } from '../kit/page-api.js';
import { videoTitleAndDescription } from '../kit/video-plan.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, fillChecked, inJobWindow, need, openLoggedIn, openMedia, timeouts } from '../support.js';
import { at, configHere, DAYU_SITE_URLS, type DayuConfig, isLoginPage, loginOf, openDashboard, ORIGIN, publishedItems, real } from './site.js';
import { contractLimits } from '../kit/contract-limits.js';

export const DAYU_VIDEO_URLS = {
  ...DAYU_SITE_URLS,
  videoEditor: `${ORIGIN}/dashboard/video/write`,
  videoPublishPath: '/dashboard/submit-video',
  submitPath: '/dashboard/submit-article',
};

/** The session of the prepared page, for the publish (and the read-back) that follow on it. */
export interface VideoSession {
  config: DayuConfig;
}

export const DAYU_VIDEO_SETTINGS = ['description', 'tags', 'coverMode', 'visibility', 'aiLabel'] as const;
/** The settings contract's video limits (no source records 大鱼号's own). */
export const DAYU_VIDEO_LIMITS = contractLimits('video', 'dayu', ['titleMax', 'descriptionMax', 'tagsMax', 'tagMax']);

const S = {
  /** An input (M, A), or an editable box (R). */
  title: 'input[placeholder*="标题"], .w-form-field-content-editable',
  description: 'textarea[placeholder*="描述"], textarea[placeholder*="简介"]',
  file: 'input[type="file"][accept*="video"]',
  uploaded: /视频上传成功/,
  failed: '上传失败',
  coverSlots: ['.w-form-field.article-write_box-cover', '.w-form-field.article-write_box-vertical-cover'],
  coverInput: '.article-write_box-form-coverImg input[type="file"]',
  coverPicture: '.article-write_box-form-coverImg img',
  cropDialog: '.article-material-image-dialog',
  cropSave: '.w-btn.w-btn_primary',
  tags: '.article-write_video-tags.form-control',
  tagBox: 'div > input[type="text"]',
  source: 'input[type="radio"][value="无需标注"]',
  publish: 'button',
  refusal: '.w-message-error',
} as const;

function planVideo(job: VideoJob) {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImagePath ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImagePath) throw new AdapterError('cover_rejected', 'apply_settings', 'coverMode is custom but the job has no coverImagePath');
  r.string('visibility', { oneOf: ['public'] });
  if (r.boolean('aiLabel', false)) {
    throw new AdapterError('setting_unavailable', 'apply_settings', "大鱼号's 信息来源 has one value on record, 无需标注 (no label needed): a video that must carry the AI label is not published there", { field: 'aiLabel' });
  }
  const tags = r.stringArray('tags', { max: DAYU_VIDEO_LIMITS.tagsMax, maxLength: DAYU_VIDEO_LIMITS.tagMax });
  const { title, description } = videoTitleAndDescription(job, r, DAYU_VIDEO_LIMITS, 'a 大鱼号 video needs a title');
  return { reader: r, title, description, tags, coverPath: coverMode === 'custom' ? job.payload.coverImagePath : undefined };
}

export async function prepareVideo(page: Page, job: VideoJob, ctx: AdapterContext): Promise<VideoSession> {
  const p = planVideo(job);
  p.reader.logIgnored(DAYU_VIDEO_SETTINGS, ctx.log);
  const video = await openMedia(ctx, job.payload.localVideoPath, 'upload', 'upload_failed', 'video');
  const cover = p.coverPath ? await openMedia(ctx, p.coverPath, 'upload', 'cover_rejected', 'cover image') : undefined;

  ctx.progress('open_editor');
  const config = await openVideoPage(page, ctx);
  assertAccount(loginOf(config), job, 'open_editor');
  await need(page, S.file, 'open_editor', 'video upload input', ctx, 'attached');

  await need(page, S.title, 'fill', 'title input', ctx);
  await uploadVideo(page, video, ctx);

  // Once the upload is done: the page puts the file's name in the title then, so the title goes in after it.
  ctx.progress('fill');
  await fillTitle(await need(page, S.title, 'fill', 'title input', ctx), p.title);
  if (p.description) await fillChecked(await need(page, S.description, 'fill', 'description box', ctx), p.description, 'fill', 'description');

  ctx.progress('apply_settings');
  if (cover) for (const slot of S.coverSlots) await setCover(page, slot, cover, ctx);
  if (p.tags.length > 0) await fillTags(page, p.tags, ctx);
  const source = await need(page, S.source, 'apply_settings', '信息来源 无需标注', ctx, 'attached');
  await source.check();
  return { config };
}

/**
 * The video page, and the session: its own globalConfig when it carries one
 * (a dashboard page, as the replica's does: unrecorded), else the dashboard's
 * (recorded), which also decides whether there is a session at all.
 */
async function openVideoPage(page: Page, ctx: AdapterContext): Promise<DayuConfig> {
  await openLoggedIn(page, at(ctx, DAYU_VIDEO_URLS.videoEditor), 'open_editor', ctx, isLoginPage(ctx));
  const here = await configHere(page);
  if (here) return here;
  const config = await openDashboard(page, 'open_editor', ctx);
  await openLoggedIn(page, at(ctx, DAYU_VIDEO_URLS.videoEditor), 'open_editor', ctx, isLoginPage(ctx));
  return config;
}

/** The title into its input, or into its editable box; either way read back. */
async function fillTitle(box: Locator, title: string): Promise<void> {
  if (!(await box.evaluate((el) => (el as unknown as { isContentEditable: boolean }).isContentEditable))) return fillChecked(box, title, 'fill', 'title');
  await box.fill(title);
  const got = (await box.innerText()).trim();
  if (got !== title) throw new AdapterError('editor_changed', 'fill', `the title box did not keep the text (${got.length} of ${title.length} characters)`);
}

/** The file into the page's video input; then the page's 视频上传成功, or its 上传失败 with its message. */
async function uploadVideo(page: Page, video: OpenedFile, ctx: AdapterContext): Promise<void> {
  ctx.progress('upload', { phase: 'transfer', bytesSent: 0, bytesTotal: video.size, percent: 0 });
  await page.locator(S.file).first().setInputFiles(video.path);
  const done = page.getByText(S.uploaded);
  const failed = page.getByText(S.failed, { exact: true });
  try {
    await done.or(failed).first().waitFor({ state: 'attached', timeout: timeouts(ctx).uploadMs });
  } catch {
    throw new AdapterError('upload_failed', 'upload', 'the video upload did not finish in time');
  }
  if ((await failed.count()) > 0) {
    const why = (await page.locator(S.refusal).first().innerText().catch(() => '')).trim();
    throw new AdapterError('upload_failed', 'upload', `大鱼号 refused the video${why ? `: ${why}` : ''}`);
  }
  ctx.progress('upload', { phase: 'transfer', bytesSent: video.size, bytesTotal: video.size, percent: 100 });
}

/** The picture into one cover slot, the crop dialog saved; then the slot shows it, or the page says why not. */
async function setCover(page: Page, slot: string, cover: OpenedFile, ctx: AdapterContext): Promise<void> {
  ctx.progress('upload', { phase: 'cover', bytesSent: 0, bytesTotal: cover.size, percent: 0 });
  const area = page.locator(slot);
  await (await need(page, `${slot} ${S.coverInput}`, 'apply_settings', 'cover picture input', ctx, 'attached')).setInputFiles(cover.path);
  const save = page.locator(S.cropDialog).filter({ visible: true }).locator(S.cropSave).first();
  const refusal = page.locator(S.refusal).filter({ visible: true }).first();
  const shown = area.locator(S.coverPicture).first();
  // The dialog first, then (after 保存) the picture in the slot; a refusal at either point stops the job.
  for (const [wanted, missing] of [
    [save, 'the cover crop dialog never opened'],
    [shown, 'the cover never showed in its slot'],
  ] as const) {
    try {
      await wanted.or(refusal).first().waitFor({ state: 'attached', timeout: timeouts(ctx).uploadMs });
    } catch {
      throw new AdapterError('cover_rejected', 'apply_settings', missing);
    }
    if (await refusal.isVisible()) throw new AdapterError('cover_rejected', 'apply_settings', `大鱼号 refused the cover: ${(await refusal.innerText()).trim()}`);
    if (wanted === save) await save.click();
  }
  ctx.progress('upload', { phase: 'cover', bytesSent: cover.size, bytesTotal: cover.size, percent: 100 });
}

/** One tag per box: typed, then Enter, which opens the next box. */
async function fillTags(page: Page, tags: readonly string[], ctx: AdapterContext): Promise<void> {
  const area = await need(page, S.tags, 'apply_settings', 'tag boxes', ctx);
  const boxes = area.locator(S.tagBox);
  for (const [i, tag] of tags.entries()) {
    const box = boxes.nth(i);
    try {
      await box.waitFor({ timeout: timeouts(ctx).selectorMs });
    } catch {
      throw new AdapterError('editor_changed', 'apply_settings', `no box for tag ${i + 1} (${tag})`);
    }
    await fillChecked(box, tag, 'apply_settings', `tag ${i + 1}`);
    await box.press('Enter');
  }
}

/** The addresses the video page is recorded sending its publish to: its own call, or the article's submit (which also takes saved videos). */
const VIDEO_PUBLISH_PATHS = [DAYU_VIDEO_URLS.videoPublishPath, DAYU_VIDEO_URLS.submitPath];
const ITEM_ID = /^[\w-]{1,64}$/;
const idOf = (v: unknown): string | undefined => (typeof v === 'string' && ITEM_ID.test(v) ? v : undefined);

/**
 * 发表 behind the commit gate, then 确认发表 when the page asks for it (a 发表
 * that sends the video itself is taken as it is); the answer's _id and public
 * id (wm_aid or origin_id), or, when it names either not, the content list's
 * row for the video.
 */
export async function publishVideo(page: Page, job: VideoJob, ctx: AdapterContext, p: VideoSession): Promise<PublishResult> {
  if (real(ctx, page.url()).pathname !== '/dashboard/video/write') throw new AdapterError('editor_changed', 'publish', 'the page is not the prepared video page; nothing was published', { url: page.url() });
  const named = await clickPublishForJson(
    page,
    {
      button: page.locator(`${S.publish}:visible`, { hasText: /^\s*发\s*表\s*$/ }).first(),
      confirm: page.locator(S.publish, { hasText: /^\s*确认发表\s*$/ }),
      isPublishRequest: (req: Request) => req.method() === 'POST' && VIDEO_PUBLISH_PATHS.includes(real(ctx, req.url()).pathname),
      urlPattern: VIDEO_PUBLISH_PATHS.map((path) => `*${path}*`),
      refusal: page.locator(S.refusal),
      judge: (body) => {
        const error = field(body, 'error');
        if (error) return { ok: false, message: typeof error === 'string' ? error : JSON.stringify(error) };
        return { ok: true, value: { id: idOf(field(body, 'data', '_id')), originId: idOf(field(body, 'data', 'wm_aid')) ?? idOf(field(body, 'data', 'origin_id')) } };
      },
    },
    ctx,
  );
  if (named.id && named.originId) return { postId: named.id, url: at(ctx, DAYU_VIDEO_URLS.post(p.config.wmid, named.originId)) };
  // The answer leaves the video or its public id unnamed: the content list names both.
  const rows = await publishedItems(page, p.config, 'content list', ctx);
  const title = job.payload.title.trim();
  const row = named.id ? rows.find((r) => r.id === named.id) : rows.find((r) => r.title === title && inJobWindow(r.publishedAt, job));
  if (!row?.originId) throw new AdapterError('readback_failed', 'read_back', '大鱼号 accepted the video but its answer and the content list do not yet name it and its address; verify before any retry');
  return { postId: row.id, url: at(ctx, DAYU_VIDEO_URLS.post(p.config.wmid, row.originId)) };
}

export async function verifyVideo(page: Page, job: VideoJob, ctx: AdapterContext): Promise<VerifyResult> {
  ctx.progress('read_back');
  const config = await openDashboard(page, 'check_login', ctx);
  assertAccount(loginOf(config), job, 'check_login');
  const title = job.payload.title.trim();
  const hits = (await publishedItems(page, config, 'content list', ctx)).filter((row) => row.originId && row.title === title && inJobWindow(row.publishedAt, job));
  if (hits.length === 0) return { found: false };
  return { found: true, postId: hits[0]!.id, url: at(ctx, DAYU_VIDEO_URLS.post(config.wmid, hits[0]!.originId!)), candidates: hits.length };
}

export const videoFlow: Flow<VideoJob, VideoSession> = { prepare: prepareVideo, publish: publishVideo, verify: verifyVideo };
