/**
 * Plume webhooks, as both sides see them: the event catalog, the envelope,
 * and the signature. A delivery is an HTTP POST whose body is the JSON
 * envelope `{ id, type, created_at, data }`, with three headers:
 *
 *   Plume-Webhook-Id:        evt_…  (the same on every retry; deduplicate on it)
 *   Plume-Webhook-Timestamp: Unix seconds when this attempt was signed
 *   Plume-Webhook-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<id>.<body>")>
 *
 * The signature covers the exact body bytes, so verify before parsing, and
 * reject old timestamps (replays): verifyWebhookSignature does both. The
 * header may carry several space-separated `v1=` values (secret rotation);
 * one match is enough.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_EVENT_TYPES = [
  'article.generation.succeeded',
  'article.generation.failed',
  'publish.job.updated',
  'publish.batch.updated',
  'account.session_expired',
  'account.health_changed',
  'webhook.test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What `data` holds for each event type. Publish events may carry more fields than named here. */
export interface WebhookEventData {
  'article.generation.succeeded': { task_id: string; status: 'done'; article_id: string; title: string };
  'article.generation.failed': { task_id: string; status: 'failed'; error: { code: string; message: string } };
  /** request_id: the X-Request-Id of the publish call that created the batch. */
  'publish.job.updated': { batch_id: string; job_id: string; state: string; request_id: string; [field: string]: unknown };
  'publish.batch.updated': { batch_id: string; state: string; request_id: string; [field: string]: unknown };
  /**
   * A node found the account's platform session gone (logged_in → logged_out): the account is not
   * publishable until someone logs it in again on its node. detected_at: when the control plane
   * recorded the change (ISO 8601). request_id is null: no API call caused it.
   */
  'account.session_expired': { account_id: number; platform: string; node_id: string; detected_at: string; request_id: null };
  /**
   * The account's health moved (ok, watch, cooling, restricted): by its signals and the operator's
   * rules, or by an admin. reason: signals, restriction_signal, cool_down_over, quiet or admin;
   * signals: its newest signals (up to 5, newest first); changed_at: ISO 8601. request_id is null.
   */
  'account.health_changed': {
    account_id: number;
    platform: string;
    from: 'ok' | 'watch' | 'cooling' | 'restricted';
    to: 'ok' | 'watch' | 'cooling' | 'restricted';
    reason: string;
    signals: Array<{ kind: string; source: string; at: string; detail: Record<string, unknown> }>;
    changed_at: string;
    request_id: null;
  };
  /**
   * Sent when the integrator asks for a test delivery in the console: it travels the same signed,
   * retried path as every event. request_id: the X-Request-Id of the console call that asked.
   */
  'webhook.test': { message: string; requested_at: string; request_id: string };
}

export interface WebhookEnvelope<T extends WebhookEventType = WebhookEventType> {
  id: string;
  type: T;
  /** ISO 8601, when the event happened (not when this attempt was sent). */
  created_at: string;
  data: WebhookEventData[T];
}

export const WEBHOOK_HEADERS = {
  id: 'plume-webhook-id',
  timestamp: 'plume-webhook-timestamp',
  signature: 'plume-webhook-signature',
} as const;

export const WEBHOOK_SIGNATURE_VERSION = 'v1';
/** Default replay window: a delivery signed more than this many seconds away from now is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The signed bytes: `<timestamp>.<id>.<body>`. */
export function webhookSigningInput(timestamp: string | number, id: string, body: string | Uint8Array): Buffer {
  const bodyBytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return Buffer.concat([Buffer.from(`${timestamp}.${id}.`, 'utf8'), bodyBytes]);
}

/** The Plume-Webhook-Signature value for one delivery attempt: `v1=<hex>`. */
export function signWebhook(secret: string, timestamp: string | number, id: string, body: string | Uint8Array): string {
  const mac = createHmac('sha256', secret).update(webhookSigningInput(timestamp, id, body)).digest('hex');
  return `${WEBHOOK_SIGNATURE_VERSION}=${mac}`;
}

export type WebhookVerification =
  | { valid: true; id: string; timestamp: number }
  | { valid: false; reason: 'missing_headers' | 'malformed_timestamp' | 'timestamp_out_of_tolerance' | 'signature_mismatch' };

type HeaderBag = Record<string, string | string[] | undefined> | { get(name: string): string | null };

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(n: string): string | null }).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : bag[key];
  return Array.isArray(value) ? value.join(' ') : value;
}

/**
 * Checks one received delivery. `headers` is a plain header object (any key
 * case, as node:http gives it) or a fetch `Headers`; `body` is the raw body
 * exactly as received. `nowSeconds` is for tests.
 */
export function verifyWebhookSignature(
  secret: string,
  headers: HeaderBag,
  body: string | Uint8Array,
  toleranceSeconds: number = WEBHOOK_TOLERANCE_SECONDS,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): WebhookVerification {
  const id = header(headers, WEBHOOK_HEADERS.id);
  const timestamp = header(headers, WEBHOOK_HEADERS.timestamp);
  const signature = header(headers, WEBHOOK_HEADERS.signature);
  if (!id || !timestamp || !signature) return { valid: false, reason: 'missing_headers' };
  if (!/^\d{1,12}$/.test(timestamp)) return { valid: false, reason: 'malformed_timestamp' };
  const ts = Number(timestamp);
  if (Math.abs(nowSeconds - ts) > toleranceSeconds) return { valid: false, reason: 'timestamp_out_of_tolerance' };

  const expected = Buffer.from(signWebhook(secret, timestamp, id, body), 'utf8');
  const matches = signature
    .split(/[\s,]+/)
    .filter(Boolean)
    .some((candidate) => {
      const sent = Buffer.from(candidate, 'utf8');
      return sent.length === expected.length && timingSafeEqual(sent, expected);
    });
  return matches ? { valid: true, id, timestamp: ts } : { valid: false, reason: 'signature_mismatch' };
}
