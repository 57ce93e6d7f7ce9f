/**
 * What a platform puts in front of a publish that only a person can answer: an SMS or
 * verification-code dialog, a slider or captcha widget (in the page or in a frame of its
 * vendor), an identity check, or — only right after an adapter step failed — an unknown modal
 * covering the page. The runner asks at its check points (run-attempt.ts) and either fails the
 * job `challenge_required` or pauses it for a person (jobs/challenge/).
 *
 * The signs are data: CHALLENGE_SIGNS (CSS selectors per kind) and CHALLENGE_TEXT (what a
 * dialog or a page heading says): the common vendors' widgets and UI kits' modals here, and
 * each platform's recorded signs, with their public sources, from challenge-facts.ts (merged
 * in below). A new sign is a line in one of those lists; the detection code does not change.
 *
 * Each frame is read in one evaluation (one round trip, bounded), so a page with nothing on it
 * costs a few milliseconds, not one visibility query per selector.
 */
import { type ChallengeKind } from '@plume/shared';
import type { Frame, Page } from 'playwright-core';
import { factSigns, factTexts } from './challenge-facts.js';

export interface DetectedChallenge {
  kind: ChallengeKind;
  /** What the page asks, in its own words where they could be read. */
  message: string;
  /** The sign that matched (a selector, or `text:<pattern>`): for logs. */
  sign: string;
}

/**
 * Elements that are a challenge of their kind on their own, when visible. The order of the
 * kinds in CHALLENGE_ORDER decides between two matches (an SMS dialog that also carries a
 * captcha class is answered as SMS). `dialog` lists the modal containers of common UI kits:
 * those are a challenge only after a step failed and only when they cover the page.
 */
export const CHALLENGE_SIGNS: Record<ChallengeKind, string[]> = {
  // Containers that are an SMS-code challenge by themselves (platform-specific); dialogs that
  // say so in words are found through CHALLENGE_TEXT.sms.
  sms: [],
  slider: [
    // Geetest (v3 and v4): the slider's knob and track.
    '.geetest_slider_button',
    '.geetest_slider',
    // Aliyun no-captcha (滑动验证): the knob and its container.
    '#nc_1_n1z',
    '.nc-container',
    '.nc_wrapper',
    // ByteDance secsdk (Douyin, Toutiao, Xigua…): the verify container, and the drag knob and
    // puzzle image of its slider variants (gbiz123/tiktok-captcha-solver,
    // src/tiktok_captcha_solver/selectors.py @a3c12d2: `.captcha-verify-container`,
    // `.secsdk-captcha-drag-icon`, `#captcha-verify-image`, Douyin's `#captcha_container > iframe`).
    '#captcha_container',
    '.captcha_verify_container',
    '.secsdk-captcha',
    '.captcha-verify-container',
    '.secsdk-captcha-drag-icon',
    '#captcha-verify-image',
    // Xiaohongshu.
    '.red-captcha',
    '.red-captcha-slider',
  ],
  captcha: [
    // Geetest panels of any challenge type (click, icon, slide not recognised above).
    '[class*="geetest_"]',
    // Tencent captcha (TCaptcha) frames, and captcha frames of any vendor.
    '#tcaptcha_iframe',
    '#tcaptcha_iframe_dy',
    '#tCaptchaDyMainWrap',
    '#tcaptcha_transform',
    '#tcaptcha_transform_dy',
    'iframe[src*="captcha"]',
    'iframe[src*="verify"]',
    // Anything calling itself a captcha.
    '[class*="captcha"]',
    '[id*="captcha"]',
  ],
  // Containers that are an identity check by themselves (platform-specific); dialogs and
  // pages that say so in words are found through CHALLENGE_TEXT.identity.
  identity: [],
  dialog: [
    'dialog[open]',
    '[role="dialog"]',
    '[role="alertdialog"]',
    '[aria-modal="true"]',
    '.ant-modal-wrap',
    '.ant-modal',
    '.el-dialog__wrapper',
    '.el-overlay-dialog',
    '.el-message-box__wrapper',
    '.semi-modal-wrap',
    '.semi-modal',
    '.arco-modal-wrapper',
    '.arco-modal',
    '.byte-modal-wrapper',
    '.byte-modal',
    '.t-dialog',
    '.weui-desktop-dialog',
    '.n-modal',
    '.van-dialog',
    '.modal.show',
    '.modal.in',
  ],
};

/**
 * Overlays a platform is recorded to lay over its publish control (challenge-facts.ts, kind
 * `dialog`): unlike a UI kit's modal, which may be the adapter's own confirmation, these count
 * at every check point, the last look before the gate included, when they cover the page.
 */
export const BLOCKING_DIALOG_SIGNS: string[] = [];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The platforms' recorded signs join the lists: selectors by kind (recorded dialogs as blocking
// overlays), texts as literal words. A recorded `dialog` text is a standing banner, not a modal
// (xiaohongshu's 你还未绑定手机号): it covers nothing, and no answer of a person's clears it.
{
  const signs = factSigns();
  for (const kind of ['sms', 'slider', 'captcha', 'identity'] as const) {
    for (const sign of signs[kind]) if (!CHALLENGE_SIGNS[kind].includes(sign)) CHALLENGE_SIGNS[kind].push(sign);
  }
  for (const sign of signs.dialog) if (!BLOCKING_DIALOG_SIGNS.includes(sign)) BLOCKING_DIALOG_SIGNS.push(sign);
}

/** Which kind wins when a page shows the signs of several. */
export const CHALLENGE_ORDER: readonly ChallengeKind[] = ['sms', 'slider', 'captcha', 'identity', 'dialog'];

/**
 * What a dialog (a CHALLENGE_SIGNS.dialog container) or an identity page's heading says, as
 * regular-expression sources (case-insensitive). `sms` needs a code field in the same dialog;
 * `identity` is a check with no code field of its own.
 */
export const CHALLENGE_TEXT: { sms: string[]; identity: string[] } = {
  sms: ['验证码', '短信验证', '校验码', '动态码', 'verification code', 'security code', 'sms code', 'one-time code'],
  identity: ['身份验证', '安全验证', '实名认证', '身份核验', '人脸验证', '账号存在风险', 'verify your identity', 'identity verification', 'security verification', 'security check'],
};

{
  const texts = factTexts();
  for (const kind of ['sms', 'identity'] as const) {
    for (const text of texts[kind]) {
      const pattern = escapeRegExp(text);
      if (!CHALLENGE_TEXT[kind].includes(pattern)) CHALLENGE_TEXT[kind].push(pattern);
    }
  }
}

/** Fields a person types a code into. */
export const CODE_INPUTS = 'input:not([type]), input[type="text"], input[type="tel"], input[type="number"], input[type="password"], [contenteditable="true"]';

/** Buttons that submit a code (compared with the button's text, spaces removed). */
export const CONFIRM_TEXT = /^(确定|确认|提交|验证|立即验证|完成|下一步|登录|confirm|submit|verify|ok|continue|next|done)$/i;
/** Buttons near a code field that are never its submit (send a code again, close). */
export const NOT_CONFIRM_TEXT = /获取|发送|重新|重发|取消|关闭|send|resend|cancel|close/i;

// Why 400 ms: one evaluation takes a few ms on an idle page; a frame that is navigating or
// whose renderer is busy answers nothing in time and counts as "nothing there" this round.
const FRAME_BOUND_MS = 400;
// Why 2 s: the page itself must answer (its silence is not "nothing there"); a loaded machine
// takes a few hundred ms, and past this the page is navigating or hung: ChallengeUnreadable.
const PAGE_BOUND_MS = 2000;
// Why: the smallest captcha widgets (a 260 × 40 slider track, a 100 × 40 image code) are this big;
// a substring sign on anything smaller is a hint line or an icon, never the challenge itself.
const GENERIC_SIGN_MIN_PX = [100, 36] as const;
// Why 300: enough of a dialog's text to say what it asks; the wire allows 1000.
const MESSAGE_CHARS = 300;

interface Found {
  kind: ChallengeKind;
  message: string;
  sign: string;
}

interface InPageArgs {
  signs: Record<ChallengeKind, string[]>;
  order: readonly ChallengeKind[];
  text: { sms: string[]; identity: string[] };
  codeInputs: string;
  withDialog: boolean;
  messageChars: number;
  /** Marks the SMS dialog's code field and confirm button for answerSms. */
  mark: boolean;
  confirm: string;
  notConfirm: string;
  genericMinPx: readonly [number, number];
  blocking: string[];
}

/**
 * The detection as it runs in a frame. A string, not a function: the node's TypeScript has no
 * DOM types, and a transpiled function may carry helpers that do not exist in the page.
 */
const IN_PAGE = `(a) => {
  const visible = (el) => {
    if (!el || !el.isConnected) return false;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return false;
    if (typeof el.checkVisibility === 'function' && !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    const s = getComputedStyle(el);
    return s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0.05;
  };
  const all = (sel, root) => { try { return [...(root || document).querySelectorAll(sel)]; } catch { return []; } };
  // A sign by substring ([class*=captcha]) names no vendor: it counts only at the size of a widget, not of a hint or an icon.
  const bigEnough = (el, sel) => { if (!sel.includes('*=')) return true; const r = el.getBoundingClientRect(); return r.width >= a.genericMinPx[0] && r.height >= a.genericMinPx[1]; };
  const firstVisibleWhere = (sels, also) => { for (const sel of sels) for (const el of all(sel)) if (visible(el) && bigEnough(el, sel) && also(el)) return { el, sel }; return null; };
  const firstVisible = (sels) => firstVisibleWhere(sels, () => true);
  const words = (el) => String(el.innerText || el.textContent || '').replace(/\\s+/g, ' ').trim();
  const smsRe = new RegExp(a.text.sms.join('|'), 'i');
  const idRe = new RegExp(a.text.identity.join('|'), 'i');
  const codeField = (root) => all(a.codeInputs, root).filter(visible);
  const say = (el, fallback) => { const t = el ? words(el) : ''; return (t || fallback).slice(0, a.messageChars); };
  const vw = innerWidth, vh = innerHeight;
  const covers = (el) => {
    const r = el.getBoundingClientRect();
    const w = Math.max(0, Math.min(r.right, vw) - Math.max(r.left, 0));
    const h = Math.max(0, Math.min(r.bottom, vh) - Math.max(r.top, 0));
    const center = r.left <= vw / 2 && r.right >= vw / 2 && r.top <= vh / 2 && r.bottom >= vh / 2;
    return center || (w * h) / Math.max(1, vw * vh) >= 0.15;
  };
  const dialogs = [];
  for (const sel of a.signs.dialog) for (const el of all(sel)) if (visible(el) && !dialogs.includes(el)) dialogs.push(el);
  // Innermost first: the text of a modal's body, not of its whole wrapper.
  dialogs.sort((x, y) => (x.contains(y) ? 1 : y.contains(x) ? -1 : 0));
  const found = [];
  const markSms = (root) => {
    if (!a.mark) return;
    for (const el of all('[data-plume-challenge]')) el.removeAttribute('data-plume-challenge');
    const fields = codeField(root);
    fields.forEach((f, i) => f.setAttribute('data-plume-challenge', i === 0 ? 'code' : 'code-more'));
    const confirm = new RegExp(a.confirm, 'i'), not = new RegExp(a.notConfirm, 'i');
    const buttons = all('button, [role="button"], a, input[type="submit"], input[type="button"], [class*="btn"], [class*="button"]', root).filter(visible);
    const label = (b) => String(b.value || words(b)).replace(/\\s+/g, '');
    const ok = buttons.find((b) => confirm.test(label(b)) && !not.test(label(b)));
    if (ok) ok.setAttribute('data-plume-challenge', 'confirm');
  };
  for (const sel of a.signs.sms) for (const el of all(sel)) if (visible(el)) { found.push({ kind: 'sms', sign: sel, message: say(el, 'a verification code is asked') }); markSms(el); break; }
  for (const d of dialogs) {
    const t = words(d);
    if (smsRe.test(t) && codeField(d).length > 0) {
      found.push({ kind: 'sms', sign: 'text:sms', message: say(d, '') });
      markSms(d);
      break;
    }
  }
  // An identity or verification page of its own (no dialog): its title or a heading says so.
  // Headings of the page itself: a dialog's heading was read with its dialog.
  const headings = all('h1, h2').filter((h) => visible(h) && !dialogs.some((d) => d.contains(h))).slice(0, 20);
  // A field that says it takes a code (its placeholder, label or name), not any field of the page.
  const codeLike = (root) => codeField(root).filter((f) => smsRe.test([f.placeholder, f.getAttribute('aria-label'), f.name, f.id].join(' ')) || /code|otp/i.test(String(f.name) + ' ' + String(f.id) + ' ' + String(f.autocomplete)));
  const pageSays = [document.title, ...headings.map(words)].find((t) => idRe.test(t) || (smsRe.test(t) && /验证|verif/i.test(t)));
  if (pageSays && found.length === 0) {
    const body = document.body;
    if (body && codeLike(body).length > 0) { found.push({ kind: 'sms', sign: 'text:sms-page', message: pageSays.slice(0, a.messageChars) }); markSms(body); }
  }
  for (const kind of ['slider', 'captcha', 'identity']) {
    const hit = firstVisible(a.signs[kind]);
    if (hit) found.push({ kind, sign: hit.sel, message: say(hit.el, '') });
  }
  for (const d of dialogs) {
    const t = words(d);
    if (idRe.test(t) && codeField(d).length === 0) { found.push({ kind: 'identity', sign: 'text:identity', message: say(d, '') }); break; }
  }
  if (pageSays && idRe.test(pageSays)) found.push({ kind: 'identity', sign: 'text:identity-page', message: pageSays.slice(0, a.messageChars) });
  const blocking = firstVisibleWhere(a.blocking, covers);
  if (blocking) found.push({ kind: 'dialog', sign: blocking.sel, message: say(blocking.el, '') });
  else if (a.withDialog) {
    const d = dialogs.find(covers);
    if (d) found.push({ kind: 'dialog', sign: 'dialog', message: say(d, '') });
  }
  found.sort((x, y) => a.order.indexOf(x.kind) - a.order.indexOf(y.kind));
  return found[0] || null;
}`;

const FALLBACK: Record<ChallengeKind, string> = {
  sms: 'the platform asks for a verification code',
  slider: 'the platform shows a slider to drag',
  captcha: 'the platform shows a captcha',
  identity: 'the platform asks to verify the identity of the account',
  dialog: 'a dialog of the platform covers the page',
};

/** Which modals count: none, the overlays platforms are recorded to lay over 发布, or any covering one. */
type Overlays = 'none' | 'recorded' | 'any';

function args(overlays: Overlays, mark: boolean): InPageArgs {
  return {
    signs: CHALLENGE_SIGNS,
    order: CHALLENGE_ORDER,
    text: CHALLENGE_TEXT,
    codeInputs: CODE_INPUTS,
    withDialog: overlays === 'any',
    messageChars: MESSAGE_CHARS,
    mark,
    confirm: CONFIRM_TEXT.source,
    notConfirm: NOT_CONFIRM_TEXT.source,
    genericMinPx: GENERIC_SIGN_MIN_PX,
    blocking: overlays === 'none' ? [] : BLOCKING_DIALOG_SIGNS,
  };
}

/** The page itself could not be read (navigating, its renderer busy past the bound): nobody can tell whether a challenge is there. */
export class ChallengeUnreadable extends Error {}

const UNREAD: unique symbol = Symbol('unread');

/** One frame's answer within `boundMs`; UNREAD when it gave none (navigating, detached, slow). */
async function inFrame(frame: Frame, a: InPageArgs, boundMs: number): Promise<Found | null | typeof UNREAD> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<typeof UNREAD>((r) => {
    timer = setTimeout(() => r(UNREAD), boundMs);
  });
  const run = frame.evaluate(`(${IN_PAGE})(${JSON.stringify(a)})`).then(
    (v) => v as Found | null,
    (): typeof UNREAD => UNREAD,
  );
  try {
    return await Promise.race([run, bound]);
  } finally {
    clearTimeout(timer);
  }
}

/** A frame's finding counts only when the frame itself is shown (a captcha frame loaded hidden is no challenge yet). */
async function frameShown(frame: Frame): Promise<boolean> {
  try {
    const el = await frame.frameElement();
    try {
      return await el.isVisible();
    } finally {
      void el.dispose().catch(() => {});
    }
  } catch {
    return false;
  }
}

async function detect(page: Page, overlays: Overlays, mark: boolean): Promise<{ found: Found; frame: Frame } | null> {
  if (page.isClosed()) return null;
  const main = page.mainFrame();
  const frames = page.frames();
  const answers = await Promise.all(
    frames.map(async (frame) => {
      // An unknown modal counts in the page itself only: frames hold editors with modals of their own.
      const found = await inFrame(frame, args(overlays === 'any' && frame !== main ? 'recorded' : overlays, mark), frame === main ? PAGE_BOUND_MS : FRAME_BOUND_MS);
      // A frame that gives no answer (a captcha frame still loading) is read again at the next look; the page itself must answer.
      if (found === UNREAD) {
        if (frame === main) throw new ChallengeUnreadable('the page gave no answer in time');
        return null;
      }
      if (!found || frame === main || (await frameShown(frame))) return found ? { found, frame } : null;
      return null;
    }),
  );
  const hits = answers.filter((x): x is { found: Found; frame: Frame } => x !== null);
  hits.sort((x, y) => CHALLENGE_ORDER.indexOf(x.found.kind) - CHALLENGE_ORDER.indexOf(y.found.kind));
  return hits[0] ?? null;
}

/**
 * The challenge on the page or in one of its frames, or null. `afterFailure`: an adapter step
 * has just failed, so any visible modal covering the page counts too (kind `dialog`).
 * `overlays: false`: no modal counts at all, not even one a platform is recorded to lay over
 * 发布 (the page is not the editor yet: the next step navigates away from it).
 * Throws ChallengeUnreadable when the page itself gave no answer (it is navigating, or busy).
 */
export async function detectChallenge(page: Page, { afterFailure = false, overlays = true }: { afterFailure?: boolean; overlays?: boolean } = {}): Promise<DetectedChallenge | null> {
  const hit = await detect(page, !overlays ? 'none' : afterFailure ? 'any' : 'recorded', false);
  if (!hit) return null;
  return { kind: hit.found.kind, message: hit.found.message || FALLBACK[hit.found.kind], sign: hit.found.sign };
}

/**
 * Answers an SMS challenge with `code`: types it into the code field of the challenge's dialog
 * and presses its confirm button when one is recognisable (确定, 提交, Verify…). Without a
 * recognisable code field the code goes into the focused field. Resolves with what was done.
 */
export async function answerSms(page: Page, code: string): Promise<'submitted' | 'typed' | 'focused'> {
  const hit = await detect(page, 'recorded', true).catch(() => null);
  const frame = hit?.found.kind === 'sms' ? hit.frame : null;
  if (!frame) {
    await page.keyboard.type(code);
    return 'focused';
  }
  const field = frame.locator('[data-plume-challenge="code"]');
  const split = await frame.locator('[data-plume-challenge="code-more"]').count();
  if ((await field.count()) === 0) {
    await page.keyboard.type(code);
    return 'focused';
  }
  if (split >= 3) {
    // One box per digit: the page moves the focus from box to box as each digit is typed.
    await field.click({ timeout: 2000 });
    await page.keyboard.type(code);
  } else {
    await field.fill(code, { timeout: 2000 });
  }
  const confirm = frame.locator('[data-plume-challenge="confirm"]');
  if ((await confirm.count()) === 0) return 'typed';
  await confirm.click({ timeout: 2000 });
  return 'submitted';
}

/**
 * What a platform's answer to a publish request says when it refuses it until the session is
 * verified (its risk control, the server side of a challenge): words of its message, and keys
 * of its answer that only such a refusal carries. bilibili answers code -352 风控校验失败 with a
 * `v_voucher` to ask a captcha with (SocialSisterYi/bilibili-API-collect,
 * docs/misc/sign/v_voucher.md); ByteDance's verify centre hands out a
 * `verify_center_decision_conf`; zhihu's gate (HTTP 403, code 40352) links its /account/unhuman
 * page. The words are those the challenge dialogs say (CHALLENGE_TEXT) and what a refusal says
 * when it asks for the same.
 */
export const VERIFICATION_ANSWER = {
  keys: ['v_voucher', 'verify_center_decision_conf', 'account/unhuman'],
  words: ['风控校验', '安全验证', '完成验证', '进行验证', '人机验证', '身份验证', '验证码', 'captcha', 'verification required', 'verify your'],
};

/**
 * Whether a refused publish answer (`text` as it came, `message` as the adapter read it) asks
 * for a verification, not for a change to the post: the caller fails the job
 * `challenge_required` instead of `publish_rejected` (nothing was published either way).
 */
export function asksVerification(text: string, message = ''): boolean {
  const t = text.toLowerCase();
  if (VERIFICATION_ANSWER.keys.some((k) => t.includes(k.toLowerCase()))) return true;
  const m = message.toLowerCase();
  return VERIFICATION_ANSWER.words.some((w) => m.includes(w.toLowerCase()));
}

/**
 * Waits until the page has been still for `quietMs` (no element added, removed or changed, no
 * text typed), for at most `maxMs`: a challenge a platform draws a moment after the form's last
 * edit is on the page when this returns. Resolves false when the page never settled within the
 * bound (or could not be read: it is navigating), true when it did.
 *
 * The wait runs in the page with the page's own timers, so a page whose scripts wait for the
 * typing to pause (a shorter timer, set earlier) draw what they draw before it ends, however
 * slow the machine.
 */
export async function settlePage(page: Page, { quietMs, maxMs }: { quietMs: number; maxMs: number }): Promise<boolean> {
  if (page.isClosed()) return false;
  const inPage = `new Promise((done) => {
    const quiet = ${quietMs}, max = ${maxMs};
    let timer = null;
    const end = (still) => { clearTimeout(timer); clearTimeout(cap); watch.disconnect(); for (const t of ['input', 'change', 'keydown']) removeEventListener(t, again, true); done(still); };
    const again = () => { clearTimeout(timer); timer = setTimeout(() => end(true), quiet); };
    const watch = new MutationObserver(again);
    watch.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
    for (const t of ['input', 'change', 'keydown']) addEventListener(t, again, true);
    const cap = setTimeout(() => end(false), max);
    again();
  })`;
  let timer: NodeJS.Timeout | undefined;
  // The page's own cap ends it; this one only covers a page that stopped answering (a second more).
  const bound = new Promise<false>((r) => {
    timer = setTimeout(() => r(false), maxMs + 1000);
  });
  try {
    return await Promise.race([page.evaluate(inPage).then((v) => v === true, () => false), bound]);
  } finally {
    clearTimeout(timer);
  }
}
