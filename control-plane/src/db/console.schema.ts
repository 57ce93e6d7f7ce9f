/**
 * The console's people (admins, viewers, integrator users who log in with a
 * password), the invites that bring them in, their sessions, and the login
 * throttle. Everything lives in PostgreSQL so every replica sees the same
 * sessions and the same failed-login counts. No secret is stored as sent:
 * passwords as scrypt hashes (passwords.ts), invite, session, pending-login
 * tokens and recovery codes as SHA-256, TOTP secrets sealed (crypto/seal.ts).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { users } from '../integrators/integrators.schema.js';

export const CONSOLE_ROLES = ['admin', 'viewer', 'user'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

export const consoleUsers = pgTable(
  'console_users',
  {
    /** `cu_…` */
    id: text('id').primaryKey(),
    /** As the person typed it; unique whatever its case (the index below). */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: CONSOLE_ROLES }).notNull(),
    /** The integrator user a `user` acts as; null for the other roles. */
    integratorUserId: integer('integrator_user_id').references(() => users.id),
    /** PHC string `$scrypt$ln=…,r=…,p=…$salt$hash` (passwords.ts): the parameters travel with the hash. */
    passwordHash: text('password_hash').notNull(),
    disabledAt: ts('disabled_at'),
    createdAt: createdAt(),
    /** The TOTP secret (base32), sealed with aad `console-totp:<id>`; set at setup, before it is confirmed. */
    totpSecret: text('totp_secret'),
    /** Set when a valid code confirmed the secret: from then on a login needs a code. */
    totpEnabledAt: ts('totp_enabled_at'),
    /** The 30-second step of the last code accepted: a code of that step or an earlier one is refused (no replay). */
    totpLastStep: integer('totp_last_step'),
  },
  (t) => [
    uniqueIndex('console_users_email_lower').on(sql`lower(${t.email})`),
    check('console_users_integrator_iff_user', sql`(${t.role} = 'user') = (${t.integratorUserId} is not null)`),
  ],
);

export const consoleInvites = pgTable(
  'console_invites',
  {
    /** `cinv_…` */
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    role: text('role', { enum: CONSOLE_ROLES }).notNull(),
    integratorUserId: integer('integrator_user_id').references(() => users.id),
    /** The name the inviter suggested; the person chooses theirs on accepting. */
    name: text('name'),
    /** Hex SHA-256 of the invite token; the token is shown once, to the inviter. */
    tokenHash: text('token_hash').notNull().unique(),
    /** An admin's email, `bootstrap`, or an admin token id. */
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    /** Set once, by the accept that consumed it. */
    usedAt: ts('used_at'),
    usedBy: text('used_by'),
  },
  (t) => [check('console_invites_integrator_iff_user', sql`(${t.role} = 'user') = (${t.integratorUserId} is not null)`)],
);

export const consoleSessions = pgTable(
  'console_sessions',
  {
    /** `csn_…`: names the session in lists; never accepted as a credential. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => consoleUsers.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the cookie's token. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    /** Written at most once a minute; the idle timeout counts from it. */
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    /** The absolute end: created_at + 12 h, whatever the activity. */
    expiresAt: ts('expires_at').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('console_sessions_user').on(t.userId), index('console_sessions_expires').on(t.expiresAt)],
);

/** Single-use recovery codes of a person with TOTP, as SHA-256 (each code has 50 random bits). */
export const consoleRecoveryCodes = pgTable(
  'console_recovery_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => consoleUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    /** Set once, by the login (or the disabling) that used it. */
    usedAt: ts('used_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * A login whose password was right, waiting for the person's TOTP code (5
 * minutes). The browser holds the token (`pcp_…`); only its SHA-256 is kept,
 * here in PostgreSQL so the code may reach any replica.
 */
export const consolePendingLogins = pgTable(
  'console_pending_logins',
  {
    /** `cpl_…` */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => consoleUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('console_pending_logins_user').on(t.userId), index('console_pending_logins_expires').on(t.expiresAt)],
);

/**
 * Failed logins per key (`email:<lowercased email>` or `ip:<address>`): the
 * count since the last quiet hour and until when the key is refused. Every
 * replica reads and writes the same rows.
 */
export const consoleLoginThrottle = pgTable('console_login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: ts('last_failure_at').notNull(),
  blockedUntil: ts('blocked_until'),
});
