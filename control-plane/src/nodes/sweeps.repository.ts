/**
 * Transitions nobody reports: offers nobody accepted, leases nobody renewed,
 * unknown outcomes to look up, and the reconciliation of a node's jobs when
 * it says hello on a new session. Sweeps run on every replica; SKIP LOCKED
 * keeps two replicas off the same rows.
 */
import type { ActiveJob, JobSpec } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.js';
import { dispatchJobs, type Fence, requeueOrFail } from './dispatch-jobs.repository.js';
import { markUnknown } from './job-reports.repository.js';
import { toTextArray } from './node-registry.repository.js';
import { CHANGED_JOB_COLUMNS, type ChangedJob, jobsChanged } from './job-events.js';

const ms = (n: number) => sql`(${n} * interval '1 millisecond')`;
const BATCH = 200;

export interface DueVerification {
  nodeId: string;
  jobId: string;
  attemptId: string;
  job: JobSpec;
}

export const sweeps = {
  /** Offers past their deadline go back to the queue (nothing started: the attempt is not charged). */
  async expireOffers(db: Db, maxAttempts: number): Promise<ChangedJob[]> {
    return db.transaction(async (tx) => {
      const changed = await rows<ChangedJob>(
        tx,
        sql`with x as (
              select id from publish_jobs where state = 'offered' and lease_until < now()
              order by lease_until limit ${BATCH} for update skip locked
            )
            update publish_jobs j set updated_at = now(), ${requeueOrFail(maxAttempts, 'node_lost')}
            from x where j.id = x.id returning ${CHANGED_JOB_COLUMNS}`,
      );
      await jobsChanged(tx, changed);
      return changed;
    });
  },

  /**
   * Leases nobody renewed: before commit the node vanished with nothing
   * published, so the job is queued again; after commit the click may have
   * happened, so the job becomes unknown and is looked up, never re-run.
   */
  async expireLeases(db: Db, maxAttempts: number): Promise<ChangedJob[]> {
    return db.transaction(async (tx) => {
      const requeued = await rows<ChangedJob>(
        tx,
        sql`with x as (
              select id from publish_jobs where state in ('accepted', 'running') and lease_until < now()
              order by lease_until limit ${BATCH} for update skip locked
            )
            update publish_jobs j set updated_at = now(), ${requeueOrFail(maxAttempts, 'node_lost')}
            from x where j.id = x.id returning ${CHANGED_JOB_COLUMNS}`,
      );
      const committed = await rows<{ id: string; attemptId: string }>(
        tx,
        sql`select id, attempt_id as "attemptId" from publish_jobs where state = 'committed' and lease_until < now()
            order by lease_until limit ${BATCH} for update skip locked`,
      );
      const unknown: ChangedJob[] = [];
      for (const c of committed) unknown.push(...(await markUnknown(tx, c.id, c.attemptId)));
      await jobsChanged(tx, [...requeued, ...unknown]);
      return [...requeued, ...unknown];
    });
  },

  /**
   * Unknown jobs of the given (connected, ready) nodes whose next lookup is due.
   * Marks them sent (the next try waits an interval if no answer comes).
   */
  async dueVerifications(db: Db, nodeIds: string[], intervalMs: number): Promise<DueVerification[]> {
    if (nodeIds.length === 0) return [];
    return db.transaction(async (tx) => {
      const due = await rows<{ nodeId: string; jobId: string; attemptId: string }>(
        tx,
        sql`with d as (
              select v.job_id, v.attempt_id from job_verifications v
              join publish_jobs j on j.id = v.job_id and j.attempt_id = v.attempt_id and j.state = 'unknown'
              join execution_nodes n on n.id = j.node_id and n.status <> 'revoked'
                -- One array parameter: any number of nodes (a full pass names every helloed one).
                and n.id = any(${toTextArray(nodeIds)}::text[])
              where v.resolved_at is null and v.next_check_at <= now()
              limit ${BATCH} for update of v skip locked
            )
            update job_verifications v set last_sent_at = now(), next_check_at = now() + ${ms(intervalMs)}
            from d, publish_jobs j
            where v.job_id = d.job_id and v.attempt_id = d.attempt_id and j.id = v.job_id
            returning j.node_id as "nodeId", v.job_id as "jobId", v.attempt_id as "attemptId"`,
      );
      const out: DueVerification[] = [];
      for (const d of due) {
        const job = await dispatchJobs.specOf(tx, d.jobId);
        if (job) out.push({ ...d, job });
      }
      return out;
    });
  },

  /** Unknown jobs whose node has been unreachable longer than `giveUpMs`: a person decides. */
  async giveUpVerifications(db: Db, giveUpMs: number): Promise<ChangedJob[]> {
    return db.transaction(async (tx) => {
      const changed = await rows<ChangedJob>(
        tx,
        sql`with x as (
              select j.id from publish_jobs j
              join job_verifications v on v.job_id = j.id and v.attempt_id = j.attempt_id and v.resolved_at is null
              left join execution_nodes n on n.id = j.node_id
              where j.state = 'unknown' and v.unknown_since < now() - ${ms(giveUpMs)}
                and (n.id is null or n.status = 'revoked' or n.connected_replica is null
                     or n.last_heartbeat_at is null or n.last_heartbeat_at < now() - ${ms(giveUpMs)})
              limit ${BATCH} for update of j skip locked
            )
            update publish_jobs j set updated_at = now(), state = 'needs_attention', error_code = 'outcome_unknown',
              error_message = 'the publish step may have happened and its node cannot be asked; check the platform before retrying'
            from x where j.id = x.id returning ${CHANGED_JOB_COLUMNS}`,
      );
      for (const c of changed) {
        await tx.execute(sql`update job_verifications set resolved_at = now(), resolution = 'gave_up' where job_id = ${c.id} and resolved_at is null`);
      }
      await jobsChanged(tx, changed);
      return changed;
    });
  },

  /**
   * A node said hello on a new session. The node is the authority on what it
   * still runs: those attempts are adopted by the new epoch; any other attempt
   * of the node before commit is re-queued, after commit becomes unknown.
   */
  async reconcile(db: Db, f: Fence, active: ActiveJob[], a: { leaseMs: number; maxAttempts: number }): Promise<{ adopted: number; requeued: number; unknown: number }> {
    // Most nodes have nothing in flight: one read, no transaction. No new offer can appear for this
    // session before its hello is done; an offer an older session got meanwhile expires by its deadline.
    const [any] = await rows<{ one: number }>(
      db,
      sql`select 1 as one from publish_jobs where node_id = ${f.nodeId} and state in ('offered', 'accepted', 'running', 'committed') limit 1`,
    );
    if (!any) return { adopted: 0, requeued: 0, unknown: 0 };
    return db.transaction(async (tx) => {
      const [node] = await rows<{ id: string }>(tx, sql`select id from execution_nodes where id = ${f.nodeId} and session_epoch = ${f.epoch} for share`);
      if (!node) return { adopted: 0, requeued: 0, unknown: 0 };
      const jobs = await rows<{ id: string; state: string; attemptId: string }>(
        tx,
        sql`select id, state, attempt_id as "attemptId" from publish_jobs
            where node_id = ${f.nodeId} and state in ('offered', 'accepted', 'running', 'committed')
            for update`,
      );
      const running = new Map(active.filter((j) => j.phase !== 'interrupted').map((j) => [j.jobId, j.attemptId]));
      const changed: ChangedJob[] = [];
      let adopted = 0;
      for (const job of jobs) {
        if (running.get(job.id) === job.attemptId && job.state !== 'offered') {
          await tx.execute(sql`update publish_jobs set updated_at = now(), node_epoch = ${f.epoch}, lease_until = now() + ${ms(a.leaseMs)} where id = ${job.id}`);
          adopted++;
        } else if (job.state === 'committed') {
          changed.push(...(await markUnknown(tx, job.id, job.attemptId)));
        } else {
          changed.push(
            ...(await rows<ChangedJob>(
              tx,
              sql`update publish_jobs j set updated_at = now(), ${requeueOrFail(a.maxAttempts, 'node_lost')} where j.id = ${job.id} returning ${CHANGED_JOB_COLUMNS}`,
            )),
          );
        }
      }
      await jobsChanged(tx, changed);
      return { adopted, requeued: changed.filter((c) => c.state !== 'unknown').length, unknown: changed.filter((c) => c.state === 'unknown').length };
    });
  },

  /** A revoked node will never run or verify anything again. */
  async settleRevokedNode(db: Db, nodeId: string): Promise<ChangedJob[]> {
    return db.transaction(async (tx) => {
      const failed = await rows<ChangedJob>(
        tx,
        sql`update publish_jobs j set updated_at = now(), state = 'failed', error_code = 'node_revoked', error_message = 'the execution node was revoked',
              lease_until = null
            where j.node_id = ${nodeId} and j.state in ('scheduled', 'queued', 'offered', 'accepted', 'running')
            returning ${CHANGED_JOB_COLUMNS}`,
      );
      const attention = await rows<ChangedJob>(
        tx,
        sql`update publish_jobs j set updated_at = now(), state = 'needs_attention', error_code = 'outcome_unknown',
              error_message = 'the node was revoked after the publish step may have happened; check the platform', lease_until = null
            where j.node_id = ${nodeId} and j.state in ('committed', 'unknown')
            returning ${CHANGED_JOB_COLUMNS}`,
      );
      await jobsChanged(tx, [...failed, ...attention]);
      return [...failed, ...attention];
    });
  },
};
