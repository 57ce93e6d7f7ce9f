/**
 * What follows a job transition inside its transaction: integrators hear
 * about it (webhook outbox, so the event exists exactly when the change
 * committed), in the public job and batch states of GET /publish/{batch_id}.
 */
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.js';
import type { JobState } from '../openapi/openapi.schema.js';
import { batchState, publicJobState } from '../openapi/publish/batch-view.js';
import { enqueueWebhook } from '../openapi/webhooks/webhooks.js';

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

export async function jobsChanged(tx: Db, jobs: ChangedJob[]): Promise<void> {
  const batches = new Set<string>();
  for (const job of jobs) {
    batches.add(job.batchId);
    if (SILENT.has(job.state)) continue;
    await enqueueWebhook(tx, {
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
  for (const batchId of batches) await refreshBatch(tx, batchId);
}

/**
 * The batch's state is derived from its jobs exactly as GET /publish/{batch_id}
 * derives it (batch-view.ts); the stored copy only tells us when it changed,
 * which is when integrators hear about it.
 */
async function refreshBatch(tx: Db, batchId: string): Promise<void> {
  const jobStates = await rows<{ state: JobState }>(tx, sql`select state from publish_jobs where batch_id = ${batchId}`);
  const next = batchState(jobStates.map((j) => j.state));
  const [changed] = await rows<{ id: string; userId: number; state: string }>(
    tx,
    sql`update publish_batches set state = ${next}, updated_at = now()
        where id = ${batchId} and state is distinct from ${next}
        returning id, user_id as "userId", state`,
  );
  if (!changed) return;
  await enqueueWebhook(tx, { userId: changed.userId, type: 'publish.batch.updated', data: { batch_id: changed.id, state: changed.state } });
}
