/**
 * baijiahao (百家号) videos through the editor's video page, driven as a
 * person does: the file into the page's video input, the title while the
 * upload runs, then — once the page reads 上传完成 — the description, the
 * cover through 选择封面's dialog, the 创作声明 when the video carries the AI
 * label, and 发布. This module is the video side of the baijiahao adapter
 * (./adapter.ts), which also publishes articles through the editor's API.
 *
 * The facts this rests on and their sources are in ./provenance.ts.
 *
 * Settings (shared contract names): `description` (else the payload's, as
 * plain text), `coverMode` (custom puts the job's coverImagePath through
 * 选择封面; when absent, custom if the job has one), `aiLabel` (the 创作声明
 * 含AI生成内容; left as the page has it otherwise), `visibility` (public only).
 */
import type { Locator, Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type OpenedFile, type PublishResult, type Step, type VerifyResult, type VideoJob, type Flow } from '../contract.js';
import { aiLabelOf } from '../kit/ai-label.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { listedTime } from '../kit/listed-time.js';
import { field } from '../kit/page-api.js';
import { awaitUploadMarks } from '../kit/upload-marks.js';
import { markdownToPlainText } from '../markdown.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, assertMaxChars, countChars, fillChecked, type ListedPost, matchPost, need, openLoggedIn, openMedia, poll, timeouts } from '../support.js';
import { at, call, editToken, isLoginPage, listRow, NOT_PUBLIC, ORIGIN, real, refusal, whoAmI } from './session.js';
import { contractLimits } from '../kit/contract-limits.js';

export const BAIJIAHAO_VIDEO_URLS = {
  videoEditor: `${ORIGIN}/builder/rc/edit?type=videoV2`,
  /** The article editor: the page that carries the token the list call wants. */
  articleEditor: `${ORIGIN}/builder/rc/edit?type=news`,
  publishPath: '/pcui/article/publish',
  list: (title: string) => `${ORIGIN}/pcui/article/lists?${new URLSearchParams({ currentPage: '1', pageSize: '20', search: title, type: 'video', collection: '', dynamic: '1' })}`,
  post: (id: string) => `${ORIGIN}/s?id=${encodeURIComponent(id)}`,
};

export const BAIJIAHAO_VIDEO_SETTINGS = ['description', 'coverMode', 'aiLabel', 'visibility'] as const;
export const BAIJIAHAO_VIDEO_LIMITS = contractLimits('video', 'baijiahao', ['titleMin', 'titleMax', 'descriptionMax']);

const S = {
  file: 'input[type="file"][accept*="video"]',
  uploaded: 'span:has-text("上传完成")',
  failedText: '上传失败',
  /** The title box: a contenteditable div (S, newer) or a textarea with placeholder 请输入标题 (M). */
  title: 'div[class*="contentEditable"], textarea[placeholder="请输入标题"]',
  description: 'textarea[placeholder="让别人更懂你"]',
  coverEntry: '[data-testid="select-cover"]',
  coverShown: 'div.cheetah-spin-container img',
  dialog: '.cheetah-modal-wrap',
  dialogImage: 'input[type="file"][accept*="image"]',
  statement: 'input[placeholder="请选择创作声明"]',
  aiChoice: '含AI生成内容',
  publish: '[data-testid="publish-btn"]',
  refusal: '.cheetah-message-error',
} as const;

function planVideo(job: VideoJob) {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImagePath ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImagePath) throw new AdapterError('cover_rejected', 'upload', 'coverMode is custom but the job has no coverImagePath');
  r.string('visibility', { oneOf: ['public'] });
  const title = job.payload.title.trim();
  const n = countChars(title);
  if (n < BAIJIAHAO_VIDEO_LIMITS.titleMin || n > BAIJIAHAO_VIDEO_LIMITS.titleMax) {
    throw new AdapterError('publish_rejected', 'fill', `百家号 takes video titles of ${BAIJIAHAO_VIDEO_LIMITS.titleMin}–${BAIJIAHAO_VIDEO_LIMITS.titleMax} characters (this one has ${n})`, { field: 'title', length: n });
  }
  // The limit is the plain text's: Markdown marks do not count.
  const description = markdownToPlainText(r.string('description') ?? job.payload.description ?? '').trim();
  assertMaxChars(description, BAIJIAHAO_VIDEO_LIMITS.descriptionMax, 'fill', 'description');
  return { reader: r, title, description, cover: coverMode === 'custom' ? job.payload.coverImagePath : undefined, aiLabel: aiLabelOf(job, r) };
}

export async function prepareVideo(page: Page, job: VideoJob, ctx: AdapterContext): Promise<void> {
  const p = planVideo(job);
  p.reader.logIgnored(BAIJIAHAO_VIDEO_SETTINGS, ctx.log);
  const video = await openMedia(ctx, job.payload.localVideoPath, 'upload', 'upload_failed', 'video');
  const cover = p.cover === undefined ? undefined : await openMedia(ctx, p.cover, 'upload', 'cover_rejected', 'cover image');

  ctx.progress('open_editor');
  await openLoggedIn(page, at(ctx, BAIJIAHAO_VIDEO_URLS.videoEditor), 'open_editor', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'open_editor', ctx), job, 'open_editor');
  const input = await need(page, S.file, 'open_editor', 'video upload input', ctx, 'attached');
  ctx.progress('upload', { phase: 'transfer', bytesSent: 0, bytesTotal: video.size, percent: 0 });
  await input.setInputFiles(video.path);

  // The form shows once the file is in; the title goes in while the upload runs, as S does.
  ctx.progress('fill');
  await fillTitle(await need(page, S.title, 'fill', 'title input', ctx), p.title);
  await awaitUploadMarks({ done: page.locator(S.uploaded), failed: page.getByText(S.failedText), refusal: page.locator(S.refusal), platform: '百家号', intervalMs: 100 }, video, ctx);
  if (p.description) await fillChecked(await need(page, S.description, 'fill', 'description box', ctx), p.description, 'fill', 'description');

  if (cover) await uploadCover(page, cover, ctx);
  ctx.progress('apply_settings');
  if (p.aiLabel) await declareAi(page, ctx);
}

/** The title box (contenteditable or a textarea) may already hold the file's name: replaced, then read back. */
async function fillTitle(box: Locator, title: string): Promise<void> {
  await box.fill(title);
  const got = (await box.evaluate((el) => ('value' in el ? String((el as { value: unknown }).value) : ((el as { innerText?: string }).innerText ?? '')))).trim();
  if (got !== title) throw new AdapterError('editor_changed', 'fill', `the title box did not keep the title (${countChars(got)} of ${countChars(title)} characters)`);
}

/** 选择封面 → the dialog's 上传 → the picture → 确定; then a new picture in the cover area, or the page's refusal. */
async function uploadCover(page: Page, cover: OpenedFile, ctx: AdapterContext): Promise<void> {
  ctx.progress('upload', { phase: 'cover', percent: 0 });
  const shown = page.locator(S.coverShown).first();
  const before = (await shown.count()) > 0 ? await shown.getAttribute('src') : null;
  await (await need(page, S.coverEntry, 'upload', 'cover control (选择封面)', ctx)).click();
  const dialog = page.locator(S.dialog).filter({ visible: true }).last();
  await (await need(dialog, 'button:has-text("上传")', 'upload', 'cover dialog 上传 button', ctx)).click();
  await (await need(dialog, S.dialogImage, 'upload', 'cover dialog picture input', ctx, 'attached')).setInputFiles(cover.path);
  const ok = await need(dialog, 'button:has-text("确定")', 'upload', 'cover dialog 确定 button', ctx);
  const refused = page.locator(S.refusal).filter({ visible: true });
  const coverRefused = async () => new AdapterError('cover_rejected', 'upload', `百家号 refused the cover: ${(await refused.first().innerText()).trim()}`);
  // 确定 takes the picture once the dialog has it uploaded; a refusal comes instead. The dialogs
  // answer in the page's own time (one picture, one click), so they are polled closely.
  const ready = await poll(async () => ((await refused.count()) > 0 ? 'refused' : (await ok.isEnabled()) ? 'ready' : null), (v) => v !== null, {
    intervalMs: 50,
    timeoutMs: timeouts(ctx).uploadMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('cover_rejected', 'upload', 'the cover dialog never took the picture'),
  });
  if (ready === 'refused') throw await coverRefused();
  await ok.click();
  const end = await poll(
    async () => {
      if ((await refused.count()) > 0) return 'refused';
      const src = (await shown.count()) > 0 ? await shown.getAttribute('src') : null;
      return src && src !== before && !(await dialog.isVisible()) ? 'shown' : null;
    },
    (v) => v !== null,
    { intervalMs: 50, timeoutMs: timeouts(ctx).uploadMs, signal: ctx.signal, onTimeout: () => new AdapterError('cover_rejected', 'upload', 'the cover never showed in the cover area') },
  );
  if (end === 'refused') throw await coverRefused();
  ctx.progress('upload', { phase: 'cover', bytesSent: cover.size, bytesTotal: cover.size, percent: 100 });
}

/** 请选择创作声明 → 含AI生成内容 → 确定; the box then names the choice. */
async function declareAi(page: Page, ctx: AdapterContext): Promise<void> {
  const box = await need(page, S.statement, 'apply_settings', '创作声明 box', ctx);
  await box.click();
  const dialog = page.locator(S.dialog).filter({ visible: true }).last();
  await (await need(dialog, `text="${S.aiChoice}"`, 'apply_settings', `创作声明 choice ${S.aiChoice}`, ctx)).click();
  await (await need(dialog, 'button:has-text("确定")', 'apply_settings', '创作声明 确定 button', ctx)).click();
  await poll(async () => (await box.inputValue()).includes(S.aiChoice), (v) => v, {
    intervalMs: 50,
    timeoutMs: timeouts(ctx).selectorMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('editor_changed', 'apply_settings', `the 创作声明 box did not take ${S.aiChoice}`),
  });
}

export async function publishVideo(page: Page, job: VideoJob, ctx: AdapterContext): Promise<PublishResult> {
  const named = await clickPublishForJson(
    page,
    {
      button: page.locator(S.publish).first(),
      isPublishRequest: (req) => req.method() === 'POST' && real(ctx, req.url()).pathname === BAIJIAHAO_VIDEO_URLS.publishPath,
      urlPattern: `*${BAIJIAHAO_VIDEO_URLS.publishPath}*`,
      refusal: page.locator(S.refusal),
      judge: (body) => {
        const refused = refusal(body);
        if (refused !== null) return { ok: false, message: refused };
        // ret.nid names the video; an accepted answer without it is completed from the list below.
        const id = field(body, 'ret', 'nid');
        if ((typeof id !== 'string' && typeof id !== 'number') || !/^\d+$/.test(String(id))) return { ok: true, value: undefined };
        return { ok: true, value: { postId: String(id), url: at(ctx, addressOf(field(body, 'ret'), String(id))) } };
      },
    },
    ctx,
  );
  // Accepted, the page leaves for the creator centre (S): let it, so the next step's navigation is not cut short by it.
  await page.waitForURL((u) => real(ctx, u.toString()).pathname !== '/builder/rc/edit', { timeout: timeouts(ctx).navigationMs, waitUntil: 'domcontentloaded' }).catch(() => {});
  if (named !== undefined) return named;
  // Accepted without a nid: the account's own list names the video (the job's title, published in the job's window).
  const found = await (async () => {
    await openLoggedIn(page, at(ctx, BAIJIAHAO_VIDEO_URLS.articleEditor), 'read_back', ctx, isLoginPage(ctx));
    const title = job.payload.title.trim();
    return matchPost(await ownVideos(page, title, 'read_back', ctx), job, (text) => text === title);
  })().catch((e: unknown) => {
    throw new AdapterError('readback_failed', 'read_back', `百家号 accepted the video but named no nid, and its video list could not be read (${(e as Error).message}); verify before any retry`);
  });
  if (!found.found) throw new AdapterError('readback_failed', 'read_back', '百家号 accepted the video but named no nid, and its video list does not show it yet; verify before any retry');
  return { postId: found.postId, url: found.url };
}

/**
 * A video's public address from an answer's ret or a list row: its url when it gives one, else
 * s?id=<article_id> (every public client builds the address from an article_id), else s?id=<nid>.
 */
function addressOf(node: unknown, nid: string): string {
  const url = field(node, 'url');
  if (typeof url === 'string' && /^https?:\/\//.test(url)) return url;
  const articleId = field(node, 'article_id');
  return BAIJIAHAO_VIDEO_URLS.post((typeof articleId === 'string' || typeof articleId === 'number') && /^\d+$/.test(String(articleId)) ? String(articleId) : nid);
}

/** The account's own videos matching the title, as the content list gives them (newest first); read-only. */
async function ownVideos(page: Page, title: string, step: Step, ctx: AdapterContext): Promise<ListedPost[]> {
  const token = await editToken(page, step);
  const body = await call(page, at(ctx, BAIJIAHAO_VIDEO_URLS.list(title)), { headers: { token } }, 'read_back', 'video list', ctx);
  const rows = field(body, 'data', 'list');
  if (refusal(body) !== null || !Array.isArray(rows)) throw new AdapterError('editor_changed', 'read_back', `video list: no data.list (${refusal(body) ?? 'changed answer'})`);
  return rows.flatMap((row) => {
    // A video row names it by nid, or (the other recorded form) by article_id or id.
    const r = listRow(row, ['nid', 'article_id', 'id']);
    if (!r || NOT_PUBLIC.has(r.status)) return [];
    return [{ postId: r.id, url: at(ctx, r.url ?? addressOf(row, r.id)), text: r.title, postedAt: listedTime(r.time) }];
  });
}

export async function verifyVideo(page: Page, job: VideoJob, ctx: AdapterContext): Promise<VerifyResult> {
  ctx.progress('read_back');
  // Opening the article editor saves nothing; it is the page whose token the list call wants.
  await openLoggedIn(page, at(ctx, BAIJIAHAO_VIDEO_URLS.articleEditor), 'check_login', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'check_login', ctx), job, 'check_login');
  const title = job.payload.title.trim();
  return matchPost(await ownVideos(page, title, 'check_login', ctx), job, (text) => text === title);
}

export const videoFlow: Flow<VideoJob> = { prepare: prepareVideo, publish: publishVideo, verify: verifyVideo };
