/**
 * What each platform is recorded to show when an account is restricted or warned: a text on
 * one of its pages, or a code in its answer to a publish. Facts from public open-source code
 * and reported problems, each with its sources and their snapshot dates (the same rule as
 * challenge-facts.ts and the adapters' provenance tables).
 *
 * `restriction` is a sign that the account may not publish at all (banned, its publishing or
 * its editing switched off); `warning` is one that it is throttled or warned (too many posts,
 * limited reach, a post held for a violation). Where the sources disagree on how grave a sign
 * is, it is a warning: warnings add up to a cool-down under the health rules, a restriction
 * holds the account until an admin clears it.
 *
 * A platform absent here may still restrict accounts: its signs are only not on record
 * (weibo, toutiao and the others; xiaohongshu's notices are reported without their words).
 * The node reports only what matched a sign listed here (standing.ts), never a guess from
 * words like 违规 alone, which the same pages use for a post's own review.
 */
import type { AccountSignalKind } from '@plume/shared';

export interface StandingSource {
  readonly ref: string;
  readonly snapshot: string;
}

export const STANDING_SOURCES = {
  WS: { ref: 'wechatsync/Wechatsync@ef47921 packages/@wechatsync/drivers/src/weixin.js (formatError: the draft/publish answer’s ret 442001 帐号新建/编辑素材能力已被封禁，暂不可使用。, 200041 此素材有文章存在违规，无法编辑)', snapshot: '2023-08-26' },
  WXJS: { ref: 'copies of mp.weixin.qq.com’s page script and error maps as indexed (no repository named; code index files found by the text 素材能力已被封禁): the same ret 442001 and text, one spelling it 账号', snapshot: '2026-11-30' },
  BU1609: { ref: 'biliup/biliup#1609 (a submit answered code 21566 投稿过于频繁，建议将APP升级至最新版本后再试; a manual upload in the app still worked)', snapshot: '2026-03-13' },
  BA152: { ref: 'biliup/biliup-app#152 (a new account answered 21566; one manual upload with a captcha cleared it)', snapshot: '2025-08-18' },
  SAU210: { ref: 'dreammis/social-auto-upload#210 (bilibili 21566 kept for 18 h and after a new login; a headed browser published)', snapshot: '2026-05-29' },
  BU1346: { ref: 'biliup/biliup#1346 (a submit refused with code 21590, 投稿工具已停用 as the reporter words it, after 21564 投稿过于频繁，24小时候再试)', snapshot: '2025-07-15' },
  BRS219: { ref: 'biliup/biliup-rs#219 (the upload answered code 406 您上传视频过快，请您稍作休息后再继续, for a day or more)', snapshot: '2025-07-18' },
  BAC: { ref: 'SocialSisterYi/bilibili-API-collect@5b09b12 docs/video/action.md (return code -102: 账号被封停)', snapshot: '2026-11-30' },
  BGO: { ref: 'a bilibili error-code table as indexed (no repository named; code index file 33721873460): UserDisabled = 102, 账号被封停', snapshot: '2026-11-30' },
  KS138: { ref: 'nICEnnnnnnnLee/BilibiliLiveRecorder#138 (a kuaishou page state: ownerInfo.bannedStatus with bannedErrMsg 由于违反社区规定，账号封禁，请前往快手APP进行解封申诉 and socialBannedErrMsg 账号异常，请前往快手APP激活)', snapshot: '2024-12-17' },
  KSJS: { ref: 'a kuaishou front-end bundle as indexed (no repository named; code index file 17747469380): the same banned and socialBanned messages', snapshot: '2026-11-30' },
  TD802: { ref: 'JoeanAmier/TikTokDownloader#802 (a banned douyin account’s page: 账号已被封禁, 由于违反《抖音社区自律公约》的相关规定，该账号已被封禁)', snapshot: '2026-09-18' },
  MC300011: { ref: 'NanmiCoder/MediaCrawler@d594c20 media_platform/xhs/client.py (SECURITY_LIMIT_CODE = 300011, an account security restriction; its tests treat it as throttling)', snapshot: '2026-08-11' },
  XHSJS: { ref: 'a xiaohongshu client as indexed (no repository named; code index file 53778443884): businessCode 300011 → 账号异常，平台拒绝当前请求', snapshot: '2026-11-30' },
  YTU: { ref: 'a YouTube Studio uploader as indexed (no repository named; code index file 70074952092): the upload dialog’s text holding community guidelines strike or not eligible to publish stops the upload', snapshot: '2026-11-30' },
  NW: { ref: 'a 网易号 HTTP client, WangyiApiClient (api.js, code index file 63228505705; the index names no repository): 网易号当前接口对账号封禁的稳定信号：navinfo.do / publishV2.do 返回 code=100023, WANGYI_BANNED_ERROR_CODES = [100023]', snapshot: '2026-11-30' },
} as const satisfies Record<string, StandingSource>;

type SourceId = keyof typeof STANDING_SOURCES;

export interface StandingFactIn {
  severity: 'restriction' | 'warning';
  /** `text`: words the page shows (matched in its visible text, and in the platform's answer). `code`: the answer's code field holds this value. */
  signType: 'text' | 'code';
  sign: string;
  /** For `code`: the answer's fields that may hold it (dot paths), every recorded form. */
  fields?: readonly string[];
  /** Where the sources met it: the publish page or answer, or a page of the site. */
  where: 'publish' | 'page';
  sources: readonly SourceId[];
  note?: string;
}

export interface StandingFact extends StandingFactIn {
  readonly kind: AccountSignalKind;
  /** The sources, as provenance text. */
  readonly source: string;
}

function facts(list: readonly StandingFactIn[]): StandingFact[] {
  return list.map((f) => ({
    ...f,
    kind: f.severity === 'restriction' ? 'restriction_banner' : 'warning_banner',
    source: f.sources.map((id) => `${STANDING_SOURCES[id].ref} (${STANDING_SOURCES[id].snapshot})`).join('; '),
  }));
}

/** Platform code → the signs of a restricted or warned account on record there. */
export const STANDING_FACTS: Readonly<Record<string, readonly StandingFact[]>> = {
  wechat_mp: facts([
    { severity: 'restriction', signType: 'code', sign: '442001', fields: ['ret', 'base_resp.ret'], where: 'publish', sources: ['WS', 'WXJS'], note: 'the account may no longer create or edit articles' },
    { severity: 'restriction', signType: 'text', sign: '新建/编辑素材能力已被封禁', where: 'publish', sources: ['WS', 'WXJS'], note: 'the same, in words (帐号 and 账号 are both recorded before it)' },
    { severity: 'warning', signType: 'code', sign: '200041', fields: ['ret', 'base_resp.ret'], where: 'publish', sources: ['WS'], note: '此素材有文章存在违规，无法编辑: an article of the draft broke the rules' },
  ]),
  bilibili: facts([
    { severity: 'warning', signType: 'code', sign: '21566', fields: ['code'], where: 'publish', sources: ['BU1609', 'BA152', 'SAU210'], note: '投稿过于频繁: submissions throttled; the sources disagree on how long (one manual upload, or days)' },
    { severity: 'warning', signType: 'code', sign: '21564', fields: ['code'], where: 'publish', sources: ['BU1346'], note: '投稿过于频繁，24小时候再试' },
    { severity: 'warning', signType: 'code', sign: '406', fields: ['code'], where: 'publish', sources: ['BRS219'], note: '您上传视频过快: uploads throttled' },
    { severity: 'warning', signType: 'text', sign: '投稿过于频繁', where: 'publish', sources: ['BU1609', 'BU1346'] },
    { severity: 'restriction', signType: 'code', sign: '21590', fields: ['code'], where: 'publish', sources: ['BU1346'], note: 'the submission tool switched off for the account; its words are not recorded exactly' },
    { severity: 'restriction', signType: 'code', sign: '-102', fields: ['code'], where: 'publish', sources: ['BAC', 'BGO'], note: '账号被封停 (recorded on other logged-in calls; the same code table)' },
    { severity: 'restriction', signType: 'text', sign: '账号被封停', where: 'publish', sources: ['BAC', 'BGO'] },
  ]),
  kuaishou: facts([
    { severity: 'restriction', signType: 'text', sign: '账号封禁', where: 'page', sources: ['KS138', 'KSJS'], note: 'in 由于违反社区规定，账号封禁，请前往快手APP进行解封申诉' },
    { severity: 'restriction', signType: 'text', sign: '账号异常，请前往快手APP激活', where: 'page', sources: ['KS138', 'KSJS'] },
  ]),
  douyin: facts([
    { severity: 'restriction', signType: 'text', sign: '该账号已被封禁', where: 'page', sources: ['TD802'], note: 'on the account’s page; no source records the creator centre’s words' },
    { severity: 'restriction', signType: 'text', sign: '账号已被封禁', where: 'page', sources: ['TD802'] },
  ]),
  xiaohongshu: facts([
    { severity: 'warning', signType: 'code', sign: '300011', fields: ['code', 'businessCode'], where: 'publish', sources: ['MC300011', 'XHSJS'], note: 'an account security limit; one source reads it as throttling, the other as 账号异常 (so a warning); its warnings and 禁言 notices are reported without their words' },
  ]),
  netease: facts([
    { severity: 'restriction', signType: 'code', sign: '100023', fields: ['code'], where: 'publish', sources: ['NW'], note: 'the account banned (封禁) per the source, which names navinfo.do as answering it too; it records no words of the platform for it (only a pattern of its own), so no text sign' },
  ]),
  youtube: facts([
    { severity: 'warning', signType: 'text', sign: 'community guidelines strike', where: 'publish', sources: ['YTU'] },
    { severity: 'restriction', signType: 'text', sign: 'not eligible to publish', where: 'publish', sources: ['YTU'] },
  ]),
};
