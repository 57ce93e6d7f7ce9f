/**
 * Platform code → adapter. Adding a platform is one adapter module and one line
 * here (plus its simulator pages under test/platform-simulator/).
 */
import { type AdapterReport, supports, type ContentType } from '@plume/shared';
import { autohomeAdapter } from './autohome.js';
import { baijiahaoAdapter } from './baijiahao.js';
import { bilibiliAdapter } from './bilibili.js';
import type { Adapter } from './contract.js';
import { csdnAdapter } from './csdn.js';
import { dayuAdapter } from './dayu.js';
import { dongchediAdapter } from './dongchedi.js';
import { douyinAdapter } from './douyin.js';
import { eastmoneyAdapter } from './eastmoney.js';
import { jianshuAdapter } from './jianshu.js';
import { juejinAdapter } from './juejin.js';
import { kuaishouAdapter } from './kuaishou.js';
import { neteaseAdapter } from './netease.js';
import { qiehaoAdapter } from './qiehao.js';
import { sohuAdapter } from './sohu.js';
import { toutiaoAdapter } from './toutiao.js';
import { wechatMpAdapter } from './wechat-mp.js';
import { weiboAdapter } from './weibo.js';
import { xiaohongshuAdapter } from './xiaohongshu.js';
import { yicheAdapter } from './yiche.js';
import { yidianAdapter } from './yidian.js';
import { zhihuAdapter } from './zhihu.js';

const ADAPTERS: readonly Adapter[] = [
  juejinAdapter,
  weiboAdapter,
  bilibiliAdapter,
  douyinAdapter,
  xiaohongshuAdapter,
  kuaishouAdapter,
  toutiaoAdapter,
  baijiahaoAdapter,
  sohuAdapter,
  neteaseAdapter,
  zhihuAdapter,
  csdnAdapter,
  jianshuAdapter,
  qiehaoAdapter,
  dayuAdapter,
  yidianAdapter,
  eastmoneyAdapter,
  autohomeAdapter,
  dongchediAdapter,
  wechatMpAdapter,
  yicheAdapter,
];

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

/**
 * What a set of adapters runs, for the capabilities a node reports on
 * connect: each adapter's content types the catalog allows for its platform,
 * and the settings fields it applies. Content types that apply different
 * fields (`settingKeysByType`) get a report each; those applying the same
 * fields share one.
 */
export function adapterReports(adapters: readonly Adapter[] = ADAPTERS): AdapterReport[] {
  return adapters.flatMap((a) => {
    const groups = new Map<string, AdapterReport>();
    for (const type of a.contentTypes.filter((t) => supports(a.platform, t))) {
      // Adapters handed to the program as plain JavaScript (scripted stand-ins) are not type-checked and may omit settingKeys.
      const settings = [...(settingKeysOf(a, type) ?? [])];
      const key = settings.join('\n');
      const group = groups.get(key);
      if (group) group.contentTypes.push(type);
      else groups.set(key, { platform: a.platform, contentTypes: [type], settings });
    }
    return [...groups.values()];
  });
}

/** The settings fields an adapter applies to one of its content types. */
export function settingKeysOf(a: Adapter, type: ContentType): readonly string[] {
  return a.settingKeysByType?.[type] ?? a.settingKeys;
}

export function allAdapters(): readonly Adapter[] {
  return ADAPTERS;
}
