/**
 * What the netease (网易号) article and video flows share: the creator
 * centre's origin (through `liveUrl` on a replica), the login check
 * (navinfo.do, the one account call both content types answer to, so an
 * account has one reference for both) and where a logged-out page goes.
 * Provenance: ./provenance.ts.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type LoginInfo, type Step } from '../contract.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { field, pageJson } from '../kit/page-api.js';

export const ORIGIN = 'https://mp.163.com';
const SITE = { defaultBaseUrl: ORIGIN };
export const NAVINFO = `${ORIGIN}/wemedia/navinfo.do`;

type Ctx = Pick<AdapterContext, 'baseUrl'>;
export const at = (ctx: Ctx, real: string): string => liveUrl(ctx, SITE, real);
export const real = (ctx: Ctx, address: string): URL => realUrl(ctx, SITE, address);
/** A creator page without a session lands on login.html, or (as one public uploader records) on www.163.com's front page. */
export const isLoginPage = (ctx: Ctx) => (u: URL) => {
  const r = real(ctx, u.toString());
  return (r.host === 'mp.163.com' && r.pathname === '/login.html') || (r.host === 'www.163.com' && (r.pathname === '/' || r.pathname === ''));
};

export interface NeteaseAccount extends LoginInfo {
  realUserId: string;
}

export async function whoAmI(page: Page, step: Step, ctx: AdapterContext): Promise<NeteaseAccount> {
  const body = await pageJson(page, at(ctx, `${NAVINFO}?_=${Date.now()}`), {}, step, 'account info', ctx);
  const id = field(body, 'data', 'wemediaId') ?? field(body, 'data', 'tid');
  if (field(body, 'code') !== 1 || (typeof id !== 'string' && typeof id !== 'number') || id === '') {
    throw new AdapterError('login_required', step, `网易号 has no session here (${String(field(body, 'msg') ?? 'no 网易号 in the account info')})`);
  }
  return { externalRef: String(id), displayName: String(field(body, 'data', 'tname') ?? ''), realUserId: String(field(body, 'data', 'realUserId') ?? '') };
}
