/** Quota balances per bucket. Taking is one conditional UPDATE, so concurrent publishes never overdraw. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { type QuotaBucket, quotaBuckets } from './openapi.schema.js';

/** Read by every preflight and GET /me: a prepared statement, built once per database handle. */
const balanceQueries = new WeakMap<Db, ReturnType<typeof buildBalances>>();
function buildBalances(db: Db) {
  return db.select().from(quotaBuckets).where(eq(quotaBuckets.userId, sql.placeholder('userId'))).prepare('openapi_quota_balances');
}

export const quotaRepository = {
  async balances(db: Db, userId: number): Promise<Map<QuotaBucket, { granted: number; used: number }>> {
    let query = balanceQueries.get(db);
    if (!query) balanceQueries.set(db, (query = buildBalances(db)));
    const list = await query.execute({ userId });
    return new Map(list.map((q) => [q.bucket, { granted: q.granted, used: q.used }]));
  },

  /** Takes `units` from a bucket; false (and nothing taken) when the balance is short. */
  async take(db: Db, userId: number, bucket: QuotaBucket, units: number): Promise<boolean> {
    const updated = await db
      .update(quotaBuckets)
      .set({ used: sql`${quotaBuckets.used} + ${units}` })
      .where(and(eq(quotaBuckets.userId, userId), eq(quotaBuckets.bucket, bucket), sql`${quotaBuckets.used} + ${units} <= ${quotaBuckets.granted}`))
      .returning({ used: quotaBuckets.used });
    return updated.length === 1;
  },

  /** Gives units back (a job refused before it ran); never below zero. */
  async refund(db: Db, userId: number, bucket: QuotaBucket, units: number): Promise<void> {
    await db
      .update(quotaBuckets)
      .set({ used: sql`greatest(0, ${quotaBuckets.used} - ${units})` })
      .where(and(eq(quotaBuckets.userId, userId), eq(quotaBuckets.bucket, bucket)));
  },

  async setGrant(db: Db, userId: number, bucket: QuotaBucket, granted: number): Promise<void> {
    await db
      .insert(quotaBuckets)
      .values({ userId, bucket, granted, used: 0 })
      .onConflictDoUpdate({ target: [quotaBuckets.userId, quotaBuckets.bucket], set: { granted: sql`greatest(${granted}, ${quotaBuckets.used})` } });
  },
};
