/**
 * /api/console under hostile input, and its document: every refusal —
 * the router's and the parser's included — answers the console envelope
 * `{ error: { code, message } }` with X-Request-Id; the OpenAPI document
 * lists every console route with its credentials and failure body.
 */
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';
import { ConsoleClient, type Person, person } from '../testing/console.js';
import { redoclyLint } from '../testing/redocly.js';
import { CONSOLE_ERROR_CODES } from './console.errors.js';

let t: TestApp;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, 'admin');
});
afterAll(async () => t?.close());

function expectEnvelope(res: { status: number; body: Record<string, any>; headers: Record<string, unknown> }, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.headers['x-request-id']).toMatch(/^req_/);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.body).toEqual({ error: { code, message: expect.any(String) } });
  expect(res.body.error.message.length).toBeGreaterThan(0);
}

describe('hostile input', () => {
  it('malformed JSON, an empty body, a non-JSON content type: 400 invalid_json / 415', async () => {
    expectEnvelope(await admin.client.post('/api/console/invites', '{"email": "a@b.test",'), 400, 'invalid_json');
    expectEnvelope(await admin.client.request('POST', '/api/console/invites', '', { headers: { 'content-type': 'application/json' } }), 400, 'invalid_json');
    expectEnvelope(await admin.client.request('POST', '/api/console/invites', 'email=a', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415, 'unsupported_media_type');
    expectEnvelope(await new ConsoleClient(t.app).post('/api/console/auth/login', '{"email":'), 400, 'invalid_json');
    expectEnvelope(await new ConsoleClient(t.app).post('/api/console/auth/login', Buffer.from([0x7b, 0xff, 0xfe, 0x7d])), 400, 'invalid_json');
  });

  it('wrong types and unknown fields: 400 validation_failed naming the field', async () => {
    const login = new ConsoleClient(t.app);
    const wrongType = await login.post('/api/console/auth/login', { email: 42, password: ['x'] });
    expectEnvelope(wrongType, 400, 'validation_failed');
    expect(wrongType.body.error.message).toMatch(/email/);
    expectEnvelope(await login.post('/api/console/auth/login', { email: 'a@b.test', password: 'long enough password', admin: true }), 400, 'validation_failed');
    expectEnvelope(await login.post('/api/console/auth/login', ['not', 'an', 'object']), 400, 'validation_failed');
    expectEnvelope(await admin.client.post('/api/console/invites', { email: 'not an email', role: 'viewer' }), 400, 'validation_failed');
    expectEnvelope(await admin.client.post('/api/console/invites', { email: 'a@b.test', role: 'root' }), 400, 'validation_failed');
    expectEnvelope(await admin.client.get('/api/console/users?limit=abc'), 400, 'validation_failed');
    expectEnvelope(await admin.client.get('/api/console/users?offset=-1'), 400, 'validation_failed');
  });

  it('NUL bytes and lone surrogates in the body, the path or the query: 400 validation_failed, nothing written', async () => {
    expectEnvelope(await new ConsoleClient(t.app).post('/api/console/auth/login', '{"email":"a\\u0000@b.test","password":"x"}'), 400, 'validation_failed');
    expectEnvelope(await admin.client.post('/api/console/invites', '{"email":"a@b.test","role":"viewer","name":"bad \\ud800 name"}'), 400, 'validation_failed');
    expectEnvelope(await new ConsoleClient(t.app).get('/api/console/invites/pci_%00abc'), 400, 'validation_failed');
    expectEnvelope(await admin.client.get('/api/console/users?limit=%00'), 400, 'validation_failed');
  });

  it('an oversize body: 413 payload_too_large', async () => {
    const big = JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(70 * 1024) });
    expectEnvelope(await new ConsoleClient(t.app).post('/api/console/auth/login', big), 413, 'payload_too_large');
  });

  it('a long path parameter, a bad percent-escape, an unknown path: the router\'s answers in the console envelope', async () => {
    expectEnvelope(await new ConsoleClient(t.app).get(`/api/console/invites/${'a'.repeat(2000)}`), 400, 'validation_failed');
    expectEnvelope(await admin.client.post(`/api/console/users/cu_${'a'.repeat(300)}/disable`), 400, 'validation_failed');
    expectEnvelope(await new ConsoleClient(t.app).get('/api/console/invites/%E0%A4%A'), 400, 'validation_failed');
    expectEnvelope(await admin.client.get('/api/console/no-such-page'), 404, 'not_found');
    expectEnvelope(await admin.client.request('PATCH', '/api/console/auth/me', {}), 404, 'not_found');
    // Without a session an unknown path says nothing about what exists.
    expectEnvelope(await new ConsoleClient(t.app).get('/api/console/no-such-page'), 401, 'not_authenticated');
  });

  it('a request that is not valid HTTP under /api/console answers 400 in the console envelope with a request id', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET /api/console/auth/me HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n'));
      let text = '';
      socket.on('data', (c: Buffer) => (text += c.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n') as [string, string];
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/\r\nX-Request-Id: req_/i);
    expect(JSON.parse(body)).toEqual({ error: { code: 'validation_failed', message: expect.any(String) } });
  });
});

describe('document', () => {
  let doc: Record<string, any>;
  beforeAll(async () => {
    const res = await new ConsoleClient(t.app).get('/api/console/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body;
  });

  it('lists every console path of the contract, with the cookie and CSRF schemes where they apply', () => {
    const ops = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));
    expect(ops.sort()).toEqual(
      [
        'POST /api/console/auth/login',
        'POST /api/console/auth/logout',
        'GET /api/console/auth/me',
        'POST /api/console/auth/password',
        'GET /api/console/auth/sessions',
        'POST /api/console/auth/sessions/revoke-all',
        'GET /api/console/invites/{token}',
        'POST /api/console/invites/{token}/accept',
        'GET /api/console/users',
        'POST /api/console/invites',
        'POST /api/console/users/{id}/disable',
        'GET /api/console/me/api-keys',
        'POST /api/console/me/api-keys',
        'POST /api/console/me/api-keys/{id}/revoke',
        'GET /api/console/me/webhook',
        'PUT /api/console/me/webhook',
        'POST /api/console/me/webhook/rotate-secret',
        'DELETE /api/console/me/webhook',
        'POST /api/console/me/webhook/test',
        'GET /api/console/me/webhook/deliveries',
        'POST /api/console/me/webhook/deliveries/{id}/retry',
        'GET /api/console/me/batches',
        'GET /api/console/me/batches/{batchId}',
        'GET /api/console/me/jobs/{jobId}/evidence',
        'GET /api/console/me/jobs/awaiting-input',
        'GET /api/console/me/jobs/{jobId}/challenge',
        'GET /api/console/me/jobs/{jobId}/challenge/events',
        'GET /api/console/me/jobs/{jobId}/challenge/screenshot',
        'POST /api/console/me/jobs/{jobId}/input',
        'GET /api/console/me/accounts',
        'GET /api/console/me/articles',
        'GET /api/console/me/generation-tasks',
        'GET /api/console/me/usage',
        'POST /api/console/me/accounts/{accountId}/login',
        'GET /api/console/me/accounts/{accountId}/pacing',
        'PUT /api/console/me/accounts/{accountId}/pacing',
        'DELETE /api/console/me/accounts/{accountId}/pacing',
        'GET /api/console/me/accounts/{accountId}/health',
        'GET /api/console/me/schedule',
        'GET /api/console/me/overview',
        'POST /api/console/me/batches/{batchId}/jobs/{jobId}/cancel',
        'POST /api/console/me/batches/{batchId}/jobs/{jobId}/reschedule',
        'GET /api/console/me/logins/{loginId}',
        'GET /api/console/me/logins/{loginId}/events',
        'POST /api/console/me/logins/{loginId}/input',
        'DELETE /api/console/me/logins/{loginId}',
        'GET /api/console/me/login-nodes',
        'POST /api/console/me/logins',
        'POST /api/console/auth/login/totp',
        'GET /api/console/auth/totp',
        'POST /api/console/auth/totp/setup',
        'POST /api/console/auth/totp/confirm',
        'POST /api/console/auth/totp/recovery-codes',
        'POST /api/console/auth/totp/disable',
        'POST /api/console/users/{id}/totp/reset',
      ].sort(),
    );
    expect(doc.components.securitySchemes.consoleSession).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'plume_console' });
    expect(doc.paths['/api/console/auth/login'].post.security).toEqual([]);
    expect(doc.paths['/api/console/auth/me'].get.security).toEqual([{ consoleSession: [] }]);
    expect(doc.paths['/api/console/invites'].post.security).toEqual([{ consoleSession: [], csrfToken: [] }]);
    expect(doc.paths['/api/console/auth/logout'].post.responses['204'].content).toBeUndefined();
    const codes = doc.components.schemas.ConsoleError.properties.error.properties.code.description as string;
    for (const code of CONSOLE_ERROR_CODES) expect(codes).toContain(code);
    for (const item of Object.values(doc.paths as Record<string, Record<string, any>>)) {
      for (const op of Object.values(item)) {
        expect(op.responses['4XX'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ConsoleError' });
        for (const response of Object.values(op.responses as Record<string, any>)) expect(response.headers['X-Request-Id']).toBeTruthy();
      }
    }
  });

  it('lints clean with @redocly/cli (redocly-admin.yaml)', async () => {
    const report = await redoclyLint(doc, 'redocly-admin.yaml');
    expect(report.problems).toEqual([]);
  }, 60_000);
});
