/** Idempotency-Key replies: what an Open API write answered, kept to answer a retry with the same key. */
import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../db/columns.js';

/** Idempotency-Key records, 24 h per user. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    /** Method + path + body hash: the same key with other parameters is a 409. */
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['in_flight', 'done'] }).notNull().default('in_flight'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    /** An in-flight record whose owner died is taken over after this. */
    lockedUntil: ts('locked_until').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_expires').on(t.expiresAt)],
);
