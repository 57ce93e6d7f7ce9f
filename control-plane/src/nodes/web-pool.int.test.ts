/**
 * The web pool through the real control plane (its hub, dispatcher, sweeps and
 * Open API) with scripted web nodes on real sockets: `executor=web` routes a
 * content platform's account to the web node holding it and the account list
 * and preflight say when it cannot; a web node's browser state is sealed; when
 * the node is drained, goes silent or stops serving the user, the account
 * moves to another web node serving that user with its state (and its queued
 * job follows), and a node is never sent a state of a user it does not serve;
 * a sealed state that was tampered with is never sent anywhere.
 *
 * Each test has its own users and nodes (the sweep sees every node of the
 * database, so a test's nodes are revoked when it ends).
 */
import { type AdapterReport, NODE_PROTOCOL_VERSION, nodeEnrollMessage, sha256Hex, type StorageState } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateEd25519, signEd25519 } from '../crypto/ed25519.js';
import { Sealer } from '../crypto/seal.js';
import { rows } from '../db/client.js';
import { type AdminClient, adminClient } from '../testing/admin-client.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { eventually } from '../testing/eventually.js';
import { createUser, type TestUser, v1 } from '../testing/openapi.js';
import { createArticle, type Fixtures, fixturesOf } from '../testing/publish.js';
import { browserStateAad } from './browser-states.js';
import { FakeNode } from './testing/fake-node.js';

const WEB_ADAPTERS: AdapterReport[] = [
  { platform: 'juejin', contentTypes: ['article'], settings: ['category', 'tags', 'summary', 'coverMode'] },
  { platform: 'weibo', contentTypes: ['article', 'dynamic'], settings: ['visibility'] },
];
/** Short enough for a test: a silent node's accounts move after 3 s; the sweep runs five times a second. */
const TIMERS = { sweepMs: 200, pollMs: 300, startupGraceMs: 0, webFailoverMs: 3000, rejectBackoffMs: 300 };

let t: TestApp;
let f: Fixtures;
let admin: AdminClient;
let url: string;
const opened: Array<{ node: WebNode }> = [];

beforeAll(async () => {
  t = await createTestApp({ dispatchTimers: TIMERS });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  f = fixturesOf(t);
  admin = adminClient(t);
}, 60_000);
afterEach(async () => {
  // Their accounts first: a revoked node's accounts would otherwise move to the next test's nodes.
  const nodes = opened.splice(0).map((o) => o.node);
  for (const node of nodes) await db().execute(sql`update accounts set removed_at = now() where node_id = ${node.id}`);
  for (const node of nodes) {
    node.stop();
    await admin.post(`/api/admin/nodes/${node.id}/revoke`);
  }
});
afterAll(async () => t?.close());

const db = () => t.db.database.db;

/** A scripted web node: enrolled by token (all users, or the users named), connected, heartbeating every 500 ms. */
class WebNode {
  private beat: NodeJS.Timeout | null = null;
  constructor(
    readonly id: string,
    readonly fake: FakeNode,
  ) {}

  static async start(serving: { allUsers: true } | { userIds: number[] }, o: { kind?: 'web' | 'edge'; browserStates?: boolean } = {}): Promise<WebNode> {
    const made = await admin.post('/api/admin/nodes/enrollment-tokens', { kind: o.kind ?? 'web', name: 'web pool node', ...serving });
    expect(made.status, made.text).toBe(201);
    const key = generateEd25519();
    const machineId = `m-${Math.random().toString(36).slice(2)}`;
    const proof = signEd25519(key.privateKey, nodeEnrollMessage({ tokenSha256: sha256Hex(made.body.token), publicKey: key.publicKey, machineId }));
    const res = await t.app.inject({ method: 'POST', url: '/api/nodes/v1/enroll', payload: { token: made.body.token, publicKey: key.publicKey, machineId, fingerprint: 'fp', proof } });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().nodeId as string;
    const fake = await FakeNode.connect(url, { nodeId: id, secretKey: key.privateKey });
    const node = new WebNode(id, fake);
    opened.push({ node });
    const welcome = await fake.next('welcome');
    expect(welcome.browserStates).toBe(true);
    fake.send({
      type: 'hello',
      v: NODE_PROTOCOL_VERSION,
      nodeId: id,
      capabilities: {
        localVideoFile: 0,
        publishSettingsSnapshot: 1,
        concurrency: 2,
        platforms: ['juejin', 'weibo'],
        adapters: WEB_ADAPTERS,
        ...(o.browserStates === false ? {} : { browserStates: 1 }),
      },
      accounts: [],
      activeJobs: [],
    });
    node.beat = setInterval(() => fake.send({ type: 'heartbeat', activeJobs: [] }), 500);
    await eventually(async () => (await admin.get(`/api/admin/nodes/${id}`)).body.node.online).toBe(true);
    return node;
  }

  accounts(list: Array<{ ref: string; platform: string; userId?: number; loginState?: 'logged_in' | 'logged_out' | 'unknown' }>): void {
    this.fake.send({
      type: 'accounts',
      accounts: list.map((a) => ({ externalRef: a.ref, platform: a.platform, displayName: `name ${a.ref}`, loginState: a.loginState ?? 'logged_in', ...(a.userId ? { userId: a.userId } : {}) })),
    });
  }

  state(ref: string, state: StorageState, userId?: number): void {
    this.fake.send({ type: 'storage_state', externalRef: ref, ...(userId ? { userId } : {}), state });
  }

  /** Every account_state received so far (kept aside, in order). */
  statesReceived() {
    return this.fake.received.filter((m) => m.type === 'account_state');
  }

  /** Stops heartbeating and cuts the socket (a vanished node). */
  stop(): void {
    if (this.beat) clearInterval(this.beat);
    this.beat = null;
    this.fake.kill();
  }
}

/** What juejin requires of an article (its settings contract). */
const JUEJIN = { juejin: { category: 'backend', tags: ['TypeScript'] } };

const stateOf = (secret: string): StorageState => ({
  cookies: [{ name: 'sessionid', value: secret, domain: '.juejin.cn', path: '/', expires: 1_900_000_000, httpOnly: true, secure: true, sameSite: 'Lax' }],
  origins: [{ origin: 'https://juejin.cn', localStorage: [{ name: 'user', value: secret }] }],
});

async function accountId(nodeId: string, ref: string): Promise<number> {
  await eventually(async () => (await rows(db(), sql`select 1 from accounts where node_id = ${nodeId} and external_ref = ${ref}`)).length).toBe(1);
  return Number((await rows<{ id: number }>(db(), sql`select id from accounts where node_id = ${nodeId} and external_ref = ${ref}`))[0]!.id);
}

const sealedRow = async (id: number) => (await rows<{ sealed: string; reportedBy: string }>(db(), sql`select sealed, reported_by as "reportedBy" from account_browser_states where account_id = ${id}`))[0];
const nodeOf = async (id: number) => (await rows<{ nodeId: string }>(db(), sql`select node_id as "nodeId" from accounts where id = ${id}`))[0]!.nodeId;
/** The account list is cached per replica and refreshed by a NOTIFY a moment after each change: read it with eventually(). */
const listed = async (user: TestUser, id: number, contentType = 'article') =>
  (await v1(t.app, user, 'GET', `/accounts?contentType=${contentType}`)).body.accounts.find((a: { id: number }) => a.id === id) as Record<string, any>;

describe('routing executor=web', () => {
  it('routes to the web node holding the account, and says why not when it cannot', async () => {
    const [alice, bob] = [await createUser(t.app, t.adminHeaders), await createUser(t.app, t.adminHeaders)];
    const web = await WebNode.start({ allUsers: true });
    web.accounts([
      { ref: 'jj_route', platform: 'juejin', userId: alice.id },
      { ref: 'wb_route', platform: 'weibo', userId: bob.id },
      // No owner named on a node serving all users, and an owner that does not exist: neither is recorded.
      { ref: 'jj_nobody', platform: 'juejin' },
      { ref: 'jj_ghost', platform: 'juejin', userId: 999_999 },
    ]);
    const jj = await accountId(web.id, 'jj_route');
    const wb = await accountId(web.id, 'wb_route');
    expect(await rows(db(), sql`select 1 from accounts where external_ref in ('jj_nobody', 'jj_ghost')`)).toEqual([]);
    expect(await rows<{ userId: number }>(db(), sql`select user_id as "userId" from accounts where id = ${wb}`)).toEqual([{ userId: bob.id }]);

    await eventually(async () => (await listed(alice, jj))?.publishable).toBe(true);
    expect(await listed(alice, jj)).toMatchObject({ executor: 'web', executor_online: true, node_id: web.id, content_types: ['article'], unpublishable_reasons: [] });
    // Each user sees their own account only.
    expect((await v1(t.app, alice, 'GET', '/accounts')).body.accounts.map((a: { id: number }) => a.id)).not.toContain(wb);
    await eventually(async () => (await listed(bob, wb, 'dynamic'))?.publishable).toBe(true);

    const article = await createArticle(f, alice.id);
    const pre = await v1(t.app, alice, 'POST', '/publish/preflight', { contentType: 'article', articleId: article, executor: 'web', accountIds: [jj], platformSettings: JUEJIN });
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    expect(pre.body).toMatchObject({ valid: true, targets: [{ account_id: jj, executor: 'web' }] });
    expect(await v1(t.app, alice, 'POST', '/publish/preflight', { contentType: 'article', articleId: article, executor: 'edge', accountIds: [jj], platformSettings: JUEJIN })).toMatchObject({
      status: 422,
      body: { error: { code: 'executor_mismatch' } },
    });
    // Local files exist only on edge and desktop executors.
    const dyn = await v1(t.app, bob, 'POST', '/publish/preflight', { contentType: 'dynamic', executor: 'web', accountIds: [wb], content: 'hi', images: ['/srv/a.png'] });
    expect(dyn).toMatchObject({ status: 422, body: { error: { code: 'image_path_invalid' } } });
    expect((await v1(t.app, bob, 'POST', '/publish/preflight', { contentType: 'dynamic', executor: 'web', accountIds: [wb], content: 'hi' })).body.valid).toBe(true);

    // Drained, with no browser state sealed to move with: the account stays, unpublishable, with its reason.
    expect((await admin.post(`/api/admin/nodes/${web.id}/drain`)).status).toBe(200);
    await eventually(async () => (await listed(alice, jj)).unpublishable_reasons).toEqual(['web_node_unavailable']);
    expect(await listed(alice, jj)).toMatchObject({ publishable: false, executor_online: false, node_id: web.id });
    const after = await v1(t.app, alice, 'POST', '/publish/preflight', { contentType: 'article', articleId: article, executor: 'web', accountIds: [jj], platformSettings: JUEJIN });
    expect(after.body.valid).toBe(false);
    expect(after.body.problems.map((p: { code: string }) => p.code).sort()).toEqual(['account_not_publishable', 'executor_offline']);
    expect(after.body.problems.find((p: { code: string }) => p.code === 'account_not_publishable').message).toMatch(/web node is offline or draining/);
    expect(await v1(t.app, alice, 'POST', '/publish', { articleId: article, executor: 'web', accountIds: [jj], platformSettings: JUEJIN })).toMatchObject({ status: 409 });
    expect(await nodeOf(jj)).toBe(web.id);
  });
});

describe('sealed browser states', () => {
  it('keeps a web node\'s report of its own account sealed, bound to the account; refuses any other', async () => {
    const [alice, bob] = [await createUser(t.app, t.adminHeaders), await createUser(t.app, t.adminHeaders)];
    const web = await WebNode.start({ allUsers: true });
    web.accounts([{ ref: 'jj_seal', platform: 'juejin', userId: alice.id }]);
    const id = await accountId(web.id, 'jj_seal');
    web.state('jj_seal', stateOf('SECRET-alice-1'), alice.id);
    await eventually(async () => (await sealedRow(id))?.reportedBy).toBe(web.id);
    const { sealed } = (await sealedRow(id))!;
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('SECRET');
    const sealer = new Sealer(db(), undefined);
    expect(JSON.parse(await sealer.open(sealed, browserStateAad({ accountId: id, userId: alice.id, platform: 'juejin' })))).toEqual(stateOf('SECRET-alice-1'));
    await expect(sealer.open(sealed, browserStateAad({ accountId: id, userId: bob.id, platform: 'juejin' }))).rejects.toThrow();

    // Named for another user, or for an account this node does not hold: dropped, the sealed state unchanged.
    web.state('jj_seal', stateOf('SECRET-bob'), bob.id);
    web.state('jj_not_here', stateOf('SECRET-x'), alice.id);
    // An edge node has no business sending one.
    const edge = await WebNode.start({ userIds: [alice.id] }, { kind: 'edge', browserStates: false });
    edge.state('jj_seal', stateOf('SECRET-edge'));
    expect((await edge.fake.next('error')).code).toBe('storage_state_refused');
    web.state('jj_seal', stateOf('SECRET-alice-2'));
    await eventually(async () => JSON.parse(await sealer.open((await sealedRow(id))!.sealed, browserStateAad({ accountId: id, userId: alice.id, platform: 'juejin' }))).cookies[0].value).toBe(
      'SECRET-alice-2',
    );
    expect(await rows(db(), sql`select 1 from account_browser_states s join accounts a on a.id = s.account_id where a.external_ref = 'jj_not_here'`)).toEqual([]);
  });
});

describe('moving accounts between web nodes', () => {
  it('a drained node hands its account to another web node serving the user, with the state; its queued job follows; nobody gets another user\'s state', async () => {
    const [alice, bob] = [await createUser(t.app, t.adminHeaders), await createUser(t.app, t.adminHeaders)];
    const one = await WebNode.start({ allUsers: true });
    one.accounts([
      { ref: 'jj_move', platform: 'juejin', userId: alice.id },
      { ref: 'wb_stay', platform: 'weibo', userId: bob.id },
    ]);
    const jj = await accountId(one.id, 'jj_move');
    const wb = await accountId(one.id, 'wb_stay');
    one.state('jj_move', stateOf('SECRET-alice'), alice.id);
    one.state('wb_stay', stateOf('SECRET-bob'), bob.id);
    await eventually(async () => ((await sealedRow(jj)) && (await sealedRow(wb)) ? 'both' : 'not yet')).toBe('both');
    // The second node serves alice only.
    const two = await WebNode.start({ userIds: [alice.id] });

    // A job for alice's account, handed back busy by the first node: queued there when the drain comes.
    await eventually(async () => (await listed(alice, jj))?.publishable).toBe(true);
    const article = await createArticle(f, alice.id, { title: 'Moves with its account' });
    const published = await v1(t.app, alice, 'POST', '/publish', { articleId: article, executor: 'web', accountIds: [jj], platformSettings: JUEJIN });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const jobId = published.body.jobs[0].job_id as string;
    // The first node is busy: it hands back every offer of the job, the one after the reject backoff
    // (300 ms) too, which a slow machine makes before the drain; an offer left open would keep the
    // account where it is until the offer deadline (30 s).
    void (async () => {
      for (;;) {
        const offer = await one.fake.next('offer', (o) => o.jobId === jobId);
        one.fake.send({ type: 'reject', jobId, attemptId: offer.attemptId, reason: 'busy' });
      }
    })().catch(() => {});
    // Queued again after an offer (a job not yet offered has no attempt).
    await eventually(async () => (await rows<{ state: string }>(db(), sql`select state from publish_jobs where id = ${jobId} and attempt_id is not null`))[0]?.state).toBe('queued');
    expect((await admin.post(`/api/admin/nodes/${one.id}/drain`)).status).toBe(200);

    // The account moves to the second node, which is sent alice's state and nothing else.
    const delivered = await two.fake.next('account_state');
    expect(delivered).toEqual({ type: 'account_state', account: { externalRef: 'jj_move', platform: 'juejin', displayName: 'name jj_move', userId: alice.id }, state: stateOf('SECRET-alice') });
    expect(await nodeOf(jj)).toBe(two.id);
    await eventually(async () => await listed(alice, jj)).toMatchObject({ node_id: two.id, login_state: 'unknown', publishable: false });
    // Once the node reports the account (logged in, after checking it), the job goes there.
    two.accounts([{ ref: 'jj_move', platform: 'juejin', userId: alice.id }]);
    await eventually(async () => (await listed(alice, jj))?.publishable).toBe(true);
    const moved = await two.fake.next('offer', (o) => o.jobId === jobId);
    two.fake.send({ type: 'accept', jobId, attemptId: moved.attemptId });
    expect((await two.fake.next('start', (s) => s.jobId === jobId)).job.account).toMatchObject({ id: jj, externalRef: 'jj_move' });

    // Bob's account had nowhere to go (the second node does not serve bob): it stays, and its state went nowhere.
    // (The sweep pass that moved alice's account, stranded with it by the drain, is the one that left it.)
    expect(await nodeOf(wb)).toBe(one.id);
    expect((await listed(bob, wb)).unpublishable_reasons).toEqual(['web_node_unavailable']);
    expect(two.statesReceived()).toEqual([]);
    // Even were bob's account bound to the second node, its state would not be sent there while that node does not serve bob.
    // Alice's state, marked unsent in the same transaction, is sent again by the next delivery: the one
    // statement that picked it (and marks what it picks) passed bob's over.
    await db().transaction(async (tx) => {
      await tx.execute(sql`update accounts set node_id = ${two.id} where id = ${wb}`);
      await tx.execute(sql`update account_browser_states set sent_to_node_id = null, sent_epoch = null, sent_at = null where account_id = ${jj}`);
    });
    expect((await two.fake.next('account_state')).account.externalRef).toBe('jj_move');
    expect((await rows<{ sentTo: string | null }>(db(), sql`select sent_to_node_id as "sentTo" from account_browser_states where account_id = ${wb}`))[0]!.sentTo).toBeNull();
    expect(two.statesReceived()).toEqual([]);
    await db().execute(sql`update accounts set node_id = ${one.id} where id = ${wb}`);

    // The first node, resumed, still reports its copy of alice's account: that changes nothing. The same
    // report brings a new account, written by the same statement: once it is listed, the report was taken.
    expect((await admin.post(`/api/admin/nodes/${one.id}/resume`)).status).toBe(200);
    one.accounts([
      { ref: 'jj_move', platform: 'juejin', userId: alice.id, loginState: 'logged_out' },
      { ref: 'jj_marker', platform: 'juejin', userId: alice.id },
    ]);
    const marker = await accountId(one.id, 'jj_marker');
    await eventually(async () => (await listed(alice, marker))?.node_id).toBe(one.id);
    expect(await rows(db(), sql`select id from accounts where external_ref = 'jj_move'`)).toEqual([{ id: jj }]);
    expect((await listed(alice, jj)).publishable).toBe(true);
  });

  it('a silent node keeps its accounts for the failover time, then hands them on; a node no longer serving the user too', async () => {
    const alice = await createUser(t.app, t.adminHeaders);
    const one = await WebNode.start({ userIds: [alice.id] });
    one.accounts([{ ref: 'wb_failover', platform: 'weibo', userId: alice.id }]);
    const id = await accountId(one.id, 'wb_failover');
    one.state('wb_failover', stateOf('SECRET-failover'), alice.id);
    await eventually(async () => (await sealedRow(id))?.reportedBy).toBe(one.id);
    const two = await WebNode.start({ allUsers: true });

    one.stop();
    const stoppedAt = Date.now();
    await eventually(async () => (await listed(alice, id, 'dynamic')).unpublishable_reasons).toEqual(['web_node_unavailable']);
    const delivered = await two.fake.next('account_state');
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(TIMERS.webFailoverMs - 500);
    expect(delivered.account).toEqual({ externalRef: 'wb_failover', platform: 'weibo', displayName: 'name wb_failover', userId: alice.id });
    expect(delivered.state).toEqual(stateOf('SECRET-failover'));

    // The second node stops serving alice (it served all users): the account leaves it for a third.
    two.accounts([{ ref: 'wb_failover', platform: 'weibo', userId: alice.id }]);
    two.state('wb_failover', stateOf('SECRET-failover-2'), alice.id);
    await eventually(async () => (await sealedRow(id))?.reportedBy).toBe(two.id);
    const three = await WebNode.start({ userIds: [alice.id] });
    expect((await admin.post(`/api/admin/nodes/${two.id}/users/remove`, { allUsers: true })).status).toBe(200);
    expect((await three.fake.next('account_state')).state).toEqual(stateOf('SECRET-failover-2'));
    expect(await nodeOf(id)).toBe(three.id);
  });

  it('a sealed state altered in the database, or copied from another account, is never sent: the account needs a new login', async () => {
    const alice = await createUser(t.app, t.adminHeaders);
    const one = await WebNode.start({ userIds: [alice.id] });
    one.accounts([
      { ref: 'jj_tamper', platform: 'juejin', userId: alice.id },
      { ref: 'jj_copied', platform: 'juejin', userId: alice.id },
      // Untouched: moves with the others and is delivered after them, in the same pass.
      { ref: 'jj_intact', platform: 'juejin', userId: alice.id },
    ]);
    const tampered = await accountId(one.id, 'jj_tamper');
    const copied = await accountId(one.id, 'jj_copied');
    const intact = await accountId(one.id, 'jj_intact');
    one.state('jj_tamper', stateOf('SECRET-tamper'), alice.id);
    one.state('jj_copied', stateOf('SECRET-copied'), alice.id);
    one.state('jj_intact', stateOf('SECRET-intact'), alice.id);
    await eventually(async () => ((await sealedRow(tampered)) && (await sealedRow(copied)) && (await sealedRow(intact)) ? 'all' : 'not yet')).toBe('all');
    // The second account's row gets a state sealed (validly) for the first; then the first's ciphertext has one bit flipped.
    const valid = (await sealedRow(tampered))!.sealed;
    await db().execute(sql`update account_browser_states set sealed = ${valid} where account_id = ${copied}`);
    const [v, iv, tag, data] = valid.split('.') as [string, string, string, string];
    const flipped = Buffer.from(data, 'base64url');
    flipped[0]! ^= 1;
    await db().execute(sql`update account_browser_states set sealed = ${[v, iv, tag, flipped.toString('base64url')].join('.')} where account_id = ${tampered}`);

    const two = await WebNode.start({ userIds: [alice.id] });
    expect((await admin.post(`/api/admin/nodes/${one.id}/drain`)).status).toBe(200);
    await eventually(async () => [await nodeOf(tampered), await nodeOf(copied), await nodeOf(intact)]).toEqual([two.id, two.id, two.id]);
    // Marked sent (so never tried again), yet nothing went out but the intact state, which the same
    // delivery sends after the other two.
    await eventually(async () => (await rows<{ n: number }>(db(), sql`select count(*)::int as n from account_browser_states where sent_to_node_id = ${two.id}`))[0]!.n).toBe(3);
    expect(await two.fake.next('account_state')).toMatchObject({ account: { externalRef: 'jj_intact' }, state: stateOf('SECRET-intact') });
    expect(two.statesReceived()).toEqual([]);
    two.accounts([]);
    // The handover already left it unpublishable (login unknown): wait for the node's own report.
    await eventually(async () => (await listed(alice, tampered)).unpublishable_reasons).toContain('logged_out');
    expect((await listed(alice, tampered)).publishable).toBe(false);
  });
});
