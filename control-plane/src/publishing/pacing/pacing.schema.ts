/**
 * Pacing: how fast one account may publish. A rule per platform (the
 * default every account there gets, set by admins) and per account (an
 * override, set by admins or the account's owner), field by field: the
 * account's value where it sets one, else the platform's. The state per
 * account is what the dispatcher last let start; both live in PostgreSQL so
 * every replica, node and web-pool move sees the same pace.
 */
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../../accounts/accounts.schema.js';
import { ts, updatedAt } from '../../db/columns.js';

export const pacingRules = pgTable(
  'pacing_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The platform whose default this is (account_id null), or the account's platform. */
    platform: text('platform').notNull(),
    /** Set: this account's override; null: the platform's default. */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** The least time between two starts of the account's jobs, in ms (plus jitter). */
    minGapMs: integer('min_gap_ms'),
    /** Up to this much more, drawn at random for each gap, so that starts do not fall on a grid. */
    jitterMs: integer('jitter_ms'),
    /** Starts per calendar day in `timeZone`. */
    dailyCap: integer('daily_cap'),
    /** Quiet hours "HH:MM" in `timeZone`: no start from quietStart up to quietEnd (may wrap midnight). */
    quietStart: text('quiet_start'),
    quietEnd: text('quiet_end'),
    /** IANA zone of the account's day and quiet hours. */
    timeZone: text('time_zone'),
    updatedBy: text('updated_by').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('pacing_rules_platform').on(t.platform).where(sql`account_id is null`),
    uniqueIndex('pacing_rules_account').on(t.accountId).where(sql`account_id is not null`),
    check('pacing_rules_quiet_pair', sql`(quiet_start is null) = (quiet_end is null)`),
  ],
);

/** What the dispatcher last let start per paced account. */
export const accountPacing = pgTable('account_pacing', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  /** No job of the account starts before this (the last start + the gap + its jitter). */
  nextAt: ts('next_at').notNull(),
  /** The account's day (in the rule's zone) `dayCount` counts starts of. */
  day: date('day', { mode: 'string' }).notNull(),
  dayCount: integer('day_count').notNull(),
  /** The cap in force at the last start (the claim compares against it). */
  dayCap: integer('day_cap'),
  lastStartedAt: ts('last_started_at').notNull(),
});
