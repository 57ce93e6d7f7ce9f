import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature, WEBHOOK_HEADERS } from './webhooks.js';

// Known answer, computed independently with:
//   printf '%s' "1700000000.evt_test.$BODY" | openssl dgst -sha256 -hmac whsec_known_answer_secret
const SECRET = 'whsec_known_answer_secret';
const ID = 'evt_test';
const TS = 1_700_000_000;
const BODY =
  '{"id":"evt_test","type":"article.generation.succeeded","created_at":"2023-11-14T22:13:20.000Z","data":{"task_id":"gen_1","status":"done","article_id":"art_1","title":"Hello"}}';
const MAC = '4ffb42f604e87461c3dfd0a9dcb22b9759d9e787af5c75f8d2fe0ccfa5766f95';

const headers = (signature = `v1=${MAC}`, ts = String(TS)) => ({
  'Plume-Webhook-Id': ID,
  'Plume-Webhook-Timestamp': ts,
  'Plume-Webhook-Signature': signature,
});

describe('happy path', () => {
  it('signs the known-answer vector', () => {
    expect(signWebhook(SECRET, TS, ID, BODY)).toBe(`v1=${MAC}`);
    expect(signWebhook(SECRET, String(TS), ID, new TextEncoder().encode(BODY))).toBe(`v1=${MAC}`);
  });

  it('verifies plain header objects in any case, fetch Headers, and string or byte bodies', () => {
    expect(verifyWebhookSignature(SECRET, headers(), BODY, 300, TS + 10)).toEqual({ valid: true, id: ID, timestamp: TS });
    const lower = Object.fromEntries(Object.entries(headers()).map(([k, v]) => [k.toLowerCase(), v]));
    expect(verifyWebhookSignature(SECRET, lower, Buffer.from(BODY), 300, TS).valid).toBe(true);
    expect(verifyWebhookSignature(SECRET, new Headers(headers()), BODY, 300, TS).valid).toBe(true);
    expect(WEBHOOK_HEADERS.signature).toBe('plume-webhook-signature');
  });

  it('accepts a header with several signatures when one matches (secret rotation)', () => {
    const old = signWebhook('whsec_old_secret_value', TS, ID, BODY);
    expect(verifyWebhookSignature(SECRET, headers(`${old} v1=${MAC}`), BODY, 300, TS).valid).toBe(true);
  });
});

describe('errors', () => {
  it('refuses a changed body, id, timestamp or secret', () => {
    expect(verifyWebhookSignature(SECRET, headers(), BODY.replace('Hello', 'Hullo'), 300, TS)).toEqual({ valid: false, reason: 'signature_mismatch' });
    expect(verifyWebhookSignature('whsec_other', headers(), BODY, 300, TS).valid).toBe(false);
    expect(verifyWebhookSignature(SECRET, { ...headers(), 'Plume-Webhook-Id': 'evt_other' }, BODY, 300, TS).valid).toBe(false);
    expect(verifyWebhookSignature(SECRET, headers(undefined, String(TS + 1)), BODY, 300, TS).valid).toBe(false);
    expect(verifyWebhookSignature(SECRET, headers(`v0=${MAC}`), BODY, 300, TS).valid).toBe(false);
    expect(verifyWebhookSignature(SECRET, headers(`v1=${MAC.slice(2)}`), BODY, 300, TS).valid).toBe(false);
  });

  it('refuses stale or future timestamps beyond the tolerance (replays)', () => {
    expect(verifyWebhookSignature(SECRET, headers(), BODY, 300, TS + 301)).toEqual({ valid: false, reason: 'timestamp_out_of_tolerance' });
    expect(verifyWebhookSignature(SECRET, headers(), BODY, 300, TS - 301).valid).toBe(false);
    expect(verifyWebhookSignature(SECRET, headers(), BODY, 600, TS + 301).valid).toBe(true);
  });

  it('refuses missing headers and malformed timestamps', () => {
    expect(verifyWebhookSignature(SECRET, {}, BODY)).toEqual({ valid: false, reason: 'missing_headers' });
    expect(verifyWebhookSignature(SECRET, headers(undefined, '17e8'), BODY, 300, TS)).toEqual({ valid: false, reason: 'malformed_timestamp' });
  });
});
