/**
 * /api/console/me/schedule and /me/batches/{id}/jobs/{id}/cancel: an
 * integrator's scheduled jobs as a calendar (those still waiting for their
 * publishAt in a range of days) and the cancel of one before it starts. The
 * calendar is read by the schedule's own repository, the cancel is the Open
 * API's (POST /publish/{batch_id}/jobs/{job_id}/cancel: the same row-level
 * transition, so a job is never both canceled and started, and its quota
 * unit comes back once). Another integrator's batch or job answers 404 like
 * an unknown one.
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
import { integratorOf } from './console-auth.js';
import { consoleError } from './console.errors.js';
import { ok, pathId } from './console-schemas.js';
import type { ConsoleApp } from './console.types.js';

const access = { access: 'integrator' as const };
const tags = ['publishing'];

const BATCH_ID = ID_PATTERNS.batch;
const JOB_ID = ID_PATTERNS.job;

export function registerIntegratorScheduleRoutes(r: ConsoleApp, deps: { db: Db }): void {
  const { db } = deps;

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
        params: z.object({ batchId: pathId('The batch id (bat_…)', BATCH_ID), jobId: pathId('The job id (job_…)', JOB_ID) }),
        response: ok(z.object({ batch: batchResponse })),
      },
    },
    async (request) => {
      const userId = integratorOf(request);
      const { batchId, jobId } = request.params;
      const batch = await publishRepository.getBatch(db, userId, batchId);
      if (!batch) throw consoleError('not_found', `You have no publish batch ${batchId}`);
      if (!batch.jobs.some((j) => j.id === jobId)) throw consoleError('not_found', `Your batch ${batchId} has no job ${jobId}`);
      await scheduleRepository.cancel(db, { userId, batchId, jobId });
      const after = (await publishRepository.getBatch(db, userId, batchId))!;
      const job = after.jobs.find((j) => j.id === jobId)!;
      if (job.state !== 'canceled') throw consoleError('job_not_scheduled', `Nothing to cancel: job ${jobId} is ${job.state}, no longer waiting for its publish time`);
      return { batch: batchAnswer(after, userId, '/api/console/me') };
    },
  );
}
