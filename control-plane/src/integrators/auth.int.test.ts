import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';
import { createUser, v1 } from '../testing/openapi.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('happy path', () => {
  it('GET /me shows permissions, the four quota buckets and the limit headers', async () => {
    const user = await createUser(t.app, t.adminHeaders, { quotas: { web: 5, desktop: 6, edge: 7, cms: 8 }, perMinuteLimit: 100, dailyLimit: 1000 });
    const res = await v1(t.app, user, 'GET', '/me');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user_id: user.id,
      permissions: ['accounts:read', 'articles:write', 'cms', 'publish'],
      quotas: { web: { granted: 5, used: 0, remaining: 5 }, desktop: { remaining: 6 }, edge: { remaining: 7 }, cms: { remaining: 8 } },
    });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['ratelimit-limit']).toBe('100');
    expect(res.headers['ratelimit-remaining']).toBe('99');
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(res.headers['x-dailylimit']).toBe('1000');
    expect(res.headers['x-dailyremaining']).toBe('999');
  });

  it('serves the OpenAPI document without a key', async () => {
    const res = await v1(t.app, null, 'GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toContain('/api/openapi/v1/me');
    expect(Object.keys(res.body.paths).some((p) => p.includes('refresh') || p.includes('images'))).toBe(false);
  });
});

describe('auth', () => {
  it('refuses a missing, malformed, unknown or revoked key with 401 and the error body', async () => {
    expect(await v1(t.app, null, 'GET', '/me')).toMatchObject({ status: 401, body: { error: { code: 'unauthorized', message: expect.any(String) } } });
    expect((await v1(t.app, null, 'GET', '/me', undefined, { authorization: 'Bearer nope' })).status).toBe(401);
    expect((await v1(t.app, null, 'GET', '/me', undefined, { authorization: `Bearer plm_${'x'.repeat(43)}` })).body.error.code).toBe('unauthorized');
    const user = await createUser(t.app, t.adminHeaders);
    const keys = await t.app.inject({ method: 'GET', url: `/api/admin/users/${user.id}/api-keys`, headers: t.adminHeaders });
    const keyId = keys.json().items[0].id;
    expect(keys.json().items[0]).not.toHaveProperty('key');
    await t.app.inject({ method: 'POST', url: `/api/admin/api-keys/${keyId}/revoke`, headers: t.adminHeaders });
    expect((await v1(t.app, user, 'GET', '/me')).body.error.code).toBe('unauthorized');
  });

  it('a disabled user is refused', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${user.id}`, headers: t.adminHeaders, payload: { disabled: true } });
    expect(await v1(t.app, user, 'GET', '/me')).toMatchObject({ status: 403, body: { error: { code: 'user_disabled' } } });
  });

  it('a key carries only permissions its plan has', async () => {
    const user = await createUser(t.app, t.adminHeaders, { permissions: ['publish'], keyPermissions: ['publish', 'accounts:read'] });
    expect((await v1(t.app, user, 'GET', '/me')).body.permissions).toEqual(['publish']);
  });
});

describe('limits', () => {
  it('the per-minute limit is shared by all keys of a user and answers 429 with Retry-After', async () => {
    const user = await createUser(t.app, t.adminHeaders, { perMinuteLimit: 3 });
    const second = await t.app.inject({ method: 'POST', url: `/api/admin/users/${user.id}/api-keys`, headers: t.adminHeaders, payload: { name: 'second' } });
    const other = { id: user.id, key: second.json().apiKey.key, headers: { authorization: `Bearer ${second.json().apiKey.key}` } };
    const statuses = [];
    for (const u of [user, other, user, other]) statuses.push((await v1(t.app, u, 'GET', '/me')).status);
    // A window boundary could split the four calls; retry once if it did.
    if (!statuses.includes(429)) for (const u of [user, other, user, other]) statuses.push((await v1(t.app, u, 'GET', '/me')).status);
    expect(statuses).toContain(429);
    const limited = await v1(t.app, other, 'GET', '/me');
    expect(limited).toMatchObject({ status: 429, body: { error: { code: 'rate_limited' } } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['ratelimit-remaining']).toBe('0');
  });

  it('the daily limit answers 429 daily_limit_exceeded', async () => {
    const user = await createUser(t.app, t.adminHeaders, { dailyLimit: 2 });
    await v1(t.app, user, 'GET', '/me');
    await v1(t.app, user, 'GET', '/me');
    const res = await v1(t.app, user, 'GET', '/me');
    expect(res).toMatchObject({ status: 429, body: { error: { code: 'daily_limit_exceeded' } } });
    expect(res.headers['x-dailyremaining']).toBe('0');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('errors', () => {
  it('unavailable paths answer 404 with a code and where to go instead', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const refresh = await v1(t.app, user, 'POST', '/accounts/12/refresh');
    expect(refresh).toMatchObject({ status: 404, body: { error: { code: 'endpoint_unavailable' } } });
    expect(refresh.body.error.message).toMatch(/web application|desktop application/);
    expect((await v1(t.app, user, 'DELETE', '/articles/art_x')).body.error.message).toMatch(/re-import/);
    expect((await v1(t.app, user, 'POST', '/images/upload')).body.error.message).toMatch(/Markdown image/);
    expect((await v1(t.app, user, 'POST', '/accounts/3/login')).body.error.code).toBe('endpoint_unavailable');
  });

  it('unknown paths answer 404 not_found in the v1 error shape', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    expect(await v1(t.app, user, 'GET', '/nope')).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
  });

  it('admin user creation validates its input', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/admin/users', headers: t.adminHeaders, payload: { name: 'x', plan: { permissions: ['fly'] } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'INVALID_REQUEST' });
    const noAuth = await t.app.inject({ method: 'POST', url: '/api/admin/users', payload: { name: 'x' } });
    expect(noAuth.statusCode).toBe(401);
  });
});
