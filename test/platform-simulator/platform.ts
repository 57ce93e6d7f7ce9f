/** What one simulated platform module provides, and the steps all of them share. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ContentType } from '@plume/shared';
import { json, redirect, sleep, type Route } from './http.js';
import type { Publish, SimState } from './state.js';
import { challengeOpen, verificationRefusal } from './challenge.js';

export interface PlatformSim {
  /** Our platform code; also the path prefix (`/<platform>/…`). */
  readonly platform: string;
  /** The content types whose creator pages this replica reproduces. */
  readonly contentTypes: readonly ContentType[];
  /** The real cookie the platform keeps its session in (as the public sources record it); default `sim_session_<platform>`. */
  readonly sessionCookie?: string;
  /** Answers the request and returns true, or returns false for a 404. */
  handle(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<boolean>;
}

export type User = { uid: string; name: string };

export type Handler = (req: IncomingMessage, res: ServerResponse, route: Route, state: SimState, params: string[]) => void | Promise<void>;

/** A platform's routes as a table: method, exact path or pattern (its groups become `params`), handler. */
export function router(routes: ReadonlyArray<readonly [method: string, path: string | RegExp, handler: Handler]>): PlatformSim['handle'] {
  return async (req, res, route, state) => {
    for (const [method, pattern, handler] of routes) {
      if (method !== route.method) continue;
      const params = typeof pattern === 'string' ? (pattern === route.path ? [] : null) : (pattern.exec(route.path)?.slice(1) ?? null);
      if (params) {
        await handler(req, res, route, state, params);
        return true;
      }
    }
    return false;
  };
}

/** Pages that need a session redirect to the login page, as the real sites do. */
export function pageUser(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState, platform: string, loginPath = '/login'): User | null {
  const user = state.user(req, platform);
  if (!user) {
    const back = encodeURIComponent(route.prefix + route.path + (route.query.size ? `?${route.query}` : ''));
    redirect(res, `${route.prefix}${loginPath}?redirect=${back}`);
  }
  return user;
}

/** APIs answer a missing session with 401. */
export function apiUser(req: IncomingMessage, res: ServerResponse, state: SimState, platform: string): User | null {
  const user = state.user(req, platform);
  if (!user) json(res, 401, { code: -101, message: '账号未登录' });
  return user;
}

/**
 * Records an accepted post, then answers after the platform's delay — unless a challenge is
 * open on the platform (challenge.ts: its publish API then refuses and records nothing) — or, when
 * configured, loses the answer: the post exists but the client never learns
 * its id (the case `verify` exists for). The answer is cut after its headers
 * and part of its body; a connection cut before any byte would make Chromium
 * silently resend the POST on a reused keep-alive socket (a real hazard, but
 * not the one this switch models).
 */
export async function acceptPublish(res: ServerResponse, state: SimState, publish: Omit<Publish, 'at'>, answer: unknown): Promise<void> {
  // A session the platform asked to verify (a challenge not answered yet) publishes nothing.
  if (challengeOpen(state, publish.platform)) {
    const refusal = verificationRefusal(publish.platform, new URL(res.req?.url ?? '/', 'http://replica').pathname);
    for (const [k, v] of Object.entries(refusal.headers ?? {})) res.setHeader(k, v);
    return json(res, refusal.status, refusal.body);
  }
  const o = state.opts(publish.platform);
  state.record(publish);
  await sleep(o.publishDelayMs);
  if (!o.dropPublishResponse) return json(res, 200, answer);
  const text = Buffer.from(JSON.stringify(answer));
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(text.length) });
  res.write(text.subarray(0, text.length >> 1), () => res.socket?.end());
}

export function newNumericId(state: SimState, digits: number): string {
  // The sequence sits at the end so ids never collide within a run.
  return `7${Date.now()}`.slice(0, digits - 6) + String(state.nextSeq()).padStart(6, '0');
}
