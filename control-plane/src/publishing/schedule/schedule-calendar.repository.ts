/**
 * The schedule as a calendar reads it: jobs still `scheduled` (accepted with
 * a publishAt, not yet due) whose publish time falls in a range, with their
 * account, batch and title, oldest due first. One integrator's (the console's
 * Schedule page for a `user`) or everyone's, optionally one user's (the admin
 * API's /schedule). Read on the partial index publish_jobs_scheduled.
 */
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';

/** A calendar shows at most this many days at once. */
export const CALENDAR_MAX_DAYS = 42;
/** At most this many jobs in one answer; `truncated` says when more fall in the range. */
export const CALENDAR_MAX_JOBS = 500;

export interface CalendarFilter {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
  userId?: number | undefined;
  platform?: string | undefined;
  accountId?: number | undefined;
}

export interface CalendarJob {
  jobId: string;
  batchId: string;
  userId: number;
  userName: string;
  accountId: number;
  accountName: string;
  platform: string;
  contentType: string;
  executor: string;
  publishAt: Date;
  /** publishAt + publishWindow: not started by then, it fails schedule_missed. */
  publishDeadline: Date | null;
  /** The article's or video's title; a dynamic's first words; null when the payload has neither. */
  title: string | null;
}

const TITLE_CHARS = 200;

export const scheduleCalendarRepository = {
  async list(db: Db, f: CalendarFilter): Promise<{ jobs: CalendarJob[]; truncated: boolean }> {
    const found = await rows<Omit<CalendarJob, 'publishAt' | 'publishDeadline' | 'userId' | 'accountId'> & { userId: unknown; accountId: unknown; publishAt: unknown; publishDeadline: unknown }>(
      db,
      sql`select j.id as "jobId", j.batch_id as "batchId", j.user_id as "userId", u.name as "userName", j.account_id as "accountId",
                 a.display_name as "accountName", j.platform, j.content_type as "contentType", j.executor,
                 j.publish_at as "publishAt", j.publish_deadline as "publishDeadline",
                 left(coalesce(nullif(j.payload ->> 'title', ''), nullif(j.payload ->> 'content', '')), ${TITLE_CHARS}) as title
          from publish_jobs j
          join accounts a on a.id = j.account_id
          join users u on u.id = j.user_id
          where j.state = 'scheduled' and j.publish_at >= ${f.from.toISOString()}::timestamptz and j.publish_at < ${f.to.toISOString()}::timestamptz
            ${f.userId === undefined ? sql`` : sql`and j.user_id = ${f.userId}`}
            ${f.platform === undefined ? sql`` : sql`and j.platform = ${f.platform}`}
            ${f.accountId === undefined ? sql`` : sql`and j.account_id = ${f.accountId}`}
          order by j.publish_at, j.id
          limit ${CALENDAR_MAX_JOBS + 1}`,
    );
    const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
    const jobs = found.slice(0, CALENDAR_MAX_JOBS).map((j) => ({
      ...j,
      userId: Number(j.userId),
      accountId: Number(j.accountId),
      publishAt: date(j.publishAt),
      publishDeadline: j.publishDeadline == null ? null : date(j.publishDeadline),
    }));
    return { jobs, truncated: found.length > CALENDAR_MAX_JOBS };
  },
};
