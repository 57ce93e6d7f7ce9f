/**
 * The node protocol conformance kit (`plume-conformance`), proven both ways:
 * the real `plume-edge` daemon (compiled, real juejin adapter, real Chromium,
 * the kit's platform simulator) passes every check, and a scripted executor
 * with one deliberate flaw fails exactly the checks about that flaw. The kit
 * runs as the command an implementer runs, in a child process.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_CHECKS as ALL, type Cleanups, KIT, startKit as startKitWith, verdicts } from './support/conformance-kit.js';
import { startEdgeWorld, type EdgeWorld } from './support/edge-world.js';
import { type ExecutorFlaw, ScriptedExecutor } from './support/scripted-executor.js';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const startKit = (account: string) => startKitWith(cleanups, account);

describe('happy path', () => {
  it('plume-edge passes every check, and stops when revoked', async () => {
    const kit = await startKit('jj_conformance');
    let node: EdgeWorld | undefined;
    cleanups.push(() => node?.close());
    node = await startEdgeWorld({
      // The kit runs the simulator and logged the account in: the node needs its URL and cookie only.
      sim: {
        baseUrl: () => kit.info.platformUrl,
        setLoggedIn: () => {},
        sessionCookie: () => kit.info.sessionCookie,
      },
      controlUrl: kit.info.controlUrl,
      enrollmentToken: kit.info.enrollmentToken,
      userId: kit.info.userId,
      files: {},
      accounts: [{ platform: 'juejin', ref: kit.info.account, name: 'Conformance' }],
      name: 'conformance',
    });
    const { code, out } = await kit.exited;
    const found = verdicts(out);
    expect([...found.keys()].sort(), out).toEqual([...ALL].sort());
    expect([...found].filter(([, v]) => v === 'FAIL'), `${out}\n--- node ---\n${node.output()}`).toEqual([]);
    expect(code, out).toBe(0);
    // The paths the checks allow, as plume-edge takes them: it gives a withheld commit back after its
    // 10 s timeout, and after a cut at the commit it reports the attempt it still holds.
    expect(out).toMatch(/^PASS commit-gate\.ack-withheld — handed back commit_refused/m);
    expect(out).toMatch(/^PASS reconnect\.before-commit-ack — reconnected at epoch \d+ \(was \d+\), the job reported committing/m);
    // Revoked (4403): the daemon stopped by itself, with EX_CONFIG.
    expect(await node.stopDaemon()).toBe(78);
  }, 900_000);
});

describe('errors', () => {
  const flawed: Array<[ExecutorFlaw, string[]]> = [
    ['publishes_before_commit_ack', ['commit-gate.waits-for-ack', 'commit-gate.ack-withheld', 'fencing.stale-attempt', 'reconnect.before-commit-ack']],
    ['ignores_attempt_ids', ['fencing.stale-attempt']],
  ];
  // Side by side: each kit has its own database and plane, and most of a run is waiting out leases and timeouts.
  it('an executor with one flaw fails exactly the checks about it (publishes_before_commit_ack, ignores_attempt_ids)', async () => {
    const runs = await Promise.all(
      flawed.map(async ([flaw, expected]) => {
        const kit = await startKit('jj_scripted');
        const executor = await ScriptedExecutor.start({
          controlUrl: kit.info.controlUrl,
          enrollmentToken: kit.info.enrollmentToken,
          platformUrl: kit.info.platformUrl,
          account: kit.info.account,
          flaw,
        });
        cleanups.push(() => executor.stop());
        const { code, out } = await kit.exited;
        return { flaw, expected, code, out, finished: await executor.finished };
      }),
    );
    for (const { flaw, expected, code, out, finished } of runs) {
      const found = verdicts(out);
      expect([...found.keys()].sort(), `${flaw}\n${out}`).toEqual([...ALL].sort());
      expect([...found].filter(([, v]) => v === 'FAIL').map(([name]) => name).sort(), `${flaw}\n${out}`).toEqual([...expected].sort());
      expect(code, `${flaw}\n${out}`).toBe(1);
      // It honours the revoke like a correct executor.
      expect(finished, flaw).toBe(4403);
    }
  }, 600_000);

  it('an executor that never enrolls: NOT READY and exit 3, on the embedded database, which is removed', async () => {
    const home = mkdtempSync(join(tmpdir(), 'plume-conformance-home-'));
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, TMPDIR: home };
    const child = spawn(process.execPath, [KIT, '--wait', '2'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(out).toMatch(/enrollment token\s+plmnode_/);
    const workDir = /storage state holding it: (\S+)\/storage-state\.json/.exec(out)?.[1];
    expect(workDir?.startsWith(home), out).toBe(true);
    expect(out).toMatch(/^NOT READY — the executor did not enroll within 2 s$/m);
    expect(code, out).toBe(3);
    // Its work dir (PGlite's data, the storage state) is gone; tsx's compile cache may stay.
    expect(readdirSync(home).filter((f) => f.startsWith('plume-conformance-'))).toEqual([]);
  }, 120_000);

  it('--help lists every check and the exit codes; a bad option exits 2', () => {
    const help = spawnSync(process.execPath, [KIT, '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    for (const name of ALL) expect(help.stdout).toContain(name);
    expect(help.stdout).toMatch(/exit codes: 0 every check passed · 1 at least one check failed · 2 bad command line/);
    const bad = spawnSync(process.execPath, [KIT, '--kind', 'toaster'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--kind is edge or desktop');
  });
});
