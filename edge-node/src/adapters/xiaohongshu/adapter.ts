/**
 * xiaohongshu (小红书 / rednote): videos and notes (图文, our dynamics) through the
 * creator center's publish form, and articles (长文) through its long-text
 * editor, which ends on the same form (xiaohongshu/article.ts). Files go in
 * through the form's file input, title ≤ 20, the description takes plain text
 * with topics chosen from the form's suggestions; "发布" (or "定时发布") is the
 * one non-repeatable click. The shared parts are in xiaohongshu/site.ts.
 *
 * What every step rests on (the public sources of each fact about the creator
 * center's form, the long-text editor, their requests and the login, and how
 * sure each is) is in xiaohongshu/provenance.ts.
 *
 * Settings: `title` (notes; the first line of the text otherwise), `tags` (topics, ≤ 10),
 * `description` (videos), `visibility` (`public` | `private`), `location`, `scheduledAt`
 * (ISO 8601, the platform's own scheduled publishing), `coverMode` (videos); articles
 * take their own list (XHS_ARTICLE_SETTINGS).
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type ArticleJob, type DynamicJob, type Flow, type PublishJob, type VideoJob } from '../contract.js';
import { defineAdapter } from '../define.js';
import { markdownToPlainText } from '../markdown.js';
import { assertMaxChars, need, openLoggedIn, openMedia, poll, timeouts } from '../support.js';
import { XHS, XHS_LIMITS, fillDescription, fillTitle, setCover } from './form.js';
import { articleTitle, prepareArticle, XHS_ARTICLE_SETTINGS } from './article.js';
import { XIAOHONGSHU_PROVENANCE } from './provenance.js';
import { applyFormSettings, at, findNote, FORM_ERROR, isLoginPage, openForm, ORIGIN, publishForm, readFormSettings, URLS, whoAmI } from './site.js';

const S = {
  videoInput: "div[class^='upload-content'] input.upload-input",
  videoPreview: 'input.upload-input ~ div[class*="preview-new"]',
  imageInput: 'input[type="file"][accept*="image"]',
} as const;

const SETTING_KEYS = ['title', 'tags', 'description', 'visibility', 'location', 'scheduledAt', 'coverMode'] as const;

type Ctx = AdapterContext;

/**
 * Every content type is a note: each fills its own form, then all publish the same way and are
 * looked up by the title the note carries on xiaohongshu.
 */
function noteFlow<J extends PublishJob>(prepare: (page: Page, job: J, ctx: Ctx) => Promise<void>, title: (job: J) => string): Flow<J> {
  return {
    prepare,
    publish: (page, job, ctx) => publishForm(page, readFormSettings(job).scheduledAt !== undefined, ctx, () => findNote(page, job, title(job), ctx)),
    verify: (page, job, ctx) => findNote(page, job, title(job), ctx),
  };
}

export const xiaohongshuAdapter = defineAdapter({
  platform: 'xiaohongshu',
  defaultBaseUrl: ORIGIN,
  settingKeys: SETTING_KEYS,
  provenance: XIAOHONGSHU_PROVENANCE,
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

  flows: {
    video: noteFlow<VideoJob>(prepareVideo, (job) => job.payload.title.trim()),
    dynamic: noteFlow<DynamicJob>(prepareNote, noteTitle),
    article: noteFlow<ArticleJob>(prepareArticle, articleTitle),
  },
});

/** A note's title: the `title` setting, else the text's first line, cut to what the title box takes (20 characters). */
export function noteTitle(job: DynamicJob): string {
  const given = typeof job.settings.title === 'string' ? job.settings.title.trim() : '';
  const first = markdownToPlainText(job.payload.content).split('\n').find((l) => l.trim()) ?? '';
  return Array.from(given || first.trim()).slice(0, XHS_LIMITS.dynamic.titleFieldMax).join('');
}

async function prepareVideo(page: Page, job: VideoJob, ctx: Ctx): Promise<void> {
  const c = readFormSettings(job);
  const description = c.reader.string('description', { maxLength: XHS_LIMITS.video.descriptionMax }) ?? job.payload.description ?? '';
  const coverMode = c.reader.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImagePath ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImagePath) throw new AdapterError('cover_rejected', 'upload', 'coverMode is custom but the job has no coverImagePath');
  c.reader.logIgnored(SETTING_KEYS, ctx.log);
  const title = job.payload.title.trim();
  if (!title) throw new AdapterError('publish_rejected', 'fill', 'xiaohongshu needs a video title');
  assertMaxChars(title, XHS_LIMITS.video.titleMax, 'fill', 'title');
  assertMaxChars(description, XHS_LIMITS.video.descriptionMax, 'fill', 'description');

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
  c.reader.string('title', { maxLength: XHS_LIMITS.dynamic.titleFieldMax });
  c.reader.logIgnored(SETTING_KEYS, ctx.log);
  const images = job.payload.images ?? [];
  const { minImages, maxImages } = XHS_LIMITS.dynamic;
  if (images.length < minImages) throw new AdapterError('publish_rejected', 'fill', 'a xiaohongshu note needs at least one picture');
  if (images.length > maxImages) throw new AdapterError('publish_rejected', 'fill', `xiaohongshu takes at most ${maxImages} pictures (got ${images.length})`);
  const text = markdownToPlainText(job.payload.content);
  assertMaxChars(text, XHS_LIMITS.dynamic.textMax, 'fill', 'text (Markdown removed)');
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
