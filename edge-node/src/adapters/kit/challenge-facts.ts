/**
 * Which challenges each platform is recorded to put in front of automated work, and what
 * they look like: facts from public open-source code and reported problems, each with its
 * sources and their snapshot dates (the same rule as the adapters' provenance tables).
 *
 * A kind no public source records for a platform is not listed: a platform absent here may
 * still ask something, it is only not on record. `where` says when the sources met it: during
 * a publish (the case a job pauses for), at the login, or elsewhere on the site (reading
 * pages, its APIs) — a platform's captcha met on its site is the same widget its creator
 * pages load, but only `publish` facts say a publish was stopped by it.
 *
 * `sign` is what the sources record of the challenge's markup: a CSS selector, a text it
 * shows, or an address it loads (`signType`). `factSigns` and `factTexts` give the selectors and
 * the texts by kind, for the detector's lists (challenge.ts); the simulator's replicas draw the
 * same markup (test/platform-simulator/challenge.ts).
 */
import type { ChallengeKind } from '@plume/shared';

export interface ChallengeSource {
  /** `owner/repo@commit path…`, `owner/repo#N (what it reports)`, or an indexed file with no repository named. */
  readonly ref: string;
  /** The snapshot's date (YYYY-MM-DD): the commit's, the report's, or when the stored copy was read. */
  readonly snapshot: string;
}

/** The sources the facts name, by short id. */
export const CHALLENGE_SOURCES = {
  SAU: { ref: 'dreammis/social-auto-upload@1c66b7d uploader/douyin_uploader/main.py (its publish loop answers the SMS dialog; it removes the .shepherd-element guide overlays that intercept 发布), uploader/baijiahao_uploader/main.py (百度安全验证 after 发布)', snapshot: '2026-08-20' },
  SAU245: { ref: 'dreammis/social-auto-upload#245 (merged: the SMS code dialog douyin shows when a video is published; 获取验证码, div.uc-ui-verify_sms-verify_button 验证)', snapshot: '2026-07-11' },
  SAU257: { ref: 'dreammis/social-auto-upload#257 (douyin 图文: after 发布 a 正在发布 toast, then a risk-control SMS dialog)', snapshot: '2026-08-05' },
  SAU198: { ref: 'dreammis/social-auto-upload#198 (douyin asks for an SMS code at login and, now and then, when publishing)', snapshot: '2026-04-18' },
  SAU75: { ref: 'dreammis/social-auto-upload#75 (douyin upload asks for a verification code or the password)', snapshot: '2024-12-30' },
  SAU264: { ref: 'dreammis/social-auto-upload#264 (merged: douyin collection select reached after clearing blocking overlays; the SMS prompt kept as a publish-loop guard)', snapshot: '2026-08-13' },
  SAU277: { ref: 'dreammis/social-auto-upload#277 (kuaishou: a real upload where a confirmation dialog covered 发布)', snapshot: '2026-08-26' },
  SAU284: { ref: 'dreammis/social-auto-upload#284 (百家号: 百度安全验证 after clicking 发布; a person completes it in the visible browser, then the publish goes on)', snapshot: '2026-09-04' },
  DYSMS: { ref: 'a publishing service’s SMS drivers as indexed (no repository named; code index file 55153561393): douyin’s second verification captured on the creator upload flow on 2026-05-20 — #uc-second-verify .second-verify-mask / .second-verify-panel, 接收短信验证码, .uc-ui-verify_sms-verify_content_desc (the phone), input[placeholder="请输入验证码"], .uc-ui-verify_sms-verify_input .uc-ui-input_right (获取验证码), .uc-ui-button_group .uc-ui-verify_sms-verify_button (验证), preceded at times by a 身份验证 panel offering 接收短信验证码 / 发送短信验证', snapshot: '2026-11-29' },
  DYSEL: { ref: 'douyin automation selector tables as indexed (no repository named; code index files 57912879997, 58164769913): .second-verify-mask, .second-verify-panel, .uc-ui-verify_sms-verify_input, .uc-ui-verify_sms-verify_button.primary (confirm) and .second (cancel)', snapshot: '2026-11-29' },
  MC: { ref: 'NanmiCoder/MediaCrawler media_platform/douyin/login.py (the slider #captcha-verify-image, its piece in #captcha_container)', snapshot: '2026-08-14' },
  BDCAP: { ref: 'ByteDance captcha detectors as indexed (no repository named; code index files 67444811609, 71047226534, 52443985945): .captcha_verify_container, #captcha_container, #captcha-verify-image, .secsdk-captcha-drag-wrapper, .secsdk-captcha-drag-icon; texts 请完成下列验证后继续, 向右滑动完成拼图', snapshot: '2026-11-29' },
  TT: { ref: 'a toutiao reader as indexed (no repository named; code index file 1321945825): www.toutiao.com pages raising #captcha-verify-image with its piece under #captcha_container', snapshot: '2026-11-29' },
  SVC: { ref: 'BinZoom/sv-cracker#4 (toutiao’s slider refusing scripted drags; toutiao added an SMS check beside it)', snapshot: '2023-04-23' },
  KSCAP: { ref: 'wujunwei928/parse-video#36 (kuaishou answers result 2001 "antispam need captcha" with captchaConfig pointing at captcha.zt.kuaishou.com/rest/zt/captcha/sliding/config and the kwaiCaptcha SDK)', snapshot: '2024-06-30' },
  KSCAP2: { ref: 'moyada/stealer#112 (kuaishou: [2001] antispam need captcha)', snapshot: '2024-02-29' },
  XM681: { ref: 'xpzouying/xiaohongshu-mcp#681 (an SMS code asked after the QR is scanned)', snapshot: '2026-05-03' },
  XM198: { ref: 'xpzouying/xiaohongshu-mcp#198 (an SMS code sent after scanning the login QR)', snapshot: '2025-10-02' },
  XM276: { ref: 'xpzouying/xiaohongshu-mcp#276 (a second QR shown once the account is flagged: an app-scan verification)', snapshot: '2025-11-02' },
  XS82: { ref: 'autoclaw-cc/xiaohongshu-skills#82 (an app-scan security verification, 二次验证, after switching devices; its QR lives one minute)', snapshot: '2026-05-14' },
  XM851: { ref: 'xpzouying/xiaohongshu-mcp#851 (a standing banner on the publish page — 你还未绑定手机号 … 才可发布笔记 — while 发布 silently sends nothing)', snapshot: '2026-09-18' },
  XHS93: { ref: 'ReaJason/xhs#93 (answers 461/471 with a verify header; the horizontal slider of edith.xiaohongshu.com/api/redcaptcha/v2/captcha/register, met on every post by 2025-08)', snapshot: '2025-08-06' },
  XCAP: { ref: 'xiaohongshu clients as indexed (no repository named; code index files 62594378923, 69565425854, 60821936061): the /website-login/captcha page titled 安全验证, and [class*="red-captcha"] in a captcha detector', snapshot: '2026-11-29' },
  BA513: { ref: 'Nemo2011/bilibili-api#513 (submitting a video answers 601 请输入验证码信息; the web uploader shows a geetest click-the-characters captcha)', snapshot: '2023-09-20' },
  BG13: { ref: 'kainhuck/bilibili-go#13 (upload answered {"code":601,"message":"请输入验证码信息","data":{"v_voucher":…}} after frequent uploads)', snapshot: '2023-10-17' },
  BJ13: { ref: 'mwxmmy/biliupforjava#13 (publishing answered 601 请输入验证码信息 with a v_voucher)', snapshot: '2025-10-12' },
  BU1362: { ref: 'biliup/biliup#1362 (投稿过于频繁 until a 人机验证 is passed by uploading once by hand)', snapshot: '2025-07-20' },
  BGEE: { ref: 'a bilibili page runtime as indexed (no repository named; code index file 69464367608): a verification is on screen when iframe[src*="geetest"] or [class*="geetest_panel"] is visible', snapshot: '2026-11-29' },
  GEE: { ref: 'geetest slider drivers as indexed (no repository named; code index files 5929720358, 1248754073, 21320200868): div.geetest_panel > .geetest_panel_box > .geetest_panel_next > .geetest_wrap > .geetest_widget, the knob .geetest_slider_button', snapshot: '2026-11-29' },
  WA11: { ref: 'Konano/weibo_archive#11 (m.weibo.cn answers ok -100 with url m.weibo.cn/api/geetest: a GeeTest check)', snapshot: '2026-04-17' },
  WS28: { ref: 'nghuyong/WeiboSpider#28 (weibo’s check became a geetest click captcha, then a slider)', snapshot: '2018-12-25' },
  WXP: { ref: 'wangzheuser/panda-video-generator@6da029e automations/WeixinMp/write-article-weixin-mp.spec.ts (a 微信验证 dialog with a QR after 发表)', snapshot: '2026-03-27' },
  WXL: { ref: 'LinusLing/WeChatMediaPlatformAutomation@27d5804 automation.js (扫码确认, the code in .qrcode_wrp img)', snapshot: '2024-06-26' },
  YT16: { ref: '7x11x13/songs-to-youtube#16 ("Verify it\'s you" blocking every upload from one network)', snapshot: '2021-09-06' },
  YT8: { ref: 'ContentAutomation/YouTubeUploader#8 ("Verify It\'s You" stopping uploads run from Docker)', snapshot: '2021-06-11' },
  YT39: { ref: 'fawazahmed0/youtube-uploader#39 (a captcha at the Google sign-in before uploading)', snapshot: '2021-09-20' },
} as const satisfies Record<string, ChallengeSource>;

export type ChallengeSourceId = keyof typeof CHALLENGE_SOURCES;

export interface ChallengeFact {
  readonly kind: ChallengeKind;
  /** When the sources met it. */
  readonly where: 'publish' | 'login' | 'site';
  /** What the sources record of it: a selector, a text it shows, or an address it loads. */
  readonly sign?: string;
  readonly signType?: 'selector' | 'text' | 'url';
  /**
   * An SMS challenge's control that makes the platform send its code (a CSS selector), where the
   * sources record it: a node paused on the challenge presses it once when no code was sent yet
   * (jobs/challenge/request-code.ts).
   */
  readonly sendCode?: string;
  /** The ids of the sources (CHALLENGE_SOURCES), and the same rendered with their snapshot dates. */
  readonly sources: readonly ChallengeSourceId[];
  readonly source: string;
  readonly note?: string;
}

type FactIn = Omit<ChallengeFact, 'source'>;

function facts(list: readonly FactIn[]): ChallengeFact[] {
  return list.map((f) => ({ ...f, source: f.sources.map((id) => `${CHALLENGE_SOURCES[id].ref} (${CHALLENGE_SOURCES[id].snapshot})`).join('; ') }));
}

/** Platform code → the challenges on record there. */
export const CHALLENGE_FACTS: Readonly<Record<string, readonly ChallengeFact[]>> = {
  douyin: facts([
    { kind: 'sms', where: 'publish', sign: '#uc-second-verify .second-verify-panel', signType: 'selector', sendCode: '.uc-ui-verify_sms-verify_input .uc-ui-input_right', sources: ['DYSMS', 'DYSEL', 'SAU', 'SAU245', 'SAU257'], note: 'at 发布 (videos and 图文) and on entering the upload page; the panel reads 接收短信验证码, its code field input[placeholder="请输入验证码"], 获取验证码 (.uc-ui-input_right beside the field) sends the code, the 验证 button submits' },
    { kind: 'sms', where: 'publish', sign: '接收短信验证码', signType: 'text', sources: ['DYSMS', 'SAU198', 'SAU75', 'SAU264'] },
    { kind: 'identity', where: 'publish', sign: '身份验证', signType: 'text', sources: ['DYSMS', 'SAU'], note: 'a 身份验证 panel that offers the ways to verify (接收短信验证码, 发送短信验证) before the code panel; social-auto-upload names the component uc_verification_component' },
    { kind: 'slider', where: 'login', sign: '#captcha-verify-image', signType: 'selector', sources: ['MC', 'BDCAP'], note: 'the ByteDance secsdk slider on www.douyin.com; no source records it on the creator pages' },
    { kind: 'slider', where: 'site', sign: '.secsdk-captcha-drag-icon', signType: 'selector', sources: ['BDCAP'] },
    { kind: 'dialog', where: 'publish', sign: '.shepherd-element', signType: 'selector', sources: ['SAU', 'SAU264'], note: 'the new-feature guide (shepherd) overlays that intercept the click on 发布' },
  ]),
  toutiao: facts([
    { kind: 'slider', where: 'site', sign: '#captcha-verify-image', signType: 'selector', sources: ['TT', 'SVC'], note: 'the ByteDance secsdk slider (the same widget as douyin’s)' },
    { kind: 'sms', where: 'login', sources: ['SVC'], note: 'reported beside the slider; no markup recorded' },
  ]),
  kuaishou: facts([
    { kind: 'dialog', where: 'publish', sources: ['SAU277'], note: 'a confirmation dialog covering 发布 on a real upload; its markup is not recorded' },
    { kind: 'slider', where: 'site', sign: 'captcha.zt.kuaishou.com', signType: 'url', sources: ['KSCAP', 'KSCAP2'], note: 'the kwaiCaptcha sliding captcha its APIs ask for (result 2001); its markup is not recorded' },
  ]),
  xiaohongshu: facts([
    { kind: 'sms', where: 'login', sources: ['XM681', 'XM198'], note: 'after the QR is scanned' },
    { kind: 'identity', where: 'login', sources: ['XS82', 'XM276'], note: 'a second QR to scan with the app (二次验证) once the account is flagged or changed devices' },
    { kind: 'slider', where: 'site', sign: '/website-login/captcha', signType: 'url', sources: ['XHS93', 'XCAP'], note: 'the red captcha (a slider turning a picture), on a page titled 安全验证; met by posts through the web API' },
    { kind: 'slider', where: 'site', sign: '[class*="red-captcha"]', signType: 'selector', sources: ['XCAP'] },
    { kind: 'dialog', where: 'publish', sign: '你还未绑定手机号', signType: 'text', sources: ['XM851'], note: 'a standing banner, not a modal: 发布 stays clickable and sends nothing' },
  ]),
  bilibili: facts([
    { kind: 'captcha', where: 'publish', sign: '.geetest_panel', signType: 'selector', sources: ['BA513', 'BG13', 'BJ13', 'BU1362', 'BGEE'], note: 'submitting answers 601 请输入验证码信息 with a v_voucher; the web uploader shows a geetest click captcha' },
    { kind: 'slider', where: 'site', sign: '.geetest_slider_button', signType: 'selector', sources: ['GEE', 'BGEE'], note: 'the geetest slider form of the same panel' },
  ]),
  weibo: facts([{ kind: 'captcha', where: 'site', sign: 'm.weibo.cn/api/geetest', signType: 'url', sources: ['WA11', 'WS28'], note: 'a GeeTest check (click, then slider)' }]),
  baijiahao: facts([{ kind: 'identity', where: 'publish', sign: '百度安全验证', signType: 'text', sources: ['SAU', 'SAU284'], note: 'after 发布; the publish goes on once a person completes it' }]),
  wechat_mp: facts([{ kind: 'identity', where: 'publish', sign: '微信验证', signType: 'text', sources: ['WXP', 'WXL'], note: 'the administrator scans a QR (.qrcode_wrp img) on the phone to confirm the 发表' }]),
  youtube: facts([
    { kind: 'identity', where: 'publish', sign: "Verify it's you", signType: 'text', sources: ['YT16', 'YT8'], note: 'blocking uploads from networks Google distrusts' },
    { kind: 'captcha', where: 'login', sources: ['YT39'] },
  ]),
};

/**
 * The kinds on record for a platform, in the protocol's order; none for a platform with no
 * facts. `publishOnly`: only those the sources met during a publish (what an adapter reports
 * it may meet); otherwise also those met at the login or elsewhere on the site.
 */
export function platformChallenges(platform: string, { publishOnly = false }: { publishOnly?: boolean } = {}): ChallengeKind[] {
  const kinds = new Set((CHALLENGE_FACTS[platform] ?? []).filter((f) => !publishOnly || f.where === 'publish').map((f) => f.kind));
  return (['sms', 'slider', 'captcha', 'identity', 'dialog'] as const).filter((k) => kinds.has(k));
}

/** The recorded controls that make `platform` send an SMS challenge's code (none where no source records one). */
export function smsSendControls(platform: string): string[] {
  return (CHALLENGE_FACTS[platform] ?? []).flatMap((f) => (f.kind === 'sms' && f.sendCode ? [f.sendCode] : []));
}

/** The recorded CSS selector signs by kind, over all platforms, for the detector's lists. */
export function factSigns(): Record<ChallengeKind, string[]> {
  const out: Record<ChallengeKind, string[]> = { sms: [], slider: [], captcha: [], identity: [], dialog: [] };
  for (const list of Object.values(CHALLENGE_FACTS)) {
    for (const f of list) if (f.signType === 'selector' && f.sign && !out[f.kind].includes(f.sign)) out[f.kind].push(f.sign);
  }
  return out;
}

/** The recorded text signs by kind (what a challenge says), for the detector's word lists. */
export function factTexts(): Record<ChallengeKind, string[]> {
  const out: Record<ChallengeKind, string[]> = { sms: [], slider: [], captcha: [], identity: [], dialog: [] };
  for (const list of Object.values(CHALLENGE_FACTS)) {
    for (const f of list) if (f.signType === 'text' && f.sign && !out[f.kind].includes(f.sign)) out[f.kind].push(f.sign);
  }
  return out;
}

// ---------------------------------------------------------------- the table in docs/platforms.md

const TABLE_START = '<!-- challenge-table:start (rendered from edge-node/src/adapters/kit/challenge-facts.ts: renderChallengeTable) -->';
const TABLE_END = '<!-- challenge-table:end -->';

/** A source as the document names it: its repository (or "indexed code") and its snapshot date. */
function sourceName(id: ChallengeSourceId): { name: string; date: string } {
  const s = CHALLENGE_SOURCES[id];
  const repo = /^([\w.-]+\/[\w.-]+)[@#\s]/.exec(s.ref)?.[1];
  return { name: repo ?? 'public code as indexed (no repository named)', date: s.snapshot };
}

/** The facts as a Markdown table: one row per fact, its sources by repository with their newest snapshot date. */
export function renderChallengeTable(): string {
  const rows = ['| platform | kind | met | what it looks like | sources |', '|---|---|---|---|---|'];
  for (const [platform, list] of Object.entries(CHALLENGE_FACTS)) {
    for (const f of list) {
      const newest = new Map<string, string>();
      for (const id of f.sources) {
        const { name, date } = sourceName(id);
        if ((newest.get(name) ?? '') < date) newest.set(name, date);
      }
      const sign = f.sign ? `${f.signType === 'text' ? 'the text ' : f.signType === 'url' ? 'the address ' : ''}\`${f.sign}\`` : 'not recorded';
      const sources = [...newest].map(([name, date]) => `${name} (${date})`).join(', ');
      const send = f.sendCode ? `; a job paused on it has \`${f.sendCode}\` pressed once when no code was sent yet` : '';
      rows.push(`| \`${platform}\` | ${f.kind} | ${f.where} | ${sign}${f.note ? `: ${f.note.replace(/\|/g, '/')}` : ''}${send} | ${sources} |`);
    }
  }
  return rows.join('\n');
}

/** `doc` with the table between its markers replaced by `table`; throws when the markers are missing. */
export function withChallengeTable(doc: string, table = renderChallengeTable()): string {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error('docs/platforms.md has no challenge-table markers');
  return `${doc.slice(0, start + TABLE_START.length)}\n${table}\n${doc.slice(end)}`;
}
