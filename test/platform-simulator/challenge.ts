/**
 * A challenge any replica can raise in the middle of a publish: an SMS code dialog, a slider,
 * a click captcha, an identity check or an unknown modal, drawn in the markup the public sources record for
 * the platform (edge-node/src/adapters/kit/challenge-facts.ts) and answered in the page with
 * real DOM events, as a person would.
 *
 * A test raises one through the platform's options (`sim.configure(p, { challenge: { kind,
 * step } })`, also over the forked simulator's IPC): every HTML page the replica serves from
 * then on carries the challenge until it is answered once; after that no page does. Its steps:
 *
 * - `before_upload`: shown as soon as the page is loaded, before anything is chosen or typed;
 * - `after_fill`: shown once the form has been edited (a field typed into, a file chosen) and
 *   the edits have paused;
 * - `at_publish`: shown once the form has been edited and the page's publish control is
 *   visible and enabled, covering it (so it comes before the control is usable); on a page with
 *   no publish control (its own script sends the post), once the edits have paused.
 *
 * Whatever the step, a press on the publish control while the challenge is not answered is
 * swallowed and shows the challenge instead (douyin's creator page asks at 发布 in the same
 * way): the post is never made before the answer, and the control must be pressed again after it.
 *
 * SMS codes go to the account's phone: `sim.smsSent(platform)` and the `/_phone` page list
 * them. `sim.challengeStatus(platform)` tells what became of the challenge.
 *
 * The challenge is the platform's decision about the session, not only a drawing: until it is
 * answered, the platform's publish API refuses a post sent any other way (a script's own call,
 * a request made from the page) as the platform refuses an unverified request, and records
 * nothing (`verificationRefusal`, answered by acceptPublish in platform.ts). A page whose
 * form is never edited never draws it, but its publish is refused all the same.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomInt, randomUUID } from 'node:crypto';
import { json, readJson } from './http.js';
import type { SimState } from './state.js';

export { CHALLENGE_STEPS, type ChallengeRaise, type ChallengeStep, SIM_CHALLENGE_KINDS, type SimChallengeKind } from './challenge-raise.js';
import { CHALLENGE_STEPS, type ChallengeRaise, type ChallengeStep, SIM_CHALLENGE_KINDS, type SimChallengeKind } from './challenge-raise.js';

export interface ChallengeStatus {
  kind: SimChallengeKind;
  step: ChallengeStep;
  /** How many times a page showed it. */
  shown: number;
  codesSent: number;
  wrongCodes: number;
  /** Sliders dragged short of the end, captchas answered in the wrong order. */
  failedAttempts: number;
  answered: boolean;
}

export const CHALLENGE_PATH = '/_challenge';

interface Run {
  raise: ChallengeRaise;
  status: ChallengeStatus;
  /** The codes sent, newest last: the newest is the one that answers. */
  codes: string[];
}

/** The challenge raised on `platform` (a new raise starts a new run), or undefined. */
function run(state: SimState, platform: string): Run | undefined {
  const raise = state.opts(platform).challenge;
  if (!raise) return undefined;
  const runs = state.bag<Run>('challenge');
  let r = runs.get(platform);
  if (!r || r.raise !== raise) {
    if (!SIM_CHALLENGE_KINDS.includes(raise.kind)) throw new Error(`challenge kind ${String(raise.kind)}: the replicas raise ${SIM_CHALLENGE_KINDS.join(', ')}`);
    if (!CHALLENGE_STEPS.includes(raise.step)) throw new Error(`challenge step ${String(raise.step)}: the replicas raise at ${CHALLENGE_STEPS.join(', ')}`);
    r = { raise, status: { kind: raise.kind, step: raise.step, shown: 0, codesSent: 0, wrongCodes: 0, failedAttempts: 0, answered: false }, codes: [] };
    runs.set(platform, r);
  }
  return r;
}

export function challengeStatus(state: SimState, platform: string): ChallengeStatus | undefined {
  const r = run(state, platform);
  return r ? { ...r.status } : undefined;
}

/** Whether a challenge is raised on `platform` and not answered yet: its publish API refuses until it is. */
export function challengeOpen(state: SimState, platform: string): boolean {
  const r = run(state, platform);
  return r !== undefined && !r.status.answered;
}

// ---------------------------------------------------------------- the publish API's refusal

/** What the replicas' refusals say where no source records the platform's words (UNVERIFIED). */
const VERIFY_FIRST = '请先完成安全验证后再发布';

/**
 * How a platform's publish API answers a request from a session it wants verified first, in
 * the platform's own envelope (the one its replica refuses a post with):
 * - bilibili: code -352 风控校验失败 with a `v_voucher` in data (and the x-bili-gaia-vvoucher
 *   header), the voucher a captcha is asked with (SocialSisterYi/bilibili-API-collect,
 *   docs/misc/sign/v_voucher.md, snapshot 2026-11);
 * - zhihu: HTTP 403 with error code 40352 and a link to its /account/unhuman verification
 *   page, its network risk-control gate as a public zhihu client records it (snapshot 2026-11);
 * - the others: no source records the answer; their own refusal envelope with VERIFY_FIRST.
 */
export function verificationRefusal(platform: string, path: string): { status: number; headers?: Record<string, string>; body: unknown } {
  const voucher = `voucher_${randomUUID()}`;
  switch (platform) {
    case 'bilibili':
      return { status: 200, headers: { 'x-bili-gaia-vvoucher': voucher }, body: { code: -352, message: '风控校验失败', ttl: 1, data: { v_voucher: voucher } } };
    case 'zhihu':
      return { status: 403, body: { error: { code: 40352, message: '系统检测到当前操作存在风险，请完成验证后继续', redirect: 'https://www.zhihu.com/account/unhuman?type=unhuman&need_login=false' } } };
    case 'juejin':
      return { status: 200, body: { err_no: 1, err_msg: VERIFY_FIRST } };
    case 'toutiao':
      return { status: 200, body: path.includes('/wtt') ? { status: 0, data: { Code: 2001, Message: VERIFY_FIRST } } : { code: 7050, err_no: 7050, message: VERIFY_FIRST, reason: VERIFY_FIRST, data: { pgc_id: '0' } } };
    case 'baijiahao':
      return { status: 200, body: { errno: 1, errmsg: VERIFY_FIRST, ret: {} } };
    case 'sohu':
      return { status: 200, body: { success: false, code: 4000003, msg: VERIFY_FIRST } };
    case 'netease':
    case 'csdn':
      return { status: 200, body: { code: 400, msg: VERIFY_FIRST, data: null } };
    case 'jianshu':
      return { status: 403, body: { error: [{ code: 403, message: VERIFY_FIRST }] } };
    case 'qiehao':
      return { status: 200, body: { response: { code: '-1', msg: VERIFY_FIRST }, data: [] } };
    case 'weibo':
      return { status: 200, body: path.includes('/article/') ? { code: 111006, msg: VERIFY_FIRST } : { ok: 0, msg: VERIFY_FIRST } };
    default:
      return { status: 200, body: { code: 1, message: VERIFY_FIRST, msg: VERIFY_FIRST } };
  }
}

// ---------------------------------------------------------------- the markup, per platform

/** Which recorded form each platform's challenge takes (the others: the plain forms below, UNVERIFIED). */
const FORM_OF: Readonly<Record<SimChallengeKind, Readonly<Record<string, string>>>> = {
  sms: { douyin: 'douyin' },
  slider: { douyin: 'secsdk', toutiao: 'secsdk', bilibili: 'geetest', weibo: 'geetest', xiaohongshu: 'red' },
  captcha: { bilibili: 'geetest', weibo: 'geetest' },
  identity: { wechat_mp: 'weui', youtube: 'google' },
  dialog: { douyin: 'shepherd', kuaishou: 'ant' },
};

/** What an identity check is headed, where the sources record it. */
const IDENTITY_TITLE: Readonly<Record<string, string>> = {
  douyin: '身份验证',
  baijiahao: '百度安全验证',
  wechat_mp: '微信验证',
  youtube: "Verify it's you",
  xiaohongshu: '安全验证',
};

// A mask over the whole page, as every recorded form has one: clicks meant for the page land on it.
const MASK = 'position:fixed;inset:0;background:rgba(0,0,0,.45);z-index:2147483000';
const PANEL = 'position:fixed;left:50%;top:50%;transform:translate(-50%,-50%);z-index:2147483001;background:#fff;color:#222;padding:20px 24px;border-radius:8px;min-width:340px;font:14px/1.5 system-ui,sans-serif';
const TRACK = 'position:relative;width:300px;height:40px;background:#eef0f3;border-radius:20px;margin-top:12px';
const HANDLE = 'position:absolute;left:0;top:0;width:40px;height:40px;border-radius:20px;background:#1677ff;cursor:grab';
// A picture for the sliders' image: a plain SVG (the replicas decode no real captcha).
const PICTURE = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="150"><rect width="300" height="150" fill="#8fb3d9"/><rect x="200" y="50" width="44" height="44" fill="#fff" opacity=".7"/></svg>')}`;

/**
 * Each form: the markup (one root element, `data-sim-challenge` on it) and the selectors the
 * page script wires, relative to the root.
 */
interface Form {
  html: string;
  sel: { input?: string; send?: string; confirm?: string; error?: string; track?: string; handle?: string; close?: string; order?: string; item?: string };
}

function smsForm(form: string): Form {
  if (form === 'douyin') {
    // As captured on the creator upload flow (DYSMS, DYSEL); what a refused code shows is not
    // recorded, so the replica shows 验证码错误 in the panel (UNVERIFIED).
    return {
      html: `<div id="uc-second-verify" data-sim-challenge="sms"><div class="second-verify-mask" style="${MASK}"></div><div class="second-verify-panel" style="${PANEL}"><article>
<p style="font-weight:600;font-size:16px">接收短信验证码</p>
<p class="uc-ui-verify_sms-verify_content_desc">为保障账号安全，请输入发送至 138****0000 的短信验证码</p>
<div class="uc-ui-verify_sms-verify_input"><input type="number" placeholder="请输入验证码"><span class="uc-ui-input_right" role="button" style="margin-left:8px;cursor:pointer;color:#fe2c55">获取验证码</span></div>
<p class="uc-ui-verify_sms-verify_error" style="color:#fe2c55" hidden>验证码错误，请重新输入</p>
<div class="uc-ui-button_group" style="margin-top:12px;display:flex;gap:8px"><div class="uc-ui-verify_sms-verify_button second" style="cursor:pointer;padding:4px 16px">取消</div><div class="uc-ui-verify_sms-verify_button primary" style="cursor:pointer;padding:4px 16px;background:#fe2c55;color:#fff">验证</div></div>
</article></div></div>`,
      sel: { input: 'input', send: '.uc-ui-input_right', confirm: '.uc-ui-verify_sms-verify_button.primary', error: '.uc-ui-verify_sms-verify_error', close: '.uc-ui-verify_sms-verify_button.second' },
    };
  }
  // The plain form: the login replicas' SMS step (login-pages.ts) in an ARIA dialog.
  return {
    html: `<div data-sim-challenge="sms"><div style="${MASK}"></div><div role="dialog" aria-modal="true" class="sms-verify" style="${PANEL}">
<p style="font-weight:600;font-size:16px">安全验证</p><p>为了你的账号安全，请输入短信验证码</p>
<input placeholder="请输入验证码" maxlength="8"> <button type="button" class="send">获取验证码</button>
<p class="error-tip" style="color:#d00" hidden>验证码错误</p>
<div style="margin-top:12px"><button type="button" class="cancel">取消</button> <button type="button" class="ok">确定</button></div></div></div>`,
    sel: { input: 'input', send: '.send', confirm: '.ok', error: '.error-tip', close: '.cancel' },
  };
}

function sliderForm(form: string): Form {
  if (form === 'secsdk') {
    // ByteDance's secsdk captcha (MC, BDCAP, TT): its container, picture and drag bar.
    return {
      html: `<div id="captcha_container" data-sim-challenge="slider"><div style="${MASK}"></div><div class="captcha_verify_container captcha-verify-container" style="${PANEL}">
<p>请完成下列验证后继续</p><img id="captcha-verify-image" alt="" width="300" height="150" src="${PICTURE}">
<p>向右滑动完成拼图</p><div class="secsdk-captcha-drag-wrapper" style="${TRACK}"><div class="secsdk-captcha-drag-icon" style="${HANDLE}"></div></div></div></div>`,
      sel: { track: '.secsdk-captcha-drag-wrapper', handle: '.secsdk-captcha-drag-icon' },
    };
  }
  if (form === 'geetest') {
    // Geetest v3's panel and slider (GEE, BGEE).
    return {
      html: `<div class="geetest_panel geetest_wind" data-sim-challenge="slider"><div class="geetest_panel_ghost" style="${MASK}"></div><div class="geetest_panel_box geetest_panelshowslide" style="${PANEL}"><div class="geetest_panel_next"><div class="geetest_wrap"><div class="geetest_widget">
<img class="geetest_canvas_img" alt="" width="300" height="150" src="${PICTURE}">
<div class="geetest_slider" style="${TRACK}"><div class="geetest_slider_button" style="${HANDLE}"></div></div><div class="geetest_slider_tip">拖动左边滑块完成上方拼图</div>
</div></div></div></div></div>`,
      sel: { track: '.geetest_slider', handle: '.geetest_slider_button' },
    };
  }
  if (form === 'red') {
    // Xiaohongshu's red captcha: only its class (XCAP) and the page's heading 安全验证 are recorded.
    return {
      html: `<div class="red-captcha" data-sim-challenge="slider"><div style="${MASK}"></div><div style="${PANEL}"><p style="font-weight:600">安全验证</p>
<img alt="" width="300" height="150" src="${PICTURE}"><div class="red-captcha-track" style="${TRACK}"><div class="red-captcha-slider" style="${HANDLE}"></div></div><p>拖动滑块完成验证</p></div></div>`,
      sel: { track: '.red-captcha-track', handle: '.red-captcha-slider' },
    };
  }
  // Aliyun's no-captcha slider, embedded by many sites (its ids as scripts that drive it record them).
  return {
    html: `<div class="nc-container" data-sim-challenge="slider"><div id="nc_mask" style="${MASK}"></div><div id="nc_1_wrapper" class="nc_wrapper" style="${PANEL}"><p>请完成安全验证</p>
<div id="nc_1_n1t" class="nc_scale" style="${TRACK}"><span id="nc_1_n1z" class="nc_iconfont btn_slide" style="${HANDLE}"></span></div><p>请拖动滑块完成验证</p></div></div>`,
    sel: { track: '#nc_1_n1t', handle: '#nc_1_n1z' },
  };
}

/** The characters a click captcha asks for, in order, and the others drawn beside them. */
export const CAPTCHA_ASKED = ['天', '地', '人'];
const CAPTCHA_DRAWN = ['地', '月', '人', '天', '日'];

function captchaForm(form: string): Form {
  // Click the characters in the order asked, then confirm: the form geetest's click captcha takes
  // (bilibili's uploader shows it, BA513); only the panel's class is recorded, its inside is the replica's.
  const chars = CAPTCHA_DRAWN.map((c, i) => `<span class="captcha-char" role="button" style="position:absolute;left:${20 + i * 55}px;top:${30 + (i % 2) * 50}px;width:40px;height:40px;font-size:28px;text-align:center;cursor:pointer;background:#fff8">${c}</span>`).join('');
  const inner = `<p>请在下图依次点击：<b class="captcha-order">${CAPTCHA_ASKED.join(' ')}</b></p>
<div class="captcha-picture" style="position:relative;width:300px;height:150px;background:#8fb3d9">${chars}</div>
<p class="captcha-error" style="color:#d00" hidden>验证失败，请按顺序点击</p><button type="button" class="captcha-commit">确认</button>`;
  const sel = { order: '.captcha-order', item: '.captcha-char', confirm: '.captcha-commit', error: '.captcha-error' };
  if (form === 'geetest') {
    return {
      html: `<div class="geetest_panel geetest_wind" data-sim-challenge="captcha"><div class="geetest_panel_ghost" style="${MASK}"></div><div class="geetest_panel_box" style="${PANEL}">${inner}</div></div>`,
      sel,
    };
  }
  return { html: `<div data-sim-challenge="captcha"><div style="${MASK}"></div><div role="dialog" aria-modal="true" class="captcha-click" style="${PANEL}"><p style="font-weight:600">安全验证</p>${inner}</div></div>`, sel };
}

function identityForm(form: string, platform: string): Form {
  const title = IDENTITY_TITLE[platform] ?? '安全验证';
  if (form === 'weui') {
    // WeChat's 微信验证 dialog (WXP, WXL): the administrator's QR; the replica's 确定 stands for the scan.
    return {
      html: `<div data-sim-challenge="identity"><div class="weui-desktop-mask" style="${MASK}"></div><div class="weui-desktop-dialog" role="dialog" aria-modal="true" style="${PANEL}">
<h3 class="weui-desktop-dialog__title">${title}</h3><p>请管理员使用微信扫描二维码完成验证</p><div class="qrcode_wrp"><img alt="" width="120" height="120" src="${PICTURE}"></div>
<div class="weui-desktop-dialog__ft"><button type="button" class="weui-desktop-btn weui-desktop-btn_primary">确定</button></div></div></div>`,
      sel: { confirm: '.weui-desktop-btn_primary' },
    };
  }
  if (form === 'google') {
    return {
      html: `<div data-sim-challenge="identity"><div style="${MASK}"></div><div role="dialog" aria-modal="true" style="${PANEL}">
<h2>${title}</h2><p>To continue, Google needs to verify that it's you.</p><button type="button" class="verify-next">Next</button></div></div>`,
      sel: { confirm: '.verify-next' },
    };
  }
  return {
    html: `<div data-sim-challenge="identity"><div style="${MASK}"></div><div role="dialog" aria-modal="true" class="verify-dialog" style="${PANEL}">
<h3>${title}</h3><p>为了你的账号安全，请确认是本人操作后继续</p><div style="margin-top:12px"><button type="button" class="verify-ok">确定</button></div></div></div>`,
    sel: { confirm: '.verify-ok' },
  };
}

function dialogForm(form: string): Form {
  if (form === 'shepherd') {
    // The new-feature guide douyin lays over 发布 (SAU): Shepherd's step element and overlay.
    return {
      html: `<div data-sim-challenge="dialog"><div class="shepherd-modal-overlay-container shepherd-modal-is-visible" style="${MASK}"></div><div class="shepherd-element shepherd-enabled" role="dialog" aria-modal="true" style="${PANEL}"><div class="shepherd-content">
<header class="shepherd-header"><h3 class="shepherd-title">新功能上线</h3><button type="button" class="shepherd-cancel-icon" aria-label="Close Tour">×</button></header>
<div class="shepherd-text">作品发布页新增了更多设置，快来试试吧</div><footer class="shepherd-footer"><button type="button" class="shepherd-button">我知道了</button></footer></div></div></div>`,
      sel: { close: '.shepherd-cancel-icon, .shepherd-button' },
    };
  }
  if (form === 'ant') {
    // Ant Design's modal, the component library of kuaishou's creator pages.
    return {
      html: `<div class="ant-modal-root" data-sim-challenge="dialog"><div class="ant-modal-mask" style="${MASK}"></div><div class="ant-modal-wrap" role="dialog" aria-modal="true" style="position:fixed;inset:0;z-index:2147483001"><div class="ant-modal" style="${PANEL}"><div class="ant-modal-content">
<button type="button" class="ant-modal-close" aria-label="Close"><span class="ant-modal-close-x">×</span></button><div class="ant-modal-header"><div class="ant-modal-title">温馨提示</div></div>
<div class="ant-modal-body">发布前请确认作品内容符合社区规范</div><div class="ant-modal-footer"><button type="button" class="ant-btn ant-btn-primary">知道了</button></div></div></div></div></div>`,
      sel: { close: '.ant-modal-close, .ant-modal-footer .ant-btn' },
    };
  }
  return {
    html: `<div data-sim-challenge="dialog"><div style="${MASK}"></div><div role="dialog" aria-modal="true" class="notice-dialog" style="${PANEL}">
<button type="button" class="dialog-close" aria-label="关闭" style="float:right">×</button><h3>提示</h3><p>发布前请阅读平台最新的内容规范</p></div></div>`,
    sel: { close: '.dialog-close' },
  };
}

/** The form a platform's challenge of `kind` takes (exported for tests and for the docs). */
export function challengeForm(platform: string, kind: SimChallengeKind): Form & { form: string } {
  const form = FORM_OF[kind][platform] ?? 'plain';
  const f =
    kind === 'sms' ? smsForm(form) : kind === 'slider' ? sliderForm(form) : kind === 'captcha' ? captchaForm(form) : kind === 'identity' ? identityForm(form, platform) : dialogForm(form);
  return { ...f, form };
}

// ---------------------------------------------------------------- the page's side

/** Texts a publish control reads (the replicas' and the platforms' own). */
const PUBLISH_WORDS = ['发布', '发表', '发送', '立即发布', '确认发布', '确认发表', '预览并发布', '继续发表', '发布笔记', '发布视频', '发布文章', '发布动态', '投稿', '立即投稿', '发文', 'Publish', 'Post', 'Schedule', 'Save'];

const PAGE_JS = `(() => {
const cfg = __CFG__;
const CONTROLS = 'button, [role="button"], a, input[type="submit"], input[type="button"], [class*="btn"], [class*="button"], ytcp-button';
let phase = 'armed'; // armed → shown → answered (a cancelled dialog goes back to armed)
let root = null, edited = false, pause = null, watch = null;
const post = (action, body) => fetch(cfg.api + '/' + action, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body || {}) }).then((r) => r.json());
const text = (el) => String(el.innerText || el.textContent || el.value || '').replace(/\\s+/g, '');
const isPublish = (el) => {
  if (!el || !el.closest) return null;
  if (cfg.control) return el.closest(cfg.control);
  const c = el.closest(CONTROLS);
  return c && !c.closest('[data-sim-challenge]') && cfg.words.includes(text(c)) ? c : null;
};
const usable = (el) => {
  const r = el.getBoundingClientRect();
  if (r.width < 1 || r.height < 1) return false;
  const s = getComputedStyle(el);
  if (s.visibility === 'hidden' || s.display === 'none') return false;
  return !el.disabled && el.getAttribute('aria-disabled') !== 'true' && !/(^|[\\s_-])disabled?\\b/i.test(String(el.className));
};
const publishControls = () => (cfg.control ? [...document.querySelectorAll(cfg.control)] : [...document.querySelectorAll(CONTROLS)].filter((c) => !c.closest('[data-sim-challenge]') && cfg.words.includes(text(c))));
function hide() {
  if (root) root.remove();
  root = null;
}
function answered() {
  phase = 'answered';
  hide();
  if (watch) watch.disconnect();
  window.removeEventListener('input', onEdit, true);
  window.removeEventListener('change', onEdit, true);
}
function show() {
  if (phase !== 'armed' || !document.body) return;
  phase = 'shown';
  const holder = document.createElement('div');
  holder.innerHTML = cfg.html;
  root = holder.firstElementChild;
  // The root spans the viewport (its mask and panel are fixed inside it), so it is what covers the page.
  root.style.cssText += ';position:fixed;inset:0;z-index:2147483000';
  document.body.appendChild(root);
  wire();
  post('shown');
  if (cfg.kind === 'sms' && cfg.sendOnShow) send();
}
const $ = (s) => (s ? root.querySelector(s) : null);
async function send() {
  // The control says at once that a code is on its way (a platform counts down from the press),
  // so whoever looks at the panel next does not ask for another.
  const b = $(cfg.sel.send);
  const was = b ? b.textContent : '';
  if (b) b.textContent = '已发送';
  const j = await post('sms/send');
  if (b && !j.ok) b.textContent = was;
}
function wire() {
  const on = (s, type, f) => { if (s) for (const el of root.querySelectorAll(s)) el.addEventListener(type, f); };
  on(cfg.sel.send, 'click', send);
  on(cfg.sel.close, 'click', async () => {
    if (cfg.kind === 'dialog') { await post('answer'); answered(); return; }
    // Cancelling leaves the challenge unanswered: the next press on the publish control asks again.
    hide();
    phase = 'armed';
    post('cancelled');
  });
  let picked = [];
  on(cfg.sel.item, 'click', (e) => {
    picked.push(e.currentTarget.textContent);
    e.currentTarget.style.outline = '3px solid #1677ff';
  });
  on(cfg.sel.confirm, 'click', async () => {
    if (cfg.kind === 'captcha') {
      const err = $(cfg.sel.error);
      const asked = $(cfg.sel.order).textContent.split(' ');
      const right = picked.length === asked.length && picked.every((c, i) => c === asked[i]);
      picked = [];
      for (const el of root.querySelectorAll(cfg.sel.item)) el.style.outline = '';
      if (!right) { if (err) err.hidden = false; post('failed'); return; }
      await post('answer');
      answered();
      return;
    }
    if (cfg.kind === 'sms') {
      const err = $(cfg.sel.error);
      if (err) err.hidden = true;
      const j = await post('sms/verify', { code: String($(cfg.sel.input).value || '').trim() });
      if (j.ok) answered(); else if (err) err.hidden = false;
      return;
    }
    await post('answer');
    answered();
  });
  const handle = $(cfg.sel.handle);
  if (handle) {
    // Drag the handle to the end of its track (a press, moves, a release), as the widgets ask.
    handle.addEventListener('mousedown', (down) => {
      down.preventDefault();
      const track = $(cfg.sel.track).getBoundingClientRect();
      const max = track.width - handle.getBoundingClientRect().width;
      const move = (e) => { handle.style.left = Math.max(0, Math.min(max, e.clientX - down.clientX)) + 'px'; };
      const up = async (e) => {
        document.removeEventListener('mousemove', move);
        document.removeEventListener('mouseup', up);
        const dx = e.clientX - down.clientX;
        const click = Math.abs(dx) < 3 && Math.abs(e.clientY - down.clientY) < 3;
        if (dx >= max * 0.9 || (click && cfg.slider === 'drag-or-click')) {
          await post('answer');
          answered();
        } else {
          handle.style.left = '0px';
          post('failed');
        }
      };
      document.addEventListener('mousemove', move);
      document.addEventListener('mouseup', up);
    });
  }
}
// A press on the publish control before the answer asks instead of publishing.
for (const type of ['pointerdown', 'mousedown', 'click', 'keydown']) {
  window.addEventListener(type, (e) => {
    if (phase === 'answered' || (type === 'keydown' && e.key !== 'Enter' && e.key !== ' ')) return;
    if (!isPublish(e.target)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    show();
  }, true);
}
function settle() {
  if (phase !== 'armed' || !edited) return;
  // A page with no publish control of its own (its script sends the post) is asked once the edits pause.
  const controls = cfg.step === 'at_publish' ? publishControls() : [];
  if (cfg.step === 'after_fill' || controls.length === 0 || controls.some(usable)) show();
}
function onEdit(e) {
  if (phase !== 'armed' || (e.target && e.target.closest && e.target.closest('[data-sim-challenge]'))) return;
  edited = true;
  clearTimeout(pause);
  pause = setTimeout(settle, 300);
}
window.addEventListener('input', onEdit, true);
window.addEventListener('change', onEdit, true);
function start() {
  if (cfg.step === 'before_upload') return show();
  if (cfg.step === 'at_publish') {
    // The control may become usable well after the last edit (an upload finishing).
    let later = null;
    watch = new MutationObserver(() => { clearTimeout(later); later = setTimeout(settle, 150); });
    watch.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled', 'class', 'aria-disabled', 'style', 'hidden'] });
  }
}
if (document.body) start(); else document.addEventListener('DOMContentLoaded', start);
})();`;

function pageScript(platform: string, raise: ChallengeRaise): string {
  const f = challengeForm(platform, raise.kind);
  const cfg = {
    api: `${CHALLENGE_PATH}/${platform}`,
    kind: raise.kind,
    step: raise.step,
    control: raise.control ?? null,
    sendOnShow: raise.sendOnShow === true,
    slider: raise.slider ?? 'drag',
    words: PUBLISH_WORDS,
    html: f.html,
    sel: f.sel,
  };
  // `<` escaped: the JSON sits inside a script element.
  return `<script>${PAGE_JS.replace('__CFG__', JSON.stringify(cfg).replace(/</g, '\\u003c'))}</script>`;
}

/**
 * Lets the replica's HTML answer to this request carry the challenge, when one is raised and
 * unanswered on `platform` for this page: the script goes in before `</body>`, whatever
 * module drew the page (html() or its own writeHead/end).
 */
export function injectChallenge(res: ServerResponse, state: SimState, platform: string, path: string): void {
  const r = run(state, platform);
  if (!r || r.status.answered || (r.raise.page !== undefined && !path.includes(r.raise.page))) return;
  const script = pageScript(platform, r.raise);
  const writeHead = res.writeHead.bind(res) as (...a: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (...a: unknown[]) => boolean;
  const end = res.end.bind(res) as (...a: unknown[]) => ServerResponse;
  let held: unknown[] | null = null;
  const release = () => {
    if (held) writeHead(...held);
    held = null;
  };
  const headerOf = (name: string): string | undefined => {
    const fromArgs = held?.find((a): a is Record<string, unknown> => typeof a === 'object' && a !== null && !Array.isArray(a));
    const v = fromArgs ? Object.entries(fromArgs).find(([k]) => k.toLowerCase() === name)?.[1] : undefined;
    const h = v ?? res.getHeader(name);
    return h === undefined ? undefined : String(h);
  };
  res.writeHead = ((...a: unknown[]) => {
    held = a;
    return res;
  }) as typeof res.writeHead;
  res.write = ((...a: unknown[]) => {
    release();
    return write(...a);
  }) as typeof res.write;
  res.end = ((...a: unknown[]) => {
    const [body, ...rest] = a;
    const isHtml = /text\/html/i.test(headerOf('content-type') ?? '');
    if (isHtml && (typeof body === 'string' || Buffer.isBuffer(body))) {
      const doc = String(body);
      const at = doc.lastIndexOf('</body>');
      const out = at < 0 ? doc + script : doc.slice(0, at) + script + doc.slice(at);
      const length = Buffer.byteLength(out);
      if (held) {
        held = held.map((x) => (typeof x === 'object' && x !== null && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, k.toLowerCase() === 'content-length' ? String(length) : v])) : x));
      }
      if (res.hasHeader('content-length')) res.setHeader('content-length', String(length));
      release();
      return end(out, ...rest.filter((x) => typeof x === 'function'));
    }
    release();
    return end(...a);
  }) as typeof res.end;
}

/** Serves `/_challenge/<platform>/<action>` (the page's calls); false when the path is not one. */
export async function handleChallenge(req: IncomingMessage, res: ServerResponse, url: URL, state: SimState): Promise<boolean> {
  if (!url.pathname.startsWith(`${CHALLENGE_PATH}/`)) return false;
  const [platform = '', ...rest] = url.pathname.slice(CHALLENGE_PATH.length + 1).split('/');
  const action = rest.join('/');
  const r = run(state, platform);
  if (req.method !== 'POST') return void json(res, 405, { ok: false, message: 'the challenge takes POSTs' }), true;
  if (!r) return void json(res, 409, { ok: false, message: `no challenge raised on ${platform}` }), true;
  const s = r.status;
  switch (action) {
    case 'shown':
      s.shown++;
      return void json(res, 200, { ok: true }), true;
    case 'cancelled':
      return void json(res, 200, { ok: true }), true;
    case 'failed':
      s.failedAttempts++;
      return void json(res, 200, { ok: true }), true;
    case 'sms/send': {
      const code = String(randomInt(100000, 1000000));
      r.codes.push(code);
      s.codesSent++;
      // The account whose session the page holds receives it (its phone: /_phone, sim.smsSent).
      const account = state.user(req, platform)?.uid ?? '';
      state.sendSms({ platform, account, code, at: new Date().toISOString(), purpose: 'challenge' });
      return void json(res, 200, { ok: true }), true;
    }
    case 'sms/verify': {
      const body = await readJson(req);
      const ok = r.codes.length > 0 && String(body.code ?? '') === r.codes[r.codes.length - 1];
      if (ok) s.answered = true;
      else s.wrongCodes++;
      return void json(res, 200, ok ? { ok: true } : { ok: false, message: '验证码错误' }), true;
    }
    case 'answer':
      if (r.raise.kind === 'sms') return void json(res, 409, { ok: false, message: 'an SMS challenge is answered with its code' }), true;
      s.answered = true;
      return void json(res, 200, { ok: true }), true;
    default:
      return void json(res, 404, { ok: false, message: `no challenge action ${action}` }), true;
  }
}
