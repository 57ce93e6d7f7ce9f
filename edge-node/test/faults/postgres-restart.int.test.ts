/**
 * PostgreSQL restarted under load, with nothing stubbed: a private PostgreSQL
 * (initdb + pg_ctl as the postgres OS user, data in a temp dir, a free port;
 * never the shared server other tests use), a compiled control plane, the
 * compiled `plume-edge` daemon with the real bilibili adapter in Chromium and
 * the platform simulator. Jobs are published, `pg_ctl restart -m fast` runs
 * mid-run, and within 2 minutes of recovery every job is terminal (or
 * unknown), with at most one post per job.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../../control-plane/src/db/client.js';
import { applyMigrations } from '../../../control-plane/src/db/migrate.js';
import { startSimulator, type Simulator } from '../../../test/platform-simulator/index.js';
import { type ControlPlaneProcess, freePort, startControlPlane } from '../../../test/support/control-plane-process.js';
import { type FaultsWorld, startFaultsWorld } from '../../../test/support/edge-faults-world.js';

const ADMIN = 'edge-faults-pg-admin-token-0123456789abcdef';
const ACCOUNT = '30020099';
const JOB_TERMINAL = ['succeeded', 'failed', 'unknown', 'needs_attention'];

const PG_BIN = existsSync('/usr/lib/postgresql')
  ? readdirSync('/usr/lib/postgresql').sort().reverse().map((v) => `/usr/lib/postgresql/${v}/bin`).find((d) => existsSync(`${d}/initdb`))
  : undefined;
const IS_ROOT = process.getuid?.() === 0;
const skipReason = !PG_BIN ? 'no /usr/lib/postgresql/*/bin/initdb' : !IS_ROOT ? 'needs root to run initdb as the postgres OS user (runuser)' : undefined;

let pgDir: string;
let pgPort: number;
const pg = (...args: string[]) => execFileSync('runuser', ['-u', 'postgres', '--', `${PG_BIN}/pg_ctl`, '-D', join(pgDir, 'data'), ...args], { stdio: 'pipe', timeout: 60_000 }).toString();
let a: ControlPlaneProcess;
let sim: Simulator;
let world: FaultsWorld;

beforeAll(async () => {
  if (skipReason) return;
  pgDir = mkdtempSync(join(tmpdir(), 'plume-pg-'));
  execFileSync('chown', ['postgres:', pgDir]);
  execFileSync('runuser', ['-u', 'postgres', '--', `${PG_BIN}/initdb`, '-D', join(pgDir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], { stdio: 'pipe' });
  pgPort = await freePort();
  pg('-o', `-p ${pgPort} -k ${pgDir} -c listen_addresses=127.0.0.1 -c fsync=off`, '-l', join(pgDir, 'log'), '-w', 'start');
  const dbUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
  const migrate = openPostgres(dbUrl, 2);
  try {
    await applyMigrations(migrate);
  } finally {
    await migrate.close();
  }
  sim = await startSimulator();
  a = await startControlPlane({ DATABASE_URL: dbUrl, PLUME_ADMIN_TOKEN: ADMIN, PLUME_DB_POOL_MAX: '5' });
  world = await startFaultsWorld({ sim, adminUrl: a.url, adminToken: ADMIN, controlUrl: a.url, openApiUrl: a.url, account: ACCOUNT });
}, 120_000);

afterAll(async () => {
  await world?.close();
  await Promise.all([a?.stop(), sim?.close()]);
  if (pgDir) {
    try {
      pg('-m', 'immediate', '-w', 'stop');
    } catch {
      // already stopped
    }
    rmSync(pgDir, { recursive: true, force: true });
  }
});

describe.skipIf(skipReason !== undefined)(`edge under a PostgreSQL restart${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  it('the node is online and its account publishable', async () => {
    await expect.poll(async () => (await world.account())?.publishable, { timeout: 60_000, interval: 500, message: world.node.output() }).toBe(true);
  }, 90_000);

  it('pg_ctl restart -m fast mid-run: every job terminal or unknown within 2 minutes of recovery, ≤ 1 post each', async () => {
    sim.reset();
    sim.configure('bilibili', { chunkDelayMs: 60 });
    const titles = ['PG restart 1', 'PG restart 2', 'PG restart 3', 'PG restart 4'];
    const before = sim.hits('.bilivideo.com/');
    const batches: string[] = [];
    for (const title of titles) batches.push(await world.publishVideo(title));
    await expect.poll(() => sim.hits('.bilivideo.com/') - before, { timeout: 60_000, interval: 50, message: world.node.output() }).toBeGreaterThanOrEqual(3);
    pg('-m', 'fast', '-w', '-l', join(pgDir, 'log'), 'restart');
    const recovered = Date.now();

    const states = await Promise.all(
      batches.map(async (id) => {
        const deadline = recovered + 120_000;
        for (;;) {
          const res = await world.api('GET', `/publish/${id}`).catch(() => undefined);
          const job = res?.body.jobs?.[0];
          if (job && JOB_TERMINAL.includes(job.state)) return res!.body;
          if (Date.now() > deadline) throw new Error(`batch ${id} not terminal 2 min after recovery: ${JSON.stringify(res?.body)}\n${a.output().slice(-3000)}\n${world.node.output().slice(-3000)}`);
          await new Promise((r) => setTimeout(r, 250));
        }
      }),
    );
    const posts = sim.publishes('bilibili');
    for (const [i, batch] of states.entries()) {
      const mine = posts.filter((p) => p.title === titles[i]);
      expect(mine.length, `${titles[i]}: ${JSON.stringify(batch)}`).toBeLessThanOrEqual(1);
      if (batch.jobs[0].state === 'succeeded') expect(batch.jobs[0].platform_post_id).toBe(mine[0]?.postId);
    }
    expect(a.child.exitCode, a.output()).toBeNull();
  }, 240_000);
});
