/**
 * Scheduled jobs (publishAt): held in PostgreSQL as `scheduled` with their
 * due time (publish_at) and the end of their window (publish_deadline), so
 * every replica sees the same schedule and none holds it only in memory.
 *
 * Every change here is a row-level transition on the job's current state,
 * like the dispatcher's claim: when a cancel (or move) and the release of a
 * due job, or the claim that offers it, go for the same row at once, the
 * row lock orders them and the second finds the state it expected gone
 * (SKIP LOCKED for the release; a re-checked WHERE for cancel and move), so
 * a job is never both canceled and started. Each transition writes its job
 * events, batch state and refunds with it (nodes/job-events.ts): a canceled
 * or missed job gives its quota unit back exactly once.
 */
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { CHANGED_JOB_COLUMNS, type ChangedJob, JOBS_CHANGED_CTES, jobsChanged } from '../../nodes/job-events.js';
import { JOBS_CHANNEL } from '../../nodes/node-registry.repository.js';

export const SCHEDULE_MISSED = 'schedule_missed';
const MISSED_MESSAGE = 'not started within its publish window (publishAt + publishWindow): the executor was not there; nothing was published and the quota unit was given back';

/** Which jobs of a batch a cancel or move is about: all of them, or one. */
export interface ScheduleTarget {
  userId: number;
  batchId: string;
  jobId?: string;
}

/**
 * Jobs a cancel or move may change: created with a publishAt and not yet
 * offered (scheduled, or due and waiting for their executor). An offer is
 * the start: from then on the node may be running it.
 */
const CHANGEABLE = sql.raw(`j.state in ('scheduled', 'queued') and j.publish_at is not null`);

const targetOf = (t: ScheduleTarget) => sql`j.batch_id = ${t.batchId} and j.user_id = ${t.userId}${t.jobId === undefined ? sql`` : sql` and j.id = ${t.jobId}`}`;

export const scheduleRepository = {
  /** Milliseconds (database clock) until the earliest scheduled job is due; null when none is (index publish_jobs_scheduled). */
  async nextDueInMs(db: Db): Promise<number | null> {
    const [row] = await rows<{ ms: string | null }>(
      db,
      sql`select (extract(epoch from (min(publish_at) - now())) * 1000)::bigint::text as ms from publish_jobs where state = 'scheduled'`,
    );
    return row?.ms == null ? null : Number(row.ms);
  },

  /**
   * Up to `limit` due scheduled jobs become `queued` (or `failed`
   * schedule_missed if their window already ended, as after an outage of
   * every replica), oldest due first, in one statement with their events;
   * the replicas holding their nodes are woken on plume_jobs at commit.
   * SKIP LOCKED: replicas releasing at once split the rows, and a row a
   * cancel holds is left to it.
   */
  async releaseDue(db: Db, limit: number): Promise<ChangedJob[]> {
    return rows<ChangedJob>(
      db,
      sql`with due as (
            select j.id from publish_jobs j
            where j.state = 'scheduled' and j.publish_at <= now()
            order by j.publish_at, j.id
            limit ${limit}
            for update of j skip locked
          ), u as (
            update publish_jobs j set updated_at = now(), lease_until = null,
              state = case when j.publish_deadline <= now() then 'failed' else 'queued' end,
              error_code = case when j.publish_deadline <= now() then ${SCHEDULE_MISSED} else j.error_code end,
              error_message = case when j.publish_deadline <= now() then ${MISSED_MESSAGE} else j.error_message end,
              feedback = case when j.publish_deadline <= now() then j.feedback
                else coalesce(j.feedback, '{}'::jsonb) || jsonb_build_object('step', 'queued', 'message', 'due: waiting for its executor') end
            from due where j.id = due.id
            returning j.*
          ), changed as (
            select ${CHANGED_JOB_COLUMNS} from u j
          ), ${sql.raw(JOBS_CHANGED_CTES)}, woken as (
            select count(pg_notify(${JOBS_CHANNEL}, n.node_id)) as c
            from (select distinct node_id from u where node_id is not null and state = 'queued') n
          )
          select c.* from changed c cross join woken`,
    );
  },

  /**
   * Due jobs still waiting for their executor when their window ended fail
   * schedule_missed and give their unit back. Only jobs that never started
   * (no charged attempt): one that started in time and lost its node before
   * the publish step is retried as any job is (index publish_jobs_window).
   */
  async failMissed(db: Db, limit: number): Promise<ChangedJob[]> {
    return rows<ChangedJob>(
      db,
      sql`with missed as (
            select j.id from publish_jobs j
            where j.state = 'queued' and j.publish_deadline is not null and j.publish_deadline <= now()
              and j.attempt = 0 and j.attempt_started_at is null
            order by j.publish_deadline, j.id
            limit ${limit}
            for update of j skip locked
          ), u as (
            update publish_jobs j set updated_at = now(), state = 'failed', error_code = ${SCHEDULE_MISSED}, error_message = ${MISSED_MESSAGE},
              lease_until = null
            from missed where j.id = missed.id
            returning j.*
          ), changed as (
            select ${CHANGED_JOB_COLUMNS} from u j
          ), ${sql.raw(JOBS_CHANGED_CTES)}
          select c.* from changed c`,
    );
  },

  /** Cancels the target's jobs that have not started; returns those it canceled now. */
  async cancel(db: Db, t: ScheduleTarget): Promise<ChangedJob[]> {
    return db.transaction(async (tx) => {
      const changed = await rows<ChangedJob>(
        tx,
        sql`update publish_jobs j set updated_at = now(), state = 'canceled', lease_until = null,
              feedback = coalesce(j.feedback, '{}'::jsonb) || jsonb_build_object('step', 'canceled', 'message', 'canceled before it started')
            where ${targetOf(t)} and ${CHANGEABLE}
            returning ${CHANGED_JOB_COLUMNS}`,
      );
      await jobsChanged(tx, changed);
      return changed;
    });
  },

  /**
   * Moves the target's jobs that have not started to `publishAt` (a due job
   * waiting for its executor becomes scheduled again). The window is
   * `windowS` when given, else the job's own. A job already scheduled at
   * that time with that window is left as it is (a repeated move changes
   * nothing and sends no event). Returns the jobs it moved now; their events
   * are written by a second statement, which reads the new times.
   */
  async move(db: Db, t: ScheduleTarget, publishAt: Date, windowS: number | undefined): Promise<ChangedJob[]> {
    const at = publishAt.toISOString();
    const deadline = windowS === undefined ? sql`${at}::timestamptz + (j.publish_deadline - j.publish_at)` : sql`${at}::timestamptz + ${windowS} * interval '1 second'`;
    return db.transaction(async (tx) => {
      const changed = await rows<ChangedJob>(
        tx,
        sql`update publish_jobs j set updated_at = now(), state = 'scheduled', lease_until = null,
              publish_at = ${at}::timestamptz, publish_deadline = ${deadline},
              feedback = coalesce(j.feedback, '{}'::jsonb) || jsonb_build_object('step', 'scheduled', 'message', 'waiting for its publish time')
            where ${targetOf(t)} and ${CHANGEABLE}
              and not (j.state = 'scheduled' and j.publish_at = ${at}::timestamptz and j.publish_deadline = ${deadline})
            returning ${CHANGED_JOB_COLUMNS}`,
      );
      await jobsChanged(tx, changed);
      return changed;
    });
  },
};
