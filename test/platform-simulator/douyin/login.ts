/**
 * The douyin replica's QR login at creator.douyin.com/ (login-pages.ts runs
 * it): the 扫码登录 card with its QR in #animate_qrcode_container, the
 * "二维码失效" mask whose box renews the QR, the uc verification SMS step and
 * the captcha slider, as the adapter's provenance table records them.
 */
import { GENERIC_STEP_SEL, type LoginSite, loginApi } from '../login-pages.js';

export const DOUYIN_LOGIN: LoginSite = {
  platform: 'douyin',
  title: '抖音创作者中心',
  page: '/creator.douyin.com/',
  // The page's status poll at the passport address and with the data.status words the adapter's table records.
  api: { ...loginApi('sso.douyin.com'), poll: '/sso.douyin.com/check_qrconnect/' },
  answer: (s) => ({ error_code: 0, data: { status: { waiting: 'new', scanned: 'scanned', expired: 'expired', slider: 'confirmed', sms: 'confirmed', done: 'confirmed' }[s] } }),
  scanUrl: (key) => `https://sso.douyin.com/qrcode/scan?key=${key}`,
  next: () => 'https://creator.douyin.com/creator-micro/content/upload',
  markup: `<div class="login-card"><div class="single_tab"><span>扫码登录</span> <span>手机号登录</span></div>
<div class="scan-box"><div id="animate_qrcode_container"><img aria-label="二维码" alt="二维码"></div>
<div class="qrcode-mask" hidden><span>二维码失效</span></div></div></div>
<div class="uc-ui-verify_sms" hidden><p>为保障账号安全，请完成身份验证</p><input placeholder="请输入验证码" maxlength="6"><span class="uc-ui-verify_sms-send">获取验证码</span>
<div class="uc-ui-verify_sms-verify_button">验证</div><p class="uc-ui-verify_sms-error" hidden>验证码错误，请重新输入</p></div>
<div id="captcha_container" hidden><img id="captcha-verify-image" alt="验证码" width="300" height="150" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><div class="track"><div class="handle"></div></div></div>`,
  sel: {
    ...GENERIC_STEP_SEL,
    qrBox: '.scan-box',
    qrImg: '#animate_qrcode_container img',
    expired: '.qrcode-mask',
    refresh: '.qrcode-mask',
    sms: '.uc-ui-verify_sms',
    smsInput: '.uc-ui-verify_sms input',
    smsSend: '.uc-ui-verify_sms-send',
    smsSubmit: '.uc-ui-verify_sms-verify_button',
    smsError: '.uc-ui-verify_sms-error',
    slider: '#captcha_container',
    sliderHandle: '#captcha_container .handle',
  },
};
