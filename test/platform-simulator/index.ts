/**
 * The platform simulator: one local site reproducing each content platform's
 * login check, editor, uploads, publish step and post lookup, under
 * `/<platform>/…`. It records every accepted post so tests can count them.
 *
 * Adding a platform = one module exporting a `PlatformSim`, listed in PLATFORMS.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ContentType } from '@plume/shared';
import { autohome } from './autohome.js';
import { baijiahao } from './baijiahao.js';
import { bilibili } from './bilibili/index.js';
import { csdn } from './csdn.js';
import { dayu } from './dayu.js';
import { dongchedi } from './dongchedi.js';
import { douyin } from './douyin/index.js';
import { eastmoney } from './eastmoney.js';
import { yiche } from './yiche.js';
import { json } from './http.js';
import { expireLoginQrs } from './login-pages.js';
import { jianshu } from './jianshu.js';
import { juejin } from './juejin.js';
import { kuaishou } from './kuaishou/index.js';
import { netease } from './netease.js';
import type { PlatformSim } from './platform.js';
import { qiehao } from './qiehao.js';
import { sohu } from './sohu.js';
import { SimState, type PlatformOptions, type Publish, type SmsSent } from './state.js';
import { toutiao } from './toutiao/index.js';
import { weibo } from './weibo.js';
import { xiaohongshu } from './xiaohongshu.js';
import { yidian } from './yidian.js';
import { wechatMp } from './wechat-mp.js';
import { youtube } from './youtube.js';
import { zhihu } from './zhihu.js';
import { handlePhone } from './phone.js';
import { challengeStatus, handleChallenge, injectChallenge, type ChallengeStatus } from './challenge.js';

export type { MediaRecord, PlatformOptions, Publish, SmsSent } from './state.js';
export type { ChallengeRaise, ChallengeStatus, ChallengeStep, SimChallengeKind } from './challenge.js';

const PLATFORMS: readonly PlatformSim[] = [juejin, weibo, bilibili, douyin, xiaohongshu, kuaishou, toutiao, baijiahao, sohu, netease, zhihu, csdn, jianshu, qiehao, dayu, yidian, eastmoney, autohome, dongchedi, wechatMp, yiche, youtube];

/** Platform code → the content types its replica reproduces. */
export const REPLICAS: ReadonlyMap<string, readonly ContentType[]> = new Map(PLATFORMS.map((p) => [p.platform, p.contentTypes]));

export interface Simulator {
  /** Origin, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** A platform's base URL (what adapters get as `ctx.baseUrl`). */
  baseUrl(platform: string): string;
  /** Accepted posts, oldest first (copies, with absolute URLs); all platforms when none is given. */
  publishes(platform?: string): Publish[];
  /** Creates or ends the platform-side session the platform's session cookie (`sessionCookie`) names. */
  setLoggedIn(platform: string, account: string, loggedIn: boolean, displayName?: string): void;
  /** The cookie a browser profile holds for that session (for `context.addCookies`). */
  sessionCookie(platform: string, account: string): { name: string; value: string; url: string };
  /**
   * The phone's side of a QR login: opens the URL a login QR encodes (`qrText`, on this
   * simulator) as the platform's app logged in as `account` would, and confirms (unless
   * `confirm` is false). The account gets a live session on the platform (the phone's).
   */
  scan(qrText: string, phone: { account: string; displayName?: string; confirm?: boolean }): Promise<void>;
  /** Expires every login QR of `platform` not yet confirmed, as its lifetime ending would; returns how many. */
  expireLoginQrs(platform: string): number;
  /** SMS codes the platforms "sent" during logins and for challenges, oldest first (the account's phone receives them). */
  smsSent(platform?: string): SmsSent[];
  /** Resolves when the next code reaches a phone (smsSent has it then). */
  nextSms(): Promise<void>;
  /** What became of the challenge raised on a platform (`configure(p, { challenge })`, challenge.ts), or null when none is. */
  challengeStatus(platform: string): ChallengeStatus | null;
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

/** Listens on 127.0.0.1: `port` 0 (the default) takes a free one. */
export async function startSimulator(options: { port?: number } = {}): Promise<Simulator> {
  const state = new SimState(new Map(PLATFORMS.flatMap((p) => (p.sessionCookie ? [[p.platform, p.sessionCookie] as const] : []))));
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
    if (await handlePhone(req, res, u, state)) return;
    if (await handleChallenge(req, res, u, state)) return;
    const [, code = '', ...rest] = u.pathname.split('/');
    const sim = byCode.get(code);
    const route = { method: req.method ?? 'GET', path: `/${rest.join('/')}`, query: u.searchParams, prefix: `/${code}` };
    if (sim && route.method === 'GET') injectChallenge(res, state, code, route.path);
    if (sim && (await sim.handle(req, res, route, state))) return;
    json(res, 404, { code: 404, message: `no such page: ${u.pathname}` });
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    baseUrl: (platform) => `${url}/${platform}`,
    publishes: (platform) =>
      state.published.filter((p) => platform === undefined || p.platform === platform).map((p) => ({ ...p, url: new URL(p.url, url).toString() })),
    setLoggedIn: (platform, account, loggedIn, displayName) => state.setLoggedIn(platform, account, loggedIn, displayName),
    sessionCookie: (platform, account) => ({ name: state.cookieName(platform), value: account, url }),
    configure: (platform, options) => state.configure(platform, options),
    async scan(qrText, phone) {
      const u = new URL(qrText);
      if (u.origin !== url) throw new Error(`${qrText} is not a URL of this simulator`);
      const platform = u.pathname.split('/')[1] ?? '';
      if (!byCode.has(platform)) throw new Error(`${qrText} is no platform's URL`);
      state.setLoggedIn(platform, phone.account, true, phone.displayName);
      const cookie = `${state.cookieName(platform)}=${encodeURIComponent(phone.account)}`;
      const opened = await fetch(qrText, { headers: { cookie } });
      if (!opened.ok) throw new Error(`scanning ${qrText}: HTTP ${opened.status} ${await opened.text()}`);
      await opened.arrayBuffer();
      if (phone.confirm === false) return;
      const confirmed = await fetch(qrText, { method: 'POST', headers: { cookie } });
      if (!confirmed.ok) throw new Error(`confirming ${qrText}: HTTP ${confirmed.status} ${await confirmed.text()}`);
      await confirmed.arrayBuffer();
    },
    expireLoginQrs: (platform) => expireLoginQrs(state, platform),
    nextSms: () => state.nextSms(),
    smsSent: (platform) => state.smsSent.filter((s) => platform === undefined || s.platform === platform).map((s) => ({ ...s })),
    challengeStatus: (platform) => challengeStatus(state, platform) ?? null,
    hits: (fragment, sentBy) => paths.filter((p) => p.path.includes(fragment) && (sentBy === undefined || p.byBrowser === (sentBy === 'browser'))).length,
    reset: () => state.reset(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
