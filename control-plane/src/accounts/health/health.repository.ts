/**
 * Account health: signals recorded, states evaluated, admins' changes and the
 * rules. Every state change is one UPDATE conditioned on the old state that
 * also writes its `account.health_changed` webhook row (CHANGE_HOOK), under
 * the account's health row lock: of two replicas evaluating the same account
 * the second finds the state already moved and writes nothing, so each
 * change is announced exactly once.
 *
 * Signals written by triggers (a job's challenge or failure, migration
 * 0018; a job started from another network than before, migration 0019) or by statements elsewhere (a lost login, node-registry.repository.ts)
 * NOTIFY HEALTH_CHANNEL; each replica's HealthWatcher evaluates those
 * accounts at once and sweeps for the time-driven changes (a cool-down over,
 * a quiet watch) and anything a lost notification left behind.
 */
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { WEBHOOK_ID_SQL } from '../../publishing/webhooks/webhooks.js';
import type { HealthState } from './health.schema.js';
import { HEALTH_DEFAULTS, HEALTH_RULE_OF, ISO, RECENT_SIGNALS } from './health-sql.js';

export const HEALTH_CHANNEL = 'plume_account_health';

/** Signal kinds the control plane records itself. */
export const CONTROL_PLANE_SIGNALS = ['challenge', 'session_expired', 'publish_rejected', 'challenge_required', 'egress_changed'] as const;

export interface SignalInput {
  accountId: number;
  /** A control-plane kind, or a node's (restriction_banner, …). */
  kind: string;
  source: 'control_plane' | 'node';
  detail?: Record<string, unknown>;
}

export interface Signal {
  kind: string;
  source: string;
  at: string;
  detail: Record<string, unknown>;
}

export interface HealthChange {
  accountId: number;
  platform: string;
  from: HealthState;
  to: HealthState;
  reason: string;
  changedAt: Date;
}

export interface AccountHealth {
  accountId: number;
  platform: string;
  state: HealthState;
  since: Date | null;
  coolUntil: Date | null;
  reason: string | null;
  note: string | null;
  changedBy: string | null;
  signals: Signal[];
}

export interface HealthRule {
  windowSeconds: number | null;
  watchAt: number | null;
  coolingAt: number | null;
  coolDownSeconds: number | null;
  restrictOn: string[] | null;
}
export interface StoredHealthRule extends HealthRule {
  platform: string;
  updatedBy: string;
  updatedAt: Date;
}

const asDate = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
const toIntArray = (ids: readonly number[]) => `{${ids.map((v) => Math.trunc(v)).join(',')}}`;

/** The webhook rows of CTE `changed` (account_id, user_id, platform, from_state, to_state, reason, since), for users with a webhook. */
const CHANGE_HOOK = sql`insert into webhook_deliveries (id, user_id, event_type, payload, created_at, next_attempt_at)
    select ${WEBHOOK_ID_SQL}, c.user_id, 'account.health_changed',
           jsonb_build_object('account_id', c.account_id, 'platform', c.platform, 'from', c.from_state, 'to', c.to_state,
             'reason', c.reason, 'signals', ${sql.raw(RECENT_SIGNALS('c.account_id'))}, 'changed_at', ${sql.raw(ISO('c.since'))}, 'request_id', null),
           c.since, c.since
    from changed c join users u on u.id = c.user_id and u.webhook_url is not null
    returning 1`;

/**
 * The evaluation of the locked accounts `$ids`: counts the signals in each
 * one's window (from its counted_from on), decides the state, writes it
 * conditioned on the old one, and writes the webhook of each change.
 *
 *   restricted stays restricted (only an admin clears it);
 *   a new signal of a restrict_on kind: restricted;
 *   cooling with its cool-down running stays cooling;
 *   ≥ cooling_at signals: cooling for cool_s;
 *   cooling with its cool-down over: watch (what was counted is spent: counting starts at cool_until);
 *   ≥ watch_at signals: watch;
 *   watch for a whole window without reaching watch_at: ok.
 */
const EVALUATE = (ids: readonly number[]) => sql`
  with h as (
    select h.*, a.platform, a.user_id from account_health h join accounts a on a.id = h.account_id
    where h.account_id = any(${toIntArray(ids)}::int[])
  ), calc as (
    select h.account_id, h.user_id, h.platform, h.state as from_state, c.max_id, r.cool_s, x.to_state,
           case when x.to_state = 'restricted' then 'restriction_signal' when x.to_state = 'ok' then 'quiet'
                when h.state = 'cooling' and x.to_state = 'watch' then 'cool_down_over' else 'signals' end as reason,
           (h.state = 'cooling' and h.cool_until <= now()) as cool_over
    from h
    cross join lateral ${sql.raw(HEALTH_RULE_OF('h.platform'))} r
    cross join lateral (
      select count(*) filter (where s.at > greatest(now() - make_interval(secs => r.window_s), h.counted_from,
                                                    case when h.state = 'cooling' and h.cool_until <= now() then h.cool_until end))::int as n,
             coalesce(max(s.id), 0) as max_id,
             coalesce(bool_or(s.id > h.last_signal_id and s.kind = any(r.restrict_on)), false) as restrict_new
      from account_health_signals s
      where s.account_id = h.account_id and (s.at > now() - make_interval(secs => r.window_s) or s.id > h.last_signal_id)
    ) c
    cross join lateral (select case
        when h.state = 'restricted' or c.restrict_new then 'restricted'
        when h.state = 'cooling' and h.cool_until > now() then 'cooling'
        when c.n >= r.cooling_at then 'cooling'
        when h.state = 'cooling' then 'watch'
        when c.n >= r.watch_at then 'watch'
        when h.state = 'watch' and h.since <= now() - make_interval(secs => r.window_s) then 'ok'
        else h.state end as to_state) x
  ), up as (
    update account_health a set
      state = c.to_state,
      since = case when c.to_state <> c.from_state then now() else a.since end,
      cool_until = case when c.to_state <> 'cooling' then null
                        when c.from_state <> 'cooling' or c.cool_over then now() + make_interval(secs => c.cool_s)
                        else a.cool_until end,
      counted_from = case when c.cool_over then a.cool_until else a.counted_from end,
      last_signal_id = greatest(a.last_signal_id, c.max_id),
      reason = case when c.to_state <> c.from_state then c.reason else a.reason end,
      note = case when c.to_state <> c.from_state then null else a.note end,
      changed_by = case when c.to_state <> c.from_state then 'rules' else a.changed_by end,
      updated_at = now()
    from calc c
    where a.account_id = c.account_id and a.state = c.from_state
      and (c.to_state <> c.from_state or c.max_id > a.last_signal_id or c.cool_over)
    returning a.account_id, c.user_id, c.platform, c.from_state, a.state as to_state, a.reason, a.since
  ), changed as (
    select * from up where from_state <> to_state
  ), hook as (
    ${CHANGE_HOOK}
  )
  select account_id as "accountId", platform, from_state as "from", to_state as "to", reason, since as "changedAt" from changed`;



const changes = (list: Array<HealthChange & { changedAt: unknown }>): HealthChange[] =>
  list.map((c) => ({ ...c, accountId: Number(c.accountId), changedAt: asDate(c.changedAt)! }));

/** Makes sure each account has its health row and locks them (in id order: two evaluations never wait on each other crosswise). */
async function lockRows(tx: Db, ids: readonly number[]): Promise<void> {
  const list = toIntArray([...new Set(ids)].sort((a, b) => a - b));
  // A new row counts every signal already written (they came before it was needed).
  await tx.execute(sql`insert into account_health (account_id, counted_from) select id, '-infinity' from accounts where id = any(${list}::int[]) order by id on conflict do nothing`);
  await tx.execute(sql`select account_id from account_health where account_id = any(${list}::int[]) order by account_id for update`);
}

const RULE_COLUMNS = sql.raw(`platform, window_seconds as "windowSeconds", watch_at as "watchAt", cooling_at as "coolingAt",
  cool_down_seconds as "coolDownSeconds", restrict_on as "restrictOn", updated_by as "updatedBy", updated_at as "updatedAt"`);

export const healthRepository = {
  /** Records signals and evaluates their accounts at once (a node's report, a test). */
  async record(db: Db, signals: readonly SignalInput[]): Promise<HealthChange[]> {
    if (signals.length === 0) return [];
    await db.execute(sql`insert into account_health_signals (account_id, kind, source, detail)
      select * from json_to_recordset(${JSON.stringify(signals.map((s) => ({ a: s.accountId, k: s.kind, s: s.source, d: s.detail ?? {} })))}::json)
        as x(a int, k text, s text, d jsonb)`);
    return healthRepository.evaluate(db, signals.map((s) => s.accountId));
  },

  /** Evaluates these accounts now: the changes made (each one's webhook written with it). */
  async evaluate(db: Db, accountIds: readonly number[]): Promise<HealthChange[]> {
    if (accountIds.length === 0) return [];
    return db.transaction(async (tx) => {
      await lockRows(tx, accountIds);
      // A statement of its own after the locks: its snapshot sees every signal committed before them.
      return changes(await rows(tx, EVALUATE(accountIds)));
    });
  },

  /**
   * Accounts that may be due a change without a new signal (a cool-down over,
   * a watch gone quiet) or whose new signals were never evaluated (a lost
   * notification, a replica down at the time).
   */
  async due(db: Db, limit = 500): Promise<number[]> {
    const found = await rows<{ id: number }>(
      db,
      sql`select account_id as id from account_health where state = 'cooling' and cool_until <= now()
          union
          select h.account_id from account_health h join accounts a on a.id = h.account_id
          cross join lateral ${sql.raw(HEALTH_RULE_OF('a.platform'))} r
          where h.state = 'watch' and h.since <= now() - make_interval(secs => r.window_s)
          union
          select s.account_id from account_health_signals s left join account_health h on h.account_id = s.account_id
          where s.at > now() - interval '1 day' and s.id > coalesce(h.last_signal_id, 0)
          limit ${limit}`,
    );
    return found.map((f) => Number(f.id));
  },

  /** Where the account stands and its newest signals; null: no such account. */
  async get(db: Db, accountId: number, signals = 20): Promise<AccountHealth | null> {
    const [found] = await rows<{
      id: number;
      platform: string;
      state: HealthState | null;
      since: unknown;
      coolUntil: unknown;
      reason: string | null;
      note: string | null;
      changedBy: string | null;
      signals: Signal[];
    }>(
      db,
      sql`select a.id, a.platform, h.state, h.since, h.cool_until as "coolUntil", h.reason, h.note, h.changed_by as "changedBy",
                 ${sql.raw(RECENT_SIGNALS('a.id', signals))} as signals
          from accounts a left join account_health h on h.account_id = a.id where a.id = ${accountId} and a.removed_at is null`,
    );
    if (!found) return null;
    return {
      accountId: Number(found.id),
      platform: found.platform,
      state: found.state ?? 'ok',
      since: asDate(found.since),
      coolUntil: asDate(found.coolUntil),
      reason: found.reason === 'none' ? null : found.reason,
      note: found.note,
      changedBy: found.changedBy,
      signals: found.signals,
    };
  },

  /** The holds on these accounts' jobs: restricted, or cooling until a time still ahead. */
  async holds(db: Db, accountIds: readonly number[]): Promise<Map<number, { state: 'cooling' | 'restricted'; coolUntil: Date | null }>> {
    if (accountIds.length === 0) return new Map();
    const found = await rows<{ id: number; state: 'cooling' | 'restricted'; coolUntil: unknown }>(
      db,
      sql`select account_id as id, state, cool_until as "coolUntil" from account_health
          where account_id = any(${toIntArray(accountIds)}::int[]) and (state = 'restricted' or (state = 'cooling' and cool_until > now()))`,
    );
    return new Map(found.map((f) => [Number(f.id), { state: f.state, coolUntil: asDate(f.coolUntil) }]));
  },

  /**
   * An admin restricts the account or clears it to ok, with a note. Clearing
   * forgives what was counted (signals before now no longer count, nor
   * restrict again). The same state again changes nothing. Returns the change, or null.
   */
  async setByAdmin(db: Db, accountId: number, to: 'restricted' | 'ok', note: string, by: string): Promise<HealthChange | null> {
    return db.transaction(async (tx) => {
      await lockRows(tx, [accountId]);
      const [changed] = await rows<HealthChange & { changedAt: unknown }>(
        tx,
        sql`with changed as (
              update account_health h set state = ${to}, since = now(), cool_until = null,
                counted_from = case when ${to} = 'ok' then now() else h.counted_from end,
                last_signal_id = greatest(h.last_signal_id, coalesce((select max(id) from account_health_signals s where s.account_id = h.account_id), 0)),
                reason = 'admin', note = ${note}, changed_by = ${by}, updated_at = now()
              from (select h0.account_id, h0.state as from_state, a.user_id, a.platform, 'admin'::text as reason
                    from account_health h0 join accounts a on a.id = h0.account_id where h0.account_id = ${accountId}) old
              where h.account_id = old.account_id and h.state = old.from_state and h.state <> ${to}
              returning h.account_id, old.user_id, old.platform, old.from_state, h.state as to_state, h.reason, h.since
            ), hook as (
              ${CHANGE_HOOK}
            )
            select account_id as "accountId", platform, from_state as "from", to_state as "to", reason, since as "changedAt" from changed`,
      );
      return changed ? changes([changed])[0]! : null;
    });
  },

  /** The rule rows: the default ('*') and the platforms' overrides. */
  async rules(db: Db): Promise<StoredHealthRule[]> {
    const found = await rows<StoredHealthRule>(db, sql`select ${RULE_COLUMNS} from account_health_rules order by platform = '*' desc, platform`);
    return found.map((r) => ({ ...r, updatedAt: asDate(r.updatedAt)! }));
  },

  /** Replaces every rule row at once (PUT): the default and the overrides given, nothing else. */
  async replaceRules(db: Db, rules: ReadonlyArray<HealthRule & { platform: string }>, by: string): Promise<StoredHealthRule[]> {
    await db.transaction(async (tx) => {
      await tx.execute(sql`lock table account_health_rules in exclusive mode`);
      await tx.execute(sql`delete from account_health_rules`);
      for (const r of rules) {
        await tx.execute(sql`insert into account_health_rules (platform, window_seconds, watch_at, cooling_at, cool_down_seconds, restrict_on, updated_by)
          values (${r.platform}, ${r.windowSeconds}, ${r.watchAt}, ${r.coolingAt}, ${r.coolDownSeconds},
                  ${r.restrictOn === null ? null : `{${r.restrictOn.map((k) => `"${k}"`).join(',')}}`}::text[], ${by})`);
      }
    });
    return healthRepository.rules(db);
  },

  /** The effective rule of a platform ('*': the default), every field resolved. */
  async effectiveRule(db: Db, platform: string): Promise<Required<{ [K in keyof HealthRule]: NonNullable<HealthRule[K]> }>> {
    const [r] = await rows<{ window_s: number; watch_at: number; cooling_at: number; cool_s: number; restrict_on: string[] }>(
      db,
      sql`select r.* from (select ${platform}::text as p) x cross join lateral ${sql.raw(HEALTH_RULE_OF('x.p'))} r`,
    );
    return {
      windowSeconds: Number(r?.window_s ?? HEALTH_DEFAULTS.windowSeconds),
      watchAt: Number(r?.watch_at ?? HEALTH_DEFAULTS.watchAt),
      coolingAt: Number(r?.cooling_at ?? HEALTH_DEFAULTS.coolingAt),
      coolDownSeconds: Number(r?.cool_s ?? HEALTH_DEFAULTS.coolDownSeconds),
      restrictOn: r?.restrict_on ?? [...HEALTH_DEFAULTS.restrictOn],
    };
  },
};
