/**
 * The juejin replica's login page at juejin.cn/login (login-pages.ts runs
 * it): a login box opening on 密码登录, its 扫码登录 tab showing the QR. No
 * public source records juejin's login page: all of it is UNVERIFIED, as the
 * adapter's table says.
 */
import { GENERIC_STEPS, GENERIC_STEP_SEL, type LoginSite, loginApi } from './login-pages.js';

export const JUEJIN_LOGIN: LoginSite = {
  platform: 'juejin',
  title: '登录 - 稀土掘金',
  page: '/juejin.cn/login',
  api: loginApi('juejin.cn/passport/web'),
  scanUrl: (key) => `https://juejin.cn/passport/web/qrcode/scan?key=${key}`,
  next: (query) => {
    const back = query.get('redirect');
    return back && back.startsWith('/juejin.cn/') ? `https:/${back}` : 'https://juejin.cn/creator/home';
  },
  markup: `<main><div class="login-box"><div class="tabs"><span class="tab-pwd">密码登录</span> <span class="tab-scan">扫码登录</span></div>
<div class="pwd-login"><input placeholder="邮箱/手机号"><input type="password" placeholder="请输入密码"><button type="button">登录</button></div>
<div class="scan-login" hidden><div class="qrcode-img"><img alt="二维码"></div><div class="qrcode-expired" hidden>二维码已过期 <button type="button">刷新</button></div></div></div></main>
${GENERIC_STEPS}`,
  sel: {
    ...GENERIC_STEP_SEL,
    qrTab: '.tab-scan',
    otherMethod: '.pwd-login',
    qrBox: '.scan-login',
    qrImg: '.qrcode-img img',
    expired: '.qrcode-expired',
    refresh: '.qrcode-expired button',
  },
};
