/**
 * `plume-edge check` as an operator runs it, for the check test files: the
 * compiled CLI in a child process with its own HOME and state directory,
 * pointed at the platform simulator, and one account per platform imported
 * from a replica session (`plume-edge accounts import --storage-state`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type Simulator } from '../platform-simulator/index.js';
import { EDGE_CLI } from './edge-world.js';

export interface CheckCli {
  sim: Simulator;
  /** The CLI's HOME; its state directory is `state/` inside. */
  work: string;
  /**
   * Runs the CLI to its end. One still running after `limitMs` is stopped (SIGTERM, then
   * SIGKILL) and answered with what it printed so far, so a hang shows where it hung.
   */
  run(args: string[], limitMs?: number): Promise<{ code: number | null; out: string }>;
  /** The last conclusive check per (platform, content type), as the node keeps them in site-checks.json. */
  storedChecks(): Array<Record<string, string>>;
  close(): Promise<void>;
}

/** A simulator with each account (platform → ref) logged in, and each imported into one fresh node state. */
export async function startCheckCli(accounts: Readonly<Record<string, string>>, name: string): Promise<CheckCli> {
  const sim = await startSimulator();
  const work = mkdtempSync(join(tmpdir(), `plume-check-${name}-`));
  const platforms = Object.keys(accounts);
  const run = (args: string[], limitMs = 150_000) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, [EDGE_CLI, ...args], {
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: work,
          PLUME_EDGE_STATE_DIR: join(work, 'state'),
          PLUME_EDGE_PLATFORM_URLS: JSON.stringify(Object.fromEntries(platforms.map((p) => [p, sim.baseUrl(p)]))),
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const stop = setTimeout(() => {
        out += `\n[plume-edge ${args[0]} still running after ${limitMs} ms: stopped]\n`;
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }, limitMs);
      child.once('exit', (code) => {
        clearTimeout(stop);
        resolve({ code, out });
      });
    });
  for (const [platform, ref] of Object.entries(accounts)) {
    sim.setLoggedIn(platform, ref, true);
    const cookie = sim.sessionCookie(platform, ref);
    const file = join(work, `${platform}-state.json`);
    writeFileSync(file, JSON.stringify({ cookies: [{ name: cookie.name, value: cookie.value, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }], origins: [] }));
    const res = await run(['accounts', 'import', '--ref', ref, '--platform', platform, '--storage-state', file]);
    if (res.code !== 0) throw new Error(res.out);
  }
  return {
    sim,
    work,
    run,
    storedChecks: () => JSON.parse(readFileSync(join(work, 'state', 'site-checks.json'), 'utf8')) as Array<Record<string, string>>,
    async close() {
      await sim.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
