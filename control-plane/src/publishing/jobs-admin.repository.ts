/**
 * Publish jobs as operators see them (every user's, every field but secrets)
 * and the one write a person makes on a job: resolving one that waits for a
 * person (`needs_attention`). A resolution is a job transition like any
 * other: one transaction that changes the job, writes its events and batch
 * state (job-events.ts; a failure gives the quota unit back there too), and
 * records who did it in the admin audit log, so the change and its audit row
 * exist together or not at all.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.js';
import type { JobState } from './publishing.schema.js';
import { CHANGED_JOB_COLUMNS, type ChangedJob, jobsChanged } from '../nodes/job-events.js';
import { notifyJobs } from '../nodes/node-registry.repository.js';

export interface AdminJobFilter {
  state?: JobState | undefined;
  userId?: number | undefined;
  nodeId?: string | undefined;
  batchId?: string | undefined;
  platform?: string | undefined;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface AdminJobRow {
  id: string;
  batchId: string;
  userId: number;
  accountId: number;
  platform: string;
  contentType: string;
  executor: string;
  nodeId: string | null;
  state: JobState;
  attempt: number;
  attemptId: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  feedbackStep: string | null;
  feedbackMessage: string | null;
  platformStatus: string | null;
  platformPostId: string | null;
  platformUrl: string | null;
  verifiedAt: Date | string | null;
  batchState: string;
  requestId: string;
  createdAt: Date | string;
  updatedAt: Date | string;
}

const COLUMNS = sql`j.id, j.batch_id as "batchId", j.user_id as "userId", j.account_id as "accountId", j.platform,
  j.content_type as "contentType", j.executor, j.node_id as "nodeId", j.state, j.attempt, j.attempt_id as "attemptId",
  j.error_code as "errorCode", j.error_message as "errorMessage", j.feedback ->> 'step' as "feedbackStep",
  j.feedback ->> 'message' as "feedbackMessage", j.platform_status as "platformStatus", j.platform_post_id as "platformPostId",
  j.platform_url as "platformUrl", j.verified_at as "verifiedAt", b.state as "batchState", b.request_id as "requestId",
  j.created_at as "createdAt", j.updated_at as "updatedAt"`;

function where(f: Omit<AdminJobFilter, 'order' | 'limit' | 'offset'>): SQL {
  const parts: SQL[] = [];
  if (f.state) parts.push(sql`j.state = ${f.state}`);
  if (f.userId !== undefined) parts.push(sql`j.user_id = ${f.userId}`);
  if (f.nodeId) parts.push(sql`j.node_id = ${f.nodeId}`);
  if (f.batchId) parts.push(sql`j.batch_id = ${f.batchId}`);
  if (f.platform) parts.push(sql`j.platform = ${f.platform}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

export type Resolution =
  | { outcome: 'succeeded'; url: string; postId?: string | undefined; note?: string | undefined }
  | { outcome: 'failed'; note?: string | undefined }
  | { outcome: 'requeued'; note?: string | undefined };

export interface ResolveAudit {
  actor: string;
  method: string;
  path: string;
  requestId: string;
}

export interface AdminJobDetail extends AdminJobRow {
  payload: Record<string, unknown>;
  settings: Record<string, unknown>;
  nodeStatus: string | null;
}

export type ResolveAnswer = { ok: true; job: AdminJobDetail } | { ok: false; why: 'not_found' } | { ok: false; why: 'not_resolvable'; state: JobState } | { ok: false; why: 'node_revoked'; nodeId: string };

/** The SET clause of each outcome (publish_jobs `j`). */
function outcomeSet(r: Resolution): SQL {
  const note = r.note ? `: ${r.note}` : '';
  switch (r.outcome) {
    case 'succeeded':
      return sql`state = 'succeeded', platform_status = 'published', platform_url = ${r.url}, platform_post_id = ${r.postId ?? null},
        verified_at = now(), error_code = null, error_message = null,
        feedback = coalesce(j.feedback, '{}'::jsonb) || jsonb_build_object('step', 'verify', 'message', ${`an operator found the post${note}`}::text)`;
    case 'failed':
      // Nothing of this job is on the platform: no post, and (job-events.ts) its quota unit comes back.
      return sql`state = 'failed', platform_status = null, platform_url = null, platform_post_id = null,
        error_code = 'operator_not_published', error_message = ${`an operator found nothing published${note}`},
        feedback = coalesce(j.feedback, '{}'::jsonb) || jsonb_build_object('step', 'verify', 'message', ${`an operator found nothing published${note}`}::text)`;
    case 'requeued':
      return sql`state = 'queued', platform_status = null, platform_url = null, platform_post_id = null, attempt_started_at = null,
        error_code = null, error_message = null,
        feedback = coalesce(j.feedback, '{}'::jsonb) || jsonb_build_object('step', 'queued', 'message', ${`queued again by an operator${note}`}::text)`;
  }
}

export const jobsAdminRepository = {
  async list(db: Db, f: AdminJobFilter): Promise<{ rows: AdminJobRow[]; total: number }> {
    const filter = where(f);
    const order = f.order === 'asc' ? sql`j.updated_at asc, j.id asc` : sql`j.updated_at desc, j.id desc`;
    const [list, [count]] = await Promise.all([
      rows<AdminJobRow>(
        db,
        sql`select ${COLUMNS} from publish_jobs j join publish_batches b on b.id = j.batch_id
            where ${filter} order by ${order} limit ${f.limit} offset ${f.offset}`,
      ),
      rows<{ n: number }>(db, sql`select count(*)::int as n from publish_jobs j where ${filter}`),
    ]);
    return { rows: list, total: count?.n ?? 0 };
  },

  async get(db: Db, id: string): Promise<AdminJobDetail | null> {
    const [row] = await rows<AdminJobDetail>(
      db,
      sql`select ${COLUMNS}, j.payload, j.settings_snapshot as settings, n.status as "nodeStatus"
          from publish_jobs j join publish_batches b on b.id = j.batch_id left join execution_nodes n on n.id = j.node_id
          where j.id = ${id}`,
    );
    return row ?? null;
  },

  /**
   * Resolves a job in `needs_attention`. The update is conditional on that
   * state, so two people (or two replicas) resolving the same job at once
   * change it once; the other is told what state it found.
   */
  async resolve(db: Db, id: string, r: Resolution, audit: ResolveAudit): Promise<ResolveAnswer> {
    return db.transaction(async (tx) => {
      const [current] = await rows<{ state: JobState; nodeId: string | null; nodeStatus: string | null }>(
        tx,
        sql`select j.state, j.node_id as "nodeId", n.status as "nodeStatus"
            from publish_jobs j left join execution_nodes n on n.id = j.node_id where j.id = ${id} for update of j`,
      );
      if (!current) return { ok: false, why: 'not_found' };
      if (current.state !== 'needs_attention') return { ok: false, why: 'not_resolvable', state: current.state };
      // A revoked node never runs anything again: queueing its job would leave it queued forever.
      if (r.outcome === 'requeued' && current.nodeId && current.nodeStatus === 'revoked') return { ok: false, why: 'node_revoked', nodeId: current.nodeId };
      const changed = await rows<ChangedJob>(
        tx,
        sql`update publish_jobs j set updated_at = now(), lease_until = null, ${outcomeSet(r)}
            where j.id = ${id} and j.state = 'needs_attention'
            returning ${CHANGED_JOB_COLUMNS}`,
      );
      await tx.execute(sql`update job_verifications set resolved_at = now(), resolution = ${`operator_${r.outcome}`}
                           where job_id = ${id} and resolved_at is null`);
      await jobsChanged(tx, changed);
      if (r.outcome === 'requeued' && current.nodeId) await notifyJobs(tx, current.nodeId);
      const detail = { action: 'job.resolve', jobId: id, from: current.state, to: changed[0]!.state, ...r };
      await tx.execute(sql`insert into admin_audit_log (actor, method, path, status_code, request_id, detail)
                           values (${audit.actor}, ${audit.method}, ${audit.path}, 200, ${audit.requestId}, ${JSON.stringify(detail)}::jsonb)`);
      const job = await jobsAdminRepository.get(tx, id);
      return { ok: true, job: job! };
    });
  },
};
