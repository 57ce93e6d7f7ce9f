/**
 * The two typed clients (openapi-fetch over the generated path types) and the
 * one place their answers become data or an ApiError carrying the API's own
 * code and message. Unsafe requests carry the session's CSRF token; a 401
 * saying the session is gone forgets the person, so the router sends them to
 * /login.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { AdminPaths, ConsolePaths, ConsoleUser } from './paths.js';

export type { ConsoleUser };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let csrfToken: string | null = null;
let onUnauthenticated: () => void = () => {};

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Called when an API says the session is gone (expired, revoked elsewhere). */
export function whenUnauthenticated(handler: () => void): void {
  onUnauthenticated = handler;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const session: Middleware = {
  onRequest({ request }) {
    if (!SAFE_METHODS.has(request.method) && csrfToken) request.headers.set('x-csrf-token', csrfToken);
    return request;
  },
  async onResponse({ response, request }) {
    if (response.status === 401 && (await lostSession(response, request))) onUnauthenticated();
    return response;
  },
};

/**
 * A console 401 other than not_authenticated (a wrong password or code) is an
 * answer to show, not a lost session. The admin API's 401 always is one.
 */
async function lostSession(response: Response, request: Request): Promise<boolean> {
  if (!new URL(request.url).pathname.startsWith('/api/console/')) return true;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  const code = body && typeof body === 'object' ? (body as { error?: { code?: unknown } }).error?.code : undefined;
  return code === undefined || code === 'not_authenticated';
}

const options = { baseUrl: '', credentials: 'same-origin' as const };
export const consoleApi = createClient<ConsolePaths>(options);
export const adminApi = createClient<AdminPaths>(options);
consoleApi.use(session);
adminApi.use(session);

/** Both envelopes: the console's `{ error: { code, message } }` and the admin API's `{ success: false, code, message }`. */
function errorOf(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const b = body as { error?: { code?: unknown; message?: unknown }; code?: unknown; message?: unknown };
    const source = b.error && typeof b.error === 'object' ? b.error : b;
    if (typeof source.message === 'string') return new ApiError(status, typeof source.code === 'string' ? source.code : 'error', source.message);
  }
  return new ApiError(status, 'error', `The server answered ${status} without an explanation.`);
}

/** Awaits an openapi-fetch call: its data, or throws the API's error. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch {
    throw new ApiError(0, 'network_error', 'The control plane could not be reached. Check your connection and try again.');
  }
  if (!result.response.ok) throw errorOf(result.response.status, result.error);
  return result.data as T;
}
