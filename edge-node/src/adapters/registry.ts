/**
 * Platform code → adapter. Adding a platform is one adapter folder
 * (<platform>/adapter.ts) and one line here (plus its simulator pages under
 * test/platform-simulator/).
 *
 * The catalog fixes which executors may run each (platform × content type):
 * YouTube is desktop-only. A node asks with the executor it was enrolled as
 * (`edge` unless it says otherwise): an edge node neither runs nor reports an
 * adapter for a pair the catalog keeps from edge nodes, exactly as if it had
 * none.
 */
import { type AdapterReport, type ContentType, type Executor, executorsFor, supports } from '@plume/shared';
import { autohomeAdapter } from './autohome/adapter.js';
import { baijiahaoAdapter } from './baijiahao/adapter.js';
import { bilibiliAdapter } from './bilibili/adapter.js';
import type { Adapter } from './contract.js';
import { csdnAdapter } from './csdn/adapter.js';
import { platformChallenges } from './kit/challenge-facts.js';
import { dayuAdapter } from './dayu/adapter.js';
import { dongchediAdapter } from './dongchedi/adapter.js';
import { douyinAdapter } from './douyin/adapter.js';
import { eastmoneyAdapter } from './eastmoney/adapter.js';
import { jianshuAdapter } from './jianshu/adapter.js';
import { juejinAdapter } from './juejin/adapter.js';
import { kuaishouAdapter } from './kuaishou/adapter.js';
import { neteaseAdapter } from './netease/adapter.js';
import { qiehaoAdapter } from './qiehao/adapter.js';
import { sohuAdapter } from './sohu/adapter.js';
import { toutiaoAdapter } from './toutiao/adapter.js';
import { wechatMpAdapter } from './wechat-mp/adapter.js';
import { weiboAdapter } from './weibo/adapter.js';
import { xiaohongshuAdapter } from './xiaohongshu/adapter.js';
import { yicheAdapter } from './yiche/adapter.js';
import { yidianAdapter } from './yidian/adapter.js';
import { youtubeAdapter } from './youtube/adapter.js';
import { zhihuAdapter } from './zhihu/adapter.js';

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
  youtubeAdapter,
];

const BY_PLATFORM = new Map(ADAPTERS.map((a) => [a.platform, a]));

/**
 * The executor a node publishes as: `desktop` for a desktop node, `edge`
 * otherwise (a web node runs the same registry as an edge node, and the
 * control plane routes it only what the catalog gives web nodes).
 */
export type NodeExecutor = Extract<Executor, 'edge' | 'desktop'>;

/** Whether the catalog lets a node of that kind run the pair. */
function allowed(platform: string, type: ContentType, executor: NodeExecutor): boolean {
  return supports(platform, type) && executorsFor(platform, type).includes(executor);
}

/** The executor of a node of this kind (as its enrollment names it). */
export function nodeExecutor(kind: string | undefined): NodeExecutor {
  return kind === 'desktop' ? 'desktop' : 'edge';
}

/** The adapter a node of that kind runs for the platform: none when the catalog lets that kind run none of its content types. */
export function adapterFor(platform: string, executor: NodeExecutor = 'edge'): Adapter | undefined {
  const a = BY_PLATFORM.get(platform);
  return a && a.contentTypes.some((t) => allowed(platform, t, executor)) ? a : undefined;
}

/** Whether a node of that kind can run a job of that platform and content type (and the catalog allows it). */
export function canPublish(platform: string, type: ContentType, executor: NodeExecutor = 'edge'): boolean {
  const a = adapterFor(platform, executor);
  return a !== undefined && a.contentTypes.includes(type) && allowed(platform, type, executor);
}

/** Platform codes with an adapter a node of that kind runs, for the capabilities it reports on connect. */
export function adapterPlatforms(executor: NodeExecutor = 'edge'): string[] {
  return ADAPTERS.filter((a) => adapterFor(a.platform, executor)).map((a) => a.platform);
}

/**
 * What a set of adapters runs, for the capabilities a node reports on
 * connect: each adapter's content types the catalog allows for its platform,
 * and the settings fields it applies. Content types that apply different
 * fields (`settingKeysByType`) get a report each; those applying the same
 * fields share one.
 */
export function adapterReports(adapters: readonly Adapter[] = ADAPTERS, executor?: NodeExecutor): AdapterReport[] {
  return adapters.flatMap((a) => {
    const groups = new Map<string, AdapterReport>();
    for (const type of a.contentTypes.filter((t) => supports(a.platform, t) && (executor === undefined || allowed(a.platform, t, executor)))) {
      // Adapters handed to the program as plain JavaScript (scripted stand-ins) are not type-checked and may omit settingKeys.
      const settings = [...(settingKeysOf(a, type) ?? [])];
      const key = settings.join('\n');
      const group = groups.get(key);
      if (group) group.contentTypes.push(type);
      else groups.set(key, { platform: a.platform, contentTypes: [type], settings });
    }
    // What the platform is on record to ask (challenge-facts.ts): integrators see it as may_ask.
    const challenges = platformChallenges(a.platform);
    return [...groups.values()].map((g) => (challenges.length ? { ...g, challenges } : g));
  });
}

/** The settings fields an adapter applies to one of its content types. */
export function settingKeysOf(a: Adapter, type: ContentType): readonly string[] {
  return a.settingKeysByType?.[type] ?? a.settingKeys;
}

export function allAdapters(): readonly Adapter[] {
  return ADAPTERS;
}
