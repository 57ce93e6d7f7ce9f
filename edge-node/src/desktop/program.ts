/**
 * The plume-desktop program: run (the default) | activate | status | folders |
 * browser | accounts | autostart. Parses the environment once (config.ts) and
 * the command line here. Exit codes as plume-edge's: 0 ok, 1 failure (for
 * `status`: the license cannot publish now), 64 usage error, 78 configuration.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { configSchema } from '../config.js';
import type { AdapterSet } from '../adapters/adapter-set.js';
import { exitWithOutcome, UsageError } from '../cli/usage.js';
import { ActivationRefused } from './license.js';
import { BROWSER_CHANNELS, FolderRefused } from './settings.js';
import { type DesktopConfig, loadDesktopConfig } from './config.js';

const USAGE = `plume-desktop — Plume Desktop: publish from this computer for your Plume user

  plume-desktop [run]                      start: the local UI (opened in your browser) and, once
                                           activated, the executor that takes publish jobs
  plume-desktop activate --server <URL> --code <activation code> [--project <key>] [--pin-key <base64url>]…
  plume-desktop status                     the license as the server (or, offline, the signed offline license) says
  plume-desktop folders [list]             the folders publish jobs may read files from
  plume-desktop folders add <folder> | remove <folder>
  plume-desktop browser [--channel chrome|msedge|chromium] [--path <browser executable>] [--show-jobs true|false]
  plume-desktop accounts [list|login <platform>|import …|relogin <ref>|remove <ref>|check]
                                           platform accounts on this computer (as plume-edge accounts)
  plume-desktop autostart enable|disable|status
                                           start Plume Desktop when you sign in (Windows: HKCU Run key)

Environment (docs/desktop.md has the details):
  PLUME_DESKTOP_STATE_DIR      where Plume Desktop keeps its files (default: %APPDATA%\\Plume,
                               ~/Library/Application Support/Plume, $XDG_CONFIG_HOME/plume-desktop)
  PLUME_DESKTOP_UI_PORT        the local UI's port on 127.0.0.1 (default: a free one each start)
  PLUME_DESKTOP_OPEN_UI        false: print the UI's address instead of opening the browser
  PLUME_DESKTOP_PLATFORM_URLS  JSON object platform code → base URL (a staging site)
  LOG_LEVEL                    pino level (default info)
`;

export interface DesktopProgramOptions {
  /** Default: the platform registry as a desktop runs it. */
  adapters?: AdapterSet;
}

async function main(argv: string[], options: DesktopProgramOptions): Promise<number> {
  const [command = 'run', ...rest] = argv;
  if (command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(USAGE);
    return 0;
  }
  const config = loadDesktopConfig(process.env);
  const log = pino({ level: config.logLevel, base: { component: 'plume-desktop' } });
  const { DesktopApp } = await import('./app.js');
  const app = new DesktopApp({ config, log, env: process.env, ...(options.adapters ? { adapters: options.adapters } : {}) });
  switch (command) {
    case 'run':
      return runCommand(app, config, log);
    case 'activate': {
      const { values } = parseArgs({ args: rest, options: { server: { type: 'string' }, code: { type: 'string' }, project: { type: 'string' }, 'pin-key': { type: 'string', multiple: true } } });
      const server = values.server ?? app.settings.read().serverUrl ?? undefined;
      if (!server) throw new UsageError('activate needs --server <URL> (the Plume server your operator gave you)');
      if (!values.code) throw new UsageError('activate needs --code <activation code>');
      const state = await app.activate(server, values.code, values.project ?? 'default', values['pin-key']);
      process.stdout.write(`activated this computer with ${server}\n${state.message}\n${state.nodeId ? `executor: ${state.nodeId}\n` : ''}`);
      return 0;
    }
    case 'status': {
      const license = await app.licenseFor();
      if (!license) {
        process.stdout.write('This computer is not activated: plume-desktop activate --server <URL> --code <CODE>\n');
        return 1;
      }
      const state = await license.refresh();
      const facts = [`state: ${state.standing}`, state.licenseMode && `mode: ${state.licenseMode}`, state.remainingCount !== null && `uses left: ${state.remainingCount}`, state.expiresAt && `expires: ${state.expiresAt}`, state.offlineUntil && `offline license until: ${state.offlineUntil}`, state.nodeId && `executor: ${state.nodeId}`];
      process.stdout.write(`${state.message}\n${facts.filter(Boolean).join('\n')}\n`);
      return state.canPublish ? 0 : 1;
    }
    case 'folders': {
      const [sub = 'list', folder, ...extra] = rest;
      if (extra.length) throw new UsageError('folders takes one folder (quote a path with spaces)');
      if (sub === 'add' || sub === 'remove') {
        if (!folder) throw new UsageError(`folders ${sub} needs a folder`);
        if (sub === 'add') app.settings.addFolder(folder);
        else app.settings.removeFolder(folder);
      } else if (sub !== 'list') throw new UsageError('folders list | add <folder> | remove <folder>');
      process.stdout.write(`${app.settings.folders().join('\n')}\n`);
      return 0;
    }
    case 'browser': {
      const { values } = parseArgs({ args: rest, options: { channel: { type: 'string' }, path: { type: 'string' }, 'show-jobs': { type: 'string' } } });
      const current = app.settings.read();
      if (values.channel !== undefined && !(BROWSER_CHANNELS as readonly string[]).includes(values.channel)) throw new UsageError(`--channel is one of ${BROWSER_CHANNELS.join(', ')}`);
      if (values['show-jobs'] !== undefined && !['true', 'false'].includes(values['show-jobs'])) throw new UsageError('--show-jobs is true or false');
      const browser = values.path !== undefined ? { executablePath: values.path } : values.channel !== undefined ? { channel: values.channel as (typeof BROWSER_CHANNELS)[number] } : current.browser;
      app.settings.update({ browser, ...(values['show-jobs'] !== undefined ? { headless: values['show-jobs'] !== 'true' } : {}) });
      process.stdout.write(`browser: ${app.browserPath()}${app.settings.read().headless ? '' : ' (jobs shown)'}\n`);
      return 0;
    }
    case 'accounts': {
      const { accountsCommand } = await import('../cli/accounts-command.js');
      // A login is done by the person in the platform's own window; the other subcommands follow the settings.
      const opensWindow = rest[0] === 'login' || (rest[0] === 'relogin' && !rest.includes('--storage-state'));
      const shown = opensWindow || !app.settings.read().headless;
      if (opensWindow) {
        const { displayProblem } = await import('./display.js');
        const problem = displayProblem(config.os, process.env);
        if (problem) {
          process.stderr.write(`plume-desktop: ${problem}\n`);
          return 1;
        }
      }
      const edge = configSchema.parse({ PLUME_EDGE_STATE_DIR: app.paths.node, PLUME_CHROMIUM_PATH: app.browserPath(), PLUME_EDGE_HEADLESS: shown ? 'false' : 'true', PLUME_EDGE_PLATFORM_URLS: JSON.stringify(config.platformUrls), LOG_LEVEL: config.logLevel });
      return accountsCommand(edge, rest, () => app.adapters());
    }
    case 'autostart': {
      const { autostartEnabled, disableAutostart, enableAutostart } = await import('./autostart.js');
      const target = { os: config.os, home: config.home, ...(process.env.XDG_CONFIG_HOME ? { configHome: process.env.XDG_CONFIG_HOME } : {}), command: [process.execPath, fileURLToPath(new URL('../cli-desktop.js', import.meta.url))] };
      const [sub = 'status'] = rest;
      if (sub === 'enable') process.stdout.write(`Plume Desktop starts when you sign in (${await enableAutostart(target)})\n`);
      else if (sub === 'disable') process.stdout.write((await disableAutostart(target)) ? 'Plume Desktop no longer starts when you sign in\n' : 'Plume Desktop was not set to start when you sign in\n');
      else if (sub === 'status') process.stdout.write((await autostartEnabled(target)) ? 'starts when you sign in\n' : 'does not start when you sign in\n');
      else throw new UsageError('autostart enable | disable | status');
      return 0;
    }
    default:
      throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  }
}

async function runCommand(app: import('./app.js').DesktopApp, config: DesktopConfig, log: import('pino').Logger): Promise<number> {
  const { startLocalUi } = await import('./ui-server.js');
  const ui = await startLocalUi(app, { port: config.uiPort, log: log.child({ component: 'ui' }) });
  // The address carries this start's key: it is printed for the person, never logged.
  process.stdout.write(`Plume Desktop: ${ui.url}\n`);
  if (config.openUi) openInBrowser(ui.url, config.os);
  await app.start();
  let resolveStopped!: (code: number) => void;
  const stopped = new Promise<number>((r) => (resolveStopped = r));
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    void app
      .stop()
      .then(() => ui.close())
      .then(() => resolveStopped(0));
  };
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  process.once('SIGINT', () => onSignal('SIGINT'));
  return stopped;
}

/** The person's default browser: start on Windows, open on macOS, xdg-open elsewhere. Failing is fine: the address was printed. */
function openInBrowser(url: string, os: DesktopConfig['os']): void {
  const [file, args] = os === 'windows' ? ['rundll32', ['url.dll,FileProtocolHandler', url]] : os === 'macos' ? ['open', [url]] : ['xdg-open', [url]];
  try {
    const child = spawn(file as string, args as string[], { detached: true, stdio: 'ignore', windowsHide: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // the address is printed above
  }
}

export function runDesktopProgram(argv: string[], options: DesktopProgramOptions = {}): void {
  exitWithOutcome('plume-desktop', USAGE, main(argv, options), (error) =>
    error instanceof ActivationRefused || error instanceof FolderRefused || (error instanceof Error && 'code' in error && typeof error.code === 'string')
      ? `${error.message} (${(error as { code: string }).code})`
      : null,
  );
}
