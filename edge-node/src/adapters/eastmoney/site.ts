/**
 * What the eastmoney (财富号) article and video flows share: the real URLs
 * (through `liveUrl` on a replica), the login check and where a logged-out
 * page goes. Provenance: eastmoney/provenance.ts.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type LoginInfo, type Step } from '../contract.js';
import { listedTime } from '../kit/listed-time.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { field, pageJson } from '../kit/page-api.js';
import type { ListedPost } from '../support.js';

export const ORIGIN = 'https://mp.eastmoney.com';
const SITE = { defaultBaseUrl: ORIGIN };

export const URLS = {
  articleEditor: 'https://mp.eastmoney.com/collect/pc_article/index.html',
  videoEditor: 'https://mp.eastmoney.com/collect/pc_writer/index.html#/publish/video',
  userInfo: 'https://mp.eastmoney.com/collect/api/user/info',
  /** The author call public clients make with the ct / ut cookies as ctoken / utoken. */
  authorInfo: 'https://caifuhaoapi.eastmoney.com/api/v2/getauthorinfo',
  articlePublishPath: '/collect/api/article/publish',
  videoPublishPath: '/collect/api/video/publish',
  articleList: 'https://mp.eastmoney.com/collect/api/article/list?pageIndex=1&pageSize=20',
  videoList: 'https://mp.eastmoney.com/collect/api/video/list?pageIndex=1&pageSize=20',
  post: (id: string) => `https://caifuhao.eastmoney.com/news/${id}`,
};

/** The Element UI message the pages show their refusals in. */
export const REFUSAL = '.el-message--error';

type Ctx = Pick<AdapterContext, 'baseUrl'>;
export const at = (ctx: Ctx, real: string): string => liveUrl(ctx, SITE, real);
export const real = (ctx: Ctx, address: string): URL => realUrl(ctx, SITE, address);
/** A logged-out editor sends the browser off mp.eastmoney.com. */
export const isLoginPage = (ctx: Ctx) => (u: URL) => real(ctx, u.toString()).host !== 'mp.eastmoney.com';

/**
 * Who is logged in: the account call user/info (data.uid), else the author
 * call public clients make, getauthorinfo with the page's ct and ut cookies
 * (Success 1, Result.accountId, accountName). Logged out only when neither
 * names an account.
 */
export async function whoAmI(page: Page, step: Step, ctx: AdapterContext): Promise<LoginInfo> {
  const failures: string[] = [];
  try {
    const body = await pageJson(page, at(ctx, URLS.userInfo), {}, step, 'login check', ctx);
    const uid = field(body, 'data', 'uid');
    if (body.code === 0 && typeof uid === 'string' && uid) return { externalRef: uid, displayName: String(field(body, 'data', 'nickname') ?? '') };
    failures.push('user/info named no account');
  } catch (e) {
    if (ctx.signal.aborted) throw e;
    failures.push(e instanceof Error ? e.message : String(e));
  }
  try {
    const cookies = await page.evaluate(() => (globalThis as unknown as { document: { cookie: string } }).document.cookie);
    const cookie = (name: string) => new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(cookies)?.[1];
    const ct = cookie('ct');
    const ut = cookie('ut');
    if (!ct || !ut) failures.push('the page holds no ct and ut cookies');
    else {
      const url = `${at(ctx, URLS.authorInfo)}?${new URLSearchParams({ platform: '', ctoken: decodeURIComponent(ct), utoken: decodeURIComponent(ut) })}`;
      const body = await pageJson(page, url, {}, step, 'login check (getauthorinfo)', ctx);
      const id = field(body, 'Result', 'accountId');
      if (field(body, 'Success') === 1 && (typeof id === 'string' || typeof id === 'number') && String(id) !== '') {
        return { externalRef: String(id), displayName: String(field(body, 'Result', 'accountName') ?? '') };
      }
      failures.push('getauthorinfo named no account');
    }
  } catch (e) {
    if (ctx.signal.aborted) throw e;
    failures.push(e instanceof Error ? e.message : String(e));
  }
  throw new AdapterError('login_required', step, `eastmoney says the account is not logged in (${failures.join('; ')})`);
}

/** The account's own posts as one of its lists gives them (newest first), for `verify`; read-only. */
export async function ownPosts(page: Page, list: string, idField: string, ctx: AdapterContext): Promise<ListedPost[]> {
  const body = await pageJson(page, at(ctx, list), {}, 'read_back', 'post list', ctx);
  if (body.code !== 0) throw new Error(`eastmoney post list: ${String(body.message ?? body.code)}`);
  const rows = field(body, 'data', 'list');
  return (Array.isArray(rows) ? rows : []).flatMap((row) => {
    const id = field(row, idField);
    if (typeof id !== 'string') return [];
    return [{ postId: id, url: at(ctx, URLS.post(id)), text: String(field(row, 'title') ?? '').trim(), postedAt: listedTime(field(row, 'publishTime')) }];
  });
}
