/**
 * Plume Desktop while it runs (`plume-desktop` / `plume-desktop run`): the
 * license, the executor, the person's settings, accounts and recent jobs,
 * and the operations the local UI offers on them. The executor runs while
 * the computer is activated for a user; a license that can no longer
 * publish keeps it connected but taking no offers (DesktopLicense.refusal),
 * and a revoked device ends it (the control plane closes its socket) with
 * the license's plain message shown.
 */
import { createRequire } from 'node:module';
import type { Logger } from 'pino';
import { withAccountLock } from '../accounts/account-lock.js';
import { AccountRegistry, type AccountRecord } from '../accounts/accounts.js';
import type { Daemon } from '../daemon.js';
import type { AdapterSet } from '../adapters/adapter-set.js';
import { LoginFailed, type LoginEvent, type LoginFlow } from '../login/flow.js';
import { resolveBrowser } from './browser-path.js';
import { type DesktopConfig, desktopPaths } from './config.js';
import { DesktopLicense, type LicenseState } from './license.js';
import { fingerprintHash, readMachineId } from './machine-id.js';
import { RecentJobs } from './recent-jobs.js';
import { SettingsStore } from './settings.js';
import { defaultFolders } from './config.js';
import { displayProblem } from './display.js';

export const APP_VERSION: string = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;

export interface LoginSession {
  id: number;
  platform: string;
  /** The account logged in again, for a relogin; absent when the platform names a new one. */
  ref?: string;
  state: 'running' | 'succeeded' | 'failed';
  events: string[];
  needsSms: boolean;
  flow?: LoginFlow;
  abort: AbortController;
}

export interface DesktopAppOptions {
  config: DesktopConfig;
  log: Logger;
  /** Default: the platform registry as a desktop runs it. */
  adapters?: AdapterSet;
  env?: Record<string, string | undefined>;
}

export class DesktopApp {
  readonly paths: ReturnType<typeof desktopPaths>;
  readonly settings: SettingsStore;
  readonly jobs: RecentJobs;
  readonly accounts: AccountRegistry;
  license: DesktopLicense | null = null;
  private executor: Daemon | null = null;
  private executorError: string | null = null;
  private machine: { machineId: string; fingerprintHash: string } | null = null;
  private readonly logins = new Map<number, LoginSession>();
  private loginSeq = 0;

  constructor(private readonly o: DesktopAppOptions) {
    this.paths = desktopPaths(o.config.stateDir);
    this.settings = new SettingsStore(this.paths.settings, o.config.os, defaultFolders(o.config.os, o.config.home));
    this.jobs = new RecentJobs(this.paths.jobs);
    this.accounts = new AccountRegistry(this.paths.node);
  }

  private adapterSet: AdapterSet | null = null;

  /**
   * The adapters this computer runs. They, the executor and the login flow are
   * loaded when first needed, so the commands that need none of them
   * (`activate`, `status`, `folders`) start quickly.
   */
  async adapters(): Promise<AdapterSet> {
    if (!this.adapterSet) this.adapterSet = this.o.adapters ?? (await import('../adapters/adapter-set.js')).registryAdaptersFor('desktop');
    return this.adapterSet;
  }

  async identity(): Promise<{ machineId: string; fingerprintHash: string }> {
    if (!this.machine) {
      const machineId = await readMachineId({ os: this.o.config.os });
      this.machine = { machineId, fingerprintHash: fingerprintHash(machineId, this.o.config.os) };
    }
    return this.machine;
  }

  /** The license of the configured server, or null before a server is chosen. */
  async licenseFor(serverUrl?: string, projectKey?: string): Promise<DesktopLicense | null> {
    const s = this.settings.read();
    const url = serverUrl ?? s.serverUrl;
    if (!url) return null;
    const { machineId, fingerprintHash: fp } = await this.identity();
    return new DesktopLicense({
      serverUrl: url,
      projectKey: projectKey ?? s.projectKey,
      machineId,
      fingerprintHash: fp,
      appVersion: APP_VERSION,
      keyFile: this.paths.device,
      usesFile: this.paths.uses,
      ...(s.pinnedPublicKeys ? { pinnedPublicKeys: s.pinnedPublicKeys } : {}),
      log: this.o.log.child({ component: 'license' }),
    });
  }

  /** Activates with the code, stores the server, and (re)starts the executor. */
  async activate(serverUrl: string, code: string, projectKey = 'default', pinnedPublicKeys?: string[]): Promise<LicenseState> {
    const url = parseServerUrl(serverUrl);
    const { machineId, fingerprintHash: fp } = await this.identity();
    const license = new DesktopLicense({
      serverUrl: url,
      projectKey,
      machineId,
      fingerprintHash: fp,
      appVersion: APP_VERSION,
      keyFile: this.paths.device,
      usesFile: this.paths.uses,
      ...(pinnedPublicKeys ? { pinnedPublicKeys } : {}),
      log: this.o.log.child({ component: 'license' }),
    });
    const state = await license.activate(code);
    this.settings.update({ serverUrl: url, projectKey, ...(pinnedPublicKeys ? { pinnedPublicKeys } : {}) });
    if (this.running) {
      await this.stopExecutor();
      this.license?.stop();
      this.license = license;
      await license.start();
      await this.startExecutor();
    }
    return state;
  }

  private running = false;

  /** Starts the license upkeep and the executor (when activated). */
  async start(): Promise<void> {
    this.running = true;
    this.license = await this.licenseFor();
    if (!this.license) return;
    const state = await this.license.start();
    this.o.log.info({ standing: state.standing }, state.message);
    if (state.standing !== 'not_activated' && state.standing !== 'not_a_node') await this.startExecutor();
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const l of this.logins.values()) l.abort.abort(new LoginFailed('cancelled', 'Plume Desktop is stopping'));
    await this.stopExecutor();
    this.license?.stop();
  }

  private async startExecutor(): Promise<void> {
    if (!this.license || this.executor) return;
    const s = this.settings.read();
    try {
      const { startDesktopExecutor } = await import('./executor.js');
      const daemon = await startDesktopExecutor({
        os: this.o.config.os,
        serverUrl: s.serverUrl!,
        nodeDir: this.paths.node,
        deviceFile: this.paths.device,
        machineId: (await this.identity()).machineId,
        browserPath: this.browserPath(),
        headless: s.headless,
        platformUrls: this.o.config.platformUrls,
        logLevel: this.o.config.logLevel,
        folders: () => this.settings.folders(),
        license: this.license,
        jobs: this.jobs,
        log: this.o.log.child({ component: 'executor' }),
        adapters: await this.adapters(),
      });
      this.executor = daemon;
      this.executorError = null;
      void daemon.finished.then(async (code) => {
        if (this.executor !== daemon) return;
        this.executor = null;
        if (code !== 0) {
          // The control plane closed the node for good (revoked, replaced): the license says why in words.
          const state = await this.license?.refresh().catch(() => null);
          const why = daemon.fatalReason();
          this.executorError =
            state && !state.canPublish ? state.message
            : why ? `The server closed this computer’s connection for good: ${why}.`
            : 'The server closed this computer’s connection for good; see the log.';
          this.o.log.error(this.executorError);
        }
      });
    } catch (e) {
      this.executorError = (e as Error).message;
      this.o.log.error({ err: (e as Error).message }, 'the executor could not start');
    }
  }

  private async stopExecutor(): Promise<void> {
    const d = this.executor;
    this.executor = null;
    await d?.stop();
  }

  browserPath(): string {
    return resolveBrowser(this.settings.read().browser, this.o.config.os, this.o.env ?? {});
  }

  /** What the local UI shows. */
  async view() {
    const adapters = await this.adapters();
    const s = this.settings.read();
    return {
      serverUrl: s.serverUrl,
      projectKey: s.projectKey,
      license: this.license?.current ?? null,
      connected: this.executor?.connected() ?? false,
      executorRunning: this.executor !== null,
      executorError: this.executorError,
      folders: this.settings.folders(),
      accounts: this.accounts.list(),
      jobs: this.jobs.list(),
      logins: [...this.logins.values()].map(({ flow: _f, abort: _a, ...rest }) => rest),
      platforms: adapters.platforms().filter((p) => adapters.get(p)?.login),
    };
  }

  /**
   * Opens the platform's login page in a visible window; the person logs in there.
   * With `ref`, the account this computer has is logged in again: in its own
   * profile, its old session cleared, and the login must come back as that account.
   */
  async startLogin(platform: string, o: { ref?: string; timeoutMs?: number } = {}): Promise<LoginSession> {
    const adapter = (await this.adapters()).get(platform);
    if (!adapter?.login) throw new UiRefused('login_unsupported', `${platform} has no login page Plume knows`);
    const noDisplay = displayProblem(this.o.config.os, this.o.env ?? {});
    if (noDisplay) throw new UiRefused('no_display', noDisplay);
    const [{ loginAccount }, { profileLauncher }] = await Promise.all([import('../login/account-login.js'), import('../browser/chromium.js')]);
    const running = [...this.logins.values()].find((l) => l.state === 'running' && l.platform === platform && l.ref === o.ref);
    if (running) throw new UiRefused('login_running', `a ${platform} login${o.ref ? ` of ${o.ref}` : ''} is already open: finish or cancel it first`);
    const session: LoginSession = {
      id: ++this.loginSeq,
      platform,
      ...(o.ref !== undefined ? { ref: o.ref } : {}),
      state: 'running',
      events: [o.ref !== undefined ? `opening the login page in a new window to log ${o.ref} in again…` : 'opening the login page in a new window…'],
      needsSms: false,
      abort: new AbortController(),
    };
    this.logins.set(session.id, session);
    const say = (e: LoginEvent) => {
      session.needsSms = e.type === 'needs_sms';
      const line =
        e.type === 'qr' ? (e.shown === 1 ? 'scan the QR shown in the login window with the platform’s app' : `the QR was renewed (${e.shown})`)
        : e.type === 'scanned' ? 'scanned: confirm on the phone'
        : e.type === 'needs_sms' ? (e.refused ? 'that SMS code was refused; enter the new one' : 'the platform sent an SMS code: enter it below')
        : e.type === 'needs_slider' ? 'drag the slider in the login window'
        : e.type === 'succeeded' ? `logged in as ${e.account.displayName ?? e.account.externalRef}`
        : `failed (${e.code}): ${e.message}`;
      session.events.push(line);
    };
    void loginAccount({
      registry: this.accounts,
      adapter,
      baseUrl: this.o.config.platformUrls[platform] ?? adapter.defaultBaseUrl,
      stateDir: this.paths.node,
      // Logins are always shown: the person acts in the platform's own page.
      launchProfile: profileLauncher({ executablePath: this.browserPath(), headless: false, handleSignals: false, stateDir: this.paths.node }),
      lock: (ref, work) => withAccountLock(this.paths.node, ref, work, { waitMs: 60_000 }),
      ...(o.ref !== undefined ? { ref: o.ref } : {}),
      timeoutMs: o.timeoutMs ?? 10 * 60_000,
      signal: session.abort.signal,
      onFlow: (flow) => {
        session.flow = flow;
        flow.on(say);
      },
    }).then(
      ({ account }) => {
        session.state = 'succeeded';
        session.events.push(`recorded ${account.platform} account ${account.displayName} (${account.externalRef})`);
      },
      (e: unknown) => {
        session.state = 'failed';
        session.events.push(e instanceof LoginFailed ? `login failed (${e.code}): ${e.message}` : `login failed: ${(e as Error).message}`);
      },
    );
    return session;
  }

  submitSms(id: number, code: string): void {
    const session = this.logins.get(id);
    if (!session?.flow || session.state !== 'running') throw new UiRefused('login_not_running', 'that login is not running');
    session.flow.submitSms(code);
  }

  /** Logs an account this computer has in again (its session expired, or the platform logged it out). */
  relogin(ref: string): Promise<LoginSession> {
    const account = this.accounts.get(ref);
    if (!account) throw new UiRefused('account_not_found', `no account ${ref} on this computer`);
    return this.startLogin(account.platform, { ref });
  }

  cancelLogin(id: number): void {
    this.logins.get(id)?.abort.abort(new LoginFailed('cancelled', 'cancelled in Plume Desktop'));
  }

  async removeAccount(ref: string): Promise<AccountRecord> {
    const account = this.accounts.get(ref);
    if (!account) throw new UiRefused('account_not_found', `no account ${ref} on this computer`);
    await withAccountLock(this.paths.node, ref, async () => this.accounts.remove(ref), { waitMs: 60_000 });
    return account;
  }
}

export class UiRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The server's base URL as the person typed it: http(s), no trailing slash. */
export function parseServerUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new UiRefused('server_url_invalid', `${JSON.stringify(text)} is not a web address: give the server's address, e.g. https://plume.example.com`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UiRefused('server_url_invalid', 'the server address must start with https:// (or http:// on a local network)');
  return url.toString().replace(/\/+$/, '');
}
