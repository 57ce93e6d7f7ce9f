/**
 * Quota balances per bucket. Publish takes units with one conditional UPDATE
 * (publish.repository.ts), so concurrent publishes never overdraw; a job that
 * ends failed with nothing published gives its unit back in the statement
 * that fails it (nodes/job-events.ts, recorded in quota_refunds).
 */
import { sql } from 'drizzle-orm';
import { BatchedLookup } from '../db/batched-lookup.js';
import { type Db, isRootHandle, preparedRows, rows } from '../db/client.js';
import { type QuotaBucket, quotaBuckets } from './integrators.schema.js';

/**
 * Read by every preflight and GET /me, so batched per root handle
 * (BatchedLookup: concurrent reads share one prepared statement sent after
 * each of them arrived, never a query already in flight). A transaction reads
 * its own snapshot directly.
 */
type BalanceRow = { userId: number; bucket: QuotaBucket; granted: number; used: number };
const BALANCES = 'select user_id as "userId", bucket, granted, used from quota_buckets where user_id = any($1::int[])';
const balanceLookups = new WeakMap<Db, BatchedLookup<number, BalanceRow>>();

function balanceLookup(db: Db): BatchedLookup<number, BalanceRow> {
  let lookup = balanceLookups.get(db);
  if (!lookup) {
    lookup = new BatchedLookup<number, BalanceRow>({
      // User ids are integers (the caller's key resolved them); the array goes as its text form.
      query: (userIds) => preparedRows<BalanceRow>(db, BALANCES, [`{${userIds.map((id) => Math.trunc(id)).join(',')}}`]),
      keyOf: (row) => Number(row.userId),
    });
    balanceLookups.set(db, lookup);
  }
  return lookup;
}

export const quotaRepository = {
  async balances(db: Db, userId: number): Promise<Map<QuotaBucket, { granted: number; used: number }>> {
    const list = isRootHandle(db)
      ? await balanceLookup(db).get(userId)
      : await rows<BalanceRow>(db, sql`select user_id as "userId", bucket, granted, used from quota_buckets where user_id = ${userId}`);
    return new Map(list.map((q) => [q.bucket, { granted: q.granted, used: q.used }]));
  },

  async setGrant(db: Db, userId: number, bucket: QuotaBucket, granted: number): Promise<void> {
    await db
      .insert(quotaBuckets)
      .values({ userId, bucket, granted, used: 0 })
      .onConflictDoUpdate({ target: [quotaBuckets.userId, quotaBuckets.bucket], set: { granted: sql`greatest(${granted}, ${quotaBuckets.used})` } });
  },
};
