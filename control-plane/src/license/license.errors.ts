/** License v2 failures: one code→status table (DESIGN: license v2 decisions). */
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
  },
};

/** Success bodies carry camelCase and snake_case names alike. */
export const licenseOk = <T extends object>(body: T) => withSnakeCase(body);
