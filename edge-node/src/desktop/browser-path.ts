/**
 * The browser on this computer: a path the person configured, or the
 * installed Chrome or Edge found where their installers put them (the places
 * Playwright's `chrome` and `msedge` channels look), or Chromium. The
 * adapters drive it through playwright-core like plume-edge drives Debian's.
 */
import { existsSync } from 'node:fs';
import { posix, win32 } from 'node:path';
import type { DesktopOs } from './machine-id.js';
import type { DesktopSettings } from './settings.js';

export type Channel = NonNullable<DesktopSettings['browser']['channel']>;

/** Where each channel's browser is installed, in the order looked at. */
export function channelCandidates(channel: Channel, os: DesktopOs, env: Record<string, string | undefined>): string[] {
  if (os === 'windows') {
    const roots = [env.LOCALAPPDATA, env.PROGRAMFILES ?? env.ProgramFiles, env['PROGRAMFILES(X86)'] ?? env['ProgramFiles(x86)']].filter((r): r is string => !!r);
    const rel =
      channel === 'chrome' ? ['Google', 'Chrome', 'Application', 'chrome.exe'] : channel === 'msedge' ? ['Microsoft', 'Edge', 'Application', 'msedge.exe'] : ['Chromium', 'Application', 'chrome.exe'];
    return roots.map((r) => win32.join(r, ...rel));
  }
  if (os === 'macos') {
    const app = channel === 'chrome' ? 'Google Chrome' : channel === 'msedge' ? 'Microsoft Edge' : 'Chromium';
    return [posix.join('/Applications', `${app}.app`, 'Contents', 'MacOS', app)];
  }
  if (channel === 'chrome') return ['/opt/google/chrome/chrome', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];
  if (channel === 'msedge') return ['/opt/microsoft/msedge/msedge', '/usr/bin/microsoft-edge', '/usr/bin/microsoft-edge-stable'];
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium'];
}

export class BrowserNotFound extends Error {
  readonly code = 'browser_not_found';
}

/**
 * The executable to launch: the configured path, else the configured channel,
 * else the first of Chrome, Edge, Chromium installed here.
 */
export function resolveBrowser(settings: DesktopSettings['browser'], os: DesktopOs, env: Record<string, string | undefined>, exists: (p: string) => boolean = existsSync): string {
  if (settings.executablePath) {
    if (!exists(settings.executablePath)) throw new BrowserNotFound(`the configured browser ${settings.executablePath} does not exist: install it or choose another in settings (plume-desktop browser --path … or --channel chrome|msedge)`);
    return settings.executablePath;
  }
  const channels: Channel[] = settings.channel ? [settings.channel] : ['chrome', 'msedge', 'chromium'];
  for (const channel of channels) {
    const found = channelCandidates(channel, os, env).find(exists);
    if (found) return found;
  }
  throw new BrowserNotFound(
    `${settings.channel ? `${settings.channel} is` : 'neither Chrome, Edge nor Chromium is'} not installed where its installer puts it: install Google Chrome or Microsoft Edge, or give the browser's path (plume-desktop browser --path …)`,
  );
}
