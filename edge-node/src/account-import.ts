/**
 * `plume-edge accounts import`: puts a Playwright storage state (exported
 * from a browser where the operator logged in) into the account's own
 * persistent profile. Cookies go in through the browser context (session
 * cookies made persistent, or they would not survive a restart); each
 * origin's localStorage is written on a blank page Playwright serves itself
 * for that origin, so no request leaves the machine.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { type AccountRegistry, storageStateSchema } from './accounts.js';

/** Why 30 days: long enough to outlive restarts; platforms rotate real sessions sooner and `accounts check` notices. */
export const SESSION_COOKIE_DAYS = 30;

export interface ImportOptions {
  registry: AccountRegistry;
  externalRef: string;
  platform: string;
  displayName?: string;
  userId?: number;
  storageStatePath: string;
  launchProfile: (dir: string) => Promise<BrowserContext>;
}

export async function importStorageState(o: ImportOptions): Promise<{ cookies: number; origins: number }> {
  const parsed = storageStateSchema.safeParse(JSON.parse(readFileSync(o.storageStatePath, 'utf8')));
  if (!parsed.success) throw new Error(`${o.storageStatePath} is not a Playwright storage state: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`);
  const state = parsed.data;
  const context = await o.launchProfile(o.registry.profileDir(o.externalRef));
  try {
    // A session cookie (expires -1) would die with this browser process; the profile must keep the
    // login across restarts, so it becomes a persistent cookie for SESSION_COOKIE_DAYS.
    const until = Math.floor(Date.now() / 1000) + SESSION_COOKIE_DAYS * 86_400;
    if (state.cookies.length) await context.addCookies(state.cookies.map((c) => (c.expires > 0 ? c : { ...c, expires: until })));
    const page = context.pages()[0] ?? (await context.newPage());
    for (const origin of state.origins) {
      const url = `${origin.origin}/__plume_import__`;
      await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>import</title>' }));
      await page.goto(url);
      await page.evaluate((items) => {
        const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
        for (const { name, value } of items) storage.setItem(name, value);
      }, origin.localStorage);
      await page.unroute(url);
    }
  } finally {
    await context.close();
  }
  o.registry.upsert({
    externalRef: o.externalRef,
    platform: o.platform,
    displayName: o.displayName ?? o.externalRef,
    loginState: 'unknown',
    ...(o.userId !== undefined ? { userId: o.userId } : {}),
    importedAt: new Date().toISOString(),
  });
  return { cookies: state.cookies.length, origins: state.origins.length };
}
