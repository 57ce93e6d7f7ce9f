/**
 * qiehao (企鹅号) videos through om.qq.com's video page, driven as a person
 * does: the file into the page's uploader, then — once the upload has opened
 * the form — the title, the description, a custom cover through the cover
 * dialog (./video-cover.ts), the tags, the 自主声明 (作者声明：无需标注, the
 * one declaration on record), and 发布. This module is the video side of the
 * qiehao adapter (./adapter.ts), which also publishes articles; both share
 * the account call (./site.ts).
 *
 * The facts this rests on and their sources are in ./provenance.ts.
 *
 * Settings (shared contract names): `description` (else the payload's, as
 * plain text), `tags` (at most 9), `visibility` (public only), `coverMode`
 * (`custom` puts the request's coverImagePath through the cover dialog; absent,
 * custom when there is one), `aiLabel` (false only). The only declaration on
 * record is 无需标注: a video that must carry the AI label
 * is refused before the browser moves, as preflight refuses it, instead of
 * being declared as needing none. 原创 and the category are left as the page
 * has them (no setting says a fanned-out video is original).
 */
import type { Locator, Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type PublishResult, type VerifyResult, type VideoJob, type Flow } from '../contract.js';
import { aiLabelOf } from '../kit/ai-label.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { listedTime } from '../kit/listed-time.js';
import { field, pageJson } from '../kit/page-api.js';
import { uploadVideoFile } from '../kit/upload-marks.js';
import { markdownToPlainText } from '../markdown.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, assertMaxChars, countChars, fillChecked, type ListedPost, matchPost, need, openLoggedIn, openMedia, poll, timeouts } from '../support.js';
import { at, codeOf, isLoginPage, msgOf, ORIGIN, real, whoAmI } from './site.js';
import { uploadCover } from './video-cover.js';
import { contractLimits } from '../kit/contract-limits.js';

export const QIEHAO_VIDEO_URLS = {
  videoEditor: `${ORIGIN}/main/creation/video`,
  /** Where the page's publish request may go: /mvideo/api/publish (on no record) or /api/video/publish (a public uploader posts there). */
  videoPublishPaths: ['/mvideo/api/publish', '/api/video/publish'],
  videoList: `${ORIGIN}/mvideo/api/list?page=1&limit=20`,
  post: (vid: string) => `https://v.qq.com/x/page/${encodeURIComponent(vid)}.html`,
};

export const QIEHAO_VIDEO_SETTINGS = ['description', 'tags', 'visibility', 'coverMode', 'aiLabel'] as const;
export const QIEHAO_VIDEO_LIMITS = contractLimits('video', 'qiehao', ['titleMin', 'titleMax', 'descriptionMax', 'tagsMax', 'tagMax']);
/** The declaration the 自主声明 dialog is answered with: the one 企鹅号's recorded calls carry. */
const NO_LABEL = '无需标注';

const S = {
  file: 'input[type="file"][name="Filedata"]',
  title: '.omui-articletitle__input .omui-inputautogrowing__inner',
  uploaded: '.omui-articletitle__input, video',
  failed: '上传失败',
  description: 'textarea.omui-textarea__inner',
  tagInput: '#-tag input.omui-suggestion__value',
  tagChip: '#-tag .omui-tag',
  declare: '[id*="selfDeclaration"] button',
  declared: '[id*="selfDeclaration"]',
  dialog: '.omui-dialog:has-text("自主声明")',
  refusal: '.omui-message--error',
} as const;
const VID = /^[\w-]{1,64}$/;
/**
 * A Tencent Video vid (11 lower-case letters and digits), the only id v.qq.com/x/page/<vid>.html
 * is recorded for (provenance: NQ); another id (om's own number) names no public address.
 */
const TENCENT_VID = /^[a-z0-9]{11}$/;

/** A web address the platform gave for the video (the answer's or the list row's `url`), if any. */
function givenUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** The video's address: the one the platform gave, else v.qq.com's page for a vid, else none. */
function videoAddress(ctx: AdapterContext, id: string, given: string | undefined): string | undefined {
  if (given !== undefined) return at(ctx, given);
  return TENCENT_VID.test(id) ? at(ctx, QIEHAO_VIDEO_URLS.post(id)) : undefined;
}

function planVideo(job: VideoJob) {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImagePath ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImagePath) throw new AdapterError('cover_rejected', 'apply_settings', 'coverMode is custom but the job has no coverImagePath');
  r.string('visibility', { oneOf: ['public'] });
  if (aiLabelOf(job, r)) {
    throw new AdapterError('setting_unavailable', 'apply_settings', `qiehao: the 自主声明 on record is 作者声明：${NO_LABEL}; a video that must carry the AI label is not published there`, { field: 'aiLabel' });
  }
  const tags = r.stringArray('tags', { max: QIEHAO_VIDEO_LIMITS.tagsMax, maxLength: QIEHAO_VIDEO_LIMITS.tagMax });
  const title = job.payload.title.trim();
  if (countChars(title) < QIEHAO_VIDEO_LIMITS.titleMin) throw new AdapterError('publish_rejected', 'fill', `企鹅号 needs a video title of at least ${QIEHAO_VIDEO_LIMITS.titleMin} characters`);
  assertMaxChars(title, QIEHAO_VIDEO_LIMITS.titleMax, 'fill', 'title');
  const description = markdownToPlainText(r.string('description', { maxLength: QIEHAO_VIDEO_LIMITS.descriptionMax }) ?? job.payload.description ?? '').trim();
  assertMaxChars(description, QIEHAO_VIDEO_LIMITS.descriptionMax, 'fill', 'description');
  return { reader: r, title, description, tags, coverPath: coverMode === 'custom' ? job.payload.coverImagePath : undefined };
}

export async function prepareVideo(page: Page, job: VideoJob, ctx: AdapterContext): Promise<void> {
  const p = planVideo(job);
  p.reader.logIgnored(QIEHAO_VIDEO_SETTINGS, ctx.log);
  const video = await openMedia(ctx, job.payload.localVideoPath, 'upload', 'upload_failed', 'video');
  // A custom cover that cannot be read stops the job before the browser moves, as one the dialog refuses does later.
  const cover = p.coverPath ? await openMedia(ctx, p.coverPath, 'upload', 'cover_rejected', 'cover image') : undefined;

  ctx.progress('open_editor');
  await openLoggedIn(page, at(ctx, QIEHAO_VIDEO_URLS.videoEditor), 'open_editor', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'open_editor', ctx), job, 'open_editor');
  await need(page, S.file, 'open_editor', 'video upload input', ctx, 'attached');

  // The upload has ended when the form's title box or the video's preview shows.
  await uploadVideoFile(page.locator(S.file).first(), video, { done: page.locator(S.uploaded).filter({ visible: true }), failed: page.getByText(S.failed, { exact: true }), refusal: page.locator(S.refusal), platform: '企鹅号' }, ctx);

  ctx.progress('fill');
  await fillText(await need(page, S.title, 'fill', 'title input', ctx), p.title, 'title');
  if (p.description) await fillChecked(await need(page, S.description, 'fill', 'description box', ctx), p.description, 'fill', 'description');

  if (cover) await uploadCover(page, cover, ctx);

  ctx.progress('apply_settings');
  if (p.tags.length > 0) await addTags(page, p.tags, ctx);
  await declareNoLabel(page, ctx);
}

/** The title box is a text control or an editable element (the sources do not say which): filled and read back either way. */
async function fillText(box: Locator, value: string, what: string): Promise<void> {
  await box.fill(value);
  const got = await box.evaluate((el) => ('value' in el ? String((el as { value: unknown }).value) : (el.textContent ?? '')));
  if (got !== value) throw new AdapterError('editor_changed', 'fill', `${what} did not keep the text (${got.length} of ${value.length} characters)`);
}

/** Each tag typed into the tag box and ended with a space, as its placeholder asks; each must become a chip. */
async function addTags(page: Page, tags: readonly string[], ctx: AdapterContext): Promise<void> {
  const input = await need(page, S.tagInput, 'apply_settings', 'tag input', ctx);
  const chips = page.locator(S.tagChip);
  const before = await chips.count();
  for (const [i, tag] of tags.entries()) {
    await input.fill(tag);
    await input.press('Space');
    await poll(() => chips.count(), (n) => n >= before + i + 1, {
      intervalMs: 100,
      timeoutMs: timeouts(ctx).selectorMs,
      signal: ctx.signal,
      onTimeout: () => new AdapterError('setting_unavailable', 'apply_settings', `企鹅号 did not take the tag "${tag}"`, { field: 'tags' }),
    });
  }
}

/** The required 自主声明: its dialog, the choice 无需标注, 确认; the form must then show it. */
async function declareNoLabel(page: Page, ctx: AdapterContext): Promise<void> {
  await (await need(page, S.declare, 'apply_settings', '自主声明 button', ctx)).click();
  const dialog = await need(page, S.dialog, 'apply_settings', '自主声明 dialog', ctx);
  const choice = dialog.getByText(NO_LABEL, { exact: true });
  if ((await choice.count()) === 0) throw new AdapterError('setting_unavailable', 'apply_settings', `企鹅号's 自主声明 dialog no longer offers ${NO_LABEL}; nothing was declared`, { field: 'aiLabel' });
  await choice.first().click();
  await dialog.getByRole('button', { name: /^\s*确\s*认\s*$/ }).click();
  await poll(async () => (await page.locator(S.declared).first().innerText()).includes(NO_LABEL), (v) => v, {
    intervalMs: 100,
    timeoutMs: timeouts(ctx).selectorMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('editor_changed', 'apply_settings', `the form does not show the 自主声明 ${NO_LABEL} after 确认`),
  });
}

export async function publishVideo(page: Page, job: VideoJob, ctx: AdapterContext): Promise<PublishResult> {
  const named = await clickPublishForJson(
    page,
    {
      button: page.locator('button[class*="publish"]:visible', { hasText: /^\s*发\s*布\s*$/ }).first(),
      isPublishRequest: (req) => req.method() === 'POST' && QIEHAO_VIDEO_URLS.videoPublishPaths.includes(real(ctx, req.url()).pathname),
      urlPattern: QIEHAO_VIDEO_URLS.videoPublishPaths.map((path) => `*${path}*`),
      refusal: page.locator(S.refusal),
      judge: (body) => {
        // code "0" or 0 (at the top or under response), or ret 0, is a yes; anything else a refusal.
        if (codeOf(body) !== '0' && field(body, 'ret') !== 0) return { ok: false, message: msgOf(body) };
        const id = field(body, 'data', 'vid') ?? field(body, 'data', 'id');
        if ((typeof id !== 'string' && typeof id !== 'number') || !VID.test(String(id))) return { ok: true, value: undefined };
        const url = videoAddress(ctx, String(id), givenUrl(field(body, 'data', 'url')));
        // An id with no address of its own (not a vid, no url given) is read back from the list.
        return { ok: true, value: url === undefined ? undefined : { postId: String(id), url } };
      },
    },
    ctx,
  );
  if (named !== undefined) return named;
  // Accepted without naming the video by an address: the account's own list names it (the job's title, published in the job's window).
  ctx.progress('read_back');
  const title = job.payload.title.trim();
  const found = await ownVideos(page, ctx)
    .then((videos) => matchPost(videos, job, (text) => text === title))
    .catch((e: unknown) => {
      throw new AdapterError('readback_failed', 'read_back', `企鹅号 accepted the video but named none, and its video list could not be read (${(e as Error).message}); verify before any retry`);
    });
  if (!found.found) throw new AdapterError('readback_failed', 'read_back', '企鹅号 accepted the video but named none, and its video list does not show it yet; verify before any retry');
  return { postId: found.postId, url: found.url };
}

/** The account's published videos as its list gives them (newest first), for `verify`; read-only. */
async function ownVideos(page: Page, ctx: AdapterContext): Promise<ListedPost[]> {
  const body = await pageJson(page, at(ctx, QIEHAO_VIDEO_URLS.videoList), {}, 'read_back', 'video list', ctx);
  const rows = field(body, 'data', 'list');
  if (codeOf(body) !== '0' || !Array.isArray(rows)) throw new AdapterError('editor_changed', 'read_back', `video list: no data.list (${msgOf(body)})`);
  return rows.flatMap((row) => {
    const vid = field(row, 'vid');
    if (typeof vid !== 'string' || !VID.test(vid) || field(row, 'status') !== 'published') return [];
    // The row's own address wins; a vid without one gets v.qq.com's page for it (the recorded form).
    const url = videoAddress(ctx, vid, givenUrl(field(row, 'url'))) ?? at(ctx, QIEHAO_VIDEO_URLS.post(vid));
    return [{ postId: vid, url, text: String(field(row, 'title') ?? '').trim(), postedAt: listedTime(field(row, 'pubTime')) }];
  });
}

export async function verifyVideo(page: Page, job: VideoJob, ctx: AdapterContext): Promise<VerifyResult> {
  ctx.progress('read_back');
  await openLoggedIn(page, at(ctx, QIEHAO_VIDEO_URLS.videoEditor), 'check_login', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'check_login', ctx), job, 'check_login');
  const title = job.payload.title.trim();
  return matchPost(await ownVideos(page, ctx), job, (text) => text === title);
}

export const videoFlow: Flow<VideoJob> = { prepare: prepareVideo, publish: publishVideo, verify: verifyVideo };
