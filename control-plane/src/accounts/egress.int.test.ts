/**
 * Where accounts publish from, on PostgreSQL: a node's session records the
 * network of the address it connected from (openSession, as the connect
 * route calls it with egressNetwork(request.ip)); a job's start (the real
 * accept statement) records the account's egress; a start from another
 * network records one change (from, to, nodes, job), moves the account's
 * egress and writes an `egress_changed` health signal that takes the account
 * from ok to watch; starts from the same network (another host of the /24,
 * the same IPv4 address written as IPv6, another host of the /48, another
 * node in the same network) record nothing. The admin route shows it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomId } from '../crypto/tokens.js';
import { rows } from '../db/client.js';
import { dispatchJobs } from '../nodes/dispatch-jobs.repository.js';
import { egressNetwork } from '../nodes/egress-network.js';
import { nodeRegistry } from '../nodes/node-registry.repository.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { hasPostgres } from '../testing/db.js';
import { eventually } from '../testing/eventually.js';
import { createUser, type TestUser } from '../testing/openapi.js';
import { createAccount, createNode, fixturesOf } from '../testing/publish.js';
import { healthRepository } from './health/health.repository.js';

let t: TestApp;
let user: TestUser;
let edge: string;
let other: string;
let batchId: string;

const db = () => t.db.database.db;
/** Not a replica of the test app: its dispatcher leaves these sessions alone. */
const REPLICA = 'rep_egress_test';

beforeAll(async () => {
  if (!hasPostgres()) return;
  t = await createTestApp();
  user = await createUser(t.app, t.adminHeaders);
  edge = await createNode(fixturesOf(t), { kind: 'edge', userIds: [user.id], online: false });
  other = await createNode(fixturesOf(t), { kind: 'edge', userIds: [user.id], online: false });
  batchId = randomId('bat');
  await db().execute(sql`insert into publish_batches (id, user_id, content_type, executor, state, request_id) values (${batchId}, ${user.id}, 'video', 'edge', 'queued', 'req_egress')`);
}, 60_000);
afterAll(async () => t?.close());

/** The node connects from `address`: a new session, its epoch. */
async function connectFrom(nodeId: string, address: string): Promise<number> {
  const opened = await nodeRegistry.openSession(db(), nodeId, REPLICA, egressNetwork(address));
  expect(opened).not.toBeNull();
  return opened!.epoch;
}

/** A job of the account offered to the node's session and accepted by it (its start). */
async function start(accountId: number, nodeId: string, epoch: number): Promise<string> {
  const jobId = randomId('job');
  const attemptId = randomId('att');
  await db().execute(sql`insert into publish_jobs (id, batch_id, user_id, account_id, platform, content_type, executor, node_id, node_epoch, quota_bucket, state,
                           attempt_id, lease_until, payload, settings_snapshot, settings_hash, settings_contract_version)
                         values (${jobId}, ${batchId}, ${user.id}, ${accountId}, 'douyin', 'video', 'edge', ${nodeId}, ${epoch}, 'edge', 'offered',
                           ${attemptId}, now() + interval '10 minutes', '{}'::jsonb, '{}'::jsonb, 'h', 'v')`);
  const [accepted] = await dispatchJobs.acceptMany(db(), [{ nodeId, epoch, jobId, attemptId }], 60_000);
  expect(accepted, 'the start was accepted').not.toBeNull();
  return jobId;
}

const egressRow = async (accountId: number) => {
  const [row] = await rows<{ network: string; nodeId: string | null; since: unknown }>(db(), sql`select network, node_id as "nodeId", since from account_egress where account_id = ${accountId}`);
  return row ? { ...row, since: new Date(String(row.since)) } : null;
};
const changesOf = (accountId: number) =>
  rows<{ from: string; to: string; fromNodeId: string | null; nodeId: string | null; jobId: string | null }>(
    db(),
    sql`select from_network as "from", to_network as "to", from_node_id as "fromNodeId", node_id as "nodeId", job_id as "jobId"
        from account_egress_changes where account_id = ${accountId} order by id`,
  );
const egressSignals = (accountId: number) =>
  rows<{ detail: Record<string, unknown> }>(db(), sql`select detail from account_health_signals where account_id = ${accountId} and kind = 'egress_changed' order by id`);
const adminEgress = async (accountId: number) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/accounts/${accountId}/egress`, headers: t.adminHeaders });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().egress as Record<string, any>;
};

describe('account egress', () => {
  it.runIf(hasPostgres())('records the network of the first start, nothing for another host of it, and one change for another network', async () => {
    const account = await createAccount(fixturesOf(t), user.id, { platform: 'douyin', nodeId: edge });
    expect(await adminEgress(account)).toEqual({ accountId: account, network: null, nodeId: null, since: null, lastChange: null, changes: [] });

    await start(account, edge, await connectFrom(edge, '203.0.113.7'));
    const first = await egressRow(account);
    expect(first).toMatchObject({ network: '203.0.113.0/24', nodeId: edge });

    // Reconnected from another host of the same /24 (a router's new lease): not a change.
    await start(account, edge, await connectFrom(edge, '203.0.113.200'));
    expect(await egressRow(account)).toEqual(first);
    expect(await changesOf(account)).toEqual([]);

    // Then from another network: one change, the egress moved, a health signal.
    const epoch = await connectFrom(edge, '198.51.100.23');
    const job = await start(account, edge, epoch);
    expect(await changesOf(account)).toEqual([{ from: '203.0.113.0/24', to: '198.51.100.0/24', fromNodeId: edge, nodeId: edge, jobId: job }]);
    const moved = await egressRow(account);
    expect(moved).toMatchObject({ network: '198.51.100.0/24', nodeId: edge });
    expect(moved!.since.getTime()).toBeGreaterThan(first!.since.getTime());
    expect((await egressSignals(account)).map((s) => s.detail)).toEqual([
      { job_id: job, from_node_id: edge, node_id: edge },
    ]);

    // A second job from the new network changes nothing more.
    await start(account, edge, epoch);
    expect(await changesOf(account)).toHaveLength(1);

    const shown = await adminEgress(account);
    expect(shown).toMatchObject({ accountId: account, network: '198.51.100.0/24', nodeId: edge, since: moved!.since.toISOString() });
    expect(shown.lastChange).toMatchObject({ from: '203.0.113.0/24', to: '198.51.100.0/24', fromNodeId: edge, nodeId: edge, jobId: job });
    expect(shown.changes).toEqual([shown.lastChange]);

    // The admin's account list carries it in short.
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/users/${user.id}/accounts`, headers: t.adminHeaders });
    expect(list.statusCode, list.body).toBe(200);
    const listed = (list.json().items as Array<Record<string, any>>).find((a) => a.id === account);
    expect(listed?.egress).toEqual({ network: '198.51.100.0/24', since: shown.since, lastChange: { at: shown.lastChange.at, from: '203.0.113.0/24', to: '198.51.100.0/24' } });
  });

  it.runIf(hasPostgres())('makes an egress change a health signal: the account goes from ok to watch', async () => {
    const account = await createAccount(fixturesOf(t), user.id, { platform: 'douyin', nodeId: edge });
    await start(account, edge, await connectFrom(edge, '192.0.2.10'));
    expect((await healthRepository.get(db(), account))!.state).toBe('ok');
    await start(account, edge, await connectFrom(edge, '198.18.0.10'));
    // The app's watcher heard the signal; evaluating here as well does not change the outcome.
    await healthRepository.evaluate(db(), [account]);
    await eventually(async () => (await healthRepository.get(db(), account))!.state).toBe('watch');
    const health = (await healthRepository.get(db(), account))!;
    expect(health.signals.map((s) => s.kind)).toEqual(['egress_changed']);
  });

  it.runIf(hasPostgres())('reads an IPv4 address written as IPv6 as the IPv4 address, and an IPv6 address by its /48', async () => {
    const account = await createAccount(fixturesOf(t), user.id, { platform: 'douyin', nodeId: edge });
    // A dual-stack socket reports an IPv4 peer as ::ffff:a.b.c.d; the same router seen directly is no change.
    await start(account, edge, await connectFrom(edge, '::ffff:203.0.113.7'));
    expect(await egressRow(account)).toMatchObject({ network: '203.0.113.0/24' });
    await start(account, edge, await connectFrom(edge, '203.0.113.8'));
    expect(await changesOf(account)).toEqual([]);

    const job = await start(account, edge, await connectFrom(edge, '2001:db8:a:1::5'));
    expect(await changesOf(account)).toEqual([{ from: '203.0.113.0/24', to: '2001:db8:a::/48', fromNodeId: edge, nodeId: edge, jobId: job }]);
    // Another subnet of the same /48 (a home's prefix delegation): not a change.
    await start(account, edge, await connectFrom(edge, '2001:db8:a:ff::9'));
    expect(await changesOf(account)).toHaveLength(1);
    // Another /48: a change.
    await start(account, edge, await connectFrom(edge, '2001:db8:b:1::5'));
    expect((await changesOf(account)).map((c) => c.to)).toEqual(['2001:db8:a::/48', '2001:db8:b::/48']);
  });

  it.runIf(hasPostgres())('records no change when the account moves to another node in the same network, only its node', async () => {
    const account = await createAccount(fixturesOf(t), user.id, { platform: 'douyin', nodeId: edge });
    await start(account, edge, await connectFrom(edge, '203.0.113.40'));
    await db().execute(sql`update accounts set node_id = ${other} where id = ${account}`);
    await start(account, other, await connectFrom(other, '203.0.113.41'));
    expect(await egressRow(account)).toMatchObject({ network: '203.0.113.0/24', nodeId: other });
    expect(await changesOf(account)).toEqual([]);
    expect(await egressSignals(account)).toEqual([]);
  });

  it.runIf(hasPostgres())('records nothing for a session whose address is not known', async () => {
    const account = await createAccount(fixturesOf(t), user.id, { platform: 'douyin', nodeId: edge });
    await start(account, edge, await connectFrom(edge, 'not-an-address'));
    expect(await egressRow(account)).toBeNull();
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/users/${user.id}/accounts`, headers: t.adminHeaders });
    expect((list.json().items as Array<Record<string, any>>).find((a) => a.id === account)?.egress).toEqual({ network: null, since: null, lastChange: null });
  });

  it.runIf(hasPostgres())('answers 404 for an account that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/accounts/2147483000/egress', headers: t.adminHeaders });
    expect(res.statusCode).toBe(404);
  });
});
