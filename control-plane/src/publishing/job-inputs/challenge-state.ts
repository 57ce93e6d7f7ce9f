/**
 * A job awaiting input as the people who answer it see it, in the console
 * API and the admin API alike: the `state` event of its stream, the answer to
 * GET …/challenge, and each row of the list of jobs awaiting input. The
 * screenshot link points at the surface that served it.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, rows } from '../../db/client.js';
import { challengeAnswer } from '../challenges/challenge-view.js';
import type { ChallengedJob } from '../challenges/challenges.repository.js';
import { publicJobState } from '../publish/batch-view.js';
import { jobChallengeField, PUBLIC_JOB_STATES } from '../publish/publish.schemas.js';
import type { JobState, OpenChallenge } from '../publishing.schema.js';

export const challengeStateSchema = z.object({
  job_id: z.string().describe('job_…'),
  batch_id: z.string().describe('bat_…'),
  platform: z.string(),
  state: z.enum(PUBLIC_JOB_STATES).describe('awaiting_input while the platform waits on a person; any other state: it resumed or ended'),
  challenge: jobChallengeField,
});
export type ChallengeState = z.infer<typeof challengeStateSchema>;

/** `screenshotBase`: the prefix under which `/jobs/{id}/challenge/screenshot` is served (/api/console/me, /api/admin). */
export function challengeState(j: ChallengedJob, screenshotBase: string): ChallengeState {
  const challenge = challengeAnswer(j, screenshotBase);
  return { job_id: j.id, batch_id: j.batchId, platform: j.platform, state: challenge ? 'awaiting_input' : publicJobState(j.state as JobState), challenge };
}

export const awaitingJobSchema = challengeStateSchema.extend({
  account_id: z.number().int(),
  user_id: z.number().int().describe('The integrator user the job publishes for'),
});

/** The most a list of jobs awaiting input holds: each is a person's task with a deadline of minutes. */
export const AWAITING_LIST_LIMIT = 200;

interface AwaitingRow extends ChallengedJob {
  accountId: number;
}

/**
 * Jobs awaiting input now (of `userId`, or every user's when null), the
 * nearest deadline first. The same condition as openChallenge: running, and
 * its challenge names the running attempt.
 */
export async function awaitingJobs(db: Db, userId: number | null, screenshotBase: string): Promise<Array<z.infer<typeof awaitingJobSchema>>> {
  const found = await rows<AwaitingRow>(
    db,
    sql`select id, batch_id as "batchId", user_id as "userId", account_id as "accountId", platform, node_id as "nodeId", state,
               attempt_id as "attemptId", challenge, input_deadline as "inputDeadline"
        from publish_jobs
        where input_deadline is not null and state = 'running' and challenge ->> 'attemptId' = attempt_id
          and (${userId}::int is null or user_id = ${userId}::int)
        order by input_deadline, id limit ${AWAITING_LIST_LIMIT}`,
  );
  return found.flatMap((r) => {
    const j: ChallengedJob = { ...r, userId: Number(r.userId), challenge: r.challenge as OpenChallenge | null, inputDeadline: r.inputDeadline ? new Date(r.inputDeadline as unknown as string) : null };
    const view = challengeState(j, screenshotBase);
    // A deadline that passed a moment ago: the sweep fails it next; nobody can answer it any more.
    if (view.state !== 'awaiting_input' || j.inputDeadline!.getTime() <= Date.now()) return [];
    return [{ ...view, account_id: Number(r.accountId), user_id: j.userId }];
  });
}
