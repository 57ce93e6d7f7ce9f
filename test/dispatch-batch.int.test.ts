/**
 * Batched dispatch: one claim statement for many nodes, racing from two
 * replicas (separate connections) and from passes of the same replica, gives
 * every job to exactly one offer, only to the node it was created for, and
 * never more than a node's free slots; many nodes running many jobs at once
 * through the coalesced accept/commit/result paths all finish, each once.
 */
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rows } from '../control-plane/src/db/client.js';
import { type ClaimedOffer, dispatchJobs } from '../control-plane/src/nodes/dispatch-jobs.repository.js';
import { createDispatchHarness, type DispatchHarness, type EnrolledNode } from '../control-plane/src/nodes/testing/dispatch-harness.js';
import { FakeNode } from '../control-plane/src/nodes/testing/fake-node.js';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../control-plane/src/testing/db.js';

let db: TestDatabase;
let h: DispatchHarness;
let userId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  h = await createDispatchHarness(db, { timers: { pollMs: 200, sweepMs: 500, startupGraceMs: 0, leaseMs: 10_000, offerDeadlineMs: 5000, commitMinLeaseMs: 1000 } });
  userId = await h.createUser();
});
afterAll(async () => {
  await h?.close();
  await db?.close();
});

/** Nodes whose rows say they are held by `replica` (epoch 1), each with an account. */
/** `count` nodes held by `replica`, each with `accounts` accounts (an account runs one job at a time: one job each here). */
async function heldNodes(count: number, replica: string, accounts = 1) {
  const out: Array<{ node: EnrolledNode; accountIds: number[] }> = [];
  for (let i = 0; i < count; i++) {
    const node = await h.enroll({ userIds: [userId] });
    // A fresh heartbeat, or the harness's sweep forgets the replica (a crashed one's rows look like this).
    await db.database.db.execute(sql`update execution_nodes set session_epoch = 1, connected_replica = ${replica}, last_heartbeat_at = now(),
      capabilities = '{"publishSettingsSnapshot":1,"concurrency":100}'::jsonb where id = ${node.nodeId}`);
    // In one statement: a test making a hundred accounts one insert at a time spends its time there.
    const made = await rows<{ id: number }>(
      db.database.db,
      sql`insert into accounts (user_id, platform, display_name, executor, node_id, login_state, external_ref)
          select ${userId}, 'douyin', 'Account ' || g, 'edge', ${node.nodeId}, 'logged_in', ${`${node.nodeId}-`} || g from generate_series(1, ${accounts}) g
          returning id`,
    );
    out.push({ node, accountIds: made.map((m) => Number(m.id)) });
  }
  return out;
}

describe('happy path', () => {
  it.skipIf(!hasPostgres())('two replicas claiming at once: every job offered exactly once, to its own node', async () => {
    const a = await heldNodes(4, 'rep_batch_a', 15);
    const b = await heldNodes(4, 'rep_batch_b', 15);
    const jobs = new Map<string, string>();
    for (const { node, accountIds } of [...a, ...b]) {
      for (const id of await Promise.all(accountIds.map((accountId) => h.createJob({ userId, accountId, nodeId: node.nodeId })))) jobs.set(id, node.nodeId);
    }
    // Separate connections, as two replicas (or two passes) would use.
    const clients = Array.from({ length: 4 }, () => postgres(db.url!, { max: 2, onnotice: () => {} }));
    try {
      const dbs = clients.map((c) => drizzle({ client: c }) as unknown as Db);
      // Every claimer names every node: only the holder's claims count, and only up to the free slots.
      const everyone = [...a, ...b].map(({ node }) => ({ nodeId: node.nodeId, epoch: 1, concurrency: 6 }));
      const claim = (d: Db, replica: string) => dispatchJobs.claimBatch(d, { sessions: everyone, replica, offerMs: 60_000 });
      const results = await Promise.all([claim(dbs[0]!, 'rep_batch_a'), claim(dbs[1]!, 'rep_batch_b'), claim(dbs[2]!, 'rep_batch_a'), claim(dbs[3]!, 'rep_batch_b')]);
      const offers: ClaimedOffer[] = results.flatMap((r) => r.offers);
      const ids = offers.map((o) => o.offer.jobId);
      expect(new Set(ids).size).toBe(ids.length);
      for (const o of offers) {
        expect(o.nodeId).toBe(jobs.get(o.offer.jobId));
        expect(o.epoch).toBe(1);
      }
      // What the rows say matches what was handed out. Two passes of one replica racing (the dispatcher
      // runs one at a time; this test forces it) may each count 6 free slots: SKIP LOCKED keeps them off
      // each other's rows, so a node gets between 6 and 12, never a job twice.
      const perNode = await rows<{ nodeId: string; offered: number; attempts: number }>(
        db.database.db,
        sql`select node_id as "nodeId", count(*) filter (where state = 'offered')::int as offered, max(attempt)::int as attempts
            from publish_jobs where node_id = any(${`{${[...a, ...b].map((x) => `"${x.node.nodeId}"`).join(',')}}`}::text[]) group by node_id`,
      );
      expect(perNode).toHaveLength(8);
      for (const n of perNode) {
        // Offered only: an attempt is charged when it starts on the node.
        expect(n.attempts).toBe(0);
        expect(n.offered).toBe(offers.filter((o) => o.nodeId === n.nodeId).length);
        expect(n.offered).toBeGreaterThanOrEqual(6);
        expect(n.offered).toBeLessThanOrEqual(12);
      }
      // A sequential pass counts what is in flight: nothing more while every node is full, and each
      // of replica a's nodes is reported with jobs still waiting for a slot (15 queued, at most 12 offered).
      const full = await claim(dbs[0]!, 'rep_batch_a');
      expect(full.offers).toEqual([]);
      expect(full.backlog.sort()).toEqual(a.map(({ node }) => node.nodeId).sort());
      // Another replica's claim never touches nodes it does not hold, and a stale epoch claims nothing.
      const none = { offers: [], backlog: [] };
      expect(await dispatchJobs.claimBatch(dbs[1]!, { sessions: a.map(({ node }) => ({ nodeId: node.nodeId, epoch: 1, concurrency: 100 })), replica: 'rep_batch_b', offerMs: 60_000 })).toEqual(none);
      expect(await dispatchJobs.claimBatch(dbs[0]!, { sessions: a.map(({ node }) => ({ nodeId: node.nodeId, epoch: 2, concurrency: 100 })), replica: 'rep_batch_a', offerMs: 60_000 })).toEqual(none);
    } finally {
      await Promise.all(clients.map((c) => c.end({ timeout: 5 })));
    }
  });

  it.skipIf(!hasPostgres())("running jobs fill their node's slots, and only one awaiting a person frees its slot", async () => {
    const [{ node, accountIds }] = await heldNodes(1, 'rep_batch_slots', 4);
    const jobs = [];
    for (const accountId of accountIds) jobs.push(await h.createJob({ userId, accountId, nodeId: node.nodeId }));
    const session = [{ nodeId: node.nodeId, epoch: 1, concurrency: 2 }];
    const claim = () => dispatchJobs.claimBatch(db.database.db, { sessions: session, replica: 'rep_batch_slots', offerMs: 60_000 });
    const first = await claim();
    expect(first.offers).toHaveLength(2);
    // Both run now (as an accept leaves them), with no challenge: the node is full.
    const running = first.offers.map((o) => o.offer.jobId);
    await db.database.db.execute(sql`update publish_jobs set state = 'running', attempt = attempt + 1, challenge = null
      where id = any(${`{${running.join(',')}}`}::text[])`);
    expect(await claim()).toEqual({ offers: [], backlog: [node.nodeId] });
    // One of them waits on a person for its running attempt: its slot is free for one more job.
    await db.database.db.execute(sql`update publish_jobs set challenge = jsonb_build_object('attemptId', attempt_id) where id = ${running[0]}`);
    const third = await claim();
    expect(third.offers.map((o) => o.offer.jobId)).toHaveLength(1);
    expect(running).not.toContain(third.offers[0]!.offer.jobId);
    // A challenge left from an earlier attempt frees nothing.
    await db.database.db.execute(sql`update publish_jobs set challenge = jsonb_build_object('attemptId', 'att_earlier') where id = ${running[1]}`);
    expect((await claim()).offers).toEqual([]);
  });

  it('many nodes running many jobs at once: every job succeeds exactly once', async () => {
    const nodes = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const node = await h.enroll({ userIds: [userId] });
        return { node, accountId: await h.createAccount({ userId, nodeId: node.nodeId, platform: 'bilibili' }) };
      }),
    );
    const results = new Map<string, number>();
    const fakes: FakeNode[] = [];
    for (const { node } of nodes) {
      const fake = await FakeNode.connect(h.url, node);
      await fake.hello(node.nodeId, { capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, chromiumVersion: 't', concurrency: 8, platforms: ['bilibili'], videoDir: '/srv/videos' } });
      // Autopilot: accept, commit, report success; count every start.
      fake.socket.on('message', () => {
        for (const m of fake.received.splice(0)) {
          if (m.type === 'offer') fake.send({ type: 'accept', jobId: m.jobId, attemptId: m.attemptId });
          else if (m.type === 'start') fake.send({ type: 'commit', jobId: m.jobId, attemptId: m.attemptId });
          else if (m.type === 'commit_ack' && m.ok) {
            results.set(m.jobId, (results.get(m.jobId) ?? 0) + 1);
            fake.send({ type: 'result', msgId: `r-${m.attemptId}`, jobId: m.jobId, attemptId: m.attemptId, outcome: 'succeeded', postId: `p-${m.jobId}` });
          }
        }
      });
      fakes.push(fake);
    }
    const jobIds = await Promise.all(
      Array.from({ length: 80 }, (_, i) => h.createJob({ userId, accountId: nodes[i % 4]!.accountId, nodeId: nodes[i % 4]!.node.nodeId, platform: 'bilibili' })),
    );
    for (const id of jobIds) await h.waitForJob(id, (j) => j.state === 'succeeded');
    const done = await rows<{ id: string; attempt: number; postId: string; batchState: string }>(
      db.database.db,
      sql`select j.id, j.attempt, j.platform_post_id as "postId", b.state as "batchState" from publish_jobs j join publish_batches b on b.id = j.batch_id
          where j.id = any(${`{${jobIds.join(',')}}`}::text[])`,
    );
    expect(done).toHaveLength(80);
    for (const j of done) expect(j).toMatchObject({ attempt: 1, postId: `p-${j.id}`, batchState: 'succeeded' });
    expect([...results.values()].every((n) => n === 1)).toBe(true);
    expect(results.size).toBe(80);
    await Promise.all(fakes.map((f) => f.close()));
  });
});
