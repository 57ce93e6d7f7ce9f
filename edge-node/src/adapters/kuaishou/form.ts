/**
 * The steps of kuaishou's publish page (cp.kuaishou.com/article/publish/video),
 * one function each, addressed the way the public records address them (see
 * the provenance in provenance.ts).
 */
import type { Locator, Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type OpenedFile } from '../contract.js';
import { dismissOverlays } from '../kit/overlays.js';
import { isTimeout, need, poll, timeouts } from '../support.js';

export const KS = {
  uploadButton: "button[class^='_upload-btn']",
  /** What a page without a session shows instead of the form (besides sending the browser to passport). */
  loginEntry: ':text("立即登录")',
  userName: '.user-info-name',
  imageTab: 'div[role="tablist"] div[role="tab"]:has-text("图文")',
  uploading: 'text=上传中',
  uploadFailed: 'text=上传失败',
  errorToast: '.ant-message-error',
  coverLabel: 'span:text-is("封面设置")',
  coverModal: 'div[role="document"].ant-modal',
  collectionTrigger: 'label:text-is("加入合集")',
  collectionOption: 'div.ant-select-item-option',
  scheduleRadio: 'label.ant-radio-wrapper',
  schedulePicker: 'input[placeholder="选择日期时间"]',
  publishButton: 'text="发布"',
  /** Where a confirmation after 发布 sits: an ant-design dialog. */
  dialog: '.ant-modal-confirm-centered, .ant-modal, [role="dialog"]',
} as const;

/** The words a confirmation's button has carried (ant-design spaces two-character labels: 确 认). */
const CONFIRM_WORDS = /^\s*(确\s*认\s*发\s*布|确\s*认|确\s*定|发\s*布)\s*$/;

/**
 * The button that confirms the publish in a dialog kuaishou may show after 发布:
 * an enabled button of an open dialog, worded 确认发布, 确认, 确定 or 发布. The
 * publish control itself sits on the form, outside any dialog.
 */
export function publishConfirmation(page: Page): Locator {
  return page.locator(KS.dialog).locator('button:not([disabled])').filter({ hasText: CONFIRM_WORDS });
}

/** The notice and the react-joyride guide the page lays over the form after an upload. */
const OVERLAYS = [
  // The guide's spotlight sits above everything, the notice included: it goes first.
  { selector: 'div[id^="react-joyride-step"] div[role="alertdialog"] [aria-label="Skip"]', action: 'click' },
  { selector: 'div#react-joyride-portal', action: 'remove' },
  { selector: 'div.react-joyride__spotlight', action: 'remove' },
  { selector: 'button[type="button"] span:text("我知道了")', action: 'click' },
] as const;

export const dismissGuides = (page: Page) => dismissOverlays(page, OVERLAYS);

export async function chooseImageTab(page: Page, ctx: AdapterContext): Promise<void> {
  await (await need(page, KS.imageTab, 'open_editor', '图文 tab', ctx)).click({ timeout: timeouts(ctx).selectorMs });
}

/**
 * Opens the file chooser through the page's upload button (the input behind it
 * has no stable name) and follows "上传中" until it is gone and the form shows.
 */
export async function uploadFiles(page: Page, files: readonly OpenedFile[], label: '上传视频' | '上传图片', ctx: AdapterContext): Promise<void> {
  const total = files.reduce((n, f) => n + f.size, 0);
  ctx.progress('upload', { phase: 'transfer', bytesSent: 0, bytesTotal: total, percent: 0 });
  const button = await need(page, `${KS.uploadButton}:has-text("${label}")`, 'upload', `${label} button`, ctx);
  const chooser = page.waitForEvent('filechooser', { timeout: timeouts(ctx).selectorMs });
  await button.click({ timeout: timeouts(ctx).selectorMs });
  try {
    await (await chooser).setFiles(files.map((f) => f.path));
  } catch (e) {
    if (!isTimeout(e)) throw e;
    throw new AdapterError('editor_changed', 'upload', `${label} button did not open a file chooser`);
  }
  // "上传中" may take a moment to show: first wait for any sign of the upload, then for it to end.
  const started = page.locator(KS.uploading).or(page.locator(KS.uploadFailed)).or(descriptionEditor(page)).first();
  await started.waitFor({ state: 'visible', timeout: timeouts(ctx).selectorMs }).catch(() => {});
  // "上传中" turns into "上传失败" or "上传完成": read "上传中" first, so a refusal that lands between
  // the two reads is not taken for a finished upload.
  await poll(
    async () => ({
      uploading: await page.locator(KS.uploading).first().isVisible(),
      failed: await page.locator(KS.uploadFailed).first().isVisible(),
    }),
    (s) => s.failed || !s.uploading,
    {
      intervalMs: 200,
      timeoutMs: timeouts(ctx).uploadMs,
      signal: ctx.signal,
      onTimeout: () => new AdapterError('upload_failed', 'upload', 'kuaishou did not finish the upload in time'),
    },
  );
  if (await page.locator(KS.uploadFailed).first().isVisible()) {
    const why = (await page.locator(KS.errorToast).first().innerText().catch(() => '')).trim();
    throw new AdapterError('upload_failed', 'upload', `kuaishou refused the upload: ${why || '上传失败'}`);
  }
  ctx.progress('upload', { phase: 'transfer', bytesSent: total, bytesTotal: total, percent: 100 });
}

/** The editable area after the 描述 label (its markup changes often; the label has stayed). */
export function descriptionEditor(page: Page): Locator {
  return page.getByText('描述').first().locator("xpath=following::div[@contenteditable='true'][1]");
}

/** Replaces the description with `text` and reads it back. */
export async function fillDescription(page: Page, text: string, ctx: AdapterContext): Promise<void> {
  const editor = descriptionEditor(page);
  try {
    await editor.waitFor({ state: 'visible', timeout: timeouts(ctx).selectorMs });
  } catch (e) {
    if (!isTimeout(e)) throw e;
    throw new AdapterError('editor_changed', 'fill', 'description editor (描述) not found', { url: page.url() });
  }
  await editor.click({ timeout: timeouts(ctx).selectorMs });
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
  const got = (await editor.innerText()).replace(/\u00a0/g, ' ').trim();
  if (got !== text.trim()) throw new AdapterError('editor_changed', 'fill', `description editor did not keep the text (${got.length} of ${text.length} characters)`);
}

export async function uploadCover(page: Page, cover: OpenedFile, ctx: AdapterContext): Promise<void> {
  ctx.progress('upload', { phase: 'cover' });
  const label = await need(page, KS.coverLabel, 'apply_settings', 'cover setting (封面设置)', ctx);
  await label.locator('xpath=../following-sibling::div[1]').locator('div').first().click({ timeout: timeouts(ctx).selectorMs });
  const modal = await need(page, KS.coverModal, 'apply_settings', 'cover dialog', ctx);
  await (await need(modal, 'text="上传封面"', 'apply_settings', 'upload-cover tab (上传封面)', ctx)).click({ timeout: timeouts(ctx).selectorMs });
  await (await need(modal, 'input[type="file"]', 'apply_settings', 'cover file input', ctx, 'attached')).setInputFiles(cover.path);
  const confirm = modal.getByRole('button', { name: '确认', exact: true });
  await confirm.click({ timeout: timeouts(ctx).selectorMs });
  const refused = page.locator(KS.errorToast).filter({ visible: true });
  // The dialog closes once kuaishou took the cover; a refusal shows its toast while the dialog stays
  // open. Either ends the wait: a refusal is reported when it shows, not when the upload's time is up.
  // No source records whether 确认 waits for the picture's upload, so a click that came before the
  // upload ended and left the dialog open is made again (it only closes the cover dialog).
  let clickedAt = Date.now();
  const outcome = await poll(
    async () => {
      const state = { refused: (await refused.count()) > 0, open: await modal.isVisible() };
      if (state.open && !state.refused && Date.now() - clickedAt >= 1000) {
        clickedAt = Date.now();
        await confirm.click({ timeout: 1000 }).catch(() => undefined);
      }
      return state;
    },
    (s) => s.refused || !s.open,
    {
      intervalMs: 200,
      timeoutMs: timeouts(ctx).uploadMs,
      signal: ctx.signal,
      onTimeout: () => new AdapterError('cover_rejected', 'apply_settings', 'kuaishou did not take the cover in time'),
    },
  );
  if (outcome.refused) {
    const why = (await refused.first().innerText({ timeout: 1000 }).catch(() => '')).trim();
    // The job stops rather than publish with kuaishou's automatic cover.
    throw new AdapterError('cover_rejected', 'apply_settings', `kuaishou did not take the cover${why ? `: ${why}` : ''}`);
  }
}

export async function chooseCollection(page: Page, name: string, ctx: AdapterContext): Promise<void> {
  const label = await need(page, KS.collectionTrigger, 'apply_settings', 'collection menu (加入合集)', ctx);
  const trigger = label.locator("xpath=following-sibling::div[contains(@class,'ant-select')]").first();
  await trigger.locator('.ant-select-selector').click({ timeout: timeouts(ctx).selectorMs });
  const option = page.locator(`${KS.collectionOption}[label="${name.replace(/["\\]/g, '\\$&')}"]`);
  try {
    await option.first().waitFor({ state: 'visible', timeout: timeouts(ctx).selectorMs });
  } catch {
    const offered = await page.locator(KS.collectionOption).evaluateAll((els) => els.map((e) => e.getAttribute('label') ?? ''));
    await page.keyboard.press('Escape');
    throw new AdapterError('setting_unavailable', 'apply_settings', `kuaishou has no collection named "${name}" on this account`, { field: 'collectionName', offered });
  }
  await option.first().click({ timeout: timeouts(ctx).selectorMs });
}

/** 定时发布: the radio, then the picker's value set the way its (controlled) input accepts, then Enter. */
export async function schedule(page: Page, pickerTime: string, ctx: AdapterContext): Promise<void> {
  await (await need(page, `${KS.scheduleRadio}:has-text("定时发布")`, 'apply_settings', 'scheduled publishing (定时发布)', ctx)).click({ timeout: timeouts(ctx).selectorMs });
  const picker = await need(page, KS.schedulePicker, 'apply_settings', 'publish time picker', ctx);
  await picker.click({ timeout: timeouts(ctx).selectorMs });
  await picker.evaluate((input: { value: string; dispatchEvent(e: unknown): boolean }, value: string) => {
    const g = globalThis as unknown as { HTMLInputElement: { prototype: object }; Event: new (t: string, o: { bubbles: boolean }) => unknown };
    Object.getOwnPropertyDescriptor(g.HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new g.Event('input', { bubbles: true }));
    input.dispatchEvent(new g.Event('change', { bubbles: true }));
  }, pickerTime);
  await page.keyboard.press('Enter');
  if ((await picker.inputValue()) !== pickerTime) throw new AdapterError('editor_changed', 'apply_settings', `the publish time picker did not keep ${pickerTime}`);
}

/** 'YYYY-MM-DD HH:mm:ss' in Beijing time, what the picker holds. */
export function pickerTime(at: Date): string {
  const bj = new Date(at.getTime() + 8 * 3600_000);
  return bj.toISOString().slice(0, 19).replace('T', ' ');
}
