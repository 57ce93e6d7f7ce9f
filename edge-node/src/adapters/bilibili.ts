/**
 * bilibili: videos, through the creator centre's upload page. The page uploads
 * the file in chunks, then transcodes it (both polled from its progress bars);
 * the form takes title, plain-text description, a custom cover, 自制/转载,
 * a partition chosen by NAME, tags and the AI-content declaration; "立即投稿"
 * is the one non-repeatable click.
 *
 * Settings (shared contract names): `partitionName` (required; the legacy numeric
 * `tid`/`partitionId` is refused), `tags` (1–10, ≤ 20 characters each),
 * `aiLabel` (default false), `copyright` (`original` default | `repost`),
 * `sourceUrl` (required for `repost`), `description` (else the payload's),
 * `visibility` (`public` | `private` = 仅自己可见), `coverMode` (`custom`
 * uploads coverImagePath; absent → custom when there is one).
 */
import type { Page } from 'playwright-core';
import { AdapterError, type Adapter, type AdapterContext, type OpenedFile, type VideoJob } from './contract.js';
import { markdownToPlainText } from './markdown.js';
import { confirmedPost, gatedPublish } from './publish-click.js';
import { SettingsReader } from './settings.js';
import {
  listedPosts,
  assertAccount,
  assertMaxChars,
  fillChecked,
  jobOfType,
  matchPost,
  need,
  openLoggedIn,
  openMedia,
  poll,
  readAccount,
  siteUrl,
  timeouts,
} from './support.js';
import { offloadUploads } from './upload-offload.js';

const PATHS = {
  home: '/platform/home',
  upload: '/platform/upload/video/frame',
  archives: '/platform/upload-manager/article',
  submitApi: '/x/vu/web/add/v3',
};

const S = {
  account: '[data-testid="current-user"]',
  videoInput: '[data-testid="video-input"]',
  uploadProgress: '[data-testid="upload-progress"]',
  transcodeProgress: '[data-testid="transcode-progress"]',
  uploadError: '[data-testid="upload-error"]',
  title: '[data-testid="title-input"]',
  description: '[data-testid="desc-input"]',
  coverInput: '[data-testid="cover-input"]',
  coverPreview: '[data-testid="cover-preview"]',
  coverError: '[data-testid="cover-error"]',
  copyright: '[data-testid="copyright-group"]',
  repostSource: '[data-testid="repost-source"]',
  partitionButton: '[data-testid="partition-select"]',
  partitionList: '[data-testid="partition-options"]',
  tagInput: '[data-testid="tag-input"]',
  tagList: '[data-testid="tag-list"]',
  aiLabel: '[data-testid="ai-label"]',
  onlySelf: '[data-testid="only-self"]',
  submit: '[data-testid="submit-button"]',
  submitError: '[data-testid="submit-error"]',
  success: '[data-testid="submit-success"]',
  videoLink: '[data-testid="video-link"]',
  archiveList: '[data-testid="archive-list"]',
  archiveRow: '[data-testid="archive-row"]',
  archiveTitle: '[data-testid="archive-title"]',
} as const;

/** upos, bilibili's upload service, answers preupload with an endpoint on one of its CDN hosts. */
const UPLOAD_ORIGINS = ['.bilivideo.com'];
const TITLE_MAX = 80;
const DESCRIPTION_MAX = 2000;
/** Our copyright values (shared settings contract) → the labels of bilibili's 类型 radio. */
export const BILIBILI_COPYRIGHT_LABELS: Readonly<Record<string, string>> = { original: '自制', repost: '转载' };
const SETTING_KEYS = ['partitionName', 'tags', 'aiLabel', 'copyright', 'sourceUrl', 'description', 'visibility', 'coverMode'] as const;
const isLoginPage = (u: URL) => u.pathname.endsWith('/passport/login');
const bvidOf = (href: string) => /\/video\/(BV\w+)/.exec(href)?.[1];

function readSettings(job: VideoJob) {
  const r = new SettingsReader(job);
  const copyright = r.string('copyright', { oneOf: Object.keys(BILIBILI_COPYRIGHT_LABELS) }) ?? 'original';
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImagePath ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImagePath) {
    throw new AdapterError('cover_rejected', 'apply_settings', 'coverMode is custom but the job has no coverImagePath');
  }
  return {
    reader: r,
    partitionName: r.string('partitionName', { required: true }),
    tags: r.stringArray('tags', { min: 1, max: 10, maxLength: 20 }),
    aiLabel: r.boolean('aiLabel', false),
    copyright,
    sourceUrl: copyright === 'repost' ? r.string('sourceUrl', { required: true }) : undefined,
    description: markdownToPlainText(r.string('description') ?? job.payload.description ?? ''),
    private: (r.string('visibility', { oneOf: ['public', 'private'] }) ?? 'public') === 'private',
    coverPath: coverMode === 'custom' ? job.payload.coverImagePath : undefined,
  };
}

export const bilibiliAdapter: Adapter = {
  platform: 'bilibili',
  contentTypes: ['video'],
  defaultBaseUrl: 'https://member.bilibili.com',
  settingKeys: SETTING_KEYS,

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    await openLoggedIn(page, siteUrl(ctx, PATHS.home), 'check_login', ctx, isLoginPage);
    return readAccount(page, S.account, 'check_login', ctx);
  },

  async prepare(page, anyJob, ctx) {
    const job = jobOfType(anyJob, 'video');
    const { title, localVideoPath } = job.payload;
    const settings = readSettings(job);
    settings.reader.logIgnored(SETTING_KEYS, ctx.log);
    if (!title.trim()) throw new AdapterError('publish_rejected', 'fill', 'bilibili needs a title');
    assertMaxChars(title, TITLE_MAX, 'fill', 'title');
    assertMaxChars(settings.description, DESCRIPTION_MAX, 'fill', 'description');
    // Both files are opened before the browser moves: a refused path fails fast.
    const video = await openMedia(ctx, localVideoPath, 'upload', 'upload_failed', 'video');
    const cover = settings.coverPath ? await openMedia(ctx, settings.coverPath, 'apply_settings', 'cover_rejected', 'cover image') : undefined;

    // The page's upload requests carry the bytes from the daemon, not through Chromium (upload-offload.ts).
    await offloadUploads(page, cover ? [video, cover] : [video], ctx, { uploadOrigins: UPLOAD_ORIGINS });

    ctx.progress('open_editor');
    await openLoggedIn(page, siteUrl(ctx, PATHS.upload), 'open_editor', ctx, isLoginPage);
    assertAccount(await readAccount(page, S.account, 'open_editor', ctx), job, 'open_editor');

    await uploadVideo(page, video, ctx);

    ctx.progress('fill');
    // The page prefills the title from the file name; fill replaces it.
    await fillChecked(await need(page, S.title, 'fill', 'title input', ctx), title, 'fill', 'title input');
    await fillChecked(await need(page, S.description, 'fill', 'description', ctx), settings.description, 'fill', 'description');

    ctx.progress('apply_settings');
    if (cover) await uploadCover(page, cover, ctx);
    await chooseCopyright(page, settings.copyright, settings.sourceUrl, ctx);
    await choosePartition(page, settings.partitionName, ctx);
    await addTags(page, settings.tags, ctx);
    await (await need(page, S.aiLabel, 'apply_settings', 'AI-content declaration checkbox', ctx)).setChecked(settings.aiLabel);
    await (await need(page, S.onlySelf, 'apply_settings', 'only-me visibility checkbox', ctx)).setChecked(settings.private);
  },

  async publish(page, job, ctx) {
    jobOfType(job, 'video');
    const success = await gatedPublish(
      page,
      {
        button: await need(page, S.submit, 'publish', 'submit button', ctx),
        isPublishRequest: (req) => req.method() === 'POST' && new URL(req.url()).pathname.endsWith(PATHS.submitApi),
        success: page.locator(S.success),
        failure: page.locator(S.submitError),
      },
      ctx,
    );
    return confirmedPost(page, success, S.videoLink, bvidOf, ctx, 'submitted, but the confirmation carries no video link');
  },

  async verify(page, anyJob, ctx) {
    const job = jobOfType(anyJob, 'video');
    ctx.progress('read_back');
    await openLoggedIn(page, siteUrl(ctx, PATHS.archives), 'check_login', ctx, isLoginPage);
    assertAccount(await readAccount(page, S.account, 'check_login', ctx), job, 'check_login');
    const list = await need(page, S.archiveList, 'read_back', 'archive list', ctx, 'attached');
    const posts = await listedPosts(list, S.archiveRow, { link: S.archiveTitle }, bvidOf, page);
    return matchPost(posts, job, (text) => text === job.payload.title.trim());
  },
};

/** The little of the DOM this module reads inside the page (the node build has no DOM types). */
type PageDocument = { querySelector(sel: string): { getAttribute(name: string): string | null; hidden: boolean; textContent: string | null } | null };

interface UploadState {
  sent: number;
  total: number;
  transcode: number;
  failed: string | null;
}

/** Chooses the file, then follows the page's two progress bars until transcoding is done. */
async function uploadVideo(page: Page, video: OpenedFile, ctx: AdapterContext): Promise<void> {
  ctx.progress('upload', { phase: 'transfer', bytesSent: 0, bytesTotal: video.size, percent: 0 });
  const input = await need(page, S.videoInput, 'upload', 'video file input', ctx, 'attached');
  await need(page, S.uploadProgress, 'upload', 'upload progress bar', ctx, 'attached');
  await need(page, S.transcodeProgress, 'upload', 'transcoding progress bar', ctx, 'attached');
  await input.setInputFiles(video.path);

  let last = '0/0'; // already reported above
  // The last chunk and the first transcoding figure can show up in the same look (the page polls
  // transcoding at once): the full transfer is still reported, once, before any transcoding figure.
  let transferred = false;
  await poll(
    // One round trip per look: both bars and the error, read together.
    () =>
      page.evaluate((sel): UploadState => {
        const doc = (globalThis as unknown as { document: PageDocument }).document;
        const bar = doc.querySelector(sel.uploadProgress);
        const transcode = doc.querySelector(sel.transcodeProgress);
        const error = doc.querySelector(sel.uploadError);
        return {
          sent: Number(bar?.getAttribute('data-bytes-sent')) || 0,
          total: Number(bar?.getAttribute('data-bytes-total')) || 0,
          transcode: Number(transcode?.getAttribute('aria-valuenow')) || 0,
          failed: error && !error.hidden ? (error.textContent ?? '') : null,
        };
      }, S),
    (s) => s.failed !== null || s.transcode >= 100,
    {
      intervalMs: 100,
      timeoutMs: timeouts(ctx).uploadMs,
      signal: ctx.signal,
      onValue: (s) => {
        if (s.total === 0) s.total = video.size;
        const key = `${s.sent}/${s.transcode}`;
        if (key === last || s.failed !== null) return;
        last = key;
        if (!transferred) {
          ctx.progress('upload', { phase: 'transfer', bytesSent: s.sent, bytesTotal: s.total, percent: Math.floor((100 * s.sent) / s.total) });
          transferred = s.sent >= s.total;
        }
        if (s.sent >= s.total) ctx.progress('upload', { phase: 'transcode', bytesSent: s.total, bytesTotal: s.total, percent: s.transcode });
      },
      onTimeout: () => new AdapterError('upload_failed', 'upload', 'the video did not finish uploading and transcoding in time'),
    },
  ).then((s) => {
    if (s.failed !== null) throw new AdapterError('upload_failed', 'upload', `bilibili refused the video: ${s.failed.trim()}`);
  });
}

async function uploadCover(page: Page, cover: OpenedFile, ctx: AdapterContext): Promise<void> {
  ctx.progress('upload', { phase: 'cover' });
  const preview = await need(page, S.coverPreview, 'apply_settings', 'cover preview', ctx, 'attached');
  await (await need(page, S.coverInput, 'apply_settings', 'cover file input', ctx, 'attached')).setInputFiles(cover.path);
  const error = page.locator(S.coverError);
  try {
    // Attached, not visible: what matters is that the page adopted the cover, not how the image renders.
    await page
      .locator(`${S.coverPreview}[data-source="custom"]`)
      .or(error.filter({ visible: true }))
      .first()
      .waitFor({ state: 'attached', timeout: timeouts(ctx).uploadMs });
  } catch {
    throw new AdapterError('cover_rejected', 'apply_settings', 'the custom cover never appeared in the preview');
  }
  if (await error.isVisible()) {
    // Spec: the job stops rather than fall back to bilibili's automatic cover.
    throw new AdapterError('cover_rejected', 'apply_settings', `bilibili refused the cover: ${(await error.innerText()).trim()}`);
  }
  if ((await preview.getAttribute('data-source')) !== 'custom') throw new AdapterError('cover_rejected', 'apply_settings', 'the custom cover was not adopted');
  ctx.progress('upload', { phase: 'cover', bytesSent: cover.size, bytesTotal: cover.size, percent: 100 });
}

async function chooseCopyright(page: Page, copyright: string, source: string | undefined, ctx: AdapterContext): Promise<void> {
  const label = BILIBILI_COPYRIGHT_LABELS[copyright]!;
  const group = await need(page, S.copyright, 'apply_settings', 'type (自制/转载) choice', ctx);
  const radio = group.getByRole('radio', { name: label, exact: true });
  if ((await radio.count()) === 0) throw new AdapterError('setting_unavailable', 'apply_settings', `bilibili no longer offers type "${label}"`, { field: 'copyright' });
  await radio.check();
  if (source !== undefined) await fillChecked(await need(page, S.repostSource, 'apply_settings', 'repost source', ctx), source, 'apply_settings', 'repost source');
}

async function choosePartition(page: Page, name: string, ctx: AdapterContext): Promise<void> {
  const button = await need(page, S.partitionButton, 'apply_settings', 'partition menu', ctx);
  const list = page.locator(S.partitionList);
  if (!(await list.isVisible())) await button.click();
  await need(page, S.partitionList, 'apply_settings', 'partition list', ctx);
  const option = list.getByRole('option', { name, exact: true });
  if ((await option.count()) === 0) {
    const offered = (await list.getByRole('option').allInnerTexts()).map((o) => o.trim());
    throw new AdapterError('setting_unavailable', 'apply_settings', `bilibili has no partition named "${name}"`, { field: 'partitionName', offered });
  }
  await option.click();
  if ((await button.innerText()).trim() !== name) throw new AdapterError('editor_changed', 'apply_settings', `partition menu did not take "${name}"`);
}

async function addTags(page: Page, tags: readonly string[], ctx: AdapterContext): Promise<void> {
  const input = await need(page, S.tagInput, 'apply_settings', 'tag input', ctx);
  const list = await need(page, S.tagList, 'apply_settings', 'tag list', ctx, 'attached');
  for (const tag of tags) {
    await input.fill(tag);
    await input.press('Enter');
    await need(list, `[data-tag="${tag.replace(/"/g, '\\"')}"]`, 'apply_settings', `chip of tag "${tag}"`, ctx);
  }
}
