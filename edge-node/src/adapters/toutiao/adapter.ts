/**
 * toutiao (今日头条 / 头条号): articles through the article editor's own JSON
 * API (toutiao/article.ts), 微头条 (our `dynamic`) from the 微头条 composer
 * (toutiao/weitoutiao.ts) and videos from the 西瓜 upload page
 * (toutiao/video.ts), all on the creator site mp.toutiao.com
 * (toutiao/site.ts: login check, CSRF token, 作品声明, the content list
 * `verify` reads).
 *
 * What each step of every module rests on (the public sources of every fact
 * about 头条号, and how sure each is) is in toutiao/provenance.ts.
 */
import { defineAdapter } from '../define.js';
import { checkQrconnectScanned } from '../kit/check-qrconnect.js';
import { articleFlow, TOUTIAO_ARTICLE_SETTINGS } from './article.js';
import { isLoginPage, ORIGIN, URLS, at, whoAmI } from './site.js';
import { TOUTIAO_VIDEO_SETTINGS, videoFlow } from './video.js';
import { TOUTIAO_PROVENANCE } from './provenance.js';
import { dynamicFlow, TOUTIAO_DYNAMIC_SETTINGS } from './weitoutiao.js';
import { openLoggedIn } from '../support.js';

export const toutiaoAdapter = defineAdapter({
  platform: 'toutiao',
  defaultBaseUrl: ORIGIN,
  provenance: TOUTIAO_PROVENANCE,
  settingKeys: [...new Set([...TOUTIAO_ARTICLE_SETTINGS, ...TOUTIAO_DYNAMIC_SETTINGS, ...TOUTIAO_VIDEO_SETTINGS])],
  login: {
    url: `${ORIGIN}/auth/page/login/`,
    qrTab: 'text="扫码登录"',
    qr: '.web-login-scan-code__content__qrcode-wrapper img',
    expired: '.web-login-scan-code__content__qrcode-wrapper__mask',
    refresh: '.web-login-scan-code__content__qrcode-wrapper__mask button',
    // The passport poll the page runs for mp.toutiao.com.
    scannedAnswer: { url: /^sso\.toutiao\.com\/check_qrconnect\/?$/, scanned: checkQrconnectScanned },
    sms: { input: '.sms-verify input[placeholder*="验证码"]', send: '.sms-verify >> text=获取验证码', submit: '.sms-verify >> text=确定', error: '.sms-verify .error-tip' },
    slider: '.captcha-slider',
    sessionCookies: ['sessionid', 'sid_tt'],
    isLoginPage: (u) => !(u.host === 'mp.toutiao.com' && u.pathname.startsWith('/profile')),
  },

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    await openLoggedIn(page, at(ctx, URLS.home), 'check_login', ctx, isLoginPage(ctx));
    return whoAmI(page, 'check_login', ctx);
  },

  flows: { article: articleFlow, dynamic: dynamicFlow, video: videoFlow },
});
