/**
 * Account health on PostgreSQL: signals move an account ok → watch → cooling
 * and, the cool-down over, back to watch (then ok after a quiet window); a
 * restriction signal restricts it; every change writes one
 * `account.health_changed` webhook row even when many replicas evaluate the
 * same account at once; a lost login is a signal written by the report's own
 * statement and the running app's watcher evaluates it; GET /accounts shows
 * `health`; the admin routes set and clear a restriction (audited), read and
 * replace the rules, and refuse what they must.
 */
import type { NodeAccount } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { nodeRegistry } from '../../nodes/node-registry.repository.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { createUser, type TestUser, v1 } from '../../testing/openapi.js';
import { createAccount, createCmsSite, createNode, fixturesOf } from '../../testing/publish.js';
import { healthRepository } from './health.repository.js';

let t: TestApp;
let user: TestUser;
let nodeId: string;

const db = () => t.db.database.db;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app, t.adminHeaders);
  nodeId = await createNode(fixturesOf(t), { userIds: [user.id] });
  const hook = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${user.id}/webhook`, headers: t.adminHeaders, payload: { url: 'http://127.0.0.1:9/hook' } });
  expect(hook.statusCode, hook.body).toBe(200);
}, 60_000);
afterAll(async () => t?.close());

const newAccount = (platform = 'douyin') => createAccount(fixturesOf(t), user.id, { platform, nodeId, loginState: 'logged_in' });
const events = (accountId: number) =>
  rows<{ payload: Record<string, any> }>(
    db(),
    sql`select payload from webhook_deliveries where user_id = ${user.id} and event_type = 'account.health_changed' and (payload ->> 'account_id')::int = ${accountId} order by created_at, id`,
  ).then((list) => list.map((e) => e.payload));
const stateOf = async (id: number) => (await healthRepository.get(db(), id))!;
const signal = (accountId: number, kind = 'challenge') => ({ accountId, kind, source: 'control_plane' as const, detail: { job_id: 'job_x', message: 'verify it is you' } });
const admin = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers = t.adminHeaders) => {
  const res = await t.app.inject({ method, url: `/api/admin${url}`, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
  return { status: res.statusCode, body: res.json() as Record<string, any> };
};
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('account health', () => {
  it('ok → watch at one signal, → cooling at three in the window, → watch when the cool-down is over, → ok after a quiet window; one event per change', async () => {
    // The app's watcher evaluates every signal too (it hears each insert): whichever evaluation gets there
    // first makes the change, so the state is read after each step, not the caller's own answer.
    const id = await newAccount();
    await healthRepository.record(db(), [signal(id)]);
    expect(await stateOf(id)).toMatchObject({ state: 'watch', reason: 'signals' });
    await healthRepository.record(db(), [signal(id, 'session_expired')]);
    expect(await stateOf(id)).toMatchObject({ state: 'watch' });
    await healthRepository.record(db(), [signal(id, 'publish_rejected')]);
    const h = await stateOf(id);
    expect(h).toMatchObject({ state: 'cooling', reason: 'signals' });
    // Cool-down: the built-in 24 h from the change.
    expect(h.coolUntil!.getTime() - h.since!.getTime()).toBe(86_400_000);
    // More signals during the cool-down neither extend it nor announce anything.
    await healthRepository.record(db(), [signal(id)]);
    expect(await stateOf(id)).toMatchObject({ state: 'cooling', coolUntil: h.coolUntil });

    const list = await events(id);
    expect(list.map((e) => [e.from, e.to])).toEqual([['ok', 'watch'], ['watch', 'cooling']]);
    expect(list[1]).toEqual({
      account_id: id, platform: 'douyin', from: 'watch', to: 'cooling', reason: 'signals', request_id: null,
      changed_at: h.since!.toISOString(),
      signals: [
        expect.objectContaining({ kind: 'publish_rejected', source: 'control_plane', detail: { job_id: 'job_x', message: 'verify it is you' } }),
        expect.objectContaining({ kind: 'session_expired' }),
        expect.objectContaining({ kind: 'challenge' }),
      ],
    });

    // The cool-down over (moved into the past rather than waited for): watch, counting from its end.
    await db().execute(sql`update account_health set cool_until = now() - interval '1 millisecond', since = now() - interval '1 day' where account_id = ${id}`);
    expect(await healthRepository.due(db())).toContain(id);
    await healthRepository.evaluate(db(), [id]);
    expect(await stateOf(id)).toMatchObject({ state: 'watch', reason: 'cool_down_over', coolUntil: null });
    // Watch for a whole window without a signal: ok.
    await healthRepository.evaluate(db(), [id]);
    expect(await stateOf(id)).toMatchObject({ state: 'watch' });
    await db().execute(sql`update account_health set since = now() - interval '1 day 1 second' where account_id = ${id}`);
    await healthRepository.evaluate(db(), [id]);
    expect(await stateOf(id)).toMatchObject({ state: 'ok', reason: 'quiet' });
    expect((await events(id)).map((e) => e.to)).toEqual(['watch', 'cooling', 'watch', 'ok']);
  });

  it('many replicas evaluating the same signals at once change the state once and announce it once', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await newAccount();
      await db().execute(sql`insert into account_health_signals (account_id, kind, source) select ${id}, 'challenge', 'control_plane' from generate_series(1, 3)`);
      // Six evaluations here and the app's watcher (it heard the inserts): at most one of them changes anything.
      const results = await Promise.all(Array.from({ length: 6 }, () => healthRepository.evaluate(db(), [id])));
      expect(results.flat().length).toBeLessThanOrEqual(1);
      expect(await stateOf(id)).toMatchObject({ state: 'cooling' });
      expect((await events(id)).map((e) => e.to)).toEqual(['cooling']);
    }
  });

  it('a restriction signal restricts at once; only an admin clears it', async () => {
    const id = await newAccount();
    await healthRepository.record(db(), [{ accountId: id, kind: 'restriction_banner', source: 'node', detail: { text: '账号已被限流' } }]);
    expect(await stateOf(id)).toMatchObject({ state: 'restricted', reason: 'restriction_signal' });
    await db().execute(sql`update account_health set since = now() - interval '30 days' where account_id = ${id}`);
    await healthRepository.record(db(), [signal(id)]);
    expect(await stateOf(id)).toMatchObject({ state: 'restricted' });
    const cleared = await admin('POST', `/accounts/${id}/health`, { state: 'ok', note: 'appeal accepted' });
    expect(cleared).toMatchObject({ status: 200, body: { success: true, changed: true, health: { state: 'ok', reason: 'admin', note: 'appeal accepted', changedBy: expect.any(String) } } });
    // Cleared: what was counted is forgiven, the old banner does not restrict again.
    expect(await healthRepository.evaluate(db(), [id])).toEqual([]);
    expect(await stateOf(id)).toMatchObject({ state: 'ok' });
    expect((await events(id)).map((e) => [e.from, e.to, e.reason])).toEqual([['ok', 'restricted', 'restriction_signal'], ['restricted', 'ok', 'admin']]);
  });

  it('a lost login is a signal written with the report, and the running app evaluates it', async () => {
    const epoch = (await rows<{ e: number }>(db(), sql`select session_epoch::int as e from execution_nodes where id = ${nodeId}`))[0]!.e;
    const acc = (loginState: NodeAccount['loginState']): NodeAccount => ({ externalRef: 'dy-lost', platform: 'douyin', displayName: 'lost', loginState, userId: user.id });
    await nodeRegistry.syncAccounts(db(), nodeId, epoch, [acc('logged_in')]);
    await nodeRegistry.syncAccounts(db(), nodeId, epoch, [acc('logged_out')]);
    const [{ id }] = await rows<{ id: number }>(db(), sql`select id from accounts where node_id = ${nodeId} and external_ref = 'dy-lost'`);
    // The app's watcher hears the signal (NOTIFY) and evaluates it: nobody calls evaluate here.
    const e = await until(() => events(id), (l) => l.length > 0);
    expect(e).toEqual([expect.objectContaining({ from: 'ok', to: 'watch', signals: [expect.objectContaining({ kind: 'session_expired', detail: { node_id: nodeId } })] })]);
    // GET /accounts shows it.
    const listed = await until(
      () => v1(t.app, user, 'GET', '/accounts'),
      (r) => r.body.accounts?.find((a: { id: number }) => a.id === id)?.health.state === 'watch',
    );
    expect(listed.body.accounts.find((a: { id: number }) => a.id === id).health).toEqual({
      state: 'watch', since: expect.any(String), cool_until: null, signals: [{ kind: 'session_expired', source: 'control_plane', at: expect.any(String) }],
    });
  });

  it('admin routes: an account\'s health, restrict and clear with a note (audited), the rules; and their refusals', async () => {
    const id = await newAccount();
    expect(await admin('GET', `/accounts/${id}/health`)).toMatchObject({ status: 200, body: { success: true, health: { accountId: id, state: 'ok', since: null, signals: [] } } });
    const restricted = await admin('POST', `/accounts/${id}/health`, { state: 'restricted', note: 'platform emailed a warning' });
    expect(restricted).toMatchObject({ status: 200, body: { changed: true, health: { state: 'restricted', note: 'platform emailed a warning', reason: 'admin' } } });
    // The same again: nothing changes, nothing is announced.
    expect(await admin('POST', `/accounts/${id}/health`, { state: 'restricted', note: 'again' })).toMatchObject({ status: 200, body: { changed: false, health: { note: 'platform emailed a warning' } } });
    expect((await events(id)).map((e) => [e.from, e.to, e.reason])).toEqual([['ok', 'restricted', 'admin']]);
    const audit = await until(
      () => rows<{ method: string; path: string }>(db(), sql`select method, path from admin_audit_log where path = ${`/api/admin/accounts/${id}/health`} and method = 'POST'`),
      (l) => l.length >= 2,
    );
    expect(audit).toHaveLength(2);

    // Refusals.
    expect(await admin('POST', `/accounts/${id}/health`, { state: 'cooling', note: 'x' })).toMatchObject({ status: 400, body: { success: false, code: 'INVALID_REQUEST' } });
    expect(await admin('POST', `/accounts/${id}/health`, { state: 'ok' })).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    expect(await admin('POST', `/accounts/${id}/health`, { state: 'ok', note: '   ' })).toMatchObject({ status: 400 });
    expect(await admin('POST', '/accounts/999999/health', { state: 'ok', note: 'x' })).toMatchObject({ status: 404, body: { code: 'ACCOUNT_NOT_FOUND' } });
    const site = await createCmsSite(fixturesOf(t), user.id);
    expect(await admin('GET', `/accounts/${site}/health`)).toMatchObject({ status: 404, body: { code: 'ACCOUNT_NOT_FOUND' } });
    expect(await admin('GET', `/accounts/${id}/health`, undefined, {})).toMatchObject({ status: 401 });

    // Rules: built-in defaults, replaced by a default row and an override, refused when incoherent.
    expect(await admin('GET', '/health-rules')).toMatchObject({
      status: 200,
      body: { default: { windowSeconds: null, coolingAt: null }, platforms: {}, builtIn: { windowSeconds: 86400, watchAt: 1, coolingAt: 3, coolDownSeconds: 86400, restrictOn: ['restriction_banner'] } },
    });
    const put = await admin('PUT', '/health-rules', { default: { coolingAt: 5, coolDownSeconds: 3600 }, platforms: { xiaohongshu: { coolingAt: 2, restrictOn: ['restriction_banner', 'shadow_ban'] } } });
    expect(put).toMatchObject({ status: 200, body: { default: { coolingAt: 5, coolDownSeconds: 3600, watchAt: null }, platforms: { xiaohongshu: { coolingAt: 2, coolDownSeconds: null } } } });
    expect(await healthRepository.effectiveRule(db(), 'xiaohongshu')).toEqual({ windowSeconds: 86400, watchAt: 1, coolingAt: 2, coolDownSeconds: 3600, restrictOn: ['restriction_banner', 'shadow_ban'] });
    expect(await healthRepository.effectiveRule(db(), 'douyin')).toMatchObject({ coolingAt: 5, coolDownSeconds: 3600 });
    // The override applies: two signals cool a xiaohongshu account for the default's hour.
    const x = await newAccount('xiaohongshu');
    await healthRepository.record(db(), [signal(x), signal(x)]);
    const hx = (await healthRepository.get(db(), x))!;
    expect(hx.state).toBe('cooling');
    expect(hx.coolUntil!.getTime() - hx.since!.getTime()).toBe(3_600_000);
    expect(await admin('PUT', '/health-rules', { default: {}, platforms: { nowhere: {} } })).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    expect(await admin('PUT', '/health-rules', { default: { watchAt: 4 } })).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    expect(await admin('PUT', '/health-rules', { default: { restrictOn: ['Not A Kind'] } })).toMatchObject({ status: 400 });
    expect(await admin('PUT', '/health-rules', { default: {} })).toMatchObject({ status: 200, body: { platforms: {} } });
  });
});
