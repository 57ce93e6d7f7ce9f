/**
 * What the yiche (易车号) article and video flows share: the real URLs
 * (through `liveUrl` on a replica), the login check and where a logged-out
 * page goes. Provenance: yiche/provenance.ts.
 */
import type { Page } from 'playwright-core';
import type { AdapterContext, LoginInfo, Step } from '../contract.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { firstAccount } from '../kit/first-account.js';
import { field, pageJson } from '../kit/page-api.js';
import { poll, timeouts } from '../support.js';

export const ORIGIN = 'https://mp.yiche.com';
const SITE = { defaultBaseUrl: ORIGIN };

export const YICHE_URLS = {
  articleEditor: 'https://mp.yiche.com/article/index-new',
  videoEditor: 'https://mp.yiche.com/videos/video',
  userInfo: 'https://mp.yiche.com/api/user/info',
  pictureUploadPath: '/api/upload_image/mp_real_upload',
  articlePublishPath: '/web_mp/api/v1/pub/savenews',
  articleList: 'https://mp.yiche.com/web_mp/api/v1/manage/newslist',
  videoPublishPath: '/api/video/publish',
  videoList: 'https://mp.yiche.com/api/video/list?page=1&pageSize=20',
  article: (id: string) => `https://news.yiche.com/hao/wenzhang/${id}/`,
  video: (id: string) => `https://vc.yiche.com/vplay/${id}.html`,
};

type Ctx = Pick<AdapterContext, 'baseUrl'>;
export const at = (ctx: Ctx, real: string): string => liveUrl(ctx, SITE, real);
export const real = (ctx: Ctx, address: string): URL => realUrl(ctx, SITE, address);
/** A logged-out page sends the browser off mp.yiche.com (to i.yiche.com/authenservice/login). */
export const isLoginPage = (ctx: Ctx) => (u: URL) => real(ctx, u.toString()).host !== 'mp.yiche.com';

const idOf = (v: unknown): string | undefined => ((typeof v === 'string' && v !== '') || (typeof v === 'number' && v > 0) ? String(v) : undefined);

/**
 * Who is logged in, read the two ways on record: the account call
 * /api/user/info (success, data.userId, data.nickname), else the account the
 * page's own login script holds (window.Bitauto.Login.result with isLogined
 * and userId). Neither naming an account is `login_required`.
 */
export function whoAmI(page: Page, step: Step, ctx: AdapterContext): Promise<LoginInfo> {
  return firstAccount('yiche', step, ctx, [
    {
      what: 'user/info',
      read: async () => {
        const body = await pageJson(page, at(ctx, YICHE_URLS.userInfo), {}, step, 'login check', ctx);
        const id = idOf(field(body, 'data', 'userId'));
        return body.success === true && id ? { externalRef: id, displayName: String(field(body, 'data', 'nickname') ?? '') } : undefined;
      },
    },
    {
      what: "the page's login script",
      read: async () => {
        const read = () =>
          page.evaluate(() => {
            const r = (globalThis as unknown as { Bitauto?: { Login?: { result?: Record<string, unknown> } } }).Bitauto?.Login?.result;
            return r ? { logged: r.isLogined === true, id: r.userId, name: r.userName } : null;
          });
        const none = () => new Error("the page's login script holds no account");
        const held = await poll(read, (v) => v !== null, { intervalMs: 150, timeoutMs: timeouts(ctx).selectorMs, signal: ctx.signal, onTimeout: none });
        const id = held?.logged ? idOf(held.id) : undefined;
        return id ? { externalRef: id, displayName: typeof held?.name === 'string' ? held.name : '' } : undefined;
      },
    },
  ]);
}
