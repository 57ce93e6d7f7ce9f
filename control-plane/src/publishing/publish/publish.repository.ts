/**
 * Batches and their jobs. Written in one transaction by the publish service;
 * dispatch (next layer) only changes job rows.
 *
 * Inserts are plain SQL: publishing.schema.ts maps both `createdAt` and
 * `updatedAt` of publish_batches and publish_jobs onto the one `created_at`
 * column, so a drizzle insert names that column twice and PostgreSQL refuses
 * it. Reads through drizzle are unaffected.
 */
import { type ContentType, INPUT_TIMEOUT_LIMITS, type OnChallenge } from '@plume/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import { JOBS_CHANNEL } from '../../nodes/node-registry.repository.js';
import { type Db, preparedSql, textWithParams } from '../../db/client.js';
import { NODE_ONLINE_TEXT } from '../../nodes/nodes.repository.js';
import { licenseReasonText } from '../../license/license-standing.js';
import { QUOTA_BUCKETS, type QuotaBucket } from '../../integrators/integrators.schema.js';
import { type JobState, type OpenChallenge, publishBatches, publishJobs } from '../publishing.schema.js';
import { type PacingReason, pacingRepository } from '../pacing/pacing.repository.js';
import { healthRepository } from '../../accounts/health/health.repository.js';
import type { HEALTH_HOLD_REASONS } from '../../accounts/health/health-sql.js';

type HealthHoldReason = (typeof HEALTH_HOLD_REASONS)[number];

type Executor = 'web' | 'desktop' | 'edge';

export interface NewBatch {
  id: string;
  userId: number;
  contentType: ContentType;
  executor: Executor;
  articleId: string | null;
  requestId: string;
  /** publishAt and publishAt + publishWindow when the publish is scheduled: its jobs are written `scheduled`. */
  schedule?: { publishAt: Date; deadline: Date } | null;
  /** The request's onChallenge (null: wait when the user has a webhook, else fail) and input timeout. */
  challenge?: { mode: OnChallenge | null; timeoutMs: number };
}

export interface NewJob {
  id: string;
  accountId: number;
  platform: string;
  nodeId: string | null;
  quotaBucket: QuotaBucket;
  payload: Record<string, unknown>;
  settingsSnapshot: Record<string, unknown>;
  settingsHash: string;
  settingsContractVersion: string;
}


/**
 * What a plan read about one account from the accounts cache, as the write
 * checks it against the database (see PUBLISH_WRITES): every column the
 * plan's routing, checks and settings depend on.
 */
export interface JudgedAccount {
  id: number;
  userId: number;
  platform: string;
  executor: string;
  nodeId: string | null;
  loginState: string;
  paired: boolean;
  /** null when the account has no node row. */
  node: { kind: string; status: string; capabilities: unknown; online: boolean; authorized: boolean; license: string | null } | null;
  /** The preset of the plan's content type (null: none); undefined when the plan ignored presets (custom mode). */
  preset: unknown;
}

/** One publish to write: its batch, jobs, quota take, the nodes to wake, and what its plan judged from the cache. */
export interface PublishWrite {
  batch: NewBatch;
  jobs: NewJob[];
  /** Units per bucket, each bucket once. */
  quota: Array<{ bucket: QuotaBucket; units: number }>;
  /** Nodes to NOTIFY on plume_jobs when written (the others this replica dispatches itself). */
  notifyNodes: string[];
  /** Set when the plan came from the accounts cache: written only if the database still holds these facts. */
  judged?: { accounts: readonly JudgedAccount[]; presetsOf: ContentType | null };
}

export type InsertOutcome =
  /** Written. */
  | { written: true }
  /** Nothing written: these buckets were short for it in this statement. */
  | { written: false; short: QuotaBucket[] }
  /** Nothing written: an account no longer is as the plan judged it (plan again from the database). */
  | { written: false; stale: true };

/**
 * Several publishes in one statement, each all or nothing, each decided on its
 * own (publish-queue.ts sends whatever queued while the previous statement was
 * in flight; the Idempotency-Key path sends one inside its transaction).
 * $1 batches (o its position, the batch row; pa and pd the schedule's
 * publishAt and deadline, which write it and its jobs `scheduled`), $2 quota wants (o, user, bucket,
 * units, n the bucket's place in QUOTA_BUCKETS), $3 jobs (o, the job row),
 * $4 judged accounts (o, the facts, pc the preset content type checked or
 * null), $5 nodes to wake (o, node), $6 the NOTIFY channel.
 *
 * - The quota rows of every user and bucket involved are locked once, in
 *   (user, bucket order) order, so two statements never deadlock.
 * - A publish is `stale` when one of its judged accounts no longer holds the
 *   judged facts in this statement's snapshot (accounts.repository.ts reads
 *   the same columns and the same online, authorized and license fragments;
 *   capabilities and presets compare as jsonb).
 * - A publish has `enough` of a bucket when the bucket's used units plus the
 *   units of every publish up to it in the statement (its own included,
 *   whether or not the earlier ones are written) fit the grant. Counting
 *   earlier publishes that end up unwritten can only refuse, never overspend:
 *   the queue sends a publish refused among others again alone, so a final
 *   refusal is always a publish judged on its own.
 * - Written: not stale and enough of every bucket. The quota taken is the sum
 *   over written publishes; batches and jobs are inserted for them; each
 *   node of theirs is woken once, at commit.
 */
const PUBLISH_WRITES = `with b as materialized (
    select * from json_to_recordset($1::text::json) as x(o int, id text, uid int, ct text, ex text, art text, rid text, pa timestamptz, pd timestamptz, crm text, crt int)
  ), w as materialized (
    select * from json_to_recordset($2::text::json) as x(o int, uid int, bucket text, units int, n int)
  ), locked as materialized (
    select q.user_id, q.bucket, q.used, q.granted from quota_buckets q
    join (select distinct uid, bucket, n from w) k on k.uid = q.user_id and k.bucket = q.bucket
    order by k.uid, k.n for update of q
  ), cum as materialized (
    select w.o, w.bucket, coalesce(l.used + sum(w.units) over (partition by w.uid, w.bucket order by w.o) <= l.granted, false) as enough
    from w left join locked l on l.user_id = w.uid and l.bucket = w.bucket
  ), jx as (
    select * from json_to_recordset($4::text::json) as x(
      o int, id int, uid int, pf text, ex text, nid text, ls text, pr boolean,
      hn boolean, nk text, ns text, nc text, onl boolean, au boolean, li text, pc text, cp boolean, ps text)
  ), stale as materialized (
    select distinct jx.o from jx
    left join accounts a on a.id = jx.id
    left join execution_nodes on execution_nodes.id = a.node_id
    left join account_presets p on p.account_id = a.id and p.content_type = jx.pc
    where not coalesce(
      a.user_id = jx.uid and a.removed_at is null and a.platform = jx.pf and a.executor = jx.ex
      and a.node_id is not distinct from jx.nid and a.login_state = jx.ls and a.paired = jx.pr
      and (execution_nodes.id is not null) = jx.hn
      and (execution_nodes.id is null or (execution_nodes.kind = jx.nk and execution_nodes.status = jx.ns
        and execution_nodes.capabilities = jx.nc::jsonb
        and ${NODE_ONLINE_TEXT} = jx.onl
        and (execution_nodes.all_users or exists (select 1 from node_users nu where nu.node_id = a.node_id and nu.user_id = a.user_id)) = jx.au
        and (case when execution_nodes.kind = 'desktop' then ${licenseReasonText('a.node_id')} end) is not distinct from jx.li))
      and (not jx.cp or p.settings is not distinct from jx.ps::jsonb), false)
  ), ok as materialized (
    select b.o from b
    where b.o not in (select o from stale) and not exists (select 1 from cum where cum.o = b.o and not cum.enough)
  ), took as (
    update quota_buckets q set used = q.used + t.units
    from (select w.uid, w.bucket, sum(w.units)::int as units from w join ok on ok.o = w.o group by w.uid, w.bucket) t
    where q.user_id = t.uid and q.bucket = t.bucket
  ), ib as (
    insert into publish_batches (id, user_id, content_type, executor, article_id, state, request_id)
    select b.id, b.uid, b.ct, b.ex, b.art, case when b.pa is null then 'queued' else 'scheduled' end, b.rid from b join ok on ok.o = b.o
  ), ij as (
    insert into publish_jobs (id, batch_id, user_id, account_id, platform, content_type, executor, node_id,
      quota_bucket, state, payload, settings_snapshot, settings_hash, settings_contract_version, publish_at, publish_deadline, challenge_rule)
    select x.id, b.id, b.uid, x.aid, x.pf, b.ct, b.ex, x.nid, x.qb, case when b.pa is null then 'queued' else 'scheduled' end,
      x.payload::jsonb, x.settings::jsonb, x.sh, x.scv, b.pa, b.pd,
      jsonb_build_object('mode', coalesce(b.crm, case when exists (select 1 from users u where u.id = b.uid and u.webhook_url is not null) then 'wait' else 'fail' end),
                         'timeoutMs', b.crt)
    from json_to_recordset($3::text::json) as x(o int, id text, aid int, pf text, nid text, qb text, payload text, settings text, sh text, scv text)
    join b on b.o = x.o join ok on ok.o = x.o
  ), woken as (
    select count(pg_notify($6, n.nid)) as c
    from (select distinct x.nid from json_to_recordset($5::text::json) as x(o int, nid text) join ok on ok.o = x.o) n
  )
  select b.o, ok.o is not null as written, b.o in (select o from stale) as stale,
         array(select cum.bucket from cum where cum.o = b.o and not cum.enough) as short, woken.c as woken
  from b left join ok on ok.o = b.o cross join woken`;

/** The statement's JSON parameters; short keys, named in PUBLISH_WRITES. */
function publishWritesParams(writes: readonly PublishWrite[]): string[] {
  const batches: unknown[] = [];
  const wants: unknown[] = [];
  const jobs: unknown[] = [];
  const judged: unknown[] = [];
  const wake: unknown[] = [];
  writes.forEach(({ batch: b, jobs: js, quota, notifyNodes, judged: j }, o) => {
    batches.push({
      o,
      id: b.id,
      uid: b.userId,
      ct: b.contentType,
      ex: b.executor,
      art: b.articleId,
      rid: b.requestId,
      pa: b.schedule?.publishAt.toISOString() ?? null,
      pd: b.schedule?.deadline.toISOString() ?? null,
      crm: b.challenge?.mode ?? null,
      crt: b.challenge?.timeoutMs ?? INPUT_TIMEOUT_LIMITS.defaultMs,
    });
    for (const q of quota) wants.push({ o, uid: b.userId, bucket: q.bucket, units: Math.trunc(q.units), n: QUOTA_BUCKETS.indexOf(q.bucket) });
    for (const x of js) {
      jobs.push({
        o,
        id: x.id,
        aid: x.accountId,
        pf: x.platform,
        nid: x.nodeId,
        qb: x.quotaBucket,
        payload: JSON.stringify(x.payload),
        settings: JSON.stringify(x.settingsSnapshot),
        sh: x.settingsHash,
        scv: x.settingsContractVersion,
      });
    }
    for (const a of j?.accounts ?? []) {
      judged.push({
        o,
        id: a.id,
        uid: a.userId,
        pf: a.platform,
        ex: a.executor,
        nid: a.nodeId,
        ls: a.loginState,
        pr: a.paired,
        hn: a.node !== null,
        nk: a.node?.kind ?? null,
        ns: a.node?.status ?? null,
        nc: a.node ? JSON.stringify(a.node.capabilities) : null,
        onl: a.node?.online ?? null,
        au: a.node?.authorized ?? null,
        li: a.node?.license ?? null,
        pc: j!.presetsOf,
        cp: a.preset !== undefined,
        ps: a.preset === undefined || a.preset === null ? null : JSON.stringify(a.preset),
      });
    }
    for (const nid of new Set(notifyNodes)) wake.push({ o, nid });
  });
  return [JSON.stringify(batches), JSON.stringify(wants), JSON.stringify(jobs), JSON.stringify(judged), JSON.stringify(wake), JOBS_CHANNEL];
}

export interface BatchJobRow {
  id: string;
  accountId: number;
  platform: string;
  state: JobState;
  payload: Record<string, unknown>;
  settingsHash: string;
  feedback: Record<string, unknown> | null;
  platformStatus: string | null;
  platformPostId: string | null;
  platformUrl: string | null;
  verifiedAt: Date | null;
  errorCode: string | null;
  errorMessage: string | null;
  publishAt: Date | null;
  publishDeadline: Date | null;
  attemptId: string | null;
  /** Attempts started so far; with `leaseUntil` (a queued job's "not before") for a job waiting to retry. */
  attempt: number;
  leaseUntil: Date | null;
  challenge: OpenChallenge | null;
  inputDeadline: Date | null;
  /** A queued job of a paced account: the earliest its account's next start may be, and why not now. */
  pacing?: { notBefore: Date | null; reason: PacingReason | HealthHoldReason } | null;
}

export const publishRepository = {
  /**
   * Writes publishes, each all or nothing, in one statement (PUBLISH_WRITES):
   * quota, batch, jobs and the wake-up of each node's replica. Being one
   * statement it is atomic without a transaction; the NOTIFY is delivered when
   * it commits. One outcome per write, in order.
   */
  async insertBatches(db: Db, writes: readonly PublishWrite[]): Promise<InsertOutcome[]> {
    if (writes.length === 0) return [];
    const found = await preparedSql<{ o: number; written: boolean; stale: boolean; short: QuotaBucket[] }>(
      db,
      textWithParams(PUBLISH_WRITES, publishWritesParams(writes)),
    );
    const outcomes: InsertOutcome[] = writes.map(() => ({ written: false, stale: true }));
    for (const r of found) {
      outcomes[r.o] = r.written ? { written: true } : r.stale ? { written: false, stale: true } : { written: false, short: r.short };
    }
    return outcomes;
  },

  /**
   * Ids of the caller's batches that the publish call with this X-Request-Id
   * created, newest first (a client that reuses its own trace id may have
   * several). Index publish_batches_request.
   */
  async batchIdsByRequest(db: Db, userId: number, requestId: string, limit: number): Promise<string[]> {
    const found = await db
      .select({ id: publishBatches.id })
      .from(publishBatches)
      .where(and(eq(publishBatches.requestId, requestId), eq(publishBatches.userId, userId)))
      .orderBy(desc(publishBatches.createdAt), desc(publishBatches.id))
      .limit(limit);
    return found.map((b) => b.id);
  },

  /** The batch if it belongs to `userId` (another user's batch is indistinguishable from none). */
  async getBatch(db: Db, userId: number, batchId: string) {
    const [batch] = await db
      .select({
        id: publishBatches.id,
        contentType: publishBatches.contentType,
        executor: publishBatches.executor,
        articleId: publishBatches.articleId,
        requestId: publishBatches.requestId,
        createdAt: publishBatches.createdAt,
      })
      .from(publishBatches)
      .where(and(eq(publishBatches.id, batchId), eq(publishBatches.userId, userId)));
    if (!batch) return undefined;
    const jobs: BatchJobRow[] = await db
      .select({
        id: publishJobs.id,
        accountId: publishJobs.accountId,
        platform: publishJobs.platform,
        state: publishJobs.state,
        payload: publishJobs.payload,
        settingsHash: publishJobs.settingsHash,
        feedback: publishJobs.feedback,
        platformStatus: publishJobs.platformStatus,
        platformPostId: publishJobs.platformPostId,
        platformUrl: publishJobs.platformUrl,
        verifiedAt: publishJobs.verifiedAt,
        errorCode: publishJobs.errorCode,
        errorMessage: publishJobs.errorMessage,
        publishAt: publishJobs.publishAt,
        publishDeadline: publishJobs.publishDeadline,
        attemptId: publishJobs.attemptId,
        attempt: publishJobs.attempt,
        leaseUntil: publishJobs.leaseUntil,
        challenge: publishJobs.challenge,
        inputDeadline: publishJobs.inputDeadline,
      })
      .from(publishJobs)
      .where(eq(publishJobs.batchId, batchId))
      .orderBy(asc(publishJobs.accountId), asc(publishJobs.id));
    const waiting = jobs.filter((j) => j.state === 'queued');
    if (waiting.length) {
      const pace = await pacingRepository.effective(db, [...new Map(waiting.map((j) => [j.accountId, { id: j.accountId, platform: j.platform }])).values()]);
      for (const j of waiting) {
        const p = pace.get(j.accountId);
        j.pacing = p?.notBefore && p.reason ? { notBefore: p.notBefore, reason: p.reason } : null;
      }
      // An account's health holds its jobs before any pace does (accounts/health/).
      const held = await healthRepository.holds(db, [...new Set(waiting.map((j) => j.accountId))]);
      for (const j of waiting) {
        const h = held.get(j.accountId);
        if (h) j.pacing = { notBefore: h.state === 'cooling' ? h.coolUntil : null, reason: h.state };
      }
    }
    return { ...batch, jobs };
  },
};
