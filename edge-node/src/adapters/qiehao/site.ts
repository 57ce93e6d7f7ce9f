/**
 * What the qiehao (企鹅号) article and video flows share: om.qq.com's origin
 * (through `liveUrl` on a replica), the account call, where a logged-out page
 * goes, and how its answers say yes or no. Provenance: ./provenance.ts.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type LoginInfo, type Step } from '../contract.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { field, pageJson } from '../kit/page-api.js';

export const ORIGIN = 'https://om.qq.com';
const SITE = { defaultBaseUrl: ORIGIN };
export const AUTH_INFO = `${ORIGIN}/user/auth/info`;

type Ctx = Pick<AdapterContext, 'baseUrl'>;
export const at = (ctx: Ctx, real: string): string => liveUrl(ctx, SITE, real);
export const real = (ctx: Ctx, address: string): URL => realUrl(ctx, SITE, address);
export const isLoginPage = (ctx: Ctx) => (u: URL) => {
  const r = real(ctx, u.toString());
  return r.host === 'om.qq.com' && /^\/userAuth|^\/login/i.test(r.pathname);
};

/** 企鹅号 answers code 0 as a number or as the string "0", at the top or under `response`. */
export const codeOf = (body: unknown): string => String(field(body, 'response', 'code') ?? field(body, 'code') ?? '');
export const msgOf = (body: unknown): string => String(field(body, 'response', 'msg') ?? field(body, 'msg') ?? field(body, 'message') ?? `code ${codeOf(body)}`);

export async function whoAmI(page: Page, step: Step, ctx: AdapterContext): Promise<LoginInfo> {
  const body = await pageJson(page, at(ctx, AUTH_INFO), {}, step, 'account info', ctx);
  const id = field(body, 'data', 'userId');
  if ((typeof id !== 'string' && typeof id !== 'number') || id === '') throw new AdapterError('login_required', step, `企鹅号 has no session here (${String(field(body, 'msg') ?? 'no data.userId in the account info')})`);
  return { externalRef: String(id), displayName: String(field(body, 'data', 'nickName') ?? '') };
}
