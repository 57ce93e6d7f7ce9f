/**
 * The browser the node drives: Debian's Chromium through playwright-core,
 * one persistent profile per account (adapters/browser.ts holds the launch
 * flags), each launched with its account's browser identity
 * (account-identity.ts). Also what the node reports as its Chromium version.
 */
import { execFile } from 'node:child_process';
import { relative, resolve, sep } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { profileIdentity } from '../accounts/account-identity.js';
import { AccountRegistry } from '../accounts/accounts.js';
import { launchAccountProfile } from '../adapters/browser.js';

export function chromiumVersion(executablePath: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(executablePath, ['--version'], { timeout: 10_000 }, (err, stdout) => {
      if (err) return resolve(null);
      const match = /(\d+\.\d+\.\d+\.\d+)/.exec(stdout);
      resolve(match ? match[1]! : stdout.trim().slice(0, 100) || null);
    });
  });
}

export type ProfileLaunch = (dir: string) => Promise<BrowserContext>;

export interface ProfileLauncherOptions {
  executablePath: string;
  headless: boolean;
  handleSignals?: boolean;
  /** The state directory whose accounts.json holds each account's identity and whose profiles/ holds its profile. */
  stateDir: string;
  /** The Chromium version when the caller knows it already (the daemon asks once at start); else asked at the first launch that needs it. */
  chromiumVersion?: string | null;
}

/**
 * Launches profiles. A profile under `<stateDir>/profiles/<ref>` is that account's: its identity is
 * read from accounts.json at each launch (an `accounts set` beside a running daemon applies from
 * the account's next browser on), its proxy password opened only then. Other profiles (a login's
 * scratch profile, before the platform names the account) launch without one.
 */
export function profileLauncher(o: ProfileLauncherOptions): ProfileLaunch {
  const registry = new AccountRegistry(o.stateDir);
  let version: Promise<string | null> | undefined = o.chromiumVersion !== undefined ? Promise.resolve(o.chromiumVersion) : undefined;
  const realVersion = () => (version ??= chromiumVersion(o.executablePath));
  return async (dir) => {
    const ref = accountOfProfile(registry.profilesDir, dir);
    const stored = ref !== undefined ? registry.get(ref)?.identity : undefined;
    const identity = stored ? await profileIdentity(o.stateDir, ref!, stored, realVersion) : {};
    return launchAccountProfile(dir, { executablePath: o.executablePath, headless: o.headless, ...(o.handleSignals === false ? { handleSignals: false } : {}) }, identity);
  };
}

/** The account ref whose profile `dir` is, if it is one (`profiles/<ref>` exactly). */
export function accountOfProfile(profilesDir: string, dir: string): string | undefined {
  const rel = relative(resolve(profilesDir), resolve(dir));
  if (!rel || rel.includes(sep) || rel === '.' || rel === '..' || !/^[A-Za-z0-9_.@-]+$/.test(rel)) return undefined;
  return rel;
}
