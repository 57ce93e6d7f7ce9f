/**
 * An article goes into a rich-text editor the way a person pastes it: the
 * rendered HTML (and its text) on a paste event's clipboard, dispatched on
 * the editor's contenteditable. Editors built on ProseMirror (tiptap, which
 * douyin's and xiaohongshu's article editors are) read a paste from the
 * event's clipboardData and parse the HTML with their own schema, so what
 * lands in the document is what the editor keeps. Writing innerHTML behind
 * the editor's back (a fallback some scripts use) changes the page but not
 * the editor's model, which then saves and publishes without it: an editor
 * that ignores the paste is `editor_changed`, never worked around.
 *
 * A dispatched event rather than the system clipboard: jobs run side by
 * side in one browser, and a shared clipboard could hand one job's article
 * to another's paste.
 */
import type { Locator } from 'playwright-core';
import { AdapterError, type AdapterContext, type Step } from '../contract.js';
import { poll, timeouts } from '../support.js';
import { textOf } from './article-markup.js';

/** The text of `html` with all whitespace removed: what must survive any editor's layout. */
const letters = (text: string) => text.replace(/\s+/g, '');

/**
 * Replaces the editor's content with `html` by one paste, then checks the
 * editor shows every character of the article's text, in order.
 */
export async function pasteHtml(editor: Locator, html: string, step: Step, what: string, ctx: AdapterContext): Promise<void> {
  const text = textOf(html);
  await editor.click();
  // Everything the editor holds is selected, so the paste replaces it (prepare may run twice).
  await editor.press('ControlOrMeta+KeyA');
  await editor.evaluate(
    (el, clip) => {
      // Runs in the page; this package is built without the DOM's types.
      const dom = globalThis as unknown as {
        DataTransfer: new () => { setData(type: string, value: string): void };
        ClipboardEvent: new (type: string, init: Record<string, unknown>) => unknown;
      };
      const data = new dom.DataTransfer();
      data.setData('text/html', clip.html);
      data.setData('text/plain', clip.text);
      (el as unknown as { dispatchEvent(event: unknown): boolean }).dispatchEvent(new dom.ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: data }));
    },
    { html, text },
  );
  const want = letters(text);
  // Editors apply a paste in their next update: give it a moment, bounded like any control.
  const got = await poll(async () => letters(await editor.innerText().catch(() => '')), (g) => g === want, {
    intervalMs: 100,
    timeoutMs: timeouts(ctx).selectorMs,
    signal: ctx.signal,
    onTimeout: () => new TookOther(),
  }).catch(async (e: unknown) => {
    if (!(e instanceof TookOther)) throw e;
    return letters(await editor.innerText().catch(() => ''));
  });
  if (got !== want) {
    throw new AdapterError('editor_changed', step, `${what} did not take the pasted article (it shows ${got.length} of ${want.length} characters)`, {
      shown: got.length,
      expected: want.length,
    });
  }
}

/** The editor settled on other text than the article's. */
class TookOther extends Error {}
