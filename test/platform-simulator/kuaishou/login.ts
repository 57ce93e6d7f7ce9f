/**
 * The kuaishou replica's passport login (login-pages.ts runs it): the form
 * opens on the password method; div.platform-switch turns it to the QR
 * (div.qr-login img[alt=qrcode]), which expires into
 * div.qrcode-status.qrcode-status-timeout with p.qrcode-refresh, as the
 * adapter's provenance table records; once logged in the page follows its
 * callback to the publish page.
 */
import { GENERIC_STEPS, GENERIC_STEP_SEL, type LoginSite, loginApi } from '../login-pages.js';

export const KUAISHOU_LOGIN: LoginSite = {
  platform: 'kuaishou',
  title: '快手登录',
  page: '/passport.kuaishou.com/pc/account/login/',
  // scanResult answers result 1 once scanned (and after), 707 once expired, as the adapter's table
  // records; the real one is a long POST poll that holds the request until the scan, the replica's
  // page asks it like the others and it answers 0 meanwhile (the replica's own).
  api: { ...loginApi('passport.kuaishou.com'), poll: '/id.kuaishou.com/rest/c/infra/ks/qr/scanResult' },
  answer: (s) => ({ result: s === 'waiting' ? 0 : s === 'expired' ? 707 : 1 }),
  scanUrl: (key) => `https://passport.kuaishou.com/qrcode/scan?key=${key}`,
  next: (query) => {
    // callback = https://cp.kuaishou.com/rest/infra/sts?followUrl=<page>&setRootDomain=true
    const callback = query.get('callback');
    const follow = callback ? new URL(callback).searchParams.get('followUrl') : null;
    return follow ?? 'https://cp.kuaishou.com/article/publish/video';
  },
  markup: `<main id="login-form"><div class="platform-switch">切换登录方式</div>
<div class="pwd-login"><input placeholder="请输入手机号"><input type="password" placeholder="请输入密码"><button type="button">登录</button></div>
<div class="qr-login" hidden><img alt="qrcode"><div class="qrcode-status qrcode-status-timeout" hidden>二维码已失效</div><p class="qrcode-refresh">刷新二维码</p></div></main>
${GENERIC_STEPS}`,
  css: '.qr-login .qrcode-status-timeout[hidden] ~ .qrcode-refresh{display:none}',
  sel: {
    ...GENERIC_STEP_SEL,
    qrTab: 'div.platform-switch',
    otherMethod: '.pwd-login',
    qrBox: '.qr-login',
    qrImg: '.qr-login img',
    expired: '.qrcode-status-timeout',
    refresh: '.qrcode-refresh',
  },
};
