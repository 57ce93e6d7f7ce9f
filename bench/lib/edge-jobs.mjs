/**
 * One typical job per (platform, content type) pair an adapter publishes, for
 * the edge job benchmarks: small media (a 400 KiB video of random bytes, as
 * the simulator never decodes video; a 48 KiB cover and pictures of 48–80
 * KiB that decode as the JPEG or PNG their names say, as a page that reads
 * a picture before uploading it needs: lib/pictures.mjs), the settings of
 * each adapter test's main happy path, and the real URL of the page the adapter edits in (its `open_editor` page, which the
 * benchmarks open bare as their baseline). A pair missing here while the
 * registry lists it fails the benchmark, so a new adapter cannot go
 * unmeasured.
 */
import { allAdapters, canPublish } from '../../edge-node/dist/adapters/registry.js';
import { liveUrl } from '../../edge-node/dist/adapters/kit/live-url.js';
import { SETTINGS_CONTRACT_VERSION } from '@plume/shared';

export const USER_ID = 7;

/** name → bytes, written into the user's video directory. */
export const MEDIA_FILES = {
  'clip.mp4': 400 * 1024,
  'cover.jpg': 48 * 1024,
  'a.jpg': 64 * 1024,
  'b.png': 80 * 1024,
  // Five distinct pictures for articles with pictures in their text (jobSpec's `pictures`).
  ...Object.fromEntries([1, 2, 3, 4, 5].map((i) => [`inline-${i}.jpg`, (40 + 8 * i) * 1024])),
};

/**
 * How each article platform's adapter takes pictures in the text, for jobs
 * with `pictures`: most upload the user's own files (local paths, through the
 * sandbox); these pass pictures on by their web addresses only (and refuse a
 * local path), so their jobs get web addresses; eastmoney places none (its
 * `inlineImages: drop` setting publishes the text without them).
 */
const WEB_PICTURES_ONLY = new Set(['douyin', 'toutiao', 'xiaohongshu', 'zhihu', 'csdn', 'jianshu', 'autohome', 'dongchedi', 'weibo']);
const PICTURES_DROPPED = new Set(['eastmoney']);

/** The article's Markdown with `count` pictures added, one per paragraph, as the platform takes them. */
function withPictures(platform, content, count, file) {
  const src = (i) => (WEB_PICTURES_ONLY.has(platform) ? `https://images.example.com/plume/inline-${i}.jpg` : file(`inline-${i}.jpg`));
  const parts = Array.from({ length: count }, (_, k) => `第 ${k + 1} 张图的说明文字。\n\n![图 ${k + 1}](${src(k + 1)})\n`);
  return `${content}\n${parts.join('\n')}`;
}

/** One account per platform (slot 0); more slots give other accounts of the same platform (concurrent jobs). */
const ACCOUNT_BASE = {
  bilibili: '3001000',
  douyin: 'MS4wLjABAAAAbench_douyin_',
  juejin: 'jj_bench_',
  kuaishou: '224466880',
  toutiao: '170000000000000',
  weibo: '556677000',
  xiaohongshu: '5f3e0c2a00000000010bbbb',
  zhihu: '9b1e0c2f4a7d43e8b6c15f0a2d9e7c3',
  csdn: 'plume_bench_',
  jianshu: '1219297',
  baijiahao: '158800000000000',
  sohu: '12018691',
  netease: 'W74000000000bench',
  qiehao: '512000000',
  dayu: 'd4a7b0c1e2f3a4b5c6d7e8f9a0b1c2d',
  yidian: '173600000',
  eastmoney: '32860150421500',
  autohome: '6358120',
  dongchedi: '172045883628000',
  wechat_mp: 'gh_bench00000',
  yiche: '5081700',
};
export const accountRef = (platform, slot = 0) => `${ACCOUNT_BASE[platform]}${slot}`;

const ARTICLE = '## 小标题\n\n一段 **加粗** 的正文，含 [一个链接](https://example.com/x)。\n\n- 一\n- 二\n';
/** douyin publishes no article under 100 characters of text. */
const LONG_ARTICLE = `${ARTICLE}\n${'这是一段用来凑够抖音文章最少字数的正文，说明 Plume 如何发布文章。'.repeat(4)}\n`;
const VIDEO_DESCRIPTION = '第一行简介\n**第二行** 简介';

/** pair → { editor: real URL, payload(n, file), settings(n) } */
const PAIRS = {
  'bilibili/video': {
    editor: 'https://member.bilibili.com/platform/upload/video/frame',
    payload: (n, f) => ({ title: `B站投稿 ${n}`, localVideoPath: f('clip.mp4'), coverImagePath: f('cover.jpg'), description: VIDEO_DESCRIPTION }),
    settings: () => ({ partitionName: '知识', tags: ['科普', 'Plume'], aiLabel: true, copyright: 'original' }),
  },
  'bilibili/dynamic': {
    editor: 'https://t.bilibili.com/',
    payload: (n, f) => ({ content: `## 今日动态 ${n}\n\n**Plume** 的 B 站动态，第 ${n} 条。\n\n- 第一点\n- 第二点`, images: [f('a.jpg'), f('b.png')] }),
    settings: (n) => ({ title: `动态标题 ${n}`, tags: ['Plume', '测试'] }),
  },
  'bilibili/article': {
    editor: 'https://member.bilibili.com/article-text/home?newEditor=-1',
    // A picture of the user's own in the text: the adapter uploads it through the sandbox like the cover.
    payload: (n, f) => ({ title: `B站专栏 ${n}`, content: `# 专栏 ${n}\n\n**Plume** 发布的专栏。\n\n![本机图片](${f('b.png')})\n\n- 第一点\n- 第二点\n`, coverImage: f('cover.jpg') }),
    settings: () => ({ category: '学习', tags: ['Plume', '专栏'], summary: '一篇经由 Plume 发布的专栏', original: true, coverMode: 'custom' }),
  },
  'douyin/video': {
    editor: 'https://creator.douyin.com/creator-micro/content/upload',
    payload: (n, f) => ({ title: `抖音视频 ${n}`, localVideoPath: f('clip.mp4'), coverImagePath: f('cover.jpg'), description: '一段 **简介**' }),
    settings: () => ({ tags: ['科普', 'Plume'], aiLabel: true, collectionName: 'Plume 合集' }),
  },
  'douyin/dynamic': {
    editor: 'https://creator.douyin.com/creator-micro/content/upload',
    payload: (n, f) => ({ content: `图文标题 ${n}\n第二行 **正文**`, images: [f('a.jpg'), f('b.png')] }),
    settings: () => ({ tags: ['日常'] }),
  },
  'douyin/article': {
    editor: 'https://creator.douyin.com/creator-micro/content/post/article?default-tab=5&enter_from=publish_page&media_type=article&type=new',
    payload: (n, f) => ({ title: `抖音文章 ${n}`, content: LONG_ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ coverMode: 'custom' }),
  },
  'xiaohongshu/article': {
    editor: 'https://creator.xiaohongshu.com/publish/publish?from=menu&target=article',
    payload: (n) => ({ title: `长文 ${n}`, content: ARTICLE }),
    settings: () => ({ tags: ['Plume'], visibility: 'private' }),
  },
  'juejin/article': {
    editor: 'https://juejin.cn/editor/drafts/new?v=2',
    payload: (n, f) => ({ title: `掘金文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ category: 'backend', tags: ['TypeScript', 'Node.js'], summary: '一篇用来测试掘金发布流程的文章', aiLabel: true }),
  },
  'kuaishou/video': {
    editor: 'https://cp.kuaishou.com/article/publish/video',
    payload: (n, f) => ({ title: `快手视频 ${n}`, localVideoPath: f('clip.mp4'), coverImagePath: f('cover.jpg'), description: `**Plume** 发布的第 ${n} 条视频` }),
    settings: () => ({ tags: ['Plume', '测试'], collectionName: 'Plume 合集' }),
  },
  'kuaishou/dynamic': {
    editor: 'https://cp.kuaishou.com/article/publish/video',
    payload: (n, f) => ({ content: `## 图文 ${n}\n\n今天的 *图文* 动态`, images: [f('a.jpg'), f('b.png')] }),
    settings: () => ({ tags: ['图文'] }),
  },
  'toutiao/article': {
    editor: 'https://mp.toutiao.com/profile_v4/graphic/publish',
    payload: (n, f) => ({ title: `头条文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ exclusive: true, declarations: ['personal_opinion'], aiLabel: true }),
  },
  'toutiao/dynamic': {
    editor: 'https://mp.toutiao.com/profile_v4/weitoutiao/publish',
    payload: (n, f) => ({ content: `今天的 **微头条** ${n}\n第二行`, images: [f('a.jpg'), f('b.png')] }),
    settings: () => ({ tags: ['日常', 'Plume'], declarations: ['from_internet'], exclusive: true }),
  },
  'toutiao/video': {
    editor: 'https://mp.toutiao.com/profile_v4/xigua/upload-video',
    payload: (n, f) => ({ title: `头条视频 ${n}`, localVideoPath: f('clip.mp4'), coverImagePath: f('cover.jpg'), description: '一段 **简介**' }),
    settings: () => ({ tags: ['科普', 'Plume'], visibility: 'public', aiLabel: false }),
  },
  'weibo/dynamic': {
    editor: 'https://weibo.com/',
    payload: (n, f) => ({ content: `## 今日动态 ${n}\n\n**Plume** 发布测试，第 ${n} 条。\n\n- 第一点\n- 第二点`, images: [f('a.jpg'), f('b.png')] }),
    settings: () => ({ visibility: 'friends', tags: ['Plume', '发布测试'] }),
  },
  'weibo/article': {
    editor: 'https://card.weibo.com/article/v3/editor',
    payload: (n, f) => ({ title: `微博文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ summary: '一篇用来测试的微博文章' }),
  },
  'weibo/video': {
    editor: 'https://weibo.com/upload/channel',
    payload: (n, f) => ({ title: `微博视频 ${n}`, localVideoPath: f('clip.mp4'), coverImagePath: f('cover.jpg') }),
    settings: () => ({ creationType: 'derivative', aiLabel: true, tags: ['Plume', '视频'], description: '**第一行**说明\n第二行', coverMode: 'custom', visibility: 'public' }),
  },
  'xiaohongshu/video': {
    editor: 'https://creator.xiaohongshu.com/publish/publish?from=homepage&target=video',
    payload: (n, f) => ({ title: `小红书视频 ${n}`, localVideoPath: f('clip.mp4'), coverImagePath: f('cover.jpg'), description: VIDEO_DESCRIPTION }),
    settings: () => ({ tags: ['Plume', '发布测试'], visibility: 'private', location: '青岛市' }),
  },
  'xiaohongshu/dynamic': {
    editor: 'https://creator.xiaohongshu.com/publish/publish?from=homepage&target=image',
    payload: (n, f) => ({ content: `## 笔记 ${n}\n\n今天用 **Plume** 发了一条图文。\n- 第一点\n- 第二点`, images: [f('a.jpg'), f('b.png')] }),
    settings: (n) => ({ title: `图文笔记 ${n}`, tags: ['Plume'] }),
  },
  'zhihu/article': {
    editor: 'https://zhuanlan.zhihu.com/write',
    payload: (n, f) => ({ title: `知乎文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ tags: ['TypeScript'], column: 'Plume 实验室', coverMode: 'custom', aiLabel: true }),
  },
  'zhihu/video': {
    editor: 'https://www.zhihu.com/zvideo/upload-video',
    payload: (n, f) => ({ title: `知乎视频 ${n}`, localVideoPath: f('clip.mp4'), coverImagePath: f('cover.jpg'), description: VIDEO_DESCRIPTION }),
    settings: () => ({ tags: ['汽车'], coverMode: 'custom' }),
  },
  'csdn/article': {
    editor: 'https://editor.csdn.net/md/',
    payload: (n, f) => ({ title: `CSDN 文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ tags: ['typescript'], summary: '一篇用来测试 CSDN 发布流程的文章', articleType: 'original', coverMode: 'custom' }),
  },
  'jianshu/article': {
    editor: 'https://www.jianshu.com/writer',
    payload: (n) => ({ title: `简书文章 ${n}`, content: ARTICLE }),
    settings: () => ({ notebook: '随笔' }),
  },
  'baijiahao/article': {
    editor: 'https://baijiahao.baidu.com/builder/rc/edit?type=news',
    payload: (n, f) => ({ title: `百家号文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ aiLabel: true, summary: '一篇测试百家号发布流程的文章', coverMode: 'custom' }),
  },
  'sohu/article': {
    editor: 'https://mp.sohu.com/mpfe/v4/contentManagement/news/addarticle',
    payload: (n, f) => ({ title: `搜狐号文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ aiLabel: true, summary: '一篇测试搜狐号发布流程的文章', coverMode: 'custom' }),
  },
  'netease/article': {
    editor: 'https://mp.163.com/subscribe_v4/index.html#/article-publish',
    payload: (n, f) => ({ title: `网易号文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ original: true, coverMode: 'custom' }),
  },
  'eastmoney/article': {
    editor: 'https://mp.eastmoney.com/collect/pc_article/index.html',
    payload: (n, f) => ({ title: `财富号文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ coverMode: 'custom' }),
  },
  'eastmoney/video': {
    editor: 'https://mp.eastmoney.com/collect/pc_writer/index.html#/publish/video',
    payload: (n, f) => ({ title: `财富号视频 ${n}`, localVideoPath: f('clip.mp4'), description: VIDEO_DESCRIPTION }),
    settings: () => ({}),
  },
  'autohome/article': {
    editor: 'https://chejiahao.autohome.com.cn/article/post.html',
    payload: (n, f) => ({ title: `车家号文章测试 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ coverMode: 'custom', original: true }),
  },
  'dongchedi/article': {
    editor: 'https://mp.dcdapp.com/profile_v2/publish/article',
    payload: (n, f) => ({ title: `懂车号文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ coverMode: 'custom' }),
  },
  'yiche/article': {
    editor: 'https://mp.yiche.com/article/index-new',
    payload: (n, f) => ({ title: `易车号文章测试 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ coverMode: 'custom', aiLabel: true }),
  },
  'yiche/video': {
    editor: 'https://mp.yiche.com/videos/video',
    payload: (n, f) => ({ title: `易车号视频 ${n}`, localVideoPath: f('clip.mp4'), description: VIDEO_DESCRIPTION }),
    settings: () => ({}),
  },
  'baijiahao/video': {
    editor: 'https://baijiahao.baidu.com/builder/rc/edit?type=videoV2',
    payload: (n, f) => ({ title: `百家号视频发布测试 ${n}`, localVideoPath: f('clip.mp4'), coverImagePath: f('cover.jpg'), description: VIDEO_DESCRIPTION }),
    settings: () => ({ aiLabel: true }),
  },
  'sohu/video': {
    editor: 'https://mp.sohu.com/mpfe/v4/contentManagement/news/addvideo',
    payload: (n, f) => ({ title: `搜狐号视频 ${n}`, localVideoPath: f('clip.mp4'), description: VIDEO_DESCRIPTION }),
    settings: () => ({}),
  },
  'autohome/video': {
    editor: 'https://creator.autohome.com.cn/web/publish/video',
    payload: (n, f) => ({ title: `车家号视频 ${n}`, localVideoPath: f('clip.mp4'), description: VIDEO_DESCRIPTION }),
    settings: () => ({}),
  },
  'netease/video': {
    editor: 'https://mp.163.com/subscribe_v4/index.html#/video-publish',
    payload: (n, f) => ({ title: `网易号视频 ${n}`, localVideoPath: f('clip.mp4'), description: VIDEO_DESCRIPTION }),
    settings: () => ({}),
  },
  'qiehao/video': {
    editor: 'https://om.qq.com/main/creation/video',
    payload: (n, f) => ({ title: `企鹅号视频测试 ${n}`, localVideoPath: f('clip.mp4'), coverImagePath: f('cover.jpg'), description: VIDEO_DESCRIPTION }),
    settings: () => ({ tags: ['测试', '视频'], coverMode: 'custom', aiLabel: false }),
  },
  'dayu/video': {
    editor: 'https://mp.dayu.com/dashboard/video/write',
    payload: (n, f) => ({ title: `大鱼号视频 ${n}`, localVideoPath: f('clip.mp4'), coverImagePath: f('cover.jpg'), description: VIDEO_DESCRIPTION }),
    settings: () => ({ tags: ['科普', 'Plume'], coverMode: 'custom' }),
  },
  'yidian/video': {
    editor: 'https://mp.yidianzixun.com/#/Writing/videoEditor',
    payload: (n, f) => ({ title: `一点号视频 ${n}`, localVideoPath: f('clip.mp4'), description: VIDEO_DESCRIPTION }),
    settings: () => ({}),
  },
  'qiehao/article': {
    editor: 'https://om.qq.com/main/creation/article',
    payload: (n, f) => ({ title: `企鹅号文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ original: true, summary: '一篇测试企鹅号发布流程的文章', coverMode: 'custom' }),
  },
  'dayu/article': {
    editor: 'https://mp.dayu.com/dashboard/article/write',
    payload: (n, f) => ({ title: `大鱼号文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ coverMode: 'custom' }),
  },
  'yidian/article': {
    editor: 'https://mp.yidianzixun.com/#/Writing/articleEditor',
    payload: (n, f) => ({ title: `一点号文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ original: true, coverMode: 'custom' }),
  },
  'wechat_mp/article': {
    editor: 'https://mp.weixin.qq.com/',
    payload: (n, f) => ({ title: `公众号文章 ${n}`, content: ARTICLE, coverImage: f('cover.jpg') }),
    settings: () => ({ author: 'Plume', openComment: true, coverMode: 'custom' }),
  },
  'wechat_mp/video': {
    // The video editor's address needs the session token the home page gives; the home page is where the adapter starts.
    editor: 'https://mp.weixin.qq.com/',
    payload: (n, f) => ({ title: `公众号视频 ${n}`, localVideoPath: f('clip.mp4') }),
    settings: () => ({}),
  },
};

/**
 * Every `platform/contentType` an edge node publishes (the registry's adapters
 * as the catalog lets an edge node run them: YouTube is desktop-only), in
 * registry order.
 */
export function registryPairs() {
  const pairs = allAdapters().flatMap((a) => a.contentTypes.filter((t) => canPublish(a.platform, t, 'edge')).map((t) => `${a.platform}/${t}`));
  const missing = pairs.filter((p) => !PAIRS[p]);
  if (missing.length) throw new Error(`no benchmark job for ${missing.join(', ')}: add one to bench/lib/edge-jobs.mjs`);
  return pairs;
}

/** The replica address of the pair's editor page (the adapter's own address convention, kit/live-url). */
export function editorUrl(pair, platformBaseUrl) {
  const [platform] = pair.split('/');
  const adapter = allAdapters().find((a) => a.platform === platform);
  return liveUrl({ baseUrl: platformBaseUrl }, adapter, PAIRS[pair].editor);
}

/**
 * The JobSpec the control plane would send in `start` for job number `n` of
 * `pair` on account `slot`; `file(name)` is the media's absolute path on the node.
 * `pictures` adds that many pictures to an article's text (other content types
 * are unchanged).
 */
export function jobSpec(pair, n, file, slot = 0, { pictures = 0 } = {}) {
  const [platform, contentType] = pair.split('/');
  const ref = accountRef(platform, slot);
  const payload = PAIRS[pair].payload(n, file);
  const settings = PAIRS[pair].settings(n);
  if (pictures > 0 && contentType === 'article') {
    payload.content = withPictures(platform, payload.content, pictures, file);
    if (PICTURES_DROPPED.has(platform)) settings.inlineImages = 'drop';
  }
  return {
    userId: USER_ID,
    platform,
    contentType,
    account: { id: 1000 + slot, externalRef: ref, displayName: `user_${ref}` },
    payload,
    settings,
    settingsHash: `sha256:bench-${pair}`,
    settingsContractVersion: SETTINGS_CONTRACT_VERSION,
    createdAt: new Date().toISOString(),
  };
}
