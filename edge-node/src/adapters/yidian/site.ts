/**
 * What the yidian (一点号) article and video flows share: the real addresses
 * (through `liveUrl` on a replica), the session the desk page's
 * `window.mpuser` and `window.mpcode` hold, and where a logged-out page goes.
 * Provenance: ./provenance.ts.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type LoginInfo, type Step } from '../contract.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { openLoggedIn } from '../support.js';

export const ORIGIN = 'https://mp.yidianzixun.com';
const SITE = { defaultBaseUrl: ORIGIN };

type Ctx = Pick<AdapterContext, 'baseUrl'>;
export const at = (ctx: Ctx, real: string): string => liveUrl(ctx, SITE, real);
export const real = (ctx: Ctx, address: string): URL => realUrl(ctx, SITE, address);
export const isLoginPage = (ctx: Ctx) => (u: URL) => {
  const r = real(ctx, u.toString());
  return r.host === 'mp.yidianzixun.com' && (/^\/sign_?in/i.test(r.pathname) || /^#\/(Login|SignIn)/i.test(r.hash));
};

export interface Session {
  login: LoginInfo;
  /** The page's mpcode, sent as x-mp-code. */
  headers: Record<string, string>;
}

/** Reads window.mpuser and window.mpcode of the loaded page; no mpuser.id means no session. */
async function readSession(page: Page, step: Step): Promise<Session> {
  const raw = await page.evaluate(() => {
    const w = globalThis as unknown as { mpuser?: Record<string, unknown>; mpcode?: unknown };
    return { id: w.mpuser?.id, name: w.mpuser?.media_name, code: w.mpcode };
  });
  const id = typeof raw.id === 'string' || typeof raw.id === 'number' ? String(raw.id) : '';
  if (!id) throw new AdapterError('login_required', step, '一点号 has no session here (window.mpuser has no id)');
  return {
    login: { externalRef: id, displayName: typeof raw.name === 'string' ? raw.name : '' },
    headers: { ...(typeof raw.code === 'string' && raw.code ? { 'x-mp-code': raw.code } : {}), 'x-requested-with': 'XMLHttpRequest' },
  };
}

/** Opens a desk page (the real `url`) and reads its session. */
export async function openAt(page: Page, url: string, step: Step, ctx: AdapterContext): Promise<Session> {
  await openLoggedIn(page, at(ctx, url), step, ctx, isLoginPage(ctx));
  return readSession(page, step);
}
