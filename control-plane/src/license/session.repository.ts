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
import type { projects } from './license.schema.js';

/** Everything a signed request needs, loaded in one round trip by token hash or session id (below). */
export interface SessionContext {
  sessionId: string;
  tokenExpiresAt: Date;
  sessionRevokedAt: Date | null;
  deviceId: number;
  machineId: string;
  devicePublicKey: string;
  fingerprintHash: string;
  appVersion: string;
  deviceRevokedAt: Date | null;
  codeId: number;
  licenseMode: 'TIME' | 'COUNT';
  remainingCount: number | null;
  codeExpiresAt: Date | null;
  codeDisabledAt: Date | null;
  projectId: number;
  projectKey: string;
  projectEnabled: boolean;
  policy: (typeof projects.$inferSelect)['policy'];
  versionBanned: boolean;
  kid: string | null;
  offlinePublicKey: string | null;
  offlinePrivateKey: string | null;
}

const ms = (column: string) => `floor(extract(epoch from ${column}) * 1000)::float8`;

const SESSION_COLUMNS = `
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
    k.private_key as "offlinePrivateKey"`;

/** What a session row is joined to; follows license_sessions ls. */
const SESSION_JOINS = `
  join devices d on d.id = ls.device_id
  join activation_codes c on c.id = d.code_id
  join projects p on p.id = ls.project_id
  left join project_keys k on k.project_id = p.id and k.status = 'active'`;

const SESSION_SOURCE = `${SESSION_COLUMNS} from license_sessions ls ${SESSION_JOINS}`;

const SESSION_BY_TOKEN_HASH = `select ${SESSION_SOURCE} where ls.token_hash = $1`;
const SESSION_BY_ID = `select ${SESSION_SOURCE} where ls.id = $1`;

/*
 * The admissions of several signed requests, one row each, in one statement
 * (admission-queue.ts sends whatever queued while the previous statement was
 * in flight). $1 is a JSON array of rows: o its position; the facts judged:
 * sid session id, pk device public key, pol project policy (JSON text), lim
 * requests allowed per window, now (epoch ms, the service clock); admission:
 * th token hash, nonce, nexp nonce expiry, rk rate key, ws window start, wexp
 * window expiry; consume: c whether to consume, rid requestId, fp fingerprint
 * sent. Each row is decided on its own, exactly as a statement of its own
 * would decide it; one row's refusal changes nothing for the others.
 *
 * A row is deferred (nothing written, sent again in a later statement) when an
 * earlier row of the same statement has the same session, or, for consume,
 * the same activation code: two upserts of one rate counter cannot share a
 * statement, and license_consume runs once per code per statement. The queue
 * never builds such a batch; this only keeps a wrong hint from mattering.
 *
 * ok, g and cons are MATERIALIZED so that what gates a write is evaluated once
 * and before it: license_consume runs once per row of g, and g has a row only
 * when the nonce was fresh and every consume condition holds. Rows are written
 * in session order and consumed in code order, so two statements that touch
 * the same rows take their locks in the same order.
 */
const ADMIT_SIGNED = `with i as materialized (
    select * from json_to_recordset($1::text::json) as x(
      o int, th text, sid text, pk text, pol text, lim int, now float8,
      nonce text, nexp timestamptz, rk text, ws timestamptz, wexp timestamptz,
      c boolean, rid text, fp text)
  ), s as materialized (
    select i.o,
      (row_number() over (partition by ls.id order by i.o) > 1
        or (i.c and row_number() over (partition by c.id, i.c order by i.o) > 1)) as "deferred",
      ${SESSION_COLUMNS}
    from i join license_sessions ls on ls.token_hash = i.th ${SESSION_JOINS}
  ), ok as materialized (
    select s.o, s."sessionId", s."deviceId"
    from s join i on i.o = s.o
    where not s."deferred"
      and s."sessionId" = i.sid and s."devicePublicKey" = i.pk and s."policy" = i.pol::jsonb
      and s."projectEnabled" and s."deviceRevokedAt" is null and s."sessionRevokedAt" is null and not s."versionBanned"
      and s."tokenExpiresAt" > i.now
    order by s."sessionId"
  ), n as (
    insert into license_nonces (session_id, nonce, expires_at)
    select ok."sessionId", i.nonce, i.nexp from ok join i on i.o = ok.o order by ok."sessionId"
    on conflict do nothing returning session_id
  ), r as (
    insert into rate_counters (key, window_start, count, expires_at)
    select i.rk, i.ws, 1, i.wexp from ok join i on i.o = ok.o order by ok."sessionId"
    on conflict (key, window_start) do update set count = rate_counters.count + 1
    returning key, count
  ), t as (
    update devices set last_seen_at = now()
    where id in (select "deviceId" from ok) and (last_seen_at is null or last_seen_at < now() - interval '5 minutes')
    returning 1
  ), g as materialized (
    select ok.o, s."codeId", s."licenseMode", s."projectId", s."deviceId", s."sessionId", i.rid
    from ok
    join s on s.o = ok.o
    join i on i.o = ok.o
    join n on n.session_id = ok."sessionId"
    join r on r.key = i.rk
    where i.c and r.count <= i.lim and s."fingerprintHash" = i.fp
      and s."codeDisabledAt" is null and (s."licenseMode" = 'COUNT' or s."codeExpiresAt" > i.now)
    order by s."codeId"
  ), cons as materialized (
    select g.o, f.outcome, f.remaining
    from g, lateral license_consume(g."codeId"::bigint, g.rid, g."licenseMode", g."projectId", g."deviceId", g."sessionId") f
  )
  select s.*,
    ok.o is not null as "attempted",
    n.session_id is not null as "fresh",
    r.count as "count",
    cons.outcome as "outcome",
    cons.remaining as "remaining"
  from s
  left join ok on ok.o = s.o
  left join n on n.session_id = ok."sessionId"
  left join i on i.o = ok.o
  left join r on r.key = i.rk
  left join cons on cons.o = s.o`;

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

/**
 * One admission's answer in a batch: its result, null when the token is
 * unknown, or 'deferred' when it shared the statement with an earlier row of
 * its session or (consume) its code and so was not attempted: send it again.
 */
export type AdmitSignedAnswer = AdmitSignedResult | null | 'deferred';

type AdmitRow = SessionRow & {
  o: number;
  deferred: boolean;
  attempted: boolean;
  fresh: boolean;
  count: number | null;
  outcome: ConsumeOutcome | null;
  remaining: number | null;
};

/** The statement's JSON rows; short keys, named in the ADMIT_SIGNED header. */
function admitRowsJson(inputs: readonly AdmitSignedInput[]): string {
  return JSON.stringify(
    inputs.map((a, o) => ({
      o,
      th: a.tokenHash,
      sid: a.judged.sessionId,
      pk: a.judged.devicePublicKey,
      pol: a.judged.policyJson,
      lim: a.judged.requestsPerWindow,
      now: a.now.getTime(),
      nonce: a.nonce,
      nexp: a.nonceExpiresAt.toISOString(),
      rk: a.rateKey,
      ws: a.windowStart.toISOString(),
      wexp: a.windowExpiresAt.toISOString(),
      c: a.consume !== undefined,
      rid: a.consume?.requestId ?? null,
      fp: a.consume?.fingerprintHash ?? null,
    })),
  );
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

  /** See ADMIT_SIGNED; one answer per input, in input order. */
  async admitSigned(db: Db, inputs: readonly AdmitSignedInput[]): Promise<AdmitSignedAnswer[]> {
    const answers: AdmitSignedAnswer[] = new Array(inputs.length).fill(null);
    if (inputs.length === 0) return answers;
    const found = await preparedRows<AdmitRow>(db, ADMIT_SIGNED, [admitRowsJson(inputs)]);
    for (const row of found) {
      answers[row.o] = row.deferred
        ? 'deferred'
        : {
            ctx: sessionContext(row),
            attempted: row.attempted,
            fresh: row.fresh,
            count: row.count ?? 0,
            consumed: row.outcome ? { outcome: row.outcome, remaining: row.remaining } : null,
          };
    }
    return answers;
  },
};
