/**
 * A batch and its jobs as their owner sees them: public job states, the
 * batch state derived from them, feedback and errors redacted (redact.ts).
 * GET /publish/{batch_id} answers it, and so does the console's publish
 * history.
 */
import { challengeAnswer, openChallenge } from '../challenges/challenge-view.js';
import { batchState, publicJobState } from './batch-view.js';
import type { publishRepository } from './publish.repository.js';
import { redactFeedback } from './redact.js';

/** The local paths the job carries: the integrator gave them, so failures name them (redact.ts keeps them). */
export function ownPaths(payload: Record<string, unknown>): string[] {
  const paths = [payload.localVideoPath, payload.coverImagePath, payload.coverImage, ...(Array.isArray(payload.images) ? payload.images : [])];
  return paths.filter((p): p is string => typeof p === 'string');
}

/**
 * A job queued again after a failed attempt, while it waits for the next one:
 * the attempt that failed, its stable error code and message (the executor
 * keeps them in feedback's `retry` until it claims the job again) and when the
 * next attempt may start (lease_until, a queued job's "not before"). Null
 * otherwise, so a program never reads the wait out of `feedback.message`.
 */
export function retryAnswer(j: StoredBatch['jobs'][number], userId: number) {
  const r = j.feedback?.retry as { attempt?: unknown; code?: unknown; message?: unknown } | undefined;
  if (j.state !== 'queued' || !r || typeof r.code !== 'string' || r.attempt !== j.attempt || !j.leaseUntil) return null;
  const message = typeof r.message === 'string' ? r.message : '';
  return {
    attempt: j.attempt,
    error: { code: r.code, message: redactFeedback({ message }, userId, ownPaths(j.payload))?.message ?? '' },
    next_attempt_at: j.leaseUntil.toISOString(),
  };
}

export type StoredBatch = NonNullable<Awaited<ReturnType<typeof publishRepository.getBatch>>>;

/**
 * `screenshotBase`: where `/jobs/{job_id}/challenge/screenshot` is served for this batch's jobs
 * (default: the Open API's, under the batch; the console's is /api/console/me).
 */
export function batchAnswer(batch: StoredBatch, userId: number, screenshotBase = `/api/openapi/v1/publish/${batch.id}`) {
  const due = batch.jobs.flatMap((j) => (j.state === 'scheduled' && j.publishAt ? [j.publishAt.getTime()] : []));
  return {
    batch_id: batch.id,
    content_type: batch.contentType,
    executor: batch.executor,
    article_id: batch.articleId,
    state: batchState(batch.jobs.map((j) => j.state)),
    request_id: batch.requestId,
    created_at: batch.createdAt.toISOString(),
    publish_at: due.length ? new Date(Math.min(...due)).toISOString() : null,
    jobs: batch.jobs.map((j) => ({
      job_id: j.id,
      account_id: j.accountId,
      platform: j.platform,
      state: openChallenge(j) ? ('awaiting_input' as const) : publicJobState(j.state),
      feedback: redactFeedback(j.feedback, userId, ownPaths(j.payload)),
      platform_status: j.platformStatus,
      platform_post_id: j.platformPostId,
      platform_url: j.platformUrl,
      verified_at: j.verifiedAt?.toISOString() ?? null,
      error: j.errorCode ? { code: j.errorCode, message: redactFeedback({ message: j.errorMessage ?? '' }, userId, ownPaths(j.payload))?.message ?? '' } : null,
      settings_hash: j.settingsHash,
      publish_at: j.publishAt?.toISOString() ?? null,
      publish_deadline: j.publishDeadline?.toISOString() ?? null,
      challenge: challengeAnswer(j, screenshotBase),
      pacing: j.pacing ? { not_before: j.pacing.notBefore?.toISOString() ?? null, reason: j.pacing.reason } : null,
      retry: retryAnswer(j, userId),
    })),
  };
}

