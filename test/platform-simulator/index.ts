/**
 * The platform simulator: one local site reproducing each content platform's
 * login check, editor, uploads, publish step and post lookup, under
 * `/<platform>/…`. It records every accepted post so tests can count them.
 *
 * Adding a platform = one module exporting a `PlatformSim`, listed in PLATFORMS.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bilibili } from './bilibili.js';
import { json } from './http.js';
import { juejin } from './juejin.js';
import type { PlatformSim } from './platform.js';
import { SimState, type PlatformOptions, type Publish } from './state.js';
import { weibo } from './weibo.js';

export type { MediaRecord, PlatformOptions, Publish } from './state.js';

const PLATFORMS: readonly PlatformSim[] = [juejin, weibo, bilibili];

export interface Simulator {
  /** Origin, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** A platform's base URL (what adapters get as `ctx.baseUrl`). */
  baseUrl(platform: string): string;
  /** Accepted posts, oldest first (copies, with absolute URLs); all platforms when none is given. */
  publishes(platform?: string): Publish[];
  /** Creates or ends the platform-side session the cookie `sim_session_<platform>=<account>` refers to. */
  setLoggedIn(platform: string, account: string, loggedIn: boolean, displayName?: string): void;
  /** The cookie a browser profile holds for that session (for `context.addCookies`). */
  sessionCookie(platform: string, account: string): { name: string; value: string; url: string };
  /** Changes a platform's behaviour (rejections, lost answers, delays, missing hooks). */
  configure(platform: string, options: Partial<PlatformOptions>): void;
  /**
   * How many requests so far had a path containing `fragment` (e.g. `/upos/` for bilibili chunk uploads); for tests that act mid-flow.
   * `sentBy` counts only those Chromium sent (they carry `Sec-Fetch-Mode`, which a page cannot remove) or only the others (the edge daemon's offloaded uploads).
   */
  hits(fragment: string, sentBy?: 'browser' | 'daemon'): number;
  /** Forgets posts, media and configuration (sessions stay). */
  reset(): void;
  close(): Promise<void>;
}

export async function startSimulator(): Promise<Simulator> {
  const state = new SimState();
  const byCode = new Map(PLATFORMS.map((p) => [p.platform, p]));
  const paths: Array<{ path: string; byBrowser: boolean }> = [];

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) json(res, 500, { code: 500, message: (e as Error).message });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const u = new URL(req.url ?? '/', 'http://sim');
    if (paths.length < 1_000_000) paths.push({ path: u.pathname, byBrowser: req.headers['sec-fetch-mode'] !== undefined });
    const [, code = '', ...rest] = u.pathname.split('/');
    const sim = byCode.get(code);
    const route = { method: req.method ?? 'GET', path: `/${rest.join('/')}`, query: u.searchParams, prefix: `/${code}` };
    if (sim && (await sim.handle(req, res, route, state))) return;
    json(res, 404, { code: 404, message: `no such page: ${u.pathname}` });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    baseUrl: (platform) => `${url}/${platform}`,
    publishes: (platform) =>
      state.published.filter((p) => platform === undefined || p.platform === platform).map((p) => ({ ...p, url: new URL(p.url, url).toString() })),
    setLoggedIn: (platform, account, loggedIn, displayName) => state.setLoggedIn(platform, account, loggedIn, displayName),
    sessionCookie: (platform, account) => ({ name: `sim_session_${platform}`, value: account, url }),
    configure: (platform, options) => state.configure(platform, options),
    hits: (fragment, sentBy) => paths.filter((p) => p.path.includes(fragment) && (sentBy === undefined || p.byBrowser === (sentBy === 'browser'))).length,
    reset: () => state.reset(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
