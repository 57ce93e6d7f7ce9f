/**
 * Pacing rules and what they mean for jobs waiting: the platform defaults
 * (admins), each account's override (admins, the account's owner), the
 * effective rule of an account, and for queued jobs of paced accounts the
 * earliest instant they may start and why not now (pacing-sql.ts NEXT_START).
 */
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { NEXT_START, RULE_OF } from './pacing-sql.js';

/** A rule as stored; null fields inherit (an override) or do not limit (a platform default). */
export interface PacingRule {
  minGapMs: number | null;
  jitterMs: number | null;
  dailyCap: number | null;
  quietStart: string | null;
  quietEnd: string | null;
  timeZone: string | null;
}

export interface StoredRule extends PacingRule {
  platform: string;
  accountId: number | null;
  updatedBy: string;
  updatedAt: Date;
}

/** The rule an account's jobs run under, field by field, and where the account stands. */
export interface EffectiveRule {
  paced: boolean;
  minGapMs: number;
  jitterMs: number;
  dailyCap: number | null;
  quietStart: string | null;
  quietEnd: string | null;
  timeZone: string;
  /** When its next job may start (null: now) and why not now. */
  notBefore: Date | null;
  reason: PacingReason | null;
  dayCount: number;
}

export const PACING_REASONS = ['min_gap', 'daily_cap', 'quiet_hours'] as const;
export type PacingReason = (typeof PACING_REASONS)[number];

export class UnknownTimeZone extends Error {}

const COLUMNS = sql.raw(`platform, account_id as "accountId", min_gap_ms as "minGapMs", jitter_ms as "jitterMs", daily_cap as "dailyCap",
  quiet_start as "quietStart", quiet_end as "quietEnd", time_zone as "timeZone", updated_by as "updatedBy", updated_at as "updatedAt"`);

const asDate = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
const stored = (r: StoredRule): StoredRule => ({ ...r, accountId: r.accountId === null ? null : Number(r.accountId), updatedAt: asDate(r.updatedAt)! });

/** The zone must be one PostgreSQL knows: the dispatcher computes every account's day and quiet hours there. */
async function checkZone(db: Db, zone: string | null): Promise<void> {
  if (zone === null) return;
  const [known] = await rows<{ ok: boolean }>(db, sql`select exists (select 1 from pg_timezone_names where name = ${zone}) as ok`);
  if (!known?.ok) throw new UnknownTimeZone(`Unknown time zone '${zone}': use an IANA name such as Asia/Shanghai or Europe/Paris`);
}

export const pacingRepository = {
  async platformRules(db: Db): Promise<StoredRule[]> {
    return (await rows<StoredRule>(db, sql`select ${COLUMNS} from pacing_rules where account_id is null order by platform`)).map(stored);
  },

  async accountRule(db: Db, accountId: number): Promise<StoredRule | null> {
    const [found] = await rows<StoredRule>(db, sql`select ${COLUMNS} from pacing_rules where account_id = ${accountId}`);
    return found ? stored(found) : null;
  },

  /** Sets (replaces) the platform's default. */
  async setPlatformRule(db: Db, platform: string, rule: PacingRule, by: string): Promise<StoredRule> {
    return db.transaction(async (tx) => {
      await checkZone(tx, rule.timeZone);
      const [saved] = await rows<StoredRule>(
        tx,
        sql`insert into pacing_rules (platform, account_id, min_gap_ms, jitter_ms, daily_cap, quiet_start, quiet_end, time_zone, updated_by)
            values (${platform}, null, ${rule.minGapMs}, ${rule.jitterMs}, ${rule.dailyCap}, ${rule.quietStart}, ${rule.quietEnd}, ${rule.timeZone}, ${by})
            on conflict (platform) where account_id is null do update set min_gap_ms = excluded.min_gap_ms, jitter_ms = excluded.jitter_ms,
              daily_cap = excluded.daily_cap, quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, time_zone = excluded.time_zone,
              updated_by = excluded.updated_by, updated_at = now()
            returning ${COLUMNS}`,
      );
      return stored(saved!);
    });
  },

  async removePlatformRule(db: Db, platform: string): Promise<boolean> {
    return (await rows<{ id: number }>(db, sql`delete from pacing_rules where account_id is null and platform = ${platform} returning id`)).length > 0;
  },

  /** Sets (replaces) the account's override. */
  async setAccountRule(db: Db, account: { id: number; platform: string }, rule: PacingRule, by: string): Promise<StoredRule> {
    return db.transaction(async (tx) => {
      await checkZone(tx, rule.timeZone);
      const [saved] = await rows<StoredRule>(
        tx,
        sql`insert into pacing_rules (platform, account_id, min_gap_ms, jitter_ms, daily_cap, quiet_start, quiet_end, time_zone, updated_by)
            values (${account.platform}, ${account.id}, ${rule.minGapMs}, ${rule.jitterMs}, ${rule.dailyCap}, ${rule.quietStart}, ${rule.quietEnd}, ${rule.timeZone}, ${by})
            on conflict (account_id) where account_id is not null do update set min_gap_ms = excluded.min_gap_ms, jitter_ms = excluded.jitter_ms,
              daily_cap = excluded.daily_cap, quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, time_zone = excluded.time_zone,
              updated_by = excluded.updated_by, updated_at = now()
            returning ${COLUMNS}`,
      );
      return stored(saved!);
    });
  },

  async removeAccountRule(db: Db, accountId: number): Promise<boolean> {
    return (await rows<{ id: number }>(db, sql`delete from pacing_rules where account_id = ${accountId} returning id`)).length > 0;
  },

  /** The effective rule of each account and when its next job may start. */
  async effective(db: Db, accounts: ReadonlyArray<{ id: number; platform: string }>): Promise<Map<number, EffectiveRule>> {
    if (accounts.length === 0) return new Map();
    const found = await rows<{
      id: number;
      paced: boolean;
      gap: number;
      jitter: number;
      cap: number | null;
      qs: string | null;
      qe: string | null;
      tz: string;
      notBefore: unknown;
      reason: PacingReason | null;
      dayCount: number | null;
    }>(
      db,
      sql`select x.id, r.paced, r.gap, r.jitter, r.cap, r.qs, r.qe, r.tz, w.not_before as "notBefore", w.reason,
                 case when ap.day = (now() at time zone r.tz)::date then ap.day_count else 0 end as "dayCount"
          from json_to_recordset(${JSON.stringify(accounts.map((a) => ({ id: a.id, platform: a.platform })))}::json) as x(id int, platform text)
          cross join lateral ${sql.raw(RULE_OF('x.id', 'x.platform'))} r
          left join account_pacing ap on ap.account_id = x.id
          cross join lateral ${sql.raw(NEXT_START('r', 'ap'))} w`,
    );
    return new Map(
      found.map((f) => [
        Number(f.id),
        {
          paced: f.paced,
          minGapMs: Number(f.gap),
          jitterMs: Number(f.jitter),
          dailyCap: f.cap === null ? null : Number(f.cap),
          quietStart: f.qs,
          quietEnd: f.qe,
          timeZone: f.tz,
          notBefore: f.paced ? asDate(f.notBefore) : null,
          reason: f.paced ? f.reason : null,
          dayCount: Number(f.dayCount ?? 0),
        },
      ]),
    );
  },
};
