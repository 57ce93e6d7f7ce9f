/**
 * Preflight and publish. Both build the same plan (publish-plan.ts);
 * preflight reports it and changes nothing, publish re-checks it against the
 * preflight the client did, takes quota and persists one batch with one job
 * per account in one all-or-nothing statement; with an Idempotency-Key that
 * statement runs in the idempotent transaction, so quota, batch and the
 * stored answer commit together or not at all.
 */
import { pacingRepository } from '../pacing/pacing.repository.js';
import { healthRepository } from '../../accounts/health/health.repository.js';
import { INPUT_TIMEOUT_LIMITS, isCmsPlatform, type OnChallenge, SETTINGS_CONTRACT_VERSION } from '@plume/shared';
import type { ApiCaller } from '../../integrators/auth.js';
import { randomId } from '../../crypto/tokens.js';
import { type Db, isRootHandle } from '../../db/client.js';
import type { LocalHandoff } from '../../nodes/local-handoff.js';
import { ApiError } from '../../http/errors.js';
import { accountsRepository } from '../../accounts/accounts.repository.js';
import { type IdempotencyInput, runIdempotent, type StoredAnswer } from '../../http/idempotency.js';
import { openapiError } from '../../http/openapi-errors.js';
import { QUOTA_BUCKETS, type QuotaBucket } from '../../integrators/integrators.schema.js';
import { quotaRepository } from '../../integrators/quota.repository.js';
import type { PublishInput } from './publish-content.js';
import type { Plan, Problem } from './plan.types.js';
import { judgedAccounts, PublishPlanner } from './publish-plan.js';
import { writePublish } from './publish-queue.js';
import type { PublishResponse } from './publish.schemas.js';
import { preflightJson } from './preflight-answer.js';
import { PreflightHasher } from './preflight-hash.js';
import { checkScheduleBounds, scheduleForm } from '../schedule/schedule-input.js';

function unitsByBucket(plan: Plan): Map<QuotaBucket, number> {
  const needed = new Map<QuotaBucket, number>();
  for (const t of plan.targets) needed.set(t.bucket, (needed.get(t.bucket) ?? 0) + 1);
  return needed;
}

export class PublishService {
  private readonly planner: PublishPlanner;
  private readonly hasher: PreflightHasher;

  constructor(
    private readonly db: Db,
    private readonly handoff?: LocalHandoff,
    private readonly now: () => Date = () => new Date(),
    /** How long a job awaiting input waits when the request does not say (inputTimeout). */
    private readonly inputTimeoutMs: number = INPUT_TIMEOUT_LIMITS.defaultMs,
  ) {
    this.hasher = new PreflightHasher(db);
    this.planner = new PublishPlanner(this.hasher);
  }

  /** Call before opening the publish transaction (see PreflightHasher.ready). */
  ready(): Promise<void> {
    return this.hasher.ready();
  }

  /** The preflight answer, as the JSON text the route sends (preflight-answer.ts). */
  async preflight(db: Db, caller: ApiCaller, input: PublishInput): Promise<string> {
    const form = scheduleForm(input.body);
    if (form) checkScheduleBounds(form, this.now());
    const plan = await this.planner.plan(db, caller, input);
    const paced = plan.targets.filter((t) => !isCmsPlatform(t.account.platform));
    const [balances, pace, holds] = await Promise.all([
      quotaRepository.balances(db, caller.userId),
      pacingRepository.effective(db, paced.map((t) => ({ id: t.account.id, platform: t.account.platform }))),
      healthRepository.holds(db, paced.map((t) => t.account.id)),
    ]);
    const quota = [...unitsByBucket(plan)].map(([bucket, needed]) => {
      const b = balances.get(bucket) ?? { granted: 0, used: 0 };
      const remaining = Math.max(0, b.granted - b.used);
      return { bucket, needed, remaining, ok: remaining >= needed };
    });
    const problems: Problem[] = plan.targets.flatMap((t) => t.problems);
    for (const q of quota) {
      if (!q.ok) problems.push({ code: 'quota_exceeded', message: `${q.bucket} quota: this request needs ${q.needed}, ${q.remaining} remaining`, accountId: null });
    }
    return preflightJson({ plan, quota, problems, pacing: pace, holds });
  }

  /**
   * Plans from the accounts cache when `db` has one, then writes quota, batch
   * and jobs in one all-or-nothing statement that first checks that the
   * database still holds every account fact the plan judged (PUBLISH_WRITES'
   * `judged`). When it no longer does, or when the cached plan would refuse
   * the request, the plan is made again from the database, which decides:
   * the cache only ever saves a read, it never answers. `db` is the
   * idempotent transaction when the request has an Idempotency-Key (the
   * stored answer commits with the batch; it reads the database), else the
   * root handle, where the statement is shared with the publishes queued
   * meanwhile (publish-queue.ts) and needs no transaction around it. Jobs for
   * nodes this replica's dispatcher holds are written without a NOTIFY;
   * `handedOff` receives those nodes, which the caller hands to the
   * dispatcher once `db` committed.
   */
  async publish(db: Db, caller: ApiCaller, input: PublishInput, requestId: string, handedOff?: (nodeIds: string[]) => void): Promise<PublishResponse> {
    // The form was checked before the schema (publish.routes.ts); the clock is read once the publish is really carried out.
    const form = scheduleForm(input.body);
    if (form) checkScheduleBounds(form, this.now());
    const schedule = form ? { publishAt: form.publishAt, deadline: new Date(form.publishAt.getTime() + form.windowS * 1000) } : null;
    const body = input.body as { onChallenge?: OnChallenge; inputTimeout?: number };
    const challenge = { mode: body.onChallenge ?? null, timeoutMs: body.inputTimeout !== undefined ? body.inputTimeout * 1000 : this.inputTimeoutMs };
    // Inside a transaction (Idempotency-Key) there is no cache: the first plan is already fresh.
    let fresh = !accountsRepository.hasCache(db);
    for (;;) {
      let plan: Plan;
      try {
        plan = await this.planner.plan(db, caller, input, { fresh });
        this.check(plan, input);
      } catch (error) {
        // A refusal judged from the cache is judged again from the database; anything else is final.
        if (fresh || !(error instanceof ApiError)) throw error;
        fresh = true;
        continue;
      }
      const written = await this.write(db, caller, plan, requestId, schedule, challenge, handedOff);
      if (written) return written;
      fresh = true;
    }
  }

  /**
   * publish() at most once per Idempotency-Key (runIdempotent: the batch and
   * the stored answer commit together, a repeat gets the first answer back),
   * then, committed, the jobs written without a NOTIFY go to this replica's
   * dispatcher and a scheduled batch sets this replica's scheduler timer (the
   * others find it at their poll). `answer` makes the stored answer from the
   * batch. POST /publish… and the MCP publish tools both come through here.
   */
  async publishOnce(
    caller: ApiCaller,
    input: PublishInput,
    idempotency: IdempotencyInput,
    requestId: string,
    answer: (body: PublishResponse) => StoredAnswer,
  ): Promise<StoredAnswer & { replayed: boolean }> {
    await this.ready();
    let handedOff: string[] = [];
    // publish() writes with one statement: without a key it needs no transaction.
    const stored = await runIdempotent(
      this.db,
      idempotency,
      async (db) => answer(await this.publish(db, caller, input, requestId, (nodeIds) => (handedOff = nodeIds))),
      { atomicWork: true },
    );
    this.handoff?.committed(handedOff);
    const due = (stored.body as { publish_at?: string | null } | undefined)?.publish_at;
    if (due) this.handoff?.scheduled(new Date(due));
    return stored;
  }

  /** What refuses a plan before anything is written. */
  private check(plan: Plan, input: PublishInput): void {
    const sent = input.body.preflightHash;
    if (sent !== undefined && !PreflightHasher.same(sent, plan.hash)) {
      throw openapiError('preflight_mismatch', 'Content, settings or route changed since the preflight (preflightHash no longer matches); preflight again and publish with the new preflight_hash');
    }
    const problem = plan.targets.flatMap((t) => t.problems)[0];
    if (problem) throw openapiError(problem.code, problem.message);
  }

  /** Writes the plan; null when its judged accounts changed meanwhile (nothing written: plan again). */
  private async write(
    db: Db,
    caller: ApiCaller,
    plan: Plan,
    requestId: string,
    schedule: { publishAt: Date; deadline: Date } | null,
    challenge: { mode: OnChallenge | null; timeoutMs: number },
    handedOff?: (nodeIds: string[]) => void,
  ): Promise<PublishResponse | null> {
    // Fixed bucket order: two batches touching the same buckets lock them in the same order.
    const needed = unitsByBucket(plan);
    const quota = QUOTA_BUCKETS.flatMap((bucket) => (needed.get(bucket) ? [{ bucket, units: needed.get(bucket)! }] : []));
    const batchId = randomId('bat');
    const jobs = plan.targets.map((t) => ({
      id: randomId('job'),
      accountId: t.account.id,
      platform: t.account.platform,
      executor: t.executor,
      nodeId: t.nodeId,
      quotaBucket: t.bucket,
      payload: plan.content.payload,
      settingsSnapshot: t.settings,
      settingsHash: t.settingsHash,
      settingsContractVersion: SETTINGS_CONTRACT_VERSION,
    }));
    // A scheduled job is nobody's to dispatch yet: no NOTIFY, no hand-off (the scheduler queues it when due).
    const local = new Set(schedule ? [] : jobs.flatMap((j) => (j.nodeId && this.handoff && !this.handoff.needsNotify(j.nodeId) ? [j.nodeId] : [])));
    const outcome = await writePublish(
      db,
      {
        batch: { id: batchId, userId: caller.userId, contentType: plan.contentType, executor: plan.executor, articleId: plan.content.articleId, requestId, schedule, challenge },
        jobs,
        quota,
        notifyNodes: schedule ? [] : jobs.flatMap((j) => (j.nodeId && !local.has(j.nodeId) ? [j.nodeId] : [])),
        judged: judgedAccounts(plan),
      },
      isRootHandle(db),
    );
    if (!outcome.written && 'stale' in outcome) return null;
    if (!outcome.written) {
      // Nothing was written (the statement is all or nothing).
      const bucket = outcome.short[0]!;
      const b = (await quotaRepository.balances(db, caller.userId)).get(bucket) ?? { granted: 0, used: 0 };
      throw openapiError('quota_exceeded', `${bucket} quota: this request needs ${needed.get(bucket)}, ${Math.max(0, b.granted - b.used)} remaining`);
    }
    if (local.size) handedOff?.([...local]);
    return {
      batch_id: batchId,
      content_type: plan.contentType,
      executor: plan.executor,
      state: schedule ? 'scheduled' : 'queued',
      settings_contract_version: SETTINGS_CONTRACT_VERSION,
      publish_at: schedule?.publishAt.toISOString() ?? null,
      jobs: jobs.map((j) => ({
        job_id: j.id,
        account_id: j.accountId,
        platform: j.platform,
        executor: j.executor,
        state: schedule ? ('scheduled' as const) : ('queued' as const),
        settings_hash: j.settingsHash,
        publish_at: schedule?.publishAt.toISOString() ?? null,
        publish_deadline: schedule?.deadline.toISOString() ?? null,
      })),
    };
  }
}
