/**
 * kuaishou's addresses (see the provenance in provenance.ts): the
 * creator centre's pages, the publish requests its page sends, and the post
 * address a work id stands for.
 */
import type { AdapterContext } from '../contract.js';
import { liveUrl, realUrl } from '../kit/live-url.js';

export const ORIGIN = 'https://cp.kuaishou.com';
export const site = { defaultBaseUrl: ORIGIN };

export const URLS = {
  login: `https://passport.kuaishou.com/pc/account/login/?sid=kuaishou.web.cp.api&callback=${encodeURIComponent(`${ORIGIN}/rest/infra/sts?followUrl=${encodeURIComponent(`${ORIGIN}/article/publish/video`)}&setRootDomain=true`)}`,
  publish: `${ORIGIN}/article/publish/video`,
  works: `${ORIGIN}/article/manage/video?status=2&from=publish`,
};

/** The page's publish request: one path for videos, another for 图文 (atlas). */
export const SUBMIT_PATHS = {
  video: '/rest/cp/works/v2/video/pc/submit',
  dynamic: '/rest/cp/works/atlas/pc/publish/submit',
} as const;

/** The works list the works page asks for as it opens. */
export const WORKS_LIST_PATH = '/rest/cp/works/v2/video/pc/photo/list';

/** The real path a request address stands for (the same on a replica). */
export const realPath = (ctx: AdapterContext, address: string): string => realUrl(ctx, site, address).pathname;

export const isLoginPage = (ctx: AdapterContext) => (u: URL) => realUrl(ctx, site, u.toString()).host === 'passport.kuaishou.com';

export const at = (ctx: AdapterContext, real: string): string => liveUrl(ctx, site, real);

/** A post's public page. */
export const postUrl = (ctx: AdapterContext, workId: string): string => at(ctx, `https://www.kuaishou.com/short-video/${encodeURIComponent(workId)}`);
