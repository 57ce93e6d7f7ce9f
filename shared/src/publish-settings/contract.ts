/**
 * The publish settings contract (GET /publish/settings), as data: for each
 * content type, the fields every platform takes, the fields one platform adds,
 * options, required and conditional declarations, limits and cover support.
 * The control plane validates presets, platformSettings and accountSettings
 * against it; executors apply the frozen result. Any change to a field, an
 * option or a limit bumps SETTINGS_CONTRACT_VERSION, so a client that
 * preflighted against the old contract is told to preflight again.
 */
import { type ContentType, PLATFORMS, supports } from '../platforms.js';

/** Date-stamped; publish requests carrying another value answer 409 settings_contract_outdated. */
export const SETTINGS_CONTRACT_VERSION = '2026-11-22';

export type SettingType = 'string' | 'text' | 'boolean' | 'integer' | 'enum' | 'string_list' | 'url';
export type SettingValue = string | number | boolean | string[];

/** A conditional declaration: the field is required when `field` equals one of `in`. */
export interface SettingCondition {
  field: string;
  in: ReadonlyArray<string | boolean | number>;
}

export interface SettingField {
  key: string;
  type: SettingType;
  description: string;
  options?: readonly string[];
  required?: boolean;
  requiredWhen?: SettingCondition;
  default?: SettingValue;
  /** string/text/url: characters; string_list: characters per item. */
  maxLength?: number;
  minLength?: number;
  /** integer bounds. */
  min?: number;
  max?: number;
  /** string_list: items. */
  maxItems?: number;
}

export interface DeprecatedSetting {
  key: string;
  replacement: string;
  message: string;
}

export interface ContentLimits {
  titleMaxLength?: number;
  /** Body text of a dynamic. */
  contentMaxLength?: number;
  minImages?: number;
  maxImages?: number;
}

/**
 * `custom` uses the article's coverImage or the request's coverImagePath; when
 * the platform cannot adopt it at execution time the job stops instead of
 * falling back to an automatic cover (spec: POST /publish/preflight).
 */
export interface CoverSupport {
  custom: boolean;
  note: string;
}

export interface PlatformSettingsContract {
  platform: string;
  /** Fields this platform adds to the common ones. */
  fields: SettingField[];
  deprecated: DeprecatedSetting[];
  limits: ContentLimits;
  cover: CoverSupport;
}

export interface SettingsContract {
  version: string;
  contentType: ContentType;
  common: SettingField[];
  limits: ContentLimits;
  platforms: Record<string, PlatformSettingsContract>;
}

const tags = (maxItems: number): SettingField => ({
  key: 'tags',
  type: 'string_list',
  description: 'Tags or topics, without the leading #.',
  maxItems,
  maxLength: 30,
});
const aiLabel: SettingField = {
  key: 'aiLabel',
  type: 'boolean',
  description: "Declare the content as AI-generated or AI-assisted with the platform's own label, where it has one.",
  default: false,
};
const coverMode: SettingField = {
  key: 'coverMode',
  type: 'enum',
  options: ['auto', 'custom'],
  default: 'auto',
  description:
    "auto: the platform's automatic cover. custom: the article's coverImage (articles) or coverImagePath (videos); if the platform cannot adopt it the job stops rather than use an automatic cover.",
};

/** The current creation declaration (replaces the legacy AI switch). */
const douyinDeclaration: SettingField = {
  key: 'creationDeclaration',
  type: 'enum',
  options: ['ai_generated', 'self_shot', 'from_internet', 'fictional', 'personal_opinion', 'dangerous_behavior'],
  requiredWhen: { field: 'aiLabel', in: [true] },
  description: 'Creation declaration shown on the post. Required when aiLabel is true (use ai_generated).',
};

/** Deprecated fields, refused in every content type of their platform. */
const DEPRECATED: Record<string, DeprecatedSetting[]> = {
  bilibili: [
    { key: 'tid', replacement: 'partitionName', message: 'the numeric partition id is retired; send the partition name in partitionName' },
    { key: 'partitionId', replacement: 'partitionName', message: 'the numeric partition id is retired; send the partition name in partitionName' },
  ],
  douyin: [
    { key: 'aiGenerated', replacement: 'creationDeclaration', message: "the legacy AI switch is retired; set aiLabel: true and creationDeclaration: 'ai_generated'" },
    { key: 'isAiGenerated', replacement: 'creationDeclaration', message: "the legacy AI switch is retired; set aiLabel: true and creationDeclaration: 'ai_generated'" },
  ],
};

interface PlatformOverrides {
  fields?: SettingField[];
  limits?: ContentLimits;
  cover?: CoverSupport;
}

const CUSTOM_COVER: CoverSupport = { custom: true, note: 'Custom cover supported.' };
const NO_CUSTOM_COVER: CoverSupport = { custom: false, note: 'The platform picks the cover; coverMode custom is refused.' };
const NO_COVER: CoverSupport = { custom: false, note: 'Dynamics have no cover; images are published as they are.' };

const ARTICLE: Record<string, PlatformOverrides> = {
  douyin: { fields: [douyinDeclaration], limits: { titleMaxLength: 30 } },
  toutiao: {
    fields: [{ key: 'exclusive', type: 'boolean', default: false, description: 'Declare first publication on Toutiao (首发).' }],
    limits: { titleMaxLength: 30 },
  },
  bilibili: { limits: { titleMaxLength: 40 } },
  weibo: { limits: { titleMaxLength: 32 } },
  xiaohongshu: { limits: { titleMaxLength: 20 } },
  zhihu: { fields: [{ key: 'column', type: 'string', maxLength: 50, description: 'Name of one of your Zhihu columns to file the article under.' }] },
  baijiahao: { limits: { titleMaxLength: 30 } },
  wechat_mp: {
    fields: [
      { key: 'author', type: 'string', maxLength: 16, description: 'Author name shown under the title.' },
      { key: 'sourceUrl', type: 'url', maxLength: 2000, description: 'Read-the-original link.' },
      { key: 'openComment', type: 'boolean', default: false, description: 'Open comments on the article.' },
    ],
    limits: { titleMaxLength: 64 },
  },
  csdn: {
    fields: [
      { key: 'articleType', type: 'enum', options: ['original', 'repost', 'translated'], default: 'original', description: 'Original, repost or translation.' },
      {
        key: 'originalUrl',
        type: 'url',
        maxLength: 2000,
        requiredWhen: { field: 'articleType', in: ['repost', 'translated'] },
        description: 'Link to the original; required when articleType is repost or translated.',
      },
    ],
  },
  juejin: {
    fields: [
      {
        key: 'category',
        type: 'enum',
        options: ['backend', 'frontend', 'android', 'ios', 'ai', 'tools', 'reading', 'career'],
        required: true,
        description: 'Juejin category; the editor will not publish without one.',
      },
    ],
  },
  jianshu: { cover: NO_CUSTOM_COVER },
  wordpress: {
    fields: [
      { key: 'status', type: 'enum', options: ['publish', 'draft'], default: 'publish', description: 'Publish at once or keep as a draft.' },
      { key: 'categories', type: 'string_list', maxItems: 10, maxLength: 100, description: 'Category names; missing ones are created by the site.' },
      { key: 'slug', type: 'string', maxLength: 200, description: 'URL slug.' },
    ],
    limits: { titleMaxLength: 200 },
  },
  metaweblog: {
    fields: [
      { key: 'categories', type: 'string_list', maxItems: 10, maxLength: 100, description: 'Category names known to the site.' },
      { key: 'publish', type: 'boolean', default: true, description: 'false keeps the post as a draft.' },
    ],
    limits: { titleMaxLength: 200 },
  },
};

const DYNAMIC: Record<string, PlatformOverrides> = {
  douyin: { fields: [douyinDeclaration], limits: { minImages: 1 } },
  xiaohongshu: {
    fields: [{ key: 'title', type: 'string', maxLength: 20, description: 'Note title (optional; the first line is used when absent).' }],
    limits: { contentMaxLength: 1000, minImages: 1 },
  },
  weibo: {
    fields: [{ key: 'visibility', type: 'enum', options: ['public', 'fans', 'friends', 'self'], default: 'public', description: 'Who sees the post.' }],
  },
  bilibili: {},
  toutiao: {},
  kuaishou: { limits: { minImages: 1 } },
};

const VIDEO: Record<string, PlatformOverrides> = {
  bilibili: {
    fields: [
      {
        key: 'partitionName',
        type: 'string',
        required: true,
        minLength: 1,
        maxLength: 20,
        description: 'Partition (分区) name as the creator center shows it, e.g. 知识 or 科技. Replaces the legacy numeric tid/partitionId.',
      },
      { key: 'copyright', type: 'enum', options: ['original', 'repost'], default: 'original', description: 'Original work or repost.' },
      {
        key: 'sourceUrl',
        type: 'url',
        maxLength: 2000,
        requiredWhen: { field: 'copyright', in: ['repost'] },
        description: 'Where the video comes from; required when copyright is repost.',
      },
    ],
    limits: { titleMaxLength: 80 },
  },
  douyin: { fields: [douyinDeclaration], limits: { titleMaxLength: 30 } },
  xiaohongshu: { limits: { titleMaxLength: 20 } },
  kuaishou: { fields: [{ key: 'allowDownload', type: 'boolean', default: false, description: 'Let viewers download the video.' }] },
  youtube: {
    fields: [
      { key: 'privacyStatus', type: 'enum', options: ['public', 'unlisted', 'private'], default: 'public', description: 'YouTube visibility.' },
      { key: 'madeForKids', type: 'boolean', required: true, description: "YouTube's audience declaration; YouTube requires an answer." },
      { key: 'playlistName', type: 'string', maxLength: 150, description: 'Add the video to this playlist of the channel.' },
    ],
    limits: { titleMaxLength: 100 },
  },
  weibo: { limits: { titleMaxLength: 30 } },
  toutiao: { limits: { titleMaxLength: 30 } },
};

const COMMON: Record<ContentType, SettingField[]> = {
  article: [
    tags(5),
    aiLabel,
    { key: 'original', type: 'boolean', default: false, description: 'Declare the article as original content where the platform asks.' },
    { key: 'summary', type: 'text', maxLength: 120, description: 'Summary or digest, where the platform shows one.' },
    coverMode,
  ],
  dynamic: [tags(5), aiLabel],
  video: [
    tags(10),
    aiLabel,
    { key: 'description', type: 'text', maxLength: 1000, description: 'Video description.' },
    { key: 'visibility', type: 'enum', options: ['public', 'private'], default: 'public', description: 'public, or visible to the account only.' },
    coverMode,
  ],
};

const LIMITS: Record<ContentType, ContentLimits> = {
  article: { titleMaxLength: 100 },
  dynamic: { contentMaxLength: 2000, maxImages: 9 },
  video: { titleMaxLength: 80 },
};

const OVERRIDES: Record<ContentType, Record<string, PlatformOverrides>> = { article: ARTICLE, dynamic: DYNAMIC, video: VIDEO };

function build(contentType: ContentType): SettingsContract {
  const platforms: Record<string, PlatformSettingsContract> = {};
  for (const p of PLATFORMS) {
    if (!supports(p.id, contentType)) continue;
    const o = OVERRIDES[contentType][p.id] ?? {};
    platforms[p.id] = {
      platform: p.id,
      fields: o.fields ?? [],
      deprecated: DEPRECATED[p.id] ?? [],
      limits: { ...LIMITS[contentType], ...o.limits },
      cover: contentType === 'dynamic' ? NO_COVER : (o.cover ?? CUSTOM_COVER),
    };
  }
  return { version: SETTINGS_CONTRACT_VERSION, contentType, common: COMMON[contentType], limits: LIMITS[contentType], platforms };
}

export const SETTINGS_CONTRACTS: Readonly<Record<ContentType, SettingsContract>> = Object.freeze({
  article: build('article'),
  dynamic: build('dynamic'),
  video: build('video'),
});

export function platformContract(contentType: ContentType, platform: string): PlatformSettingsContract | undefined {
  return SETTINGS_CONTRACTS[contentType].platforms[platform];
}

/**
 * Every field a settings object may hold for this platform and type: the
 * common ones (coverMode limited to what the platform's cover supports), then
 * the platform's own. Undefined when the platform does not take the type.
 */
export function fieldsFor(contentType: ContentType, platform: string): SettingField[] | undefined {
  const contract = platformContract(contentType, platform);
  if (!contract) return undefined;
  const common = SETTINGS_CONTRACTS[contentType].common.map((f) =>
    f.key === 'coverMode' && !contract.cover.custom ? { ...f, options: ['auto'] } : f,
  );
  return [...common, ...contract.fields];
}
