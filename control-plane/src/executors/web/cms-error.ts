/**
 * How a CMS request failed, and whether it may be retried:
 * - `auth`: the site refused the credentials (permanent, `cms_auth_failed`).
 * - `rejected`: the site answered and refused (4xx, XML-RPC fault): permanent.
 * - `server`: the site answered 5xx: retry; after the publish call, look first.
 * - `unreachable`: nothing reached the site (DNS, refused connection): retry.
 * - `ambiguous`: the request may have reached the site and we do not know what
 *   it did (timeout, reset, an unreadable answer): look first, then retry.
 */
export type CmsFailureKind = 'auth' | 'rejected' | 'server' | 'unreachable' | 'ambiguous';

export class CmsError extends Error {
  constructor(
    readonly kind: CmsFailureKind,
    readonly code: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }

  get retryable(): boolean {
    return this.kind === 'server' || this.kind === 'unreachable' || this.kind === 'ambiguous';
  }
}
