/**
 * Platform code → adapter. Adding a platform is one adapter module and one line
 * here (plus its simulator pages under test/platform-simulator/).
 */
import { supports, type ContentType } from '@plume/shared';
import { bilibiliAdapter } from './bilibili.js';
import type { Adapter } from './contract.js';
import { juejinAdapter } from './juejin.js';
import { weiboAdapter } from './weibo.js';

const ADAPTERS: readonly Adapter[] = [juejinAdapter, weiboAdapter, bilibiliAdapter];

const BY_PLATFORM = new Map(ADAPTERS.map((a) => [a.platform, a]));

export function adapterFor(platform: string): Adapter | undefined {
  return BY_PLATFORM.get(platform);
}

/** Whether this node can run a job of that platform and content type (and the catalog allows it). */
export function canPublish(platform: string, type: ContentType): boolean {
  const a = BY_PLATFORM.get(platform);
  return a !== undefined && a.contentTypes.includes(type) && supports(platform, type);
}

/** Platform codes with an adapter, for the capabilities the node reports on connect. */
export function adapterPlatforms(): string[] {
  return ADAPTERS.map((a) => a.platform);
}

export function allAdapters(): readonly Adapter[] {
  return ADAPTERS;
}
