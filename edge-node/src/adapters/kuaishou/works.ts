/**
 * Reading back kuaishou posts: the works page (article/manage/video) asks for
 * its list as it opens; its own answer names each work (id, caption, upload
 * time). The adapter only listens: nothing is requested on the page's behalf.
 *
 * The rows come in more than one recorded form, all read: the text under
 * `title` or `caption`, the time under `uploadTime`, `publishTime` or
 * `createTime`; the text matches the caption whole or without its line of
 * #topics. A work still being published has no `workId` yet, only its
 * `publishId` (publishStatus 2): such a row says the post exists without
 * naming it, so it is never taken for "not there".
 */
import type { Page, Response } from 'playwright-core';
import type { AdapterContext, PublishJob, VerifyResult } from '../contract.js';
import { field } from '../kit/page-api.js';
import { inJobWindow, matchPost, type ListedPost } from '../support.js';
import { postUrl, realPath, WORKS_LIST_PATH } from './site.js';

export interface Work {
  /** The published work's id; null while kuaishou is still publishing it. */
  workId: string | null;
  /** The publication's own number, which a row carries before the work has an id. */
  publishId: string | null;
  /** The row's texts (title, caption), whichever it carries. */
  texts: string[];
  /** When kuaishou took the work, as it reports it (ms since the epoch). */
  uploadTime: number | null;
}

/**
 * Starts listening for the works page's list answer; call it before the page is
 * opened or sent there, so an answer that comes at once is not missed. The
 * promise is only read when needed: a page that never shows the list leaves it
 * to time out quietly.
 */
export function watchWorksList(page: Page, ctx: AdapterContext, timeoutMs: number): Promise<Work[]> {
  const answer = page
    .waitForResponse((r) => r.request().method() === 'POST' && realPath(ctx, r.url()) === WORKS_LIST_PATH, { timeout: timeoutMs })
    .then(readWorks);
  answer.catch(() => {});
  return answer;
}

const idOf = (v: unknown): string | null => {
  const s = typeof v === 'string' ? v : typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : '';
  return /^[\w-]{1,64}$/.test(s) ? s : null;
};

async function readWorks(res: Response): Promise<Work[]> {
  if (res.status() >= 400) throw new Error(`kuaishou's works list answered HTTP ${res.status()}`);
  const body: unknown = await res.json();
  if (field(body, 'result') !== 1) {
    const message = field(body, 'message');
    throw new Error(`kuaishou's works list answered result ${String(field(body, 'result'))}${typeof message === 'string' && message ? `: ${message}` : ''}`);
  }
  const list = field(body, 'data', 'list');
  if (!Array.isArray(list)) throw new Error("kuaishou's works list answer has no data.list");
  return list.flatMap((item): Work[] => {
    const workId = idOf(field(item, 'workId'));
    const publishId = idOf(field(item, 'publishId'));
    if (!workId && !publishId) return [];
    const texts = [field(item, 'title'), field(item, 'caption')].filter((t): t is string => typeof t === 'string' && t.trim() !== '');
    const time = [field(item, 'uploadTime'), field(item, 'publishTime'), field(item, 'createTime')].map(Number).find((t) => Number.isFinite(t) && t > 0);
    return [{ workId, publishId, texts, uploadTime: time ?? null }];
  });
}

/** Joins a row's texts for matchPost; no caption holds it. */
const TEXTS = '\u0000';
/** The list carries the caption on one line: compare with whitespace collapsed. */
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
/**
 * The caption as the list may hold it: whole, or without its line of #topics (no source says whether the
 * list's text keeps them); both are this job's.
 */
const captionForms = (caption: string): string[] => {
  const lines = caption.split('\n');
  const last = lines[lines.length - 1] ?? '';
  const bare = lines.length > 1 && /^\s*(#[^#\s]+\s*)+$/.test(last) ? lines.slice(0, -1).join('\n') : caption;
  return [...new Set([flat(caption), flat(bare)])];
};
const isCaption = (text: string, caption: string) => captionForms(caption).includes(flat(text));
const sameCaption = (w: Work, caption: string) => w.texts.some((t) => isCaption(t, caption));
const postedAt = (w: Work) => (w.uploadTime === null ? null : new Date(w.uploadTime).toISOString());

/** This job's post among the works that have an id: the one with its caption, taken since the job began. */
export function findWork(works: readonly Work[], job: PublishJob, caption: string, ctx: AdapterContext): VerifyResult {
  const posts: ListedPost[] = works.flatMap((w) => (w.workId === null ? [] : [{ postId: w.workId, url: postUrl(ctx, w.workId), text: w.texts.join(TEXTS), postedAt: postedAt(w) }]));
  // Each row's texts are compared one by one (a row may carry both a title and a caption).
  return matchPost(posts, job, (text) => text.split(TEXTS).some((t) => isCaption(t, caption)));
}

/** Whether a row still being published (no work id yet) carries this job's caption, since the job began. */
export function stillPublishing(works: readonly Work[], job: PublishJob, caption: string): boolean {
  return works.some((w) => w.workId === null && sameCaption(w, caption) && inJobWindow(postedAt(w), job));
}
