/**
 * yidian (一点号) videos through the desk's video editor, driven as a person
 * does: the title, the description, the file into the page's video input,
 * then 发布. No source records a cover, tags, an audience or a declaration
 * on this page: none is applied. This module is the video side of the yidian
 * adapter (./adapter.ts), which also publishes articles.
 *
 * What each step rests on is in ./provenance.ts.
 *
 * Settings (shared contract names): `description` (else the payload's, as
 * plain text), `visibility` (public only), `coverMode` (auto only).
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type OpenedFile, type PublishResult, type VerifyResult, type VideoJob, type Flow } from '../contract.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { listedTime } from '../kit/listed-time.js';
import { field, pageJson } from '../kit/page-api.js';
import { planPlainVideo } from '../kit/video-plan.js';
import { assertAccount, fillChecked, type ListedPost, matchPost, need, openMedia, timeouts } from '../support.js';
import { at, openAt, ORIGIN, real } from './site.js';

export const YIDIAN_VIDEO_URLS = {
  home: `${ORIGIN}/`,
  videoEditor: `${ORIGIN}/#/Writing/videoEditor`,
  videoPublishPath: '/api/video/publish',
  /** The address public scripts record for the article publish. */
  postPublishPath: '/api/post/publish',
  videoList: `${ORIGIN}/model/Video?page=1&page_size=10&status=2,6,7`,
  post: (id: string) => `https://www.yidianzixun.com/article/${encodeURIComponent(id)}`,
};

export const YIDIAN_VIDEO_SETTINGS = ['description', 'visibility', 'coverMode'] as const;
/** The settings contract's video limits (no source records 一点号's own). */
export const YIDIAN_VIDEO_LIMITS = { titleMax: 80, descriptionMax: 1000 } as const;

const S = {
  title: 'input[placeholder*="标题"]',
  description: 'textarea[placeholder*="描述"], textarea[placeholder*="简介"]',
  file: 'input[type="file"][accept*="video"]',
  uploaded: '上传成功',
  failed: '上传失败',
  refusal: '.editor-tip-error',
  articlePublish: 'div.button_publish',
} as const;

function planVideo(job: VideoJob) {
  return planPlainVideo(job, { limits: YIDIAN_VIDEO_LIMITS, noCover: '一点号: the video editor has no cover control on record; coverMode custom is refused', noTitle: 'a 一点号 video needs a title' });
}

export async function prepareVideo(page: Page, job: VideoJob, ctx: AdapterContext): Promise<VideoSession> {
  const p = planVideo(job);
  p.reader.logIgnored(YIDIAN_VIDEO_SETTINGS, ctx.log);
  if (job.payload.coverImagePath) ctx.log.info({ platform: 'yidian', notApplied: ['coverImagePath'] }, 'the video editor has no cover control on record: 一点号 picks the cover');
  const video = await openMedia(ctx, job.payload.localVideoPath, 'upload', 'upload_failed', 'video');

  ctx.progress('open_editor');
  const session = await openAt(page, YIDIAN_VIDEO_URLS.videoEditor, 'open_editor', ctx);
  assertAccount(session.login, job, 'open_editor');
  await need(page, S.file, 'open_editor', 'video upload input', ctx, 'attached');

  ctx.progress('fill');
  await fillChecked(await need(page, S.title, 'fill', 'title input', ctx), p.title, 'fill', 'title');
  if (p.description) await fillChecked(await need(page, S.description, 'fill', 'description box', ctx), p.description, 'fill', 'description');

  await uploadVideo(page, video, ctx);
  return { headers: session.headers };
}

/** The file into the page's video input; then the page's 上传成功, or its 上传失败 with its message. */
async function uploadVideo(page: Page, video: OpenedFile, ctx: AdapterContext): Promise<void> {
  ctx.progress('upload', { phase: 'transfer', bytesSent: 0, bytesTotal: video.size, percent: 0 });
  await page.locator(S.file).first().setInputFiles(video.path);
  const done = page.getByText(S.uploaded, { exact: true });
  const failed = page.getByText(S.failed, { exact: true });
  try {
    await done.or(failed).first().waitFor({ state: 'attached', timeout: timeouts(ctx).uploadMs });
  } catch {
    throw new AdapterError('upload_failed', 'upload', 'the video upload did not finish in time');
  }
  if ((await failed.count()) > 0) {
    const why = (await page.locator(S.refusal).first().innerText().catch(() => '')).trim();
    throw new AdapterError('upload_failed', 'upload', `一点号 refused the video${why ? `: ${why}` : ''}`);
  }
  ctx.progress('upload', { phase: 'transfer', bytesSent: video.size, bytesTotal: video.size, percent: 100 });
}

/** The publish's own address (not on record), or the article publish's (recorded): the answer to either is read. */
const VIDEO_PUBLISH_PATHS = [YIDIAN_VIDEO_URLS.videoPublishPath, YIDIAN_VIDEO_URLS.postPublishPath];

/** The session of the prepared page, for the read-back that may follow the publish. */
export interface VideoSession {
  headers: Record<string, string>;
}

/** 发布 behind the commit gate; the answer's id, or (an answer naming none) the video list's row for the job. */
export async function publishVideo(page: Page, job: VideoJob, ctx: AdapterContext, p: VideoSession): Promise<PublishResult> {
  const named = await clickPublishForJson(
    page,
    {
      // A button reading 发布, or the article editor's recorded control.
      button: page.getByRole('button', { name: /^\s*发\s*布\s*$/ }).or(page.locator(S.articlePublish)).first(),
      isPublishRequest: (req) => VIDEO_PUBLISH_PATHS.includes(real(ctx, req.url()).pathname),
      urlPattern: VIDEO_PUBLISH_PATHS.map((path) => `*${path}*`),
      refusal: page.locator(S.refusal),
      judge: (body) => {
        if (field(body, 'status') !== 'success') return { ok: false, message: String(field(body, 'reason') ?? field(body, 'message') ?? '一点号 refused the video') };
        const id = field(body, 'id');
        return { ok: true, value: (typeof id === 'string' || typeof id === 'number') && /^[\w-]{1,64}$/.test(String(id)) ? String(id) : undefined };
      },
    },
    ctx,
  );
  if (named) return { postId: named, url: at(ctx, YIDIAN_VIDEO_URLS.post(named)) };
  // Accepted without an id: the list names the video.
  const title = job.payload.title.trim();
  const listed = matchPost(await ownVideos(page, p.headers, ctx), job, (text) => text === title);
  if (!listed.found) throw new AdapterError('readback_failed', 'read_back', '一点号 accepted the video but its answer names no id and the video list does not yet show it; verify before any retry');
  return { postId: listed.postId, url: listed.url };
}

/** The account's published videos as the list gives them (newest first), for `verify`; read-only. */
async function ownVideos(page: Page, headers: Record<string, string>, ctx: AdapterContext): Promise<ListedPost[]> {
  const body = await pageJson(page, at(ctx, YIDIAN_VIDEO_URLS.videoList), { headers }, 'read_back', 'video list', ctx);
  const rows = field(body, 'posts');
  if (!Array.isArray(rows)) throw new AdapterError('editor_changed', 'read_back', `video list: no posts in the answer (${String(field(body, 'reason') ?? 'changed answer')})`);
  return rows.flatMap((row) => {
    const id = field(row, 'newsId');
    if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') return [];
    return [{ postId: String(id), url: at(ctx, YIDIAN_VIDEO_URLS.post(String(id))), text: String(field(row, 'title') ?? '').trim(), postedAt: listedTime(field(row, 'date')) }];
  });
}

export async function verifyVideo(page: Page, job: VideoJob, ctx: AdapterContext): Promise<VerifyResult> {
  ctx.progress('read_back');
  const session = await openAt(page, YIDIAN_VIDEO_URLS.home, 'check_login', ctx);
  assertAccount(session.login, job, 'check_login');
  const title = job.payload.title.trim();
  return matchPost(await ownVideos(page, session.headers, ctx), job, (text) => text === title);
}

export const videoFlow: Flow<VideoJob, VideoSession> = { prepare: prepareVideo, publish: publishVideo, verify: verifyVideo };
