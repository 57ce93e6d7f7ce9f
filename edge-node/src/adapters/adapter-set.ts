/**
 * Which adapters a daemon runs. The shipped `plume-edge` always runs the
 * platform registry (registryAdapters); nothing in its configuration can
 * swap in other code. A program that embeds the daemon (startDaemon's
 * `adapters` option, cli/program.ts) may pass its own list through adapterSet():
 * the integration tests start the real daemon that way with scripted
 * adapters, and the daemon logs loudly when it runs anything but the
 * registry.
 */
import type { AdapterReport, ContentType } from '@plume/shared';
import type { Adapter } from './contract.js';
import { adapterFor, adapterPlatforms, adapterReports, allAdapters, canPublish, type NodeExecutor } from './registry.js';

export interface AdapterSet {
  get(platform: string): Adapter | undefined;
  canRun(platform: string, contentType: ContentType): boolean;
  platforms(): string[];
  /** (platform × content types) with the settings each adapter applies, as the node reports them. */
  reports(): AdapterReport[];
  /** `registry`: the platform adapters this build ships; `supplied`: a list the embedding program passed. */
  readonly source: 'registry' | 'supplied';
}

/**
 * The platform registry as a node of that executor runs it: a pair the
 * catalog keeps from that executor (YouTube for an edge node) is neither run
 * nor reported, as if there were no adapter for it.
 */
export function registryAdaptersFor(executor: NodeExecutor): AdapterSet {
  return {
    get: (platform) => adapterFor(platform, executor),
    canRun: (platform, type) => canPublish(platform, type, executor),
    platforms: () => adapterPlatforms(executor),
    reports: () => adapterReports(allAdapters(), executor),
    source: 'registry',
  };
}

/** The registry as an edge node runs it (the daemon takes its own node's kind: registryAdaptersFor). */
export const registryAdapters: AdapterSet = registryAdaptersFor('edge');

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
