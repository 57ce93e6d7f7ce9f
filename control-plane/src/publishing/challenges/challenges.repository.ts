/**
 * The SQL of jobs waiting on a person. A node reports a challenge met before
 * its commit (`challenge`), streams the page (`job_frame`) and reports it gone
 * (`challenge_cleared`); people answer through whichever replica serves them;
 * each replica's sweep fails the jobs whose time to answer ran out. Every row
 * is in PostgreSQL and every change is a NOTIFY on INPUTS_CHANNEL
 * (input-relay.ts), so the replica holding the node's socket and the ones
 * serving viewers need not be the same, and a replica restart loses nothing.
 *
 * The job stays `running` for dispatch (its lease, commit fence and the
 * node's heartbeats are unchanged); its `challenge` names the attempt it
 * belongs to, which is what makes it `awaiting_input` (job-events.ts).
 */
import { INPUT_TIMEOUT_LIMITS, type ChallengeKind, type LoginInput } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { type AttemptRef, fenced } from '../../nodes/dispatch-jobs.repository.js';
import { CHANGED_JOB_COLUMNS, type ChangedJob, jobsChanged } from '../../nodes/job-events.js';
import { JOBS_CHANNEL } from '../../nodes/node-registry.repository.js';
import type { OpenChallenge } from '../publishing.schema.js';

export const INPUTS_CHANNEL = 'plume_job_inputs';

/**
 * What goes on INPUTS_CHANNEL: for the replica holding the node (input, cancel) or for viewers
 * (asked, frame, ended). An input notice says what was answered; the relay sends the answers
 * from job_inputs, where they wait while no replica holds the node.
 */
export type InputNotice =
  | { t: 'input'; jobId: string; attemptId: string; nodeId: string; input: LoginInput }
  | { t: 'cancel'; jobId: string; attemptId: string; nodeId: string; reason: string }
  | { t: 'asked'; jobId: string }
  | { t: 'ended'; jobId: string }
  | { t: 'frame'; jobId: string; seq: number };

const notify = (n: InputNotice) => sql`pg_notify(${INPUTS_CHANNEL}, ${JSON.stringify(n)})`;
const ISO_NOW = sql.raw(`to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export interface JobPageFrame {
  seq: number;
  jpeg: string;
  width: number;
  height: number;
}

/** A job as a person answering it sees it. */
export interface ChallengedJob {
  id: string;
  batchId: string;
  userId: number;
  platform: string;
  nodeId: string | null;
  state: string;
  attemptId: string | null;
  challenge: OpenChallenge | null;
  inputDeadline: Date | null;
}

export type InputOutcome = 'sent' | 'not_found' | 'not_awaiting';

/** An answer on its way to the node holding the job's page. */
export interface PendingInput {
  jobId: string;
  attemptId: string;
  input: LoginInput;
}

const asDate = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

export const challengesRepository = {
  /**
   * The node met a challenge under this attempt: the job awaits input until
   * now + its rule's timeout. A repeat (the outbox resends after a reconnect)
   * of a challenge already open changes nothing. False: the attempt is no
   * longer this node's running one (ended, requeued, a newer session).
   */
  async asked(db: Db, ref: AttemptRef, c: { kind: ChallengeKind; step: string; message: string; screenshotPng?: string }): Promise<boolean> {
    return db.transaction(async (tx) => {
      const changed = await rows<ChangedJob>(
        tx,
        sql`update publish_jobs j set updated_at = now(),
              challenge = jsonb_build_object('attemptId', j.attempt_id, 'kind', ${c.kind}::text, 'step', ${c.step}::text,
                                             'message', ${c.message}::text, 'askedAt', ${ISO_NOW}),
              input_deadline = now() + make_interval(secs => coalesce((j.challenge_rule ->> 'timeoutMs')::int, ${INPUT_TIMEOUT_LIMITS.defaultMs}) / 1000.0)
            from execution_nodes n
            where ${fenced(ref)} and j.state = 'running' and coalesce(j.challenge ->> 'attemptId', '') <> j.attempt_id
            returning ${CHANGED_JOB_COLUMNS}`,
      );
      if (changed.length === 0) {
        // Already open under this attempt (a resend) counts as done.
        const [open] = await rows<{ one: number }>(
          tx,
          sql`select 1 as one from publish_jobs j join execution_nodes n on n.id = j.node_id
              where ${fenced(ref)} and j.state = 'running' and j.challenge ->> 'attemptId' = j.attempt_id`,
        );
        return open !== undefined;
      }
      await tx.execute(sql`insert into job_input_pages (job_id, attempt_id, screenshot_png) values (${ref.jobId}, ${ref.attemptId}, ${c.screenshotPng ?? null})
        on conflict (job_id) do update set attempt_id = excluded.attempt_id, screenshot_png = excluded.screenshot_png,
          frame_seq = null, frame_jpeg = null, frame_width = null, frame_height = null, updated_at = now()`);
      // Answers to an earlier challenge that never reached the node are not answers to this one.
      await tx.execute(sql`delete from job_inputs where job_id = ${ref.jobId}`);
      await jobsChanged(tx, changed);
      await tx.execute(sql`select ${notify({ t: 'asked', jobId: ref.jobId })}`);
      return true;
    });
  },

  /** The challenge is gone from the node's page: the job runs again. False: nothing was open under this attempt. */
  async cleared(db: Db, ref: AttemptRef): Promise<boolean> {
    return db.transaction(async (tx) => {
      const changed = await rows<ChangedJob>(
        tx,
        sql`update publish_jobs j set updated_at = now(), challenge = null, input_deadline = null
            from execution_nodes n
            where ${fenced(ref)} and j.state = 'running' and j.challenge ->> 'attemptId' = j.attempt_id
            returning ${CHANGED_JOB_COLUMNS}`,
      );
      if (changed.length === 0) return false;
      await tx.execute(sql`delete from job_input_pages where job_id = ${ref.jobId}`);
      await tx.execute(sql`delete from job_inputs where job_id = ${ref.jobId}`);
      await jobsChanged(tx, changed);
      await tx.execute(sql`select ${notify({ t: 'ended', jobId: ref.jobId })}`);
      return true;
    });
  },

  /** The newest frame of a job awaiting input, from its own node and attempt. */
  async frameIn(db: Db, ref: AttemptRef, f: JobPageFrame): Promise<boolean> {
    const done = await rows<{ job_id: string }>(
      db,
      sql`with j as (
            select j.id from publish_jobs j join execution_nodes n on n.id = j.node_id
            where ${fenced(ref)} and j.state = 'running' and j.challenge ->> 'attemptId' = j.attempt_id),
          u as (
            update job_input_pages p set frame_seq = ${f.seq}, frame_jpeg = ${f.jpeg}, frame_width = ${f.width}, frame_height = ${f.height}, updated_at = now()
            where p.job_id in (select id from j) and p.attempt_id = ${ref.attemptId}
            returning p.job_id)
          select job_id, ${notify({ t: 'frame', jobId: ref.jobId, seq: f.seq })} from u`,
    );
    return done.length > 0;
  },

  /** The job (of `userId`, or any user's when null) with its open challenge, if any. */
  async get(db: Db, jobId: string, userId: number | null): Promise<ChallengedJob | null> {
    const [found] = await rows<ChallengedJob>(
      db,
      sql`select id, batch_id as "batchId", user_id as "userId", platform, node_id as "nodeId", state, attempt_id as "attemptId", challenge,
                 input_deadline as "inputDeadline"
          from publish_jobs where id = ${jobId} and (${userId}::int is null or user_id = ${userId}::int)`,
    );
    return found ? { ...found, userId: Number(found.userId), inputDeadline: asDate(found.inputDeadline) } : null;
  },

  async screenshot(db: Db, jobId: string, attemptId: string): Promise<string | null> {
    const [found] = await rows<{ png: string | null }>(db, sql`select screenshot_png as png from job_input_pages where job_id = ${jobId} and attempt_id = ${attemptId}`);
    return found?.png ?? null;
  },

  async frame(db: Db, jobId: string, attemptId: string): Promise<JobPageFrame | null> {
    const [found] = await rows<{ seq: number | null; jpeg: string | null; width: number | null; height: number | null }>(
      db,
      sql`select frame_seq as seq, frame_jpeg as jpeg, frame_width as width, frame_height as height from job_input_pages where job_id = ${jobId} and attempt_id = ${attemptId}`,
    );
    if (!found?.jpeg || found.seq === null || !found.width || !found.height) return null;
    return { seq: Number(found.seq), jpeg: found.jpeg, width: Number(found.width), height: Number(found.height) };
  },

  /**
   * An answer for a job awaiting input (of `userId`; null: any user's, for
   * admins), on its way to the node holding its page: written to job_inputs
   * and announced in the same statement. The replica holding the node's
   * socket sends it (deliverInputs); when no replica does (the node is
   * reconnecting), it waits there for the node's session to come back.
   */
  async input(db: Db, jobId: string, userId: number | null, input: LoginInput): Promise<InputOutcome> {
    const [sent] = await rows<{ awaiting: boolean }>(
      db,
      sql`with j as (
            select j.id, j.attempt_id, j.node_id,
                   (j.state = 'running' and j.challenge ->> 'attemptId' = j.attempt_id and j.input_deadline > now()) as awaiting
            from publish_jobs j where j.id = ${jobId} and (${userId}::int is null or j.user_id = ${userId}::int)
          ), kept as (
            -- Runs whether or not the select below reads it (a data-modifying CTE always does).
            insert into job_inputs (job_id, attempt_id, input)
            select j.id, j.attempt_id, ${JSON.stringify(input)}::jsonb from j where j.awaiting
            returning job_id
          )
          select j.awaiting,
                 case when j.awaiting and j.node_id is not null
                   then pg_notify(${INPUTS_CHANNEL}, json_build_object('t', 'input', 'jobId', j.id, 'attemptId', j.attempt_id, 'nodeId', j.node_id,
                                                                       'input', ${JSON.stringify(input)}::json)::text) end
          from j`,
    );
    if (!sent) return 'not_found';
    return sent.awaiting ? 'sent' : 'not_awaiting';
  },

  /**
   * Hands the answers waiting for `fence`'s node to `send` (the node's socket on
   * this replica), oldest first, and forgets those it took. Only the node's
   * current connection (its epoch) gets them, and only for a job still
   * awaiting input under the attempt the answer was given for; answers to
   * anything else are dropped here. Rows are locked while they are sent, so
   * two deliveries (a notice and a hello) never send one twice. Stops at the
   * first answer `send` refuses (the socket closed): it and the ones after it
   * wait for the node's next connection.
   */
  async deliverInputs(db: Db, fence: { nodeId: string; epoch: number }, send: (p: PendingInput) => boolean): Promise<number> {
    return db.transaction(async (tx) => {
      const pending = await rows<PendingInput & { id: number; live: boolean }>(
        tx,
        sql`select i.id, i.job_id as "jobId", i.attempt_id as "attemptId", i.input,
                   (j.state = 'running' and j.attempt_id = i.attempt_id and j.challenge ->> 'attemptId' = j.attempt_id
                    and j.input_deadline > now()) as live
            from job_inputs i join publish_jobs j on j.id = i.job_id
              join execution_nodes n on n.id = j.node_id and n.session_epoch = ${fence.epoch}
            where j.node_id = ${fence.nodeId}
            order by i.id
            for update of i skip locked`,
      );
      const done: number[] = [];
      let sent = 0;
      for (const p of pending) {
        if (p.live) {
          if (!send({ jobId: p.jobId, attemptId: p.attemptId, input: p.input })) break;
          sent++;
        }
        done.push(Number(p.id));
      }
      if (done.length) await tx.execute(sql`delete from job_inputs where id = any(${`{${done.join(',')}}`}::bigint[])`);
      return sent;
    });
  },

  /** Nodes with answers waiting (the relay's backstop for a lost notice). */
  async nodesWithInputs(db: Db): Promise<string[]> {
    const list = await rows<{ nodeId: string }>(
      db,
      sql`select distinct j.node_id as "nodeId" from job_inputs i join publish_jobs j on j.id = i.job_id where j.node_id is not null`,
    );
    return list.map((r) => r.nodeId);
  },

  /**
   * Jobs whose time to answer ran out: failed `input_timeout` (nothing was
   * clicked: the unit is given back in the same statement, job-events.ts),
   * their nodes told to cancel. One statement per round; a job fails once,
   * whichever replica's sweep reaches it. Returns the ids failed.
   */
  async expire(db: Db, limit = 200): Promise<string[]> {
    return db.transaction(async (tx) => {
      const changed = await rows<ChangedJob & { attemptId: string }>(
        tx,
        sql`with due as (
              select id from publish_jobs
              where input_deadline < now() and state = 'running' and challenge ->> 'attemptId' = attempt_id
              order by input_deadline limit ${limit} for update skip locked)
            update publish_jobs j set updated_at = now(), state = 'failed', error_code = 'input_timeout',
              error_message = 'nobody answered what the platform asked (' || (j.challenge ->> 'kind') || ') in time; nothing was published',
              feedback = coalesce(j.feedback, '{}'::jsonb) || jsonb_build_object('step', j.challenge ->> 'step', 'message', 'input_timeout'),
              challenge = null, input_deadline = null, lease_until = null
            from due where j.id = due.id
            returning ${CHANGED_JOB_COLUMNS}, j.attempt_id as "attemptId"`,
      );
      if (changed.length === 0) return [];
      const ids = changed.map((c) => c.id);
      await tx.execute(sql`delete from job_input_pages where job_id = any(${`{${ids.join(',')}}`}::text[])`);
      await tx.execute(sql`delete from job_inputs where job_id = any(${`{${ids.join(',')}}`}::text[])`);
      await jobsChanged(tx, changed.map(({ attemptId: _a, ...c }) => c));
      for (const c of changed) {
        // The failed job let go of its account: that account's next job may be offered now (the replica
        // holding the node runs a dispatch pass on JOBS_CHANNEL; the poll would only get there later).
        if (c.nodeId) {
          await tx.execute(sql`select ${notify({ t: 'cancel', jobId: c.id, attemptId: c.attemptId, nodeId: c.nodeId, reason: 'input_timeout' })},
                                      pg_notify(${JOBS_CHANNEL}, ${c.nodeId})`);
        }
        await tx.execute(sql`select ${notify({ t: 'ended', jobId: c.id })}`);
      }
      return ids;
    });
  },
};
