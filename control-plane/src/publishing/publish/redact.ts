/**
 * What of a job's feedback an integrator may see: a message and the step it
 * happened in, with secrets and other people's paths taken out. Executors
 * write feedback in their own words; this is the one filter between that and
 * GET /publish/{batch_id}.
 */
const MAX_TEXT = 500;

const SECRET_ASSIGNMENT = /([\w-]*(?:cookie|token|session|passwd|password|secret|api[_-]?key|authorization)[\w-]*)(\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s;,&]+)/gi;
const BEARER = /\bBearer\s+\S+/gi;
const POSIX_PATH = /(?<![\w:/.~-])\/(?:[^\s/'"`<>()]+\/)*[^\s/'"`<>()]*/g;
const WINDOWS_PATH = /(?:\b[A-Za-z]:\\|\\\\)[^\s'"`<>|()]*/g;

/** Stands in for a job's own path while the rest is redacted (private-use characters no path regex matches). */
const OWN_MARK = /\uE000(\d+)\uE001/g;

/**
 * Redacts one text. Paths are kept only when they are the job's own (its
 * payload paths: the integrator gave them, so a failure names them, spaces
 * and all, as written or JSON-quoted) or inside the owner's directory
 * (`/<userId>/`); any other path becomes `[path]`. Values of cookie-, token-
 * and password-like fields become `[redacted]`.
 */
export function redactText(text: string, userId: number, ownPaths: readonly string[] = []): string {
  const mine = `/${userId}/`;
  const keep = (p: string) => ownPaths.includes(p) || p.includes(mine);
  // Longest first, so a path that contains another is set aside whole.
  const forms = [...new Set(ownPaths.flatMap((p) => [p, JSON.stringify(p).slice(1, -1)]))].filter((p) => p.length > 1 && text.includes(p)).sort((a, b) => b.length - a.length);
  let work = text;
  for (const [i, p] of forms.entries()) work = work.split(p).join(`\uE000${i}\uE001`);
  const out = work
    .replace(BEARER, 'Bearer [redacted]')
    .replace(SECRET_ASSIGNMENT, (_m, name: string, sep: string, value: string) => (value === 'Bearer' ? `${name}${sep}${value}` : `${name}${sep}[redacted]`))
    .replace(WINDOWS_PATH, (p) => (keep(p) ? p : '[path]'))
    .replace(POSIX_PATH, (p) => (p === '/' || keep(p) ? p : '[path]'))
    .replace(OWN_MARK, (m, i: string) => forms[Number(i)] ?? m);
  return out.length > MAX_TEXT ? `${out.slice(0, MAX_TEXT - 1)}…` : out;
}

export interface PublicFeedback {
  message: string | null;
  step: string | null;
}

/** Only `message` and `step` ever leave; everything else an executor put in feedback stays inside. */
export function redactFeedback(feedback: Record<string, unknown> | null, userId: number, ownPaths: readonly string[]): PublicFeedback | null {
  if (!feedback) return null;
  const text = (v: unknown) => (typeof v === 'string' && v.length ? redactText(v, userId, ownPaths) : null);
  return { message: text(feedback.message), step: text(feedback.step) };
}
