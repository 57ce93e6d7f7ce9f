/**
 * What every douyin flow shares: the real creator URLs (through `liveUrl` on a
 * replica), the login check (the creator API's user info; a logged-out
 * creator page lands on the QR login at the site's root), and the settings
 * every douyin form takes: 自主声明 (with the AI label), 谁可以看, 定时发布.
 */
import { DOUYIN_DECLARATIONS, labelsOf } from '@plume/shared';
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type LoginInfo, type LoginPageSpec, type PublishJob, type Step } from '../contract.js';
import { aiLabelOf } from '../kit/ai-label.js';
import { checkQrconnectScanned } from '../kit/check-qrconnect.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { field, pageJson } from '../kit/page-api.js';
import type { SettingsReader } from '../settings.js';

export const ORIGIN = 'https://creator.douyin.com';
const SITE = { defaultBaseUrl: ORIGIN };

export const URLS = {
  upload: 'https://creator.douyin.com/creator-micro/content/upload',
  articleEditor: 'https://creator.douyin.com/creator-micro/content/post/article?default-tab=5&enter_from=publish_page&media_type=article&type=new',
  userInfo: 'https://creator.douyin.com/web/api/media/user/info/',
  workList: 'https://creator.douyin.com/janus/douyin/creator/pc/work_list?status=0&count=20&max_cursor=0&scene=star_atlas&device_platform=android&aid=1128',
  video: (id: string) => `https://www.douyin.com/video/${id}`,
  note: (id: string) => `https://www.douyin.com/note/${id}`,
  article: (id: string) => `https://www.douyin.com/article/${id}`,
};

/** What a douyin publish makes, and where the post is shown. */
export type WorkKind = 'video' | 'note' | 'article';
export const workUrl = (ctx: Ctx, kind: WorkKind, id: string): string => at(ctx, kind === 'video' ? URLS.video(id) : kind === 'note' ? URLS.note(id) : URLS.article(id));

type Ctx = Pick<AdapterContext, 'baseUrl'>;
export const at = (ctx: Ctx, real: string): string => liveUrl(ctx, SITE, real);
export const real = (ctx: Ctx, address: string): URL => realUrl(ctx, SITE, address);
/** Logged out, creator pages land on the site's root, which is the QR login. */
export const isLoginPage = (ctx: Ctx) => (u: URL) => {
  const r = real(ctx, u.toString());
  return r.host === 'creator.douyin.com' && r.pathname === '/';
};

/** The QR login at the site's root (provenance in douyin/provenance.ts). */
export const LOGIN_PAGE: LoginPageSpec = {
  url: `${ORIGIN}/`,
  qrTab: 'text="扫码登录"',
  qr: 'div#animate_qrcode_container img[src^="data:image"]',
  expired: 'text="二维码失效"',
  refresh: 'text="二维码失效" >> xpath=..',
  // The passport poll the page runs (sso.douyin.com/check_qrconnect/ or login.douyin.com/passport/web/check_qrconnect/).
  scannedAnswer: { url: /^(sso|login)\.douyin\.com\/(passport\/web\/)?check_qrconnect\/?$/, scanned: checkQrconnectScanned },
  sms: {
    input: 'input[placeholder*="验证码"]',
    send: 'text="获取验证码"',
    submit: 'div.uc-ui-verify_sms-verify_button:has-text("验证")',
    error: '.uc-ui-verify_sms-error',
  },
  slider: '#captcha-verify-image',
  sessionCookies: ['sessionid'],
  isLoginPage: (u) => !(u.host === 'creator.douyin.com' && u.pathname.startsWith('/creator-micro')),
};

/**
 * Who is logged in: the user info's user.sec_uid and nickname. The answer is
 * recorded with status_code 0 and without a status_code at all; a status_code
 * other than 0 (8 is 用户未登录) or no sec_uid is no session.
 */
export async function whoAmI(page: Page, step: Step, ctx: AdapterContext): Promise<LoginInfo> {
  const body = await pageJson(page, at(ctx, URLS.userInfo), {}, step, 'login check', ctx);
  const secUid = field(body, 'user', 'sec_uid');
  const status = body.status_code;
  if ((status !== undefined && status !== 0) || typeof secUid !== 'string' || !secUid) throw new AdapterError('login_required', step, 'douyin says the account is not logged in');
  return { externalRef: secUid, displayName: String(field(body, 'user', 'nickname') ?? '') };
}

/** Our creationDeclaration values → the 自主声明 options' labels. */
export const DOUYIN_DECLARATION_LABELS: Readonly<Record<string, string>> = labelsOf(DOUYIN_DECLARATIONS);

/**
 * The declaration to choose: the integrator's, or 内容由AI生成 when the post
 * carries the AI label (aiLabel, else the article's aigc facts). The choice is
 * single: an AI label with another declaration cannot both be shown.
 */
export function declarationOf(job: PublishJob, r: SettingsReader): string | undefined {
  const declared = r.string('creationDeclaration', { oneOf: Object.keys(DOUYIN_DECLARATION_LABELS) });
  const ai = aiLabelOf(job, r);
  if (ai && declared !== undefined && declared !== 'ai_generated') {
    throw new AdapterError('setting_unavailable', 'apply_settings', `douyin: aiLabel needs creationDeclaration ai_generated (got "${declared}"); the declaration is a single choice`, {
      field: 'creationDeclaration',
    });
  }
  const chosen = declared ?? (ai ? 'ai_generated' : undefined);
  return chosen === undefined ? undefined : DOUYIN_DECLARATION_LABELS[chosen];
}

/** scheduledAt (ISO 8601, a future whole minute) → the 日期和时间 text, in China time as the form shows it. */
export function scheduleText(r: SettingsReader): string | undefined {
  const s = r.string('scheduledAt');
  if (s === undefined) return undefined;
  const ms = Date.parse(s);
  if (!Number.isFinite(ms) || ms <= Date.now()) {
    throw new AdapterError('setting_unavailable', 'apply_settings', `douyin: scheduledAt must be a future ISO 8601 time (got "${s}")`, { field: 'scheduledAt' });
  }
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
