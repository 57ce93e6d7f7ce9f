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
import { BILIBILI_ARTICLE_CATEGORIES, BILIBILI_COPYRIGHTS, BILIBILI_PARTITIONS, DOUYIN_DECLARATIONS, JUEJIN_CATEGORIES, JUEJIN_TAGS, TOUTIAO_DECLARATIONS, valuesOf, WEIBO_VIDEO_TYPES, WEIBO_VISIBILITIES } from './platform-lists.js';

/** Date-stamped; publish requests carrying another value answer 409 settings_contract_outdated. */
export const SETTINGS_CONTRACT_VERSION = '2026-12-31';

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
  /**
   * enum: the values it takes. string_list: the only items it takes (the
   * platform's own fixed list, platform-lists.ts); absent, items are free text.
   */
  options?: readonly string[];
  required?: boolean;
  requiredWhen?: SettingCondition;
  default?: SettingValue;
  /** string/text/url: characters; string_list: characters per item. */
  maxLength?: number;
  /**
   * string/text: the widest the platform's editor takes, measured as it
   * measures (displayWidth in validate.ts: a character beyond Latin-1, such as
   * a Chinese one, counts 2; others 1). Given where a platform counts so
   * (WeChat's author: 16, that is 8 Chinese characters).
   */
  maxWidth?: number;
  minLength?: number;
  /** integer bounds. */
  min?: number;
  max?: number;
  /** string_list: items. */
  minItems?: number;
  maxItems?: number;
  /**
   * string_list of topic names, each given without its leading #: an item
   * blank or of only # and whitespace names no topic and is refused. zhihu's
   * video adapter refuses it at run time; the other adapters would post an
   * empty topic (`##`, `#`) or a tag that is only a # sign.
   */
  topicNames?: true;
  /**
   * A value the platform's executors cannot honour truthfully: the effective
   * settings holding it are invalid (preflight and publish refuse the target),
   * with `message` saying why and what to send instead.
   */
  refuses?: { value: SettingValue; message: string };
}

export interface DeprecatedSetting {
  key: string;
  replacement: string;
  message: string;
}

export interface ContentLimits {
  /** Characters a title needs at least (where the platform refuses shorter ones). */
  titleMinLength?: number;
  titleMaxLength?: number;
  /** Body text of a dynamic. */
  contentMaxLength?: number;
  minImages?: number;
  maxImages?: number;
  /**
   * Articles: the pictures in the body must be web (http, https) addresses.
   * The platform's executors hand each picture to the editor by its address
   * and cannot upload a local file, so a body with a local path or a relative
   * address (localPictures in markdown-html.ts) makes the target invalid.
   */
  inlinePictures?: 'web_addresses_only';
}

/** Articles whose editors take a body's pictures by web address only (their node adapters refuse any other). */
const WEB_PICTURES: ContentLimits = { inlinePictures: 'web_addresses_only' };

/**
 * `custom` uses the article's coverImage or the request's coverImagePath; when
 * the platform cannot adopt it at execution time the job stops instead of
 * falling back to an automatic cover.
 */
export interface CoverSupport {
  custom: boolean;
  note: string;
}

export interface PlatformSettingsContract {
  platform: string;
  /** Fields this platform adds to the common ones; one with a common field's key replaces it here. */
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
  description: 'Tags or topics, without the leading #. A tag of only # and spaces names none and is refused.',
  maxItems,
  maxLength: 30,
  topicNames: true,
});
/** kuaishou keeps title, text and topics in one description that holds three topics at most. */
const kuaishouTags: SettingField = { ...tags(3), description: 'Up to three topics, without the leading #: kuaishou takes three in one description. A tag of only # and spaces names none and is refused.' };
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
  options: valuesOf(DOUYIN_DECLARATIONS),
  requiredWhen: { field: 'aiLabel', in: [true] },
  description: 'Creation declaration (自主声明) shown on the post, one choice. Required when aiLabel is true (use ai_generated).',
};
/** The platform's own scheduled publishing. */
const scheduledAt: SettingField = {
  key: 'scheduledAt',
  type: 'string',
  maxLength: 40,
  description:
    "Publish at this time (ISO 8601 with an offset, in the future) with the platform's own scheduled publishing: the job runs at once and the platform holds the post until then. Absent publishes at once. The request's publishAt is the other way (Plume holds the job and runs it at that time, on every platform): a request uses one or the other, and one that sets both is refused with 422 schedule_conflict.",
};

/** toutiao's 作品声明 (several may be ticked) and 头条首发, on its articles and 微头条 alike. */
const toutiaoForm: SettingField[] = [
  { key: 'exclusive', type: 'boolean', default: false, description: 'Declare first publication on Toutiao (头条首发).' },
  {
    key: 'declarations',
    type: 'string_list',
    options: valuesOf(TOUTIAO_DECLARATIONS),
    maxItems: TOUTIAO_DECLARATIONS.length,
    description: "作品声明 shown on the post; several may be chosen. aiLabel adds ai_generated (引用AI).",
  },
];

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

/** xiaohongshu's own scheduled publishing and location picker (notes, videos and the publish page of 长文 alike). */
const xiaohongshuForm: SettingField[] = [
  { key: 'location', type: 'string', maxLength: 50, description: "A place name as xiaohongshu's location picker offers it, e.g. 上海市." },
  { ...scheduledAt, description: `${scheduledAt.description} xiaohongshu: at least one hour ahead.` },
];
/** xiaohongshu's topic picker takes ten topics on every form it has: notes, videos and the publish page of 长文. */
const xiaohongshuTags: SettingField = { ...tags(10), description: 'Up to ten topics, without the leading #, each picked from the topic suggestions xiaohongshu offers. A tag of only # and spaces names none and is refused.' };
const xiaohongshuVisibility: SettingField = { key: 'visibility', type: 'enum', options: ['public', 'private'], default: 'public', description: 'public, or visible to the account only.' };

const ARTICLE: Record<string, PlatformOverrides> = {
  // The article editor records no 自主声明 (its other forms have one): no declaration field here.
  douyin: {
    fields: [
      {
        ...coverMode,
        options: ['custom'],
        default: 'custom',
        description: "douyin publishes no article without a cover: the article's coverImage fills both the 头图 and the 封面 (custom is the only choice).",
      },
    ],
    limits: { titleMaxLength: 30, ...WEB_PICTURES },
    cover: { custom: true, note: "Required: the article's coverImage becomes the 头图 and the 封面; douyin crops the 封面 to 3:4 and refuses one under 1080×1440." },
  },
  toutiao: { fields: toutiaoForm, limits: { titleMinLength: 2, titleMaxLength: 30, ...WEB_PICTURES } },
  bilibili: {
    fields: [
      {
        key: 'category',
        type: 'enum',
        options: Object.keys(BILIBILI_ARTICLE_CATEGORIES),
        required: true,
        description: "The article's category (专栏分类) by the name bilibili shows, e.g. 学习 or 数码; bilibili publishes no article without one.",
      },
    ],
    limits: { titleMaxLength: 40 },
  },
  weibo: {
    fields: [{ key: 'summary', type: 'text', maxLength: 44, description: "The article's 导语 (summary); weibo's editor takes at most 44 characters. Replaces the common summary field." }],
    limits: { titleMaxLength: 32, ...WEB_PICTURES },
  },
  xiaohongshu: {
    fields: [
      { key: 'template', type: 'string', maxLength: 30, description: "The 一键排版 template by the name xiaohongshu shows; the one it preselects when absent." },
      {
        key: 'summary',
        type: 'text',
        maxLength: 1000,
        description: "The publish page's 正文描述 under the generated pictures; the article's text, cut to 1,000 characters, when absent. Replaces the common summary field.",
      },
      xiaohongshuTags,
      xiaohongshuVisibility,
      ...xiaohongshuForm,
    ],
    limits: { titleMaxLength: 20, ...WEB_PICTURES },
    cover: { ...NO_CUSTOM_COVER, note: "xiaohongshu draws a 长文's pictures, its cover among them, from the text with the chosen template; coverMode custom is refused." },
  },
  zhihu: {
    fields: [{ key: 'column', type: 'string', maxLength: 50, description: 'Title of one of the account\'s Zhihu columns (专栏) to file the article under; an unknown title stops the job. Tags become Zhihu topics of the same name.' }],
    limits: WEB_PICTURES,
  },
  // 百家号: MultiPost-Extension cuts titles at 30; public automation code records the editor's hint 2–64. Both hold within 2–30.
  baijiahao: { limits: { titleMinLength: 2, titleMaxLength: 30 } },
  // The editors' own title placeholders: 搜狐号 "请输入标题（5-72字）", 网易号 "请输入标题 (5~30个字)".
  sohu: { limits: { titleMinLength: 5, titleMaxLength: 72 } },
  netease: { limits: { titleMinLength: 5, titleMaxLength: 30 } },
  // 企鹅号: Wechatsync's om.qq.com adapter checks 6–30 (the editor's placeholder says 5–64); 6–30 holds for both.
  // 企鹅号's save call, as recorded, declares 作者声明：无需标注 and no public record gives the value of its AI
  // declaration: an article that must carry the label is refused rather than declared as needing none.
  qiehao: {
    fields: [
      {
        ...aiLabel,
        description: "企鹅号's AI-content declaration. Only false: the value 企鹅号 records for AI content is not known, and its save call declares 作者声明：无需标注. An article whose aigc facts require the label is refused unless aiLabel false is sent.",
        refuses: {
          value: true,
          message:
            "企鹅号's AI-content declaration cannot be set (its recorded save call declares 作者声明：无需标注, \"no label needed\"), so an article that must carry the AI label is not published there; send aiLabel false to publish it without the label, or publish it elsewhere",
        },
      },
    ],
    limits: { titleMinLength: 6, titleMaxLength: 30 },
  },
  // The editors' own title fields as MultiPost-Extension fills them: 大鱼号 cut at 35, 一点号 at 64.
  dayu: { limits: { titleMaxLength: 35 } },
  yidian: { limits: { titleMaxLength: 64 } },
  // 财富号: the editor's title placeholder "标题(1-64字)". No public source records a picture upload for its
  // editor (the recorded flow removes the pictures before its paste): an article with inline pictures is refused
  // unless the integrator agrees to publish it without them.
  eastmoney: {
    fields: [
      {
        key: 'inlineImages',
        type: 'enum',
        options: ['refuse', 'drop'],
        default: 'refuse',
        description:
          "What to do with pictures in the article's body, which eastmoney's editor does not take: refuse (the target is invalid in preflight and the job stops before the browser moves) or drop (published without them; the job's log names each one dropped).",
      },
    ],
    limits: { titleMinLength: 1, titleMaxLength: 64 },
    cover: { custom: true, note: "coverMode custom uploads the article's coverImage through the editor's 选择封面 dialog; auto leaves the cover to eastmoney." },
  },
  // 车家号: the editor's title placeholder "请输入文章标题(6-30个汉字)"; the cover through its 编辑 control's 魔方 frame.
  autohome: {
    limits: { titleMinLength: 6, titleMaxLength: 30, ...WEB_PICTURES },
    cover: { custom: true, note: "coverMode custom uploads the article's coverImage through the editor's 编辑 cover frame; auto leaves the cover to autohome." },
  },
  // 懂车号: no title limit on record (the contract's own applies); the cover through 本地上传 and the crop dialog.
  dongchedi: {
    limits: WEB_PICTURES,
    cover: { custom: true, note: "coverMode custom uploads the article's coverImage through the editor's 本地上传 and crop dialog; auto leaves the cover to dongchedi." },
  },
  // 易车号: titles of 5–28 characters; the page requires a vertical cover (*竖版封面图) besides the horizontal one, and only the
  // article's coverImage can fill it; 含AI生成内容 is one of its 内容声明.
  yiche: {
    fields: [
      {
        ...coverMode,
        options: ['custom'],
        default: 'custom',
        description: "yiche publishes no article without its vertical cover: the article's coverImage fills both the 封面图 and the 竖版封面图 (custom is the only choice).",
      },
      { ...aiLabel, description: "Declare 含AI生成内容 in yiche's 内容声明; defaults to the article's aigc facts. false leaves the declaration as the page has it." },
    ],
    limits: { titleMinLength: 5, titleMaxLength: 28 },
    cover: { custom: true, note: "Required: the article's coverImage fills the 封面图 and, through the page's 3:4 crop, the 竖版封面图; each picture at most 10 MB and 5,000 px wide." },
  },
  wechat_mp: {
    fields: [
      {
        key: 'author',
        type: 'string',
        maxLength: 16,
        maxWidth: 16,
        description: "Author name shown under the title. WeChat's editor measures it as a width of at most 16: a Chinese (full-width) character counts 2, a Latin letter or digit 1, so up to 8 Chinese characters (作者不能超过8个字) or 16 Latin ones.",
      },
      { key: 'sourceUrl', type: 'url', maxLength: 2000, description: 'Read-the-original link.' },
      { key: 'openComment', type: 'boolean', default: false, description: 'Open comments on the article.' },
    ],
    limits: { titleMaxLength: 64 },
    cover: {
      custom: true,
      note: "WeChat saves no article without a cover: coverMode custom uploads the article's coverImage; auto takes the body's first picture; an article with neither is refused.",
    },
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
      { ...tags(5), description: 'Up to five CSDN tags; CSDN publishes nothing untagged, so 经验分享 is used when none is given.' },
      { key: 'summary', type: 'text', maxLength: 256, description: 'Summary (摘要) shown in the article list; CSDN writes one when absent. Replaces the common summary field.' },
    ],
    limits: { titleMinLength: 5, titleMaxLength: 100, ...WEB_PICTURES },
  },
  juejin: {
    fields: [
      {
        key: 'category',
        type: 'enum',
        options: valuesOf(JUEJIN_CATEGORIES),
        required: true,
        description: 'Juejin category; the editor will not publish without one.',
      },
      {
        key: 'tags',
        type: 'string_list',
        options: JUEJIN_TAGS,
        required: true,
        minItems: 1,
        maxItems: 3,
        description: "One to three of juejin's own tags (the editor offers no others); replaces the common tags field.",
      },
      { key: 'summary', type: 'text', maxLength: 100, description: 'Summary shown in the article list; juejin writes one when absent. Replaces the common summary field.' },
    ],
    // No inlinePictures limit: the edge adapter uploads the body's local pictures through juejin's picture upload.
  },
  jianshu: {
    fields: [{ key: 'notebook', type: 'string', maxLength: 50, description: 'Name of one of the account\'s notebooks (文集) to write the article in; the first notebook when absent.' }],
    limits: WEB_PICTURES,
    cover: { ...NO_CUSTOM_COVER, note: 'Jianshu shows the first picture of the article as its cover; coverMode custom is refused.' },
  },
  wordpress: {
    fields: [
      { key: 'status', type: 'enum', options: ['publish', 'draft'], default: 'publish', description: 'Publish at once or keep as a draft.' },
      { key: 'categories', type: 'string_list', maxItems: 10, maxLength: 100, description: 'Category names; missing ones are created by the site.' },
      { key: 'slug', type: 'string', maxLength: 200, description: 'URL slug.' },
    ],
    limits: { titleMaxLength: 200 },
    cover: { custom: true, note: 'The article cover (an https URL; the web executor cannot read local files) is uploaded to the media library and becomes the featured image.' },
  },
  metaweblog: {
    fields: [
      { key: 'categories', type: 'string_list', maxItems: 10, maxLength: 100, description: 'Category names known to the site.' },
      { key: 'publish', type: 'boolean', default: true, description: 'false keeps the post as a draft.' },
    ],
    limits: { titleMaxLength: 200 },
    cover: {
      custom: true,
      note: "The article cover (an https URL) is uploaded with metaWeblog.newMediaObject; WordPress makes it the featured image, Typecho and Z-Blog (no featured image over XML-RPC) show it as the post's first image.",
    },
  },
};

const DYNAMIC: Record<string, PlatformOverrides> = {
  douyin: {
    fields: [douyinDeclaration, { key: 'title', type: 'string', maxLength: 20, description: '图文 title (optional; the first line of the text is used when absent).' }, scheduledAt],
    limits: { contentMaxLength: 1000, minImages: 1, maxImages: 35 },
  },
  xiaohongshu: {
    fields: [
      { key: 'title', type: 'string', maxLength: 20, description: 'Note title (optional; the first line is used when absent).' },
      xiaohongshuTags,
      xiaohongshuVisibility,
      ...xiaohongshuForm,
    ],
    // A picture note holds 1 to 18 pictures.
    limits: { contentMaxLength: 1000, minImages: 1, maxImages: 18 },
  },
  weibo: {
    fields: [{ key: 'visibility', type: 'enum', options: valuesOf(WEIBO_VISIBILITIES), default: 'public', description: 'Who sees the post.' }],
  },
  bilibili: {
    fields: [{ key: 'title', type: 'string', maxLength: 20, description: "Dynamic title (optional): the composer's 选填20字 title box." }],
    limits: { maxImages: 9 },
  },
  toutiao: { fields: toutiaoForm, limits: { contentMaxLength: 2000, maxImages: 9 } },
  kuaishou: { fields: [kuaishouTags, scheduledAt], limits: { minImages: 1, maxImages: 31 } },
};

const VIDEO: Record<string, PlatformOverrides> = {
  bilibili: {
    fields: [
      {
        key: 'partitionName',
        type: 'enum',
        options: BILIBILI_PARTITIONS,
        required: true,
        description: 'Partition (分区) name as the creator center shows it, e.g. 知识 or 科技. Replaces the legacy numeric tid/partitionId.',
      },
      { key: 'copyright', type: 'enum', options: valuesOf(BILIBILI_COPYRIGHTS), default: 'original', description: 'Original work or repost.' },
      {
        key: 'sourceUrl',
        type: 'url',
        maxLength: 2000,
        requiredWhen: { field: 'copyright', in: ['repost'] },
        description: 'Where the video comes from; required when copyright is repost.',
      },
      // The upload form's tags: one at least, ten at most, each of at most 20 characters; add/v3 takes a description of 2,000.
      {
        ...tags(10),
        required: true,
        minItems: 1,
        maxLength: 20,
        description: 'One to ten tags, each of at most 20 characters, without the leading #: bilibili publishes no video without a tag. A tag of only # and spaces names none and is refused.',
      },
      { key: 'description', type: 'text', maxLength: 2000, description: 'Video description (简介), up to 2,000 characters.' },
      scheduledAt,
    ],
    limits: { titleMaxLength: 80 },
  },
  douyin: {
    fields: [
      douyinDeclaration,
      { ...tags(5), description: 'Up to five topics, without the leading #, typed into the caption as the upload page takes them. A tag of only # and spaces names none and is refused.' },
      { key: 'coverOrientation', type: 'enum', options: ['portrait', 'landscape'], default: 'portrait', description: 'Which cover slot the custom cover fills: 竖封面 (portrait) or 横封面 (landscape).' },
      { key: 'collectionName', type: 'string', maxLength: 50, description: "Add the video to this collection (合集) of the account, by name." },
      scheduledAt,
    ],
    limits: { titleMaxLength: 30 },
  },
  xiaohongshu: { fields: [xiaohongshuTags, ...xiaohongshuForm], limits: { titleMaxLength: 20 } },
  kuaishou: {
    fields: [
      kuaishouTags,
      { key: 'allowDownload', type: 'boolean', default: false, description: 'Let viewers download the video.' },
      { key: 'collectionName', type: 'string', maxLength: 50, description: 'Add the video to this collection (合集) of the account, by name.' },
      scheduledAt,
    ],
  },
  // YouTube Studio's upload dialog: details (title, description, thumbnail, playlist, audience, tags under
  // Show more), checks, then visibility (public, unlisted, private, or a scheduled time) and Publish.
  youtube: {
    fields: [
      { key: 'description', type: 'text', maxLength: 5000, description: 'Video description (YouTube takes at most 5,000 characters).' },
      {
        key: 'tags',
        type: 'string_list',
        maxItems: 100,
        maxLength: 100,
        topicNames: true,
        description: 'YouTube tags, without the leading #: at most 500 characters in all, counted with a comma between two tags (more is refused before the upload starts).',
      },
      { key: 'privacyStatus', type: 'enum', options: ['public', 'unlisted', 'private'], default: 'public', description: 'YouTube visibility.' },
      { key: 'madeForKids', type: 'boolean', required: true, description: "YouTube's audience declaration; YouTube requires an answer." },
      { key: 'playlistName', type: 'string', maxLength: 150, description: 'Add the video to this playlist of the channel, by its exact name; a playlist of that name is created when the channel has none.' },
      { ...scheduledAt, description: `${scheduledAt.description} YouTube: the video stays private until then and becomes public at that time, so privacyStatus must be public (or absent).` },
    ],
    limits: { titleMaxLength: 100 },
    cover: { custom: true, note: "coverMode custom uploads the request's coverImagePath as the video's thumbnail in the upload dialog; auto leaves YouTube's frame." },
  },
  weibo: {
    fields: [
      { key: 'creationType', type: 'enum', options: valuesOf(WEIBO_VIDEO_TYPES), default: 'original', description: '类型 on the publish page: original (原创) or derivative (二创).' },
      {
        ...coverMode,
        options: ['custom'],
        default: 'custom',
        description: "weibo wants a cover for every video: the request's coverImagePath (custom is the only choice).",
      },
      { key: 'visibility', type: 'enum', options: ['public'], default: 'public', description: 'Videos are public: the publish page offers no other audience.' },
    ],
    limits: { titleMaxLength: 30 },
    cover: { custom: true, note: 'A cover is required (coverImagePath); weibo takes covers under 5 MB.' },
  },
  toutiao: { fields: [tags(5)], limits: { titleMaxLength: 30 } },
  // 财富号's video page, as recorded: the file, then one box for the title and the description, then 发布.
  eastmoney: {
    fields: [{ key: 'visibility', type: 'enum', options: ['public'], default: 'public', description: 'Videos are public: no audience control is on record for the video page.' }],
    cover: { ...NO_CUSTOM_COVER, note: 'No cover control is on record for the video page: eastmoney picks the cover; coverMode custom is refused.' },
  },
  // 易车号's video page, as recorded: the title, the description, the file, then 发布.
  yiche: {
    fields: [{ key: 'visibility', type: 'enum', options: ['public'], default: 'public', description: 'Videos are public: no audience control is on record for the video page.' }],
    cover: { ...NO_CUSTOM_COVER, note: 'No cover control is on record for the video page: yiche picks the cover; coverMode custom is refused.' },
  },
  // 知乎's upload page: the file, the title, the description editor where #name picks a topic (at most five
  // are recorded), the cover through 本地上传, then 发布.
  zhihu: {
    fields: [
      { ...tags(5), description: 'Up to five zhihu topics by name, without the #: each is typed into the description as #name and becomes the topic of that exact name, or a new topic zhihu creates. A tag of only # and spaces names no topic and is refused.' },
      { key: 'visibility', type: 'enum', options: ['public'], default: 'public', description: 'Videos are public: no audience control is on record for the upload page.' },
    ],
    cover: { custom: true, note: "coverMode custom uploads the request's coverImagePath through the upload page's 本地上传 cover dialog; auto leaves the cover to zhihu." },
  },
  // 车家号's video page: the file, the title, the description, then 发布; its cover editor has no recorded way in.
  autohome: {
    fields: [{ key: 'visibility', type: 'enum', options: ['public'], default: 'public', description: 'Videos are public: no audience control is on record for the video page.' }],
    cover: { ...NO_CUSTOM_COVER, note: "The node does not drive the video page's cover editor (no recorded way to open it): autohome picks the cover; coverMode custom is refused." },
  },
  // 网易号's video page, as recorded: the title, the description, the file; no cover, topic or declaration control.
  netease: {
    fields: [{ key: 'visibility', type: 'enum', options: ['public'], default: 'public', description: 'Videos are public: no audience control is on record for the video page.' }],
    cover: { ...NO_CUSTOM_COVER, note: 'No cover control is on record for the video page: netease picks the cover; coverMode custom is refused.' },
  },
  // 企鹅号's video page: the file, the title (5–64, its placeholder), the description (≤ 1,000), up to nine tags, the
  // cover dialog, and the required 自主声明, answered with the one declaration on record (作者声明：无需标注).
  qiehao: {
    fields: [
      { ...tags(9), description: 'Tags, without the leading #: at most nine, each ended with a space in the tag box as the page asks. A tag of only # and spaces is refused.' },
      {
        ...aiLabel,
        description: "企鹅号's 自主声明. Only false (declared 作者声明：无需标注): the choice 企鹅号 offers for AI content is not on record.",
        refuses: {
          value: true,
          message:
            "企鹅号's 自主声明 for AI content is not on record (the one declaration known is 作者声明：无需标注, \"no label needed\"), so a video that must carry the AI label is not published there; send aiLabel false to publish it without the label, or publish it elsewhere",
        },
      },
      { key: 'visibility', type: 'enum', options: ['public'], default: 'public', description: 'Videos are public: no audience control is on record for the video page.' },
    ],
    limits: { titleMinLength: 5, titleMaxLength: 64 },
    cover: { custom: true, note: "coverMode custom puts the request's coverImagePath through the video page's cover dialog (本地上传, 下一步, 完成); auto leaves the cover to qiehao." },
  },
  // 百家号's video page: the file, the title (9–30 characters), a description of up to 100, 选择封面, the 创作声明, then 发布.
  baijiahao: {
    fields: [
      { key: 'description', type: 'text', maxLength: 100, description: 'Video description (让别人更懂你), up to 100 characters.' },
      { key: 'visibility', type: 'enum', options: ['public'], default: 'public', description: 'Videos are public: no audience control is on record for the video page.' },
    ],
    limits: { titleMinLength: 9, titleMaxLength: 30 },
    cover: { custom: true, note: "coverMode custom puts the coverImagePath through the video page's 选择封面 dialog; auto leaves 百家号's frame." },
  },
  // 搜狐号's video page: the file, the title, the description, then 发布.
  sohu: {
    fields: [{ key: 'visibility', type: 'enum', options: ['public'], default: 'public', description: 'Videos are public: no audience control is on record for the video page.' }],
    cover: { ...NO_CUSTOM_COVER, note: 'No cover control is on record for the video page: 搜狐号 picks the cover; coverMode custom is refused.' },
  },
  // 大鱼号's video page: the title, the description, the file, the 横版 and 竖版 cover slots, the tag boxes and
  // 信息来源, whose one recorded value is 无需标注 ("no label needed"): a video that must carry an AI label is refused.
  dayu: {
    fields: [
      { key: 'visibility', type: 'enum', options: ['public'], default: 'public', description: 'Videos are public: no audience control is on record for the video page.' },
      {
        ...aiLabel,
        description: "大鱼号's video page declares its 信息来源, and the one value on record is 无需标注 (no label needed). Only false: a video that must carry the AI label is refused.",
        refuses: {
          value: true,
          message:
            "大鱼号's video page declares 信息来源 无需标注 (\"no label needed\"), the one value on record, so a video that must carry the AI label is not published there; send aiLabel false to publish it without the label, or publish it elsewhere",
        },
      },
    ],
    cover: { custom: true, note: "coverMode custom puts the request's coverImagePath in both cover slots (横版 and 竖版) through the page's crop dialog; auto leaves the cover to dayu." },
  },
  // 微信公众号's video editor (type=15), as recorded: the file and the title (at most 64), then 保存, which saves a draft
  // the node publishes from the draft box; no cover, audience or description control on record.
  wechat_mp: {
    fields: [{ key: 'visibility', type: 'enum', options: ['public'], default: 'public', description: 'Videos are public: no audience control is on record for the video editor.' }],
    limits: { titleMaxLength: 64 },
    cover: { ...NO_CUSTOM_COVER, note: 'No cover control is on record for the video editor: WeChat takes a frame of the video; coverMode custom is refused.' },
  },
  // 一点号's video editor, as recorded: the title, the description, the file, then 发布.
  yidian: {
    fields: [{ key: 'visibility', type: 'enum', options: ['public'], default: 'public', description: 'Videos are public: no audience control is on record for the video editor.' }],
    cover: { ...NO_CUSTOM_COVER, note: 'No cover control is on record for the video editor: yidian picks the cover; coverMode custom is refused.' },
  },
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
 * the platform's own. A platform field with a common field's key replaces it
 * (juejin's tags come from juejin's own list). Undefined when the platform
 * does not take the type.
 */
export function fieldsFor(contentType: ContentType, platform: string): SettingField[] | undefined {
  const contract = platformContract(contentType, platform);
  if (!contract) return undefined;
  const own = new Set(contract.fields.map((f) => f.key));
  const common = SETTINGS_CONTRACTS[contentType].common
    .filter((f) => !own.has(f.key))
    .map((f) => (f.key === 'coverMode' && !contract.cover.custom ? { ...f, options: ['auto'] } : f));
  return [...common, ...contract.fields];
}
