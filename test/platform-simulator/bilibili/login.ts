/**
 * The bilibili replica's passport QR login (login-pages.ts runs it): the QR
 * in div.login-scan-box, encoding passport.bilibili.com/h5-app/passport/login/scan
 * with its qrcode_key; the page polls the documented generate/poll pair
 * (86101, 86090, 86038, 0) and a login sets SESSDATA, bili_jct and DedeUserID.
 * The expired text and refresh control, the SMS step and the geetest panel
 * are UNVERIFIED (the adapter's table says so).
 */
import { csrfOf } from './common.js';
import { GENERIC_STEPS, GENERIC_STEP_SEL, type LoginSite } from '../login-pages.js';

export const BILIBILI_LOGIN: LoginSite = {
  platform: 'bilibili',
  title: '哔哩哔哩 (゜-゜)つロ 干杯~-bilibili',
  page: '/passport.bilibili.com/login',
  bilibili: true,
  api: {
    generate: '/passport.bilibili.com/x/passport-login/web/qrcode/generate',
    poll: '/passport.bilibili.com/x/passport-login/web/qrcode/poll',
    scan: '/passport.bilibili.com/h5-app/passport/login/scan',
    slider: '/passport.bilibili.com/x/passport-login/captcha/slide',
    smsSend: '/passport.bilibili.com/x/passport-login/web/sms/send',
    smsVerify: '/passport.bilibili.com/x/passport-login/web/sms/verify',
  },
  scanUrl: (key) => `https://passport.bilibili.com/h5-app/passport/login/scan?navhide=1&qrcode_key=${key}&from=`,
  next: (query) => query.get('gourl') ?? 'https://member.bilibili.com/platform/upload/video/frame',
  extraCookies: (user) => [`bili_jct=${csrfOf(user.uid)}; Path=/; SameSite=Lax`, `DedeUserID=${encodeURIComponent(user.uid)}; Path=/; SameSite=Lax`],
  markup: `<div class="login-scan-box"><p>扫描二维码登录</p><div class="qrcode-wrap"><img class="qrcode-img" alt="二维码"></div>
<div class="qrcode-expired" hidden><p>二维码已失效</p><p class="qrcode-refresh">点击刷新</p></div><p class="qrcode-scanned" hidden>扫码成功，请在手机上确认</p></div>
<div class="login-pwd-box"><input placeholder="请输入账号"><input type="password" placeholder="请输入密码"><button>登录</button></div>
${GENERIC_STEPS.replace('class="captcha-slider"', 'class="geetest_panel"')}`,
  sel: {
    ...GENERIC_STEP_SEL,
    qrBox: '.qrcode-wrap',
    qrImg: '.login-scan-box img.qrcode-img',
    expired: '.qrcode-expired',
    refresh: '.qrcode-refresh',
    scanned: '.qrcode-scanned',
    slider: '.geetest_panel',
    sliderHandle: '.geetest_panel .handle',
  },
};
