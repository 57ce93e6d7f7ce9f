/**
 * Scheduled jobs across replica loss, with compiled control planes on one
 * PostgreSQL: a job scheduled through replica A, which is then killed, is
 * offered by replica B (holding the node's socket) at its publishAt, not
 * before and within one poll; a job scheduled through B, which is then
 * killed, is offered once by a replica started afterwards when its node
 * reconnects there. Each job is offered exactly once.
 */
import { randomBytes } from 'node:crypto';
import { nodeEnrollMessage, sha256Hex } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEd25519, signEd25519 } from '../control-plane/src/crypto/ed25519.js';
import { rows } from '../control-plane/src/db/client.js';
import { FAKE_ADAPTERS, FakeNode } from '../control-plane/src/nodes/testing/fake-node.js';
import { DEFAULT_TIMERS } from '../control-plane/src/nodes/timers.js';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../control-plane/src/testing/db.js';
import { eventually } from '../control-plane/src/testing/eventually.js';
import { type ControlPlaneProcess, startControlPlane } from './support/control-plane-process.js';

const ADMIN = 'scheduling-replicas-admin-token-0123456789';
const VIDEO_DIR = '/srv/plume/videos';

describe.skipIf(!hasPostgres())('scheduled jobs when replicas die', () => {
  let db: TestDatabase;
  let env: Record<string, string>;
  const running: ControlPlaneProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    env = { DATABASE_URL: db.url!, PLUME_ADMIN_TOKEN: ADMIN, PLUME_DB_POOL_MAX: '5' };
  }, 60_000);
  afterAll(async () => {
    await Promise.all(running.map((p) => p.stop()));
    await db?.close();
  });

  const start = async () => {
    const p = await startControlPlane(env);
    running.push(p);
    return p;
  };

  const post = async (url: string, headers: Record<string, string>, body: unknown) => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const admin = (base: string, path: string, body: unknown) => post(`${base}/api/admin${path}`, { authorization: `Bearer ${ADMIN}` }, body);

  /** Connects (or reconnects) the node to `base` and says hello with its one account. */
  async function connect(base: string, node: { nodeId: string; secretKey: string }, ref: string): Promise<FakeNode> {
    const fake = await FakeNode.connect(base, node);
    await fake.hello(node.nodeId, {
      capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, concurrency: 2, platforms: ['bilibili'], adapters: FAKE_ADAPTERS, videoDir: VIDEO_DIR },
      accounts: [{ externalRef: ref, platform: 'bilibili', displayName: 'R', loginState: 'logged_in' }],
    });
    return fake;
  }

  async function finish(fake: FakeNode, jobId: string, attemptId: string): Promise<void> {
    fake.send({ type: 'accept', jobId, attemptId });
    await fake.next('start', (m) => m.jobId === jobId);
    fake.send({ type: 'commit', jobId, attemptId });
    expect((await fake.next('commit_ack', (m) => m.jobId === jobId)).ok).toBe(true);
    fake.send({ type: 'result', msgId: `m-${jobId}`, jobId, attemptId, outcome: 'succeeded', postId: `BV${jobId.slice(4, 10)}` });
    await fake.next('ack', (m) => m.msgIds.includes(`m-${jobId}`));
  }

  it('a job scheduled through a replica that then dies is offered by another at its time; so is one whose holder died, once its node reconnects', async () => {
    const d = db.database.db;
    const [a, b] = await Promise.all([start(), start()]);
    const plan = { name: 't', permissions: ['publish', 'accounts:read'], perMinuteLimit: 1000, dailyLimit: 10_000, cmsEnabled: false };
    const created = await admin(a.url, '/users', { name: 'scheduled', plan, quotas: { edge: 5 } });
    expect(created.status).toBe(201);
    const userId = created.body.user.id as number;
    const key = (await admin(a.url, `/users/${userId}/api-keys`, { name: 'k' })).body.apiKey.key as string;
    const token = await admin(a.url, '/nodes/enrollment-tokens', { kind: 'edge', userIds: [userId], name: 'scheduled-node' });
    const pair = generateEd25519();
    const machineId = `m-${randomBytes(4).toString('hex')}`;
    const proof = signEd25519(pair.privateKey, nodeEnrollMessage({ tokenSha256: sha256Hex(token.body.token), publicKey: pair.publicKey, machineId }));
    const enrolled = await post(`${a.url}/api/nodes/v1/enroll`, {}, { token: token.body.token, publicKey: pair.publicKey, machineId, fingerprint: 'fp', proof });
    expect(enrolled.status).toBe(201);
    const node = { nodeId: enrolled.body.nodeId as string, secretKey: pair.privateKey };
    const ref = '30020002';
    const onB = await connect(b.url, node, ref);
    await eventually(async () => (await rows(d, sql`select id from accounts where node_id = ${node.nodeId}`)).length).toBe(1);
    const [account] = await rows<{ id: number }>(d, sql`select id from accounts where node_id = ${node.nodeId}`);
    const publish = (base: string, publishAt: string) =>
      post(`${base}/api/openapi/v1/publish/video`, { authorization: `Bearer ${key}` }, {
        executor: 'edge',
        accountIds: [account!.id],
        title: 'Scheduled across replicas',
        localVideoPath: `${VIDEO_DIR}/${userId}/clip.mp4`,
        platformSettings: { bilibili: { partitionName: '知识', tags: ['知识'] } },
        publishAt,
      });

    // 1. Scheduled through A (whose timer is set for it), and A is killed at once: B, which only
    //    polls the schedule, offers it at its time.
    const dueA = Date.now() + 3000;
    const viaA = await publish(a.url, new Date(dueA).toISOString());
    expect(viaA.status, JSON.stringify(viaA.body)).toBe(200);
    expect(viaA.body.state).toBe('scheduled');
    await a.stop('SIGKILL');
    const jobA = viaA.body.jobs[0].job_id as string;
    const offerA = await onB.next('offer', (o) => o.jobId === jobA);
    const lateA = Date.now() - dueA;
    expect(lateA).toBeGreaterThanOrEqual(0);
    expect(lateA, `offered ${lateA} ms after publishAt`).toBeLessThanOrEqual(DEFAULT_TIMERS.pollMs);
    await finish(onB, jobA, offerA.attemptId);

    // 2. Scheduled through B (the holder of the node's socket), and B is killed: nothing is left
    //    running. A replica started afterwards finds the job in the database and offers it when
    //    the node reconnects there.
    const dueB = Date.now() + 4000;
    const viaB = await publish(b.url, new Date(dueB).toISOString());
    expect(viaB.status, JSON.stringify(viaB.body)).toBe(200);
    const jobB = viaB.body.jobs[0].job_id as string;
    await b.stop('SIGKILL');
    onB.kill();
    const c = await start();
    const onC = await connect(c.url, node, ref);
    const offerB = await onC.next('offer', (o) => o.jobId === jobB);
    expect(Date.now()).toBeGreaterThanOrEqual(dueB);
    await finish(onC, jobB, offerB.attemptId);

    // Exactly once: each job succeeded on its first offer, and no other offer of it came.
    const jobs = await rows<{ id: string; state: string; attempt: number }>(d, sql`select id, state, attempt from publish_jobs where id in (${jobA}, ${jobB}) order by id`);
    expect(jobs.map((j) => [j.state, j.attempt])).toEqual([
      ['succeeded', 1],
      ['succeeded', 1],
    ]);
    expect(onC.received.filter((m) => m.type === 'offer')).toEqual([]);
    // The answer shows the schedule the job ran on.
    const view = await fetch(`${c.url}/api/openapi/v1/publish/${viaB.body.batch_id}`, { headers: { authorization: `Bearer ${key}` } });
    expect(await view.json()).toMatchObject({ state: 'succeeded', jobs: [{ state: 'succeeded', publish_at: new Date(dueB).toISOString() }] });
  }, 120_000);
});
