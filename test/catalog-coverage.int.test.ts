/**
 * The catalog and what edge nodes can publish, pair by pair. Every
 * (platform, content type) that `GET /meta` declares for edge nodes either
 * has all three — an adapter in plume-edge, a replica of its creator pages in
 * the platform simulator, and an end-to-end test through the daemon — and is
 * listed in the "edge adapter" column of docs/platforms.md, or has none of
 * the adapter, is not listed there, and is among the pairs "Why these
 * platforms" names as having no adapter, with why. A pair can neither be claimed in
 * the docs without its tests, nor run by nodes without being documented, nor
 * left without an adapter unexplained.
 *
 * End-to-end tests name the pair they prove at the start of their title:
 * `it('<platform> <content type>: …')` in edge-node/test/e2e/*.int.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentType } from '@plume/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../control-plane/src/testing/app.js';
import { createUser, type TestUser, v1 } from '../control-plane/src/testing/openapi.js';
import { canPublish } from '../edge-node/src/adapters/registry.js';
import { REPLICAS } from './platform-simulator/index.js';

const ROOT = new URL('..', import.meta.url).pathname;
const pair = (platform: string, type: string) => `${platform} ${type}`;

/** Pairs the end-to-end tests prove, from their titles. */
function endToEndPairs(): Set<string> {
  const found = new Set<string>();
  const dir = join(ROOT, 'edge-node/test/e2e');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.int.test.ts'))) {
    const source = readFileSync(join(dir, file), 'utf8');
    for (const m of source.matchAll(/\bit\(\s*['"`]([a-z_]+) (article|dynamic|video): /g)) found.add(pair(m[1]!, m[2]!));
  }
  return found;
}

/** The "edge adapter" column of the catalog table in docs/platforms.md. */
function documentedPairs(): Map<string, Set<string>> {
  const doc = readFileSync(join(ROOT, 'docs/platforms.md'), 'utf8');
  const start = doc.indexOf('## The catalog');
  const end = doc.slice(start + 1).search(/\n##+ /);
  const section = doc.slice(start, end < 0 ? undefined : start + 1 + end);
  const rows = new Map<string, Set<string>>();
  for (const m of section.matchAll(/^\| `([a-z_]+)` \|[^\n]*\| ([^|\n]+) \|$/gm)) {
    const cell = m[2]!.trim();
    rows.set(m[1]!, new Set(/^[a-z, ]+$/.test(cell) && cell !== 'none' ? cell.split(', ') : []));
  }
  return rows;
}

/** The pairs the "Why these platforms" section names as declared for edge nodes but without an adapter. */
function explainedWithoutAdapter(): Set<string> {
  const doc = readFileSync(join(ROOT, 'docs/platforms.md'), 'utf8');
  const start = doc.indexOf('### Why these platforms');
  const section = doc.slice(start, doc.indexOf('\n## ', start));
  const at = section.search(/pairs? the catalog declares for edge nodes (have|has) no adapter:/);
  if (start < 0 || at < 0) return new Set();
  const paragraph = section.slice(at).split('\n\n')[0]!;
  const plural: Record<string, string> = { articles: 'article', dynamics: 'dynamic', videos: 'video' };
  return new Set([...paragraph.matchAll(/`([a-z_]+)` (articles|dynamics|videos)\b/g)].map((m) => pair(m[1]!, plural[m[2]!]!)));
}

let t: TestApp;
let user: TestUser;
let declared: Array<{ platform: string; type: ContentType }>;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app, t.adminHeaders);
  const meta = await v1(t.app, user, 'GET', '/meta');
  expect(meta.status).toBe(200);
  const platforms = meta.body.publish.platforms as Array<{ id: string; category: string; content_types: ContentType[]; article_executors: string[]; video_executors: string[] }>;
  declared = platforms
    .filter((p) => p.category === 'content')
    .flatMap((p) => p.content_types.map((type) => ({ platform: p.id, type })))
    .filter(({ platform, type }) => {
      const p = platforms.find((x) => x.id === platform)!;
      return (type === 'video' ? p.video_executors : p.article_executors).includes('edge');
    });
});
afterAll(async () => t?.close());

describe('the catalog against the edge adapters', () => {
  it('GET /meta declares edge publishing for every content platform but the desktop-only one', () => {
    expect(new Set(declared.map((d) => d.platform)).size).toBe(21);
    expect(declared.some((d) => d.platform === 'youtube')).toBe(false);
  });

  it('a pair an edge node runs has a replica and an end-to-end test, and the docs list it', () => {
    const e2e = endToEndPairs();
    const docs = documentedPairs();
    const missing: string[] = [];
    for (const { platform, type } of declared) {
      const documented = docs.get(platform)?.has(type) ?? false;
      if (!canPublish(platform, type)) {
        if (documented) missing.push(`${pair(platform, type)}: listed in docs/platforms.md but plume-edge has no adapter`);
        continue;
      }
      if (!REPLICAS.get(platform)?.includes(type)) missing.push(`${pair(platform, type)}: no replica in test/platform-simulator`);
      if (!e2e.has(pair(platform, type))) missing.push(`${pair(platform, type)}: no end-to-end test titled '${pair(platform, type)}: …'`);
      if (!documented) missing.push(`${pair(platform, type)}: not listed in the catalog table of docs/platforms.md`);
    }
    expect(missing).toEqual([]);
  });

  it('a pair GET /meta declares for edge but no adapter runs is one the docs name as such, and the docs name no other', () => {
    const withoutAdapter = new Set(declared.filter(({ platform, type }) => !canPublish(platform, type)).map(({ platform, type }) => pair(platform, type)));
    expect(explainedWithoutAdapter()).toEqual(withoutAdapter);
  });

  it('the docs list a row for every catalog item, and nothing the catalog does not declare', () => {
    const docs = documentedPairs();
    expect(docs.size).toBe(24);
    for (const [platform, types] of docs) {
      for (const type of types) expect(declared, `${pair(platform, type)} in docs/platforms.md`).toContainEqual({ platform, type });
    }
  });

  it('reads the end-to-end titles it relies on', () => {
    expect(endToEndPairs()).toContain('juejin article');
    expect(endToEndPairs()).toContain('bilibili video');
  });
});
