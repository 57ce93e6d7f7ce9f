/**
 * Playwright storage states into accounts' persistent profiles:
 * `plume-edge accounts import` (a new account, exported from a browser where
 * the operator logged in) and `accounts relogin` (the same account's fresh
 * login replacing the old cookies). Cookies go in through the browser
 * context (session cookies made persistent, or they would not survive a
 * restart); each origin's localStorage is written on a blank page Playwright
 * serves itself for that origin, so no request leaves the machine. The
 * caller holds the account's lock (account-lock.ts).
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { type AccountRegistry, type StorageState, storageStateSchema } from './accounts.js';

/** Why 30 days: long enough to outlive restarts; platforms rotate real sessions sooner and the login checks notice. */
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

/**
 * Makes the profile's session cookies (no expiry: they would die with this browser process)
 * persistent for SESSION_COOKIE_DAYS, so a login survives restarts; returns how many it changed.
 */
export async function keepSessionCookies(context: BrowserContext): Promise<number> {
  const until = Math.floor(Date.now() / 1000) + SESSION_COOKIE_DAYS * 86_400;
  const session = (await context.cookies()).filter((c) => c.expires <= 0);
  if (session.length) await context.addCookies(session.map((c) => ({ ...c, expires: until })));
  return session.length;
}

export function readStorageState(path: string): StorageState {
  const parsed = storageStateSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new Error(`${path} is not a Playwright storage state: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/**
 * Writes `state` into the account's profile. `replace`: every cookie the profile held goes first,
 * and so does the localStorage of each origin the state names (a relogin keeps nothing of the
 * session it replaces).
 */
export async function writeStorageState(o: {
  registry: AccountRegistry;
  externalRef: string;
  state: StorageState;
  replace: boolean;
  launchProfile: (dir: string) => Promise<BrowserContext>;
}): Promise<{ cookies: number; origins: number }> {
  const context = await o.launchProfile(o.registry.profileDir(o.externalRef));
  try {
    if (o.replace) await context.clearCookies();
    // A session cookie (expires -1) would die with this browser process; the profile must keep the
    // login across restarts, so it becomes a persistent cookie for SESSION_COOKIE_DAYS.
    const until = Math.floor(Date.now() / 1000) + SESSION_COOKIE_DAYS * 86_400;
    if (o.state.cookies.length) await context.addCookies(o.state.cookies.map((c) => (c.expires > 0 ? c : { ...c, expires: until })));
    const page = context.pages()[0] ?? (await context.newPage());
    for (const origin of o.state.origins) {
      const url = `${origin.origin}/__plume_import__`;
      await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>import</title>' }));
      await page.goto(url);
      await page.evaluate(
        ({ items, replace }) => {
          const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void; clear(): void } }).localStorage;
          if (replace) storage.clear();
          for (const { name, value } of items) storage.setItem(name, value);
        },
        { items: origin.localStorage, replace: o.replace },
      );
      await page.unroute(url);
    }
  } finally {
    await context.close();
  }
  return { cookies: o.state.cookies.length, origins: o.state.origins.length };
}

export async function importStorageState(o: ImportOptions): Promise<{ cookies: number; origins: number }> {
  const state = readStorageState(o.storageStatePath);
  const counts = await writeStorageState({ registry: o.registry, externalRef: o.externalRef, state, replace: false, launchProfile: o.launchProfile });
  o.registry.upsert({
    externalRef: o.externalRef,
    platform: o.platform,
    displayName: o.displayName ?? o.externalRef,
    loginState: 'unknown',
    ...(o.userId !== undefined ? { userId: o.userId } : {}),
    importedAt: new Date().toISOString(),
  });
  return counts;
}
