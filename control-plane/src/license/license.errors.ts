/** License v2 failures: one code→status table. */
import { type LicenseErrorCode, withSnakeCase } from '@plume/shared';
import { ApiError, type ErrorSurface } from '../http/errors.js';

export const LICENSE_STATUS: Record<LicenseErrorCode, number> = {
  INVALID_JSON: 400,
  INVALID_REQUEST: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  PUBLIC_KEY_INVALID: 400,
  PROJECT_NOT_FOUND: 404,
  PROJECT_DISABLED: 403,
  CODE_INVALID: 404,
  CODE_DISABLED: 403,
  CODE_EXPIRED: 403,
  CODE_EXHAUSTED: 403,
  CODE_ALREADY_BOUND: 409,
  ENROLL_REPLAYED: 409,
  ENROLL_PROOF_INVALID: 401,
  TOKEN_MISSING: 401,
  TOKEN_INVALID: 401,
  TOKEN_EXPIRED: 401,
  PROOF_REQUIRED: 401,
  SESSION_MISMATCH: 401,
  SESSION_REVOKED: 401,
  TIMESTAMP_OUT_OF_WINDOW: 401,
  SIGNATURE_INVALID: 401,
  NONCE_REPLAY: 409,
  CHALLENGE_INVALID: 401,
  CHALLENGE_EXPIRED: 401,
  CHALLENGE_USED: 409,
  FINGERPRINT_MISMATCH: 403,
  DEVICE_REVOKED: 403,
  VERSION_BANNED: 403,
  RATE_LIMITED: 429,
  NOT_FOUND: 404,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

export function licenseError(code: LicenseErrorCode, message: string, headers: Record<string, string> = {}): ApiError {
  return new ApiError(code, message, LICENSE_STATUS[code], headers);
}

export const licenseSurface: ErrorSurface = {
  format: (code, message) => ({ success: false, message, code }),
  codes: {
    invalidJson: 'INVALID_JSON',
    invalidRequest: 'INVALID_REQUEST',
    unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
    payloadTooLarge: 'PAYLOAD_TOO_LARGE',
    notFound: 'NOT_FOUND',
    internal: 'INTERNAL',
    unavailable: 'SERVICE_UNAVAILABLE',
  },
};

/** snake_case spelling per field name, worked out once: answers reuse a handful of names. */
const snakeNames = new Map<string, string | null>();
function snakeOf(key: string): string | null {
  let snake = snakeNames.get(key);
  if (snake === undefined) {
    const spelled = Object.keys(withSnakeCase({ [key]: true })).find((k) => k !== key);
    snake = spelled ?? null;
    if (snakeNames.size < 1_000) snakeNames.set(key, snake);
  }
  return snake;
}

/**
 * Success bodies carry camelCase and snake_case names alike: the same answer
 * as @plume/shared's withSnakeCase, built into a fresh object instead of a
 * spread copy, which V8 turns into a slow dictionary object once the
 * snake_case fields are added (~50 µs per answer, and slower to serialise).
 */
export function licenseOk<T extends object>(body: T): T & Record<string, unknown> {
  const fields = body as Record<string, unknown>;
  const keys = Object.keys(fields);
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = fields[key];
  for (const key of keys) {
    const snake = snakeOf(key);
    if (snake !== null) out[snake] = fields[key];
  }
  return out as T & Record<string, unknown>;
}
