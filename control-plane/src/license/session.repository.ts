/**
 * The license session queries of the hot path (status, consume), as raw
 * prepared statements: drizzle's row mapping and query building were a
 * measurable share of each request (bench/license-http.mjs). Timestamps come
 * back as epoch milliseconds (float8) so both drivers hand over plain numbers.
 *
 * `admitSigned` is the one round trip of a signed request: it re-reads the
 * session, and only when the database still holds exactly the facts the
 * server judged the request by (session, device key, policy, and every
 * usability check) does it remember the nonce, count the request, refresh
 * last-seen, and, for consume, run license_consume, gated on the nonce being
 * fresh, the rate limit, the fingerprint and the code's validity. When those
 * facts changed it admits nothing and returns the fresh session to judge again.
 */
import { type Db, preparedRows } from '../db/client.js';
import type { SessionContext } from './license.repository.js';

const ms = (column: string) => `floor(extract(epoch from ${column}) * 1000)::float8`;

const SESSION_SOURCE = `
    ls.id as "sessionId",
    ${ms('ls.token_expires_at')} as "tokenExpiresAt",
    ${ms('ls.revoked_at')} as "sessionRevokedAt",
    d.id as "deviceId",
    d.machine_id as "machineId",
    d.public_key as "devicePublicKey",
    d.fingerprint_hash as "fingerprintHash",
    d.app_version as "appVersion",
    ${ms('d.revoked_at')} as "deviceRevokedAt",
    c.id::float8 as "codeId",
    c.license_mode as "licenseMode",
    c.remaining_count as "remainingCount",
    ${ms('c.expires_at')} as "codeExpiresAt",
    ${ms('c.disabled_at')} as "codeDisabledAt",
    p.id as "projectId",
    p.project_key as "projectKey",
    p.enabled as "projectEnabled",
    p.policy as "policy",
    exists (select 1 from version_bans vb where vb.project_id = p.id and vb.app_version = d.app_version) as "versionBanned",
    k.kid as "kid",
    k.public_key as "offlinePublicKey",
    k.private_key as "offlinePrivateKey"
  from license_sessions ls
  join devices d on d.id = ls.device_id
  join activation_codes c on c.id = d.code_id
  join projects p on p.id = ls.project_id
  left join project_keys k on k.project_id = p.id and k.status = 'active'`;

const SESSION_BY_TOKEN_HASH = `select ${SESSION_SOURCE} where ls.token_hash = $1`;
const SESSION_BY_ID = `select ${SESSION_SOURCE} where ls.id = $1`;

/*
 * $1 token hash; the facts judged: $2 session id, $3 device public key,
 * $4 project policy (jsonb), $5 now (epoch ms, the service clock); admission:
 * $6 nonce, $7 nonce expiry, $8 rate key, $9 window start, $10 window expiry;
 * consume: $11 whether to consume, $12 requestId, $13 fingerprint sent,
 * $14 requests allowed per window.
 *
 * ok, g and cons are MATERIALIZED so that what gates a write is evaluated once
 * and before it: license_consume runs once per row of g, and g has a row only
 * when the nonce was fresh and every consume condition holds.
 */
const ADMIT_SIGNED = `with s as materialized (
    select ${SESSION_SOURCE} where ls.token_hash = $1
  ), ok as materialized (
    select "sessionId", "deviceId" from s
    where "sessionId" = $2 and "devicePublicKey" = $3 and "policy" = $4::text::jsonb
      and "projectEnabled" and "deviceRevokedAt" is null and "sessionRevokedAt" is null and not "versionBanned"
      and "tokenExpiresAt" > $5::float8
  ), n as (
    insert into license_nonces (session_id, nonce, expires_at)
    select "sessionId", $6::text, $7::timestamptz from ok
    on conflict do nothing returning 1
  ), r as (
    insert into rate_counters (key, window_start, count, expires_at)
    select $8::text, $9::timestamptz, 1, $10::timestamptz from ok
    on conflict (key, window_start) do update set count = rate_counters.count + 1
    returning count
  ), t as (
    update devices set last_seen_at = now()
    where id = (select "deviceId" from ok) and (last_seen_at is null or last_seen_at < now() - interval '5 minutes')
    returning 1
  ), g as materialized (
    select s."codeId", s."licenseMode", s."projectId", s."deviceId", s."sessionId"
    from s, n, r
    where $11::boolean and r.count <= $14::int and s."fingerprintHash" = $13::text
      and s."codeDisabledAt" is null and (s."licenseMode" = 'COUNT' or s."codeExpiresAt" > $5::float8)
  ), cons as materialized (
    select f.outcome, f.remaining
    from g, lateral license_consume(g."codeId"::bigint, $12::text, g."licenseMode", g."projectId", g."deviceId", g."sessionId") f
  )
  select s.*,
    (select count(*) from ok)::int as "attempted",
    (select count(*) from n)::int as "fresh",
    (select count from r)::int as "count",
    (select outcome from cons) as "outcome",
    (select remaining from cons) as "remaining"
  from s`;

interface SessionRow {
  sessionId: string;
  tokenExpiresAt: number;
  sessionRevokedAt: number | null;
  deviceId: number;
  machineId: string;
  devicePublicKey: string;
  fingerprintHash: string;
  appVersion: string;
  deviceRevokedAt: number | null;
  codeId: number;
  licenseMode: 'TIME' | 'COUNT';
  remainingCount: number | null;
  codeExpiresAt: number | null;
  codeDisabledAt: number | null;
  projectId: number;
  projectKey: string;
  projectEnabled: boolean;
  policy: SessionContext['policy'] | string;
  versionBanned: boolean;
  kid: string | null;
  offlinePublicKey: string | null;
  offlinePrivateKey: string | null;
}

const date = (msOrNull: number | null): Date | null => (msOrNull === null ? null : new Date(msOrNull));

function sessionContext(r: SessionRow): SessionContext {
  return {
    sessionId: r.sessionId,
    tokenExpiresAt: new Date(r.tokenExpiresAt),
    sessionRevokedAt: date(r.sessionRevokedAt),
    deviceId: r.deviceId,
    machineId: r.machineId,
    devicePublicKey: r.devicePublicKey,
    fingerprintHash: r.fingerprintHash,
    appVersion: r.appVersion,
    deviceRevokedAt: date(r.deviceRevokedAt),
    codeId: Number(r.codeId),
    licenseMode: r.licenseMode,
    remainingCount: r.remainingCount,
    codeExpiresAt: date(r.codeExpiresAt),
    codeDisabledAt: date(r.codeDisabledAt),
    projectId: r.projectId,
    projectKey: r.projectKey,
    projectEnabled: r.projectEnabled,
    // A driver that does not parse jsonb hands over its text.
    policy: typeof r.policy === 'string' ? JSON.parse(r.policy) : r.policy,
    versionBanned: r.versionBanned,
    kid: r.kid,
    offlinePublicKey: r.offlinePublicKey,
    offlinePrivateKey: r.offlinePrivateKey,
  };
}

export type ConsumeOutcome = 'idempotent' | 'time_checked' | 'deducted' | 'exhausted';

export interface AdmitSignedInput {
  tokenHash: string;
  /** The facts the server judged the request by; nothing is admitted unless the database still holds them. */
  judged: { sessionId: string; devicePublicKey: string; policyJson: string; requestsPerWindow: number };
  now: Date;
  nonce: string;
  nonceExpiresAt: Date;
  rateKey: string;
  windowStart: Date;
  windowExpiresAt: Date;
  /** Present for consume: runs license_consume in the same statement when everything holds. */
  consume?: { requestId: string | null; fingerprintHash: string | undefined };
}

export interface AdmitSignedResult {
  /** The session as the statement saw it. */
  ctx: SessionContext;
  /** False when the judged facts no longer hold: nothing was written. */
  attempted: boolean;
  fresh: boolean;
  count: number;
  /** Set when license_consume ran. */
  consumed: { outcome: ConsumeOutcome; remaining: number | null } | null;
}

export const sessionRepository = {
  async byTokenHash(db: Db, tokenHash: string): Promise<SessionContext | null> {
    const [row] = await preparedRows<SessionRow>(db, SESSION_BY_TOKEN_HASH, [tokenHash]);
    return row ? sessionContext(row) : null;
  },

  async byId(db: Db, sessionId: string): Promise<SessionContext | null> {
    const [row] = await preparedRows<SessionRow>(db, SESSION_BY_ID, [sessionId]);
    return row ? sessionContext(row) : null;
  },

  /** See the module header; null when the token is unknown. */
  async admitSigned(db: Db, a: AdmitSignedInput): Promise<AdmitSignedResult | null> {
    const [row] = await preparedRows<SessionRow & { attempted: number; fresh: number; count: number | null; outcome: ConsumeOutcome | null; remaining: number | null }>(
      db,
      ADMIT_SIGNED,
      [
        a.tokenHash,
        a.judged.sessionId,
        a.judged.devicePublicKey,
        a.judged.policyJson,
        a.now.getTime(),
        a.nonce,
        a.nonceExpiresAt.toISOString(),
        a.rateKey,
        a.windowStart.toISOString(),
        a.windowExpiresAt.toISOString(),
        a.consume !== undefined,
        a.consume?.requestId ?? null,
        a.consume?.fingerprintHash ?? null,
        a.judged.requestsPerWindow,
      ],
    );
    if (!row) return null;
    return {
      ctx: sessionContext(row),
      attempted: row.attempted > 0,
      fresh: row.fresh > 0,
      count: row.count ?? 0,
      consumed: row.outcome ? { outcome: row.outcome, remaining: row.remaining } : null,
    };
  },
};
