/**
 * What every bilibili flow shares: the real URLs (reached through `liveUrl` on
 * a replica), the login check (api.bilibili.com's nav answer, the passport
 * redirect), the CSRF token (`bili_jct`, which the creator pages read from
 * `document.cookie`), and bilibili's `{ code, message, data }` answers.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type LoginInfo, type LoginPageSpec, type Step } from '../contract.js';
import { field, pageJson, type ApiRequest } from '../kit/page-api.js';
import { liveUrl, realUrl } from '../kit/live-url.js';

export const ORIGIN = 'https://member.bilibili.com';
const SITE = { defaultBaseUrl: ORIGIN };

export const URLS = {
  uploadPage: 'https://member.bilibili.com/platform/upload/video/frame',
  nav: 'https://api.bilibili.com/x/web-interface/nav',
  preupload: 'https://member.bilibili.com/preupload',
  archivePre: 'https://member.bilibili.com/x/vupre/web/archive/pre?lang=cn',
  coverUp: 'https://member.bilibili.com/x/vu/web/cover/up',
  addV3: 'https://member.bilibili.com/x/vu/web/add/v3',
  archives: 'https://member.bilibili.com/x/web/archives?status=is_pubing%2Cpubed%2Cnot_pubed&pn=1&ps=20',
  video: (bvid: string) => `https://www.bilibili.com/video/${bvid}`,
  dynamics: 'https://t.bilibili.com/',
  opus: (id: string) => `https://www.bilibili.com/opus/${id}`,
  articleEditor: 'https://member.bilibili.com/article-text/home?newEditor=-1',
  articleEditorPage: 'https://member.bilibili.com/york/read-editor',
  uploadBfs: 'https://api.bilibili.com/x/dynamic/feed/draw/upload_bfs',
  draftAddUpdate: 'https://api.bilibili.com/x/article/creative/draft/addupdate',
  articleSubmit: 'https://api.bilibili.com/x/article/creative/article/submit',
  articleList: 'https://api.bilibili.com/x/article/creative/article/list?group=0&sort=&pn=1&mobi_app=pc',
  article: (aid: string) => `https://www.bilibili.com/read/cv${aid}`,
  spaceFeed: (mid: string) => `https://api.bilibili.com/x/polymer/web-dynamic/v1/feed/space?host_mid=${encodeURIComponent(mid)}`,
};

type Ctx = Pick<AdapterContext, 'baseUrl'>;

/** The address to open or call for a real bilibili URL (identity on the live site). */
export const at = (ctx: Ctx, real: string): string => liveUrl(ctx, SITE, real);
/** The real URL a page or response address stands for. */
export const real = (ctx: Ctx, address: string): URL => realUrl(ctx, SITE, address);
/** Member pages send a visitor without a session to the passport login. */
export const isLoginPage = (ctx: Ctx) => (u: URL) => real(ctx, u.toString()).host === 'passport.bilibili.com';

/** The passport QR login, back to the upload page once done (provenance in bilibili/provenance.ts). */
export const LOGIN_PAGE: LoginPageSpec = {
  url: `https://passport.bilibili.com/login?gourl=${encodeURIComponent(URLS.uploadPage)}`,
  qr: 'div.login-scan-box img',
  expired: 'div.login-scan-box >> text=二维码已失效',
  refresh: 'div.login-scan-box >> text=点击刷新',
  // The page's poll answers data.code 86090 once a phone scanned and until the person confirms.
  scannedAnswer: { url: /^passport\.bilibili\.com\/x\/passport-login\/web\/qrcode\/poll$/, scanned: (body) => field(body, 'data', 'code') === 86090 },
  sms: { input: '.sms-verify input[placeholder*="验证码"]', send: '.sms-verify >> text=获取验证码', submit: '.sms-verify >> text=确定', error: '.sms-verify .error-tip' },
  slider: '.geetest_panel',
  sessionCookies: ['SESSDATA', 'DedeUserID'],
  isLoginPage: (u) => u.host === 'passport.bilibili.com',
};

/** A bilibili JSON call from the logged-in page; `code: -101` is the session gone. */
export async function biliJson(page: Page, url: string, req: ApiRequest, step: Step, what: string, ctx: AdapterContext): Promise<Record<string, unknown>> {
  const body = await pageJson(page, at(ctx, url), req, step, what, ctx);
  if (body.code === -101) throw new AdapterError('login_required', step, `${what}: bilibili says the account is not logged in`);
  return body;
}

export function biliMessage(body: unknown): string {
  const m = field(body, 'message');
  return typeof m === 'string' && m ? m : `code ${String(field(body, 'code'))}`;
}

/** Who the browser profile is logged in as: the nav answer's mid and uname. */
export async function whoAmI(page: Page, step: Step, ctx: AdapterContext): Promise<LoginInfo> {
  const body = await biliJson(page, URLS.nav, {}, step, 'login check', ctx);
  const mid = field(body, 'data', 'mid');
  if (field(body, 'data', 'isLogin') !== true) throw new AdapterError('login_required', step, 'bilibili says the account is not logged in');
  if (typeof mid !== 'number' && typeof mid !== 'string') throw new AdapterError('editor_changed', step, 'login check: the nav answer has no data.mid');
  return { externalRef: String(mid), displayName: String(field(body, 'data', 'uname') ?? '') };
}

/** The CSRF token bilibili's POST APIs want, from the `bili_jct` cookie the page can read. */
export async function csrfToken(page: Page, step: Step): Promise<string> {
  const cookie = await page.evaluate(() => (globalThis as unknown as { document: { cookie: string } }).document.cookie);
  const token = /(?:^|;\s*)bili_jct=([^;]+)/.exec(cookie)?.[1];
  if (!token) throw new AdapterError('login_required', step, 'the page has no bili_jct cookie: the session is incomplete; log in again');
  return decodeURIComponent(token);
}
