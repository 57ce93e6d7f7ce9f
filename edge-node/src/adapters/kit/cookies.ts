/**
 * A cookie the logged-in page can read (`document.cookie`), for the CSRF
 * tokens editors copy from a cookie into a header of every write call.
 * A page without it has an incomplete session: `login_required`.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type Step } from '../contract.js';

export async function csrfCookie(page: Page, name: string, step: Step): Promise<string> {
  const cookie = await page.evaluate(() => (globalThis as unknown as { document: { cookie: string } }).document.cookie);
  const pair = cookie.split(/;\s*/).find((p) => p.startsWith(`${name}=`));
  const value = pair?.slice(name.length + 1);
  if (!value) throw new AdapterError('login_required', step, `the page has no ${name} cookie: the session is incomplete; log in again`, { url: page.url() });
  return decodeURIComponent(value);
}
