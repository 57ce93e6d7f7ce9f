/**
 * Settings whose values come from a platform's own fixed list: juejin's
 * categories and tags, bilibili's partitions, article categories and copyright types, weibo's
 * audiences and video types, douyin's creation declarations, toutiao's 作品声明. The settings contract offers
 * exactly these values as options (GET /publish/settings), the control plane
 * refuses anything else at preflight, and the adapters map them to what the
 * platform's editor shows from the same lists, so the three cannot drift.
 * Changing a list changes the contract: bump SETTINGS_CONTRACT_VERSION.
 */

/** One value of a platform list: our code in settings, and the label the platform's editor shows for it. */
export interface ListedOption {
  readonly value: string;
  readonly label: string;
}

const frozen = <T>(list: T[]): readonly T[] => Object.freeze(list.map((x) => (typeof x === 'object' ? Object.freeze(x) : x)));

/** juejin's article categories (the publish panel's 分类 radio group). */
export const JUEJIN_CATEGORIES: readonly ListedOption[] = frozen([
  { value: 'backend', label: '后端' },
  { value: 'frontend', label: '前端' },
  { value: 'android', label: 'Android' },
  { value: 'ios', label: 'iOS' },
  { value: 'ai', label: '人工智能' },
  { value: 'tools', label: '开发工具' },
  { value: 'reading', label: '阅读' },
  { value: 'career', label: '代码人生' },
]);

/**
 * The juejin tags Plume offers (juejin's tag search only lets an article
 * take tags from juejin's own list; these are among its most used ones). The
 * value is the tag's name as juejin shows it; the adapter looks its id up.
 */
export const JUEJIN_TAGS: readonly string[] = frozen([
  '前端',
  '后端',
  'JavaScript',
  'TypeScript',
  'Node.js',
  'Vue.js',
  'React.js',
  'Go',
  'Python',
  'Java',
  'MySQL',
  '架构',
  '算法',
  'Linux',
]);

/**
 * bilibili's video partitions (分区) Plume offers, by name as the upload form's
 * partition list (typelist) shows them: the parents and the children one files
 * under. A name that appears under more than one parent (综合) is left out:
 * it would not say which one.
 */
export const BILIBILI_PARTITIONS: readonly string[] = frozen([
  '动画',
  'MAD·AMV',
  '音乐',
  '原创音乐',
  '翻唱',
  '游戏',
  '单机游戏',
  '网络游戏',
  '知识',
  '科学科普',
  '社科·法律·心理',
  '野生技术协会',
  '科技',
  '数码',
  '软件应用',
  '计算机技术',
  '生活',
  '日常',
  '搞笑',
  '美食',
  '美食制作',
]);

/**
 * bilibili's article categories (专栏分类) one files an article under, by name,
 * with the id the draft API takes (its `category` field): the children of
 * bilibili's category tree as bilibili-API-collect lists it.
 */
export const BILIBILI_ARTICLE_CATEGORIES: Readonly<Record<string, number>> = Object.freeze({
  单机游戏: 6,
  电子竞技: 7,
  手机游戏: 8,
  网络游戏: 9,
  桌游棋牌: 10,
  动漫杂谈: 4,
  动漫资讯: 5,
  动画技术: 31,
  美食: 13,
  时尚: 14,
  日常: 15,
  萌宠: 21,
  运动: 22,
  原创连载: 18,
  同人连载: 19,
  小说杂谈: 20,
  短篇小说: 32,
  人文历史: 25,
  数码: 26,
  汽车: 27,
  自然: 33,
  学习: 34,
  电影: 12,
  电视剧: 35,
  纪录片: 36,
  综艺: 37,
  模型手办: 11,
  绘画: 23,
  手工: 24,
  摄影: 38,
  音乐舞蹈: 39,
});

/** bilibili's 类型 choice. */
export const BILIBILI_COPYRIGHTS: readonly ListedOption[] = frozen([
  { value: 'original', label: '自制' },
  { value: 'repost', label: '转载' },
]);

/** Who sees a weibo post (the composer's audience menu). */
export const WEIBO_VISIBILITIES: readonly ListedOption[] = frozen([
  { value: 'public', label: '公开' },
  { value: 'fans', label: '粉丝' },
  { value: 'friends', label: '好友圈' },
  { value: 'self', label: '仅自己可见' },
]);

/** weibo's 类型 choice on its video publish page (原创 or 二创). */
export const WEIBO_VIDEO_TYPES: readonly ListedOption[] = frozen([
  { value: 'original', label: '原创' },
  { value: 'derivative', label: '二创' },
]);

/** douyin's creation declarations (自主声明, one choice; the current field that replaced the legacy AI switch). */
export const DOUYIN_DECLARATIONS: readonly ListedOption[] = frozen([
  { value: 'ai_generated', label: '内容由AI生成' },
  { value: 'repost', label: '内容为转载信息' },
  { value: 'self_shot', label: '内容为自行拍摄' },
  { value: 'from_internet', label: '内容取材网络' },
  { value: 'fictional', label: '虚构演绎，仅供娱乐' },
  { value: 'personal_opinion', label: '内容为个人观点或见解' },
  { value: 'dangerous_behavior', label: '危险行为，请勿模仿' },
]);

/**
 * toutiao's 作品声明: check boxes under the 微头条 and article editors, several
 * of which may be ticked. 引用AI is the AI-content declaration.
 */
export const TOUTIAO_DECLARATIONS: readonly ListedOption[] = frozen([
  { value: 'from_internet', label: '取材网络' },
  { value: 'quote_onsite', label: '引用站内' },
  { value: 'personal_opinion', label: '个人观点，仅供参考' },
  { value: 'ai_generated', label: '引用AI' },
  { value: 'fictional', label: '虚构演绎，故事经历' },
  { value: 'investment_opinion', label: '投资观点，仅供参考' },
  { value: 'health_medical', label: '健康医疗分享，仅供参考' },
]);

/** The codes of a labelled list, as contract options. */
export const valuesOf = (list: readonly ListedOption[]): string[] => list.map((o) => o.value);

/** code → label of a labelled list, for an adapter choosing the platform's control. */
export const labelsOf = (list: readonly ListedOption[]): Readonly<Record<string, string>> =>
  Object.freeze(Object.fromEntries(list.map((o) => [o.value, o.label])));
