/**
 * /api/console/me/schedule, /me/batches/{id}/jobs/{id}/cancel and
 * …/reschedule: an integrator's scheduled jobs as a calendar (those still
 * waiting for their publishAt in a range of days), and the cancel or move of
 * one before it starts. The calendar is read by the schedule's own
 * repository; the cancel and the move are the Open API's
 * (POST /publish/{batch_id}/jobs/{job_id}/cancel and /reschedule: the same
 * row-level transitions, so a job is never both moved or canceled and
 * started, and a canceled job's quota unit comes back once). Another
 * integrator's batch or job answers 404 like an unknown one.
 */
import { ID_PATTERNS } from '@plume/shared';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { batchAnswer } from '../publishing/publish/batch-answer.js';
import { publishRepository } from '../publishing/publish/publish.repository.js';
import { batchResponse } from '../publishing/publish/publish.schemas.js';
import { calendarAnswerFields, calendarJobView, calendarQuery } from '../publishing/schedule/schedule-calendar-view.js';
import { scheduleCalendarRepository } from '../publishing/schedule/schedule-calendar.repository.js';
import { scheduleRepository } from '../publishing/schedule/schedule.repository.js';
import { ApiError } from '../http/errors.js';
import { checkScheduleBounds, PUBLISH_AT_FORM, scheduleForm } from '../publishing/schedule/schedule-input.js';
import { integratorOf } from './console-auth.js';
import { CONSOLE_STATUS, type ConsoleErrorCode, consoleError } from './console.errors.js';
import { ok, pathId } from './console-schemas.js';
import type { ConsoleApp } from './console.types.js';

const access = { access: 'integrator' as const };
const tags = ['publishing'];

const BATCH_ID = ID_PATTERNS.batch;
const JOB_ID = ID_PATTERNS.job;

const jobParams = z.object({ batchId: pathId('The batch id (bat_…)', BATCH_ID), jobId: pathId('The job id (job_…)', JOB_ID) });

/** The new time as the Open API reads it; its refusals keep their codes in the console's envelope. */
function newPublishAt(publishAt: string): Date {
  try {
    const form = scheduleForm({ publishAt })!;
    checkScheduleBounds(form, new Date());
    return form.publishAt;
  } catch (e) {
    if (e instanceof ApiError && e.code in CONSOLE_STATUS) throw consoleError(e.code as ConsoleErrorCode, e.message);
    throw e;
  }
}

export function registerIntegratorScheduleRoutes(r: ConsoleApp, deps: { db: Db }): void {
  const { db } = deps;

  /** The integrator's batch holding `jobId`, or the 404 saying which is missing. */
  async function ownBatch(userId: number, batchId: string, jobId: string) {
    const batch = await publishRepository.getBatch(db, userId, batchId);
    if (!batch) throw consoleError('not_found', `You have no publish batch ${batchId}`);
    if (!batch.jobs.some((j) => j.id === jobId)) throw consoleError('not_found', `Your batch ${batchId} has no job ${jobId}`);
    return batch;
  }

  r.get(
    '/me/schedule',
    {
      config: access,
      schema: {
        tags,
        operationId: 'listMySchedule',
        summary: 'Your scheduled jobs whose publish time falls in a range, oldest due first',
        description:
          'Jobs in state scheduled (accepted with publishAt, not due yet) with their account, platform, batch and title, for a calendar. A job that became due is queued and leaves the calendar. 400 validation_failed for a range that is empty, reversed or longer than 42 days.',
        querystring: calendarQuery,
        response: ok(z.object(calendarAnswerFields)),
      },
    },
    async (request) => {
      const q = request.query;
      const { jobs, truncated } = await scheduleCalendarRepository.list(db, {
        from: new Date(q.from),
        to: new Date(q.to),
        userId: integratorOf(request),
        platform: q.platform,
        accountId: q.accountId,
      });
      return { jobs: jobs.map(calendarJobView), truncated };
    },
  );

  r.post(
    '/me/batches/:batchId/jobs/:jobId/cancel',
    {
      config: access,
      schema: {
        tags,
        operationId: 'cancelMyScheduledJob',
        summary: 'Cancel one of your scheduled jobs before it starts; its quota unit is given back',
        description:
          'As POST /api/openapi/v1/publish/{batch_id}/jobs/{job_id}/cancel: only a job created with publishAt that has not been offered to its executor. Idempotent: a job already canceled answers the batch as it is. 409 job_not_scheduled when it started or ended. Answers the batch.',
        params: jobParams,
        response: ok(z.object({ batch: batchResponse })),
      },
    },
    async (request) => {
      const userId = integratorOf(request);
      const { batchId, jobId } = request.params;
      await ownBatch(userId, batchId, jobId);
      await scheduleRepository.cancel(db, { userId, batchId, jobId });
      const after = (await publishRepository.getBatch(db, userId, batchId))!;
      const job = after.jobs.find((j) => j.id === jobId)!;
      if (job.state !== 'canceled') throw consoleError('job_not_scheduled', `Nothing to cancel: job ${jobId} is ${job.state}, no longer waiting for its publish time`);
      return { batch: batchAnswer(after, userId, '/api/console/me') };
    },
  );

  r.post(
    '/me/batches/:batchId/jobs/:jobId/reschedule',
    {
      config: access,
      schema: {
        tags,
        operationId: 'rescheduleMyJob',
        summary: 'Move one of your scheduled jobs to another publish time before it starts',
        description: `As POST /api/openapi/v1/publish/{batch_id}/jobs/{job_id}/reschedule: only a job created with publishAt that has not been offered to its executor; it keeps its lateness window. publishAt: ${PUBLISH_AT_FORM}, at most 30 days ahead (400 publish_at_invalid; 422 publish_at_in_past, publish_at_too_far). Idempotent. 409 job_not_scheduled when it started or ended. Answers the batch.`,
        params: jobParams,
        body: z.strictObject({ publishAt: z.string().min(1).max(64).describe(`The new publish time: ${PUBLISH_AT_FORM}`) }),
        response: ok(z.object({ batch: batchResponse })),
      },
    },
    async (request) => {
      const userId = integratorOf(request);
      const { batchId, jobId } = request.params;
      const at = newPublishAt(request.body.publishAt);
      await ownBatch(userId, batchId, jobId);
      await scheduleRepository.move(db, { userId, batchId, jobId }, at, undefined);
      const after = (await publishRepository.getBatch(db, userId, batchId))!;
      const job = after.jobs.find((j) => j.id === jobId)!;
      if (job.state !== 'scheduled') throw consoleError('job_not_scheduled', `Nothing to move: job ${jobId} is ${job.state}, no longer waiting for its publish time`);
      return { batch: batchAnswer(after, userId, '/api/console/me') };
    },
  );
}
