/**
 * The weibo replica's passport QR sign-in (login-pages.ts runs it):
 * passport.weibo.com/sso/signin with the QR as img.w-full.h-full; once logged
 * in the page goes to its `url` (weibo.com). The expired marker, SMS step and
 * slider are UNVERIFIED (the adapter's table says so).
 */
import { GENERIC_STEPS, GENERIC_STEP_SEL, type LoginSite, loginApi } from './login-pages.js';

export const WEIBO_LOGIN: LoginSite = {
  platform: 'weibo',
  title: '微博登录',
  page: '/passport.weibo.com/sso/signin',
  // The sign-in page's poll and its retcodes as the adapter's table records them (50114004 for an expired QR after WQ1).
  api: { ...loginApi('passport.weibo.com'), poll: '/passport.weibo.com/sso/v2/qrcode/check' },
  answer: (s) => ({ retcode: { waiting: 50114001, scanned: 50114002, expired: 50114004, slider: 20000000, sms: 20000000, done: 20000000 }[s] }),
  scanUrl: (key) => `https://passport.weibo.com/qrcode/scan?key=${key}`,
  next: (query) => {
    const url = query.get('url');
    return url && /^https:\/\/weibo\.com\//.test(url) ? url : 'https://weibo.com/';
  },
  markup: `<div class="login-box"><p>扫描二维码登录</p><div class="qrcode"><img class="w-full h-full" alt="二维码"></div>
<div class="qrcode-expired" hidden>二维码已失效 <a href="javascript:void 0">刷新</a></div></div>
${GENERIC_STEPS}`,
  sel: { ...GENERIC_STEP_SEL, qrBox: '.qrcode', qrImg: 'img.w-full', expired: '.qrcode-expired', refresh: '.qrcode-expired a' },
};
