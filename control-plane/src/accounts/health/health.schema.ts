/**
 * Account health: what the control plane has seen go wrong with a platform
 * account (signals), where that leaves the account (ok, watch, cooling,
 * restricted) and the rules that say so. A signal is a row whoever writes it:
 * the control plane (a challenge met, a lost login, a refused publish, a job
 * failed on a challenge) or, later, a node reporting what a page said (a
 * restriction banner). The state changes only through health.repository.ts,
 * one statement conditioned on the old state, which also writes the
 * `account.health_changed` webhook: one event per change across replicas.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts.schema.js';
import { ts, updatedAt } from '../../db/columns.js';

export const HEALTH_STATES = ['ok', 'watch', 'cooling', 'restricted'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

/** One thing that went wrong for an account, with when and what. */
export const accountHealthSignals = pgTable(
  'account_health_signals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /**
     * challenge, session_expired, publish_rejected, challenge_required (the control
     * plane's), or a kind a node reports (restriction_banner, …): an open set, so a new kind needs no migration.
     */
    kind: text('kind').notNull(),
    /** Who saw it: control_plane, or node (a node's report of the page). */
    source: text('source').notNull(),
    /** What there is to know: job_id, error_code, the platform's words (message, text), node_id. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('account_health_signals_account').on(t.accountId, t.at), index('account_health_signals_at').on(t.at)],
);

/** Where each account stands (no row: ok, never evaluated). */
export const accountHealth = pgTable(
  'account_health',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    state: text('state', { enum: HEALTH_STATES }).notNull().default('ok'),
    /** When the account entered this state. */
    since: ts('since').notNull().defaultNow(),
    /** cooling: no job of the account starts before this. */
    coolUntil: ts('cool_until'),
    /** Signals before this do not count (a cool-down served, an admin's clear). */
    countedFrom: ts('counted_from').notNull().defaultNow(),
    /** The newest signal the last evaluation saw (a restriction signal counts once). */
    lastSignalId: bigint('last_signal_id', { mode: 'number' }).notNull().default(0),
    /** Why the last change: signals, restriction_signal, cool_down_over, quiet, admin. */
    reason: text('reason').notNull().default('none'),
    /** An admin's note with their change, and who made it. */
    note: text('note'),
    changedBy: text('changed_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('account_health_state', sql`state in ('ok', 'watch', 'cooling', 'restricted')`),
    check('account_health_cooling', sql`(state = 'cooling') = (cool_until is not null)`),
    index('account_health_due').on(t.state).where(sql`state in ('watch', 'cooling')`),
  ],
);

/**
 * The rules, operator-set: one global default row (platform '*') and per-platform overrides,
 * field by field (a null field inherits the default's; a default's null, the built-in value).
 */
export const accountHealthRules = pgTable('account_health_rules', {
  /** '*': the default of every platform; else a platform code. */
  platform: text('platform').primaryKey(),
  /** The sliding window signals are counted in, in seconds. */
  windowSeconds: integer('window_seconds'),
  /** This many signals in the window: watch. */
  watchAt: integer('watch_at'),
  /** This many signals in the window: cooling (no job starts) for coolDownSeconds. */
  coolingAt: integer('cooling_at'),
  coolDownSeconds: integer('cool_down_seconds'),
  /** Signal kinds that restrict the account at once (until an admin clears it). */
  restrictOn: text('restrict_on').array(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: updatedAt(),
});
