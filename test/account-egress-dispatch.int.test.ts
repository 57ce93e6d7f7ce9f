/**
 * Account egress over the real connect route, dispatcher and protocol: the
 * network a node's socket came from is the one a trusted proxy forwarded
 * (X-Forwarded-For, believed only with trustProxy, PLUME_TRUST_PROXY), so
 * two connections from loopback can stand for two networks. A job started
 * after the node reconnected from another network records one egress change
 * and an `egress_changed` health signal; without a trusted proxy the header
 * is not believed and the socket's own address counts.
 */
import { fromBase64Url, signedNodeHeaders } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../control-plane/src/db/client.js';
import { createDispatchHarness, type DispatchHarness, type EnrolledNode } from '../control-plane/src/nodes/testing/dispatch-harness.js';
import { FakeNode } from '../control-plane/src/nodes/testing/fake-node.js';
import { until } from '../control-plane/src/testing/eventually.js';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../control-plane/src/testing/db.js';

let db: TestDatabase;
let h: DispatchHarness;

const TIMERS = { leaseMs: 120_000, offerDeadlineMs: 60_000, pollMs: 50, sweepMs: 100, startupGraceMs: 0, heartbeatMs: 500 };

beforeAll(async () => {
  if (!hasPostgres()) return;
  db = await createTestDatabase();
  h = await createDispatchHarness(db, { timers: TIMERS, replicaId: 'rep_egress', trustProxy: true });
});
afterAll(async () => {
  await h?.close();
  await db?.close();
});

const d = () => db.database.db;

/** The node connects through a proxy that says the peer was `forwardedFor`; it accepts and finishes every job offered. */
async function connect(harness: DispatchHarness, node: EnrolledNode, forwardedFor: string) {
  const headers = await signedNodeHeaders({ nodeId: node.nodeId, secretKey: fromBase64Url(node.secretKey)! });
  const fake = await FakeNode.connect(harness.url, node, { headers: { ...headers, 'x-forwarded-for': forwardedFor } });
  await fake.hello(node.nodeId, { capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, concurrency: 1, platforms: ['douyin'] } });
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const offer = await fake.next('offer').catch(() => null);
      if (!offer) return;
      fake.send({ type: 'accept', jobId: offer.jobId, attemptId: offer.attemptId });
      await fake.next('start', (s) => s.jobId === offer.jobId);
      fake.send({ type: 'commit', jobId: offer.jobId, attemptId: offer.attemptId });
      await fake.next('commit_ack', (c) => c.jobId === offer.jobId);
      fake.send({ type: 'result', msgId: `r-${offer.attemptId}`, jobId: offer.jobId, attemptId: offer.attemptId, outcome: 'succeeded', postId: offer.jobId });
    }
  })();
  return {
    async close() {
      stopped = true;
      await fake.close();
    },
  };
}

const nodeNetwork = async (nodeId: string) => (await rows<{ n: string | null }>(d(), sql`select egress_network as n from execution_nodes where id = ${nodeId}`))[0]!.n;
const jobState = async (harness: DispatchHarness, id: string) => (await harness.job(id)).state;
const changes = (accountId: number) =>
  rows<{ from: string; to: string; jobId: string }>(d(), sql`select from_network as "from", to_network as "to", job_id as "jobId" from account_egress_changes where account_id = ${accountId} order by id`);

describe('account egress through the connect route', () => {
  it.runIf(hasPostgres())('records the forwarded network of each connection and the change a job started after a reconnect shows', async () => {
    const userId = await h.createUser();
    const node = await h.enroll({ userIds: [userId] });
    const accountId = await h.createAccount({ userId, nodeId: node.nodeId, platform: 'douyin', externalRef: 'acc-egress' });

    const home = await connect(h, node, '203.0.113.7');
    expect(await nodeNetwork(node.nodeId)).toBe('203.0.113.0/24');
    const first = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    await until(() => jobState(h, first), (s) => s === 'succeeded');
    await home.close();
    expect(await changes(accountId)).toEqual([]);

    // The node came back from somewhere else (a proxy chain names the client first).
    const away = await connect(h, node, '2001:db8:77:1::20, 10.0.0.1');
    expect(await nodeNetwork(node.nodeId)).toBe('2001:db8:77::/48');
    const second = await h.createJob({ userId, accountId, nodeId: node.nodeId });
    await until(() => jobState(h, second), (s) => s === 'succeeded');
    await away.close();

    expect(await changes(accountId)).toEqual([{ from: '203.0.113.0/24', to: '2001:db8:77::/48', jobId: second }]);
    const signals = await rows<{ kind: string }>(d(), sql`select kind from account_health_signals where account_id = ${accountId}`);
    expect(signals.map((s) => s.kind)).toEqual(['egress_changed']);
  });

  it.runIf(hasPostgres())('does not believe X-Forwarded-For without a trusted proxy: the socket\'s own address counts', async () => {
    const untrusting = await createDispatchHarness(db, { timers: TIMERS, replicaId: 'rep_egress_untrusting' });
    try {
      const userId = await untrusting.createUser();
      const node = await untrusting.enroll({ userIds: [userId] });
      const conn = await connect(untrusting, node, '203.0.113.7');
      expect(await nodeNetwork(node.nodeId)).toBe('127.0.0.0/24');
      await conn.close();
    } finally {
      await untrusting.close();
    }
  });
});
