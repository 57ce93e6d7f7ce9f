/**
 * Plume Desktop as its executor runs on an activated computer, for the
 * desktop job benchmark: a temp dir as HOME with the computer state in
 * PLUME_DESKTOP_STATE_DIR, laid out as the app lays it out
 * (desktop/config.ts desktopPaths). What activation leaves there is written
 * directly: device.json, the identity the license client stores (shared
 * license/key-store.ts StoredIdentity, mode 0600) with a fresh Ed25519
 * device key, a session, and the node id the enroll answer names (the stand-in
 * control plane, lib/node-hub.mjs, checks no signature and no license token).
 * Then, as a person would: `plume-desktop browser --path` (Debian's Chromium)
 * and `plume-desktop accounts import` of one storage state per simulator
 * session, and the user's files in an allowed folder (`~/Videos`). The
 * executor runs in its own process group (lib/desktop-executor-process.mjs);
 * every Chromium a job opens is a descendant of it.
 */
import { fork, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { desktopPaths } from '../../edge-node/dist/desktop/config.js';
import { DEFAULT_CHROMIUM_PATH } from '../../edge-node/dist/adapters/browser.js';
import { mediaBytes } from './pictures.mjs';
import { stopProcessGroup } from './processes.mjs';

const DESKTOP_CLI = fileURLToPath(new URL('../../edge-node/dist/cli-desktop.js', import.meta.url));
const EXECUTOR = fileURLToPath(new URL('./desktop-executor-process.mjs', import.meta.url));
const PKCS8_PREFIX_LENGTH = 16;

/** What `plume-desktop activate` stores: the device key pair, the session and the node id. */
function activatedIdentity(nodeId) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    v: 1,
    secretKey: privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(PKCS8_PREFIX_LENGTH).toString('base64url'),
    publicKey: publicKey.export({ format: 'jwk' }).x,
    machineId: `bench-${randomBytes(6).toString('hex')}`,
    projectKey: 'bench',
    sessionId: `ses_${randomBytes(9).toString('base64url')}`,
    licenseToken: `bench.${randomBytes(24).toString('base64url')}`,
    tokenExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    deviceId: 1,
    pinnedPublicKeys: [],
    offlineLicense: null,
    offlineLicenseExpiresAt: null,
    nodeId,
  };
}

/**
 * @param {object} o
 * @param {{ url: string }} o.hub the stand-in control plane this desktop connects to
 * @param {{ baseUrl(p: string): string, setLoggedIn: Function, sessionCookie: Function }} o.sim
 * @param {Record<string, number> | Record<string, Buffer>} o.files name → size in bytes (written with lib/pictures.mjs) or the bytes themselves
 * @param {Array<{ platform: string, ref: string }>} o.accounts
 * @param {(use: string) => void} [o.onUse] a license use the executor recorded (job id)
 */
export async function startDesktopNode(o) {
  const home = mkdtempSync(join(tmpdir(), 'plume-bench-desktop-'));
  const stateDir = join(home, 'state');
  const paths = desktopPaths(stateDir);
  const folder = join(home, 'Videos');
  const platforms = [...new Set(o.accounts.map((a) => a.platform))];
  const platformUrls = Object.fromEntries(platforms.map((p) => [p, o.sim.baseUrl(p)]));
  const browserPath = process.env.PLUME_CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
  const identity = activatedIdentity('node_bench_desktop');
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    PLUME_DESKTOP_STATE_DIR: stateDir,
    PLUME_DESKTOP_OPEN_UI: 'false',
    PLUME_DESKTOP_PLATFORM_URLS: JSON.stringify(platformUrls),
    LOG_LEVEL: 'warn',
  };
  let executor = null;
  let output = '';

  const cli = async (args) => {
    const child = spawn(process.execPath, [DESKTOP_CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const [code] = await once(child, 'exit');
    if (code !== 0) throw new Error(`plume-desktop ${args.slice(0, 2).join(' ')} exited ${code}:\n${out}`);
  };

  const node = {
    home,
    folder,
    /** Absolute path of a file in the allowed folder, as a job names it. */
    file: (name) => join(folder, name),
    profileDir: (ref) => join(paths.node, 'profiles', ref),
    recentJobsFile: paths.jobs,
    get pid() {
      return executor?.pid;
    },
    output: () => output,
    /** Resolves once the executor said hello to `hub` and its login checks found every account logged in. */
    async ready(hub) {
      try {
        await hub.connected();
        await hub.accountsIn(o.accounts.map((a) => a.ref), 'logged_in');
      } catch (e) {
        throw new Error(`${e.message}\nthe desktop executor said:\n${output.slice(-4000)}`);
      }
    },
    start() {
      executor = fork(EXECUTOR, [], {
        env: { ...env, BENCH_DESKTOP_OPTIONS: JSON.stringify({ stateDir, serverUrl: o.hub.url, machineId: identity.machineId, browserPath, platformUrls, folders: [folder] }) },
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        detached: true,
      });
      executor.stdout.on('data', (d) => (output += d));
      executor.stderr.on('data', (d) => (output += d));
      executor.on('message', (m) => {
        if (typeof m?.use === 'string') o.onUse?.(m.use);
      });
    },
    /** SIGTERM (the executor drains and closes its Chromium); the whole group is killed if it has not exited in 20 s. */
    async close() {
      await stopProcessGroup(executor);
      rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };

  try {
    mkdirSync(folder, { recursive: true });
    for (const [name, content] of Object.entries(o.files)) writeFileSync(join(folder, name), typeof content === 'number' ? mediaBytes(name, content) : content);
    mkdirSync(stateDir, { recursive: true, mode: 0o700 });
    writeFileSync(paths.device, `${JSON.stringify(identity, null, 2)}\n`, { mode: 0o600 });
    chmodSync(paths.device, 0o600);
    await cli(['browser', '--path', browserPath]);
    for (const account of o.accounts) {
      await o.sim.setLoggedIn(account.platform, account.ref, true);
      const cookie = await o.sim.sessionCookie(account.platform, account.ref);
      const stateFile = join(home, `state-${account.platform}-${account.ref}.json`);
      // The same storage state the edge benchmark imports: the simulator's session cookie, as exported from a logged-in browser.
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
