/**
 * Logins relayed from the control plane (login_open … login_cancel): the same
 * flow as `plume-edge accounts login` (account-login.ts, in the account's
 * persistent profile, under its lock), driven from the socket instead of a
 * terminal. The login page goes back as a CDP screencast (JPEG, throttled and
 * bounded: LOGIN_FRAME_LIMITS) with the flow's events; the person at the
 * console answers with clicks, keys, text and the SMS code, which reach this
 * login's page and nothing else.
 */
import { type ControlMessageOf, type LoginEventReport, type LoginInput, type NodeMessage } from '@plume/shared';
import type { Logger } from 'pino';
import type { BrowserContext, Page } from 'playwright-core';
import { withAccountLock } from '../accounts/account-lock.js';
import type { AccountRegistry } from '../accounts/accounts.js';
import type { AdapterSet } from '../adapters/adapter-set.js';
import { loginAccount } from './account-login.js';
import { LoginFailed, type LoginEvent, type LoginFlow } from './flow.js';
import { applyPageInput, streamFrames } from '../browser/stream-frames.js';

export interface RemoteLoginsOptions {
  adapters: AdapterSet;
  registry: AccountRegistry;
  stateDir: string;
  platformUrls: Record<string, string>;
  launchProfile: (dir: string) => Promise<BrowserContext>;
  send: (m: NodeMessage) => boolean;
  /** An account was recorded: report the node's accounts now. */
  onAccountsChanged: () => void;
  log: Logger;
}

// Why: a job or a login check of the same account finishes within a minute or two; a login waits that long for it.
const LOCK_WAIT_MS = 2 * 60_000;

interface Running {
  abort: AbortController;
  flow: LoginFlow | null;
  page: Page | null;
  /** Inputs run one at a time, in arrival order. */
  inputs: Promise<void>;
}

/** The platforms this node can open a login page for (capabilities.logins). */
export function loginPlatforms(adapters: AdapterSet): string[] {
  return adapters.platforms().filter((p) => adapters.get(p)?.login !== undefined);
}

export class RemoteLogins {
  private readonly running = new Map<string, Running>();

  constructor(private readonly o: RemoteLoginsOptions) {}

  get active(): number {
    return this.running.size;
  }

  open(m: ControlMessageOf<'login_open'>): void {
    if (this.running.has(m.loginId)) return;
    const log = this.o.log.child({ loginId: m.loginId, platform: m.platform });
    const report = (event: LoginEventReport) => this.o.send({ type: 'login_event', loginId: m.loginId, event });
    const adapter = this.o.adapters.get(m.platform);
    if (!adapter?.login) {
      report({ type: 'failed', code: 'no_login_page', message: `this node opens no login page for ${m.platform}` });
      return;
    }
    const run: Running = { abort: new AbortController(), flow: null, page: null, inputs: Promise.resolve() };
    this.running.set(m.loginId, run);
    log.info({ accountRef: m.accountRef, userId: m.userId }, 'relayed login opening');
    let stopFrames = async () => {};
    void loginAccount({
      registry: this.o.registry,
      adapter,
      baseUrl: this.o.platformUrls[m.platform] ?? adapter.defaultBaseUrl,
      stateDir: this.o.stateDir,
      launchProfile: this.o.launchProfile,
      lock: (ref, work) => withAccountLock(this.o.stateDir, ref, work, { waitMs: LOCK_WAIT_MS, signal: run.abort.signal }),
      ...(m.accountRef !== undefined ? { ref: m.accountRef } : {}),
      userId: m.userId,
      timeoutMs: m.timeoutMs,
      signal: run.abort.signal,
      log,
      onFlow: (flow, page) => {
        run.flow = flow;
        run.page = page;
        flow.on((e) => {
          const event = reported(e);
          if (event) report(event);
        });
        stopFrames = streamFrames(page, (frame) => this.o.send({ type: 'login_frame', loginId: m.loginId, ...frame }), log);
      },
    }).then(
      ({ account }) => {
        log.info({ account: account.externalRef }, 'relayed login succeeded');
        this.o.onAccountsChanged();
      },
      (e: unknown) => {
        // The flow reports its own failure; one that ended before the flow ran (the lock, the browser) is reported here.
        if (!run.flow) report({ type: 'failed', code: e instanceof LoginFailed ? e.code : 'browser_failed', message: (e as Error).message.slice(0, 1000) });
        log.info({ err: (e as Error).message }, 'relayed login failed');
      },
    ).finally(() => {
      void stopFrames();
      this.running.delete(m.loginId);
    });
  }

  input(m: ControlMessageOf<'login_input'>): void {
    const run = this.running.get(m.loginId);
    if (!run) return;
    run.inputs = run.inputs.then(() => apply(run, m.input)).catch((err: unknown) => this.o.log.warn({ loginId: m.loginId, input: m.input.type, err: (err as Error).message }, 'a login input failed'));
  }

  cancel(m: ControlMessageOf<'login_cancel'>): void {
    const run = this.running.get(m.loginId);
    if (!run) return;
    this.o.log.info({ loginId: m.loginId, reason: m.reason }, 'relayed login cancelled');
    run.abort.abort(new LoginFailed('cancelled', m.reason ?? 'the login was cancelled'));
  }

  /** The daemon stops: every login ends cancelled and its browser closes. */
  stopAll(): void {
    for (const run of this.running.values()) run.abort.abort(new LoginFailed('cancelled', 'the node is stopping'));
  }
}

/** What of a flow event goes on the wire: the QR as its text (the frames show its pixels). */
function reported(e: LoginEvent): LoginEventReport | null {
  switch (e.type) {
    case 'qr':
      return { type: 'qr', text: e.text === null ? null : e.text.slice(0, 2000), purpose: e.purpose, shown: e.shown };
    case 'succeeded':
      return { type: 'succeeded', externalRef: e.account.externalRef, displayName: e.account.displayName.slice(0, 200) };
    case 'failed':
      return { type: 'failed', code: e.code, message: e.message.slice(0, 1000) };
    default:
      return e;
  }
}

async function apply(run: Running, input: LoginInput): Promise<void> {
  const page = run.page;
  if (input.type === 'sms') {
    run.flow?.submitSms(input.code);
    return;
  }
  if (page) await applyPageInput(page, input);
}
