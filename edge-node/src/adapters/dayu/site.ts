/**
 * What the dayu (大鱼号) article and video flows share: the real addresses
 * (through `liveUrl` on a replica), the session the dashboard's
 * `globalConfig` holds, where a logged-out page goes and the account's
 * content list. Provenance: ./provenance.ts.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type LoginInfo, type Step } from '../contract.js';
import { listedTime } from '../kit/listed-time.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { field, pageJson } from '../kit/page-api.js';
import { openLoggedIn } from '../support.js';

export const ORIGIN = 'https://mp.dayu.com';
const SITE = { defaultBaseUrl: ORIGIN };

type Ctx = Pick<AdapterContext, 'baseUrl'>;
export const at = (ctx: Ctx, real: string): string => liveUrl(ctx, SITE, real);
export const real = (ctx: Ctx, address: string): URL => realUrl(ctx, SITE, address);
export const isLoginPage = (ctx: Ctx) => (u: URL) => {
  const r = real(ctx, u.toString());
  return r.host === 'mp.dayu.com' && (r.pathname === '/' || /login/i.test(r.pathname));
};

export const DAYU_SITE_URLS = {
  dashboard: `${ORIGIN}/dashboard/index`,
  list: `${ORIGIN}/dashboard/getArticleList?keyword=&currentView=all&source=all&page=1`,
  post: (wmid: string, id: string) => `https://mparticle.uc.cn/article.html?${new URLSearchParams({ wm_id: wmid, wm_aid: id })}`,
};

/** What the dashboard's globalConfig says about the session. */
export interface DayuConfig {
  utoken: string;
  uploadSign: string;
  wmid: string;
  name: string;
}

/** The loaded page's globalConfig, or null when it has none with a utoken and a wmid. */
export async function configHere(page: Page): Promise<DayuConfig | null> {
  const raw = await page.evaluate(() => {
    const c = (globalThis as unknown as { globalConfig?: Record<string, unknown> }).globalConfig;
    return c && typeof c === 'object' ? { utoken: c.utoken, sign: c.nsImageUploadSign, wmid: c.wmid, name: c.weMediaName } : null;
  });
  const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  if (!raw || !str(raw.utoken) || !str(raw.wmid)) return null;
  return { utoken: str(raw.utoken), uploadSign: str(raw.sign), wmid: str(raw.wmid), name: str(raw.name) };
}

/** Opens the dashboard and reads its globalConfig; none there means no session. */
export async function openDashboard(page: Page, step: Step, ctx: AdapterContext): Promise<DayuConfig> {
  await openLoggedIn(page, at(ctx, DAYU_SITE_URLS.dashboard), step, ctx, isLoginPage(ctx));
  const config = await configHere(page);
  if (!config) throw new AdapterError('login_required', step, '大鱼号 has no session here (the dashboard has no globalConfig with a utoken)');
  return config;
}

export const loginOf = (c: DayuConfig): LoginInfo => ({ externalRef: c.wmid, displayName: c.name });

/** One published item of the account's content list. */
export interface DayuListed {
  id: string;
  /** The public article id its address carries as wm_aid: the row's origin_id (or wm_aid), when it gives one. */
  originId?: string;
  title: string;
  publishedAt: string | null;
}

/** The account's published items (status 1) as the content list gives them, newest first; read-only. */
export async function publishedItems(page: Page, config: DayuConfig, what: string, ctx: AdapterContext): Promise<DayuListed[]> {
  const body = await pageJson(page, at(ctx, DAYU_SITE_URLS.list), { headers: { utoken: config.utoken, 'x-requested-with': 'XMLHttpRequest' } }, 'read_back', what, ctx);
  const rows = field(body, 'dataList', 'data');
  if (!Array.isArray(rows)) throw new AdapterError('editor_changed', 'read_back', `${what}: no dataList.data in the answer`);
  return rows.flatMap((row) => {
    const id = field(row, '_id');
    if (typeof id !== 'string' || id === '' || field(row, 'status') !== 1) return [];
    const origin = field(row, 'origin_id') ?? field(row, 'wm_aid');
    const originId = typeof origin === 'string' && /^[\w-]{1,64}$/.test(origin) ? origin : undefined;
    return [{ id, ...(originId ? { originId } : {}), title: String(field(row, 'title') ?? ''), publishedAt: listedTime(field(row, 'publish_at')) }];
  });
}
