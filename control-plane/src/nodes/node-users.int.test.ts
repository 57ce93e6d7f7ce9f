/**
 * The users an enrolled node serves, changed by an operator: a web node
 * enrolled for all users (the web pool) and one given or denied users after
 * enrollment; what each change does to the account list (publishable, or
 * node_not_authorized) and to GET /execution-nodes; the audit row each write
 * leaves with what it changed; the refusals (kinds other than web for all
 * users, unknown users and nodes, revoked nodes, empty changes); admin auth.
 */
import { randomBytes } from 'node:crypto';
import { nodeEnrollMessage, sha256Hex } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEd25519, signEd25519 } from '../crypto/ed25519.js';
import { rows } from '../db/client.js';
import { type AdminClient, adminClient } from '../testing/admin-client.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { eventually } from '../testing/eventually.js';
import { createUser, type TestUser, v1 } from '../testing/openapi.js';
import { createAccount, createNode, type Fixtures, fixturesOf } from '../testing/publish.js';

let t: TestApp;
let f: Fixtures;
let admin: AdminClient;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  f = fixturesOf(t);
  admin = adminClient(t);
  [alice, bob] = [await createUser(t.app, t.adminHeaders), await createUser(t.app, t.adminHeaders)];
}, 60_000);
afterAll(async () => t?.close());

async function enrollWith(body: Record<string, unknown>) {
  const token = await admin.post('/api/admin/nodes/enrollment-tokens', { name: `n-${randomBytes(3).toString('hex')}`, ...body });
  if (token.status !== 201) return { token, enrolled: null };
  const key = generateEd25519();
  const machineId = `m-${randomBytes(4).toString('hex')}`;
  const proof = signEd25519(key.privateKey, nodeEnrollMessage({ tokenSha256: sha256Hex(token.body.token), publicKey: key.publicKey, machineId }));
  const res = await t.app.inject({ method: 'POST', url: '/api/nodes/v1/enroll', payload: { token: token.body.token, publicKey: key.publicKey, machineId, fingerprint: 'fp', proof } });
  return { token, enrolled: res };
}

const accountOf = async (user: TestUser, id: number) => (await v1(t.app, user, 'GET', '/accounts?contentType=article')).body.accounts.find((a: { id: number }) => a.id === id);
/** The account list is cached per replica and dropped by a NOTIFY a moment after the change commits (accounts-cache.ts). */
const reasonsOf = (user: TestUser, id: number) => eventually(async () => (await accountOf(user, id)).unpublishable_reasons);

async function auditDetail(path: string): Promise<Record<string, any>> {
  const [row] = await rows<{ detail: Record<string, any> }>(t.db.database.db, sql`select detail from admin_audit_log where path = ${path} order by id desc limit 1`);
  return row!.detail;
}

describe('happy path', () => {
  it('enrolls a web node for all users: the token, the enroll answer and the node say so, and every user sees it', async () => {
    const { token, enrolled } = await enrollWith({ kind: 'web', allUsers: true });
    expect(token.body).toMatchObject({ kind: 'web', allUsers: true, userIds: [] });
    expect(enrolled!.statusCode).toBe(201);
    expect(enrolled!.json()).toMatchObject({ kind: 'web', allUsers: true, userIds: [] });
    const nodeId = enrolled!.json().nodeId as string;
    expect((await admin.get(`/api/admin/nodes/${nodeId}`)).body.node).toMatchObject({ kind: 'web', allUsers: true, userIds: [] });
    expect((await admin.get(`/api/admin/nodes/${nodeId}/users`)).body).toEqual({ success: true, node: { id: nodeId, kind: 'web', status: 'active', allUsers: true, userIds: [] } });
    const listed = (await admin.get('/api/admin/nodes/enrollment-tokens', { pageSize: 500 })).body.items.find((k: { id: string }) => k.id === token.body.id);
    expect(listed).toMatchObject({ allUsers: true, state: 'used', nodeId });
    // A user created after the enrollment is served too.
    const carol = await createUser(t.app, t.adminHeaders);
    for (const user of [alice, bob, carol]) {
      const nodes = (await v1(t.app, user, 'GET', '/execution-nodes')).body.nodes.map((n: { node_id: string }) => n.node_id);
      expect(nodes).toContain(nodeId);
    }
  });

  it('adds and removes users of an enrolled node: the account list follows, the answers name only what changed, and the audit log records it', async () => {
    const nodeId = await createNode(f, { kind: 'edge', userIds: [alice.id] });
    const aliceAccount = await createAccount(f, alice.id, { platform: 'zhihu', nodeId });
    // An account of bob's on that node (reported before bob was taken off it, say): not authorized.
    const bobAccount = await createAccount(f, bob.id, { platform: 'zhihu', nodeId });
    expect(await accountOf(bob, bobAccount)).toMatchObject({ publishable: false, unpublishable_reasons: ['node_not_authorized'] });
    expect((await v1(t.app, bob, 'GET', '/execution-nodes')).body.nodes.map((n: { node_id: string }) => n.node_id)).not.toContain(nodeId);

    const added = await admin.post(`/api/admin/nodes/${nodeId}/users/add`, { userIds: [bob.id, alice.id] });
    expect(added.body).toEqual({ success: true, node: { id: nodeId, kind: 'edge', status: 'active', allUsers: false, userIds: [alice.id, bob.id].sort((a, b) => a - b) }, added: [bob.id] });
    expect(await auditDetail(`/api/admin/nodes/${nodeId}/users/add`)).toMatchObject({ params: { nodeId }, added: [bob.id], removed: [], allUsers: { before: false, after: false } });
    await reasonsOf(bob, bobAccount).toEqual([]);
    expect(await accountOf(bob, bobAccount)).toMatchObject({ publishable: true });
    expect((await v1(t.app, bob, 'GET', '/execution-nodes')).body.nodes.map((n: { node_id: string }) => n.node_id)).toContain(nodeId);
    expect((await admin.post(`/api/admin/nodes/${nodeId}/users/add`, { userIds: [bob.id] })).body.added).toEqual([]);

    const removed = await admin.post(`/api/admin/nodes/${nodeId}/users/remove`, { userIds: [alice.id, 999_999] });
    expect(removed.body).toEqual({ success: true, node: { id: nodeId, kind: 'edge', status: 'active', allUsers: false, userIds: [bob.id] }, removed: [alice.id] });
    expect(await auditDetail(`/api/admin/nodes/${nodeId}/users/remove`)).toMatchObject({ removed: [alice.id], added: [] });
    await reasonsOf(alice, aliceAccount).toEqual(['node_not_authorized']);
    // One audit row per write (the route's own, with what it changed; not a second generic one).
    const [count] = await rows<{ n: number }>(t.db.database.db, sql`select count(*)::int as n from admin_audit_log where path like ${`/api/admin/nodes/${nodeId}/users/%`}`);
    expect(count!.n).toBe(3);
  });

  it('gives a web node all users and takes them back; the users it names stay', async () => {
    const nodeId = await createNode(f, { kind: 'web', userIds: [alice.id] });
    const bobAccount = await createAccount(f, bob.id, { platform: 'juejin', executor: 'web', nodeId });
    expect((await accountOf(bob, bobAccount)).unpublishable_reasons).toContain('node_not_authorized');
    const all = await admin.post(`/api/admin/nodes/${nodeId}/users/add`, { allUsers: true });
    expect(all.body).toMatchObject({ node: { allUsers: true, userIds: [alice.id] }, added: [] });
    expect(await auditDetail(`/api/admin/nodes/${nodeId}/users/add`)).toMatchObject({ allUsers: { before: false, after: true } });
    await reasonsOf(bob, bobAccount).toEqual([]);
    expect(await accountOf(bob, bobAccount)).toMatchObject({ publishable: true, executor: 'web' });
    const back = await admin.post(`/api/admin/nodes/${nodeId}/users/remove`, { allUsers: true });
    expect(back.body).toMatchObject({ node: { allUsers: false, userIds: [alice.id] }, removed: [] });
    await reasonsOf(bob, bobAccount).toContain('node_not_authorized');
    expect((await admin.get('/api/admin/nodes')).body.items.find((n: { id: string }) => n.id === nodeId)).toMatchObject({ allUsers: false, userIds: [alice.id] });
  });
});

describe('errors', () => {
  it('all users is for web nodes only, at enrollment and after', async () => {
    expect((await enrollWith({ kind: 'edge', allUsers: true })).token).toMatchObject({ status: 409, body: { code: 'NODE_KIND_NOT_WEB' } });
    const edge = await createNode(f, { kind: 'edge', userIds: [alice.id] });
    expect(await admin.post(`/api/admin/nodes/${edge}/users/add`, { allUsers: true })).toMatchObject({ status: 409, body: { code: 'NODE_KIND_NOT_WEB' } });
    expect((await admin.get(`/api/admin/nodes/${edge}/users`)).body.node.allUsers).toBe(false);
  });

  it('refuses tokens naming both users and all users, or neither', async () => {
    expect((await enrollWith({ kind: 'web', allUsers: true, userIds: [alice.id] })).token).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    expect((await enrollWith({ kind: 'web' })).token).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    expect((await enrollWith({ kind: 'web', allUsers: false })).token).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
  });

  it('refuses unknown users and nodes, empty changes, and any change to a revoked node', async () => {
    const nodeId = await createNode(f, { kind: 'edge', userIds: [alice.id] });
    expect(await admin.post(`/api/admin/nodes/${nodeId}/users/add`, { userIds: [999_998] })).toMatchObject({ status: 404, body: { code: 'USER_NOT_FOUND' } });
    expect(await admin.post(`/api/admin/nodes/${nodeId}/users/add`, {})).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    expect(await admin.post(`/api/admin/nodes/${nodeId}/users/remove`, { userIds: [] })).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    expect(await admin.post(`/api/admin/nodes/${nodeId}/users/add`, { userIds: [0] })).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    expect(await admin.post('/api/admin/nodes/node_missing/users/add', { userIds: [alice.id] })).toMatchObject({ status: 404, body: { code: 'NODE_NOT_FOUND' } });
    expect(await admin.get('/api/admin/nodes/node_missing/users')).toMatchObject({ status: 404, body: { code: 'NODE_NOT_FOUND' } });
    expect((await admin.post(`/api/admin/nodes/${nodeId}/revoke`)).status).toBe(200);
    expect(await admin.post(`/api/admin/nodes/${nodeId}/users/add`, { userIds: [bob.id] })).toMatchObject({ status: 409, body: { code: 'NODE_REVOKED' } });
    expect(await admin.post(`/api/admin/nodes/${nodeId}/users/remove`, { userIds: [alice.id] })).toMatchObject({ status: 409, body: { code: 'NODE_REVOKED' } });
    expect((await admin.get(`/api/admin/nodes/${nodeId}/users`)).body.node.userIds).toEqual([alice.id]);
  });
});

describe('auth', () => {
  it('needs an admin token; a read token may list but not change', async () => {
    const nodeId = await createNode(f, { kind: 'edge', userIds: [alice.id] });
    expect((await admin.withToken(null).get(`/api/admin/nodes/${nodeId}/users`)).status).toBe(401);
    expect((await admin.withToken('wrong').post(`/api/admin/nodes/${nodeId}/users/add`, { userIds: [bob.id] })).status).toBe(401);
    const reader = await admin.post('/api/admin/tokens', { name: 'reader', scope: 'read' });
    const read = admin.withToken(reader.body.secret);
    expect((await read.get(`/api/admin/nodes/${nodeId}/users`)).status).toBe(200);
    expect(await read.post(`/api/admin/nodes/${nodeId}/users/add`, { userIds: [bob.id] })).toMatchObject({ status: 403, body: { code: 'ADMIN_FORBIDDEN' } });
    expect((await admin.get(`/api/admin/nodes/${nodeId}/users`)).body.node.userIds).toEqual([alice.id]);
  });
});
