/**
 * Faults with nothing stubbed: compiled control-plane replicas (child
 * processes) on the test PostgreSQL, the compiled `plume-edge` daemon (child
 * process, its own process group so a kill -9 takes its Chromium with it), the
 * real bilibili adapter in Debian's Chromium and the platform simulator with a
 * slow chunk upload.
 *
 * (a) kill -9 of the node during the upload (before commit): after the daemon
 *     restarts the job is requeued and ends succeeded with exactly one post.
 * (b) kill -9 of the replica holding the node's socket mid-dispatch: the node
 *     reaches the other replica and every job ends terminal with at most one
 *     post per job and no result lost. The daemon takes one control-plane URL
 *     (PLUME_CONTROL_URL / the enrolled URL; no multi-URL failover), so, as
 *     in a deployment with replicas behind a load balancer, it talks to a TCP
 *     front that forwards to replica A and, once A is gone, to replica B.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../control-plane/src/testing/db.js';
import { startSimulator, type Simulator } from './platform-simulator/index.js';
import { type ControlPlaneProcess, startControlPlane } from './support/control-plane-process.js';

const CLI = fileURLToPath(new URL('../edge-node/dist/cli.js', import.meta.url));
const ADMIN = 'edge-faults-admin-token-0123456789abcdef';
const ACCOUNT = '30020088';
const SETTINGS = { bilibili: { partitionName: '知识', tags: ['Plume'], aiLabel: true, copyright: 'original' } };
const TERMINAL = ['succeeded', 'failed', 'partial'];

let db: TestDatabase;
let a: ControlPlaneProcess;
let b: ControlPlaneProcess;
let sim: Simulator;
let work: string;
let userId: number;
let apiKey: string;
let front: { url: string; target: string; server: Server; sockets: Set<Socket> };
let daemon: ChildProcess | undefined;
let daemonOutput = '';

/** A TCP front (what a load balancer is to the replicas): forwards each new connection to `target`. */
async function startFront(target: string): Promise<typeof front> {
  const sockets = new Set<Socket>();
  const f = { url: '', target, server: undefined as unknown as Server, sockets };
  f.server = createServer((client) => {
    const { hostname, port } = new URL(f.target);
    const upstream = connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => f.server.listen(0, '127.0.0.1', r));
  f.url = `http://127.0.0.1:${(f.server.address() as { port: number }).port}`;
  return f;
}

const env = () => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: work,
  PLUME_EDGE_STATE_DIR: join(work, 'state'),
  PLUME_EDGE_VIDEO_DIR: join(work, 'videos'),
  PLUME_EDGE_PLATFORM_URLS: JSON.stringify({ bilibili: sim.baseUrl('bilibili') }),
  PLUME_CONTROL_URL: front.url,
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

/** The replica still alive answers the integrator (B is never killed). */
async function batchDone(batchId: string, timeoutMs: number): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api(b.url, 'GET', `/publish/${batchId}`);
    if (TERMINAL.includes(res.body.state)) return res.body;
    if (Date.now() > deadline) throw new Error(`batch ${batchId} still ${res.body.state}: ${JSON.stringify(res.body)}\n${daemonOutput.slice(-6000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function account(): Promise<Record<string, any> | undefined> {
  const res = await api(b.url, 'GET', '/accounts');
  return (res.body.items ?? res.body.accounts ?? []).find((x: { platform: string }) => x.platform === 'bilibili');
}

async function publishVideo(title: string): Promise<string> {
  const acc = (await account())!;
  const res = await api(b.url, 'POST', '/publish/video', {
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
  [db, sim] = await Promise.all([createTestDatabase(), startSimulator()]);
  const cpEnv = { DATABASE_URL: db.url!, PLUME_ADMIN_TOKEN: ADMIN, PLUME_DB_POOL_MAX: '5' };
  [a, b] = await Promise.all([startControlPlane(cpEnv), startControlPlane(cpEnv)]);
  front = await startFront(a.url);
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
  const enrolled = await cli(['enroll', '--url', front.url, '--token', token.token]);
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
  for (const s of front?.sockets ?? []) s.destroy();
  front?.server.close();
  await Promise.all([a?.stop('SIGKILL'), b?.stop(), sim?.close()]);
  await db?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('edge faults (real daemons, real Chromium, real PostgreSQL)', () => {
  it('the node is online and its account publishable', async () => {
    await expect.poll(async () => (await account())?.publishable, { timeout: 60_000, interval: 500, message: daemonOutput }).toBe(true);
  }, 90_000);

  it('(a) kill -9 of the node during the upload: requeued after the restart, one post', async () => {
    sim.reset();
    sim.configure('bilibili', { transcodeMs: 200, chunkDelayMs: 250 });
    const before = sim.hits('/upos/');
    const batchId = await publishVideo('Killed mid-upload');
    // A few chunks in, far from the end (22 chunks at 250 ms each).
    await expect.poll(() => sim.hits('/upos/') - before, { timeout: 60_000, interval: 50, message: daemonOutput }).toBeGreaterThanOrEqual(3);
    await killDaemon();
    expect(sim.publishes('bilibili')).toHaveLength(0);
    sim.configure('bilibili', { transcodeMs: 200, chunkDelayMs: 0 });
    startDaemon();
    const batch = await batchDone(batchId, 120_000);
    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
    const posts = sim.publishes('bilibili');
    expect(posts).toHaveLength(1);
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  }, 180_000);

  it('(b) kill -9 of the replica holding the socket mid-dispatch: the node reaches the other, every job terminal, ≤ 1 post each', async () => {
    sim.reset();
    sim.configure('bilibili', { transcodeMs: 200, chunkDelayMs: 100 });
    await expect.poll(async () => (await account())?.executor_online, { timeout: 30_000, message: daemonOutput }).toBe(true);
    const titles = ['Replica fault 1', 'Replica fault 2', 'Replica fault 3'];
    const before = sim.hits('/upos/');
    const batches: string[] = [];
    for (const title of titles) batches.push(await publishVideo(title));
    // The first job is uploading: the node holds its socket on A (through the front).
    await expect.poll(() => sim.hits('/upos/') - before, { timeout: 60_000, interval: 50, message: daemonOutput }).toBeGreaterThanOrEqual(3);
    front.target = b.url;
    await a.stop('SIGKILL');
    for (const s of front.sockets) s.destroy();

    const done = await Promise.all(batches.map((id) => batchDone(id, 150_000)));
    const posts = sim.publishes('bilibili');
    for (const [i, batch] of done.entries()) {
      const job = batch.jobs[0];
      const mine = posts.filter((p) => p.title === titles[i]);
      expect(mine.length, `${titles[i]}: ${JSON.stringify(batch)}`).toBeLessThanOrEqual(1);
      expect(['succeeded', 'failed'], JSON.stringify(batch)).toContain(job.state);
      // No result lost: a job that reached the platform is recorded succeeded with that post.
      if (mine.length === 1) expect(job, JSON.stringify(batch)).toMatchObject({ state: 'succeeded', platform_post_id: mine[0]!.postId });
    }
    expect(done.map((x) => x.jobs[0].state)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  }, 240_000);
});
