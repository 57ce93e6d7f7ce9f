/**
 * weibo videos through the publish page weibo.com/upload/channel: the file goes
 * in through 上传视频's file chooser and the page runs weibo's file-platform
 * upload (its chunk requests carry the bytes from the daemon, upload-offload.ts);
 * then the title, 类型 (原创 / 二创), the 内容声明 when the video declares AI
 * content, the cover through the 编辑封面 layer (weibo wants one), and the
 * description with #topics#. "发布" is the one non-repeatable click; its
 * /ajax/statuses/update answer names the post.
 *
 * What it rests on (the public sources of every fact about weibo, and how
 * sure each is) is in weibo/provenance.ts.
 *
 * Settings (shared contract names): `creationType` (`original` 原创 | `derivative` 二创),
 * `aiLabel` (内容声明 含AI生成内容), `description` (Markdown → plain text), `tags`
 * (#topic#), `coverMode` (custom only: weibo wants a cover), `visibility` (public only).
 */
import { labelsOf, WEIBO_VIDEO_TYPES } from '@plume/shared';
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type OpenedFile, type PublishResult, type VerifyResult, type VideoJob } from '../contract.js';
import { aiLabelOf } from '../kit/ai-label.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { contractLimits } from '../kit/contract-limits.js';
import { field, pageJson } from '../kit/page-api.js';
import { markdownToPlainText } from '../markdown.js';
import { SettingsReader } from '../settings.js';
import { assertMaxChars, fillChecked, inJobWindow, need, openLoggedIn, openMedia, poll, timeouts } from '../support.js';
import { offloadUploads } from '../upload-offload.js';
import type { WeiboPage } from './article.js';
import { answeredPost, isPost } from './posts.js';

export const WEIBO_VIDEO_KEYS = ['creationType', 'aiLabel', 'description', 'tags', 'coverMode', 'visibility'] as const;
/** Our creationType values → the 类型 radios' labels. */
export const WEIBO_VIDEO_TYPE_LABELS: Readonly<Record<string, string>> = labelsOf(WEIBO_VIDEO_TYPES);
/** The title limit preflight also checks (the settings contract). */
const { titleMax: TITLE_MAX } = contractLimits('video', 'weibo', ['titleMax']);
/** The text the description box sends (the description with its #topics# added), bounded as a short post is; the contract bounds the description alone. */
const TEXT_MAX = 2000;
const AI_DECLARATION = '含AI生成内容';
/** The chunk host the file platform hands out. */
const UPLOAD_ORIGINS = ['.weibocdn.com'];

const URLS = {
  publish: 'https://weibo.com/upload/channel',
  myPosts: (uid: string) => `https://weibo.com/ajax/statuses/mymblog?uid=${encodeURIComponent(uid)}&page=1&feature=0`,
  post: (uid: string, mblogid: string) => `https://weibo.com/${uid}/${mblogid}`,
};

const S = {
  pick: 'button:has(span:text-is("上传视频"))',
  done: 'div:has(> i.woo-font--check) span:text-is("上传完成")',
  failed: 'span:text-is("上传失败")',
  title: 'input[placeholder="填写标题（0～30个字）"]',
  type: (label: string) => `label.woo-radio-main:has(span.woo-radio-text:text-is("${label}"))`,
  typeChecked: (label: string) => `label.woo-radio-main:has(span.woo-radio-text:text-is("${label}")) span.woo-radio-checked`,
  declareCtrl: 'div[class*="_gap1_nsgmr"] .woo-pop-ctrl',
  declarePanel: 'div[class*="_panel_nsgmr"]',
  declareOption: (label: string) => `button:has(span:text-is("${label}"))`,
  declareConfirm: 'div[class*="_footer_nsgmr"] button:has(span:text-is("确定"))',
  coverOpen: 'a:has-text("上传封面")',
  coverLayer: 'div.wbpro-layer:has(div:text-is("编辑封面"))',
  coverInput: 'input[type="file"][accept*="jpg"]',
  cropped: '.cropper-container img[src^="blob:"], .wb_cropper img[src^="blob:"]',
  coverDone: 'div.wbpro-layer-btn button:has(span:text-is("完成"))',
  description: 'textarea[placeholder="有什么新鲜事想分享给大家？"]',
  send: 'button:has(span:text-is("发布"))',
  toast: '.woo-toast-body',
} as const;

/** The description box: the Markdown as plain text, the tags as #topic# on a last line. */
export function weiboVideoText(description: string, tags: readonly string[]): string {
  const text = markdownToPlainText(description);
  const topics = tags.map((t) => `#${t.replace(/#/g, '')}#`).join(' ');
  return topics ? (text ? `${text}\n${topics}` : topics) : text;
}

function readSettings(job: VideoJob) {
  const r = new SettingsReader(job);
  r.string('visibility', { oneOf: ['public'] }); // the page records no 仅自己可见: anything else is refused, not dropped
  const coverMode = r.string('coverMode', { oneOf: ['custom'] }) ?? 'custom';
  if (coverMode === 'custom' && !job.payload.coverImagePath) throw new AdapterError('cover_rejected', 'apply_settings', 'weibo wants a cover for a video, and the job has no coverImagePath');
  return {
    reader: r,
    type: WEIBO_VIDEO_TYPE_LABELS[r.string('creationType', { oneOf: Object.keys(WEIBO_VIDEO_TYPE_LABELS) }) ?? 'original']!,
    aiLabel: aiLabelOf(job, r),
    text: weiboVideoText(r.string('description') ?? job.payload.description ?? '', r.stringArray('tags', { maxLength: 30 })),
  };
}

export async function prepareWeiboVideo(page: Page, job: VideoJob, w: WeiboPage, ctx: AdapterContext): Promise<void> {
  const s = readSettings(job);
  s.reader.logIgnored(WEIBO_VIDEO_KEYS, ctx.log);
  const title = job.payload.title.trim();
  if (!title) throw new AdapterError('publish_rejected', 'fill', 'a weibo video needs a title');
  assertMaxChars(title, TITLE_MAX, 'fill', 'title');
  assertMaxChars(s.text, TEXT_MAX, 'fill', 'description (Markdown removed, topics added)');
  // Both files are opened before the browser moves: a refused path fails fast.
  const video = await openMedia(ctx, job.payload.localVideoPath, 'upload', 'upload_failed', 'video');
  const cover = await openMedia(ctx, job.payload.coverImagePath!, 'upload', 'cover_rejected', 'cover image');

  const transfer = transferReporter(video, ctx);
  // The page's chunk requests carry the bytes from the daemon, not through Chromium (upload-offload.ts).
  await offloadUploads(page, [video], ctx, { uploadOrigins: UPLOAD_ORIGINS, onBytes: (_f, sent) => transfer(sent) });

  ctx.progress('open_editor');
  await w.openEditor(page, job, ctx);
  await openLoggedIn(page, w.at(ctx, URLS.publish), 'open_editor', ctx, (u) => w.isLoginPage(ctx, u));

  await uploadVideo(page, video, transfer, ctx);
  ctx.progress('fill');
  await fillChecked(await need(page, S.title, 'fill', 'title input', ctx), title, 'fill', 'title input');
  ctx.progress('apply_settings');
  await chooseType(page, s.type, ctx);
  if (s.aiLabel) await declareAi(page, ctx);
  await uploadCover(page, cover, ctx);
  ctx.progress('fill');
  await fillChecked(await need(page, S.description, 'fill', 'description box', ctx), s.text, 'fill', 'description box');
}

export async function publishWeiboVideo(page: Page, job: VideoJob, w: WeiboPage, ctx: AdapterContext): Promise<PublishResult> {
  const post = await clickPublishForJson(
    page,
    {
      button: await need(page, S.send, 'publish', 'publish button (发布)', ctx),
      isPublishRequest: (req) => req.method() === 'POST' && w.real(ctx, req.url()).pathname === '/ajax/statuses/update',
      urlPattern: '*/ajax/statuses/update*',
      refusal: page.locator(S.toast),
      judge: (body) => (field(body, 'ok') !== 1 ? { ok: false, message: String(field(body, 'msg') ?? 'refused') } : { ok: true, value: answeredPost(body, job.account.externalRef) }),
    },
    ctx,
  );
  if (post.mblogid) return { postId: post.mblogid, url: w.at(ctx, URLS.post(post.uid, post.mblogid)) };
  // Accepted, but named by its numeric id only (or not at all): the author's posts give the short id.
  const found = await findOwnVideo(page, job, post.mid, w, ctx).catch((e: unknown) => {
    throw new AdapterError('readback_failed', 'read_back', `weibo accepted the video but named no short id, and its own posts could not be read (${(e as Error).message}); verify before any retry`);
  });
  if (found.found && found.postId && found.url) return { postId: found.postId, url: found.url };
  throw new AdapterError('readback_failed', 'read_back', 'weibo accepted the video but named no short id, and its own posts do not show it yet; verify before any retry');
}

/** The author's own posts (read-only): the video post whose page_info carries this title. */
export function verifyWeiboVideo(page: Page, job: VideoJob, w: WeiboPage, ctx: AdapterContext): Promise<VerifyResult> {
  return findOwnVideo(page, job, '', w, ctx);
}

/** The row with the numeric id the answer named, else the newest video post with this title in the job's window. */
async function findOwnVideo(page: Page, job: VideoJob, mid: string, w: WeiboPage, ctx: AdapterContext): Promise<VerifyResult> {
  const uid = job.account.externalRef;
  const body = await pageJson(page, w.at(ctx, URLS.myPosts(uid)), {}, 'read_back', 'own posts', ctx);
  const list = field(body, 'data', 'list');
  if (!Array.isArray(list)) throw new AdapterError('editor_changed', 'read_back', 'own posts: the answer has no data.list');
  const title = job.payload.title.trim();
  const byId = list.filter((p) => isPost(p, mid));
  const hits = byId.length > 0 ? byId : list.filter((p) => {
    const created = Date.parse(String(field(p, 'created_at') ?? ''));
    return field(p, 'page_info', 'object_type') === 'video' && field(p, 'page_info', 'page_title') === title && inJobWindow(Number.isFinite(created) ? new Date(created).toISOString() : null, job);
  });
  const mblogid = hits.map((p) => field(p, 'mblogid')).find((v): v is string => typeof v === 'string' && v !== '');
  if (!mblogid) return { found: false };
  return { found: true, postId: mblogid, url: w.at(ctx, URLS.post(uid, mblogid)), candidates: hits.length };
}

/** Reports the transfer from the bytes the daemon sent: every whole percent. */
function transferReporter(video: OpenedFile, ctx: AdapterContext): (sent: number) => void {
  let last = -1;
  return (sent) => {
    const percent = video.size === 0 ? 100 : Math.floor((100 * sent) / video.size);
    if (percent <= last) return;
    last = percent;
    ctx.progress('upload', { phase: 'transfer', bytesSent: sent, bytesTotal: video.size, percent });
  };
}

/** 上传视频 opens a file chooser; the page shows 上传完成 (or 上传失败) when the file platform is done. */
async function uploadVideo(page: Page, video: OpenedFile, transfer: (sent: number) => void, ctx: AdapterContext): Promise<void> {
  ctx.progress('upload', { phase: 'transfer' });
  transfer(0);
  const pick = await need(page, S.pick, 'upload', 'upload button (上传视频)', ctx);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser', { timeout: timeouts(ctx).selectorMs }), pick.click()]).catch((e: unknown) => {
    throw new AdapterError('editor_changed', 'upload', `上传视频 opened no file chooser: ${(e as Error).message}`);
  });
  await chooser.setFiles(video.path);
  const done = page.locator(S.done);
  const failed = page.locator(S.failed);
  await poll(async () => ({ done: await done.isVisible(), failed: await failed.isVisible() }), (st) => st.done || st.failed, {
    intervalMs: 200,
    timeoutMs: timeouts(ctx).uploadMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('upload_failed', 'upload', 'the video did not finish uploading in time'),
  }).then(async (st) => {
    if (st.failed) throw new AdapterError('upload_failed', 'upload', `weibo refused the video: ${(await failed.locator('xpath=..').innerText()).trim()}`);
  });
  transfer(video.size);
}

async function chooseType(page: Page, label: string, ctx: AdapterContext): Promise<void> {
  await (await need(page, S.type(label), 'apply_settings', `类型 choice "${label}"`, ctx)).click();
  await need(page, S.typeChecked(label), 'apply_settings', `checked 类型 "${label}"`, ctx, 'attached');
}

async function declareAi(page: Page, ctx: AdapterContext): Promise<void> {
  await (await need(page, S.declareCtrl, 'apply_settings', '内容声明 menu', ctx)).click();
  const panel = await need(page, S.declarePanel, 'apply_settings', '内容声明 options', ctx);
  const option = panel.locator(S.declareOption(AI_DECLARATION)).first();
  try {
    await option.waitFor({ timeout: timeouts(ctx).selectorMs });
  } catch {
    throw new AdapterError('setting_unavailable', 'apply_settings', `weibo no longer offers the declaration "${AI_DECLARATION}"`, { field: 'aiLabel' });
  }
  await option.click();
  await (await need(panel, S.declareConfirm, 'apply_settings', '内容声明 confirm button', ctx)).click();
  const ctrl = page.locator(S.declareCtrl).first();
  await poll(async () => (await ctrl.innerText()).trim(), (t) => t.includes(AI_DECLARATION), {
    intervalMs: 50,
    timeoutMs: timeouts(ctx).selectorMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('editor_changed', 'apply_settings', `the 内容声明 menu did not take "${AI_DECLARATION}"`),
  });
}

/**
 * 上传封面 opens the 编辑封面 layer (the form is hidden meanwhile); the picture
 * is cropped in the page, 完成 uploads it, and the layer closes. A cover
 * weibo cannot adopt stops the job: a video without one is refused anyway.
 */
async function uploadCover(page: Page, cover: OpenedFile, ctx: AdapterContext): Promise<void> {
  ctx.progress('upload', { phase: 'cover' });
  await (await need(page, S.coverOpen, 'upload', 'cover link (上传封面)', ctx)).click();
  const layer = await need(page, S.coverLayer, 'upload', 'cover layer (编辑封面)', ctx);
  await (await need(layer, S.coverInput, 'upload', 'cover file input', ctx, 'attached')).setInputFiles(cover.path);
  await need(layer, S.cropped, 'upload', 'cropped cover', ctx, 'attached');
  await (await need(layer, S.coverDone, 'upload', 'cover 完成 button', ctx)).click();
  const end = await poll(async () => ({ open: await layer.isVisible(), text: await layer.innerText().catch(() => '') }), (st) => !st.open || /失败|格式不支持/.test(st.text), {
    intervalMs: 100,
    timeoutMs: timeouts(ctx).uploadMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('cover_rejected', 'upload', 'the 编辑封面 layer never closed'),
  });
  if (end.open) throw new AdapterError('cover_rejected', 'upload', `weibo refused the cover: ${/[^\n]*(失败|格式不支持)[^\n]*/.exec(end.text)?.[0]?.trim() ?? ''}`);
  await need(page, S.title, 'upload', 'publish form after the cover layer', ctx);
  ctx.progress('upload', { phase: 'cover', bytesSent: cover.size, bytesTotal: cover.size, percent: 100 });
}
