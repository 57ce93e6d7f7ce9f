/**
 * The autohome long-article editor's publish answer, in every form the public
 * sources record (autohome/provenance.ts): the creator centre's content-api
 * envelope { returncode, message, result }, the article's id in result.id
 * (the current call) or result.articleId (the old 车家号 call), and
 * result.draftId for what the same address answers a draft save.
 */
import { field } from '../kit/page-api.js';

export type ArticleAnswer = { ok: true; id: string } | { ok: false; message: string } | { ok: 'unknown'; why: string };

/** A positive whole number, as a JSON number or a string of digits. */
function postId(raw: unknown): string | undefined {
  const id = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : raw;
  return typeof id === 'string' && /^[1-9]\d*$/.test(id) ? id : undefined;
}

/**
 * Published: returncode 0 with the article's id. Refused: any other numeric returncode. Unknown
 * (only verify can settle it): returncode 0 naming no id, or naming only a draft (a draft save is
 * never a publish), and an answer without a numeric returncode.
 */
export function judgeArticleAnswer(body: unknown): ArticleAnswer {
  const code = field(body, 'returncode');
  if (typeof code !== 'number') return { ok: 'unknown', why: `autohome's answer carries no returncode (${JSON.stringify(code) ?? 'none'})` };
  if (code !== 0) return { ok: false, message: String(field(body, 'message') ?? code) };
  const id = postId(field(body, 'result', 'id')) ?? postId(field(body, 'result', 'articleId'));
  if (id !== undefined) return { ok: true, id };
  if (field(body, 'result', 'draftId') !== undefined) return { ok: 'unknown', why: 'autohome answered with a draft (result.draftId), not a published article' };
  return { ok: 'unknown', why: 'autohome accepted the article but its answer named no id' };
}
