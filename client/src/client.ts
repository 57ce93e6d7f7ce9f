/**
 * The typed client: openapi-fetch's createClient over the `paths` generated from the document the
 * control plane serves, with the API key sent on every request. Each call answers
 * `{ data, error, response }`: `data` is the typed success body, `error` the typed
 * `{ error: { code, message } }` envelope, `response` the raw Response (its headers carry
 * X-Request-Id, Retry-After and the rate-limit headers).
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './openapi-v1.js';

/** The Open API v1 client: `client.GET('/api/openapi/v1/me')`, `client.POST('/api/openapi/v1/publish', { body })`, … */
export type PlumeClient = Client<paths>;

/** The body of every Open API v1 error: branch on `error.code`, never on `error.message`. */
export type PlumeErrorBody = components['schemas']['Error'];

export interface PlumeClientOptions {
  /** The control plane's address, e.g. `https://plume.example.com` (no path; the paths carry `/api/openapi/v1/…`). */
  baseUrl: string;
  /** The API key (`plm_…`), sent as `Authorization: Bearer <key>`. */
  apiKey: string;
  /** Headers sent with every request, besides the API key. */
  headers?: Record<string, string>;
  /** A fetch of your own (a proxy agent, instrumentation, tests); default the global fetch. */
  fetch?: (request: Request) => Promise<Response>;
}

export function createPlumeClient(options: PlumeClientOptions): PlumeClient {
  if (!options.apiKey) throw new TypeError('createPlumeClient: apiKey is required');
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { ...options.headers, authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/**
 * The X-Request-Id the control plane answered with: the one you sent (a well-formed
 * `X-Request-Id` request header), or the one it gave the request. Quote it when asking about a
 * call; a publish whose outcome you did not see is looked up by it (`GET /publish/batches?requestId=`).
 */
export function requestIdOf(result: { response: Response }): string | null {
  return result.response.headers.get('x-request-id');
}

/**
 * `Retry-After` in milliseconds (delta-seconds or an HTTP date), or null when the answer has none
 * or it cannot be read. `nowMs` is the clock an HTTP date is measured against.
 */
export function retryAfterMs(response: Response, nowMs: number = Date.now()): number | null {
  const value = response.headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

export function isPlumeErrorBody(value: unknown): value is PlumeErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string';
}

/** An Open API answer that was not a success, as an exception: status, `code`, `message` and the request id. */
export class PlumeApiError extends Error {
  override readonly name = 'PlumeApiError';
  readonly status: number;
  /** The envelope's `error.code` (e.g. `batch_not_found`, `rate_limited`); `http_<status>` when the body was not the envelope. */
  readonly code: string;
  readonly requestId: string | null;
  /** Retry-After in milliseconds, when the answer carried it. */
  readonly retryAfterMs: number | null;

  constructor(response: Response, body: unknown) {
    const envelope = isPlumeErrorBody(body) ? body.error : null;
    const code = envelope?.code ?? `http_${response.status}`;
    super(`${response.status} ${code}: ${envelope?.message ?? response.statusText}`);
    this.status = response.status;
    this.code = code;
    this.requestId = response.headers.get('x-request-id');
    this.retryAfterMs = retryAfterMs(response);
  }
}

/**
 * The success body of a call, or a PlumeApiError thrown for its error answer:
 * `const me = await unwrap(client.GET('/api/openapi/v1/me'))`.
 */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }> | { data?: T; error?: unknown; response: Response }): Promise<T> {
  const result = await call;
  if (result.response.ok) return result.data as T;
  throw new PlumeApiError(result.response, result.error);
}
