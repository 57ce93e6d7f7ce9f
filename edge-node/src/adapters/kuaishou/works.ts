/**
 * Reading back kuaishou posts: the works page (article/manage/video) asks for
 * its list as it opens; its own answer names each work (id, caption, upload
 * time). The adapter only listens: nothing is requested on the page's behalf.
 */
import type { Page, Response } from 'playwright-core';
import type { AdapterContext, PublishJob, VerifyResult } from '../contract.js';
import { field } from '../kit/page-api.js';
import { matchPost, type ListedPost } from '../support.js';
import { postUrl, realPath, WORKS_LIST_PATH } from './site.js';

export interface Work {
  workId: string;
  title: string;
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
    const id = field(item, 'workId');
    const workId = typeof id === 'string' ? id : typeof id === 'number' && Number.isSafeInteger(id) ? String(id) : '';
    if (!/^[\w-]{1,64}$/.test(workId)) return [];
    const title = field(item, 'title');
    const upload = Number(field(item, 'uploadTime'));
    return [{ workId, title: typeof title === 'string' ? title : '', uploadTime: Number.isFinite(upload) && upload > 0 ? upload : null }];
  });
}

/** This job's post among the works: the one with its caption, taken since the job began. */
export function findWork(works: readonly Work[], job: PublishJob, caption: string, ctx: AdapterContext): VerifyResult {
  // The list carries the caption on one line: compare with whitespace collapsed.
  const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
  const posts: ListedPost[] = works.map((w) => ({
    postId: w.workId,
    url: postUrl(ctx, w.workId),
    text: w.title,
    postedAt: w.uploadTime === null ? null : new Date(w.uploadTime).toISOString(),
  }));
  return matchPost(posts, job, (text) => flat(text) === flat(caption));
}
