/**
 * /api/admin/nodes/enrollment-tokens: created (shown once), listed by state
 * with paging (never the token), revoked before use — after which the node
 * bringing it is refused — and refused revocation of a used one; admin auth.
 */
import { randomBytes } from 'node:crypto';
import { nodeEnrollMessage, sha256Hex } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEd25519, signEd25519 } from '../crypto/ed25519.js';
import { rows } from '../db/client.js';
import { type AdminClient, adminClient } from '../testing/admin-client.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { createUser } from '../testing/openapi.js';

let t: TestApp;
let admin: AdminClient;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = adminClient(t);
  userId = (await createUser(t.app, t.adminHeaders)).id;
});
afterAll(async () => t?.close());

async function createToken(name = `node-${randomBytes(3).toString('hex')}`): Promise<{ id: string; token: string; name: string }> {
  const res = await admin.post('/api/admin/nodes/enrollment-tokens', { kind: 'edge', userIds: [userId], name });
  expect(res.status).toBe(201);
  return { id: res.body.id, token: res.body.token, name };
}

function enroll(token: string) {
  const key = generateEd25519();
  const machineId = `m-${randomBytes(4).toString('hex')}`;
  const proof = signEd25519(key.privateKey, nodeEnrollMessage({ tokenSha256: sha256Hex(token), publicKey: key.publicKey, machineId }));
  return t.app.inject({ method: 'POST', url: '/api/nodes/v1/enroll', payload: { token, publicKey: key.publicKey, machineId, fingerprint: 'fp', proof } });
}

const idsIn = async (state: string) => (await admin.get('/api/admin/nodes/enrollment-tokens', { state, pageSize: 500 })).body.items.map((k: { id: string }) => k.id);

describe('happy path', () => {
  it('lists tokens newest first by state (pending, used, expired, revoked), without the tokens themselves', async () => {
    const pending = await createToken('pending-one');
    const used = await createToken('used-one');
    const usedNode = (await enroll(used.token)).json().nodeId as string;
    const expired = await createToken('expired-one');
    await rows(t.db.database.db, sql`update node_enrollment_tokens set expires_at = now() - interval '1 second' where id = ${expired.id}`);
    const revoked = await createToken('revoked-one');
    expect((await admin.post(`/api/admin/nodes/enrollment-tokens/${revoked.id}/revoke`)).status).toBe(200);

    const all = await admin.get('/api/admin/nodes/enrollment-tokens', { pageSize: 500 });
    expect(all.status).toBe(200);
    const byId = new Map(all.body.items.map((k: { id: string }) => [k.id, k]));
    expect(byId.get(pending.id)).toMatchObject({ name: 'pending-one', kind: 'edge', userIds: [userId], state: 'pending', createdBy: 'bootstrap', usedAt: null, nodeId: null, revokedAt: null });
    expect(byId.get(used.id)).toMatchObject({ state: 'used', nodeId: usedNode, usedAt: expect.any(String), machineId: expect.stringMatching(/^m-/) });
    expect(byId.get(expired.id)).toMatchObject({ state: 'expired' });
    expect(byId.get(revoked.id)).toMatchObject({ state: 'revoked', revokedAt: expect.any(String) });
    for (const secret of [pending.token, used.token, expired.token, revoked.token]) expect(all.text).not.toContain(secret);
    const order = all.body.items.map((k: { id: string }) => k.id);
    expect(order.indexOf(revoked.id)).toBeLessThan(order.indexOf(pending.id));

    const pendingIds = await idsIn('pending');
    expect(pendingIds).toContain(pending.id);
    for (const other of [used.id, expired.id, revoked.id]) expect(pendingIds).not.toContain(other);
    expect(await idsIn('used')).toEqual([used.id]);
    expect(await idsIn('expired')).toEqual([expired.id]);
    expect(await idsIn('revoked')).toEqual([revoked.id]);

    const page = await admin.get('/api/admin/nodes/enrollment-tokens', { pageSize: 2, page: 2 });
    expect(page.body).toMatchObject({ success: true, page: 2, pageSize: 2, total: all.body.total });
    expect(page.body.items.map((k: { id: string }) => k.id)).toEqual(order.slice(2, 4));
  });

  it('a revoked token enrolls no node; revoking again says so', async () => {
    const token = await createToken();
    const res = await admin.post(`/api/admin/nodes/enrollment-tokens/${token.id}/revoke`);
    expect(res.body).toMatchObject({ success: true, alreadyRevoked: false, token: { id: token.id, state: 'revoked' } });
    const refused = await enroll(token.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: { code: 'token_revoked', message: expect.stringContaining('revoked') } });
    expect((await admin.post(`/api/admin/nodes/enrollment-tokens/${token.id}/revoke`)).body).toMatchObject({ success: true, alreadyRevoked: true });
    expect(await idsIn('revoked')).toContain(token.id);
  });
});

describe('errors', () => {
  it('a used token is not revoked (409 ENROLLMENT_TOKEN_USED); an unknown one is 404; a malformed id is 400', async () => {
    const token = await createToken();
    const nodeId = (await enroll(token.token)).json().nodeId as string;
    const used = await admin.post(`/api/admin/nodes/enrollment-tokens/${token.id}/revoke`);
    expect(used).toMatchObject({ status: 409, body: { success: false, code: 'ENROLLMENT_TOKEN_USED' } });
    expect(used.body.message).toContain(nodeId);
    expect((await admin.get(`/api/admin/nodes/${nodeId}`)).body.node.status).toBe('active');
    expect(await admin.post('/api/admin/nodes/enrollment-tokens/net_missing/revoke')).toMatchObject({ status: 404, body: { code: 'ENROLLMENT_TOKEN_NOT_FOUND' } });
    expect(await admin.post(`/api/admin/nodes/enrollment-tokens/${token.token}/revoke`)).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    expect(await admin.get('/api/admin/nodes/enrollment-tokens', { state: 'lost' })).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
  });
});

describe('auth', () => {
  it('needs an admin token; a read token lists but does not revoke; a revocation is audited', async () => {
    const token = await createToken();
    expect((await admin.withToken(null).get('/api/admin/nodes/enrollment-tokens')).status).toBe(401);
    const reader = admin.withToken((await admin.post('/api/admin/tokens', { name: 'viewer', scope: 'read' })).body.secret);
    expect((await reader.get('/api/admin/nodes/enrollment-tokens')).status).toBe(200);
    expect(await reader.post(`/api/admin/nodes/enrollment-tokens/${token.id}/revoke`)).toMatchObject({ status: 403, body: { code: 'ADMIN_FORBIDDEN' } });
    expect(await idsIn('pending')).toContain(token.id);
    await admin.post(`/api/admin/nodes/enrollment-tokens/${token.id}/revoke`);
    let audit: Array<{ status_code: number }> = [];
    // Written in onResponse, just after the answer: polled until it is there (the test's timeout bounds it).
    while (audit.length === 0) {
      await new Promise((r) => setTimeout(r, 20));
      audit = await rows(t.db.database.db, sql`select status_code::int from admin_audit_log where path = ${`/api/admin/nodes/enrollment-tokens/${token.id}/revoke`} and actor = 'bootstrap'`);
    }
    expect(audit).toEqual([{ status_code: 200 }]);
  });
});
