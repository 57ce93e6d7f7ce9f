import { randomFillSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const ID_BYTES = 12;
/** One CSPRNG call per 256 ids instead of one per request (each call has a fixed cost). */
const pool = Buffer.alloc(ID_BYTES * 256);
let offset = pool.length;

function freshId(): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const id = pool.toString('base64url', offset, offset + ID_BYTES);
  offset += ID_BYTES;
  return `req_${id}`;
}

/**
 * Honors a well-formed incoming X-Request-Id (a proxy's trace id) so logs line
 * up across hops; anything else gets a fresh `req_` id (96 random bits).
 */
export function genRequestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  if (typeof incoming === 'string' && SAFE_ID.test(incoming)) return incoming;
  return freshId();
}
