/**
 * No module of a package imports itself back, directly or through others,
 * type-only imports included: each domain's files form a tree that can be
 * read (and moved) from the bottom up. dpdm walks the same imports tsc does.
 *
 * The control plane's surfaces (`openapi/`, `admin/`, `console-api/`) sit on
 * top: they compose the domains' routes with an error envelope, an auth and a
 * document, and nothing below them imports them. Only the files that build
 * the app from its surfaces (`app.ts`, `main.ts`), the fixtures that build it
 * for tests (`testing/` folders) and tests may.
 */
import { relative } from 'node:path';
import { type DependencyTree, parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const SRC = 'control-plane/src/';
const SURFACES = ['openapi', 'admin', 'console-api'];
const COMPOSERS = new Set([`${SRC}app.ts`, `${SRC}main.ts`]);

const trees = new Map<string, Promise<DependencyTree>>();
function treeOf(dir: string): Promise<DependencyTree> {
  let tree = trees.get(dir);
  if (!tree) {
    tree = parseDependencyTree(`${dir}/**/*.ts`, { cwd: ROOT, context: ROOT, transform: false, skipDynamicImports: false, include: /\.ts$/, exclude: /node_modules/ });
    trees.set(dir, tree);
  }
  return tree;
}

function surfaceOf(file: string): string | null {
  if (!file.startsWith(SRC)) return null;
  const top = file.slice(SRC.length).split('/')[0] ?? '';
  return SURFACES.includes(top) ? top : null;
}

/** Every import of a surface's file from below the surfaces, as `importer → imported`. */
function layeringViolations(tree: DependencyTree): string[] {
  const found: string[] = [];
  for (const [file, deps] of Object.entries(tree)) {
    if (!file.startsWith(SRC) || surfaceOf(file) || COMPOSERS.has(file) || /\.test\.ts$/.test(file) || /(^|\/)testing\//.test(file)) continue;
    for (const dep of deps ?? []) if (dep.id && surfaceOf(dep.id)) found.push(`${file} → ${dep.id}`);
  }
  return found.sort();
}

describe('import cycles', () => {
  it.each(['control-plane/src', 'edge-node/src', 'shared/src'])('%s has none', async (dir) => {
    const tree = await treeOf(dir);
    expect(Object.keys(tree).length).toBeGreaterThan(50);
    const cycles = parseCircular(tree).map((cycle) => cycle.map((f) => relative(ROOT, `${ROOT}/${f}`)).join(' → '));
    expect(cycles).toEqual([]);
  }, 60_000);

  it('sees a cycle when there is one', async () => {
    const tree = { 'a.ts': [{ issuer: 'a.ts', request: './b', kind: 1, id: 'b.ts' }], 'b.ts': [{ issuer: 'b.ts', request: './a', kind: 1, id: 'a.ts' }] };
    expect(parseCircular(tree as never)).toEqual([['a.ts', 'b.ts']]);
  });
});

describe('control-plane layering', () => {
  it('no domain imports a surface (openapi/, admin/, console-api/)', async () => {
    const tree = await treeOf('control-plane/src');
    expect(Object.keys(tree).some((f) => surfaceOf(f) === 'console-api')).toBe(true);
    expect(layeringViolations(tree)).toEqual([]);
  }, 60_000);

  it('sees a domain importing a surface, and lets app.ts, fixtures and tests do it', () => {
    const dep = (issuer: string, id: string) => ({ issuer, request: id, kind: 1, id });
    const tree = {
      [`${SRC}publishing/x.ts`]: [dep(`${SRC}publishing/x.ts`, `${SRC}openapi/y.ts`), dep(`${SRC}publishing/x.ts`, `${SRC}db/client.ts`)],
      [`${SRC}nodes/z.ts`]: [dep(`${SRC}nodes/z.ts`, `${SRC}console-api/w.ts`)],
      [`${SRC}app.ts`]: [dep(`${SRC}app.ts`, `${SRC}admin/admin.routes.ts`)],
      [`${SRC}testing/app.ts`]: [dep(`${SRC}testing/app.ts`, `${SRC}console-api/passwords.ts`)],
      [`${SRC}publishing/x.int.test.ts`]: [dep(`${SRC}publishing/x.int.test.ts`, `${SRC}openapi/y.ts`)],
      [`${SRC}admin/a.ts`]: [dep(`${SRC}admin/a.ts`, `${SRC}console-api/w.ts`)],
    };
    expect(layeringViolations(tree as never)).toEqual([`${SRC}nodes/z.ts → ${SRC}console-api/w.ts`, `${SRC}publishing/x.ts → ${SRC}openapi/y.ts`]);
  });
});
