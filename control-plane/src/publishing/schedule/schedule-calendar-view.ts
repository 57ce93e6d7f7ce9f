/**
 * The schedule calendar's query and answer, shared by the console API
 * (/api/console/me/schedule, one integrator's) and the admin API
 * (/api/admin/schedule, everyone's): the same range rules and the same job.
 */
import { z } from 'zod';
import { instantSchema } from '../../http/admin-query.js';
import { CALENDAR_MAX_DAYS, CALENDAR_MAX_JOBS, type CalendarJob } from './schedule-calendar.repository.js';

const DAY_MS = 86_400_000;

const calendarShape = {
  from: instantSchema.describe('Publish times at or after this instant (ISO 8601 with its zone, or a date: midnight UTC)'),
  to: instantSchema.describe(`Publish times before this instant; at most ${CALENDAR_MAX_DAYS} days after from`),
  platform: z.string().regex(/^[a-z0-9_]{1,64}$/, 'platform codes are lowercase letters, digits and _').optional().describe('Only jobs on this platform'),
  accountId: z.coerce.number().int().positive().max(2 ** 31 - 1).optional().describe('Only jobs of this account'),
};

function checkRange(q: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const span = new Date(q.to).getTime() - new Date(q.from).getTime();
  if (span <= 0) ctx.addIssue({ code: 'custom', message: 'from must be before to', path: ['from'] });
  else if (span > CALENDAR_MAX_DAYS * DAY_MS) ctx.addIssue({ code: 'custom', message: `a range of at most ${CALENDAR_MAX_DAYS} days`, path: ['to'] });
}

/** One integrator's calendar: the range and the filters. */
export const calendarQuery = z.object(calendarShape).superRefine(checkRange);

/** Everyone's calendar: the same, and one user's only on request. */
export const adminCalendarQuery = z
  .object({ ...calendarShape, userId: z.coerce.number().int().positive().max(2 ** 31 - 1).optional().describe("Only this user's jobs") })
  .superRefine(checkRange);

export const calendarJobSchema = z.object({
  jobId: z.string().describe('job_…'),
  batchId: z.string().describe('bat_…'),
  userId: z.number().int().describe('The integrator user the job publishes for'),
  userName: z.string(),
  accountId: z.number().int(),
  accountName: z.string(),
  platform: z.string(),
  contentType: z.string().describe('article, dynamic or video'),
  executor: z.string().describe('web, desktop or edge'),
  publishAt: z.string().describe('When it is due (ISO 8601 UTC)'),
  publishDeadline: z.string().nullable().describe('publishAt + publishWindow: not started by then, it fails schedule_missed'),
  title: z.string().nullable().describe("The article's or video's title, a dynamic's first words (up to 200 characters)"),
});

export const calendarAnswerFields = {
  jobs: z.array(calendarJobSchema).describe(`Jobs in state scheduled whose publishAt falls in the range, oldest due first, at most ${CALENDAR_MAX_JOBS}`),
  truncated: z.boolean().describe(`More than ${CALENDAR_MAX_JOBS} jobs fall in the range: narrow it or filter`),
};

export const calendarJobView = (j: CalendarJob): z.infer<typeof calendarJobSchema> => ({
  ...j,
  publishAt: j.publishAt.toISOString(),
  publishDeadline: j.publishDeadline?.toISOString() ?? null,
});
