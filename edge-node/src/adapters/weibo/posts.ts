/**
 * How weibo's post API (/ajax/statuses/update, used by the composer and the
 * video page) names the new post. Public clients read it in several forms:
 * data.mblogid (or data.bid), the short id in the post's address, and
 * data.idstr (or data.mid, data.id), the numeric one; the author in
 * data.user.idstr (or data.user.id). The address takes the short id; an
 * accepted answer that names none is read back from the author's own posts.
 */
import { field } from '../kit/page-api.js';

export interface AnsweredPost {
  /** The short id (mblogid), '' when the answer names none. */
  mblogid: string;
  /** The numeric id (idstr), '' when the answer names none. */
  mid: string;
  /** The author's uid as the answer names it, else the job's account. */
  uid: string;
}

const text = (v: unknown): string => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : '');

/** The new post as an accepted answer names it. */
export function answeredPost(body: unknown, account: string): AnsweredPost {
  const first = (...vs: unknown[]) => vs.map(text).find((v) => v !== '') ?? '';
  return {
    mblogid: first(field(body, 'data', 'mblogid'), field(body, 'data', 'bid')),
    mid: first(field(body, 'data', 'idstr'), field(body, 'data', 'mid'), field(body, 'data', 'id')),
    uid: first(field(body, 'data', 'user', 'idstr'), field(body, 'data', 'user', 'id')) || account,
  };
}

/** Whether a row of the author's posts is the post the answer named by its numeric id. */
export function isPost(row: unknown, mid: string): boolean {
  if (!mid) return false;
  return [field(row, 'idstr'), field(row, 'mid'), field(row, 'id')].some((v) => text(v) === mid);
}
