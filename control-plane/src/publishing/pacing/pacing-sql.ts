/**
 * The pacing rule of a job's account and whether it lets a job start now, as
 * SQL fragments: the dispatcher's claim (dispatch-jobs.repository.ts) and the
 * answers that show when a waiting job may start read the same text, so they
 * cannot disagree.
 */

/**
 * A LATERAL subquery (alias it) giving the effective rule of the account
 * `account` (an SQL expression) on `platform`: each field the account's override sets, else the platform default's.
 * `paced` is false when nothing limits the account (the dispatcher's fast
 * path). A daily cap of 0 means none (an override lifting a platform cap);
 * quiet hours with equal ends are none.
 */
export const RULE_OF = (account: string, platform: string) => `(
    select (coalesce(ra.min_gap_ms, rp.min_gap_ms, 0) > 0
              or nullif(coalesce(ra.daily_cap, rp.daily_cap), 0) is not null
              or coalesce(ra.quiet_start, rp.quiet_start) is distinct from coalesce(ra.quiet_end, rp.quiet_end)) as paced,
           coalesce(ra.min_gap_ms, rp.min_gap_ms, 0) as gap,
           coalesce(ra.jitter_ms, rp.jitter_ms, 0) as jitter,
           nullif(coalesce(ra.daily_cap, rp.daily_cap), 0) as cap,
           case when ra.quiet_start is not null then ra.quiet_start else rp.quiet_start end as qs,
           case when ra.quiet_start is not null then ra.quiet_end else rp.quiet_end end as qe,
           coalesce(ra.time_zone, rp.time_zone, 'UTC') as tz
    from (select 1) as one
    left join pacing_rules ra on ra.account_id = ${account}
    left join pacing_rules rp on rp.account_id is null and rp.platform = ${platform}
  )`;

/** The local time of `at` in rule `r`'s zone. */
const localTime = (r: string, at: string) => `((${at}) at time zone ${r}.tz)::time`;

/** `at` falls in rule `r`'s quiet hours (which may wrap midnight). */
export const IN_QUIET = (r: string, at = 'now()') => `(${r}.qs is not null and ${r}.qs <> ${r}.qe and case
      when ${r}.qs < ${r}.qe then ${localTime(r, at)} >= ${r}.qs::time and ${localTime(r, at)} < ${r}.qe::time
      else ${localTime(r, at)} >= ${r}.qs::time or ${localTime(r, at)} < ${r}.qe::time end)`;

/** The account's day in rule `r`'s zone at `at`. */
export const LOCAL_DAY = (r: string, at = 'now()') => `((${at}) at time zone ${r}.tz)::date`;

/** The account has used its day's starts (account_pacing `ap`, rule `r`). */
export const CAP_REACHED = (r: string, ap: string, at = 'now()') => `(${r}.cap is not null and ${ap}.day = ${LOCAL_DAY(r, at)} and ${ap}.day_count >= ${r}.cap)`;

/**
 * The earliest instant, from `from` on, at which rule `r` and state `ap`
 * (may be null) let the account's next job start, and the first reason it
 * cannot start at `from` (null: it can). Columns `not_before` and `reason`.
 */
export const NEXT_START = (r: string, ap: string, from = 'now()') => `(
    select case when reason is null then null::timestamptz else t3 end as not_before, reason
    from (select t0, t1, t2,
                 -- Quiet hours at t2 push it to their end (today's or tomorrow's, in the zone).
                 case when ${IN_QUIET(r, 't2')} then
                   (case when ${localTime(r, 't2')} < ${r}.qe::time then ${LOCAL_DAY(r, 't2')} else ${LOCAL_DAY(r, 't2')} + 1 end + ${r}.qe::time) at time zone ${r}.tz
                 else t2 end as t3,
                 case when ${ap}.next_at is not null and ${ap}.next_at > (${from}) then 'min_gap'
                      when ${ap}.account_id is not null and ${CAP_REACHED(r, ap, from)} then 'daily_cap'
                      when ${IN_QUIET(r, from)} then 'quiet_hours' end as reason
          from (select t0, t1,
                       -- A used-up day moves to the next day's start in the zone.
                       case when ${ap}.account_id is not null and ${r}.cap is not null and ${ap}.day = ${LOCAL_DAY(r, 't1')} and ${ap}.day_count >= ${r}.cap
                         then (${LOCAL_DAY(r, 't1')} + 1)::timestamp at time zone ${r}.tz else t1 end as t2
                from (select (${from}) as t0, greatest((${from}), coalesce(${ap}.next_at, (${from}))) as t1) a) b) c
  )`;
