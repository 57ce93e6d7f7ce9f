/**
 * Request ids: a well-formed incoming X-Request-Id (a proxy's trace id) is
 * honored so logs line up across hops; anything else gets a fresh `req_` id of
 * 12 random bytes. The random bytes are drawn from the CSPRNG in blocks of
 * ids and handed out one slice at a time: one randomBytes call per request was
 * about 2% of the license hot path's CPU (bench/license-http.mjs profile),
 * almost all of it per-call overhead, and the ids stay exactly as random.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What an incoming X-Request-Id must look like to be kept (and what a lookup by one accepts). */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const ID_BYTES = 12;
const IDS_PER_BLOCK = 256;

let block = Buffer.alloc(0);
let offset = 0;

function freshIdBytes(): Buffer {
  if (offset + ID_BYTES > block.length) {
    block = randomBytes(ID_BYTES * IDS_PER_BLOCK);
    offset = 0;
  }
  const bytes = block.subarray(offset, offset + ID_BYTES);
  offset += ID_BYTES;
  return bytes;
}

/** A new `req_` id, for answers given before any request object exists (a request that is not valid HTTP). */
export function newRequestId(): string {
  return `req_${freshIdBytes().toString('base64url')}`;
}

export function genRequestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  if (typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming)) return incoming;
  return newRequestId();
}
