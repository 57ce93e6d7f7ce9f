/**
 * Node enrollment and the signed WebSocket handshake against a listening
 * control plane: happy path, replay, skew, forged and revoked (the live
 * socket closes within a second and reconnects are refused), a newer session
 * superseding an older one, and the 4400 close for unknown messages.
 */
import { NODE_HEADERS, NODE_PATHS, nodeEnrollMessage, sha256Hex, signedNodeHeaders, fromBase64Url } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEd25519, signEd25519 } from '../control-plane/src/crypto/ed25519.js';
import { rows } from '../control-plane/src/db/client.js';
import { createDispatchHarness, type DispatchHarness } from '../control-plane/src/nodes/testing/dispatch-harness.js';
import { FakeNode, HandshakeRefused } from '../control-plane/src/nodes/testing/fake-node.js';
import { createTestDatabase, type TestDatabase } from '../control-plane/src/testing/db.js';
import { eventually } from '../control-plane/src/testing/eventually.js';

let db: TestDatabase;
let h: DispatchHarness;
let userId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  h = await createDispatchHarness(db);
  userId = await h.createUser();
});
afterAll(async () => {
  await h?.close();
  await db?.close();
});

const refused = async (p: Promise<unknown>): Promise<HandshakeRefused> => {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HandshakeRefused);
  return error as HandshakeRefused;
};
const nodeRow = async (id: string) =>
  (
    await rows<{ epoch: number; replica: string | null; status: string; capabilities: Record<string, unknown>; heartbeat: Date | null }>(
      db.database.db,
      sql`select session_epoch::int as epoch, connected_replica as replica, status, capabilities, last_heartbeat_at as heartbeat from execution_nodes where id = ${id}`,
    )
  )[0]!;

describe('happy path', () => {
  it('enrolls with a single-use token and connects with a signed handshake', async () => {
    const node = await h.enroll({ userIds: [userId], name: 'edge-1' });
    expect(node.nodeId).toMatch(/^node_/);
    const [stored] = await rows<{ tokenHash: string; usedAt: Date | null; fingerprint: string }>(
      db.database.db,
      sql`select token_hash as "tokenHash", used_at as "usedAt", fingerprint from node_enrollment_tokens where node_id = ${node.nodeId}`,
    );
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.usedAt).not.toBeNull();
    expect(stored!.fingerprint).toBe('fp-test');

    const connecting = Date.now();
    const fake = await FakeNode.connect(h.url, node);
    const welcome = await fake.hello(node.nodeId, {
      accounts: [{ externalRef: 'dy-001', platform: 'douyin', displayName: 'Douyin One', loginState: 'logged_in' }],
    });
    expect(welcome).toMatchObject({ v: 1, epoch: 1, leaseMs: 120_000, heartbeatMs: 20_000 });
    // The server's clock (this machine's) when it sent the welcome: between the connect and the hello's end, however long they took.
    expect(welcome.serverTime).toBeGreaterThanOrEqual(connecting);
    expect(welcome.serverTime).toBeLessThanOrEqual(Date.now());
    await eventually(async () => (await nodeRow(node.nodeId)).capabilities.publishSettingsSnapshot).toBe(1);
    const row = await nodeRow(node.nodeId);
    expect(row).toMatchObject({ epoch: 1, replica: h.hub.replicaId, status: 'active' });
    expect(row.heartbeat).not.toBeNull();
    // The hello's accounts are written after its capabilities, in a statement of their own.
    const accounts = () =>
      rows<{ userId: number; loginState: string; executor: string }>(
        db.database.db,
        sql`select user_id as "userId", login_state as "loginState", executor from accounts where node_id = ${node.nodeId} and external_ref = 'dy-001'`,
      );
    await eventually(accounts).toEqual([{ userId, loginState: 'logged_in', executor: 'edge' }]);

    const list = await h.app.inject({ method: 'GET', url: '/api/admin/nodes', headers: h.adminHeaders });
    const listed = list.json().items.find((n: { id: string }) => n.id === node.nodeId);
    expect(listed).toMatchObject({ online: true, status: 'active', userIds: [userId], accounts: 1, fingerprint: 'fp-test' });

    await fake.close();
    await eventually(async () => (await nodeRow(node.nodeId)).replica).toBeNull();
  });

  it('the identity check answers a signed request without opening a session', async () => {
    const node = await h.enroll({ userIds: [userId] });
    const headers = await signedNodeHeaders({ nodeId: node.nodeId, secretKey: fromBase64Url(node.secretKey)!, path: NODE_PATHS.identity });
    const res = await fetch(`${h.url}${NODE_PATHS.identity}`, { headers });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ nodeId: node.nodeId, kind: 'edge', status: 'active' });
    expect((await nodeRow(node.nodeId)).epoch).toBe(0);
    // A connect signature is not an identity signature.
    const connectHeaders = await signedNodeHeaders({ nodeId: node.nodeId, secretKey: fromBase64Url(node.secretKey)! });
    expect((await fetch(`${h.url}${NODE_PATHS.identity}`, { headers: connectHeaders })).status).toBe(401);
  });

  it('a newer session supersedes the older one and bumps the epoch', async () => {
    const node = await h.enroll({ userIds: [userId] });
    const first = await FakeNode.connect(h.url, node);
    await first.hello(node.nodeId);
    const second = await FakeNode.connect(h.url, node);
    const welcome = await second.hello(node.nodeId);
    expect(welcome.epoch).toBe(2);
    expect((await first.closed).code).toBe(4409);
    await eventually(async () => (await nodeRow(node.nodeId)).replica).toBe(h.hub.replicaId);
    await second.close();
  });
});

describe('errors', () => {
  it('an unknown message type closes the socket with 4400 and a reason', async () => {
    const node = await h.enroll({ userIds: [userId] });
    const fake = await FakeNode.connect(h.url, node);
    await fake.hello(node.nodeId);
    fake.sendRaw(JSON.stringify({ type: 'launch', target: 'moon' }));
    expect(await fake.closed).toEqual({ code: 4400, reason: 'unknown message type "launch"' });
  });

  it('unparsable JSON, an invalid field, a message before hello: all 4400', async () => {
    const node = await h.enroll({ userIds: [userId] });
    for (const [raw, reason] of [
      ['{not json', 'message is not JSON'],
      [JSON.stringify({ type: 'accept', jobId: 'job_1', attemptId: 'bogus' }), 'invalid accept at attemptId'],
      [JSON.stringify({ type: 'heartbeat', activeJobs: [] }), 'heartbeat before hello'],
      // Text no database column can hold, in an otherwise valid report.
      [JSON.stringify({ type: 'accounts', accounts: [{ externalRef: 'a1', platform: 'douyin', displayName: 'x\u0000y', loginState: 'logged_in' }] }), 'accounts.accounts[0].displayName contains U+0000'],
    ] as const) {
      const fake = await FakeNode.connect(h.url, node);
      if (raw.includes('heartbeat')) await fake.next('welcome');
      else await fake.hello(node.nodeId);
      fake.sendRaw(raw);
      const closed = await fake.closed;
      expect(closed.code).toBe(4400);
      expect(closed.reason).toContain(reason);
    }
  });

  it('enroll refuses a used token, an expired token and a bad proof', async () => {
    const token = await h.app.inject({ method: 'POST', url: '/api/admin/nodes/enrollment-tokens', headers: h.adminHeaders, payload: { kind: 'edge', userIds: [userId], name: 'n' } });
    expect(token.statusCode).toBe(201);
    const plain = token.json().token as string;
    const key = generateEd25519();
    const body = (t: string, k = key, machineId = 'm-1') => ({
      token: t,
      publicKey: k.publicKey,
      machineId,
      fingerprint: 'fp',
      proof: signEd25519(k.privateKey, nodeEnrollMessage({ tokenSha256: sha256Hex(t), publicKey: k.publicKey, machineId })),
    });
    const forged = { ...body(plain), proof: body(plain, generateEd25519()).proof };
    const bad = await h.app.inject({ method: 'POST', url: '/api/nodes/v1/enroll', payload: forged });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.code).toBe('proof_invalid');
    expect((await h.app.inject({ method: 'POST', url: '/api/nodes/v1/enroll', payload: body(plain) })).statusCode).toBe(201);
    const again = await h.app.inject({ method: 'POST', url: '/api/nodes/v1/enroll', payload: body(plain) });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('token_used');

    const late = await h.app.inject({ method: 'POST', url: '/api/admin/nodes/enrollment-tokens', headers: h.adminHeaders, payload: { kind: 'edge', userIds: [userId], name: 'n' } });
    await db.database.db.execute(sql`update node_enrollment_tokens set expires_at = now() - interval '1 second' where token_hash = ${sha256Hex(late.json().token)}`);
    const expired = await h.app.inject({ method: 'POST', url: '/api/nodes/v1/enroll', payload: body(late.json().token) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('token_expired');
    const unknown = await h.app.inject({ method: 'POST', url: '/api/nodes/v1/enroll', payload: body('plmnode_nope') });
    expect(unknown.json().error.code).toBe('token_invalid');
    const noUser = await h.app.inject({ method: 'POST', url: '/api/admin/nodes/enrollment-tokens', headers: h.adminHeaders, payload: { kind: 'edge', userIds: [999_999], name: 'n' } });
    expect(noUser.statusCode).toBe(404);
    expect((await h.app.inject({ method: 'POST', url: '/api/admin/nodes/enrollment-tokens', payload: { kind: 'edge', userIds: [userId], name: 'n' } })).statusCode).toBe(401);
  });
});

describe('auth', () => {
  it('a replayed handshake is refused with 409', async () => {
    const node = await h.enroll({ userIds: [userId] });
    const headers = await signedNodeHeaders({ nodeId: node.nodeId, secretKey: fromBase64Url(node.secretKey)! });
    const first = await FakeNode.connect(h.url, node, { headers });
    const replay = await refused(FakeNode.connect(h.url, node, { headers }));
    expect(replay.status).toBe(409);
    expect(JSON.parse(replay.body).error.code).toBe('nonce_replay');
    await first.close();
  });

  it('a timestamp more than 300 s off is refused with 401', async () => {
    const node = await h.enroll({ userIds: [userId] });
    // Probed 30 s (the test's timeout) either side of the window: the time between signing and the
    // server's check, however long a loaded machine makes it, cannot carry a probe across (at 301 s a
    // second's delay took a timestamp from the future back inside).
    for (const offset of [-330_000, 330_000]) {
      const e = await refused(FakeNode.connect(h.url, node, { nowMs: Date.now() + offset }));
      expect(e.status).toBe(401);
      expect(JSON.parse(e.body).error.code).toBe('clock_skew');
    }
    // Inside the window.
    for (const offset of [-270_000, 270_000]) {
      const ok = await FakeNode.connect(h.url, node, { nowMs: Date.now() + offset });
      await ok.close();
    }
  });

  it('forged signature, unknown node, missing headers: 401', async () => {
    const node = await h.enroll({ userIds: [userId] });
    const forged = await refused(FakeNode.connect(h.url, { nodeId: node.nodeId, secretKey: generateEd25519().privateKey }));
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.body).error.code).toBe('signature_invalid');
    const unknown = await refused(FakeNode.connect(h.url, { nodeId: 'node_doesnotexist', secretKey: node.secretKey }));
    expect(unknown.status).toBe(401);
    // Not a node id at all (another kind, too long, a bare prefix), or one as short as no node has: unknown, the same 401.
    for (const nodeId of ['job_doesnotexist', `node_${'a'.repeat(65)}`, 'node_', 'node_ab', node.nodeId.replace('node_', 'nod_')]) {
      const refusal = await refused(FakeNode.connect(h.url, { nodeId, secretKey: node.secretKey }));
      expect([refusal.status, JSON.parse(refusal.body).error.code], nodeId).toEqual([401, 'unauthorized']);
    }
    const headers = await signedNodeHeaders({ nodeId: node.nodeId, secretKey: fromBase64Url(node.secretKey)! });
    delete headers[NODE_HEADERS.signature];
    expect((await refused(FakeNode.connect(h.url, node, { headers }))).status).toBe(401);
    // A signature over another node id does not transfer.
    const other = await h.enroll({ userIds: [userId] });
    const theirs = await signedNodeHeaders({ nodeId: other.nodeId, secretKey: fromBase64Url(node.secretKey)! });
    expect((await refused(FakeNode.connect(h.url, other, { headers: theirs }))).status).toBe(401);
  });

  it('revoke closes the live socket and refuses reconnects with 403', async () => {
    const node = await h.enroll({ userIds: [userId] });
    const fake = await FakeNode.connect(h.url, node);
    await fake.hello(node.nodeId);
    await eventually(async () => (await nodeRow(node.nodeId)).capabilities.concurrency).toBe(2);
    const res = await h.app.inject({ method: 'POST', url: `/api/admin/nodes/${node.nodeId}/revoke`, headers: h.adminHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.json().node.status).toBe('revoked');
    // Only the revoke's notice closes a live socket with 4403: the close itself shows it arrived.
    const closed = await fake.closed;
    expect(closed.code).toBe(4403);
    const again = await refused(FakeNode.connect(h.url, node));
    expect(again.status).toBe(403);
    expect(JSON.parse(again.body).error.code).toBe('node_revoked');
    const row = await nodeRow(node.nodeId);
    expect(row.replica).toBeNull();
    expect(row.epoch).toBeGreaterThan(1);
  });
});
