/**
 * The command lines of the maintainer tools added for the systemd check and
 * the upload bench: bad flags end with a clear message and a usage exit code
 * before anything is started, and the simulator runner does what its flags say.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const SIMULATOR = fileURLToPath(new URL('../scripts/platform-simulator.mjs', import.meta.url));
const VERIFY = fileURLToPath(new URL('../deploy/verify-under-systemd.sh', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'plume-tool-flags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A runner's whole life in a case: start (see `started`), a few requests, SIGTERM. */
const STARTUP_CAP_MS = 90_000;

const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8', timeout: 20_000 });

describe('scripts/platform-simulator.mjs', () => {
  it.each([
    [['--login', 'bilibili'], /--login "bilibili": expected <platform>:<account>/],
    [['--state', join(dir, 's.json'), '--login', 'bili bili:1'], /expected <platform>:<account>/],
    [['--state', join(dir, 's.json'), '--transcode-ms=-5'], /--transcode-ms must be a whole number/],
    [['--state', join(dir, 's.json'), '--transcode-ms', 'soon'], /--transcode-ms must be a whole number/],
    [['--state', join(dir, 's.json'), '--port', 'x1'], /--port needs a TCP port number/],
    [['--state', join(dir, 's.json'), '--port', '65536'], /--port needs a TCP port number/],
    [['--bind', '0.0.0.0'], /Unknown option '--bind'/],
  ])('%j is refused with exit 2 and a usage line', (args, message) => {
    const r = run(process.execPath, [SIMULATOR, ...args]);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toContain('usage: node scripts/platform-simulator.mjs');
  });

  it('serves the simulator, writes its state file with the logged-in account, and exits 0 on SIGTERM', async () => {
    const state = join(dir, 'state.json');
    const child = spawn(process.execPath, [SIMULATOR, '--state', state, '--login', 'bilibili:30010042', '--transcode-ms', '0'], { stdio: 'pipe' });
    try {
      await started(child, () => existsSync(state));
      const { url, publishes } = JSON.parse(readFileSync(state, 'utf8')) as { url: string; publishes: unknown[] };
      expect(publishes).toEqual([]);
      // The session the flag created is live: the upload page answers for that account's session cookie.
      const home = await fetch(`${url}/bilibili/member.bilibili.com/platform/upload/video/frame`, { headers: { cookie: 'SESSDATA=30010042' }, redirect: 'manual' });
      expect(home.status).toBe(200);
      const stranger = await fetch(`${url}/bilibili/member.bilibili.com/platform/upload/video/frame`, { headers: { cookie: 'SESSDATA=99' }, redirect: 'manual' });
      expect(stranger.status).not.toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  }, STARTUP_CAP_MS);
});

describe('scripts/platform-simulator.mjs for a local trial', () => {
  it('--help prints the usage with every option and exits 0', () => {
    const r = run(process.execPath, [SIMULATOR, '--help']);
    expect(r.status).toBe(0);
    for (const option of ['--port', '--state', '--login', '--transcode-ms']) expect(r.stdout).toContain(option);
  });

  it('--port listens on that port and, without --state, says so on stdout', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [SIMULATOR, '--port', String(port)], { stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      await started(child, () => out.includes(`platform simulator on http://127.0.0.1:${port}`));
      const answer = await fetch(`http://127.0.0.1:${port}/no-such-platform/`);
      expect(answer.status).toBe(404);
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  }, STARTUP_CAP_MS);
});

describe('deploy/verify-under-systemd.sh', () => {
  it.each([
    [['--port', 'abc'], /--port needs a TCP port number/],
    [['--port', '70000'], /--port needs a TCP port number/],
    [['--port'], /--port needs a TCP port number/],
    [['--boot-everything'], /unknown option --boot-everything/],
  ])('%j is refused with exit 64 before anything is mounted', (args, message) => {
    const r = run('bash', [VERIFY, ...args]);
    expect(r.status, r.stderr).toBe(64);
    expect(r.stderr).toMatch(message);
  });
});

/**
 * Waits until a started runner shows it is up, or fails as soon as it exits.
 * Starting it compiles the simulator's TypeScript: 14–16 s on a loaded 2-core
 * machine (load 30–48), so the wait ends on what the child does, and only the
 * case's cap bounds it.
 */
function started(child: ChildProcess, ready: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => {
      clearInterval(timer);
      reject(new Error(`the runner exited (${code}) before it was up`));
    };
    const timer = setInterval(() => {
      if (!ready()) return;
      clearInterval(timer);
      child.off('exit', onExit);
      resolve();
    }, 100);
    child.once('exit', onExit);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
