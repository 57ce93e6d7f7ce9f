/**
 * toutiao videos (西瓜视频 through 头条号) from the creator site's upload page:
 * the file goes to its video input (its bytes sent by the daemon,
 * upload-offload.ts), then the form: 作品标题, the description editor with
 * topics, the cover dialog, and 发布 — the one non-repeatable click, whose
 * JSON answer names the video.
 *
 * What it rests on (the public sources of every fact about 头条号, and how
 * sure each is) is in ./provenance.ts.
 *
 * Settings (shared contract names): `tags` (≤ 5), `description` (else the
 * payload's), `coverMode` (`custom` uploads the cover; absent → custom when
 * there is one).
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type OpenedFile, type PublishResult, type VerifyResult, type VideoJob, type Flow } from '../contract.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { field } from '../kit/page-api.js';
import { markdownToPlainText } from '../markdown.js';
import { SettingsReader } from '../settings.js';
import { assertMaxChars, fillChecked, need, openMedia, timeouts } from '../support.js';
import { offloadUploads } from '../upload-offload.js';
import { answerId, at, findPublished, normalize, openAs, ORIGIN, readBackAccepted, real } from './site.js';
import { contractLimits } from '../kit/contract-limits.js';

export const TOUTIAO_VIDEO_LIMITS = contractLimits('video', 'toutiao', ['titleMax', 'tagsMax']);
export const TOUTIAO_VIDEO_SETTINGS = ['tags', 'description', 'coverMode'] as const;

export const XIGUA_URLS = {
  upload: `${ORIGIN}/profile_v4/xigua/upload-video`,
  video: (id: string) => `https://www.toutiao.com/video/${id}/`,
};

const S = {
  videoInput: 'input[type=file][accept="video/*"]',
  title: 'input[placeholder*="作品标题"]',
  description: 'div.zone-container.editor-kit-container.editor.editor-comp-publish[contenteditable="true"]',
  coverEntry: 'div.cover-container',
  coverTrigger: 'div.byte-upload-trigger',
  coverInput: 'input[type="file"].byte-upload-input',
  coverDone: 'button.primary',
  toast: '.byte-message',
} as const;

type Ctx = AdapterContext;

function plan(job: VideoJob) {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImagePath ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImagePath) throw new AdapterError('cover_rejected', 'apply_settings', 'coverMode is custom but the job has no coverImagePath');
  // No recorded control for these on the upload page: refusing beats publishing publicly or unlabelled.
  if (r.string('visibility', { oneOf: ['public', 'private'] }) === 'private') {
    throw new AdapterError('setting_unavailable', 'apply_settings', 'toutiao: no private video control is known on the upload page; publish publicly or leave visibility out', { field: 'visibility' });
  }
  if (r.boolean('aiLabel', false)) {
    throw new AdapterError('setting_unavailable', 'apply_settings', 'toutiao: no AI-content declaration is known on the video upload page', { field: 'aiLabel' });
  }
  const tags = r.stringArray('tags', { max: TOUTIAO_VIDEO_LIMITS.tagsMax, maxLength: 30 });
  const text = markdownToPlainText(r.string('description') ?? job.payload.description ?? '');
  return { reader: r, description: [text, ...tags.map((t) => `#${t.replace(/#/g, '')}`)].filter(Boolean).join(' '), coverPath: coverMode === 'custom' ? job.payload.coverImagePath : undefined };
}

export async function prepareVideo(page: Page, job: VideoJob, ctx: Ctx): Promise<void> {
  const p = plan(job);
  p.reader.logIgnored([...TOUTIAO_VIDEO_SETTINGS, 'visibility', 'aiLabel'], ctx.log);
  const title = job.payload.title.trim();
  if (!title) throw new AdapterError('publish_rejected', 'fill', 'toutiao needs a video title');
  assertMaxChars(title, TOUTIAO_VIDEO_LIMITS.titleMax, 'fill', 'title');
  const video = await openMedia(ctx, job.payload.localVideoPath, 'upload', 'upload_failed', 'video');
  const cover = p.coverPath ? await openMedia(ctx, p.coverPath, 'upload', 'cover_rejected', 'cover image') : undefined;

  let last = -1;
  const transfer = (sent: number) => {
    const percent = Math.floor((100 * sent) / Math.max(1, video.size));
    if (percent > last) ctx.progress('upload', { phase: 'transfer', bytesSent: sent, bytesTotal: video.size, percent: (last = percent) });
  };
  await offloadUploads(page, [video], ctx, { onBytes: (_f, sent) => transfer(sent) });

  ctx.progress('open_editor');
  await openAs(page, XIGUA_URLS.upload, job, 'open_editor', ctx);
  // The upload page builds its controls from its script: wait for the whole document.
  await page.waitForLoadState('load', { timeout: timeouts(ctx).navigationMs });
  await uploadVideo(page, video, transfer, ctx);

  ctx.progress('fill');
  await fillChecked(await need(page, S.title, 'fill', 'title input', ctx), title, 'fill', 'title input');
  if (p.description) {
    const editor = await need(page, S.description, 'fill', 'description editor', ctx);
    await editor.fill(p.description);
    const got = normalize((await editor.innerText()).replace(/\u00a0/g, ' '));
    if (got !== normalize(p.description)) throw new AdapterError('editor_changed', 'fill', `the description editor did not keep the text (${got.length} of ${p.description.length} characters)`);
    await page.keyboard.press('Escape'); // closes the topic suggestions "#" may open
  }

  ctx.progress('apply_settings');
  if (cover) await setCover(page, cover, ctx);
}

async function uploadVideo(page: Page, video: OpenedFile, transfer: (sent: number) => void, ctx: Ctx): Promise<void> {
  transfer(0);
  await (await need(page, S.videoInput, 'upload', 'video file input', ctx, 'attached')).setInputFiles(video.path);
  const done = page.getByText('上传成功', { exact: true });
  const failed = page.getByText('上传失败', { exact: true });
  try {
    await done.or(failed).first().waitFor({ timeout: timeouts(ctx).uploadMs });
  } catch {
    throw new AdapterError('upload_failed', 'upload', 'the video did not finish uploading in time');
  }
  if ((await failed.count()) > 0) {
    const reason = (await page.locator(S.toast).first().innerText().catch(() => '')).trim();
    throw new AdapterError('upload_failed', 'upload', `toutiao refused the video${reason ? `: ${reason}` : ''}`);
  }
  transfer(video.size);
}

async function setCover(page: Page, cover: OpenedFile, ctx: Ctx): Promise<void> {
  ctx.progress('upload', { phase: 'cover' });
  await (await need(page, S.coverEntry, 'apply_settings', 'cover entry', ctx)).click();
  await (await need(page, S.coverTrigger, 'apply_settings', 'cover upload trigger', ctx)).click();
  await (await need(page, S.coverInput, 'apply_settings', 'cover file input', ctx, 'attached')).setInputFiles(cover.path);
  const finish = page.locator(S.coverDone).filter({ hasText: '完成' }).first();
  const toast = page.locator(S.toast).first();
  try {
    await finish.and(page.locator(':enabled')).or(toast).first().waitFor({ timeout: timeouts(ctx).uploadMs });
  } catch {
    throw new AdapterError('cover_rejected', 'apply_settings', 'the cover was never accepted (完成 stayed disabled)');
  }
  // A cover that cannot be adopted stops the job; no automatic cover instead.
  if (await toast.isVisible()) throw new AdapterError('cover_rejected', 'apply_settings', `toutiao refused the cover: ${(await toast.innerText()).trim()}`);
  await finish.click();
  try {
    await finish.waitFor({ state: 'hidden', timeout: timeouts(ctx).selectorMs });
  } catch {
    throw new AdapterError('cover_rejected', 'apply_settings', 'the cover dialog did not close after 完成');
  }
  ctx.progress('upload', { phase: 'cover', bytesSent: cover.size, bytesTotal: cover.size, percent: 100 });
}

export async function publishVideo(page: Page, job: VideoJob, ctx: Ctx): Promise<PublishResult> {
  const id = await clickPublishForJson(
    page,
    {
      button: page.getByRole('button', { name: '发布', exact: true }),
      isPublishRequest: (req) => {
        const u = real(ctx, req.url());
        return req.method() === 'POST' && u.host === 'mp.toutiao.com' && u.pathname === '/xigua/api/upload/PublishVideo';
      },
      urlPattern: '*/xigua/api/upload/PublishVideo*',
      refusal: page.locator(S.toast),
      judge: (body, text) => {
        const refused = videoRefusal(body);
        if (refused) return { ok: false, message: refused };
        return { ok: true, value: answerId(body, text, [['data', 'ItemId'], ['data', 'item_id']]) };
      },
    },
    ctx,
  );
  if (id) return { postId: id, url: at(ctx, XIGUA_URLS.video(id)) };
  return readBackAccepted(page, job, 'video', () => verifyVideo(page, job, ctx));
}

/**
 * PublishVideo's refusal, or null when it accepted: every result code the answer
 * carries (`status`, `code`, and the receipt's `data.Code`) is 0; any other number
 * is a refusal, with the receipt's own message.
 */
export function videoRefusal(body: unknown): string | null {
  const codes = [field(body, 'status'), field(body, 'code'), field(body, 'data', 'Code')].filter((c) => c !== undefined);
  if (codes.length > 0 && codes.every((c) => c === 0 || c === '0')) return null;
  const message = field(body, 'data', 'Message') ?? field(body, 'data', 'Msg') ?? field(body, 'message');
  return String(message ?? (codes.length ? `code ${codes.map(String).join('/')}` : 'no result code in the answer'));
}

export function verifyVideo(page: Page, job: VideoJob, ctx: Ctx): Promise<VerifyResult> {
  const title = job.payload.title.trim();
  return findPublished(page, job, (t) => t === title, XIGUA_URLS.video, ctx);
}

export const videoFlow: Flow<VideoJob> = { prepare: prepareVideo, publish: publishVideo, verify: verifyVideo };
