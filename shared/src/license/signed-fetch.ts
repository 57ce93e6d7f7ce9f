/**
 * HTTP for the reference client: one POST helper that turns every answer into
 * either a `success:true` body or a LicenseError, and the signed-request
 * headers of status/consume (the eight-line LICENSE-V2-PROOF). The body string that is hashed into the proof is the
 * exact string sent; nothing re-serializes it in between.
 */
import { randomBytes } from 'node:crypto';
import { toBase64Url, utf8 } from '../encoding.js';
import { sign } from '../ed25519.js';
import { proofMessage } from './canonical.js';
import { LicenseError } from './errors.js';
import { SIGNED_HEADERS } from './wire.js';

/** The part of fetch the client uses; globalThis.fetch satisfies it, and so does a test double. */
export type FetchLike = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal?: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

export interface Transport {
  baseUrl: string;
  fetch: FetchLike;
  timeoutMs: number;
}

/** A short prefix and 18 random bytes in base64url (24 characters after the prefix). */
export function newNonce(): string {
  return `n_${toBase64Url(randomBytes(18))}`;
}

const snakeToCamel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Responses carry both spellings; an older server may send only snake_case, so fill the camelCase gaps. */
function withCamelCase(body: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body };
  for (const [key, value] of Object.entries(body)) {
    if (!key.includes('_')) continue;
    const camel = snakeToCamel(key);
    if (out[camel] === undefined) out[camel] = value;
  }
  return out;
}

/** POSTs `bodyText` to `path`; resolves with the success body, rejects with a LicenseError. */
export async function postLicense<T>(
  transport: Transport,
  path: string,
  bodyText: string,
  headers: Record<string, string> = {},
): Promise<T> {
  const url = `${transport.baseUrl.replace(/\/+$/, '')}${path}`;
  let status: number;
  let text: string;
  try {
    const res = await transport.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: bodyText,
      // A hung connection must not hang the app's license check forever.
      signal: AbortSignal.timeout(transport.timeoutMs),
    });
    status = res.status;
    text = await res.text();
  } catch (err) {
    throw new LicenseError('NETWORK', `license server unreachable: ${(err as Error)?.message ?? String(err)}`, 0, {
      cause: err,
    });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new LicenseError('BAD_RESPONSE', `license server answered HTTP ${status} with a non-JSON body`, status);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new LicenseError('BAD_RESPONSE', `license server answered HTTP ${status} with a non-object body`, status);
  }
  const record = withCamelCase(body as Record<string, unknown>);
  // Clients must test `success`, not only the HTTP status.
  if (record.success !== true) {
    const code = typeof record.code === 'string' && record.code ? record.code : 'BAD_RESPONSE';
    const message = typeof record.message === 'string' ? record.message : `license request failed (HTTP ${status})`;
    throw new LicenseError(code, message, status);
  }
  if (status < 200 || status > 299) {
    throw new LicenseError('BAD_RESPONSE', `license server answered success with HTTP ${status}`, status);
  }
  return record as T;
}

export interface SigningSession {
  sessionId: string;
  licenseToken: string;
  secretKey: Uint8Array;
}

/** Headers of a signed request (status, consume) over the exact body string that will be sent. */
export async function signedHeaders(i: {
  path: string;
  bodyText: string;
  session: SigningSession;
  nowMs: number;
  nonce?: string;
}): Promise<Record<string, string>> {
  const timestamp = String(Math.floor(i.nowMs / 1000));
  const nonce = i.nonce ?? newNonce();
  const message = proofMessage({
    path: i.path,
    sessionId: i.session.sessionId,
    timestamp,
    nonce,
    body: i.bodyText,
    licenseToken: i.session.licenseToken,
  });
  const signature = toBase64Url(await sign(utf8(message), i.session.secretKey));
  return {
    authorization: `Bearer ${i.session.licenseToken}`,
    [SIGNED_HEADERS.sessionId]: i.session.sessionId,
    [SIGNED_HEADERS.timestamp]: timestamp,
    [SIGNED_HEADERS.nonce]: nonce,
    [SIGNED_HEADERS.signature]: signature,
  };
}
