/**
 * API-key authentication and the per-user request limits. Both are answered
 * from this replica's memory on the hot path, and both stay correct across
 * replicas:
 * - the key → user/plan/permissions lookup is cached briefly and dropped on
 *   every replica by LISTEN/NOTIFY when a key is revoked or a user disabled
 *   or re-planned (key-cache.ts, which says what that costs);
 * - the per-minute and per-day limits (all of a user's keys together) are
 *   counted in PostgreSQL, but a replica reserves a block of the allowance
 *   at a time and serves requests from it, never exceeding the limit across
 *   replicas (rate-limit.ts, which says what that costs).
 * One pair per database handle (so per app), made on first use.
 */
import { ID_PATTERNS } from '@plume/shared';
import { createHash } from 'node:crypto';
import type { Db } from '../db/client.js';
import { ApiKeyCache, type KeyRecord } from './key-cache.js';
import { openapiError } from '../http/openapi-errors.js';
import { type LimitVerdict, RateLimiter } from './rate-limit.js';
import type { Permission, UserPlan } from './integrators.schema.js';

export interface ApiCaller {
  userId: number;
  keyId: string;
  /** The key's permissions within the plan's. */
  permissions: Set<Permission>;
  plan: UserPlan;
  limits: {
    minute: { limit: number; remaining: number; resetSeconds: number };
    day: { limit: number; remaining: number; resetSeconds: number };
  };
}

const KEY_FORMAT = ID_PATTERNS.apiKey;

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

interface Gate {
  keys: ApiKeyCache;
  limits: RateLimiter;
}
const gates = new WeakMap<Db, Gate>();

function gateOf(db: Db): Gate {
  let gate = gates.get(db);
  if (!gate) gates.set(db, (gate = { keys: new ApiKeyCache(db), limits: new RateLimiter(db) }));
  return gate;
}

/** Gives leased request tokens back and stops listening; the app's onClose calls it. */
export async function closeApiAuth(db: Db): Promise<void> {
  const gate = gates.get(db);
  if (!gate) return;
  gates.delete(db);
  await Promise.all([gate.limits.close(), gate.keys.close()]);
}

/**
 * The caller of a request. Answers synchronously when the key is cached and
 * the replica's lease covers the request (the common case: no promise, no
 * microtask turn); a promise when PostgreSQL must be asked.
 */
export function authenticateApiKey(db: Db, authorization: string | undefined, now: Date): ApiCaller | Promise<ApiCaller> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  if (!match) throw openapiError('unauthorized', 'Send your API key as Authorization: Bearer <API_KEY>');
  const key = match[1]!;
  if (!KEY_FORMAT.test(key)) throw openapiError('unauthorized', 'Malformed API key; keys look like plm_…');

  const gate = gateOf(db);
  const keyHash = hashApiKey(key);
  const cached = gate.keys.cached(keyHash);
  if (cached) return admit(gate, cached, now);
  return gate.keys.lookup(keyHash).then((record) => admit(gate, record, now));
}

function admit(gate: Gate, record: KeyRecord | null, now: Date): ApiCaller | Promise<ApiCaller> {
  if (!record) throw openapiError('unauthorized', 'Unknown or revoked API key');
  if (record.disabled) throw openapiError('user_disabled', 'This user is disabled; contact the operator');
  const { plan } = record;
  const verdict = gate.limits.take(record.userId, { perMinute: plan.perMinuteLimit, daily: plan.dailyLimit }, now.getTime());
  return verdict instanceof Promise ? verdict.then((v) => callerOf(record, v)) : callerOf(record, verdict);
}

function callerOf(record: KeyRecord, verdict: LimitVerdict): ApiCaller {
  const { plan } = record;
  const caller: ApiCaller = {
    userId: record.userId,
    keyId: record.keyId,
    permissions: record.permissions,
    plan,
    limits: { minute: verdict.minute, day: verdict.day },
  };
  if (verdict.refused === 'daily_limit_exceeded') {
    throw openapiError('daily_limit_exceeded', `Daily request limit of ${plan.dailyLimit} reached; it resets at 00:00 UTC`, {
      ...rateLimitHeaders(caller),
      'retry-after': String(verdict.day.resetSeconds),
    });
  }
  if (verdict.refused === 'rate_limited') {
    throw openapiError('rate_limited', `Rate limit of ${plan.perMinuteLimit} requests per minute reached`, {
      ...rateLimitHeaders(caller),
      'retry-after': String(verdict.minute.resetSeconds),
    });
  }
  return caller;
}

/** The rate-limit headers every answer carries: RateLimit-* for the minute window, X-Daily* for the day. */
export function rateLimitHeaders(caller: ApiCaller): Record<string, string> {
  const { minute, day } = caller.limits;
  return {
    'ratelimit-limit': String(minute.limit),
    'ratelimit-remaining': String(minute.remaining),
    'ratelimit-reset': String(minute.resetSeconds),
    'x-dailylimit': String(day.limit),
    'x-dailyremaining': String(day.remaining),
  };
}
