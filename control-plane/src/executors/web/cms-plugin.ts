/**
 * The one contract every CMS site plugin fulfils, and the failure model the
 * worker acts on. A plugin splits publishing in two: `prepare` (check the
 * credentials, resolve what the post needs; safe to repeat) and the returned
 * `publish` (the one non-repeatable call). `find` is the read-only lookup
 * that settles an ambiguous publish: it finds the posts carrying the job's
 * marker, an HTML comment the plugin puts in every post it creates.
 */
import type { CmsHttp } from './cms-http.js';

export type CmsType = 'wordpress' | 'metaweblog';

/** What the admin API sealed (accounts.admin.service.ts createCmsSite). */
export interface CmsSite {
  type: CmsType;
  /** WordPress: the site's base URL. MetaWeblog: the XML-RPC endpoint. */
  siteUrl: string;
  username: string;
  password: string;
}

export interface CmsPost {
  /** `plume:<job id>`: identifies the post on the site (see `find`). */
  marker: string;
  title: string;
  /** Rendered HTML, the marker comment included. */
  html: string;
  /** The job's frozen settings (publish-settings contract of the platform). */
  settings: Record<string, unknown>;
}

export interface PublishedPost {
  postId: string;
  url: string | null;
}

export interface CmsPlugin {
  readonly type: CmsType;
  /** Returns the publish call; it gets its own CmsHttp, one a shutdown does not interrupt. */
  prepare(site: CmsSite, post: CmsPost, http: CmsHttp): Promise<(http: CmsHttp) => Promise<PublishedPost>>;
  find(site: CmsSite, marker: string, http: CmsHttp): Promise<PublishedPost[]>;
}

/**
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

/** Hex of the job id: letters and digits only, so it survives HTML comments, search terms and XML untouched. */
export const markerOf = (jobId: string) => `plume:${Buffer.from(jobId, 'utf8').toString('hex')}`;
export const markerComment = (marker: string) => `<!-- ${marker} -->`;
