export { createPlumeClient, isPlumeErrorBody, PlumeApiError, requestIdOf, retryAfterMs, unwrap } from './client.js';
export type { PlumeClient, PlumeClientOptions, PlumeErrorBody } from './client.js';
export {
  parseWebhook,
  verifyWebhook,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_HEADERS,
  WEBHOOK_TOLERANCE_SECONDS,
} from './webhooks.js';
export type { VerifyWebhookOptions, WebhookEnvelope, WebhookEventData, WebhookEventType, WebhookHeaders, WebhookVerification } from './webhooks.js';
export {
  BatchWaitTimeoutError,
  isTerminalBatchState,
  MAX_CONSECUTIVE_FAILURES,
  POLL_INTERVAL_MAX_MS,
  POLL_INTERVAL_MIN_MS,
  systemClock,
  TERMINAL_BATCH_STATES,
  waitForBatch,
} from './wait.js';
export type { Batch, BatchJob, BatchState, WaitClock, WaitForBatchOptions } from './wait.js';
export type { components, operations, paths } from './openapi-v1.js';
