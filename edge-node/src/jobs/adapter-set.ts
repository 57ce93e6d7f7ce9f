/**
 * Which adapters this daemon runs: the platform registry, or — TEST ONLY,
 * when PLUME_EDGE_TEST_ADAPTER names a module — that module's `adapters`
 * array instead (integration tests drive the real daemon with a scripted
 * adapter; the daemon logs loudly when it happens).
 */
import { pathToFileURL } from 'node:url';
import { supports, type ContentType } from '@plume/shared';
import type { Adapter } from '../adapters/contract.js';
import { adapterFor, adapterPlatforms } from '../adapters/registry.js';

export interface AdapterSet {
  get(platform: string): Adapter | undefined;
  canRun(platform: string, contentType: ContentType): boolean;
  platforms(): string[];
  readonly source: 'registry' | 'test';
}

export const registryAdapters: AdapterSet = {
  get: adapterFor,
  canRun: (platform, type) => {
    const a = adapterFor(platform);
    return a !== undefined && a.contentTypes.includes(type) && supports(platform, type);
  },
  platforms: adapterPlatforms,
  source: 'registry',
};

export async function loadAdapters(testModule: string | undefined): Promise<AdapterSet> {
  if (!testModule) return registryAdapters;
  const mod = (await import(pathToFileURL(testModule).href)) as { adapters?: Adapter[] };
  if (!Array.isArray(mod.adapters)) throw new Error(`PLUME_EDGE_TEST_ADAPTER ${testModule} exports no \`adapters\` array`);
  const byPlatform = new Map(mod.adapters.map((a) => [a.platform, a]));
  return {
    get: (p) => byPlatform.get(p),
    canRun: (p, type) => byPlatform.get(p)?.contentTypes.includes(type) ?? false,
    platforms: () => [...byPlatform.keys()],
    source: 'test',
  };
}
