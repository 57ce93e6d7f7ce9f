/**
 * CMS jobs' transitions, in the same states and with the same events as
 * dispatch (job-events.ts), but with no node: the web executor in any
 * replica claims a queued CMS job (FOR UPDATE SKIP LOCKED), runs it under a
 * lease it renews, and every later write is fenced by the attempt id, so a
 * worker that lost its lease (the sweep re-queued the job, another replica
 * took it) changes nothing.
 *
 *   queued → running (claimed; prepare steps, safe to repeat)
 *   running → committed (the publish call is about to go out)
 *   committed → succeeded | failed | queued (nothing was sent) | unknown
 *   unknown → succeeded | needs_attention | queued | failed (by lookup)
 *
 * Dispatch's sweep is the backstop for a replica that died: a lapsed
 * `running` lease goes back to the queue, a lapsed `committed` one becomes
 * `unknown` with a verification record, which this executor then looks up
 * (dispatch only looks up jobs of nodes).
 */
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { CHANGED_JOB_COLUMNS, type ChangedJob, jobsChanged } from '../../nodes/job-events.js';

export interface JobRef {
  jobId: string;
  attemptId: string;
}

export interface CmsJob extends JobRef {
  batchId: string;
  userId: number;
  platform: string;
  attempt: number;
  payload: Record<string, unknown>;
  settings: Record<string, unknown>;
  credentialsSealed: string | null;
  accountUsable: boolean;
  /** Why the last publish call was uncertain (kept in feedback, never shown). */
  lastErrorCode: string | null;
}

export interface CmsVerification extends CmsJob {
  /** Lookups that found nothing so far. */
  checks: number;
}

const ms = (n: number) => sql`(${n} * interval '1 millisecond')`;
const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;
const feedback = (step: string, message: string) => sql`feedback = coalesce(j.feedback, '{}'::jsonb) || ${json({ step, message })}`;
const platformIn = (platforms: readonly string[]) => sql`j.platform in (${sql.join(platforms.map((p) => sql`${p}`), sql`, `)})`;

async function jobOf(tx: Db, ref: JobRef): Promise<CmsJob> {
  const [row] = await rows<CmsJob>(
    tx,
    sql`select j.id as "jobId", j.attempt_id as "attemptId", j.batch_id as "batchId", j.user_id as "userId", j.platform, j.attempt,
               j.payload, j.settings_snapshot as settings, a.credentials_sealed as "credentialsSealed",
               (a.id is not null and a.removed_at is null and a.paired) as "accountUsable",
               j.feedback ->> 'lastErrorCode' as "lastErrorCode"
        from publish_jobs j left join accounts a on a.id = j.account_id and a.user_id = j.user_id
        where j.id = ${ref.jobId}`,
  );
  if (!row) throw new Error(`job ${ref.jobId} vanished inside its own transaction`);
  return row;
}

/** After a transition returning the changed rows: the events, batch states and (failures) quota refunds. */
async function transition(tx: Db, changed: ChangedJob[]): Promise<boolean> {
  await jobsChanged(tx, changed);
  return changed.length > 0;
}

export const cmsJobs = {
  /** The oldest due queued CMS job, now `running` under a new attempt; null when none is due. */
  async claim(db: Db, platforms: readonly string[], leaseMs: number): Promise<CmsJob | null> {
    return db.transaction(async (tx) => {
      const changed = await rows<ChangedJob & { attemptId: string }>(
        tx,
        sql`with picked as (
              select j.id from publish_jobs j
              where j.state = 'queued' and j.node_id is null and j.executor = 'web' and ${platformIn(platforms)}
                and (j.lease_until is null or j.lease_until <= now())
              order by j.created_at, j.id
              limit 1
              for update of j skip locked
            )
            update publish_jobs j set updated_at = now(), state = 'running', attempt = j.attempt + 1, attempt_started_at = now(),
              attempt_id = 'att_' || replace(gen_random_uuid()::text, '-', ''), node_epoch = null,
              lease_until = now() + ${ms(leaseMs)},
              feedback = (coalesce(j.feedback, '{}'::jsonb) - 'retry') || ${json({ step: 'connect', message: 'connecting to the site' })}
            from picked where j.id = picked.id
            returning ${CHANGED_JOB_COLUMNS}, j.attempt_id as "attemptId"`,
      );
      const claimed = changed[0];
      if (!claimed) return null;
      await jobsChanged(tx, changed);
      return jobOf(tx, { jobId: claimed.id, attemptId: claimed.attemptId });
    });
  },

  /** Pushes the lease of a running or committed attempt forward; false when the attempt is no longer ours. */
  async renewLease(db: Db, ref: JobRef, leaseMs: number): Promise<boolean> {
    const renewed = await rows<{ id: string }>(
      db,
      sql`update publish_jobs j set lease_until = now() + ${ms(leaseMs)}
          where j.id = ${ref.jobId} and j.attempt_id = ${ref.attemptId} and j.state in ('running', 'committed') and j.lease_until > now()
          returning j.id`,
    );
    return renewed.length > 0;
  },

  /** The gate before the publish call: only the attempt that still holds its lease passes. */
  async commit(db: Db, ref: JobRef, leaseMs: number): Promise<boolean> {
    return db.transaction(async (tx) =>
      transition(
        tx,
        await rows<ChangedJob>(
          tx,
          sql`update publish_jobs j set updated_at = now(), state = 'committed', lease_until = now() + ${ms(leaseMs)},
                ${feedback('publish', 'publishing to the site')}
              where j.id = ${ref.jobId} and j.attempt_id = ${ref.attemptId} and j.state = 'running' and j.lease_until > now()
              returning ${CHANGED_JOB_COLUMNS}`,
        ),
      ),
    );
  },

  async succeed(db: Db, ref: JobRef, post: { postId: string; url: string | null; platformStatus: string; verified: boolean }): Promise<boolean> {
    return db.transaction(async (tx) => {
      const done = await transition(
        tx,
        await rows<ChangedJob>(
          tx,
          sql`update publish_jobs j set updated_at = now(), state = 'succeeded', platform_status = ${post.platformStatus},
                platform_post_id = ${post.postId}, platform_url = ${post.url},
                verified_at = ${post.verified ? sql`now()` : sql`j.verified_at`},
                ${feedback('publish', post.verified ? 'published (found on the site after an uncertain answer)' : 'published')},
                error_code = null, error_message = null, lease_until = null
              where j.id = ${ref.jobId} and j.attempt_id = ${ref.attemptId} and j.state in ('running', 'committed', 'unknown')
              returning ${CHANGED_JOB_COLUMNS}`,
        ),
      );
      if (done) await resolveVerification(tx, ref, 'found');
      return done;
    });
  },

  /** A permanent failure: the job ends failed and its quota unit goes back. */
  async fail(db: Db, ref: JobRef, f: { code: string; message: string; step: string }): Promise<boolean> {
    return db.transaction(async (tx) => {
      const done = await transition(
        tx,
        await rows<ChangedJob>(
          tx,
          sql`update publish_jobs j set updated_at = now(), state = 'failed', error_code = ${f.code}, error_message = ${f.message},
                ${feedback(f.step, f.message)}, lease_until = null
              where j.id = ${ref.jobId} and j.attempt_id = ${ref.attemptId} and j.state in ('running', 'committed', 'unknown')
              returning ${CHANGED_JOB_COLUMNS}`,
        ),
      );
      if (done) await resolveVerification(tx, ref, 'failed');
      return done;
    });
  },

  /**
   * Nothing was published by this attempt: queued again after `backoffMs`
   * (lease_until doubles as "not before" while queued, as in dispatch), or
   * failed with `code` once `maxAttempts` attempts were spent. A job queued
   * again keeps why in feedback's `retry` (the attempt that failed, its code
   * and message) until its next claim: the job answer's `retry`, with
   * lease_until as its next attempt time.
   */
  async retry(db: Db, ref: JobRef, r: { code: string; message: string; backoffMs: number; maxAttempts: number; from: 'running' | 'committed' | 'unknown' }): Promise<'queued' | 'failed' | null> {
    return db.transaction(async (tx) => {
      const gaveUp = `${r.message} (gave up after ${r.maxAttempts} attempts)`;
      const waiting = r.backoffMs >= 1000 ? `${r.message}; trying again in ${Math.round(r.backoffMs / 1000)} s` : `${r.message}; trying again`;
      const changed = await rows<ChangedJob>(
        tx,
        sql`update publish_jobs j set updated_at = now(),
              state = case when j.attempt >= ${r.maxAttempts} then 'failed' else 'queued' end,
              error_code = case when j.attempt >= ${r.maxAttempts} then ${r.code} else j.error_code end,
              error_message = case when j.attempt >= ${r.maxAttempts} then ${gaveUp} else j.error_message end,
              lease_until = case when j.attempt >= ${r.maxAttempts} then null else now() + ${ms(r.backoffMs)} end,
              platform_status = null, attempt_started_at = null,
              feedback = (coalesce(j.feedback, '{}'::jsonb) - 'retry') || jsonb_build_object('step', 'retry', 'message',
                case when j.attempt >= ${r.maxAttempts} then ${gaveUp}::text else ${waiting}::text end)
                || case when j.attempt >= ${r.maxAttempts} then '{}'::jsonb
                   else jsonb_build_object('retry', jsonb_build_object('attempt', j.attempt, 'code', ${r.code}::text, 'message', ${r.message}::text)) end
            where j.id = ${ref.jobId} and j.attempt_id = ${ref.attemptId} and j.state = ${r.from}
            returning ${CHANGED_JOB_COLUMNS}`,
      );
      await transition(tx, changed);
      if (changed[0]) await resolveVerification(tx, ref, 'not_found');
      return (changed[0]?.state as 'queued' | 'failed' | undefined) ?? null;
    });
  },

  /**
   * The publish call may have reached the site: never re-sent blindly. The
   * job waits `checkAfterMs`, then lookups (`lookups` of them, `intervalMs`
   * apart) decide: found → succeeded, not found → retried.
   */
  async markUnknown(db: Db, ref: JobRef, u: { code: string; message: string; checkAfterMs: number; lookups: number; totalLookups: number }): Promise<boolean> {
    return db.transaction(async (tx) => {
      const changed = await rows<ChangedJob>(
        tx,
        sql`update publish_jobs j set updated_at = now(), state = 'unknown', platform_status = 'unverified', lease_until = null,
              feedback = coalesce(j.feedback, '{}'::jsonb)
                || ${json({ step: 'verify', message: `${u.message}; looking the post up on the site before any retry`, lastErrorCode: u.code })}
            where j.id = ${ref.jobId} and j.attempt_id = ${ref.attemptId} and j.state = 'committed'
            returning ${CHANGED_JOB_COLUMNS}`,
      );
      if (changed.length) {
        await tx.execute(sql`insert into job_verifications (job_id, attempt_id, checks, next_check_at)
          values (${ref.jobId}, ${ref.attemptId}, ${Math.max(0, u.totalLookups - u.lookups)}, now() + ${ms(u.checkAfterMs)})
          on conflict do nothing`);
      }
      return transition(tx, changed);
    });
  },

  /**
   * An unknown CMS job whose next lookup is due, reserved for `reserveMs`
   * (another replica does not look it up meanwhile).
   */
  async claimVerification(db: Db, platforms: readonly string[], reserveMs: number): Promise<CmsVerification | null> {
    return db.transaction(async (tx) => {
      const [due] = await rows<{ jobId: string; attemptId: string; checks: number }>(
        tx,
        sql`with d as (
              select v.job_id, v.attempt_id from job_verifications v
              join publish_jobs j on j.id = v.job_id and j.attempt_id = v.attempt_id
              where v.resolved_at is null and v.next_check_at <= now()
                and j.state = 'unknown' and j.node_id is null and j.executor = 'web' and ${platformIn(platforms)}
              order by v.next_check_at
              limit 1
              for update of v skip locked
            )
            update job_verifications v set last_sent_at = now(), next_check_at = now() + ${ms(reserveMs)}
            from d where v.job_id = d.job_id and v.attempt_id = d.attempt_id
            returning v.job_id as "jobId", v.attempt_id as "attemptId", v.checks`,
      );
      if (!due) return null;
      return { ...(await jobOf(tx, due)), checks: due.checks };
    });
  },

  /** Several posts carry the job's marker: which is this job's is a person's call, and publishing again is not. */
  async ambiguous(db: Db, ref: JobRef, found: Array<{ postId: string; url: string | null }>): Promise<boolean> {
    return db.transaction(async (tx) => {
      const message = `${found.length} posts on the site carry this job's marker (ids ${found.map((f) => f.postId).join(', ')}); check which one to keep`;
      const done = await transition(
        tx,
        await rows<ChangedJob>(
          tx,
          sql`update publish_jobs j set updated_at = now(), state = 'needs_attention', error_code = 'ambiguous_verification',
                error_message = ${message}, platform_post_id = ${found[0]?.postId ?? null}, platform_url = ${found[0]?.url ?? null},
                ${feedback('verify', message)}, lease_until = null
              where j.id = ${ref.jobId} and j.attempt_id = ${ref.attemptId} and j.state = 'unknown'
              returning ${CHANGED_JOB_COLUMNS}`,
        ),
      );
      if (done) await resolveVerification(tx, ref, 'ambiguous');
      return done;
    });
  },

  /** A lookup found nothing: counted; the next one is due after `intervalMs`. */
  async countLookup(db: Db, ref: JobRef, checks: number, intervalMs: number): Promise<void> {
    await db.execute(sql`update job_verifications set checks = ${checks}, next_check_at = now() + ${ms(intervalMs)}
                         where job_id = ${ref.jobId} and attempt_id = ${ref.attemptId} and resolved_at is null`);
  },

  /** A lookup could not be made (site down): the next one is due after `intervalMs`, uncounted. */
  async postponeLookup(db: Db, ref: JobRef, intervalMs: number): Promise<void> {
    await db.execute(sql`update job_verifications set next_check_at = now() + ${ms(intervalMs)}
                         where job_id = ${ref.jobId} and attempt_id = ${ref.attemptId} and resolved_at is null`);
  },

  /** Shutdown before the publish call: back to the queue at once, the attempt uncounted. */
  async release(db: Db, ref: JobRef): Promise<boolean> {
    return db.transaction(async (tx) =>
      transition(
        tx,
        await rows<ChangedJob>(
          tx,
          sql`update publish_jobs j set updated_at = now(), state = 'queued', attempt = greatest(j.attempt - 1, 0), attempt_started_at = null, lease_until = null,
                ${feedback('queued', 'waiting for the web executor')}
              where j.id = ${ref.jobId} and j.attempt_id = ${ref.attemptId} and j.state = 'running'
              returning ${CHANGED_JOB_COLUMNS}`,
        ),
      ),
    );
  },
};

async function resolveVerification(tx: Db, ref: JobRef, resolution: string): Promise<void> {
  await tx.execute(sql`update job_verifications set resolved_at = now(), resolution = ${resolution}
                       where job_id = ${ref.jobId} and resolved_at is null`);
}
