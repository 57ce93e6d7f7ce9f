/**
 * douyin 图文 (our `dynamic`): the upload page's 发布图文 tab takes the
 * images (they upload, then the page moves to content/post/image), then the
 * same publish form as videos: title (≤ 20), text with topics, 自主声明,
 * 定时发布, and 发布.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type DynamicJob } from '../contract.js';
import { markdownToPlainText } from '../markdown.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, assertMaxChars, countChars, need, openLoggedIn, openMedia, timeouts } from '../support.js';
import { fillForm } from './form.js';
import { at, declarationOf, isLoginPage, real, scheduleText, URLS, whoAmI } from './site.js';
import { contractLimits } from '../kit/contract-limits.js';

export const DOUYIN_NOTE_LIMITS = { titleMax: 20, ...contractLimits('dynamic', 'douyin', ['textMax', 'minImages', 'maxImages', 'tagsMax']) };
export const DOUYIN_NOTE_SETTINGS = ['creationDeclaration', 'aiLabel', 'tags', 'title', 'scheduledAt'] as const;

/** The title: the `title` setting, else the text's first line cut to the limit. */
export function noteTitle(job: DynamicJob, r: SettingsReader = new SettingsReader(job)): string {
  const given = r.string('title', { maxLength: DOUYIN_NOTE_LIMITS.titleMax });
  if (given) return given;
  const first = markdownToPlainText(job.payload.content).split('\n').find((l) => l.trim()) ?? '';
  return Array.from(first.trim()).slice(0, DOUYIN_NOTE_LIMITS.titleMax).join('');
}

export async function prepareNote(page: Page, job: DynamicJob, ctx: AdapterContext): Promise<void> {
  const r = new SettingsReader(job);
  const s = { title: noteTitle(job, r), declaration: declarationOf(job, r), tags: r.stringArray('tags', { max: DOUYIN_NOTE_LIMITS.tagsMax, maxLength: 30 }), schedule: scheduleText(r) };
  r.logIgnored(DOUYIN_NOTE_SETTINGS, ctx.log);
  const text = markdownToPlainText(job.payload.content);
  const paths = job.payload.images ?? [];
  if (paths.length < DOUYIN_NOTE_LIMITS.minImages) throw new AdapterError('publish_rejected', 'fill', 'douyin 图文 needs at least one image');
  if (paths.length > DOUYIN_NOTE_LIMITS.maxImages) throw new AdapterError('publish_rejected', 'fill', `douyin 图文 takes at most ${DOUYIN_NOTE_LIMITS.maxImages} images (got ${paths.length})`);
  assertMaxChars(text, DOUYIN_NOTE_LIMITS.textMax, 'fill', 'text');
  if (countChars(s.title) === 0) throw new AdapterError('publish_rejected', 'fill', 'douyin 图文 needs a title: set `title` or start the text with a line');
  const images = [];
  for (const p of paths) images.push(await openMedia(ctx, p, 'upload', 'upload_failed', 'image'));

  ctx.progress('open_editor');
  await openLoggedIn(page, at(ctx, URLS.upload), 'open_editor', ctx, isLoginPage(ctx));
  // The creator app builds its controls from its script: wait for the whole document, not just its first bytes.
  await page.waitForLoadState('load', { timeout: timeouts(ctx).navigationMs });
  assertAccount(await whoAmI(page, 'open_editor', ctx), job, 'open_editor');
  await (await need(page, 'text="发布图文"', 'open_editor', '发布图文 tab', ctx)).click();
  ctx.progress('upload', { phase: 'images', percent: 0 });
  const input = await need(page, "div[class^='container'] input[accept*='image']", 'upload', 'image file input', ctx, 'attached');
  await input.setInputFiles(images.map((i) => i.path));
  const moved = page.waitForURL((u) => real(ctx, u.toString()).pathname === '/creator-micro/content/post/image', { timeout: timeouts(ctx).uploadMs, waitUntil: 'commit' });
  const refused = page.locator('.semi-toast-content').first().waitFor({ timeout: timeouts(ctx).uploadMs });
  const first = await Promise.race([moved.then(() => 'moved' as const), refused.then(() => 'refused' as const)]).catch(() => 'timeout' as const);
  moved.catch(() => {});
  refused.catch(() => {});
  if (first === 'refused') throw new AdapterError('upload_failed', 'upload', `douyin refused the images: ${(await page.locator('.semi-toast-content').first().innerText()).trim()}`);
  if (first === 'timeout') throw new AdapterError('upload_failed', 'upload', 'the images did not finish uploading in time');
  ctx.progress('upload', { phase: 'images', percent: 100 });
  await fillForm(page, { title: s.title, text, tags: s.tags, declaration: s.declaration, private: false, schedule: s.schedule }, ctx);
}
