/** Back-office authentication and its audit trail. */
import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const adminTokens = pgTable('admin_tokens', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Hex SHA-256 of the token; the token is shown once at creation. */
  tokenHash: text('token_hash').notNull().unique(),
  scope: text('scope', { enum: ['read', 'write'] }).notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
});

export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** `bootstrap` for PLUME_ADMIN_TOKEN, the admin token's id, or the email of the console person whose session made the write. */
    actor: text('actor').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    statusCode: bigint('status_code', { mode: 'number' }).notNull(),
    requestId: text('request_id').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_log_created').on(t.createdAt)],
);
