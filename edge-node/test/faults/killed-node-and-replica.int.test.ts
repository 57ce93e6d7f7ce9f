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
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../../../control-plane/src/testing/db.js';
import { startSimulator, type Simulator } from '../../../test/platform-simulator/index.js';
import { type ControlPlaneProcess, startControlPlane } from '../../../test/support/control-plane-process.js';
import { type FaultsWorld, startFaultsWorld } from '../../../test/support/edge-faults-world.js';

const ADMIN = 'edge-faults-admin-token-0123456789abcdef';
const ACCOUNT = '30020088';

let db: TestDatabase;
let a: ControlPlaneProcess;
let b: ControlPlaneProcess;
let sim: Simulator;
let front: { url: string; target: string; server: Server; sockets: Set<Socket> };
let world: FaultsWorld;

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

// Two control-plane processes must share one database: PGlite (in process) cannot be shared.
const NEEDS_POSTGRES = !hasPostgres();

beforeAll(async () => {
  if (NEEDS_POSTGRES) return;
  [db, sim] = await Promise.all([createTestDatabase(), startSimulator()]);
  const cpEnv = { DATABASE_URL: db.url!, PLUME_ADMIN_TOKEN: ADMIN, PLUME_DB_POOL_MAX: '5' };
  [a, b] = await Promise.all([startControlPlane(cpEnv), startControlPlane(cpEnv)]);
  front = await startFront(a.url);
  // The integrator calls the replica still alive (B is never killed).
  world = await startFaultsWorld({ sim, adminUrl: a.url, adminToken: ADMIN, controlUrl: front.url, openApiUrl: b.url, account: ACCOUNT });
}, 120_000);

afterAll(async () => {
  await world?.close();
  for (const s of front?.sockets ?? []) s.destroy();
  front?.server.close();
  await Promise.all([a?.stop('SIGKILL'), b?.stop(), sim?.close()]);
  await db?.close();
});

describe.skipIf(NEEDS_POSTGRES)(`edge faults (real daemons, real Chromium, real PostgreSQL)${NEEDS_POSTGRES ? ' (skipped: needs TEST_DATABASE_URL)' : ''}`, () => {
  it('the node is online and its account publishable', async () => {
    await expect.poll(async () => (await world.account())?.publishable, { timeout: 60_000, interval: 500, message: world.node.output() }).toBe(true);
  }, 90_000);

  it('(a) kill -9 of the node during the upload: requeued after the restart, one post', async () => {
    sim.reset();
    sim.configure('bilibili', { chunkDelayMs: 250 });
    const before = sim.hits('.bilivideo.com/');
    const batchId = await world.publishVideo('Killed mid-upload');
    // A few chunks in, far from the end (22 chunks at 250 ms each).
    await expect.poll(() => sim.hits('.bilivideo.com/') - before, { timeout: 60_000, interval: 50, message: world.node.output() }).toBeGreaterThanOrEqual(3);
    await world.node.killDaemon();
    expect(sim.publishes('bilibili')).toHaveLength(0);
    sim.configure('bilibili', { chunkDelayMs: 0 });
    world.node.startDaemon();
    const batch = await world.batchDone(batchId, 120_000);
    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
    const posts = sim.publishes('bilibili');
    expect(posts).toHaveLength(1);
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  }, 180_000);

  it('(b) kill -9 of the replica holding the socket mid-dispatch: the node reaches the other, every job terminal, ≤ 1 post each', async () => {
    sim.reset();
    sim.configure('bilibili', { chunkDelayMs: 100 });
    await expect.poll(async () => (await world.account())?.executor_online, { timeout: 30_000, message: world.node.output() }).toBe(true);
    const titles = ['Replica fault 1', 'Replica fault 2', 'Replica fault 3'];
    const before = sim.hits('.bilivideo.com/');
    const batches: string[] = [];
    for (const title of titles) batches.push(await world.publishVideo(title));
    // The first job is uploading: the node holds its socket on A (through the front).
    await expect.poll(() => sim.hits('.bilivideo.com/') - before, { timeout: 60_000, interval: 50, message: world.node.output() }).toBeGreaterThanOrEqual(3);
    front.target = b.url;
    await a.stop('SIGKILL');
    for (const s of front.sockets) s.destroy();

    const done = await Promise.all(batches.map((id) => world.batchDone(id, 150_000)));
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
