/**
 * No module of a package imports itself back, directly or through others,
 * type-only imports included: each domain's files form a tree that can be
 * read (and moved) from the bottom up. dpdm walks the same imports tsc does.
 */
import { relative } from 'node:path';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;

describe('import cycles', () => {
  it.each(['control-plane/src', 'edge-node/src', 'shared/src'])('%s has none', async (dir) => {
    const tree = await parseDependencyTree(`${dir}/**/*.ts`, { cwd: ROOT, context: ROOT, transform: false, skipDynamicImports: false, include: /\.ts$/, exclude: /node_modules/ });
    expect(Object.keys(tree).length).toBeGreaterThan(50);
    const cycles = parseCircular(tree).map((cycle) => cycle.map((f) => relative(ROOT, `${ROOT}/${f}`)).join(' → '));
    expect(cycles).toEqual([]);
  }, 60_000);

  it('sees a cycle when there is one', async () => {
    const tree = { 'a.ts': [{ issuer: 'a.ts', request: './b', kind: 1, id: 'b.ts' }], 'b.ts': [{ issuer: 'b.ts', request: './a', kind: 1, id: 'a.ts' }] };
    expect(parseCircular(tree as never)).toEqual([['a.ts', 'b.ts']]);
  });
});
