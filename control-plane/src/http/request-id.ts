import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Honors a well-formed incoming X-Request-Id (a proxy's trace id) so logs line
 * up across hops; anything else gets a fresh `req_` id.
 */
export function genRequestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  if (typeof incoming === 'string' && SAFE_ID.test(incoming)) return incoming;
  return `req_${randomBytes(12).toString('base64url')}`;
}
