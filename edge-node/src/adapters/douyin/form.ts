/**
 * The douyin publish form, shared by videos and 图文: title, the description
 * editor (text, then each topic as " #tag"), 自主声明, 谁可以看, 定时发布; the
 * 发布 click with its answer (the article editor's too), and the read-only
 * work list for `verify`.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type PublishJob, type PublishResult, type VerifyResult } from '../contract.js';
import { field, pageJson } from '../kit/page-api.js';
import { gatedPublish, outcomeUnknown } from '../publish-click.js';
import { assertAccount, fillChecked, matchPost, need, openLoggedIn, timeouts, type ListedPost } from '../support.js';
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
const PUBLISH_PATHS = ['/web/api/media/aweme/create_v2/', '/web/api/media/aweme/create_image/', '/web/api/media/article/create/'];

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

async function pickRadio(page: Page, label: string, fieldName: string, ctx: AdapterContext): Promise<void> {
  const radio = page.locator(S.radio).filter({ has: page.locator(S.radioText, { hasText: new RegExp(`^${escapeRe(label)}$`) }) });
  try {
    await radio.first().waitFor({ timeout: timeouts(ctx).selectorMs });
  } catch {
    throw new AdapterError('setting_unavailable', 'apply_settings', `douyin's form offers no "${label}"`, { field: fieldName });
  }
  await radio.first().click();
}

export async function publishForm(page: Page, kind: WorkKind, ctx: AdapterContext): Promise<PublishResult> {
  const isPublish = (url: string, method: string) => method === 'POST' && PUBLISH_PATHS.includes(real(ctx, url).pathname);
  const answer = page.waitForResponse((r) => isPublish(r.url(), r.request().method()), { timeout: timeouts(ctx).publishMs + timeouts(ctx).selectorMs });
  answer.catch(() => {}); // read only once the click was accepted
  await gatedPublish(
    page,
    {
      // The last one on the page, as the article editor's recorded flow clicks it (the page may show more).
      button: page.getByRole('button', { name: '发布', exact: true }).last(),
      isPublishRequest: (req) => isPublish(req.url(), req.method()),
      success: page.getByText('作品管理', { exact: true }),
      failure: page.locator(S.toast),
    },
    ctx,
  );
  const id = await answer.then((r) => r.json()).then((b) => field(b, 'aweme_id'), () => undefined);
  if (typeof id !== 'string' || !/^\d+$/.test(id)) throw outcomeUnknown('douyin showed the work list but its answer named no aweme_id', page);
  return { postId: id, url: workUrl(ctx, kind, id) };
}

export async function verifyWork(page: Page, job: PublishJob, title: string, kind: WorkKind, ctx: AdapterContext): Promise<VerifyResult> {
  ctx.progress('read_back');
  await openLoggedIn(page, at(ctx, URLS.upload), 'check_login', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'check_login', ctx), job, 'check_login');
  const body = await pageJson(page, at(ctx, URLS.workList), {}, 'read_back', 'work list', ctx);
  if (body.status_code !== 0) throw new Error(`douyin work list: ${String(body.status_msg ?? body.status_code)}`);
  const rows = Array.isArray(body.aweme_list) ? body.aweme_list : [];
  const posts: ListedPost[] = rows.flatMap((row) => {
    const id = field(row, 'aweme_id');
    const t = Number(field(row, 'create_time'));
    if (typeof id !== 'string') return [];
    return [{ postId: id, url: workUrl(ctx, kind, id), text: String(field(row, 'item_title') ?? ''), postedAt: t > 0 ? new Date(t * 1000).toISOString() : null }];
  });
  return matchPost(posts, job, (text) => text === title);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
