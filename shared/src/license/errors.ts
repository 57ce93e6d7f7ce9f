/**
 * The one error the reference client throws. Server failures keep the server's
 * stable `code` and HTTP status; failures found on the client get their own
 * codes and status 0.
 */
import type { LicenseErrorCode } from './wire.js';

export const CLIENT_ERROR_CODES = [
  /** fetch rejected (DNS, refused, reset, timeout): the request may or may not have reached the server. */
  'NETWORK',
  /** The server answered something that is not a license v2 body. */
  'BAD_RESPONSE',
  /** No enrolled session for this projectKey and machineId; call enroll(code). */
  'NOT_ENROLLED',
  /** A challenge signInput that is not a renew challenge for this session and fingerprint; nothing was signed. */
  'SIGN_INPUT_REJECTED',
  /** A value that would enter a signed message contains a line feed, or is otherwise unusable. */
  'INVALID_INPUT',
  'KEY_FILE_INSECURE',
  'KEY_FILE_INVALID',
] as const;
export type LicenseClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

export class LicenseError extends Error {
  override readonly name = 'LicenseError';
  /** For consume failures: the requestId to reuse when retrying, so no second deduction happens. */
  requestId?: string;

  constructor(
    /** A server code (LicenseErrorCode, or one a newer server added) or a client code. */
    readonly code: LicenseErrorCode | LicenseClientErrorCode | (string & {}),
    message: string,
    /** HTTP status of the answer; 0 when no answer was involved. */
    readonly status: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
