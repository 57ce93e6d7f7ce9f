/**
 * What follows a job transition inside its transaction: integrators hear
 * about it (webhook outbox, so the event exists exactly when the change
 * committed), in the public job and batch states of GET /publish/{batch_id}.
 */
import { sql } from 'drizzle-orm';
import { type Db, preparedSql } from '../db/client.js';
import type { JobState } from '../openapi/openapi.schema.js';
import { batchState, publicJobState } from '../openapi/publish/batch-view.js';
import { randomId } from '../crypto/tokens.js';
import { webhookDeliveries } from '../openapi/openapi.schema.js';
import { toTextArray } from './node-registry.repository.js';

export interface ChangedJob {
  id: string;
  batchId: string;
  userId: number;
  nodeId: string | null;
  state: string;
  platformPostId?: string | null;
  platformUrl?: string | null;
  errorCode?: string | null;
}

/** SQL returning list for ChangedJob (publish_jobs aliased `j`). */
export const CHANGED_JOB_COLUMNS = sql.raw(
  `j.id, j.batch_id as "batchId", j.user_id as "userId", j.node_id as "nodeId", j.state, j.platform_post_id as "platformPostId", j.platform_url as "platformUrl", j.error_code as "errorCode"`,
);

/** Internal steps that integrators do not see as a change (offered/accepted look queued, committed looks running). */
const SILENT = new Set(['offered', 'accepted', 'committed']);

/**
 * Set-based, so a transition of many jobs (a batched accept → running, a
 * sweep) costs the same few statements as one: the batches' job states and
 * the users with a webhook URL in one read, the changed batch states in one
 * update, the webhook rows in one insert. Same rows as enqueueWebhook writes, one per event, only for users
 * with a webhook URL.
 */
export async function jobsChanged(tx: Db, jobs: ChangedJob[]): Promise<void> {
  if (jobs.length === 0) return;
  const events: Array<{ userId: number; type: 'publish.job.updated' | 'publish.batch.updated'; data: Record<string, unknown> }> = [];
  for (const job of jobs) {
    if (SILENT.has(job.state)) continue;
    events.push({
      userId: job.userId,
      type: 'publish.job.updated',
      data: {
        batch_id: job.batchId,
        job_id: job.id,
        state: publicJobState(job.state as JobState),
        ...(job.platformPostId ? { platform_post_id: job.platformPostId } : {}),
        ...(job.platformUrl ? { platform_url: job.platformUrl } : {}),
        ...(job.errorCode ? { error_code: job.errorCode } : {}),
      },
    });
  }
  // The webhook subscribers are read with the batches' job states (one round trip for both):
  // every event's user is a changed job's user, since a batch and its jobs have one owner.
  const userIds = [...new Set(jobs.map((j) => j.userId))];
  // Sorted: concurrent transactions lock the batch rows in one order (no deadlock between two of them).
  const { changed, hooked } = await refreshBatches(tx, [...new Set(jobs.map((j) => j.batchId))].sort(), userIds);
  for (const batch of changed) {
    events.push({ userId: batch.userId, type: 'publish.batch.updated', data: { batch_id: batch.id, state: batch.state } });
  }
  if (events.length === 0 || hooked.size === 0) return;
  // clock_timestamp() is read row by row, plus the row's index in microseconds: the rows keep the
  // events' order (a job's change before its batch's) even where the clock is coarser than a
  // microsecond (PGlite reads the same time for the rows of one insert).
  const values = events
    .filter((e) => hooked.has(e.userId))
    .map((e, i) => {
      const at = sql`clock_timestamp() + ${i} * interval '1 microsecond'`;
      return { id: randomId('evt', 16), userId: e.userId, eventType: e.type, payload: e.data, createdAt: at, nextAttemptAt: at };
    });
  if (values.length) await tx.insert(webhookDeliveries).values(values);
}

/**
 * The batch's state is derived from its jobs exactly as GET /publish/{batch_id}
 * derives it (batch-view.ts); the stored copy only tells us when it changed,
 * which is when integrators hear about it.
 */
async function refreshBatches(
  tx: Db,
  batchIds: string[],
  userIds: number[],
): Promise<{ changed: Array<{ id: string; userId: number; state: string }>; hooked: Set<number> }> {
  const [read] = await preparedSql<{ batchIds: string[] | null; states: JobState[] | null; hooked: number[] }>(
    tx,
    sql`select array_agg(j.batch_id) as "batchIds", array_agg(j.state) as states,
               array(select u.id from users u where u.id = any(${toIntArray(userIds)}::int[]) and u.webhook_url is not null) as hooked
        from publish_jobs j where j.batch_id = any(${toTextArray(batchIds)}::text[])`,
  );
  const byBatch = new Map<string, JobState[]>(batchIds.map((id) => [id, []]));
  read?.batchIds?.forEach((batchId, i) => byBatch.get(batchId)?.push(read.states![i]!));
  const ids = [...byBatch.keys()];
  const states = ids.map((id) => batchState(byBatch.get(id)!));
  const changed = await preparedSql<{ id: string; userId: number; state: string }>(
    tx,
    sql`update publish_batches b set state = x.state, updated_at = now()
        from unnest(${toTextArray(ids)}::text[], ${toTextArray(states)}::text[]) as x(id, state)
        where b.id = x.id and b.state is distinct from x.state
        returning b.id, b.user_id as "userId", b.state`,
  );
  return { changed: changed.map((c) => ({ ...c, userId: Number(c.userId) })), hooked: new Set((read?.hooked ?? []).map(Number)) };
}

const toIntArray = (values: number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;
