/**
 * netease (网易号) videos through the creator centre's video page, driven as
 * a person does: the title, the description, the file into the page's video
 * input, then — once the page marks the upload a success — 发布. This module
 * is the video side of the netease adapter (./adapter.ts), which also
 * publishes articles; both share the account call (./site.ts).
 *
 * The facts this rests on and their sources are in ./provenance.ts.
 *
 * Settings (shared contract names): `description` (else the payload's, as
 * plain text), `visibility` (public only), `coverMode` (auto only).
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type PublishResult, type VerifyResult, type VideoJob, type Flow } from '../contract.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { listedTime } from '../kit/listed-time.js';
import { field, pageJson } from '../kit/page-api.js';
import { uploadVideoFile } from '../kit/upload-marks.js';
import { planPlainVideo } from '../kit/video-plan.js';
import { assertAccount, fillChecked, type ListedPost, matchPost, need, openLoggedIn, openMedia } from '../support.js';
import { at, isLoginPage, ORIGIN, real, whoAmI } from './site.js';

export const NETEASE_VIDEO_URLS = {
  videoEditor: `${ORIGIN}/subscribe_v4/index.html#/video-publish`,
  videoPublishPath: '/wemedia/video/status/api/publish.do',
  list: `${ORIGIN}/wemedia/content/manage/list.do`,
  post: (docId: string) => `https://www.163.com/v/video/${encodeURIComponent(docId)}.html`,
};

export const NETEASE_VIDEO_SETTINGS = ['description', 'visibility', 'coverMode'] as const;
/** The settings contract's video limits (no source records 网易号's own). */
export const NETEASE_VIDEO_LIMITS = { titleMax: 80, descriptionMax: 1000 } as const;

const S = {
  title: 'input[placeholder*="标题"]',
  description: 'textarea[placeholder*="描述"], textarea[placeholder*="简介"]',
  file: 'input[type="file"][accept*="video"]',
  uploaded: '.upload-success',
  failed: '上传失败',
  refusal: '.ne-message--error',
} as const;
const DOC_ID = /^[\w-]{1,64}$/;

function planVideo(job: VideoJob) {
  return planPlainVideo(job, { limits: NETEASE_VIDEO_LIMITS, noCover: 'netease: the video page has no cover control on record; coverMode custom is refused', noTitle: 'a 网易号 video needs a title' });
}

export async function prepareVideo(page: Page, job: VideoJob, ctx: AdapterContext): Promise<void> {
  const p = planVideo(job);
  p.reader.logIgnored(NETEASE_VIDEO_SETTINGS, ctx.log);
  if (job.payload.coverImagePath) ctx.log.info({ platform: 'netease', notApplied: ['coverImagePath'] }, 'the video page has no cover control on record: 网易号 picks the cover');
  const video = await openMedia(ctx, job.payload.localVideoPath, 'upload', 'upload_failed', 'video');

  ctx.progress('open_editor');
  await openLoggedIn(page, at(ctx, NETEASE_VIDEO_URLS.videoEditor), 'open_editor', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'open_editor', ctx), job, 'open_editor');
  await need(page, S.file, 'open_editor', 'video upload input', ctx, 'attached');

  ctx.progress('fill');
  await fillChecked(await need(page, S.title, 'fill', 'title input', ctx), p.title, 'fill', 'title');
  if (p.description) await fillChecked(await need(page, S.description, 'fill', 'description box', ctx), p.description, 'fill', 'description');

  await uploadVideoFile(page.locator(S.file).first(), video, { done: page.locator(S.uploaded), failed: page.getByText(S.failed, { exact: true }), refusal: page.locator(S.refusal), platform: '网易号' }, ctx);
}

export async function publishVideo(page: Page, job: VideoJob, ctx: AdapterContext): Promise<PublishResult> {
  const named = await clickPublishForJson(
    page,
    {
      button: page.getByRole('button', { name: /^\s*发\s*布\s*$/ }).first(),
      isPublishRequest: (req) => req.method() === 'POST' && real(ctx, req.url()).pathname === NETEASE_VIDEO_URLS.videoPublishPath,
      urlPattern: `*${NETEASE_VIDEO_URLS.videoPublishPath}*`,
      refusal: page.locator(S.refusal),
      judge: (body) => {
        if (field(body, 'code') !== 1) return { ok: false, message: String(field(body, 'msg') ?? `code ${String(field(body, 'code'))}`) };
        // data.docId names the video; an accepted answer without it is completed from the content list below.
        const id = field(body, 'data', 'docId');
        return { ok: true, value: typeof id === 'string' && DOC_ID.test(id) ? id : undefined };
      },
    },
    ctx,
  );
  if (named !== undefined) return { postId: named, url: at(ctx, NETEASE_VIDEO_URLS.post(named)) };
  ctx.progress('read_back');
  const title = job.payload.title.trim();
  const found = await whoAmI(page, 'read_back', ctx)
    .then(async (account) => matchPost(await ownVideos(page, account.externalRef, ctx), job, (text) => text === title))
    .catch((e: unknown) => {
      throw new AdapterError('readback_failed', 'read_back', `网易号 accepted the video but named no docId, and its content list could not be read (${(e as Error).message}); verify before any retry`);
    });
  if (!found.found) throw new AdapterError('readback_failed', 'read_back', '网易号 accepted the video but named no docId, and its content list does not show it yet; verify before any retry');
  return { postId: found.postId, url: found.url };
}

/** The account's published videos as the content list gives them (newest first), for `verify`; read-only. */
async function ownVideos(page: Page, wemediaId: string, ctx: AdapterContext): Promise<ListedPost[]> {
  const form = { wemediaId, pageNo: '1', size: '20', contentType: '2', contentState: '3' };
  const body = await pageJson(page, at(ctx, NETEASE_VIDEO_URLS.list), { method: 'POST', form }, 'read_back', 'content list', ctx);
  const rows = field(body, 'data', 'list');
  if (field(body, 'code') !== 1 || !Array.isArray(rows)) throw new AdapterError('editor_changed', 'read_back', `content list: no data.list (${String(field(body, 'msg') ?? 'changed answer')})`);
  return rows.flatMap((row) => {
    const id = String(field(row, 'docId') ?? field(row, 'articleId') ?? '');
    if (!DOC_ID.test(id) || field(row, 'contentState') === 0) return [];
    return [{ postId: id, url: at(ctx, NETEASE_VIDEO_URLS.post(id)), text: String(field(row, 'title') ?? '').trim(), postedAt: listedTime(field(row, 'publishTime') ?? field(row, 'showTime')) }];
  });
}

export async function verifyVideo(page: Page, job: VideoJob, ctx: AdapterContext): Promise<VerifyResult> {
  ctx.progress('read_back');
  await openLoggedIn(page, at(ctx, NETEASE_VIDEO_URLS.videoEditor), 'check_login', ctx, isLoginPage(ctx));
  const account = await whoAmI(page, 'check_login', ctx);
  assertAccount(account, job, 'check_login');
  const title = job.payload.title.trim();
  return matchPost(await ownVideos(page, account.externalRef, ctx), job, (text) => text === title);
}

export const videoFlow: Flow<VideoJob> = { prepare: prepareVideo, publish: publishVideo, verify: verifyVideo };
