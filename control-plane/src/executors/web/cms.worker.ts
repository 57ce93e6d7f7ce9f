/**
 * The web executor for CMS sites, in process: every replica runs one; the
 * database hands each job to one of them (cms-jobs.repository.ts). A job is
 * prepared (credentials checked, terms resolved: safe to repeat), committed,
 * then published with one call. What happens on failure depends on whether
 * that call may have reached the site:
 *
 * - refused (auth, 4xx, fault): failed, quota refunded;
 * - before the publish call, or nothing sent: queued again with backoff, a
 *   bounded number of attempts;
 * - the site answered 5xx, timed out, or the connection broke after sending:
 *   `unknown`; after a wait the post is looked up by the job's marker, found
 *   → succeeded, not found → queued again. A post is never sent twice blindly.
 */
import { type ArticlePayload, escapeHtml, type ImageFetcher, isCmsPlatform, JobPayloadInvalid, markdownToHtml, parseJobPayload } from '@plume/shared';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { Sealer } from '../../crypto/seal.js';
import { CMS_CREDENTIALS_AAD } from '../../accounts/accounts.admin.service.js';
import { type ComponentLog, PollingLoops, silentLog } from '../../db/polling-loops.js';
import { cmsCover, defaultCoverFetcher } from './cms-cover.js';
import { CmsHttp } from './cms-http.js';
import { type CmsJob, cmsJobs, type CmsVerification, type JobRef } from './cms-jobs.repository.js';
import { type CmsCover, type CmsPlugin, type CmsPost, type CmsSite, markerComment, markerOf } from './cms-plugin.js';
import { CmsError } from './cms-error.js';
import { MetaWeblogPlugin } from './metaweblog.plugin.js';
import { WordPressPlugin } from './wordpress.plugin.js';

export interface CmsTimers {
  /** Each HTTP call to a site. */
  requestTimeoutMs: number;
  /** A claimed job's lease, renewed every third of it while the job runs. */
  leaseMs: number;
  /** Idle wait between polls (publish does not NOTIFY for node-less jobs). */
  pollMs: number;
  /** Wait before attempt 2, 3, …; the last value repeats. */
  retryBackoffMs: number[];
  maxAttempts: number;
  /** After an uncertain publish call: wait before the first lookup. */
  verifyDelayMs: number;
  verifyIntervalMs: number;
  /** Lookups that must find nothing before an uncertain call counts as not published. */
  verifyLookups: number;
}

export const DEFAULT_CMS_TIMERS: CmsTimers = {
  // Why: a CMS answers in well under a second; 30 s covers a slow shared host without holding a slot forever.
  requestTimeoutMs: 30_000,
  // Why: dispatch's sweep re-queues a job whose lease lapsed; renewing every 20 s keeps a live worker's job.
  leaseMs: 60_000,
  // Why: one indexed query per second per replica; publish does not wake this worker.
  pollMs: 1_000,
  // Why: a restarting site or PHP pool is usually back within a minute or two.
  retryBackoffMs: [5_000, 30_000, 120_000],
  // Why: with the backoff above, four attempts span about three minutes of site trouble.
  maxAttempts: 4,
  // Why: a request we gave up on may still be running on the site; give it the timeout again to land.
  verifyDelayMs: 30_000,
  // Why: a second look a little later catches a post the site's search index showed late.
  verifyIntervalMs: 15_000,
  verifyLookups: 2,
};

export interface CmsWorkerOptions {
  db: Db;
  /** PLUME_SECRET_KEY (or undefined: the key kept in server_secrets), as the admin API sealed with. */
  secretKey: string | undefined;
  timeoutMs?: number;
  concurrency?: number;
  timers?: Partial<CmsTimers>;
  log?: ComponentLog;
  fetch?: typeof globalThis.fetch;
  plugins?: CmsPlugin[];
  /** Cover downloads. Default: the shipped rules (https, public addresses); tests inject one that reaches a local host. */
  images?: ImageFetcher;
}

export type CmsRunOutcome = { jobId: string; outcome: 'succeeded' | 'failed' | 'retry_scheduled' | 'verifying' | 'needs_attention' | 'released' | 'lease_lost' | 'lookup_pending' };

const siteSchema = z.object({ type: z.enum(['wordpress', 'metaweblog']), siteUrl: z.url(), username: z.string().min(1), password: z.string().min(1) });

export class CmsWorker {
  private readonly db: Db;
  private readonly sealer: Sealer;
  private readonly timers: CmsTimers;
  private readonly log: ComponentLog;
  private readonly fetchFn: typeof globalThis.fetch | undefined;
  private readonly plugins: Map<string, CmsPlugin>;
  private readonly images: ImageFetcher;
  private readonly platforms: string[];
  private readonly loops: PollingLoops;

  constructor(o: CmsWorkerOptions) {
    this.db = o.db;
    this.sealer = new Sealer(o.db, o.secretKey);
    this.timers = { ...DEFAULT_CMS_TIMERS, ...(o.timeoutMs ? { requestTimeoutMs: o.timeoutMs } : {}), ...o.timers };
    this.log = (o.log ?? silentLog).child({ component: 'cms-executor' });
    this.fetchFn = o.fetch;
    this.plugins = new Map((o.plugins ?? [new WordPressPlugin(), new MetaWeblogPlugin()]).map((p) => [p.type, p]));
    this.images = o.images ?? defaultCoverFetcher();
    this.platforms = [...this.plugins.keys()].filter(isCmsPlatform);
    this.loops = new PollingLoops({ concurrency: o.concurrency ?? 4, pollMs: this.timers.pollMs, log: this.log, what: 'CMS executor', round: () => this.runOnce() });
  }

  start(): void {
    this.loops.start();
  }

  /** Idempotent. Jobs not yet at their publish call go back to the queue; publish calls in flight finish (bounded by their timeout). */
  stop(): Promise<void> {
    return this.loops.stop();
  }

  /** Runs one due lookup, else one queued job; null when there is neither. */
  async runOnce(): Promise<CmsRunOutcome | null> {
    const verification = await cmsJobs.claimVerification(this.db, this.platforms, this.timers.requestTimeoutMs * 3 + this.timers.verifyIntervalMs);
    if (verification) return { jobId: verification.jobId, outcome: await this.verify(verification) };
    if (this.loops.signal.aborted) return null;
    const job = await cmsJobs.claim(this.db, this.platforms, this.timers.leaseMs);
    if (!job) return null;
    return { jobId: job.jobId, outcome: await this.run(job) };
  }

  private backoff(attempt: number): number {
    const list = this.timers.retryBackoffMs;
    return list[Math.min(Math.max(attempt - 1, 0), list.length - 1)] ?? 5_000;
  }

  private async site(job: CmsJob): Promise<CmsSite> {
    if (!job.accountUsable || !job.credentialsSealed) throw new CmsError('rejected', 'cms_site_unavailable', 'the CMS site was removed or unpaired after the job was created');
    let parsed: unknown;
    try {
      parsed = JSON.parse(await this.sealer.open(job.credentialsSealed, CMS_CREDENTIALS_AAD));
    } catch {
      // Wrong PLUME_SECRET_KEY on this replica, or a damaged value: not something a retry fixes.
      throw new CmsError('rejected', 'cms_credentials_unreadable', 'the stored site credentials cannot be opened with this server key; register the site again');
    }
    const site = siteSchema.safeParse(parsed);
    if (!site.success || site.data.type !== job.platform) throw new CmsError('rejected', 'cms_credentials_unreadable', 'the stored site credentials are not a site of this type');
    return site.data;
  }

  private post(job: CmsJob, article: ArticlePayload, cover: CmsCover | null): CmsPost {
    const marker = markerOf(job.jobId);
    const aigc = article.aigc;
    // When a label is required it is displayed prominently: first thing in the post.
    const label = aigc?.label_required && aigc.display_label ? `<p class="plume-aigc-label"><strong>${escapeHtml(aigc.display_label)}</strong></p>\n` : '';
    return {
      marker,
      title: article.title,
      html: `${label}${markdownToHtml(article.content)}\n${markerComment(marker)}`,
      lead: label,
      settings: job.settings,
      cover,
    };
  }

  private http(signal?: AbortSignal): CmsHttp {
    return new CmsHttp({ timeoutMs: this.timers.requestTimeoutMs, ...(signal ? { signal } : {}), ...(this.fetchFn ? { fetch: this.fetchFn } : {}) });
  }

  private async run(job: CmsJob): Promise<CmsRunOutcome['outcome']> {
    const ref: JobRef = { jobId: job.jobId, attemptId: job.attemptId };
    const fields = { jobId: job.jobId, attempt: job.attempt, platform: job.platform };
    const leaseLost = new AbortController();
    const heartbeat = setInterval(() => {
      cmsJobs
        .renewLease(this.db, ref, this.timers.leaseMs)
        .then((ok) => ok || leaseLost.abort())
        .catch((err: unknown) => this.log.warn({ ...fields, err }, 'CMS lease renewal failed'));
    }, Math.max(50, Math.floor(this.timers.leaseMs / 3)));
    try {
      let publish: Awaited<ReturnType<CmsPlugin['prepare']>>;
      let post: CmsPost;
      try {
        const plugin = this.plugins.get(job.platform);
        if (!plugin) throw new CmsError('rejected', 'cms_platform_unsupported', `no CMS plugin for ${job.platform}`);
        const site = await this.site(job);
        const stop = AbortSignal.any([this.loops.signal, leaseLost.signal]);
        const article = articleOf(job);
        post = this.post(job, article, await cmsCover({ jobId: job.jobId, article, settings: job.settings }, this.images, stop));
        publish = await plugin.prepare(site, post, this.http(stop));
      } catch (err) {
        return await this.beforeCommitFailed(job, ref, err, leaseLost.signal);
      }
      if (!(await cmsJobs.commit(this.db, ref, this.timers.leaseMs + this.timers.requestTimeoutMs * 2))) {
        this.log.warn(fields, 'CMS job lease lost before the publish call; another worker owns it');
        return 'lease_lost';
      }
      try {
        const published = await publish(this.http());
        const draft = job.settings.status === 'draft' || job.settings.publish === false;
        const { warnings, ...result } = published;
        const ok = await cmsJobs.succeed(this.db, ref, { ...result, platformStatus: draft ? 'draft' : 'published', verified: false });
        this.log.info({ ...fields, postId: published.postId }, ok ? 'CMS post published' : 'CMS post published but the job moved on (lease lost)');
        for (const warning of warnings ?? []) this.log.warn({ ...fields, postId: published.postId, warning }, 'CMS post published, not quite as asked');
        return ok ? 'succeeded' : 'lease_lost';
      } catch (err) {
        return await this.afterCommitFailed(job, ref, err);
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async beforeCommitFailed(job: CmsJob, ref: JobRef, err: unknown, leaseLost: AbortSignal): Promise<CmsRunOutcome['outcome']> {
    const fields = { jobId: job.jobId, attempt: job.attempt, platform: job.platform };
    if (this.loops.signal.aborted && !(err instanceof CmsError && !err.retryable)) {
      await cmsJobs.release(this.db, ref);
      this.log.info(fields, 'CMS job interrupted by shutdown before its publish call; queued again');
      return 'released';
    }
    if (leaseLost.aborted) return 'lease_lost';
    if (err instanceof CmsError && !err.retryable) {
      this.log.warn({ ...fields, code: err.code, error: err.message }, 'CMS job failed');
      return (await cmsJobs.fail(this.db, ref, { code: err.code, message: err.message, step: 'prepare' })) ? 'failed' : 'lease_lost';
    }
    const e = err instanceof CmsError ? err : new CmsError('unreachable', 'cms_internal_error', `preparing the post failed: ${err instanceof Error ? err.message : String(err)}`);
    if (!(err instanceof CmsError)) this.log.error({ ...fields, err }, 'CMS job preparation failed unexpectedly');
    const state = await cmsJobs.retry(this.db, ref, { code: e.code, message: e.message, backoffMs: this.backoff(job.attempt), maxAttempts: this.timers.maxAttempts, from: 'running' });
    if (err instanceof CmsError) {
      // Logged after the decision: the last attempt says the job failed, not that it will be retried.
      const what = state === 'queued' ? 'CMS job attempt failed before publishing; retrying' : state === 'failed' ? 'CMS job failed before publishing; no attempts left' : 'CMS job attempt failed; its lease was lost';
      this.log.warn({ ...fields, code: e.code, error: e.message }, what);
    }
    return state === 'queued' ? 'retry_scheduled' : state === 'failed' ? 'failed' : 'lease_lost';
  }

  private async afterCommitFailed(job: CmsJob, ref: JobRef, err: unknown): Promise<CmsRunOutcome['outcome']> {
    const fields = { jobId: job.jobId, attempt: job.attempt, platform: job.platform };
    const e = err instanceof CmsError ? err : new CmsError('ambiguous', 'cms_internal_error', `the publish call failed: ${err instanceof Error ? err.message : String(err)}`);
    this.log.warn({ ...fields, code: e.code, kind: e.kind, error: e.message }, 'CMS publish call failed');
    // An answer we could not read (HTML, no id) may still mean the post exists.
    const unreadable = e.code === 'cms_bad_response';
    if ((e.kind === 'auth' || e.kind === 'rejected') && !unreadable) {
      return (await cmsJobs.fail(this.db, ref, { code: e.code, message: e.message, step: 'publish' })) ? 'failed' : 'lease_lost';
    }
    if (e.kind === 'unreachable') {
      const state = await cmsJobs.retry(this.db, ref, { code: e.code, message: e.message, backoffMs: this.backoff(job.attempt), maxAttempts: this.timers.maxAttempts, from: 'committed' });
      return state === 'queued' ? 'retry_scheduled' : state === 'failed' ? 'failed' : 'lease_lost';
    }
    // A 5xx is a real answer (one lookup after the backoff is enough); silence or a broken answer gets the full look.
    const server = e.kind === 'server';
    const ok = await cmsJobs.markUnknown(this.db, ref, {
      code: e.code,
      message: e.message,
      checkAfterMs: server ? this.backoff(job.attempt) : this.timers.verifyDelayMs,
      lookups: server ? 1 : this.timers.verifyLookups,
      totalLookups: this.timers.verifyLookups,
    });
    return ok ? 'verifying' : 'lease_lost';
  }

  private async verify(v: CmsVerification): Promise<CmsRunOutcome['outcome']> {
    const ref: JobRef = { jobId: v.jobId, attemptId: v.attemptId };
    const fields = { jobId: v.jobId, attempt: v.attempt, platform: v.platform, lookup: v.checks + 1 };
    let found;
    try {
      const plugin = this.plugins.get(v.platform);
      if (!plugin) throw new CmsError('rejected', 'cms_platform_unsupported', `no CMS plugin for ${v.platform}`);
      found = await plugin.find(await this.site(v), markerOf(v.jobId), this.http(this.loops.signal));
    } catch (err) {
      // The site cannot be asked now; dispatch's sweep hands the job to a person if that lasts (verifyGiveUpMs).
      this.log.warn({ ...fields, err: err instanceof CmsError ? err.message : err }, 'CMS lookup failed; trying again later');
      await cmsJobs.postponeLookup(this.db, ref, this.timers.verifyIntervalMs);
      return 'lookup_pending';
    }
    if (found.length === 1) {
      const draft = v.settings.status === 'draft' || v.settings.publish === false;
      const ok = await cmsJobs.succeed(this.db, ref, { ...found[0]!, platformStatus: draft ? 'draft' : 'published', verified: true });
      this.log.info({ ...fields, postId: found[0]!.postId }, 'CMS post found after an uncertain publish call');
      return ok ? 'succeeded' : 'lease_lost';
    }
    if (found.length > 1) return (await cmsJobs.ambiguous(this.db, ref, found)) ? 'needs_attention' : 'lease_lost';
    const checks = v.checks + 1;
    if (checks < this.timers.verifyLookups) {
      await cmsJobs.countLookup(this.db, ref, checks, this.timers.verifyIntervalMs);
      return 'lookup_pending';
    }
    this.log.info(fields, 'CMS post not found after an uncertain publish call; publishing again');
    const code = v.lastErrorCode ?? 'cms_unavailable';
    const state = await cmsJobs.retry(this.db, ref, {
      code,
      message: `the site did not confirm the post (${code}) and it is not on the site`,
      backoffMs: 0,
      maxAttempts: this.timers.maxAttempts,
      from: 'unknown',
    });
    return state === 'queued' ? 'retry_scheduled' : state === 'failed' ? 'failed' : 'lease_lost';
  }
}

/** For workers.ts: a started worker with an idempotent stop. */
export function startCmsExecutor(options: CmsWorkerOptions): { stop(): Promise<void> } {
  const worker = new CmsWorker(options);
  worker.start();
  return worker;
}

/** The CMS job's article, parsed by the payload schema every executor shares; one it cannot read fails without a retry. */
function articleOf(job: CmsJob): ArticlePayload {
  try {
    return parseJobPayload('article', job.payload);
  } catch (err) {
    if (err instanceof JobPayloadInvalid) throw new CmsError('rejected', err.code, err.message);
    throw err;
  }
}
