/**
 * Batches and their jobs. Written in one transaction by the publish service;
 * dispatch (next layer) only changes job rows.
 *
 * Inserts are plain SQL: openapi.schema.ts maps both `createdAt` and
 * `updatedAt` of publish_batches and publish_jobs onto the one `created_at`
 * column, so a drizzle insert names that column twice and PostgreSQL refuses
 * it. Reads through drizzle are unaffected.
 */
import { type ContentType } from '@plume/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { JOBS_CHANNEL, toTextArray } from '../../dispatch/node-registry.repository.js';
import { type Db, preparedSql } from '../../db/client.js';
import { type JobState, publishBatches, publishJobs, type QuotaBucket } from '../openapi.schema.js';

type Executor = 'web' | 'desktop' | 'edge';

export interface NewBatch {
  id: string;
  userId: number;
  contentType: ContentType;
  executor: Executor;
  articleId: string | null;
  requestId: string;
}

export interface NewJob {
  id: string;
  accountId: number;
  platform: string;
  nodeId: string | null;
  quotaBucket: QuotaBucket;
  payload: Record<string, unknown>;
  settingsSnapshot: Record<string, unknown>;
  settingsHash: string;
  settingsContractVersion: string;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export interface BatchJobRow {
  id: string;
  accountId: number;
  platform: string;
  state: JobState;
  payload: Record<string, unknown>;
  settingsHash: string;
  feedback: Record<string, unknown> | null;
  platformStatus: string | null;
  platformPostId: string | null;
  platformUrl: string | null;
  verifiedAt: Date | null;
  errorCode: string | null;
  errorMessage: string | null;
}

export const publishRepository = {
  /**
   * The quota take, the batch, its jobs and the wake-up of each node's
   * replica in one statement, all or nothing: when a bucket is short nothing
   * is written and the short buckets are answered. Being one statement it is
   * atomic without a transaction (publish without an Idempotency-Key runs it
   * alone, sparing the begin and commit round trips); the NOTIFY is delivered
   * when it commits. `notify` picks the nodes to NOTIFY for (default all):
   * the caller skips those its own replica dispatches (dispatch/local-handoff.ts).
   */
  async insertBatch(
    db: Db,
    batch: NewBatch,
    jobs: NewJob[],
    quota: Array<{ bucket: QuotaBucket; units: number }>,
    notify: (nodeId: string) => boolean = () => true,
  ): Promise<QuotaBucket[]> {
    // Typed in place: inside a SELECT (the insert is conditional) parameters do not take the columns' types.
    const values = jobs.map(
      (j) => sql`(${j.id}::text, ${batch.id}::text, ${batch.userId}::int, ${j.accountId}::int, ${j.platform}::text, ${batch.contentType}::text,
        ${batch.executor}::text, ${j.nodeId}::text, ${j.quotaBucket}::text, 'queued', ${json(j.payload)}, ${json(j.settingsSnapshot)},
        ${j.settingsHash}::text, ${j.settingsContractVersion}::text)`,
    );
    const nodeIds = [...new Set(jobs.flatMap((j) => (j.nodeId ? [j.nodeId] : [])))].filter(notify);
    const [written] = await preparedSql<{ enough: QuotaBucket[] }>(
      db,
      // Bucket rows are locked in the order given (`quota`'s), so two publishes touching the same
      // buckets never deadlock; `enough` is judged on the locked rows. The job insert names the batch
      // row inserted beside it: the foreign key is checked at the end of the statement.
      sql`with want as (
          select * from unnest(${toTextArray(quota.map((q) => q.bucket))}::text[], ${`{${quota.map((q) => Math.trunc(q.units)).join(',')}}`}::int[])
            with ordinality as w(bucket, units, n)
        ), locked as materialized (
          select q.bucket, q.used + w.units <= q.granted as enough from quota_buckets q join want w on w.bucket = q.bucket
          where q.user_id = ${batch.userId} order by w.n for update of q
        ), ok as (
          select count(*) filter (where enough) = ${quota.length} as ok from locked
        ), took as (
          update quota_buckets q set used = q.used + w.units from want w
          where q.user_id = ${batch.userId} and q.bucket = w.bucket and (select ok from ok)
        ), b as (
          insert into publish_batches (id, user_id, content_type, executor, article_id, state, request_id)
          select ${batch.id}::text, ${batch.userId}::int, ${batch.contentType}::text, ${batch.executor}::text, ${batch.articleId}::text, 'queued', ${batch.requestId}::text
          where (select ok from ok)
        ), j as (
          insert into publish_jobs (id, batch_id, user_id, account_id, platform, content_type, executor, node_id,
            quota_bucket, state, payload, settings_snapshot, settings_hash, settings_contract_version)
          select * from (values ${sql.join(values, sql`, `)}) as v where (select ok from ok)
        )
        select array(select bucket from locked where enough) as enough,
               (select count(pg_notify(${JOBS_CHANNEL}, n)) from unnest(${toTextArray(nodeIds)}::text[]) as n where (select ok from ok)) as notified`,
    );
    const enough = new Set(written?.enough ?? []);
    return quota.filter((q) => !enough.has(q.bucket)).map((q) => q.bucket);
  },

  /** The batch if it belongs to `userId` (another user's batch is indistinguishable from none). */
  async getBatch(db: Db, userId: number, batchId: string) {
    const [batch] = await db
      .select({
        id: publishBatches.id,
        contentType: publishBatches.contentType,
        executor: publishBatches.executor,
        articleId: publishBatches.articleId,
        requestId: publishBatches.requestId,
        createdAt: publishBatches.createdAt,
      })
      .from(publishBatches)
      .where(and(eq(publishBatches.id, batchId), eq(publishBatches.userId, userId)));
    if (!batch) return undefined;
    const jobs: BatchJobRow[] = await db
      .select({
        id: publishJobs.id,
        accountId: publishJobs.accountId,
        platform: publishJobs.platform,
        state: publishJobs.state,
        payload: publishJobs.payload,
        settingsHash: publishJobs.settingsHash,
        feedback: publishJobs.feedback,
        platformStatus: publishJobs.platformStatus,
        platformPostId: publishJobs.platformPostId,
        platformUrl: publishJobs.platformUrl,
        verifiedAt: publishJobs.verifiedAt,
        errorCode: publishJobs.errorCode,
        errorMessage: publishJobs.errorMessage,
      })
      .from(publishJobs)
      .where(eq(publishJobs.batchId, batchId))
      .orderBy(asc(publishJobs.accountId), asc(publishJobs.id));
    return { ...batch, jobs };
  },
};
