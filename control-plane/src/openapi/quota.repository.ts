/** Quota balances per bucket. Publish takes units with one conditional UPDATE (publish.repository.ts), so concurrent publishes never overdraw. */
import { and, eq, sql } from 'drizzle-orm';
import { BatchedLookup } from '../db/batched-lookup.js';
import { type Db, isRootHandle, preparedRows, rows } from '../db/client.js';
import { type QuotaBucket, quotaBuckets } from './openapi.schema.js';

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

  /** Gives units back (a job refused before it ran); never below zero. */
  async refund(db: Db, userId: number, bucket: QuotaBucket, units: number): Promise<void> {
    await db
      .update(quotaBuckets)
      .set({ used: sql`greatest(0, ${quotaBuckets.used} - ${units})` })
      .where(and(eq(quotaBuckets.userId, userId), eq(quotaBuckets.bucket, bucket)));
  },

  /**
   * Gives a failed job's unit back to its bucket, at most once per job: the
   * job row itself carries the mark (`feedback.quotaRefundedAt`, which never
   * leaves the server: redactFeedback shows message and step only). Marking
   * is one conditional UPDATE of the job row, so two callers racing (an
   * executor and a sweep, two replicas) serialize on the row lock and only
   * the first refunds; mark and refund commit together. Jobs in any other
   * state than `failed` are left alone. True when this call refunded.
   *
   * With a migration this would be a column (see the CMS executor's notes):
   * `alter table publish_jobs add column quota_refunded_at timestamptz;`
   */
  async refundJobQuota(db: Db, jobId: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [job] = await rows<{ userId: number; bucket: QuotaBucket }>(
        tx,
        sql`update publish_jobs
            set feedback = coalesce(feedback, '{}'::jsonb) || jsonb_build_object('quotaRefundedAt', now())
            where id = ${jobId} and state = 'failed' and (feedback ->> 'quotaRefundedAt') is null
            returning user_id as "userId", quota_bucket as bucket`,
      );
      if (!job) return false;
      await quotaRepository.refund(tx, job.userId, job.bucket, 1);
      return true;
    });
  },

  async setGrant(db: Db, userId: number, bucket: QuotaBucket, granted: number): Promise<void> {
    await db
      .insert(quotaBuckets)
      .values({ userId, bucket, granted, used: 0 })
      .onConflictDoUpdate({ target: [quotaBuckets.userId, quotaBuckets.bucket], set: { granted: sql`greatest(${granted}, ${quotaBuckets.used})` } });
  },
};
