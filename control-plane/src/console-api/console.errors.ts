/**
 * /api/console failures: `{ "error": { "code", "message" } }` with stable
 * lowercase codes the console's pages branch on. One code→status table.
 */
import { z } from 'zod';
import { ApiError, type ErrorSurface } from '../http/errors.js';

export const CONSOLE_STATUS = {
  /** A field fails its schema (wrong type, too long, unknown field…), or text no field accepts. */
  validation_failed: 400,
  invalid_json: 400,
  /** A new password shorter than 12 or longer than 200 characters. */
  password_too_weak: 400,
  /** No session cookie, or one whose session ended (logged out, idle, expired, revoked). */
  not_authenticated: 401,
  /** Wrong email or password, whichever it was (the answer does not say). */
  invalid_credentials: 401,
  /** A two-factor code that is wrong, already used, or a recovery code already used. */
  invalid_code: 401,
  /** The pending login the code was for has expired (5 minutes) or was completed: log in with the password again. */
  login_expired: 401,
  /** An unsafe method without the session's X-CSRF-Token. */
  csrf_failed: 403,
  /** The person's role does not allow this. */
  forbidden: 403,
  not_found: 404,
  /** No node by that id serves you: an unknown node and another integrator's node answer alike. */
  node_not_found: 404,
  email_taken: 409,
  /** Two-factor login is on already (turn it off before setting up another authenticator). */
  totp_already_enabled: 409,
  /** Two-factor login is not on (or its setup was not started). */
  totp_not_enabled: 409,
  /** A webhook delivery the receiver already accepted (2xx): nothing to retry. */
  already_delivered: 409,
  /** The account's node is not connected (or is draining): a login needs it online. */
  node_offline: 409,
  /** The account cannot be logged in from here: a CMS site, no node, or a node that opens no login page for its platform. */
  login_unavailable: 409,
  /** The login has ended (succeeded, failed, timed out, cancelled): it takes no more input. */
  login_ended: 409,
  /** The node that served you was revoked: it opens no login any more. */
  node_revoked: 409,
  /** The node opens no login page for that platform (GET /me/login-nodes lists those it does). */
  login_platform_unsupported: 409,
  /** You have as many logins open as one integrator may: finish or cancel one first. */
  too_many_logins: 409,
  /** The job waits on no one: it resumed, ended, its deadline passed, or the platform never asked. */
  job_not_awaiting_input: 409,
  /** The job is not waiting for its publish time any more: it started or ended, so it cannot be canceled. */
  job_not_scheduled: 409,
  /** A new publish time that is not RFC 3339 with a zone. */
  publish_at_invalid: 400,
  /** A new publish time more than five minutes in the past. */
  publish_at_in_past: 422,
  /** A new publish time more than 30 days ahead. */
  publish_at_too_far: 422,
  /** The invite was used, has expired, or never existed. */
  invite_invalid: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** Too many failed logins for this email or from this address; with Retry-After. */
  login_throttled: 429,
  internal_error: 500,
  /** The database cannot be reached, or this replica is hashing as many passwords as it may; with Retry-After. */
  service_unavailable: 503,
} as const;
export type ConsoleErrorCode = keyof typeof CONSOLE_STATUS;
export const CONSOLE_ERROR_CODES = Object.keys(CONSOLE_STATUS) as ConsoleErrorCode[];

export function consoleError(code: ConsoleErrorCode, message: string, headers: Record<string, string> = {}): ApiError {
  return new ApiError(code, message, CONSOLE_STATUS[code], headers);
}

export const consoleSurface: ErrorSurface = {
  format: (code, message) => ({ error: { code, message } }),
  codes: {
    invalidJson: 'invalid_json',
    invalidRequest: 'validation_failed',
    unsupportedMediaType: 'unsupported_media_type',
    payloadTooLarge: 'payload_too_large',
    notFound: 'not_found',
    internal: 'internal_error',
    unavailable: 'service_unavailable',
  },
};

export const consoleErrorBody = z
  .object({
    error: z.object({
      code: z.string().describe(`Stable code to branch on; one of: ${CONSOLE_ERROR_CODES.join(', ')}`),
      message: z.string().describe('A sentence for people; show it, do not parse it'),
    }),
  })
  .meta({ id: 'ConsoleError', description: 'The failure body of every /api/console error: branch on `error.code`.' });

export const consoleErrorStatus = (code: ConsoleErrorCode): number => CONSOLE_STATUS[code];
