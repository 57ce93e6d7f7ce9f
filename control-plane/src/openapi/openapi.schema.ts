/**
 * Open API v1 data: users and their plans, API keys, quota buckets, execution
 * nodes and the accounts bound to them, CMS sites, presets, articles,
 * generation tasks, publish batches and jobs, idempotency records and the
 * webhook outbox. Job state lives only here (DESIGN: Edge nodes).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from '../db/columns.js';


export const PERMISSIONS = ['publish', 'accounts:read', 'articles:write', 'cms'] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const QUOTA_BUCKETS = ['web', 'desktop', 'edge', 'cms'] as const;
export type QuotaBucket = (typeof QUOTA_BUCKETS)[number];

export interface UserPlan {
  name: string;
  permissions: Permission[];
  /** Requests per minute, all keys of the user together. */
  perMinuteLimit: number;
  /** Requests per UTC day, all keys together. */
  dailyLimit: number;
  /** The plan's CMS permission: publishing to CMS sites at all. */
  cmsEnabled: boolean;
}

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  email: text('email').unique(),
  plan: jsonb('plan').$type<UserPlan>().notNull(),
  webhookUrl: text('webhook_url'),
  webhookSecret: text('webhook_secret'),
  disabledAt: ts('disabled_at'),
  createdAt: createdAt(),
});

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Hex SHA-256 of the key; the key is shown once. */
    keyHash: text('key_hash').notNull().unique(),
    /** First characters, for people to tell keys apart. */
    keyPrefix: text('key_prefix').notNull(),
    permissions: jsonb('permissions').$type<Permission[]>().notNull(),
    createdAt: createdAt(),
    revokedAt: ts('revoked_at'),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('api_keys_user').on(t.userId)],
);

/** Publish quota: a balance per bucket; `used` can never pass `granted`. */
export const quotaBuckets = pgTable(
  'quota_buckets',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bucket: text('bucket', { enum: QUOTA_BUCKETS }).notNull(),
    granted: integer('granted').notNull().default(0),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bucket] }), check('quota_used_within_granted', sql`${t.used} >= 0 and ${t.used} <= ${t.granted}`)],
);

export interface NodeCapabilities {
  localVideoFile: 0 | 1;
  publishSettingsSnapshot: 0 | 1;
  chromiumVersion?: string;
  concurrency?: number;
  platforms?: string[];
  /** Root of the node's video tree (PLUME_EDGE_VIDEO_DIR on edge nodes), when the node reports it. */
  videoDir?: string;
}

export const executionNodes = pgTable('execution_nodes', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['edge', 'desktop', 'web'] }).notNull(),
  name: text('name').notNull(),
  publicKey: text('public_key'),
  machineId: text('machine_id'),
  status: text('status', { enum: ['active', 'draining', 'revoked'] }).notNull().default('active'),
  capabilities: jsonb('capabilities').$type<NodeCapabilities>().notNull().default({ localVideoFile: 0, publishSettingsSnapshot: 0 }),
  /** Bumped at every handshake: a stale connection's writes are fenced out. */
  sessionEpoch: bigint('session_epoch', { mode: 'number' }).notNull().default(0),
  /** Which replica holds the socket; null when disconnected. */
  connectedReplica: text('connected_replica'),
  connectedAt: ts('connected_at'),
  lastHeartbeatAt: ts('last_heartbeat_at'),
  createdAt: createdAt(),
  revokedAt: ts('revoked_at'),
});

export const nodeUsers = pgTable(
  'node_users',
  {
    nodeId: text('node_id')
      .notNull()
      .references(() => executionNodes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.userId] }), index('node_users_user').on(t.userId)],
);

/**
 * A platform account or a CMS site, as the API's account list shows it. The
 * executor is fixed by where the account lives: an edge or desktop node's
 * logged-in browser, or the server-side web executor (CMS sites).
 */
export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    displayName: text('display_name').notNull(),
    executor: text('executor', { enum: ['web', 'desktop', 'edge'] }).notNull(),
    nodeId: text('node_id').references(() => executionNodes.id, { onDelete: 'set null' }),
    /** The node is the source of truth for login state (DESIGN). */
    loginState: text('login_state', { enum: ['logged_in', 'logged_out', 'unknown'] }).notNull().default('unknown'),
    /** Node-side account key (browser profile) the node reported it under. */
    externalRef: text('external_ref'),
    /** CMS sites: base URL (not secret, never returned by the Open API either). */
    siteUrl: text('site_url'),
    /** CMS sites: AES-256-GCM sealed credentials. */
    credentialsSealed: text('credentials_sealed'),
    paired: boolean('paired').notNull().default(true),
    createdAt: createdAt(),
    removedAt: ts('removed_at'),
  },
  (t) => [index('accounts_user').on(t.userId), uniqueIndex('accounts_node_ref').on(t.nodeId, t.externalRef)],
);

/** Per-account settings presets per content type (merged under platformSettings/accountSettings). */
export const accountPresets = pgTable(
  'account_presets',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    contentType: text('content_type', { enum: ['article', 'dynamic', 'video'] }).notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.contentType] })],
);

export interface Aigc {
  label_required: boolean;
  display_label: string;
  applies_to: { text: boolean; images: boolean };
}

export const articles = pgTable(
  'articles',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    coverImage: text('cover_image'),
    contentProvenance: text('content_provenance').notNull(),
    aiProvider: text('ai_provider'),
    aiModel: text('ai_model'),
    aiImageCount: integer('ai_image_count').notNull().default(0),
    aigc: jsonb('aigc').$type<Aigc>().notNull(),
    source: text('source', { enum: ['import', 'generation'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('articles_user_created').on(t.userId, t.createdAt)],
);

export const generationTasks = pgTable(
  'generation_tasks',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull().default('queued'),
    customTopic: text('custom_topic').notNull(),
    style: text('style').notNull(),
    wordCount: integer('word_count').notNull(),
    articleId: text('article_id'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: ts('locked_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('generation_tasks_status').on(t.status, t.createdAt), index('generation_tasks_user').on(t.userId, t.createdAt)],
);

export const publishBatches = pgTable(
  'publish_batches',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type', { enum: ['article', 'dynamic', 'video'] }).notNull(),
    executor: text('executor', { enum: ['web', 'desktop', 'edge'] }).notNull(),
    articleId: text('article_id'),
    state: text('state').notNull().default('queued'),
    /** X-Request-Id of the publish call, for lookups when a result was undetermined. */
    requestId: text('request_id').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('publish_batches_user_created').on(t.userId, t.createdAt), index('publish_batches_request').on(t.requestId)],
);

export const JOB_STATES = ['queued', 'offered', 'accepted', 'running', 'committed', 'succeeded', 'failed', 'unknown', 'needs_attention', 'canceled'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const publishJobs = pgTable(
  'publish_jobs',
  {
    id: text('id').primaryKey(),
    batchId: text('batch_id')
      .notNull()
      .references(() => publishBatches.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    accountId: integer('account_id').notNull(),
    platform: text('platform').notNull(),
    contentType: text('content_type', { enum: ['article', 'dynamic', 'video'] }).notNull(),
    executor: text('executor', { enum: ['web', 'desktop', 'edge'] }).notNull(),
    nodeId: text('node_id'),
    quotaBucket: text('quota_bucket', { enum: QUOTA_BUCKETS }).notNull(),
    state: text('state', { enum: JOB_STATES }).notNull().default('queued'),
    /** What to publish (title, body, media paths), frozen at creation. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Effective settings frozen at creation; executors never re-read presets. */
    settingsSnapshot: jsonb('settings_snapshot').$type<Record<string, unknown>>().notNull(),
    settingsHash: text('settings_hash').notNull(),
    settingsContractVersion: text('settings_contract_version').notNull(),
    attempt: integer('attempt').notNull().default(0),
    attemptId: text('attempt_id'),
    nodeEpoch: bigint('node_epoch', { mode: 'number' }),
    leaseUntil: ts('lease_until'),
    feedback: jsonb('feedback').$type<Record<string, unknown>>(),
    platformStatus: text('platform_status'),
    platformPostId: text('platform_post_id'),
    platformUrl: text('platform_url'),
    verifiedAt: ts('verified_at'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('publish_jobs_batch').on(t.batchId),
    index('publish_jobs_dispatch').on(t.state, t.nodeId, t.createdAt),
    index('publish_jobs_lease').on(t.state, t.leaseUntil),
  ],
);

/** Idempotency-Key records, 24 h per user (DESIGN: Open API v1 decisions). */
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

/** Durable webhook outbox: delivered with retries and backoff, visible to admins. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: ts('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_deliveries_due').on(t.status, t.nextAttemptAt), index('webhook_deliveries_user').on(t.userId, t.createdAt)],
);

/** Server-wide secrets generated once and shared by every replica (preflight HMAC key, sealing key fallback). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
