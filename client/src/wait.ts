/**
 * waitForBatch: polls GET /api/openapi/v1/publish/{batch_id} until the batch ends, as the API asks
 * of every poller: one request every 2 to 5 seconds, and on 429 (rate limited) or 503 (service
 * unavailable) no new request before the answer's Retry-After.
 */
import { PlumeApiError, retryAfterMs, type PlumeClient } from './client.js';
import type { paths } from './openapi-v1.js';

/** A batch and its jobs, as GET /publish/{batch_id} answers it. */
export type Batch = paths['/api/openapi/v1/publish/{batch_id}']['get']['responses'][200]['content']['application/json'];
export type BatchState = Batch['state'];
export type BatchJob = Batch['jobs'][number];

/** The states a batch does not leave. */
export const TERMINAL_BATCH_STATES: readonly BatchState[] = ['succeeded', 'failed', 'partial', 'canceled'];

export function isTerminalBatchState(state: BatchState): boolean {
  return TERMINAL_BATCH_STATES.includes(state);
}

/** The shortest and longest time between two polls the API allows. */
export const POLL_INTERVAL_MIN_MS = 2_000;
export const POLL_INTERVAL_MAX_MS = 5_000;
/** Network failures and 500/502/504 answers in a row that waitForBatch rides out before it gives up. */
export const MAX_CONSECUTIVE_FAILURES = 10;

/** Time as waitForBatch sees it; replaceable in tests. `sleep` rejects with the signal's reason when it aborts. */
export interface WaitClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: WaitClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal!.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

export interface WaitForBatchOptions {
  /** Stops waiting: the promise rejects with the signal's reason, and a request in flight is aborted. */
  signal?: AbortSignal;
  /** Gives up after this long (BatchWaitTimeoutError); default: wait as long as the batch runs. */
  timeoutMs?: number;
  /** Time between two polls of a running batch, 2000 to 5000 ms; default 3000. */
  intervalMs?: number;
  /** Called with every batch read, terminal or not (e.g. to see a job `awaiting_input`). */
  onPoll?: (batch: Batch) => void;
  /** For tests: the clock to read and sleep on. */
  clock?: WaitClock;
}

/** waitForBatch gave up at its timeoutMs; `lastBatch` is the last batch it read (null when none). */
export class BatchWaitTimeoutError extends Error {
  override readonly name = 'BatchWaitTimeoutError';
  constructor(
    readonly batchId: string,
    readonly lastBatch: Batch | null,
  ) {
    super(`batch ${batchId} did not end in time (last state: ${lastBatch?.state ?? 'never read'})`);
  }
}

/**
 * Polls the batch until it is succeeded, failed, partial or canceled, and answers it. An error
 * answer other than 429/503 (or a passing 500/502/504) is thrown as PlumeApiError: 404
 * batch_not_found, 401, 403 do not get better by waiting.
 */
export async function waitForBatch(client: PlumeClient, batchId: string, options: WaitForBatchOptions = {}): Promise<Batch> {
  const clock = options.clock ?? systemClock;
  const interval = options.intervalMs ?? 3_000;
  if (!(interval >= POLL_INTERVAL_MIN_MS && interval <= POLL_INTERVAL_MAX_MS)) {
    throw new RangeError(`intervalMs must be between ${POLL_INTERVAL_MIN_MS} and ${POLL_INTERVAL_MAX_MS} (the API's polling rule), not ${interval}`);
  }
  const { signal } = options;
  const deadline = options.timeoutMs === undefined ? Number.POSITIVE_INFINITY : clock.now() + options.timeoutMs;
  let last: Batch | null = null;
  let failures = 0;

  for (;;) {
    signal?.throwIfAborted();
    let delay: number;
    let result: Awaited<ReturnType<typeof getBatch>> | null = null;
    try {
      result = await getBatch(client, batchId, signal);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (++failures >= MAX_CONSECUTIVE_FAILURES) throw error;
    }
    if (result === null) {
      delay = interval;
    } else if (result.response.ok && result.data) {
      failures = 0;
      last = result.data;
      options.onPoll?.(last);
      if (isTerminalBatchState(last.state)) return last;
      delay = interval;
    } else {
      const status = result.response.status;
      if (status === 429 || status === 503) {
        // The server said when: never sooner, and never sooner than the polling rule either.
        delay = Math.max(retryAfterMs(result.response, clock.now()) ?? interval, POLL_INTERVAL_MIN_MS);
      } else if ((status === 500 || status === 502 || status === 504) && ++failures < MAX_CONSECUTIVE_FAILURES) {
        delay = interval;
      } else {
        throw new PlumeApiError(result.response, result.error);
      }
    }
    const remaining = deadline - clock.now();
    if (delay > remaining) {
      await clock.sleep(Math.max(0, remaining), signal);
      throw new BatchWaitTimeoutError(batchId, last);
    }
    await clock.sleep(delay, signal);
  }
}

function getBatch(client: PlumeClient, batchId: string, signal: AbortSignal | undefined) {
  return client.GET('/api/openapi/v1/publish/{batch_id}', { params: { path: { batch_id: batchId } }, ...(signal ? { signal } : {}) });
}
