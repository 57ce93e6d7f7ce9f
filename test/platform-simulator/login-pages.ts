/**
 * The QR login pages of the replicas, one machinery for all platforms: each
 * platform module gives its page's markup (the classes and texts the public
 * sources record, listed in its adapter's provenance table) and where its
 * login lives; this module serves the page, the QR, the status the page
 * polls, and the phone's side of a scan.
 *
 * A login, as the real sites run it: the page asks for a QR (a real QR PNG
 * encoding the scan URL, which on a replica is the replica's own address of
 * that URL) and polls its status. A phone logged in as the account opens the
 * scan URL (GET: scanned) and confirms (POST); the next poll answers `done`,
 * sets the platform's session cookie and the page moves on. Configurable per
 * platform (SimState.configure): `loginQrTtlMs` (the QR expires: the page
 * shows its expired marker and refresh control), `loginSlider` (a slider
 * captcha after the confirmation: dragging its handle to the end passes it),
 * `loginSms` (an SMS code after that: the page's 获取验证码 "sends" one, which
 * the replica keeps in SimState.smsSent for the phone's owner).
 *
 * The endpoints under `/qrcode/…` on each platform's login host are the
 * replica's own; where the sources record a platform's status poll (bilibili's
 * generate and poll; the poll of douyin, toutiao, kuaishou and weibo), the
 * replica's poll is at that address and answers the recorded fields, which the
 * adapters read from the page's traffic for the `scanned` sign. The adapters
 * never call them, only the pages' scripts do.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import QRCode from 'qrcode';
import { esc, html, json, readJson, type Route } from './http.js';
import type { Handler, User } from './platform.js';
import type { SimState } from './state.js';

/** What one platform's login page is on its replica. */
export interface LoginSite {
  platform: string;
  /** The page's route below the platform prefix, e.g. `/passport.weibo.com/sso/signin`. */
  page: string | RegExp;
  /** Where its QR APIs live (replica paths below the prefix). */
  api: { generate: string; poll: string; scan: string; slider: string; smsSend: string; smsVerify: string };
  /** The real URL the QR encodes, for a ticket key (the replica's address of it is what a phone opens). */
  scanUrl(key: string): string;
  /** The page's markup, holding the elements `sel` names. */
  markup: string;
  /** CSS selectors of the page's script (the replica's own wiring of the markup). */
  sel: {
    /** Revealed when the QR is first shown (a tab or method the page opens on otherwise). */
    qrBox: string;
    qrImg: string;
    expired: string;
    /** Its click renews the QR. */
    refresh: string;
    scanned?: string;
    sms: string;
    smsInput: string;
    smsSend: string;
    smsSubmit: string;
    smsError: string;
    slider: string;
    sliderHandle: string;
    /** Shown until the QR method is chosen (its click reveals qrBox); absent: the QR shows at once. */
    qrTab?: string;
    /** Hidden once the QR method is chosen. */
    otherMethod?: string;
  };
  /** The real URL the page moves to once logged in (from the page's own query). */
  next(query: URLSearchParams): string;
  /** Set-Cookie values of a login, beside the session cookie. */
  extraCookies?(user: User): string[];
  /** bilibili's documented answer shapes (Q in its adapter's table). */
  bilibili?: boolean;
  /**
   * The status poll's answer as the sources record the platform's (its fields beside the replica's
   * own `status`, which the page's script reads); absent: only `status`.
   */
  answer?(status: PollStatus): Record<string, unknown>;
  title: string;
  css?: string;
}

interface Ticket {
  key: string;
  platform: string;
  created: number;
  /** Expired now by the test (Simulator.expireLoginQrs), as its time running out would. */
  expired?: boolean;
  state: 'waiting' | 'scanned' | 'confirmed' | 'done';
  user?: User;
  /** The account that scanned from the simulator's phone page (phone.ts). */
  phoneAccount?: string;
  sliderPassed: boolean;
  smsCode?: string;
  smsVerified: boolean;
}

const tickets = (state: SimState) => state.bag<Ticket>('login.tickets');

/**
 * Ends the life of every QR of `platform` not yet confirmed, as its time running out does (the
 * page shows its expired marker on its next poll): a test's way to make a QR expire at a point of
 * the flow it chooses, instead of racing a short lifetime. Returns how many expired.
 */
export function expireLoginQrs(state: SimState, platform: string): number {
  let n = 0;
  for (const t of tickets(state).values()) {
    if (t.platform === platform && (t.state === 'waiting' || t.state === 'scanned') && !t.expired) {
      t.expired = true;
      n++;
    }
  }
  return n;
}

/** A QR login a phone can still scan or confirm, for the simulator's phone page (phone.ts). */
export interface OpenLogin {
  key: string;
  platform: string;
  ageMs: number;
  state: 'waiting' | 'scanned' | 'confirmed';
  /** The account that scanned it, once scanned from the phone page. */
  account?: string;
}

/** The QR logins not yet done or expired, newest first. */
export function openLogins(state: SimState): OpenLogin[] {
  const now = Date.now();
  return [...tickets(state).values()]
    .filter((t) => t.state !== 'done' && status(t, state) !== 'expired')
    .sort((a, b) => b.created - a.created)
    .map((t) => ({ key: t.key, platform: t.platform, ageMs: now - t.created, state: t.state as OpenLogin['state'], ...(t.phoneAccount ? { account: t.phoneAccount } : {}) }));
}

/**
 * A phone logged in as `account` scanning (`confirm: false`) or confirming the QR `key`: what a GET
 * and a POST of the scan URL with that account's app session do. Returns why not, or null.
 */
export function phoneAct(state: SimState, key: string, account: string, act: 'scan' | 'confirm'): string | null {
  const t = tickets(state).get(key);
  if (!t || status(t, state) === 'expired') return '二维码已失效 (this QR expired or is unknown: show a new one on the login page)';
  if (act === 'scan') {
    if (t.state !== 'waiting' && t.state !== 'scanned') return '已确认 (this QR was confirmed already)';
    t.state = 'scanned';
    t.phoneAccount = account;
    return null;
  }
  if (t.state !== 'scanned') return '请先扫码 (scan it first)';
  if (t.phoneAccount !== undefined && t.phoneAccount !== account) return `scanned as ${t.phoneAccount}, not ${account}`;
  const displayName = state.displayName(t.platform, account);
  if (displayName === undefined) return `${account} has no session on ${t.platform}`;
  t.state = 'confirmed';
  t.user = { uid: account, name: displayName };
  return null;
}

/** The replica address of a real URL: `<prefix>/<host><path><query>`. */
export const replicaPath = (prefix: string, real: string): string => {
  const u = new URL(real);
  return `${prefix}/${u.host}${u.pathname}${u.search}`;
};

function origin(req: IncomingMessage): string {
  return `http://${req.headers.host ?? '127.0.0.1'}`;
}

/** What the replica's status poll says of a QR. */
export type PollStatus = 'waiting' | 'scanned' | 'expired' | 'slider' | 'sms' | 'done';

function status(t: Ticket, state: SimState): PollStatus {
  const o = state.opts(t.platform);
  if ((t.state === 'waiting' || t.state === 'scanned') && (t.expired || Date.now() - t.created > o.loginQrTtlMs)) return 'expired';
  if (t.state === 'waiting' || t.state === 'scanned') return t.state;
  if (o.loginSlider && !t.sliderPassed) return 'slider';
  if (o.loginSms && !t.smsVerified) return 'sms';
  return 'done';
}

/** The routes of a platform's login: the page, its APIs, the phone's scan URL. */
export function loginRoutes(site: LoginSite, sessionCookie: string): Array<readonly [string, string | RegExp, Handler]> {
  const ticketOf = (route: Route, state: SimState): Ticket | undefined => {
    const t = tickets(state).get(route.query.get('key') ?? route.query.get('qrcode_key') ?? '');
    return t && t.platform === site.platform ? t : undefined;
  };

  const page: Handler = (_req, res, route) => {
    const next = replicaPath(route.prefix, site.next(route.query));
    const at = (path: string) => `${route.prefix}${path}`;
    const cfg = {
      generate: at(site.api.generate),
      poll: at(site.api.poll),
      slider: at(site.api.slider),
      smsSend: at(site.api.smsSend),
      smsVerify: at(site.api.smsVerify),
      next,
      sel: site.sel,
      bilibili: site.bilibili === true,
    };
    html(
      res,
      `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(site.title)}</title><style>[hidden]{display:none!important} .track{position:relative;width:300px;height:40px;background:#eee} .handle{position:absolute;left:0;top:0;width:40px;height:40px;background:#4a90e2;cursor:grab}${site.css ?? ''}</style></head>
<body>${site.markup}<script>${PAGE_SCRIPT.replace('__CFG__', JSON.stringify(cfg))}</script></body></html>`,
    );
  };

  const generate: Handler = async (req, res, route, state) => {
    const key = randomBytes(16).toString('hex');
    tickets(state).set(key, { key, platform: site.platform, created: Date.now(), state: 'waiting', sliderPassed: false, smsVerified: false });
    const text = `${origin(req)}${replicaPath(route.prefix, site.scanUrl(key))}`;
    const png = (await QRCode.toBuffer(text, { type: 'png', margin: 2, scale: 5 })).toString('base64');
    if (site.bilibili) return json(res, 200, { code: 0, message: '0', ttl: 1, data: { url: text, qrcode_key: key, png } });
    json(res, 200, { key, url: text, png });
  };

  const poll: Handler = (_req, res, route, state) => {
    const t = ticketOf(route, state);
    const s = t ? status(t, state) : 'expired';
    if (t && s === 'done') {
      tickets(state).delete(t.key);
      const user = t.user!;
      res.setHeader('set-cookie', [`${sessionCookie}=${encodeURIComponent(user.uid)}; Path=/; HttpOnly; SameSite=Lax`, ...(site.extraCookies?.(user) ?? [])]);
    }
    if (site.bilibili) {
      // Q: 86101 not scanned, 86090 scanned (not confirmed), 86038 expired, 0 done; the slider and SMS states are the replica's
      // own steps after the confirmation, answered 0 without a login (not 86090: the phone no longer waits for a confirmation).
      const code = { waiting: 86101, scanned: 86090, expired: 86038, done: 0, slider: 0, sms: 0 }[s];
      const message = { waiting: '未扫码', scanned: '二维码已扫码未确认', expired: '二维码已失效', done: '', slider: '请完成验证', sms: '请输入短信验证码' }[s];
      return json(res, 200, { code: 0, message: '0', ttl: 1, data: { url: '', refresh_token: '', timestamp: s === 'done' ? Date.now() : 0, code, message }, status: s });
    }
    json(res, 200, { ...site.answer?.(s), status: s });
  };

  /** The phone: GET opens the scan page (scanned), POST confirms. The phone's app session is the platform's cookie. */
  const scan: Handler = (req, res, route, state) => {
    const user = state.user(req, site.platform);
    if (!user) {
      // A person opening the QR's address in a browser (no phone app session): the simulator's
      // phone page for this QR, where they choose the account that scans it (phone.ts).
      if (req.method === 'GET' && /text\/html/.test(req.headers.accept ?? '')) {
        res.writeHead(303, { location: `/_phone?key=${encodeURIComponent(route.query.get('key') ?? route.query.get('qrcode_key') ?? '')}` }).end();
        return;
      }
      return json(res, 401, { message: '请先在手机上登录' });
    }
    const t = ticketOf(route, state);
    if (!t || status(t, state) === 'expired') return json(res, 410, { message: '二维码已失效' });
    if (req.method === 'GET') {
      if (t.state === 'waiting') t.state = 'scanned';
      return html(res, `<!doctype html><meta charset="utf-8"><title>确认登录</title><p>确认登录 ${esc(site.title)}？</p><form method="post"><button>确认登录</button></form>`);
    }
    if (t.state !== 'scanned') return json(res, 409, { message: '请先扫码' });
    t.state = 'confirmed';
    t.user = user;
    json(res, 200, { message: '已确认' });
  };

  const slider: Handler = (_req, res, route, state) => {
    const t = ticketOf(route, state);
    if (!t || status(t, state) !== 'slider') return json(res, 409, { ok: false });
    t.sliderPassed = true;
    json(res, 200, { ok: true });
  };

  const smsSend: Handler = (_req, res, route, state) => {
    const t = ticketOf(route, state);
    if (!t || status(t, state) !== 'sms') return json(res, 409, { ok: false });
    t.smsCode = String(randomInt(100000, 1000000));
    state.sendSms({ platform: site.platform, account: t.user!.uid, code: t.smsCode, at: new Date().toISOString() });
    json(res, 200, { ok: true });
  };

  const smsVerify: Handler = async (req, res, route, state) => {
    const t = ticketOf(route, state);
    const { code } = await readJson(req);
    if (!t || status(t, state) !== 'sms') return json(res, 409, { ok: false, message: '请重新登录' });
    if (!t.smsCode || code !== t.smsCode) return json(res, 200, { ok: false, message: '验证码错误' });
    t.smsVerified = true;
    json(res, 200, { ok: true });
  };

  return [
    ['GET', site.page, page],
    ['GET', site.api.generate, generate],
    ['GET', site.api.poll, poll],
    ['GET', site.api.scan, scan],
    ['POST', site.api.scan, scan],
    ['POST', site.api.slider, slider],
    ['POST', site.api.smsSend, smsSend],
    ['POST', site.api.smsVerify, smsVerify],
  ];
}

/** The replica pages' own script: show the QR, poll, follow the status. */
const PAGE_SCRIPT = `
const cfg = __CFG__;
const $ = (s) => document.querySelector(s);
const show = (s, on) => { const el = $(s); if (el) el.hidden = !on; };
let key = null;
let ended = false;
async function fresh() {
  show(cfg.sel.expired, false);
  if (cfg.sel.scanned) show(cfg.sel.scanned, false);
  const j = await (await fetch(cfg.generate)).json();
  const d = cfg.bilibili ? j.data : j;
  key = cfg.bilibili ? d.qrcode_key : d.key;
  $(cfg.sel.qrImg).src = 'data:image/png;base64,' + d.png;
}
async function tick() {
  if (!key || ended) return;
  const asked = key;
  const j = await (await fetch(cfg.poll + '?' + (cfg.bilibili ? 'qrcode_key=' : 'key=') + asked)).json();
  if (asked !== key) return; // an answer about a QR already replaced
  const s = j.status;
  show(cfg.sel.expired, s === 'expired');
  if (cfg.sel.scanned) show(cfg.sel.scanned, s === 'scanned');
  show(cfg.sel.slider, s === 'slider');
  show(cfg.sel.sms, s === 'sms');
  if (s === 'done') { ended = true; location.href = cfg.next; }
}
function chooseQr() {
  if (cfg.sel.otherMethod) show(cfg.sel.otherMethod, false);
  show(cfg.sel.qrBox, true);
  if (!key) fresh();
}
if (cfg.sel.qrTab) $(cfg.sel.qrTab).addEventListener('click', chooseQr); else chooseQr();
$(cfg.sel.refresh).addEventListener('click', () => fresh());
$(cfg.sel.smsSend).addEventListener('click', async () => {
  await fetch(cfg.smsSend + '?key=' + key, { method: 'POST' });
  $(cfg.sel.smsSend).textContent = '已发送';
});
$(cfg.sel.smsSubmit).addEventListener('click', async () => {
  show(cfg.sel.smsError, false);
  const code = $(cfg.sel.smsInput).value.trim();
  const j = await (await fetch(cfg.smsVerify + '?key=' + key, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) })).json();
  if (!j.ok) show(cfg.sel.smsError, true);
});
// The slider: drag the handle to the end of its track.
const handle = $(cfg.sel.sliderHandle);
handle.addEventListener('mousedown', (down) => {
  const track = handle.parentElement.getBoundingClientRect();
  const max = track.width - handle.getBoundingClientRect().width;
  const move = (e) => { handle.style.left = Math.max(0, Math.min(max, e.clientX - down.clientX)) + 'px'; };
  const up = async (e) => {
    document.removeEventListener('mousemove', move);
    document.removeEventListener('mouseup', up);
    if (e.clientX - down.clientX >= max * 0.95) await fetch(cfg.slider + '?key=' + key, { method: 'POST' });
    handle.style.left = '0px';
  };
  document.addEventListener('mousemove', move);
  document.addEventListener('mouseup', up);
});
setInterval(tick, 700);
`;

/** The SMS step and slider markup of the replicas whose real ones no source records (class names UNVERIFIED, as the adapters say). */
export const GENERIC_STEPS = `
<div class="sms-verify" hidden><p>为了你的账号安全，请输入短信验证码</p><input placeholder="请输入验证码" maxlength="8"><button type="button" class="send">获取验证码</button><button type="button" class="ok">确定</button><p class="error-tip" hidden>验证码错误</p></div>
<div class="captcha-slider" hidden><p>请拖动滑块完成验证</p><div class="track"><div class="handle"></div></div></div>`;

export const GENERIC_STEP_SEL = {
  sms: '.sms-verify',
  smsInput: '.sms-verify input',
  smsSend: '.sms-verify .send',
  smsSubmit: '.sms-verify .ok',
  smsError: '.sms-verify .error-tip',
  slider: '.captcha-slider',
  sliderHandle: '.captcha-slider .handle',
} as const;

/** Replica API paths on a login host: `/<host>/qrcode/…`. */
export function loginApi(host: string): LoginSite['api'] {
  return {
    generate: `/${host}/qrcode/generate`,
    poll: `/${host}/qrcode/poll`,
    scan: `/${host}/qrcode/scan`,
    slider: `/${host}/qrcode/slider`,
    smsSend: `/${host}/qrcode/sms/send`,
    smsVerify: `/${host}/qrcode/sms/verify`,
  };
}
