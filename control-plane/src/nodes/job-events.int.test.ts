/**
 * The job events are written by SQL (job-events.ts); GET /publish/{batch_id}
 * derives the same states in TypeScript (batch-view.ts). These tests hold the
 * two to each other over every combination of one and two job states, and
 * check the webhook rows: one per visible job change, then one per batch
 * change, in that order, only for users with a webhook URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomId } from '../crypto/tokens.js';
import { rows } from '../db/client.js';
import { batchState, publicJobState } from '../publishing/publish/batch-view.js';
import type { JobState } from '../publishing/publishing.schema.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { publishWorld } from '../testing/publish.js';
import { type ChangedJob, jobsChanged } from './job-events.js';

const STATES: JobState[] = ['queued', 'offered', 'accepted', 'running', 'committed', 'unknown', 'needs_attention', 'succeeded', 'failed', 'canceled'];
const SILENT = new Set<JobState>(['offered', 'accepted', 'committed']);

let t: TestApp;
let world: Awaited<ReturnType<typeof publishWorld>>;
let quiet: Awaited<ReturnType<typeof publishWorld>>;
beforeAll(async () => {
  t = await createTestApp();
  world = await publishWorld(t);
  quiet = await publishWorld(t);
  await t.db.database.db.execute(sql`update users set webhook_url = 'https://hooks.example.test/plume' where id = ${world.user.id}`);
});
afterAll(async () => t?.close());

const db = () => t.db.database.db;

/** The X-Request-Id the batch's publish came with: every event of the batch carries it. */
const requestIdOf = (batchId: string) => `req_${batchId.slice(4, 16)}`;

/** A batch (stored state `queued`) with one job per state; the jobs stored in `states`, reported changed. */
async function batchWith(userId: number, accountId: number, states: JobState[]): Promise<{ batchId: string; changed: ChangedJob[] }> {
  const batchId = randomId('bat');
  await db().execute(sql`insert into publish_batches (id, user_id, content_type, executor, state, request_id) values (${batchId}, ${userId}, 'video', 'edge', 'queued', ${requestIdOf(batchId)})`);
  const changed: ChangedJob[] = [];
  for (const [n, state] of states.entries()) {
    const id = `job_${batchId.slice(4)}_${n}`;
    await db().execute(sql`insert into publish_jobs (id, batch_id, user_id, account_id, platform, content_type, executor, node_id, quota_bucket, state,
                             payload, settings_snapshot, settings_hash, settings_contract_version, platform_post_id, error_code)
                           values (${id}, ${batchId}, ${userId}, ${accountId}, 'bilibili', 'video', 'edge', null, 'edge', ${state},
                             '{}'::jsonb, '{}'::jsonb, 'h', 'v', ${state === 'succeeded' ? `BV${n}` : null}, ${state === 'failed' ? 'boom' : null})`);
    changed.push({ id, batchId, userId, nodeId: null, state, platformPostId: state === 'succeeded' ? `BV${n}` : null, platformUrl: null, errorCode: state === 'failed' ? 'boom' : null });
  }
  return { batchId, changed };
}

const hooks = (userId: number) =>
  rows<{ event_type: string; payload: Record<string, unknown> }>(
    db(),
    sql`select event_type, payload from webhook_deliveries where user_id = ${userId} order by created_at, id`,
  );

const combinations: JobState[][] = [...STATES.map((s) => [s]), ...STATES.flatMap((a) => STATES.map((b) => [a, b]))];

describe('job events in SQL', () => {
  it('derive every batch state exactly as GET /publish/{batch_id} does, and write the events in order', async () => {
    for (const states of combinations) {
      const before = (await hooks(world.user.id)).length;
      const { batchId, changed } = await batchWith(world.user.id, world.acc.bilibili, states);
      await db().transaction((tx) => jobsChanged(tx, changed));
      const [batch] = await rows<{ state: string }>(db(), sql`select state from publish_batches where id = ${batchId}`);
      const expected = batchState(states);
      expect(batch!.state, states.join(',')).toBe(expected);

      const jobEvents = changed
        .filter((j) => !SILENT.has(j.state as JobState))
        .sort((a, b) => a.id.localeCompare(b.id))
        .map((j) => ({
          event_type: 'publish.job.updated',
          payload: {
            batch_id: batchId,
            job_id: j.id,
            state: publicJobState(j.state as JobState),
            ...(j.platformPostId ? { platform_post_id: j.platformPostId } : {}),
            ...(j.errorCode ? { error_code: j.errorCode } : {}),
            request_id: requestIdOf(batchId),
          },
        }));
      const batchEvents =
        expected === 'queued' ? [] : [{ event_type: 'publish.batch.updated', payload: { batch_id: batchId, state: expected, request_id: requestIdOf(batchId) } }];
      expect((await hooks(world.user.id)).slice(before), states.join(',')).toEqual([...jobEvents, ...batchEvents]);
    }
  });

  it('writes no webhook rows for a user without a webhook URL, and no batch update when its state holds', async () => {
    const { batchId, changed } = await batchWith(quiet.user.id, quiet.acc.bilibili, ['running', 'queued']);
    await db().transaction((tx) => jobsChanged(tx, changed));
    expect(await hooks(quiet.user.id)).toEqual([]);
    const [first] = await rows<{ state: string; updated_at: string }>(db(), sql`select state, updated_at::text from publish_batches where id = ${batchId}`);
    expect(first!.state).toBe('running');
    await db().transaction((tx) => jobsChanged(tx, changed));
    const [again] = await rows<{ state: string; updated_at: string }>(db(), sql`select state, updated_at::text from publish_batches where id = ${batchId}`);
    expect(again).toEqual(first);
  });
});
