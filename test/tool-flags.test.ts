/**
 * The command lines of the maintainer tools added for the systemd check and
 * the upload bench: bad flags end with a clear message and a usage exit code
 * before anything is started, and the simulator runner does what its flags say.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const SIMULATOR = fileURLToPath(new URL('../scripts/platform-simulator.mjs', import.meta.url));
const VERIFY = fileURLToPath(new URL('../deploy/verify-under-systemd.sh', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'plume-tool-flags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8', timeout: 20_000 });

describe('scripts/platform-simulator.mjs', () => {
  it.each([
    [['--login', 'bilibili'], /--login "bilibili": expected <platform>:<account>/],
    [['--state', join(dir, 's.json'), '--login', 'bili bili:1'], /expected <platform>:<account>/],
    [['--state', join(dir, 's.json'), '--transcode-ms=-5'], /--transcode-ms must be a whole number/],
    [['--state', join(dir, 's.json'), '--transcode-ms', 'soon'], /--transcode-ms must be a whole number/],
    [['--state', join(dir, 's.json'), '--port', '1'], /Unknown option '--port'/],
    [[], /give --state/],
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
      await expect.poll(() => existsSync(state), { timeout: 15_000 }).toBe(true);
      const { url, publishes } = JSON.parse(readFileSync(state, 'utf8')) as { url: string; publishes: unknown[] };
      expect(publishes).toEqual([]);
      // The session the flag created is live: the creator home answers for that account's cookie.
      const home = await fetch(`${url}/bilibili/platform/home`, { headers: { cookie: 'sim_session_bilibili=30010042' }, redirect: 'manual' });
      expect(home.status).toBe(200);
      const stranger = await fetch(`${url}/bilibili/platform/home`, { headers: { cookie: 'sim_session_bilibili=99' }, redirect: 'manual' });
      expect(stranger.status).not.toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  }, 30_000);
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
