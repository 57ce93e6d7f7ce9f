/**
 * The douyin publish form, shared by videos and 图文: title, the description
 * editor (text, then each topic as " #tag"), 自主声明, 谁可以看, 定时发布; the
 * 发布 click with its answer (the article editor's too), and the read-only
 * work list for `verify` and for an answer that names no work.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type PublishJob, type PublishResult, type VerifyResult } from '../contract.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { pageRequest } from '../kit/page-api.js';
import { outcomeUnknown } from '../publish-click.js';
import { assertAccount, fillChecked, matchPost, need, openLoggedIn, timeouts, type ListedPost } from '../support.js';
import { parseKeepingDigits, readPublishAnswer, readWorkList, rowHasTitle } from './answer.js';
import { at, isLoginPage, real, URLS, whoAmI, workUrl, type WorkKind } from './site.js';

const S = {
  title: 'input[placeholder*="填写作品标题"]',
  description: 'div.zone-container[contenteditable="true"]',
  declarationDialog: '.semi-modal-content',
  radio: 'label.semi-radio',
  radioText: '.semi-radio-addon',
  scheduleRadio: "[class^='radio']:has-text('定时发布')",
  scheduleInput: '.semi-input[placeholder="日期和时间"]',
  toast: '.semi-toast-content',
} as const;
/** The entry to the declaration dialog has had several wordings; the first one present is used. */
const DECLARATION_ENTRIES = ['请选择自主声明', '请选择声明类型', '添加自主声明', '自主声明', '作品声明'];
/** Videos, 图文 and (as recorded) articles are all published by this one call. */
const PUBLISH_PATH = '/web/api/media/aweme/create_v2/';

export interface FormValues {
  title: string;
  /** Plain text; topics are added after it. */
  text: string;
  tags: readonly string[];
  declaration?: string;
  private: boolean;
  schedule?: string;
}

export async function fillForm(page: Page, v: FormValues, ctx: AdapterContext): Promise<void> {
  ctx.progress('fill');
  await fillChecked(await need(page, S.title, 'fill', 'title input', ctx), v.title, 'fill', 'title input');
  const editor = await need(page, S.description, 'fill', 'description editor', ctx);
  const text = [v.text, ...v.tags.map((t) => `#${t}`)].filter(Boolean).join(' ');
  await editor.fill(text);
  const got = (await editor.innerText()).replace(/\u00a0/g, ' ').trim();
  if (got !== text.trim()) throw new AdapterError('editor_changed', 'fill', `description editor did not keep the text (${got.length} of ${text.length} characters)`);
  await page.keyboard.press('Escape'); // closes the topic suggestions the editor opens on "#"

  ctx.progress('apply_settings');
  if (v.declaration) await chooseDeclaration(page, v.declaration, ctx);
  if (v.private) await pickRadio(page, '仅自己可见', 'visibility', ctx);
  if (v.schedule) {
    await (await need(page, S.scheduleRadio, 'apply_settings', 'scheduled publishing choice', ctx)).click();
    const input = await need(page, S.scheduleInput, 'apply_settings', 'publish time input', ctx);
    await input.click();
    await page.keyboard.press('ControlOrMeta+KeyA');
    await page.keyboard.type(v.schedule);
    await page.keyboard.press('Enter');
    if ((await input.inputValue()) !== v.schedule) throw new AdapterError('editor_changed', 'apply_settings', 'the publish time input did not keep the time');
  }
}

async function chooseDeclaration(page: Page, label: string, ctx: AdapterContext): Promise<void> {
  let entry = null;
  for (const text of DECLARATION_ENTRIES) {
    const cand = page.getByText(text, { exact: true }).first();
    if ((await cand.count()) > 0) {
      entry = cand;
      break;
    }
  }
  if (!entry) throw new AdapterError('editor_changed', 'apply_settings', `self-declaration entry not found (${DECLARATION_ENTRIES.join(' / ')})`);
  await entry.click();
  const dialog = page.locator(S.declarationDialog).filter({ hasText: '请选择声明类型' });
  try {
    await dialog.waitFor({ timeout: timeouts(ctx).selectorMs });
  } catch {
    throw new AdapterError('editor_changed', 'apply_settings', 'the self-declaration dialog did not open');
  }
  const option = dialog.locator(S.radio).filter({ has: page.locator(S.radioText, { hasText: new RegExp(`^${escapeRe(label)}$`) }) });
  if ((await option.count()) === 0) {
    const offered = (await dialog.locator(S.radioText).allInnerTexts()).map((t) => t.trim());
    throw new AdapterError('setting_unavailable', 'apply_settings', `douyin no longer offers the declaration "${label}"`, { field: 'creationDeclaration', offered });
  }
  await option.first().click();
  await dialog.locator('button.semi-button-primary', { hasText: '确定' }).click();
  await dialog.waitFor({ state: 'detached', timeout: timeouts(ctx).selectorMs }).catch(() => {
    throw new AdapterError('editor_changed', 'apply_settings', 'the self-declaration dialog did not close after 确定');
  });
}

/** A 谁可以看 choice: the form's label that carries its text (a semi radio on the pages seen so far). */
async function pickRadio(page: Page, label: string, fieldName: string, ctx: AdapterContext): Promise<void> {
  const radio = page.locator('label').filter({ hasText: label });
  try {
    await radio.first().waitFor({ timeout: timeouts(ctx).selectorMs });
  } catch {
    throw new AdapterError('setting_unavailable', 'apply_settings', `douyin's form offers no "${label}"`, { field: fieldName });
  }
  await radio.first().click();
}

/**
 * The 发布 click, judged by douyin's answer to it (create_v2): `status_code` 0
 * is accepted, anything else is its refusal. The work's id is read from the
 * answer's text in whichever form it comes; an answer that names none is
 * followed by the work list, where the new work is found by its title.
 */
export async function publishForm(page: Page, job: PublishJob, title: string, kind: WorkKind, ctx: AdapterContext): Promise<PublishResult> {
  const answer = await clickPublishForJson(
    page,
    {
      // The last one on the page, as the article editor's recorded flow clicks it (the page may show more).
      button: page.getByRole('button', { name: '发布', exact: true }).last(),
      isPublishRequest: (req) => req.method() === 'POST' && real(ctx, req.url()).pathname === PUBLISH_PATH,
      urlPattern: `*${PUBLISH_PATH}*`,
      refusal: page.locator(S.toast),
      judge: (_body, text) => {
        const a = readPublishAnswer(parseKeepingDigits(text));
        return a.accepted ? { ok: true, value: a } : { ok: false, message: a.message };
      },
    },
    ctx,
  );
  if (answer.id !== undefined) return { postId: answer.id, url: workUrl(ctx, kind, answer.id) };
  ctx.log.info({ step: 'read_back' }, 'douyin accepted the work without naming it; reading the work list');
  const found = await newWork(page, job, title, kind, ctx);
  if (!found.found) throw outcomeUnknown('douyin accepted the work without naming it, and the work list does not show it yet', page);
  if (found.candidates > 1) throw outcomeUnknown(`douyin accepted the work without naming it, and the work list shows ${found.candidates} works with this title`, page);
  return { postId: found.postId, url: found.url };
}

/** The work list, read from the page douyin moved to after the click, until the new work shows in it. */
async function newWork(page: Page, job: PublishJob, title: string, kind: WorkKind, ctx: AdapterContext): Promise<VerifyResult> {
  // The app moves to its work list after a publish; the list is read from there, as that page reads it.
  await page.waitForURL((u) => real(ctx, u.toString()).pathname.startsWith('/creator-micro/content/manage'), { timeout: timeouts(ctx).navigationMs, waitUntil: 'commit' }).catch(() => {});
  const deadline = Date.now() + timeouts(ctx).selectorMs;
  for (;;) {
    let read: VerifyResult;
    try {
      read = await findWork(page, job, title, kind, ctx);
    } catch (e) {
      throw outcomeUnknown(`the work list could not be read: ${(e as Error).message}`, page);
    }
    if (read.found || Date.now() >= deadline) return read;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export async function verifyWork(page: Page, job: PublishJob, title: string, kind: WorkKind, ctx: AdapterContext): Promise<VerifyResult> {
  ctx.progress('read_back');
  await openLoggedIn(page, at(ctx, URLS.upload), 'check_login', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'check_login', ctx), job, 'check_login');
  return findWork(page, job, title, kind, ctx);
}

/** One read of the creator's work list (read-only). */
async function findWork(page: Page, job: PublishJob, title: string, kind: WorkKind, ctx: AdapterContext): Promise<VerifyResult> {
  ctx.signal.throwIfAborted();
  const res = await pageRequest(page, at(ctx, URLS.workList), {}, timeouts(ctx).navigationMs);
  if (res.status === 401 || res.status === 403) throw new AdapterError('login_required', 'read_back', `work list: douyin answered HTTP ${res.status} (no session)`, { status: res.status });
  if (res.status >= 400) throw new Error(`douyin work list answered HTTP ${res.status}`);
  let body: unknown;
  try {
    body = parseKeepingDigits(res.text);
  } catch {
    throw new AdapterError('editor_changed', 'read_back', 'the douyin work list did not answer JSON', { status: res.status, body: res.text.slice(0, 200) });
  }
  const list = readWorkList(body);
  if (!list.ok) throw new Error(`douyin work list: ${list.message}`);
  const posts: ListedPost[] = list.rows
    .filter((row) => rowHasTitle(row, title))
    .map((row) => ({ postId: row.id, url: workUrl(ctx, kind, row.id), text: title, postedAt: row.createdAt === null ? null : new Date(row.createdAt * 1000).toISOString() }));
  return matchPost(posts, job, () => true);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
