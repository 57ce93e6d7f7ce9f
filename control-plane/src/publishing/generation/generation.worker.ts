/**
 * Runs generation tasks. Any number of replicas (and loops within one) may
 * run workers: a task is claimed with FOR UPDATE SKIP LOCKED and leased for
 * the provider timeout plus a margin. A task whose worker died is taken over
 * when its lease passes; each claim counts as an attempt, and after
 * MAX_ATTEMPTS the task fails (`generation_failed` when it was interrupted
 * every time, otherwise the provider's last error code).
 *
 * The provider call happens outside any transaction (it can take minutes);
 * the article, the task's `done` and the webhook event then commit together.
 */
import type { GenerationConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { type ComponentLog, PollingLoops, silentLog } from '../../db/polling-loops.js';
import { generationRepository, type TaskRow } from './generation.repository.js';
import { completeTask, failTask, UNCONFIGURED_MESSAGE } from './generation.service.js';
import { type GenerationProvider, OpenAiCompatibleProvider, ProviderError } from './openai-provider.js';

export const MAX_ATTEMPTS = 3;
/** Wait before attempt 2 and attempt 3: a provider's brief overload usually passes within seconds. */
const RETRY_DELAYS_MS = [5_000, 20_000];
/** Beyond the provider timeout: the lease must outlast the call and the final write. */
const LEASE_MARGIN_MS = 60_000;

export interface GenerationWorkerOptions {
  db: Db;
  /** null: no provider configured; every task claimed fails with generation_unconfigured. */
  generation: GenerationConfig | null;
  now?: () => Date;
  log?: ComponentLog;
  fetch?: typeof globalThis.fetch;
  /** Idle wait between polls for queued tasks. */
  pollMs?: number;
  /** Tasks generated at once by this worker. */
  concurrency?: number;
  /** Another provider than the OpenAI-compatible one built from `generation`. */
  provider?: GenerationProvider;
}

export type RunOutcome = { taskId: string; outcome: 'done' | 'retry_scheduled' | 'failed' | 'released' | 'lease_lost' };

class LeaseLost extends Error {}

export class GenerationWorker {
  private readonly db: Db;
  private readonly now: () => Date;
  private readonly log: ComponentLog;
  private readonly provider: GenerationProvider | null;
  private readonly leaseMs: number;
  private readonly loops: PollingLoops;

  constructor(options: GenerationWorkerOptions) {
    this.db = options.db;
    this.now = options.now ?? (() => new Date());
    this.log = (options.log ?? silentLog).child({ component: 'generation-worker' });
    this.provider = options.provider ?? (options.generation ? new OpenAiCompatibleProvider(options.generation, options.fetch) : null);
    this.leaseMs = (options.generation?.timeoutMs ?? 120_000) + LEASE_MARGIN_MS;
    this.loops = new PollingLoops({ concurrency: options.concurrency ?? 2, pollMs: options.pollMs ?? 1000, log: this.log, what: 'generation', round: () => this.runOnce() });
  }

  start(): void {
    this.loops.start();
  }

  /** Idempotent. Aborts provider calls in flight; their tasks go back to the queue uncounted. */
  stop(): Promise<void> {
    return this.loops.stop();
  }

  /** Claims and runs one due task; null when none is due. */
  async runOnce(): Promise<RunOutcome | null> {
    const now = this.now();
    const claimed = await this.db.transaction(async (tx) => {
      const due = await generationRepository.lockNextDue(tx, now);
      if (!due) return null;
      if (due.status === 'running' && due.attempts >= MAX_ATTEMPTS) {
        const message = `Generation was interrupted ${due.attempts} times before the provider answered; start a new task`;
        await failTask(tx, due, due.attempts, 'generation_failed', message, now);
        return { kind: 'failed' as const, task: due };
      }
      if (!this.provider) {
        await failTask(tx, due, null, 'generation_unconfigured', UNCONFIGURED_MESSAGE, now);
        return { kind: 'failed' as const, task: due };
      }
      return { kind: 'run' as const, task: await generationRepository.start(tx, due.id, new Date(now.getTime() + this.leaseMs)) };
    });
    if (!claimed) return null;
    if (claimed.kind === 'failed') {
      this.log.info({ taskId: claimed.task.id }, 'generation task failed without a provider call');
      return { taskId: claimed.task.id, outcome: 'failed' };
    }
    return { taskId: claimed.task.id, outcome: await this.run(claimed.task, this.provider!) };
  }

  private async run(task: TaskRow, provider: GenerationProvider): Promise<RunOutcome['outcome']> {
    const fields = { taskId: task.id, attempt: task.attempts };
    try {
      const article = await provider.generate({ topic: task.customTopic, style: task.style, wordCount: task.wordCount }, this.loops.signal);
      await this.db.transaction(async (tx) => {
        if (!(await completeTask(tx, task, article, provider, this.now()))) throw new LeaseLost();
      });
      this.log.info(fields, 'generation task done');
      return 'done';
    } catch (err) {
      if (err instanceof LeaseLost) {
        this.log.warn(fields, 'generation lease lost; another worker owns the task now');
        return 'lease_lost';
      }
      if (!(err instanceof ProviderError)) {
        if (this.loops.signal.aborted) {
          await generationRepository.release(this.db, task.id, task.attempts);
          this.log.info(fields, 'generation interrupted by shutdown; task queued again');
          return 'released';
        }
        // Unexpected (e.g. the database went away): the lease will expire and another attempt follows.
        throw err;
      }
      this.log.warn({ ...fields, code: err.code, error: err.message, detail: err.detail }, 'generation attempt failed');
      const now = this.now();
      if (err.retryable && task.attempts < MAX_ATTEMPTS) {
        const notBefore = new Date(now.getTime() + RETRY_DELAYS_MS[task.attempts - 1]!);
        const message = `${err.message} (attempt ${task.attempts} of ${MAX_ATTEMPTS})`;
        return (await generationRepository.requeue(this.db, task.id, task.attempts, notBefore, err.code, message)) ? 'retry_scheduled' : 'lease_lost';
      }
      const suffix = err.retryable ? ` (after ${task.attempts} attempts)` : '';
      const failed = await this.db.transaction((tx) => failTask(tx, task, task.attempts, err.code, `${err.message}${suffix}`, now));
      return failed ? 'failed' : 'lease_lost';
    }
  }
}
