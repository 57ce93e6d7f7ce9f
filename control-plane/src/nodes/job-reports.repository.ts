/**
 * What a node reports about an attempt: progress, the result, the answer to
 * a verification. Idempotent by attempt id (a repeat from the outbox changes
 * nothing) and fenced by the node's current session epoch; the answer says
 * whether the report may be acknowledged.
 */
import type { AccountSignal } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { type Db, preparedSql, rows, textWithParams } from '../db/client.js';
import { type AttemptRef, attemptRefs, CHARGE_STARTED, CHARGE_STARTED_TEXT, type Fence, fenced, ms, requeueOrFail } from './dispatch-jobs.repository.js';
import { CHANGED_JOB_COLUMNS, CHANGED_JOB_COLUMNS_TEXT, type ChangedJob, countOutcomes, JOBS_CHANGED_CTES, jobsChanged } from './job-events.js';

export const jobReports = {
  /**
   * Latest progress wins (by seq, which restarts with each attempt: the
   * attempt's first report always lands). The batch view shows feedback.step
   * and feedback.message (redacted there); the numbers stay in
   * feedback.progress. The first report of an attempt is the node saying it
   * actually started it: the attempt is charged then (CHARGE_STARTED).
   */
  async progress(db: Db, ref: AttemptRef, p: { seq: number; step: string; bytesSent?: number; bytesTotal?: number }): Promise<void> {
    const progress = {
      step: p.step,
      seq: p.seq,
      ...(p.bytesSent !== undefined ? { bytesSent: p.bytesSent } : {}),
      ...(p.bytesTotal !== undefined ? { bytesTotal: p.bytesTotal } : {}),
      at: new Date().toISOString(),
    };
    const message = p.bytesTotal ? `${p.step}: ${p.bytesSent ?? 0} of ${p.bytesTotal} bytes` : p.step;
    const value = JSON.stringify({ step: p.step, message, progress });
    await db.execute(sql`
      update publish_jobs j set updated_at = now(), feedback = coalesce(j.feedback, '{}'::jsonb) || ${value}::jsonb, ${CHARGE_STARTED}
      from execution_nodes n
      where ${fenced(ref)} and j.state in ('accepted', 'running', 'committed')
        and (j.attempt_started_at is null or coalesce((j.feedback -> 'progress' ->> 'seq')::int, -1) < ${p.seq})`);
  },

  /**
   * The node's report of an attempt. Idempotent: a repeat finds the job already
   * settled and changes nothing. A failure whose click may have happened
   * (`readback_failed`, after commit) is not a failure: the job becomes unknown.
   */
  async result(db: Db, ref: AttemptRef, r: ResultReport): Promise<Applied> {
    const [one] = await jobReports.resultMany(db, [{ ref, r }]);
    return one!;
  },

  /**
   * Many results in one transaction: the fenced rows locked in one read (in id
   * order, so two batches never deadlock), successes and failures each
   * written by one statement, one set of job-event writes. One answer per
   * item, in order. A repeat of an item already in the batch is moot.
   */
  async resultMany(db: Db, items: Array<{ ref: AttemptRef; r: ResultReport }>): Promise<Applied[]> {
    if (items.length === 0) return [];
    // The usual reports (a success, or a failure that is not a readback) carry nothing but columns: one statement.
    if (items.every(({ r }) => !r.evidence && !r.signals?.length && r.error?.code !== 'readback_failed')) return plainResults(db, items);
    return db.transaction(async (tx) => {
      const current = await preparedSql<{ jobId: string; attemptId: string; state: string; verifying: boolean }>(
        tx,
        sql`with a as (${attemptRefs(items.map((i) => i.ref))})
            select j.id as "jobId", j.attempt_id as "attemptId", j.state,
                   exists (select 1 from job_verifications v where v.job_id = j.id and v.resolved_at is null) as verifying
            from publish_jobs j join a on j.id = a.job_id and j.attempt_id = a.attempt_id and j.node_id = a.node_id
            join execution_nodes n on n.id = a.node_id and n.session_epoch = a.epoch
            where j.state in ('accepted', 'running', 'committed', 'unknown')
            order by j.id for update of j`,
      );
      const stateOf = new Map(current.map((c) => [`${c.jobId} ${c.attemptId}`, c.state]));
      // Only a job that went through `unknown` has a verification to close (read under the row lock
      // taken here, which markUnknown needs too): most results skip that update.
      const verifying = new Set(current.filter((c) => c.verifying).map((c) => c.jobId));
      const answers: Array<Applied | undefined> = items.map(() => undefined);
      const succeeded: Array<{ jobId: string; postId: string | null; url: string | null }> = [];
      const failed: Array<{ jobId: string; code: string; message: string; feedback: string }> = [];
      const changed: ChangedJob[] = [];
      const closeVerifications: string[] = [];
      const unplaced: number[] = [];
      const signals: Array<{ job_id: string; kind: string; detail: Record<string, string> }> = [];
      for (const [i, { ref, r }] of items.entries()) {
        const key = `${ref.jobId} ${ref.attemptId}`;
        const state = stateOf.get(key);
        if (state === undefined) {
          unplaced.push(i);
          continue;
        }
        stateOf.delete(key);
        answers[i] = 'applied';
        for (const g of r.signals ?? []) signals.push({ job_id: ref.jobId, kind: g.kind, detail: { job_id: ref.jobId, where: g.where, sign: g.sign, text: g.text } });
        if (r.outcome === 'succeeded') {
          succeeded.push({ jobId: ref.jobId, postId: r.postId ?? null, url: r.url ?? null });
          if (verifying.has(ref.jobId)) closeVerifications.push(ref.jobId);
        } else if (r.error?.code === 'readback_failed' && (state === 'committed' || state === 'unknown')) {
          changed.push(...(await markUnknown(tx, ref.jobId, ref.attemptId)));
        } else {
          const message = r.error?.message ?? 'the node reported a failure without details';
          failed.push({
            jobId: ref.jobId,
            code: r.error?.code ?? 'failed',
            message,
            feedback: JSON.stringify({ step: r.error?.step ?? null, message: r.error?.message ?? 'failed' }),
          });
          if (verifying.has(ref.jobId)) closeVerifications.push(ref.jobId);
        }
        if (r.evidence) {
          await tx.execute(sql`insert into job_evidence (job_id, attempt_id, node_id, step, error_code, screenshot_png, html)
            values (${ref.jobId}, ${ref.attemptId}, ${ref.nodeId}, ${r.evidence.step}, ${r.error?.code ?? null},
                    ${r.evidence.screenshotPng ?? null}, ${r.evidence.html ?? null})`);
        }
      }
      if (succeeded.length) {
        changed.push(
          ...(await preparedSql<ChangedJob>(
            tx,
            sql`update publish_jobs j set updated_at = now(), state = 'succeeded', platform_status = 'published', ${CHARGE_STARTED},
                  platform_post_id = x.post_id, platform_url = x.url,
                  feedback = coalesce(j.feedback, '{}'::jsonb) || '{"step":"publish","message":"published"}'::jsonb,
                  verified_at = case when j.state = 'unknown' then now() else j.verified_at end,
                  error_code = null, error_message = null, lease_until = null
                from unnest(${textArray(succeeded.map((x) => x.jobId))}::text[], ${textArray(succeeded.map((x) => x.postId))}::text[],
                            ${textArray(succeeded.map((x) => x.url))}::text[]) as x(id, post_id, url)
                where j.id = x.id
                returning ${CHANGED_JOB_COLUMNS}`,
          )),
        );
      }
      if (failed.length) {
        changed.push(
          ...(await preparedSql<ChangedJob>(
            tx,
            sql`update publish_jobs j set updated_at = now(), state = 'failed', error_code = x.code, error_message = x.message, ${CHARGE_STARTED},
                  feedback = coalesce(j.feedback, '{}'::jsonb) || x.feedback::jsonb, lease_until = null
                from unnest(${textArray(failed.map((x) => x.jobId))}::text[], ${textArray(failed.map((x) => x.code))}::text[],
                            ${textArray(failed.map((x) => x.message))}::text[], ${textArray(failed.map((x) => x.feedback))}::text[]) as x(id, code, message, feedback)
                where j.id = x.id
                returning ${CHANGED_JOB_COLUMNS}`,
          )),
        );
      }
      if (closeVerifications.length) {
        await tx.execute(sql`update job_verifications set resolved_at = now(), resolution = 'result'
                             where job_id = any(${textArray(closeVerifications)}::text[]) and resolved_at is null`);
      }
      if (signals.length) {
        // The account's standing as the node saw it: health signals of the job's account (their insert wakes the evaluation).
        // Only with an applied result: a repeat from the outbox is moot and counts nothing twice.
        await tx.execute(sql`insert into account_health_signals (account_id, kind, source, detail)
          select j.account_id, x.kind, 'node', x.detail
          from json_to_recordset(${JSON.stringify(signals)}::json) as x(job_id text, kind text, detail jsonb)
          join publish_jobs j on j.id = x.job_id where j.account_id is not null`);
      }
      await jobsChanged(tx, changed);
      if (unplaced.length) {
        // Nothing to change: a repeat or a superseded attempt (moot), or a report on a stale connection.
        const nodeIds = [...new Set(unplaced.map((i) => items[i]!.ref.nodeId))];
        const epochs = await preparedSql<{ id: string; epoch: number }>(
          tx,
          sql`select id, session_epoch::int as epoch from execution_nodes where id = any(${textArray(nodeIds)}::text[])`,
        );
        const epochOf = new Map(epochs.map((e) => [e.id, Number(e.epoch)]));
        for (const i of unplaced) answers[i] = epochOf.get(items[i]!.ref.nodeId) === items[i]!.ref.epoch ? 'moot' : 'stale';
      }
      return answers as Applied[];
    });
  },

  /**
   * A read-only lookup's answer for a job whose outcome is unknown. Found:
   * succeeded. Not found: counted; after `checks` lookups at least the
   * interval apart the click did not happen, so the job is queued again.
   */
  async verifyResult(
    db: Db,
    ref: AttemptRef,
    v: { found: boolean; postId?: string; url?: string; candidates?: number },
    policy: { checks: number; intervalMs: number; maxAttempts: number },
  ): Promise<'succeeded' | 'needs_attention' | 'requeued' | 'pending' | 'moot' | 'stale'> {
    return db.transaction(async (tx) => {
      const [current] = await rows<{ checks: number }>(
        tx,
        sql`select coalesce(v.checks, 0) as checks
            from publish_jobs j join execution_nodes n on true
            left join job_verifications v on v.job_id = j.id and v.attempt_id = j.attempt_id
            where ${fenced(ref)} and j.state = 'unknown' for update of j`,
      );
      if (!current) return (await sessionIsCurrent(tx, ref)) ? 'moot' : 'stale';
      if (v.found && (v.candidates ?? 1) > 1) {
        // Several posts match: which one is this job's is a person's call, and publishing again is not.
        const changed = await rows<ChangedJob>(
          tx,
          sql`update publish_jobs j set updated_at = now(), state = 'needs_attention', error_code = 'ambiguous_verification',
                error_message = ${`${v.candidates} posts on the platform match this job; check which one is it`},
                platform_post_id = ${v.postId ?? null}, platform_url = ${v.url ?? null}, lease_until = null
              where j.id = ${ref.jobId} returning ${CHANGED_JOB_COLUMNS}`,
        );
        await tx.execute(sql`update job_verifications set resolved_at = now(), resolution = 'ambiguous'
                             where job_id = ${ref.jobId} and attempt_id = ${ref.attemptId}`);
        await jobsChanged(tx, changed);
        return 'needs_attention';
      }
      if (v.found) {
        const changed = await rows<ChangedJob>(
          tx,
          sql`update publish_jobs j set updated_at = now(), state = 'succeeded', platform_status = 'published', verified_at = now(),
                platform_post_id = ${v.postId ?? null}, platform_url = ${v.url ?? null}, lease_until = null
              where j.id = ${ref.jobId} returning ${CHANGED_JOB_COLUMNS}`,
        );
        await tx.execute(sql`update job_verifications set resolved_at = now(), resolution = 'found'
                             where job_id = ${ref.jobId} and attempt_id = ${ref.attemptId}`);
        await jobsChanged(tx, changed);
        return 'succeeded';
      }
      const checks = current.checks + 1;
      if (checks < policy.checks) {
        await tx.execute(sql`update job_verifications set checks = ${checks}, next_check_at = now() + ${ms(policy.intervalMs)}
                             where job_id = ${ref.jobId} and attempt_id = ${ref.attemptId}`);
        return 'pending';
      }
      const changed = await rows<ChangedJob>(
        tx,
        sql`update publish_jobs j set updated_at = now(), ${requeueOrFail(policy.maxAttempts, 'not_published')}
            where j.id = ${ref.jobId} returning ${CHANGED_JOB_COLUMNS}`,
      );
      await tx.execute(sql`update job_verifications set checks = ${checks}, resolved_at = now(), resolution = 'not_found'
                           where job_id = ${ref.jobId} and attempt_id = ${ref.attemptId}`);
      await jobsChanged(tx, changed);
      return 'requeued';
    });
  },
};

/**
 * `applied`: the report changed the job. `moot`: it is about an attempt that
 * is settled or superseded (a repeat): done with, acknowledge it. `stale`: the
 * connection it came on is no longer the node's session: do not acknowledge,
 * the node resends it on its current connection.
 */
export type Applied = 'applied' | 'moot' | 'stale';

/**
 * Results with no evidence and no readback failure, in one statement: the
 * fenced rows locked in id order (as resultMany does), the first report of
 * each attempt applied (a repeat in the same batch is moot), open
 * verifications closed, the job events written (job-events.ts), and each
 * report answered applied, moot (the session is current: a repeat or a
 * superseded attempt) or stale.
 */
const PLAIN_RESULTS = `with x as (
    select * from json_to_recordset($1::text::json) as x(
      i int, job_id text, attempt_id text, node_id text, epoch bigint, ok boolean,
      post_id text, url text, code text, message text, feedback text)
  ), fenced as materialized (
    select j.id, x.i from publish_jobs j
    join x on j.id = x.job_id and j.attempt_id = x.attempt_id and j.node_id = x.node_id
    join execution_nodes n on n.id = x.node_id and n.session_epoch = x.epoch
    where j.state in ('accepted', 'running', 'committed', 'unknown')
    order by j.id for update of j
  ), first as materialized (
    select distinct on (id) id, i from fenced order by id, i
  ), changed as (
    update publish_jobs j set updated_at = now(),
      state = case when x.ok then 'succeeded' else 'failed' end,
      platform_status = case when x.ok then 'published' else j.platform_status end,
      platform_post_id = case when x.ok then x.post_id else j.platform_post_id end,
      platform_url = case when x.ok then x.url else j.platform_url end,
      feedback = coalesce(j.feedback, '{}'::jsonb) || case when x.ok then '{"step":"publish","message":"published"}'::jsonb else x.feedback::jsonb end,
      verified_at = case when x.ok and j.state = 'unknown' then now() else j.verified_at end,
      error_code = case when x.ok then null else x.code end,
      error_message = case when x.ok then null else x.message end,
      lease_until = null, ${CHARGE_STARTED_TEXT}
    from first f join x on x.i = f.i
    where j.id = f.id
    returning ${CHANGED_JOB_COLUMNS_TEXT}
  ), closed as (
    update job_verifications set resolved_at = now(), resolution = 'result'
    where job_id in (select id from first) and resolved_at is null
  ), ${JOBS_CHANGED_CTES}
  select x.i, f.i is not null as applied,
         exists (select 1 from execution_nodes n where n.id = x.node_id and n.session_epoch = x.epoch) as current,
         c.state, c.platform, c.executor
  from x left join first f on f.i = x.i left join changed c on c.id = f.id`;

async function plainResults(db: Db, items: Array<{ ref: AttemptRef; r: ResultReport }>): Promise<Applied[]> {
  const rowsJson = JSON.stringify(
    items.map(({ ref, r }, i) => ({
      i,
      job_id: ref.jobId,
      attempt_id: ref.attemptId,
      node_id: ref.nodeId,
      epoch: ref.epoch,
      ok: r.outcome === 'succeeded',
      post_id: r.postId ?? null,
      url: r.url ?? null,
      code: r.error?.code ?? 'failed',
      message: r.error?.message ?? 'the node reported a failure without details',
      feedback: JSON.stringify({ step: r.error?.step ?? null, message: r.error?.message ?? 'failed' }),
    })),
  );
  const answered = await preparedSql<{ i: number; applied: boolean; current: boolean; state: string | null; platform: string; executor: string }>(
    db,
    textWithParams(PLAIN_RESULTS, [rowsJson]),
  );
  const answers: Applied[] = items.map(() => 'stale');
  for (const a of answered) answers[a.i] = a.applied ? 'applied' : a.current ? 'moot' : 'stale';
  countOutcomes(answered.filter((a) => a.applied && a.state !== null) as Array<{ state: string; platform: string; executor: string }>);
  return answers;
}

export interface ResultReport {
  outcome: 'succeeded' | 'failed';
  postId?: string;
  url?: string;
  error?: { code: string; step: string; message: string };
  evidence?: { step: string; screenshotPng?: string; html?: string };
  signals?: AccountSignal[];
}

/** A PostgreSQL text[] literal with NULLs (one parameter on both drivers). */
const textArray = (values: Array<string | null>) => `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`)).join(',')}}`;

async function sessionIsCurrent(tx: Db, f: Fence): Promise<boolean> {
  const [node] = await rows<{ id: string }>(tx, sql`select id from execution_nodes where id = ${f.nodeId} and session_epoch = ${f.epoch}`);
  return node !== undefined;
}

/** committed (or a report saying the click may have happened) → unknown, with a verification record. */
export async function markUnknown(tx: Db, jobId: string, attemptId: string): Promise<ChangedJob[]> {
  const changed = await rows<ChangedJob>(
    tx,
    sql`update publish_jobs j set updated_at = now(), state = 'unknown', platform_status = 'unverified', lease_until = null,
          feedback = coalesce(j.feedback, '{}'::jsonb) || '{"step":"publish","message":"the publish step may have run; looking the post up on the platform"}'::jsonb
        where j.id = ${jobId} and j.attempt_id = ${attemptId} returning ${CHANGED_JOB_COLUMNS}`,
  );
  if (changed.length) {
    await tx.execute(sql`insert into job_verifications (job_id, attempt_id) values (${jobId}, ${attemptId}) on conflict do nothing`);
  }
  return changed;
}
