/**
 * eastmoney (财富号) videos through the writer's video page, driven as a
 * person does: the file into the page's upload input, then — once the page
 * shows its text box — the title and the description in that one box, and
 * 发布. No source records a cover, topics or an audience control on this
 * page: none is applied. Provenance: eastmoney/provenance.ts.
 */
import type { Page } from 'playwright-core';
import type { AdapterContext, PublishResult, VerifyResult, VideoJob, Flow } from '../contract.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { refusalIn } from '../kit/refusal.js';
import { field } from '../kit/page-api.js';
import { uploadVideoFile } from '../kit/upload-marks.js';
import { planPlainVideo } from '../kit/video-plan.js';
import { outcomeUnknown } from '../publish-click.js';
import { assertAccount, fillChecked, matchPost, need, openLoggedIn, openMedia } from '../support.js';
import { at, isLoginPage, ownPosts, real, REFUSAL, URLS, whoAmI } from './site.js';
import { contractLimits } from '../kit/contract-limits.js';

export const EASTMONEY_VIDEO_SETTINGS = ['description', 'visibility', 'coverMode'] as const;
/** The settings contract's video limits (no source records eastmoney's own). */
export const EASTMONEY_VIDEO_LIMITS = contractLimits('video', 'eastmoney', ['titleMax', 'descriptionMax']);

const S = {
  file: 'input[id="uploadVideo"]',
  text: 'textarea[id="videoArtTitle"]',
  uploaded: '上传成功',
  failed: '上传失败',
} as const;

/** The one text box's content: the title, a line break, the description as plain text. */
export function videoText(title: string, description: string): string {
  return description ? `${title}\n${description}` : title;
}

function planVideo(job: VideoJob) {
  const { reader, title, description } = planPlainVideo(job, { limits: EASTMONEY_VIDEO_LIMITS, noCover: 'eastmoney: the video page has no cover control on record; coverMode custom is refused', noTitle: 'an eastmoney video needs a title' });
  return { reader, title, text: videoText(title, description) };
}

export async function prepareVideo(page: Page, job: VideoJob, ctx: AdapterContext): Promise<void> {
  const p = planVideo(job);
  p.reader.logIgnored(EASTMONEY_VIDEO_SETTINGS, ctx.log);
  if (job.payload.coverImagePath) ctx.log.info({ platform: 'eastmoney', notApplied: ['coverImagePath'] }, 'the video page has no cover control on record: eastmoney picks the cover');
  const video = await openMedia(ctx, job.payload.localVideoPath, 'upload', 'upload_failed', 'video');

  ctx.progress('open_editor');
  await openLoggedIn(page, at(ctx, URLS.videoEditor), 'open_editor', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'open_editor', ctx), job, 'open_editor');
  await need(page, S.file, 'open_editor', 'video upload input', ctx, 'attached');

  await uploadVideoFile(page.locator(S.file), video, { done: page.getByText(S.uploaded, { exact: true }), failed: page.getByText(S.failed, { exact: true }), refusal: refusalIn(page, REFUSAL), platform: 'eastmoney' }, ctx);

  ctx.progress('fill');
  await fillChecked(await need(page, S.text, 'fill', 'title and description box', ctx), p.text, 'fill', 'title and description box');
}

export function publishVideo(page: Page, _job: VideoJob, ctx: AdapterContext): Promise<PublishResult> {
  return clickPublishForJson(
    page,
    {
      // The span reading 发布; its parent is the control.
      button: page.locator('span', { hasText: /^\s*发布\s*$/ }).first().locator('xpath=..'),
      isPublishRequest: (req) => req.method() === 'POST' && real(ctx, req.url()).pathname === URLS.videoPublishPath,
      urlPattern: `*${URLS.videoPublishPath}*`,
      refusal: refusalIn(page, REFUSAL),
      judge: (body) => {
        const id = field(body, 'data', 'videoId');
        if (field(body, 'code') !== 0) return { ok: false, message: String(field(body, 'message') ?? field(body, 'code')) };
        if (typeof id !== 'string' || !/^\d+$/.test(id)) throw outcomeUnknown('eastmoney accepted the video but its answer named no videoId', page);
        return { ok: true, value: { postId: id, url: at(ctx, URLS.post(id)) } };
      },
    },
    ctx,
  );
}

export async function verifyVideo(page: Page, job: VideoJob, ctx: AdapterContext): Promise<VerifyResult> {
  ctx.progress('read_back');
  await openLoggedIn(page, at(ctx, URLS.videoEditor), 'check_login', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'check_login', ctx), job, 'check_login');
  const title = job.payload.title.trim();
  return matchPost(await ownPosts(page, URLS.videoList, 'videoId', ctx), job, (text) => text === title);
}

export const videoFlow: Flow<VideoJob> = { prepare: prepareVideo, publish: publishVideo, verify: verifyVideo };
