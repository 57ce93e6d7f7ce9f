/**
 * Two compiled control-plane replicas on one PostgreSQL: a desktop enrolls
 * with a license code tied to a user through replica A, its node (the
 * device) holds its socket on replica B, and revoking the device in the back
 * office of replica A closes that socket on B within a second (NOTIFY
 * plume_nodes) and refuses its reconnects.
 */
import { randomBytes } from 'node:crypto';
import { enrollMessage, NODE_CLOSE } from '@plume/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEd25519, signEd25519 } from '../control-plane/src/crypto/ed25519.js';
import { FakeNode, HandshakeRefused } from '../control-plane/src/nodes/testing/fake-node.js';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../control-plane/src/testing/db.js';
import { type ControlPlaneProcess, startControlPlane } from './support/control-plane-process.js';

const ADMIN = 'desktop-replicas-admin-token-0123456789';

describe.skipIf(!hasPostgres())('a desktop license device on two control-plane replicas', () => {
  let db: TestDatabase;
  let a: ControlPlaneProcess;
  let b: ControlPlaneProcess;

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { DATABASE_URL: db.url!, PLUME_ADMIN_TOKEN: ADMIN, PLUME_DB_POOL_MAX: '5' };
    [a, b] = await Promise.all([startControlPlane(env), startControlPlane(env)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
  });

  const postJson = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const admin = (base: string, path: string, body?: unknown) => postJson(`${base}/api/admin${path}`, body ?? {}, { authorization: `Bearer ${ADMIN}` });

  it('revoking the device through replica A closes its node socket on replica B within a second', async () => {
    const plan = { name: 't', permissions: ['publish', 'accounts:read'], perMinuteLimit: 1000, dailyLimit: 10_000, cmsEnabled: false };
    const user = await admin(a.url, '/users', { name: 'desktop replicas', plan, quotas: { desktop: 5 } });
    expect(user.status).toBe(201);
    const generated = await admin(a.url, '/codes/generate', { licenseMode: 'COUNT', remainingCount: 3, quantity: 1, userId: user.body.user.id });
    expect(generated.status).toBe(200);
    const code = generated.body.codes[0].code as string;

    const key = generateEd25519();
    const device = { projectKey: 'default', code, machineId: `m-${randomBytes(4).toString('hex')}`, fingerprintHash: randomBytes(32).toString('hex'), appVersion: '1.0.0', devicePublicKey: key.publicKey };
    const enrolled = await postJson(`${a.url}/api/license/v2/enroll`, { ...device, deviceSignature: signEd25519(key.privateKey, enrollMessage(device)) });
    expect(enrolled.status).toBe(200);
    const nodeId = enrolled.body.nodeId as string;
    expect(nodeId).toMatch(/^node_/);

    const node = await FakeNode.connect(b.url, { nodeId, secretKey: key.privateKey });
    await node.hello(nodeId);
    const listed = await fetch(`${a.url}/api/admin/nodes`, { headers: { authorization: `Bearer ${ADMIN}` } });
    const seen = ((await listed.json()) as { items: Array<{ id: string; kind: string; online: boolean }> }).items.find((n) => n.id === nodeId);
    expect(seen).toMatchObject({ kind: 'desktop', online: true });

    const revokedAt = Date.now();
    const revoked = await admin(a.url, `/devices/${enrolled.body.deviceId}/revoke`);
    expect(revoked).toMatchObject({ status: 200, body: { success: true, nodeId } });
    expect((await node.closed).code).toBe(NODE_CLOSE.revoked);
    expect(Date.now() - revokedAt).toBeLessThan(1000);
    const again = await FakeNode.connect(b.url, { nodeId, secretKey: key.privateKey }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(HandshakeRefused);
    expect((again as HandshakeRefused).status).toBe(403);
  });
});
