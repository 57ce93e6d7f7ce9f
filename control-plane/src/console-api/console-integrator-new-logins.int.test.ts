/**
 * An integrator logs a new platform account in from the console: the nodes
 * that serve them and are online are listed with the platforms each opens a
 * login page for; a login started on one of them reaches the node (a
 * scripted node on a real socket) for this integrator and no account in
 * particular, and the account the node then reports is in their list. Every
 * refusal answers the console envelope with a stable code, and a node that
 * does not serve them answers exactly as an unknown one.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.js';
import { connectEnrolledNode, type EnrolledFakeNode } from '../nodes/testing/fake-node.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { ConsoleClient, type ConsoleReply, type Person, person } from '../testing/console.js';
import { createUser, type TestUser } from '../testing/openapi.js';
import { FULL_CAPABILITIES, createNode, fixturesOf } from '../testing/publish.js';

let t: TestApp;
let user: TestUser;
let me: Person;
/** An admin, a viewer, and another integrator, made before the tests: inviting hashes a password, slow on a busy machine. */
let admin: Person;
let viewer: Person;
let them: Person;
let node: EnrolledFakeNode;
/** Nodes of this integrator that list nothing (offline, draining, revoked, no login page) and one of another integrator. */
const other = { offline: '', draining: '', revoked: '', noLogins: '', theirs: '', theirsRevoked: '', theirsOffline: '' };
let web = '';
const db = () => t.db.database.db;

const openLogins = async () => (await rows<{ n: number }>(db(), sql`select count(*)::int as n from node_logins where ended_at is null`))[0]!.n;

function expectEnvelope(res: ConsoleReply, status: number, code: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers['x-request-id']).toMatch(/^req_/);
  expect(res.body).toEqual({ error: { code, message: expect.any(String) } });
}

const start = (body: unknown, client = me.client) => client.post('/api/console/me/logins', body);

/** Ends every open login of the test's node, so the next test starts from none. */
async function cancelAll(): Promise<void> {
  const open = await rows<{ id: string }>(db(), sql`select id from node_logins where ended_at is null`);
  for (const { id } of open) expect((await me.client.delete(`/api/console/me/logins/${id}`)).status).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  user = await createUser(t.app, t.adminHeaders);
  me = await person(t, 'user', { integratorUserId: user.id });
  // The node reports one code the catalog lacks and the platforms out of the catalog's order.
  node = await connectEnrolledNode(url, t.adminHeaders, { name: 'edge at the office', userIds: [user.id], logins: ['bilibili', 'myspace', 'douyin', 'douyin'] });
  const f = fixturesOf(t);
  const withLogins = { ...FULL_CAPABILITIES, logins: ['douyin'] };
  other.offline = await createNode(f, { userIds: [user.id], online: false, capabilities: withLogins, name: 'edge-basement' });
  other.draining = await createNode(f, { userIds: [user.id], capabilities: withLogins, name: 'edge-draining' });
  other.revoked = await createNode(f, { userIds: [user.id], capabilities: withLogins, name: 'edge-revoked' });
  other.noLogins = await createNode(f, { userIds: [user.id], capabilities: { ...FULL_CAPABILITIES, logins: [] }, name: 'edge-no-logins' });
  const stranger = await createUser(t.app, t.adminHeaders);
  [admin, viewer, them] = await Promise.all([person(t, 'admin'), person(t, 'viewer'), person(t, 'user', { integratorUserId: (await createUser(t.app, t.adminHeaders)).id })]);
  other.theirs = await createNode(f, { userIds: [stranger.id], capabilities: withLogins, name: 'their edge' });
  other.theirsRevoked = await createNode(f, { userIds: [stranger.id], capabilities: withLogins, name: 'their revoked edge' });
  other.theirsOffline = await createNode(f, { userIds: [stranger.id], online: false, capabilities: withLogins, name: 'their offline edge' });
  web = await createNode(f, { kind: 'web', userIds: [], allUsers: true, capabilities: { ...FULL_CAPABILITIES, logins: ['weibo'] }, name: 'web pool 1' });
  await db().execute(sql`update execution_nodes set status = 'draining' where id = ${other.draining}`);
  await db().execute(sql`update execution_nodes set status = 'revoked', revoked_at = now() where id in (${other.revoked}, ${other.theirsRevoked})`);
}, 120_000);
afterAll(async () => {
  await node?.stop();
  await t?.close();
});

describe('happy path', () => {
  it('lists only the nodes that serve the integrator and are online, with the catalog platforms each opens a login page for', async () => {
    const res = await me.client.get('/api/console/me/login-nodes');
    expect(res.status).toBe(200);
    expect(res.body.nodes).toEqual([
      { id: node.id, name: 'edge at the office', kind: 'edge', platforms: [{ platform: 'douyin', platformName: 'Douyin' }, { platform: 'bilibili', platformName: 'Bilibili' }] },
      { id: web, name: 'web pool 1', kind: 'web', platforms: [{ platform: 'weibo', platformName: 'Weibo' }] },
    ]);
  });

  it('starts a login on the node for the integrator and no account in particular; the account the node then reports is in their list', async () => {
    const started = await start({ nodeId: node.id, platform: 'douyin' });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const login = started.body.login;
    expect(login).toMatchObject({ id: expect.stringMatching(/^lgn_/), platform: 'douyin', state: 'opening', endedAt: null });
    const open = await node.fake.next('login_open');
    expect(open).toMatchObject({ loginId: login.id, platform: 'douyin', userId: user.id });
    expect(open).not.toHaveProperty('accountRef');
    const [row] = await rows<{ accountRef: string | null; createdBy: string }>(db(), sql`select account_ref as "accountRef", created_by as "createdBy" from node_logins where id = ${login.id}`);
    expect(row).toEqual({ accountRef: null, createdBy: `console:${me.email}` });

    // The same stream, input and cancel as a relog: the login is the integrator's own.
    expect((await me.client.post(`/api/console/me/logins/${login.id}/input`, { type: 'text', text: '13800000000' })).status).toBe(202);
    expect(await node.fake.next('login_input')).toMatchObject({ loginId: login.id, input: { type: 'text', text: '13800000000' } });

    node.fake.send({ type: 'login_event', loginId: login.id, event: { type: 'succeeded', externalRef: 'dy_new_1', displayName: 'Douyin brand-new' } });
    // What the daemon does after a login: it reports the accounts it now holds.
    node.fake.send({ type: 'accounts', accounts: [{ externalRef: 'dy_new_1', platform: 'douyin', displayName: 'Douyin brand-new', loginState: 'logged_in', userId: user.id }] });
    await expect.poll(async () => (await me.client.get(`/api/console/me/logins/${login.id}`)).body.login.state).toBe('succeeded');
    await expect
      .poll(async () => (await me.client.get('/api/console/me/accounts')).body.accounts.find((a: any) => a.displayName === 'Douyin brand-new'))
      .toMatchObject({ platform: 'douyin', loginState: 'logged_in', node: { id: node.id, online: true }, canLogIn: true });
  });

  it('a new login can be cancelled: the node is told to close its browser', async () => {
    const { login } = (await start({ nodeId: node.id, platform: 'bilibili' })).body;
    await node.fake.next('login_open');
    const cancelled = await me.client.delete(`/api/console/me/logins/${login.id}`);
    expect(cancelled.body.login).toMatchObject({ state: 'failed', outcome: { code: 'cancelled' } });
    expect(await node.fake.next('login_cancel')).toMatchObject({ loginId: login.id, reason: 'cancelled' });
  });
});

describe('errors', () => {
  it('another integrator\'s node answers 404 node_not_found exactly as an unknown one, whatever its state; nothing is started', async () => {
    const unknown = await start({ nodeId: 'node_doesnotexist', platform: 'douyin' });
    expectEnvelope(unknown, 404, 'node_not_found');
    for (const id of [other.theirs, other.theirsRevoked, other.theirsOffline]) {
      const res = await start({ nodeId: id, platform: 'douyin' });
      expectEnvelope(res, 404, 'node_not_found');
      expect(res.body.error.message.replace(id, 'ID')).toBe(unknown.body.error.message.replace('node_doesnotexist', 'ID'));
    }
    expect(await openLogins()).toBe(0);
  });

  it('an offline or draining node, a revoked one, a platform the node opens no login page for: 409 with its code', async () => {
    for (const [body, code] of [
      [{ nodeId: other.offline, platform: 'douyin' }, 'node_offline'],
      [{ nodeId: other.draining, platform: 'douyin' }, 'node_offline'],
      [{ nodeId: other.revoked, platform: 'douyin' }, 'node_revoked'],
      [{ nodeId: other.noLogins, platform: 'douyin' }, 'login_platform_unsupported'],
      [{ nodeId: node.id, platform: 'weibo' }, 'login_platform_unsupported'],
    ] as const) {
      expectEnvelope(await start(body), 409, code);
    }
    const unsupported = await start({ nodeId: node.id, platform: 'kuaishou' });
    expect(unsupported.body.error.message).toContain('Kuaishou');
    expect(await openLogins()).toBe(0);
  });

  it('hostile bodies: wrong types, NUL bytes, overlong or script-bearing ids, unknown or CMS platforms, unknown fields: 400; bad JSON 400; oversize 413', async () => {
    for (const body of [
      { nodeId: 42, platform: 'douyin' },
      { nodeId: node.id, platform: ['douyin'] },
      { nodeId: node.id },
      { platform: 'douyin' },
      { nodeId: node.id, platform: 'douyin', userId: 1 },
      { nodeId: node.id, platform: 'douyin', accountRef: 'dy_4411' },
      { nodeId: `node_${'x'.repeat(300)}`, platform: 'douyin' },
      { nodeId: 'node_<script>alert(1)</script>', platform: 'douyin' },
      { nodeId: '../node_x', platform: 'douyin' },
      { nodeId: node.id, platform: 'myspace' },
      { nodeId: node.id, platform: 'wordpress' },
      { nodeId: node.id, platform: 'DOUYIN' },
      `{"nodeId":"${node.id}\\u0000","platform":"douyin"}`,
      `{"nodeId":"${node.id}","platform":"dou\\u0000yin"}`,
      [],
      'null',
    ]) {
      expectEnvelope(await start(body), 400, 'validation_failed');
    }
    expectEnvelope(await start(`{"nodeId":"${node.id}",`), 400, 'invalid_json');
    expectEnvelope(await start({ nodeId: node.id, platform: 'douyin', pad: 'x'.repeat(5000) }), 413, 'payload_too_large');
    expect(await openLogins()).toBe(0);
  });

  it(`at most three logins open per integrator, also when asked for at once: the rest answer 409 too_many_logins`, async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => start({ nodeId: node.id, platform: 'douyin' })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    for (const refused of answers.filter((a) => a.status !== 201)) expectEnvelope(refused, 409, 'too_many_logins');
    expect(await openLogins()).toBe(3);
    // A relog counts too.
    const [account] = (await me.client.get('/api/console/me/accounts')).body.accounts;
    expectEnvelope(await me.client.post(`/api/console/me/accounts/${account.id}/login`), 409, 'too_many_logins');
    await cancelAll();
    expect((await start({ nodeId: node.id, platform: 'douyin' })).status).toBe(201);
    await cancelAll();
  });
});

describe('auth', () => {
  it('admins and viewers are forbidden; no session, an API key or an admin token is 401; a POST without the CSRF token is 403; another integrator cannot touch the login', async () => {
    for (const p of [admin, viewer]) {
      expectEnvelope(await p.client.get('/api/console/me/login-nodes'), 403, 'forbidden');
      expectEnvelope(await start({ nodeId: node.id, platform: 'douyin' }, p.client), 403, 'forbidden');
    }
    const anonymous = new ConsoleClient(t.app);
    for (const headers of [{}, user.headers, t.adminHeaders]) {
      expectEnvelope(await anonymous.request('GET', '/api/console/me/login-nodes', undefined, { headers }), 401, 'not_authenticated');
      expectEnvelope(await anonymous.request('POST', '/api/console/me/logins', { nodeId: node.id, platform: 'douyin' }, { headers }), 401, 'not_authenticated');
    }
    expectEnvelope(await me.client.post('/api/console/me/logins', { nodeId: node.id, platform: 'douyin' }, { csrf: false }), 403, 'csrf_failed');
    expectEnvelope(await me.client.post('/api/console/me/logins', { nodeId: node.id, platform: 'douyin' }, { csrf: false, headers: { 'x-csrf-token': 'forged' } }), 403, 'csrf_failed');
    expect(await openLogins()).toBe(0);

    // Another integrator sees none of this integrator's nodes, and cannot touch their new login.
    expect((await them.client.get('/api/console/me/login-nodes')).body.nodes.map((n: any) => n.id)).toEqual([web]);
    expectEnvelope(await start({ nodeId: node.id, platform: 'douyin' }, them.client), 404, 'node_not_found');
    const { login } = (await start({ nodeId: node.id, platform: 'douyin' })).body;
    await node.fake.next('login_open');
    expectEnvelope(await them.client.post(`/api/console/me/logins/${login.id}/input`, { type: 'text', text: 'hijack' }), 404, 'not_found');
    expectEnvelope(await them.client.delete(`/api/console/me/logins/${login.id}`), 404, 'not_found');
    await cancelAll();
  });
});
