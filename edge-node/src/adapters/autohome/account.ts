/**
 * Who is logged in to autohome's creator centre, read the two ways public
 * clients record (autohome/provenance.ts): the account call getAuthorInfo
 * (result.authorId, result.name or authorName), and the creator centre's own
 * creatorinfo call (returncode 0, result.userid, result.nickname; the page
 * keeps an OA token in localStorage that goes along as Authorization). The
 * first answer naming an account decides; only when neither does is the
 * account taken as logged out, so no single recorded call decides alone.
 * Called from a page of the creator centre (or a replica of it).
 */
import type { Page } from 'playwright-core';
import type { AdapterContext, LoginInfo, Step } from '../contract.js';
import { firstAccount } from '../kit/first-account.js';
import { field, pageJson } from '../kit/page-api.js';

export const AUTOHOME_ACCOUNT_URLS = {
  authorInfo: 'https://creator.autohome.com.cn/author/api/getAuthorInfo',
  creatorInfo: 'https://creator.autohome.com.cn/openapi/ypttd/yjc/csc/creator/creatorinfo',
};
/** The creator centre's OA token in localStorage (sent as Authorization when present). */
const OA_TOKEN_KEY = '__CREATRO_OA_TOKEN__';

const idOf = (v: unknown): string | undefined => ((typeof v === 'string' && v !== '') || (typeof v === 'number' && v > 0) ? String(v) : undefined);

async function viaAuthorInfo(page: Page, at: (real: string) => string, step: Step, ctx: AdapterContext): Promise<LoginInfo | undefined> {
  const body = await pageJson(page, at(AUTOHOME_ACCOUNT_URLS.authorInfo), {}, step, 'login check (getAuthorInfo)', ctx);
  const id = idOf(field(body, 'result', 'authorId'));
  return id ? { externalRef: id, displayName: String(field(body, 'result', 'name') ?? field(body, 'result', 'authorName') ?? '') } : undefined;
}

async function viaCreatorInfo(page: Page, at: (real: string) => string, step: Step, ctx: AdapterContext): Promise<LoginInfo | undefined> {
  const token = await page.evaluate((key) => {
    try {
      return (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(key);
    } catch {
      return null;
    }
  }, OA_TOKEN_KEY);
  const body = await pageJson(page, at(AUTOHOME_ACCOUNT_URLS.creatorInfo), token ? { headers: { authorization: token } } : {}, step, 'login check (creatorinfo)', ctx);
  if (field(body, 'returncode') !== 0) return undefined;
  const id = idOf(field(body, 'result', 'userid'));
  return id ? { externalRef: id, displayName: String(field(body, 'result', 'nickname') ?? '') } : undefined;
}

/** The logged-in account, by getAuthorInfo, else by creatorinfo; `login_required` when neither names one. */
export function autohomeAccount(page: Page, at: (real: string) => string, step: Step, ctx: AdapterContext): Promise<LoginInfo> {
  return firstAccount('autohome', step, ctx, [
    { what: 'getAuthorInfo', read: () => viaAuthorInfo(page, at, step, ctx) },
    { what: 'creatorinfo', read: () => viaCreatorInfo(page, at, step, ctx) },
  ]);
}
