/**
 * Logins relayed through the control plane, end to end: the compiled daemon
 * (`plume-edge run`) with Debian's Chromium, the in-process control plane and
 * the replica login pages. The test is the admin and the account's phone: it
 * starts a login through the admin API, reads the Server-Sent Events until a
 * frame of the page and the decoded QR arrive, scans that QR with the
 * replica's phone, sends the SMS code the replica sent through the input
 * endpoint, and finds the account logged in and publishable in the Open API's
 * GET /accounts. Then the refusals, an idle login timing out (the node's
 * browser closed, its scratch profile gone) and an input for another login.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createUser } from '../control-plane/src/testing/openapi.js';
import { useEdgeE2e } from './support/edge-e2e.js';

const WEIBO = '6611223344';
const NAME = '远程登录的微博';
const IDLE_MS = 25_000;

const e2e = useEdgeE2e({
  name: 'e2e-login-relay',
  files: {},
  accounts: [],
  env: (sim) => ({ PLUME_EDGE_PLATFORM_URLS: JSON.stringify({ weibo: sim.baseUrl('weibo'), douyin: sim.baseUrl('douyin') }) }),
  app: { dispatchTimers: { loginIdleMs: IDLE_MS, loginSweepMs: 1000 } },
});

type Json = Record<string, any>;

async function admin(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown): Promise<{ status: number; body: Json }> {
  const res = await e2e.t.app.inject({ method, url: `/api/admin${url}`, headers: e2e.t.adminHeaders, ...(payload !== undefined ? { payload: payload as object } : {}) });
  return { status: res.statusCode, body: res.json() };
}

async function nodeId(): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(async () => {
      const nodes = (await admin('GET', '/nodes')).body.items as Json[];
      const node = nodes.find((n) => n.online && (n.capabilities.logins ?? []).includes('weibo'));
      id = node?.id;
      return id;
    }, { timeout: 60_000, interval: 500 })
    .toBeTruthy();
  return id!;
}

/** The login's Server-Sent Events over real HTTP, parsed as they come. */
function stream(loginId: string) {
  const events: Array<{ event: string; data: Json }> = [];
  const abort = new AbortController();
  let ended = false;
  const done = (async () => {
    const res = await fetch(`${e2e.url}/api/admin/logins/${loginId}/events`, { headers: e2e.t.adminHeaders, signal: abort.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let at: number;
      while ((at = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
      }
    }
    ended = true;
  })().catch((e: unknown) => {
    if (!abort.signal.aborted) throw e;
  });
  return {
    events,
    done,
    ended: () => ended,
    close: () => abort.abort(),
    async next(pred: (e: { event: string; data: Json }) => boolean, timeoutMs = 60_000) {
      let found: { event: string; data: Json } | undefined;
      try {
        await expect.poll(() => (found = events.find(pred)), { timeout: timeoutMs, interval: 200 }).toBeTruthy();
      } catch (e) {
        // What had arrived and what the node said when the wait gave up, not when it began.
        throw new Error(`${(e as Error).message}\nevents so far: ${JSON.stringify(events.map((x) => [x.event, x.data.step ?? x.data.state ?? x.data.seq]))}\n${e2e.node.output().slice(-3000)}`, { cause: e });
      }
      return found!;
    },
  };
}

const scratchProfiles = () => {
  const dir = join(e2e.node.work, 'state', 'login');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith('profile-')) : [];
};

describe('logins relayed from the control plane', () => {
  it('weibo login: the page streams, the QR is decoded and scanned, the SMS code goes through the input endpoint; the account is logged in and publishable', async () => {
    e2e.sim.configure('weibo', { loginSms: true });
    const node = await nodeId();
    const started = await admin('POST', `/nodes/${node}/logins`, { userId: e2e.user.id, platform: 'weibo' });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const login = started.body.login as Json;
    expect(login.id).toMatch(/^lgn_/);
    expect(login.state).toBe('opening');
    const sse = stream(login.id);
    try {
      expect((await sse.next((e) => e.event === 'state')).data.id).toBe(login.id);
      const frame = await sse.next((e) => e.event === 'frame');
      const jpeg = Buffer.from(frame.data.jpeg as string, 'base64');
      expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(frame.data.width).toBeGreaterThan(100);
      const qr = await sse.next((e) => e.event === 'qr' && typeof e.data.text === 'string');
      expect(qr.data.text).toMatch(new RegExp(`^${e2e.sim.url}/weibo/`));
      await e2e.sim.scan(qr.data.text as string, { account: WEIBO, displayName: NAME });

      await sse.next((e) => e.event === 'state' && e.data.step?.type === 'needs_sms');
      const code = e2e.sim.smsSent('weibo').find((s) => s.account === WEIBO)!.code;
      const input = await admin('POST', `/logins/${login.id}/input`, { type: 'sms', code });
      expect(input.status, JSON.stringify(input.body)).toBe(202);

      const last = await sse.next((e) => e.event === 'state' && e.data.endedAt !== null, 90_000);
      expect(last.data).toMatchObject({ state: 'succeeded', outcome: { type: 'succeeded', externalRef: WEIBO, displayName: NAME } });
      await sse.done;
      expect(sse.ended()).toBe(true);
    } finally {
      sse.close();
    }
    // The daemon reported the new account: logged in and publishable for the user.
    await expect.poll(async () => (await e2e.account('weibo'))?.publishable, { timeout: 60_000, interval: 500, message: e2e.node.output().slice(-3000) }).toBe(true);
    expect(await e2e.account('weibo')).toMatchObject({ login_state: 'logged_in', unpublishable_reasons: [] });
    // An ended login takes no more input.
    const late = await admin('POST', `/logins/${login.id}/input`, { type: 'key', key: 'Enter' });
    expect(late).toMatchObject({ status: 409, body: { code: 'LOGIN_ENDED' } });
    // Starting it was audited.
    const audit = await admin('GET', '/audit-log?pageSize=50');
    expect(JSON.stringify(audit.body)).toContain(`/api/admin/nodes/${node}/logins`);
  }, 240_000);

  it('douyin login left idle: it ends timeout and the node closes its browser', async () => {
    const node = await nodeId();
    const started = await admin('POST', `/nodes/${node}/logins`, { userId: e2e.user.id, platform: 'douyin' });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const sse = stream(started.body.login.id);
    try {
      await sse.next((e) => e.event === 'frame');
      expect(scratchProfiles().length).toBe(1);
      const last = await sse.next((e) => e.event === 'state' && e.data.endedAt !== null, IDLE_MS + 30_000);
      expect(last.data).toMatchObject({ state: 'failed', outcome: { code: 'timeout' } });
    } finally {
      sse.close();
    }
    // The browser closed and its scratch profile went with it.
    await expect.poll(scratchProfiles, { timeout: 30_000, interval: 500, message: e2e.node.output().slice(-3000) }).toEqual([]);
    const cancel = await admin('DELETE', `/logins/${started.body.login.id}`);
    expect(cancel.body.login).toMatchObject({ state: 'failed', outcome: { code: 'timeout' } });
  }, 120_000);

  it('refusals: a user the node does not serve, a platform without a login page, an unknown node, an input for another login', async () => {
    const node = await nodeId();
    const stranger = await createUser(e2e.t.app, e2e.t.adminHeaders, { quotas: { edge: 1 } });
    expect(await admin('POST', `/nodes/${node}/logins`, { userId: stranger.id, platform: 'weibo' })).toMatchObject({ status: 403, body: { code: 'NODE_USER_NOT_SERVED' } });
    expect(await admin('POST', `/nodes/${node}/logins`, { userId: e2e.user.id, platform: 'myspace' })).toMatchObject({ status: 409, body: { code: 'LOGIN_PLATFORM_UNSUPPORTED' } });
    expect(await admin('POST', '/nodes/node_nobody/logins', { userId: e2e.user.id, platform: 'weibo' })).toMatchObject({ status: 404, body: { code: 'NODE_NOT_FOUND' } });
    expect(await admin('POST', `/nodes/${node}/logins`, { userId: e2e.user.id, platform: 'weibo', extra: 1 })).toMatchObject({ status: 400 });
    expect(await admin('POST', '/logins/lgn_someoneelse/input', { type: 'text', text: 'hello' })).toMatchObject({ status: 404, body: { code: 'LOGIN_NOT_FOUND' } });
    expect(await admin('POST', '/logins/lgn_someoneelse/input', { type: 'click', x: -1, y: 2 })).toMatchObject({ status: 400 });
  }, 60_000);

  it('offline node: a login is refused with NODE_OFFLINE', async () => {
    const node = await nodeId();
    await e2e.node.stopDaemon('SIGTERM');
    await expect
      .poll(async () => (await admin('POST', `/nodes/${node}/logins`, { userId: e2e.user.id, platform: 'weibo' })).body.code, { timeout: 30_000, interval: 500 })
      .toBe('NODE_OFFLINE');
  }, 60_000);
});
