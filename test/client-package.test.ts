/**
 * @plume/client without a server: its webhook check accepts exactly what the product's own signer
 * (shared/src/webhooks.ts) produces and refuses the rest as that module does; waitForBatch keeps
 * the polling rule (2 to 5 s between polls, Retry-After on 429/503) on an injected clock and fetch,
 * so no test here waits on a real timer.
 */
import { describe, expect, it } from 'vitest';
import {
  BatchWaitTimeoutError,
  createPlumeClient,
  PlumeApiError,
  requestIdOf,
  parseWebhook,
  verifyWebhook,
  waitForBatch,
  WEBHOOK_EVENT_TYPES,
  type Batch,
  type WaitClock,
} from '../client/src/index.js';
import { signWebhook, verifyWebhookSignature, WEBHOOK_EVENT_TYPES as PRODUCT_EVENT_TYPES } from '../shared/src/webhooks.js';

const SECRET = 'whsec_test_0123456789';
const NOW = 1_900_000_000;

function delivery(body: string, options: { id?: string; timestamp?: number; secret?: string; signature?: string } = {}) {
  const id = options.id ?? 'evt_01';
  const timestamp = options.timestamp ?? NOW;
  return {
    'Plume-Webhook-Id': id,
    'Plume-Webhook-Timestamp': String(timestamp),
    'Plume-Webhook-Signature': options.signature ?? signWebhook(options.secret ?? SECRET, timestamp, id, body),
  };
}

describe('verifyWebhook against the product signer', () => {
  const body = JSON.stringify({ id: 'evt_01', type: 'publish.batch.updated', created_at: '2030-01-01T00:00:00Z', data: { batch_id: 'bat_1', state: 'succeeded', request_id: 'r1' } });

  it('accepts a delivery the product signed, as a string, bytes, node headers or fetch Headers', () => {
    const headers = delivery(body);
    expect(verifyWebhook(SECRET, headers, body, { nowSeconds: NOW })).toEqual({ valid: true, id: 'evt_01', timestamp: NOW });
    expect(verifyWebhook(SECRET, headers, new TextEncoder().encode(body), { nowSeconds: NOW }).valid).toBe(true);
    expect(verifyWebhook(SECRET, new Headers(headers), Buffer.from(body), { nowSeconds: NOW }).valid).toBe(true);
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    expect(verifyWebhook(SECRET, lower, body, { nowSeconds: NOW }).valid).toBe(true);
    // A multi-byte body: the bytes are signed, not the characters.
    const chinese = JSON.stringify({ id: 'evt_02', type: 'webhook.test', created_at: '2030-01-01T00:00:00Z', data: { message: '测试 ✓', requested_at: 'x', request_id: 'r' } });
    expect(verifyWebhook(SECRET, delivery(chinese, { id: 'evt_02' }), Buffer.from(chinese, 'utf8'), { nowSeconds: NOW }).valid).toBe(true);
  });

  it('accepts one matching value among several (secret rotation), space or comma separated', () => {
    const good = signWebhook(SECRET, NOW, 'evt_01', body);
    const old = signWebhook('whsec_old', NOW, 'evt_01', body);
    expect(verifyWebhook(SECRET, delivery(body, { signature: `${old} ${good}` }), body, { nowSeconds: NOW }).valid).toBe(true);
    expect(verifyWebhook(SECRET, delivery(body, { signature: `${old},${good}` }), body, { nowSeconds: NOW }).valid).toBe(true);
  });

  it('answers each delivery, good or bad, as the product\'s own check does (same reasons)', () => {
    const cases: Array<[Record<string, string>, string, number]> = [
      [delivery(body, { secret: 'whsec_wrong' }), body, NOW],
      [delivery(body), body.replace('succeeded', 'failed'), NOW],
      [delivery(body, { id: 'evt_01' }), body, NOW],
      [{ ...delivery(body), 'Plume-Webhook-Id': 'evt_other' }, body, NOW],
      [delivery(body, { timestamp: NOW - 301 }), body, NOW],
      [delivery(body, { timestamp: NOW + 301 }), body, NOW],
      [delivery(body, { timestamp: NOW - 300 }), body, NOW],
      [{ ...delivery(body), 'Plume-Webhook-Timestamp': '17e8' }, body, NOW],
      [{ ...delivery(body), 'Plume-Webhook-Timestamp': '' }, body, NOW],
      [{ 'Plume-Webhook-Id': 'evt_01', 'Plume-Webhook-Timestamp': String(NOW) }, body, NOW],
      [delivery(body, { signature: 'v1=' + 'ab'.repeat(32) }), body, NOW],
      [delivery(body, { signature: signWebhook(SECRET, NOW, 'evt_01', body).replace('v1=', 'v0=') }), body, NOW],
      [delivery(body, { signature: signWebhook(SECRET, NOW, 'evt_01', body).slice(0, -1) }), body, NOW],
    ];
    for (const [headers, received, now] of cases) {
      const ours = verifyWebhook(SECRET, headers, received, { nowSeconds: now });
      const product = verifyWebhookSignature(SECRET, headers, received, 300, now);
      expect(ours, JSON.stringify(headers)).toEqual(product);
    }
    expect(verifyWebhook(SECRET, delivery(body, { timestamp: NOW - 301 }), body, { nowSeconds: NOW })).toEqual({ valid: false, reason: 'timestamp_out_of_tolerance' });
    expect(verifyWebhook(SECRET, delivery(body, { timestamp: NOW - 301 }), body, { nowSeconds: NOW, toleranceSeconds: 600 }).valid).toBe(true);
  });

  it('parseWebhook answers the envelope once verified, and nothing otherwise', () => {
    const parsed = parseWebhook(SECRET, delivery(body), body, { nowSeconds: NOW });
    expect(parsed.valid && parsed.event.type === 'publish.batch.updated' && parsed.event.data.state).toBe('succeeded');
    expect(parseWebhook('whsec_wrong', delivery(body), body, { nowSeconds: NOW })).toEqual({ valid: false, reason: 'signature_mismatch' });
  });

  it('names the same event types as the product', () => {
    expect([...WEBHOOK_EVENT_TYPES]).toEqual([...PRODUCT_EVENT_TYPES]);
  });
});

/** A clock that moves only when slept on, and remembers every sleep. */
function fakeClock(): WaitClock & { sleeps: number[]; t: number } {
  const clock = {
    t: 0,
    sleeps: [] as number[],
    now: () => clock.t,
    async sleep(ms: number, signal?: AbortSignal) {
      signal?.throwIfAborted();
      clock.sleeps.push(ms);
      clock.t += ms;
    },
  };
  return clock;
}

function batch(state: Batch['state']): Batch {
  return { batch_id: 'bat_x', content_type: 'article', executor: 'web', article_id: 'art_1', state, request_id: 'req_1', created_at: '2030-01-01T00:00:00Z', publish_at: null, jobs: [] } as Batch;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'x-request-id': 'req_answer', ...headers } });

/** A fetch that answers from a script, recording each request's URL and headers. */
function scriptedFetch(answers: Array<() => Response | Promise<Response>>) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request);
    const next = answers.shift();
    if (!next) throw new Error('no more answers scripted');
    return next();
  };
  return { fetch, requests };
}

describe('waitForBatch', () => {
  it('polls GET the batch with the key until it ends, the interval apart', async () => {
    const { fetch, requests } = scriptedFetch([() => json(200, batch('queued')), () => json(200, batch('running')), () => json(200, batch('succeeded'))]);
    const client = createPlumeClient({ baseUrl: 'http://plume.test/', apiKey: 'plm_key', fetch });
    const clock = fakeClock();
    const seen: string[] = [];
    const done = await waitForBatch(client, 'bat_x', { clock, onPoll: (b) => seen.push(b.state) });
    expect(done.state).toBe('succeeded');
    expect(seen).toEqual(['queued', 'running', 'succeeded']);
    expect(clock.sleeps).toEqual([3000, 3000]);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(Array(3).fill('GET http://plume.test/api/openapi/v1/publish/bat_x'));
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer plm_key');
  });

  it('takes any interval from 2 to 5 s and refuses others', async () => {
    for (const intervalMs of [2000, 5000]) {
      const { fetch } = scriptedFetch([() => json(200, batch('running')), () => json(200, batch('canceled'))]);
      const clock = fakeClock();
      await waitForBatch(createPlumeClient({ baseUrl: 'http://plume.test', apiKey: 'k', fetch }), 'bat_x', { clock, intervalMs });
      expect(clock.sleeps).toEqual([intervalMs]);
    }
    const client = createPlumeClient({ baseUrl: 'http://plume.test', apiKey: 'k', fetch: scriptedFetch([]).fetch });
    await expect(waitForBatch(client, 'bat_x', { intervalMs: 1000 })).rejects.toThrow(RangeError);
    await expect(waitForBatch(client, 'bat_x', { intervalMs: 6000 })).rejects.toThrow(RangeError);
  });

  it('waits Retry-After on 429 and 503 (never under 2 s), then goes on', async () => {
    const limited = { error: { code: 'rate_limited', message: 'slow down' } };
    const down = { error: { code: 'service_unavailable', message: 'retry' } };
    const { fetch } = scriptedFetch([
      () => json(429, limited, { 'retry-after': '17' }),
      () => json(503, down, { 'retry-after': '2' }),
      () => json(429, limited, { 'retry-after': '0' }),
      () => json(429, limited),
      () => json(503, down, { 'retry-after': new Date(Date.UTC(2030, 0, 1, 0, 0, 40)).toUTCString() }),
      () => json(200, batch('partial')),
    ]);
    const clock = fakeClock();
    clock.t = Date.UTC(2030, 0, 1, 0, 0, 0) - 17_000 - 2_000 - 2_000 - 3_000;
    const done = await waitForBatch(createPlumeClient({ baseUrl: 'http://plume.test', apiKey: 'k', fetch }), 'bat_x', { clock });
    expect(done.state).toBe('partial');
    expect(clock.sleeps).toEqual([17_000, 2_000, 2_000, 3_000, 40_000]);
  });

  it('rides out a passing 500 or network failure; throws an error answer that waiting cannot fix', async () => {
    const { fetch } = scriptedFetch([
      () => json(500, { error: { code: 'internal_error', message: 'x' } }),
      () => Promise.reject(new TypeError('fetch failed')),
      () => json(200, batch('failed')),
    ]);
    const clock = fakeClock();
    expect((await waitForBatch(createPlumeClient({ baseUrl: 'http://plume.test', apiKey: 'k', fetch }), 'bat_x', { clock })).state).toBe('failed');
    expect(clock.sleeps).toEqual([3000, 3000]);

    const missing = scriptedFetch([() => json(404, { error: { code: 'batch_not_found', message: 'no such batch' } }, { 'x-request-id': 'req_404' })]);
    const error = await waitForBatch(createPlumeClient({ baseUrl: 'http://plume.test', apiKey: 'k', fetch: missing.fetch }), 'bat_x', { clock: fakeClock() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlumeApiError);
    expect(error).toMatchObject({ status: 404, code: 'batch_not_found', requestId: 'req_404' });
  });

  it('gives up at timeoutMs with the last batch it read, without polling past it', async () => {
    const { fetch, requests } = scriptedFetch(Array.from({ length: 10 }, () => () => json(200, batch('running'))));
    const clock = fakeClock();
    const error = await waitForBatch(createPlumeClient({ baseUrl: 'http://plume.test', apiKey: 'k', fetch }), 'bat_x', { clock, timeoutMs: 10_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BatchWaitTimeoutError);
    expect((error as BatchWaitTimeoutError).lastBatch?.state).toBe('running');
    expect(requests).toHaveLength(4);
    expect(clock.sleeps).toEqual([3000, 3000, 3000, 1000]);
    expect(clock.t).toBe(10_000);
  });

  it('stops at once when its signal aborts, in flight or between polls', async () => {
    const controller = new AbortController();
    const { fetch } = scriptedFetch([() => json(200, batch('running')), () => json(200, batch('running'))]);
    const clock = fakeClock();
    const waiting = waitForBatch(createPlumeClient({ baseUrl: 'http://plume.test', apiKey: 'k', fetch }), 'bat_x', {
      clock,
      signal: controller.signal,
      onPoll: () => controller.abort(new Error('caller is done')),
    });
    await expect(waiting).rejects.toThrow('caller is done');

    const inFlight = new AbortController();
    const hanging = async (request: Request) =>
      new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true }));
    const pending = waitForBatch(createPlumeClient({ baseUrl: 'http://plume.test', apiKey: 'k', fetch: hanging }), 'bat_x', { clock: fakeClock(), signal: inFlight.signal });
    inFlight.abort(new Error('shutting down'));
    await expect(pending).rejects.toThrow('shutting down');
  });
});

describe('the client', () => {
  it('exposes X-Request-Id and the typed error envelope', async () => {
    const { fetch, requests } = scriptedFetch([() => json(401, { error: { code: 'unauthorized', message: 'no key' } }, { 'x-request-id': 'req_401' })]);
    const client = createPlumeClient({ baseUrl: 'http://plume.test', apiKey: 'plm_bad', fetch, headers: { 'x-request-id': 'mine-1' } });
    const result = await client.GET('/api/openapi/v1/me');
    expect(result.error?.error.code).toBe('unauthorized');
    expect(requestIdOf(result)).toBe('req_401');
    expect(requests[0]!.headers.get('x-request-id')).toBe('mine-1');
    expect(() => createPlumeClient({ baseUrl: 'http://plume.test', apiKey: '' })).toThrow(TypeError);
  });
});
