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

/**
 * Redacts one text. Paths are kept only when they are the job's own (its
 * payload paths) or inside the owner's directory (`/<userId>/`); any other
 * path becomes `[path]`. Values of cookie-, token- and password-like fields
 * become `[redacted]`.
 */
export function redactText(text: string, userId: number, ownPaths: readonly string[] = []): string {
  const mine = `/${userId}/`;
  const keep = (p: string) => ownPaths.includes(p) || p.includes(mine);
  const out = text
    .replace(BEARER, 'Bearer [redacted]')
    .replace(SECRET_ASSIGNMENT, (_m, name: string, sep: string, value: string) => (value === 'Bearer' ? `${name}${sep}${value}` : `${name}${sep}[redacted]`))
    .replace(WINDOWS_PATH, (p) => (keep(p) ? p : '[path]'))
    .replace(POSIX_PATH, (p) => (p === '/' || keep(p) ? p : '[path]'));
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
