/**
 * An edge node as an operator runs one, for the edge job benchmarks: the
 * compiled `plume-edge` CLI (edge-node/dist/cli.js, the platform registry's
 * adapters and nothing else) with a temp dir as HOME, enrolled on the
 * stand-in control plane (lib/node-hub.mjs), the user's media in its video
 * dir, one account per simulator session imported with
 * `plume-edge accounts import`, and `plume-edge run` as a child process in its
 * own process group, its scheduled login checks off. Every Chromium a job
 * opens is a descendant of that process (playwright-core spawns it), which is
 * what the memory benchmark sums.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mediaBytes } from './pictures.mjs';
import { stopProcessGroup } from './processes.mjs';

const CLI = fileURLToPath(new URL('../../edge-node/dist/cli.js', import.meta.url));

/**
 * @param {object} o
 * @param {{ url: string }} o.hub the stand-in control plane
 * @param {{ baseUrl(p: string): string, setLoggedIn: Function, sessionCookie: Function }} o.sim the simulator (lib/simulator-process.mjs)
 * @param {number} o.userId the user whose directory holds `files`
 * @param {Record<string, number>} o.files name → size in bytes (pictures decode as their names say, lib/pictures.mjs; other files are random bytes)
 * @param {Array<{ platform: string, ref: string }>} o.accounts
 * @param {Record<string, string>} [o.env] more environment for the daemon (PLUME_EDGE_CONCURRENCY…)
 */
export async function startEdgeNode(o) {
  const work = mkdtempSync(join(tmpdir(), 'plume-bench-edge-'));
  const stateDir = join(work, 'state');
  const videoDir = join(work, 'videos');
  const userDir = join(videoDir, String(o.userId));
  const platforms = [...new Set(o.accounts.map((a) => a.platform))];
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: work,
    PLUME_EDGE_STATE_DIR: stateDir,
    PLUME_EDGE_VIDEO_DIR: videoDir,
    PLUME_EDGE_PLATFORM_URLS: JSON.stringify(Object.fromEntries(platforms.map((p) => [p, o.sim.baseUrl(p)]))),
    ...(process.env.PLUME_CHROMIUM_PATH ? { PLUME_CHROMIUM_PATH: process.env.PLUME_CHROMIUM_PATH } : {}),
    LOG_LEVEL: 'warn',
    // No scheduled login checks while jobs are timed (each starts a Chromium and holds its account);
    // an account just imported is still checked at once.
    PLUME_EDGE_LOGIN_CHECK_MINUTES: '0',
    ...o.env,
  };
  let daemon = null;
  let output = '';

  const cli = async (args) => {
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const [code] = await once(child, 'exit');
    if (code !== 0) throw new Error(`plume-edge ${args.slice(0, 2).join(' ')} exited ${code}:\n${out}`);
  };

  const node = {
    work,
    stateDir,
    userDir,
    /** Absolute path of a file in the user's directory. */
    file: (name) => join(userDir, name),
    /** The persistent Chromium profile of an account (what the daemon opens for its jobs). */
    profileDir: (ref) => join(stateDir, 'profiles', ref),
    get pid() {
      return daemon?.pid;
    },
    output: () => output,
    /** Resolves once the daemon said hello to `hub` and its login checks found every account logged in; on failure the error carries the daemon's output. */
    async ready(hub) {
      try {
        await hub.connected();
        // A fresh import is checked at once by the daemon (one Chromium per account); jobs start after.
        await hub.accountsIn(o.accounts.map((a) => a.ref), 'logged_in');
      } catch (e) {
        throw new Error(`${e.message}\nplume-edge run said:\n${output.slice(-4000)}`);
      }
    },
    start() {
      daemon = spawn(process.execPath, [CLI, 'run'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      daemon.stdout.on('data', (d) => (output += d));
      daemon.stderr.on('data', (d) => (output += d));
    },
    /** SIGTERM (the daemon drains and closes its Chromium); the whole group is killed if it has not exited in 20 s. */
    async close() {
      await stopProcessGroup(daemon);
      rmSync(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };

  try {
    mkdirSync(userDir, { recursive: true });
    for (const [name, size] of Object.entries(o.files)) writeFileSync(join(userDir, name), mediaBytes(name, size));
    await cli(['enroll', '--url', o.hub.url, '--token', 'bench-enrollment-token']);
    for (const account of o.accounts) {
      await o.sim.setLoggedIn(account.platform, account.ref, true);
      const cookie = await o.sim.sessionCookie(account.platform, account.ref);
      const stateFile = join(work, `state-${account.platform}-${account.ref}.json`);
      // A Playwright storage state holding the simulator's session cookie: what an operator exports from a logged-in browser.
      writeFileSync(
        stateFile,
        JSON.stringify({ cookies: [{ name: cookie.name, value: cookie.value, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }], origins: [] }),
      );
      await cli(['accounts', 'import', '--ref', account.ref, '--platform', account.platform, '--name', account.ref, '--storage-state', stateFile]);
    }
    node.start();
  } catch (e) {
    await node.close();
    throw e;
  }
  return node;
}
