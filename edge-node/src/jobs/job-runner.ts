/**
 * The node's side of dispatch: answers offers within the concurrency limit,
 * runs started jobs (one at a time per account: a browser profile cannot be
 * opened twice), holds the commit gate, answers verifications, and drains.
 * It keeps the accounts' turns (AccountTurns): the daemon's login checks
 * (login/login-check.ts) and site checks (site-checks/scheduled-checks.ts)
 * run in them, never beside a job on the same account.
 * Accept/reject/commit go straight to the socket (they mean nothing on a
 * later connection); results, progress and verification answers go through
 * the outbox.
 *
 * A job paused on a challenge for a person (rule `wait`, run-attempt.ts) keeps
 * its account (the account's next jobs wait behind it) and stays in activeJobs
 * (its lease is renewed), but holds none of the node's concurrency slots: the
 * node takes offers while people answer. Its challenge and its clearing go
 * through the outbox, its page's frames straight to the socket (job_frame),
 * and job_input reaches its page only.
 */
import type { ActiveJob, ControlMessageOf, ImageFetcher, JobSpec, LoginInput, NodeMessage } from '@plume/shared';
import type { BrowserContext } from 'playwright-core';
import type { Logger } from 'pino';
import type { AccountRegistry } from '../accounts/accounts.js';
import type { ProgressDetail, PublishJob, Step } from '../adapters/contract.js';
import type { CommitJournal } from './commit-journal.js';
import { type JobObserver, NO_OBSERVER } from '../metrics/edge-metrics.js';
import { EDGE_TIMERS } from '../timers.js';
import type { Outbox } from '../control/outbox.js';
import type { AdapterSet } from '../adapters/adapter-set.js';
import { type AccountTurns, AccountBusy, withAccountLock } from '../accounts/account-lock.js';
import { stagingDirFor } from './media.js';
import { GiveBack, runAttempt, toPublishJob } from './run-attempt.js';
import type { PauseHooks } from './challenge/await-person.js';

type Phase = ActiveJob['phase'];

/** What JobRunnerOptions.localMedia answers. */
export type LocalMedia =
  | { ok: true; spec: JobSpec; videoDir: string; release: () => Promise<void> }
  | { ok: false; code: string; message: string };

interface Running {
  jobId: string;
  attemptId: string;
  phase: Phase;
  abort: AbortController;
  gate?: { resolve: () => void; reject: (e: Error) => void; timer: NodeJS.Timeout };
  done?: Promise<void>;
  progressSeq: number;
  lastProgress: { step: string; at: number };
  /** Waiting for a person on a challenge: holds its account, not a concurrency slot. */
  paused: boolean;
  /** Where job_input goes while paused. */
  input?: (input: LoginInput) => void;
}

export interface JobRunnerOptions {
  adapters: AdapterSet;
  accounts: AccountRegistry;
  outbox: Outbox;
  journal: CommitJournal;
  /** Live messages (accept, reject, commit); false when disconnected. */
  send: (message: NodeMessage) => boolean;
  /** Whether the control plane can hear us now (the gate refuses when cut off). */
  connected: () => boolean;
  launchProfile: (dir: string) => Promise<BrowserContext>;
  videoDir: string;
  stateDir: string;
  concurrency: number;
  platformUrls: Record<string, string>;
  onAccountsChanged: () => void;
  log: Logger;
  /** Cover downloads (default: the shipped rules); tests inject one that may reach a local server. */
  images?: ImageFetcher;
  /** Step durations and outcomes (plume-edge's metrics); records nothing by default. */
  observer?: JobObserver;
  /**
   * Why this node takes no offers now (a desktop whose license ran out), or null. Asked at each
   * offer; the reason goes back in the `reject`, and the control plane offers the job elsewhere.
   */
  refuseOffers?: () => string | null;
  /**
   * A desktop's own media rule (desktop/local-media.ts): checks the job's local paths against the
   * folders its person allows and gives the attempt a spec and media root the sandbox opens. A
   * refusal fails the job, with its code, before any browser starts. Absent: the video tree.
   */
  localMedia?: (job: { jobId: string; attemptId: string }, spec: JobSpec) => Promise<LocalMedia>;
  /** Defaults: EDGE_TIMERS. */
  commitTimeoutMs?: number;
  progressIntervalMs?: number;
}

export class JobRunner implements AccountTurns {
  private readonly jobs = new Map<string, Running>();
  private readonly accountLocks = new Map<string, Promise<void>>();
  private stopping = false;

  constructor(private readonly o: JobRunnerOptions) {}

  /** drain() has begun: no offer is taken, and no login or site check starts. */
  get draining(): boolean {
    return this.stopping;
  }

  private key(jobId: string, attemptId: string): string {
    return `${jobId}/${attemptId}`;
  }

  activeJobs(): ActiveJob[] {
    return [...this.jobs.values()].map((j) => ({ jobId: j.jobId, attemptId: j.attemptId, phase: j.phase }));
  }

  get busy(): number {
    return this.jobs.size;
  }

  /** Jobs waiting for a person on a challenge (counted in busy, not in the concurrency limit). */
  get paused(): number {
    return [...this.jobs.values()].filter((j) => j.paused).length;
  }

  offer(m: ControlMessageOf<'offer'>): void {
    const reject = (reason: string) => this.o.send({ type: 'reject', jobId: m.jobId, attemptId: m.attemptId, reason });
    if (this.stopping) return void reject('draining');
    const refusal = this.o.refuseOffers?.();
    if (refusal) return void reject(refusal);
    if (this.o.journal.has(m.jobId, m.attemptId)) return void reject('invalid_job');
    if (!this.o.adapters.get(m.platform)) return void reject('unsupported_platform');
    if (!this.o.adapters.canRun(m.platform, m.contentType)) return void reject('unsupported_content_type');
    if (this.jobs.size - this.paused >= this.o.concurrency) return void reject('busy');
    this.jobs.set(this.key(m.jobId, m.attemptId), {
      jobId: m.jobId,
      attemptId: m.attemptId,
      phase: 'accepted',
      abort: new AbortController(),
      progressSeq: 0,
      lastProgress: { step: '', at: 0 },
      paused: false,
    });
    if (!this.o.send({ type: 'accept', jobId: m.jobId, attemptId: m.attemptId })) this.jobs.delete(this.key(m.jobId, m.attemptId));
  }

  start(m: ControlMessageOf<'start'>): void {
    const job = this.jobs.get(this.key(m.jobId, m.attemptId));
    if (!job || job.phase !== 'accepted') {
      this.o.log.warn({ jobId: m.jobId, attemptId: m.attemptId }, 'start for an attempt this node did not accept; giving it back');
      this.o.send({ type: 'reject', jobId: m.jobId, attemptId: m.attemptId, reason: 'not_accepted' });
      return;
    }
    job.phase = 'running';
    job.done = this.run(job, m.job).finally(() => this.jobs.delete(this.key(job.jobId, job.attemptId)));
  }

  commitAck(m: ControlMessageOf<'commit_ack'>): void {
    const job = this.jobs.get(this.key(m.jobId, m.attemptId));
    if (!job?.gate) return;
    clearTimeout(job.gate.timer);
    const gate = job.gate;
    delete job.gate;
    if (m.ok) gate.resolve();
    else gate.reject(new GiveBack(`commit_refused:${m.reason ?? 'unknown'}`));
  }

  /** The control plane moved on: stop before the commit (after it, finish and report). */
  cancel(m: ControlMessageOf<'cancel'>): void {
    const job = this.jobs.get(this.key(m.jobId, m.attemptId));
    if (!job) return;
    if (job.phase === 'accepted') {
      this.jobs.delete(this.key(m.jobId, m.attemptId));
      return;
    }
    if (job.phase === 'running') job.abort.abort(`cancelled:${m.reason ?? ''}`);
  }

  /** A person's answer to a paused job's challenge: applied to that job's page, in arrival order; dropped when the job is not paused. */
  jobInput(m: ControlMessageOf<'job_input'>): void {
    const job = this.jobs.get(this.key(m.jobId, m.attemptId));
    if (!job?.input) {
      this.o.log.info({ jobId: m.jobId, attemptId: m.attemptId, input: m.input.type }, 'input for a job not waiting for one; dropped');
      return;
    }
    job.input(m.input);
  }

  /** A read-only lookup for a job whose outcome is unknown. No answer on error: the control plane asks again. */
  verify(m: ControlMessageOf<'verify'>): void {
    const adapter = this.o.adapters.get(m.job.platform);
    const ref = m.job.account.externalRef;
    if (!adapter || !ref || !this.o.accounts.get(ref)) {
      this.o.log.warn({ jobId: m.jobId, platform: m.job.platform, account: ref }, 'cannot verify here: no adapter or account');
      return;
    }
    let job: PublishJob;
    try {
      job = toPublishJob(m.jobId, m.attemptId, m.job);
    } catch (err) {
      this.o.log.warn({ jobId: m.jobId, err: (err as Error).message }, 'cannot verify here: the job cannot be read');
      return;
    }
    void this.withAccount(ref, async () => {
      const context = await this.o.launchProfile(this.o.accounts.profileDir(ref));
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        const found = await adapter.verify(page, job, {
          baseUrl: this.o.platformUrls[m.job.platform] ?? adapter.defaultBaseUrl,
          openFile: () => Promise.reject(new Error('verify opens no media')),
          progress: () => {},
          beforePublish: () => Promise.reject(new Error('verify never publishes')),
          signal: new AbortController().signal,
          log: this.o.log.child({ jobId: m.jobId, verify: true, ...(m.job.requestId ? { requestId: m.job.requestId } : {}) }),
        });
        this.o.outbox.put(
          found.found
            ? { type: 'verify_result', jobId: m.jobId, attemptId: m.attemptId, found: true, postId: found.postId, url: found.url, candidates: found.candidates }
            : { type: 'verify_result', jobId: m.jobId, attemptId: m.attemptId, found: false },
        );
      } finally {
        await context.close().catch(() => {});
      }
    }).catch((err: unknown) => this.o.log.warn({ err, jobId: m.jobId }, 'verification failed; the control plane will ask again'));
  }

  /** Runs `work` on the account's profile in its turn (after this daemon's work on it, holding its lock). */
  inAccountTurn<T>(ref: string, work: () => Promise<T>, o: { waitMs?: number } = {}): Promise<T> {
    return this.withAccount(ref, work, o);
  }

  /** Whether the account's profile is in use (or waited for) in this daemon now. */
  accountBusy(ref: string): boolean {
    return this.accountLocks.has(ref);
  }

  /**
   * Stop taking offers; let running jobs finish within `boundMs`; then give
   * back every job not yet past its commit (the control plane re-queues it).
   * Committed jobs keep going until the process exits; their result, if it
   * comes, is in the outbox, and otherwise the control plane verifies.
   */
  async drain(boundMs: number): Promise<void> {
    this.stopping = true;
    // Nobody's answer is awaited past a stop: a paused job has clicked nothing, it goes back to the queue now.
    for (const job of this.jobs.values()) if (job.paused) job.abort.abort('draining');
    for (const job of [...this.jobs.values()]) {
      if (job.phase === 'accepted') {
        this.o.send({ type: 'reject', jobId: job.jobId, attemptId: job.attemptId, reason: 'draining' });
        this.jobs.delete(this.key(job.jobId, job.attemptId));
      }
    }
    const all = () => Promise.allSettled([...this.jobs.values()].map((j) => j.done));
    const settled = await Promise.race([all().then(() => true), sleep(boundMs).then(() => false)]);
    if (settled) return;
    const parked = [...this.jobs.values()].filter((j) => j.phase === 'running');
    for (const job of parked) job.abort.abort('draining');
    this.o.log.warn({ parked: parked.map((j) => j.jobId), committed: this.activeJobs().filter((j) => j.phase !== 'running').map((j) => j.jobId) }, 'drain bound reached');
    await Promise.race([Promise.allSettled(parked.map((j) => j.done)), sleep(EDGE_TIMERS.parkWaitMs)]);
  }

  private async run(job: Running, spec: JobSpec): Promise<void> {
    // requestId: the X-Request-Id of the publish that created the job, so one id finds it in both sides' logs.
    const log = this.o.log.child({ jobId: job.jobId, attemptId: job.attemptId, platform: spec.platform, ...(spec.requestId ? { requestId: spec.requestId } : {}) });
    const ref = spec.account.externalRef;
    const account = ref ? this.o.accounts.get(ref) : undefined;
    const adapter = this.o.adapters.get(spec.platform);
    if (!adapter || !ref || !account) {
      this.o.send({ type: 'reject', jobId: job.jobId, attemptId: job.attemptId, reason: adapter ? 'account_missing' : 'unsupported_platform' });
      return;
    }
    const observer = this.o.observer ?? NO_OBSERVER;
    let started = 0;
    await this.withAccount(ref, async () => {
      if (job.abort.signal.aborted) {
        this.o.send({ type: 'reject', jobId: job.jobId, attemptId: job.attemptId, reason: String(job.abort.signal.reason) });
        return;
      }
      log.info('job started');
      // Only now, holding the account (a job waits here behind the account's running one), has the
      // attempt started: this first report is what the control plane charges the attempt on.
      this.progress(job, 'started');
      started = performance.now();
      const media = this.o.localMedia ? await this.o.localMedia(job, spec) : undefined;
      if (media && !media.ok) {
        log.info({ code: media.code }, 'job refused: local media');
        observer.finished(spec.platform, 'failed', (performance.now() - started) / 1000, { step: 'sandbox', code: media.code });
        started = 0;
        this.o.outbox.put({ type: 'result', jobId: job.jobId, attemptId: job.attemptId, outcome: 'failed', error: { code: media.code, step: 'sandbox', message: media.message.slice(0, 2000) } });
        return;
      }
      const outcome = await runAttempt(job.jobId, job.attemptId, media?.spec ?? spec, {
        adapter,
        baseUrl: this.o.platformUrls[spec.platform] ?? adapter.defaultBaseUrl,
        videoDir: media?.videoDir ?? this.o.videoDir,
        stagingDir: stagingDirFor(this.o.stateDir, job.jobId, job.attemptId),
        profileDir: this.o.accounts.profileDir(ref),
        launchProfile: this.o.launchProfile,
        gate: () => this.gate(job),
        progress: (step, detail) => this.progress(job, step, detail),
        onLogin: (ok, displayName) => {
          if (this.o.accounts.setLoginState(ref, ok ? 'logged_in' : 'logged_out', displayName)) this.o.onAccountsChanged();
        },
        signal: job.abort.signal,
        log,
        ...(this.o.images ? { images: this.o.images } : {}),
        onStep: (step, seconds) => observer.step(spec.platform, step, seconds),
        pause: this.pauseHooks(job),
      }).finally(() => media?.release());
      const seconds = (performance.now() - started) / 1000;
      if (outcome.kind === 'give_back') observer.finished(spec.platform, 'given_back', seconds);
      else if (outcome.result.outcome === 'succeeded') observer.finished(spec.platform, 'succeeded', seconds);
      else observer.finished(spec.platform, 'failed', seconds, { step: outcome.result.error?.step ?? 'unknown', code: outcome.result.error?.code ?? 'failed' });
      started = 0; // counted: a crash after this point is not a second outcome
      if (outcome.kind === 'give_back') {
        log.info({ reason: outcome.reason }, 'job given back');
        this.o.journal.forget(job.jobId, job.attemptId);
        const reason = outcome.reason.split(':')[0]!;
        this.o.send({ type: 'reject', jobId: job.jobId, attemptId: job.attemptId, reason: ['commit_refused', 'cancelled', 'draining'].includes(reason) ? reason : 'draining' });
        return;
      }
      log.info({ outcome: outcome.result.outcome, code: outcome.result.error?.code }, 'job finished');
      this.o.outbox.put({ type: 'result', jobId: job.jobId, attemptId: job.attemptId, ...outcome.result });
    }).catch((err: unknown) => {
      if (err instanceof AccountBusy) {
        // Another command held the profile past the wait: nothing ran, the job goes back to the queue.
        log.warn('account in use by another plume-edge command; job given back');
        this.o.send({ type: 'reject', jobId: job.jobId, attemptId: job.attemptId, reason: 'account_busy' });
        return;
      }
      log.error({ err }, 'job crashed');
      if (started) observer.finished(spec.platform, 'failed', (performance.now() - started) / 1000, { step: 'runner', code: job.phase === 'committed' ? 'readback_failed' : 'unexpected_error' });
      this.o.outbox.put({
        type: 'result',
        jobId: job.jobId,
        attemptId: job.attemptId,
        outcome: 'failed',
        error: { code: job.phase === 'committed' ? 'readback_failed' : 'unexpected_error', step: 'runner', message: (err as Error).message ?? String(err) },
      });
    });
  }

  /** Journal, ask, wait. Refuses when cut off; the caller never clicks unless this resolves. */
  private async gate(job: Running): Promise<void> {
    if (job.abort.signal.aborted) throw new GiveBack(String(job.abort.signal.reason));
    if (!this.o.connected()) throw new GiveBack('commit_refused:disconnected');
    this.o.journal.record({ jobId: job.jobId, attemptId: job.attemptId, phase: 'committing' });
    job.phase = 'committing';
    const answer = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        delete job.gate;
        reject(new GiveBack('commit_refused:timeout'));
      }, this.o.commitTimeoutMs ?? EDGE_TIMERS.commitTimeoutMs);
      job.gate = { resolve, reject, timer };
    });
    if (!this.o.send({ type: 'commit', jobId: job.jobId, attemptId: job.attemptId })) {
      clearTimeout(job.gate!.timer);
      delete job.gate;
      job.phase = 'running';
      throw new GiveBack('commit_refused:disconnected');
    }
    try {
      await answer;
    } catch (e) {
      job.phase = 'running';
      throw e;
    }
    this.o.journal.record({ jobId: job.jobId, attemptId: job.attemptId, phase: 'committed' });
    job.phase = 'committed';
  }

  /** How a pause of `job` is reported (outbox: challenge, challenge_cleared; live: job_frame) and answered. */
  private pauseHooks(job: Running): PauseHooks {
    const ref = { jobId: job.jobId, attemptId: job.attemptId };
    return {
      paused: (c) => {
        job.paused = true;
        this.o.outbox.put({ type: 'challenge', ...ref, kind: c.kind, step: c.step.slice(0, 100), message: c.message.slice(0, 1000), ...(c.screenshotPng ? { screenshotPng: c.screenshotPng } : {}) });
        if (this.stopping) job.abort.abort('draining');
      },
      resumed: (clearedStep) => {
        job.paused = false;
        if (clearedStep !== null) this.o.outbox.put({ type: 'challenge_cleared', ...ref, step: clearedStep.slice(0, 100) });
      },
      frame: (f) => void this.o.send({ type: 'job_frame', ...ref, ...f }),
      inputs: (apply) => {
        job.input = apply;
        return () => {
          if (job.input === apply) delete job.input;
        };
      },
    };
  }

  /** `started`: the runner's own first report of an attempt; the rest are the adapter's steps. */
  private progress(job: Running, step: Step | 'started', detail: ProgressDetail = {}): void {
    const now = Date.now();
    const final = detail.bytesTotal !== undefined && detail.bytesSent === detail.bytesTotal;
    if (step === job.lastProgress.step && !final && now - job.lastProgress.at < (this.o.progressIntervalMs ?? EDGE_TIMERS.progressIntervalMs)) return;
    job.lastProgress = { step, at: now };
    this.o.outbox.put({
      type: 'progress',
      jobId: job.jobId,
      attemptId: job.attemptId,
      seq: ++job.progressSeq,
      step,
      ...(detail.bytesSent !== undefined ? { bytesSent: Math.floor(detail.bytesSent) } : {}),
      ...(detail.bytesTotal !== undefined ? { bytesTotal: Math.floor(detail.bytesTotal) } : {}),
    });
  }

  /**
   * Runs `work` in the account's turn: after this daemon's earlier work on it, and holding its
   * profile lock against other processes (account-lock.ts), waiting up to `waitMs` for them.
   */
  private withAccount<T>(ref: string, work: () => Promise<T>, { waitMs = EDGE_TIMERS.accountLockWaitMs }: { waitMs?: number } = {}): Promise<T> {
    const previous = this.accountLocks.get(ref) ?? Promise.resolve();
    const locked = () =>
      withAccountLock(this.o.stateDir, ref, work, {
        waitMs,
        onWait: () => this.o.log.info({ account: ref }, 'account in use by another plume-edge command; waiting'),
        onCompromised: (err) => this.o.log.warn({ account: ref, err: err.message }, 'account lock lost while in use'),
      });
    const next = previous.then(locked, locked);
    const tail = next.then(
      () => {},
      () => {},
    );
    this.accountLocks.set(ref, tail);
    void tail.then(() => {
      if (this.accountLocks.get(ref) === tail) this.accountLocks.delete(ref);
    });
    return next;
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());
