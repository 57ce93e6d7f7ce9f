/**
 * Several publishes in one statement (PUBLISH_WRITES) and the queue that
 * sends them (publish-queue.ts): each publish is decided on its own, a quota
 * refusal among others is judged again alone, a stale plan writes nothing,
 * and a statement that fails sends each publish again alone.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomId } from '../../crypto/tokens.js';
import { rows } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { createAccount, createNode, persistedState, publishWorld } from '../../testing/publish.js';
import { accountsRepository } from '../../accounts/accounts.repository.js';
import { judgedAccount } from './publish-plan.js';
import { writePublish } from './publish-queue.js';
import { publishRepository, type PublishWrite } from './publish.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type World = Awaited<ReturnType<typeof publishWorld>>;
const db = () => t.db.database.db;

/** A video publish of `units` jobs on the world's bilibili account (edge quota). */
function write(w: World, units: number, extra: Partial<PublishWrite> = {}): PublishWrite {
  return {
    batch: { id: randomId('bat'), userId: w.user.id, contentType: 'video', executor: 'edge', articleId: null, requestId: randomId('req') },
    jobs: Array.from({ length: units }, () => ({
      id: randomId('job'),
      accountId: w.acc.bilibili,
      platform: 'bilibili',
      nodeId: w.edge,
      quotaBucket: 'edge' as const,
      payload: { title: 'Clip' },
      settingsSnapshot: { partitionName: '知识' },
      settingsHash: 'h',
      settingsContractVersion: 'v',
    })),
    quota: [{ bucket: 'edge', units }],
    notifyNodes: [w.edge],
    ...extra,
  };
}

const batchIds = async (userId: number) =>
  (await rows<{ id: string }>(db(), sql`select id from publish_batches where user_id = ${userId} order by id`)).map((r) => r.id).sort();

describe('one statement, several publishes', () => {
  it('counts the publishes ahead of each against the quota, and takes only what the written ones need', async () => {
    const w = await publishWorld(t, { quotas: { edge: 2 } });
    const [a, b, c] = [write(w, 1), write(w, 2), write(w, 1)];
    const outcomes = await publishRepository.insertBatches(db(), [a, b, c]);
    // b: 1 + 2 > 2. c: 1 + 2 + 1 > 2, although b is not written: the queue sends it again alone.
    expect(outcomes).toEqual([{ written: true }, { written: false, short: ['edge'] }, { written: false, short: ['edge'] }]);
    expect(await persistedState(db(), w.user.id)).toMatchObject({ batches: 1, jobs: 1, used: { edge: 1 } });
    expect(await batchIds(w.user.id)).toEqual([a.batch.id]);
  });

  it('through the queue, a publish refused among others is judged again alone', async () => {
    const w = await publishWorld(t, { quotas: { edge: 2 } });
    const [a, b, c] = [write(w, 1), write(w, 2), write(w, 1)];
    // Submitted in one turn: they share the first statement.
    const outcomes = await Promise.all([a, b, c].map((x) => writePublish(db(), x, true)));
    expect(outcomes).toEqual([{ written: true }, { written: false, short: ['edge'] }, { written: true }]);
    expect(await persistedState(db(), w.user.id)).toMatchObject({ batches: 2, jobs: 2, used: { edge: 2 } });
    expect(await batchIds(w.user.id)).toEqual([a.batch.id, c.batch.id].sort());
  });

  it('writes nothing for a publish whose judged account changed, and the others regardless', async () => {
    const w = await publishWorld(t, { quotas: { edge: 10 } });
    const { accounts } = await accountsRepository.forPlan(db(), w.user.id, [w.acc.bilibili], null, { fresh: true });
    const judged = judgedAccount(accounts[0]!, undefined);
    const current = write(w, 1, { judged: { accounts: [judged], presetsOf: null } });
    const stale = write(w, 1, { judged: { accounts: [{ ...judged, loginState: 'logged_out' }], presetsOf: null } });
    const offline = write(w, 1, { judged: { accounts: [{ ...judged, node: { ...judged.node!, online: false } }], presetsOf: null } });
    const outcomes = await publishRepository.insertBatches(db(), [stale, current, offline]);
    expect(outcomes).toEqual([{ written: false, stale: true }, { written: true }, { written: false, stale: true }]);
    expect(await persistedState(db(), w.user.id)).toMatchObject({ batches: 1, jobs: 1, used: { edge: 1 } });
    expect(await batchIds(w.user.id)).toEqual([current.batch.id]);
  });

  it('an account on a web node serving all users is judged as the account list judged it: served, so not stale', async () => {
    const w = await publishWorld(t, { quotas: { web: 10 } });
    const web = await createNode(w.f, { kind: 'web', userIds: [], allUsers: true });
    const account = await createAccount(w.f, w.user.id, { platform: 'juejin', nodeId: web });
    const { accounts } = await accountsRepository.forPlan(db(), w.user.id, [account], null, { fresh: true });
    const judged = judgedAccount(accounts[0]!, undefined);
    expect(judged.node).toMatchObject({ kind: 'web', authorized: true, online: true });
    const publish: PublishWrite = {
      batch: { id: randomId('bat'), userId: w.user.id, contentType: 'article', executor: 'web', articleId: null, requestId: randomId('req') },
      jobs: [
        {
          id: randomId('job'),
          accountId: account,
          platform: 'juejin',
          nodeId: web,
          quotaBucket: 'web',
          payload: { title: 'On the pool' },
          settingsSnapshot: {},
          settingsHash: 'h',
          settingsContractVersion: 'v',
        },
      ],
      quota: [{ bucket: 'web', units: 1 }],
      notifyNodes: [web],
      judged: { accounts: [judged], presetsOf: null },
    };
    expect(await publishRepository.insertBatches(db(), [publish])).toEqual([{ written: true }]);
  });

  it('a statement that fails sends each publish again alone: only the bad one fails', async () => {
    const w = await publishWorld(t, { quotas: { edge: 10 } });
    const first = write(w, 1);
    expect(await writePublish(db(), first, true)).toEqual({ written: true });
    // The same batch id again: the insert violates the primary key and the whole statement rolls back.
    const duplicate = write(w, 1, { batch: { ...first.batch, requestId: randomId('req') } });
    const [good, other] = [write(w, 1), write(w, 1)];
    const settled = await Promise.allSettled([good, duplicate, other].map((x) => writePublish(db(), x, true)));
    expect(settled[0]).toEqual({ status: 'fulfilled', value: { written: true } });
    expect(settled[1]!.status).toBe('rejected');
    const reason = (settled[1] as PromiseRejectedResult).reason as { code?: string; cause?: { code?: string } };
    expect(reason.code ?? reason.cause?.code).toBe('23505');
    expect(settled[2]).toEqual({ status: 'fulfilled', value: { written: true } });
    expect(await persistedState(db(), w.user.id)).toMatchObject({ batches: 3, jobs: 3, used: { edge: 3 } });
  });
});
