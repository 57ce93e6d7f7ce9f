/**
 * PostgreSQL restarted under load, with nothing stubbed: a private PostgreSQL
 * (initdb + pg_ctl as the postgres OS user, data in a temp dir, a free port;
 * never the shared server other tests use), a compiled control plane, the
 * compiled `plume-edge` daemon with the real bilibili adapter in Chromium and
 * the platform simulator. Jobs are published, `pg_ctl restart -m fast` runs
 * mid-run, and within 2 minutes of recovery every job is terminal (or
 * unknown), with at most one post per job.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../control-plane/src/db/client.js';
import { applyMigrations } from '../control-plane/src/db/migrate.js';
import { startSimulator, type Simulator } from './platform-simulator/index.js';
import { type ControlPlaneProcess, freePort, startControlPlane } from './support/control-plane-process.js';

const CLI = fileURLToPath(new URL('../edge-node/dist/cli.js', import.meta.url));
const ADMIN = 'edge-faults-pg-admin-token-0123456789abcdef';
const ACCOUNT = '30020099';
const SETTINGS = { bilibili: { partitionName: '知识', tags: ['Plume'], aiLabel: true, copyright: 'original' } };
const TERMINAL = ['succeeded', 'failed', 'partial'];
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
let work: string;
let userId: number;
let apiKey: string;
let daemon: ChildProcess | undefined;
let daemonOutput = '';

const env = () => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: work,
  PLUME_EDGE_STATE_DIR: join(work, 'state'),
  PLUME_EDGE_VIDEO_DIR: join(work, 'videos'),
  PLUME_EDGE_PLATFORM_URLS: JSON.stringify({ bilibili: sim.baseUrl('bilibili') }),
  PLUME_CONTROL_URL: a.url,
  LOG_LEVEL: process.env.PLUME_TEST_LOG ?? 'warn',
});

function cli(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

function startDaemon(): void {
  daemon = spawn(process.execPath, [CLI, 'run'], { env: { ...env(), LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  daemon.stdout!.on('data', (d: Buffer) => (daemonOutput += d.toString()));
  daemon.stderr!.on('data', (d: Buffer) => (daemonOutput += d.toString()));
}

/** kill -9 of the whole node: the daemon and the Chromium it started (its process group). */
async function killDaemon(): Promise<void> {
  const d = daemon!;
  if (d.exitCode !== null || d.signalCode !== null) return;
  const exited = new Promise((r) => d.once('exit', r));
  try {
    process.kill(-d.pid!, 'SIGKILL');
  } catch {
    d.kill('SIGKILL');
  }
  await exited;
}

async function admin(path: string, body?: unknown): Promise<Record<string, any>> {
  const res = await fetch(`${a.url}/api/admin${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as Record<string, any>;
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function api(base: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: Record<string, any> }> {
  const res = await fetch(`${base}/api/openapi/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function batchDone(batchId: string, timeoutMs: number): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api(a.url, 'GET', `/publish/${batchId}`).catch(() => ({ status: 0, body: {} as Record<string, any> }));
    if (TERMINAL.includes(res.body.state)) return res.body;
    if (Date.now() > deadline) throw new Error(`batch ${batchId} still ${res.body.state}: ${JSON.stringify(res.body)}\n${daemonOutput.slice(-6000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function account(): Promise<Record<string, any> | undefined> {
  const res = await api(a.url, 'GET', '/accounts');
  return (res.body.items ?? res.body.accounts ?? []).find((x: { platform: string }) => x.platform === 'bilibili');
}

async function publishVideo(title: string): Promise<string> {
  const acc = (await account())!;
  const res = await api(a.url, 'POST', '/publish/video', {
    executor: 'edge',
    accountIds: [acc.id],
    title,
    localVideoPath: join(work, 'videos', String(userId), 'clip.mp4'),
    platformSettings: SETTINGS,
  });
  if (res.status !== 200) throw new Error(`${JSON.stringify(res.body)}\n${daemonOutput.slice(-4000)}`);
  return res.body.batch_id as string;
}

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
  const plan = { name: 'faults', permissions: ['publish', 'accounts:read'], perMinuteLimit: 1000, dailyLimit: 10_000, cmsEnabled: false };
  userId = (await admin('/users', { name: 'faults', plan, quotas: { edge: 20 } })).user.id as number;
  apiKey = (await admin(`/users/${userId}/api-keys`, { name: 'k' })).apiKey.key as string;

  work = mkdtempSync(join(tmpdir(), 'plume-faults-'));
  const userDir = join(work, 'videos', String(userId));
  mkdirSync(userDir, { recursive: true });
  // 2 MiB = 22 chunks of 96 KiB: with chunkDelayMs the upload takes seconds, long enough to act during it.
  writeFileSync(join(userDir, 'clip.mp4'), randomBytes(2 * 1024 * 1024));
  sim.setLoggedIn('bilibili', ACCOUNT, true, 'Faults Lab');

  const token = await admin('/nodes/enrollment-tokens', { kind: 'edge', userIds: [userId], name: 'faults' });
  const enrolled = await cli(['enroll', '--url', a.url, '--token', token.token]);
  if (enrolled.code !== 0) throw new Error(enrolled.out);
  const cookie = sim.sessionCookie('bilibili', ACCOUNT);
  writeFileSync(
    join(work, 'state.json'),
    JSON.stringify({ cookies: [{ name: cookie.name, value: cookie.value, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }], origins: [] }),
  );
  const imported = await cli(['accounts', 'import', '--ref', ACCOUNT, '--platform', 'bilibili', '--name', 'Lab', '--storage-state', join(work, 'state.json')]);
  if (imported.code !== 0) throw new Error(imported.out);
  startDaemon();
}, 120_000);

afterAll(async () => {
  if (daemon) await killDaemon();
  await Promise.all([a?.stop(), sim?.close()]);
  if (pgDir) {
    try {
      pg('-m', 'immediate', '-w', 'stop');
    } catch {
      // already stopped
    }
    rmSync(pgDir, { recursive: true, force: true });
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

describe.skipIf(skipReason !== undefined)(`edge under a PostgreSQL restart${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  it('the node is online and its account publishable', async () => {
    await expect.poll(async () => (await account())?.publishable, { timeout: 60_000, interval: 500, message: daemonOutput }).toBe(true);
  }, 90_000);

  it('pg_ctl restart -m fast mid-run: every job terminal or unknown within 2 minutes of recovery, ≤ 1 post each', async () => {
    sim.reset();
    sim.configure('bilibili', { transcodeMs: 200, chunkDelayMs: 60 });
    const titles = ['PG restart 1', 'PG restart 2', 'PG restart 3', 'PG restart 4'];
    const before = sim.hits('/upos/');
    const batches: string[] = [];
    for (const title of titles) batches.push(await publishVideo(title));
    await expect.poll(() => sim.hits('/upos/') - before, { timeout: 60_000, interval: 50, message: daemonOutput }).toBeGreaterThanOrEqual(3);
    pg('-m', 'fast', '-w', '-l', join(pgDir, 'log'), 'restart');
    const recovered = Date.now();

    const states = await Promise.all(
      batches.map(async (id) => {
        const deadline = recovered + 120_000;
        for (;;) {
          const res = await api(a.url, 'GET', `/publish/${id}`).catch(() => undefined);
          const job = res?.body.jobs?.[0];
          if (job && JOB_TERMINAL.includes(job.state)) return res!.body;
          if (Date.now() > deadline) throw new Error(`batch ${id} not terminal 2 min after recovery: ${JSON.stringify(res?.body)}\n${a.output().slice(-3000)}\n${daemonOutput.slice(-3000)}`);
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
