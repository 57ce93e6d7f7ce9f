/**
 * A video page's upload as its own marks tell it: the file goes into the
 * page's input, then the page shows either a mark for the finished upload or
 * one for a refused file (with its message somewhere else on the page). The
 * video pages of 易车号, 车家号, 百家号, 东方财富 财富号, 网易号, 企鹅号, 搜狐号
 * and 知乎 all end their uploads this way; each names its own marks.
 *
 * Pages that instead show a mark only while the upload runs (快手's 上传中)
 * need the other order — the in-progress mark first, then the failure mark,
 * and the failure checked again afterwards — and keep their own poll.
 */
import type { Locator } from 'playwright-core';
import { AdapterError, type AdapterContext, type OpenedFile } from '../contract.js';
import { poll, timeouts } from '../support.js';
import { refusalText } from './refusal.js';

export interface UploadMarks {
  /** What the page shows once the upload has finished. */
  done: Locator;
  /** What the page shows when it refuses the file. */
  failed: Locator;
  /** Where the page says why it refused the file (its first visible match is read). */
  refusal: Locator;
  /** The platform as the refusal's message names it ("<platform> refused the video: <the page's message>"). */
  platform: string;
  /** How often the marks are read; 200 ms unless the page's own timing asks otherwise. */
  intervalMs?: number;
}

/** The file into the page's video input (reported as the upload's start), then `awaitUploadMarks`. */
export async function uploadVideoFile(input: Locator, video: OpenedFile, marks: UploadMarks, ctx: AdapterContext): Promise<void> {
  ctx.progress('upload', { phase: 'transfer', bytesSent: 0, bytesTotal: video.size, percent: 0 });
  await input.setInputFiles(video.path);
  await awaitUploadMarks(marks, video, ctx);
}

/**
 * Waits for the page's finished mark or its failure mark; a failure is
 * `upload_failed` with the page's message, and so is no mark in the upload
 * time. Reported as the whole file sent once the page has it.
 */
export async function awaitUploadMarks(marks: UploadMarks, video: OpenedFile, ctx: AdapterContext): Promise<void> {
  // The failure mark is read first: a page that shows both (a finished upload, then a failed
  // check of it) has refused the video.
  const end = await poll(async () => ((await marks.failed.count()) > 0 ? 'failed' : (await marks.done.count()) > 0 ? 'done' : null), (v) => v !== null, {
    intervalMs: marks.intervalMs ?? 200,
    timeoutMs: timeouts(ctx).uploadMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('upload_failed', 'upload', 'the video upload did not finish in time'),
  });
  if (end === 'failed') {
    const why = await refusalText(marks.refusal);
    throw new AdapterError('upload_failed', 'upload', `${marks.platform} refused the video${why ? `: ${why}` : ''}`);
  }
  ctx.progress('upload', { phase: 'transfer', bytesSent: video.size, bytesTotal: video.size, percent: 100 });
}
