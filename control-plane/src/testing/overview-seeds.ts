/**
 * Jobs as the home page counts them, written straight to the tables: a batch
 * per call with the given jobs, each with its state, error code, node and the
 * time it was asked for (created_at). What the Open API and the nodes would
 * leave, without running them: the overview only reads these columns.
 */
import { sql } from 'drizzle-orm';
import { randomId } from '../crypto/tokens.js';
import type { Db } from '../db/client.js';
import type { JobState } from '../publishing/publishing.schema.js';

export interface SeedJob {
  accountId: number;
  platform: string;
  state: JobState;
  errorCode?: string;
  nodeId?: string;
  /** When it was asked for; default now. */
  createdAt?: Date;
}

export async function seedJobs(db: Db, userId: number, jobs: SeedJob[]): Promise<string[]> {
  const batchId = randomId('bat');
  await db.execute(sql`insert into publish_batches (id, user_id, content_type, executor, request_id) values (${batchId}, ${userId}, 'article', 'edge', ${randomId('req')})`);
  const ids: string[] = [];
  for (const j of jobs) {
    const id = randomId('job');
    ids.push(id);
    await db.execute(sql`insert into publish_jobs (id, batch_id, user_id, account_id, platform, content_type, executor, node_id, quota_bucket, state, payload,
                           settings_snapshot, settings_hash, settings_contract_version, error_code, created_at, updated_at)
                         values (${id}, ${batchId}, ${userId}, ${j.accountId}, ${j.platform}, 'article', 'edge', ${j.nodeId ?? null}, 'edge', ${j.state}, '{}'::jsonb,
                           '{}'::jsonb, 'h', 'v', ${j.errorCode ?? null}, ${(j.createdAt ?? new Date()).toISOString()}::timestamptz, now())`);
  }
  return ids;
}

/**
 * A webhook delivery of `userId` in `status`, made at `createdAt` (default now). A pending one
 * failed once and waits an hour for its retry, so a running sender leaves it pending meanwhile.
 */
export async function seedDelivery(db: Db, userId: number, status: 'pending' | 'delivered' | 'failed', createdAt = new Date()): Promise<void> {
  await db.execute(sql`insert into webhook_deliveries (id, user_id, event_type, payload, status, attempts, next_attempt_at, created_at)
                       values (${randomId('whd')}, ${userId}, 'job.finished', '{}'::jsonb, ${status}, 1, now() + interval '1 hour', ${createdAt.toISOString()}::timestamptz)`);
}

/** An account's health as the evaluator leaves it: cooling (for an hour) or restricted. */
export async function seedHealth(db: Db, accountId: number, state: 'cooling' | 'restricted'): Promise<void> {
  await db.execute(sql`insert into account_health (account_id, state, cool_until) values (${accountId}, ${state}, ${state === 'cooling' ? sql`now() + interval '1 hour'` : null})`);
}
