import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Module-level state keyed by a page, which would let one job's `prepare` hand
 * something to a `publish` past the value the contract passes. The one left is
 * the upload offload's guard on its own browser-side installation (a page takes
 * a binding's name once for its whole life); no publish reads it.
 */
const KNOWN: Record<string, string> = {
  'upload-offload.ts': 'guards the binding and init script installed once per page; not read by any publish',
};

describe('adapters keep no module-level page state', () => {
  it('no adapter module keys a map or set by page, but the one known installation guard', () => {
    const found: string[] = [];
    const known = new Set<string>();
    for (const file of sources(ROOT)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^(?:export\s+)?(?:const|let|var)\s+\w+[^=\n]*=\s*new\s+(?:Weak)?(?:Map|Set)\s*<\s*(?:Page|BrowserContext|Frame)\b/gm)) {
        const where = relative(ROOT, file);
        if (KNOWN[where]) known.add(where);
        else found.push(`${where}: ${m[0]}`);
      }
    }
    expect(found).toEqual([]);
    // An exception that is gone leaves the list too.
    expect([...known].sort()).toEqual(Object.keys(KNOWN).sort());
  });
});
