/**
 * xiaohongshu articles (长文) through the creator center's long-text editor,
 * a page without a recorded JSON API, driven as a person does: 写长文 →
 * 新的创作, the title and the body (pasted as HTML), 一键排版 with its
 * template, 下一步 while xiaohongshu draws the article into pictures (the
 * cover among them), then the publish form every note ends on: its 正文描述
 * with topics, location, visibility, scheduled publishing, and 发布.
 *
 * The public sources of each fact this rests on, and how sure each is, are in
 * xiaohongshu/provenance.ts.
 *
 * Settings: `tags` (topics in the 正文描述), `summary` (the 正文描述; the article's
 * text cut to 1,000 characters otherwise), `template` (by name; the preselected one
 * otherwise), `visibility`, `location`, `scheduledAt`.
 */
import { localPictures, markdownToHtml } from '@plume/shared';
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type ArticleJob } from '../contract.js';
import { pasteHtml } from '../kit/paste-html.js';
import { markdownToPlainText } from '../markdown.js';
import { assertMaxChars, fillChecked, need, poll, timeouts } from '../support.js';
import { XHS, XHS_LIMITS, fillDescription, fillTitle } from './form.js';
import { applyFormSettings, openForm, readFormSettings, URLS } from './site.js';

export const XHS_ARTICLE_SETTINGS = ['tags', 'summary', 'template', 'visibility', 'location', 'scheduledAt'] as const;
/** The publish page's 正文描述 (the `summary` setting). */
const DESC_MAX = XHS_LIMITS.article.summaryMax;

const S = {
  tab: 'div.creator-tab',
  newCreation: 'button:has-text("新的创作")',
  title: 'textarea[placeholder="输入标题"]',
  body: 'div.tiptap.ProseMirror',
  templateCard: '.template-card',
  templateTitle: '.template-title',
  next: 'button:has-text("下一步")',
  drawing: '笔记图片生成中',
} as const;

/** The title `verify` looks for: the article's. */
export const articleTitle = (job: ArticleJob): string => job.payload.title.trim();

/** The 正文描述: the `summary` setting, else the article's text, cut to what the publish page takes. */
export function articleDescription(job: ArticleJob, summary: string | undefined): string {
  if (summary !== undefined) return summary;
  const text = markdownToPlainText(job.payload.content);
  const chars = Array.from(text);
  return chars.length <= DESC_MAX ? text : `${chars.slice(0, DESC_MAX - 1).join('').trimEnd()}…`;
}

export async function prepareArticle(page: Page, job: ArticleJob, ctx: AdapterContext): Promise<void> {
  const form = readFormSettings(job);
  const summary = form.reader.string('summary', { maxLength: DESC_MAX });
  const template = form.reader.string('template', { maxLength: 30 });
  form.reader.logIgnored(XHS_ARTICLE_SETTINGS, ctx.log);
  const title = articleTitle(job);
  if (!title) throw new AdapterError('publish_rejected', 'fill', 'a xiaohongshu article needs a title');
  assertMaxChars(title, XHS_LIMITS.article.titleMax, 'fill', 'title');
  if (!job.payload.content.trim()) throw new AdapterError('publish_rejected', 'fill', 'a xiaohongshu article needs a body');
  const html = markdownToHtml(job.payload.content);
  // The same test the control plane makes (the contract's inlinePictures), so preflight and the node agree.
  const [local] = localPictures(job.payload.content);
  if (local !== undefined) throw new AdapterError('upload_failed', 'upload', `xiaohongshu's editor takes pictures from web addresses only, not "${local}"`);
  const description = articleDescription(job, summary);

  await openForm(page, job, URLS.articleForm, ctx);
  await (await need(page, `${S.tab}:has-text("写长文")`, 'open_editor', '写长文 tab', ctx)).click();
  await (await need(page, S.newCreation, 'open_editor', '新的创作 button', ctx)).click();

  ctx.progress('fill');
  await fillChecked(await need(page, S.title, 'fill', 'article title box', ctx), title, 'fill', 'article title box');
  await pasteHtml(await need(page, S.body, 'fill', 'article editor', ctx), html, 'fill', 'the article editor', ctx);

  ctx.progress('apply_settings');
  await (await need(page, 'text="一键排版"', 'apply_settings', '一键排版 button', ctx)).click();
  await need(page, S.templateCard, 'apply_settings', 'template cards', ctx);
  if (template !== undefined) await chooseTemplate(page, template, ctx);
  await (await need(page, S.next, 'apply_settings', '下一步 button', ctx)).click();
  await picturesDrawn(page, ctx);

  ctx.progress('fill');
  if ((await page.locator(XHS.title).count()) > 0) await fillTitle(page, title, ctx);
  await fillDescription(page, description, form.tags, ctx);
  await applyFormSettings(page, form, ctx);
}

async function chooseTemplate(page: Page, name: string, ctx: AdapterContext): Promise<void> {
  const cards = page.locator(S.templateCard);
  const card = cards.filter({ has: page.locator(S.templateTitle, { hasText: new RegExp(`^\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) }) });
  if ((await card.count()) === 0) {
    const offered = (await cards.locator(S.templateTitle).allInnerTexts()).map((t) => t.trim());
    throw new AdapterError('setting_unavailable', 'apply_settings', `xiaohongshu offers no template "${name}"`, { field: 'template', offered });
  }
  await card.first().click();
  await poll(async () => (await card.first().getAttribute('class')) ?? '', (c) => c.split(/\s+/).includes('selected'), {
    intervalMs: 100,
    timeoutMs: timeouts(ctx).selectorMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('editor_changed', 'apply_settings', `the template "${name}" did not become the chosen one`),
  });
}

/**
 * After 下一步 xiaohongshu draws the article into pictures, then shows the
 * publish form. Still drawing when time runs out: the pictures failed
 * (`upload_failed`); drawn but no form: the page changed.
 */
async function picturesDrawn(page: Page, ctx: AdapterContext): Promise<void> {
  const drawing = page.getByText(S.drawing);
  const form = page.locator(XHS.desc);
  const state = async () => ({ drawing: await drawing.isVisible(), form: await form.isVisible() });
  const last = await poll(state, (s) => !s.drawing && s.form, {
    intervalMs: 200,
    timeoutMs: timeouts(ctx).uploadMs,
    signal: ctx.signal,
    onTimeout: () => new NotDrawn(),
  }).catch(async (e: unknown) => {
    if (e instanceof NotDrawn) return state();
    throw e;
  });
  if (last.drawing) throw new AdapterError('upload_failed', 'upload', "xiaohongshu did not finish drawing the article's pictures in time");
  if (!last.form) throw new AdapterError('editor_changed', 'apply_settings', `the publish form did not follow 下一步 (${XHS.desc})`, { url: page.url() });
}

class NotDrawn extends Error {}
