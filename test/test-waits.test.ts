/**
 * Every wait in the tests waits for something. `eventually(read)` and `expect.poll(read)` poll only
 * once a matcher is chained to them (`.toBe(…)`, `.toContain(…)`): awaited bare, they resolve at once,
 * and the test goes on before the state it meant to wait for, a race that only a loaded machine
 * shows. Writing the assertion inside the callback (`eventually(() => expect(x).toBe(y))`) is
 * such a bare wait. The only other place a poll may stand is where it is handed on (an arrow's
 * body, a `return`), for a caller to chain.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const SKIP = new Set(['node_modules', 'dist', '.git']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name)) return [];
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The index just past the parenthesis that closes the one before `open`, strings skipped. */
function closing(text: string, open: number): number {
  let depth = 1;
  let quote: string | undefined;
  let i = open;
  for (; i < text.length && depth > 0; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
  }
  return i;
}

/** `file:line: call` for each poll whose result is neither chained nor handed on. */
export function bareWaits(file: string, text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\b(?:eventually|expect\.poll)\(/g)) {
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    if (/\bfunction\s+$/.test(before) || /(?:=>|\breturn)\s*$/.test(before)) continue;
    const after = text.slice(closing(text, m.index + m[0].length)).trimStart();
    if (after.startsWith('.')) continue;
    const line = text.slice(0, m.index).split('\n').length;
    found.push(`${file}:${line}: ${text.slice(m.index, text.indexOf('\n', m.index)).trim()}`);
  }
  return found;
}

describe('waits in the tests', () => {
  it('the check finds a bare wait and passes a chained or handed-on one', () => {
    expect(bareWaits('a.ts', 'await eventually(() => expect(out()).toContain("x"));')).toHaveLength(1);
    expect(bareWaits('a.ts', 'await expect.poll(() => read());')).toHaveLength(1);
    expect(bareWaits('a.ts', 'await eventually(() => out()).toContain("(");')).toEqual([]);
    expect(bareWaits('a.ts', 'await eventually(async () => (await f(1)).n)\n  .not.toBe(0);')).toEqual([]);
    expect(bareWaits('a.ts', 'const until = (r) => expect.poll(r, { timeout: 5 });')).toEqual([]);
    expect(bareWaits('a.ts', 'export function eventually(read) {\n  return expect.poll(read);\n}')).toEqual([]);
  });

  it('every eventually and expect.poll in the repository has a matcher chained to it', () => {
    // This file's own samples are bare on purpose.
    const files = sources(ROOT).filter((f) => f !== new URL(import.meta.url).pathname);
    expect(files.length).toBeGreaterThan(100);
    const bare = files.flatMap((f) => bareWaits(relative(ROOT, f), readFileSync(f, 'utf8')));
    expect(bare).toEqual([]);
  });
});
