/**
 * Launching Debian's Chromium through playwright-core (no browser download).
 * The flags keep a machine without network quiet: without them Chromium keeps
 * retrying outbound connections (updates, sync, QUIC probes).
 */
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, LaunchOptions } from 'playwright-core';
import type { ProfileIdentity } from '../accounts/account-identity.js';

// Loaded with require: an ESM import of playwright-core makes Node scan its bundled CommonJS for
// export names first, about 0.4 s of CPU in every process that launches a browser (the CLI, the
// daemon) for nothing.
const { chromium } = createRequire(import.meta.url)('playwright-core') as typeof import('playwright-core');

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-gpu',
  '--disable-quic',
  '--disable-sync',
] as const;

export interface ChromiumOptions {
  executablePath?: string;
  headless?: boolean;
  /** Chromium's sandbox cannot run as root; default: whether this process is root. */
  runningAsRoot?: boolean;
  /**
   * false: Ctrl-C and SIGTERM are the program's to handle (it closes the browser itself).
   * Playwright's own handlers kill the browser and exit the process at once, before any
   * cleanup of the program's (an interactive login's).
   */
  handleSignals?: boolean;
}

export function chromiumLaunchOptions(opts: ChromiumOptions = {}): LaunchOptions {
  const root = opts.runningAsRoot ?? process.getuid?.() === 0;
  return {
    executablePath: opts.executablePath ?? DEFAULT_CHROMIUM_PATH,
    headless: opts.headless ?? true,
    args: [...(root ? ['--no-sandbox'] : []), ...CHROMIUM_ARGS],
    ...(opts.handleSignals === false ? { handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false } : {}),
  };
}

export function launchChromium(opts: ChromiumOptions = {}): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions(opts));
}

/**
 * One persistent profile per account: its cookies are that account's login, and `identity` (the
 * account's proxy, locale, time zone and user agent, account-identity.ts) is how it appears. The
 * proxy is the browser process's own (--proxy-server), so each account's Chromium has its own.
 */
export function launchAccountProfile(userDataDir: string, opts: ChromiumOptions = {}, identity: ProfileIdentity = {}): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    ...chromiumLaunchOptions(opts),
    ...(identity.proxy ? { proxy: identity.proxy } : {}),
    ...(identity.locale ? { locale: identity.locale } : {}),
    ...(identity.timezoneId ? { timezoneId: identity.timezoneId } : {}),
    ...(identity.userAgent ? { userAgent: identity.userAgent } : {}),
  });
}
