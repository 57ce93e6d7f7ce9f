/**
 * What the eastmoney (财富号) article and video flows share: the real URLs
 * (through `liveUrl` on a replica), the login check and where a logged-out
 * page goes. Provenance: eastmoney/provenance.ts.
 */
import type { Page } from 'playwright-core';
import type { AdapterContext, LoginInfo, Step } from '../contract.js';
import { listedTime } from '../kit/listed-time.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { firstAccount } from '../kit/first-account.js';
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

/**
 * Where the pages show a refusal, in every form recorded or plausible for them: Element UI's
 * error or warning message (the article page is Element UI, as a public script records its
 * controls), the page's own .dialog_content (the same script's dialogs, which also show
 * 发布文章成功: read through kit/refusal.ts, a success-worded message never counts), or an
 * ARIA alert.
 */
export const REFUSAL = '.el-message--error, .el-message.el-message--warning, .dialog_content .dialog_text, [role="alert"]';

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
export function whoAmI(page: Page, step: Step, ctx: AdapterContext): Promise<LoginInfo> {
  return firstAccount('eastmoney', step, ctx, [
    {
      what: 'user/info',
      read: async () => {
        const body = await pageJson(page, at(ctx, URLS.userInfo), {}, step, 'login check', ctx);
        const uid = field(body, 'data', 'uid');
        return body.code === 0 && typeof uid === 'string' && uid ? { externalRef: uid, displayName: String(field(body, 'data', 'nickname') ?? '') } : undefined;
      },
    },
    {
      what: 'getauthorinfo',
      read: async () => {
        const cookies = await page.evaluate(() => (globalThis as unknown as { document: { cookie: string } }).document.cookie);
        const cookie = (name: string) => new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(cookies)?.[1];
        const ct = cookie('ct');
        const ut = cookie('ut');
        if (!ct || !ut) throw new Error('the page holds no ct and ut cookies');
        const url = `${at(ctx, URLS.authorInfo)}?${new URLSearchParams({ platform: '', ctoken: decodeURIComponent(ct), utoken: decodeURIComponent(ut) })}`;
        const body = await pageJson(page, url, {}, step, 'login check (getauthorinfo)', ctx);
        const id = field(body, 'Result', 'accountId');
        return field(body, 'Success') === 1 && (typeof id === 'string' || typeof id === 'number') && String(id) !== ''
          ? { externalRef: String(id), displayName: String(field(body, 'Result', 'accountName') ?? '') }
          : undefined;
      },
    },
  ]);
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
