/**
 * The toutiao replica's creator login at mp.toutiao.com/auth/page/login/
 * (login-pages.ts runs it): the login widget opens on 验证码登录; its 扫码登录
 * tab shows the QR in .web-login-scan-code__content__qrcode-wrapper, which
 * expires under its mask with a refresh button. All UNVERIFIED but the page's
 * address and where a login lands (mp.toutiao.com/profile_v4): the adapter's
 * table says so.
 */
import { GENERIC_STEPS, GENERIC_STEP_SEL, type LoginSite, loginApi } from '../login-pages.js';

export const TOUTIAO_LOGIN: LoginSite = {
  platform: 'toutiao',
  title: '头条号 - 登录',
  page: /^\/mp\.toutiao\.com\/auth\/page\/login\/?$/,
  // The page's status poll at the passport address, with the numeric data.status the adapter's table records.
  api: { ...loginApi('sso.toutiao.com'), poll: '/sso.toutiao.com/check_qrconnect/' },
  answer: (s) => ({ error_code: 0, data: { status: { waiting: '1', scanned: '2', expired: '5', slider: '3', sms: '3', done: '3' }[s] } }),
  scanUrl: (key) => `https://sso.toutiao.com/qrcode/scan?key=${key}`,
  next: (query) => {
    const back = query.get('redirect_url');
    return back && /^https:\/\/mp\.toutiao\.com\/profile/.test(back) ? back : 'https://mp.toutiao.com/profile_v4/index';
  },
  markup: `<div class="web-login"><div class="web-login-tab"><span class="tab-code">验证码登录</span> <span class="tab-scan">扫码登录</span></div>
<div class="web-login-mobile-code"><input placeholder="手机号"><button type="button" class="web-login-button">登录</button></div>
<div class="web-login-scan-code" hidden><div class="web-login-scan-code__content"><div class="web-login-scan-code__content__qrcode-wrapper">
<img class="web-login-scan-code__content__qrcode-wrapper__qrcode" alt="二维码">
<div class="web-login-scan-code__content__qrcode-wrapper__mask" hidden><p>二维码已失效</p><button type="button">刷新</button></div></div></div></div></div>
${GENERIC_STEPS}`,
  sel: {
    ...GENERIC_STEP_SEL,
    qrTab: '.tab-scan',
    otherMethod: '.web-login-mobile-code',
    qrBox: '.web-login-scan-code',
    qrImg: '.web-login-scan-code__content__qrcode-wrapper__qrcode',
    expired: '.web-login-scan-code__content__qrcode-wrapper__mask',
    refresh: '.web-login-scan-code__content__qrcode-wrapper__mask button',
  },
};
