/**
 * The Open API's background components, for main.ts to start after the app
 * and stop before closing the database: article generation, webhook
 * delivery, and pruning of expired Idempotency-Key records. Every replica
 * runs them; the database hands each task or delivery to one of them.
 */
import type { GenerationConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { type CmsWorkerOptions, startCmsExecutor } from '../executors/web/cms.worker.js';
import { logRoundFailure } from '../db/unavailable.js';
import type { ComponentLog } from '../db/polling-loops.js';
import { GenerationWorker } from '../publishing/generation/generation.worker.js';
import { pruneIdempotencyKeys } from '../http/idempotency.js';
import { WebhookDeliverer } from '../publishing/webhooks/webhook.deliverer.js';

/** Records live 24 h; pruning them hourly keeps the table small and costs one statement. */
const IDEMPOTENCY_PRUNE_MS = 3600_000;

export interface OpenApiWorkersOptions {
  db: Db;
  /** LISTEN for the outbox's wake-ups (webhook events sent at once); absent: the deliverer polls only. */
  listen?: (channel: string, fn: () => void) => Promise<() => Promise<void>>;
  now?: () => Date;
  generation: GenerationConfig | null;
  log: ComponentLog;
  /** The web executor for CMS sites (executors/web); absent: not run by this process. */
  cms?: Omit<CmsWorkerOptions, 'db' | 'log'>;
}

export function startOpenApiWorkers({ db, now = () => new Date(), generation, log, cms, listen }: OpenApiWorkersOptions): { stop(): Promise<void> } {
  const generationWorker = new GenerationWorker({ db, generation, now, log });
  const deliverer = new WebhookDeliverer({ db, now, log, ...(listen ? { listen } : {}) });
  generationWorker.start();
  deliverer.start();
  const cmsExecutor = cms ? startCmsExecutor({ db, log, ...cms }) : null;
  if (!generation) log.warn({}, 'article generation is not configured (PLUME_GENERATION_BASE_URL, PLUME_GENERATION_MODEL); generation tasks fail with generation_unconfigured');

  const prune = setInterval(() => {
    pruneIdempotencyKeys(db, now()).catch((err: unknown) => logRoundFailure(log, err, 'idempotency prune'));
  }, IDEMPOTENCY_PRUNE_MS);
  prune.unref();

  let stopping: Promise<void> | null = null;
  return {
    stop() {
      stopping ??= (async () => {
        clearInterval(prune);
        // The outbox is durable: an event enqueued while the deliverer stops is sent by the next one to start.
        await Promise.all([generationWorker.stop(), deliverer.stop(), cmsExecutor?.stop()]);
      })();
      return stopping;
    },
  };
}
