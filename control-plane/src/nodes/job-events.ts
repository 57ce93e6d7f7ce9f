/**
 * What follows a job transition in the same commit: integrators hear about
 * it (webhook outbox, so the event exists exactly when the change committed),
 * in the public job and batch states of GET /publish/{batch_id}, and a job
 * that ends failed with nothing published gives its quota unit back.
 *
 * Written as CTEs (jobsChangedCtes) that follow the transition's own
 * `update … returning` in one statement: the hot transitions (running,
 * result) are then a single round trip with no transaction around them, and
 * the others (sweeps, rejects, verifications) add one statement to theirs.
 * The states are derived in SQL exactly as batch-view.ts derives them for
 * GET /publish/{batch_id}; job-events.int.test.ts holds the two to each other
 * over every combination of job states.
 */
import { sql } from 'drizzle-orm';
import { type Db, preparedSql, textWithParams } from '../db/client.js';
import { jobsFinished } from '../metrics/instruments.js';

export interface ChangedJob {
  id: string;
  batchId: string;
  userId: number;
  nodeId: string | null;
  state: string;
  platformPostId?: string | null;
  platformUrl?: string | null;
  errorCode?: string | null;
  /** For plume_jobs_finished_total. */
  platform?: string;
  executor?: string;
}

/**
 * A running job whose node waits on a person (publishing/challenges/) is `awaiting_input` to
 * everyone outside dispatch: its challenge names the attempt that is running. (publish_jobs aliased `j`.)
 */
export const AWAITING_INPUT_SQL = `(j.state = 'running' and coalesce(j.challenge ->> 'attemptId' = j.attempt_id, false))`;

/** SQL returning list for ChangedJob (publish_jobs aliased `j`); `state` is awaiting_input while the job waits on a person. */
export const CHANGED_JOB_COLUMNS_TEXT = `j.id, j.batch_id as "batchId", j.user_id as "userId", j.node_id as "nodeId",
  case when ${AWAITING_INPUT_SQL} then 'awaiting_input' else j.state end as state, j.platform_post_id as "platformPostId", j.platform_url as "platformUrl", j.error_code as "errorCode", j.platform, j.executor`;
export const CHANGED_JOB_COLUMNS = sql.raw(CHANGED_JOB_COLUMNS_TEXT);

/**
 * A job queued again after a failed attempt and waiting for the next one, as
 * batch-answer.ts retryAnswer decides it (the executor keeps the failure in
 * feedback's `retry` until it claims the job again; lease_until is the next
 * attempt's "not before"). On `changed` c and publish_jobs pj as that CTE
 * reads it: the retry transition writes its events in a later statement.
 */
const RETRY_WAIT_SQL = `(c.state = 'queued' and pj.state = 'queued' and pj.lease_until is not null
          and pj.feedback -> 'retry' -> 'attempt' = to_jsonb(pj.attempt))`;

/** batch-view.ts publicJobState, in SQL. */
const PUBLIC_STATE = (state: string) => `case
      when ${state} = 'scheduled' then 'scheduled'
      when ${state} in ('queued', 'offered', 'accepted') then 'queued'
      when ${state} in ('running', 'committed') then 'running'
      when ${state} = 'unknown' then 'verifying'
      else ${state} end`;

/** A timestamptz as the API writes times (toISOString: UTC, milliseconds); null stays null. */
const ISO_UTC = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * CTEs to append (after a comma) to a statement with a CTE `changed`: the jobs
 * a transition changed, with CHANGED_JOB_COLUMNS' names, as they are now.
 *
 * - jc_batches: every job state of the changed jobs' batches, the changed
 *   ones as `changed` says (the statement's other CTEs do not see its own
 *   update), reduced to the batch state (batch-view.ts batchState).
 * - jc_locked: those batch rows locked in id order, so two transactions
 *   never lock two batches in opposite orders; with the X-Request-Id of the
 *   publish that created each, which every event carries as request_id.
 * - jc_batch: the batches whose state changed, updated.
 * - jc_hook: one webhook row per event, only for users with a webhook URL:
 *   a job event per changed job (offered, accepted and committed are
 *   internal steps integrators do not see as a change), with its publish_at
 *   and publish_deadline when it has them, and its retry while it waits to
 *   retry (as the row was before this statement: a move or a retry writes
 *   its events in a statement after its own),
 *   then a batch event
 *   per changed batch, timestamped a microsecond apart in that order (the
 *   clock alone can be coarser: PGlite reads one time for a whole statement).
 * - jc_refund, jc_quota_locked, jc_quota: a job that is now `failed` or
 *   `canceled` (only a scheduled job is ever canceled) without a platform post (a failure means nothing was published; a click that
 *   may have happened is `unknown`, never `failed`) gives its unit back to
 *   its bucket. quota_refunds' primary key makes that once per job, whatever
 *   path, replica or repeated report fails it; the unit returns in the very
 *   statement that records the failure, so neither exists without the other.
 *   Bucket rows are locked in key order, as batches are.
 */
export const JOBS_CHANGED_CTES = `jc_states as (
    select j.batch_id, ${PUBLIC_STATE('coalesce(c.state, j.state)')} as state
    from publish_jobs j left join changed c on c.id = j.id
    where j.batch_id in (select "batchId" from changed)
  ), jc_batches as (
    select batch_id,
      case
        when bool_and(state in ('succeeded', 'failed', 'canceled')) then
          case when bool_and(state = 'succeeded') then 'succeeded' when bool_and(state = 'canceled') then 'canceled'
               when bool_or(state = 'succeeded') then 'partial' else 'failed' end
        when bool_and(state in ('scheduled', 'canceled')) then 'scheduled'
        when bool_and(state in ('queued', 'scheduled')) then 'queued'
        else 'running' end as state
    from jc_states group by batch_id
  ), jc_locked as materialized (
    select b.id, b.request_id from publish_batches b where b.id in (select batch_id from jc_batches) order by b.id for update
  ), jc_batch as (
    update publish_batches b set state = x.state, updated_at = now()
    from jc_batches x join jc_locked l on l.id = x.batch_id
    where b.id = x.batch_id and b.state is distinct from x.state
    returning b.id, b.user_id, b.state, b.request_id
  ), jc_events as (
    select c."userId" as user_id, 'publish.job.updated' as event_type, 0 as kind, c.id as ord,
      jsonb_strip_nulls(jsonb_build_object('batch_id', c."batchId", 'job_id', c.id, 'state', ${PUBLIC_STATE('c.state')},
        'platform_post_id', nullif(c."platformPostId", ''), 'platform_url', nullif(c."platformUrl", ''), 'error_code', nullif(c."errorCode", ''),
        'request_id', l.request_id, 'publish_at', ${ISO_UTC('pj.publish_at')}, 'publish_deadline', ${ISO_UTC('pj.publish_deadline')},
        'challenge', case when c.state = 'awaiting_input' then jsonb_build_object('kind', pj.challenge ->> 'kind', 'step', pj.challenge ->> 'step',
          'message', pj.challenge ->> 'message', 'asked_at', pj.challenge ->> 'askedAt', 'deadline', ${ISO_UTC('pj.input_deadline')}) end,
        'retry', case when ${RETRY_WAIT_SQL} then jsonb_build_object('attempt', pj.attempt, 'error_code', pj.feedback -> 'retry' ->> 'code',
          'next_attempt_at', ${ISO_UTC('pj.lease_until')}) end)) as payload
    from changed c join jc_locked l on l.id = c."batchId" left join publish_jobs pj on pj.id = c.id
    where c.state not in ('offered', 'accepted', 'committed')
    union all
    select b.user_id, 'publish.batch.updated', 1, b.id, jsonb_build_object('batch_id', b.id, 'state', b.state, 'request_id', b.request_id) from jc_batch b
  ), jc_hook as (
    insert into webhook_deliveries (id, user_id, event_type, payload, created_at, next_attempt_at)
    select 'evt_' || rtrim(translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '='),
           e.user_id, e.event_type, e.payload, e.at, e.at
    from (select e.*, clock_timestamp() + (row_number() over (order by e.kind, e.ord) - 1) * interval '1 microsecond' as at
          from jc_events e join users u on u.id = e.user_id and u.webhook_url is not null) e
  ), jc_refund as (
    insert into quota_refunds (job_id, user_id, bucket)
    select c.id, c."userId", q.quota_bucket from changed c join publish_jobs q on q.id = c.id
    where c.state in ('failed', 'canceled') and nullif(c."platformPostId", '') is null
    on conflict (job_id) do nothing
    returning user_id, bucket
  ), jc_quota_locked as materialized (
    select b.user_id, b.bucket from quota_buckets b
    where (b.user_id, b.bucket) in (select user_id, bucket from jc_refund)
    order by b.user_id, b.bucket for update
  ), jc_quota as (
    update quota_buckets b set used = greatest(0, b.used - r.units)
    from (select user_id, bucket, count(*)::int as units from jc_refund group by user_id, bucket) r
    join jc_quota_locked l on l.user_id = r.user_id and l.bucket = r.bucket
    where b.user_id = r.user_id and b.bucket = r.bucket
  )`;

/** For jobs changed by earlier statements of the same transaction: one statement. */
const JOBS_CHANGED = `with changed as (
    select * from json_to_recordset($1::text::json) as x(
      id text, "batchId" text, "userId" int, "nodeId" text, state text, "platformPostId" text, "platformUrl" text, "errorCode" text)
  ), ${JOBS_CHANGED_CTES}
  select 1 as done`;

/**
 * The states a job ends in. needs_attention is not one: a person resolves it
 * (jobs-admin.repository.ts) to one of these, and it is counted then, once.
 */
const OUTCOMES: ReadonlySet<string> = new Set(['succeeded', 'failed', 'canceled']);

/**
 * Counts the outcomes among changed jobs (plume_jobs_finished_total). Every
 * transition that settles a job passes here once, on the replica that made
 * it. Called once the statement that writes its events has succeeded; a
 * commit that still fails after it (a connection lost at that instant)
 * over-counts those jobs, which a counter cannot take back.
 */
export function countOutcomes(jobs: ReadonlyArray<Pick<ChangedJob, 'state' | 'platform' | 'executor'>>): void {
  for (const j of jobs) {
    if (OUTCOMES.has(j.state)) jobsFinished.inc({ platform: j.platform ?? 'unknown', executor: j.executor ?? 'unknown', outcome: j.state });
  }
}

/** The events and batch states of jobs a transaction changed (call inside it, after the change). */
export async function jobsChanged(tx: Db, jobs: ChangedJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await preparedSql(tx, textWithParams(JOBS_CHANGED, [JSON.stringify(jobs)]));
  countOutcomes(jobs);
}
