/**
 * An edge node the way an operator runs one, for end-to-end tests: the
 * compiled `plume-edge` CLI with a temp dir as HOME, enrolled on a control
 * plane, the user's files in its video dir, accounts imported from simulator
 * sessions, and `plume-edge run` as a child process in its own process group
 * (so a kill -9 takes the Chromium it started with it). The control plane is
 * the test's own: in process (createTestApp) or compiled (startControlPlane).
 *
 *   const world = await startEdgeWorld({ sim, controlUrl, enrollmentToken, userId, files, accounts, name });
 *   …
 *   await world.close(); // in afterAll: kills the node, removes its dir
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Simulator } from '../platform-simulator/index.js';
import type { Json } from './control-plane-http.js';

export const EDGE_CLI = fileURLToPath(new URL('../../edge-node/dist/cli.js', import.meta.url));

/** A platform session on the simulator, imported into the node as an account. */
export interface SimAccount {
  platform: string;
  /** The platform's account id (the simulator's session cookie names it). */
  ref: string;
  /** The account's name on the node (`accounts import --name`). */
  name: string;
  /** What the platform shows as the logged-in user; the simulator's default otherwise. */
  displayName?: string;
  /** The account's owner (`accounts import --user`): required on a node serving several users, such as a web node serving all. */
  userId?: number;
}

export interface EdgeWorldOptions {
  /** The simulator, or what of it the node needs (the conformance kit runs its own). */
  sim: Pick<Simulator, 'baseUrl' | 'setLoggedIn' | 'sessionCookie'>;
  /** The control plane the node enrolls on. */
  controlUrl: string;
  /**
   * Also give it to every command as PLUME_CONTROL_URL. Without it the daemon
   * uses the URL it enrolled with; with it, the URL can stand for something
   * else (a front before replicas).
   */
  pinControlUrl?: boolean;
  enrollmentToken: string;
  /** The user the token is for: their files go in `<video dir>/<userId>/`. */
  userId: number;
  /** Files to create in the user's dir: name → size in bytes (random; the simulator never decodes media). */
  files: Record<string, number>;
  /** Imported in order, after enrollment; the node gets the simulator's URL for each account's platform. */
  accounts: readonly SimAccount[];
  /** More platforms to send to the simulator (a web node that receives its accounts from another node imports none). */
  platforms?: readonly string[];
  /** Names the temp dir (`plume-<name>-…`). */
  name: string;
  /** More environment for every command (e.g. PLUME_EDGE_METRICS_ADDR, PLUME_EDGE_CHECK_INTERVAL_MINUTES). */
  env?: Record<string, string>;
}

export interface CliResult {
  code: number | null;
  /** stdout and stderr, interleaved. */
  out: string;
}

export interface EdgeWorld {
  /** The node's HOME; `state/` and `videos/` are in it. */
  readonly work: string;
  /** `<video dir>/<userId>`, holding `files`. */
  readonly userDir: string;
  /** Runs `plume-edge <args>` to completion with the node's environment. */
  cli(args: string[]): Promise<CliResult>;
  /** Starts `plume-edge <args>` with the node's environment and piped stdio, for a test to talk to (an interactive login). */
  spawnCli(args: string[]): ChildProcess;
  /** Starts `plume-edge run` (LOG_LEVEL=info); its output adds to `output()`. */
  startDaemon(): void;
  /** kill -9 of the whole node: the daemon and the Chromium it started. Resolves once the daemon exited. */
  killDaemon(): Promise<void>;
  /** Sends `signal` to the daemon alone (not its Chromium) and resolves with its exit code. */
  stopDaemon(signal?: NodeJS.Signals): Promise<number | null>;
  /** Everything every daemon of this world wrote so far. */
  output(): string;
  /** Kills the node and removes its dir. Safe to call twice. */
  close(): Promise<void>;
}

export async function startEdgeWorld(options: EdgeWorldOptions): Promise<EdgeWorld> {
  const { sim } = options;
  const work = mkdtempSync(join(tmpdir(), `plume-${options.name}-`));
  const userDir = join(work, 'videos', String(options.userId));
  const platforms = [...new Set([...options.accounts.map((a) => a.platform), ...(options.platforms ?? [])])];
  let daemon: ChildProcess | undefined;
  let output = '';

  const env = () => ({
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: work,
    PLUME_EDGE_STATE_DIR: join(work, 'state'),
    PLUME_EDGE_VIDEO_DIR: join(work, 'videos'),
    PLUME_EDGE_PLATFORM_URLS: JSON.stringify(Object.fromEntries(platforms.map((p) => [p, sim.baseUrl(p)]))),
    ...(options.pinControlUrl ? { PLUME_CONTROL_URL: options.controlUrl } : {}),
    LOG_LEVEL: process.env.PLUME_TEST_LOG ?? 'warn',
    ...options.env,
  });

  const cli = (args: string[]): Promise<CliResult> =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [EDGE_CLI, ...args], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.once('exit', (code) => resolve({ code, out }));
    });

  const mustSucceed = async (args: string[]): Promise<void> => {
    const res = await cli(args);
    if (res.code !== 0) throw new Error(`plume-edge ${args[0]} ${args[1] ?? ''} exited ${res.code}:\n${res.out}`);
  };

  const alive = (d: ChildProcess): boolean => d.exitCode === null && d.signalCode === null;

  const world: EdgeWorld = {
    work,
    userDir,
    cli,
    spawnCli: (args) => spawn(process.execPath, [EDGE_CLI, ...args], { env: env(), stdio: ['pipe', 'pipe', 'pipe'] }),
    startDaemon() {
      if (daemon && alive(daemon)) throw new Error('edge world: the daemon is already running');
      const d = spawn(process.execPath, [EDGE_CLI, 'run'], { env: { ...env(), LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      d.stdout.on('data', (b: Buffer) => (output += b.toString()));
      d.stderr.on('data', (b: Buffer) => (output += b.toString()));
      daemon = d;
    },
    async killDaemon() {
      const d = daemon;
      if (!d || !alive(d)) return;
      const exited = new Promise((r) => d.once('exit', r));
      try {
        process.kill(-d.pid!, 'SIGKILL');
      } catch {
        d.kill('SIGKILL');
      }
      await exited;
    },
    async stopDaemon(signal = 'SIGTERM') {
      const d = daemon;
      if (!d) throw new Error('edge world: no daemon was started');
      if (!alive(d)) return d.exitCode;
      const exited = new Promise<number | null>((r) => d.once('exit', (code) => r(code)));
      d.kill(signal);
      return exited;
    },
    output: () => output,
    async close() {
      await world.killDaemon();
      // Chromium, killed with the daemon's group, may still be writing into its profile for a while on a
      // loaded machine: keep removing until the tree stays gone (up to 20 s).
      for (let tries = 0; ; tries++) {
        try {
          rmSync(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
          break;
        } catch (err) {
          if (tries >= 40) throw err;
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    },
  };

  try {
    mkdirSync(userDir, { recursive: true });
    for (const [file, size] of Object.entries(options.files)) writeFileSync(join(userDir, file), randomBytes(size));
    await mustSucceed(['enroll', '--url', options.controlUrl, '--token', options.enrollmentToken]);
    for (const account of options.accounts) {
      sim.setLoggedIn(account.platform, account.ref, true, account.displayName);
      const cookie = sim.sessionCookie(account.platform, account.ref);
      const stateFile = join(work, `state-${account.platform}-${account.ref}.json`);
      // A Playwright storage state holding the simulator's session cookie: what an operator exports from a logged-in browser.
      writeFileSync(
        stateFile,
        JSON.stringify({ cookies: [{ name: cookie.name, value: cookie.value, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }], origins: [] }),
      );
      await mustSucceed([
        'accounts',
        'import',
        '--ref',
        account.ref,
        '--platform',
        account.platform,
        '--name',
        account.name,
        '--storage-state',
        stateFile,
        ...(account.userId !== undefined ? ['--user', String(account.userId)] : []),
      ]);
    }
    world.startDaemon();
  } catch (e) {
    await world.close();
    throw e;
  }
  return world;
}

const BATCH_TERMINAL = ['succeeded', 'failed', 'partial'];

/**
 * Polls a batch (GET /publish/{id}, read by `read`) every 250 ms until its
 * state is terminal; past `timeoutMs` throws with the last answer and
 * `context()` (the node's output, typically).
 */
export async function waitForBatch(read: (batchId: string) => Promise<Json>, batchId: string, timeoutMs: number, context: () => string): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = await read(batchId);
    if (BATCH_TERMINAL.includes(body.state)) return body;
    if (Date.now() > deadline) throw new Error(`batch ${batchId} still ${body.state}: ${JSON.stringify(body)}\n${context()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The account of `platform` in a GET /accounts answer. */
export function accountOf(accounts: Json, platform: string): Json | undefined {
  return (accounts.items ?? accounts.accounts ?? []).find((a: { platform: string }) => a.platform === platform);
}
