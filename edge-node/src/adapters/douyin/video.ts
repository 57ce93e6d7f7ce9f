/**
 * douyin videos: the creator centre's upload page takes the file (the page
 * moves to content/post/video while it uploads; its chunks are sent by the
 * daemon, upload-offload.ts), then the publish form: title, description with
 * topics, cover (竖封面 or 横封面) through the cover dialog, 自主声明, 合集,
 * 谁可以看, 定时发布, and 发布.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type OpenedFile, type VideoJob } from '../contract.js';
import { markdownToPlainText } from '../markdown.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, assertMaxChars, need, openLoggedIn, openMedia, timeouts } from '../support.js';
import { offloadUploads } from '../upload-offload.js';
import { fillForm } from './form.js';
import { at, declarationOf, isLoginPage, real, scheduleText, URLS, whoAmI } from './site.js';
import { contractLimits } from '../kit/contract-limits.js';

export const DOUYIN_VIDEO_LIMITS = {
  ...contractLimits('video', 'douyin', ['titleMax', 'tagsMax', 'tagMax', 'descriptionMax']),
};
export const DOUYIN_VIDEO_SETTINGS = ['creationDeclaration', 'aiLabel', 'tags', 'description', 'visibility', 'coverMode', 'coverOrientation', 'collectionName', 'scheduledAt'] as const;
/** Our coverOrientation → the cover dialog's tab. */
const COVER_TABS: Readonly<Record<string, string>> = { portrait: '设置竖封面', landscape: '设置横封面' };

const S = {
  videoInput: "input.upload-btn-input, div[class^='container'] input[accept*='video']",
  uploaded: '[class^="long-card"] div:has-text("重新上传")',
  uploadFailed: 'div.progress-div > div:has-text("上传失败")',
  coverDialog: 'div.dy-creator-content-modal',
  coverInput: '.semi-upload:has(.semi-upload-drag-area-main-text) input.semi-upload-hidden-input',
  collection: '[class*="select-collection-"] .semi-select-selection',
  collectionOption: '.semi-select-option.collection-option',
  toast: '.semi-toast-content',
} as const;

function readSettings(job: VideoJob) {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImagePath ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImagePath) throw new AdapterError('cover_rejected', 'apply_settings', 'coverMode is custom but the job has no coverImagePath');
  return {
    reader: r,
    declaration: declarationOf(job, r),
    tags: r.stringArray('tags', { max: DOUYIN_VIDEO_LIMITS.tagsMax, maxLength: DOUYIN_VIDEO_LIMITS.tagMax }),
    text: markdownToPlainText(r.string('description') ?? job.payload.description ?? ''),
    private: (r.string('visibility', { oneOf: ['public', 'private'] }) ?? 'public') === 'private',
    coverTab: COVER_TABS[r.string('coverOrientation', { oneOf: Object.keys(COVER_TABS) }) ?? 'portrait']!,
    collection: r.string('collectionName', { maxLength: 50 }),
    schedule: scheduleText(r),
    coverPath: coverMode === 'custom' ? job.payload.coverImagePath : undefined,
  };
}

export async function prepareVideo(page: Page, job: VideoJob, ctx: AdapterContext): Promise<void> {
  const s = readSettings(job);
  s.reader.logIgnored(DOUYIN_VIDEO_SETTINGS, ctx.log);
  const title = job.payload.title.trim();
  if (!title) throw new AdapterError('publish_rejected', 'fill', 'douyin needs a title');
  assertMaxChars(title, DOUYIN_VIDEO_LIMITS.titleMax, 'fill', 'title');
  assertMaxChars(s.text, DOUYIN_VIDEO_LIMITS.descriptionMax, 'fill', 'description');
  const video = await openMedia(ctx, job.payload.localVideoPath, 'upload', 'upload_failed', 'video');
  const cover = s.coverPath ? await openMedia(ctx, s.coverPath, 'upload', 'cover_rejected', 'cover image') : undefined;

  let last = -1;
  const transfer = (sent: number) => {
    const percent = Math.floor((100 * sent) / Math.max(1, video.size));
    if (percent > last) ctx.progress('upload', { phase: 'transfer', bytesSent: sent, bytesTotal: video.size, percent: (last = percent) });
  };
  await offloadUploads(page, [video], ctx, { onBytes: (_f, sent) => transfer(sent) });

  ctx.progress('open_editor');
  await openLoggedIn(page, at(ctx, URLS.upload), 'open_editor', ctx, isLoginPage(ctx));
  // The creator app builds its controls from its script: wait for the whole document, not just its first bytes.
  await page.waitForLoadState('load', { timeout: timeouts(ctx).navigationMs });
  assertAccount(await whoAmI(page, 'open_editor', ctx), job, 'open_editor');
  await uploadVideo(page, video, transfer, ctx);
  await fillForm(page, { title, text: s.text, tags: s.tags, declaration: s.declaration, private: s.private, schedule: s.schedule }, ctx);
  if (s.collection) await chooseCollection(page, s.collection, ctx);
  // Last: the cover dialog's layers would cover the other controls while open.
  if (cover) await setCover(page, cover, s.coverTab, ctx);
}

async function uploadVideo(page: Page, video: OpenedFile, transfer: (sent: number) => void, ctx: AdapterContext): Promise<void> {
  transfer(0);
  const input = await need(page, S.videoInput, 'upload', 'video file input', ctx, 'attached');
  await input.setInputFiles(video.path);
  try {
    await page.waitForURL((u) => real(ctx, u.toString()).pathname === '/creator-micro/content/post/video', { timeout: timeouts(ctx).navigationMs, waitUntil: 'commit' });
  } catch {
    throw new AdapterError('editor_changed', 'upload', 'the upload page did not move to the publish form', { url: page.url() });
  }
  const done = page.locator(S.uploaded).or(page.locator(S.uploadFailed)).first();
  try {
    await done.waitFor({ state: 'attached', timeout: timeouts(ctx).uploadMs });
  } catch {
    throw new AdapterError('upload_failed', 'upload', 'the video did not finish uploading in time');
  }
  if ((await page.locator(S.uploadFailed).count()) > 0) {
    const reason = (await page.locator('div.progress-div').innerText()).replace('上传失败', '').trim();
    throw new AdapterError('upload_failed', 'upload', `douyin refused the video${reason ? `: ${reason}` : ''}`);
  }
  transfer(video.size);
}

async function chooseCollection(page: Page, name: string, ctx: AdapterContext): Promise<void> {
  await (await need(page, S.collection, 'apply_settings', 'collection menu', ctx)).click();
  const options = page.locator(S.collectionOption);
  await options.first().waitFor({ timeout: timeouts(ctx).selectorMs }).catch(() => {});
  const option = options.filter({ has: page.locator('[class*="option-title-"]', { hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });
  if ((await option.count()) === 0) {
    const offered = (await options.allInnerTexts()).map((t) => t.trim());
    await page.keyboard.press('Escape');
    throw new AdapterError('setting_unavailable', 'apply_settings', `this douyin account has no collection named "${name}"`, { field: 'collectionName', offered });
  }
  await option.first().click();
}

async function setCover(page: Page, cover: OpenedFile, tab: string, ctx: AdapterContext): Promise<void> {
  ctx.progress('upload', { phase: 'cover' });
  await (await need(page, 'text=选择封面', 'apply_settings', 'cover entry (选择封面)', ctx)).click();
  const dialog = await need(page, S.coverDialog, 'apply_settings', 'cover dialog', ctx);
  await (await need(dialog, `text="${tab}"`, 'apply_settings', `cover tab ${tab}`, ctx)).click();
  await (await need(dialog, S.coverInput, 'apply_settings', 'cover file input', ctx, 'attached')).setInputFiles(cover.path);
  const finish = dialog.getByRole('button', { name: '完成', exact: true });
  const ready = dialog.locator('button:not(.semi-button-disabled)', { hasText: '完成' });
  try {
    await ready.or(page.locator(S.toast)).first().waitFor({ timeout: timeouts(ctx).uploadMs });
  } catch {
    throw new AdapterError('cover_rejected', 'apply_settings', 'the cover was never accepted (完成 stayed disabled)');
  }
  if ((await ready.count()) === 0) {
    // A cover that cannot be adopted stops the job; no automatic cover instead.
    throw new AdapterError('cover_rejected', 'apply_settings', `douyin refused the cover: ${(await page.locator(S.toast).first().innerText()).trim()}`);
  }
  await finish.click();
  try {
    await dialog.waitFor({ state: 'detached', timeout: timeouts(ctx).selectorMs });
  } catch {
    throw new AdapterError('cover_rejected', 'apply_settings', 'the cover dialog did not close after 完成');
  }
  ctx.progress('upload', { phase: 'cover', bytesSent: cover.size, bytesTotal: cover.size, percent: 100 });
}
