/**
 * The queue analysis: nothing while the queue tables are small or settled,
 * an ANALYZE of exactly the tables that doubled since their last one, and
 * the cached plan of a prepared statement rebuilt afterwards.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';
import { eventually } from '../testing/eventually.js';
import { publishWorld } from '../testing/publish.js';
import { rows } from './client.js';
import { analyzeQueueIfGrown } from './queue-analyze.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const db = () => t.db.database.db;
/** The fewer live rows of the two queue tables, as the statistics say. */
const liveRows = async () =>
  Number(
    (await rows<{ live: number }>(db(), sql`select coalesce(min(n_live_tup), 0)::int as live from pg_stat_user_tables where schemaname = current_schema() and relname in ('publish_jobs', 'publish_batches')`))[0]!.live,
  );

describe('queue analysis', () => {
  it('analyzes the queue tables that doubled since their last analysis, and only those', async () => {
    const w = await publishWorld(t);
    const addJobs = async (from: number, to: number) => {
      await db().execute(sql`insert into publish_batches (id, user_id, content_type, executor, state, request_id)
                             select 'bat_a' || g, ${w.user.id}, 'video', 'edge', 'queued', 'r' from generate_series(${from}::int, ${to}::int) g`);
      await db().execute(sql`insert into publish_jobs (id, batch_id, user_id, account_id, platform, content_type, executor, node_id, quota_bucket,
                               payload, settings_snapshot, settings_hash, settings_contract_version)
                             select 'job_a' || g, 'bat_a' || g, ${w.user.id}, ${w.acc.bilibili}, 'bilibili', 'video', 'edge', null, 'edge',
                               '{}'::jsonb, '{}'::jsonb, 'h', 'v' from generate_series(${from}::int, ${to}::int) g`);
    };
    await addJobs(1, 300);
    // The statistics arrive at the end of each transaction, or within a second of it.
    await eventually(() => liveRows()).toBeGreaterThanOrEqual(300);
    expect(await analyzeQueueIfGrown(db(), 1000)).toEqual([]);
    expect((await analyzeQueueIfGrown(db(), 100)).sort()).toEqual(['publish_batches', 'publish_jobs']);
    // Settled: nothing to do until a table doubles again.
    expect(await analyzeQueueIfGrown(db(), 100)).toEqual([]);
    await addJobs(301, 400);
    await eventually(() => liveRows()).toBeGreaterThanOrEqual(400);
    expect(await analyzeQueueIfGrown(db(), 100)).toEqual([]);
    await addJobs(401, 700);
    await eventually(() => liveRows()).toBeGreaterThanOrEqual(700);
    expect((await analyzeQueueIfGrown(db(), 100)).sort()).toEqual(['publish_batches', 'publish_jobs']);
  });
});
