/**
 * Account health as SQL fragments: the effective rule of a platform and
 * whether an account's jobs are held. The dispatcher's claim
 * (dispatch-jobs.repository.ts), the batch answer and the evaluation read the
 * same text, so they cannot disagree.
 */

/** The built-in rule, what applies where no row sets a field. */
export const HEALTH_DEFAULTS = {
  /** Signals are counted over the last 24 h. */
  windowSeconds: 86_400,
  /** One signal: watch (nothing is held; someone should look). */
  watchAt: 1,
  /** Three signals in the window: cooling (no job of the account starts) … */
  coolingAt: 3,
  /** … for 24 h, then back to watch. */
  coolDownSeconds: 86_400,
  /** A restriction the platform shows restricts the account until an admin clears it. */
  restrictOn: ['restriction_banner'] as string[],
} as const;

const sqlText = (v: string) => `'${v.replace(/'/g, "''")}'`;
const DEFAULT_RESTRICT_ON = `array[${HEALTH_DEFAULTS.restrictOn.map(sqlText).join(', ')}]::text[]`;

/**
 * A subquery (alias it, LATERAL where `platform` names an outer column) with
 * the effective rule of `platform` (an SQL expression): each field the
 * platform's row sets, else the default row's ('*'), else the built-in value.
 * Columns window_s, watch_at, cooling_at, cool_s, restrict_on.
 */
export const HEALTH_RULE_OF = (platform: string) => `(
    select coalesce(p.window_seconds, d.window_seconds, ${HEALTH_DEFAULTS.windowSeconds}) as window_s,
           coalesce(p.watch_at, d.watch_at, ${HEALTH_DEFAULTS.watchAt}) as watch_at,
           coalesce(p.cooling_at, d.cooling_at, ${HEALTH_DEFAULTS.coolingAt}) as cooling_at,
           coalesce(p.cool_down_seconds, d.cool_down_seconds, ${HEALTH_DEFAULTS.coolDownSeconds}) as cool_s,
           coalesce(p.restrict_on, d.restrict_on, ${DEFAULT_RESTRICT_ON}) as restrict_on
    from (select 1) as one
    left join account_health_rules d on d.platform = '*'
    left join account_health_rules p on p.platform = ${platform}
  )`;

/**
 * The account's jobs may not start: restricted (until an admin clears it) or
 * cooling with its cool-down still running (a cool-down that ran out releases
 * the jobs at once, before any evaluation moves the account back to watch).
 */
export const HEALTH_HOLDS = (account: string) =>
  `exists (select 1 from account_health hh where hh.account_id = ${account}
             and (hh.state = 'restricted' or (hh.state = 'cooling' and hh.cool_until > now())))`;

/** ISO 8601 UTC text of a timestamptz expression (as every webhook payload writes times). */
export const ISO = (at: string) => `to_char((${at}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The account's newest signals (up to `limit`) as a jsonb array, newest first. */
export const RECENT_SIGNALS = (account: string, limit = 5) => `(
    select coalesce(jsonb_agg(jsonb_build_object('kind', s.kind, 'source', s.source, 'at', ${ISO('s.at')}, 'detail', s.detail) order by s.id desc), '[]'::jsonb)
    from (select * from account_health_signals s where s.account_id = ${account} order by s.id desc limit ${limit}) s
  )`;

/** Why a queued job of a held account waits (the batch answer's `pacing.reason`). */
export const HEALTH_HOLD_REASONS = ['cooling', 'restricted'] as const;

/** The `health` of GET /accounts, as its JSON (snake_case) comes out of ACCOUNT_HEALTH_FIELD. */
export interface AccountHealthField {
  state: 'ok' | 'watch' | 'cooling' | 'restricted';
  since: string | null;
  cool_until: string | null;
  signals: Array<{ kind: string; source: string; at: string }>;
}

/** A scalar subquery: the account's health and its newest signals (3, short: kind, source, at). No row yet: ok. */
export const ACCOUNT_HEALTH_FIELD = (account: string) => `(
    select jsonb_build_object('state', coalesce(h.state, 'ok'), 'since', ${ISO('h.since')}, 'cool_until', ${ISO('h.cool_until')},
             'signals', (select coalesce(jsonb_agg(jsonb_build_object('kind', s.kind, 'source', s.source, 'at', ${ISO('s.at')}) order by s.id desc), '[]'::jsonb)
                         from (select * from account_health_signals s where s.account_id = ${account} order by s.id desc limit 3) s))
    from (select 1) as one left join account_health h on h.account_id = ${account}
  )`;
