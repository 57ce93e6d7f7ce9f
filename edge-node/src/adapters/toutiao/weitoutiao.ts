/**
 * toutiao 微头条 (our `dynamic`) from the creator site's 微头条 composer: the
 * text (Markdown flattened, topics as #topic#), pictures through the
 * composer's 图片 drawer, the 作品声明 and 头条首发 check boxes, then 发布 —
 * the one non-repeatable click, whose JSON answer names the post.
 *
 * What it rests on (the public sources of every fact about 头条号, and how
 * sure each is) is in ./provenance.ts.
 *
 * Settings (shared contract names): `tags` (as #topic#), `declarations` (作品声明),
 * `aiLabel` (adds 引用AI), `exclusive` (头条首发).
 *
 * A publish request this module does not recognise is never a second post: the
 * click is made once, and without a recognised answer (or with one naming no
 * post that the content list does not show yet) the job ends `readback_failed`
 * for `verify` to decide.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type DynamicJob, type OpenedFile, type PublishResult, type VerifyResult, type Flow } from '../contract.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { field } from '../kit/page-api.js';
import { markdownToPlainText } from '../markdown.js';
import { SettingsReader } from '../settings.js';
import { assertMaxChars, need, openMedia, poll, timeouts } from '../support.js';
import { answerId, at, declarationsOf, findPublished, normalize, openAs, ORIGIN, readBackAccepted, real, TOUTIAO_DECLARATION_LABELS } from './site.js';
import { contractLimits } from '../kit/contract-limits.js';

export const TOUTIAO_DYNAMIC_LIMITS = contractLimits('dynamic', 'toutiao', ['textMax', 'maxImages', 'tagsMax']);
export const TOUTIAO_DYNAMIC_SETTINGS = ['tags', 'declarations', 'aiLabel', 'exclusive'] as const;

export const WEITOUTIAO_URLS = {
  composer: `${ORIGIN}/profile_v4/weitoutiao/publish`,
  publish: `${ORIGIN}/mp/agw/article/wtt`,
  publishBefore: 'https://www.toutiao.com/c/ugc/content/publish/',
  post: (id: string) => `https://www.toutiao.com/w/${id}/`,
};

const S = {
  editor: 'div.ProseMirror[contenteditable="true"]',
  imageButton: 'button.syl-toolbar-button',
  fileInput: 'input[type="file"]',
  confirm: 'button[data-e2e="imageUploadConfirm-btn"]',
  picture: '.image-remove-btn',
  checkbox: 'label.byte-checkbox',
  toast: '.byte-message',
  publish: 'button.publish-content',
} as const;
export const EXCLUSIVE_LABEL = '头条首发';

type Ctx = AdapterContext;

/** What the composer receives: the Markdown flattened to plain text, then the tags as #topics#. */
export function weitoutiaoText(content: string, tags: readonly string[]): string {
  const text = markdownToPlainText(content);
  const topics = tags.map((t) => `#${t.replace(/#/g, '')}#`).join(' ');
  return topics ? (text ? `${text} ${topics}` : topics) : text;
}

function plan(job: DynamicJob) {
  const r = new SettingsReader(job);
  const tags = r.stringArray('tags', { max: TOUTIAO_DYNAMIC_LIMITS.tagsMax, maxLength: 30 });
  return { reader: r, text: weitoutiaoText(job.payload.content, tags), declarations: declarationsOf(job, r), exclusive: r.boolean('exclusive', false) };
}

export async function prepareWeitoutiao(page: Page, job: DynamicJob, ctx: Ctx): Promise<void> {
  const p = plan(job);
  p.reader.logIgnored(TOUTIAO_DYNAMIC_SETTINGS, ctx.log);
  const paths = job.payload.images ?? [];
  if (!markdownToPlainText(job.payload.content)) throw new AdapterError('publish_rejected', 'fill', 'a 微头条 needs text');
  assertMaxChars(p.text, TOUTIAO_DYNAMIC_LIMITS.textMax, 'fill', 'text (Markdown removed, topics added)');
  if (paths.length > TOUTIAO_DYNAMIC_LIMITS.maxImages) throw new AdapterError('publish_rejected', 'fill', `a 微头条 takes at most ${TOUTIAO_DYNAMIC_LIMITS.maxImages} pictures (got ${paths.length})`);
  const files: OpenedFile[] = [];
  for (const path of paths) files.push(await openMedia(ctx, path, 'upload', 'upload_failed', 'picture'));

  ctx.progress('open_editor');
  await openAs(page, WEITOUTIAO_URLS.composer, job, 'open_editor', ctx);

  ctx.progress('fill');
  const editor = await need(page, S.editor, 'fill', 'text editor', ctx);
  await editor.fill(p.text);
  const got = normalize((await editor.innerText()).replace(/\u00a0/g, ' '));
  if (got !== normalize(p.text)) throw new AdapterError('editor_changed', 'fill', `the text editor did not keep the text (${got.length} of ${normalize(p.text).length} characters)`);
  if (files.length > 0) await uploadPictures(page, files, ctx);

  ctx.progress('apply_settings');
  await setBoxes(page, p.declarations, p.exclusive, ctx);
}

export async function publishWeitoutiao(page: Page, job: DynamicJob, ctx: Ctx): Promise<PublishResult> {
  const post = await clickPublishForJson(
    page,
    {
      button: await need(page, S.publish, 'publish', 'publish button', ctx),
      isPublishRequest: (req) => req.method() === 'POST' && isWeitoutiaoPublish(real(ctx, req.url())),
      urlPattern: ['*/mp/agw/article/wtt*', '*/c/ugc/content/publish/*'],
      refusal: page.locator(S.toast),
      judge: (body, text) => {
        const refused = weitoutiaoRefusal(body);
        if (refused) return { ok: false, message: refused };
        return { ok: true, value: answerId(body, text, [['data', 'thread_id'], ['data', 'threadId']]) };
      },
    },
    ctx,
  );
  if (post) return { postId: post, url: at(ctx, WEITOUTIAO_URLS.post(post)) };
  return readBackAccepted(page, job, '微头条', () => verifyWeitoutiao(page, job, ctx));
}

/** The composer's publish request, at either recorded address. */
function isWeitoutiaoPublish(u: URL): boolean {
  return (u.host === 'mp.toutiao.com' && u.pathname === '/mp/agw/article/wtt') || (u.host === 'www.toutiao.com' && u.pathname === '/c/ugc/content/publish/');
}

/**
 * The answer's refusal, or null when it accepted: `code` 0 (agw/article/wtt), or
 * no code and message "success" (the older c/ugc/content/publish/).
 */
export function weitoutiaoRefusal(body: unknown): string | null {
  const code = field(body, 'code');
  const message = field(body, 'message');
  if (code !== undefined) return code === 0 || code === '0' ? null : String(message ?? field(body, 'reason') ?? `code ${String(code)}`);
  return message === 'success' ? null : String(message ?? 'refused');
}

export function verifyWeitoutiao(page: Page, job: DynamicJob, ctx: Ctx): Promise<VerifyResult> {
  const expected = normalize(plan(job).text);
  return findPublished(page, job, (t) => normalize(t) === expected, WEITOUTIAO_URLS.post, ctx);
}

async function uploadPictures(page: Page, files: readonly OpenedFile[], ctx: Ctx): Promise<void> {
  const total = files.reduce((n, f) => n + f.size, 0);
  ctx.progress('upload', { phase: 'images', bytesSent: 0, bytesTotal: total, percent: 0 });
  const button = page.locator(S.imageButton).filter({ hasText: '图片' }).first();
  try {
    await button.waitFor({ timeout: timeouts(ctx).selectorMs });
  } catch {
    throw new AdapterError('editor_changed', 'upload', `picture button not found (${S.imageButton} "图片")`, { url: page.url() });
  }
  await button.click();
  await (await need(page, S.fileInput, 'upload', 'picture file input', ctx, 'attached')).setInputFiles(files.map((f) => f.path));
  const confirm = await need(page, S.confirm, 'upload', 'picture confirm button', ctx, 'attached');
  const toast = page.locator(S.toast);
  const state = await poll(
    async () => ({ ready: await confirm.isEnabled().catch(() => false), failed: await toast.first().isVisible().catch(() => false) }),
    (s) => s.ready || s.failed,
    { intervalMs: 100, timeoutMs: timeouts(ctx).uploadMs, signal: ctx.signal, onTimeout: () => new AdapterError('upload_failed', 'upload', 'the pictures did not finish uploading in time') },
  );
  if (state.failed) throw new AdapterError('upload_failed', 'upload', `toutiao refused a picture: ${(await toast.first().innerText()).trim()}`);
  await confirm.click();
  try {
    await confirm.waitFor({ state: 'hidden', timeout: timeouts(ctx).selectorMs });
  } catch {
    throw new AdapterError('editor_changed', 'upload', 'the picture drawer did not close after 确定');
  }
  const shown = await page.locator(S.picture).count();
  if (shown !== files.length) throw new AdapterError('upload_failed', 'upload', `the composer shows ${shown} of ${files.length} pictures`);
  ctx.progress('upload', { phase: 'images', bytesSent: total, bytesTotal: total, percent: 100 });
}

/** Ticks exactly the wanted 作品声明 and 头条首发 (and unticks the others the page shows). */
export async function setBoxes(page: Page, declarations: readonly string[], exclusive: boolean, ctx: Ctx): Promise<void> {
  const want = new Map<string, boolean>(Object.values(TOUTIAO_DECLARATION_LABELS).map((l) => [l, declarations.includes(l)]));
  want.set(EXCLUSIVE_LABEL, exclusive);
  for (const [label, on] of want) {
    const box = page.locator(S.checkbox).filter({ has: page.getByText(label, { exact: true }) }).first();
    if ((await box.count()) === 0) {
      if (!on) continue;
      const fieldName = label === EXCLUSIVE_LABEL ? 'exclusive' : 'declarations';
      throw new AdapterError('setting_unavailable', 'apply_settings', `toutiao's composer offers no "${label}"`, { field: fieldName });
    }
    const input = box.locator('input[type="checkbox"]');
    if ((await input.isChecked()) !== on) await box.click();
    await poll(() => input.isChecked(), (v) => v === on, {
      intervalMs: 50,
      timeoutMs: timeouts(ctx).selectorMs,
      signal: ctx.signal,
      onTimeout: () => new AdapterError('editor_changed', 'apply_settings', `the "${label}" box did not take the click`),
    });
  }
}

export const dynamicFlow: Flow<DynamicJob> = { prepare: prepareWeitoutiao, publish: publishWeitoutiao, verify: verifyWeitoutiao };
