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
import { nodeOnlineSql } from '../nodes.repository.js';
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

/**
 * One row, fresh: true when every judged account still holds the judged facts
 * (accounts.repository.ts reads the same columns and the same online and
 * authorized fragments). Capabilities and presets compare as jsonb, so key
 * order does not matter.
 */
function judgedFresh(judged: readonly JudgedAccount[], presetsOf: ContentType | null) {
  return sql`
          select count(*) = ${judged.length}::int as fresh
          from json_to_recordset(${judgedJson(judged)}::text::json) as x(
            id int, uid int, pf text, ex text, nid text, ls text, pr boolean,
            hn boolean, nk text, ns text, nc text, onl boolean, au boolean, cp boolean, ps text)
          join accounts a on a.id = x.id
          left join execution_nodes on execution_nodes.id = a.node_id
          left join account_presets p on p.account_id = a.id and p.content_type = ${presetsOf}::text
          where a.user_id = x.uid and a.removed_at is null and a.platform = x.pf and a.executor = x.ex
            and a.node_id is not distinct from x.nid and a.login_state = x.ls and a.paired = x.pr
            and (execution_nodes.id is not null) = x.hn
            and (execution_nodes.id is null or (execution_nodes.kind = x.nk and execution_nodes.status = x.ns and execution_nodes.capabilities = x.nc::jsonb
              and ${nodeOnlineSql()} = x.onl
              and exists (select 1 from node_users nu where nu.node_id = a.node_id and nu.user_id = a.user_id) = x.au))
            and (not x.cp or p.settings is not distinct from x.ps::jsonb)`;
}

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

/**
 * What a plan read about one account from the accounts cache, as the insert
 * checks it against the database (see insertBatch's `judged`): every column
 * the plan's routing, checks and settings depend on.
 */
export interface JudgedAccount {
  id: number;
  userId: number;
  platform: string;
  executor: string;
  nodeId: string | null;
  loginState: string;
  paired: boolean;
  /** null when the account has no node row. */
  node: { kind: string; status: string; capabilities: unknown; online: boolean; authorized: boolean } | null;
  /** The preset of the plan's content type (null: none); undefined when the plan ignored presets (custom mode). */
  preset: unknown;
}

/** The judged facts as one JSON parameter (short keys, named in JUDGED below). */
function judgedJson(judged: readonly JudgedAccount[]): string {
  return JSON.stringify(
    judged.map((a) => ({
      id: a.id,
      uid: a.userId,
      pf: a.platform,
      ex: a.executor,
      nid: a.nodeId,
      ls: a.loginState,
      pr: a.paired,
      hn: a.node !== null,
      nk: a.node?.kind ?? null,
      ns: a.node?.status ?? null,
      nc: a.node ? JSON.stringify(a.node.capabilities) : null,
      onl: a.node?.online ?? null,
      au: a.node?.authorized ?? null,
      cp: a.preset !== undefined,
      ps: a.preset === undefined || a.preset === null ? null : JSON.stringify(a.preset),
    })),
  );
}

export type InsertOutcome =
  /** Written. */
  | { written: true }
  /** Nothing written: these buckets are short. */
  | { written: false; short: QuotaBucket[] }
  /** Nothing written: an account no longer is as the plan judged it (plan again from the database). */
  | { written: false; stale: true };

export const publishRepository = {
  /**
   * The quota take, the batch, its jobs and the wake-up of each node's
   * replica in one statement, all or nothing: when a bucket is short nothing
   * is written and the short buckets are answered. Being one statement it is
   * atomic without a transaction (publish without an Idempotency-Key runs it
   * alone, sparing the begin and commit round trips); the NOTIFY is delivered
   * when it commits. `notify` picks the nodes to NOTIFY for (default all):
   * the caller skips those its own replica dispatches (dispatch/local-handoff.ts).
   *
   * `judged`: the accounts as a plan read them from the accounts cache. The
   * statement then writes only if the database still holds exactly those
   * facts (the account's routing columns, its node's kind, status,
   * capabilities, online-ness and service of the user, the preset), read in
   * the statement's own snapshot; otherwise it writes nothing and answers
   * stale. This spares publish a read of its own while the cache is current,
   * and narrows the window between judging and writing to one statement.
   */
  async insertBatch(
    db: Db,
    batch: NewBatch,
    jobs: NewJob[],
    quota: Array<{ bucket: QuotaBucket; units: number }>,
    notify: (nodeId: string) => boolean = () => true,
    judged?: { accounts: readonly JudgedAccount[]; presetsOf: ContentType | null },
  ): Promise<InsertOutcome> {
    // Typed in place: inside a SELECT (the insert is conditional) parameters do not take the columns' types.
    const values = jobs.map(
      (j) => sql`(${j.id}::text, ${batch.id}::text, ${batch.userId}::int, ${j.accountId}::int, ${j.platform}::text, ${batch.contentType}::text,
        ${batch.executor}::text, ${j.nodeId}::text, ${j.quotaBucket}::text, 'queued', ${json(j.payload)}, ${json(j.settingsSnapshot)},
        ${j.settingsHash}::text, ${j.settingsContractVersion}::text)`,
    );
    const nodeIds = [...new Set(jobs.flatMap((j) => (j.nodeId ? [j.nodeId] : [])))].filter(notify);
    const [written] = await preparedSql<{ enough: QuotaBucket[]; fresh: boolean }>(
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
        ), fresh as (${judged ? judgedFresh(judged.accounts, judged.presetsOf) : sql`select true as fresh`}
        ), ok as (
          select count(*) filter (where enough) = ${quota.length} and (select fresh from fresh) as ok from locked
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
        select array(select bucket from locked where enough) as enough, (select fresh from fresh) as fresh,
               (select count(pg_notify(${JOBS_CHANNEL}, n)) from unnest(${toTextArray(nodeIds)}::text[]) as n where (select ok from ok)) as notified`,
    );
    if (written && !written.fresh) return { written: false, stale: true };
    const enough = new Set(written?.enough ?? []);
    const short = quota.filter((q) => !enough.has(q.bucket)).map((q) => q.bucket);
    return short.length ? { written: false, short } : { written: true };
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
