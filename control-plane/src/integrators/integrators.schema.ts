/** Integrators: users and their plans, API keys, publish quota per bucket. */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../db/columns.js';

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
