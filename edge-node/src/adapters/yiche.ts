/**
 * yiche (易车号) videos through mp.yiche.com's video page, driven as a person
 * does: the title, the description, the file into the page's video input,
 * then 发布. No source records a cover, topics or an audience control on this
 * page: none is applied. yiche articles have no public record and no adapter.
 *
 * Provenance (fact → source, snapshot date). M = leaperone/MultiPost-Extension
 * (2ef8725, 2026-06-05): src/sync/video/yiche.ts, src/sync/video.ts,
 * src/sync/account/yiche.ts. dreammis/social-auto-upload, Wechatsync,
 * doocs/cose and site-hub record nothing about 易车号.
 * | fact | source |
 * | video page https://mp.yiche.com/videos/video (home https://mp.yiche.com/) | M src/sync/video.ts (injectUrl, homeUrl) |
 * | title: an `input` whose placeholder contains 标题 | M video/yiche.ts |
 * | description: a `textarea` whose placeholder contains 描述 or 简介 | M video/yiche.ts |
 * | the file into an `input[type=file]` whose accept names video (a change event) | M video/yiche.ts |
 * | the page is Ant Design (`.ant-input`, `.ant-upload`, `.ant-progress`) | M video/yiche.ts (its selectors) |
 * | the account call GET https://mp.yiche.com/api/user/info → success, data.userId, data.nickname | M account/yiche.ts |
 * | the order title → description → upload | M video/yiche.ts (it stops there: it never publishes) |
 * | the upload's end: the page shows 上传成功 (or 上传失败) | UNVERIFIED (M waits for a progress or success class) |
 * | the publish control: the button reading 发布 | UNVERIFIED (M does not publish) |
 * | the publish call POST mp.yiche.com/api/video/publish → success, data.videoId | UNVERIFIED |
 * | the own-video list GET mp.yiche.com/api/video/list → data.list[].{videoId, title, publishTime} | UNVERIFIED |
 * | the published address https://vc.yiche.com/vplay/<id>.html | UNVERIFIED |
 * | how the page refuses (an Ant Design `.ant-message-error`) | UNVERIFIED |
 * | where a logged-out page goes (any page off mp.yiche.com is taken for the login) | UNVERIFIED |
 * | the login page | UNVERIFIED: none recorded, so no `login` spec (accounts come by `accounts import`) |
 * | title and description limits (the settings contract's 80 and 1,000 are used) | UNVERIFIED |
 * | a cover, topics, an audience, an AI declaration | no source records them: not applied (logged as ignored; a custom cover is refused) |
 *
 * Settings (shared contract names): `description` (else the payload's, as
 * plain text), `visibility` (public only), `coverMode` (auto only).
 */
import type { Page } from 'playwright-core';
import { AdapterError, type Adapter, type AdapterContext, type LoginInfo, type OpenedFile, type PublishResult, type Step, type VerifyResult, type VideoJob } from './contract.js';
import { clickPublishForJson } from './kit/click-publish-json.js';
import { listedTime } from './kit/listed-time.js';
import { liveUrl, realUrl } from './kit/live-url.js';
import { field, pageJson } from './kit/page-api.js';
import { markdownToPlainText } from './markdown.js';
import { outcomeUnknown } from './publish-click.js';
import { SettingsReader } from './settings.js';
import { assertAccount, assertMaxChars, fillChecked, jobOfType, type ListedPost, matchPost, need, openLoggedIn, openMedia, poll, timeouts } from './support.js';

export const ORIGIN = 'https://mp.yiche.com';
const SITE = { defaultBaseUrl: ORIGIN };

export const YICHE_URLS = {
  videoEditor: 'https://mp.yiche.com/videos/video',
  userInfo: 'https://mp.yiche.com/api/user/info',
  videoPublishPath: '/api/video/publish',
  videoList: 'https://mp.yiche.com/api/video/list?page=1&pageSize=20',
  post: (id: string) => `https://vc.yiche.com/vplay/${id}.html`,
};

export const YICHE_VIDEO_SETTINGS = ['description', 'visibility', 'coverMode'] as const;
/** The settings contract's video limits (no source records yiche's own). */
export const YICHE_VIDEO_LIMITS = { titleMax: 80, descriptionMax: 1000 } as const;

const S = {
  title: 'input[placeholder*="标题"]',
  description: 'textarea[placeholder*="描述"], textarea[placeholder*="简介"]',
  file: 'input[type="file"][accept*="video"]',
  uploaded: '上传成功',
  failed: '上传失败',
  refusal: '.ant-message-error',
} as const;

type Ctx = Pick<AdapterContext, 'baseUrl'>;
const at = (ctx: Ctx, real: string): string => liveUrl(ctx, SITE, real);
const real = (ctx: Ctx, address: string): URL => realUrl(ctx, SITE, address);
const isLoginPage = (ctx: Ctx) => (u: URL) => real(ctx, u.toString()).host !== 'mp.yiche.com';

async function whoAmI(page: Page, step: Step, ctx: AdapterContext): Promise<LoginInfo> {
  const body = await pageJson(page, at(ctx, YICHE_URLS.userInfo), {}, step, 'login check', ctx);
  const id = field(body, 'data', 'userId');
  if (body.success !== true || (typeof id !== 'string' && typeof id !== 'number') || id === '') throw new AdapterError('login_required', step, 'yiche says the account is not logged in');
  return { externalRef: String(id), displayName: String(field(body, 'data', 'nickname') ?? '') };
}

function planVideo(job: VideoJob) {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] });
  if (coverMode === 'custom') {
    throw new AdapterError('setting_unavailable', 'apply_settings', 'yiche: the video page has no cover control on record; coverMode custom is refused', { field: 'coverMode' });
  }
  r.string('visibility', { oneOf: ['public'] });
  const title = job.payload.title.trim();
  if (!title) throw new AdapterError('publish_rejected', 'fill', 'a yiche video needs a title');
  assertMaxChars(title, YICHE_VIDEO_LIMITS.titleMax, 'fill', 'title');
  const description = markdownToPlainText(r.string('description', { maxLength: YICHE_VIDEO_LIMITS.descriptionMax }) ?? job.payload.description ?? '').trim();
  assertMaxChars(description, YICHE_VIDEO_LIMITS.descriptionMax, 'fill', 'description');
  return { reader: r, title, description };
}

async function prepareVideo(page: Page, job: VideoJob, ctx: AdapterContext): Promise<void> {
  const p = planVideo(job);
  p.reader.logIgnored(YICHE_VIDEO_SETTINGS, ctx.log);
  if (job.payload.coverImagePath) ctx.log.info({ platform: 'yiche', notApplied: ['coverImagePath'] }, 'the video page has no cover control on record: yiche picks the cover');
  const video = await openMedia(ctx, job.payload.localVideoPath, 'upload', 'upload_failed', 'video');

  ctx.progress('open_editor');
  await openLoggedIn(page, at(ctx, YICHE_URLS.videoEditor), 'open_editor', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'open_editor', ctx), job, 'open_editor');
  await need(page, S.file, 'open_editor', 'video upload input', ctx, 'attached');

  ctx.progress('fill');
  await fillChecked(await need(page, S.title, 'fill', 'title input', ctx), p.title, 'fill', 'title');
  if (p.description) await fillChecked(await need(page, S.description, 'fill', 'description box', ctx), p.description, 'fill', 'description');

  await uploadVideo(page, video, ctx);
}

/** The file into the page's video input; then the page's 上传成功, or its 上传失败 with its message. */
async function uploadVideo(page: Page, video: OpenedFile, ctx: AdapterContext): Promise<void> {
  ctx.progress('upload', { phase: 'transfer', bytesSent: 0, bytesTotal: video.size, percent: 0 });
  await page.locator(S.file).first().setInputFiles(video.path);
  const done = page.getByText(S.uploaded, { exact: true });
  const failed = page.getByText(S.failed, { exact: true });
  const end = await poll(async () => ((await failed.count()) > 0 ? 'failed' : (await done.count()) > 0 ? 'done' : null), (v) => v !== null, {
    intervalMs: 200,
    timeoutMs: timeouts(ctx).uploadMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('upload_failed', 'upload', 'the video upload did not finish in time'),
  });
  if (end === 'failed') {
    const why = (await page.locator(S.refusal).first().innerText().catch(() => '')).trim();
    throw new AdapterError('upload_failed', 'upload', `yiche refused the video${why ? `: ${why}` : ''}`);
  }
  ctx.progress('upload', { phase: 'transfer', bytesSent: video.size, bytesTotal: video.size, percent: 100 });
}

function publishVideo(page: Page, ctx: AdapterContext): Promise<PublishResult> {
  return clickPublishForJson(
    page,
    {
      button: page.getByRole('button', { name: /^\s*发\s*布\s*$/ }).first(),
      isPublishRequest: (req) => req.method() === 'POST' && real(ctx, req.url()).pathname === YICHE_URLS.videoPublishPath,
      urlPattern: `*${YICHE_URLS.videoPublishPath}*`,
      refusal: page.locator(S.refusal),
      judge: (body) => {
        const id = field(body, 'data', 'videoId');
        if (field(body, 'success') !== true) return { ok: false, message: String(field(body, 'message') ?? 'yiche refused the video') };
        if ((typeof id !== 'string' && typeof id !== 'number') || !/^\d+$/.test(String(id))) throw outcomeUnknown('yiche accepted the video but its answer named no videoId', page);
        return { ok: true, value: { postId: String(id), url: at(ctx, YICHE_URLS.post(String(id))) } };
      },
    },
    ctx,
  );
}

/** The account's own videos as the list gives them (newest first), for `verify`; read-only. */
async function ownVideos(page: Page, ctx: AdapterContext): Promise<ListedPost[]> {
  const body = await pageJson(page, at(ctx, YICHE_URLS.videoList), {}, 'read_back', 'video list', ctx);
  if (body.success !== true) throw new Error(`yiche video list: ${String(body.message ?? 'refused')}`);
  const rows = field(body, 'data', 'list');
  return (Array.isArray(rows) ? rows : []).flatMap((row) => {
    const id = field(row, 'videoId');
    if (typeof id !== 'string' && typeof id !== 'number') return [];
    return [{ postId: String(id), url: at(ctx, YICHE_URLS.post(String(id))), text: String(field(row, 'title') ?? '').trim(), postedAt: listedTime(field(row, 'publishTime')) }];
  });
}

async function verifyVideo(page: Page, job: VideoJob, ctx: AdapterContext): Promise<VerifyResult> {
  ctx.progress('read_back');
  await openLoggedIn(page, at(ctx, YICHE_URLS.videoEditor), 'check_login', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'check_login', ctx), job, 'check_login');
  const title = job.payload.title.trim();
  return matchPost(await ownVideos(page, ctx), job, (text) => text === title);
}

export const yicheAdapter: Adapter = {
  platform: 'yiche',
  contentTypes: ['video'],
  defaultBaseUrl: ORIGIN,
  settingKeys: YICHE_VIDEO_SETTINGS,

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    await openLoggedIn(page, at(ctx, YICHE_URLS.videoEditor), 'check_login', ctx, isLoginPage(ctx));
    return whoAmI(page, 'check_login', ctx);
  },
  prepare: (page, job, ctx) => prepareVideo(page, jobOfType(job, 'video'), ctx),
  publish: (page, _job, ctx) => publishVideo(page, ctx),
  verify: (page, job, ctx) => verifyVideo(page, jobOfType(job, 'video'), ctx),
};
