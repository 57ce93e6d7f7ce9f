/**
 * An integrator logs one of their accounts in again from the console: the
 * node holding it (a scripted node on a real socket) is asked to open the
 * login page, its frames and steps reach the integrator's event stream, their
 * clicks and codes reach the node, and the login ends as the node says or
 * when they cancel it. Only their own accounts and logins; nodes that cannot
 * open the login are refused with what to do.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.js';
import { connectEnrolledNode, type EnrolledFakeNode } from '../nodes/testing/fake-node.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { ConsoleClient, type Person, person } from '../testing/console.js';
import { createUser, type TestUser } from '../testing/openapi.js';
import { createAccount, createCmsSite, createNode, fixturesOf } from '../testing/publish.js';

let t: TestApp;
let url: string;
let user: TestUser;
let me: Person;
let node: EnrolledFakeNode;
let douyin: number;
const db = () => t.db.database.db;

/** Reads a Server-Sent Events answer until `until` says enough; the events so far. */
async function events(path: string, client: ConsoleClient, until: (seen: Array<{ event: string; data: any }>) => boolean): Promise<Array<{ event: string; data: any }>> {
  const res = await fetch(`${url}${path}`, { headers: { cookie: `plume_console=${client.cookie}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(res.headers.get('x-request-id')).toBeTruthy();
  const reader = res.body!.getReader();
  const seen: Array<{ event: string; data: any }> = [];
  let buffer = '';
  while (!until(seen)) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += Buffer.from(value).toString('utf8');
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (event && data) seen.push({ event, data: JSON.parse(data) });
    }
  }
  await reader.cancel();
  return seen;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  user = await createUser(t.app, t.adminHeaders);
  me = await person(t, 'user', { integratorUserId: user.id });
  node = await connectEnrolledNode(url, t.adminHeaders, {
    name: 'edge at the office',
    userIds: [user.id],
    logins: ['douyin'],
    accounts: [{ externalRef: 'dy_4411', platform: 'douyin', displayName: 'Douyin main', loginState: 'logged_out', userId: user.id }],
  });
  // The hello's accounts are recorded as the node's report arrives: polled until they are (the hook's timeout bounds it).
  while (!douyin) {
    douyin = (await me.client.get('/api/console/me/accounts')).body.accounts?.[0]?.id ?? 0;
    if (!douyin) await new Promise((r) => setTimeout(r, 100));
  }
}, 60_000);
afterAll(async () => {
  await node?.stop();
  await t?.close();
});

describe('happy path', () => {
  it('starts a login on the account\'s node, relays its frame and QR, the integrator\'s click, and its success', async () => {
    expect((await me.client.get('/api/console/me/accounts')).body.accounts[0]).toMatchObject({ id: douyin, loginState: 'logged_out', canLogIn: true, node: { id: node.id, online: true } });
    const started = await me.client.post(`/api/console/me/accounts/${douyin}/login`);
    expect(started.status).toBe(201);
    const login = started.body.login;
    expect(login).toMatchObject({ id: expect.stringMatching(/^lgn_/), platform: 'douyin', state: 'opening', endedAt: null });
    const open = await node.fake.next('login_open');
    expect(open).toMatchObject({ loginId: login.id, platform: 'douyin', userId: user.id, accountRef: 'dy_4411' });

    node.fake.send({ type: 'login_frame', loginId: login.id, seq: 1, jpeg: '/9j/4AAQSkZJRg==', width: 800, height: 600 });
    node.fake.send({ type: 'login_event', loginId: login.id, event: { type: 'qr', text: 'https://qr.example/login?t=1', purpose: 'login', shown: 1 } });
    const seen = await events(`/api/console/me/logins/${login.id}/events`, me.client, (s) => s.some((e) => e.event === 'frame') && s.some((e) => e.event === 'qr'));
    expect(seen[0]).toMatchObject({ event: 'state', data: { id: login.id } });
    expect(seen.find((e) => e.event === 'frame')!.data).toMatchObject({ seq: 1, width: 800, height: 600 });
    expect(seen.find((e) => e.event === 'qr')!.data).toMatchObject({ text: 'https://qr.example/login?t=1', purpose: 'login' });

    expect((await me.client.post(`/api/console/me/logins/${login.id}/input`, { type: 'click', x: 400, y: 300 })).status).toBe(202);
    expect(await node.fake.next('login_input')).toMatchObject({ loginId: login.id, input: { type: 'click', x: 400, y: 300 } });
    expect((await me.client.post(`/api/console/me/logins/${login.id}/input`, { type: 'sms', code: '123456' })).status).toBe(202);
    expect(await node.fake.next('login_input')).toMatchObject({ input: { type: 'sms', code: '123456' } });

    node.fake.send({ type: 'login_event', loginId: login.id, event: { type: 'succeeded', externalRef: 'dy_4411', displayName: 'Douyin main' } });
    await expect.poll(async () => (await me.client.get(`/api/console/me/logins/${login.id}`)).body.login.state).toBe('succeeded');
    const ended = await me.client.post(`/api/console/me/logins/${login.id}/input`, { type: 'key', key: 'Enter' });
    expect(ended.status).toBe(409);
    expect(ended.body.error.code).toBe('login_ended');
    // An ended login's stream says so and closes.
    const last = await events(`/api/console/me/logins/${login.id}/events`, me.client, () => false);
    expect(last).toEqual([{ event: 'state', data: expect.objectContaining({ state: 'succeeded', outcome: { type: 'succeeded', externalRef: 'dy_4411', displayName: 'Douyin main' } }) }]);
  });

  it('a cancelled login tells the node to close its browser', async () => {
    const { login } = (await me.client.post(`/api/console/me/accounts/${douyin}/login`)).body;
    await node.fake.next('login_open');
    const cancelled = await me.client.delete(`/api/console/me/logins/${login.id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.login).toMatchObject({ state: 'failed', outcome: { code: 'cancelled', message: 'the integrator cancelled the login' }, endedAt: expect.any(String) });
    expect(await node.fake.next('login_cancel')).toMatchObject({ loginId: login.id, reason: 'cancelled' });
    expect((await me.client.delete(`/api/console/me/logins/${login.id}`)).body.login.outcome.code).toBe('cancelled');
  });
});

describe('errors', () => {
  it('a CMS site, an account on no node, one whose node is offline or opens no login for it: 409 with what to do', async () => {
    const f = fixturesOf(t);
    const site = await createCmsSite(f, user.id);
    const offline = await createNode(f, { kind: 'edge', userIds: [user.id], online: false, capabilities: { localVideoFile: 0, publishSettingsSnapshot: 1, logins: ['douyin'] } });
    const onOffline = await createAccount(f, user.id, { platform: 'douyin', nodeId: offline });
    const noLogins = await createNode(f, { kind: 'edge', userIds: [user.id] });
    const onNoLogins = await createAccount(f, user.id, { platform: 'douyin', nodeId: noLogins });
    for (const [id, code] of [[site, 'login_unavailable'], [onOffline, 'node_offline'], [onNoLogins, 'login_unavailable']] as const) {
      const res = await me.client.post(`/api/console/me/accounts/${id}/login`);
      expect(res.status, String(id)).toBe(409);
      expect(res.body.error.code).toBe(code);
    }
    const accounts = new Map((await me.client.get('/api/console/me/accounts')).body.accounts.map((a: any) => [a.id, a.canLogIn]));
    expect([accounts.get(site), accounts.get(onOffline), accounts.get(onNoLogins)]).toEqual([false, false, false]);
  });

  it('another integrator\'s account and login answer 404 like unknown ones; their node is never asked', async () => {
    const other = await createUser(t.app, t.adminHeaders);
    const otherPerson = await person(t, 'user', { integratorUserId: other.id });
    const theirs = await createAccount(fixturesOf(t), other.id, { platform: 'douyin', nodeId: node.id });
    for (const id of [theirs, 999_999]) {
      const res = await me.client.post(`/api/console/me/accounts/${id}/login`);
      expect(res.status, String(id)).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    const mine = (await me.client.post(`/api/console/me/accounts/${douyin}/login`)).body.login;
    await node.fake.next('login_open');
    for (const [method, path, body] of [
      ['GET', `/api/console/me/logins/${mine.id}`, undefined],
      ['GET', `/api/console/me/logins/${mine.id}/events`, undefined],
      ['POST', `/api/console/me/logins/${mine.id}/input`, { type: 'text', text: 'hijack' }],
      ['DELETE', `/api/console/me/logins/${mine.id}`, undefined],
    ] as const) {
      const res = await otherPerson.client.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect(node.fake.received.filter((m) => m.type === 'login_input' || m.type === 'login_cancel')).toEqual([]);
    expect((await me.client.get(`/api/console/me/logins/${mine.id}`)).body.login.endedAt).toBeNull();
    await me.client.delete(`/api/console/me/logins/${mine.id}`);
    await node.fake.next('login_cancel');
  });

  it('hostile ids and inputs: 400 validation_failed, 413 for an oversize body; nothing reaches the node', async () => {
    const login = (await me.client.post(`/api/console/me/accounts/${douyin}/login`)).body.login;
    await node.fake.next('login_open');
    for (const path of ['/api/console/me/accounts/abc/login', '/api/console/me/accounts/-1/login', '/api/console/me/accounts/1e3/login', '/api/console/me/accounts/99999999999/login']) {
      const res = await me.client.post(path);
      expect(res.status, path).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    for (const path of ['/api/console/me/logins/nope', '/api/console/me/logins/lgn_%00', `/api/console/me/logins/lgn_${'x'.repeat(300)}`, '/api/console/me/logins/lgn_..%2Fx/events']) {
      const res = await me.client.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    for (const body of [
      { type: 'click', x: '1', y: 2 },
      { type: 'click', x: -1, y: 2 },
      { type: 'key', key: 'Enter; rm -rf' },
      { type: 'sms', code: '12 34' },
      { type: 'text', text: '' },
      { type: 'script', source: 'alert(1)' },
      '{"type":"text","text":"a\\u0000b"}',
      [],
    ]) {
      const res = await me.client.post(`/api/console/me/logins/${login.id}/input`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    const big = await me.client.post(`/api/console/me/logins/${login.id}/input`, { type: 'text', text: 'x'.repeat(5000) });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('payload_too_large');
    expect(node.fake.received.filter((m) => m.type === 'login_input')).toEqual([]);
    await me.client.delete(`/api/console/me/logins/${login.id}`);
    await node.fake.next('login_cancel');
  });
});

describe('auth', () => {
  it('admins and viewers are forbidden; an API key, an admin token or no session is 401; a POST without the CSRF token is 403', async () => {
    for (const role of ['admin', 'viewer'] as const) {
      const p = await person(t, role);
      const res = await p.client.post(`/api/console/me/accounts/${douyin}/login`);
      expect(res.status, role).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      expect((await p.client.get('/api/console/me/logins/lgn_any')).status).toBe(403);
    }
    const anonymous = new ConsoleClient(t.app);
    for (const headers of [{}, user.headers, t.adminHeaders]) {
      const res = await anonymous.request('POST', `/api/console/me/accounts/${douyin}/login`, undefined, { headers });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('not_authenticated');
    }
    const noCsrf = await me.client.post(`/api/console/me/accounts/${douyin}/login`, undefined, { csrf: false });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.error.code).toBe('csrf_failed');
    // None of the refused calls started a login.
    expect(await rows(db(), sql`select count(*)::int as n from node_logins where ended_at is null`)).toEqual([{ n: 0 }]);
  });
});
