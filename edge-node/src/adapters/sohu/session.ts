/**
 * What the 搜狐号 article and video sides share: the site's addresses as a
 * replica maps them, the login test, and the account list that says which
 * 搜狐号 accounts a Sohu login holds. The facts and their sources are in
 * ./provenance.ts.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type LoginInfo, type PublishJob, type Step } from '../contract.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { field, pageRequest } from '../kit/page-api.js';
import { openLoggedIn, timeouts } from '../support.js';

export const ORIGIN = 'https://mp.sohu.com';
const SITE = { defaultBaseUrl: ORIGIN };
export const ACCOUNTS_URL = `${ORIGIN}/mpbp/bp/account/list`;
/** The account list where it is recorded: account/list, then the newer account/listV2. */
const ACCOUNTS_URLS = [ACCOUNTS_URL, `${ORIGIN}/mpbp/bp/account/listV2`];
/** 搜狐号's success code in its answers. */
export const OK = 2000000;

type Ctx = Pick<AdapterContext, 'baseUrl'>;
export const at = (ctx: Ctx, real: string): string => liveUrl(ctx, SITE, real);
export const real = (ctx: Ctx, address: string): URL => realUrl(ctx, SITE, address);
export const isLoginPage = (ctx: Ctx) => (u: URL) => {
  const r = real(ctx, u.toString());
  return (r.host === 'mp.sohu.com' && /login/i.test(r.pathname)) || r.host.startsWith('passport.');
};

/**
 * JSON whose long numbers under "id" or "accountId" stay strings: 搜狐号 account
 * ids are recorded beyond what a double holds exactly (16 digits and more).
 */
export function parseKeepingIds(text: string): unknown {
  return JSON.parse(text.replace(/("(?:id|accountId)"\s*:\s*)(\d{16,})(?=\s*[,}\]])/g, '$1"$2"'));
}

/**
 * The 搜狐号 accounts this login holds. The account list is recorded at
 * account/list (groups' `accounts`) and, newer, at account/listV2 (groups'
 * `accountInfos`): the first that names accounts answers; no session answers
 * another code on both.
 */
export async function accountsOf(page: Page, step: Step, ctx: AdapterContext): Promise<LoginInfo[]> {
  let why = 'no account in the list';
  let answered = false;
  for (const url of ACCOUNTS_URLS) {
    ctx.signal.throwIfAborted();
    const res = await pageRequest(page, at(ctx, `${url}?_=${Date.now()}`), {}, timeouts(ctx).navigationMs);
    if (res.status === 401 || res.status === 403) throw new AdapterError('login_required', step, `account list: 搜狐号 answered HTTP ${res.status} (no session)`, { status: res.status });
    let body: unknown;
    try {
      body = res.status < 400 ? parseKeepingIds(res.text) : undefined;
    } catch {
      body = undefined;
    }
    if (!body || typeof body !== 'object') continue;
    answered = true;
    const groups = field(body, 'data', 'data');
    const accounts = (Array.isArray(groups) ? groups : []).flatMap((g) => {
      const list = field(g, 'accountInfos') ?? field(g, 'accounts');
      return Array.isArray(list) ? list : [];
    });
    const infos = accounts.flatMap((a) => {
      const id = field(a, 'id');
      return typeof id === 'number' || (typeof id === 'string' && id) ? [{ externalRef: String(id), displayName: String(field(a, 'nickName') ?? '') }] : [];
    });
    if (Number(field(body, 'code')) === OK && infos.length > 0) return infos;
    why = String(field(body, 'msg') ?? 'no account in the list');
  }
  if (!answered) throw new AdapterError('editor_changed', step, 'neither account list (account/list, account/listV2) answered JSON');
  throw new AdapterError('login_required', step, `搜狐号 has no session here (${why})`);
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
