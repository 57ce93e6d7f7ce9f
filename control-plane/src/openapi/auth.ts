/**
 * API-key authentication and the per-user request limits, in one round trip:
 * the key is looked up by its hash and, in the same statement, the user's
 * minute and day counters are incremented (shared by all the user's keys and
 * by every replica, since they live in PostgreSQL).
 */
import { createHash } from 'node:crypto';
import { type Db, preparedRows } from '../db/client.js';
import { openapiError } from './openapi.errors.js';
import type { Permission, UserPlan } from './openapi.schema.js';

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

const KEY_FORMAT = /^plm_[A-Za-z0-9_-]{20,100}$/;

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

interface AuthRow {
  user_id: number;
  key_id: string;
  key_permissions: Permission[];
  plan: UserPlan;
  disabled: boolean;
  minute_count: number;
  day_count: number;
}

/**
 * Every keyed request runs this once, so it is a prepared statement: planned
 * once per connection (parameters: key hash, minute window start and expiry,
 * day window start and expiry).
 */
const AUTHENTICATE = `with k as (
    select k.id as key_id, k.user_id, k.permissions as key_permissions, u.plan, u.disabled_at is not null as disabled
    from api_keys k join users u on u.id = k.user_id
    where k.key_hash = $1 and k.revoked_at is null
  ), m as (
    insert into rate_counters (key, window_start, count, expires_at)
    select 'oa:m:' || k.user_id, $2::timestamptz, 1, $3::timestamptz
    from k where not k.disabled
    on conflict (key, window_start) do update set count = rate_counters.count + 1
    returning count
  ), d as (
    insert into rate_counters (key, window_start, count, expires_at)
    select 'oa:d:' || k.user_id, $4::timestamptz, 1, $5::timestamptz
    from k where not k.disabled
    on conflict (key, window_start) do update set count = rate_counters.count + 1
    returning count
  ), touch as (
    update api_keys set last_used_at = now()
    where id = (select key_id from k) and (last_used_at is null or last_used_at < now() - interval '1 minute')
    returning 1
  )
  select k.*, (select count from m)::int as minute_count, (select count from d)::int as day_count,
         (select count(*) from touch)::int as touched
  from k`;

export async function authenticateApiKey(db: Db, authorization: string | undefined, now: Date): Promise<ApiCaller> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  if (!match) throw openapiError('unauthorized', 'Send your API key as Authorization: Bearer <API_KEY>');
  const key = match[1]!;
  if (!KEY_FORMAT.test(key)) throw openapiError('unauthorized', 'Malformed API key; keys look like plm_…');

  const ms = now.getTime();
  const minuteStart = new Date(Math.floor(ms / 60_000) * 60_000);
  const dayStart = new Date(Math.floor(ms / 86_400_000) * 86_400_000);
  const [row] = await preparedRows<AuthRow>(db, AUTHENTICATE, [
    hashApiKey(key),
    minuteStart.toISOString(),
    new Date(minuteStart.getTime() + 120_000).toISOString(),
    dayStart.toISOString(),
    new Date(dayStart.getTime() + 2 * 86_400_000).toISOString(),
  ]);
  if (!row) throw openapiError('unauthorized', 'Unknown or revoked API key');
  if (row.disabled) throw openapiError('user_disabled', 'This user is disabled; contact the operator');

  const plan = row.plan;
  const planPermissions = new Set(plan.permissions);
  const caller: ApiCaller = {
    userId: row.user_id,
    keyId: row.key_id,
    permissions: new Set(row.key_permissions.filter((p) => planPermissions.has(p))),
    plan,
    limits: {
      minute: {
        limit: plan.perMinuteLimit,
        remaining: Math.max(0, plan.perMinuteLimit - row.minute_count),
        resetSeconds: Math.max(1, Math.ceil((minuteStart.getTime() + 60_000 - ms) / 1000)),
      },
      day: {
        limit: plan.dailyLimit,
        remaining: Math.max(0, plan.dailyLimit - row.day_count),
        resetSeconds: Math.max(1, Math.ceil((dayStart.getTime() + 86_400_000 - ms) / 1000)),
      },
    },
  };
  const headers = rateLimitHeaders(caller);
  if (row.day_count > plan.dailyLimit) {
    throw openapiError('daily_limit_exceeded', `Daily request limit of ${plan.dailyLimit} reached; it resets at 00:00 UTC`, {
      ...headers,
      'retry-after': String(caller.limits.day.resetSeconds),
    });
  }
  if (row.minute_count > plan.perMinuteLimit) {
    throw openapiError('rate_limited', `Rate limit of ${plan.perMinuteLimit} requests per minute reached`, {
      ...headers,
      'retry-after': String(caller.limits.minute.resetSeconds),
    });
  }
  return caller;
}

/** Spec: Limits, 1. */
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
