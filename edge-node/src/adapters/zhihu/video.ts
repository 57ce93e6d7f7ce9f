/**
 * zhihu (知乎) videos through the upload page www.zhihu.com/zvideo/upload-video,
 * driven as a person does: the file into the page's input, then the title,
 * the description pasted into its editor, each tag typed there as `#name`
 * and taken from the topic suggestions, the cover through 本地上传, and the
 * div reading 发布. This module is the video side of the zhihu adapter
 * (./adapter.ts), which publishes articles through the column editor's API.
 *
 * What it rests on (the public sources of every fact about zhihu, and how
 * sure each is) is in ./provenance.ts.
 *
 * Settings (shared contract names): `description` (else the payload's, as
 * plain text), `tags` (zhihu topics, at most 5), `coverMode` (`custom`
 * uploads coverImagePath; absent → custom when there is one), `visibility`
 * (public only).
 */
import type { Locator, Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type OpenedFile, type PublishResult, type VerifyResult, type VideoJob, type Flow } from '../contract.js';
import type { ApiVerdict } from '../kit/api-publish.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { refusalIn } from '../kit/refusal.js';
import { field, pageJson } from '../kit/page-api.js';
import { uploadVideoFile } from '../kit/upload-marks.js';
import { videoTitleAndDescription } from '../kit/video-plan.js';
import { SettingsReader } from '../settings.js';
import { fillChecked, type ListedPost, matchPost, need, openMedia, poll, timeouts } from '../support.js';
import { at, openAs, real, refusalOf, URLS } from './site.js';
import { contractLimits } from '../kit/contract-limits.js';

export const ZHIHU_VIDEO_SETTINGS = ['description', 'tags', 'coverMode', 'visibility'] as const;
/** The settings contract's video limits (no source records zhihu's own); 5 topics as M adds at most. */
export const ZHIHU_VIDEO_LIMITS = contractLimits('video', 'zhihu', ['titleMax', 'descriptionMax', 'tagsMax']);

const S = {
  file: 'input[type="file"]:not([accept^="image"])',
  /** MV's title box, or the later page's textarea (ZV). */
  title: 'input[placeholder="输入视频标题"], textarea[name="title"]',
  description: 'div[contenteditable="true"]',
  suggestion: 'div.Menu-item',
  newTopic: 'span.new-topic',
  coverEdit: 'div.VideoUploadForm-imageEditButton',
  modalTitle: 'h3.Modal-title',
  coverInput: "input[type='file'][accept='image/png,image/jpeg,image/jpg']",
  coverShown: 'img.VideoUploadForm-cover',
  uploaded: '上传成功',
  failed: '上传失败',
  /**
   * zhihu's notification, red for errors (provenance: ZE, ZQ); zhihu shows its successes in the
   * same .Notification (white), so a success-worded one never counts (kit/refusal.ts).
   */
  refusal: '.Notification-red, .Notification',
  submitButton: 'button.VideoUploadForm-submitButton',
} as const;

type Ctx = AdapterContext;

function planVideo(job: VideoJob) {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImagePath ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImagePath) throw new AdapterError('cover_rejected', 'apply_settings', 'coverMode is custom but the job has no coverImagePath');
  r.string('visibility', { oneOf: ['public'] });
  const tags = r.stringArray('tags', { max: ZHIHU_VIDEO_LIMITS.tagsMax, maxLength: 30 }).map((t) => t.replace(/^#+/, '').trim());
  if (tags.some((t) => !t)) throw new AdapterError('setting_unavailable', 'apply_settings', 'a zhihu topic needs a name: a tag of only # names none', { field: 'tags' });
  const { title, description } = videoTitleAndDescription(job, r, ZHIHU_VIDEO_LIMITS, 'a zhihu video needs a title');
  return { reader: r, title, description, tags, cover: coverMode === 'custom' ? job.payload.coverImagePath : undefined };
}

export async function prepareVideo(page: Page, job: VideoJob, ctx: Ctx): Promise<void> {
  const p = planVideo(job);
  p.reader.logIgnored(ZHIHU_VIDEO_SETTINGS, ctx.log);
  const video = await openMedia(ctx, job.payload.localVideoPath, 'upload', 'upload_failed', 'video');
  const cover = p.cover === undefined ? undefined : await openMedia(ctx, p.cover, 'upload', 'cover_rejected', 'cover image');

  ctx.progress('open_editor');
  await openAs(page, URLS.videoUpload, job, 'open_editor', ctx);
  await need(page, S.file, 'open_editor', 'video upload input', ctx, 'attached');

  await uploadVideoFile(page.locator(S.file).first(), video, { done: page.getByText(S.uploaded, { exact: true }), failed: page.getByText(S.failed, { exact: true }), refusal: refusalIn(page, S.refusal), platform: 'zhihu' }, ctx);

  ctx.progress('fill');
  await fillChecked(await need(page, S.title, 'fill', 'title input', ctx), p.title, 'fill', 'title');
  if (p.description || p.tags.length > 0) {
    const editor = await need(page, S.description, 'fill', 'description editor', ctx);
    await pasteText(editor, p.description, true);
    await expectText(editor, p.description, 'description', ctx);
    if (p.tags.length > 0) ctx.progress('apply_settings');
    for (const tag of p.tags) await addTopic(page, editor, tag, ctx);
    // Every `#name` became a topic: what stays in the editor is the description alone.
    await expectText(editor, p.description, 'description', ctx);
  }
  if (cover) await uploadCover(page, cover, ctx);
}

/**
 * A paste event carrying the text, as M fills the editor (and as a person
 * pastes): `replace` selects what the editor holds first (prepare may run
 * twice); otherwise the text goes at the end.
 */
async function pasteText(editor: Locator, text: string, replace: boolean): Promise<void> {
  await editor.click();
  await editor.press(replace ? 'ControlOrMeta+KeyA' : 'ControlOrMeta+End');
  await editor.evaluate((el, clip) => {
    // Runs in the page; this package is built without the DOM's types.
    const dom = globalThis as unknown as {
      DataTransfer: new () => { setData(type: string, value: string): void };
      ClipboardEvent: new (type: string, init: Record<string, unknown>) => unknown;
    };
    const data = new dom.DataTransfer();
    data.setData('text/plain', clip);
    (el as unknown as { dispatchEvent(event: unknown): boolean }).dispatchEvent(new dom.ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: data }));
  }, text);
}

const letters = (text: string) => text.replace(/\s+/g, '');

/** The editor shows exactly `text` (whitespace aside), or the page has changed. */
async function expectText(editor: Locator, text: string, what: string, ctx: Ctx): Promise<void> {
  const want = letters(text);
  await poll(async () => letters(await editor.innerText().catch(() => '')), (g) => g === want, {
    intervalMs: 100,
    timeoutMs: timeouts(ctx).selectorMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('editor_changed', 'fill', `the description editor did not keep the ${what} (${want.length} characters wanted)`),
  });
}

/** `#name` into the editor; then the suggestion that is the name, or 创建新话题 for it. */
async function addTopic(page: Page, editor: Locator, tag: string, ctx: Ctx): Promise<void> {
  await pasteText(editor, `#${tag}`, false);
  const items = page.locator(S.suggestion).filter({ visible: true });
  await poll(() => items.count(), (n) => n > 0, {
    intervalMs: 100,
    timeoutMs: timeouts(ctx).selectorMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('setting_unavailable', 'apply_settings', `zhihu offered no topic for "${tag}"`, { field: 'tags' }),
  });
  const texts = (await items.allInnerTexts()).map((t) => t.trim());
  let at = texts.findIndex((t) => t.replace(/^#/, '') === tag);
  if (at < 0) at = await items.evaluateAll((els, sel) => els.findIndex((el) => (el as unknown as { querySelector(s: string): { textContent: string | null } | null }).querySelector(sel)?.textContent?.trim() === '创建新话题'), S.newTopic);
  if (at < 0) throw new AdapterError('setting_unavailable', 'apply_settings', `zhihu has no topic "${tag}" and offers none to create (it suggests ${texts.join(', ')})`, { field: 'tags' });
  await items.nth(at).click();
  await poll(() => items.count(), (n) => n === 0, {
    intervalMs: 100,
    timeoutMs: timeouts(ctx).selectorMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('editor_changed', 'apply_settings', `the topic suggestions for "${tag}" stayed open after the choice`),
  });
}

/** 选择视频封面 → 本地上传 → the picture → 确认选择; then the picture on the form, or the page's refusal. */
async function uploadCover(page: Page, cover: OpenedFile, ctx: Ctx): Promise<void> {
  ctx.progress('upload', { phase: 'cover', percent: 0 });
  await (await need(page, S.coverEdit, 'upload', 'cover control (VideoUploadForm-imageEditButton)', ctx)).click();
  const title = await need(page, S.modalTitle, 'upload', 'cover dialog', ctx);
  await (await need(title, 'div:text-is("本地上传")', 'upload', 'cover dialog 本地上传 tab', ctx)).click();
  await (await need(page, S.coverInput, 'upload', 'cover picture input', ctx, 'attached')).setInputFiles(cover.path);
  const refusal = refusalIn(page, S.refusal);
  const confirm = page.getByRole('button', { name: '确认选择', exact: true });
  // 确认选择 waits for the picture's upload; a refused picture never enables it.
  const ready = await poll(async () => ((await refusal.count()) > 0 ? 'refused' : (await confirm.isEnabled().catch(() => false)) ? 'ready' : null), (v) => v !== null, {
    intervalMs: 150,
    timeoutMs: timeouts(ctx).uploadMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('cover_rejected', 'upload', 'the cover dialog never took the picture'),
  });
  if (ready === 'refused') throw new AdapterError('cover_rejected', 'upload', `zhihu refused the cover: ${(await refusal.first().innerText()).trim()}`);
  await confirm.click();
  // Taken: the picture shows on the form (MV's page), or the dialog has closed (the later page ZV records).
  const shown = page.locator(S.coverShown).filter({ visible: true });
  const dialogOpen = page.locator(S.modalTitle).filter({ visible: true });
  await poll(async () => (await shown.count()) + ((await dialogOpen.count()) === 0 ? 1 : 0), (n) => n > 0, {
    intervalMs: 150,
    timeoutMs: timeouts(ctx).selectorMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('cover_rejected', 'upload', 'the cover never showed on the form'),
  });
  ctx.progress('upload', { phase: 'cover', bytesSent: cover.size, bytesTotal: cover.size, percent: 100 });
}

export async function publishVideo(page: Page, job: VideoJob, ctx: Ctx): Promise<PublishResult> {
  const post = await clickPublishForJson(
    page,
    {
      // The innermost div reading 发布 (its ancestors' text is longer), or the 发布视频 button another client records.
      button: page.locator('div').filter({ hasText: /^\s*发布\s*$/ }).last().or(page.locator(S.submitButton)).first(),
      isPublishRequest: (req) => req.method() === 'POST' && real(ctx, req.url()).host === 'www.zhihu.com' && PUBLISH_PATHS.includes(real(ctx, req.url()).pathname),
      urlPattern: PUBLISH_PATHS.map((p) => `*${p}*`),
      refusal: refusalIn(page, S.refusal),
      judge: (body, text) => judgeVideoAnswer(body, text),
    },
    ctx,
  );
  if (post) return { postId: post, url: at(ctx, URLS.zvideo(post)) };
  // Accepted without an id (the content API's answer names none): the account's own videos give it.
  const found = await verifyVideo(page, job, ctx).catch((e: unknown) => {
    throw new AdapterError('readback_failed', 'read_back', `zhihu accepted the video but named none, and its video list could not be read (${(e as Error).message}); verify before any retry`);
  });
  if (found.found && found.postId && found.url) return { postId: found.postId, url: found.url };
  throw new AdapterError('readback_failed', 'read_back', 'zhihu accepted the video but named none, and its video list does not show it yet; verify before any retry');
}

/** The addresses the publish click is recorded sending: the zvideos call, or the content API a public uploader watches. */
const PUBLISH_PATHS = [URLS.zvideosPath, '/api/v4/content/publish'];

/**
 * The publish answer in either recorded form: the zvideos call's {id, url} or
 * {error}; the content API's {code, message} (code 0 accepted, any other a
 * refusal), its id, when it names one, in data.result (JSON text) or data.id.
 * The id is '' when an accepted answer names none.
 */
export function judgeVideoAnswer(body: unknown, text: string): ApiVerdict<string> {
  if (field(body, 'error') !== undefined) return { ok: false, message: refusalOf(body) };
  const code = field(body, 'code');
  if (code !== undefined && code !== 0 && code !== '0') return { ok: false, message: String(field(body, 'message') ?? field(body, 'toast_message') ?? `code ${String(code)}`) };
  let result: unknown;
  try {
    result = JSON.parse(String(field(body, 'data', 'result') ?? 'null'));
  } catch {
    result = undefined;
  }
  const numeric = (v: unknown) => ((typeof v === 'string' || typeof v === 'number') && /^\d+$/.test(String(v)) ? String(v) : '');
  const id = numeric(field(body, 'id')) || numeric(field(result, 'id')) || numeric(field(body, 'data', 'id'));
  // A 19-digit id sent as a JSON number loses digits: read it from the text instead.
  const exact = id && typeof field(body, 'id') === 'number' ? /"id"\s*:\s*(\d+)/.exec(text)?.[1] ?? id : id;
  return { ok: true, value: exact };
}

/** The account's own videos (newest first), for `verify`; read-only. */
async function ownVideos(page: Page, urlToken: string, ctx: Ctx): Promise<ListedPost[]> {
  const body = await pageJson(page, at(ctx, URLS.memberVideos(urlToken)), { headers: { 'x-requested-with': 'fetch' } }, 'read_back', 'video list', ctx);
  const rows = field(body, 'data');
  if (!Array.isArray(rows)) throw new Error(`zhihu video list: ${refusalOf(body)}`);
  return rows.flatMap((row) => {
    const id = field(row, 'id');
    if (typeof id !== 'string' && typeof id !== 'number') return [];
    const published = Number(field(row, 'published_at'));
    return [{ postId: String(id), url: at(ctx, URLS.zvideo(String(id))), text: String(field(row, 'title') ?? '').trim(), postedAt: Number.isFinite(published) ? new Date(published * 1000).toISOString() : null }];
  });
}

export async function verifyVideo(page: Page, job: VideoJob, ctx: Ctx): Promise<VerifyResult> {
  ctx.progress('read_back');
  // openAs checks the account: another account's list would find nothing and invite a duplicate.
  const me = await openAs(page, URLS.videoUpload, job, 'check_login', ctx);
  const title = job.payload.title.trim();
  return matchPost(await ownVideos(page, me.urlToken, ctx), job, (text) => text === title);
}

export const videoFlow: Flow<VideoJob> = { prepare: prepareVideo, publish: publishVideo, verify: verifyVideo };
