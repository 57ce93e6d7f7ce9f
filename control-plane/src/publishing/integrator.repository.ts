/** What an integrator reads about themself in the console: webhook state, deliveries, batches, evidence, jobs in flight, what a login of an account needs. Every query is scoped to one user id. */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { accounts } from '../accounts/accounts.schema.js';
import { type Db, rows } from '../db/client.js';
import { users } from '../integrators/integrators.schema.js';
import type { BatchState } from './publish/batch-view.js';
import { publishJobs, webhookDeliveries } from './publishing.schema.js';

export interface BatchSummaryRow {
  batchId: string;
  status: BatchState;
  createdAt: Date | string;
  contentType: string;
  executor: string;
  requestId: string;
  jobs: number;
  succeeded: number;
  failed: number;
}

export interface BatchFilter {
  status?: BatchState | undefined;
  /** Created at or after. */
  from?: Date | undefined;
  /** Created before. */
  to?: Date | undefined;
  /** The X-Request-Id of the publish call that created the batch. */
  requestId?: string | undefined;
  limit: number;
  offset: number;
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

  /**
   * Batches newest first with their job counts. The state is derived from
   * the jobs exactly as batch-view.ts's batchState does (a batch row's own
   * state column is written once, at creation), so a filter on it matches
   * what GET /publish/{batch_id} answers.
   */
  async batches(db: Db, userId: number, f: BatchFilter) {
    const where = sql.join(
      [
        sql`b.user_id = ${userId}`,
        ...(f.from ? [sql`b.created_at >= ${f.from.toISOString()}::timestamptz`] : []),
        ...(f.to ? [sql`b.created_at < ${f.to.toISOString()}::timestamptz`] : []),
        ...(f.requestId !== undefined ? [sql`b.request_id = ${f.requestId}`] : []),
      ],
      sql` and `,
    );
    const derived = sql`with counted as (
        select b.id as "batchId", b.created_at as "createdAt", b.content_type as "contentType", b.executor, b.request_id as "requestId",
          count(j.id)::int as jobs,
          (count(j.id) filter (where j.state = 'succeeded'))::int as succeeded,
          (count(j.id) filter (where j.state = 'failed'))::int as failed,
          (count(j.id) filter (where j.state in ('scheduled', 'queued', 'offered', 'accepted')))::int as waiting,
          (count(j.id) filter (where j.state = 'scheduled'))::int as scheduled,
          (count(j.id) filter (where j.state = 'canceled'))::int as canceled,
          (count(j.id) filter (where j.state in ('succeeded', 'failed', 'canceled')))::int as ended
        from publish_batches b left join publish_jobs j on j.batch_id = b.id
        where ${where}
        group by b.id
      ), stated as (
        select counted.*, case
          when jobs > 0 and scheduled > 0 and scheduled + canceled = jobs then 'scheduled'
          when jobs = 0 or waiting = jobs then 'queued'
          when ended = jobs then case when succeeded = jobs then 'succeeded' when canceled = jobs then 'canceled' when succeeded = 0 then 'failed' else 'partial' end
          else 'running' end as status
        from counted
      )`;
    const byStatus = f.status === undefined ? sql`` : sql`where status = ${f.status}`;
    const [list, [total]] = await Promise.all([
      rows<BatchSummaryRow>(
        db,
        sql`${derived}
            select "batchId", status, "createdAt", "contentType", executor, "requestId", jobs, succeeded, failed from stated ${byStatus}
            order by "createdAt" desc, "batchId" desc
            limit ${f.limit} offset ${f.offset}`,
      ),
      rows<{ n: number }>(db, sql`${derived} select count(*)::int as n from stated ${byStatus}`),
    ]);
    return { rows: list, total: total?.n ?? 0 };
  },

  /** Evidence rows per job of one of the user's batches (jobs without any are left out). */
  async evidenceCounts(db: Db, userId: number, batchId: string): Promise<Map<string, number>> {
    const found = await rows<{ jobId: string; n: number }>(
      db,
      sql`select e.job_id as "jobId", count(*)::int as n from job_evidence e join publish_jobs j on j.id = e.job_id
          where j.batch_id = ${batchId} and j.user_id = ${userId} group by e.job_id`,
    );
    return new Map(found.map((r) => [r.jobId, Number(r.n)]));
  },

  /** The job's payload when it is the user's (for redacting what names its own paths); undefined for any other job. */
  async ownJob(db: Db, userId: number, jobId: string): Promise<{ payload: Record<string, unknown> } | undefined> {
    const [found] = await db.select({ payload: publishJobs.payload }).from(publishJobs).where(and(eq(publishJobs.id, jobId), eq(publishJobs.userId, userId)));
    return found;
  },

  /** What a relayed login of one of the user's accounts needs: its platform, node and the platform's id for it. */
  async loginTarget(db: Db, userId: number, accountId: number): Promise<{ platform: string; nodeId: string | null; externalRef: string | null } | undefined> {
    const [found] = await db
      .select({ platform: accounts.platform, nodeId: accounts.nodeId, externalRef: accounts.externalRef })
      .from(accounts)
      .where(and(eq(accounts.id, accountId), eq(accounts.userId, userId), isNull(accounts.removedAt)));
    return found;
  },

  /** Jobs not yet ended, per quota bucket: the units they hold until they succeed, or fail and give theirs back. */
  async jobsInFlight(db: Db, userId: number): Promise<Map<string, number>> {
    const found = await rows<{ bucket: string; n: number }>(
      db,
      sql`select quota_bucket as bucket, count(*)::int as n from publish_jobs
          where user_id = ${userId} and state not in ('succeeded', 'failed', 'canceled') group by quota_bucket`,
    );
    return new Map(found.map((r) => [r.bucket, Number(r.n)]));
  },
};
