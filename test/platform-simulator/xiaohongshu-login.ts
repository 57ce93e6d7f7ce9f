/**
 * The xiaohongshu replica's creator login (login-pages.ts runs it): the
 * login box opens on the phone method; img.css-wemwzq switches it to
 * "APP扫一扫登录" with the QR in the div after that text, as the adapter's
 * provenance table records. Its expired marker, SMS step and slider are
 * UNVERIFIED (the adapter's table says so).
 */
import { GENERIC_STEPS, GENERIC_STEP_SEL, type LoginSite, loginApi } from './login-pages.js';

export const XIAOHONGSHU_LOGIN: LoginSite = {
  platform: 'xiaohongshu',
  title: '小红书创作服务平台',
  page: '/creator.xiaohongshu.com/login',
  api: loginApi('edith.xiaohongshu.com'),
  scanUrl: (key) => `https://edith.xiaohongshu.com/qrcode/scan?key=${key}`,
  next: () => 'https://creator.xiaohongshu.com/publish/publish?from=homepage&target=video',
  markup: `<div class="login-box-container"><div class="login-box"><img class="css-wemwzq" alt="切换登录方式" width="40" height="40" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
<div class="phone-login"><input placeholder="手机号"><input placeholder="验证码"><button type="button">登录</button></div>
<div class="scan-login" hidden><div>APP扫一扫登录</div><div><img class="qrcode-img"></div><div class="qrcode-expired" hidden>二维码已过期 <button type="button">刷新</button></div></div>
</div></div>
${GENERIC_STEPS}`,
  css: '.css-wemwzq{background:#ddd}',
  sel: {
    ...GENERIC_STEP_SEL,
    qrTab: 'img.css-wemwzq',
    otherMethod: '.phone-login',
    qrBox: '.scan-login',
    qrImg: '.scan-login img.qrcode-img',
    expired: '.qrcode-expired',
    refresh: '.qrcode-expired button',
  },
};
