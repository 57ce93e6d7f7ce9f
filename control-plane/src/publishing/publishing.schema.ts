/**
 * Publishing: articles, generation tasks, publish batches and jobs (job state
 * lives only here), quota refunds of failed jobs, and the webhook outbox.
 */
import type { ChallengeKind, JobChallengeRule, LoginInput } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from '../db/columns.js';
import { QUOTA_BUCKETS, users } from '../integrators/integrators.schema.js';

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

/** `scheduled`: accepted with a publishAt, held here until it is due (publishing/schedule/). */
export const JOB_STATES = ['scheduled', 'queued', 'offered', 'accepted', 'running', 'committed', 'succeeded', 'failed', 'unknown', 'needs_attention', 'canceled'] as const;
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
    /**
     * Attempts charged: those that actually started on their executor (the
     * node's first progress or commit; a CMS claim). Offers, waits behind the
     * account's running job and hand-backs are not charged.
     */
    attempt: integer('attempt').notNull().default(0),
    attemptId: text('attempt_id'),
    /** When the current attempt started for real; null while it is only offered, accepted or waiting. */
    attemptStartedAt: ts('attempt_started_at'),
    nodeEpoch: bigint('node_epoch', { mode: 'number' }),
    leaseUntil: ts('lease_until'),
    feedback: jsonb('feedback').$type<Record<string, unknown>>(),
    platformStatus: text('platform_status'),
    platformPostId: text('platform_post_id'),
    platformUrl: text('platform_url'),
    verifiedAt: ts('verified_at'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** When a scheduled job is due (the request's publishAt, or where it was moved); null: at once. */
    publishAt: ts('publish_at'),
    /** publishAt + publishWindow: a job not started by then fails schedule_missed (and refunds). */
    publishDeadline: ts('publish_deadline'),
    /** The request's onChallenge and input timeout, frozen: what a challenge before the commit does. Null: fail. */
    challengeRule: jsonb('challenge_rule').$type<JobChallengeRule>(),
    /**
     * The challenge the job's node reported and waits on (publishing/challenges/). It counts only
     * while the job is running under the attempt it names: then the job is `awaiting_input`.
     */
    challenge: jsonb('challenge').$type<OpenChallenge>(),
    /** When the person's time to answer ends; set with `challenge` (the sweep's index). */
    inputDeadline: ts('input_deadline'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('publish_jobs_input_deadline').on(t.inputDeadline).where(sql`input_deadline is not null`),
    index('publish_jobs_batch').on(t.batchId),
    /** The home page's last 24 hours of jobs (publishing/overview/): a range that stays small however long the table grows. */
    index('publish_jobs_created').on(t.createdAt),
    // The scheduler's two reads: the next due time and the due jobs; the jobs whose window ran out.
    index('publish_jobs_scheduled').on(t.publishAt).where(sql`state = 'scheduled'`),
    index('publish_jobs_window').on(t.publishDeadline).where(sql`state = 'queued' and publish_deadline is not null`),
    index('publish_jobs_dispatch').on(t.state, t.nodeId, t.createdAt),
    index('publish_jobs_lease').on(t.state, t.leaseUntil),
    // The claim's "is this account busy" probe: the account's jobs in flight, a few rows at most.
    index('publish_jobs_account_busy').on(t.accountId).where(sql`state in ('offered', 'accepted', 'running', 'committed')`),
  ],
);

/** A challenge a node reported for a job's attempt (shared/src/node-protocol.ts `challenge`). */
export interface OpenChallenge {
  attemptId: string;
  kind: ChallengeKind;
  step: string;
  message: string;
  /** ISO 8601. */
  askedAt: string;
}

/**
 * The page of a job awaiting input: the screenshot the node took when it met the challenge, and
 * the newest streamed frame. One row per job, replaced by each challenge; deleted when it clears.
 */
export const jobInputPages = pgTable('job_input_pages', {
  jobId: text('job_id')
    .primaryKey()
    .references(() => publishJobs.id, { onDelete: 'cascade' }),
  attemptId: text('attempt_id').notNull(),
  screenshotPng: text('screenshot_png'),
  frameSeq: integer('frame_seq'),
  frameJpeg: text('frame_jpeg'),
  frameWidth: integer('frame_width'),
  frameHeight: integer('frame_height'),
  updatedAt: updatedAt(),
});

/**
 * Answers to a job awaiting input not yet handed to its node, in the order they were given. An answer
 * is written here first and sent from here: the node may be reconnecting (to whichever replica), and
 * its session's return delivers what waited. A row goes once it is on the node's socket; the rest go
 * with the challenge (cleared, timed out, or a new one asked).
 */
export const jobInputs = pgTable(
  'job_inputs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    jobId: text('job_id')
      .notNull()
      .references(() => publishJobs.id, { onDelete: 'cascade' }),
    attemptId: text('attempt_id').notNull(),
    input: jsonb('input').$type<LoginInput>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('job_inputs_job').on(t.jobId, t.id)],
);

/**
 * Quota units given back, one row per job: a job that ends `failed` with
 * nothing published returns its unit in the same statement that failed it
 * (nodes/job-events.ts). The primary key makes the refund once-only
 * whatever path, replica or retry fails the job.
 */
export const quotaRefunds = pgTable(
  'quota_refunds',
  {
    jobId: text('job_id')
      .primaryKey()
      .references(() => publishJobs.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    bucket: text('bucket', { enum: QUOTA_BUCKETS }).notNull(),
    refundedAt: ts('refunded_at').notNull().defaultNow(),
  },
  (t) => [index('quota_refunds_user').on(t.userId, t.refundedAt)],
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
