/**
 * One interactive login on a platform's own login page, in the account's
 * browser profile. The page is the adapter's (`Adapter.login`, a description
 * of the page: where the QR is, how it says it expired and how it renews it,
 * the SMS and slider steps, the cookies a login sets); the steps are the same
 * for every platform, so they live here.
 *
 * The flow is driven through events and answered through methods, so that
 * the terminal (login/terminal.ts, `plume-edge accounts login`) and a remote
 * relay (the console, through the control plane) drive it the same way:
 *
 *   events (LoginEvent), in order of the page:
 *     qr            a QR to scan: `png` (drawn again from `text` when it could be
 *                   read, else the page's own pixels) and `text` (what it encodes,
 *                   null when unreadable); again after every refresh. `purpose`
 *                   `admin_scan`: the platform wants the administrator's phone.
 *     scanned       a phone scanned it; the person confirms on the phone
 *     needs_sms     the platform sent an SMS code: answer with submitSms(code);
 *                   `refused` when the last code was not accepted
 *     needs_slider  a slider captcha: a person must drag it in a visible browser
 *                   (or a relay's screen); the flow waits for it to go away, or
 *                   the driver gives up with cancel('slider_required')
 *     succeeded     logged in: the platform's account id and name (LoginInfo)
 *     failed        with a stable code (LOGIN_FAILURE_CODES) and a message
 *   answers: submitSms(code), cancel(code?)
 *
 * Exactly one of succeeded / failed ends every run. A login is recognised by
 * a sign on the page (a session cookie the platform sets, or the page leaving
 * its login) and proven only by the adapter's own `checkLogin`, on a second
 * page of the same profile: the node never takes a login it cannot read back.
 */
import type { Page, Response } from 'playwright-core';
import { AdapterError, type Adapter, type AdapterContext, type AdapterLog, type AdapterTimeouts, DEFAULT_TIMEOUTS, type LoginInfo, type LoginPageSpec } from '../adapters/contract.js';
import { liveUrl, realUrl } from '../adapters/kit/live-url.js';
import { isTimeout } from '../adapters/support.js';
import { decodeQrPng, qrPng } from './qr.js';

/**
 * - `timeout`: nobody completed the login in time (or the QR expired more often than the flow renews it).
 * - `page_changed`: the login page does not show what the adapter expects (no QR): the site changed.
 * - `sms_rejected`: the platform refused every SMS code given.
 * - `sms_not_provided`: an SMS code was needed and the driver had none to give (no terminal).
 * - `slider_required`: a slider captcha needs a person at a visible browser.
 * - `wrong_account`: the login is another account than the one asked for.
 * - `cancelled`: the driver stopped the login (Ctrl-C, a relay's cancel).
 * - `browser_failed`: the browser went away or a page could not load.
 */
export const LOGIN_FAILURE_CODES = ['timeout', 'page_changed', 'sms_rejected', 'sms_not_provided', 'slider_required', 'wrong_account', 'cancelled', 'browser_failed'] as const;
export type LoginFailureCode = (typeof LOGIN_FAILURE_CODES)[number];

export type LoginEvent =
  | { type: 'qr'; png: Buffer; text: string | null; purpose: 'login' | 'admin_scan'; /** 1 for the first QR, then one more for each renewal. */ shown: number }
  | { type: 'scanned' }
  | { type: 'needs_sms'; attempt: number; refused: boolean }
  | { type: 'needs_slider' }
  | { type: 'succeeded'; account: LoginInfo }
  | { type: 'failed'; code: LoginFailureCode; message: string };

export class LoginFailed extends Error {
  override readonly name = 'LoginFailed';
  constructor(
    readonly code: LoginFailureCode,
    message: string,
  ) {
    super(message);
  }
}

export interface LoginFlowOptions {
  /** A page of the account's own profile (its context is the profile). */
  page: Page;
  adapter: Adapter;
  /** The platform's origin: the real site, or a replica. */
  baseUrl: string;
  /** The whole login, from opening the page to the account read back. */
  timeoutMs: number;
  /** The account the login must be (a relogin, or `--ref`); another is `wrong_account`. */
  expectedRef?: string;
  log?: AdapterLog;
  timeouts?: Partial<AdapterTimeouts>;
  /** How often the page is looked at. */
  pollMs?: number;
  /** How long the page may take to show its QR (or another step) before it counts as changed. */
  firstQrMs?: number;
  /** QR renewals before giving up: each one is the platform's own, asked for by nobody watching. */
  maxRefreshes?: number;
  /** SMS codes tried before `sms_rejected`. */
  maxSmsAttempts?: number;
}

// Why 500 ms: a person notices a QR a second late; the page's own status poll runs at 1–2 s.
const POLL_MS = 500;
// Why 30 s: a login page is one load plus its script; a loaded machine paints it in seconds.
const FIRST_QR_MS = 30_000;
// Why 10: a platform QR lives 2–3 minutes; ten renewals outlast any login timeout worth waiting.
const MAX_REFRESHES = 10;
const MAX_SMS_ATTEMPTS = 3;
// Why: the adapter's check loads a page; after a sign of login it runs at once, then no more often than this.
const CONFIRM_EVERY_MS = 2000;
// Why: a submitted SMS code gets this long before the flow asks again (the page neither moved on nor refused it).
const SMS_ANSWER_MS = 15_000;
// Why: an image may still be loading when first seen; a few more looks before showing it undecoded.
const DECODE_TRIES = 4;
/** What a person reads when the browser failed in a way the flow did not expect (its own text is logged). */
const BROWSER_FAILED_MESSAGE = 'the login page stopped answering as expected; start the login again';
/** What `qrFingerprint` answers when the QR went away while it looked. */
const QR_GONE = 'gone';

const noLog: AdapterLog = { debug() {}, info() {}, warn() {} };

type Listener = (e: LoginEvent) => void;
type SmsPhase = { phase: 'idle' } | { phase: 'waiting_code'; attempt: number } | { phase: 'submitted'; attempt: number; at: number };

export class LoginFlow {
  private readonly listeners = new Set<Listener>();
  private readonly spec: LoginPageSpec;
  private readonly ctx: AdapterContext;
  private readonly abort = new AbortController();
  private stop: LoginFailed | null = null;
  private smsCode: string | null = null;
  private sms: SmsPhase = { phase: 'idle' };
  private running: Promise<LoginInfo> | null = null;
  /** What the page's own QR status poll said last (`LoginPageSpec.scannedAnswer`): a phone scanned, not yet confirmed. */
  private answeredScanned = false;

  constructor(private readonly o: LoginFlowOptions) {
    if (!o.adapter.login) throw new Error(`${o.adapter.platform}: this adapter has no login page`);
    this.spec = o.adapter.login;
    this.ctx = {
      baseUrl: o.baseUrl,
      openFile: () => Promise.reject(new Error('no media during a login')),
      progress: () => {},
      beforePublish: () => Promise.reject(new Error('a login never publishes')),
      signal: this.abort.signal,
      log: o.log ?? noLog,
      ...(o.timeouts ? { timeouts: o.timeouts } : {}),
    };
  }

  /** Listens to the flow's events; returns the function that stops listening. */
  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The answer to `needs_sms`. */
  submitSms(code: string): void {
    const trimmed = code.trim();
    if (trimmed && trimmed.length <= 16) this.smsCode = trimmed;
  }

  /** Stops the login; it ends `failed` with `code` (and the browser is the caller's to close). */
  cancel(code: Extract<LoginFailureCode, 'cancelled' | 'slider_required' | 'sms_not_provided'> = 'cancelled', message = 'the login was cancelled'): void {
    this.stop ??= new LoginFailed(code, message);
    this.abort.abort(this.stop);
  }

  /** Runs the login once (a second call shares the first): resolves with the account, or rejects LoginFailed. */
  run(): Promise<LoginInfo> {
    this.running ??= this.drive()
      .catch((e: unknown) => this.lastLook(e))
      .then(
        (account) => {
          this.emit({ type: 'succeeded', account });
          return account;
        },
        (e: unknown) => {
          const failure = this.stop ?? (e instanceof LoginFailed ? e : new LoginFailed('browser_failed', BROWSER_FAILED_MESSAGE));
          this.emit({ type: 'failed', code: failure.code, message: failure.message });
          throw failure;
        },
      );
    return this.running;
  }

  /**
   * After a failure the flow did not decide (the browser answered something unexpected while the
   * person was confirming on the phone), the platform may have logged the browser in all the same:
   * one more look with the adapter's own check, so a login the platform completed is never lost.
   * The browser's own error text goes to the log, never to the person.
   */
  private async lastLook(e: unknown): Promise<LoginInfo> {
    if (e instanceof LoginFailed || this.stop || this.o.page.isClosed()) throw e;
    this.ctx.log.warn({ err: (e as Error).message }, 'the login page failed to answer; looking once more for a completed login');
    const info = await this.confirm().catch((err: unknown) => {
      if (err instanceof LoginFailed) throw err;
      return null;
    });
    if (info) return info;
    throw e;
  }

  private emit(e: LoginEvent): void {
    for (const l of this.listeners) {
      try {
        l(e);
      } catch (err) {
        this.ctx.log.warn({ err: (err as Error).message, event: e.type }, 'a login listener failed');
      }
    }
  }

  private get timeouts(): AdapterTimeouts {
    return { ...DEFAULT_TIMEOUTS, ...this.o.timeouts };
  }

  /** Listens to the page's own QR status poll while the login runs, where the adapter reads the scanned sign there. */
  private async drive(): Promise<LoginInfo> {
    const answer = this.spec.scannedAnswer;
    if (!answer) return this.look();
    const onResponse = (res: Response) => {
      let real: URL;
      try {
        real = realUrl(this.ctx, this.o.adapter, res.url());
      } catch {
        return;
      }
      if (!answer.url.test(`${real.host}${real.pathname}`)) return;
      // The latest answer decides: a later one (expired, confirmed) takes the sign back. An answer
      // that is not JSON, or not of the recorded shape, says nothing.
      res
        .json()
        .then((body: unknown) => {
          this.answeredScanned = answer.scanned(body);
        })
        .catch(() => {});
    };
    this.o.page.on('response', onResponse);
    try {
      return await this.look();
    } finally {
      this.o.page.off('response', onResponse);
    }
  }

  private async look(): Promise<LoginInfo> {
    const { page } = this.o;
    const spec = this.spec;
    const started = Date.now();
    const deadline = started + this.o.timeoutMs;
    await page.goto(liveUrl(this.ctx, this.o.adapter, spec.url), { waitUntil: 'domcontentloaded', timeout: this.timeouts.navigationMs });

    let shown = 0;
    let refreshes = 0;
    let fingerprint: string | null = null;
    let decodeTries = 0;
    let toldScanned = false;
    let toldSlider = false;
    let adminPrint: string | null = null;
    let lastConfirm = 0;
    let sawStep = false;

    for (;;) {
      this.checkStopped();
      if (Date.now() >= deadline) throw new LoginFailed('timeout', `no login within ${Math.round(this.o.timeoutMs / 1000)} s`);

      // A sign of a login: check it with the adapter (throttled: the check loads a page).
      if ((await this.signOfLogin()) && Date.now() - lastConfirm >= CONFIRM_EVERY_MS) {
        lastConfirm = Date.now();
        const info = await this.confirm();
        if (info) return info;
      }

      if (spec.slider && (await this.visible(spec.slider))) {
        sawStep = true;
        if (!toldSlider) this.emit({ type: 'needs_slider' });
        toldSlider = true;
        await this.pause();
        continue;
      }
      toldSlider = false;

      if (spec.sms && (await this.visible(spec.sms.input))) {
        sawStep = true;
        await this.smsStep(spec.sms);
        await this.pause();
        continue;
      }
      this.sms = { phase: 'idle' };

      if (spec.adminScan && (await this.visible(spec.adminScan.marker))) {
        sawStep = true;
        const qr = spec.adminScan.qr;
        const print = qr && (await this.visible(qr)) ? await this.qrFingerprint(qr) : 'no-qr';
        if (print !== adminPrint && print !== QR_GONE) {
          adminPrint = print;
          const shot = qr && print !== 'no-qr' ? await this.readQr(qr) : null;
          this.emit({ type: 'qr', purpose: 'admin_scan', png: shot?.png ?? Buffer.alloc(0), text: shot?.text ?? null, shown: 1 });
        }
        await this.pause();
        continue;
      }

      if (spec.expired && (await this.visible(spec.expired))) {
        if (refreshes >= (this.o.maxRefreshes ?? MAX_REFRESHES)) throw new LoginFailed('timeout', `the QR expired ${refreshes + 1} times without a scan`);
        refreshes++;
        this.ctx.log.info({ refreshes }, 'the QR expired; renewing it');
        if (spec.refresh && (await this.visible(spec.refresh))) {
          await page
            .locator(spec.refresh)
            .first()
            .click({ timeout: this.timeouts.selectorMs })
            .catch(async (e: unknown) => {
              // The marker went away before the click landed (the page renewed the QR by itself, or a
              // later status hid it): nothing to renew, look at the page again.
              if (isTimeout(e) && !(await this.visible(spec.expired!))) return;
              throw e;
            });
        } else await page.reload({ waitUntil: 'domcontentloaded', timeout: this.timeouts.navigationMs });
        fingerprint = null;
        toldScanned = false;
        this.answeredScanned = false;
        await this.pause();
        continue;
      }

      if (await this.visible(spec.qr)) {
        sawStep = true;
        const print = await this.qrFingerprint(spec.qr);
        // An image without pixels yet (its source still loading) is no QR to show.
        if (print !== fingerprint && print !== 'img:loading' && print !== QR_GONE) {
          const read = await this.readQr(spec.qr);
          // An image still loading reads as nothing: look again a few times before showing it undecoded.
          if (read && (read.text !== null || ++decodeTries >= DECODE_TRIES)) {
            fingerprint = print;
            decodeTries = 0;
            shown++;
            toldScanned = false;
            this.answeredScanned = false;
            this.emit({ type: 'qr', purpose: 'login', png: read.png, text: read.text, shown });
          }
        }
      } else if (spec.qrTab && shown === 0 && (await this.visible(spec.qrTab))) {
        // Only before the first QR: later the QR hides for other reasons (scanned, a step), and the tab may toggle methods.
        await page.locator(spec.qrTab).first().click({ timeout: this.timeouts.selectorMs }).catch(() => {});
      }

      if (!toldScanned && (this.answeredScanned || (spec.scanned !== undefined && (await this.visible(spec.scanned))))) {
        toldScanned = true;
        this.emit({ type: 'scanned' });
      }

      if (!sawStep && Date.now() - started > (this.o.firstQrMs ?? FIRST_QR_MS)) {
        throw new LoginFailed('page_changed', `the login page shows no QR (${spec.qr}) at ${page.url()}`);
      }
      await this.pause();
    }
  }

  /** The SMS step, one look at a time: ask, type what came back, judge the page's answer. */
  private async smsStep(sms: NonNullable<LoginPageSpec['sms']>): Promise<void> {
    const { page } = this.o;
    const max = this.o.maxSmsAttempts ?? MAX_SMS_ATTEMPTS;
    const ask = (attempt: number, refused: boolean) => {
      this.smsCode = null;
      this.sms = { phase: 'waiting_code', attempt };
      this.emit({ type: 'needs_sms', attempt, refused });
    };
    switch (this.sms.phase) {
      case 'idle':
        if (sms.send && (await this.visible(sms.send))) await page.locator(sms.send).first().click({ timeout: this.timeouts.selectorMs });
        ask(1, false);
        return;
      case 'waiting_code': {
        const code = this.smsCode;
        if (code === null) return;
        this.smsCode = null;
        await page.locator(sms.input).first().fill(code, { timeout: this.timeouts.selectorMs });
        await page.locator(sms.submit).first().click({ timeout: this.timeouts.selectorMs });
        this.sms = { phase: 'submitted', attempt: this.sms.attempt, at: Date.now() };
        return;
      }
      case 'submitted': {
        const { attempt, at } = this.sms;
        const refused = sms.error !== undefined && (await this.visible(sms.error));
        if (!refused && Date.now() - at < SMS_ANSWER_MS) return;
        if (refused && attempt >= max) throw new LoginFailed('sms_rejected', `the platform refused ${attempt} SMS code(s)`);
        ask(refused ? attempt + 1 : attempt, refused);
      }
    }
  }

  /** A session cookie of the platform, or the page off its login. */
  private async signOfLogin(): Promise<boolean> {
    const { page } = this.o;
    const cookies = await page.context().cookies();
    if (cookies.some((c) => this.spec.sessionCookies.includes(c.name) && c.value !== '')) return true;
    return !this.spec.isLoginPage(realUrl(this.ctx, this.o.adapter, page.url()));
  }

  /** The adapter's own login check, on a second page of the profile: the account, or null while there is none yet. */
  private async confirm(): Promise<LoginInfo | null> {
    const side = await this.o.page.context().newPage();
    try {
      const info = await this.o.adapter.checkLogin(side, this.ctx);
      if (this.o.expectedRef !== undefined && info.externalRef !== this.o.expectedRef) {
        throw new LoginFailed('wrong_account', `logged in as ${info.externalRef}, not ${this.o.expectedRef}`);
      }
      return info;
    } catch (e) {
      if (e instanceof LoginFailed) throw e;
      this.checkStopped();
      if (!(e instanceof AdapterError && e.code === 'login_required')) this.ctx.log.warn({ err: (e as Error).message }, 'login check after a sign of login failed; looking again');
      return null;
    } finally {
      await side.close().catch(() => {});
    }
  }

  /**
   * What identifies the QR shown now (its source, or a canvas's pixels): a change is a new QR.
   * `gone` when the QR left between the look that saw it and this one (the page moved on after a
   * scan, or replaced it): the loop looks at the page again instead of waiting for a QR that may
   * never come back.
   */
  private qrFingerprint(selector: string): Promise<string> {
    return this.o.page
      .locator(selector)
      .first()
      .evaluate(
        (el) => {
          const e = el as unknown as { tagName: string; currentSrc?: string; src?: string; complete?: boolean; naturalWidth?: number; toDataURL?: () => string; outerHTML: string };
          if (e.tagName === 'IMG') return e.complete && e.naturalWidth ? `img:${e.currentSrc || e.src}` : 'img:loading';
          if (e.tagName === 'CANVAS' && e.toDataURL) return `canvas:${e.toDataURL()}`;
          return `el:${e.outerHTML}`;
        },
        undefined,
        { timeout: this.timeouts.selectorMs },
      )
      .catch((e: unknown) => {
        if (isTimeout(e) || /Execution context was destroyed/i.test((e as Error).message ?? '')) {
          this.checkStopped();
          return QR_GONE;
        }
        throw e;
      });
  }

  /** The QR's pixels and what they encode; the PNG shown is drawn again from the text when it was read. */
  private async readQr(selector: string): Promise<{ png: Buffer; text: string | null } | null> {
    const shot = await this.o.page
      .locator(selector)
      .first()
      .screenshot({ timeout: this.timeouts.selectorMs, animations: 'disabled' })
      .catch(() => null);
    if (!shot) return null;
    const text = decodeQrPng(shot);
    return { png: text ? await qrPng(text) : shot, text };
  }

  private async visible(selector: string): Promise<boolean> {
    return this.o.page
      .locator(selector)
      .first()
      .isVisible()
      .catch(() => false);
  }

  private checkStopped(): void {
    if (this.stop) throw this.stop;
    if (this.o.page.isClosed()) throw new LoginFailed('browser_failed', 'the login page was closed');
  }

  private pause(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.abort.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, this.o.pollMs ?? POLL_MS);
      this.abort.signal.addEventListener('abort', done, { once: true });
    });
  }
}
