/** The one place API answers become data or an ApiError: both envelopes, the CSRF header, a lost session. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, consoleApi, adminApi, setCsrfToken, unwrap, whenUnauthenticated } from './client.js';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Per-call options: openapi-fetch takes `fetch` per request, and builds absolute Requests (in a page the base is the document's origin). */
let options: { baseUrl: string; fetch: (request: Request) => Promise<Response> };

function answering(response: () => Response): Request[] {
  const seen: Request[] = [];
  options = {
    baseUrl: 'http://console.test',
    fetch: async (request: Request) => {
      seen.push(request);
      return response();
    },
  };
  return seen;
}

afterEach(() => {
  setCsrfToken(null);
  whenUnauthenticated(() => {});
});

describe('happy path', () => {
  it('returns the data of a 2xx answer', async () => {
    answering(() => json(200, { webhook: null }));
    expect(await unwrap(consoleApi.GET('/api/console/me/webhook', options))).toEqual({ webhook: null });
  });

  it('sends the session CSRF token on unsafe requests only', async () => {
    setCsrfToken('csrf-123');
    const seen = answering(() => json(200, { secret: 's' }));
    await unwrap(consoleApi.POST('/api/console/me/webhook/rotate-secret', options));
    await unwrap(consoleApi.GET('/api/console/me/webhook', options));
    expect(seen.map((r) => [r.method, r.headers.get('x-csrf-token')])).toEqual([
      ['POST', 'csrf-123'],
      ['GET', null],
    ]);
  });
});

describe('errors', () => {
  it("carries the console envelope's code and message", async () => {
    answering(() => json(410, { error: { code: 'invite_invalid', message: 'This invite was already used.' } }));
    const error = await unwrap(consoleApi.GET('/api/console/invites/{token}', { ...options, params: { path: { token: 't' } } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 410, code: 'invite_invalid', message: 'This invite was already used.' });
  });

  it("carries the admin envelope's code and message", async () => {
    answering(() => json(403, { success: false, code: 'ADMIN_FORBIDDEN', message: 'Viewers may only read.' }));
    const error = await unwrap(adminApi.GET('/api/admin/users', options)).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, code: 'ADMIN_FORBIDDEN', message: 'Viewers may only read.' });
  });

  it('explains an answer without an envelope, and an unreachable server', async () => {
    answering(() => new Response('<html>bad gateway</html>', { status: 502 }));
    expect(await unwrap(consoleApi.GET('/api/console/auth/me', options)).catch((e: unknown) => e)).toMatchObject({ status: 502, code: 'error' });
    options.fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await unwrap(consoleApi.GET('/api/console/auth/me', options)).catch((e: unknown) => e)).toMatchObject({ status: 0, code: 'network_error' });
  });
});

describe('auth', () => {
  it('reports a lost session on a 401 not_authenticated, but not a wrong password’s or code’s 401', async () => {
    const lost = vi.fn();
    whenUnauthenticated(lost);
    answering(() => json(401, { error: { code: 'invalid_credentials', message: 'Wrong email or password.' } }));
    await unwrap(consoleApi.POST('/api/console/auth/login', { ...options, body: { email: 'a@b.c', password: 'x' } })).catch(() => {});
    answering(() => json(401, { error: { code: 'invalid_code', message: 'Wrong code.' } }));
    await unwrap(consoleApi.POST('/api/console/auth/totp/confirm', { ...options, body: { code: '123456' } })).catch(() => {});
    expect(lost).not.toHaveBeenCalled();
    answering(() => json(401, { error: { code: 'not_authenticated', message: 'Log in first.' } }));
    const error = await unwrap(consoleApi.GET('/api/console/me/api-keys', options)).catch((e: unknown) => e);
    expect(lost).toHaveBeenCalledTimes(1);
    // The body read for the check is still the caller's.
    expect(error).toMatchObject({ status: 401, code: 'not_authenticated', message: 'Log in first.' });
  });
});
