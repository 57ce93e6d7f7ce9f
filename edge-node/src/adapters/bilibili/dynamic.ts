/**
 * bilibili dynamics (动态) through the composer on t.bilibili.com: the text box
 * takes plain text (Markdown flattened, line breaks as Enter), the optional
 * title box up to 20 characters, the pictures (≤ 9) go through the composer's
 * own uploader, and "发布" is the one non-repeatable click; its JSON answer
 * (create/dyn) names the dynamic; on an account's first dynamic bilibili
 * first shows its publishing rules (确认并发送), which the one click then
 * confirms before the dynamic is sent. The composer keeps an unsent draft — text
 * and pictures — across visits, so `prepare` clears what it finds first. An
 * answer that names no dynamic is read back from the author's feed.
 *
 * The public sources of each fact this rests on, and how sure each is, are in
 * bilibili/provenance.ts.
 *
 * Settings (shared contract names): `title` (≤ 20), `tags` (appended as #topic#).
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type DynamicJob, type OpenedFile, type PublishResult, type VerifyResult, type Flow } from '../contract.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { refusalIn } from '../kit/refusal.js';
import { field } from '../kit/page-api.js';
import { markdownToPlainText } from '../markdown.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, inJobWindow, need, openLoggedIn, openMedia, poll, timeouts } from '../support.js';
import { at, biliJson, biliMessage, isLoginPage, real, URLS, whoAmI } from './site.js';
import { contractLimits } from '../kit/contract-limits.js';

export const BILIBILI_DYNAMIC_SETTINGS = ['title', 'tags'] as const;
export const BILIBILI_DYNAMIC_LIMITS = { titleMax: 20, imagesMax: contractLimits('dynamic', 'bilibili', ['maxImages']).maxImages };

const S = {
  composer: '.bili-dyn-publishing',
  editor: 'div[placeholder="有什么想和大家分享的？"][contenteditable="true"]',
  title: 'input.bili-dyn-publishing__title__input',
  uploader: 'div.bili-dyn-publishing__image-upload',
  picTool: 'div.bili-dyn-publishing__tools__item.pic',
  add: '.bili-pics-uploader__add',
  item: 'div.bili-pics-uploader__item',
  done: 'div.bili-pics-uploader__item.success',
  failed: 'div.bili-pics-uploader__item.error',
  remove: 'div.bili-pics-uploader__item__remove',
  launcher: 'div.bili-dyn-publishing__action.launcher',
  /**
   * The composer's refusal: its own toast, bilibili's site-wide .bili-toast (provenance: BT), or an
   * ARIA alert. A success-worded toast never counts (kit/refusal.ts).
   */
  toast: '.bili-dyn-publishing__toast, .bili-toast, .bili-toast-content, [role="alert"]',
  /** The first-use publishing rules bilibili shows after 发布, before the dynamic is sent; 确认并发送 sends it. */
  specConfirm: '.bili-dyn-specification-popup .bili-dyn-specification-popup__btn',
} as const;

/** The composer re-flows whitespace; compare words, not layout. */
const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

/** What the text box receives: the Markdown as plain text, then the tags as #topic# (as MultiPost appends them). */
export function bilibiliDynamicText(content: string, tags: readonly string[]): string {
  const text = markdownToPlainText(content);
  const topics = tags.map((t) => `#${t.replace(/#/g, '')}#`).join(' ');
  return topics ? (text ? `${text} ${topics}` : topics) : text;
}

function readSettings(job: DynamicJob) {
  const r = new SettingsReader(job);
  return {
    reader: r,
    title: r.string('title', { maxLength: BILIBILI_DYNAMIC_LIMITS.titleMax }) ?? '',
    tags: r.stringArray('tags', { maxLength: 30 }),
  };
}

export async function prepareDynamic(page: Page, job: DynamicJob, ctx: AdapterContext): Promise<void> {
  const s = readSettings(job);
  s.reader.logIgnored(BILIBILI_DYNAMIC_SETTINGS, ctx.log);
  const text = bilibiliDynamicText(job.payload.content, s.tags);
  const paths = job.payload.images ?? [];
  if (!text && paths.length === 0) throw new AdapterError('publish_rejected', 'fill', 'a bilibili dynamic needs text or at least one picture');
  if (paths.length > BILIBILI_DYNAMIC_LIMITS.imagesMax) {
    throw new AdapterError('publish_rejected', 'fill', `bilibili takes at most ${BILIBILI_DYNAMIC_LIMITS.imagesMax} pictures in a dynamic (got ${paths.length})`);
  }
  // Every picture is opened before the browser moves: a refused path fails fast.
  const files: OpenedFile[] = [];
  for (const p of paths) files.push(await openMedia(ctx, p, 'upload', 'upload_failed', 'picture'));

  await openComposer(page, job, 'open_editor', ctx);
  ctx.progress('fill');
  await clearDraft(page, ctx);
  await typeText(page, text, ctx);
  await fillTitle(page, s.title, ctx);
  if (files.length > 0) await uploadPictures(page, files, ctx);
}

export async function publishDynamic(page: Page, job: DynamicJob, ctx: AdapterContext): Promise<PublishResult> {
  const id = await clickPublishForJson(
    page,
    {
      button: await need(page, S.launcher, 'publish', 'publish control (发布)', ctx),
      isPublishRequest: (req) => req.method() === 'POST' && real(ctx, req.url()).pathname === '/x/dynamic/feed/create/dyn',
      urlPattern: '*/x/dynamic/feed/create/dyn*',
      refusal: refusalIn(page, S.toast),
      confirm: page.locator(S.specConfirm).filter({ hasText: /^\s*确认并发送\s*$/ }),
      judge: (body) => (field(body, 'code') === 0 ? { ok: true, value: String(field(body, 'data', 'dyn_id_str') ?? '') } : { ok: false, message: biliMessage(body) }),
    },
    ctx,
  );
  if (/^\d+$/.test(id)) return { postId: id, url: at(ctx, URLS.opus(id)) };
  // Accepted without data.dyn_id_str: the author's feed names it.
  const hits = await ownDynamics(page, job, ctx).catch((e: unknown) => {
    throw new AdapterError('readback_failed', 'read_back', `bilibili accepted the dynamic but the feed could not be read (${(e as Error).message}); verify before any retry`);
  });
  const found = hits.length > 0 ? field(hits[0], 'id_str') : undefined;
  if (typeof found === 'string' && found) return { postId: found, url: at(ctx, URLS.opus(found)) };
  throw new AdapterError('readback_failed', 'read_back', 'bilibili accepted the dynamic but named none, and the feed does not show it yet; verify before any retry');
}

export async function verifyDynamic(page: Page, job: DynamicJob, ctx: AdapterContext): Promise<VerifyResult> {
  ctx.progress('read_back');
  await openComposer(page, job, 'check_login', ctx);
  const hits = await ownDynamics(page, job, ctx);
  const id = hits.length > 0 ? field(hits[0], 'id_str') : undefined;
  if (typeof id !== 'string' || !id) return { found: false };
  return { found: true, postId: id, url: at(ctx, URLS.opus(id)), candidates: hits.length };
}

/** The job's dynamic in the author's feed, newest first: the same text and title, posted within the job's window. */
async function ownDynamics(page: Page, job: DynamicJob, ctx: AdapterContext): Promise<unknown[]> {
  const body = await biliJson(page, URLS.spaceFeed(job.account.externalRef), {}, 'read_back', 'own dynamics', ctx);
  if (body.code !== 0) throw new Error(`bilibili own dynamics: ${biliMessage(body)}`);
  const items = field(body, 'data', 'items');
  if (!Array.isArray(items)) throw new AdapterError('editor_changed', 'read_back', 'own dynamics: the answer has no data.items');
  const s = readSettings(job);
  const text = normalize(bilibiliDynamicText(job.payload.content, s.tags));
  return items.filter((item) => {
    // The text is recorded under major.opus.summary, or (a dynamic without opus) under module_dynamic.desc; pub_ts as a number or a decimal string.
    const opus = field(item, 'modules', 'module_dynamic', 'major', 'opus');
    const said = field(opus, 'summary', 'text') ?? field(item, 'modules', 'module_dynamic', 'desc', 'text');
    const ts = Number(field(item, 'modules', 'module_author', 'pub_ts'));
    return (
      normalize(String(said ?? '')) === text &&
      String(field(opus, 'title') ?? '') === s.title &&
      inJobWindow(ts > 0 ? new Date(ts * 1000).toISOString() : null, job)
    );
  });
}

/** After a site check: the composer would keep what the check typed; clear it. */
export async function discardDynamicDraft(page: Page, job: DynamicJob, ctx: AdapterContext): Promise<void> {
  await openComposer(page, job, 'check_login', ctx);
  await clearDraft(page, ctx);
  await fillTitle(page, '', ctx);
}

async function openComposer(page: Page, job: DynamicJob, step: 'open_editor' | 'check_login', ctx: AdapterContext): Promise<void> {
  if (step === 'open_editor') ctx.progress('open_editor');
  await openLoggedIn(page, at(ctx, URLS.dynamics), step, ctx, isLoginPage(ctx));
  // Another account's composer would post as someone else, and its feed would find nothing.
  assertAccount(await whoAmI(page, step, ctx), job, step);
  await need(page, S.composer, step, 'dynamic composer', ctx);
}

/** Removes the pictures and text an earlier, unsent visit left in the composer. */
async function clearDraft(page: Page, ctx: AdapterContext): Promise<void> {
  const remove = page.locator(S.remove);
  if ((await page.locator(S.item).count()) > 0) await showUploader(page, ctx);
  await poll(
    async () => {
      const n = await remove.count();
      if (n > 0) await remove.first().click();
      return n;
    },
    (n) => n === 0,
    { intervalMs: 50, timeoutMs: timeouts(ctx).selectorMs, signal: ctx.signal, onTimeout: () => new AdapterError('editor_changed', 'fill', 'the pictures of an old draft could not be removed') },
  );
  const editor = await need(page, S.editor, 'fill', 'text box', ctx);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
}

/** Types the text as a person does: each line, Enter between lines (the box builds its own paragraphs). */
async function typeText(page: Page, text: string, ctx: AdapterContext): Promise<void> {
  const editor = await need(page, S.editor, 'fill', 'text box', ctx);
  await editor.click();
  for (const [i, line] of text.split('\n').entries()) {
    if (i > 0) await page.keyboard.press('Enter');
    if (line) await page.keyboard.insertText(line);
  }
  const got = normalize(await editor.innerText());
  if (got !== normalize(text)) throw new AdapterError('editor_changed', 'fill', `the text box did not keep the text (${got.length} of ${normalize(text).length} characters)`);
}

/** The optional title; an old draft's title is cleared when the job has none. */
async function fillTitle(page: Page, title: string, ctx: AdapterContext): Promise<void> {
  const box = page.locator(S.title).first();
  if (!title && (await box.count()) === 0) return;
  const input = await need(page, S.title, 'fill', 'title input', ctx);
  await input.fill(title);
  if ((await input.inputValue()) !== title) throw new AdapterError('editor_changed', 'fill', 'the title input did not keep the title');
}

async function showUploader(page: Page, ctx: AdapterContext): Promise<void> {
  const uploader = page.locator(S.uploader).first();
  if (await uploader.isVisible()) return;
  await (await need(page, S.picTool, 'upload', 'picture tool', ctx)).click();
  await need(page, S.uploader, 'upload', 'picture uploader', ctx);
}

/** The uploader's file input exists only once its add tile is clicked (and never in the page): the file chooser takes the pictures. */
async function uploadPictures(page: Page, files: readonly OpenedFile[], ctx: AdapterContext): Promise<void> {
  ctx.progress('upload');
  await showUploader(page, ctx);
  const add = await need(page, S.add, 'upload', 'picture add tile', ctx);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser', { timeout: timeouts(ctx).selectorMs }), add.click()]).catch((e: unknown) => {
    throw new AdapterError('editor_changed', 'upload', `the picture add tile opened no file chooser: ${(e as Error).message}`);
  });
  await chooser.setFiles(files.map((f) => f.path));
  const total = files.reduce((n, f) => n + f.size, 0);
  let reported = -1;
  const state = await poll(async () => ({ done: await page.locator(S.done).count(), failed: await page.locator(S.failed).count() }), (st) => st.failed > 0 || st.done >= files.length, {
    intervalMs: 100,
    timeoutMs: timeouts(ctx).uploadMs,
    signal: ctx.signal,
    onValue: ({ done }) => {
      if (done === reported) return;
      reported = done;
      // The uploader reports whole pictures; count their bytes as they finish.
      const sent = files.slice(0, Math.min(done, files.length)).reduce((n, f) => n + f.size, 0);
      ctx.progress('upload', { bytesSent: sent, bytesTotal: total, percent: total === 0 ? 100 : Math.round((100 * sent) / total) });
    },
    onTimeout: () => new AdapterError('upload_failed', 'upload', 'the pictures did not finish uploading in time'),
  });
  if (state.failed > 0) throw new AdapterError('upload_failed', 'upload', `bilibili refused a picture: ${(await page.locator(S.failed).first().innerText()).trim()}`);
}

export const dynamicFlow: Flow<DynamicJob> = { prepare: prepareDynamic, publish: publishDynamic, verify: verifyDynamic, discardDraft: discardDynamicDraft };
