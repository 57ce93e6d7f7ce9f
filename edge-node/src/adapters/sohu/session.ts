/**
 * What the 搜狐号 article and video sides share: the site's addresses as a
 * replica maps them, the login test, and the account list that says which
 * 搜狐号 accounts a Sohu login holds. The facts and their sources are in
 * ./provenance.ts.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type LoginInfo, type PublishJob, type Step } from '../contract.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { field, pageJson } from '../kit/page-api.js';
import { openLoggedIn } from '../support.js';

export const ORIGIN = 'https://mp.sohu.com';
const SITE = { defaultBaseUrl: ORIGIN };
export const ACCOUNTS_URL = `${ORIGIN}/mpbp/bp/account/list`;
/** 搜狐号's success code in its answers. */
export const OK = 2000000;

type Ctx = Pick<AdapterContext, 'baseUrl'>;
export const at = (ctx: Ctx, real: string): string => liveUrl(ctx, SITE, real);
export const real = (ctx: Ctx, address: string): URL => realUrl(ctx, SITE, address);
export const isLoginPage = (ctx: Ctx) => (u: URL) => {
  const r = real(ctx, u.toString());
  return (r.host === 'mp.sohu.com' && /login/i.test(r.pathname)) || r.host.startsWith('passport.');
};

/** The 搜狐号 accounts this login holds; no session answers another code. */
export async function accountsOf(page: Page, step: Step, ctx: AdapterContext): Promise<LoginInfo[]> {
  const body = await pageJson(page, at(ctx, `${ACCOUNTS_URL}?_=${Date.now()}`), {}, step, 'account list', ctx);
  const groups = field(body, 'data', 'data');
  const accounts = (Array.isArray(groups) ? groups : []).flatMap((g) => {
    const list = field(g, 'accounts');
    return Array.isArray(list) ? list : [];
  });
  const infos = accounts.flatMap((a) => {
    const id = field(a, 'id');
    return typeof id === 'number' || (typeof id === 'string' && id) ? [{ externalRef: String(id), displayName: String(field(a, 'nickName') ?? '') }] : [];
  });
  if (field(body, 'code') !== OK || infos.length === 0) throw new AdapterError('login_required', step, `搜狐号 has no session here (${String(field(body, 'msg') ?? 'no account in the list')})`);
  return infos;
}

/** Opens a creator page and checks the login holds this job's account; answers the account id. */
export async function openAs(page: Page, url: string, job: PublishJob, step: Step, ctx: AdapterContext): Promise<string> {
  await openLoggedIn(page, at(ctx, url), step, ctx, isLoginPage(ctx));
  const accounts = await accountsOf(page, step, ctx);
  const account = job.account.externalRef;
  if (!accounts.some((a) => a.externalRef === account)) {
    throw new AdapterError('login_required', step, `browser profile is logged in to 搜狐号 accounts ${accounts.map((a) => a.externalRef).join(', ')}, job is for ${account}`, { loggedInAs: accounts[0]!.externalRef });
  }
  return account;
}
