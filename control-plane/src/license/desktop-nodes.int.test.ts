/**
 * License codes tied to an integrator user: the device that enrolls with one
 * becomes that user's desktop execution node (the device key is the node
 * key), connects to the node protocol over a real WebSocket, is revoked with
 * its device, and its accounts become unpublishable when the license can no
 * longer publish (license_exhausted, license_expired, license_revoked).
 */
import { LicenseClient, MemoryKeyStore, NODE_CLOSE } from '@plume/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.js';
import { FakeNode, HandshakeRefused } from '../nodes/testing/fake-node.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { createProject, post, TestDevice } from '../testing/license-device.js';
import { createUser, type TestUser, v1 } from '../testing/openapi.js';
import { activationCodes, licenseSessions } from './license.schema.js';

let t: TestApp;
let url: string;
let alice: TestUser;
const sockets: FakeNode[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  alice = await createUser(t.app, t.adminHeaders);
});
afterAll(async () => {
  for (const s of sockets) s.socket.terminate();
  await t?.close();
});

const db = () => t.db.database.db;
/** Waits for a state the product reaches by itself; the test's timeout is the only bound. */
const until = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 60_000, interval: 50 });

async function code(spec: Record<string, unknown> = {}): Promise<string> {
  const res = await post(t.app, '/api/admin/codes/generate', { quantity: 1, licenseMode: 'COUNT', remainingCount: 5, userId: alice.id, ...spec }, t.adminHeaders);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.codes[0].code as string;
}

async function connect(nodeId: string, secretKey: string): Promise<FakeNode> {
  const node = await FakeNode.connect(url, { nodeId, secretKey });
  sockets.push(node);
  return node;
}

/** A desktop enrolled with a code of `spec`, connected, reporting one bilibili account of alice's. */
async function desktopWithAccount(spec: Record<string, unknown> = {}) {
  const device = new TestDevice(t.app);
  const enrolled = await device.enroll(await code(spec));
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
  const nodeId = enrolled.body.nodeId as string;
  const node = await connect(nodeId, device.key.privateKey);
  const ref = `bili-${device.deviceId}`;
  await node.hello(nodeId, { accounts: [{ externalRef: ref, platform: 'bilibili', displayName: 'B', loginState: 'logged_in' }] });
  let accountId = 0;
  await until(async () => {
    const [row] = await rows<{ id: number }>(db(), sql`select id from accounts where node_id = ${nodeId} and external_ref = ${ref}`);
    accountId = row ? Number(row.id) : 0;
    return accountId;
  }).toBeGreaterThan(0);
  return { device, nodeId, node, accountId };
}

const listed = async (accountId: number) => (await v1(t.app, alice, 'GET', '/accounts?contentType=dynamic')).body.accounts.find((a: { id: number }) => a.id === accountId);
const reasonsOf = (accountId: number) => until(async () => (await listed(accountId))?.unpublishable_reasons);
const preflight = (accountId: number) => v1(t.app, alice, 'POST', '/publish/preflight', { contentType: 'dynamic', executor: 'desktop', accountIds: [accountId], content: 'hi' });

describe('happy path', () => {
  it('a code tied to a user makes the enrolled device that user’s desktop node, and the device key opens a node session', async () => {
    const text = await code();
    const listedCode = await t.app.inject({ method: 'GET', url: `/api/admin/codes?keyword=${text}`, headers: t.adminHeaders });
    expect(listedCode.json().items[0]).toMatchObject({ code: text, userId: alice.id, nodeId: null });

    const device = new TestDevice(t.app);
    const res = await device.enroll(text);
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.body.nodeId).toMatch(/^node_/);
    expect(res.body.node_id).toBe(res.body.nodeId);
    const nodeId = res.body.nodeId as string;
    const [node] = await rows<{ kind: string; publicKey: string; machineId: string; status: string }>(
      db(),
      sql`select kind, public_key as "publicKey", machine_id as "machineId", status from execution_nodes where id = ${nodeId}`,
    );
    expect(node).toEqual({ kind: 'desktop', publicKey: device.key.publicKey, machineId: device.machineId, status: 'active' });
    expect(await rows(db(), sql`select user_id as "userId" from node_users where node_id = ${nodeId}`)).toEqual([{ userId: alice.id }]);
    expect(await rows(db(), sql`select device_id as "deviceId" from desktop_node_devices where node_id = ${nodeId}`)).toEqual([{ deviceId: device.deviceId }]);
    const afterEnroll = await t.app.inject({ method: 'GET', url: `/api/admin/codes?keyword=${text}`, headers: t.adminHeaders });
    expect(afterEnroll.json().items[0]).toMatchObject({ userId: alice.id, nodeId });
    const deviceView = await t.app.inject({ method: 'GET', url: `/api/admin/devices/${device.deviceId}`, headers: t.adminHeaders });
    expect(deviceView.json().device.nodeId).toBe(nodeId);

    // The node protocol's own handshake, signed with the device's secret key, over a real WebSocket.
    const fake = await connect(nodeId, device.key.privateKey);
    const welcome = await fake.hello(nodeId, { accounts: [{ externalRef: 'bili-1', platform: 'bilibili', displayName: 'B', loginState: 'logged_in' }] });
    expect(welcome).toMatchObject({ type: 'welcome', epoch: 1 });
    await until(async () => (await v1(t.app, alice, 'GET', '/accounts?contentType=dynamic')).body.accounts.find((a: { node_id: string }) => a.node_id === nodeId)).toMatchObject({
      executor: 'desktop',
      executor_online: true,
      publishable: true,
      unpublishable_reasons: [],
    });
  });

  it('through the reference license client: enroll, then the key it stored opens the node session', async () => {
    const store = new MemoryKeyStore();
    const client = new LicenseClient({ baseUrl: url, machineId: 'desktop-reference-1', fingerprintHash: 'fp-reference-1', appVersion: '1.0.0', keyStore: store });
    const enrolled = await client.enroll(await code());
    expect(enrolled.nodeId).toMatch(/^node_/);
    const identity = (await store.load())!;
    expect(identity.nodeId).toBe(enrolled.nodeId);
    expect(await client.nodeId()).toBe(enrolled.nodeId);
    const fake = await connect(enrolled.nodeId!, identity.secretKey);
    expect(await fake.hello(enrolled.nodeId!)).toMatchObject({ type: 'welcome' });
    // The license side keeps working beside it: a use recorded with the job id as requestId.
    expect(await client.consume('job_reference_1')).toMatchObject({ success: true, remainingCount: 4, idempotent: false });
  });

  it('a code without a user stays a pure license: no node', async () => {
    const device = new TestDevice(t.app);
    const res = await device.enroll(await code({ userId: undefined }));
    expect(res.body).toMatchObject({ success: true, nodeId: null });
    expect(await rows(db(), sql`select node_id from desktop_node_devices where device_id = ${device.deviceId}`)).toEqual([]);
    const status = await device.status();
    expect(status.body).toMatchObject({ success: true, valid: true });
  });

  it('the same device enrolling again keeps its node; a re-key moves the node to the new key and closes the old key’s socket', async () => {
    const text = await code();
    const first = new TestDevice(t.app);
    const enrolled = await first.enroll(text);
    const nodeId = enrolled.body.nodeId as string;
    const epoch = async () => Number((await rows<{ e: number }>(db(), sql`select session_epoch::int as e from execution_nodes where id = ${nodeId}`))[0]!.e);

    // The same body again (an answer lost on the way): the same device, the same node, nothing bumped.
    const before = await epoch();
    const retry = await post(t.app, '/api/license/v2/enroll', first.enrollBody(text));
    expect(retry.body).toMatchObject({ success: true, deviceId: first.deviceId, nodeId });
    expect(await epoch()).toBe(before);

    const old = await connect(nodeId, first.key.privateKey);
    await old.next('welcome');
    const reinstall = new TestDevice(t.app);
    Object.assign(reinstall, { machineId: first.machineId, fingerprintHash: first.fingerprintHash });
    const again = await reinstall.enroll(text);
    expect(again.body).toMatchObject({ success: true, deviceId: first.deviceId, nodeId });
    expect((await old.closed).code).toBe(NODE_CLOSE.superseded);
    expect(await rows(db(), sql`select public_key as "publicKey" from execution_nodes where id = ${nodeId}`)).toEqual([{ publicKey: reinstall.key.publicKey }]);
    const refused = await connect(nodeId, first.key.privateKey).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HandshakeRefused);
    expect((refused as HandshakeRefused).status).toBe(401);
    await (await connect(nodeId, reinstall.key.privateKey)).next('welcome');
    expect(await rows(db(), sql`select count(*)::int as n from desktop_node_devices where device_id = ${first.deviceId}`)).toEqual([{ n: 1 }]);
  });
});

describe('errors', () => {
  it('refuses a code for a user that does not exist with 404 USER_NOT_FOUND, and a malformed userId with 400', async () => {
    const res = await post(t.app, '/api/admin/codes/generate', { licenseMode: 'COUNT', remainingCount: 1, quantity: 1, userId: 999_999 }, t.adminHeaders);
    expect(res).toMatchObject({ status: 404, body: { success: false, code: 'USER_NOT_FOUND', message: expect.stringContaining('999999') } });
    expect(res.headers['x-request-id']).toBeTruthy();
    for (const userId of [0, -1, 'abc', 1.5]) {
      const bad = await post(t.app, '/api/admin/codes/generate', { licenseMode: 'COUNT', remainingCount: 1, quantity: 1, userId }, t.adminHeaders);
      expect(bad, String(userId)).toMatchObject({ status: 400, body: { success: false, code: 'INVALID_REQUEST' } });
    }
  });

  it('refuses a code of another project with 404 CODE_INVALID and makes no node', async () => {
    const other = await createProject(t, 'desktop-other');
    const text = await code({ projectKey: other });
    const device = new TestDevice(t.app);
    const res = await device.enroll(text);
    expect(res).toMatchObject({ status: 404, body: { success: false, code: 'CODE_INVALID', message: expect.any(String) } });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(await rows(db(), sql`select id from execution_nodes where machine_id = ${device.machineId}`)).toEqual([]);
    device.projectKey = other;
    expect((await device.enroll(text)).body).toMatchObject({ success: true, nodeId: expect.stringMatching(/^node_/) });
  });

  it('refuses a replayed enroll with a key the device gave up with 409 ENROLL_REPLAYED and keeps the node’s key', async () => {
    const text = await code();
    const first = new TestDevice(t.app);
    const captured = first.enrollBody(text);
    const { nodeId } = (await first.enroll(text)).body;
    const reinstall = new TestDevice(t.app);
    Object.assign(reinstall, { machineId: first.machineId, fingerprintHash: first.fingerprintHash });
    expect((await reinstall.enroll(text)).body).toMatchObject({ success: true, nodeId });

    const replays = async () => (await rows(db(), sql`select 1 from security_events where kind = 'nonce_replay' and device_id = ${first.deviceId}`)).length;
    const replay = await post(t.app, '/api/license/v2/enroll', captured);
    expect(replay).toMatchObject({ status: 409, body: { success: false, code: 'ENROLL_REPLAYED', message: expect.any(String) } });
    expect(replay.headers['x-request-id']).toBeTruthy();
    expect(await replays()).toBe(1);
    // A fresh proof with the old secret key is refused alike: the key itself is retired.
    first.appVersion = '1.4.3';
    expect((await first.enroll(text)).body).toMatchObject({ code: 'ENROLL_REPLAYED' });
    expect(await rows(db(), sql`select public_key as "publicKey" from execution_nodes where id = ${nodeId}`)).toEqual([{ publicKey: reinstall.key.publicKey }]);
    expect((await reinstall.status()).body).toMatchObject({ success: true });
  });
});

describe('revocation', () => {
  it('revoking the device revokes its node: the socket closes within a second, reconnects are refused, its accounts say why', async () => {
    const { device, nodeId, node, accountId } = await desktopWithAccount();
    const revokedAt = Date.now();
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/devices/${device.deviceId}/revoke`, headers: t.adminHeaders });
    expect(res.json()).toMatchObject({ success: true, deviceId: device.deviceId, nodeId, alreadyRevoked: false });
    expect((await node.closed).code).toBe(NODE_CLOSE.revoked);
    expect(Date.now() - revokedAt).toBeLessThan(1000);
    const again = await connect(nodeId, device.key.privateKey).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(HandshakeRefused);
    expect((again as HandshakeRefused).status).toBe(403);
    await reasonsOf(accountId).toEqual(['node_revoked', 'license_revoked']);
    // Revoking again changes nothing and says so.
    const twice = await t.app.inject({ method: 'POST', url: `/api/admin/devices/${device.deviceId}/revoke`, headers: t.adminHeaders });
    expect(twice.json()).toMatchObject({ success: true, alreadyRevoked: true, nodeId });
  });
});

describe('a node revoked on its own', () => {
  it('stays revoked when its device enrolls again: the license still answers, the node protocol refuses it', async () => {
    const text = await code();
    const device = new TestDevice(t.app);
    const { nodeId } = (await device.enroll(text)).body;
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/nodes/${nodeId}/revoke`, headers: t.adminHeaders });
    expect(res.statusCode).toBe(200);
    expect((await post(t.app, '/api/license/v2/enroll', device.enrollBody(text))).body).toMatchObject({ success: true, nodeId });
    const refused = await connect(nodeId, device.key.privateKey).catch((e: unknown) => e);
    expect((refused as HandshakeRefused).status).toBe(403);
  });
});

describe('unpublishable reasons', () => {
  it('license_exhausted: a COUNT code whose last use was consumed', async () => {
    const { device, accountId } = await desktopWithAccount({ remainingCount: 1 });
    await reasonsOf(accountId).toEqual([]);
    expect((await device.consume('job_1')).body).toMatchObject({ success: true, remainingCount: 0 });
    await reasonsOf(accountId).toEqual(['license_exhausted']);
    const check = await preflight(accountId);
    expect(check.body.valid).toBe(false);
    expect(check.body.targets[0]).toMatchObject({ publishable: false, unpublishable_reasons: ['license_exhausted'] });
    expect(check.body.problems).toContainEqual(expect.objectContaining({ code: 'account_not_publishable', message: expect.stringContaining('no uses left') }));
    // The publish itself is refused the same way, before any quota is taken.
    const published = await v1(t.app, alice, 'POST', '/publish/dynamic', { executor: 'desktop', accountIds: [accountId], content: 'hi' });
    expect(published).toMatchObject({ status: 409, body: { error: { code: 'account_not_publishable', message: expect.stringContaining('no uses left') } } });
    expect(published.headers['x-request-id']).toBeTruthy();
  });

  it('license_expired: a TIME code past its end', async () => {
    const { device, accountId } = await desktopWithAccount({ licenseMode: 'TIME', remainingCount: undefined, expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    await reasonsOf(accountId).toEqual([]);
    await db().update(activationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(activationCodes.deviceId, device.deviceId));
    await reasonsOf(accountId).toEqual(['license_expired']);
    expect((await preflight(accountId)).body.targets[0].unpublishable_reasons).toEqual(['license_expired']);
  });

  it('license_expired: the license session lapsed longer ago than it may be renewed', async () => {
    const { device, accountId } = await desktopWithAccount();
    // A week ago: beyond the default renewal grace (the 72 h offline snapshot lifetime).
    await db().update(licenseSessions).set({ tokenExpiresAt: new Date(Date.now() - 7 * 86_400_000) }).where(eq(licenseSessions.deviceId, device.deviceId));
    await reasonsOf(accountId).toEqual(['license_expired']);
    expect((await device.renew()).challenge.body).toMatchObject({ success: false, code: 'TOKEN_EXPIRED' });
    // Enrolling again with the same code opens a new session: publishable again, on the same node.
    const again = await post(t.app, '/api/license/v2/enroll', device.enrollBody((await rows<{ code: string }>(db(), sql`select code from activation_codes where device_id = ${device.deviceId}`))[0]!.code));
    expect(again.body.success).toBe(true);
    await reasonsOf(accountId).toEqual([]);
  });

  it('license_revoked: the code disabled, or the client version banned', async () => {
    const disabled = await desktopWithAccount();
    const [row] = await rows<{ code: string }>(db(), sql`select code from activation_codes where device_id = ${disabled.device.deviceId}`);
    expect((await post(t.app, '/api/admin/codes/disable', { code: row!.code }, t.adminHeaders)).status).toBe(200);
    await reasonsOf(disabled.accountId).toEqual(['license_revoked']);

    const project = await createProject(t, 'desktop-bans');
    const banned = await desktopWithAccountIn(project, '2.0.0');
    await reasonsOf(banned.accountId).toEqual([]);
    expect((await post(t.app, `/api/admin/projects/${project}/version-bans`, { appVersion: '2.0.0', reason: 'broken' }, t.adminHeaders)).status).toBe(201);
    await reasonsOf(banned.accountId).toEqual(['license_revoked']);
  });
});

async function desktopWithAccountIn(projectKey: string, appVersion: string) {
  const text = await code({ projectKey });
  const device = new TestDevice(t.app);
  device.projectKey = projectKey;
  device.appVersion = appVersion;
  const { nodeId } = (await device.enroll(text)).body;
  const node = await connect(nodeId, device.key.privateKey);
  await node.hello(nodeId, { accounts: [{ externalRef: `bili-v-${device.deviceId}`, platform: 'bilibili', displayName: 'V', loginState: 'logged_in' }] });
  let accountId = 0;
  await until(async () => {
    const [r] = await rows<{ id: number }>(db(), sql`select id from accounts where node_id = ${nodeId}`);
    accountId = r ? Number(r.id) : 0;
    return accountId;
  }).toBeGreaterThan(0);
  return { device, nodeId, accountId };
}
