/**
 * Webhook deliveries from Plume, checked before they are trusted. A delivery is an HTTP POST whose
 * body is the JSON envelope `{ id, type, created_at, data }`, with three headers:
 *
 *   Plume-Webhook-Id:        evt_…  (the same on every retry; deduplicate on it)
 *   Plume-Webhook-Timestamp: Unix seconds when this attempt was signed
 *   Plume-Webhook-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<id>.<body>")>
 *
 * The signature covers the exact body bytes: verify the raw body before parsing it. A delivery
 * signed more than the tolerance (300 s by default) away from now is refused as a possible replay.
 * The signature header may carry several space- or comma-separated `v1=` values while a secret is
 * being rotated; one match is enough. Comparisons take constant time.
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

type Health = 'ok' | 'watch' | 'cooling' | 'restricted';

/** What `data` holds for each event type. Publish events may carry more fields than named here. */
export interface WebhookEventData {
  'article.generation.succeeded': { task_id: string; status: 'done'; article_id: string; title: string };
  'article.generation.failed': { task_id: string; status: 'failed'; error: { code: string; message: string } };
  /** request_id: the X-Request-Id of the publish call that created the batch. */
  'publish.job.updated': { batch_id: string; job_id: string; state: string; request_id: string; [field: string]: unknown };
  'publish.batch.updated': { batch_id: string; state: string; request_id: string; [field: string]: unknown };
  'account.session_expired': { account_id: number; platform: string; node_id: string; detected_at: string; request_id: null };
  'account.health_changed': {
    account_id: number;
    platform: string;
    from: Health;
    to: Health;
    reason: string;
    signals: Array<{ kind: string; source: string; at: string; detail: Record<string, unknown> }>;
    changed_at: string;
    request_id: null;
  };
  'webhook.test': { message: string; requested_at: string; request_id: string };
}

/** A delivery's body, once verified and parsed; narrow on `type`. */
export type WebhookEnvelope = {
  [T in WebhookEventType]: { id: string; type: T; /** ISO 8601, when the event happened. */ created_at: string; data: WebhookEventData[T] };
}[WebhookEventType];

export const WEBHOOK_HEADERS = {
  id: 'plume-webhook-id',
  timestamp: 'plume-webhook-timestamp',
  signature: 'plume-webhook-signature',
} as const;

/** The default replay window, in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type WebhookVerification =
  | { valid: true; id: string; timestamp: number }
  | { valid: false; reason: 'missing_headers' | 'malformed_timestamp' | 'timestamp_out_of_tolerance' | 'signature_mismatch' };

/** node:http's `req.headers` (any key case, arrays joined), a plain object, or a fetch `Headers`. */
export type WebhookHeaders = Record<string, string | string[] | undefined> | { get(name: string): string | null };

export interface VerifyWebhookOptions {
  /** Seconds a delivery's timestamp may be away from now; default 300. */
  toleranceSeconds?: number;
  /** Now, in Unix seconds (tests); default the system clock. */
  nowSeconds?: number;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(n: string): string | null }).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : bag[key];
  return Array.isArray(value) ? value.join(' ') : value;
}

function bytes(body: string | Uint8Array): Buffer {
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/**
 * Checks one received delivery: `secret` is your webhook secret, `headers` the request's headers,
 * `body` the raw body exactly as received (a string or the bytes; never a re-serialized object).
 */
export function verifyWebhook(secret: string, headers: WebhookHeaders, body: string | Uint8Array, options: VerifyWebhookOptions = {}): WebhookVerification {
  const id = header(headers, WEBHOOK_HEADERS.id);
  const timestamp = header(headers, WEBHOOK_HEADERS.timestamp);
  const signature = header(headers, WEBHOOK_HEADERS.signature);
  if (!id || !timestamp || !signature) return { valid: false, reason: 'missing_headers' };
  if (!/^\d{1,12}$/.test(timestamp)) return { valid: false, reason: 'malformed_timestamp' };
  const ts = Number(timestamp);
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - ts) > (options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS)) return { valid: false, reason: 'timestamp_out_of_tolerance' };

  const mac = createHmac('sha256', secret).update(`${timestamp}.${id}.`, 'utf8').update(bytes(body)).digest('hex');
  const expected = Buffer.from(`v1=${mac}`, 'utf8');
  const matches = signature
    .split(/[\s,]+/)
    .filter(Boolean)
    .some((candidate) => {
      const sent = Buffer.from(candidate, 'utf8');
      return sent.length === expected.length && timingSafeEqual(sent, expected);
    });
  return matches ? { valid: true, id, timestamp: ts } : { valid: false, reason: 'signature_mismatch' };
}

/**
 * verifyWebhook, then the parsed envelope: answers `{ valid: true, event }` or the refusal.
 * Deduplicate on `event.id` (a retried delivery carries the same id).
 */
export function parseWebhook(
  secret: string,
  headers: WebhookHeaders,
  body: string | Uint8Array,
  options: VerifyWebhookOptions = {},
): { valid: true; event: WebhookEnvelope; timestamp: number } | Extract<WebhookVerification, { valid: false }> {
  const verified = verifyWebhook(secret, headers, body, options);
  if (!verified.valid) return verified;
  const text = typeof body === 'string' ? body : bytes(body).toString('utf8');
  return { valid: true, event: JSON.parse(text) as WebhookEnvelope, timestamp: verified.timestamp };
}
