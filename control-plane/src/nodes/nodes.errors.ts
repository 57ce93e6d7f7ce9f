/**
 * Failures of the node API (/api/nodes/v1): `{ error: { code, message } }`
 * like the Open API, one code→status table. The handshake's refusals are
 * answered before the WebSocket upgrade, as plain HTTP.
 */
import { ApiError, type ErrorSurface } from '../http/errors.js';

const NODE_STATUS = {
  invalid_json: 400,
  invalid_request: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  not_found: 404,
  /** Missing handshake headers, unknown node, bad signature. */
  unauthorized: 401,
  clock_skew: 401,
  signature_invalid: 401,
  node_revoked: 403,
  nonce_replay: 409,
  token_invalid: 401,
  token_expired: 401,
  token_used: 409,
  token_revoked: 401,
  proof_invalid: 401,
  public_key_invalid: 400,
  internal_error: 500,
  /** The database cannot be reached; with Retry-After. */
  service_unavailable: 503,
} as const;
export type NodeErrorCode = keyof typeof NODE_STATUS;

export function nodeError(code: NodeErrorCode, message: string): ApiError {
  return new ApiError(code, message, NODE_STATUS[code]);
}

export const nodeSurface: ErrorSurface = {
  format: (code, message) => ({ error: { code, message } }),
  codes: {
    invalidJson: 'invalid_json',
    invalidRequest: 'invalid_request',
    unsupportedMediaType: 'unsupported_media_type',
    payloadTooLarge: 'payload_too_large',
    notFound: 'not_found',
    internal: 'internal_error',
    unavailable: 'service_unavailable',
  },
};
