import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.js';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/app.js';
import { eventually } from '../testing/eventually.js';
import { type AdminClient, adminClient, uniqueKey } from '../testing/admin-client.js';

let t: TestApp;
let admin: AdminClient;
let readToken: string;
let writeToken: string;
let writeTokenId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = adminClient(t);
  readToken = (await admin.post('/api/admin/tokens', { name: 'dashboard', scope: 'read' })).body.secret;
  const write = await admin.post('/api/admin/tokens', { name: 'ops script', scope: 'write' });
  writeToken = write.body.secret;
  writeTokenId = write.body.token.id;
});
afterAll(async () => t?.close());

/** Every operation the generated document lists, with path parameters filled in. */
async function documentedOperations(): Promise<Array<{ method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string }>> {
  const doc = (await admin.get('/api/admin/openapi.json')).body;
  const fill: Record<string, string> = {
    projectKey: 'default',
    deviceId: '1',
    tokenId: 'adm_none',
    appVersion: '0.0.1',
    userId: '1',
    accountId: '1',
    contentType: 'article',
    keyId: 'key_none',
    nodeId: 'node_none',
    jobId: 'job_none',
    id: 'evt_none',
  };
  return Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => ({ method: m.toUpperCase() as 'GET', url: path.replace(/\{(\w+)\}/g, (_, name: string) => fill[name]!) })),
  );
}

async function auditRows(actor: string, atLeast: number): Promise<Array<{ method: string; path: string; status_code: number }>> {
  // The audit row is written in onResponse, just after the answer went out: polled until it is there
  // (the test's timeout bounds it).
  let found: Array<{ method: string; path: string; status_code: number }> = [];
  for (let i = 0; found.length < atLeast; i++) {
    if (i) await new Promise((r) => setTimeout(r, 20));
    // In the order the answers went out (created_at), as the audit log lists them: the rows' inserts
    // land after the answers, in either order on a loaded machine, so their ids need not follow.
    found = await rows(t.db.database.db, sql`select method, path, status_code::int from admin_audit_log where actor = ${actor} order by created_at, id`);
  }
  return found;
}

describe('happy path', () => {
  it('serves an OpenAPI 3.1 document of the admin routes only, generated from their schemas', async () => {
    const res = await admin.get('/api/admin/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.adminToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    for (const op of operations) expect(op).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/api\/admin\//);
    expect(operations).toEqual(
      expect.arrayContaining([
        'POST /api/admin/projects',
        'GET /api/admin/projects',
        'GET /api/admin/projects/{projectKey}',
        'PATCH /api/admin/projects/{projectKey}',
        'POST /api/admin/projects/{projectKey}/keys/rotate',
        'POST /api/admin/codes/generate',
        'GET /api/admin/codes',
        'POST /api/admin/codes/disable',
        'GET /api/admin/logs',
        'GET /api/admin/logs/export.csv',
        'GET /api/admin/stats/trend',
        'GET /api/admin/stats',
        'GET /api/admin/devices',
        'GET /api/admin/devices/{deviceId}',
        'POST /api/admin/devices/{deviceId}/revoke',
        'GET /api/admin/sessions',
        'GET /api/admin/projects/{projectKey}/version-bans',
        'POST /api/admin/projects/{projectKey}/version-bans',
        'DELETE /api/admin/projects/{projectKey}/version-bans/{appVersion}',
        'GET /api/admin/security-events',
        'POST /api/admin/tokens',
        'GET /api/admin/tokens',
        'POST /api/admin/tokens/{tokenId}/revoke',
        'GET /api/admin/audit-log',
      ]),
    );
    expect(operations).not.toContain('GET /api/admin/openapi.json');
    const trend = doc.paths['/api/admin/stats/trend'].get;
    const days = trend.parameters.find((p: { name: string }) => p.name === 'days');
    expect(days).toMatchObject({ in: 'query', schema: { minimum: 1, maximum: 90 } });
    expect(doc.paths['/api/admin/codes/generate'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['licenseMode', 'quantity']),
    );
    expect(Object.keys(doc.paths['/api/admin/logs/export.csv'].get.responses['200'].content)).toEqual(['text/csv']);
  });

  it('creates tokens shown once and stored hashed; lists them without secrets', async () => {
    const res = await admin.post('/api/admin/tokens', { name: 'ci', scope: 'read' });
    expect(res.status).toBe(201);
    expect(res.body.secret).toMatch(/^plma_[A-Za-z0-9_-]{43}$/);
    expect(res.body.token).toMatchObject({ id: expect.stringMatching(/^adm_/), name: 'ci', scope: 'read', createdBy: 'bootstrap', revokedAt: null });
    const [stored] = await rows<Record<string, unknown>>(t.db.database.db, sql`select * from admin_tokens where id = ${res.body.token.id}`);
    expect(stored!.token_hash).toBe(createHash('sha256').update(res.body.secret).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(res.body.secret);
    const list = await admin.get('/api/admin/tokens');
    expect(list.body.total).toBeGreaterThanOrEqual(3);
    expect(list.text).not.toContain(res.body.secret);
    expect(list.text).not.toContain('token_hash');
    expect(list.text).not.toContain('tokenHash');
  });

  it('a read token may read, and its use is recorded as last use', async () => {
    const reader = admin.withToken(readToken);
    expect((await reader.get('/api/admin/projects')).status).toBe(200);
    expect((await reader.get('/api/admin/openapi.json')).status).toBe(200);
    // The last use is written beside the answer: polled until it shows.
    const lastUsed = async () => (await admin.get('/api/admin/tokens')).body.items.find((x: { name: string }) => x.name === 'dashboard').lastUsedAt as string | null;
    await eventually(lastUsed).not.toBeNull();
    expect(Date.parse((await lastUsed())!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('records every write, failed ones included, with the token that made it; reads are not recorded', async () => {
    const writer = admin.withToken(writeToken);
    const projectKey = uniqueKey();
    expect((await writer.post('/api/admin/projects', { projectKey, name: 'audited' })).status).toBe(201);
    expect((await writer.post('/api/admin/projects', { projectKey, name: 'audited' })).status).toBe(409);
    await writer.get('/api/admin/projects');
    const all = await auditRows(writeTokenId, 2);
    expect(all.map((a) => [a.method, a.path, a.status_code])).toEqual([
      ['POST', '/api/admin/projects', 201],
      ['POST', '/api/admin/projects', 409],
    ]);
    const listed = await admin.get('/api/admin/audit-log', { actor: writeTokenId });
    expect(listed.body).toMatchObject({ success: true, total: 2 });
    expect(listed.body.items[0]).toMatchObject({ actor: writeTokenId, method: 'POST', path: '/api/admin/projects', statusCode: 409, detail: { route: '/api/admin/projects' } });
    const created = await writer.post('/api/admin/tokens', { name: 'made by a token', scope: 'read' });
    expect(created.body.token.createdBy).toBe(writeTokenId);
  });

  it('a revoked token is refused from the next request on', async () => {
    const made = await admin.post('/api/admin/tokens', { name: 'short-lived', scope: 'write' });
    const user = admin.withToken(made.body.secret);
    expect((await user.get('/api/admin/stats')).status).toBe(200);
    expect(await admin.post(`/api/admin/tokens/${made.body.token.id}/revoke`)).toMatchObject({ status: 200, body: { success: true, revoked: true, alreadyRevoked: false } });
    expect(await user.get('/api/admin/stats')).toMatchObject({ status: 401, body: { code: 'ADMIN_UNAUTHORIZED' } });
    expect((await admin.post(`/api/admin/tokens/${made.body.token.id}/revoke`)).body.alreadyRevoked).toBe(true);
    const active = await admin.get('/api/admin/tokens');
    expect(active.body.items.map((x: { id: string }) => x.id)).not.toContain(made.body.token.id);
    const withRevoked = await admin.get('/api/admin/tokens', { includeRevoked: true });
    expect(withRevoked.body.items.map((x: { id: string }) => x.id)).toContain(made.body.token.id);
  });
});

describe('errors', () => {
  it('refuses malformed token requests and unknown tokens', async () => {
    expect(await admin.post('/api/admin/tokens', { name: 'x', scope: 'admin' })).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    expect(await admin.post('/api/admin/tokens', { scope: 'read' })).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    expect(await admin.post('/api/admin/tokens/adm_nope/revoke')).toMatchObject({ status: 404, body: { code: 'TOKEN_NOT_FOUND' } });
    expect(await admin.get('/api/admin/audit-log', { from: new Date().toISOString() })).toMatchObject({ status: 400, body: { code: 'INVALID_RANGE' } });
  });

  it('an unknown admin path is 404 in the admin error model', async () => {
    expect(await admin.get('/api/admin/no-such-thing')).toMatchObject({ status: 404, body: { success: false, code: 'NOT_FOUND' } });
  });
});

describe('auth', () => {
  it('every documented route refuses a missing, malformed, unknown or revoked token with 401', async () => {
    const revoked = await admin.post('/api/admin/tokens', { name: 'gone', scope: 'write' });
    await admin.post(`/api/admin/tokens/${revoked.body.token.id}/revoke`);
    const operations = await documentedOperations();
    expect(operations.length).toBeGreaterThanOrEqual(24);
    for (const op of operations) {
      for (const headers of [
        {},
        { authorization: 'Basic dXNlcjpwYXNz' },
        { authorization: 'Bearer' },
        { authorization: `Bearer ${TEST_ADMIN_TOKEN}x` },
        { authorization: `Bearer ${revoked.body.secret}` },
      ]) {
        const res = await t.app.inject({ method: op.method, url: op.url, headers });
        expect(res.statusCode, `${op.method} ${op.url} with ${JSON.stringify(headers)}`).toBe(401);
        expect(res.json()).toMatchObject({ success: false, code: 'ADMIN_UNAUTHORIZED' });
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/openapi.json' })).statusCode).toBe(401);
  });

  it('a read token may GET every documented route and no write (403 ADMIN_FORBIDDEN, and nothing changes)', async () => {
    const before = (await admin.get('/api/admin/projects/default')).body.project.offlineKeyId;
    for (const op of await documentedOperations()) {
      const res = await t.app.inject({ method: op.method, url: op.url, headers: { authorization: `Bearer ${readToken}` } });
      if (op.method === 'GET') expect([401, 403], `${op.method} ${op.url}`).not.toContain(res.statusCode);
      else {
        expect(res.statusCode, `${op.method} ${op.url}`).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 'ADMIN_FORBIDDEN' });
      }
    }
    expect((await admin.get('/api/admin/projects/default')).body.project.offlineKeyId).toBe(before);
  });

  it('no route answers a 5xx to a write token sending nothing at all', async () => {
    for (const op of await documentedOperations()) {
      const res = await t.app.inject({ method: op.method, url: op.url, headers: { authorization: `Bearer ${writeToken}` } });
      expect(res.statusCode, `${op.method} ${op.url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });
});
