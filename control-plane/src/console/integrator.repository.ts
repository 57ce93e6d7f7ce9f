/** What an integrator reads about themself in the console: webhook state, deliveries, batches. Every query is scoped to one user id. */
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.js';
import { users } from '../integrators/integrators.schema.js';
import { publishBatches, webhookDeliveries } from '../publishing/publishing.schema.js';

export interface BatchSummaryRow {
  batchId: string;
  status: string;
  createdAt: Date | string;
  jobs: number;
  succeeded: number;
  failed: number;
}

export const integratorRepository = {
  async webhook(db: Db, userId: number): Promise<{ url: string | null; secretSet: boolean } | null> {
    const [row] = await db
      .select({ url: users.webhookUrl, secretSet: sql<boolean>`${users.webhookSecret} is not null` })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  },

  async deliveries(db: Db, userId: number, limit: number, offset: number) {
    const where = eq(webhookDeliveries.userId, userId);
    const [list, [total]] = await Promise.all([
      db
        .select()
        .from(webhookDeliveries)
        .where(where)
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(webhookDeliveries).where(where),
    ]);
    return { rows: list, total: total?.n ?? 0 };
  },

  /** Batches newest first, with their job counts; `status` filters on the batch state the Open API shows. */
  async batches(db: Db, userId: number, f: { status?: string | undefined; limit: number; offset: number }) {
    const conditions: SQL[] = [eq(publishBatches.userId, userId)];
    if (f.status !== undefined) conditions.push(eq(publishBatches.state, f.status));
    const where = and(...conditions)!;
    const [list, [total]] = await Promise.all([
      rows<BatchSummaryRow>(
        db,
        sql`select b.id as "batchId", b.state as status, b.created_at as "createdAt",
              count(j.id)::int as jobs,
              (count(j.id) filter (where j.state = 'succeeded'))::int as succeeded,
              (count(j.id) filter (where j.state = 'failed'))::int as failed
            from publish_batches b left join publish_jobs j on j.batch_id = b.id
            where b.user_id = ${userId} ${f.status === undefined ? sql`` : sql`and b.state = ${f.status}`}
            group by b.id
            order by b.created_at desc, b.id desc
            limit ${f.limit} offset ${f.offset}`,
      ),
      db.select({ n: count() }).from(publishBatches).where(where),
    ]);
    return { rows: list, total: total?.n ?? 0 };
  },
};
