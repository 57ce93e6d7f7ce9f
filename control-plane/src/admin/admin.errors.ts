/** Admin API failures: `{ success:false, message, code }`, like the license surface it administers. */
import { z } from 'zod';
import { ApiError, type ErrorSurface } from '../http/errors.js';

const ADMIN_STATUS = {
  INVALID_JSON: 400,
  INVALID_REQUEST: 400,
  /** A time range that is open-ended, inverted, or longer than allowed. */
  INVALID_RANGE: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  ADMIN_UNAUTHORIZED: 401,
  ADMIN_FORBIDDEN: 403,
  ADMIN_DISABLED: 503,
  NOT_FOUND: 404,
  PROJECT_NOT_FOUND: 404,
  DEVICE_NOT_FOUND: 404,
  CODE_NOT_FOUND: 404,
  TOKEN_NOT_FOUND: 404,
  VERSION_BAN_NOT_FOUND: 404,
  PROJECT_EXISTS: 409,
  VERSION_BAN_EXISTS: 409,
  INTERNAL: 500,
} as const;
export type AdminErrorCode = keyof typeof ADMIN_STATUS;
export const ADMIN_ERROR_CODES = Object.keys(ADMIN_STATUS) as AdminErrorCode[];

export function adminError(code: AdminErrorCode, message: string): ApiError {
  return new ApiError(code, message, ADMIN_STATUS[code]);
}

export const adminSurface: ErrorSurface = {
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

/** The failure body, for the OpenAPI document. `code` is one of ADMIN_ERROR_CODES. */
export const adminFailureSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string().describe(`One of: ${ADMIN_ERROR_CODES.join(', ')}`),
});
