/**
 * `plume-edge stop` and the pid file `plume-edge run` keeps in its state
 * directory: the compiled CLI (run `npx tsc -b` first) against a stand-in
 * daemon, a process whose command line is a `plume-edge … run` and that ends on
 * SIGTERM. The whole path with a real daemon, started as `npx plume-edge run &`,
 * is docs/getting-started.md's last block (test/getting-started.int.test.ts).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const dirs: string[] = [];
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function stateDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'plume-edge-stop-'));
  dirs.push(dir);
  return dir;
}

function edge(args: string[], dir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npx tsc -b\` first`);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { PATH: process.env.PATH ?? '', PLUME_EDGE_STATE_DIR: dir, PLUME_EDGE_VIDEO_DIR: dir }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A process that looks like `plume-edge run` to the pid check, recorded in the pid file; resolves its exit. */
async function standIn(dir: string): Promise<{ pid: number; exited: Promise<NodeJS.Signals | null> }> {
  const child = spawn(process.execPath, ['-e', 'process.stdout.write("up\\n"); setInterval(() => {}, 1 << 30)', 'plume-edge', 'run'], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise((r) => child.stdout!.once('data', r));
  writeFileSync(join(dir, 'plume-edge.pid'), `${child.pid}\n`);
  return { pid: child.pid!, exited: new Promise((r) => child.once('exit', (_code, signal) => r(signal))) };
}

describe('happy path', () => {
  it('stop sends SIGTERM to the recorded daemon and returns once it has exited', async () => {
    const dir = stateDir();
    const daemon = await standIn(dir);
    const res = await edge(['stop'], dir);
    expect(res).toMatchObject({ code: 0, stdout: `plume-edge run (pid ${daemon.pid}) stopped\n` });
    expect(await daemon.exited).toBe('SIGTERM');
  });

  it('stop with nothing running says so and succeeds (a stop step can always run)', async () => {
    const dir = stateDir();
    expect(await edge(['stop'], dir)).toMatchObject({ code: 0, stdout: `no plume-edge run on ${dir}\n` });
    // A pid file left by a daemon killed with -9: its process is gone, the file is cleared.
    writeFileSync(join(dir, 'plume-edge.pid'), '2147483646\n');
    expect(await edge(['stop'], dir)).toMatchObject({ code: 0, stdout: `no plume-edge run on ${dir}\n` });
    expect(existsSync(join(dir, 'plume-edge.pid'))).toBe(false);
  });
});

describe('errors', () => {
  it('a second run beside a live one is refused with how to stop it; a pid reused by another program is not taken for the daemon', async () => {
    const dir = stateDir();
    const daemon = await standIn(dir);
    const second = await edge(['run'], dir);
    expect(second.code).toBe(78);
    expect(second.stderr).toBe(`plume-edge: plume-edge run is already running on ${dir} (pid ${daemon.pid}); stop it first: plume-edge stop\n`);
    // The pid of this test's own process (not a plume-edge run): stop must not signal it.
    writeFileSync(join(dir, 'plume-edge.pid'), `${process.pid}\n`);
    expect(await edge(['stop'], dir)).toMatchObject({ code: 0, stdout: `no plume-edge run on ${dir}\n` });
    writeFileSync(join(dir, 'plume-edge.pid'), `${daemon.pid}\n`);
    expect((await edge(['stop'], dir)).code).toBe(0);
    await daemon.exited;
  });

  it('a bad --timeout is a usage error', async () => {
    expect((await edge(['stop', '--timeout', 'soon'], stateDir())).code).toBe(64);
  });
});
