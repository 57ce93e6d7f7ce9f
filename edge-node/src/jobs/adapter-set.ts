/**
 * Which adapters a daemon runs. The shipped `plume-edge` always runs the
 * platform registry (registryAdapters); nothing in its configuration can
 * swap in other code. A program that embeds the daemon (startDaemon's
 * `adapters` option, program.ts) may pass its own list through adapterSet():
 * the integration tests start the real daemon that way with scripted
 * adapters, and the daemon logs loudly when it runs anything but the
 * registry.
 */
import { type AdapterReport, supports, type ContentType } from '@plume/shared';
import type { Adapter } from '../adapters/contract.js';
import { adapterFor, adapterPlatforms, adapterReports, allAdapters } from '../adapters/registry.js';

export interface AdapterSet {
  get(platform: string): Adapter | undefined;
  canRun(platform: string, contentType: ContentType): boolean;
  platforms(): string[];
  /** (platform × content types) with the settings each adapter applies, as the node reports them. */
  reports(): AdapterReport[];
  /** `registry`: the platform adapters this build ships; `supplied`: a list the embedding program passed. */
  readonly source: 'registry' | 'supplied';
}

export const registryAdapters: AdapterSet = {
  get: adapterFor,
  canRun: (platform, type) => {
    const a = adapterFor(platform);
    return a !== undefined && a.contentTypes.includes(type) && supports(platform, type);
  },
  platforms: adapterPlatforms,
  reports: () => adapterReports(allAdapters()),
  source: 'registry',
};

/** An embedding program's own adapters, one per platform (a later one for the same platform wins). */
export function adapterSet(adapters: readonly Adapter[]): AdapterSet {
  const byPlatform = new Map(adapters.map((a) => [a.platform, a]));
  return {
    get: (p) => byPlatform.get(p),
    canRun: (p, type) => byPlatform.get(p)?.contentTypes.includes(type) ?? false,
    platforms: () => [...byPlatform.keys()],
    reports: () => adapterReports([...byPlatform.values()]),
    source: 'supplied',
  };
}
