/**
 * Publishing a saved draft on 微信公众号, shared by articles and video
 * messages: a 发表 control opens the 发表 dialog (nothing is sent yet); behind
 * the commit gate its own 发表 is clicked, then whatever WeChat asks next —
 * 继续发表 (clicked), 微信验证 (the administrator's scan, waited for) — until
 * the page says it has published or is back on the home page; the item is
 * then found in the account's lists by its title. Where the flows' sources
 * record other words for the same dialog (the draft box's 群发 and its
 * 发送/确定, 群发成功), a flow passes them in its `PublishForms`.
 */
import type { Locator, Page } from 'playwright-core';
import { AdapterError, type PublishResult } from '../contract.js';
import { refusalIn } from '../kit/refusal.js';
import { outcomeUnknown } from '../publish-click.js';
import { isTimeout, timeouts } from '../support.js';
import { at, type Ctx, listedForJob, real, type TitledJob, WECHAT_MP_URLS } from './site.js';

const DIALOG = '.weui-desktop-dialog';
/** How often the publish wait looks at the page. */
const LOOK_MS = 100;

/** The words a flow's sources record for the 发表 dialog and what follows it. */
export interface PublishForms {
  /** What is published, as messages name it ("article", "video"). */
  what: string;
  /** The dialog's heading. */
  heading: RegExp;
  /** The dialog footer's confirming button. */
  confirm: RegExp;
  /** The page's words once WeChat has published. */
  done: RegExp;
  /** Besides the 微信验证 dialog and .qrcode_wrp img: other forms of the administrator's scan, and a page address that is the scan's. */
  scan?: { selector: string; path: RegExp };
}

/** The draft's edit page (P, L): a 发表 dialog, its 发表, then 已发表，正在返回首页. */
export const ARTICLE_FORMS: PublishForms = { what: 'article', heading: /^发表$/, confirm: /^发表$/, done: /^\s*已发表/ };

/** Whether the page (or this address) is the home page WeChat returns to once it has published. */
export const atHome = (page: Page, ctx: Ctx, address = page.url()) => real(ctx, address).pathname === WECHAT_MP_URLS.homePath;

/**
 * Where WeChat's pages show feedback besides the 发表 dialog's own error line, as public clients
 * read it (provenance: PW, WT): toasts, top tips, page messages and ARIA alerts. They also show
 * successes and unrelated notices, so one counts as a refusal only when its text says the publish
 * failed (PW's pattern); the dialog's error line counts whatever it says, unless it reads as a
 * success (kit/refusal.ts).
 */
const FEEDBACK = '.weui-desktop-toast, .weui-desktop-toast__content, .weui-desktop-toptips, .weui-desktop-msg, .js_tips, .page_msg, .global_tips, .tips_global, [role="alert"]';
const FAILED = /^\s*(文章)?(发表失败|发布失败|提交失败|审核不通过)/;

/** Whether a locator shows now; a page in the middle of navigating shows nothing. */
export const shows = (loc: Locator) => loc.isVisible().catch(() => false);

/**
 * Clicks `opener` and waits for the 发表 dialog it opens: nothing is committed or sent yet.
 * `where` names the opener for the refusal when it is not there.
 */
export async function openPublishDialog(page: Page, opener: Locator, where: string, forms: PublishForms, ctx: Ctx): Promise<Locator> {
  const t = timeouts(ctx);
  try {
    await opener.waitFor({ timeout: t.selectorMs });
  } catch (e) {
    if (!isTimeout(e)) throw e;
    throw new AdapterError('editor_changed', 'publish', `publish control (发表) not found on ${where}; nothing was clicked`, { url: page.url() });
  }
  await opener.click({ timeout: t.selectorMs });
  const dialog = page.locator(DIALOG).filter({ visible: true }).filter({ has: page.getByRole('heading', { name: forms.heading }) }).first();
  try {
    await dialog.waitFor({ timeout: t.selectorMs });
  } catch (e) {
    if (!isTimeout(e)) throw e;
    throw new AdapterError('editor_changed', 'publish', 'the 发表 dialog did not open; nothing was published', { url: page.url() });
  }
  return dialog;
}

/**
 * Behind the commit gate: the dialog's 发表, then whatever WeChat asks next —
 * 继续发表 (clicked), 微信验证 (the administrator's scan, waited for) — until
 * the page says 已发表 or is back on the home page. A refusal shown in the
 * dialog, or a toast saying the publish failed, is publish_rejected; anything
 * else after the click is unknown.
 */
export async function confirmPublish(page: Page, dialog: Locator, forms: PublishForms, ctx: Ctx): Promise<void> {
  const t = timeouts(ctx);
  const confirm = dialog.locator('.weui-desktop-dialog__ft').getByRole('button', { name: forms.confirm }).first();
  try {
    await confirm.click({ trial: true, timeout: t.selectorMs });
  } catch (e) {
    if (!isTimeout(e)) throw e;
    throw new AdapterError('editor_changed', 'publish', 'the 发表 dialog has no clickable confirmation; nothing was clicked', { url: page.url() });
  }
  const failure = refusalIn(page, `${DIALOG}__error`)
    .or(refusalIn(page, FEEDBACK).filter({ hasText: FAILED }))
    .first();
  // A refusal already on screen is stale: only one shown after it went away answers this click.
  let refusalFresh = !(await shows(failure));
  await ctx.beforePublish(); // if the gate says no, there is no click
  ctx.log.info({ step: 'publish' }, 'commit acknowledged; clicking the dialog’s 发表');
  try {
    // No signal check between the gate and the click: the gate is the authority.
    await confirm.click({ timeout: t.publishMs });
  } catch (e) {
    throw outcomeUnknown(`the 发表 click failed midway: ${(e as Error).message}`, page);
  }

  const again = page.getByRole('button', { name: '继续发表', exact: true }).filter({ visible: true }).first();
  const scanForms = page.getByRole('heading', { name: '微信验证', exact: true }).or(page.locator('.qrcode_wrp img'));
  const scan = (forms.scan ? scanForms.or(page.locator(forms.scan.selector)) : scanForms).filter({ visible: true }).first();
  const scanPage = () => forms.scan !== undefined && forms.scan.path.test(real(ctx, page.url()).pathname);
  const done = page.getByText(forms.done).filter({ visible: true }).first();
  let deadline = Date.now() + t.publishMs;
  let continued = false;
  let scanning = false;
  for (;;) {
    if (ctx.signal.aborted) throw outcomeUnknown('aborted while WeChat was publishing', page);
    if (page.isClosed()) throw outcomeUnknown('the page closed while WeChat was publishing', page);
    if (atHome(page, ctx)) {
      await page.waitForLoadState('domcontentloaded', { timeout: t.navigationMs }).catch(() => {});
      return;
    }
    if (await shows(done)) {
      // 已发表，正在返回首页: the lists are read once the page is home, not while it leaves. Other words (群发成功) stay.
      const leaving = /已发表/.test(await done.innerText().catch(() => ''));
      if (leaving) await page.waitForURL((u) => atHome(page, ctx, u.href), { timeout: t.navigationMs, waitUntil: 'domcontentloaded' }).catch(() => {});
      return;
    }
    if (!refusalFresh) refusalFresh = !(await shows(failure));
    else if (await shows(failure)) {
      const text = (await failure.innerText().catch(() => '')).trim();
      throw new AdapterError('publish_rejected', 'publish', `微信公众号 refused the ${forms.what}: ${text}`, { url: page.url() });
    }
    if (!continued && (await shows(again))) {
      continued = true;
      ctx.log.info({ step: 'publish' }, 'WeChat asks again: clicking 继续发表');
      try {
        await again.click({ timeout: t.selectorMs });
      } catch (e) {
        throw outcomeUnknown(`the 继续发表 click failed midway: ${(e as Error).message}`, page);
      }
      deadline = Date.now() + t.publishMs;
      continue;
    }
    if (!scanning && (scanPage() || (await shows(scan)))) {
      scanning = true;
      ctx.progress('publish', { phase: 'admin_scan' });
      ctx.log.warn({ step: 'publish' }, '微信验证: WeChat asks the account’s administrator to scan its code on the phone to publish');
      deadline = Date.now() + t.publishMs;
    }
    if (Date.now() > deadline) {
      throw outcomeUnknown(
        scanning
          ? `微信验证: WeChat asked the account’s administrator to scan a code to publish and nobody did within ${t.publishMs} ms`
          : `WeChat showed neither that the ${forms.what} was published nor the home page after 发表`,
        page,
      );
    }
    await page.waitForTimeout(LOOK_MS).catch(() => {});
  }
}
/** After a publish: the item WeChat published, found in the account's lists by its title (its id is its own, not the draft's). */
export async function readPublished(page: Page, job: TitledJob, token: string, forms: PublishForms, ctx: Ctx): Promise<PublishResult> {
  ctx.progress('read_back');
  let rows;
  try {
    rows = await listedForJob(page, token, job, 'read_back', ctx);
  } catch (e) {
    throw outcomeUnknown(`published, but no list could be read: ${(e as Error).message}`, page);
  }
  const row = rows[0];
  if (!row) throw outcomeUnknown(`published, but the account's lists do not show the ${forms.what} yet`, page);
  return { postId: row.id, url: at(ctx, row.link) };
}
