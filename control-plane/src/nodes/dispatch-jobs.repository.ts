/**
 * Job transitions of dispatch: claim + offer, accept, start, reject, commit,
 * lease renewal (the node's reports are in job-reports.repository.ts). Each is one transaction
 * fenced by the node's current session epoch (the connection is not stale)
 * and the job's attempt id (the report is about this attempt); a write that
 * fails the fence changes nothing.
 */
import type { JobChallengeRule, JobSpec } from '@plume/shared';
import { CAP_REACHED, IN_QUIET, RULE_OF } from '../publishing/pacing/pacing-sql.js';
import { HEALTH_HOLDS } from '../accounts/health/health-sql.js';
import { sql } from 'drizzle-orm';
import { type Db, preparedSql, rows } from '../db/client.js';
import { CHANGED_JOB_COLUMNS, type ChangedJob, JOBS_CHANGED_CTES, jobsChanged } from './job-events.js';
import { toTextArray } from './node-registry.repository.js';

const PACING_RULE = sql.raw(RULE_OF('j.account_id', 'j.platform'));
const PACING_CAP_REACHED = sql.raw(CAP_REACHED('r', 'ap'));
const PACING_IN_QUIET = sql.raw(IN_QUIET('r'));
const HEALTH_HOLDS_JOB = sql.raw(HEALTH_HOLDS('j.account_id'));

export interface Fence {
  nodeId: string;
  epoch: number;
}
export interface AttemptRef extends Fence {
  jobId: string;
  attemptId: string;
}

export interface Offer {
  jobId: string;
  attemptId: string;
  platform: string;
  contentType: 'article' | 'dynamic' | 'video';
  deadline: number;
}

export interface ClaimedOffer {
  nodeId: string;
  epoch: number;
  offer: Offer;
}

/** A PostgreSQL integer[] literal (one parameter on both drivers). */
const toIntArray = (values: number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;

export const ms = (n: number) => sql`(${n} * interval '1 millisecond')`;
/** The fence every node-driven write carries (publish_jobs `j`, execution_nodes `n`). */
export const fenced = (f: AttemptRef) =>
  sql`j.id = ${f.jobId} and j.attempt_id = ${f.attemptId} and j.node_id = ${f.nodeId} and n.id = ${f.nodeId} and n.session_epoch = ${f.epoch}`;

/**
 * An attempt charged when it actually started on its node: the node's first
 * progress report or its commit (whichever comes first; a result too). Not
 * when it was offered, accepted, or waiting on the node behind the same
 * account's running job: a node that keeps crashing, or an offer nobody
 * answers, costs the jobs queued on it nothing. SET clauses for publish_jobs `j`.
 */
export const CHARGE_STARTED_TEXT = 'attempt = j.attempt + (j.attempt_started_at is null)::int, attempt_started_at = coalesce(j.attempt_started_at, now())';
export const CHARGE_STARTED = sql.raw(CHARGE_STARTED_TEXT);

/**
 * State after losing a node before commit (or a lookup that found nothing):
 * back to the queue, or failed once `maxAttempts` charged attempts are spent
 * and the attempt that ended had started (one that never started is never
 * the job's last).
 */
export const requeueOrFail = (maxAttempts: number, code: string) => sql`
  state = case when j.attempt_started_at is not null and j.attempt >= ${maxAttempts} then 'failed' else 'queued' end,
  error_code = case when j.attempt_started_at is not null and j.attempt >= ${maxAttempts} then ${code} else j.error_code end,
  error_message = case when j.attempt_started_at is not null and j.attempt >= ${maxAttempts} then ${`gave up after ${maxAttempts} attempts: ${code}`} else j.error_message end,
  attempt_started_at = null,
  lease_until = null`;

interface SpecRow {
  userId: number;
  platform: string;
  contentType: JobSpec['contentType'];
  accountId: number;
  externalRef: string | null;
  displayName: string | null;
  payload: Record<string, unknown>;
  settings: Record<string, unknown>;
  settingsHash: string;
  settingsContractVersion: string;
  createdAt: string;
  requestId: string | null;
  challengeRule: JobChallengeRule | null;
}

/** What `start` and `verify` carry, from publish_jobs `u` and accounts `a` (and the X-Request-Id of the publish that created the job). */
const SPEC_COLUMNS = sql.raw(`u.user_id as "userId", u.platform, u.content_type as "contentType", u.account_id as "accountId",
  a.external_ref as "externalRef", a.display_name as "displayName", u.payload, u.settings_snapshot as settings,
  u.settings_hash as "settingsHash", u.settings_contract_version as "settingsContractVersion",
  to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  (select b.request_id from publish_batches b where b.id = u.batch_id) as "requestId", u.challenge_rule as "challengeRule"`);

function toSpec(row: SpecRow): JobSpec {
  return {
    userId: Number(row.userId),
    platform: row.platform,
    contentType: row.contentType,
    account: { id: Number(row.accountId), externalRef: row.externalRef, displayName: row.displayName ?? '' },
    payload: row.payload,
    settings: row.settings,
    settingsHash: row.settingsHash,
    settingsContractVersion: row.settingsContractVersion,
    createdAt: row.createdAt,
    ...(row.requestId ? { requestId: row.requestId } : {}),
    ...(row.challengeRule ? { challenge: row.challengeRule } : {}),
  };
}

async function specOf(tx: Db, jobId: string): Promise<JobSpec | null> {
  const [row] = await rows<SpecRow>(tx, sql`select ${SPEC_COLUMNS} from publish_jobs u left join accounts a on a.id = u.account_id where u.id = ${jobId}`);
  return row ? toSpec(row) : null;
}

/** A relation a(job_id, attempt_id, node_id, epoch) of the given refs: four array parameters, whatever their number. */
export const attemptRefs = (refs: AttemptRef[]) =>
  sql`select * from unnest(${toTextArray(refs.map((r) => r.jobId))}::text[], ${toTextArray(refs.map((r) => r.attemptId))}::text[],
                           ${toTextArray(refs.map((r) => r.nodeId))}::text[], ${toIntArray(refs.map((r) => r.epoch))}::bigint[])
      as a(job_id, attempt_id, node_id, epoch)`;

async function whyNotCommitted(db: Db, ref: AttemptRef, minLeaseMs: number): Promise<{ ok: true } | { ok: false; reason: string }> {
  const [why] = await rows<{ state: string; attemptId: string | null; nodeId: string | null; epoch: number | null; leaseOk: boolean }>(
    db,
    sql`select j.state, j.attempt_id as "attemptId", j.node_id as "nodeId", n.session_epoch::int as epoch,
               coalesce(j.lease_until > now() + ${ms(minLeaseMs)}, false) as "leaseOk"
        from publish_jobs j left join execution_nodes n on n.id = ${ref.nodeId}
        where j.id = ${ref.jobId}`,
  );
  if (!why) return { ok: false, reason: 'job_not_found' };
  if (why.epoch !== ref.epoch) return { ok: false, reason: 'stale_session' };
  if (why.attemptId !== ref.attemptId || why.nodeId !== ref.nodeId) return { ok: false, reason: 'attempt_superseded' };
  // Asking again for an attempt already committed is granted again.
  if (why.state === 'committed') return { ok: true };
  if (!why.leaseOk) return { ok: false, reason: 'lease_nearly_spent' };
  return { ok: false, reason: `job_${why.state}` };
}

export const dispatchJobs = {
  specOf,

  /**
   * Nodes connected to `replica` that have due queued jobs: the candidates of
   * a full dispatch pass. Driven by the queued jobs (index publish_jobs_dispatch),
   * so its cost follows the queue, not the number of connected nodes.
   */
  async nodesWithQueuedJobs(db: Db, replica: string): Promise<string[]> {
    const list = await rows<{ nodeId: string }>(
      db,
      sql`select distinct j.node_id as "nodeId"
          from publish_jobs j join execution_nodes n on n.id = j.node_id and n.connected_replica = ${replica}
          where j.state = 'queued' and (j.lease_until is null or j.lease_until <= now())`,
    );
    return list.map((r) => r.nodeId);
  },

  /**
   * One statement for many nodes: for each given session of this replica that
   * has due queued jobs, claims up to its free slots (concurrency − jobs in
   * flight) and marks them offered: a new attempt id (not charged: nothing
   * started yet), the node's epoch, the offer deadline. A node counts only
   * while its row still names this connection (epoch, replica) and it may take
   * jobs (active, frozen settings).
   * SKIP LOCKED: two replicas (or passes) never claim the same row; a job
   * only ever goes to the node it was created for (publish_jobs.node_id).
   *
   * `backlog`: the nodes that still have due queued jobs after this claim
   * (their slots are full): only for those does a freed slot call for
   * another pass. Rows another claimer holds count as queued here, which at
   * worst costs a pass that finds nothing.
   */
  async claimBatch(
    db: Db,
    a: { sessions: Array<Fence & { concurrency: number }>; replica: string; offerMs: number },
  ): Promise<{ offers: ClaimedOffer[]; backlog: string[] }> {
    if (a.sessions.length === 0) return { offers: [], backlog: [] };
    const claimed = await preparedSql<{
      backlog: boolean;
      nodeId: string;
      epoch: number;
      jobId: string;
      attemptId: string;
      platform: string;
      contentType: Offer['contentType'];
      deadline: string;
    }>(
      db,
      // Arrays travel as three parameters, whatever the number of nodes (no 65,535-parameter limit).
      // set_config(…, true) makes this one statement's commit asynchronous (it does not wait for
      // the WAL flush; the setting ends with the implicit transaction). Losing a claim in a
      // database crash is harmless: the job is queued again and re-offered under a new attempt id,
      // the node's accept for the lost attempt fails the fence, and nothing starts before an
      // accept commits — synchronously, which also flushes this claim's WAL ahead of it.
      sql`with s as (
            select * from unnest(${toTextArray(a.sessions.map((x) => x.nodeId))}::text[], ${toIntArray(a.sessions.map((x) => x.epoch))}::bigint[],
                                 ${toIntArray(a.sessions.map((x) => x.concurrency))}::int[]) as s(node_id, epoch, concurrency)
            where set_config('synchronous_commit', 'off', true) = 'off'
          ), n as (
            select s.node_id, s.epoch,
                   s.concurrency - (select count(*)::int from publish_jobs x
                                    where x.node_id = s.node_id and x.state in ('offered', 'accepted', 'running', 'committed')
                                      -- A job waiting on a person holds its account, not a slot of the node. Null-safe:
                                      -- for a job without a challenge the comparison is null, and NOT NULL would
                                      -- leave every running job out of the count.
                                      and not (x.state = 'running' and coalesce(x.challenge ->> 'attemptId' = x.attempt_id, false))) as free
            from s join execution_nodes e on e.id = s.node_id and e.session_epoch = s.epoch and e.connected_replica = ${a.replica}
              and e.status = 'active' and coalesce((e.capabilities ->> 'publishSettingsSnapshot')::int, 0) = 1
            where exists (select 1 from publish_jobs q where q.node_id = s.node_id and q.state = 'queued' and (q.lease_until is null or q.lease_until <= now()))
          ), firsts as (
            -- Each account's oldest queued job on these nodes, in one pass over their queue: asked per
            -- candidate instead ("no older queued job of the account"), it rescanned the queue for every
            -- queued job, quadratic in the queue (4.4 s per claim at 600 queued, 0.2 s this way).
            -- Only an account's oldest queued job is a candidate, so one claim offers at most one job
            -- per account, in the order they were queued.
            select distinct on (q.node_id, q.account_id) q.id from publish_jobs q
            where q.state = 'queued' and q.node_id in (select node_id from n)
            order by q.node_id, q.account_id, q.created_at, q.id
          ), cand as (
            select p.*, n.epoch from n cross join lateral (
              select j.id, j.account_id, r.paced, r.gap, r.jitter, r.cap, r.tz from publish_jobs j
              cross join lateral ${PACING_RULE} r
              where j.node_id = n.node_id and j.state = 'queued' and (j.lease_until is null or j.lease_until <= now())
                -- An account runs one job at a time, in order: its oldest queued job, and only while none
                -- of its jobs is offered, accepted, running (awaiting input included: the paused job holds
                -- its account, not a slot) or committing, on any node. Otherwise the node accepts the job
                -- and holds a slot with it behind the account's running one, for as long as a person takes
                -- to answer (index publish_jobs_account_busy).
                and j.id in (select id from firsts)
                and not exists (select 1 from publish_jobs b
                                where b.account_id = j.account_id and b.state in ('offered', 'accepted', 'running', 'committed'))
                -- An account cooling down or restricted starts nothing (accounts/health/).
                and not ${HEALTH_HOLDS_JOB}
                -- A paced account starts its jobs when its rule lets it (pacing/).
                and (not r.paced or (
                  not exists (select 1 from account_pacing ap where ap.account_id = j.account_id and (ap.next_at > now() or ${PACING_CAP_REACHED}))
                  and not ${PACING_IN_QUIET}))
              order by j.created_at, j.id
              limit greatest(n.free, 0)
              for update of j skip locked
            ) p
          ), paced as (
            -- The account's next start moves on, once: a claim that finds it moved meanwhile (another pass,
            -- another replica) updates nothing here and leaves its job queued.
            insert into account_pacing as ap (account_id, next_at, day, day_count, day_cap, last_started_at)
            select distinct on (c.account_id) c.account_id, now() + make_interval(secs => (c.gap + floor(random() * (c.jitter + 1))) / 1000.0),
                   (now() at time zone c.tz)::date, 1, c.cap, now()
            from cand c where c.paced
            on conflict (account_id) do update set
              next_at = excluded.next_at, last_started_at = excluded.last_started_at, day_cap = excluded.day_cap,
              day_count = case when ap.day = excluded.day then ap.day_count + 1 else 1 end, day = excluded.day
            where ap.next_at <= now() and (excluded.day_cap is null or ap.day <> excluded.day or ap.day_count < excluded.day_cap)
            returning ap.account_id
          ), picked as (
            select c.id, c.epoch from cand c where not c.paced or c.account_id in (select account_id from paced)
          ), claimed as (
            update publish_jobs j
            set updated_at = now(), state = 'offered', attempt_id = 'att_' || replace(gen_random_uuid()::text, '-', ''), attempt_started_at = null,
                node_epoch = picked.epoch, lease_until = now() + ${ms(a.offerMs)}
            from picked where j.id = picked.id
            returning j.node_id as "nodeId", picked.epoch::int as epoch, j.id as "jobId", j.attempt_id as "attemptId", j.platform,
                      j.content_type as "contentType", (extract(epoch from j.lease_until) * 1000)::bigint::text as deadline
          )
          select false as backlog, c.* from claimed c
          union all
          select true, n.node_id, n.epoch::int, null, null, null, null, null from n
          where exists (select 1 from publish_jobs q where q.node_id = n.node_id and q.state = 'queued'
                          and (q.lease_until is null or q.lease_until <= now()) and q.id not in (select id from picked))`,
    );
    const offers: ClaimedOffer[] = [];
    const backlog: string[] = [];
    for (const { backlog: more, nodeId, epoch, deadline, ...offer } of claimed) {
      if (more) backlog.push(nodeId);
      else offers.push({ nodeId, epoch: Number(epoch), offer: { ...offer, deadline: Number(deadline) } });
    }
    return { offers, backlog };
  },

  /** offer → running (before the deadline); returns what `start` carries, or null when the fence fails. */
  async accept(db: Db, ref: AttemptRef, leaseMs: number): Promise<{ job: JobSpec; leaseUntil: number } | null> {
    const [one] = await dispatchJobs.acceptMany(db, [ref], leaseMs);
    return one ?? null;
  },

  /**
   * accept for many attempts in one statement: the job becomes running (its
   * job events written in the same statement, job-events.ts) and the start
   * payload is read; one answer per ref, in order, null where the fence
   * failed or the offer expired. `start` goes out once this commits. A start
   * that cannot be delivered (the socket closed meanwhile) leaves the job
   * running without a node working on it, exactly as a node that dies after
   * `start`: its lease runs out and the job is queued again. (`accepted`, a
   * step of its own before, stays a valid state that every check admits.)
   *
   * Committed asynchronously, as the claim is (set_config local to the
   * implicit transaction): `start` goes out without waiting for a WAL flush.
   * An accept lost in a database crash cannot lead to a publish: the node
   * still asks `commit` before the one non-repeatable step, and that commit
   * is synchronous and fenced on the job being accepted or running under this
   * attempt and session epoch. A lost accept leaves the job offered (or
   * queued), so the node's commit is refused and the job is offered again;
   * its job events are lost with it (they exist exactly when the change does).
   */
  async acceptMany(db: Db, refs: AttemptRef[], leaseMs: number): Promise<Array<{ job: JobSpec; leaseUntil: number } | null>> {
    if (refs.length === 0) return [];
    const list = await preparedSql<SpecRow & { jobId: string; attemptId: string; leaseUntil: string }>(
      db,
      sql`with a as (${attemptRefs(refs)} where set_config('synchronous_commit', 'off', true) = 'off'), u as (
            update publish_jobs j set updated_at = now(), state = 'running', lease_until = now() + ${ms(leaseMs)}
            from a, execution_nodes n
            where j.id = a.job_id and j.attempt_id = a.attempt_id and j.node_id = a.node_id and n.id = a.node_id and n.session_epoch = a.epoch
              and j.state = 'offered' and j.lease_until > now()
            returning j.*
          ), changed as (
            select ${CHANGED_JOB_COLUMNS} from u j
          ), ${sql.raw(JOBS_CHANGED_CTES)}
          select u.id as "jobId", u.attempt_id as "attemptId", (extract(epoch from u.lease_until) * 1000)::bigint::text as "leaseUntil", ${SPEC_COLUMNS}
          from u left join accounts a on a.id = u.account_id`,
    );
    const byRef = new Map(list.map((r) => [`${r.jobId} ${r.attemptId}`, r]));
    return refs.map((ref) => {
      const row = byRef.get(`${ref.jobId} ${ref.attemptId}`);
      return row ? { job: toSpec(row), leaseUntil: Number(row.leaseUntil) } : null;
    });
  },

  /**
   * The node declined or gave the job back. Permanent reasons fail the job.
   * Any other is a hand-back of an attempt that published nothing (busy,
   * draining, cancelled, refused commit): the job is queued again and the
   * attempt is not charged, after a short backoff (no tight loop on a busy
   * node) — except `commit_refused`, which is queued at once.
   *
   * `commit_refused` is also accepted from `committed` (and from `unknown`,
   * should a sweep have got there first): the node asked for the commit and
   * gave up waiting for the acknowledgement (timed out or cut off). The
   * control plane may have recorded the commit and lost the answer (the
   * socket dropped, the database restarted after committing). That is still
   * safe to re-queue: the node clicks only after it receives `commit_ack ok`,
   * its gate settles once (ack or give-up, never both), and after giving up it
   * ignores a late ack; so an attempt it handed back never published. The
   * hand-back is fenced like every node write: the node's current session
   * epoch and this attempt id, so a stale or superseded attempt changes nothing.
   */
  async reject(db: Db, ref: AttemptRef, a: { reason: string; permanent: boolean; backoffMs: number }): Promise<boolean> {
    return db.transaction(async (tx) => {
      if (a.permanent) {
        const failed = await rows<ChangedJob>(
          tx,
          sql`update publish_jobs j set updated_at = now(), state = 'failed', error_code = ${`node_rejected_${a.reason}`},
                error_message = ${`the node refused the job: ${a.reason}`}, lease_until = null
              from execution_nodes n
              where ${fenced(ref)} and j.state in ('offered', 'accepted', 'running')
              returning ${CHANGED_JOB_COLUMNS}`,
        );
        await jobsChanged(tx, failed);
        return failed.length > 0;
      }
      const handedBackCommit = a.reason === 'commit_refused';
      const states = handedBackCommit ? sql`('offered', 'accepted', 'running', 'committed', 'unknown')` : sql`('offered', 'accepted', 'running')`;
      const backoffMs = handedBackCommit ? 0 : a.backoffMs;
      const message = `the node gave the job back before publishing (${a.reason}); queued again`;
      const requeued = await rows<ChangedJob>(
        tx,
        sql`update publish_jobs j set updated_at = now(), state = 'queued',
              attempt = j.attempt - (j.attempt_started_at is not null)::int, attempt_started_at = null,
              platform_status = null, lease_until = now() + ${ms(backoffMs)},
              feedback = coalesce(j.feedback, '{}'::jsonb) || jsonb_build_object('step', 'queued', 'message', ${message}::text)
            from execution_nodes n
            where ${fenced(ref)} and j.state in ${states}
            returning ${CHANGED_JOB_COLUMNS}`,
      );
      // A job a sweep had already made `unknown` has a lookup pending: the hand-back settles it.
      if (handedBackCommit && requeued.length) {
        await tx.execute(sql`update job_verifications set resolved_at = now(), resolution = 'handed_back'
                             where job_id = ${ref.jobId} and attempt_id = ${ref.attemptId} and resolved_at is null`);
      }
      await jobsChanged(tx, requeued);
      return requeued.length > 0;
    });
  },

  /**
   * The gate before the one non-repeatable step. Granted only to the current
   * session, for the current attempt, with enough lease left for the click and
   * the report. Asking again for an attempt already committed is granted again.
   */
  async commit(db: Db, ref: AttemptRef, minLeaseMs: number): Promise<{ ok: true } | { ok: false; reason: string }> {
    const [one] = await dispatchJobs.commitMany(db, [ref], minLeaseMs);
    return one!;
  },

  /**
   * commit for many attempts: the grants in one statement (each row's update
   * is atomic on its own, so no transaction is needed); a refusal is
   * explained by a second read, only for the refs that were not granted.
   */
  async commitMany(db: Db, refs: AttemptRef[], minLeaseMs: number): Promise<Array<{ ok: true } | { ok: false; reason: string }>> {
    if (refs.length === 0) return [];
    const done = await preparedSql<{ jobId: string; attemptId: string }>(
      db,
      sql`with a as (${attemptRefs(refs)})
          update publish_jobs j set updated_at = now(), state = 'committed', ${CHARGE_STARTED}
          from a, execution_nodes n
          where j.id = a.job_id and j.attempt_id = a.attempt_id and j.node_id = a.node_id and n.id = a.node_id and n.session_epoch = a.epoch
            and j.state in ('accepted', 'running') and j.lease_until > now() + ${ms(minLeaseMs)}
          returning j.id as "jobId", j.attempt_id as "attemptId"`,
    );
    const granted = new Set(done.map((d) => `${d.jobId} ${d.attemptId}`));
    return Promise.all(refs.map((ref) => (granted.has(`${ref.jobId} ${ref.attemptId}`) ? { ok: true as const } : whyNotCommitted(db, ref, minLeaseMs))));
  },

  /** Heartbeats of many sessions: every attempt they still run, renewed in one statement. */
  async renewLeasesMany(db: Db, refs: AttemptRef[], leaseMs: number): Promise<number> {
    if (refs.length === 0) return 0;
    const renewed = await preparedSql<{ id: string }>(
      db,
      sql`with a as (${attemptRefs(refs)})
          update publish_jobs j set lease_until = now() + ${ms(leaseMs)}
          from a, execution_nodes n
          where n.id = a.node_id and n.session_epoch = a.epoch and j.node_id = n.id and j.id = a.job_id and j.attempt_id = a.attempt_id
            and j.state in ('accepted', 'running', 'committed')
          returning j.id`,
    );
    return renewed.length;
  },

  /** Heartbeat: the node still runs these attempts; push their leases forward. */
  async renewLeases(db: Db, f: Fence, jobs: Array<{ jobId: string; attemptId: string }>, leaseMs: number): Promise<number> {
    if (jobs.length === 0) return 0;
    const pairs = sql.join(jobs.map((j) => sql`(${j.jobId}, ${j.attemptId})`), sql`, `);
    const renewed = await rows<{ id: string }>(
      db,
      sql`update publish_jobs j set lease_until = now() + ${ms(leaseMs)}
          from execution_nodes n
          where n.id = ${f.nodeId} and n.session_epoch = ${f.epoch} and j.node_id = n.id
            and j.state in ('accepted', 'running', 'committed')
            and (j.id, j.attempt_id) in (${pairs})
          returning j.id`,
    );
    return renewed.length;
  },
};
