/**
 * Dispatch tables beside nodes.schema.ts and publishing.schema.ts:
 * single-use enrollment tokens, the verification record of jobs whose
 * outcome is unknown, failure evidence, and each node's last reported video
 * inventory. Handshake nonces reuse license_nonces (session_id = node id).
 */
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An operator's invitation for one node: shown once, stored as a SHA-256, used once, 15 minutes, revocable until used. */
export const nodeEnrollmentTokens = pgTable(
  'node_enrollment_tokens',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind', { enum: ['edge', 'desktop', 'web'] }).notNull(),
    name: text('name').notNull(),
    userIds: jsonb('user_ids').$type<number[]>().notNull(),
    /** The node it makes serves every user (kind `web` only); userIds is then empty. */
    allUsers: boolean('all_users').notNull().default(false),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    /** Set when an operator revoked it before use: an enroll with it is refused. */
    revokedAt: ts('revoked_at'),
    /** Filled when used: the node it created and what that node said about its machine. */
    nodeId: text('node_id'),
    machineId: text('machine_id'),
    fingerprint: text('fingerprint'),
  },
  (t) => [index('node_enrollment_tokens_node').on(t.nodeId)],
);

/** A job in state `unknown`: read-only lookups sent to its node until one resolves it. */
export const jobVerifications = pgTable(
  'job_verifications',
  {
    jobId: text('job_id').notNull(),
    attemptId: text('attempt_id').notNull(),
    unknownSince: ts('unknown_since').notNull().defaultNow(),
    /** Lookups answered "not found" so far. */
    checks: integer('checks').notNull().default(0),
    nextCheckAt: ts('next_check_at').notNull().defaultNow(),
    lastSentAt: ts('last_sent_at'),
    resolvedAt: ts('resolved_at'),
    resolution: text('resolution'),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.attemptId] }), index('job_verifications_due').on(t.resolvedAt, t.nextCheckAt)],
);

/** What a node saw when a job failed: the step, a capped screenshot and page HTML. Admin-only. */
export const jobEvidence = pgTable(
  'job_evidence',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    jobId: text('job_id').notNull(),
    attemptId: text('attempt_id').notNull(),
    nodeId: text('node_id').notNull(),
    step: text('step').notNull(),
    errorCode: text('error_code'),
    screenshotPng: text('screenshot_png'),
    html: text('html'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('job_evidence_job').on(t.jobId)],
);

/** The node's video tree as it last reported it (chokidar on the node). */
export const nodeInventories = pgTable('node_inventories', {
  nodeId: text('node_id').primaryKey(),
  files: jsonb('files').$type<Array<{ path: string; size: number; mtime: number }>>().notNull(),
  truncated: boolean('truncated').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
