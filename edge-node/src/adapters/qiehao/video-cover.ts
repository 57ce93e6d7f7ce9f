/**
 * The 企鹅号 video page's cover dialog, driven as a person does and as both
 * public records of it agree: the 封面 control in `#-poster` opens it, its
 * 本地上传 tab takes the picture, 下一步 leads to the crop, 完成 closes it.
 * Provenance in ./provenance.ts. The recorded flow's other moves (forcing the
 * tab's active class, ticking every preview option) are not made: the crop
 * is left as the dialog offers it.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type OpenedFile } from '../contract.js';
import { need, poll, timeouts } from '../support.js';

const C = {
  open: '#-poster .omui-button--add',
  dialog: '.omui-dialog:has(.omui-tab__nav):has-text("本地上传")',
  tab: '.omui-tab__label',
  file: 'input[type="file"][accept*="image"]',
  adopted: '#-poster img',
  refusal: '.omui-message--error',
} as const;

/** The cover into the dialog; it must close with the picture shown in the form, or the job stops (no automatic cover instead). */
export async function uploadCover(page: Page, cover: OpenedFile, ctx: AdapterContext): Promise<void> {
  ctx.progress('upload', { phase: 'cover' });
  await (await need(page, C.open, 'upload', 'cover control', ctx)).click();
  const dialog = await need(page, C.dialog, 'upload', 'cover dialog', ctx);
  await dialog.locator(C.tab, { hasText: /^\s*本地上传\s*$/ }).first().click();
  await (await need(dialog, C.file, 'upload', 'cover picture input', ctx, 'attached')).setInputFiles(cover.path);

  for (const name of ['下一步', '完成'] as const) {
    const button = dialog.getByRole('button', { name, exact: true });
    const ready = await poll(
      async () => ((await page.locator(C.refusal).count()) > 0 ? 'refused' : (await button.isEnabled().catch(() => false)) ? 'ready' : null),
      (v) => v !== null,
      {
        intervalMs: 100,
        timeoutMs: timeouts(ctx).uploadMs,
        signal: ctx.signal,
        onTimeout: () => new AdapterError('cover_rejected', 'upload', `the cover dialog's ${name} never became available`),
      },
    );
    if (ready === 'refused') {
      const why = (await page.locator(C.refusal).first().innerText().catch(() => '')).trim();
      throw new AdapterError('cover_rejected', 'upload', `企鹅号 refused the cover${why ? `: ${why}` : ''}`);
    }
    await button.click();
  }
  await poll(async () => (await dialog.isHidden()) && (await page.locator(C.adopted).count()) > 0, (v) => v, {
    intervalMs: 100,
    timeoutMs: timeouts(ctx).selectorMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('cover_rejected', 'upload', 'the cover dialog closed without the form showing the cover'),
  });
}
