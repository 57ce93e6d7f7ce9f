/**
 * The integration catalog: 22 content platforms and 2 CMS
 * site types. Codes are ours; capabilities follow what each platform offers
 * its creators. Both the control plane (routing, validation, GET /meta) and the
 * edge node (adapters) read this one table.
 */
export const CONTENT_TYPES = ['article', 'dynamic', 'video'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const EXECUTORS = ['web', 'desktop', 'edge'] as const;
export type Executor = (typeof EXECUTORS)[number];

export type PlatformCategory = 'content' | 'cms';

export interface PlatformEntry {
  id: string;
  name: string;
  category: PlatformCategory;
  content_types: ContentType[];
  /** Executors that may publish articles and dynamics. */
  article_executors: Executor[];
  video_executors: Executor[];
  video_sources: Array<'local_file'>;
}

const ALL_TEXT: Executor[] = ['web', 'desktop', 'edge'];
const VIDEO: Executor[] = ['edge', 'desktop'];

function content(id: string, name: string, types: ContentType[], videoExecutors: Executor[] = VIDEO): PlatformEntry {
  const hasText = types.includes('article') || types.includes('dynamic');
  const hasVideo = types.includes('video');
  return {
    id,
    name,
    category: 'content',
    content_types: types,
    article_executors: hasText ? ALL_TEXT : [],
    video_executors: hasVideo ? videoExecutors : [],
    video_sources: hasVideo ? ['local_file'] : [],
  };
}

export const PLATFORMS: readonly PlatformEntry[] = Object.freeze([
  content('douyin', 'Douyin', ['article', 'dynamic', 'video']),
  content('xiaohongshu', 'Xiaohongshu', ['article', 'dynamic', 'video']),
  content('bilibili', 'Bilibili', ['article', 'dynamic', 'video']),
  content('weibo', 'Weibo', ['article', 'dynamic', 'video']),
  content('toutiao', 'Toutiao', ['article', 'dynamic', 'video']),
  content('kuaishou', 'Kuaishou', ['dynamic', 'video']),
  content('zhihu', 'Zhihu', ['article', 'video']),
  content('baijiahao', 'Baijiahao', ['article', 'video']),
  content('sohu', 'Sohu', ['article', 'video']),
  content('netease', 'NetEase', ['article', 'video']),
  content('qiehao', 'Qiehao', ['article', 'video']),
  content('dayu', 'Dayu', ['article', 'video']),
  content('yidian', 'Yidian', ['article', 'video']),
  content('wechat_mp', 'WeChat Official Accounts', ['article', 'video']),
  content('eastmoney', 'Eastmoney', ['article', 'video']),
  content('dongchedi', 'Dongchedi', ['article', 'video']),
  content('autohome', 'Autohome', ['article', 'video']),
  content('yiche', 'Yiche', ['article', 'video']),
  content('csdn', 'CSDN', ['article']),
  content('juejin', 'Juejin', ['article']),
  content('jianshu', 'Jianshu', ['article']),
  content('youtube', 'YouTube', ['video'], ['desktop']),
  {
    id: 'wordpress',
    name: 'WordPress (REST API)',
    category: 'cms',
    content_types: ['article'],
    article_executors: ['web'],
    video_executors: [],
    video_sources: [],
  },
  {
    id: 'metaweblog',
    name: 'MetaWeblog (XML-RPC)',
    category: 'cms',
    content_types: ['article'],
    article_executors: ['web'],
    video_executors: [],
    video_sources: [],
  },
]);

const BY_ID = new Map(PLATFORMS.map((p) => [p.id, p]));

export function platformById(id: string): PlatformEntry | undefined {
  return BY_ID.get(id);
}

export function isCmsPlatform(id: string): boolean {
  return BY_ID.get(id)?.category === 'cms';
}

export function supports(id: string, type: ContentType): boolean {
  return BY_ID.get(id)?.content_types.includes(type) ?? false;
}

/** Executors allowed for a platform and content type (fixed routing: nothing else may run it). */
export function executorsFor(id: string, type: ContentType): Executor[] {
  const p = BY_ID.get(id);
  if (!p || !p.content_types.includes(type)) return [];
  return type === 'video' ? p.video_executors : p.article_executors;
}
