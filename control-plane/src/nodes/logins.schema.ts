/**
 * Relayed logins (login-relay.ts): one row per login an admin started on a
 * node, whichever replica holds the node's socket or serves the admin's
 * calls; and the newest screencast frame of each, overwritten as frames come
 * (a late viewer starts from it; NOTIFY carries only that a frame changed).
 */
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../db/columns.js';

export const LOGIN_STATES_RELAYED = ['opening', 'running', 'succeeded', 'failed'] as const;

export const nodeLogins = pgTable(
  'node_logins',
  {
    id: text('id').primaryKey(),
    nodeId: text('node_id').notNull(),
    userId: integer('user_id').notNull(),
    platform: text('platform').notNull(),
    accountRef: text('account_ref'),
    state: text('state', { enum: LOGIN_STATES_RELAYED }).notNull().default('opening'),
    /** The flow's last step as the node reported it (a login_event, without its QR text). */
    step: jsonb('step').$type<Record<string, unknown>>(),
    /** The last QR the node read: what it encodes (null: unreadable), its purpose and count. */
    qr: jsonb('qr').$type<Record<string, unknown>>(),
    /** succeeded: the platform's account; failed: the code and message. */
    outcome: jsonb('outcome').$type<Record<string, unknown>>(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    /** The last input or start: a login idle for loginIdleMs ends `timeout`. */
    lastActivityAt: ts('last_activity_at').notNull().defaultNow(),
    /** The absolute end (loginMaxMs after the start). */
    expiresAt: ts('expires_at').notNull(),
    endedAt: ts('ended_at'),
  },
  (t) => [index('node_logins_open').on(t.endedAt, t.expiresAt), index('node_logins_node').on(t.nodeId)],
);

export const nodeLoginFrames = pgTable('node_login_frames', {
  loginId: text('login_id').primaryKey(),
  seq: integer('seq').notNull(),
  /** base64 JPEG, at most LOGIN_FRAME_LIMITS.base64Chars. */
  jpeg: text('jpeg').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
