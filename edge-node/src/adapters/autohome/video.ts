/**
 * autohome (汽车之家 车家号) videos through the creator centre's video page,
 * driven as a person does: the file into the page's uploader (#browser_0),
 * then — once the page marks the upload a success — the title and the
 * description, and 发布. This module is the video side of the autohome
 * adapter (../autohome.ts), which also publishes articles.
 *
 * Provenance (fact → source, snapshot date). M = leaperone/MultiPost-Extension
 * (2ef8725, 2026-06-05): src/sync/video/chejiahao.ts, src/sync/video.ts,
 * src/sync/account/chejiahao.ts. dreammis/social-auto-upload, Wechatsync,
 * doocs/cose and site-hub record nothing about the 车家号 video page.
 * | fact | source |
 * | video page https://creator.autohome.com.cn/web/publish/video | M src/sync/video.ts (injectUrl) |
 * | the uploader's area `#browser_0` and its file input | M video/chejiahao.ts |
 * | the upload's state on `div[data-uploadstatus]` (uploading, then success) | M video/chejiahao.ts |
 * | a failed upload reads 上传失败 (or 上传出错, 上传异常, 转码失败) | M video/chejiahao.ts |
 * | title `#title` (placeholder 合适的标题能帮你获得更多流量哦) | M video/chejiahao.ts |
 * | description `#summary` (placeholder 快来简单描述下你的作品吧) | M video/chejiahao.ts |
 * | publish: the visible button whose text includes 发布 | M video/chejiahao.ts |
 * | the account call GET https://creator.autohome.com.cn/author/api/getAuthorInfo → result.authorId, result.name | M account/chejiahao.ts |
 * | 原创 `#isOriginal` and 首发 `#isFirst` checkboxes | M video/chejiahao.ts (ticks both; this adapter leaves them: see below) |
 * | a cover editor in `iframe[name='mofangIframe']` (picture input, 完成制作) | M video/chejiahao.ts (not driven here: its opening control is found by guesswork in M) |
 * | the publish call POST creator.autohome.com.cn/openapi/content-api/video/publish → returncode 0, result.videoId | UNVERIFIED |
 * | the own-video list GET …/openapi/content-api/video/list → result.list[].{videoId, title, publishTime} | UNVERIFIED |
 * | the published address https://chejiahao.autohome.com.cn/info/<id> | UNVERIFIED |
 * | how the page refuses (an Ant Design `.ant-message-error`) | UNVERIFIED |
 * | where a logged-out page goes (any page off creator.autohome.com.cn is taken for the login) | UNVERIFIED |
 * | the login page | UNVERIFIED: none recorded, so no `login` spec (accounts come by `accounts import`) |
 * | title and description limits (the settings contract's 80 and 1,000 are used) | UNVERIFIED |
 *
 * Settings (shared contract names): `description` (else the payload's, as
 * plain text), `visibility` (public only), `coverMode` (auto only: the cover
 * editor's opening control is not on record). 原创 and 首发 are declarations
 * Plume has no fact for (a video fanned out to several platforms is not a
 * first publication): they are left as the page has them.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type LoginInfo, type PublishResult, type Step, type VerifyResult, type VideoJob } from '../contract.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { listedTime } from '../kit/listed-time.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { field, pageJson } from '../kit/page-api.js';
import { uploadVideoFile } from '../kit/upload-marks.js';
import { planPlainVideo } from '../kit/video-plan.js';
import { outcomeUnknown } from '../publish-click.js';
import { assertAccount, fillChecked, type ListedPost, matchPost, need, openLoggedIn, openMedia } from '../support.js';

/** The autohome adapter's own origin (its articles' editor): real URLs are mapped to a replica against it. */
const SITE = { defaultBaseUrl: 'https://chejiahao.autohome.com.cn' };

export const AUTOHOME_VIDEO_URLS = {
  videoEditor: 'https://creator.autohome.com.cn/web/publish/video',
  authorInfo: 'https://creator.autohome.com.cn/author/api/getAuthorInfo',
  videoPublishPath: '/openapi/content-api/video/publish',
  videoList: 'https://creator.autohome.com.cn/openapi/content-api/video/list?pageIndex=1&pageSize=20',
  post: (id: string) => `https://chejiahao.autohome.com.cn/info/${id}`,
};

export const AUTOHOME_VIDEO_SETTINGS = ['description', 'visibility', 'coverMode'] as const;
/** The settings contract's video limits (no source records autohome's own). */
export const AUTOHOME_VIDEO_LIMITS = { titleMax: 80, descriptionMax: 1000 } as const;

const S = {
  file: '#browser_0 input[type="file"]',
  uploaded: 'div[data-uploadstatus="success"]',
  failedText: /上传失败|上传出错|上传异常|转码失败/,
  status: 'div[data-uploadstatus]',
  title: '#title',
  description: '#summary',
  refusal: '.ant-message-error',
} as const;

type Ctx = Pick<AdapterContext, 'baseUrl'>;
const at = (ctx: Ctx, real: string): string => liveUrl(ctx, SITE, real);
const real = (ctx: Ctx, address: string): URL => realUrl(ctx, SITE, address);
const isLoginPage = (ctx: Ctx) => (u: URL) => real(ctx, u.toString()).host !== 'creator.autohome.com.cn';

async function whoAmI(page: Page, step: Step, ctx: AdapterContext): Promise<LoginInfo> {
  const body = await pageJson(page, at(ctx, AUTOHOME_VIDEO_URLS.authorInfo), {}, step, 'login check', ctx);
  const id = field(body, 'result', 'authorId');
  if ((typeof id !== 'string' && typeof id !== 'number') || id === '') throw new AdapterError('login_required', step, 'autohome says the account is not logged in');
  return { externalRef: String(id), displayName: String(field(body, 'result', 'name') ?? '') };
}

function planVideo(job: VideoJob) {
  return planPlainVideo(job, { limits: AUTOHOME_VIDEO_LIMITS, noCover: "autohome: the video page's cover editor has no recorded way in; coverMode custom is refused", noTitle: 'an autohome video needs a title' });
}

export async function prepareVideo(page: Page, job: VideoJob, ctx: AdapterContext): Promise<void> {
  const p = planVideo(job);
  p.reader.logIgnored(AUTOHOME_VIDEO_SETTINGS, ctx.log);
  if (job.payload.coverImagePath) ctx.log.info({ platform: 'autohome', notApplied: ['coverImagePath'] }, "the video page's cover editor is not driven: autohome picks the cover");
  const video = await openMedia(ctx, job.payload.localVideoPath, 'upload', 'upload_failed', 'video');

  ctx.progress('open_editor');
  await openLoggedIn(page, at(ctx, AUTOHOME_VIDEO_URLS.videoEditor), 'open_editor', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'open_editor', ctx), job, 'open_editor');
  await need(page, S.file, 'open_editor', 'video upload input', ctx, 'attached');

  await uploadVideoFile(page.locator(S.file).first(), video, { done: page.locator(S.uploaded), failed: page.locator(S.status).filter({ hasText: S.failedText }), refusal: page.locator(S.refusal), platform: 'autohome' }, ctx);

  ctx.progress('fill');
  await fillChecked(await need(page, S.title, 'fill', 'title input', ctx), p.title, 'fill', 'title');
  if (p.description) await fillChecked(await need(page, S.description, 'fill', 'description box', ctx), p.description, 'fill', 'description');
}

export function publishVideo(page: Page, ctx: AdapterContext): Promise<PublishResult> {
  return clickPublishForJson(
    page,
    {
      button: page.locator('button:visible', { hasText: /^\s*发\s*布\s*$/ }).first(),
      isPublishRequest: (req) => req.method() === 'POST' && real(ctx, req.url()).pathname === AUTOHOME_VIDEO_URLS.videoPublishPath,
      urlPattern: `*${AUTOHOME_VIDEO_URLS.videoPublishPath}*`,
      refusal: page.locator(S.refusal),
      judge: (body) => {
        const id = field(body, 'result', 'videoId');
        if (field(body, 'returncode') !== 0) return { ok: false, message: String(field(body, 'message') ?? field(body, 'returncode')) };
        if ((typeof id !== 'string' && typeof id !== 'number') || !/^\d+$/.test(String(id))) throw outcomeUnknown('autohome accepted the video but its answer named no videoId', page);
        return { ok: true, value: { postId: String(id), url: at(ctx, AUTOHOME_VIDEO_URLS.post(String(id))) } };
      },
    },
    ctx,
  );
}

async function ownVideos(page: Page, ctx: AdapterContext): Promise<ListedPost[]> {
  const body = await pageJson(page, at(ctx, AUTOHOME_VIDEO_URLS.videoList), {}, 'read_back', 'video list', ctx);
  if (field(body, 'returncode') !== 0) throw new Error(`autohome video list: ${String(field(body, 'message') ?? field(body, 'returncode'))}`);
  const rows = field(body, 'result', 'list');
  return (Array.isArray(rows) ? rows : []).flatMap((row) => {
    const id = field(row, 'videoId');
    if (typeof id !== 'string' && typeof id !== 'number') return [];
    return [{ postId: String(id), url: at(ctx, AUTOHOME_VIDEO_URLS.post(String(id))), text: String(field(row, 'title') ?? '').trim(), postedAt: listedTime(field(row, 'publishTime')) }];
  });
}

export async function verifyVideo(page: Page, job: VideoJob, ctx: AdapterContext): Promise<VerifyResult> {
  ctx.progress('read_back');
  await openLoggedIn(page, at(ctx, AUTOHOME_VIDEO_URLS.videoEditor), 'check_login', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'check_login', ctx), job, 'check_login');
  const title = job.payload.title.trim();
  return matchPost(await ownVideos(page, ctx), job, (text) => text === title);
}
