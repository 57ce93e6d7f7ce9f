/**
 * One typical job per (platform, content type) pair an edge node publishes, for tests that run
 * every pair through the node's attempt (run-attempt.ts) against the replicas: the settings of
 * each adapter test's main happy path, small media (pictures that decode as their names say,
 * bench/lib/pictures.mjs, as a page that reads a picture before uploading it needs). A pair the
 * registry lists without a job here fails `registryJobPairs`, so a new adapter cannot be left out.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type JobSpec, SETTINGS_CONTRACT_VERSION } from '@plume/shared';
import { allAdapters, canPublish } from '../../edge-node/src/adapters/registry.js';
// @ts-expect-error: a plain ES module of the benchmarks, shared so pictures decode alike everywhere
import { mediaBytes } from '../../bench/lib/pictures.mjs';

type File = (name: string) => string;
interface PairJob {
  payload: (n: number, f: File) => Record<string, unknown>;
  settings: (n: number) => Record<string, unknown>;
}

/** name → bytes, written into the user's video directory by `writeJobMedia`. */
export const JOB_MEDIA: Readonly<Record<string, number>> = { 'clip.mp4': 128 * 1024, 'cover.jpg': 24 * 1024, 'a.jpg': 24 * 1024, 'b.png': 32 * 1024 };

const ARTICLE = '## 小标题\n\n一段 **加粗** 的正文，含 [一个链接](https://example.com/x)。\n\n- 一\n- 二\n';
/** douyin publishes no article under 100 characters of text. */
const LONG_ARTICLE = `${ARTICLE}\n${'这是一段用来凑够抖音文章最少字数的正文，说明 Plume 如何发布文章。'.repeat(4)}\n`;
const VIDEO_DESCRIPTION = '第一行简介\n**第二行** 简介';

const PAIRS: Record<string, PairJob> = {
  'bilibili/video': {
    payload: (n, f) => ({ title: `B站投稿 ${n}`, localVideoPath: f('clip.mp4'), coverImagePath: f('cover.jpg'), description: VIDEO_DESCRIPTION }),
    settings: () => ({ partitionName: '知识', tags: ['科普', 'Plume'], aiLabel: true, copyright: 'original' }),
  },
  'bilibili/dynamic': {
    payload: (n, f) => ({ content: `## 今日动态 ${n}\n\n**Plume** 的 B 站动态，第 ${n} 条。`, images: [f('a.jpg'), f('b.png')] }),
    settings: (n) => ({ title: `动态标题 ${n}`, tags: ['Plume', '测试'] }),
  },
  'bilibili/article': {
    payload: (n, f) => ({ title: `B站专栏 ${n}`, content: `# 专栏 ${n}\n\n**Plume** 发布的专栏。\n\n![本机图片](${f('b.png')})\n`, coverImage: f('cover.jpg') }),
    settings: () => ({ category: '学习', tags: ['Plume', '专栏'], summary: '一篇经由 Plume 发布的专栏', original: true, coverMode: 'custom' }),
  },
  'douyin/video': {
    payload: (n, f) => ({ title: `抖音视频 ${n}`, localVideoPath: f('clip.mp4'), coverImagePath: f('cover.jpg'), description: '一段 **简介**' }),
    settings: () => ({ tags: ['科普', 'Plume'], aiLabel: true, collectionName: 'Plume 合集' }),
  },
  'douyin/dynamic': { payload: (n, f) => ({ content: `图文标题 ${n}\n第二行 **正文**`, images: [f('a.jpg'), f('b.png')] }), settings: () => ({ tags: ['日常'] }) },
  'douyin/article': { payload: (n, f) => ({ title: `抖音文章 ${n}`, content: LONG_ARTICLE, coverImage: f('cover.jpg') }), settings: () => ({ coverMode: 'custom' }) },
  'xiaohongshu/article': { payload: (n) => ({ title: `长文 ${n}`, content: ARTICLE }), settings: () => ({ tags: ['Plume'], visibility: 'private' }) },
  'xiaohongshu/video': {
    payload: (n, f) => ({ title: `小红书视频 ${n}`, localVideoPath: f('clip.mp4'), coverImagePath: f('cover.jpg'), description: VIDEO_DESCRIPTION }),
    settings: () => ({ tags: ['Plume', '发布测试'], visibility: 'private', location: '青岛市' }),
  },
  'xiaohongshu/dynamic': {
    payload: (n, f) => ({ content: `## 笔记 ${n}\n\n今天用 **Plume** 发了一条图文。`, images: [f('a.jpg'), f('b.png')] }),
    settings: (n) => ({ title: `图文笔记 ${n}`, tags: ['Plume'] }),
  },
  'juejin/article': {
    payload: (n, f) => ({ title: `掘金文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ category: 'backend', tags: ['TypeScript', 'Node.js'], summary: '一篇用来测试掘金发布流程的文章', aiLabel: true }),
  },
  'kuaishou/video': {
    payload: (n, f) => ({ title: `快手视频 ${n}`, localVideoPath: f('clip.mp4'), coverImagePath: f('cover.jpg'), description: `**Plume** 发布的第 ${n} 条视频` }),
    settings: () => ({ tags: ['Plume', '测试'], collectionName: 'Plume 合集' }),
  },
  'kuaishou/dynamic': { payload: (n, f) => ({ content: `## 图文 ${n}\n\n今天的 *图文* 动态`, images: [f('a.jpg'), f('b.png')] }), settings: () => ({ tags: ['图文'] }) },
  'toutiao/article': {
    payload: (n, f) => ({ title: `头条文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ exclusive: true, declarations: ['personal_opinion'], aiLabel: true }),
  },
  'toutiao/dynamic': {
    payload: (n, f) => ({ content: `今天的 **微头条** ${n}\n第二行`, images: [f('a.jpg'), f('b.png')] }),
    settings: () => ({ tags: ['日常', 'Plume'], declarations: ['from_internet'], exclusive: true }),
  },
  'toutiao/video': {
    payload: (n, f) => ({ title: `头条视频 ${n}`, localVideoPath: f('clip.mp4'), coverImagePath: f('cover.jpg'), description: '一段 **简介**' }),
    settings: () => ({ tags: ['科普', 'Plume'], visibility: 'public', aiLabel: false }),
  },
  'weibo/dynamic': {
    payload: (n, f) => ({ content: `## 今日动态 ${n}\n\n**Plume** 发布测试，第 ${n} 条。`, images: [f('a.jpg'), f('b.png')] }),
    settings: () => ({ visibility: 'friends', tags: ['Plume', '发布测试'] }),
  },
  'weibo/article': { payload: (n, f) => ({ title: `微博文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }), settings: () => ({ summary: '一篇用来测试的微博文章' }) },
  'weibo/video': {
    payload: (n, f) => ({ title: `微博视频 ${n}`, localVideoPath: f('clip.mp4'), coverImagePath: f('cover.jpg') }),
    settings: () => ({ creationType: 'derivative', aiLabel: true, tags: ['Plume', '视频'], description: '**第一行**说明\n第二行', coverMode: 'custom', visibility: 'public' }),
  },
  'zhihu/article': {
    payload: (n, f) => ({ title: `知乎文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ tags: ['TypeScript'], column: 'Plume 实验室', coverMode: 'custom', aiLabel: true }),
  },
  'zhihu/video': {
    payload: (n, f) => ({ title: `知乎视频 ${n}`, localVideoPath: f('clip.mp4'), coverImagePath: f('cover.jpg'), description: VIDEO_DESCRIPTION }),
    settings: () => ({ tags: ['汽车'], coverMode: 'custom' }),
  },
  'csdn/article': {
    payload: (n, f) => ({ title: `CSDN 文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ tags: ['typescript'], summary: '一篇用来测试 CSDN 发布流程的文章', articleType: 'original', coverMode: 'custom' }),
  },
  'jianshu/article': { payload: (n) => ({ title: `简书文章 ${n}`, content: ARTICLE }), settings: () => ({ notebook: '随笔' }) },
  'baijiahao/article': {
    payload: (n, f) => ({ title: `百家号文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ aiLabel: true, summary: '一篇测试百家号发布流程的文章', coverMode: 'custom' }),
  },
  'baijiahao/video': {
    payload: (n, f) => ({ title: `百家号视频发布测试 ${n}`, localVideoPath: f('clip.mp4'), coverImagePath: f('cover.jpg'), description: VIDEO_DESCRIPTION }),
    settings: () => ({ aiLabel: true }),
  },
  'sohu/article': {
    payload: (n, f) => ({ title: `搜狐号文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ aiLabel: true, summary: '一篇测试搜狐号发布流程的文章', coverMode: 'custom' }),
  },
  'sohu/video': { payload: (n, f) => ({ title: `搜狐号视频 ${n}`, localVideoPath: f('clip.mp4'), description: VIDEO_DESCRIPTION }), settings: () => ({}) },
  'netease/article': { payload: (n, f) => ({ title: `网易号文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }), settings: () => ({ original: true, coverMode: 'custom' }) },
  'netease/video': { payload: (n, f) => ({ title: `网易号视频 ${n}`, localVideoPath: f('clip.mp4'), description: VIDEO_DESCRIPTION }), settings: () => ({}) },
  'eastmoney/article': { payload: (n, f) => ({ title: `财富号文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }), settings: () => ({ coverMode: 'custom' }) },
  'eastmoney/video': { payload: (n, f) => ({ title: `财富号视频 ${n}`, localVideoPath: f('clip.mp4'), description: VIDEO_DESCRIPTION }), settings: () => ({}) },
  'autohome/article': { payload: (n, f) => ({ title: `车家号文章测试 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }), settings: () => ({ coverMode: 'custom', original: true }) },
  'autohome/video': { payload: (n, f) => ({ title: `车家号视频 ${n}`, localVideoPath: f('clip.mp4'), description: VIDEO_DESCRIPTION }), settings: () => ({}) },
  'dongchedi/article': { payload: (n, f) => ({ title: `懂车号文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }), settings: () => ({ coverMode: 'custom' }) },
  'yiche/article': { payload: (n, f) => ({ title: `易车号文章测试 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }), settings: () => ({ coverMode: 'custom', aiLabel: true }) },
  'yiche/video': { payload: (n, f) => ({ title: `易车号视频 ${n}`, localVideoPath: f('clip.mp4'), description: VIDEO_DESCRIPTION }), settings: () => ({}) },
  'qiehao/article': {
    payload: (n, f) => ({ title: `企鹅号文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ original: true, summary: '一篇测试企鹅号发布流程的文章', coverMode: 'custom' }),
  },
  'qiehao/video': {
    payload: (n, f) => ({ title: `企鹅号视频测试 ${n}`, localVideoPath: f('clip.mp4'), coverImagePath: f('cover.jpg'), description: VIDEO_DESCRIPTION }),
    settings: () => ({ tags: ['测试', '视频'], coverMode: 'custom', aiLabel: false }),
  },
  'dayu/article': { payload: (n, f) => ({ title: `大鱼号文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }), settings: () => ({ coverMode: 'custom' }) },
  'dayu/video': {
    payload: (n, f) => ({ title: `大鱼号视频 ${n}`, localVideoPath: f('clip.mp4'), coverImagePath: f('cover.jpg'), description: VIDEO_DESCRIPTION }),
    settings: () => ({ tags: ['科普', 'Plume'], coverMode: 'custom' }),
  },
  'yidian/article': { payload: (n, f) => ({ title: `一点号文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }), settings: () => ({ original: true, coverMode: 'custom' }) },
  'yidian/video': { payload: (n, f) => ({ title: `一点号视频 ${n}`, localVideoPath: f('clip.mp4'), description: VIDEO_DESCRIPTION }), settings: () => ({}) },
  'wechat_mp/video': { payload: (n, f) => ({ title: `公众号视频 ${n}`, localVideoPath: f('clip.mp4') }), settings: () => ({}) },
  'wechat_mp/article': {
    payload: (n, f) => ({ title: `公众号文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ author: 'Plume', openComment: true, coverMode: 'custom' }),
  },
};

/** One account per platform, in the form its replica and adapter take. */
const ACCOUNT: Record<string, string> = {
  bilibili: '30010070',
  douyin: 'MS4wLjABAAAAgate_douyin_1',
  juejin: 'jj_gate_1',
  kuaishou: '224466871',
  toutiao: '170000000000071',
  weibo: '556677071',
  xiaohongshu: '5f3e0c2a00000000010bbb71',
  zhihu: '9b1e0c2f4a7d43e8b6c15f0a2d9e7c71',
  csdn: 'plume_gate_1',
  jianshu: '1219271',
  baijiahao: '158800000000071',
  sohu: '12018671',
  netease: 'W74000000000gate1',
  qiehao: '512000071',
  dayu: 'd4a7b0c1e2f3a4b5c6d7e8f9a0b1c271',
  yidian: '173600071',
  eastmoney: '32860150421571',
  autohome: '6358171',
  dongchedi: '172045883628071',
  wechat_mp: 'gh_gate0000071',
  yiche: '5081771',
};
export const accountOf = (platform: string): string => ACCOUNT[platform] ?? `${platform}_gate_1`;

/** Every `platform/contentType` an edge node publishes (the registry as the catalog lets an edge node run it), in registry order. */
export function registryJobPairs(): string[] {
  const pairs = allAdapters().flatMap((a) => a.contentTypes.filter((t) => canPublish(a.platform, t, 'edge')).map((t) => `${a.platform}/${t}`));
  const missing = pairs.filter((p) => !PAIRS[p]);
  if (missing.length) throw new Error(`no job for ${missing.join(', ')}: add one to test/support/registry-jobs.ts`);
  return pairs;
}

/** Writes JOB_MEDIA into `dir` (the user's own directory under the node's video directory). */
export async function writeJobMedia(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [name, size] of Object.entries(JOB_MEDIA)) await writeFile(join(dir, name), mediaBytes(name, size) as Buffer);
}

/** The JobSpec a control plane would send for job number `n` of `pair`; `file(name)` is the media's path on the node. */
export function registryJobSpec(pair: string, n: number, file: File, extra: Partial<JobSpec> = {}): JobSpec {
  const [platform = '', contentType] = pair.split('/');
  const job = PAIRS[pair];
  if (!job) throw new Error(`no job for ${pair}`);
  const ref = accountOf(platform);
  return {
    userId: 7,
    platform,
    contentType: contentType as JobSpec['contentType'],
    account: { id: 1, externalRef: ref, displayName: `user_${ref}` },
    payload: job.payload(n, file),
    settings: job.settings(n),
    settingsHash: `sha256:test-${pair}`,
    settingsContractVersion: SETTINGS_CONTRACT_VERSION,
    createdAt: new Date().toISOString(),
    ...extra,
  } as JobSpec;
}
