/**
 * toutiao (今日头条 / 头条号): articles through the article editor's own JSON
 * API (toutiao/article.ts), 微头条 (our `dynamic`) from the 微头条 composer
 * (toutiao/weitoutiao.ts) and videos from the 西瓜 upload page
 * (toutiao/video.ts), all on the creator site mp.toutiao.com
 * (toutiao/site.ts: login check, CSRF token, 作品声明, the content list
 * `verify` reads).
 *
 * Provenance: each of those modules opens with its table (fact → repository,
 * path, snapshot date; unverified steps named). The sources:
 * leaperone/MultiPost-Extension (src/sync/{article,dynamic,video}/toutiao*.ts,
 * 2025-12-05 to 2026-06-04), wechatsync/Wechatsync (the 2021 driver
 * packages/@wechatsync/drivers/src/toutiao.js in the 2023-09-05 snapshot, and
 * the newer packages/core/src/adapters/platforms/toutiao.ts as indexed),
 * SuperWangYuan/toutiaohao-mcp-server (as indexed), dalige88/Web_Manager (the
 * 微头条 publish request, 2020) and gravitysword/SpacePan (the article URL).
 * dreammis/social-auto-upload records no toutiao flow.
 *
 * Login (accounts login):
 * | fact | source |
 * |---|---|
 * | login page https://mp.toutiao.com/auth/page/login/; done once the page is under mp.toutiao.com/profile | SuperWangYuan/toutiaohao-mcp-server configs/urls.go, toutiaohao/login.go (commit 5efe5dd, as indexed) |
 * | session cookies sessionid, sid_tt | toutiao/site.ts (toutiaohao-mcp-server toutiaohao/login.go) |
 * | the QR in ByteDance's login widget `.web-login-scan-code__content__qrcode-wrapper img`, its expired mask `.web-login-scan-code__content__qrcode-wrapper__mask` with a refresh control; the 扫码登录 tab | UNVERIFIED for mp.toutiao.com (public scripts record that widget on www.toutiao.com and www.douyin.com, none citable here) |
 * | the SMS step (.sms-verify) and slider (.captcha-slider) | UNVERIFIED |
 */
import type { Adapter } from './contract.js';
import { discardArticleDraft, prepareArticle, publishArticle, TOUTIAO_ARTICLE_SETTINGS, verifyArticle } from './toutiao/article.js';
import { isLoginPage, ORIGIN, URLS, at, whoAmI } from './toutiao/site.js';
import { prepareVideo, publishVideo, TOUTIAO_VIDEO_SETTINGS, verifyVideo } from './toutiao/video.js';
import { prepareWeitoutiao, publishWeitoutiao, TOUTIAO_DYNAMIC_SETTINGS, verifyWeitoutiao } from './toutiao/weitoutiao.js';
import { openLoggedIn } from './support.js';

export const toutiaoAdapter: Adapter = {
  platform: 'toutiao',
  contentTypes: ['article', 'dynamic', 'video'],
  defaultBaseUrl: ORIGIN,
  settingKeys: [...new Set([...TOUTIAO_ARTICLE_SETTINGS, ...TOUTIAO_DYNAMIC_SETTINGS, ...TOUTIAO_VIDEO_SETTINGS])],
  login: {
    url: `${ORIGIN}/auth/page/login/`,
    qrTab: 'text="扫码登录"',
    qr: '.web-login-scan-code__content__qrcode-wrapper img',
    expired: '.web-login-scan-code__content__qrcode-wrapper__mask',
    refresh: '.web-login-scan-code__content__qrcode-wrapper__mask button',
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

  prepare(page, job, ctx) {
    switch (job.contentType) {
      case 'article':
        return prepareArticle(page, job, ctx);
      case 'dynamic':
        return prepareWeitoutiao(page, job, ctx);
      case 'video':
        return prepareVideo(page, job, ctx);
    }
  },

  publish(page, job, ctx) {
    switch (job.contentType) {
      case 'article':
        return publishArticle(page, job, ctx);
      case 'dynamic':
        return publishWeitoutiao(page, job, ctx);
      case 'video':
        return publishVideo(page, job, ctx);
    }
  },

  verify(page, job, ctx) {
    switch (job.contentType) {
      case 'article':
        return verifyArticle(page, job, ctx);
      case 'dynamic':
        return verifyWeitoutiao(page, job, ctx);
      case 'video':
        return verifyVideo(page, job, ctx);
    }
  },

  async discardDraft(page, job, ctx) {
    // Only articles keep a draft on the platform between prepare and publish.
    if (job.contentType === 'article') await discardArticleDraft(page, ctx);
  },
};

