/**
 * The controls of xiaohongshu's publish form shared by notes (图文) and videos:
 * title, description with topics, cover dialog, location, visibility and
 * scheduled publishing. Selectors and their provenance: see xiaohongshu/provenance.ts.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext } from '../contract.js';
import { contractLimits } from '../kit/contract-limits.js';
import { need, openMedia, poll, timeouts } from '../support.js';

export const XHS = {
  title: 'input[placeholder*="填写标题"]',
  desc: 'p[data-placeholder*="输入正文描述"]',
  topicList: '#creator-editor-topic-container',
  topicItem: '#creator-editor-topic-container .item',
  coverOpen: 'div.upload-cover',
  coverModal: 'div.d-modal',
  coverInput: 'div.upload-wrapper input[type="file"][accept*="image"]',
  coverFooter: 'div.d-modal-footer',
  location: 'div.d-text.d-select-placeholder.d-text-ellipsis.d-text-nowrap',
  locationDropdown: 'div.d-popover.d-popover-default.d-dropdown',
  locationName: 'div.d-options-wrapper div.d-grid.d-options div.name',
  /** The 定时发布 switch and its time input, in both recorded forms (a switch card, or the post-time wrapper). */
  scheduleSwitch: '.custom-switch-card:has-text("定时发布") .d-switch, .post-time-wrapper .d-switch',
  scheduleInput: '.d-datepicker-input-filter input.d-text, .date-picker-container input',
  /** The visibility dropdown (it shows the current choice) and its options. */
  visibility: 'div.permission-card-wrapper div.d-select-content',
  visibilityOption: 'div.d-options-wrapper div.d-grid-item div.custom-option',
  publish: (label: string) => `button:has-text("${label}")`,
} as const;

/** The limits of each form, as the settings contract states them (preflight refuses what the node would). */
export const XHS_LIMITS = {
  video: contractLimits('video', 'xiaohongshu', ['titleMax', 'descriptionMax', 'tagsMax', 'tagMax']),
  dynamic: contractLimits('dynamic', 'xiaohongshu', ['titleFieldMax', 'textMax', 'minImages', 'maxImages', 'tagsMax', 'tagMax']),
  article: contractLimits('article', 'xiaohongshu', ['titleMax', 'summaryMax', 'tagsMax', 'tagMax']),
} as const;
/** Our visibility values → the labels of the form's visibility options. */
export const XHS_VISIBILITY_LABELS: Readonly<Record<string, string>> = { public: '公开可见', private: '仅自己可见' };

type Ctx = AdapterContext;

export async function fillTitle(page: Page, title: string, ctx: Ctx): Promise<void> {
  const input = await need(page, XHS.title, 'fill', 'title input', ctx);
  await input.fill(title);
  if ((await input.inputValue()) !== title) throw new AdapterError('editor_changed', 'fill', 'the title input did not keep the title');
}

/**
 * The description is a rich editor: the text goes in as typed input, then each
 * topic is typed as `#topic` and taken from the suggestions the form offers
 * (the first one, as a person does). A topic with no suggestion stops the job:
 * silently dropping it would publish something else.
 */
export async function fillDescription(page: Page, text: string, topics: readonly string[], ctx: Ctx): Promise<void> {
  const editor = await need(page, XHS.desc, 'fill', 'description editor', ctx);
  // The form was just opened (prepare reloads it), so the editor is empty: typing starts at its end.
  await editor.click();
  // Line breaks are paragraphs in this editor: Enter between lines, as a person types them.
  const lines = text.split('\n');
  for (const [i, line] of lines.entries()) {
    if (i > 0) await page.keyboard.press('Enter');
    if (line) await page.keyboard.insertText(line);
  }
  for (const topic of topics) {
    await page.keyboard.insertText(text || topics.indexOf(topic) > 0 ? ' ' : '');
    await page.keyboard.type(`#${topic}`, { delay: 5 });
    const item = page.locator(XHS.topicItem).first();
    try {
      await item.waitFor({ timeout: timeouts(ctx).selectorMs });
    } catch {
      throw new AdapterError('setting_unavailable', 'apply_settings', `xiaohongshu suggests no topic for "${topic}"`, { field: 'tags' });
    }
    await item.click();
    await page.locator(XHS.topicList).waitFor({ state: 'hidden', timeout: timeouts(ctx).selectorMs });
  }
}

/** Custom cover through the cover dialog; a cover the platform cannot adopt stops the job. */
export async function setCover(page: Page, path: string, ctx: Ctx): Promise<void> {
  ctx.progress('upload', { phase: 'cover' });
  const file = await openMedia(ctx, path, 'upload', 'cover_rejected', 'cover image');
  await (await need(page, XHS.coverOpen, 'upload', 'cover area', ctx)).click();
  const modal = await need(page, XHS.coverModal, 'upload', 'cover dialog', ctx);
  await (await need(modal, 'text="上传封面"', 'upload', 'upload-cover tab', ctx)).click();
  await (await need(modal, XHS.coverInput, 'upload', 'cover file input', ctx, 'attached')).setInputFiles(file.path);
  const confirm = await need(modal, `${XHS.coverFooter} button:has-text("确定")`, 'upload', 'cover confirm button', ctx);
  await confirm.click();
  const failed = modal.getByText(/失败/).first();
  // 确定 does nothing while the picture is still uploading: click it again, as a person would, until the dialog closes.
  let clickedAt = Date.now();
  const state = async () => {
    const st = { open: await modal.isVisible(), failed: await failed.isVisible() };
    if (st.open && !st.failed && Date.now() - clickedAt >= 1000) {
      clickedAt = Date.now();
      await confirm.click({ timeout: timeouts(ctx).selectorMs }).catch(() => {});
    }
    return st;
  };
  const end = await poll(state, (st) => !st.open || st.failed, {
    intervalMs: 100,
    timeoutMs: timeouts(ctx).uploadMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('cover_rejected', 'upload', 'the cover dialog never closed'),
  });
  // A custom cover that cannot be adopted stops the job; no automatic cover instead.
  if (end.failed) throw new AdapterError('cover_rejected', 'upload', `xiaohongshu refused the cover: ${(await failed.innerText()).trim()}`);
  ctx.progress('upload', { phase: 'cover', bytesSent: file.size, bytesTotal: file.size, percent: 100 });
}

export async function setLocation(page: Page, location: string, ctx: Ctx): Promise<void> {
  await (await need(page, XHS.location, 'apply_settings', 'location picker', ctx)).click();
  await page.keyboard.type(location, { delay: 5 });
  const dropdown = await need(page, XHS.locationDropdown, 'apply_settings', 'location suggestions', ctx);
  const option = dropdown.locator(XHS.locationName).filter({ hasText: new RegExp(`^\\s*${location.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) });
  try {
    await option.first().waitFor({ timeout: timeouts(ctx).selectorMs });
  } catch {
    throw new AdapterError('setting_unavailable', 'apply_settings', `xiaohongshu offers no location "${location}"`, { field: 'location' });
  }
  await option.first().click();
}

/**
 * The visibility dropdown: left alone when it already shows the wanted choice
 * (公开可见 is the form's own), else opened and the option taken; it must then
 * show that choice.
 */
export async function setVisibility(page: Page, visibility: string, ctx: Ctx): Promise<void> {
  const label = XHS_VISIBILITY_LABELS[visibility]!;
  const box = await need(page, XHS.visibility, 'apply_settings', 'visibility dropdown', ctx);
  const shows = async () => (await box.innerText()).includes(label);
  if (await shows()) return;
  await box.click();
  const option = page.locator(XHS.visibilityOption).filter({ visible: true, hasText: label });
  try {
    await option.first().waitFor({ timeout: timeouts(ctx).selectorMs });
  } catch {
    throw new AdapterError('editor_changed', 'apply_settings', `the visibility dropdown offers no "${label}" (${XHS.visibilityOption})`);
  }
  await option.first().click();
  await poll(shows, (ok) => ok, {
    intervalMs: 100,
    timeoutMs: timeouts(ctx).selectorMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('editor_changed', 'apply_settings', `the visibility dropdown did not take "${label}"`),
  });
}

/** xiaohongshu's own scheduled publishing: the switch, then the time as "YYYY-MM-DD HH:mm" (China time). */
export async function setSchedule(page: Page, at: Date, ctx: Ctx): Promise<void> {
  await (await need(page, XHS.scheduleSwitch, 'apply_settings', 'scheduled-publishing switch', ctx)).click();
  const input = await need(page, XHS.scheduleInput, 'apply_settings', 'publish time input', ctx);
  const china = new Date(at.getTime() + 8 * 3600_000).toISOString();
  const value = `${china.slice(0, 10)} ${china.slice(11, 16)}`;
  await input.fill(value);
  if ((await input.inputValue()) !== value) throw new AdapterError('editor_changed', 'apply_settings', 'the publish time input did not keep the time');
}
