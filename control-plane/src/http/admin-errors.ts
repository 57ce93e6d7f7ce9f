/**
 * Admin API failures: `{ success:false, message, code }`, like the license
 * surface it administers. One closed table for every route under /api/admin,
 * whichever domain it administers (licenses, integrators, nodes, jobs,
 * webhooks).
 */
import { z } from 'zod';
import { ApiError, type ErrorSurface } from './errors.js';

const ADMIN_STATUS = {
  INVALID_JSON: 400,
  INVALID_REQUEST: 400,
  /** A time range that is open-ended, inverted, or longer than allowed. */
  INVALID_RANGE: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  ADMIN_UNAUTHORIZED: 401,
  ADMIN_FORBIDDEN: 403,
  /** A console session's unsafe request without its X-CSRF-Token. */
  CSRF_FAILED: 403,
  ADMIN_DISABLED: 503,
  NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  NODE_NOT_FOUND: 404,
  ENROLLMENT_TOKEN_NOT_FOUND: 404,
  WEBHOOK_DELIVERY_NOT_FOUND: 404,
  PROJECT_NOT_FOUND: 404,
  DEVICE_NOT_FOUND: 404,
  CODE_NOT_FOUND: 404,
  TOKEN_NOT_FOUND: 404,
  VERSION_BAN_NOT_FOUND: 404,
  JOB_NOT_FOUND: 404,
  ACCOUNT_NOT_FOUND: 404,
  /** No pacing rule is set there (the platform has no default, the account no override). */
  PACING_RULE_NOT_FOUND: 404,
  PROJECT_EXISTS: 409,
  VERSION_BAN_EXISTS: 409,
  /** Another user already has this email. */
  USER_EXISTS: 409,
  /** Presets of a removed account are not changed. */
  ACCOUNT_REMOVED: 409,
  /** A revoked node stays revoked: drain, resume and revoke again are refused. */
  NODE_REVOKED: 409,
  /** Serving all users (the operator's web pool) is for nodes of kind web only. */
  NODE_KIND_NOT_WEB: 409,
  /** A used enrollment token made its node; revoke the node instead. */
  ENROLLMENT_TOKEN_USED: 409,
  /** A delivered webhook is not sent again. */
  WEBHOOK_ALREADY_DELIVERED: 409,
  /** A preset names a settings field the platform retired. */
  DEPRECATED_FIELD: 400,
  /** A preset fails the settings contract. */
  INVALID_SETTINGS: 400,
  /** Only a job in needs_attention is resolved by a person; the message names the state it is in. */
  JOB_NOT_RESOLVABLE: 409,
  /** Re-queueing a job whose node is revoked would leave it queued forever; resolve it as failed instead. */
  JOB_NODE_REVOKED: 409,
  /** A relayed login needs the node connected and active now. */
  NODE_OFFLINE: 409,
  /** The node does not serve that user (node_users): it logs in no account of theirs. */
  NODE_USER_NOT_SERVED: 403,
  /** The node opens no login page for that platform (no adapter, or one without a login). */
  LOGIN_PLATFORM_UNSUPPORTED: 409,
  LOGIN_NOT_FOUND: 404,
  /** The login ended (succeeded, failed, timed out, cancelled): it takes no more input. */
  LOGIN_ENDED: 409,
  /** The job waits on no one: it resumed, ended, its deadline passed, or the platform never asked. */
  JOB_NOT_AWAITING_INPUT: 409,
  INTERNAL: 500,
  /** The database cannot be reached (an outage, a restart); with Retry-After. */
  SERVICE_UNAVAILABLE: 503,
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
    unavailable: 'SERVICE_UNAVAILABLE',
  },
};

/** The failure body, for the OpenAPI document (one `AdminFailure` component). `code` is one of ADMIN_ERROR_CODES. */
export const adminFailureSchema = z
  .object({
    success: z.literal(false),
    message: z.string().describe('Human-readable explanation; do not parse'),
    code: z.string().describe(`Stable code to branch on; one of: ${ADMIN_ERROR_CODES.join(', ')}`),
  })
  .meta({ id: 'AdminFailure', description: 'The failure body of every admin API error: branch on `code`.' });

/** The HTTP status of each code, for the document's error descriptions. */
export const adminErrorStatus = (code: AdminErrorCode): number => ADMIN_STATUS[code];
