/**
 * wechat_mp (微信公众号) video messages (视频消息) through the Official
 * Account platform's video editor (appmsg_edit_v2, type=15), as public
 * scripts drive it: the tip over the editor closed, the file into its video
 * input until the page says the upload is done, the title in its title box,
 * then 保存 — the editor's only way out, which saves a draft and publishes
 * nothing. The publish step opens the draft box (草稿箱), finds the draft by
 * its title (newest first), and publishes it with the card's 发表 (群发 in the
 * older scripts) through the same 发表 dialog, 继续发表 and 微信验证 wait as an
 * article (publish-dialog.ts); the video is then found in the account's lists
 * by its title, as an article is.
 *
 * Settings: the video editor has no cover, audience, topic or declaration
 * control on record, and no description box anyone fills the same way, so
 * coverMode custom and any audience but public are refused before the browser
 * moves, and a cover, a description, tags and aiLabel are logged as not
 * applied. The title's limit is the settings contract's.
 *
 * What each step rests on, and how sure each is, is in provenance.ts (the
 * facts marked for videos).
 */
import type { Page } from 'playwright-core';
import { AdapterError, type Flow, type PublishResult, type VideoJob } from '../contract.js';
import { contractLimits } from '../kit/contract-limits.js';
import { refusalIn, refusalText } from '../kit/refusal.js';
import { awaitUploadMarks } from '../kit/upload-marks.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, assertMaxChars, fillChecked, isTimeout, need, openLoggedIn, openMedia, poll, timeouts } from '../support.js';
import { confirmPublish, openPublishDialog, type PublishForms, readPublished, shows } from './publish-dialog.js';
import { at, type Ctx, loginOf, notLoginPage, openHome, verifyListed, WECHAT_MP_URLS } from './site.js';

export const WECHAT_MP_VIDEO_LIMITS = contractLimits('video', 'wechat_mp', ['titleMax']);
/** The settings the video flow reads; the others are logged as not applied. */
export const WECHAT_MP_VIDEO_SETTING_KEYS = ['coverMode', 'visibility'] as const;

/** The editor's controls, as the scripts find them. */
const EDITOR = {
  /** The tip over a new editor (弹幕提示), closed with 知道了 or 我知道了. */
  tip: /^(我)?知道了$/,
  /** The video input: one that takes video, else the page's file input. */
  video: 'input[type="file"][accept*="video"]',
  anyFile: 'input[type="file"]',
  /** The title box: the editor's text input that is not the keyword box. */
  title: 'input[type="text"].weui-desktop-form__input:not([placeholder*="关键词"])',
  /** The page's messages (toasts, tips) where a save or an upload says how it went. */
  feedback: '.weui-desktop-toast, .weui-desktop-toast__content, .weui-desktop-toptips, .weui-desktop-msg, .js_tips, .tips_global, [role="alert"]',
};
/** The draft box's cards, as the scripts find them. */
const DRAFT_CARD = '.weui-desktop-card, .card_appmsg_normal, [class*="appmsg_item"]';
/** How often the save is looked for. */
const LOOK_MS = 100;

/**
 * The draft box's publish, as the video scripts record it (a card's 群发, confirmed with 发送, 确定
 * or 群发, ending on 发送成功 or 群发成功, the scan as a page at safeverify or a QR picture) and as
 * the article's sources record the same dialog on the edit page (发表, 已发表).
 */
export const VIDEO_FORMS: PublishForms = {
  what: 'video',
  heading: /^(发表|群发)$/,
  confirm: /^(发表|群发|发送|确定)$/,
  done: /^\s*(已发表|发送成功|群发成功)/,
  scan: { selector: 'img[src*="qrcode"]', path: /\/safeverify/ },
};

/** What `prepare` saved: the draft, known by its title, and the session the draft box opens with. */
export interface WechatMpVideoDraft {
  token: string;
  title: string;
}

function plan(job: VideoJob, ctx: Ctx): { title: string } {
  const reader = new SettingsReader(job);
  if (reader.string('coverMode', { oneOf: ['auto', 'custom'] }) === 'custom') {
    throw new AdapterError('setting_unavailable', 'apply_settings', 'wechat_mp: the video editor has no cover control on record; send coverMode auto (WeChat takes a frame of the video)', { field: 'coverMode' });
  }
  reader.string('visibility', { oneOf: ['public'] });
  const title = job.payload.title.trim();
  if (!title) throw new AdapterError('publish_rejected', 'fill', 'a wechat_mp video needs a title');
  assertMaxChars(title, WECHAT_MP_VIDEO_LIMITS.titleMax, 'fill', 'title');
  reader.logIgnored(WECHAT_MP_VIDEO_SETTING_KEYS, ctx.log);
  const notApplied = [job.payload.coverImagePath ? 'coverImagePath' : '', job.payload.description?.trim() ? 'description' : ''].filter(Boolean);
  if (notApplied.length) ctx.log.info({ platform: 'wechat_mp', notApplied }, 'the video editor has no control on record for these; WeChat shows the video with its title');
  return { title };
}

/** Closes the editor's tip when it shows (it may not). */
async function closeTip(page: Page, ctx: Ctx): Promise<void> {
  const tip = page.getByText(EDITOR.tip).filter({ visible: true }).first();
  if (await shows(tip)) await tip.click({ timeout: timeouts(ctx).selectorMs }).catch(() => {});
}

/** 保存, then the page's word that the draft is saved; a message that it failed is publish_rejected. */
async function saveDraft(page: Page, ctx: Ctx): Promise<void> {
  const t = timeouts(ctx);
  const save = page.getByRole('button', { name: /^保存(为草稿)?$/ }).filter({ visible: true }).first();
  try {
    await save.waitFor({ timeout: t.selectorMs });
  } catch (e) {
    if (!isTimeout(e)) throw e;
    throw new AdapterError('editor_changed', 'fill', 'the video editor has no 保存; nothing was saved', { url: page.url() });
  }
  const saved = page.getByText(/保存成功|已保存/).filter({ visible: true }).first();
  const failed = refusalIn(page, EDITOR.feedback).filter({ hasText: /保存失败/ }).first();
  // A message already on screen answers an earlier action, not this click.
  const stale = await shows(failed);
  await save.click({ timeout: t.selectorMs });
  const end = await poll(async () => ((await shows(saved)) ? 'saved' : !stale && (await shows(failed)) ? 'failed' : null), (v) => v !== null, {
    intervalMs: LOOK_MS,
    timeoutMs: t.publishMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('editor_changed', 'fill', 'the video editor did not say the draft was saved (保存成功)', { url: page.url() }),
  });
  if (end === 'failed') throw new AdapterError('publish_rejected', 'fill', `微信公众号 did not save the video draft: ${await refusalText(failed)}`, { url: page.url() });
}

async function prepare(page: Page, job: VideoJob, ctx: Ctx): Promise<WechatMpVideoDraft> {
  const { title } = plan(job, ctx);
  const video = await openMedia(ctx, job.payload.localVideoPath, 'upload', 'upload_failed', 'video');

  ctx.progress('open_editor');
  const session = await openHome(page, 'open_editor', ctx);
  assertAccount(loginOf(session), job, 'open_editor');
  await openLoggedIn(page, at(ctx, WECHAT_MP_URLS.videoEditor(session.token)), 'open_editor', ctx, notLoginPage);
  await need(page, EDITOR.anyFile, 'open_editor', 'video upload input', ctx, 'attached');
  await closeTip(page, ctx);

  const input = (await page.locator(EDITOR.video).count()) > 0 ? page.locator(EDITOR.video).first() : page.locator(EDITOR.anyFile).first();
  ctx.progress('upload', { phase: 'transfer', bytesSent: 0, bytesTotal: video.size, percent: 0 });
  await input.setInputFiles(video.path);
  await awaitUploadMarks(
    {
      done: page.getByText(/上传成功|重新上传/).filter({ visible: true }),
      failed: refusalIn(page, EDITOR.feedback).filter({ hasText: /上传失败/ }),
      refusal: refusalIn(page, EDITOR.feedback).filter({ hasText: /上传失败/ }),
      platform: '微信公众号',
    },
    video,
    ctx,
  );

  ctx.progress('fill');
  // The tip may come up only once the editor has settled: it would take the title box's clicks.
  await closeTip(page, ctx);
  await fillChecked(await need(page, EDITOR.title, 'fill', 'title input', ctx), title, 'fill', 'title');
  await saveDraft(page, ctx);
  return { token: session.token, title };
}

async function publish(page: Page, job: VideoJob, ctx: Ctx, draft: WechatMpVideoDraft): Promise<PublishResult> {
  ctx.signal.throwIfAborted();
  ctx.progress('publish');
  await openLoggedIn(page, at(ctx, WECHAT_MP_URLS.draftBox(draft.token)), 'publish', ctx, notLoginPage);
  // Newest first: the first card of this exact title is the draft prepare saved.
  const card = page.locator(DRAFT_CARD).filter({ has: page.getByText(draft.title, { exact: true }) }).first();
  try {
    await card.waitFor({ timeout: timeouts(ctx).selectorMs });
  } catch (e) {
    if (!isTimeout(e)) throw e;
    throw new AdapterError('editor_changed', 'publish', 'the draft box shows no draft of this title; nothing was published', { url: page.url() });
  }
  // The card shows its controls on hover.
  await card.hover({ timeout: timeouts(ctx).selectorMs });
  const opener = card.getByText(/^(发表|群发)$/).filter({ visible: true }).first();
  const dialog = await openPublishDialog(page, opener, 'the draft’s card in the draft box', VIDEO_FORMS, ctx);
  await confirmPublish(page, dialog, VIDEO_FORMS, ctx);
  return readPublished(page, job, draft.token, VIDEO_FORMS, ctx);
}

export const wechatMpVideoFlow: Flow<VideoJob, WechatMpVideoDraft> = {
  prepare,
  publish,
  verify: verifyListed,
};
