/**
 * Job transitions of dispatch: claim + offer, accept, start, reject, commit,
 * lease renewal (the node's reports are in job-reports.repository.ts). Each is one transaction
 * fenced by the node's current session epoch (the connection is not stale)
 * and the job's attempt id (the report is about this attempt); a write that
 * fails the fence changes nothing.
 */
import type { JobSpec } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.js';
import { CHANGED_JOB_COLUMNS, type ChangedJob, jobsChanged } from './job-events.js';

export interface Fence {
  nodeId: string;
  epoch: number;
}
export interface AttemptRef extends Fence {
  jobId: string;
  attemptId: string;
}

export interface Offer {
  jobId: string;
  attemptId: string;
  platform: string;
  contentType: 'article' | 'dynamic' | 'video';
  deadline: number;
}

export const ms = (n: number) => sql`(${n} * interval '1 millisecond')`;
/** The fence every node-driven write carries (publish_jobs `j`, execution_nodes `n`). */
export const fenced = (f: AttemptRef) =>
  sql`j.id = ${f.jobId} and j.attempt_id = ${f.attemptId} and j.node_id = ${f.nodeId} and n.id = ${f.nodeId} and n.session_epoch = ${f.epoch}`;

/** State after losing a node before commit: back to the queue, or failed once attempts are spent. */
export const requeueOrFail = (maxAttempts: number, code: string) => sql`
  state = case when j.attempt >= ${maxAttempts} then 'failed' else 'queued' end,
  error_code = case when j.attempt >= ${maxAttempts} then ${code} else j.error_code end,
  error_message = case when j.attempt >= ${maxAttempts} then ${`gave up after ${maxAttempts} attempts: ${code}`} else j.error_message end,
  lease_until = null`;

async function specOf(tx: Db, jobId: string): Promise<JobSpec | null> {
  const [row] = await rows<{
    userId: number;
    platform: string;
    contentType: JobSpec['contentType'];
    accountId: number;
    externalRef: string | null;
    displayName: string | null;
    payload: Record<string, unknown>;
    settings: Record<string, unknown>;
    settingsHash: string;
    settingsContractVersion: string;
    createdAt: string;
  }>(
    tx,
    sql`select j.user_id as "userId", j.platform, j.content_type as "contentType", j.account_id as "accountId",
               a.external_ref as "externalRef", a.display_name as "displayName", j.payload, j.settings_snapshot as settings,
               j.settings_hash as "settingsHash", j.settings_contract_version as "settingsContractVersion",
               to_char(j.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
        from publish_jobs j left join accounts a on a.id = j.account_id
        where j.id = ${jobId}`,
  );
  if (!row) return null;
  return {
    userId: row.userId,
    platform: row.platform,
    contentType: row.contentType,
    account: { id: row.accountId, externalRef: row.externalRef, displayName: row.displayName ?? '' },
    payload: row.payload,
    settings: row.settings,
    settingsHash: row.settingsHash,
    settingsContractVersion: row.settingsContractVersion,
    createdAt: row.createdAt,
  };
}

export const dispatchJobs = {
  specOf,

  /** In-flight and queued counts of the given nodes' jobs (queued ones that are due). */
  async load(db: Db, nodeIds: string[]): Promise<Map<string, { inflight: number; queued: number }>> {
    const out = new Map<string, { inflight: number; queued: number }>();
    if (nodeIds.length === 0) return out;
    const list = await rows<{ nodeId: string; inflight: number; queued: number }>(
      db,
      sql`select node_id as "nodeId",
                 count(*) filter (where state in ('offered', 'accepted', 'running', 'committed'))::int as inflight,
                 count(*) filter (where state = 'queued' and (lease_until is null or lease_until <= now()))::int as queued
          from publish_jobs
          -- One array parameter: the statement text stays the same for any number of nodes,
          -- and it cannot hit PostgreSQL's 65,535-parameter limit.
          where node_id = any(${sql.param(nodeIds)}::text[])
            and state in ('queued', 'offered', 'accepted', 'running', 'committed')
          group by node_id`,
    );
    for (const row of list) out.set(row.nodeId, { inflight: row.inflight, queued: row.queued });
    return out;
  },

  /**
   * Claims up to `limit` queued jobs of a node this replica holds and marks
   * them offered: a new attempt id, the node's epoch, the offer deadline.
   * SKIP LOCKED: two replicas (or passes) never claim the same row.
   */
  async claim(db: Db, a: Fence & { replica: string; limit: number; offerMs: number }): Promise<Offer[]> {
    const claimed = await rows<{ jobId: string; attemptId: string; platform: string; contentType: Offer['contentType']; deadline: string }>(
      db,
      sql`with node as (
            select id from execution_nodes
            where id = ${a.nodeId} and session_epoch = ${a.epoch} and connected_replica = ${a.replica} and status = 'active'
              and coalesce((capabilities ->> 'publishSettingsSnapshot')::int, 0) = 1
          ), picked as (
            select j.id from publish_jobs j, node
            where j.node_id = node.id and j.state = 'queued' and (j.lease_until is null or j.lease_until <= now())
            order by j.created_at, j.id
            limit ${a.limit}
            for update of j skip locked
          )
          update publish_jobs j
          set updated_at = now(), state = 'offered', attempt = j.attempt + 1, attempt_id = 'att_' || replace(gen_random_uuid()::text, '-', ''),
              node_epoch = ${a.epoch}, lease_until = now() + ${ms(a.offerMs)}
          from picked where j.id = picked.id
          returning j.id as "jobId", j.attempt_id as "attemptId", j.platform, j.content_type as "contentType",
                    (extract(epoch from j.lease_until) * 1000)::bigint::text as deadline`,
    );
    return claimed.map((c) => ({ ...c, deadline: Number(c.deadline) }));
  },

  /** offer → accepted (before the deadline); returns what `start` carries, or null when the fence fails. */
  async accept(db: Db, ref: AttemptRef, leaseMs: number): Promise<{ job: JobSpec; leaseUntil: number } | null> {
    return db.transaction(async (tx) => {
      const [row] = await rows<{ leaseUntil: string }>(
        tx,
        sql`update publish_jobs j set updated_at = now(), state = 'accepted', lease_until = now() + ${ms(leaseMs)}
            from execution_nodes n
            where ${fenced(ref)} and j.state = 'offered' and j.lease_until > now()
            returning (extract(epoch from j.lease_until) * 1000)::bigint::text as "leaseUntil"`,
      );
      if (!row) return null;
      const job = await specOf(tx, ref.jobId);
      return job ? { job, leaseUntil: Number(row.leaseUntil) } : null;
    });
  },

  /** accepted → running once `start` went out. */
  async markRunning(db: Db, ref: AttemptRef): Promise<void> {
    await db.transaction(async (tx) => {
      const changed = await rows<ChangedJob>(
        tx,
        sql`update publish_jobs j set updated_at = now(), state = 'running'
            from execution_nodes n
            where ${fenced(ref)} and j.state = 'accepted'
            returning ${CHANGED_JOB_COLUMNS}`,
      );
      await jobsChanged(tx, changed);
    });
  },

  /** The node declined: permanent reasons fail the job, others re-queue it after a short backoff. */
  async reject(db: Db, ref: AttemptRef, a: { reason: string; permanent: boolean; maxAttempts: number; backoffMs: number }): Promise<boolean> {
    return db.transaction(async (tx) => {
      const changed = await rows<ChangedJob>(
        tx,
        a.permanent
          ? sql`update publish_jobs j set updated_at = now(), state = 'failed', error_code = ${`node_rejected_${a.reason}`},
                  error_message = ${`the node refused the job: ${a.reason}`}, lease_until = null
                from execution_nodes n
                where ${fenced(ref)} and j.state in ('offered', 'accepted', 'running')
                returning ${CHANGED_JOB_COLUMNS}`
          : sql`update publish_jobs j set updated_at = now(), ${requeueOrFail(a.maxAttempts, 'node_rejected')}
                from execution_nodes n
                where ${fenced(ref)} and j.state in ('offered', 'accepted', 'running')
                returning ${CHANGED_JOB_COLUMNS}`,
      );
      // A re-queued job waits out the backoff (lease_until doubles as "not before" while queued).
      if (!a.permanent && changed.some((c) => c.state === 'queued')) {
        await tx.execute(sql`update publish_jobs set updated_at = now(), lease_until = now() + ${ms(a.backoffMs)} where id = ${ref.jobId} and state = 'queued'`);
      }
      await jobsChanged(tx, changed);
      return changed.length > 0;
    });
  },

  /**
   * The gate before the one non-repeatable step. Granted only to the current
   * session, for the current attempt, with enough lease left for the click and
   * the report. Asking again for an attempt already committed is granted again.
   */
  async commit(db: Db, ref: AttemptRef, minLeaseMs: number): Promise<{ ok: true } | { ok: false; reason: string }> {
    return db.transaction(async (tx) => {
      const [done] = await rows<{ id: string }>(
        tx,
        sql`update publish_jobs j set updated_at = now(), state = 'committed'
            from execution_nodes n
            where ${fenced(ref)} and j.state in ('accepted', 'running') and j.lease_until > now() + ${ms(minLeaseMs)}
            returning j.id`,
      );
      if (done) return { ok: true };
      const [why] = await rows<{ state: string; attemptId: string | null; nodeId: string | null; epoch: number | null; leaseOk: boolean }>(
        tx,
        sql`select j.state, j.attempt_id as "attemptId", j.node_id as "nodeId", n.session_epoch::int as epoch,
                   coalesce(j.lease_until > now() + ${ms(minLeaseMs)}, false) as "leaseOk"
            from publish_jobs j left join execution_nodes n on n.id = ${ref.nodeId}
            where j.id = ${ref.jobId}`,
      );
      if (!why) return { ok: false, reason: 'job_not_found' };
      if (why.epoch !== ref.epoch) return { ok: false, reason: 'stale_session' };
      if (why.attemptId !== ref.attemptId || why.nodeId !== ref.nodeId) return { ok: false, reason: 'attempt_superseded' };
      if (why.state === 'committed') return { ok: true };
      if (!why.leaseOk) return { ok: false, reason: 'lease_nearly_spent' };
      return { ok: false, reason: `job_${why.state}` };
    });
  },

  /** Heartbeat: the node still runs these attempts; push their leases forward. */
  async renewLeases(db: Db, f: Fence, jobs: Array<{ jobId: string; attemptId: string }>, leaseMs: number): Promise<number> {
    if (jobs.length === 0) return 0;
    const pairs = sql.join(jobs.map((j) => sql`(${j.jobId}, ${j.attemptId})`), sql`, `);
    const renewed = await rows<{ id: string }>(
      db,
      sql`update publish_jobs j set lease_until = now() + ${ms(leaseMs)}
          from execution_nodes n
          where n.id = ${f.nodeId} and n.session_epoch = ${f.epoch} and j.node_id = n.id
            and j.state in ('accepted', 'running', 'committed')
            and (j.id, j.attempt_id) in (${pairs})
          returning j.id`,
    );
    return renewed.length;
  },
};
