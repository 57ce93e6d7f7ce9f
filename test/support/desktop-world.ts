/**
 * Plume Desktop the way a person runs it, for end-to-end tests: the compiled
 * `plume-desktop` CLI with a temp dir as HOME (its Videos and Pictures are
 * the default allowed folders), its state in PLUME_DESKTOP_STATE_DIR, the
 * browser set to Debian's Chromium, platform URLs pointing at the simulator,
 * and `plume-desktop run` as a child process in its own process group (so a
 * kill -9 takes the Chromium it started with it). The UI address it prints is
 * read from its output.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventually } from '../../control-plane/src/testing/eventually.js';
import type { Simulator } from '../platform-simulator/index.js';
import type { CliResult, SimAccount } from './edge-world.js';

export const DESKTOP_CLI = fileURLToPath(new URL('../../edge-node/dist/cli-desktop.js', import.meta.url));

export interface DesktopWorld {
  readonly home: string;
  readonly stateDir: string;
  cli(args: string[]): Promise<CliResult>;
  /** Starts `plume-desktop run` and resolves with the local UI's address once printed. */
  start(): Promise<string>;
  /** kill -9 of the app and the Chromium it started. */
  kill(): Promise<void>;
  /** SIGTERM, and its exit code. */
  stop(): Promise<number | null>;
  output(): string;
  close(): Promise<void>;
}

export function desktopWorld(o: { name: string; sim: Pick<Simulator, 'baseUrl' | 'setLoggedIn' | 'sessionCookie'>; platforms: readonly string[]; env?: Record<string, string> }): DesktopWorld {
  const home = mkdtempSync(join(tmpdir(), `plume-${o.name}-`));
  const stateDir = join(home, 'state');
  mkdirSync(join(home, 'Videos'), { recursive: true });
  mkdirSync(join(home, 'Pictures'), { recursive: true });
  let app: ChildProcess | undefined;
  let output = '';
  const env = () => ({
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    PLUME_DESKTOP_STATE_DIR: stateDir,
    PLUME_DESKTOP_OPEN_UI: 'false',
    PLUME_DESKTOP_PLATFORM_URLS: JSON.stringify(Object.fromEntries(o.platforms.map((p) => [p, o.sim.baseUrl(p)]))),
    LOG_LEVEL: 'info',
    ...o.env,
  });
  const alive = (c: ChildProcess) => c.exitCode === null && c.signalCode === null;
  const world: DesktopWorld = {
    home,
    stateDir,
    cli: (args) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [DESKTOP_CLI, ...args], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr.on('data', (d: Buffer) => (out += d.toString()));
        child.once('exit', (code) => resolve({ code, out }));
      }),
    async start() {
      if (app && alive(app)) throw new Error('desktop world: already running');
      const child = spawn(process.execPath, [DESKTOP_CLI, 'run'], { env: env(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      app = child;
      const from = output.length;
      child.stdout.on('data', (b: Buffer) => (output += b.toString()));
      child.stderr.on('data', (b: Buffer) => (output += b.toString()));
      let url = '';
      await eventually(() => {
        if (!alive(child)) throw new Error(`plume-desktop run exited ${child.exitCode}:\n${output.slice(from)}`);
        url = /Plume Desktop: (http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]+)/.exec(output.slice(from))?.[1] ?? '';
        return url;
      }).toMatch(/^http/);
      return url;
    },
    async kill() {
      const c = app;
      if (!c || !alive(c)) return;
      const exited = new Promise((r) => c.once('exit', r));
      try {
        process.kill(-c.pid!, 'SIGKILL');
      } catch {
        c.kill('SIGKILL');
      }
      await exited;
    },
    async stop() {
      const c = app;
      if (!c || !alive(c)) return c?.exitCode ?? null;
      const exited = new Promise<number | null>((r) => c.once('exit', (code) => r(code)));
      c.kill('SIGTERM');
      return exited;
    },
    output: () => output,
    async close() {
      await world.kill();
      for (let tries = 0; ; tries++) {
        try {
          rmSync(home, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
          break;
        } catch (err) {
          if (tries >= 40) throw err;
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    },
  };
  return world;
}

/** A simulator session saved as a Playwright storage state, imported as the desktop's account. */
export async function importSimAccount(world: DesktopWorld, sim: Pick<Simulator, 'setLoggedIn' | 'sessionCookie'>, account: SimAccount): Promise<CliResult> {
  sim.setLoggedIn(account.platform, account.ref, true, account.displayName);
  const cookie = sim.sessionCookie(account.platform, account.ref);
  const file = join(world.home, `state-${account.platform}.json`);
  writeFileSync(file, JSON.stringify({ cookies: [{ name: cookie.name, value: cookie.value, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }], origins: [] }));
  return world.cli(['accounts', 'import', '--ref', account.ref, '--platform', account.platform, '--name', account.name, '--storage-state', file]);
}
