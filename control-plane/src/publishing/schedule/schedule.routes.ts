/**
 * Cancel or move scheduled jobs, a whole batch or one job, before they
 * start: POST /publish/{batch_id}/cancel, /publish/{batch_id}/reschedule and
 * the same under /publish/{batch_id}/jobs/{job_id}/. All four are
 * idempotent (a repeat changes nothing and answers the batch as it is); each
 * answers the batch as GET /publish/{batch_id} does.
 */
import { ID_PATTERNS } from '@plume/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, type OpenApiDeps } from '../../integrators/openapi-context.js';
import { errorResponses } from '../../http/openapi-error-responses.js';
import { expectIdKind, notFoundError } from '../identifiers.js';
import { openapiError } from '../../http/openapi-errors.js';
import { batchAnswer, type StoredBatch } from '../publish/batch-answer.js';
import { publishRepository } from '../publish/publish.repository.js';
import { batchResponse } from '../publish/publish.schemas.js';
import { checkScheduleBounds, PUBLISH_AT_DESCRIPTION, PUBLISH_AT_FORM, PUBLISH_WINDOW_MAX_S, PUBLISH_WINDOW_MIN_S, scheduleForm } from './schedule-input.js';
import { scheduleRepository, type ScheduleTarget } from './schedule.repository.js';

const BATCH_ID = ID_PATTERNS.batch;
const JOB_ID = ID_PATTERNS.job;

const batchParams = z.object({ batch_id: z.string().min(1).max(64).describe('bat_… from a publish answer') });
const jobParams = batchParams.extend({ job_id: z.string().min(1).max(64).describe('job_… from the batch') });

const rescheduleBody = z.strictObject({
  publishAt: z.string().max(64).describe(`The new publish time: ${PUBLISH_AT_FORM}`),
  publishWindow: z
    .number()
    .int()
    .min(PUBLISH_WINDOW_MIN_S)
    .max(PUBLISH_WINDOW_MAX_S)
    .optional()
    .describe('Seconds of lateness accepted after the new publishAt; absent: each job keeps its own window'),
});

/** publishAt is required here; its form and publishWindow's answer their own codes before the schema. */
function checkMove(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  const body = (request.body ?? {}) as { publishAt?: unknown; publishWindow?: unknown };
  try {
    if (typeof body !== 'object' || body.publishAt === undefined || body.publishAt === null) {
      throw openapiError('publish_at_invalid', `publishAt is required: ${PUBLISH_AT_FORM}`);
    }
    scheduleForm(body);
  } catch (error) {
    done(error as Error);
    return;
  }
  done();
}

const RULES =
  'Only jobs created with publishAt, before they start: while `scheduled`, or due and still waiting for their executor (`queued`); once offered to their executor a job has started and is left alone. A job is never both canceled and started: the database decides on the job row.';

export function scheduleRoutes(deps: OpenApiDeps) {
  /** The caller's batch (and job) or the 404 saying which is missing. */
  async function load(userId: number, batchId: string, jobId?: string): Promise<StoredBatch> {
    expectIdKind('batch', batchId);
    if (!BATCH_ID.test(batchId)) throw openapiError('batch_not_found', `'${batchId}' is not a batch id: batch ids start with bat_`);
    const batch = await publishRepository.getBatch(deps.db, userId, batchId);
    if (!batch) throw notFoundError('batch', batchId);
    if (jobId !== undefined && (!JOB_ID.test(jobId) || !batch.jobs.some((j) => j.id === jobId))) {
      throw openapiError('job_not_found', `No job '${jobId}' in batch ${batchId}`);
    }
    return batch;
  }

  /** 409 unless some targeted job is in `wanted` now: nothing it asked for could be done. */
  function settled(batch: StoredBatch, t: ScheduleTarget, wanted: string, verb: string): void {
    const jobs = batch.jobs.filter((j) => t.jobId === undefined || j.id === t.jobId);
    if (jobs.some((j) => j.state === wanted)) return;
    const states = [...new Set(jobs.map((j) => j.state))].join(', ');
    throw openapiError('job_not_scheduled', `Nothing to ${verb}: ${t.jobId ? `job ${t.jobId} is` : 'the jobs of this batch are'} ${states}, no longer waiting for a publish time`);
  }

  async function cancel(userId: number, t: ScheduleTarget) {
    await load(userId, t.batchId, t.jobId);
    await scheduleRepository.cancel(deps.db, t);
    const after = (await publishRepository.getBatch(deps.db, userId, t.batchId))!;
    settled(after, t, 'canceled', 'cancel');
    return batchAnswer(after, userId);
  }

  async function move(userId: number, t: ScheduleTarget, body: z.infer<typeof rescheduleBody>) {
    const form = scheduleForm(body)!;
    checkScheduleBounds(form, deps.now());
    await load(userId, t.batchId, t.jobId);
    await scheduleRepository.move(deps.db, t, form.publishAt, body.publishWindow);
    deps.handoff?.scheduled(form.publishAt);
    const after = (await publishRepository.getBatch(deps.db, userId, t.batchId))!;
    settled(after, t, 'scheduled', 'move');
    return batchAnswer(after, userId);
  }

  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // 413 and 415: a body too large or not JSON is refused before the route, as on every POST.
    const errors = errorResponses(400, 403, 404, 409, 413, 415, 422);
    const tags = ['publish'];

    r.post(
      '/publish/:batch_id/cancel',
      {
        config: { permission: 'publish' },
        schema: {
          operationId: 'cancelScheduledBatch',
          tags,
          summary: 'Cancel the scheduled jobs of a batch',
          description: `Cancels every job of the batch that has not started; each canceled job gives its quota unit back and its state becomes canceled. ${RULES} Idempotent: a repeat answers the batch as it is. 409 job_not_scheduled when no job of the batch is (or was) canceled: they all started or ended. Needs \`publish\`.`,
          params: batchParams,
          response: { 200: batchResponse, ...errors },
        },
      },
      async (request) => cancel(callerOf(request).userId, { userId: callerOf(request).userId, batchId: request.params.batch_id }),
    );

    r.post(
      '/publish/:batch_id/jobs/:job_id/cancel',
      {
        config: { permission: 'publish' },
        schema: {
          operationId: 'cancelScheduledJob',
          tags,
          summary: 'Cancel one scheduled job',
          description: `Cancels the job if it has not started; its quota unit is given back. ${RULES} Idempotent. 409 job_not_scheduled when it started or ended; 404 job_not_found when the batch has no such job. Answers the batch. Needs \`publish\`.`,
          params: jobParams,
          response: { 200: batchResponse, ...errors },
        },
      },
      async (request) => {
        const userId = callerOf(request).userId;
        return cancel(userId, { userId, batchId: request.params.batch_id, jobId: request.params.job_id });
      },
    );

    r.post(
      '/publish/:batch_id/reschedule',
      {
        preValidation: checkMove,
        config: { permission: 'publish' },
        schema: {
          operationId: 'rescheduleBatch',
          tags,
          summary: 'Move the scheduled jobs of a batch to another time',
          description: `Moves every job of the batch that has not started to publishAt (a due job still waiting for its executor becomes scheduled again). ${RULES} publishAt follows the rules of a publish: ${PUBLISH_AT_DESCRIPTION} Idempotent: moving again to the same time changes nothing. 409 job_not_scheduled when no job could be moved. Needs \`publish\`.`,
          params: batchParams,
          body: rescheduleBody,
          response: { 200: batchResponse, ...errors },
        },
      },
      async (request) => {
        const userId = callerOf(request).userId;
        return move(userId, { userId, batchId: request.params.batch_id }, request.body);
      },
    );

    r.post(
      '/publish/:batch_id/jobs/:job_id/reschedule',
      {
        preValidation: checkMove,
        config: { permission: 'publish' },
        schema: {
          operationId: 'rescheduleJob',
          tags,
          summary: 'Move one scheduled job to another time',
          description: `Moves the job to publishAt if it has not started. ${RULES} Idempotent. 409 job_not_scheduled when it started or ended; 404 job_not_found when the batch has no such job. Answers the batch. Needs \`publish\`.`,
          params: jobParams,
          body: rescheduleBody,
          response: { 200: batchResponse, ...errors },
        },
      },
      async (request) => {
        const userId = callerOf(request).userId;
        return move(userId, { userId, batchId: request.params.batch_id, jobId: request.params.job_id }, request.body);
      },
    );
  };
}
