/**
 * License v2 tables. Everything replicas must agree on lives here: sessions,
 * nonces, consume idempotency and counts.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from '../db/columns.js';
import { users } from '../integrators/integrators.schema.js';


export interface ProjectPolicy {
  tokenTtlSeconds?: number;
  offlineTtlSeconds?: number;
  clockSkewSeconds?: number;
  challengeTtlSeconds?: number;
  /** Signed requests (status, consume, challenge, renew) per session per minute. */
  sessionRequestsPerMinute?: number;
  /** Enroll attempts per client address per minute (slows code guessing). */
  enrollPerMinutePerIp?: number;
}

export const projects = pgTable('projects', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  projectKey: text('project_key').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  policy: jsonb('policy').$type<ProjectPolicy>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Offline signing keys. One `active` key per project signs new snapshots;
 * `retired` keys stay listed (and pinned clients keep verifying) until
 * `verifyUntil`, the moment the last snapshot they signed expires.
 */
export const projectKeys = pgTable(
  'project_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kid: text('kid').notNull().unique(),
    publicKey: text('public_key').notNull(),
    /** base64url Ed25519 seed. */
    privateKey: text('private_key').notNull(),
    /** 'project' (generated) or 'environment' (the compatibility fallback key). */
    origin: text('origin').notNull().default('project'),
    status: text('status', { enum: ['active', 'retired'] }).notNull().default('active'),
    createdAt: createdAt(),
    retiredAt: ts('retired_at'),
    verifyUntil: ts('verify_until'),
  },
  (t) => [
    uniqueIndex('project_keys_one_active').on(t.projectId).where(sql`status = 'active'`),
    index('project_keys_project').on(t.projectId),
  ],
);

export const activationCodes = pgTable(
  'activation_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    licenseMode: text('license_mode', { enum: ['TIME', 'COUNT'] }).notNull(),
    remainingCount: integer('remaining_count'),
    expiresAt: ts('expires_at'),
    deviceId: integer('device_id'),
    activatedAt: ts('activated_at'),
    disabledAt: ts('disabled_at'),
    /**
     * The integrator user the enrolled device serves as a desktop executor
     * (nodes/desktop-nodes.repository.ts); null: a pure license.
     */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('activation_codes_project_code').on(t.projectId, t.code),
    index('activation_codes_project_created').on(t.projectId, t.createdAt),
    index('activation_codes_device').on(t.deviceId),
    index('activation_codes_user').on(t.userId).where(sql`user_id is not null`),
  ],
);

export const devices = pgTable(
  'devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    codeId: bigint('code_id', { mode: 'number' })
      .notNull()
      .references(() => activationCodes.id),
    machineId: text('machine_id').notNull(),
    publicKey: text('public_key').notNull(),
    fingerprintHash: text('fingerprint_hash').notNull(),
    appVersion: text('app_version').notNull().default(''),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at'),
  },
  (t) => [
    uniqueIndex('devices_code').on(t.codeId),
    index('devices_project_created').on(t.projectId, t.createdAt),
    index('devices_machine').on(t.projectId, t.machineId),
  ],
);

/**
 * Keys a device was bound to before a re-enroll replaced them. An enroll
 * presenting one of them again is refused: whoever still holds an old key
 * (a copied disk, a replayed enroll body) cannot take the device back.
 */
export const retiredDeviceKeys = pgTable(
  'retired_device_keys',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(),
    retiredAt: ts('retired_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.publicKey] })],
);

export const licenseSessions = pgTable(
  'license_sessions',
  {
    id: text('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the current license token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    tokenExpiresAt: ts('token_expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
    renewedAt: ts('renewed_at'),
  },
  (t) => [index('license_sessions_device').on(t.deviceId), index('license_sessions_project_created').on(t.projectId, t.createdAt)],
);

export const licenseChallenges = pgTable('license_challenges', {
  id: text('id').primaryKey(),
  sessionId: text('session_id')
    .notNull()
    .references(() => licenseSessions.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: createdAt(),
});

/**
 * Nonces of signed requests, kept at least twice the accepted skew window.
 * Every status and consume inserts one row; expires_at is only read by the
 * once-a-minute prune. A BRIN index serves that prune (rows arrive in
 * expires_at order) without the B-tree insert a B-tree index cost on every
 * signed request.
 */
export const licenseNonces = pgTable(
  'license_nonces',
  {
    sessionId: text('session_id').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.nonce] }), index('license_nonces_expires').using('brin', t.expiresAt)],
);

/** One row per (code, requestId) that deducted: the answer every retry repeats. */
export const consumeRequests = pgTable(
  'consume_requests',
  {
    codeId: bigint('code_id', { mode: 'number' }).notNull(),
    requestId: text('request_id').notNull(),
    remainingAfter: integer('remaining_after'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.requestId] })],
);

export const consumptionLogs = pgTable(
  'consumption_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id').notNull(),
    codeId: bigint('code_id', { mode: 'number' }).notNull(),
    deviceId: integer('device_id').notNull(),
    sessionId: text('session_id').notNull(),
    requestId: text('request_id'),
    /** deducted | idempotent | time_checked | exhausted | expired */
    outcome: text('outcome').notNull(),
    remainingAfter: integer('remaining_after'),
    createdAt: createdAt(),
  },
  // (created_at, id) orders the admin CSV export's keyset pages; outcome rides along so the
  // admin trend and statistics count by outcome from the index alone (index-only scans).
  (t) => [
    index('consumption_logs_project_created_id').on(t.projectId, t.createdAt, t.id, t.outcome),
    index('consumption_logs_created_id').on(t.createdAt, t.id, t.outcome),
  ],
);

export const versionBans = pgTable(
  'version_bans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    appVersion: text('app_version').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('version_bans_project_version').on(t.projectId, t.appVersion)],
);

export const SECURITY_EVENT_KINDS = [
  'signature_failure',
  'nonce_replay',
  'version_ban',
  'device_revocation',
  'fingerprint_drift',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

export const securityEvents = pgTable(
  'security_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id'),
    kind: text('kind', { enum: SECURITY_EVENT_KINDS }).notNull(),
    deviceId: integer('device_id'),
    sessionId: text('session_id'),
    ip: text('ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('security_events_project_kind_created').on(t.projectId, t.kind, t.createdAt),
    index('security_events_created').on(t.createdAt),
  ],
);
