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

/** A cover the worker downloaded (cms-cover.ts), for the plugin to make the post's featured image. */
export interface CmsCover {
  bytes: Buffer;
  /** By the image's own bytes: image/jpeg, image/png, image/webp or image/gif. */
  mimeType: string;
  /** Ours, ASCII, with the extension of the type (servers pick the file type by it). */
  fileName: string;
}

export interface CmsPost {
  /** `plume:<job id>`: identifies the post on the site (see `find`). */
  marker: string;
  title: string;
  /** Rendered HTML, the marker comment included. */
  html: string;
  /** The part of `html` that must stay first (the AI label when one is required); '' otherwise. */
  lead: string;
  /** The job's frozen settings (publish-settings contract of the platform). */
  settings: Record<string, unknown>;
  /** Set when the frozen settings use the article's cover (coverMode custom). */
  cover: CmsCover | null;
}

export interface PublishedPost {
  postId: string;
  url: string | null;
  /** Published, but not quite as asked (the site dropped the featured image): logged by the worker. */
  warnings?: string[];
}

export interface CmsPlugin {
  readonly type: CmsType;
  /** Returns the publish call; it gets its own CmsHttp, one a shutdown does not interrupt. */
  prepare(site: CmsSite, post: CmsPost, http: CmsHttp): Promise<(http: CmsHttp) => Promise<PublishedPost>>;
  find(site: CmsSite, marker: string, http: CmsHttp): Promise<PublishedPost[]>;
}

/** The post's HTML with the image first, after the lead: for sites whose only cover is the first image in the post. */
export function htmlWithImageFirst(post: CmsPost, src: string): string {
  return `${post.lead}<p><img src="${escapeAttribute(src)}" alt="${escapeAttribute(post.title)}"></p>\n${post.html.slice(post.lead.length)}`;
}

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Hex of the job id: letters and digits only, so it survives HTML comments, search terms and XML untouched. */
export const markerOf = (jobId: string) => `plume:${Buffer.from(jobId, 'utf8').toString('hex')}`;
export const markerComment = (marker: string) => `<!-- ${marker} -->`;
