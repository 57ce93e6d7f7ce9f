/**
 * bilibili videos. The creator centre's upload page runs bilibili's own upos
 * upload (preupload → upos multipart: init, chunk PUTs, complete) on the file
 * the adapter picks, with the chunk bytes sent by the daemon (upload-offload.ts);
 * everything else goes through the centre's JSON APIs from that page: the
 * partition list (to resolve `partitionName`), the cover upload, and the
 * add/v3 submission — the one non-repeatable call, behind the commit gate.
 */
import { basename } from 'node:path';
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type OpenedFile, type PublishResult, type VideoJob, type VerifyResult, type Flow } from '../contract.js';
import { aiLabelOf } from '../kit/ai-label.js';
import { gatedApiPublish } from '../kit/api-publish.js';
import { field } from '../kit/page-api.js';
import { markdownToPlainText } from '../markdown.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, assertMaxChars, inJobWindow, matchPost, need, openLoggedIn, openMedia, timeouts, type ListedPost } from '../support.js';
import { offloadUploads } from '../upload-offload.js';
import { at, biliJson, biliMessage, csrfToken, isLoginPage, real, URLS, whoAmI } from './site.js';
import { contractLimits } from '../kit/contract-limits.js';

export const BILIBILI_VIDEO_LIMITS = {
  ...contractLimits('video', 'bilibili', ['titleMax', 'tagsMin', 'tagsMax', 'tagMax', 'descriptionMax']),
};
/** Our copyright values → add/v3's `copyright` (1 自制, 2 转载). */
export const BILIBILI_COPYRIGHT: Readonly<Record<string, 1 | 2>> = { original: 1, repost: 2 };
export const BILIBILI_VIDEO_SETTINGS = ['partitionName', 'tags', 'aiLabel', 'copyright', 'sourceUrl', 'description', 'visibility', 'scheduledAt', 'coverMode'] as const;
/** upos answers preupload with an endpoint on one of its CDN hosts. */
const UPLOAD_ORIGINS = ['.bilivideo.com'];

function readSettings(job: VideoJob) {
  const r = new SettingsReader(job);
  const copyright = r.string('copyright', { oneOf: Object.keys(BILIBILI_COPYRIGHT) }) ?? 'original';
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImagePath ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImagePath) throw new AdapterError('cover_rejected', 'apply_settings', 'coverMode is custom but the job has no coverImagePath');
  const scheduled = r.string('scheduledAt');
  let dtime: number | undefined;
  if (scheduled !== undefined) {
    const ms = Date.parse(scheduled);
    if (!Number.isFinite(ms) || ms <= Date.now()) {
      throw new AdapterError('setting_unavailable', 'apply_settings', `bilibili: scheduledAt must be a future ISO 8601 time (got "${scheduled}")`, { field: 'scheduledAt' });
    }
    dtime = Math.floor(ms / 1000);
  }
  const s = {
    reader: r,
    partitionName: r.string('partitionName', { required: true, maxLength: 20 }),
    tags: r.stringArray('tags', { min: BILIBILI_VIDEO_LIMITS.tagsMin, max: BILIBILI_VIDEO_LIMITS.tagsMax, maxLength: BILIBILI_VIDEO_LIMITS.tagMax }),
    aiLabel: aiLabelOf(job, r),
    copyright: BILIBILI_COPYRIGHT[copyright]!,
    source: copyright === 'repost' ? r.string('sourceUrl', { required: true, maxLength: 200 }) : undefined,
    description: markdownToPlainText(r.string('description') ?? job.payload.description ?? ''),
    onlySelf: (r.string('visibility', { oneOf: ['public', 'private'] }) ?? 'public') === 'private',
    dtime,
    coverPath: coverMode === 'custom' ? job.payload.coverImagePath : undefined,
  };
  return s;
}

/** What `prepare` leaves for `publish`: the add/v3 body, for this job. */
export interface VideoSubmission {
  jobId: string;
  body: Record<string, unknown>;
}

export async function prepareVideo(page: Page, job: VideoJob, ctx: AdapterContext): Promise<VideoSubmission> {
  const s = readSettings(job);
  s.reader.logIgnored(BILIBILI_VIDEO_SETTINGS, ctx.log);
  const title = job.payload.title.trim();
  if (!title) throw new AdapterError('publish_rejected', 'fill', 'bilibili needs a title');
  assertMaxChars(title, BILIBILI_VIDEO_LIMITS.titleMax, 'fill', 'title');
  assertMaxChars(s.description, BILIBILI_VIDEO_LIMITS.descriptionMax, 'fill', 'description');
  // Both files are opened before the browser moves: a refused path fails fast.
  const video = await openMedia(ctx, job.payload.localVideoPath, 'upload', 'upload_failed', 'video');
  const cover = s.coverPath ? await openMedia(ctx, s.coverPath, 'upload', 'cover_rejected', 'cover image') : undefined;

  const transfer = transferReporter(video, ctx);
  // The page's chunk PUTs carry the bytes from the daemon, not through Chromium (upload-offload.ts).
  await offloadUploads(page, [video], ctx, { uploadOrigins: UPLOAD_ORIGINS, onBytes: (_f, sent) => transfer(sent) });

  ctx.progress('open_editor');
  await openLoggedIn(page, at(ctx, URLS.uploadPage), 'open_editor', ctx, isLoginPage(ctx));
  assertAccount(await whoAmI(page, 'open_editor', ctx), job, 'open_editor');
  const csrf = await csrfToken(page, 'open_editor');

  // What can be refused without uploading anything comes first.
  ctx.progress('apply_settings');
  const tid = await resolvePartition(page, s.partitionName, ctx);
  const coverUrl = cover ? await uploadCover(page, cover, csrf, ctx) : '';

  const upload = await uploadVideo(page, video, transfer, ctx);
  ctx.progress('fill');
  return {
    jobId: job.jobId,
    body: {
      videos: [{ filename: upload.filename, title, desc: '', cid: upload.cid }],
      cover: coverUrl,
      cover43: '',
      title,
      copyright: s.copyright,
      ...(s.source !== undefined ? { source: s.source } : {}),
      tid,
      tag: s.tags.join(','),
      desc_format_id: 9999,
      desc: s.description,
      recreate: -1,
      dynamic: '',
      interactive: 0,
      act_reserve_create: 0,
      no_disturbance: 0,
      no_reprint: 1,
      subtitle: { open: 0, lan: '' },
      dolby: 0,
      lossless_music: 0,
      up_selection_reply: false,
      up_close_reply: false,
      up_close_danmu: false,
      web_os: 3,
      // Unverified field name (no public record): the AI-content declaration.
      ai_declare: s.aiLabel ? 1 : 0,
      is_only_self: s.onlySelf ? 1 : 0,
      ...(s.dtime !== undefined ? { dtime: s.dtime } : {}),
    },
  };
}

export async function publishVideo(page: Page, job: VideoJob, ctx: AdapterContext, p: VideoSubmission): Promise<PublishResult> {
  if (p.jobId !== job.jobId) throw new AdapterError('editor_changed', 'publish', 'this page holds no prepared submission for the job; nothing was published');
  const csrf = await csrfToken(page, 'publish');
  const named = await gatedApiPublish(
    page,
    at(ctx, `${URLS.addV3}?ts=${Date.now()}&csrf=${encodeURIComponent(csrf)}`),
    { method: 'POST', json: { ...p.body, csrf } },
    (body) => (field(body, 'code') === 0 ? { ok: true, value: { bvid: field(body, 'data', 'bvid'), aid: field(body, 'data', 'aid') } } : { ok: false, message: biliMessage(body) }),
    ctx,
  );
  if (typeof named.bvid === 'string' && /^BV\w+$/.test(named.bvid)) return { postId: named.bvid, url: at(ctx, URLS.video(named.bvid)) };
  // Accepted without a bvid: the archive list names it (by the av number when the answer gave one).
  const aid = typeof named.aid === 'number' || typeof named.aid === 'string' ? String(named.aid) : undefined;
  const posts = await ownArchives(page, ctx).catch((e: unknown) => {
    throw new AdapterError('readback_failed', 'read_back', `bilibili accepted the submission but its archive list could not be read (${(e as Error).message}); verify before any retry`);
  });
  const found = aid !== undefined ? posts.filter((a) => a.aid === aid) : posts.filter((a) => a.text === job.payload.title.trim() && inJobWindow(a.postedAt, job));
  if (found[0]) return { postId: found[0].postId, url: found[0].url };
  throw new AdapterError('readback_failed', 'read_back', 'bilibili accepted the submission but named no bvid, and its archive list does not show it yet; verify before any retry');
}

export async function verifyVideo(page: Page, job: VideoJob, ctx: AdapterContext): Promise<VerifyResult> {
  ctx.progress('read_back');
  await openLoggedIn(page, at(ctx, URLS.uploadPage), 'check_login', ctx, isLoginPage(ctx));
  // Another account's list would find nothing and invite a duplicate.
  assertAccount(await whoAmI(page, 'check_login', ctx), job, 'check_login');
  return matchPost(await ownArchives(page, ctx), job, (text) => text === job.payload.title.trim());
}

/** The creator's archives, newest first: data.arc_audits[].Archive {aid, bvid, title, ctime}. */
async function ownArchives(page: Page, ctx: AdapterContext): Promise<Array<ListedPost & { aid?: string }>> {
  const body = await biliJson(page, URLS.archives, {}, 'read_back', 'archive list', ctx);
  if (body.code !== 0) throw new Error(`bilibili archive list: ${biliMessage(body)}`);
  const rows = field(body, 'data', 'arc_audits');
  return (Array.isArray(rows) ? rows : []).flatMap((row) => {
    const bvid = field(row, 'Archive', 'bvid');
    const aid = field(row, 'Archive', 'aid');
    const ctime = Number(field(row, 'Archive', 'ctime'));
    if (typeof bvid !== 'string') return [];
    return [
      {
        postId: bvid,
        url: at(ctx, URLS.video(bvid)),
        text: String(field(row, 'Archive', 'title') ?? ''),
        postedAt: ctime > 0 ? new Date(ctime * 1000).toISOString() : null,
        ...(typeof aid === 'number' || typeof aid === 'string' ? { aid: String(aid) } : {}),
      },
    ];
  });
}

/** partitionName → tid, from the partition list the upload form shows (children first: they are what one files under). */
async function resolvePartition(page: Page, name: string, ctx: AdapterContext): Promise<number> {
  const body = await biliJson(page, URLS.archivePre, {}, 'apply_settings', 'partition list', ctx);
  const list = field(body, 'data', 'typelist');
  if (!Array.isArray(list) || list.length === 0) throw new AdapterError('editor_changed', 'apply_settings', 'partition list: the answer has no data.typelist');
  const children = list.flatMap((p) => (Array.isArray(field(p, 'children')) ? (field(p, 'children') as unknown[]) : []));
  const hit = [...children, ...list].find((p) => field(p, 'name') === name);
  if (!hit) {
    const offered = [...list, ...children].map((p) => String(field(p, 'name')));
    throw new AdapterError('setting_unavailable', 'apply_settings', `bilibili has no partition named "${name}"`, { field: 'partitionName', offered });
  }
  const id = Number(field(hit, 'id'));
  if (!Number.isSafeInteger(id)) throw new AdapterError('editor_changed', 'apply_settings', 'partition list: an entry has no numeric id');
  return id;
}

/** x/vu/web/cover/up takes the image as a base64 data URL; a refusal stops the job (no automatic cover instead). */
async function uploadCover(page: Page, cover: OpenedFile, csrf: string, ctx: AdapterContext): Promise<string> {
  ctx.progress('upload', { phase: 'cover' });
  const bytes = Buffer.alloc(cover.size);
  for (let got = 0; got < cover.size; ) {
    const n = await cover.read(bytes.subarray(got), got);
    if (n === 0) throw new AdapterError('cover_rejected', 'upload', 'the cover image changed while it was read');
    got += n;
  }
  const name = basename(cover.path).toLowerCase();
  const type = name.endsWith('.png') ? 'image/png' : name.endsWith('.webp') ? 'image/webp' : 'image/jpeg';
  const body = await biliJson(page, URLS.coverUp, { method: 'POST', form: { csrf, cover: `data:${type};base64,${bytes.toString('base64')}` } }, 'upload', 'cover upload', ctx);
  const url = field(body, 'data', 'url');
  if (body.code !== 0 || typeof url !== 'string' || !url) throw new AdapterError('cover_rejected', 'upload', `bilibili refused the cover: ${biliMessage(body)}`);
  ctx.progress('upload', { phase: 'cover', bytesSent: cover.size, bytesTotal: cover.size, percent: 100 });
  return url;
}

/** Reports the transfer from the bytes the daemon sent: every whole percent, the last one once. */
function transferReporter(video: OpenedFile, ctx: AdapterContext): (sent: number) => void {
  let last = -1;
  return (sent) => {
    const percent = video.size === 0 ? 100 : Math.floor((100 * sent) / video.size);
    if (percent <= last) return;
    last = percent;
    ctx.progress('upload', { phase: 'transfer', bytesSent: sent, bytesTotal: video.size, percent });
  };
}

/**
 * Picks the file on the upload page and waits for the page's 上传完成. The
 * upos file name and part id (add/v3's `filename`, `cid`) come from the page's
 * own preupload answer.
 */
async function uploadVideo(page: Page, video: OpenedFile, transfer: (sent: number) => void, ctx: AdapterContext): Promise<{ filename: string; cid: number }> {
  transfer(0);
  const input = await need(page, 'input[type="file"]', 'upload', 'video file input', ctx, 'attached');
  const preuploadAnswer = page.waitForResponse((r) => real(ctx, r.url()).toString().startsWith(URLS.preupload + '?'), { timeout: timeouts(ctx).uploadMs });
  preuploadAnswer.catch(() => {}); // read below; a page that never asks fails on the status instead
  await input.setInputFiles(video.path);
  const done = page.locator('span', { hasText: '上传完成' });
  const failed = page.locator('span', { hasText: '上传失败' });
  try {
    await done.or(failed).first().waitFor({ state: 'attached', timeout: timeouts(ctx).uploadMs });
  } catch {
    throw new AdapterError('upload_failed', 'upload', 'the video did not finish uploading in time');
  }
  if ((await failed.count()) > 0) throw new AdapterError('upload_failed', 'upload', `bilibili refused the video: ${(await failed.first().innerText()).trim()}`);
  const pre = (await (await preuploadAnswer).json().catch(() => ({}))) as Record<string, unknown>;
  const uri = field(pre, 'upos_uri');
  const cid = Number(field(pre, 'biz_id'));
  if (typeof uri !== 'string' || !uri.startsWith('upos://') || !Number.isSafeInteger(cid)) {
    throw new AdapterError('editor_changed', 'upload', 'preupload answered no upos_uri / biz_id');
  }
  transfer(video.size);
  return { filename: basename(uri).replace(/\.[^.]+$/, ''), cid };
}

export const videoFlow: Flow<VideoJob, VideoSubmission> = { prepare: prepareVideo, publish: publishVideo, verify: verifyVideo };
