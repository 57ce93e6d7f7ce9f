/**
 * Text that no field of any surface accepts, refused at the two boundaries
 * where request text is decoded (the JSON body parser and the URL), so no
 * route, service or repository ever sees it and nothing is written:
 *
 * - U+0000 (NUL): PostgreSQL text and jsonb cannot hold it, so it would
 *   otherwise surface as a 500 from the database ("invalid byte sequence for
 *   encoding UTF8: 0x00"), after a transaction may already have begun;
 * - an unpaired UTF-16 surrogate (a `\ud800` escape without its partner): it
 *   has no UTF-8 spelling, and the driver would silently store U+FFFD in its
 *   place;
 * - in the URL, a percent-escape that is malformed or not UTF-8 (the router
 *   refuses such a path itself; the query string is checked here).
 *
 * Every surface answers these 400 with its validation code (`invalid_request`
 * or `INVALID_REQUEST`). Raw bytes that are not UTF-8 in a JSON body are
 * refused earlier by the parser, as a body that is not JSON text.
 */

/** Thrown (or passed to `done`) for such input; each surface's error handler maps it to its validation code. */
export class UnacceptableTextError extends Error {
  readonly statusCode = 400;
}

const NUL = 'U+0000 (NUL), which no field accepts';
const SURROGATE = 'an unpaired UTF-16 surrogate (text that has no UTF-8 form), which no field accepts';

/** In unicode mode a surrogate range matches only a surrogate that is not half of a pair. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** What is wrong with one string, or null. */
function flaw(text: string): string | null {
  if (text.includes('\u0000')) return NUL;
  if (LONE_SURROGATE.test(text)) return SURROGATE;
  return null;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const step = (path: string, key: string) => (IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key.slice(0, 40))}]`);

/**
 * Walks a parsed JSON value (keys and string values at every depth) and
 * describes the first unacceptable string, naming where it is
 * (`body.platformSettings.zhihu.column contains U+0000 …`); null when there
 * is none. Iterative: a deeply nested body cannot overflow the stack.
 */
export function findUnacceptableText(value: unknown, root = 'body'): string | null {
  const pending: Array<[unknown, string]> = [[value, root]];
  while (pending.length > 0) {
    const [node, path] = pending.pop()!;
    if (typeof node === 'string') {
      const problem = flaw(node);
      if (problem) return `${path} contains ${problem}`;
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) pending.push([node[i], `${path}[${i}]`]);
    } else if (node !== null && typeof node === 'object') {
      const entries = Object.entries(node);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const problem = flaw(key);
        if (problem) return `a key in ${path} contains ${problem}`;
        pending.push([child, step(path, key)]);
      }
    }
  }
  return null;
}

/**
 * Only a `\u` escape can put NUL or a lone surrogate into parsed JSON: raw
 * control characters are not JSON, and raw surrogate bytes are not UTF-8.
 * Bodies without one (nearly all) skip the walk. `\\u0000` (an escaped
 * backslash) also matches; the walk then finds nothing.
 */
const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;

/** For the JSON body parser: the parsed body's problem, checking only bodies whose text could have one. */
export function unacceptableInJson(text: string, parsed: unknown): string | null {
  return SUSPECT_ESCAPE.test(text) ? findUnacceptableText(parsed) : null;
}

/**
 * For the request URL as sent (path and query, still percent-encoded): its
 * problem, or null. Only an escape can carry NUL (Node's HTTP parser refuses
 * a raw control character in the request line), so URLs without `%` (nearly
 * all) cost one scan.
 */
export function unacceptableInUrl(url: string): string | null {
  if (!url.includes('%')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    return 'The URL has a malformed percent-escape, or one that is not UTF-8; percent-encode the UTF-8 bytes of each character';
  }
  return decoded.includes('\u0000') ? `The URL contains ${NUL}` : null;
}
