/**
 * xiaohongshu (小红书 / rednote): videos and notes (图文, our dynamics) through the
 * creator center's publish form, and articles (长文) through its long-text
 * editor, which ends on the same form (xiaohongshu/article.ts). Files go in
 * through the form's file input, title ≤ 20, the description takes plain text
 * with topics chosen from the form's suggestions; "发布" (or "定时发布") is the
 * one non-repeatable click. The shared parts are in xiaohongshu/site.ts.
 *
 * Provenance (fact → source, snapshot date / commit). A = dreammis/social-auto-upload
 * uploader/xiaohongshu_uploader/main.py (2026-08-20 / 1c66b7d); X = the same repo's uploader/xhs_uploader/main.py;
 * M = leaperone/MultiPost-Extension src/sync/{video,dynamic}/rednote.ts (2026-06-05 / 2ef8725);
 * C = doocs/cose apps/extension/src/content.js, packages/detection/src/platforms/xiaohongshu.js (2026-06-17 / e70fa9e);
 * Z = xpzouying/xiaohongshu-mcp xiaohongshu/publish.go (2026-08-20 / 6fb866a);
 * R = ReaJason/xhs xhs/core.py, xhs/exception.py (2025-07-01 / f4b62d9);
 * G = Algovate/xhs-mcp examples/xhs.publish_note.txt (a captured request of the publish page, 2025-09-25 / 7f35b98)
 *     and src/shared/creator-center.ts, src/core/notes/note.service.ts (2026-05-17 / 16ddd73);
 * H = skedup/hi_x_h_5 src/xhs/clients/services/creator.ts (3964c48).
 * | fact | source |
 * | creator origin https://creator.xiaohongshu.com; publish pages /publish/publish?from=homepage&target=video / target=image | A |
 * | no session → redirect to /login; login box div[class*='login-box'] | A |
 * | login (accounts login): /login; `img.css-wemwzq` in the login box switches to the QR when "扫一扫" is not shown; QR: the img after the text "APP扫一扫登录" in .login-box-container | A |
 * | login: done once off /login (the login box gone), `web_session` set | A, X |
 * | login: the expired QR (.qrcode-expired "二维码已过期", its "刷新" button), the SMS step (input[placeholder*="验证码"] in .sms-verify) and slider (.captcha-slider) | UNVERIFIED: no public source records the creator login page's expired QR, SMS step or slider (searched A, X, C, Z — which logs in on www.xiaohongshu.com —, R, and the code index for "qrcode-expired" and "二维码已过期"); absent, the login simply waits out its QR |
 * | session cookie web_session | X; G (the publish page's own request carries it) — second-sourced |
 * | video input div[class^='upload-content'] input.upload-input; done when the following div.preview-new says 上传成功 | A |
 * | note images input[type=file][accept*=image]; ready when the title input shows | A, M |
 * | title input[placeholder*="填写标题"], ≤ 20 characters | A, M (Z finds the same input as div.d-input input) |
 * | description p[data-placeholder*="输入正文描述"]; topics typed "#topic", picked from #creator-editor-topic-container .item; ≤ 10 | A, Z — second-sourced |
 * | cover: div.upload-cover → div.d-modal, tab 上传封面, div.upload-wrapper input[type=file][accept*=image], div.d-modal-footer 确定 | A (M records another trigger, div.noCover.uploadCover, older) |
 * | location: div.d-select-placeholder, typed, picked from div.d-popover.d-dropdown … div.name | A |
 * | scheduled time: 1 hour to 14 days ahead (refused before the browser moves otherwise) | Z (service.go) |
 * | scheduled: the switch, then the time "YYYY-MM-DD HH:mm"; button 定时发布 | TOLERANT: the 定时发布 .custom-switch-card's .d-switch and .d-datepicker-input-filter input.d-text (A), or .post-time-wrapper .d-switch and .date-picker-container input (Z, the same snapshot date); M's label 定时发布 + input[placeholder="选择日期和时间"] is older |
 * | publish button:has-text("发布") | A (Z, since 2026-05-15, also records an `xhs-publish-btn` element clicked by position, with no button recorded inside it: on a page that shows only that, the publish button is editor_changed before any click) |
 * | after publishing, the form leaves /publish/publish | TOLERANT: /publish/success (A) or any other page (Z); only logged when it stays |
 * | the publish request POST https://edith.xiaohongshu.com/web_api/sns/v2/note, JSON {common: {type, title, desc, privacy_info: {op_type: 1, type}, …}, image_info, video_info}, signed by the page's code (x-s, x-t) | R, G — second-sourced |
 * | the note's address https://www.xiaohongshu.com/explore/<id> | R, G (note.service.ts) — second-sourced |
 * | the publish answer: accepted when success is true (refused, with its msg, otherwise); the note's id | R (success → data); TOLERANT for the id: data.id or data.note_id (no named source records which), and an accepted answer naming neither is read back from the own notes below (one match: that note; none or several: readback_failed) |
 * | an unsigned edith request is refused: {success: false, code: 300015}; a lost session is code -100 登录已过期 | R |
 * | account: GET https://creator.xiaohongshu.com/api/galaxy/user/info (credentials included, unsigned, from the creator page) → {success: true, code: 0, data.userId, data.userName} | C (R signs its creator calls; whether this one needs it: no second source) |
 * | own notes: the 笔记管理 page https://creator.xiaohongshu.com/new/note-manager loads GET …/api/galaxy/v2/creator/note/user/posted?tab=0&page=0 itself (signed by its code; a plain page request would be refused), read as it arrives | H, G (the page), R (the list, at /api/galaxy/creator/note/user/posted with the note manager as referer, signed) — second-sourced |
 * | own notes' answer: {success, data: {notes: [{id, display_title, time}], page}}, newest first | H, R; TOLERANT: either path (…/v2/creator/… or …/creator/…), the list in data.notes, data.note_list or data.note_infos, a row's id/note_id, display_title/title, time/post_time as "YYYY-MM-DD HH:mm" China time, Unix seconds or milliseconds (only the first page is read: the note just published is on it) |
 * | visibility: the dropdown div.permission-card-wrapper div.d-select-content (it shows the choice; 公开可见 by default), options div.d-options-wrapper div.d-grid-item div.custom-option 公开可见 / 仅自己可见 (/ 仅互关好友可见) | Z (the radios label.d-radio this table listed before have no source) |
 * | a failed upload or cover shows "…失败" in the form | UNVERIFIED: no source records how the form shows a refused upload (A and Z only wait for success markers); without that marker a refused upload ends as upload_failed when its time runs out |
 * | AI-content declaration | no source records it: not applied (`aiLabel` is logged as ignored) |
 *
 * Settings: `title` (notes; the first line of the text otherwise), `tags` (topics, ≤ 10),
 * `description` (videos), `visibility` (`public` | `private`), `location`, `scheduledAt`
 * (ISO 8601, the platform's own scheduled publishing), `coverMode` (videos); articles
 * take their own list (XHS_ARTICLE_SETTINGS).
 */
import type { Page } from 'playwright-core';
import { AdapterError, type Adapter, type AdapterContext, type DynamicJob, type PublishJob, type VideoJob } from './contract.js';
import { markdownToPlainText } from './markdown.js';
import { assertMaxChars, jobOfType, need, openLoggedIn, openMedia, poll, timeouts } from './support.js';
import { XHS, XHS_TITLE_MAX, fillDescription, fillTitle, setCover } from './xiaohongshu-form.js';
import { articleTitle, prepareArticle, XHS_ARTICLE_SETTINGS } from './xiaohongshu/article.js';
import { applyFormSettings, at, findNote, FORM_ERROR, isLoginPage, openForm, ORIGIN, publishForm, readFormSettings, URLS, whoAmI } from './xiaohongshu/site.js';

const S = {
  videoInput: "div[class^='upload-content'] input.upload-input",
  videoPreview: 'input.upload-input ~ div[class*="preview-new"]',
  imageInput: 'input[type="file"][accept*="image"]',
} as const;

const DESC_MAX = 1000;
const MAX_IMAGES = 18;
const SETTING_KEYS = ['title', 'tags', 'description', 'visibility', 'location', 'scheduledAt', 'coverMode'] as const;

type Ctx = AdapterContext;

export const xiaohongshuAdapter: Adapter = {
  platform: 'xiaohongshu',
  contentTypes: ['video', 'dynamic', 'article'],
  defaultBaseUrl: ORIGIN,
  settingKeys: SETTING_KEYS,
  login: {
    url: `${ORIGIN}/login`,
    qrTab: "div[class*='login-box'] img.css-wemwzq",
    qr: '.login-box-container >> text=APP扫一扫登录 >> xpath=..//following-sibling::div//img',
    expired: '.login-box-container .qrcode-expired',
    refresh: '.login-box-container .qrcode-expired >> text=刷新',
    sms: { input: '.sms-verify input[placeholder*="验证码"]', send: '.sms-verify >> text=获取验证码', submit: '.sms-verify >> text=确定', error: '.sms-verify .error-tip' },
    slider: '.captcha-slider',
    sessionCookies: ['web_session'],
    isLoginPage: (u) => u.host === 'creator.xiaohongshu.com' && u.pathname.startsWith('/login'),
  },
  settingKeysByType: { article: XHS_ARTICLE_SETTINGS },

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    await openLoggedIn(page, at(ctx, URLS.videoForm), 'check_login', ctx, isLoginPage(ctx));
    return whoAmI(page, 'check_login', ctx);
  },

  async prepare(page, job, ctx) {
    if (job.contentType === 'video') return prepareVideo(page, job, ctx);
    if (job.contentType === 'article') return prepareArticle(page, job, ctx);
    return prepareNote(page, jobOfType(job, 'dynamic'), ctx);
  },

  publish: (page, job, ctx) => publishForm(page, readFormSettings(job).scheduledAt !== undefined, ctx, () => findNote(page, job, titleOf(job), ctx)),

  verify: (page, job, ctx) => findNote(page, job, titleOf(job), ctx),
};

/** The title the note carries on xiaohongshu, by which `verify` knows it. */
function titleOf(job: PublishJob): string {
  if (job.contentType === 'video') return job.payload.title.trim();
  if (job.contentType === 'article') return articleTitle(job);
  return noteTitle(jobOfType(job, 'dynamic'));
}

/** A note's title: the `title` setting, else the text's first line, cut to 20 characters. */
export function noteTitle(job: DynamicJob): string {
  const given = typeof job.settings.title === 'string' ? job.settings.title.trim() : '';
  const first = markdownToPlainText(job.payload.content).split('\n').find((l) => l.trim()) ?? '';
  return Array.from(given || first.trim()).slice(0, XHS_TITLE_MAX).join('');
}

async function prepareVideo(page: Page, job: VideoJob, ctx: Ctx): Promise<void> {
  const c = readFormSettings(job);
  const description = c.reader.string('description', { maxLength: DESC_MAX }) ?? job.payload.description ?? '';
  const coverMode = c.reader.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImagePath ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImagePath) throw new AdapterError('cover_rejected', 'upload', 'coverMode is custom but the job has no coverImagePath');
  c.reader.logIgnored(SETTING_KEYS, ctx.log);
  const title = job.payload.title.trim();
  if (!title) throw new AdapterError('publish_rejected', 'fill', 'xiaohongshu needs a video title');
  assertMaxChars(title, XHS_TITLE_MAX, 'fill', 'title');
  assertMaxChars(description, DESC_MAX, 'fill', 'description');

  await openForm(page, job, URLS.videoForm, ctx);
  ctx.progress('upload', { phase: 'transfer' });
  const video = await openMedia(ctx, job.payload.localVideoPath, 'upload', 'upload_failed', 'video');
  await (await need(page, S.videoInput, 'upload', 'video file input', ctx, 'attached')).setInputFiles(video.path);
  const preview = page.locator(S.videoPreview);
  const end = await poll(async () => (await preview.first().innerText().catch(() => '')).trim(), (t) => /上传成功|失败/.test(t), {
    intervalMs: 150,
    timeoutMs: timeouts(ctx).uploadMs,
    signal: ctx.signal,
    onValue: (t) => {
      const pct = /(\d{1,3})%/.exec(t)?.[1];
      if (pct) ctx.progress('upload', { phase: 'transfer', percent: Number(pct), bytesTotal: video.size, bytesSent: Math.round((video.size * Number(pct)) / 100) });
    },
    onTimeout: () => new AdapterError('upload_failed', 'upload', 'the video did not finish uploading in time'),
  });
  if (!end.includes('上传成功')) throw new AdapterError('upload_failed', 'upload', `xiaohongshu refused the video: ${end}`);
  ctx.progress('upload', { phase: 'transfer', percent: 100, bytesSent: video.size, bytesTotal: video.size });

  ctx.progress('fill');
  await fillTitle(page, title, ctx);
  await fillDescription(page, markdownToPlainText(description), c.tags, ctx);
  if (coverMode === 'custom') await setCover(page, job.payload.coverImagePath!, ctx);
  await applyFormSettings(page, c, ctx);
}

async function prepareNote(page: Page, job: DynamicJob, ctx: Ctx): Promise<void> {
  const c = readFormSettings(job);
  c.reader.string('title', { maxLength: XHS_TITLE_MAX });
  c.reader.logIgnored(SETTING_KEYS, ctx.log);
  const images = job.payload.images ?? [];
  if (images.length === 0) throw new AdapterError('publish_rejected', 'fill', 'a xiaohongshu note needs at least one picture');
  if (images.length > MAX_IMAGES) throw new AdapterError('publish_rejected', 'fill', `xiaohongshu takes at most ${MAX_IMAGES} pictures (got ${images.length})`);
  const text = markdownToPlainText(job.payload.content);
  assertMaxChars(text, DESC_MAX, 'fill', 'text (Markdown removed)');
  const title = noteTitle(job);

  await openForm(page, job, URLS.noteForm, ctx);
  ctx.progress('upload');
  const files = [];
  for (const p of images) files.push(await openMedia(ctx, p, 'upload', 'upload_failed', 'picture'));
  await (await need(page, S.imageInput, 'upload', 'picture input', ctx, 'attached')).setInputFiles(files.map((f) => f.path));
  const error = page.locator(FORM_ERROR).filter({ visible: true });
  const ready = await poll(async () => ({ title: await page.locator(XHS.title).isVisible(), failed: (await error.count()) > 0 }), (s) => s.title || s.failed, {
    intervalMs: 100,
    timeoutMs: timeouts(ctx).uploadMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('upload_failed', 'upload', 'the pictures did not finish uploading in time'),
  });
  if (ready.failed) throw new AdapterError('upload_failed', 'upload', `xiaohongshu refused a picture: ${(await error.first().innerText()).trim()}`);
  const total = files.reduce((n, f) => n + f.size, 0);
  ctx.progress('upload', { bytesSent: total, bytesTotal: total, percent: 100 });

  ctx.progress('fill');
  await fillTitle(page, title, ctx);
  await fillDescription(page, text, c.tags, ctx);
  await applyFormSettings(page, c, ctx);
}
