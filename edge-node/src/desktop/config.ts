/**
 * Plume Desktop's environment, parsed once (program.ts) and passed down. The
 * state directory is the operating system's place for a user's application
 * data — Windows %APPDATA%\Plume, macOS ~/Library/Application Support/Plume,
 * Linux $XDG_CONFIG_HOME/plume-desktop (~/.config/plume-desktop) — unless
 * PLUME_DESKTOP_STATE_DIR names another (tests, a second profile).
 */
import { isAbsolute, join, posix, win32 } from 'node:path';
import { z } from 'zod';
import { ConfigError, platformUrlsSchema } from '../config.js';
import { type DesktopOs, desktopOs } from './machine-id.js';

const absolute = (name: string) => z.string().refine((p) => isAbsolute(p), `${name} must be an absolute path`);

const schema = z.object({
  PLUME_DESKTOP_STATE_DIR: absolute('PLUME_DESKTOP_STATE_DIR').optional(),
  APPDATA: z.string().optional(),
  USERPROFILE: z.string().optional(),
  HOME: z.string().optional(),
  XDG_CONFIG_HOME: z.string().optional(),
  /** Where the local UI listens on 127.0.0.1; 0 (the default) takes a free port at each start. */
  PLUME_DESKTOP_UI_PORT: z.coerce.number({ error: 'PLUME_DESKTOP_UI_PORT must be a port number' }).int().min(0).max(65535).default(0),
  /** false: print the UI's address instead of opening it in the default browser (headless machines, tests). */
  PLUME_DESKTOP_OPEN_UI: z.enum(['true', 'false'], { error: 'PLUME_DESKTOP_OPEN_UI must be true or false' }).default('true'),
  /** JSON object platform code → base URL (a staging site or the platform simulator). */
  PLUME_DESKTOP_PLATFORM_URLS: platformUrlsSchema('PLUME_DESKTOP_PLATFORM_URLS'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface DesktopConfig {
  os: DesktopOs;
  stateDir: string;
  home: string;
  uiPort: number;
  openUi: boolean;
  platformUrls: Record<string, string>;
  logLevel: string;
}

/** The per-OS state directory (pure: tests give the variables of another OS). */
export function defaultStateDir(os: DesktopOs, env: { APPDATA?: string; USERPROFILE?: string; HOME?: string; XDG_CONFIG_HOME?: string }): string {
  if (os === 'windows') {
    const appData = env.APPDATA ?? (env.USERPROFILE ? win32.join(env.USERPROFILE, 'AppData', 'Roaming') : undefined);
    if (!appData) throw new ConfigError('Neither APPDATA nor USERPROFILE is set: set PLUME_DESKTOP_STATE_DIR to the folder Plume may keep its files in');
    return win32.join(appData, 'Plume');
  }
  if (!env.HOME) throw new ConfigError('HOME is not set: set PLUME_DESKTOP_STATE_DIR to the folder Plume may keep its files in');
  if (os === 'macos') return posix.join(env.HOME, 'Library', 'Application Support', 'Plume');
  const config = env.XDG_CONFIG_HOME && posix.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : posix.join(env.HOME, '.config');
  return posix.join(config, 'plume-desktop');
}

/** The folders jobs may read until the person chooses: their Videos and Pictures (macOS: Movies and Pictures). */
export function defaultFolders(os: DesktopOs, home: string): string[] {
  const p = os === 'windows' ? win32 : posix;
  return [p.join(home, os === 'macos' ? 'Movies' : 'Videos'), p.join(home, 'Pictures')];
}

export function loadDesktopConfig(env: Record<string, string | undefined>, os: DesktopOs = desktopOs()): DesktopConfig {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) throw new ConfigError(`Invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.message}`).join('\n')}`);
  const e = parsed.data;
  const home = os === 'windows' ? (e.USERPROFILE ?? e.HOME) : e.HOME;
  if (!home) throw new ConfigError(os === 'windows' ? 'USERPROFILE is not set' : 'HOME is not set');
  return {
    os,
    stateDir: e.PLUME_DESKTOP_STATE_DIR ?? defaultStateDir(os, e),
    home,
    uiPort: e.PLUME_DESKTOP_UI_PORT,
    openUi: e.PLUME_DESKTOP_OPEN_UI === 'true',
    platformUrls: e.PLUME_DESKTOP_PLATFORM_URLS,
    logLevel: e.LOG_LEVEL,
  };
}

export const desktopPaths = (stateDir: string) => ({
  /** The license identity: device secret key, session, token, pinned offline keys (mode 0600). */
  device: join(stateDir, 'device.json'),
  /** The person's choices: server, allowed folders, browser. */
  settings: join(stateDir, 'settings.json'),
  /** License uses still to record (job ids of successful publishes). */
  uses: join(stateDir, 'license-uses.json'),
  /** The node's own state (outbox, journal, accounts, browser profiles), as plume-edge keeps it. */
  node: join(stateDir, 'node'),
  /** Recent jobs for the local UI. */
  jobs: join(stateDir, 'recent-jobs.json'),
});
